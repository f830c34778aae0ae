#!/usr/bin/env python3
"""Fairness on the wire: what Red cannot see changes no byte the host sends
Red. The fixtures tests/data/fog-{a,b,c}.yaml are one gatehouse battle but
for Blue's units Red cannot see (as shipped; moved and one added; removed).
Each is hosted with the same seed; a Red player, a Red watcher and a Blue
player play the same Red commands, while Blue moves its hidden units
differently in each. Every byte sent to Red's player, and to Red's watcher,
must be the same in the three games (only the game's name, its random tag,
and the host's record id differ and are masked); the watcher is sent what
the player is, less the answers to the player's own commands; and Blue's
bytes must differ (the test would prove nothing if Blue's game did not)."""
import json, os, re, signal, socket, subprocess, sys, tempfile, time

top = os.environ.get("abs_top_srcdir") or os.path.join(os.path.dirname(__file__), "..")
build = os.environ.get("abs_top_builddir") or os.getcwd()
medsiege = os.path.join(build, "medsiege")
fog = os.path.join(top, "tests", "data")

# Two families of fixtures, each one battle with Blue's units that Red
# cannot see moved, added or removed. Gatehouse (fog-a/b/c): Red's first
# turn (moves, a turn, an undone move, a shot, the steps), Blue's turn,
# Red's next step. The melee field (melee-fog-a/b/c): Red's first turn of
# steps and a step back, Blue's turn, Red's next turn.
FAMILIES = {
    "fog": {
        "red": ["move r3 n", "move r3 ne", "face r3 e", "undo", "move r1 n n",
                "move r8 n", "move r7 n", "bogus line", "end", "shoot r5 b1",
                "shoot r6 b2", "end", "end"],
        # Blue's turn: its hidden units move, differently in each fixture.
        "blue": {
            "fog-a": ["move b6 e e", "move b7 s", "end", "end", "end"],
            "fog-b": ["move b6 w", "move b7 e e", "move b8 s s", "end", "end", "end"],
            "fog-c": ["end", "end", "end"],
        },
        # Red again: the next round's first step, to read what Blue's
        # turn told.
        "red2": ["move r3 n", "end", "end", "end"],
    },
    "melee-fog": {
        "red": ["move r3 w", "bogus line", "move r3 e", "undo", "end", "end", "end"],
        "blue": {
            "melee-fog-a": ["move b2 n", "end", "end", "end"],
            "melee-fog-b": ["move b2 s", "move b3 n", "end", "end", "end"],
            "melee-fog-c": ["end", "end", "end"],
        },
        "red2": ["move r3 w", "end", "end", "end"],
    },
}

fails = 0


def fail(msg):
    global fails
    fails += 1
    print("not ok -", msg)


class Client:
    def __init__(self, path, line):
        self.s = socket.socket(socket.AF_UNIX)
        self.s.connect(path)
        self.buf = b""
        self.s.sendall(b"medsiege-proto 1\n" + line.encode() + b"\n")
        # The greeting, then the seat (the record follows).
        self.line()
        self.seat = json.loads(self.line())
        if self.seat.get("type") != "seat":
            raise RuntimeError("no seat: %r" % self.seat)

    def line(self, timeout=20):
        end = time.time() + timeout
        while b"\n" not in self.buf:
            self.s.settimeout(max(0.01, end - time.time()))
            data = self.s.recv(65536)
            if not data:
                raise EOFError("host closed")
            self.buf += data
        l, self.buf = self.buf.split(b"\n", 1)
        return l.decode()

    def command(self, cmd):
        self.s.sendall(cmd.encode() + b"\n")
        while True:
            l = self.line()
            if l.startswith("{"):
                o = json.loads(l)
                if o.get("type") in ("ok", "refused") and o.get("line") == cmd:
                    return o

    def close(self):
        try:
            self.s.sendall(b"bye\n")
        except OSError:
            pass
        self.s.close()


def stop_host(game, work):
    """The host's pid ends its log's line saying it started, in the
    game's folder."""
    log = os.path.join(work, "state", "medsiege", "games", game, "log")
    try:
        pids = re.findall(r", pid (\d+)$", open(log, errors="replace").read(), re.M)
        pid = int(pids[-1])
        os.kill(pid, signal.SIGTERM)
        for _ in range(250):
            os.kill(pid, 0)
            time.sleep(0.02)
    except (OSError, ValueError, IndexError):
        pass


def host(fixture, work):
    env = dict(os.environ)
    env["XDG_RUNTIME_DIR"] = os.path.join(work, "run")
    env["XDG_STATE_HOME"] = os.path.join(work, "state")
    env["MEDSIEGE_GROUP_ROOT"] = work
    env["MEDSIEGE_WIRE_LOG"] = os.path.join(work, "wire")
    for d in ("run", "state", "wire"):
        os.makedirs(os.path.join(work, d), mode=0o700, exist_ok=True)
    os.environ["XDG_RUNTIME_DIR"] = env["XDG_RUNTIME_DIR"]
    out = subprocess.run([medsiege, "host", os.path.join(fog, fixture + ".yaml"),
                          "--seed", "5", "--detach"], env=env, capture_output=True,
                         text=True, timeout=30)
    if out.returncode != 0:
        raise RuntimeError("host: " + out.stderr)
    game = re.search(r"Hosting (\S+)", out.stdout).group(1)
    sock = os.path.join(work, "run", "medsiege", game + ".sock")
    return game, sock


