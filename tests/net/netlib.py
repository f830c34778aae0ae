"""netlib.py: shared by the network tests (tests/net/*.py) and bench/net.sh.

Real processes only: hosts started with `medsiege host --detach` in a
runtime and state folder of the test's own (so nothing reaches the user's
games and every host the test started can be found and killed at the
end, even when it fails), and raw protocol clients: in this process
(Conn) or, where a client is to be killed with SIGKILL, in a process of
their own (ProcConn, this file run as `netlib.py relay`). A Picture is a
team's picture of the game rebuilt from its record, to compare the
records two connections were sent.
"""

import json
import os
import random
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get('abs_top_srcdir') or os.path.dirname(os.path.dirname(HERE))
BUILDDIR = os.environ.get('abs_top_builddir') or SRCDIR
BIN = os.environ.get('MEDSIEGE') or os.path.join(BUILDDIR, 'medsiege')

GREETING = 'medsiege-proto 1'
LINE_MAX = 4096  # bytes, the newline included
# Lines of a team's record (wire.h), and the lines a host says to one
# connection only.
RECORD_TYPES = {'setup', 'about', 'team', 'unittype', 'goalset', 'start',
                'terrain', 'cells', 'view', 'mem', 'unit', 'turn', 'goal',
                'event', 'chat'}
SESSION_TYPES = {'seat', 'ok', 'refused', 'pong', 'error', 'bye', 'info', 'alert',
                 'said'}
# What a sanitizer or a crash leaves in a host's log.
CRASH_RE = re.compile(r'ERROR: AddressSanitizer|runtime error:|'
                      r'ERROR: LeakSanitizer|Segmentation fault|Aborted')


class NetTimeout(Exception):
    pass


