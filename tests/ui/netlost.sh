#!/bin/sh
# The host dies in the middle of Red's turn: Red's screen says "host lost,
# reconnecting" and tries again; joining wakes the game from its save (a
# sleeping game wakes on join, with its seats and nothing repeated), and
# Red's screen comes back by itself, the game where it was, the log with
# it. Then the host, with nobody connected, sleeps after its idle time,
# and a join wakes it again.
. "$(dirname "$0")/lib.sh"
XDG_RUNTIME_DIR=$work/run MEDSIEGE_GROUP_ROOT=$work/groups
mkdir -m 700 "$XDG_RUNTIME_DIR" "$MEDSIEGE_GROUP_ROOT"
export XDG_RUNTIME_DIR MEDSIEGE_GROUP_ROOT
host_pid() {
	sed -n 's/.* pid \([0-9]*\)$/\1/p' "$XDG_STATE_HOME"/medsiege/games/*/log | tail -n 1
}
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }
# The host outlives the tmux servers that start() replaces: stopped at
# the end only.
stop_host() {
	pid=$(host_pid 2>/dev/null)
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
}
trap 'cleanup; stop_host; rm -rf "$work"' EXIT

out=$("$bin" host "$srcdir/tests/ui/melee.yaml" --seed 1 --detach --idle 2)
game=$(echo "$out" | sed -n 's/^Hosting \(melee-[a-z0-9]*\) .*/\1/p')
start XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" -- join "$game"
check "Red's turn" wait_for "Your turn, Red: round 1"
keys e y
check "Red's Missile fire step" wait_for "== Round 1: Red, Missile fire =="
first=$(host_pid)
kill -9 "$first"
# The status line may flash by on a fast machine (the screen is built
# anew for the new host); the new screen's log says it too.
check "the host's death is told, and the game wakes" \
	eval 'wait_for "host lost, reconnecting" 5 || wait_for "back in the game" 40'
check "Red's screen comes back by itself" wait_for "Your turn, Red: round 1" 40
check "the game where it was, its log with it" \
	eval 'wait_for "== Round 1: Red, Missile fire ==" && wait_for "== Round 1: Red, Movement =="'
second=$(host_pid)
check "a new host process" eval '[ "$second" != "$first" ] && alive "$second"'
check "whose log says it was woken" eval 'grep -q "(Melee), woken" "$XDG_STATE_HOME"/medsiege/games/$game/log'
keys e y
check "and the game goes on" wait_for "== Round 1: Red, Melee =="
keys q y
# The shell's line wraps at 80 columns, and may scroll its start off the
# pane: the pane's history is read too.
check "Red leaves; the shell says how to come back" \
	eventually 'tm capture-pane -p -S -50 -t t |
		grep -qF "You left game $game (Red); it goes on. Come back with"' 10
check "with nobody connected the host sleeps after its idle time" \
	eval 'i=0; while alive "$second" && [ $i -lt 300 ]; do i=$((i + 1)); sleep 0.05; done; ! alive "$second"'
check "games lists it asleep" eval '"$bin" games | grep -q "^$game .* asleep"'
start XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" -- join "$game"
check "a join wakes it, the game where it was" \
	eval 'wait_for "Your turn, Red: round 1" 20 && wait_for "== Round 1: Red, Melee =="'
check "in a third host process" eval '[ "$(host_pid)" != "$second" ] && alive "$(host_pid)"'
finish
