#!/bin/sh
# E ends every step of the team's turn left, after one question, by the
# command language's plain "end" lines, one a step, saved as such; where
# the game refuses an end (a unit in melee must still fight) it stops
# there and says why. z says on the status line what it took back.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
keys E
check "E asks once, naming the steps" \
	wait_for "End Red's turn (Movement, Missile fire, Melee)?"
keys n
check "n: the turn goes on" eval 'wait_for "the turn goes on" && wait_for "Round 1: Red, Movement"'
keys E
wait_for "End Red's turn"
keys y
check "y: Blue's curtain at once" wait_for "Blue to play"
keys Enter
wait_for "Round 1: Blue, Movement"
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save 2>/dev/null | head -n 1)
check "saved as three plain ends" \
	eval '[ "$(grep -c "^end$" "$save")" = 3 ]'
keys e y
wait_for "Blue, Missile fire"
keys E
check "from a later step: only the steps left" \
	wait_for "End Blue's turn (Missile fire, Melee)?"
keys y
check "and the turn passes to Red" wait_for "Red to play"
keys Enter
wait_for "Round 2: Red, Movement"
keys g
check "Red's log: its E was three plain end commands" \
	eval 'wait_for "> end" && [ "$(screen | grep -c "^> end$")" = 3 ]'
keys q

# A unit in melee must fight: E ends what it can and says why it stopped.
check "melee: Red's turn" start_red -- "$srcdir/tests/ui/melee.yaml --seed 1"
keys E
wait_for "End Red's turn"
keys y
check "stopped at Melee, saying who must fight" \
	eval 'wait_for "Round 1: Red, Melee" && wait_joined "stopped at Red'"'"'s Melee step after 2 ends: cannot end the Melee step"'
keys E
check "in Melee with a fight owed: the refusal at once, no question" \
	eval 'wait_joined "cannot end the Melee step" && ! screen | grep -q "End Red'"'"'s turn"'

# z: what it took back.
check "undo: Red's turn, r1 selected" eval 'start_red && wait_for "r1 Foot Knight"'
keys m k
check "r1 steps north" wait_for "r1 moves 10,17 -> 10,16"
keys z
check "z says what it took back" \
	wait_joined "undone: r1 back at 10,17 (from 10,16), 5 in of movement left"
keys f l
wait_for "r1 faces e"
keys z
check "a turn taken back" wait_joined "undone: r1 faces n again"
keys z
check "nothing left: the reason" wait_joined "nothing to undo"
finish
