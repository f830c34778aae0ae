"""Malformed input to a hosted game (SPEC 11), from raw clients on its
socket: over-long lines, NUL and control bytes, invalid UTF-8, half a
line then silence, a flood of lines while another client plays, a wrong
protocol version, wrong codes, commands for the other team's units, out
of turn, from a watcher, and a client that stops reading. Each bad client
gets one error line and is closed (or, for a command, a refusal that only
it is sent), and after each the host still serves the good clients."""

import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import Conn, GREETING, LINE_MAX, NetTimeout, Pool, greet
from framelib import Report
from gamelib import Table, read_script
from hostlib import Net, SRCDIR
from recordlib import same_record

NET_MS = 1500  # every host deadline (greeting, stalled reader, half line)
TUTORIAL = os.path.join(SRCDIR, 'maps', 'tutorial.yaml')
SCRIPT = read_script(os.path.join(SRCDIR, 'tests', 'scenarios', 'tutorial-Red.script'))


class Case:
    def __init__(self, rep, pool, host, red, blue):
        self.rep, self.pool, self.host = rep, pool, host
        self.red, self.blue = red, blue
        self.code = {(s['team'], 'play'): s['play'] for s in host.seats}
        self.code.update({(s['team'], 'watch'): s['watch'] for s in host.seats})

    def conn(self, name):
        return Conn(self.pool, self.host.sock, name)

    def seated(self, name, team='Blue', role='watch'):
        c = self.conn(name)
        c.hello(self.code[(team, role)])
        self.rep.ok(c.seat is not None and c.seat.get('role') == role,
                    '%s: seated as %s %s' % (name, team, role), c.errors)
        self.pool.wait(lambda: c.picture.turn is not None or c.closed, 30,
                       'record for ' + name)
        return c

    def dropped(self, c, what, text, seated=True):
        """c was sent one error line, saying text, as its last line, and
        closed; before it, unless seated, nothing but the greeting."""
        try:
            self.pool.wait(lambda: c.closed, 30, 'close of ' + c.name)
        except NetTimeout as e:
            self.rep.ok(False, what, str(e))
            c.close()
            return
        errs = [l for l in c.lines if b'"type":"error"' in l]
        last = c.lines[-1].decode(errors='replace') if c.lines else ''
        good = (len(c.errors) == 1 and c.errors[0].get('type') == 'error' and
                text in c.errors[0].get('text', '') and len(errs) == 1 and
                '"type":"error"' in last and c.buf == b'' and not c.bad_lines)
        if not seated:
            good = good and c.record == [] and len(c.lines) <= 2
        self.rep.ok(good, what, 'errors %r, last line %r, %d lines, rest %r' % (
            c.errors, last[:200], len(c.lines), c.buf[:100]))

    def served(self, after):
        """The good clients are still served: a ping each, and a command
        refused to its issuer only."""
        try:
            ok = self.red.ping() and self.blue.ping()
        except NetTimeout:
            ok = False
        self.rep.ok(ok and not self.red.closed and not self.blue.closed,
                    'after %s: the host still serves the players' % after)


def answers_are_own(rep, c, what):
    """Every ok or refused line c was sent answers a line c sent, in order."""
    sent = [s for s in c.sent if s not in ('ping', 'bye') and not s.startswith('chat ')]
    got = [a.get('line') for a in c.answers]
    rep.ok(got == sent, what, 'sent %r\nanswered %r' % (sent, got))


def test_codes(rep, case):
    pool, host = case.pool, case.host
    game = host.game
    wrong = [
        ('a wrong secret', '%s-red-aaaa-bbbb-cccc-dddd' % game),
        ('a watch secret as a play code', case.code[('Red', 'watch')].replace('redwatch', 'red')),
        ('another team\'s name with Blue\'s secret', case.code[('Blue', 'play')].replace('-blue-', '-red-')),
        ('not shaped like a code', 'nonsense'),
        ('an empty code', ''),
        ('a code of 300 letters', 'x' * 300),
        ('a code with a space after it', case.code[('Blue', 'play')] + ' '),
        ('a code in capitals', case.code[('Blue', 'play')].upper()),
    ]
    for what, code in wrong:
        c = case.conn('wrong code')
        c.send(greet(code))
        case.dropped(c, 'wrong code (%s): one error line and closed' % what,
                     'no seat in this game has that code', seated=False)
        case.rep.ok(c.lines[:1] == [GREETING.encode()] and c.record == [],
                    'wrong code (%s): nothing of the game was sent' % what,
                    c.lines[:3])
    case.served('wrong codes')


