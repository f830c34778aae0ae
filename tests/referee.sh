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
