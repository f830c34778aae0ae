"""The host killed with SIGKILL at random moments of a game (seeded, so
repeatable), restarted each time with `medsiege host --resume GAME
--detach`: the same game and codes, the players reconnect with them and
finish the script, and the final save replays exactly as the save of
the same script played with no faults; each team's last connection
rebuilds the picture of the fault-free game.

Each team must be told how the game ended (the scenario's result is one
of the longest lines of a record). The moments: between two commands; just after a command was sent (the
host may have run and saved it or not: the save says which, and it must
be one or the other); a few milliseconds after one; while a player
reconnecting is sent its record; between two commands, with the save
then ending in half a line (a write the crash cut short), which the
resumed game leaves out and goes on in a new save, with the same
codes.

Then SIGTERM, which must stop a host at any moment (its socket removed):
sent to hosts at random moments while they seat players who leave at
once, when a signal that came while the host was busy used to be lost
and the host, with nobody left to wake it, to sleep on forever."""

import os
import shutil
import signal
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import Conn, NetTimeout, greet
from framelib import fault_test
from gamelib import final_state, read_script, run_json, save_commands, seat_all
from hostlib import SRCDIR
from recordlib import told_end

SCRIPT = read_script(os.path.join(SRCDIR, 'tests', 'scenarios', 'gatehouse-Red.script'))
KILLS = 6
MODES = ['idle', 'inflight', 'delay', 'record', 'torn']


