#!/bin/sh
# Games a second of 'medsiege sim' for every shipped scenario (maps/*.yaml),
# with --jobs 1 and with the default number of jobs (the processors
# online). Each scenario first plays two games to size its run so that the
# --jobs 1 run lasts about SECONDS (default 10). Prints figures.
# Usage: bench/sim.sh [SECONDS]   (MEDSIEGE=path picks the binary)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEDSIEGE:-$srcdir/medsiege}
target=${1:-10}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-bench-sim.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

now() { date +%s%N; }
# run SCENARIO GAMES JOBS: the nanoseconds the run took; exits on failure.
run() {
	t0=$(now)
	if ! "$bin" sim "$1" --games "$2" --jobs "$3" --seed 1 >/dev/null 2>"$tmp/err"; then
		echo "medsiege sim $1 --games $2 --jobs $3 failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
	t1=$(now)
	echo $((t1 - t0))
}

printf '%-12s %7s %15s %15s %9s\n' scenario games "jobs 1, games/s" \
	"jobs $jobs, games/s" speed-up
for map in "$srcdir"/maps/*.yaml; do
	name=$(basename "$map" .yaml)
	calib=$(run "$map" 2 1)
	games=$(awk -v t="$target" -v c="$calib" 'BEGIN {
		n = int(t * 2e9 / c + 0.5); if (n < 4) n = 4; if (n > 100000) n = 100000
		print n }')
	one=$(run "$map" "$games" 1)
	many=$(run "$map" "$games" "$jobs")
	awk -v n="$name" -v g="$games" -v a="$one" -v b="$many" 'BEGIN {
		printf "%-12s %7d %15.1f %15.1f %8.2fx\n", n, g, g * 1e9 / a, g * 1e9 / b, a / b }'
done
echo "($(uname -m), $jobs processors online; figures from one run, same seeds 1..games)"
