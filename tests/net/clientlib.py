"""clientlib.py: raw protocol clients for the network tests
(tests/net/*.py) and benches (bench/*.py): in this process (Conn) or,
where a client is to be killed with SIGKILL, in a process of their own
(ProcConn, this file run as `clientlib.py relay`), read together by a
Pool; the protocol's greeting and line types, and the errors a test
cannot go on from.
"""

import json
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

from recordlib import Picture

GREETING = 'medsiege-proto 1'
LINE_MAX = 4096  # bytes, the newline included
# Lines of a team's record (wire.h), and the lines a host says to one
# connection only.
RECORD_TYPES = {'setup', 'about', 'team', 'unittype', 'goalset', 'start',
                'terrain', 'cells', 'view', 'mem', 'unit', 'turn', 'goal',
                'event', 'chat'}
SESSION_TYPES = {'seat', 'ok', 'refused', 'pong', 'error', 'bye', 'info', 'alert',
                 'said'}


class NetTimeout(Exception):
    pass


class NetError(Exception):
    pass


def greet(cred):
    """The greeting and the line that takes a seat: cred is a seat key or
    a watch code ('hello CODE'), or a claim ('claim TEAM ...')."""
    line = cred if cred.startswith('claim') else 'hello ' + cred
    return ('%s\n%s\n' % (GREETING, line)).encode()


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
    """A raw client in a process of its own (clientlib.py relay), so that it
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
    """clientlib.py relay SOCKET FILE: a raw client process for ProcConn."""
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


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'relay':
        relay_main(sys.argv[2], sys.argv[3])
    else:
        sys.exit('usage: clientlib.py relay SOCKET FILE')
