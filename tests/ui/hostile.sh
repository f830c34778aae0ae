#!/bin/sh
# The terminal game when things go wrong around it: Ctrl-\ (SIGQUIT)
# leaves the terminal as it found it; a save that stops (a full disk, by
# the journal's fault hook) is said at once on the status line and in the
# log; a FIFO among the saves, or as the key file, hangs nothing;
# --resume says which game is open elsewhere.
. "$(dirname "$0")/lib.sh"

# Whether stty -a output in FILE shows echo and line editing on.
sane() {
	grep -Eq '(^| )echo( |$)' "$1" && grep -Eq '(^| )icanon( |$)' "$1"
}

# Quit the game on screen, as a player would, and see it gone.
quit_game() {
	keys q
	wait_for "Quit"
	keys y
	gone "$(game_pid)"
}

err=$work/stderr
rm -f "$work/stty" "$work/game-status"
start_red -- "$scenario --seed 1 2>$err; echo \$? >$work/game-status; stty -a >$work/stty"
pid=$(game_pid)
check "SIGQUIT: the game runs (pid $pid)" kill -0 "$pid"
kill -s QUIT "$pid"
check "SIGQUIT: the game exits" gone "$pid"
check "SIGQUIT: exit status 1, no core dumped" \
	eventually '[ "$(cat "$work/game-status" 2>/dev/null)" = 1 ]'
check "SIGQUIT: it says why, after leaving curses" grep -q "stopped by signal 3" "$err"
check "SIGQUIT: the terminal has echo and line editing again" \
	eventually 'sane "$work/stty"'

# A disk that fills at the first command.
rm -rf "$XDG_STATE_HOME"
start_red MEDSIEGE_TEST_JOURNAL_FAULT=enospc:2 -- "$scenario --seed 1"
keys m k
check "a full disk: the move is made" eventually '[ "$(at 10 16)" = K ]'
check "a full disk: the status line says saving stopped, at once" \
	eventually 'screen | tail -n 2 | tr -d "\n" | grep -q "saving stopped: cannot write: No space left on device"'
keys Tab
check "a full disk: the message stays in the log" \
	eventually '[ "$(screen | tail -n 2 | grep -c "saving stopped")" = 0 ] &&
		screen | head -n 22 | grep -q "saving stopped"'
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save 2>/dev/null | head -n 1)
check "a full disk: the save holds its header only, whole" \
	eval '[ -n "$save" ] && [ "$(grep -vc "^#" "$save")" = 0 ] &&
		[ "$(tail -c 1 "$save" | od -An -c | tr -d " ")" = "\\n" ]'
quit_game

# A FIFO named like a save, newer than the real one: --resume passes it by.
rm -rf "$XDG_STATE_HOME"
printf 'move r1 n\n' | "$bin" run "$scenario" --seed 1 --save --script - >/dev/null
mkfifo "$XDG_STATE_HOME/medsiege/zzz-fifo.save"
start -- "--resume"
check "--resume with a FIFO among the saves: the game comes back" wait_for "Red to play"
keys Enter
check "--resume: r1 where it was" wait_for "movement left"
quit_game
# A newer save that another medsiege is playing: --resume passes it by
# for the newest one free.
rm -rf "$XDG_STATE_HOME"
printf 'move r1 n\n' | "$bin" run "$scenario" --seed 1 --save --script - >/dev/null
rm -f "$work/held"
mkfifo "$work/held"
"$bin" run "$srcdir/maps/tutorial.yaml" --seed 2 --save --script - <"$work/held" >/dev/null 2>&1 &
held=$!
# The writer is a process of its own, so that the terminal the game runs
# in does not inherit the pipe and keep the held game waiting for ever.
sleep 600 >"$work/held" &
writer=$!
check "a second game holds a newer save" \
	eventually '[ "$(ls "$XDG_STATE_HOME"/medsiege/*.save | wc -l)" = 2 ]'
start -- "--resume"
check "--resume passes over the save open elsewhere: the gatehouse comes back" \
	eval 'wait_for "Red to play" && screen | grep -q Gatehouse'
keys Enter
check "--resume: r1 where it was" wait_for "movement left"
busy=$(basename "$(ls "$XDG_STATE_HOME"/medsiege/tutorial-*.save)")
free=$(basename "$(ls "$XDG_STATE_HOME"/medsiege/gatehouse-*.save)")
check "--resume: it says which game is open elsewhere, and which it resumed" \
	wait_joined "the newest game ($busy) is open elsewhere; resuming the newest free one, $free"
quit_game
# The newest game open elsewhere and no other: said, with its path.
rm -f "$XDG_STATE_HOME"/medsiege/gatehouse-*.save
# (Standard error to a file: the program exits at once, and may take its
# pane with it before it can be read.)
start -- "--resume 2>$work/err"
check "--resume with only a game open elsewhere: exit 2" eval '[ "$(exit_status)" = 2 ]'
check "--resume with only a game open elsewhere: it names it" \
	grep -qF "medsiege: the newest game ($XDG_STATE_HOME/medsiege/$busy) is open elsewhere" "$work/err"
kill "$writer"
wait "$held"
# A FIFO where the key file should be: the game starts, and says so.
mkdir -p "$work/config/medsiege"
mkfifo "$work/config/medsiege/keys"
start XDG_CONFIG_HOME=$work/config -- "$scenario --seed 1"
check "a FIFO as the key file: the game starts" wait_for "Red to play"
keys Enter
check "a FIFO as the key file: it says so" wait_for "not a regular file (a FIFO)"
keys m k
check "a FIFO as the key file: the usual keys" eventually '[ "$(at 10 16)" = K ]'
quit_game
finish
