#!/bin/sh
# A medsiege sim study spread over several machines with GNU parallel:
# the games are cut into shards of contiguous seeds, each played by
# 'medsiege sim --json' on whichever machine is free (one shard at a time
# per machine, on all its processors), and the shards are merged here
# into the report one run of all the games would print.
#
# Usage: bench/spread.sh SCENARIO GAMES [SIM-OPTION...]
#   SIM-OPTIONs go to every shard (--ai, --max-rounds, --vary, ...), but
#   --json and --csv to the merge, which prints the report.
# Environment:
#   SSHLOGINS  the machines, as GNU parallel's --sshlogin takes them,
#              comma-separated (default ':', this machine alone)
#   SHARDS     how many shards (default: four for each machine)
#   SEED       the first seed (default 1)
#   OUT        where the shards are kept (default: spread-out)
#   MEDSIEGE   the program on the machines (default: medsiege on their
#              PATH); MERGE the one that merges here (default: medsiege
#              beside this script, else on PATH)
# Every machine needs the same version of medsiege and the scenario at
# the same name or path; the merge refuses shards that differ.
set -e
if [ $# -lt 2 ]; then
	sed -n '8,10p' "$0" | sed 's/^# //' >&2
	exit 2
fi
scenario=$1 games=$2
shift 2
srcdir=$(cd "$(dirname "$0")/.." && pwd)
logins=${SSHLOGINS:-:}
seed=${SEED:-1}
out=${OUT:-spread-out}
remote=${MEDSIEGE:-medsiege}
merge=${MERGE:-}
if [ -z "$merge" ]; then
	if [ -x "$srcdir/medsiege" ]; then merge=$srcdir/medsiege; else merge=medsiege; fi
fi
command -v parallel >/dev/null 2>&1 || {
	echo "bench/spread.sh: GNU parallel is needed (apt-get install parallel)" >&2
	exit 1
}

# The options: the report's format for the merge, the rest for sim, each
# quoted for the remote shell.
format= simargs=
for a in "$@"; do
	case $a in
	--json | --csv) format=$a ;;
	*) simargs="$simargs '$(printf '%s' "$a" | sed "s/'/'\\\\''/g")'" ;;
	esac
done
nlogins=$(printf '%s\n' "$logins" | tr ',' '\n' | grep -c .)
shards=${SHARDS:-$((4 * nlogins))}
[ "$shards" -gt "$games" ] && shards=$games
[ "$shards" -ge 1 ] || { echo "bench/spread.sh: no shards to play" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out"
# Shard k (from 0) plays games*k/shards up to games*(k+1)/shards: as even
# as whole games allow.
k=0
while [ $k -lt "$shards" ]; do
	from=$((games * k / shards)) to=$((games * (k + 1) / shards))
	echo "$k $((seed + from)) $((to - from))"
	k=$((k + 1))
done >"$out/plan"
sshargs=
for l in $(printf '%s\n' "$logins" | tr ',' ' '); do
	sshargs="$sshargs --sshlogin $l"
done
# shellcheck disable=SC2086
parallel --colsep ' ' -j1 $sshargs --halt now,fail=1 \
	--joblog "$out/joblog" --results "$out/shard-{1}" \
	"$remote sim '$scenario' --seed {2} --games {3} --json $simargs" \
	:::: "$out/plan" >/dev/null
for f in "$out"/shard-*; do
	case $f in *.err | *.seq) continue ;; esac
	mv "$f" "$f.json"
done
"$merge" sim --merge "$out"/shard-*.json $format
