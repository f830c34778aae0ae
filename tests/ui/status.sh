#!/bin/sh
# A status message is never cut: one too long for a row wraps onto a
# second (the key hint's row, or the log's last when they share the
# bottom line), and every message and command goes to the full log too
# (g), the viewer's alone: in hot seat the next team never reads it. The
# log pane keeps to the game's story.
. "$(dirname "$0")/lib.sh"

tutorial=$srcdir/maps/tutorial.yaml
undo="nothing to undo: only movements that rolled no dice and brought no enemy into sight, in the Movement step they were made in"

# Gatehouse at 80x24: the map is too tall for two bottom lines, so the
# status and the key hint share the last one.
check "unknown TERM: Red's turn" \
	eval 'start TERM=no-such-terminal-xyz && wait_for "Red to play" && keys Enter &&
	wait_for "movement left"'
save=$(ls "$work"/state/medsiege/*.save)
check "the save's whole path is on the screen" eventually 'screen | grep -Fq "$save"'
# The message needs three rows (the test's folder is long): the status
# keeps its start and its end, the save's path, and the full log has it
# whole.
check "the status keeps the start and the path" eventually \
	'screen | tail -n 2 | head -n 1 | grep -q "^terminal type .no-such-terminal-xyz. is unknown here" &&
	 screen | tail -n 1 | grep -q "^\.\.\. " && screen | tail -n 1 | grep -Fq "$save"'
keys Tab
check "a key later the next message" wait_for "r2 Foot Knight selected"
keys g
check "the full log has the first message whole" eval 'wait_for "Log: what your team saw" &&
	wait_joined "unknown here; using xterm-256color; saving to $save"'
check "and the selection" wait_for "r2 Foot Knight selected"
keys q
wait_for "movement left"
keys e y z
check "an undo refused: the whole reason, over two rows" wait_joined "$undo"
check "no word is cut at the row's end" \
	eventually 'screen | grep -q "no enemy into$" && screen | grep -q "^sight, in the Movement"'
keys Tab
check "a key later the next message" wait_for "selected"
check "the log pane tells the game, not the messages" \
	eval '! screen | grep -Eq "nothing to undo|> end" && screen | grep -q "== Round 1: Red, Missile fire =="'
keys g
check "the full log has the reason, whole, after the command" \
	eval 'wait_for "Log: what your team saw" && wait_joined "> end == Round 1: Red, Missile fire == > undo $undo"'
keys q

# Tutorial at 80x24: a short map, so the status and the key hint have a
# line each; a two-row message takes the hint's, which comes back after.
check "tutorial: Red's turn" eval 'start_red -- "$tutorial --seed 1"'
check "the key hint is whole: it ends with ?:help" eventually 'screen | tail -n 1 | grep -q "?:help *$"'
keys e y z
check "tutorial: the undo refused, whole" wait_joined "$undo"
check "on the status and hint rows" eventually \
	'screen | tail -n 2 | head -n 1 | grep -q "^nothing to undo" &&
	 screen | tail -n 1 | grep -q "^sight, in the Movement step"'
keys a
check "a key later the hint is back" wait_for "Enter:select/shoot"

# Hot seat: what the screen told Red is Red's alone.
check "gatehouse: Red's turn" start_red
keys m k m y
check "a refusal naming r1" wait_for "r1 cannot move nw: 9,15 is water"
keys e y e y e y
check "Blue's turn" wait_for "Blue to play"
keys Enter
# r1's step north is in Blue's sight: the digest tells it first.
check "Blue's digest" wait_for "what you saw since your last turn"
keys q
wait_for "movement left"
keys g
check "Blue's full log" wait_for "Log: what your team saw"
check "has nothing of what Red was told" \
	eval '! screen | grep -Eq "cannot move|> move|saving to|r1 Foot Knight"'
keys q
wait_for "movement left"
check "nor Blue's log pane" eval '! screen | grep -Eq "cannot move|> move r1"'

# 160x50: the undo's reason fits one row.
tcols=160 tlines=50
check "160x50: Red's turn" start_red
keys e y z
check "160x50: the undo refused, whole on one row" eventually 'screen | grep -Fq "$undo"'
finish
