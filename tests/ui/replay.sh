#!/bin/sh
# Watching a saved game: forwards, backwards, by round, and as one team
# saw it (which hides what that team could not see).
. "$(dirname "$0")/lib.sh"

XDG_STATE_HOME=$work/state "$bin" run "$scenario" --seed 7 --save --keep-going \
	--script "$srcdir/tests/golden/gatehouse-siege.script" > /dev/null
save=$(ls "$work"/state/medsiege/*.save | head -n 1)
n=$(grep -vc '^#' "$save")

start -- "replay $save"
check "replay starts at the beginning" wait_for "command 0 of $n"
check "everything is shown: the courtyard's man-at-arms at 8,6" \
	eventually '[ "$(at 8 6)" = A ]'
keys n
check "n: the first command" wait_for "> moveto r1 12,13"
check "its events are in the log" \
	wait_for "r1 stops at 12,14 for this turn: 12,13 is 1 more turn away"
keys p
check "p: back to the start" wait_for "command 0 of $n"
keys ]
check "]: the next round" wait_for "Round 2: Red, Movement"
keys t
check "t: Red's view" wait_for "Seen by: Red"
check "Red does not see into the courtyard" eventually '[ "$(at 8 6)" = " " ]'
keys t
check "t: Blue's view" wait_for "Seen by: Blue"
check "Blue sees its own man-at-arms" eventually '[ "$(at 8 6)" = A ]'
keys g 1 0 Enter
check "g 10 Enter: round 10" wait_for "Round 10:"
keys End
check "End: the end of the save" wait_for "command $n of $n"
check "the result is shown" wait_for "Blue wins"
keys q
check "q leaves with status 0" eval '[ "$(exit_status)" = 0 ]'
start -- "replay $work/nothing.save 2>$work/err"
check "a missing save: exit status 2" eval '[ "$(exit_status)" = 2 ]'
check "a missing save: a clear message" grep -q "nothing.save: cannot open" "$work/err"
finish
