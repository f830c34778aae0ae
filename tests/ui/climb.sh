#!/bin/sh
# A ladder climb that costs more than the movement left is paid over
# several turns: the panel shows how far the selected unit has got, and
# the help explains it.
. "$(dirname "$0")/lib.sh"

field=$srcdir/tests/data/climb-friend.yaml
# The 10x4 field at 80x24: cells two columns wide, centred in the 18 rows
# beside the panel.
map_y=7 cell_w=2

check "Red's turn" eval 'start -- "$field --seed 1" && wait_for "Red to play"'
keys Enter
wait_for "movement left"
keys Tab
check "r2, at the foot of the ladder, is selected" wait_for "r2 Man-at-Arms (A)"
check "no climb is shown before one starts" eval '! screen | grep -q "climbing"'
# The climb onto the 4-inch walk costs 8 inches; r2 has 6.
keys m k
check "the log tells the part-way climb" \
	wait_for "r2 climbs towards 2,0: 6 of 8 inches done"
check "the panel shows it on the selected unit" wait_for "climbing: 6 of 8 inches"
check "r2 stays at the foot" eventually '[ "$(cell 2 1)" = A ]'
keys Tab
check "r1 selected: no climb on its panel" \
	eval 'wait_for "r1 Man-at-Arms (A)" && wait_gone "climbing:"'
# r2 has no movement left, so Tab passes it by: the cursor and Enter.
keys u Enter
check "r2 again: the climb is still shown" \
	eval 'wait_for "r2 Man-at-Arms (A)" && wait_for "climbing: 6 of 8 inches"'
keys e y
check "and in the Missile fire step" \
	eval 'wait_for "Missile fire" && wait_for "climbing: 6 of 8 inches"'

keys ?
check "? shows the help" wait_for "MOVING THE CURSOR"
keys End
check "the help explains part-way climbs" \
	wait_for "paid over several turns: the unit stays at the foot"
check "and how the panel shows them" wait_for "('climbing: 6 of 8 inches')"
keys q
wait_for "climbing:"

# Red ends its turn, Blue its; in Red's next Movement step r2 pays the
# last 2 inches and stands on the walk.
keys e y e y
wait_for "Blue to play"
keys Enter
wait_for "movement left"
check "Blue's panel shows nothing of Red's climb" eval '! screen | grep -q "climbing"'
keys e y e y e y
wait_for "Red to play"
keys Enter
wait_for "movement left"
keys Tab
check "round 2: r2's climb is still part-way" wait_for "climbing: 6 of 8 inches"
keys m k
check "m k pays the rest: r2 is on the walk" \
	eval 'wait_for "r2 moves 2,1 -> 2,0 (2 inches, 4 left)" && [ "$(cell 2 0)" = A ]'
check "and the panel shows no climb" wait_gone "climbing:"
finish