class Report:
    """TAP-like lines, as the shell tests print them."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self, cond, what, detail=None):
        if cond:
            self.passed += 1
            print('ok - ' + what)
        else:
            self.failed += 1
            print('not ok - ' + what)
            if detail:
                for line in str(detail).splitlines()[:40]:
                    print('#   ' + line)
        sys.stdout.flush()
        return bool(cond)

    def note(self, text):
        print('# ' + text)
        sys.stdout.flush()

    def done(self):
        print('# %d passed, %d failed' % (self.passed, self.failed))
        return 1 if self.failed else 0


def _stop(signum, frame):
    raise SystemExit(128 + signum)


class Net:
    """A private runtime folder (sockets, host logs) and state folder
    (saves) for one test; close() kills every host started in them."""

    def __init__(self, name, net_ms=None, wire_log=False, base=None):
        base = base or os.environ.get('TMPDIR') or '/tmp'
        self.dir = tempfile.mkdtemp(prefix='medsiege-%s.' % name, dir=base)
        self.run = os.path.join(self.dir, 'run')
        self.state = os.path.join(self.dir, 'state')
        os.mkdir(self.run, 0o700)
        os.mkdir(self.state, 0o700)
        self.sockdir = os.path.join(self.run, 'medsiege')
        self.env = dict(os.environ)
        self.env['XDG_RUNTIME_DIR'] = self.run
        self.env['XDG_STATE_HOME'] = self.state
        self.env.pop('MEDSIEGE_WIRE_LOG', None)
        self.env.pop('MEDSIEGE_TEST_NET_MS', None)
        if net_ms:
            self.env['MEDSIEGE_TEST_NET_MS'] = str(net_ms)
        self.wire = None
        if wire_log:
            self.wire = os.path.join(self.dir, 'wire')
            os.mkdir(self.wire, 0o700)
            self.env['MEDSIEGE_WIRE_LOG'] = self.wire
        self.children = []
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, _stop)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def medsiege(self, *args, timeout=120, stdin=None):
        """Run the program to its end: (exit status, stdout, stderr)."""
        p = subprocess.run([BIN] + [str(a) for a in args], env=self.env,
                           input=stdin, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr

    def host(self, scenario=None, seed=None, args=(), resume=None, seats=None):
        """Start a detached host; the Host, or NetError with its words.
        A new game's seats are claimed at once, as its players would: the
        starter's (the first team a person plays) is bound to this uid,
        each other one to a seat key; resume (the game's name) wakes a
        sleeping game, whose seats are those given."""
        if resume:
            cmd = ['host', '--resume', resume, '--detach']
        else:
            cmd = ['host', scenario, '--detach']
            if seed is not None:
                cmd += ['--seed', seed]
        st, out, err = self.medsiege(*(cmd + list(args)))
        if st != 0:
            raise NetError('medsiege %s: exit %d: %s' % (' '.join(map(str, cmd)), st,
                                                       err.strip()))
        host = Host.parse(self, out)
        if seats is not None:
            host.seats = seats
        else:
            host.claim_seats()
        return host

    def store(self):
        """The folder of this test's hosted games."""
        return os.path.join(self.state, 'medsiege', 'games')

    def logs(self):
        """Every hosted game's log."""
        d = self.store()
        if not os.path.isdir(d):
            return []
        return sorted(os.path.join(d, g, 'log') for g in os.listdir(d)
                      if os.path.exists(os.path.join(d, g, 'log')))

    def host_pids(self):
        """Hosts started in this folder that still run (checked by their
        environment, so that a reused pid is never taken for one)."""
        pids = set()
        for log in self.logs():
            with open(log, errors='replace') as f:
                for m in re.finditer(r', pid (\d+)$', f.read(), re.M):
                    pid = int(m.group(1))
                    if ours(pid, self.run):
                        pids.add(pid)
        return pids

    def crash_reports(self):
        """Sanitizer reports or crashes in the hosts' logs."""
        found = []
        for log in self.logs():
            with open(log, errors='replace') as f:
                for line in f:
                    if CRASH_RE.search(line):
                        found.append('%s: %s' % (log, line.strip()))
        return found

    def saves(self):
        d = os.path.join(self.state, 'medsiege')
        if not os.path.isdir(d):
            return []
        return sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith('.save'))

    def close(self):
        self.kill_hosts()
        if os.environ.get('MEDSIEGE_TEST_KEEP'):
            print('# kept %s' % self.dir)
        else:
            shutil.rmtree(self.dir, ignore_errors=True)

    def kill_hosts(self):
        """SIGKILL every process this test started, hosts included."""
        for p in self.children:
            if p.poll() is None:
                p.kill()
            p.wait()
        self.children = []
        for _ in range(3):
            pids = self.host_pids()
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.1)


class NetError(Exception):
    pass


def ours(pid, rundir):
    """Whether pid is a medsiege process whose XDG_RUNTIME_DIR is rundir."""
    try:
        with open('/proc/%d/environ' % pid, 'rb') as f:
            env = f.read().split(b'\0')
        with open('/proc/%d/stat' % pid) as f:
            if f.read().split(') ')[-1].startswith('Z'):
                return False  # a zombie holds no socket
    except OSError:
        return False
    return ('XDG_RUNTIME_DIR=' + rundir).encode() in env


def greet(cred):
    """The greeting and the line that takes a seat: cred is a seat key or
    a watch code ('hello CODE'), or a claim ('claim TEAM ...')."""
    line = cred if cred.startswith('claim') else 'hello ' + cred
    return ('%s\n%s\n' % (GREETING, line)).encode()