class Game:
    def __init__(self, rep, net, pool, host):
        self.rep, self.net, self.pool, self.host = rep, net, pool, host
        self.game = host.game
        self.seats, _ = seat_all(pool, host)
        self.codes = host.codes()
        self.last = None
        self.restarts = 0
        self.joining = []

    def active(self):
        c = self.last or next(iter(self.seats.values()))
        return c.picture.turn['active']

    def kill_host(self, what, torn=None):
        """SIGKILL the host, check what it left, start it again from the
        save and reconnect every player: how many commands the save
        holds."""
        rep, host = self.rep, self.host
        host.kill(signal.SIGKILL)
        rep.ok(host.wait_gone(), 'killed %s: the host is gone' % what)
        conns = list(self.seats.values()) + self.joining
        self.joining_seen = bool(self.joining)
        self.joining = []
        try:
            self.pool.wait(lambda: all(c.closed for c in conns), 30, 'the clients to see it')
            lost = True
        except NetTimeout:
            lost = False
        # (A player joining again may have taken its seat from the old
        # connection first, which was told so.)
        told = [e for c in conns for e in c.errors
                if e.get('type') != 'bye' or not self.joining_seen]
        rep.ok(lost and not told,
               'killed %s: every client saw its connection end, with no error' % what, told)
        save = host.save()
        done = save_commands(save)
        if torn:
            with open(save, 'a') as f:
                f.write(torn)
        self.host = self.net.host(resume=self.game, seats=host.seats)
        self.restarts += 1
        rep.ok(self.host.game == self.game and self.host.codes() == self.codes,
               'killed %s: host --resume GAME hosts the same game with the same seats' % what,
               '%s %r / %s %r' % (self.game, self.codes, self.host.game, self.host.codes()))
        self.seats, _ = seat_all(self.pool, self.host)
        self.last = None
        return done

    def play(self, cmds, plan, rng):
        i = 0
        while i < len(cmds):
            mode = plan.pop(i, None)
            if mode:
                what = {'idle': 'between commands %d and %d' % (i, i + 1),
                        'inflight': 'as command %d was sent' % (i + 1),
                        'delay': 'a moment after command %d was sent' % (i + 1),
                        'record': 'as a player joined, before command %d' % (i + 1),
                        'torn': 'between commands %d and %d, the save then torn' % (
                            i, i + 1)}[mode]
                if mode in ('inflight', 'delay'):
                    self.seats[self.active()].say(cmds[i])
                    if mode == 'delay':
                        time.sleep(rng.uniform(0, 0.02))
                elif mode == 'record':
                    t = rng.choice(sorted(self.seats))
                    c = Conn(self.pool, self.host.sock, self.host.seats[t]['team'])
                    c.send(greet(self.host.seats[t]['play']))
                    self.joining.append(c)
                    time.sleep(rng.choice([0, 0.001, 0.002]))
                done = self.kill_host(what, cmds[i][:len(cmds[i]) // 2]
                                      if mode == 'torn' else None)
                may = [cmds[:i]] + ([cmds[:i + 1]] if mode in ('inflight', 'delay') else [])
                self.rep.ok(done in may, 'killed %s: the save holds the first %d commands'
                            % (what, len(done)), 'wanted %s' % ' or '.join(
                                str(len(m)) for m in may))
                if done not in may:
                    raise NetTimeout('the save lost or gained commands')
                i = len(done)
                continue
            c = self.seats[self.active()]
            n = len(c.answers)
            c.say(cmds[i])
            a = c.answer(n)
            if not a or a.get('type') != 'ok':
                raise NetTimeout('command %d %r: %r' % (i + 1, cmds[i], a))
            self.last = c
            i += 1
        for c in self.seats.values():
            c.sync()


TERMS = 40


def sigterm(rep, net, rng):
    """SIGTERM while the host is busy: each host must be gone soon."""
    escalade = os.path.join(SRCDIR, 'maps', 'escalade.yaml')
    stuck = []
    for i in range(TERMS):
        host = net.host(escalade, seed=i + 1)
        for _ in range(3):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(host.sock)
            s.sendall(greet(host.seats[0]['play']))
            s.close()
        time.sleep(rng.uniform(0, 0.004))
        host.kill(signal.SIGTERM)
        if not host.wait_gone(10) or os.path.exists(host.sock):
            stuck.append(host.game)
        else:
            # Its game sleeps: done with, it goes (a player may have
            # only so many unfinished games).
            shutil.rmtree(host.dir, ignore_errors=True)
    rep.ok(not stuck, 'SIGTERM at %d random moments: every host stopped, its socket '
           'removed' % TERMS, 'still running: %s' % ' '.join(stuck))


def faulty(rep, net, pool, rng, plan, host, clean, clean_run):
    """The script again on a new host, killed as planned and resumed:
    each team told the same end, the last connections' pictures and the
    save checked against the fault-free game's; then SIGTERM."""
    state = final_state(clean_run)
    end = (state.get('winner'), state.get('result'))
    for t, c in clean.items():
        rep.ok(told_end(c) == end and not c.bad_lines,
               'without faults: %s was told the end in JSON lines: %s' % (
                   host.seats[t]['team'], end[1]),
               '%r %r' % (told_end(c), c.bad_lines[:2]))
    game = Game(rep, net, pool, net.host(SCRIPT['scenario'], seed=SCRIPT['seed']))
    game.play(SCRIPT['cmds'], dict(plan), rng)
    rep.ok(game.restarts == KILLS, 'the host was killed and resumed %d times'
           % game.restarts)
    for t, c in game.seats.items():
        rep.ok(told_end(c) == end and not c.bad_lines,
               '%s: its last connection was told the end' % game.host.seats[t]['team'])
        diff = c.picture.differences(clean[t].picture)
        rep.ok(not diff, '%s: the last connection rebuilt the picture of the '
               'fault-free game' % game.host.seats[t]['team'], '\n'.join(diff))
    st, run = run_json(net, game.host.save())
    rep.ok(st == 0 and run == clean_run,
           'the final save replays (medsiege run SAVE --json) exactly as the '
           'fault-free one', 'exit %d, %d / %d lines' % (
               st, len(run.splitlines()), len(clean_run.splitlines())))
    sigterm(rep, net, rng)


def main():
    return fault_test('host-kill', 1812, SCRIPT, KILLS, MODES, 'host killed', faulty)


if __name__ == '__main__':
    sys.exit(main())
