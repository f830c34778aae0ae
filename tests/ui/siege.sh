#!/bin/sh
# What the panel and the keys tell before anything is done: a war
# machine's turning cost, the cost of a path under the cursor, the
# targets t offers first, a shot that would go into a melee, and in the
# Melee step every unit that may act (a ram at a gate too).
. "$(dirname "$0")/lib.sh"
field=$srcdir/tests/ui/siege.yaml

check "Red's turn starts" start_red -- "$field --seed 1"
check "the ram is selected" wait_for "r1 Battering Ram (R)"
check "the panel gives a machine's turning cost" \
	wait_for "turning: 1 in per 45 degrees"

# The path to the cursor, without asking for the destinations (d).
keys l l
check "the path cost shows under the cursor" wait_for "path 4 in, too far"
keys h
check "and follows it (a turn of 90 degrees and a step)" \
	eval 'wait_for "path 3 in" && ! screen | grep -q "too far"'

# Turning the ram costs: the question and the panel say how much.
keys f
check "f says what turning costs" \
	wait_for "face r1: which direction? (turning costs 1 in per 45 degrees, 3 in left)"
keys l
check "the turn asks first, with its cost" \
	wait_for "r1: face e? costs 2 in (3 in left) [y/n]"
check "the panel shows the turn" wait_for "r1 turns from n to e: 90"
keys n
check "n turns nothing" wait_for "no turn made"
check "nothing was sent" eval '! screen | grep -q "> face"'
keys f u
wait_for "[y/n]"
keys y
check "y turns, paying" wait_for "> face r1 ne"
check "the movement left drops" wait_for "movement left: 2 in of 3"
keys f k
check "a free turn back would cost too: asked" wait_for "r1: face n? costs 1 in (2 in left) [y/n]"
keys y
wait_for "> face r1 n"

keys e y
check "Missile fire" wait_for "war machines, then missiles"
keys Tab
check "the archer may shoot" wait_for "r3 Archer selected"
# b4 is nearest but behind the archer; b3, b1 and b2 can be shot at.
keys t
check "t: first the nearest enemy it can shoot" wait_for "b3 Spearman (Blue)"
keys t
check "then the next nearest it can shoot" wait_for "b1 Peasant Levy (Blue)"
check "the hover preview says the shot goes into a melee" \
	wait_for "Into melee: a die picks who is hit among b1, r2."
check "no die is rolled to say so" eval '! screen | grep -q "rolled"'
keys t
check "then b2" wait_for "b2 Foot Knight (Blue)"
keys t
check "then the enemy it cannot shoot" wait_for "b4 Archer (Blue)"
check "which the preview says" wait_for "not in its arc of vision"
keys t
check "and round again" wait_for "b3 Spearman (Blue)"

keys e y
check "Melee" wait_for "Round 1: Red, Melee"
keys e
check "e says at once who must still fight" \
	wait_for "cannot end the Melee step: r2 is in melee with b1"
check "without asking" eval '! screen | grep -q "\[y/n\]"'
keys Tab
check "Tab finds the ram at the gate" wait_for "r1 Battering Ram selected"
keys Tab
check "and the man-at-arms in melee" wait_for "r2 Man-at-Arms selected"
keys Tab
check "and the ram again" wait_for "r1 Battering Ram selected"
finish
