#!/bin/sh
# The digest a team reads when its turn begins tells every action of the
# enemy it saw, grouped by unit, and can show each seen move on the map;
# after a quit and --resume the log and the digest are as they were.
. "$(dirname "$0")/lib.sh"

tutorial=$srcdir/maps/tutorial.yaml
start -- "$tutorial --seed 1"
check "Red's curtain" wait_for "Red to play"
keys Enter
check "Red plays" wait_for "Round 1: Red, Movement"
# r3, the man-at-arms, walks six inches east, in Blue's sight.
keys Tab Tab
check "r3 is selected" wait_for "r3 Man-at-Arms"
keys l l l l l l Enter
check "r3 moves" wait_for "r3 moves 5,6 -> 11,6"
keys e y
check "Missile fire" wait_for "Round 1: Red, Missile fire"
keys e y
check "Melee" wait_for "Round 1: Red, Melee"
keys e y
check "Blue's curtain" wait_for "Blue to play"
keys Enter
check "Blue's digest" wait_for "Blue: what you saw since your last turn"
check "the move Blue saw is in it, from and to" wait_for "r3 moves 5,6 -> 11,6"
check "under the unit that made it" wait_for "r3 Man-at-Arms (Red)"
check "the moves can be shown on the map" wait_for "s: the moves on the map"
keys s
check "the move on Blue's map" wait_for "move 1 of 1: r3 moves 5,6 -> 11,6"
check "the cursor at its end" wait_for "cursor 11,6"
keys q
check "back to Blue's turn" wait_for "Round 1: Blue, Movement"

# Quit, then resume: the story is kept.
keys q
wait_for "[y/n]" 3 && keys y
gone "$(game_pid)"
start -- "--resume"
check "--resume: Blue's curtain" wait_for "Blue to play"
keys Enter
check "--resume: the same digest" wait_for "r3 moves 5,6 -> 11,6"
check "--resume: grouped the same" wait_for "r3 Man-at-Arms (Red)"
keys q
check "--resume: the log keeps Red's move" wait_for "r3 moves 5,6 -> 11,6"
keys g
check "--resume: the whole log, from the start" wait_for "Tutorial, seed 1"
check "--resume: and the round's first step" wait_for "== Round 1: Red, Movement =="
keys q
keys q
wait_for "[y/n]" 3 && keys y
finish
