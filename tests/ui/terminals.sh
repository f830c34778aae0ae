#!/bin/sh
# Other terminals: vt100, no colour, an unknown TERM (falls back).
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
finish