def play(family, fixture, work):
    game, sock = host(fixture, work)
    # Red is the starter's seat (bound to this uid); its seat line tells
    # Red's watch code; Blue is claimed with a seat key.
    red = Client(sock, "claim Red")
    watch = Client(sock, "hello " + red.seat["watch"])
    blue = Client(sock, "claim Blue key")
    answers = []
    for c in family["red"]:
        answers.append(red.command(c))
    for c in family["blue"][fixture]:
        o = blue.command(c)
        if o["type"] != "ok":
            fail(f"{fixture}: Blue's {c!r} refused: {o.get('why')}")
    for c in family["red2"]:
        answers.append(red.command(c))
    # Everything sent is in the wire logs once the host has flushed it:
    # ask for a pong on each, which comes after all of it.
    for cl in (red, watch, blue):
        cl.s.sendall(b"ping\n")
        while '"pong"' not in cl.line():
            pass
    for cl in (red, watch, blue):
        cl.close()
    stop_host(game, work)
    logs = {}
    wire = os.path.join(work, "wire")
    for f in os.listdir(wire):
        m = re.match(re.escape(game) + r"-\d+-(\w+)-(\w+)\.wire$", f)
        if m:
            logs[(m.group(1), m.group(2))] = open(os.path.join(wire, f), "rb").read()
    # The game's name, its record id and the secrets of the seat line
    # (random in each game) are masked.
    mask = lambda b: re.sub(rb'"(watch|key)":"[^"]*"', rb'"\1":"XXXX"',
                            re.sub(rb'"record":"[0-9a-z]{4}"', b'"record":"XXXX"',
                                   b.replace(game.encode(), b"GAME")))
    return {k: mask(v) for k, v in logs.items()}, answers


def check_family(name, family, tmp):
    fixtures = sorted(family["blue"])
    results = {}
    for fx in fixtures:
        work = os.path.join(tmp, fx)
        os.makedirs(work)
        try:
            results[fx] = play(family, fx, work)
        except Exception as e:  # a broken game is a failure, not a crash
            fail(f"{fx}: {e}")
            return
    first = fixtures[0]
    a = results[first][0]
    for key in (("Red", "play"), ("Red", "watch"), ("Blue", "play")):
        if key not in a:
            fail(f"no wire log for {key}")
    if fails:
        return
    for fx in fixtures[1:]:
        for key in (("Red", "play"), ("Red", "watch")):
            if results[fx][0].get(key) != a[key]:
                x, y = a[key].split(b"\n"), results[fx][0].get(key, b"").split(b"\n")
                at = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]),
                             min(len(x), len(y)))
                fail(f"{fx}: Red's {key[1]} bytes differ from {first}'s at line "
                     f"{at + 1}:\n  {first}: {x[at][:300] if at < len(x) else b''}\n"
                     f"  {fx}: {y[at][:300] if at < len(y) else b''}")
            else:
                print(f"ok - {fx}: Red's {key[1]} bytes are {first}'s ({len(a[key])} bytes)")
        if results[fx][0].get(("Blue", "play")) == a[("Blue", "play")]:
            fail(f"{fx}: Blue's bytes are {first}'s: the fixtures prove nothing")
    # The watcher reads what the player reads, less the answers to the
    # player's own commands and the team's watch code (told its player).
    strip = lambda b: b"\n".join(l for l in b.split(b"\n")
                                 if not re.match(rb'\{"type":"(ok|refused)"', l)
                                 ).replace(b'"role":"play"', b'"role":"watch"'
                                 ).replace(b',"watch":"XXXX"', b'')
    if strip(a[("Red", "play")]) != a[("Red", "watch")]:
        fail(f"{name}: Red's watcher is not sent what Red's player is")
    else:
        print(f"ok - {name}: Red's watcher is sent what Red's player is")
    # Refusals go to their issuer only; the seed never goes anywhere.
    if b'"refused"' not in a[("Red", "play")]:
        fail("Red's refused line was not answered to Red")
    for key, data in a.items():
        if key != ("Red", "play") and b"bogus" in data:
            fail(f"Red's refusal reached {key}")
        if re.search(rb'"seed"|seed 5', data):
            fail(f"the seed reached {key}")
        for l in data.split(b"\n"):
            if len(l) + 1 > 4096:
                fail(f"a line of {len(l) + 1} bytes to {key}")


def main():
    if not os.access(medsiege, os.X_OK):
        print("1..0 # SKIP no medsiege binary")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, family in FAMILIES.items():
            check_family(name, family, tmp)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
