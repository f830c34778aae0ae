#!/bin/sh
# Shooting into a melee lists who the shot may hit; a melee announces the
# outnumber modifier; each team's digest names only what it could see;
# the roll that won stays in view, then the game over screen names the
# winner and the goal.
. "$(dirname "$0")/lib.sh"
field=$srcdir/tests/ui/melee.yaml
# The 12x6 field at 80x24: cells two columns wide, centred in the 18 rows
# beside the panel.
map_y=6 cell_w=2

# Seed 3: the archer's shot flies at r2 and misses; r1 then misses b1.
check "Red's turn starts" start_red -- "$field --seed 3"
check "Red does not see Blue's crossbowman behind the wall" eventually '[ "$(cell 10 3)" = " " ]'
keys e y
wait_for "Round 1: Red, Missile fire"
keys Tab
check "Tab picks the only unit that may shoot" wait_for "r3 Archer selected"
keys t
check "t finds the levy" wait_for "b1 Peasant Levy (Blue)"
keys x
check "shooting into melee names who may be hit" \
	wait_joined "who is hit among b1, r1, r2"
check "the hidden crossbowman is not among them" eval '! screen | grep -wq b2'
keys y
check "the die picks the target first" wait_for "shot into melee, target among b1 r1 r2"
check "and the shot flies at a friend" wait_for "the shot flies at r2 (a friend!)"
keys e y
wait_for "Round 1: Red, Melee"
keys Tab
check "Tab picks a unit in melee" wait_for "r1 Foot Knight selected"
keys t F
check "the melee announces the outnumber modifier" \
	eval 'wait_for "b1 is outnumbered: -1 to the target number" &&
		wait_for "(r2 also in melee with it)"'
check "with the arithmetic" wait_for "need 8+ (65%): AV 6 + DV 3 - outnumbered 1"
keys y
check "the log shows the announcement" wait_for "b1 is outnumbered: -1 to the target number"
check "and the roll" wait_for "rolled 5: miss"
# Every unit in melee must attack before the step ends: r2 too. e says
# so at once, without a question the game would then refuse.
keys e
check "the step cannot end while r2 has not fought" \
	wait_for "cannot end the Melee step: r2 is in melee with b1"
check "e asks nothing it would refuse" eval '! screen | grep -q "\[y/n\]"'
keys Tab
check "Tab picks r2" wait_for "r2 Man-at-Arms selected"
keys t F
wait_for "[y/n]"
keys y
check "r2 attacks" wait_for "rolled 2: miss"
keys e y
check "Blue's curtain" wait_for "Blue to play"
keys Enter
check "Blue's digest" wait_for "Blue: what you saw since your last turn"
check "tells of the attack on its levy" wait_for "r1 sword at b1: need 8+ (65%)"
check "and the announcement" wait_for "b1 is outnumbered"
check "the archer Blue could not see is not named" eval '! screen | grep -wq r3'
check "its shot is told without naming it" wait_for "an unseen enemy attacks r2"
keys q
check "Blue sees its crossbowman" eval 'wait_for "movement left" && [ "$(cell 10 3)" = c ]'
check "but not Red's archer" eventually '[ "$(cell 5 5)" = " " ] && ! screen | grep -wq r3'

# Seed 1: r1 disables the levy: Red wins.
melee_win
check "the roll that won stays in view" \
	eval 'wait_for "rolled 20: HIT" && wait_for "b1 is disabled"'
check "the status line says the battle is decided" \
	wait_for "The battle is decided: Red wins: disable b1. Press a key."
check "before the game over screen" eval '! screen | grep -q "GAME OVER"'
keys Enter
check "the game over screen" wait_for "GAME OVER"
check "names the winner" wait_for "Red wins"
check "and the goal met" wait_for "disable b1"
keys Enter
check "a key leaves, with status 0" eval '[ "$(exit_status)" = 0 ]'
finish
