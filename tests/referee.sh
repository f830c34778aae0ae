#!/bin/sh
# The referee (SPEC 11, 11.1), as root installs it: medsiege set-group-id
# games, its games in a folder of mode 2770 root:games that no player can
# enter. Real Unix users, made here and removed at the end: two players of
# a group (the starter A and B) and C, of the group too, and D outside it.
# Each player's medsiege runs in a terminal of its own (tmux, 80x24).
#
#   - A hosts for the group: "refereed"; A cannot read the game's folder,
#     its save or seats, nor the host's memory map or environment;
#   - A and B play; no medsiege process's arguments hold a secret;
#   - C cannot take a bound seat, nor find a free one; D, outside the
#     group, is refused; Blue's watch code typed at C's prompt watches;
#   - the host killed (SIGKILL): the players' screens come back by
#     themselves, the game woken from its folder with its group, and it
#     goes on where it was;
#   - nobody connected: the host sleeps after its idle time, games lists
#     it asleep for A with "yours", and a join wakes it;
#   - a finished game is replayed by its player from a copy of its own,
#     refused to others and before the end;
#   - the computer thinks in a fork of the host that holds no group
#     games and is not dumpable;
#   - test hooks in the environment are ignored under set-id.
#
# Needs root (to make users and a set-group-id program): skipped (77)
# otherwise; ./bootstrap check and CI run as root.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
build=${abs_top_builddir:-$srcdir}
plain=$build/tests/plain/medsiege-referee
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP the referee's test makes users: run it as root"
	exit 77
fi
for t in useradd groupadd userdel groupdel runuser tmux; do
	command -v "$t" >/dev/null || { echo "not ok - $t is missing"; exit 1; }
done
getent group games >/dev/null || groupadd -r games
work=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-referee.XXXXXX") || exit 99
chmod 755 "$work"
games=$build/tests/referee-var/games/medsiege
sock=$work/tmux
pre=mst$$
ua=${pre}a ub=${pre}b uc=${pre}c ud=${pre}d grp=${pre}g
homes=$work/home
. "$srcdir/tests/lib-seat.sh"
cleanup() {
	tm kill-server >/dev/null 2>&1
	for u in "$ua" "$ub" "$uc" "$ud"; do
		pkill -9 -u "$u" >/dev/null 2>&1
		userdel "$u" >/dev/null 2>&1
	done
	groupdel "$grp" >/dev/null 2>&1
	rm -rf "$work" "$build/tests/referee-var"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

pass=0 fail=0
check() {
	what=$1
	shift
	if out=$("$@" 2>&1); then
		echo "ok - $what"
		pass=$((pass + 1))
	else
		echo "not ok - $what"
		[ -n "$out" ] && echo "$out" | sed 's/^/#   /' | head -n 12
		fail=$((fail + 1))
	fi
}

# The program, installed as make install does as root; the games folder.
mkdir -p "$work/bin"
install -m 2755 -g games "$plain" "$work/bin/medsiege"
bin=$work/bin/medsiege
rm -rf "$build/tests/referee-var"
mkdir -p "$games"
chown root:root "$build/tests/referee-var" "$build/tests/referee-var/games"
chmod 755 "$build/tests/referee-var" "$build/tests/referee-var/games"
chown root:games "$games"
chmod 2770 "$games"
groupadd "$grp"
for u in "$ua" "$ub" "$uc" "$ud"; do
	mkdir -p "$work/home/$u"
	useradd -M -N -g users -d "$work/home/$u" -s /bin/sh "$u" || exit 99
	chown "$u" "$work/home/$u"
done
for u in "$ua" "$ub" "$uc"; do usermod -a -G "$grp" "$u"; done
chmod 755 "$work/home"
field=$srcdir/tests/ui/melee.yaml

host_pid() { sed -n 's/.* pid \([0-9]*\)$/\1/p' "$games/$game/log" | tail -n 1; }
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

out=$(as "$ua" "$bin" host "$field" --group "$grp" --seed 1 --idle 3 --detach)
echo "$out" | sed 's/^/# /'
game=$(echo "$out" | sed -n 's/^Hosting \(melee-[a-z0-9]*\) .*/\1/p')
check "A hosts a refereed game for the group" \
	eval 'echo "$out" | grep -q "refereed: no player" && [ -n "$game" ]'
check "its folder is the referee's: 2770, group games" \
	eval '[ "$(stat -c %a:%G "$games/$game")" = "2770:games" ]'
check "its save is of group games, closed to others" \
	eval '[ "$(stat -c %a:%G "$games/$game"/*.save)" = "660:games" ]'
check "A cannot enter the games folder" eval '! as "$ua" ls "$games"'
check "A cannot read the save or the seats" \
	eval '! as "$ua" cat "$games/$game/seats" && ! as "$ua" sh -c "cat $games/$game/*.save"'
pid=$(host_pid)
check "the host runs as A" eval '[ "$(stat -c %U /proc/$pid)" = "$ua" ] || [ "$(ps -o user= -p $pid)" = "$ua" ]'
check "A cannot read the host's memory map or environment" \
	eval '! as "$ua" cat /proc/$pid/maps && ! as "$ua" cat /proc/$pid/environ'
check "games lists it for B, a free seat" \
	eval 'as "$ub" "$bin" games | grep -q "^$game .*running  Blue"'
check "and for D, outside the group, not at all" \
	eval 'as "$ud" "$bin" games >"$work/d.games" && ! grep -q "$game" "$work/d.games"'

seat a "$ua" join "$game"
seat b "$ub" join "$game"
check "A plays Red" see a "Your turn, Red: round 1"
check "B claims the free seat, Blue" see b "Red's turn: you see what Blue sees"
secrets=$(sed -n 's/^seat [0-9]* [a-z]* \([^ ]*\) \([^ ]*\) .*/\1 \2/p' "$games/$game/seats" | tr ' ' '\n' | grep -- -)
check "no medsiege process's arguments hold a code or a key" eval '
	for p in $(pgrep -f medsiege); do
		cmd=$(tr "\0" " " </proc/$p/cmdline 2>/dev/null)
		for s in $secrets; do case $cmd in *"$s"*) exit 1 ;; esac; done
	done; true'
