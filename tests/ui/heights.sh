#!/bin/sh
# Heights on the map (^): each cell a unit can stand on shows its height
# in inches instead of its symbol, in characters, so it reads under
# TERM=vt100 and NO_COLOR as well as in colour, with a legend on the key
# line; the wall walk (4), the gap in it at the gate (0) and the ground
# tell apart at a glance. Only cells the team has seen show anything.
# On a raised cell the panel says where the ways down are (the ladders
# and stairs the team knows of), nearest first.
. "$(dirname "$0")/lib.sh"

# row Y: the screen's row Y (the gatehouse's map starts at 0,0 at 80x24).
row() { screen | sed -n "$(($1 + 1))p"; }

# heights_red ENV...: Red's turn, the heights on.
heights_red() {
	start "$@" && wait_for "Red to play" && keys Enter &&
		wait_for "movement left" && keys '^' &&
		wait_for "heights shown"
}

for env in "TERM=xterm-256color" "TERM=vt100" "NO_COLOR=1"; do
	check "$env: ^ shows the heights" heights_red "$env"
	check "$env: the wall walk Red sees is 4 high" \
		eventually '[ "$(cell 1 8)" = 4 ] && [ "$(cell 13 8)" = 4 ] && [ "$(cell 17 8)" = 4 ]'
	check "$env: the ground is 0, the units stay" \
		eventually '[ "$(cell 10 10)" = 0 ] && [ "$(cell 10 17)" = K ]'
	check "$env: walls, parapets, ladders and doors keep their symbols" \
		eventually 'row 9 | grep -q "^#==H======H===#+#====H======H====#"'
	check "$env: a cell Red never saw stays blank" \
		eventually '[ "$(cell 15 8)" = " " ]'
	keys k
	check "$env: the legend on the key line" \
		wait_for "heights in inches: 0-9, then a-z for 10-35; H ladder, ^ stairs"
done

# Colour shades the heights where there is colour, and only there: on
# the walk's row, a foreground colour (SGR 30-38; 39 is the default)
# right before a height.
coloured_row() {
	tm capture-pane -e -p -t t | sed -n "$(($1 + 1))p" |
		grep -Eq "$(printf '\033')\[([0-9]+;)*3[0-8](;[0-9]+)*m[0-9]"
}
heights_red TERM=xterm-256color
check "colour: the walk's heights are shaded" eventually 'coloured_row 8'
heights_red NO_COLOR=1
check "NO_COLOR: no colour on the map" eventually '! coloured_row 8'

# The panel on the walk: the ways down Red knows of, nearest first.
keys k k k k k k k k k l l l
check "on the walk at 13,8: its height" \
	eval 'wait_for "cursor 13,8" && wait_for "wall walk, height 4"'
check "and the ways down: the ladders at 10,9 and 3,9" \
	eval 'wait_for "ways down: ladder 10,9 (10 in), ladder 3,9"'
keys j
check "none on the ground" eval 'wait_for "cursor 13,9" && wait_gone "ways down"'
keys '^'
check "^ again: the symbols are back" \
	eval 'wait_for "heights hidden" && [ "$(cell 13 8)" = _ ]'

# Blue's turn: the gap at the gate between two stretches of walk.
keys e y e y e y
wait_for "Blue to play"
keys Enter
wait_for "movement left"
keys '^'
check "Blue sees the walk, the gap at the gate and the walk again: 4 0 4" \
	eventually '[ "$(cell 14 8)$(cell 15 8)$(cell 16 8)" = 404 ]'

# Where ^ is awkward to type, the key file binds the action to another.
mkdir -p "$work/config/medsiege"
echo "E heights" >"$work/config/medsiege/keys"
start_red XDG_CONFIG_HOME=$work/config
keys E
check "a key bound to 'heights' shows them" \
	eval 'wait_for "heights shown" && [ "$(cell 13 8)" = 4 ]'
finish