def test_protocol(rep, case):
    for what, data in [
        ('another protocol version', b'medsiege-proto 2\n'),
        ('no greeting, a code at once', ('hello %s\n' % case.code[('Red', 'watch')]).encode()),
        ('an HTTP request', b'GET / HTTP/1.1\r\n\r\n'),
    ]:
        c = case.conn('protocol')
        c.send(data)
        case.dropped(c, 'protocol: %s: one error line and closed' % what, 'protocol')
        rep.ok(c.lines and not c.lines[0].startswith(GREETING.encode()),
               'protocol: %s: the host did not greet it' % what, c.lines[:2])
    c = case.conn('protocol')
    c.send(('%s\nwho are you\n' % GREETING).encode())
    case.dropped(c, 'protocol: neither hello nor info after the greeting: one error line',
                 "expected 'claim [TEAM] [key]', 'hello CODE' or 'info'", seated=False)
    c = case.conn('info')
    c.send(('%s\ninfo\n' % GREETING).encode())
    pool = case.pool
    pool.wait(lambda: c.closed, 30, 'info close')
    rep.ok(len(c.lines) == 2 and b'"type":"info"' in c.lines[1] and c.record == [],
           'protocol: info is one line, then the host closes', c.lines)
    case.served('protocol errors')


def test_long_lines(rep, case):
    c = case.conn('long, unseated')
    c.send(b'x' * (LINE_MAX + 1000))
    case.dropped(c, 'over-long line before the greeting: one error line and closed',
                 'longer than %d bytes' % LINE_MAX, seated=False)
    c = case.seated('long, seated')
    c.send(b'chat ' + b'y' * LINE_MAX + b'\n')
    case.dropped(c, 'over-long line from a seated watcher (%d bytes): one error line and closed'
                 % (LINE_MAX + 6), 'longer than %d bytes' % LINE_MAX)
    c = case.seated('long, seated, no newline')
    c.send(b'move r1 ' + b'n ' * LINE_MAX)
    case.dropped(c, 'over-long line without its newline: one error line and closed',
                 'longer than %d bytes' % LINE_MAX)
    case.served('over-long lines')
    rep.ok(not any('yyyy' in l for l in case.red.record),
           'over-long lines: nothing of them reached the players')


def test_bytes(rep, case):
    bad = [
        ('a NUL byte', b'ping\x00\n'),
        ('a NUL byte in a chat', b'chat hi\x00there\n'),
        ('an escape byte (terminal control)', b'chat \x1b[2J\x1b]0;owned\x07\n'),
        ('a DEL byte', b'chat \x7f\n'),
        ('a lone continuation byte', b'chat \x80\n'),
        ('an invalid byte 0xff', b'chat \xff\xfe\n'),
        ('an overlong encoding of /', b'chat \xc0\xaf\n'),
        ('a surrogate', b'chat \xed\xa0\x80\n'),
        ('a code point past U+10FFFF', b'chat \xf4\x90\x80\x80\n'),
        ('a character cut short', b'chat \xe2\x82\n'),
        ('a character cut short by the line end', b'chat \xf0\x9f\x98\n'),
    ]
    chats = len(case.red.picture.chats)
    for what, data in bad:
        c = case.seated('bytes')
        c.send(data)
        case.dropped(c, 'bytes: %s: one error line and closed' % what, 'not UTF-8 text')
    c = case.conn('bytes, unseated')
    c.send(GREETING.encode() + b'\x00\n')
    case.dropped(c, 'bytes: a NUL byte in the greeting: one error line and closed',
                 'not UTF-8 text', seated=False)
    case.served('bad bytes')
    rep.ok(len(case.red.picture.chats) == chats,
           'bad bytes: none of those chats reached the players')
    # Good UTF-8 and a tab are text: said to everyone.
    c = case.seated('good utf-8')
    c.say('chat caf\u00e9 \u2014 \U0001f3f0\tok')
    case.pool.wait(lambda: len(case.red.picture.chats) > chats, 30, 'chat')
    said = json.loads(case.red.picture.chats[-1]) if case.red.picture.chats else {}
    rep.ok(said.get('text') == 'caf\u00e9 \u2014 \U0001f3f0\tok',
           'bytes: well-formed UTF-8 (2, 3 and 4 bytes) and a tab are a chat for all',
           case.red.picture.chats[-1:])
    c.say('bye')
    case.pool.wait(lambda: c.closed, 30, 'bye')


