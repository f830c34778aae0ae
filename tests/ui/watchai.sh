#!/bin/sh
# A computer's turn, watched: with one human team at the keyboard, each
# of the computer's actions that team can see is drawn on its screen, one
# at a time (here held until a key, --pace 600000, so that no timing
# matters); a key lets the rest go by and the digest tells it all. With
# --pace 0 nothing is drawn and the digest tells the turn. With two human
# teams the curtain stays down during the computer's turn.
. "$(dirname "$0")/lib.sh"
tut=$srcdir/maps/tutorial.yaml
# The 24x12 field at 80x24: centred in the 18 rows beside the panel.
map_y=3

check "Red's turn against the computer" start_red -- "$tut --seed 4 --ai Blue --pace 600000"
keys e y
wait_for "Red, Missile fire"
keys e y
wait_for "Red, Melee"
keys e y
check "the computer's first seen action is drawn on Red's screen" \
	eval 'wait_for "b2 moves 17,5 -> 13,7" && wait_for "Blue (computer) plays round 1"'
check "and held: its next one is not there yet" eval '! screen | grep -q "b3 moves"'
check "Red's map shows b2 where it went, Red's own fog kept" \
	eval '[ "$(cell 13 7)" = B ] && [ "$(cell 0 0)" = " " ]'
keys x
check "a key: the rest of the turn, told by the digest" \
	eval 'wait_for "Red: what you saw since your last turn" && wait_for "b3 moves 17,7 -> 12,7"'
keys q
check "then Red's turn" wait_for "Round 2: Red, Movement"

check "with --pace 0" start_red -- "$tut --seed 4 --ai Blue --pace 0"
keys e y
wait_for "Red, Missile fire"
keys e y
wait_for "Red, Melee"
keys e y
check "the computer's turn is told by the digest alone" \
	eval 'wait_for "Red: what you saw since your last turn" && ! screen | grep -q "(computer) plays round"'

check "a bad --pace is refused" eval '"$bin" "$tut" --pace soon 2>&1 | grep -q "pace needs milliseconds"'
finish
