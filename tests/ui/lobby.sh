#!/bin/sh
# The lobby, as a shared account's ForceCommand would run it: a menu that
# lists the games, offers the installed scenarios only, hosts a new one
# and plays its first free seat (bound to a seat key shown once), leaves
# the seat and comes back to the menu (which lists the login's games
# first), comes back to the seat (the login knows its key), watches with
# the watch code the seat's W key shows; another login is asked for the
# key, refuses a wrong one in one line, and quits.
. "$(dirname "$0")/lib.sh"
hosted_games

check "games says when there are none" \
	eval '"$bin" games | grep -q "No hosted games. Start one with: medsiege host SCENARIO"'
# A game for a group: its folder is the group's, closed to others, and
# games lists it.
group=$(id -gn)
out=$("$bin" host "$srcdir/tests/ui/melee.yaml" --group "$group" --detach --seed 2)
check "host --group makes the group's folder, setgid, sticky and closed to others" \
	eval '[ "$(stat -c %a:%G "$MEDSIEGE_GROUP_ROOT/medsiege-group-$group")" = "3770:$group" ]'
check "with the game's socket and its summary in it" \
	eval 'ls "$MEDSIEGE_GROUP_ROOT/medsiege-group-$group"/melee-*.sock \
		"$MEDSIEGE_GROUP_ROOT/medsiege-group-$group"/melee-*.info >/dev/null'
check "games lists the group's game" \
	eval '"$bin" games | grep -q "^melee-.* Melee .* Red (yours) .*running  Blue"'
check "a group that does not exist is refused" \
	eval '! "$bin" host "$srcdir/tests/ui/melee.yaml" --group no-such-group-here --detach 2>"$work/err" &&
		grep -q "no group named" "$work/err"'
cleanup
rm -rf "$MEDSIEGE_GROUP_ROOT"/* "$XDG_STATE_HOME"/medsiege/games

start XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" MEDSIEGE_GROUP_ROOT="$MEDSIEGE_GROUP_ROOT" -- lobby
check "the lobby's menu" eval 'wait_for "n  host a new game" && wait_for "No games are hosted now."'
keys n Enter
check "it lists the installed scenarios" wait_for "tutorial"
keys /etc/passwd Enter
check "and offers nothing else" wait_for "No scenario named '/etc/passwd' is installed."
keys n Enter
wait_for "Scenario to host"
keys tutorial Enter
check "and asks for a computer's team" wait_for "A team for the computer"
keys Blue Enter
check "the new game, and no code" eval 'wait_for "Hosting tutorial-" &&
	! screen | grep -q "[a-z0-9]\{4\}-[a-z0-9]\{4\}-[a-z0-9]\{4\}"'
game=$(screen | sed -n 's/.*Hosting \(tutorial-[a-z0-9]*\)\..*/\1/p' | head -n 1)
keys Enter
check "the seat's key, shown once" wait_for "Your seat key for Red in game $game:"
key=$(screen | grep -o "$game-red-[a-z0-9-]*" | head -n 1)
keys Enter
check "the first free team is played here" wait_for "Your turn, Red: round 1"
keys W
check "its watch code on the W key" wait_for "redwatch-"
code=$(screen | grep -o "$game-redwatch-[a-z0-9-]*" | head -n 1)
keys q q
check "leaving the seat asks first" wait_for "Leave your seat? The game goes on"
keys y
check "back at the menu, which lists the game, this login's, its turn marked" \
	eval 'wait_for "Red (yours)" &&
	screen | grep -q "^$game  *Tutorial  *1  Red (yours)  *running"'
keys k Enter
wait_for "Game:"
keys "$game" Enter
check "coming back to a seat taken in this login asks no key" \
	wait_for "Your turn, Red: round 1"
keys q y
wait_for "r  list the games again"
keys w Enter
wait_for "Game:"
keys "$game" Enter
wait_for "Team:"
keys Red Enter
check "a watch code is asked for" wait_for "Watch code:"
keys "$code" Enter
check "watching Red" wait_for "Red's turn"
keys e
check "a watcher gives no orders" wait_for "you are watching Red: you cannot give orders"
keys q y
check "back at the menu" wait_for "r  list the games again"
keys q Enter
check "q leaves the lobby with status 0" eval '[ "$(exit_status)" = 0 ]'
# Another login to the shared account: the game is not its own.
start XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR" MEDSIEGE_GROUP_ROOT="$MEDSIEGE_GROUP_ROOT" -- lobby
check "another login lists the game, not as its own" \
	eval 'wait_for "n  host a new game" && screen | grep -q "^$game  *Tutorial  *1  Red  "'
keys k Enter
wait_for "Game:"
keys "$game" Enter
check "coming back asks that login for the seat key" wait_for "Your seat key:"
keys "$game-red-0000-0000-0000-0000" Enter
check "a wrong key is refused in one line" \
	wait_for "medsiege: no seat in this game has that code"
keys k Enter
wait_for "Game:"
keys "$game" Enter
wait_for "Your seat key:"
keys "$key" Enter
check "the seat key gives the seat back" wait_for "Your turn, Red: round 1" 20
keys q y
check "and the game is that login's now, listed first" \
	eval 'wait_for "Red (yours)" && screen | grep -q "^$game  *Tutorial  *1  Red (yours)"'
keys q Enter
check "q leaves the lobby with status 0" eval '[ "$(exit_status)" = 0 ]'
finish