def test_echo(rep, case):
    """Lines a player may send whose answer or chat line would pass the
    limit once escaped: refused to the sender alone, never sent over
    the limit, and nothing dropped."""
    red, blue = case.red, case.blue
    overhead = len('{"type":"chat","from":"Red","text":""}')
    fits = LINE_MAX - 1 - overhead
    chats = len(blue.picture.chats)
    tries = [
        ('the longest chat that fits (%d bytes)' % fits, 'chat ' + 'w' * fits, True),
        ('a chat a byte too long', 'chat ' + 'w' * (fits + 1), False),
        ('a chat of 4000 quotes', 'chat ' + '"' * 4000, False),
        ('a chat of 4000 tabs', 'chat ' + '\t' * 4000, False),
        ('a command of 4090 backslashes', 'move ' + '\\' * 4090, None),
        ('a command of 4000 letters', 'move r3 ' + 'x' * 4000, None),
    ]
    for what, line, said in tries:
        n = len(red.answers)
        red.say(line)
        red.ping()
        blue.ping()
        told = len(blue.picture.chats) > chats
        chats = len(blue.picture.chats)
        if said:
            rep.ok(told and len(red.answers) == n and
                   json.loads(blue.picture.chats[-1]).get('text') == line[5:],
                   'echo: %s: told to everyone, whole' % what)
            continue
        a = red.answers[n] if len(red.answers) > n else {}
        rep.ok(a.get('type') == 'refused' and line.startswith(a.get('line', '-')) and
               not told and not red.closed,
               'echo: %s: refused to its sender (%s), echoed %s' % (
                   what, a.get('why'), 'whole' if a.get('line') == line else
                   'cut to %d bytes' % len(a.get('line', '').encode())),
               str(a)[:200])
    long = [l for c in (red, blue) for l in c.lines if len(l) + 1 > LINE_MAX]
    rep.ok(not long, 'echo: no line the host sent passed %d bytes' % LINE_MAX,
           [l[:80] for l in long[:3]])
    case.served('long answers')


def test_silence(rep, case):
    c = case.conn('silent')
    case.dropped(c, 'silence: no greeting: one error line and closed after the deadline',
                 'no greeting and code in time', seated=False)
    rep.ok(len(c.lines) == 1, 'silence: nothing but the error line', c.lines)
    c = case.conn('greeted, silent')
    c.send((GREETING + '\n').encode())
    case.dropped(c, 'silence: a greeting and no code: one error line and closed',
                 'no greeting and code in time')
    c = case.conn('half a greeting')
    c.send(b'medsiege-pro')
    case.dropped(c, 'silence: half a greeting: one error line and closed',
                 'no greeting and code in time', seated=False)
    c = case.seated('half a line')
    c.send(b'move r3 ')
    case.dropped(c, 'silence: half a command then nothing: one error line and closed',
                 'half a line, then silence')
    # Half a line from a player whose team is playing: it is never run.
    n = len(case.red.record)
    h = case.seated('half a line, playing', team='Red', role='play')
    h.send(b'move r3 e')
    case.dropped(h, 'silence: half a move from the seat of the team to play: dropped',
                 'half a line, then silence')
    red = Conn(case.pool, case.host.sock, 'red again')
    red.hello(case.code[('Red', 'play')])
    case.pool.wait(lambda: red.picture.turn is not None, 30, 'record')
    rep.ok(case.red.closed and red.seat is not None,
           'silence: the old Red connection lost its seat to the new one (%s)'
           % (case.red.errors[:1],))
    rep.ok(same_record(red, case.red) and
           red.base == case.red.base + len(case.red.record) and
           not red.picture.differences(case.red.picture),
           'silence: the half move was not made: the new connection was sent '
           'the picture the old one had, and the record at the same line',
           '%d / %d+%d lines' % (red.base, case.red.base, len(case.red.record)))
    case.red = red
    case.served('half lines and silence')