seat c "$uc" join "$game" Red
check "C cannot take A's seat, bound to A" see c "that seat is taken"
seat c2 "$uc" join "$game"
check "nor find a free one" see c2 "no seat of this game is free for you"
seat d "$ud" join "$game"
check "D, outside the group, is refused" see d "this game is for its group's members"
# Blue's watch code, as B would hand it over (B's screen shows it on the
# W key, which tests/ui/net.sh checks): read here from the game's seats.
code=$(sed -n 's/^seat 1 [a-z]* [^ ]* \([^ ]*\) .*/\1/p' "$games/$game/seats")
check "Blue has a watch code" eval 'case $code in "$game"-bluewatch-*) true ;; *) false ;; esac'
seat w "$uc" watch "$game" Blue
see w "Watch code:" >/dev/null
tm send-keys -t w "$code" Enter
check "C watches Blue with the code B handed over" see w "Red's turn: you see what Blue sees"

tm send-keys -t a e y
check "Red's Missile fire step, seen by Blue" \
	eval 'see a "Round 1: Red, Missile fire" && see b "== Round 1: Red, Missile fire =="'
first=$(host_pid)
kill -9 "$first"
check "the host killed: A's screen comes back by itself" see a "Your turn, Red: round 1" 30
check "and B's" see b "Red's turn: you see what Blue sees" 30
second=$(host_pid)
check "a new host, woken from the game's folder" \
	eval '[ "$second" != "$first" ] && alive "$second" && grep -q "(Melee), woken" "$games/$game/log"'
check "with its group: D is still refused" eval '
	seat d2 "$ud" join "$game"; see d2 "this game is for its group'"'"'s members"'
tm send-keys -t a e y
check "the game goes on where it was" see b "== Round 1: Red, Melee ==" 20

for s in a b w; do tm send-keys -t "$s" q y; done
check "with nobody connected, the host sleeps after its idle time" eval '
	i=0; while alive "$second" && [ $i -lt 200 ]; do i=$((i + 1)); sleep 0.05; done; ! alive "$second"'
check "games lists it asleep, A's turn marked" \
	eval 'as "$ua" "$bin" games | grep -q "^$game .*Red (yours) .*asleep"'
seat a2 "$ua" join "$game"
check "A's join wakes it, the game where it was" \
	eval 'see a2 "Your turn, Red: round 1" 20 && see a2 "== Round 1: Red, Melee =="'
check "A still cannot read the save" eval '! as "$ua" sh -c "cat $games/$game/*.save"'

# A finished game is handed to its players, and only to them: A plays a
# one-round game against the computer to its end.
short=$work/short.yaml
sed -e 's/^rounds: .*/rounds: 1/' -e "s|^roster: .*|roster: $srcdir/units/standard.yaml|" \
	"$field" >"$short"
