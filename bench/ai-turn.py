#!/usr/bin/env python3
"""How long a computer player's turn takes: plays each shipped scenario
with `medsiege run SCENARIO --ai all:LEVEL --json` (every team the
computer's) and times each team's turn, from the event that begins its
Movement step to the one that begins the next team's, as the lines
arrive. Prints turns played, the median, the 95th percentile and the
longest turn, per scenario.

    bench/ai-turn.py [--bin BIN] [--level easy|normal|hard] [--seeds N] [MAP...]

Figures only; nothing here passes or fails. Wall-clock times: run it on
a quiet machine, with a plain (not sanitized) build."""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=os.path.join(top, "medsiege"))
ap.add_argument("--level", default="normal")
ap.add_argument("--seeds", type=int, default=3)
ap.add_argument("maps", nargs="*")
args = ap.parse_args()
maps = args.maps or sorted(glob.glob(os.path.join(top, "maps", "*.yaml")))

print(f"{'scenario':<10} {'turns':>5} {'median':>8} {'p95':>8} {'longest':>8}  (ms, level {args.level})")
for m in maps:
    turns = []
    for seed in range(1, args.seeds + 1):
        p = subprocess.Popen([args.bin, "run", m, "--ai", "all:" + args.level,
                              "--seed", str(seed), "--json"],
                             stdout=subprocess.PIPE, text=True, bufsize=1)
        start = None
        for line in p.stdout:
            now = time.monotonic()
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            t = ev.get("type")
            if t == "start":
                start = now
            elif (t == "step" and ev.get("step") == "movement") or t == "state":
                if start is not None:
                    turns.append(now - start)
                start = now
        if p.wait() != 0:
            # Its message (a level it does not know, say) is on stderr.
            sys.exit(f"{m}: medsiege run exited with status {p.returncode}")
    turns.sort()
    ms = [1000 * t for t in turns]
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))] if ms else 0
    name = os.path.splitext(os.path.basename(m))[0]
    print(f"{name:<10} {len(ms):>5} {statistics.median(ms) if ms else 0:>8.1f} "
          f"{p95:>8.1f} {max(ms) if ms else 0:>8.1f}")
