#!/bin/sh
# Nothing is rolled without the player's consent: a move out of melee
# shows each free attack it would draw, with its need, and asks first
# (after m DIR and after Enter on a destination); n sends nothing. A move
# that draws none asks nothing.
. "$(dirname "$0")/lib.sh"
field=$srcdir/tests/ui/melee.yaml
# The 12x6 field at 80x24: cells two columns wide, centred in the 18 rows
# beside the panel.
map_y=6 cell_w=2

# select ID NAME: Tab until that unit is selected.
select_unit() {
	i=0
	while [ $i -lt 6 ]; do
		keys Tab
		wait_for "$1 $2 selected" 1 && return 0
		i=$((i + 1))
	done
	return 1
}

# Seed 3: the levy's free attack on r2 misses.
check "Red's turn starts" start_red -- "$field --seed 3"
check "r2 is selected" select_unit r2 Man-at-Arms
check "r2 is in melee with the levy" wait_for "ENGAGED in melee with b1"
keys m h
check "m asks before leaving melee, naming the attacker and its need" \
	wait_for "Move r2 out of melee? free attack: b1 15+ (30%) [y/n]"
check "the panel lists each free attack" \
	wait_for "r2 leaves melee, drawing 1 free attack:"
check "with the arithmetic the roll will use (wrapped, never cut)" \
	wait_joined "b1 pitchfork: need 15+ (30%): AV 11 + DV 6 - from behind 2"
check "nothing is rolled while it asks" eval '! screen | grep -q "rolled"'
keys n
check "n makes no move" wait_for "no move made"
check "and sends nothing" eval '! screen | grep -q "> move" && ! screen | grep -q "rolled"'
check "r2 has not moved" eventually '[ "$(cell 4 3)" = A ]'

# Enter on a destination: the same question, for the path's attacks.
keys h h Enter
check "Enter on a destination asks too" \
	wait_for "Move r2 out of melee? free attack: b1 15+ (30%) [y/n]"
keys n
check "n: still no move" eval 'wait_for "no move made" && ! screen | grep -q "rolled"'
keys Enter
wait_for "[y/n]"
keys y
check "y moves: the free attack is rolled, with the need shown" \
	wait_for "free attack: b1 pitchfork at r2: need 15+ (30%)"
check "and its roll" wait_for "rolled"
check "the command was sent" wait_for "> moveto r2 2,3"

# A move that leaves no melee asks nothing.
check "r3 is selected" select_unit r3 Archer
keys m k
check "a move out of no melee is made at once" wait_for "> move r3 n"
finish
