"""framelib.py: the frame of a network test (tests/net/*.py): its
report, as TAP-like lines, its random moments from a printed seed, and
fault_test, the frame of the tests that kill clients or hosts during a
game (client-kill.py, host-kill.py).
"""

import os
import random
import sys

from clientlib import NetTimeout, Pool
from gamelib import final_state, play_clean, run_json
from hostlib import Net


class Report:
    """TAP-like lines, as the shell tests print them."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self, cond, what, detail=None):
        if cond:
            self.passed += 1
            print('ok - ' + what)
        else:
            self.failed += 1
            print('not ok - ' + what)
            if detail:
                for line in str(detail).splitlines()[:40]:
                    print('#   ' + line)
        sys.stdout.flush()
        return bool(cond)

    def note(self, text):
        print('# ' + text)
        sys.stdout.flush()

    def done(self):
        print('# %d passed, %d failed' % (self.passed, self.failed))
        return 1 if self.failed else 0


def seeded_rng(name, default):
    """A random source for a test's random moments, repeatable: the seed
    from MEDSIEGE_NET_SEED, else a fixed one, printed."""
    seed = int(os.environ.get('MEDSIEGE_NET_SEED', default))
    print('# %s: random moments from seed %d (MEDSIEGE_NET_SEED=%d repeats them)'
          % (name, seed, seed))
    return random.Random(seed)


def fault_plan(rep, rng, ncmds, kills, modes, what):
    """Which commands a fault comes before, and how: kills distinct
    commands after the first, the modes taken in turn. Noted in the
    report, so a failure says where the faults were."""
    picks = sorted(rng.sample(range(1, ncmds), kills))
    plan = {i: modes[k % len(modes)] for k, i in enumerate(picks)}
    rep.note('%s before commands: %s' % (what, ', '.join(
        '%d %s' % (i + 1, m) for i, m in sorted(plan.items()))))
    return plan


def fault_test(name, seed, script, kills, modes, what, faulty):
    """The frame of a test that kills things during a game: the faults
    planned (seeded), the script played with no faults and its save
    replayed by `medsiege run --json` to the game's end, then
    faulty(rep, net, pool, rng, plan, host, seats, run) with that game's
    host, {team: player} and run output; the hosts' logs read for
    crashes last. The exit status."""
    rep = Report()
    rng = seeded_rng(name, seed)
    plan = fault_plan(rep, rng, len(script['cmds']), kills, modes, what)
    with Net(name) as net:
        pool = Pool()
        try:
            host, seats, _ = play_clean(net, pool, script)
            st, run = run_json(net, host.save())
            rep.ok(st == 0 and final_state(run).get('over'),
                   'without faults: %s played to its end over the network' % script['name'])
            faulty(rep, net, pool, rng, plan, host, seats, run)
        except NetTimeout as e:
            rep.ok(False, 'timed out: %s' % e)
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host logs', '\n'.join(crashes))
    return rep.done()