def test_orders(rep, case):
    red, blue = case.red, case.blue
    rw = case.seated('red watcher', team='Red', role='watch')
    bw = case.seated('blue watcher', team='Blue', role='watch')
    before = {c.name: len(c.record) for c in (red, blue, rw, bw)}
    tries = [
        (red, 'move b1 w', 'not one of your units'),
        (red, 'shoot b1 r2', 'not one of your units'),
        (blue, 'move b1 w', None),                # out of turn
        (blue, 'end', None),                      # out of turn
        (blue, 'move r3 e', None),                # out of turn too
        (rw, 'move r3 e', 'a watcher cannot give orders'),
        (rw, 'end', 'a watcher cannot give orders'),
        (bw, 'move b1 w', 'a watcher cannot give orders'),
        (red, 'move r3 zz', None),               # not a direction
        (red, 'frobnicate', None),               # not a command
    ]
    for c, line, why in tries:
        a = c.command(line)
        rep.ok(a and a.get('type') == 'refused' and a.get('line') == line and
               (why is None or why in a.get('why', '')),
               'orders: %s: %r refused (%s)' % (c.name, line, a and a.get('why')), a)
    for c in (red, blue, rw, bw):
        c.ping()
    rep.ok(all(len(c.record) == before[c.name] for c in (red, blue, rw, bw)),
           'orders: refused commands changed nothing any team was told',
           {c.name: (before[c.name], len(c.record)) for c in (red, blue, rw, bw)})
    for c in (red, blue, rw, bw):
        answers_are_own(rep, c, 'orders: %s was sent the answers to its own lines only' % c.name)
    for c, other in ((red, blue), (blue, red), (rw, red), (bw, blue)):
        stray = [l for l in c.lines if b'"refused"' in l and
                 not any(('"line":"%s"' % s).encode() in l for s in c.sent)]
        rep.ok(not stray, "orders: %s's bytes hold no refusal of %s's lines"
               % (c.name, other.name), stray[:3])
    # A good command still works, and is told to both teams.
    n = len(blue.record)
    a = red.command('move r3 e')
    blue.ping()
    rep.ok(a and a.get('type') == 'ok' and len(blue.record) > n,
           'orders: then a good command of the team to play is run', a)
    for c in (rw, bw):
        c.say('bye')
    # Red's player comes back on a new connection: its log is told its
    # own orders and their refusals, in order; a watcher is told none.
    back = case.seated('red back', team='Red', role='play')
    back.ping()
    mine = [l for c, l, _ in tries if c is red] + ['move r3 e']
    said = [o.get('line') for o in back.said if 'why' not in o]
    refused = {o.get('line'): o.get('why') for o in back.said if 'why' in o}
    rep.ok(said[-len(mine):] == mine and
           all(refused.get(l) for l in mine[:-1]) and 'move r3 e' not in refused,
           'orders: Red joining again is told its own orders and their refusals',
           back.said[-8:])
    watcher = case.seated('red watcher again', team='Red', role='watch')
    watcher.ping()
    rep.ok(not watcher.said, "orders: a watcher is told none of the player's orders",
           watcher.said[:3])
    watcher.say('bye')
    case.red = back


