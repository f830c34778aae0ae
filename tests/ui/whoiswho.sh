#!/bin/sh
# Who is who: ? and i list the roster's unit letters (public), each
# side's id letter and the units the team may name (all its own, the
# enemies it sees or saw, never one it has not seen); I writes the ids on
# the map; Tab at the ':' prompt lists, after the line, the words that
# fit when several do.
. "$(dirname "$0")/lib.sh"

# Gatehouse, seed 1: Red sees b1, b2, b3 and b5 on the wall walk; b4,
# b6 and b7 are out of its sight.
check "Red's turn starts" start_red
keys I
check "I: ids shown" wait_for "unit ids shown"
check "r1's id over its cell and the next" \
	eventually '[ "$(at 10 17)" = r ] && [ "$(at 11 17)" = 1 ]'
check "b1's, an enemy Red sees" eventually '[ "$(at 5 8)" = b ] && [ "$(at 6 8)" = 1 ]'
check "no id of an enemy Red does not see" \
	eval '! screen | grep -q "b4\|b6\|b7"'
keys I
check "I again: the letters back" \
	eval 'wait_for "unit ids hidden" && [ "$(at 10 17)" = K ] && [ "$(at 5 8)" = a ]'

keys "?"
wait_for "keys and rules"
check "?: who is who" page_to "WHO IS WHO"
check "the roster's letters" eval 'page_to "K Foot Knight" && page_to "R Battering Ram"'
check "Red's own units, by id" page_to "r8 R Battering Ram"
check "the enemies Red sees" \
	eval 'page_to "b1 a Archer (in view)" && wait_for "b5 S Spearman (in view)"'
check "and none it does not" eval '! screen | grep -q "b4\|b6\|b7"'
check "I is listed" eval 'keys Home && page_to "I                 unit ids"'
keys q
wait_for "movement left"
keys i
wait_for "GOALS"
keys End
check "i: who is who too" \
	eval 'wait_for "WHO IS WHO" && wait_for "b3 c Crossbowman (in view)" && ! screen | grep -q "b4\|b6\|b7"'
keys q
wait_for "movement left"

# Tab: several words fit, and they are listed after the line.
keys : m o Tab
check "Tab fills what the words share and lists them after the line" \
	eval 'wait_for ":move  (move moveto)"'
keys C-u
check "the list goes with the next key" wait_gone "(move moveto)"
keys -l "shoot r1 "
keys Tab
check "shoot's target: only the enemies Red sees, and the cursor" \
	wait_for ":shoot r1   (b1 b2 b3 b5 10,17)"
keys C-u z z Tab
check "nothing fits: said after the line" wait_for ":zz  (nothing fits 'zz')"
keys Escape
wait_gone ":zz"

# An enemy out of view now: where and when it was seen. Ghosts: Red's
# archer turns its back on the two Blue levies; Green's archer it never
# saw.
check "ghosts: Red's turn" start_red -- "$srcdir/tests/ui/ghosts.yaml --seed 1"
keys :
keys -l "face r1 w"
keys Enter
check "r1 turns its back" wait_for "r1 faces w"
keys i
wait_for "GOALS"
keys End
check "an enemy out of view: where and when Red saw it" \
	wait_for "b1 p Peasant Levy (seen at 8,1, round 1)"
check "a side none of whose units Red saw: not one named or counted" \
	eval 'wait_for "Green (ids g1, g2...): none of its units seen yet" && ! screen | grep -q "g1 "'
finish