class Host:
    """A host started by Net.host: its game, seats, socket, log and save.
    Each seat: its team, how its player takes it ('play': a claim line
    for the starter's, a seat key for the others; None for a computer's)
    and its watch code."""

    def __init__(self, net, game, starter):
        self.net = net
        self.game = game
        self.starter = starter  # the starter's team, or None
        self.seats = []  # [{'team': name, 'play': cred or None, 'watch': code}]
        self.sock = os.path.join(net.sockdir, game + '.sock')
        self.dir = os.path.join(net.store(), game)
        self.log = os.path.join(self.dir, 'log')

    @classmethod
    def parse(cls, net, out):
        game = re.search(r'^Hosting (\S+) \(', out, re.M)
        mine = re.search(r'^  your seat: (.+)$', out, re.M)
        if not game:
            raise NetError('medsiege host said no game: %r' % out)
        return cls(net, game.group(1), mine.group(1) if mine else None)

    def exchange(self, line, timeout=30):
        """One connection of its own: the greeting and line sent, the
        host's second line (after its greeting) read, as text."""
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(timeout)
        s.connect(self.sock)
        s.sendall(('%s\n%s\n' % (GREETING, line)).encode())
        data = b''
        while data.count(b'\n') < 2:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        s.close()
        lines = data.split(b'\n')
        return lines[1].decode(errors='replace') if len(lines) > 1 else ''

    def info(self):
        return json.loads(self.exchange('info'))

    def claim_seats(self):
        """How each seat is to be taken: the starter's is bound to this
        uid ('claim TEAM'), each other one a person plays is claimed with
        a seat key by its first player ('claim TEAM key'), whose seat line
        then tells the key (seated() keeps it) and the team's watch code."""
        self.seats = []
        for seat in self.info()['seats']:
            team = seat['team']
            if seat['computer']:
                play = None
            elif team == self.starter:
                play = 'claim %s' % team
            else:
                play = 'claim %s key' % team
            self.seats.append({'team': team, 'play': play, 'watch': None})
        return self.seats

    def seated(self, t, seat):
        """Keep what a player's seat line told: the seat key (its way
        back) and the team's watch code."""
        if seat.get('key'):
            self.seats[t]['play'] = seat['key']
        if seat.get('watch'):
            self.seats[t]['watch'] = seat['watch']

    def codes(self):
        return [(s['play'], s['watch']) for s in self.seats]

    def team_index(self, name):
        return [s['team'] for s in self.seats].index(name)

    def pid(self):
        with open(self.log, errors='replace') as f:
            pids = re.findall(r', pid (\d+)$', f.read(), re.M)
        return int(pids[-1]) if pids else None

    def alive(self):
        pid = self.pid()
        return pid is not None and ours(pid, self.net.run)

    def kill(self, sig=signal.SIGKILL):
        pid = self.pid()
        if pid is not None and ours(pid, self.net.run):
            os.kill(pid, sig)

    def wait_gone(self, timeout=30):
        end = time.monotonic() + timeout
        while self.alive():
            if time.monotonic() > end:
                return False
            time.sleep(0.05)
        return True

    def save(self):
        """The save the game goes on in: the newest in its folder."""
        best = None
        for name in os.listdir(self.dir):
            if name.endswith('.save'):
                path = os.path.join(self.dir, name)
                mtime = os.stat(path).st_mtime_ns
                if best is None or mtime >= best[0]:
                    best = (mtime, path)
        return best[1] if best else None

    def log_text(self):
        with open(self.log, errors='replace') as f:
            return f.read()

    def client_id(self, team, role='play'):
        """The newest connection the log shows seated for team and role."""
        verb = 'plays' if role == 'play' else 'watches'
        ids = re.findall(r'client (\d+) \(uid \d+\) %s %s$' % (verb, re.escape(team)),
                         self.log_text(), re.M)
        return int(ids[-1]) if ids else None

    def left(self, client_id):
        """Whether the log shows that connection gone."""
        return re.search(r'^\S+ \S+ client %d \(.*\) leaves: ' % client_id,
                         self.log_text(), re.M) is not None


# --- clients -------------------------------------------------------------