def test_stalled(rep, case):
    """A watcher that stops reading while the record grows past what
    the socket holds is dropped after the deadline; the others play on."""
    s = case.seated('stalled')
    case.pool.conns.remove(s)  # nobody reads it from now on
    chats = 0
    text = 'chat ' + 'z' * 3000
    for i in range(160):  # ~480 KB of record, more than a socket holds
        case.red.say(text)
        chats += 1
        if i % 20 == 19:
            case.red.ping()
    try:
        case.pool.wait(lambda: 'not reading what it is sent' in case.host.log_text(), 30,
                       'the host to drop the stalled reader')
        dropped = True
    except NetTimeout:
        dropped = False
    rep.ok(dropped, 'stalled reader: dropped (log: not reading what it is sent)')
    # What it finds when it reads again: part of the record, then the end.
    s.sock.setblocking(True)
    s.sock.settimeout(30)
    while not s.closed:
        try:
            data = s.sock.recv(65536)
        except OSError:
            data = b''
        if not data:
            s.closed = True
        else:
            s._take(data)
    rep.ok(len(s.picture.chats) < chats,
           'stalled reader: it was closed before the record was all sent (%d of %d chats)'
           % (len(s.picture.chats), chats))
    case.pool.wait(lambda: len(case.blue.picture.chats) >= chats, 30, 'chats')
    rep.ok(len(case.blue.picture.chats) >= chats,
           'stalled reader: the reading player was sent every chat')
    case.served('a stalled reader')


def test_flood(rep, case, cmds):
    """10,000 lines a second from a watcher (reconnecting each time it
    is dropped) while Red and Blue play: every flooding connection is
    dropped after at most 400 lines answered, with one error line; every
    command of the players is answered, each while the flood goes on
    and before one second's worth of flood lines has been sent."""
    pool = case.pool
    rate = 10000
    flood = {'sent': 0, 'conns': [], 'start': time.monotonic()}

    def new_flooder():
        c = Conn(pool, case.host.sock, 'flooder')
        c.send(('%s\nhello %s\n' % (GREETING, case.code[('Blue', 'watch')])).encode())
        flood['conns'].append(c)
        return c

    flooder = new_flooder()
    marks = []  # (flood lines sent when a command went, when answered)
    table = Table({0: case.red, 1: case.blue}, cmds)
    sent_at = {}

    def after(i):
        marks.append((sent_at.get(i, 0), flood['sent']))

    table.after = after
    end = time.monotonic() + 120
    while not table.done() and time.monotonic() < end:
        due = int((time.monotonic() - flood['start']) * rate) - flood['sent']
        if flooder.closed:
            flooder = new_flooder()
        if due > 0 and flooder.seat is not None:
            n = min(due, 200)
            if flooder.send(b'ping\n' * n):
                flood['sent'] += n
        waiting = table.waiting
        table.step()
        if table.waiting and not waiting:
            sent_at[table.next] = flood['sent']
        pool.pump(0.002)
    # The flood goes on a little after the last answer.
    stop = flood['sent'] + 2000
    while flood['sent'] < stop and time.monotonic() < end:
        if flooder.closed:
            flooder = new_flooder()
        if flooder.seat is not None and flooder.send(b'ping\n' * 100):
            flood['sent'] += 100
        pool.pump(0.01)
    flooder.close()
    rep.ok(table.failure is None and table.next == len(cmds),
           'flood: Red and Blue played %d commands, every one answered ok'
           % table.next, table.failure)
    drops = [c for c in flood['conns'][:-1]]
    good = [c for c in drops if len(c.errors) == 1 and
            'more lines than a player types' in c.errors[0].get('text', '') and
            c.pongs <= 400]
    rep.ok(len(drops) >= 2 and len(good) == len(drops),
           'flood: %d flooding connections, each dropped with one error line after '
           'at most 400 answers (most: %d)' % (len(drops), max([c.pongs for c in drops] or [0])),
           [(c.pongs, c.errors) for c in drops if c not in good][:5])
    late = [(a, b) for a, b in marks if b - a >= rate]
    rep.ok(marks and not late,
           'flood: every command answered within fewer flood lines than one '
           'second of flood (most: %d)' % max([b - a for a, b in marks] or [0]), late[:5])
    rep.ok(marks and all(b < flood['sent'] for a, b in marks),
           'flood: every answer came while the flood went on (%d flood lines in all)'
           % flood['sent'])
    case.served('the flood')


