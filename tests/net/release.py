"""A seat whose key is lost is freed, and only so (SPEC 11.1):

- on a shared account a seat is bound to a seat key; a player who loses
  it cannot come back, and nobody else may take the seat;
- "release TEAM" from every other seated player frees it: one ask is not
  enough in a three-team game (chapel), the second is; each ask is told
  to every player, and so is the release; the old key is then refused
  and the seat can be claimed anew;
- refused: one's own seat, a seat bound to a uid, a seat whose player is
  in the game, a team that does not exist, a watcher's ask;
- the asks are kept with the seats: a host killed and woken between two
  asks still counts the first;
- a game that slept 30 days frees its seat keys when it wakes (not the
  seats bound to a uid).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import Conn, NetTimeout, Pool
from framelib import Report
from gamelib import seat_all
from hostlib import Net, SRCDIR

CHAPEL = os.path.join(SRCDIR, 'maps', 'chapel.yaml')


def taken(host, team):
    seat = [s for s in host.info()['seats'] if s['team'] == team][0]
    return seat['taken']


def heard(conn, text):
    """Whether a chat line from the referee holding text reached conn."""
    conn.ping()
    return any(text in c for c in conn.picture.chats)


def leave(host, conn):
    """A player goes, and the host has seen it go."""
    cid = host.client_id(conn.name.split()[0])
    conn.say('bye')
    end = time.monotonic() + 10
    while not host.left(cid) and time.monotonic() < end:
        time.sleep(0.05)


def asks(rep, net):
    host = net.host(CHAPEL, seed=1)
    pool = Pool()
    seats, watch = seat_all(pool, host, watchers=True)
    red, blue, green = seats[0], seats[1], seats[2]
    old_key = host.seats[1]['play']
    leave(host, blue)

    def refused(conn, line, words):
        a = conn.command(line)
        rep.ok(a and a.get('type') == 'refused' and words in a.get('why', ''),
               '%s: %r refused (%s)' % (conn.name, line, a and a.get('why')), a)

    refused(red, 'release Red', 'your own seat')
    refused(red, 'release Purple', "no team 'Purple'")
    refused(red, 'release Green', "Green's player is in the game now")
    refused(green, 'release Red', 'not held by a seat key')
    refused(watch[0], 'release Blue', 'a watcher cannot release')
    a = red.command('release Blue')
    rep.ok(a and a.get('type') == 'ok', 'Red asks to release Blue\'s seat: ok', a)
    rep.ok(taken(host, 'Blue'), 'one ask of two frees nothing')
    rep.ok(heard(green, 'Red asks to free Blue\'s seat'),
           'Green is told that Red asked', green.picture.chats[-2:])
    a = green.command('release Blue')
    rep.ok(a and a.get('type') == 'ok', 'Green asks too: ok', a)
    rep.ok(not taken(host, 'Blue'), "with every other player's ask, Blue's seat is free")
    rep.ok(heard(red, "Blue's seat is free again: its other players released it"),
           'and Red is told so', red.picture.chats[-2:])
    lost = Conn(pool, host.sock, 'Blue with the lost key')
    rep.ok(lost.hello(old_key) is None and lost.errors and
           'no seat in this game has that code' in lost.errors[0].get('text', ''),
           'the old key is refused', lost.errors)
    again = Conn(pool, host.sock, 'Blue anew')
    seat = again.hello('claim Blue key')
    rep.ok(seat is not None and seat.get('key') and seat['key'] != old_key,
           'the seat is claimed anew, with a new key', seat)
    host.seats[1]['play'] = seat.get('key') if seat else None
    return host, pool, {0: red, 1: again, 2: green}


def kept_and_slept(rep, net, host, pool, seats):
    red, blue, green = seats[0], seats[1], seats[2]
    leave(host, green)
    a = red.command('release Green')
    rep.ok(a and a.get('type') == 'ok', 'Red asks to release Green\'s seat', a)
    host.kill()
    host.wait_gone()
    for c in list(pool.conns):
        c.close()
    woken = net.host(resume=host.game, seats=host.seats)
    pool = Pool()
    blue = Conn(pool, woken.sock, 'Blue')
    rep.ok(blue.hello(woken.seats[1]['play']) is not None, 'Blue is back on the woken host')
    a = blue.command('release Green')
    rep.ok(a and a.get('type') == 'ok' and not taken(woken, 'Green'),
           "Red's ask was kept through the host's death: Blue's frees Green's seat", a)
    # Blue goes; the game sleeps 31 days.
    leave(woken, blue)
    woken.kill()
    woken.wait_gone()
    for c in list(pool.conns):
        c.close()
    old = time.time() - 31 * 86400
    os.utime(woken.save(), (old, old))
    slept = net.host(resume=woken.game, seats=woken.seats)
    rep.ok(not taken(slept, 'Blue') and taken(slept, 'Red'),
           'woken after 31 days asleep: the seat key is freed, the seat bound to a '
           'uid kept', slept.info()['seats'])
    rep.ok('the game slept 30 days' in slept.log_text(), 'and its log says why')


def main():
    rep = Report()
    with Net('release') as net:
        try:
            host, pool, seats = asks(rep, net)
            kept_and_slept(rep, net, host, pool, seats)
        except NetTimeout as e:
            rep.ok(False, 'timed out: %s' % e)
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host logs', '\n'.join(crashes))
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
