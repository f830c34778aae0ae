#!/usr/bin/env python3
"""Tune the hard computer player's weights against normal: a coordinate
search over one of hard's two weight tables (the one it plays with when
its side attacks, or when it holds out with a survive goal), each
candidate played GAMES games from that side of every shipped two-team
scenario, hard against normal. A candidate is kept when it raises the
mean win rate plus the lowest by more than 0.02. Prints every candidate
with its win rates, side by side in the order of the scenarios, then the
weights found, as NAI_W_ATTACK or NAI_W_DEFEND takes them.

    bench/ai-tune.py attack|defend [--bin BIN] [--games N] [--seed S]
                     [--jobs J] [--fine] [--start W=V,...]

BIN must be a build made with -DNAI_TUNE (./configure CFLAGS='-O2
-DNAI_TUNE'), which reads the tables from the environment; the weights
found go into src/ai/nai.h by hand, then bench/ai-strength.sh measures
them on other seeds (STRONG=hard WEAK=normal SEED=5001 GAMES=1000).
Without --fine each weight is tried at half and twice its value; with it,
at three quarters and four thirds. Figures only; nothing passes or fails."""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(here)
ap = argparse.ArgumentParser()
ap.add_argument("posture", choices=["attack", "defend"])
ap.add_argument("--bin", default=os.path.join(top, "medsiege"))
ap.add_argument("--games", type=int, default=200)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--jobs", type=int, default=0)
ap.add_argument("--fine", action="store_true")
ap.add_argument("--start", default="")
args = ap.parse_args()


def weights_of(column):
    """The weights of nai.h's table: name -> value of a column (1: normal,
    2: hard attacking, 3: hard holding out)."""
    text = open(os.path.join(top, "src", "ai", "nai.h")).read()
    found = re.findall(r"X\((W_\w+), ([0-9.]+), ([0-9.]+), ([0-9.]+)\)", text)
    return {name: float(vals[column - 1]) for name, *vals in found}


def sim(scenario, strong, weak, env):
    cmd = [args.bin, "sim", scenario, "--games", str(args.games), "--seed",
           str(args.seed), "--ai", strong + ":hard", "--ai", weak + ":normal",
           "--json"]
    if args.jobs:
        cmd[3:3] = ["--jobs", str(args.jobs)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"bench/ai-tune.py: {out.stderr.strip()}")
    return json.loads(out.stdout)


def sides():
    """(scenario, team hard plays, team normal plays) for the posture:
    the team with a survive goal holds out, the other attacks."""
    found = []
    for m in sorted(glob.glob(os.path.join(top, "maps", "*.yaml"))):
        text = open(m).read()
        teams = re.findall(r"^  - name: (.+)$", text, re.M)
        if len(teams) != 2:
            continue
        holds = re.findall(r"\{team: ([^,]+), kind: survive", text)
        if len(holds) != 1 or holds[0] not in teams:
            continue
        defender = holds[0]
        attacker = teams[0] if teams[1] == defender else teams[1]
        hard, normal = ((attacker, defender) if args.posture == "attack"
                        else (defender, attacker))
        found.append((m, hard, normal))
    return found


SIDES = sides()
VAR = "NAI_W_ATTACK" if args.posture == "attack" else "NAI_W_DEFEND"


def rates(w):
    env = dict(os.environ)
    env[VAR] = ",".join(f"{k}={v:g}" for k, v in w.items())
    return [sim(m, h, n, env)["wins"][h] / args.games for m, h, n in SIDES]


def score(r):
    return sum(r) / len(r) + min(r)


def show(label, r, s, tag=""):
    print(f"{label:<24} " + " ".join(f"{x:.2f}" for x in r) +
          f"  {s:.3f}{tag}", flush=True)


cur = weights_of(2 if args.posture == "attack" else 3)
for kv in filter(None, args.start.split(",")):
    k, v = kv.split("=")
    cur[k] = float(v)
print(f"{args.posture}: " + ", ".join(
    f"{os.path.basename(m)[:-5]} {h}" for m, h, n in SIDES), flush=True)
cr = rates(cur)
cs = score(cr)
show("start", cr, cs)
factors = (0.75, 4 / 3) if args.fine else (0.5, 2.0)
# W_GUARD and W_STRUCT weigh goals none of the shipped sides has, and
# W_PACK only a side that runs for an exit (an attacker).
skip = {"W_GUARD", "W_STRUCT"} | ({"W_PACK"} if args.posture == "defend"
                                  else set())
for k in [k for k in cur if k not in skip]:
    # A weight at 0 is tried once, at 0.3.
    for f in factors if cur[k] else factors[:1]:
        w = dict(cur)
        w[k] = round(cur[k] * f, 4) if cur[k] else 0.3
        r = rates(w)
        s = score(r)
        keep = s > cs + 0.02
        show(f"{k}={w[k]:g}", r, s, " kept" if keep else "")
        if keep:
            cur, cr, cs = w, r, s
            break
print("found " + ",".join(f"{k}={v:g}" for k, v in cur.items()))
show("rates", cr, cs)
