#!/bin/sh
# How balanced the shipped scenarios are: for every maps/*.yaml, `medsiege
# sim` plays every team at the normal level, and the table gives each
# team's wins and the draws, its win rate with a 95% Wilson interval, the
# games played, the band the rate should lie in and whether it does. The
# band is 35% to 65% for a two-team scenario; with more teams, half to
# twice a team's fair share (3 teams: 16.7% to 66.7%). A draw is a game
# won by neither team. Then the tutorial's Blue side at normal against
# Red at easy (a newcomer's first game is against the easy player).
#   bench/balance.sh [BIN]        (default: ./medsiege)
# GAMES (default 1000) games a scenario, seeds SEED (default 1) onwards;
# SCENARIOS limits the maps (names, default every maps/*.yaml); JOBS is
# passed to sim --jobs (default: one per processor). The figures do not
# depend on JOBS: game i always has seed SEED+i.
# Figures only; nothing here passes or fails.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$srcdir/medsiege}
games=${GAMES:-1000}
seed=${SEED:-1}
if [ -z "${SCENARIOS:-}" ]; then
	SCENARIOS=$(for f in "$srcdir"/maps/*.yaml; do basename "$f" .yaml; done)
fi
jobs=
[ -n "${JOBS:-}" ] && jobs="--jobs $JOBS"

# sim MAP ARGS...: one sim --json line, or a message and exit.
sim() {
	map=$1
	shift
	# shellcheck disable=SC2086
	out=$("$bin" sim "$map" --games "$games" --seed "$seed" $jobs "$@" \
		--json 2>/dev/null) && [ -n "$out" ] || {
		echo "balance.sh: medsiege sim $map failed" >&2
		exit 1
	}
	printf '%s\n' "$out"
}

# teams_of JSON: "WINS RATE LOW HIGH NAME" a line for each team, in play
# order, as sim reports them (the rate and its 95% Wilson interval; the
# name last, as it may hold spaces).
teams_of() {
	printf '%s\n' "$1" | grep -o '{"name":"[^"]*","wins":[0-9]*,"win_rate":[0-9.]*,"win_rate_ci95":\[[0-9.]*,[0-9.]*\]' |
		sed 's/^{"name":"\([^"]*\)","wins":\([0-9]*\),"win_rate":\([0-9.]*\),"win_rate_ci95":\[\([0-9.]*\),\([0-9.]*\)\]$/\2 \3 \4 \5 \1/'
}

# draws_of JSON: the number of drawn games.
draws_of() {
	printf '%s\n' "$1" | sed -n 's/.*"draws":\([0-9]*\),.*/\1/p'
}

# row SCENARIO NTEAMS DRAWS NAME WINS RATE LOW HIGH: one line of the table.
row() {
	awk -v sc="$1" -v n="$2" -v d="$3" -v t="$4" -v w="$5" -v p="$6" \
		-v lo95="$7" -v hi95="$8" -v g="$games" 'BEGIN {
		if (n == 2) { lo = 0.35; hi = 0.65 }
		else { lo = 0.5 / n; hi = 2 / n }
		band = sprintf("%.1f%%-%.1f%%", 100 * lo, 100 * hi)
		in_band = (p >= lo && p <= hi) ? "yes" : "no"
		printf "%-10s %-9s %6d %5d %5d %6.1f%%  [%5.1f%%, %5.1f%%]  %-12s %s\n",
			sc, t, g, w, d, 100 * p, 100 * lo95, 100 * hi95, band,
			in_band
	}'
}

echo "normal against normal"
printf '%-10s %-9s %6s %5s %5s %7s  %-16s  %-12s %s\n' scenario team games \
	wins draws "win %" "95% interval" band "in band"
for sc in $SCENARIOS; do
	map=$srcdir/maps/$sc.yaml
	json=$(sim "$map") || exit 1
	draws=$(draws_of "$json")
	list=$(teams_of "$json")
	n=$(printf '%s\n' "$list" | grep -c .)
	printf '%s\n' "$list" | while read -r won rate lo hi team; do
		row "$sc" "$n" "$draws" "$team" "$won" "$rate" "$lo" "$hi"
	done
done

# The tutorial's Blue side at normal, its Red at easy.
map=$srcdir/maps/tutorial.yaml
if [ -f "$map" ]; then
	echo
	echo "normal against easy"
	printf '%-10s %-9s %-9s %6s %5s %5s %5s %7s  %s\n' scenario normal \
		easy games won lost drawn "win %" "95% interval"
	json=$(sim "$map" --ai Blue:normal --ai Red:easy) || exit 1
	lost=$(teams_of "$json" | sed -n 's/^\([0-9]*\) .* Red$/\1/p')
	# shellcheck disable=SC2046
	set -- $(teams_of "$json" | grep ' Blue$')
	awk -v g="$games" -v w="$1" -v l="$lost" -v p="$2" -v lo="$3" \
		-v hi="$4" 'BEGIN {
		printf "%-10s %-9s %-9s %6d %5d %5d %5d %6.1f%%  [%.1f%%, %.1f%%]\n",
			"tutorial", "Blue", "Red", g, w, l, g - w - l, 100 * p,
			100 * lo, 100 * hi
	}'
fi
