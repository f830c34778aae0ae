#!/bin/sh
# A computer's turn, watched: with one human team at the keyboard, each
# of the computer's actions that team can see is drawn on its screen, one
# at a time (here held until a key, --pace 600000, so that no timing
# matters); a key lets the rest go by and the digest tells it all (and
# tells it too when the turn is watched to its end). With
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
check "the key row offers none of Red's keys while it plays" \
	eval 'screen | tail -n 1 | grep -q "^the computer plays: your keys come back at your turn *any key: skip to its end" && ! screen | grep -q "Enter:select"'
check "and held: its next one is not there yet" eval '! screen | grep -q "b3 moves"'
check "Red's map shows b2 where it went, Red's own fog kept" \
	eval '[ "$(cell 13 7)" = B ] && [ "$(cell 0 0)" = " " ]'
keys x
check "a key: the rest of the turn, told by the digest" \
	eval 'wait_for "Red: what you saw since your last turn" && wait_for "b3 moves 17,7 -> 12,7"'
keys q
check "then Red's turn" wait_for "Round 2: Red, Movement"

# Held a moment each (no key): to its last, which names the round it
# played, though its last command began the next.
check "a turn watched at its own pace" start_red -- "$tut --seed 4 --ai Blue --pace 700"
keys e y
wait_for "Red, Missile fire"
keys e y
wait_for "Red, Melee"
keys e y
wait_for "Blue (computer) plays round 1"
shown=""
i=0
while [ $i -lt 1500 ]; do
	s=$(screen)
	case $s in *"(computer) plays round 2"*) shown=wrong ;; esac
	case $s in *"(computer) plays"*) ;; *) break ;; esac
	i=$((i + 1))
	sleep 0.02
done
check "every moment of it, to the last, names round 1" \
	eval '[ $i -lt 1500 ] && [ -z "$shown" ]'
check "watched to its end, the turn is still told by the digest" \
	wait_for "Red: what you saw since your last turn"
keys q
check "then Red's turn, its keys back" \
	eval 'wait_for "Round 2: Red, Movement" && wait_for "Enter:select"'

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
