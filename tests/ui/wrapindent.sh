#!/bin/sh
# A page's line too long for the screen's 80 columns wraps with its
# further rows as far in as the line itself: a digest's entry stays under
# its unit, a command's help under its name (:help), never back at the
# screen's edge.
. "$(dirname "$0")/lib.sh"

# Gatehouse, seed 3: Red's archer r6 shoots at b2 behind the parapet; the
# attack's line in Blue's digest is longer than a row.
check "Red's turn" start_red -- "$scenario --seed 3"
keys e y
wait_for "Red, Missile fire"
keys : "shoot r6 b2" Enter
check "r6 shoots at b2" wait_for "r6 longbow at b2"
keys e y
wait_for "Red, Melee"
keys e y
wait_for "Blue to play"
keys Enter
check "Blue's digest" wait_for "Blue: what you saw since your last turn"
check "the attack's line, indented under r6" \
	eval 'screen | grep -q "^  r6 longbow at b2: need 15+ (30%): AV 9 + DV 4"'
check "its further row indented as far" \
	eval 'screen | grep -q "^  + half wall cover 2; rolled [0-9]*: "'
check "nothing of it back at the edge" eval '! screen | grep -q "^+ half wall"'
keys q
wait_for "Round 1: Blue, Movement"

keys : h e l p Enter
check ":help" wait_for "THE GAME'S COMMANDS"
keys End
check "a usage too long for a row: its further row under the name" \
	eval 'screen | grep -q "^  \[--behind\] \[--ladder\] | --table"'
check "a help too long for a row: its further row under the help" \
	eval 'screen | grep -q "^      they stand; between unit types, each weapon"'
check "none back at the edge" eval '! screen | grep -q "^\[--behind\]\|^they stand"'
keys q
finish
