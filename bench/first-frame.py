#!/usr/bin/env python3
"""Start-up time of the terminal game alone: the time from starting it on a
fresh 80x24 pseudo-terminal to its first frame (the curtain), without the
cost of starting tmux that bench/ui-bytes.sh includes; and its memory
(peak, anonymous and file-backed) once the map is on screen. Prints figures
only. Usage: bench/first-frame.py [path/to/medsiege] [runs] [scenario]"""
import fcntl
import os
import pty
import shutil
import select
import struct
import sys
import tempfile
import termios
import time

here = os.path.dirname(os.path.abspath(__file__))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "medsiege")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
# An optional scenario (e.g. a generated 1024x1024 field, see
# bench/engine.sh); the default is the game's own.
scenario = sys.argv[3:4]
state = tempfile.mkdtemp(prefix="medsiege-bench-")


def start():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["XDG_STATE_HOME"] = state
        os.execv(binary, [binary] + scenario + ["--seed", "1"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def read_until(fd, text, timeout=5.0):
    buf = b""
    end = time.perf_counter() + timeout
    while text not in buf and time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
    return text in buf


def stop(pid, fd):
    os.kill(pid, 1)
    os.waitpid(pid, 0)
    os.close(fd)


times = []
for _ in range(runs):
    t0 = time.perf_counter()
    pid, fd = start()
    if not read_until(fd, b"to play"):
        stop(pid, fd)
        sys.exit("first-frame: the game did not start")
    times.append((time.perf_counter() - t0) * 1000)
    stop(pid, fd)
times.sort()
print("start-up to first frame, median: %.1f ms (min %.1f, max %.1f, %d runs)"
      % (times[len(times) // 2], times[0], times[-1], runs))

pid, fd = start()
read_until(fd, b"to play")
os.write(fd, b"\r")
read_until(fd, b"movement left")
status = {}
with open("/proc/%d/status" % pid) as f:
    for line in f:
        key, _, value = line.partition(":")
        status[key] = value.strip()
stop(pid, fd)
print("peak memory (VmHWM):           %s" % status.get("VmHWM", "?"))
print("  of which anonymous (RssAnon): %s" % status.get("RssAnon", "?"))
print("  file-backed, shared (RssFile): %s" % status.get("RssFile", "?"))
shutil.rmtree(state, ignore_errors=True)
