#!/bin/sh
# Hot seat: the curtain hides everything between teams, each team sees its
# own view, and a team's turn opens with a digest of what it saw.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
# Red ends its three steps: Movement, Missile fire, Melee.
keys e
check "ending a step asks first" wait_for "End Red's Movement step?"
keys y
check "Missile fire follows" wait_for "Missile fire"
keys e y
check "then Melee" wait_for "Round 1: Red, Melee"
keys e y
check "the curtain names the next team" wait_for "Blue to play"
# Blue's first curtain tells the battle (the description names Red and
# the Gatehouse): nothing of the map, the panel or the log.
check "the curtain shows nothing of the map" \
	eval '! screen | grep -Eq "####|====|\.\.\.\.|round 1 of 12|cursor |movement left"'
check "nor of the log" eval '! screen | grep -q "moves"'
keys x Tab m k
check "keys other than Enter do not lift it" \
	eval 'sleep 0.2; wait_for "Blue to play" && ! screen | grep -q "####"'
keys Enter
check "Blue's turn starts" wait_for "movement left"
check "Blue sees its man-at-arms b6 in the courtyard at 8,6" \
	eventually '[ "$(at 8 6)" = A ]'
check "and its knight b7 in the keep at 14,3" eventually '[ "$(at 14 3)" = K ]'

# Blue's billman b4 steps into the gateway and opens the gate.
keys l l l l l l l l l l k
check "the cursor reaches b4" wait_for "cursor 15,7"
keys Enter
check "Enter selects b4" wait_for "b4 Billman selected"
keys m j
check "b4 steps to 15,8" wait_for "b4 moves 15,7 -> 15,8"
keys o j
check "b4 opens the gate" wait_for "b4 opens the door at 15,9"
keys e y
wait_for "Missile fire"
keys e y
wait_for "Melee"
keys e y
check "the curtain comes down again for Red" wait_for "Red to play"
check "still nothing of the map" eval '! screen | grep -Eq "####|====|Blue"'
keys Enter
check "Red's digest tells what it saw" wait_for "what you saw since your last turn"
check "the billman came into view" wait_for "b4 Billman (Blue) at 15,8"
check "under its heading" wait_for "Came into view"
check "the gate opening is in it" wait_for "b4 opens the door at 15,9"
check "what Red could not see is not" eval '! screen | grep -Ewq "b6|b7"'
keys q
check "back on the map, Red sees the defender in the gateway" \
	eval 'wait_for "movement left" && [ "$(at 15 8)" = B ]'
check "and the open gate" eventually '[ "$(at 15 9)" = "'"'"'" ]'
check "but still not the courtyard" eventually '[ "$(at 8 6)" = " " ]'

# The first curtain tells what the battle is about. The tutorial's
# description has a numbered list: each item starts a row of its own, the
# items share one left edge, an item's further rows run on under its text,
# and Red's goals still show below.
start -- "$srcdir/maps/tutorial.yaml --seed 1"
check "the tutorial's curtain" wait_for "Red to play"
check "names the key that ends a step" wait_for "press e to end each step"
# col TEXT: the column where TEXT starts on the screen ("" when absent).
col() { screen | awk -v t="$1" 'i = index($0, t) { print i - 1; exit }'; }
# below TEXT: the column of the first letter on the row under TEXT.
below() { screen | awk -v t="$1" 'f { match($0, /[^ ]/); print RSTART - 1; exit }
	index($0, t) { f = 1 }'; }
c1=$(col "1. Movement:") c2=$(col "2. Missile fire:") c3=$(col "3. Melee:")
check "each list item starts its own row, at one left edge ($c1 $c2 $c3)" \
	eval '[ -n "$c1" ] && [ "$c1" = "$c2" ] && [ "$c2" = "$c3" ] &&
	[ "$(col "A first battle")" = "$c1" ]'
check "an item's next row is indented under its text" \
	eval '[ "$(below "1. Movement:")" = $((c1 + 3)) ] &&
	[ "$(below "2. Missile fire:")" = $((c1 + 3)) ]'
check "Red's goals show below the description" \
	eval 'wait_for "Red: disable captain" && wait_for "Red: disable every enemy unit" &&
	wait_for "i shows this again, with every side'"'"'s goals, during the game"'
finish
