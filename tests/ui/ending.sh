#!/bin/sh
# After the screen closes, the shell is told how the game ended: the
# result, or that it is saved; the save's path; and the command that
# replays it or goes on with it. The pane is read once the program has
# exited.
. "$(dirname "$0")/lib.sh"

# after: the shell's lines after the game (the screen is gone), each
# whole (a line wrapped at the edge of the pane joined), with what went
# up into the pane's history.
after() { tm capture-pane -p -J -S - -t t | grep -v '^ *$'; }

# q, then y: the game is saved and can go on.
check "Red's turn starts" start_red
keys q
wait_for "Quit"
keys y
check "quit: exit status 0" eval '[ "$(exit_status)" = 0 ]'
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save 2>/dev/null | head -n 1)
check "quit: 'Saved.'" eventually 'after | grep -qx "Saved\."'
check "quit: the save's path" eventually 'after | grep -qxF "Save: $save"'
check "quit: the command that goes on with it" \
	eventually 'after | grep -qxF "Go on: medsiege --resume $save"'
check "quit: in that order, nothing of the screen left" \
	eval '[ "$(after | head -n 3)" = "$(printf "Saved.\nSave: %s\nGo on: medsiege --resume %s" "$save" "$save")" ]'

# Seed 1: r1 disables the levy in round 1 and Red wins.
rm -rf "$XDG_STATE_HOME"
melee_win
wait_for "The battle is decided"
keys Enter
check "the game over screen" wait_for "GAME OVER"
keys Enter
check "over: exit status 0" eval '[ "$(exit_status)" = 0 ]'
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save 2>/dev/null | head -n 1)
check "over: the result and the round" \
	eventually 'after | grep -qxF "Red wins: disable b1 (round 1)."'
check "over: the save's path" eventually 'after | grep -qxF "Save: $save"'
check "over: the command that replays it" \
	eventually 'after | grep -qxF "Replay: medsiege replay $save"'
check "over: no word of going on" eval '! after | grep -q -- "--resume"'

# A state folder whose path needs quoting: the command is one word.
rm -rf "$work/odd"
start XDG_STATE_HOME="'$work/odd dir'" -- "$scenario --seed 1"
wait_for "Red to play"
keys q
wait_for "Quit"
keys y
odd=$(ls "$work/odd dir"/medsiege/*.save 2>/dev/null | head -n 1)
check "a path with a blank: quoted for the shell" \
	eventually 'after | grep -qxF "Go on: medsiege --resume '"'"'$odd'"'"'"'

# A game that cannot be saved says so.
mkdir -p "$work/nostate"
: >"$work/nostate/medsiege"
start XDG_STATE_HOME="$work/nostate" -- "$scenario --seed 1"
wait_for "Red to play"
keys q
wait_for "Quit"
keys y
check "not saved: said on the shell" eventually 'after | grep -qx "This game was not saved\."'
finish
