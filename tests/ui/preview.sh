#!/bin/sh
# An attack's arithmetic on the panel is never cut short: on a panel too
# narrow for one line it wraps over several, and the panel makes room for
# every term, at 80x24 and larger.
. "$(dirname "$0")/lib.sh"

tutorial=$srcdir/maps/tutorial.yaml

# The panel's rows (right of the map, from the column of the scenario's
# name NAME on the top row), joined into one line.
panel_text() { # NAME
	col=$(screen | awk -v n="${1:-Tutorial}" 'NR == 1 { print index($0, n) }')
	[ "${col:-0}" -gt 0 ] && screen | cut -c"$col"- | tr -s ' \n' '  '
}

# Blue's crossbowman b1 aims at Red's ballista: a war machine, over half
# range: need 16+ (25%): AV 7 + DV 9 + over half range 2 - large target 2.
blue_aims() {
	start -- "$tutorial --seed 1" && wait_for "Red to play" && keys Enter &&
		wait_for "movement left" && keys e y e y e y &&
		wait_for "Blue to play" && keys Enter && wait_for "movement left" &&
		keys e y && wait_for "may shoot" && next_enemy "ballista Ballista (Red)"
}
# next_enemy TEXT: t until the panel shows TEXT (t goes nearest first,
# the ballista is not the first); after each t, until the cursor moves.
next_enemy() {
	tries=0 # not i: wait_for and wait_gone count with it
	while [ $tries -lt 8 ]; do
		at_cell=$(screen | grep -o "cursor [0-9]*,[0-9]*")
		keys t
		wait_gone "$at_cell" || return 1
		wait_for "$1" 1 && return 0
		tries=$((tries + 1))
	done
	return 1
}
sum="need 16+ (25%): AV 7 + DV 9 + over half range 2 - large target 2"

for size in 80x24 100x30 160x50; do
	tcols=${size%x*} tlines=${size#*x}
	check "$size: Blue's crossbow aims at the ballista" blue_aims
	check "$size: the preview has every term, the large target too" \
		eventually 'panel_text | grep -Fq "$sum"'
	keys x
	check "$size: x asks first" wait_for "b1: shoot at ballista? need 16+ (25%) [y/n]"
	check "$size: the arithmetic asked about has every term" \
		eventually 'panel_text | grep -Fq "$sum"'
	keys n
	wait_for "no attack made"
done
tcols=80 tlines=24

# The narrowest panel (30 columns, beside a field as wide as 80 columns
# allow): Red's archer aims at a ballista behind a hedge, five terms.
narrow=$srcdir/tests/ui/narrow.yaml
five="need 20+ (5%): AV 9 + DV 9 + half wall cover 2 + over half range 2 - large target 2"
for size in 80x24 160x50; do
	tcols=${size%x*} tlines=${size#*x}
	check "$size: Red's archer aims at the ballista behind the hedge" \
		eval 'start -- "$narrow --seed 1" && wait_for "Red to play" &&
			keys Enter && wait_for "movement left" && keys e y &&
			wait_for "r1 Archer (a)" && keys t &&
			wait_for "b1 Ballista (Blue)"'
	check "$size: all five terms on the panel" \
		eventually 'panel_text Narrow | grep -Fq "$five"'
	keys x
	check "$size: x asks first" wait_for "r1: shoot at b1? need 20+ (5%) [y/n]"
	check "$size: and the five terms stay" \
		eventually 'panel_text Narrow | grep -Fq "$five"'
done
finish
