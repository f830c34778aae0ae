#!/bin/sh
# A scenario's own legend on the screen: ? lists the terrain the team has
# seen as the scenario defines it (the 6-inch wall walk by its name and
# height, the gate by its name, a colour said in words), never what it has
# not seen; the panel names the cell under the cursor; a legend's colour
# draws its terrain, and without colour (NO_COLOR) nothing is drawn
# differently.
. "$(dirname "$0")/lib.sh"

named=$srcdir/tests/data/named.yaml
# The 10x5 map is drawn two columns a cell, from the top left, under the
# panel's first rows.
map_x=0 map_y=6 cell_w=2

# Blue's turn, its billman on the walk turned to face the gate and the
# moat.
blue_faces_the_gate() {
	start "$@" -- "$named --seed 1" && wait_for "Red to play" && keys Enter &&
		wait_for "movement left" && keys e y e y e y &&
		wait_for "Blue to play" && keys Enter && wait_for "b1 Billman" &&
		keys f u && wait_for "facing ne"
}

check "Blue's billman faces the gate" blue_faces_the_gate
check "the panel names the walk under the cursor" \
	wait_for "Curtain walk (wall walk), height 6"
check "the moat is drawn blue" eventually '[ "$(fg_at 8 6)" = 34 ]'
check "the gate, locked by Blue, in Blue's colour" eventually '[ "$(fg_at 10 7)" = 34 ]'
check "the parapet, a standard symbol, in the terminal's own" \
	eventually '[ "$(cell 3 1)" = "=" ] && [ -z "$(fg_at 6 7)" ]'
keys '?'
check "? shows the help" wait_for "MOVING THE CURSOR"
scroll_to "_ Curtain walk" "+ Postern gate"
check "? lists the walk as this map has it" \
	wait_joined "_ Curtain walk (wall walk): height 6"
check "and the moat, by name and colour" wait_joined "~ Moat (water): impassable; drawn blue"
check "and the gate" wait_joined "+ Postern gate (door): no war machines, DV 8, 2 hits; drawn red"
check "not the woods Blue never saw" eval '! joined | grep -q "woods"'
check "nor the standard walk's height" eval '! joined | grep -q "4 in high"'
keys q
check "q goes back" wait_for "movement left"

check "NO_COLOR: the same turn" blue_faces_the_gate NO_COLOR=1
check "NO_COLOR: the moat in the terminal's own colour" \
	eventually '[ "$(cell 4 0)" = "~" ] && [ -z "$(fg_at 8 6)" ] && [ -z "$(attrs_at 8 6)" ]'
finish
