#!/bin/sh
# The play screen: the map and panel appear, a unit moves by keys, and the
# attackers see only what their units see.
. "$(dirname "$0")/lib.sh"

check "the game starts behind a curtain" eval 'start && wait_for "Red to play"'
keys Enter
check "the panel shows the turn and the selected unit" \
	eval 'wait_for "movement left: 5 in of 5" && wait_for "r1 Foot Knight"'
check "the step is named" wait_for "Movement"
check "the map shows the gatehouse wall" eval '[ "$(screen | sed -n 10p | cut -c1-34)" = "#==H======H===#+#====H======H====#" ]'
check "r1 (K) stands at 10,17" eventually '[ "$(at 10 17)" = K ]'
# Red sees the defenders on the wall walk...
check "Red sees Blue's archer b1 on the walk at 5,8" eventually '[ "$(at 5 8)" = a ]'
check "Red sees Blue's spearman b5 on the walk at 20,8" eventually '[ "$(at 20 8)" = S ]'
# ...but not the courtyard behind the wall.
check "Red does not see b6 (man-at-arms) at 8,6" eventually '[ "$(at 8 6)" = " " ]'
check "Red does not see the keep's knight b7 at 14,3" eventually '[ "$(at 14 3)" = " " ]'
check "the courtyard rows are blank for Red" \
	eval '[ -z "$(screen | sed -n 2,8p | cut -c1-34 | tr -d " ")" ]'
check "no hidden unit is named" eval '! screen | grep -Ewq "b6|b7|b4"'

# Step r1 north with m + k, then east with the keypad's 6.
keys m
check "m asks for a direction" wait_for "which direction"
keys k
check "r1's movement left drops to 4" wait_for "movement left: 4 in of 5"
check "the K moved to 10,16" eventually '[ "$(at 10 16)" = K ] && [ "$(at 10 17)" = . ]'
check "the log shows the move" wait_for "r1 moves 10,17 -> 10,16"
keys m 6
check "the keypad digit steps too" wait_for "movement left: 3 in of 5"
check "the K is at 11,16 now" eventually '[ "$(at 11 16)" = K ]'

# A rejected command says why and changes nothing.
keys m y
check "a step into the moat is refused with its reason" \
	wait_for "r1 cannot move nw: 10,15 is water"
check "and nothing moved" eventually '[ "$(at 11 16)" = K ] && wait_for "movement left: 3 in"'

# Cursor keys: arrows and hjkl move the cursor shown in the panel.
keys Tab
check "Tab selects the next unit" wait_for "r2 Foot Knight selected"
keys Up
check "the cursor follows the arrow keys" wait_for "cursor 21,16"
keys l
check "and hjkl" wait_for "cursor 22,16"
keys Enter
check "Enter moves the selected unit there (moveto)" \
	eval 'wait_for "moveto r2 22,16" && [ "$(at 22 16)" = K ]'
keys z
check "z undoes it" eval 'wait_for "takes back" && [ "$(at 21 17)" = K ]'
finish
