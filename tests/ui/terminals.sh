#!/bin/sh
# Other terminals: vt100, no colour, an unknown TERM (falls back), and
# one that cannot move its cursor (TERM=dumb): said in one line, exit 1,
# nothing drawn and nothing saved.
. "$(dirname "$0")/lib.sh"

check "TERM=vt100: the curtain" eval 'start TERM=vt100 && wait_for "Red to play"'
keys Enter
check "TERM=vt100: the map and panel" \
	eval 'wait_for "#==H======H===#+#====H======H====#" && wait_for "movement left: 5 in of 5"'
keys m k
check "TERM=vt100: a unit moves" wait_for "movement left: 4 in of 5"

check "NO_COLOR=1: the game renders" eval 'start NO_COLOR=1 && wait_for "Red to play"'
keys Enter
check "NO_COLOR=1: the map and panel" \
	eval 'wait_for "#==H======H===#+#====H======H====#" && wait_for "movement left"'
check "NO_COLOR=1: units shown" eventually '[ "$(at 10 17)" = K ]'

check "unknown TERM: falls back and says so" \
	eval 'start TERM=no-such-terminal-xyz && wait_for "Red to play"'
keys Enter
check "unknown TERM: the map" wait_for "#==H======H===#"
check "unknown TERM: the fallback is named" wait_for "using xterm-256color"
keys q
wait_for "Quit"
keys y

rm -rf "$XDG_STATE_HOME"
dumb="medsiege: this terminal (TERM=dumb) cannot move its cursor, so it cannot show the map"
# Standard error to a file: the program exits at once, and may take its
# pane with it before it can be read.
start TERM=dumb -- "$scenario --seed 1 2>$work/err"
check "TERM=dumb: exit status 1" eval '[ "$(exit_status)" = 1 ]'
check "TERM=dumb: one line on stderr says the map cannot be shown, and what to do" \
	eval '[ "$(wc -l <"$work/err")" = 1 ] &&
		grep -qF "$dumb: set TERM to your terminal'"'"'s type" "$work/err" &&
		grep -qF "or play without a screen with '"'"'medsiege run'"'"'" "$work/err"'
check "TERM=dumb: no game was begun" eval '! ls "$XDG_STATE_HOME"/medsiege/*.save >/dev/null 2>&1'
printf 'move r1 n\n' | "$bin" run "$scenario" --seed 1 --save --script - >/dev/null
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save)
start TERM=dumb -- "replay $save 2>$work/err"
check "TERM=dumb: replay says so too" \
	eval '[ "$(exit_status)" = 1 ] && grep -qF "$dumb" "$work/err"'
finish
