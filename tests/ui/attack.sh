#!/bin/sh
# An attack shows its arithmetic and odds, and asks, before any die is
# rolled; the log then shows the roll.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
keys e y
check "Missile fire" wait_for "war machines, then missiles"
keys Tab
check "Tab picks a unit that may shoot" wait_for "r5 Archer selected"
keys t
check "t puts the cursor on an enemy in view" wait_for "b1 Archer (Blue)"
check "the panel previews the shot" wait_for "need 15+ (30%): AV 9 + DV 4"
keys x
check "x asks to confirm, with the odds" wait_for "r5: shoot at b1? need 15+ (30%) [y/n]"
check "the panel shows the arithmetic" wait_for "r5 shoots at b1 (Archer) with its longbow:"
check "no die is rolled yet" eval '! screen | grep -q "rolled"'
keys n
check "n makes no attack" wait_for "no attack made"
check "still no roll" eval '! screen | grep -q "rolled"'
keys x
wait_for "[y/n]"
keys y
check "y shoots: the log shows the attack" wait_for "r5 longbow at b1: need 15+ (30%)"
check "and the roll and the result" wait_for "rolled 20: HIT"
check "the command was sent" wait_for "> shoot r5 b1"
keys t x
check "shooting twice is refused with the reason" wait_for "r5 has already shot this step"
keys e y
wait_for "Round 1: Red, Melee"
keys t F
check "fighting an enemy out of reach is refused" wait_for "not in melee with it"
finish
