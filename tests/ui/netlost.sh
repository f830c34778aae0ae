#!/bin/sh
# The host dies in the middle of Red's turn: Red's screen says "host lost,
# reconnecting" and keeps trying; the host is started again from its save
# with the same codes (host --resume), and Red's screen comes back by
# itself, the game where it was, the log with it.
. "$(dirname "$0")/lib.sh"
XDG_RUNTIME_DIR=$work/run MEDSIEGE_GROUP_ROOT=$work/groups
mkdir -m 700 "$XDG_RUNTIME_DIR" "$MEDSIEGE_GROUP_ROOT"
export XDG_RUNTIME_DIR MEDSIEGE_GROUP_ROOT
host_pid() {
	sed -n 's/.* pid \([0-9]*\)$/\1/p' "$XDG_RUNTIME_DIR"/medsiege/*.log | tail -n 1
}
# The host outlives the tmux servers that start() replaces: stopped at
# the end only.
stop_host() {
	pid=$(host_pid 2>/dev/null)
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
}
trap 'cleanup; stop_host; rm -rf "$work"' EXIT

out=$("$bin" host "$srcdir/tests/ui/melee.yaml" --seed 1 --detach)
red=$(echo "$out" | sed -n 's/.*Red *play: *medsiege join //p')
start XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" -- join "$red"
check "Red's turn" wait_for "Your turn, Red: round 1"
keys e y
check "Red's Missile fire step" wait_for "== Round 1: Red, Missile fire =="
first=$(host_pid)
kill -9 "$first"
check "the host's death is told" wait_for "host lost, reconnecting"
save=$(ls "$XDG_STATE_HOME"/medsiege/*.save)
check "the host starts again from its save" \
	eval '"$bin" host --resume "$save" --detach | grep -q "Red      play:  medsiege join $red"'
check "with the same codes, and Red's screen comes back" \
	wait_for "Your turn, Red: round 1" 40
check "the game where it was, its log with it" \
	eval 'wait_for "== Round 1: Red, Missile fire ==" && wait_for "== Round 1: Red, Movement =="'
check "a new host process" eval '[ "$(host_pid)" != "$first" ]'
keys e y
check "and the game goes on" wait_for "== Round 1: Red, Melee =="
finish
