#!/bin/sh
# :odds between two units the team knows is the attack the first would
# make where they stand, the number the panel previews when the cursor
# is on the target (t): in the tutorial the archer r2 shoots the billman
# b2 with its longbow (17+), not its dagger. Between unit types, every
# weapon answers. An enemy the team does not see is no unit to :odds.
. "$(dirname "$0")/lib.sh"

tut=$srcdir/maps/tutorial.yaml
check "Red's turn" start_red -- "$tut --seed 1"
keys : o d d s Space r 2 Space b 2 Enter
check ":odds r2 b2: the longbow's shot where they stand" \
	wait_for "odds: r2's longbow on b2 at 14.1 in: need 17+ (20%)"
check "and the whole sum on the panel" \
	eval 'wait_for "r2 Archer (longbow, missile) against b2 Billman, 14.1" &&
	wait_for "need 17+ (20%): AV 9 + DV 6 + over half range 2"'
keys : o d d s Space a r c h e r Space f o o t _ k n i g h t Enter
check ":odds between types: each weapon, shots at half and full range" \
	wait_joined "odds: archer on foot_knight: longbow at 12 in need 17+ (20%); longbow at 24 in need 19+ (10%); dagger need 20+ (5%)"
check "each answer's sum on the panel" \
	eval 'wait_for "Archer (dagger, melee) against Foot Knight:" &&
	wait_for "need 20+ (5%): AV 12 + DV 8"'
keys : o d d s Space r 2 Space c a p t a i n Enter
check "an enemy Red does not see is no unit (nor a type)" \
	wait_for "odds: no unit type or unit you know 'captain'"
keys : o d d s Space r 2 Space b 2 Space - - r a n g e Space 5 Enter
check "no situation goes with two units" \
	wait_for "odds: between two units the situation is where they stand"

# The panel's preview in Missile fire, the cursor on b2: the same shot.
keys e y
wait_for "Missile fire"
keys Tab
check "r2 is selected" wait_for "r2 Archer (a)"
keys t
check "t: the cursor on b2" wait_for "cursor 17,5  14.1 in from r2"
check "the panel previews the number :odds gave" \
	eval 'wait_for "r2 shoots with longbow:" &&
	wait_for "need 17+ (20%): AV 9 + DV 6 + over half range 2"'
finish
