#!/bin/sh
# The lobby, as a shared account's ForceCommand would run it: a menu that
# lists the games, hosts a new one and plays its first team, leaves the
# seat and comes back to the menu, watches with a watch code, refuses a
# wrong code in one line, and quits.
. "$(dirname "$0")/lib.sh"
XDG_RUNTIME_DIR=$work/run MEDSIEGE_GROUP_ROOT=$work/groups
mkdir -m 700 "$XDG_RUNTIME_DIR" "$MEDSIEGE_GROUP_ROOT"
export XDG_RUNTIME_DIR MEDSIEGE_GROUP_ROOT
cleanup() {
	tm kill-server >/dev/null 2>&1
	for log in "$XDG_RUNTIME_DIR"/medsiege/*.log "$MEDSIEGE_GROUP_ROOT"/*/*.log; do
		[ -f "$log" ] || continue
		pid=$(sed -n 's/.* pid \([0-9]*\)$/\1/p' "$log" | tail -n 1)
		[ -n "$pid" ] && kill "$pid" 2>/dev/null
	done
}

check "games says when there are none" \
	eval '"$bin" games | grep -q "No hosted games. Start one with: medsiege host SCENARIO"'
# A game for a group: its folder is the group's, closed to others, and
# games lists it.
group=$(id -gn)
out=$("$bin" host "$srcdir/tests/ui/melee.yaml" --group "$group" --detach --seed 2)
check "host --group makes the group's folder, setgid and closed to others" \
	eval '[ "$(stat -c %a:%G "$MEDSIEGE_GROUP_ROOT/medsiege-group-$group")" = "2770:$group" ]'
check "with the game's socket in it" eval 'ls "$MEDSIEGE_GROUP_ROOT/medsiege-group-$group"/melee-*.sock >/dev/null'
check "games lists the group's game" eval '"$bin" games | grep -q "^melee-.* Melee .* Red, Blue"'
check "a group that does not exist is refused" \
	eval '! "$bin" host "$srcdir/tests/ui/melee.yaml" --group no-such-group-here --detach 2>"$work/err" &&
		grep -q "no group named" "$work/err"'
cleanup
rm -rf "$MEDSIEGE_GROUP_ROOT"/*

start XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" MEDSIEGE_GROUP_ROOT="$MEDSIEGE_GROUP_ROOT" -- lobby
check "the lobby's menu" eval 'wait_for "n  host a new game" && wait_for "No games are hosted now."'
keys n Enter
check "it lists the scenarios" wait_for "tutorial"
keys tutorial Enter
check "and asks for a computer's team" wait_for "A team for the computer"
keys Blue Enter
check "the new game's codes" eval 'wait_for "Red      play:  medsiege join tutorial-" &&
	wait_for "Blue     (the computer plays)"'
keys Enter
check "the first team is played here" wait_for "Your turn, Red: round 1"
keys q
check "leaving the seat asks first" wait_for "Leave your seat? The game goes on"
keys y
check "back at the menu, which lists the game" eval 'wait_for "n  host a new game" &&
	wait_for "Tutorial         1  Red        Red"'
code=$(screen | sed -n 's/.*watch: medsiege watch \(tutorial-[a-z0-9]*-redwatch-[a-z0-9-]*\).*/\1/p' | head -n 1)
keys w Enter
check "a code is asked for" wait_for "Code:"
keys "$code" Enter
check "watching Red" wait_for "Red's turn" 
keys e
check "a watcher gives no orders" wait_for "you are watching Red: you cannot give orders"
keys q y
check "back at the menu" wait_for "r  list the games again"
keys j Enter
wait_for "Code:"
keys tutorial-0000-red-0000-0000-0000-0000 Enter
check "a wrong code is refused in one line" \
	wait_for "no game tutorial-0000 is hosted here that you can reach"
keys q Enter
check "q leaves the lobby with status 0" eval '[ "$(exit_status)" = 0 ]'
finish
