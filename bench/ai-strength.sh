#!/bin/sh
# How much stronger one computer player level is than another: for every
# shipped scenario with two teams and for each side, `medsiege sim` plays
# the level STRONG (default normal) as that side against the level WEAK
# (default easy) as the other, and the table, whose columns are named
# after the two levels, gives STRONG's wins, losses and draws, its win
# rate with a 95% Wilson interval, and the games played. A last line
# names the side where STRONG won least, with its rate and interval.
#   bench/ai-strength.sh [BIN]        (default: ./medsiege)
# GAMES (default 200) games a row, seeds SEED (default 1) onwards;
# SCENARIOS limits the maps (names, default every maps/*.yaml). The hard
# level against the normal one:
#   STRONG=hard WEAK=normal GAMES=1000 bench/ai-strength.sh
# Figures only; nothing here passes or fails.
LC_ALL=C
export LC_ALL
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$srcdir/medsiege}
games=${GAMES:-200}
seed=${SEED:-1}
strong=${STRONG:-normal}
weak=${WEAK:-easy}
if [ -z "${SCENARIOS:-}" ]; then
	SCENARIOS=$(for f in "$srcdir"/maps/*.yaml; do basename "$f" .yaml; done)
fi

# The team names of a scenario, one a line, in play order.
teams() {
	"$bin" sim "$1" --games 1 --json 2>/dev/null |
		sed 's/.*"wins":{\([^}]*\)}.*/\1/' | tr ',' '\n' |
		sed 's/^"\(.*\)":[0-9]*$/\1/'
}

# wins(JSON, TEAM): that team's wins in a sim --json line.
wins() {
	printf '%s\n' "$1" | sed 's/.*"wins":{\([^}]*\)}.*/\1/' | tr ',' '\n' |
		sed -n "s/^\"$2\":\([0-9]*\)$/\1/p"
}

# rate(WON, GAMES): the win rate and the ends of its 95% Wilson
# interval, in percent, as "76.6 73.9 79.1".
rate() {
	awk -v w="$1" -v g="$2" 'BEGIN {
		z = 1.96; p = w / g; d = 1 + z * z / g
		c = (p + z * z / (2 * g)) / d
		h = z * sqrt(p * (1 - p) / g + z * z / (4 * g * g)) / d
		printf "%.1f %.1f %.1f\n", 100 * p, 100 * (c - h), 100 * (c + h)
	}'
}

printf '%-10s %-9s %-9s %6s %5s %5s %5s %7s  %s\n' scenario "$strong" \
	"$weak" games won lost drawn "win %" "95% interval"
low_won= low_side=
for sc in $SCENARIOS; do
	map=$srcdir/maps/$sc.yaml
	names=$(teams "$map")
	[ "$(printf '%s\n' "$names" | grep -c .)" -eq 2 ] || continue
	a=$(printf '%s\n' "$names" | sed -n 1p)
	b=$(printf '%s\n' "$names" | sed -n 2p)
	for side in 1 2; do
		if [ $side -eq 1 ]; then s=$a w=$b; else s=$b w=$a; fi
		json=$("$bin" sim "$map" --games "$games" --seed "$seed" \
			--ai "$s:$strong" --ai "$w:$weak" --json) || exit 1
		won=$(wins "$json" "$s")
		lost=$(wins "$json" "$w")
		set -- $(rate "$won" "$games")
		printf '%-10s %-9s %-9s %6d %5d %5d %5d %6s%%  [%s%%, %s%%]\n' \
			"$sc" "$s" "$w" "$games" "$won" "$lost" \
			$((games - won - lost)) "$1" "$2" "$3"
		# Every row has the same games: the fewest wins is the lowest rate.
		if [ -z "$low_won" ] || [ "$won" -lt "$low_won" ]; then
			low_won=$won low_side="$sc's $s"
		fi
	done
done
if [ -z "$low_won" ]; then
	echo "no scenario with two teams among: $SCENARIOS"
	exit 1
fi
set -- $(rate "$low_won" "$games")
echo "lowest: $strong won $1% [$2%, $3%] of its games against $weak, as $low_side"
