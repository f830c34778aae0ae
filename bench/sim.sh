#!/bin/sh
# Games a second of 'medsiege sim' for every shipped scenario (maps/*.yaml),
# with --jobs 1 and with the default number of jobs (the processors
# online), and the processor time a game costs in each (the workers' too),
# which shows what the workers cost even on a machine that is busy with
# other work. Each scenario first plays two games to size its run so that
# the --jobs 1 run lasts about SECONDS (default 10). Prints figures.
# Usage: bench/sim.sh [SECONDS]   (MEDSIEGE=path picks the binary)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEDSIEGE:-$srcdir/medsiege}
target=${1:-10}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-bench-sim.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

now() { date +%s%N; }
# run SCENARIO GAMES JOBS: prints the run's wall time (ns) and the
# processor time of the program and its workers (s); exits on failure.
run() {
	t0=$(now)
	# 'times' in a subshell: its second line is what the children used.
	cpu=$( ( "$bin" sim "$1" --games "$2" --jobs "$3" --seed 1 >/dev/null 2>"$tmp/err" ||
		echo fail; times ) | awk '
		/^fail$/ { print "fail"; exit }
		NR == 2 { s = 0
			for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); s += p[1] * 60 + p[2] }
			print s }')
	t1=$(now)
	if [ "$cpu" = fail ] || [ -z "$cpu" ]; then
		echo "medsiege sim $1 --games $2 --jobs $3 failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	fi
	echo "$((t1 - t0)) $cpu"
}

printf '%-10s %6s  %-24s %-24s %s\n' "" "" "--jobs 1" "--jobs $jobs (default)" ""
printf '%-10s %6s  %9s %14s %9s %14s %9s\n' scenario games games/s \
	"cpu ms/game" games/s "cpu ms/game" speed-up
for map in "$srcdir"/maps/*.yaml; do
	name=$(basename "$map" .yaml)
	calib=$(run "$map" 2 1) || exit 1
	games=$(echo "$calib" | awk -v t="$target" '{
		n = int(t * 2e9 / $1 + 0.5); if (n < 4) n = 4; if (n > 100000) n = 100000
		print n }')
	one=$(run "$map" "$games" 1) || exit 1
	many=$(run "$map" "$games" "$jobs") || exit 1
	echo "$one $many" | awk -v n="$name" -v g="$games" '{
		printf "%-10s %6d  %9.1f %14.1f %9.1f %14.1f %8.2fx\n", n, g,
			g * 1e9 / $1, 1000 * $2 / g, g * 1e9 / $3, 1000 * $4 / g, $1 / $3 }'
done
echo "($(uname -m), $jobs processors online, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown); one run, seeds 1..games)"
