"""What joining and waking a hosted game cost (SPEC 11), measured on real
hosts over their sockets (bench/wake.sh runs this; tests/net/*lib.py
do the work). Prints figures only, asserts nothing.

1. Joining a long game: a 12-round gatehouse game (the computer's
   orders for both sides, seed 2, which Blue wins by surviving round 12)
   played to its end by raw clients, then a new connection of Red's:
   the bytes it is sent (the picture as it stands and the recent
   events) and the time from connecting to holding it all, against the
   whole record the first connection was sent.
2. Waking a sleeping game: a game whose host slept (--idle 1), then
   `medsiege join GAME` in a pseudo-terminal: the time from starting the
   program to its first frame ("Your turn"), the host started again from
   the game's folder on the way. Against it, the same join to a running
   host.

Usage: bench/wake.py [tries]"""

import os
import pty
import select
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'tests', 'net'))
from clientlib import Conn, Pool  # noqa: E402
from gamelib import play_clean, save_commands  # noqa: E402
from hostlib import BIN, Net, SRCDIR  # noqa: E402

TRIES = int(sys.argv[1]) if len(sys.argv) > 1 else 5
GATEHOUSE = os.path.join(SRCDIR, 'maps', 'gatehouse.yaml')
SEED = 2


def computer_game(net):
    """The orders the computer gives both sides of gatehouse (seed
    SEED), from the save of `medsiege run --ai all --save`."""
    state = os.path.join(net.dir, 'ai-state')
    env = dict(net.env, XDG_STATE_HOME=state)
    subprocess.run([BIN, 'run', GATEHOUSE, '--ai', 'all', '--seed', str(SEED), '--save'],
                   env=env, stdout=subprocess.DEVNULL, check=True)
    saves = [os.path.join(d, f) for d, _, fs in os.walk(state) for f in fs
             if f.endswith('.save')]
    return {'name': 'gatehouse', 'scenario': GATEHOUSE, 'seed': SEED,
            'cmds': save_commands(saves[0])}
MELEE = os.path.join(SRCDIR, 'tests', 'ui', 'melee.yaml')


def join_long(net):
    pool = Pool()
    script = computer_game(net)
    host, seats, _ = play_clean(net, pool, script)
    rounds = seats[0].picture.turn.get('round')
    sizes, times = [], []
    for _ in range(TRIES):
        start = time.monotonic()
        c = Conn(pool, host.sock, 'Red again')
        c.hello(host.seats[0]['play'])
        c.sync()
        times.append((time.monotonic() - start) * 1000)
        sizes.append(len(c.raw))
        c.close()
    print('join of a finished %d-round gatehouse game (%d commands): %d bytes sent '
          '(the whole record: %d bytes), held in %.1f ms (median of %d)'
          % (rounds, len(script['cmds']), statistics.median(sizes), len(seats[0].raw),
             statistics.median(times), TRIES))
    for c in pool.conns:
        c.close()


def first_frame(net, game):
    """Milliseconds from starting `medsiege join GAME` in a terminal to
    its first frame."""
    env = dict(net.env, TERM='xterm-256color', LINES='24', COLUMNS='80')
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(BIN, [BIN, 'join', game], env)
    start = time.monotonic()
    seen = b''
    ms = None
    while time.monotonic() - start < 20:
        r, _, _ = select.select([fd], [], [], 0.5)
        if not r:
            continue
        try:
            seen += os.read(fd, 65536)
        except OSError:
            break
        if b'Your turn' in seen:
            ms = (time.monotonic() - start) * 1000
            break
    os.write(fd, b'qy')
    time.sleep(0.2)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return ms


def wake(net):
    running, woken = [], []
    for _ in range(TRIES):
        host = net.host(MELEE, seed=1, args=['--idle', '1'])
        ms = first_frame(net, host.game)
        if ms is not None:
            running.append(ms)
        pid = host.pid()
        for _ in range(100):
            if not host.alive():
                break
            time.sleep(0.05)
        if host.alive():
            print('the host did not sleep (pid %s)' % pid)
            continue
        ms = first_frame(net, host.game)
        if ms is not None:
            woken.append(ms)
        net.kill_hosts()
    if running:
        print('join to a running game: first frame in %.0f ms (median of %d)'
              % (statistics.median(running), len(running)))
    if woken:
        print('join that wakes a sleeping game: first frame in %.0f ms (median of %d)'
              % (statistics.median(woken), len(woken)))


def main():
    with Net('bench-wake') as net:
        join_long(net)
    with Net('bench-wake') as net:
        wake(net)


if __name__ == '__main__':
    main()
