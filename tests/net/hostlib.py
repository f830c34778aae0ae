"""hostlib.py: the program and its hosts, for the network tests
(tests/net/*.py) and benches (bench/*.py): where the source, the build
and the program are, and hosts started with `medsiege host --detach` in
a runtime and state folder of the test's own (Net), so that nothing
reaches the user's games and every host the test started can be found
and killed at the end, even when it fails; a Host is one of them: its
game, seats, socket, log and save.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from clientlib import GREETING, NetError

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get('abs_top_srcdir') or os.path.dirname(os.path.dirname(HERE))
BUILDDIR = os.environ.get('abs_top_builddir') or SRCDIR
BIN = os.environ.get('MEDSIEGE') or os.path.join(BUILDDIR, 'medsiege')

# What a sanitizer or a crash leaves in a host's log.
CRASH_RE = re.compile(r'ERROR: AddressSanitizer|runtime error:|'
                      r'ERROR: LeakSanitizer|Segmentation fault|Aborted')


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
