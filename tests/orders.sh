#!/bin/sh
# Moves beyond one turn and standing orders from the command line: a
# moveto too far for one turn goes as far as it can and says so; "order
# ID X,Y" keeps the unit going; "order run" carries the orders out, saved
# as the moveto lines they stand for, so a save replays exactly and the
# order itself outlives a resume; a run stops to ask before a free
# attack and stops at an enemy that comes into view.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1
road=tests/data/orders-road-b.yaml
seen=tests/data/orders-road.yaml
melee=tests/data/orders-melee.yaml
# run SCENARIO [ARGS...]: the script on standard input, seed 1.
run() {
	scen=$1
	shift
	"$bin" run "$scen" --seed 1 --script - "$@"
}
lines() { grep -v '^   \|^-- state\|, seed 1$'; }

printf 'moveto r1 14,1\norder r1 14,1\nend round\norder run\n' >"$tmp/two"
expect "moveto too far goes as far as it can; the order goes on next turn" 0 \
"== Round 1: Red, Movement ==
r1 moves 1,1 -> 2,1 (1 inch, 4 left)
r1 moves 2,1 -> 3,1 (1 inch, 3 left)
r1 moves 3,1 -> 4,1 (1 inch, 2 left)
r1 moves 4,1 -> 5,1 (1 inch, 1 left)
r1 moves 5,1 -> 6,1 (1 inch, 0 left)
r1 stops at 6,1 for this turn: 14,1 is 3 more turns away
r1 has a standing order to 14,1, 3 more turns away
== Round 1: Red, Missile fire ==
== Round 1: Red, Melee ==
== Round 1: Blue, Movement ==
== Round 1: Blue, Missile fire ==
== Round 1: Blue, Melee ==
== Round 2: Red, Movement ==
r1 moves 6,1 -> 6,2 (1 inch, 4 left)
r1 moves 6,2 -> 7,3 (1.5 inches, 2.5 left)
r1 moves 7,3 -> 8,4 (1.5 inches, 1 left)
r1 moves 8,4 -> 9,4 (1 inch, 0 left)
r1 stops at 9,4 for this turn: 14,1 is 2 more turns away" -- \
	sh -c "'$bin' run $road --seed 1 --script '$tmp/two' | grep -v '^   \|^-- state\|, seed 1\$'"

contains "the same in JSON: an announcement with its words" 0 \
	'{"type":"announce","round":1,"team":"Red","step":"movement","unit":"r1","text":"r1 stops at 6,1 for this turn: 14,1 is 3 more turns away"}' -- \
	sh -c "'$bin' run $road --seed 1 --script '$tmp/two' --json"

# Played to the end, turn after turn, by the order alone.
printf 'moveto r1 14,1\norder r1 14,1\n' >"$tmp/all"
for t in 1 2 3; do printf 'end round\norder run\n' >>"$tmp/all"; done
contains "the order is done where it sends the unit" 0 \
	"r1 reaches 14,1: its standing order is done" -- \
	sh -c "'$bin' run $road --seed 1 --script '$tmp/all'"

# Saved: the order, and each run as the moveto lines it gave.
st=$tmp/state
XDG_STATE_HOME=$st "$bin" run $road --seed 1 --save --script "$tmp/two" >"$tmp/played"
save=$(ls "$st"/medsiege/*.save 2>/dev/null | head -n 1)
if [ -n "$save" ] && [ "$(grep -v '^#' "$save" | grep -c '^moveto r1 14,1$')" = 2 ] &&
	grep -qx 'order r1 14,1' "$save" && ! grep -q 'order run' "$save"; then
	pass=$((pass + 1))
	echo "ok - the save holds the order and the moveto lines of its run"
else
	fail=$((fail + 1))
	echo "not ok - the save holds the order and the moveto lines of its run:"
	cat "$save" 2>/dev/null
fi
"$bin" run "$save" >"$tmp/replayed" 2>&1
if grep -v '^-- state\|^   \|seed 1$\|^saving to' "$tmp/played" >"$tmp/a" &&
	grep -v '^-- state\|^   \|seed 1$\|^# \|^replay' "$tmp/replayed" >"$tmp/b" &&
	grep -q '^r1 moves 8,4 -> 9,4' "$tmp/b" && diff "$tmp/a" "$tmp/b" >/dev/null; then
	pass=$((pass + 1))
	echo "ok - the save replays as it was played"
else
	fail=$((fail + 1))
	echo "not ok - the save replays as it was played:"
	diff "$tmp/a" "$tmp/b"
fi
# Resumed, the order is still there and goes on.
printf 'end round\norder run\n' >"$tmp/more"
contains "the order outlives a resume" 0 \
	"r1 stops at 13,2 for this turn: 14,1 is 1 more turn away" -- \
	sh -c "XDG_STATE_HOME='$st' '$bin' run --resume '$save' --script '$tmp/more'"

# Cancelled, it is gone; given again, it is back.
contains "order ID cancel" 0 "r1's standing order to 14,1 is cancelled" -- \
	sh -c "printf 'order r1 14,1\norder r1 cancel\n' | '$bin' run $road --seed 1 --script -"
contains "another order drops it" 0 \
	"r1's standing order to 14,1 is dropped: it was given another order" -- \
	sh -c "printf 'order r1 14,1\nmove r1 s\n' | '$bin' run $road --seed 1 --script -"
contains "a run with nothing to do is refused" 2 \
	"error: line 3: order run: r1 cannot move towards 14,1 now: its next step needs 1 inch, 0 left (14,1 is 3 turns away)" -- \
	sh -c "printf 'moveto r1 14,1\norder r1 14,1\norder run\n' | '$bin' run $road --seed 1 --script -"
contains "runs belong to the Movement step" 2 \
	"order run: standing orders are carried out in their team's Movement step" -- \
	sh -c "printf 'order r1 14,1\nend\norder run\n' | '$bin' run $road --seed 1 --script -"

# A run stops to ask before a free attack: the script stops there, and
# says what to give to go on regardless.
contains "a run stops before a free attack" 2 \
	"error: line 2: order run: r1's standing order waits at 2,2: going on draws 1 free attack (b1 first, need 10+); 'moveto r1 0,2' goes on regardless" -- \
	sh -c "printf 'order r1 0,2\norder run\nend\n' | '$bin' run $melee --seed 1 --script -"
contains "the moveto it names goes on, free attack and all" 0 \
	"free attack: b1 sword at r1" -- \
	sh -c "printf 'order r1 0,2\nmoveto r1 0,2\n' | '$bin' run $melee --seed 1 --script -"

# An enemy that comes into view stops the run: the next order waits.
printf 'moveto r1 14,1\norder r1 14,1\norder r2 11,4\nend round\norder run\n' >"$tmp/seen"
got=$("$bin" run $seen --seed 1 --script "$tmp/seen" 2>&1)
case $got in
*"r1 stops at 9,4 on its way to 14,1: b1 comes into view"*)
	if printf '%s\n' "$got" | grep -q '^r2 moves'; then
		fail=$((fail + 1))
		echo "not ok - a new sighting stops the run: r2 moved"
	else
		pass=$((pass + 1))
		echo "ok - a new sighting stops the run"
	fi ;;
*)
	fail=$((fail + 1))
	echo "not ok - a new sighting stops the run:"
	printf '%s\n' "$got" ;;
esac

echo "# $pass passed, $fail failed"
[ "$fail" -eq 0 ]
