#!/bin/sh
# Signals and dropped terminals leave no process behind.
. "$(dirname "$0")/lib.sh"

err=$work/stderr
for sig in HUP TERM INT; do
	start_red -- "$scenario --seed 1 2>$err"
	pid=$(game_pid)
	check "SIG$sig: the game runs (pid $pid)" kill -0 "$pid"
	kill -s "$sig" "$pid"
	check "SIG$sig: the game exits" gone "$pid"
	check "SIG$sig: it says why, after leaving curses" grep -q "stopped by signal" "$err"
	check "SIG$sig: exit status 1" eval '[ "$(exit_status)" = 1 ]'
done

# The same while a question is on the screen, and behind the curtain.
start_red
pid=$(game_pid)
keys q
wait_for "Quit the game?"
kill -s HUP "$pid"
check "SIGHUP during a question: the game exits" gone "$pid"
start
wait_for "Red to play"
pid=$(game_pid)
kill -s HUP "$pid"
check "SIGHUP behind the curtain: the game exits" gone "$pid"

# A dropped connection: the terminal goes away under the game.
start_red
pid=$(game_pid)
tm kill-session -t t
check "a closed terminal: the game exits" gone "$pid"
finish