def test_flood_behind(rep, case):
    """A watcher floods before it has read any of a record longer than
    its socket holds: dropped, and still sent its error line, last,
    once it reads."""
    host = case.host
    drops = host.log_text().count('more lines than a player types')
    c = Conn(case.pool, host.sock, 'flooder behind')
    case.pool.conns.remove(c)  # it reads nothing until it has flooded
    c.send(('%s\nhello %s\n' % (GREETING, case.code[('Blue', 'watch')])).encode())
    case.pool.wait(lambda: host.log_text().count('watches Blue') >
                   case.watches, 30, 'seat of the flooder')
    c.send(b'ping\n' * 450)
    case.pool.wait(lambda: host.log_text().count('more lines than a player types') >
                   drops, 30, 'the host to drop the flooder')
    c.sock.setblocking(True)
    c.sock.settimeout(30)
    while not c.closed:
        try:
            data = c.sock.recv(65536)
        except OSError:
            data = b''
        if not data:
            c.closed = True
        else:
            c._take(data)
    told = len(c.snapshot) + len(c.record)
    rep.ok(told > 50 and len(c.errors) == 1 and
           'more lines than a player types' in c.errors[0].get('text', '') and
           b'"type":"error"' in c.lines[-1],
           'flood from far behind: its error line came last, after %d lines of '
           'the picture and record' % told, [l[:120] for l in c.lines[-1:]])
    case.served('a flood from far behind')


def wire_log(net, host, c):
    """What MEDSIEGE_WIRE_LOG kept of what the host sent c."""
    role = c.seat['role']
    for f in os.listdir(net.wire):
        m = re.match(re.escape(host.game) + r'-(\d+)-(\w+)-(\w+)\.wire$', f)
        if m and int(m.group(1)) == host.client_id(c.seat['team'], role) and m.group(3) == role:
            with open(os.path.join(net.wire, f), 'rb') as fh:
                return fh.read()
    return None


def main():
    rep = Report()
    with Net('malformed', net_ms=NET_MS, wire_log=True) as net:
        pool = Pool()
        try:
            host = net.host(TUTORIAL, seed=1)
            red = Conn(pool, host.sock, 'Red')
            blue = Conn(pool, host.sock, 'Blue')
            host.seated(0, red.hello(host.seats[0]['play']) or {})
            host.seated(1, blue.hello(host.seats[1]['play']) or {})
            pool.wait(lambda: red.picture.turn and blue.picture.turn, 30, 'records')
            case = Case(rep, pool, host, red, blue)
            test_codes(rep, case)
            test_protocol(rep, case)
            test_long_lines(rep, case)
            test_bytes(rep, case)
            test_echo(rep, case)
            test_silence(rep, case)
            test_orders(rep, case)
            test_stalled(rep, case)
            # The flood: the script from its start, after 'move r3 e' was
            # given above (the script moves r3 by moveto, which still works).
            # After the stalled reader's chats, each flooding watcher
            # floods while far behind in a long record: its error line
            # must still reach it.
            test_flood(rep, case, SCRIPT['cmds'][:24])
            case.watches = host.log_text().count('watches Blue')
            test_flood_behind(rep, case)
            rep.ok(host.alive(), 'the host is still running')
            for c in (case.red, case.blue):
                c.sync()
                rep.ok(wire_log(net, host, c) == bytes(c.raw),
                       "the host's wire log of %s holds every byte it was sent, "
                       'the greeting first' % c.name)
                rep.ok(not c.bad_lines, '%s was sent only JSON lines' % c.name, c.bad_lines[:3])
                long = [l for l in c.lines if len(l) + 1 > LINE_MAX]
                rep.ok(not long, '%s was sent no line over %d bytes' % (c.name, LINE_MAX),
                       [l[:80] for l in long[:3]])
        except NetTimeout as e:
            rep.ok(False, 'timed out: %s' % e)
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host log', '\n'.join(crashes))
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