class Picture:
    """A team's picture of the game as its record tells it: what the
    screen of a client would be made from."""

    def __init__(self):
        self.setup = []
        self.palette = {}
        self.cells = {}
        self.view = {}
        self.mem = {}
        self.units = {}
        self.turn = None
        self.goals = {}
        self.events = []
        self.chats = []

    def apply(self, o, text):
        t = o.get('type')
        if t in ('setup', 'about', 'team', 'unittype', 'goalset', 'start'):
            self.setup.append(text)
        elif t == 'terrain':
            entry = dict(o)
            del entry['type'], entry['k']
            self.palette[o['k']] = json.dumps(entry, sort_keys=True)
        elif t == 'cells':
            for i, k in enumerate(o['k']):
                self.cells[(o['x'] + i, o['y'])] = self.palette[k]
        elif t == 'view':
            self.view[o['y']] = o['v']
        elif t == 'mem':
            self.mem[o['y']] = o['s']
        elif t == 'unit':
            # As a player's side keeps it: what a line leaves out (the
            # place of a unit out of sight) stays as last told.
            unit = self.units.setdefault(o['id'], {})
            unit.update(o)
        elif t == 'turn':
            self.turn = o
        elif t == 'goal':
            self.goals[o['i']] = o['progress']
        elif t == 'event':
            self.events.append(text)
        elif t == 'chat':
            self.chats.append(text)

    def state(self):
        """The picture as a screen holds it: a row with nothing seen or
        remembered is no row, a goal with no progress none."""
        view = {y: v for y, v in self.view.items() if v.strip('0')}
        mem = {y: m for y, m in self.mem.items() if m.strip(' ')}
        goals = {i: p for i, p in self.goals.items() if p}
        return {'setup': self.setup, 'cells': self.cells, 'view': view,
                'mem': mem, 'units': self.units, 'turn': self.turn,
                'goals': goals, 'events': self.events, 'chats': self.chats}

    def differences(self, other):
        """What differs from another picture, in words (empty: the same).
        A connection that joined late was told the recent events and chat
        only: of those, the shorter list must be the end of the longer."""
        a, b = self.state(), other.state()
        out = []
        for k in a:
            if a[k] == b[k]:
                continue
            if k in ('events', 'chats'):
                short, long_ = sorted((a[k], b[k]), key=len)
                if long_[len(long_) - len(short):] == short:
                    continue
            if isinstance(a[k], dict):
                keys = sorted(set(a[k]) | set(b[k]), key=str)
                diff = [x for x in keys if a[k].get(x) != b[k].get(x)]
                out.append('%s differ at %s: %r / %r' % (
                    k, diff[0], a[k].get(diff[0]), b[k].get(diff[0])))
            elif isinstance(a[k], list):
                n = next((i for i, (x, y) in enumerate(zip(a[k], b[k])) if x != y),
                         min(len(a[k]), len(b[k])))
                out.append('%s differ at %d of %d/%d: %r / %r' % (
                    k, n, len(a[k]), len(b[k]), a[k][n:n + 1], b[k][n:n + 1]))
            else:
                out.append('%s: %r / %r' % (k, a[k], b[k]))
        return out


def same_record(part, whole, prefix=False):
    """Whether connection part was sent the lines of connection whole's
    record from where part's began (all of whole's, or with prefix, the
    beginning of them): both joined the same record at their own line."""
    if prefix and not part.record:
        return True  # gone before the record began: nothing to differ
    off = part.base - whole.base
    if off < 0:
        return False
    ref = whole.record[off:]
    return ref[:len(part.record)] == part.record if prefix else ref == part.record


