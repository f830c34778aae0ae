#!/bin/sh
# The cost of computer-against-computer games: seconds per game (wall
# clock, median of three runs of `sim`) and, when valgrind is installed,
# instructions per game (callgrind, repeatable whatever else the machine
# is doing). Compare builds by naming each binary:
#   bench/ai-game.sh [BIN...]        (default: ./medsiege)
# Figures only; nothing here passes or fails.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$srcdir/medsiege"
games=${GAMES:-20}
scenarios=${SCENARIOS:-"tutorial gatehouse ambush"}

now() { date +%s.%N; }

for bin in "$@"; do
	echo "== $bin"
	# One process, one core, where sim can run games in parallel.
	jobs=""
	"$bin" sim --help 2>/dev/null | grep -q -- --jobs && jobs="--jobs 1"
	for sc in $scenarios; do
		map="$srcdir/maps/$sc.yaml"
		times=""
		for k in 1 2 3; do
			t0=$(now)
			"$bin" sim "$map" --games "$games" --seed 1 $jobs >/dev/null 2>&1
			t1=$(now)
			times="$times $(echo "$t1 - $t0" | bc -l)"
		done
		med=$(printf '%s\n' $times | sort -n | sed -n 2p)
		line=$(printf '%-10s %6.2f ms/game' "$sc" "$(echo "1000 * $med / $games" | bc -l)")
		if command -v valgrind >/dev/null 2>&1; then
			out=$(mktemp)
			valgrind --tool=callgrind --callgrind-out-file=/dev/null \
				"$bin" sim "$map" --games 2 --seed 1 $jobs >/dev/null 2>"$out"
			ir=$(sed -n 's/.*Collected : *//p' "$out" | tr -d ',')
			rm -f "$out"
			[ -n "$ir" ] && line="$line $(printf '%8.1f' "$(echo "$ir / 2000000" | bc -l)") M instructions/game"
		fi
		echo "$line"
	done
done