chmod 644 "$short"
out=$(as "$ua" "$bin" host "$short" --ai Blue --seed 1 --detach 2>&1)
echo "$out" | sed 's/^/# /'
done_game=$(echo "$out" | sed -n 's/^Hosting \(melee-[a-z0-9]*\) .*/\1/p')
check "B cannot replay a game that is not over" eval '
	! as "$ub" "$bin" replay "$done_game" </dev/null 2>"$work/early.err" &&
		grep -q "is not over" "$work/early.err"'
# end_step NAME NEXT: NAME ends its step (e, then y when asked) until its
# screen shows NEXT: a key that reaches the screen while it redraws a new
# step may be read before the step's question is up.
end_step() {
	for i in 1 2 3; do
		tm send-keys -t "$1" e
		see "$1" "[y/n]" 3 >/dev/null && tm send-keys -t "$1" y
		see "$1" "$2" "${3:-5}" >/dev/null && return 0
	done
	return 1
}
seat a3 "$ua" join "$done_game"
see a3 "Your turn, Red: round 1" 20 >/dev/null
end_step a3 "Round 1: Red, Missile fire"
end_step a3 "Round 1: Red, Melee"
# Red's knight must fight the levy it is in contact with (seed 1: a 20).
sleep 0.3
tm send-keys -t a3 Tab t F
see a3 "[y/n]" >/dev/null
tm send-keys -t a3 y
check "A's one-round game ends" see a3 "The battle is decided: Red wins" 20
tm send-keys -t a3 Enter
see a3 "GAME OVER" >/dev/null
tm send-keys -t a3 Enter
check "A is told on the shell how to replay it" see a3 "Replay it with: medsiege replay $done_game"
seat r "$ua" replay "$done_game"
check "A replays the finished game by its name" see r "command 0 of"
tm send-keys -t r q
check "from a copy in A's own state folder" \
	eval 'ls "$homes/$ua"/.local/state/medsiege/replays/"$done_game"/*.save'
check "C, who did not play in it, is refused without a code" eval '
	! as "$uc" "$bin" replay "$done_game" </dev/null 2>"$work/c.err" &&
		grep -q "none of its codes" "$work/c.err"'
check "and D too, with a made-up one" eval '
	! echo "$done_game-redwatch-aaaa-bbbb-cccc-dddd" |
		as "$ud" "$bin" replay "$done_game" 2>"$work/d.err" &&
		grep -q "none of its codes" "$work/d.err"'

# The computer thinks in a fork of the host made after the group was
# given up: A plays Blue against the computer's Red, which moves first.
out=$(as "$ua" "$bin" host "$srcdir/maps/tutorial.yaml" --ai Red --seed 1 --detach 2>&1)
echo "$out" | sed 's/^/# /'
ai_game=$(echo "$out" | sed -n 's/^Hosting \(tutorial-[a-z0-9]*\) .*/\1/p')
seat a4 "$ua" join "$ai_game"
check "A, Blue, is told the computer's turn at its end" see a4 "Blue: what you saw since your last turn" 60
worker=$(sed -n 's/.*the computer thinks in process \([0-9]*\)$/\1/p' "$games/$ai_game/log" | tail -n 1)
ai_host=$(sed -n 's/.* pid \([0-9]*\)$/\1/p' "$games/$ai_game/log" | tail -n 1)
games_gid=$(getent group games | cut -d: -f3)
check "the computer thinks in a child of the host" \
	eval 'alive "$worker" && [ "$(ps -o ppid= -p "$worker" | tr -d " ")" = "$ai_host" ]'
check "which holds no group games" eval '
	gids=$(sed -n "s/^Gid:\t*//p" /proc/$worker/status | tr "\t" " ")
	[ -n "$gids" ] && ! echo " $gids " | grep -q " $games_gid "'
check "and whose memory A cannot read" eval '! as "$ua" cat /proc/$worker/maps'
tm send-keys -t a4 q; tm send-keys -t a4 q y

# Hooks from the environment: the journal's fault hook makes a plain
# run's save fail at once; under set-id it is not even read.
check "the fault hook stops a per-user host" eval '
	! as "$ua" env XDG_RUNTIME_DIR="$work/home/$ua" MEDSIEGE_TEST_JOURNAL_FAULT=enospc:1 \
		"$plain" host "$field" --detach'
check "the referee ignores it" eval '
	as "$ua" env MEDSIEGE_TEST_JOURNAL_FAULT=enospc:1 NAI_W=1,1,1 "$bin" host "$field" --detach |
		grep -q refereed'

echo "# $pass passed, $fail failed"
[ "$fail" -eq 0 ]