class Conn:
    """A raw protocol client in this process: every byte it was sent
    (raw), its lines, the record among them and the picture they make,
    and the host's answers to it."""

    def __init__(self, pool, path, name=''):
        self.pool = pool
        self.name = name
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.setblocking(False)
        self._init_state()
        pool.add(self)

    def _init_state(self):
        self.buf = b''
        self.raw = bytearray()
        self.lines = []        # every whole line received, as bytes
        self.record = []       # the record's lines (text), in order
        self.picture = Picture()
        self.answers = []      # ok and refused lines (objects)
        self.pongs = 0
        self.errors = []       # error and bye lines (objects)
        self.alerts = []       # what the host said of the game's save (text)
        self.seat = None
        self.snapshot_left = 0 # lines of a join's snapshot still to come
        self.snapshot = []     # its lines (text): not the record's
        self.base = 0          # the record's line its lines begin at
        self.said = []         # the player's own orders, told on joining
        self.greeted = False
        self.bad_lines = []    # lines that are not what the protocol says
        self.closed = False
        self.sent = []         # command and session lines sent (text)

    def fileno(self):
        return self.sock.fileno()

    def _take(self, data):
        self.raw += data
        self.buf += data
        while b'\n' in self.buf:
            line, self.buf = self.buf.split(b'\n', 1)
            self._line(line)

    def _line(self, line):
        self.lines.append(line)
        if not self.greeted:
            self.greeted = True
            if line.decode(errors='replace') == GREETING:
                return
        try:
            text = line.decode('utf-8')
            o = json.loads(text)
            t = o.get('type') if isinstance(o, dict) else None
        except (UnicodeDecodeError, ValueError):
            self.bad_lines.append(line)
            return
        if t in RECORD_TYPES or (t == 'said' and self.snapshot_left):
            if self.snapshot_left:
                self.snapshot_left -= 1
                self.snapshot.append(text)
            else:
                self.record.append(text)
            if t == 'said':
                self.said.append(o)
            else:
                self.picture.apply(o, text)
        elif t in ('ok', 'refused'):
            self.answers.append(o)
        elif t == 'pong':
            self.pongs += 1
        elif t in ('error', 'bye'):
            self.errors.append(o)
        elif t == 'seat':
            self.seat = o
            self.base = o.get('from', 0)
            self.snapshot_left = o.get('snapshot', 0)
        elif t == 'alert':
            self.alerts.append(o.get('text', ''))
        elif t != 'info':
            self.bad_lines.append(line)

    def pump(self):
        """Take what the socket has; False once it is closed."""
        if self.closed:
            return False
        while True:
            try:
                data = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                return True
            except OSError:
                data = b''
            if not data:
                self.closed = True
                self.sock.close()
                return False
            self._take(data)

    def send(self, data):
        """Send bytes (all of them, unless the host closed): True when sent."""
        view = memoryview(data)
        while view:
            if self.closed:
                return False
            try:
                n = self.sock.send(view)
                view = view[n:]
            except (BlockingIOError, InterruptedError):
                self.pool.pump(0.01)
            except OSError:
                self.pump()
                return False
        return True

    def say(self, text):
        """Send one line."""
        self.sent.append(text)
        return self.send(text.encode() + b'\n')

    def hello(self, code, timeout=30):
        """Greet and take the seat (a code, or a claim: see greet): the
        seat line, or None with the host's error in self.errors."""
        self.send(greet(code))
        self.pool.wait(lambda: self.seat is not None or self.closed, timeout,
                       'seat for %s' % self.name)
        return self.seat

    def answer(self, n, timeout=30):
        """The n-th answer (0-based) once it has come."""
        self.pool.wait(lambda: len(self.answers) > n or self.closed, timeout,
                       'answer %d for %s' % (n, self.name))
        return self.answers[n] if len(self.answers) > n else None

    def command(self, line, timeout=30):
        """Send a line and wait for its ok or refused."""
        n = len(self.answers)
        self.say(line)
        return self.answer(n, timeout)

    def ping(self, timeout=30):
        n = self.pongs
        self.say('ping')
        self.pool.wait(lambda: self.pongs > n or self.closed, timeout,
                       'pong for %s' % self.name)
        return self.pongs > n

    def sync(self, timeout=60):
        """Until the client has every line of its record that the host
        holds now: pings until one is answered with no record line come
        since the last answer (the host sends a record ahead of the
        answers only so far, so one pong alone does not tell), a join's
        snapshot whole."""
        end = time.monotonic() + timeout
        while True:
            n = len(self.record) + len(self.snapshot)
            if not self.ping(max(1, end - time.monotonic())):
                return False
            if len(self.record) + len(self.snapshot) == n and not self.snapshot_left:
                return True
            if time.monotonic() > end:
                raise NetTimeout('%s never caught up with its record' % self.name)

    def close(self):
        if not self.closed:
            self.closed = True
            self.sock.close()


