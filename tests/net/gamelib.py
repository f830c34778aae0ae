"""gamelib.py: games played by raw clients, for the network tests
(tests/net/*.py) and benches (bench/*.py): the scripts of
tests/scenarios read, every seat of a host taken (seat_all), a list of
commands played by the team whose turn it is (Table, play_clean), and
what `medsiege run --json` makes of a save.
"""

import json
import os
import re
import time

from clientlib import Conn, NetError, NetTimeout, ProcConn


def read_script(path):
    """A tests/scenarios script: its scenario (absolute), seed and
    commands (comments and blank lines left out)."""
    scenario, seed, cmds = None, None, []
    with open(path) as f:
        for line in f:
            line = line.strip()
            m = re.match(r'^# scenario: *(.*)$', line)
            if m and scenario is None:
                scenario = os.path.normpath(os.path.join(os.path.dirname(path),
                                                         m.group(1)))
            m = re.match(r'^# seed: *(\d+)$', line)
            if m and seed is None:
                seed = int(m.group(1))
            if line and not line.startswith('#'):
                cmds.append(line)
    return {'name': os.path.basename(path)[:-len('.script')], 'scenario': scenario,
            'seed': seed, 'cmds': cmds}


def save_commands(path):
    """The commands a save holds, in order."""
    with open(path) as f:
        return [l.rstrip('\n') for l in f if l.strip() and not l.startswith('#')]


class Table:
    """One game played by raw clients, one per team, from a list of
    commands: each command goes to the client of the team whose turn it
    is (as the last answered client's record tells), and must be
    accepted. Driven by step(), so that many games can be played at
    once from one loop."""

    def __init__(self, seats, cmds, start=0, after=None):
        self.seats = seats      # team index -> Conn
        self.cmds = cmds
        self.next = start       # the next command to send
        self.waiting = None     # (conn, answers before it), while one is out
        self.last = None        # the client that was answered last
        self.failure = None
        self.after = after      # called after each accepted command (index)

    def active(self):
        conn = self.last
        if conn is None or conn.closed:
            turns = [c.picture.turn for c in self.seats.values()]
            if any(t is None for t in turns):
                return None
            conn = next(iter(self.seats.values()))
        return conn.picture.turn['active']

    def done(self):
        return self.failure is not None or (self.next >= len(self.cmds) and
                                            self.waiting is None)

    def step(self):
        """Send the next command or take its answer: False while nothing
        could be done yet."""
        if self.done():
            return False
        if self.waiting:
            conn, n = self.waiting
            if len(conn.answers) <= n:
                if conn.closed:
                    self.failure = 'client %s closed: %r' % (conn.name, conn.errors)
                return False
            a = conn.answers[n]
            self.waiting = None
            cmd = self.cmds[self.next]
            if a.get('type') != 'ok' or a.get('line') != cmd:
                self.failure = 'command %d %r: %r' % (self.next + 1, cmd, a)
                return True
            self.last = conn
            self.next += 1
            if self.after:
                self.after(self.next - 1)
            return True
        team = self.active()
        if team is None:
            return False
        conn = self.seats.get(team)
        if conn is None:
            self.failure = 'no client for team %d' % team
            return True
        self.waiting = (conn, len(conn.answers))
        conn.say(self.cmds[self.next])
        return True

    def play(self, pool, timeout=120):
        end = time.monotonic() + timeout
        while not self.done():
            if time.monotonic() > end:
                raise NetTimeout('game not played within %d s (at command %d)'
                                 % (timeout, self.next + 1))
            if not self.step():
                pool.pump(0.02)
        return self.failure


def seat_all(pool, host, cls=None, net=None, watchers=False):
    """A client for each human team's seat (and, with watchers, one
    watching each team), seated and sent their records: {team: conn},
    and {team: watcher}."""
    def conn(name):
        if cls is ProcConn:
            return ProcConn(pool, net, host.sock, name)
        return Conn(pool, host.sock, name)
    seats, watch = {}, {}
    for t, s in enumerate(host.seats):
        if s['play']:
            seats[t] = conn(s['team'])
            if seats[t].hello(s['play']):
                host.seated(t, seats[t].seat)
    for t, s in enumerate(host.seats):
        if watchers and s['watch']:
            watch[t] = conn(s['team'] + ' watching')
            watch[t].hello(s['watch'])
    for c in list(seats.values()) + list(watch.values()):
        if c.seat is None:
            raise NetError('%s was refused its seat: %r' % (c.name, c.errors))
        c.sync()
    return seats, watch


def play_clean(net, pool, script, watchers=False):
    """The script played from start to end by raw clients, nothing
    going wrong: (host, {team: player}, {team: watcher}), every client
    holding its whole record."""
    host = net.host(script['scenario'], seed=script['seed'])
    seats, watch = seat_all(pool, host, watchers=watchers)
    failure = Table(seats, script['cmds']).play(pool)
    if failure:
        raise NetError('the script failed without faults: %s' % failure)
    for c in list(seats.values()) + list(watch.values()):
        c.sync()
    return host, seats, watch


def final_state(out):
    """The state line that ends `medsiege run --json` output."""
    lines = out.splitlines()
    return json.loads(lines[-1]) if lines else {}


def run_json(net, *args):
    """`medsiege run ... --json`: (status, output)."""
    st, out, err = net.medsiege('run', *args, '--json')
    return st, out
