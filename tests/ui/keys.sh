#!/bin/sh
# Keys rebound in the player's key file; a bad line is named, not fatal.
. "$(dirname "$0")/lib.sh"

mkdir -p "$work/config/medsiege"
cat > "$work/config/medsiege/keys" <<'KEYS'
# WASD for the cursor
w cursor-n
a cursor-w
s cursor-s
d cursor-e
x shot
KEYS
start_red XDG_CONFIG_HOME=$work/config
check "a bad line is named with its file and line" \
	wait_for "keys:6: unknown action 'shot'; did you mean 'shoot'?"
keys w
check "w moves the cursor north" wait_for "cursor 10,16"
keys d
check "d moves it east" wait_for "cursor 11,16"
keys m w
check "w names a direction too: the unit steps north" wait_for "r1 moves 10,17 -> 10,16"
keys h h
check "the default keys still work (h h: from 11,16 to 9,16)" wait_for "cursor 9,16"
finish