class ProcConn(Conn):
    """A raw client in a process of its own (netlib.py relay), so that it
    can be killed with SIGKILL at any moment: what it is sent goes to a
    file, what it is to send comes through a pipe, and it says when it
    has sent it."""

    def __init__(self, pool, net, path, name=''):
        self.pool = pool
        self.name = name
        self.net = net
        fd, self.out = tempfile.mkstemp(prefix='relay.', dir=net.dir)
        os.close(fd)
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), 'relay', path, self.out],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        net.children.append(self.proc)
        self.ctl = b''
        self.acks = 0
        self.eof = False
        self.offset = 0
        os.set_blocking(self.proc.stdout.fileno(), False)
        self._init_state()
        pool.add(self)
        self.pool.wait(lambda: self.acks > 0 or self.proc.poll() is not None, 30,
                       'relay of %s connected' % name)
        if self.acks == 0:
            raise NetError('the relay could not connect to %s' % path)
        self.acks = 0

    def fileno(self):
        return self.proc.stdout.fileno()

    def _control(self):
        try:
            data = os.read(self.proc.stdout.fileno(), 4096)
        except BlockingIOError:
            data = None
        if data == b'':
            self.eof = True
        elif data:
            self.ctl += data
            while b'\n' in self.ctl:
                word, self.ctl = self.ctl.split(b'\n', 1)
                if word in (b'sent', b'connected'):
                    self.acks += 1
                elif word == b'eof':
                    self.eof = True

    def pump(self):
        if not self.eof:
            self._control()
        with open(self.out, 'rb') as f:
            f.seek(self.offset)
            data = f.read()
        self.offset += len(data)
        if data:
            self._take(data)
        if self.eof and not self.closed and not data:
            self.closed = True
        return not self.closed

    def send(self, data, wait=True):
        """Have the relay send these bytes; with wait, until it says it
        has (the bytes are then in the host's socket)."""
        if self.closed or self.proc.poll() is not None:
            return False
        n = self.acks
        try:
            self.proc.stdin.write(b'S ' + data.hex().encode() + b'\n')
            self.proc.stdin.flush()
        except BrokenPipeError:
            return False
        if wait:
            self.pool.wait(lambda: self.acks > n or self.closed or
                           self.proc.poll() is not None, 30, 'relay sent')
        return self.acks > n

    def kill(self):
        """SIGKILL the client process, then take what it had been sent."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.eof = True
        self.pump()
        self.closed = True

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()
        self.eof = True
        self.pump()
        self.closed = True


def relay_main(path, out):
    """netlib.py relay SOCKET FILE: a raw client process for ProcConn."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    sink = open(out, 'ab', buffering=0)
    os.write(1, b'connected\n')
    pending = b''
    stdin_open = True
    while stdin_open or s is not None:
        fds = ([0] if stdin_open else []) + ([s] if s is not None else [])
        readable, _, _ = select.select(fds, [], [])
        if s is not None and s in readable:
            try:
                data = s.recv(65536)
            except OSError:
                data = b''
            if data:
                sink.write(data)
            else:
                s.close()
                s = None
                os.write(1, b'eof\n')
        if 0 in readable:
            chunk = os.read(0, 65536)
            if not chunk:
                stdin_open = False
                if s is not None:
                    s.close()
                    s = None
                continue
            pending += chunk
            while b'\n' in pending:
                cmd, pending = pending.split(b'\n', 1)
                if cmd.startswith(b'S ') and s is not None:
                    try:
                        s.sendall(bytes.fromhex(cmd[2:].decode()))
                    except OSError:
                        pass
                os.write(1, b'sent\n')


