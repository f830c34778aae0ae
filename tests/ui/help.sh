#!/bin/sh
# The help screen lists every key and returns to the game; the full log
# scrolls; keys without a meaning do nothing.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
keys ?
check "? shows the help" wait_for "MOVING THE CURSOR"
check "the help lists the door keys" wait_for "lock / unlock the door"
keys End
check "and, at the end, the rules" wait_for "RULES IN SHORT"
check "the map is gone meanwhile" eval '! screen | grep -q "#==H"'
keys q
check "q goes back to the map" eval 'wait_for "#==H======H===#" && wait_for "movement left"'
keys g
check "g shows the full log" wait_for "Log: what your team saw"
check "with the seed" wait_for "Gatehouse, seed 1"
keys Enter
check "and goes back" wait_for "movement left"
# Keys with no meaning, function keys and odd bytes do nothing harmful.
keys F5 F12 Insert Delete BSpace '!' '@' '~' 'Z' 'w' '0' C-a C-x
check "the game goes on after odd keys" eval 'wait_for "movement left: 5" && [ "$(at 10 17)" = K ]'
keys Q
check "q asks before quitting" wait_for "Quit the game?"
keys n
check "n goes on" eval 'wait_gone "Quit the game?" && wait_for "movement left"'
keys q
wait_for "Quit the game?"
pid=$(game_pid)
keys y
check "q y quits" gone "$pid"
check "with status 0" eval '[ "$(exit_status)" = 0 ]'
finish
