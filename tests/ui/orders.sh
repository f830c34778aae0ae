#!/bin/sh
# Standing orders on the screen: Enter on a cell too far for one turn
# moves the unit as far as it goes and offers a standing order; the
# order is marked on its own team's map only; in the next turn the
# screen points it out, G carries it out and it stops when an enemy
# comes into view; X cancels it. The save holds what was done. A run
# asks before a free attack.
. "$(dirname "$0")/lib.sh"

field=$srcdir/tests/data/orders-road.yaml
# The 16x7 field at 80x24: cells two columns wide, from row 5.
map_y=5 cell_w=2

check "Red's turn" start_red -- "$field --seed 1"
# The cursor from r1 (1,1) to 14,1, in the far room Red cannot see.
keys l l l l l l l l l l l l l Enter
check "r1 goes as far as it can and says how far it still is" \
	wait_for "r1 stops at 6,1 for this turn: 14,1 is 3 more turns away"
check "a standing order is offered" wait_joined "r1 is short of 14,1: keep it going there turn after turn"
check "r1 stands at 6,1 with nothing left" \
	eval '[ "$(cell 6 1)" = K ] && wait_for "movement left: 0 in of 5"'
keys y
check "the order is given" wait_for "> order r1 14,1"
check "the panel shows it" wait_for "standing order: to 14,1"
check "its cell is marked on the map" eventually '[ "$(cell 14 1)" = "*" ]'
check "the key row offers G and X" wait_for "G:orders X:cancel order"
# z takes back the order first (the last thing done), then the move.
keys z
check "z takes the order back" \
	wait_for "undone: r1's standing order to 14,1 is taken back"
check "and its mark" eventually '[ "$(cell 14 1)" != "*" ] && [ "$(cell 6 1)" = K ]'
keys :
wait_for ":"
keys "order r1 14,1" Enter
check "given again at the prompt" eventually '[ "$(cell 14 1)" = "*" ]'

keys e y e y e y
check "Blue's curtain" wait_for "Blue to play"
keys Enter
wait_for "movement left"
check "Blue's map shows nothing of Red's order" \
	eval '[ "$(cell 14 1)" != "*" ] && ! screen | grep -q "standing order"'
keys e y e y e y
check "Red's curtain again" wait_for "Red to play"
keys Enter
check "the turn begins by pointing out the order" \
	wait_for "1 standing order: G carries it out"
check "its cell still marked" eventually '[ "$(cell 14 1)" = "*" ]'
keys G
check "G carries it out, until Blue's archer comes into view" \
	wait_for "r1 stops at 9,4 on its way to 14,1: b1 comes into view"
check "and says the orders stop there" \
	wait_for "b1 comes into view: the standing orders stop"
check "r1 at 9,4, the archer seen at 13,2" \
	eventually '[ "$(cell 9 4)" = K ] && [ "$(cell 13 2)" = a ]'
keys X
check "X cancels the selected unit's order" \
	wait_for "r1's standing order to 14,1 is cancelled"
check "and its mark is gone" eventually '[ "$(cell 14 1)" != "*" ]'

save=$(ls "$XDG_STATE_HOME"/medsiege/*.save 2>/dev/null | head -n 1)
check "the save holds the order, its run as a moveto, and the cancel" \
	eval 'grep -qx "order r1 14,1" "$save" &&
	[ "$(grep -cx "moveto r1 14,1" "$save")" = 2 ] &&
	grep -qx "order r1 cancel" "$save" && ! grep -q "order run" "$save"'
keys q
wait_for "Quit the game?"
pid=$(game_pid)
keys y
check "q y quits" gone "$pid"

# In contact with Blue's knight, r1 is sent west: G asks before the free
# attack, and a no leaves r1 where it is. The 12x5 field: cells two
# columns wide, from row 6.
map_y=6
check "the melee field" start_red -- "$srcdir/tests/data/orders-melee.yaml --seed 1"
keys :
wait_for ":"
keys "order r1 0,2" Enter
check "an order given at the prompt" wait_for "r1 has a standing order to 0,2"
keys G
check "G asks before the free attack" \
	wait_joined "Move r1 out of melee? free attack: b1 10+"
keys n
check "no: r1 stays where it is" wait_for "r1 stays where it is"
check "r1 still at 2,2, beside the knight" \
	eventually '[ "$(cell 2 2)" = A ] && [ "$(cell 3 2)" = K ]'
finish