class Pool:
    """Every open client of a test, read together so that none stalls."""

    def __init__(self):
        self.conns = []

    def add(self, c):
        self.conns.append(c)

    def pump(self, timeout=0.05):
        live = [c for c in self.conns if not c.closed]
        self.conns = live
        if not live:
            time.sleep(timeout)
            return
        try:
            readable, _, _ = select.select(live, [], [], timeout)
        except (ValueError, OSError):
            readable = live
        files = [c for c in live if isinstance(c, ProcConn)]
        for c in set(readable) | set(files):
            c.pump()

    def wait(self, pred, timeout, what):
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise NetTimeout('no %s within %d s' % (what, timeout))
            self.pump(0.02)


# --- scripts and games ---------------------------------------------------


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


def told_end(conn):
    """The end of the game as a team's record told it: (the winner's
    name or None, the result), or None while it was not told over."""
    turn = conn.picture.turn
    if not turn or not turn.get('over'):
        return None
    teams = [json.loads(l)['name'] for l in conn.picture.setup if '"type":"team"' in l]
    w = turn.get('winner', -1)
    return (teams[w] if 0 <= w < len(teams) else None), turn.get('result')


def final_state(out):
    """The state line that ends `medsiege run --json` output."""
    lines = out.splitlines()
    return json.loads(lines[-1]) if lines else {}


def run_json(net, *args):
    """`medsiege run ... --json`: (status, output)."""
    st, out, err = net.medsiege('run', *args, '--json')
    return st, out


def seeded_rng(name, default):
    """A random source for a test's random moments, repeatable: the seed
    from MEDSIEGE_NET_SEED, else a fixed one, printed."""
    seed = int(os.environ.get('MEDSIEGE_NET_SEED', default))
    print('# %s: random moments from seed %d (MEDSIEGE_NET_SEED=%d repeats them)'
          % (name, seed, seed))
    return random.Random(seed)


def fault_plan(rep, rng, ncmds, kills, modes, what):
    """Which commands a fault comes before, and how: kills distinct
    commands after the first, the modes taken in turn. Noted in the
    report, so a failure says where the faults were."""
    picks = sorted(rng.sample(range(1, ncmds), kills))
    plan = {i: modes[k % len(modes)] for k, i in enumerate(picks)}
    rep.note('%s before commands: %s' % (what, ', '.join(
        '%d %s' % (i + 1, m) for i, m in sorted(plan.items()))))
    return plan


def fault_test(name, seed, script, kills, modes, what, faulty):
    """The frame of a test that kills things during a game: the faults
    planned (seeded), the script played with no faults and its save
    replayed by `medsiege run --json` to the game's end, then
    faulty(rep, net, pool, rng, plan, host, seats, run) with that game's
    host, {team: player} and run output; the hosts' logs read for
    crashes last. The exit status."""
    rep = Report()
    rng = seeded_rng(name, seed)
    plan = fault_plan(rep, rng, len(script['cmds']), kills, modes, what)
    with Net(name) as net:
        pool = Pool()
        try:
            host, seats, _ = play_clean(net, pool, script)
            st, run = run_json(net, host.save())
            rep.ok(st == 0 and final_state(run).get('over'),
                   'without faults: %s played to its end over the network' % script['name'])
            faulty(rep, net, pool, rng, plan, host, seats, run)
        except NetTimeout as e:
            rep.ok(False, 'timed out: %s' % e)
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host logs', '\n'.join(crashes))
    return rep.done()


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'relay':
        relay_main(sys.argv[2], sys.argv[3])
    else:
        sys.exit('usage: netlib.py relay SOCKET FILE')
