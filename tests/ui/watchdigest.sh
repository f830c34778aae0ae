#!/bin/sh
# A computer's turn watched to its end, without a key: the human team's
# turn still begins with the digest of what it saw (at 80x24 the log pane
# keeps three rows, and the rest scrolled by unread), and D shows the
# digest again at any time of the turn.
. "$(dirname "$0")/lib.sh"

# Gatehouse, Blue played by the computer, each of its actions shown for a
# moment and no key pressed while it plays.
check "Red's turn against the computer" start_red -- "$scenario --seed 1 --ai Blue --pace 1"
keys D
check "D with nothing seen yet: said so, no page" \
	wait_for "nothing seen since your last turn: the digest is empty"
keys e y
wait_for "Red, Missile fire"
keys e y
wait_for "Red, Melee"
keys e y
check "the watched turn ends in Red's digest" \
	wait_for "Red: what you saw since your last turn"
check "every attack Red saw is in it, whole" \
	wait_for "b3 crossbow at r1: need 15+ (30%): AV 7 + DV 8; rolled 11: miss"
check "grouped under the unit that made it" wait_for "b3 Crossbowman (Blue)"
keys q
check "then Red's turn" wait_for "Round 2: Red, Movement"
keys D
check "D: the same digest again" \
	eval 'wait_for "Red: what you saw since your last turn" && wait_for "b3 crossbow at r1"'
keys q
check "q: back to the turn" wait_for "Round 2: Red, Movement"
keys "?"
wait_for "keys and rules"
check "D is listed in ?" page_to "D                 the digest again"

keys q

# Two human teams: the digest comes after the curtain, and D recalls it
# in the middle of the turn.
start -- "$srcdir/maps/tutorial.yaml --seed 1"
wait_for "Red to play" && keys Enter
wait_for "Round 1: Red, Movement"
keys Tab Tab
wait_for "r3 Man-at-Arms"
keys l l l l l l Enter
wait_for "r3 moves 5,6 -> 11,6"
keys e y && wait_for "Red, Missile fire"
keys e y && wait_for "Red, Melee"
keys e y && wait_for "Blue to play"
keys Enter
check "Blue's digest after its curtain" wait_for "r3 moves 5,6 -> 11,6"
keys q
wait_for "Round 1: Blue, Movement"
keys Tab
keys D
check "D in Blue's turn: its digest again" \
	eval 'wait_for "Blue: what you saw since your last turn" && wait_for "r3 Man-at-Arms (Red)"'
keys q
finish
