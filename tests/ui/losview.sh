#!/bin/sh
# Lines of sight on the screen: v draws the line from the selected unit
# to the cursor (cells underlined, blockers in reverse) and explains it
# on the panel; :los explains it in full, in the words of 'medsiege los
# --team'; a unit the team does not see is never named, even as an end.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
# r1 stands at 10,17; the cursor goes up to 10,5, behind the wall walk.
keys v
check "v shows the line from the selected unit to the cursor" \
	wait_for "line of sight from r1 to the cursor"
keys k k k k k k k k k k k k
check "the panel explains it as the cursor moves" \
	eval 'wait_for "LINE r1 -> 10,5" && wait_for "12.0 in, heights 0 and 0"'
check "blocked by the wall walk, too high" \
	eval 'wait_for "line blocked at 10,8 (height)" && wait_for "10,8 too high"'
check "the blocker in reverse on the map" \
	eventually '[ "$(attrs_at 10 8)" = 7 ]'
check "the cells of the line underlined" \
	eventually '[ "$(attrs_at 10 12)" = "1 4" ]'
keys v
check "v again hides it" \
	eval 'wait_gone "LINE r1" && eventually "[ -z \"\$(attrs_at 10 8)\" ]"'
# :los, explained in full, as the headless tool explains it for Red.
want=$("$bin" los "$scenario" r5 b1 --team Red | sed -n 4p)
keys : l o s Space r 5 Space b 1 Enter
check ":los explains in full on a page" \
	eval 'wait_for "line of sight, as Red knows the field" &&
	      wait_for "A: r5 (archer, Red) at 8,18, height 0, facing n"'
check "in the words of medsiege los --team Red ($want)" wait_for "$want"
keys End
check "the cover and the cell it comes from, at its end" \
	wait_for "cover: b1 has half wall cover from 5,9 (parapet, beside it on the line)"
keys q
check "back on the map, the line stays" \
	eval 'wait_for "LINE r5 -> b1" && eventually "[ \"\$(attrs_at 7 13)\" = \"1 4\" ]"'
check "with the shot it would make" wait_for "shot needs 15+ (30%)"
keys Escape
check "Esc hides it" eval 'wait_gone "LINE r5" && eventually "[ -z \"\$(attrs_at 7 13)\" ]"'
# b6 stands at 8,6, in the courtyard Red cannot see: a line to its cell
# says nothing of it, and its id is refused as one that does not exist.
keys : l o s Space r 5 Space 8 , 6 Enter
check "a line to the cell of a hidden unit" \
	eval 'wait_for "B: 8,6, never seen by Red" && ! screen | grep -wq b6'
keys End
check "names it nowhere" eval '! screen | grep -wq b6'
keys q
wait_for "movement left"
keys : l o s Space r 5 Space b 6 Enter
check "a hidden unit's id is refused" \
	wait_for "los: no unit 'b6' that Red knows is on the field"
keys : l o s Space r 5 Space b 9 Enter
check "in the words given for no unit at all" \
	wait_for "los: no unit 'b9' that Red knows is on the field"
finish
