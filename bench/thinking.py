"""A host's answers while the computer thinks (SPEC 11: one poll() loop
that never waits on the computer), measured on a real host over its
socket (bench/thinking.sh runs this; tests/net/*lib.py do the
work). Prints figures only, asserts nothing.

A generated field (tests/gen/bigmap.sh SIZE UNITS, 1024 x 1024 with
2,000 units unless told) is hosted with the computer playing Red, whose
turn comes first. Blue's player joins meanwhile (the time from
connecting to holding its whole picture), then pings the host, at most
50 times a second, for SECONDS or until the computer's turn ends: each
ping's round trip; the orders the computer gave meanwhile (as its save
holds them) with the longest wait between two of them; and the
processor time the host and the computer's process spent meanwhile.
The computer thinks in its own process, which the host does not wait
on; what the host still does for each order (runs it, which on this
field means new views for 2,000 units, saves it, tells every team's
record) it does in its loop, and a ping that comes meanwhile waits.

Usage: bench/thinking.py [seconds [size [units]]]   (60 1024 2000)"""

import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'tests', 'net'))
from clientlib import Conn, Pool  # noqa: E402
from gamelib import save_commands  # noqa: E402
from hostlib import Net, SRCDIR  # noqa: E402

TICK = os.sysconf('SC_CLK_TCK')

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 60
SIZE = int(sys.argv[2]) if len(sys.argv) > 2 else 1024
UNITS = int(sys.argv[3]) if len(sys.argv) > 3 else 2000


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def cpu_s(pid):
    """A process's processor time so far, in seconds (0 once it is gone)."""
    try:
        with open('/proc/%d/stat' % pid) as f:
            fields = f.read().rsplit(') ', 1)[1].split()
    except (OSError, TypeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def worker_pid(host):
    pids = re.findall(r'the computer thinks in process (\d+)$', host.log_text(), re.M)
    return int(pids[-1]) if pids else None


def field(net):
    path = os.path.join(net.dir, 'field.yaml')
    with open(path, 'w') as f:
        subprocess.run(['sh', os.path.join(SRCDIR, 'tests', 'gen', 'bigmap.sh'),
                        str(SIZE), str(UNITS),
                        os.path.join(SRCDIR, 'units', 'standard.yaml')],
                       stdout=f, check=True)
    return path


def main():
    with Net('bench-thinking') as net:
        host = net.host(field(net), seed=1, args=['--ai', 'Red'])
        pool = Pool()
        t0 = time.monotonic()
        blue = Conn(pool, host.sock, 'Blue')
        if not blue.hello(host.seats[1]['play'], 1200) or not blue.sync(1200):
            sys.exit('bench/thinking: Blue was not seated: %r' % blue.errors)
        joined = time.monotonic() - t0
        save = host.save()
        orders = lambda: len(save_commands(save))
        worker = worker_pid(host)
        cpu0 = (cpu_s(host.pid()), cpu_s(worker))
        pings, given = [], []
        last_order, seen = time.monotonic(), orders()
        first = seen
        start = time.monotonic()
        end = start + SECONDS
        while time.monotonic() < end and blue.picture.turn['active'] == 0:
            t0 = time.perf_counter()
            if not blue.ping(1200):
                sys.exit('bench/thinking: the host stopped answering')
            pings.append((time.perf_counter() - t0) * 1000)
            now = time.monotonic()
            if orders() != seen:
                given.append(now - last_order)
                last_order, seen = now, orders()
            pool.pump(max(0, 0.02 - (time.monotonic() - now)))
        took = time.monotonic() - start
        cpu = (cpu_s(host.pid()) - cpu0[0], cpu_s(worker) - cpu0[1])
        ended = blue.picture.turn['active'] != 0
        print('%dx%d field, %d units, the computer playing Red' % (SIZE, SIZE, UNITS))
        print('%-36s %.1f s (connected to holding its picture)' % (
            'Blue joins while it plays:', joined))
        if pings:
            print('%-36s p50 %.3f ms  p99 %.3f ms  max %.3f ms  (%d pings)' % (
                'ping round trip while it plays:', percentile(pings, 50),
                percentile(pings, 99), max(pings), len(pings)))
            print('%-36s %d of them' % ('  longer than 50 ms:',
                                        sum(p > 50 for p in pings)))
        else:
            print('%-36s none: its turn ended first' % 'ping round trip while it plays:')
        print('%-36s %d in %.0f s%s; longest wait between two: %.1f s' % (
            'the computer\'s orders meanwhile:', seen - first, took,
            ' (its turn ended)' if ended else '', max(given) if given else took))
        print('%-36s host %.1f s, the computer\'s process %s' % (
            'processor time meanwhile:', cpu[0],
            '%.1f s' % cpu[1] if worker else 'none (it thinks in the host)'))
        load = os.getloadavg()
        print('(%s, %d processors online, load average %.2f %.2f %.2f)' % (
            os.uname().machine, os.cpu_count(), *load))
        for c in pool.conns:
            c.close()


if __name__ == '__main__':
    main()
