"""Clients killed with SIGKILL at random moments of a hosted game
(seeded, so repeatable), each followed by a new connection with the same
code: the player's or watcher's new connection must be sent a record
that rebuilds the same picture, and at the end every team's record, the
pictures they make and the save must be those of the same script played
with no faults.

The moments: between two commands; with a command sent whole and not yet
answered (the host runs it); with half a command sent (the host must not
run it); while a new connection is being sent its record; a watcher. A
killed client's record must be a beginning of the fault-free one."""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import NetTimeout, ProcConn, greet
from framelib import fault_test
from gamelib import read_script, run_json, seat_all
from hostlib import SRCDIR
from recordlib import same_record

SCRIPT = read_script(os.path.join(SRCDIR, 'tests', 'scenarios', 'tutorial-Red.script'))
KILLS = 12
MODES = ['idle', 'inflight', 'half', 'record', 'watcher']


class Faulty:
    """The script played by relayed clients, some killed on the way."""

    def __init__(self, rep, net, pool, host, rng):
        self.rep, self.net, self.pool, self.host, self.rng = rep, net, pool, host, rng
        self.seats, self.watch = seat_all(pool, host, ProcConn, net, watchers=True)
        self.last = None
        self.killed = []   # (what, the killed connection)

    def code(self, team, role):
        s = self.host.seats[team]
        return s['play'] if role == 'play' else s['watch']

    def reconnect(self, team, role):
        name = self.host.seats[team]['team'] + (' watching' if role == 'watch' else '')
        c = ProcConn(self.pool, self.net, self.host.sock, name)
        c.hello(self.code(team, role))
        if c.seat is None:
            raise NetTimeout('%s was refused its seat again: %r' % (name, c.errors))
        (self.seats if role == 'play' else self.watch)[team] = c
        return c

    def kill(self, team, role, what, wait_gone=True):
        """SIGKILL a client, wait (when asked) until the host has seen
        it go, and connect again with its code."""
        old = (self.seats if role == 'play' else self.watch)[team]
        cid = self.host.client_id(self.host.seats[team]['team'], role)
        old.kill()
        self.killed.append((what, team, role, old))
        if self.last is old:
            self.last = None
        if wait_gone:
            self.pool.wait(lambda: self.host.left(cid), 30,
                           'the host to see client %s go' % cid)
        return self.reconnect(team, role)

    def kill_joining(self, team, when):
        """A new connection for team's seat, killed a moment (0 to 3 ms)
        after its hello was sent, then another."""
        name = self.host.seats[team]['team']
        c = ProcConn(self.pool, self.net, self.host.sock, name)
        c.send(greet(self.code(team, 'play')))
        time.sleep(self.rng.choice([0, 0.0005, 0.001, 0.003]))
        c.kill()
        self.killed.append(('as it joined, %s' % when, team, 'play', c))
        return self.reconnect(team, 'play')

    def active(self):
        if self.last is None:
            for c in self.seats.values():
                c.sync()
            self.last = next(iter(self.seats.values()))
        return self.last.picture.turn['active']

    def answered(self, c, n, cmd, i):
        a = c.answer(n)
        if not a or a.get('type') != 'ok' or a.get('line') != cmd:
            raise NetTimeout('command %d %r: %r' % (i + 1, cmd, a))
        self.last = c

    def play(self, cmds, plan):
        i = 0
        while i < len(cmds):
            cmd = cmds[i]
            team = self.active()
            mode = plan.pop(i, None)
            if mode == 'inflight':
                # Sent whole, then killed before the answer: the host
                # runs it (the line is in its socket before the close).
                c = self.seats[team]
                c.say(cmd)
                self.kill(team, 'play', 'command %d sent whole, unanswered' % (i + 1))
                self.last = None
                i += 1
                continue
            if mode == 'half':
                c = self.seats[team]
                line = (cmd + '\n').encode()
                cut = self.rng.randrange(1, len(line) - 1)
                c.send(line[:cut])
                self.kill(team, 'play', 'command %d cut after %d bytes' % (i + 1, cut))
            elif mode == 'record':
                other = self.rng.choice(sorted(self.seats))
                c = self.kill(other, 'play', 'between commands, before command %d' % (i + 1),
                              wait_gone=self.rng.random() < 0.5)
                # Killed again at once, its hello sent: while it is
                # being seated or sent its record.
                self.kill_joining(other, 'before command %d' % (i + 1))
            elif mode == 'idle':
                other = self.rng.choice(sorted(self.seats))
                self.kill(other, 'play', 'between commands, before command %d' % (i + 1),
                          wait_gone=self.rng.random() < 0.5)
            elif mode == 'watcher':
                other = self.rng.choice(sorted(self.watch))
                self.kill(other, 'watch', 'a watcher, before command %d' % (i + 1),
                          wait_gone=False)
            team = self.active()
            c = self.seats[team]
            n = len(c.answers)
            c.say(cmd)
            self.answered(c, n, cmd, i)
            i += 1
        for c in list(self.seats.values()) + list(self.watch.values()):
            c.sync()


def faulty(rep, net, pool, rng, plan, host, clean, clean_run):
    """The script again on a new host, clients killed as planned: each
    team's last connection, each killed one and the save checked against
    the fault-free game's."""
    rep.ok(all(c.picture.turn.get('over') for c in clean.values()),
           'without faults: every team was told the game is over')
    host2 = net.host(SCRIPT['scenario'], seed=SCRIPT['seed'])
    game = Faulty(rep, net, pool, host2, rng)
    game.play(SCRIPT['cmds'], dict(plan))
    for t, c in game.seats.items():
        name = host2.seats[t]['team']
        diff = c.picture.differences(clean[t].picture)
        rep.ok(not diff, '%s: the last connection rebuilt the picture of the '
               'fault-free game' % name, '\n'.join(diff))
        rep.ok(same_record(c, clean[t]),
               '%s: its record is line for line the fault-free one from '
               'its line %d (%d lines)' % (name, c.base, len(c.record)))
        w = game.watch[t]
        rep.ok(same_record(w, clean[t]) and
               not w.picture.differences(clean[t].picture),
               '%s watching: the same record and picture as the player\'s'
               % name)
    for what, t, role, old in game.killed:
        rep.ok(same_record(old, clean[t], prefix=True) and not old.bad_lines,
               '%s %s killed %s: it had been sent %d lines, the beginning of '
               'the same record' % (host2.seats[t]['team'], role, what, len(old.record)))
    st, run = run_json(net, host2.save())
    rep.ok(st == 0 and run == clean_run,
           'the save replays (medsiege run SAVE --json) exactly as the fault-free one')
    rep.ok(host2.alive(), 'the host is still running')


def main():
    return fault_test('client-kill', 20261, SCRIPT, KILLS, MODES, 'kills', faulty)


if __name__ == '__main__':
    sys.exit(main())
