#!/bin/sh
# The ':' prompt: any command line, refused as a script's would be; Tab
# completes commands, the team's own units, the enemies it sees (never a
# hidden one) and directions; Up recalls earlier lines; :help, :odds.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
keys :
check ": opens the prompt on the status line, the cursor after it" \
	eval 'eventually "screen | tail -n 1 | grep -qx :" && eventually "[ \"\$(cursor)\" = \"1 23\" ]"'
keys m o Tab
check "Tab fills in what the commands share and lists them on the panel" \
	eval 'wait_for "Tab: move moveto" && screen | tail -n 1 | grep -q "^:move "'
check "and after the line, the cursor still at its end" \
	eval 'screen | tail -n 1 | grep -qx ":move  (move moveto)" &&
	eventually "[ \"\$(cursor)\" = \"5 23\" ]"'
keys Space r Tab
check "Tab lists Red's own units, no enemy" \
	eval 'wait_for "Tab: r1 r2 r3 r4 r5 r6 r7 r8" && ! screen | grep -q "Tab: .*b1"'
keys 1 Tab n Tab
check "directions after the unit" wait_for "Tab: n ne nw"
# The refusal is the one a script gets for the same line.
why=$(printf 'move r1 n n\n' | "$bin" run "$scenario" --seed 1 --script - |
	sed -n 's/^error: line 1: move r1 n n: //p')
keys Space n Enter
check "a refused line says what a script is told ($why)" \
	eval '[ -n "$why" ] && wait_for "$why"'
keys : m o v e Space r 3 Space n Enter
check "an accepted line is played and logged" wait_for "r3 moves 3,16 -> 3,15"
keys : Up
check "Up recalls the last line" eval 'screen | tail -n 1 | grep -q "^:move r3 n"'
keys Up
check "and the one before" eval 'screen | tail -n 1 | grep -q "^:move r1 n n"'
keys Down Down
check "Down comes back to the empty line" eval 'screen | tail -n 1 | grep -qx ":"'
keys Escape
check "Esc cancels" eventually "! screen | tail -n 1 | grep -q '^:'"
# Completion never names an enemy the team does not see: Red sees b1,
# b2, b3 and b5, not b4, b6 or b7.
keys : s h o o t Space r 5 Space Tab
check "Tab after shoot lists the enemies in view and the cursor's cell" \
	eval 'wait_for "Tab: b1 b2 b3 b5 10,17" && ! screen | grep -wq "b4\|b6\|b7"'
keys Escape
# (A key right after Esc would be read as Alt and that key.)
eventually "! screen | tail -n 1 | grep -q '^:'"
keys : h e l p Space s h o o t Enter
check ":help CMD gives its usage" \
	wait_for "shoot ID TARGET: shoot at a unit, or at a door or wall X,Y"
keys : o d d s Space a r c h e r Space b i l l m a n Space - - r a n g e Space 1 6 Space - - c o v e r Space h a l f Enter
check ":odds gives the need on the status line" \
	wait_for "odds: archer's longbow on billman: need 19+ (10%)"
check "and the sum on the panel" wait_for "+ half wall cover 2 + over half range 2"
keys : o d d s Space - - t a b l e Enter
check ":odds --table shows the roster's table on a page" \
	eval 'wait_for "MELEE AND REACH" && wait_for "  K foot_knight    sword     14  35% 14  35%"'
keys q
check "and goes back" wait_for "movement left"
keys : h e l p Enter
check ":help lists every command" wait_for "THE GAME'S COMMANDS"
keys End
check "and the screen's own" eval 'wait_for "roll N" && wait_for "THE SCREEN'"'"'S OWN"'
keys q
keys : f l y Enter
check "an unknown command is named" wait_for "unknown command 'fly'"
keys : BSpace
check "Backspace on an empty line cancels" eventually "! screen | tail -n 1 | grep -q '^:'"
# In Missile fire: a hidden enemy typed in is refused with the words
# given for one that does not exist.
keys : e n d Enter
wait_for "Missile fire"
keys : s h o o t Space r 5 Space b 7 Enter
check "a hidden enemy is refused as no such enemy" \
	wait_for "r5 cannot shoot at b7: no such enemy in sight"
keys : s h o o t Space r 5 Space b 9 Enter
check "as is one that does not exist" \
	wait_for "r5 cannot shoot at b9: no such enemy in sight"
finish
