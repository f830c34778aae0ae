#!/bin/sh
# Network play in real terminals: a host, Red's and Blue's players and a
# watcher of Blue, each in a terminal of its own (80x24; the watcher at
# TERM=vt100). Red plays the melee field to a win by keys; each screen is
# checked as it goes: whose turn it is, what each team sees live (never
# Red's archer on Blue's screens), the bell and title that call Red, a
# refusal out of turn, a chat line, Red's seat lost (its process killed)
# and taken back by joining again, with the same screen, the end. Red is
# the starter's seat (bound to this user); Blue's is claimed with a seat
# key (as on a shared account), and the watcher types the watch code that
# Blue's screen shows on its W key.
. "$(dirname "$0")/lib.sh"
field=$srcdir/tests/ui/melee.yaml
hosted_games

# seat NAME TERM ARGS: a client in a tmux session of its own.
seat() {
	tm -f /dev/null new-session -d -s "$1" -x 80 -y 24 \
		"env TERM=$2 XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR $bin $3; echo \$? >$work/$1.status" \
		\; set-option -t "$1" remain-on-exit on >/dev/null
}
scr() { tm capture-pane -p -t "$1"; }
# see NAME TEXT [SECONDS]: until NAME's screen shows TEXT.
see() {
	limit=$((${3:-10} * 50)) i=0
	while :; do
		case $(scr "$1") in *"$2"*) return 0 ;; esac
		i=$((i + 1))
		[ $i -ge $limit ] && return 1
		sleep 0.02
	done
}
press() {
	s=$1
	shift
	tm send-keys -t "$s" "$@"
}
# client_pid NAME: the medsiege process in NAME's pane.
client_pid() {
	shell=$(tm display-message -p -t "$1" '#{pane_pid}')
	for dir in /proc/[0-9]*; do
		p=${dir#/proc/}
		[ "$(proc_field "$p" 4)" = "$shell" ] && echo "$p"
	done | sort -n | head -n 1
}
# never NAME TEXT: NAME's screen does not show TEXT.
never() { ! scr "$1" | grep -qF -- "$2"; }

out=$("$bin" host "$field" --seed 1 --detach)
check "the host names the game and the starter's seat, and no code" \
	eval 'echo "$out" | grep -q "^Hosting melee-[a-z0-9]* (Melee)" &&
		echo "$out" | grep -q "your seat: Red" &&
		echo "$out" | grep -q "others join with: medsiege join melee-" &&
		! echo "$out" | grep -q "watch\\|[a-z0-9]\\{4\\}-[a-z0-9]\\{4\\}-[a-z0-9]\\{4\\}"'
game=$(echo "$out" | sed -n 's/^Hosting \(melee-[a-z0-9]*\) .*/\1/p')
check "medsiege games lists the game, Red's turn yours, Blue free" \
	eval '"$bin" games | grep -q "$game .*Melee .* 1  Red (yours) .*running  Blue"'

seat red xterm-256color "join $game"
seat blue xterm-256color "join $game Blue --key"
check "Blue is asked for a seat key, and may claim a new seat" see blue "Seat key (Enter for a new seat)"
press blue Enter
check "Blue is shown its seat key once, before the screen" see blue "Your seat key for Blue in game $game:"
press blue Enter
check "Blue is told whose turn it is" see blue "Red's turn: you see what Blue sees"
press blue W
check "Blue's W key shows its team's watch code" see blue "bluewatch-"
bwatch=$(scr blue | grep -o "$game-bluewatch-[a-z0-9-]*" | head -n 1)
press blue q
seat watch vt100 "watch $game Blue"
check "the watcher is asked for the watch code" see watch "Watch code:"
press watch "$bwatch" Enter
check "Red is told it is its turn" see red "Your turn, Red: round 1"
check "with the bell" eval '[ "$(tm display -p -t red "#{window_bell_flag}")" = 1 ]'
check "and the terminal's title" \
	eval '[ "$(tm display -p -t red "#{pane_title}")" = "medsiege: your turn" ]'
check "Blue's title says it waits" \
	eval '[ "$(tm display -p -t blue "#{pane_title}")" = "medsiege: waiting" ]'
check "the watcher sees Blue's screen" see watch "Red's turn: you see what Blue sees"
# (At 80x24 the melee field's cells are two columns wide.)
check "Blue's screens show its levy beside Red's knight" \
	eval 'see blue "K p" && see watch "K p"'
check "no Blue screen shows Red's archer" eval 'never blue r3 && never watch r3'
check "no seed reaches a player's log" eval 'never red "seed" && never blue "seed"'

# Out of turn: e is refused at once; a command sent anyway (r to move
# the selected unit) is refused by the host, to Blue alone.
press blue e
check "Blue cannot end Red's step" see blue "it is Red's turn, not yours"
press watch e
check "the watcher gives no orders" see watch "you are watching Blue: you cannot give orders"
check "Red hears nothing of either" eval 'never red "not yours" && never red "watching"'

# Red ends its Movement step; Blue and the watcher see it live.
press red e y
check "Red's Missile fire step" see red "Round 1: Red, Missile fire"
check "Blue sees the step change live" see blue "== Round 1: Red, Missile fire =="
check "so does the watcher" see watch "== Round 1: Red, Missile fire =="

# Red's seat is lost mid-turn: the process dies; joining again takes the
# seat back with the same screen: the map and the log (the panel shows
# what the player selected, which was the old terminal's own business).
# shape NAME: the map's columns of the top rows, the log's rows whole.
shape() {
	scr "$1" | sed '$d' | sed '$d' |
		awk 'NR <= 13 { $0 = substr($0, 1, 13) } { sub(/ +$/, ""); print }'
}
shape red >"$work/red.before"
kill -9 "$(client_pid red)"
check "Red's client is gone" eval 'see red "Pane is dead" || [ -s "$work/red.status" ]'
seat red2 xterm-256color "join $game"
check "joining again takes the seat back" see red2 "Round 1: Red, Missile fire"
sleep 0.3
shape red2 >"$work/red.after"
check "with the same screen as before" cmp -s "$work/red.before" "$work/red.after"
[ -s "$work/red.before" ] && ! cmp -s "$work/red.before" "$work/red.after" &&
	diff "$work/red.before" "$work/red.after" | head -n 20
check "Blue plays on, unaware" never blue "host lost"

# Red's melee wins the battle.
press red2 e y
check "Red's Melee step" see red2 "Round 1: Red, Melee"
press red2 Tab t F
check "the attack's odds are asked first" see red2 "[y/n]"
press red2 y
check "the roll that wins" see red2 "rolled 20: HIT"
check "Blue sees its levy fall" eval 'see blue "b1 is disabled" && see watch "b1 is disabled"'
check "everyone is told the battle is decided" \
	eval 'see red2 "The battle is decided: Red wins" && see blue "The battle is decided: Red wins" &&
		see watch "The battle is decided: Red wins"'
press red2 Enter
press blue Enter
press watch Enter
check "the game over screens" eval 'see red2 "GAME OVER" && see blue "GAME OVER" && see watch "GAME OVER"'
press red2 Enter
press blue Enter
press watch Enter
check "every client leaves with status 0" eval '
	i=0; while [ $i -lt 250 ] && ! { [ -s "$work/red2.status" ] && [ -s "$work/blue.status" ] &&
		[ -s "$work/watch.status" ]; }; do i=$((i + 1)); sleep 0.02; done
	[ "$(cat "$work/red2.status" "$work/blue.status" "$work/watch.status")" = "0
0
0" ]'
check "each player is told on the shell how the game ended" \
	eval 'tm capture-pane -p -S -100 -t red2 | grep -q "Game $game is over: Red wins" &&
		tm capture-pane -p -S -100 -t blue | grep -q "Game $game is over: Red wins"'
check "and how to replay it" \
	eval 'tm capture-pane -p -S -100 -t red2 | grep -q "Replay it with: medsiege replay $game" &&
		tm capture-pane -p -S -100 -t blue | grep -q "Replay it with: medsiege replay $game"'
# The finished game, by its name: a copy for the player, then its replay.
seat again xterm "replay $game"
check "medsiege replay GAME shows the finished game" \
	eval 'see again "command 0 of" && see again "Red"'
press again q
check "and keeps a copy of it in the player's state folder" \
	eval 'ls "$XDG_STATE_HOME"/medsiege/replays/$game/*.save >/dev/null &&
		[ -f "$XDG_STATE_HOME"/medsiege/replays/$game/scenario.yaml ]'
check "a game that is not over is not handed out" \
	eval '! "$bin" replay no-such-game 2>"$work/replay.err" && grep -q "no game no-such-game" "$work/replay.err"'
save=$(ls "$XDG_STATE_HOME"/medsiege/games/$game/*.save)
check "the hosted game's save replays to the same end" \
	eval '"$bin" run "$save" | grep -q "Red wins"'
check "the host's log names each seat and its uid" \
	eval 'log=$XDG_STATE_HOME/medsiege/games/$game/log;
		grep -q "plays Red" "$log" && grep -q "watches Blue" "$log" &&
		grep -q "(uid $(id -u))" "$log" &&
		grep -q "claims Blue (bound to a seat key)" "$log"'
finish
