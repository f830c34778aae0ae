"""The host never waits on the computer's thinking (SPEC 11): the
computer decides in a process of its own, a fork of the host, and the
host plays the command line it answers.

- A big field (tests/gen/bigmap.sh, 1024 x 1024) with the computer
  playing Red, whose turn comes first. The computer's process is
  stopped (SIGSTOP) as soon as it is made, so that its turn cannot end
  however long anything takes: meanwhile Blue's player joins, a ping is
  answered, an `info` exchange and `medsiege games` are, a watcher
  joins, Blue's order out of turn is refused and its chat relayed, and
  the record shows the computer's turn going on with nothing played
  since. Let go, it plays on; killed,
  it is noticed (logged, reaped, made again) and the turn goes on to
  its end, Blue's turn. A host that stops ends its computer's process.
- The computer's decisions are those of `medsiege run --ai`: a game the
  computer plays on both sides is hosted order for order as `run` plays
  it, and so is one where a player gives one side's orders (each played
  in the computer's copy of the game too) and the computer the other's.
"""

import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import Conn, NetTimeout, Pool
from framelib import Report
from gamelib import save_commands, seat_all
from hostlib import BIN, Net, SRCDIR

THINKS = re.compile(r'the computer thinks in process (\d+)$', re.M)


def proc_state(pid):
    """A process's state letter and parent, or None when it is gone."""
    try:
        with open('/proc/%d/stat' % pid) as f:
            fields = f.read().rsplit(') ', 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def workers(host):
    return [int(p) for p in THINKS.findall(host.log_text())]


def big_field(net):
    field = os.path.join(net.dir, 'field.yaml')
    with open(field, 'w') as f:
        subprocess.run(['sh', os.path.join(SRCDIR, 'tests', 'gen', 'bigmap.sh'),
                        '1024', '40', os.path.join(SRCDIR, 'units', 'standard.yaml')],
                       stdout=f, check=True)
    return field


def played(host):
    """The orders on disk: every one played, none waits unsaved."""
    return len(save_commands(host.save()))


def held_thinking(rep, net, host, pool, pid):
    """While the computer's process is stopped: every kind of line is
    answered, and the computer's turn stands still. Blue's client, seated
    meanwhile."""
    os.kill(pid, signal.SIGSTOP)
    pool.wait(lambda: (proc_state(pid) or ('?',))[0] == 'T', 30,
              'the computer\'s process stopped')
    seats, _ = seat_all(pool, host)
    blue = seats[1]
    rep.ok(blue.seat, 'Blue joins while the computer thinks')
    turn = blue.picture.turn
    rep.ok(turn['active'] == 0 and not turn.get('over'),
           'the record shows Red\'s turn, the computer\'s, going on', turn)
    before = played(host)
    rep.ok(blue.ping(), 'a ping is answered')
    info = host.info()
    rep.ok(info.get('type') == 'info' and info.get('active') == 'Red',
           'an info exchange is answered: Red to play', info)
    st, out, err = net.medsiege('games')
    rep.ok(st == 0 and host.game in out, '`medsiege games` lists the game', out + err)
    watcher = Conn(pool, host.sock, 'Blue watching')
    rep.ok(watcher.hello(host.seats[1]['watch']), 'a watcher joins', watcher.errors)
    watcher.sync()
    a = blue.command('end')
    rep.ok(a.get('type') == 'refused' and 'Red\'s turn' in a.get('why', ''),
           'Blue\'s order out of turn is refused', a)
    blue.say('chat Red takes its time')
    pool.wait(lambda: any('Red takes its time' in c for c in watcher.picture.chats),
              30, 'the chat relayed')
    rep.ok(True, 'Blue\'s chat is relayed to its watcher')
    blue.sync()
    rep.ok(proc_state(pid)[0] == 'T' and played(host) == before and
           blue.picture.turn == turn,
           'all of it while the computer\'s process stood still: nothing '
           'played, its turn not ended', (proc_state(pid), blue.picture.turn))
    os.kill(pid, signal.SIGCONT)
    pool.wait(lambda: played(host) > before, 600, 'the computer\'s next order')
    rep.ok(True, 'let go, the computer plays on')
    watcher.close()
    return blue


def killed_thinking(rep, host, pool, blue, pid):
    """A killed computer's process is reaped, logged and made again, and
    its turn goes on to its end."""
    os.kill(pid, signal.SIGKILL)
    pool.wait(lambda: len(workers(host)) > 1, 60, 'another computer\'s process')
    log = host.log_text()
    rep.ok('process %d ended: killed by signal 9' % pid in log,
           'the host logs that its computer\'s process was killed', log[-600:])
    state = proc_state(pid)
    rep.ok(state is None or state[1] != host.pid(),
           'the killed process is reaped (no zombie)', state)
    pool.wait(lambda: blue.picture.turn['active'] == 1 or blue.picture.turn.get('over'),
              1200, 'Blue\'s turn')
    rep.ok(blue.picture.turn['active'] == 1,
           'the computer\'s turn goes on to its end: Blue\'s turn', blue.picture.turn)
    rep.ok(blue.ping(), 'and Blue is answered')


def busy_host(rep):
    with Net('thinking') as net:
        host = net.host(big_field(net), seed=1, args=['--ai', 'Red'])
        pool = Pool()
        try:
            pool.wait(lambda: workers(host), 120, 'the computer\'s process')
        except NetTimeout as e:
            rep.ok(False, 'the computer thinks in a process of its own', e)
            return
        first = workers(host)[0]
        rep.ok(proc_state(first) and proc_state(first)[1] == host.pid(),
               'the computer thinks in a process the host made', proc_state(first))
        blue = held_thinking(rep, net, host, pool, first)
        killed_thinking(rep, host, pool, blue, first)
        last = workers(host)[-1]
        host.kill(signal.SIGTERM)
        rep.ok(host.wait_gone(), 'the host stops')
        rep.ok(proc_state(last) is None or proc_state(last)[1] != host.pid(),
               'and its computer\'s process is gone with it', proc_state(last))
        rep.ok('process %d is ended: the host stops' % last in host.log_text(),
               'the host ended it', host.log_text()[-400:])
        rep.ok(not net.crash_reports(), 'no crash', net.crash_reports())
        for c in pool.conns:
            c.close()


def run_orders(net, scenario, seed):
    """The orders `medsiege run --ai all` gives both sides of scenario."""
    state = os.path.join(net.dir, 'run-state-%d' % seed)
    env = dict(net.env, XDG_STATE_HOME=state)
    subprocess.run([BIN, 'run', scenario, '--ai', 'all', '--seed', str(seed), '--save'],
                   env=env, stdout=subprocess.DEVNULL, check=True, timeout=300)
    saves = [os.path.join(d, f) for d, _, fs in os.walk(state) for f in fs
             if f.endswith('.save')]
    return save_commands(saves[0])


def same_game(rep):
    with Net('thinking-same') as net:
        gatehouse = os.path.join(SRCDIR, 'maps', 'gatehouse.yaml')
        want = run_orders(net, gatehouse, 2)
        host = net.host(gatehouse, seed=2, args=['--ai', 'all'])
        pool = Pool()
        pool.wait(lambda: not host.alive(), 300, 'the end of the game')
        got = save_commands(host.save())
        rep.ok(got == want, 'the computer on both sides: hosted as run plays it '
               '(%d orders, %d in the save)' % (len(want), len(got)),
               next(((i, a, b) for i, (a, b) in enumerate(zip(want, got)) if a != b),
                    None))

        # Red's orders given by a player, Blue's by the computer: Red's
        # next order is the run's at the place the save has reached.
        tutorial = os.path.join(SRCDIR, 'maps', 'tutorial.yaml')
        want = run_orders(net, tutorial, 5)
        host = net.host(tutorial, seed=5, args=['--ai', 'Blue'])
        seats, _ = seat_all(pool, host)
        red = seats[0]
        refused = None
        while not red.picture.turn.get('over') and not refused:
            pool.wait(lambda: red.picture.turn['active'] == 0 or
                      red.picture.turn.get('over'), 300, 'Red\'s turn')
            if red.picture.turn.get('over'):
                break
            k = len(save_commands(host.save()))
            if k >= len(want):
                break
            a = red.command(want[k])
            if a.get('type') != 'ok':
                refused = (k, want[k], a)
            red.sync()
        got = save_commands(host.save())
        rep.ok(not refused and got == want,
               'a player on one side, the computer on the other: hosted as run '
               'plays it (%d orders, %d in the save)' % (len(want), len(got)),
               refused or next(((i, a, b) for i, (a, b) in enumerate(zip(want, got))
                                if a != b), None))
        for c in pool.conns:
            c.close()


def main():
    rep = Report()
    same_game(rep)
    busy_host(rep)
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
