#!/bin/sh
# A game survives a dropped connection: after SIGHUP, --resume shows the
# same position with nothing lost; a computer team plays its turn without
# showing anything of the human team's hidden view.
. "$(dirname "$0")/lib.sh"

# the map part of the screen (the viewport, left of the panel)
map_rows() { screen | head -n 20 | cut -c1-34 | sed "s/ *$//"; }

check "Red's turn starts" start_red
keys m k
check "r1 steps north" wait_for "r1 moves 10,17 -> 10,16"
keys Tab m k
check "r2 steps north" wait_for "r2 moves 21,17 -> 21,16"
keys e y
check "Missile fire" wait_for "Round 1: Red, Missile fire"
before=$(map_rows)
pid=$(game_pid)
kill -s HUP "$pid"
check "SIGHUP: the game exits" gone "$pid"
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save 2>/dev/null | head -n 1)
check "the save holds the three commands" \
	eval '[ "$(grep -vc "^#" "$save")" = 3 ]'

start -- "--resume"
check "--resume: the curtain for Red" wait_for "Red to play"
keys Enter
check "--resume: back in Red's Missile fire step" wait_for "Missile fire"
after=$(map_rows)
check "--resume: the same map, units where they were" \
	eval '[ "$after" = "$before" ]' || { echo "before:"; printf '%s\n' "$before"; }
check "r1 stands at 10,16" eventually '[ "$(at 10 16)" = K ]'
keys e y
wait_for "Melee"
keys e y
check "the game goes on: Blue's turn" wait_for "Blue to play"
keys q
gone "$(game_pid)"

# The same game resumed by name, and a finished game is not offered.
check "--resume SAVE names the save" eval 'start -- "--resume $save" && wait_for "Blue to play"'
keys q

# A save of another rules version is refused before the game begins,
# --force or not (tests/save.sh checks the whole line). The game is gone
# at once, maybe with its pane: what it said is kept in a file.
sed 's/^# rules: .*/# rules: 999/' "$save" >"$work/other.save"
start -- "--resume $work/other.save --force 2>$work/other.err"
check "--resume: a save of another rules version is refused, with status 2" \
	eval '[ "$(exit_status)" = 2 ]'
check "--resume: ... naming both versions" \
	grep -q "other.save: made by rules version 999 of medsiege; this medsiege plays rules version" "$work/other.err"

# A computer player: Blue is played by the program (--pace 0: its turn
# is not shown action by action, so the digest tells it).
start -- "$scenario --seed 2 --ai Blue --pace 0"
check "--ai: Red plays" wait_for "Red to play"
keys Enter
wait_for "movement left"
keys e y
wait_for "Missile fire"
keys e y
wait_for "Melee"
keys e y
check "--ai: after Blue's turn, Red reads its digest without a curtain" \
	wait_for "Red: what you saw since your last turn" 20
check "--ai: the digest never names Blue's hidden units" \
	eval '! screen | grep -Ewq "b6|b7"'
keys q
check "--ai: then Red plays round 2" wait_for "round 2 of 12"
aisave=$(grep -l "^# control: ai:normal Blue" "$XDG_STATE_HOME"/medsiege/*.save | head -n 1)
check "--ai is kept in the save" test -n "$aisave"
pid=$(game_pid)
kill -s HUP "$pid"
gone "$pid"
start -- "--resume $aisave --pace 0"
wait_for "Red to play"
keys Enter
wait_for "movement left"
keys e y
wait_for "Missile fire"
keys e y
wait_for "Melee"
keys e y
check "resumed without --ai, Blue is still the computer's" \
	wait_for "Red: what you saw since your last turn" 20
finish
