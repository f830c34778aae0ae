"""What a host spends on those who would waste it is bounded (SPEC 11):

- a flood of wrong codes from one user: each is refused in one line, but
  past 20 in 10 seconds they are refused unread, and the host's log stays
  small (one line for the first wrong code, one for the refusals);
- a watcher that never reads, not even its first line, of a record far
  larger than a socket's buffer (a 512x80 field) is dropped once the
  stall time has passed (given short with --net-ms), and the player of
  the same game plays on meanwhile;
- a link planted at any file of a sleeping game's folder, or at the
  folder itself, is never followed: waking the game is refused, saying
  why, and the link's target is left as it was;
- one user may have 32 unfinished games at a time: the 33rd is refused
  in one line, and leaves nothing behind;
- chat cannot carry invisible format characters (a right-to-left
  override would reorder what the others read): they are shown escaped.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import Conn, GREETING, Pool
from framelib import Report
from gamelib import seat_all
from hostlib import Net, SRCDIR

NET_MS = 1500


def wrong_codes(rep, net):
    host = net.host(os.path.join(SRCDIR, 'maps', 'tutorial.yaml'), seed=1)
    pool = Pool()
    seats, _ = seat_all(pool, host)
    before = os.path.getsize(host.log)
    answers = {}
    for k in range(300):
        text = host.exchange('hello %s-red-0000-0000-0000-%04d' % (host.game, k), timeout=10)
        key = ('too many' if 'too many wrong codes' in text
               else 'no seat' if 'no seat in this game has that code' in text else text)
        answers[key] = answers.get(key, 0) + 1
    rep.ok(answers.get('no seat', 0) == 20 and answers.get('too many', 0) == 280,
           '300 wrong codes: the first 20 answered, the rest refused unread', answers)
    grew = os.path.getsize(host.log) - before
    log = host.log_text()
    rep.ok(log.count('gave a wrong code') == 1 and log.count('refused until') == 1,
           'the log says it twice, not 300 times',
           [l for l in log.splitlines() if 'wrong' in l][:5])
    rep.ok(grew < 64 * 1024, 'the log grew by %d bytes (every connection logged once)' % grew)
    rep.ok(seats[0].ping(), 'the players are still served')
    for c in pool.conns:
        c.close()


def silent_watcher(rep, net):
    field = os.path.join(net.dir, 'field.yaml')
    with open(field, 'w') as f:
        subprocess.run(['sh', os.path.join(SRCDIR, 'tests', 'gen', 'bigmap.sh'), '512', '80',
                        os.path.join(SRCDIR, 'units', 'standard.yaml')], stdout=f, check=True)
    host = net.host(field, seed=1, args=['--net-ms', str(NET_MS)])
    pool = Pool()
    seats, _ = seat_all(pool, host)
    red = seats[0]
    rep.ok(len(b''.join(red.lines)) > 240 * 1024,
           'the record is far larger than a socket buffer (%d bytes)' % len(b''.join(red.lines)))
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent.connect(host.sock)
    silent.sendall(('%s\nhello %s\n' % (GREETING, host.seats[0]['watch'])).encode())
    start = time.monotonic()
    dropped = None
    while time.monotonic() - start < 20:
        if 'leaves: not reading what it is sent' in host.log_text():
            dropped = time.monotonic() - start
            break
        rep_ok = red.ping(5)
        if not rep_ok:
            break
        time.sleep(0.1)
    rep.ok(dropped is not None and dropped < NET_MS / 1000.0 * 4,
           'a watcher that never reads is dropped once the stall time has passed '
           '(after %s s; the stall time is %.1f s)' % (
               '%.1f' % dropped if dropped is not None else 'never', NET_MS / 1000.0))
    rep.ok(red.ping(), 'the player was answered all along')
    silent.close()
    for c in pool.conns:
        c.close()


def chat_controls(rep, net):
    host = net.host(os.path.join(SRCDIR, 'maps', 'tutorial.yaml'), seed=1)
    pool = Pool()
    seats, _ = seat_all(pool, host)
    red, blue = seats[0], seats[1]
    red.say('chat abc\u202edef\u200bghi')
    blue.sync()
    chats = [l for l in blue.record if '"type":"chat"' in l]
    rep.ok(chats and '\u202e' not in chats[-1] and '\u200b' not in chats[-1] and
           '\\\\u202e' in chats[-1],
           'chat shows a right-to-left override and a zero-width space escaped', chats[-1:])
    for c in pool.conns:
        c.close()


def planted_links(rep, net):
    host = net.host(os.path.join(SRCDIR, 'maps', 'tutorial.yaml'), seed=1)
    pool = Pool()
    seats, _ = seat_all(pool, host)
    for c in pool.conns:
        c.close()
    host.kill(signal.SIGTERM)
    rep.ok(host.wait_gone(), 'the host stopped: the game sleeps')
    target = os.path.join(net.dir, 'target')
    save = os.path.basename(host.save())
    for name in ('seats', 'info', 'log', save, 'roster.yaml'):
        with open(target, 'w') as f:
            f.write('untouched\n')
        path = os.path.join(host.dir, name)
        os.rename(path, path + '.real')
        os.symlink(target, path)
        st, out, err = net.medsiege('host', '--resume', host.game, '--detach')
        with open(target) as f:
            kept = f.read() == 'untouched\n'
        rep.ok(st != 0 and kept and not host.alive(),
               'a link planted at %s: not followed, the game not woken (%s)'
               % (name, err.strip()[:90]))
        os.unlink(path)
        os.rename(path + '.real', path)
    real = host.dir + '.real'
    os.rename(host.dir, real)
    os.symlink(real, host.dir)
    st, out, err = net.medsiege('host', '--resume', host.game, '--detach')
    rep.ok(st != 0 and not host.alive(),
           'a link planted at the game\'s folder: not followed (%s)' % err.strip()[:90])
    os.unlink(host.dir)
    os.rename(real, host.dir)
    st, out, err = net.medsiege('host', '--resume', host.game, '--detach')
    rep.ok(st == 0, 'the folder as it was: the game wakes', err)
    net.kill_hosts()


def game_limit(rep):
    """32 unfinished games of one user: one hosted and put to sleep, and
    31 copies of its folder under other names (a sleeping game costs a
    folder, not a process)."""
    with Net('limit') as net:
        tutorial = os.path.join(SRCDIR, 'maps', 'tutorial.yaml')
        host = net.host(tutorial, seed=1, args=['--team', '-'])
        host.kill(signal.SIGTERM)
        rep.ok(host.wait_gone(), 'a game hosted, then asleep')
        for k in range(31):
            shutil.copytree(host.dir, os.path.join(net.store(), 'tutorial-%04d' % k),
                            symlinks=True)
        before = sorted(os.listdir(net.store()))
        st, out, err = net.medsiege('host', tutorial, '--team', '-', '--detach')
        rep.ok(st != 0 and 'unfinished games' in err and err.count('\n') == 1,
               'with 32 unfinished games, a 33rd is refused in one line', err)
        rep.ok(sorted(os.listdir(net.store())) == before, 'and leaves nothing behind')


def main():
    rep = Report()
    with Net('bounds') as net:
        wrong_codes(rep, net)
        silent_watcher(rep, net)
        chat_controls(rep, net)
        planted_links(rep, net)
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host logs', '\n'.join(crashes))
    game_limit(rep)
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
