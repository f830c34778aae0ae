#!/bin/sh
# How much stronger the normal computer player is than the easy one: for
# every shipped scenario with two teams and for each side, `medsiege sim`
# plays normal (that side) against easy (the other) and the table gives
# normal's wins, losses and draws, its win rate with a 95% Wilson
# interval, and the games played.
#   bench/ai-strength.sh [BIN]        (default: ./medsiege)
# GAMES (default 200) games a row, seeds SEED (default 1) onwards;
# SCENARIOS limits the maps (names, default every maps/*.yaml).
# Figures only; nothing here passes or fails.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$srcdir/medsiege}
games=${GAMES:-200}
seed=${SEED:-1}
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

printf '%-10s %-9s %-9s %6s %5s %5s %5s %7s  %s\n' scenario normal easy \
	games won lost drawn "win %" "95% interval"
for sc in $SCENARIOS; do
	map=$srcdir/maps/$sc.yaml
	names=$(teams "$map")
	[ "$(printf '%s\n' "$names" | grep -c .)" -eq 2 ] || continue
	a=$(printf '%s\n' "$names" | sed -n 1p)
	b=$(printf '%s\n' "$names" | sed -n 2p)
	for side in 1 2; do
		if [ $side -eq 1 ]; then n=$a e=$b; else n=$b e=$a; fi
		json=$("$bin" sim "$map" --games "$games" --seed "$seed" \
			--ai "$n:normal" --ai "$e:easy" --json) || exit 1
		won=$(wins "$json" "$n")
		lost=$(wins "$json" "$e")
		awk -v sc="$sc" -v n="$n" -v e="$e" -v g="$games" -v w="$won" \
			-v l="$lost" 'BEGIN {
			z = 1.96; p = w / g; d = 1 + z * z / g
			c = (p + z * z / (2 * g)) / d
			h = z * sqrt(p * (1 - p) / g + z * z / (4 * g * g)) / d
			printf "%-10s %-9s %-9s %6d %5d %5d %5d %6.1f%%  [%.1f%%, %.1f%%]\n",
				sc, n, e, g, w, l, g - w - l, 100 * p,
				100 * (c - h), 100 * (c + h)
		}'
	done
done
