#!/bin/sh
# Last-seen marks: an enemy the team saw disabled leaves no "last seen"
# mark where it fell; one disabled out of the team's sight is still
# marked where the team last saw it (it must not learn what it did not
# see).
. "$(dirname "$0")/lib.sh"

field=$srcdir/tests/ui/ghosts.yaml
# say LINE: a line of the command language typed at the ':' prompt.
say() { keys :; keys -l "$1"; keys Enter; }

check "Red's turn starts" start_red -- "$field --seed 1 --dice manual"
say end
wait_for "Round 1: Red, Missile fire"
say "shoot r1 b1"
wait_for "roll a d20"
keys 2 0 Enter
check "Red shoots b1 down in its view" wait_for "b1 is disabled"
# skip_digest: past what the team saw since its last turn, if shown.
skip_digest() {
	wait_gone "to play" || return 1
	case $(screen) in *"what you saw since"*) keys Enter ;; esac
	wait_gone "what you saw since"
}
# pass_turn ROUND TEAM: pass the curtain to TEAM's turn and end its
# three steps.
pass_turn() {
	wait_for "$2 to play" && keys Enter && skip_digest &&
		wait_for "Round $1: $2, Movement ==" && say end &&
		wait_for "Round $1: $2, Missile fire ==" && say end &&
		wait_for "Round $1: $2, Melee ==" && say end
}
say end
wait_for "Round 1: Red, Melee"
say end
check "Blue's and Green's turns pass" eval 'pass_turn 1 Blue && pass_turn 1 Green'
check "Round 2: Red again" eval 'wait_for "Red to play" && keys Enter && skip_digest && wait_for "Round 2: Red, Movement"'
# Red turns its back on the field: neither levy is in its view now.
say "face r1 w"
wait_for "r1 faces w"
say end
wait_for "Round 2: Red, Missile fire"
say end
wait_for "Round 2: Red, Melee"
say end
check "Blue's turn passes" pass_turn 2 Blue
wait_for "Green to play"
keys Enter
skip_digest
wait_for "Round 2: Green, Movement =="
say end
wait_for "Round 2: Green, Missile fire =="
say "shoot g1 b2"
wait_for "roll a d20"
keys 2 0 Enter
check "Green shoots b2 down, out of Red's sight" wait_for "b2 is disabled"
say end
wait_for "Round 2: Green, Melee =="
say end
wait_for "Red to play"
keys Enter
skip_digest
check "Round 3: Red's turn" wait_for "Round 3: Red, Movement"
map_x=0 map_y=5 cell_w=2
check "b1, seen disabled, has no last-seen mark where it fell" \
	eval '[ "$(cell 8 1)" = "." ]'
check "b2, disabled out of sight, keeps its mark where Red last saw it" \
	eval '[ "$(cell 8 3)" = "?" ]'
keys Right Right Right Right Right Right Up
check "the panel says nothing of b1 where it fell" \
	eval 'wait_for "cursor 8,1" && ! screen | grep -q "last seen here"'
keys Down Down
check "and tells of b2 where it was last seen" \
	wait_for "b2 Peasant Levy last seen here, 1 round ago"
finish
