"""Network play's costs, measured on real hosts over their Unix sockets
(bench/net.sh runs this; tests/net/*lib.py do the work). Prints
figures only, asserts nothing.

1. A command's round trip: a raw client sends a command line and waits
   for its ok (the host runs the command, saves it with fsync, tells
   every team's record what changed, then answers), a few hundred times
   on loopback, with the save on disk and again in memory (tmpfs, where
   fsync costs nothing: the host's own share); and a ping's, which is
   the protocol alone.
2. GAMES hosted games at once, two raw clients each, a few commands
   played in each: every host's peak memory (VmHWM), then over IDLE
   seconds with nothing said, each host's processor time and the bytes
   its clients were sent (both should be 0: an idle host sleeps in
   poll() and sends nothing).

Usage: bench/net.py [commands] [games] [idle seconds]"""

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'tests', 'net'))
from clientlib import Pool  # noqa: E402
from gamelib import Table, read_script, seat_all  # noqa: E402
from hostlib import BIN, Net, SRCDIR  # noqa: E402

COMMANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 400
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 20
IDLE = float(sys.argv[3]) if len(sys.argv) > 3 else 10
TUTORIAL = os.path.join(SRCDIR, 'maps', 'tutorial.yaml')
TICK = os.sysconf('SC_CLK_TCK')


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def proc_status(pid, key):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith(key + ':'):
                return int(line.split()[1])
    return 0


def cpu_ticks(pid):
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(') ', 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def written(pid):
    with open('/proc/%d/io' % pid) as f:
        for line in f:
            if line.startswith('wchar:'):
                return int(line.split()[1])
    return 0


def pace(last=[0.0]):
    """At most 250 lines a second: more is a flood the host cuts off
    (400 a second), and no player types that fast."""
    wait = last[0] + 0.004 - time.monotonic()
    if wait > 0:
        time.sleep(wait)
    last[0] = time.monotonic()


def round_trips(net, pool, where):
    host = net.host(TUTORIAL, seed=1)
    seats, _ = seat_all(pool, host)
    red = seats[0]
    # Turning on the spot is accepted again and again: the command costs
    # what any accepted command costs (run, save, records), no more.
    times = []
    for i in range(COMMANDS):
        line = 'face r3 %s' % ('n' if i % 2 else 'e')
        pace()
        t0 = time.perf_counter()
        a = red.command(line)
        times.append((time.perf_counter() - t0) * 1000)
        if not a or a.get('type') != 'ok':
            sys.exit('bench/net: %r was answered %r' % (line, a))
    pings = []
    for i in range(COMMANDS):
        pace()
        t0 = time.perf_counter()
        red.ping()
        pings.append((time.perf_counter() - t0) * 1000)
    print('%-34s p50 %.3f ms  p99 %.3f ms  max %.3f ms  (%d commands)' % (
        'command round trip, save on %s:' % where, percentile(times, 50),
        percentile(times, 99), max(times), len(times)))
    print('%-34s p50 %.3f ms  p99 %.3f ms  max %.3f ms' % (
        'ping round trip (protocol only):', percentile(pings, 50),
        percentile(pings, 99), max(pings)))
    for c in seats.values():
        c.say('bye')


def idle_games(net, pool):
    script = read_script(os.path.join(SRCDIR, 'tests', 'scenarios', 'tutorial-Red.script'))
    games = []
    for seed in range(1, GAMES + 1):
        host = net.host(TUTORIAL, seed=seed)
        seats, _ = seat_all(pool, host)
        games.append((host, seats))
    # A few commands in each, all games at once: hosts as they are in play.
    tables = [Table(seats, script['cmds'][:6]) for _, seats in games]
    while not all(t.done() for t in tables):
        if not any([t.step() for t in tables]):
            pool.pump(0.01)
    for _, seats in games:
        for c in seats.values():
            c.sync()
    pids = [h.pid() for h, _ in games]
    hwm = [proc_status(p, 'VmHWM') for p in pids]
    conns = [c for _, seats in games for c in seats.values()]
    got0 = sum(len(c.raw) for c in conns)
    cpu0 = [cpu_ticks(p) for p in pids]
    io0 = [written(p) for p in pids]
    end = time.monotonic() + IDLE
    while time.monotonic() < end:
        pool.pump(0.2)
    cpu = [(cpu_ticks(p) - c) * 1000 / TICK for p, c in zip(pids, cpu0)]
    io = [written(p) - w for p, w in zip(pids, io0)]
    got = sum(len(c.raw) for c in conns) - got0
    print('%d games hosted at once, %d clients each' % (len(games), 2))
    print('%-34s median %d kB  min %d kB  max %d kB' % (
        'host peak memory (VmHWM):', statistics.median(hwm), min(hwm), max(hwm)))
    print('%-34s %g ms in all, %g ms at most in one host (counted in %g ms ticks)' % (
        'host CPU over %g idle seconds:' % IDLE, sum(cpu), max(cpu), 1000 / TICK))
    print('%-34s %d to the clients, %d written by the hosts' % (
        'bytes while idle:', got, sum(io)))


def main():
    sanitized = b'__asan_init' in open(BIN, 'rb').read()
    with Net('bench-net') as net:
        pool = Pool()
        round_trips(net, pool, 'disk')
        if os.path.isdir('/dev/shm'):
            # The same with the save in memory: the host's own share,
            # without the disk's fsync.
            with Net('bench-net', base='/dev/shm') as shm:
                round_trips(shm, Pool(), 'tmpfs')
        idle_games(net, pool)
    load = os.getloadavg()
    print('(%s%s, %d processors online, load average %.2f %.2f %.2f)' % (
        os.uname().machine, ', built with sanitizers' if sanitized else '',
        os.cpu_count(), load[0], load[1], load[2]))


if __name__ == '__main__':
    main()
