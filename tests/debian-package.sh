#!/bin/sh
# The Debian package, built and installed on a fresh minimal Debian as its
# README says, then played as its players would: two Unix users host and
# join a refereed game through /usr/games/medsiege.
#
#   tests/debian-package.sh MACHINE   from the checkout, as root: MACHINE is
#                                     a command that runs its argument as
#                                     root on a fresh Debian holding a clean
#                                     copy of the committed tree (in its cwd)
#   tests/debian-package.sh --inside  what MACHINE runs there; it changes the
#                                     machine (packages, users): never run it
#                                     on one you keep
#
# Checked: apt-get build-dep, dpkg-buildpackage -us -uc -b running make
# check (and not with DEB_BUILD_OPTIONS=nocheck), lintian with no error and
# no warning, apt-get install of the .deb; the installed
# paths and modes; maps found by name with no environment; --version equal
# to the package's; a hosted game between two users (host, join, commands,
# the save unreadable by either); remove keeps the games, purge leaves
# nothing behind.
if [ "${1:-}" != --inside ]; then
	[ -n "${1:-}" ] || { echo "usage: $0 MACHINE | --inside" >&2; exit 2; }
	exec $1 'sh tests/debian-package.sh --inside'
fi

set -u
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
src=$(pwd)
pass=0 fail=0
check() {
	what=$1
	shift
	if out=$("$@" 2>&1); then
		echo "ok - $what"
		pass=$((pass + 1))
	else
		echo "not ok - $what"
		[ -n "$out" ] && echo "$out" | sed 's/^/#   /' | head -n 20
		fail=$((fail + 1))
	fi
}
die() { echo "Bail out! $*"; exit 1; }

# Build, as the README says.
apt-get update -qq || die "apt-get update"
apt-get install -y -qq --no-install-recommends dpkg-dev lintian >/dev/null ||
	die "installing dpkg-dev and lintian"
apt-get build-dep -y -qq ./ >/dev/null || die "apt-get build-dep ./"
dpkg-buildpackage -us -uc -b >/tmp/build.log 2>&1
rc=$?
grep -E '^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR):' /tmp/build.log | sed 's/^/# make check: /'
[ $rc -eq 0 ] || { tail -n 60 /tmp/build.log; die "dpkg-buildpackage -us -uc -b: exit $rc"; }
check "dpkg-buildpackage ran make check, every test passed" \
	eval 'grep -q "^# TOTAL:" /tmp/build.log && grep -q "^# FAIL: *0$" /tmp/build.log &&
		grep -q "^# ERROR: *0$" /tmp/build.log'
# (the tree as the build left it, configured)
check "the build runs make check" \
	eval 'env -u DEB_BUILD_OPTIONS dh_auto_test --no-act 2>&1 | grep -q "make .*check"'
check "unless DEB_BUILD_OPTIONS=nocheck" \
	eval '[ -z "$(DEB_BUILD_OPTIONS=nocheck dh_auto_test --no-act 2>&1)" ]'
deb=$(ls ../medsiege_*.deb) || die "no .deb built"
echo "# built $deb"

lintian --tag-display-limit 0 "$deb" >/tmp/lintian.log 2>/tmp/lintian.err
sed 's/^/# lintian: /' /tmp/lintian.log
check "lintian: no error" eval '! grep -q "^E:" /tmp/lintian.log'
check "lintian: no warning" \
	eval '! grep -q "^W:" /tmp/lintian.log'

# Two players, and what the machine holds before the package.
# (uids far from the usual ones: the machine may share its process table)
uid=61001
for u in msa msb; do
	useradd -m -u $uid -s /bin/sh "$u" || die "useradd $u"
	uid=$((uid + 1))
done
snapshot() {
	find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp -o -path /run \
		-o -path /opt -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/cache \
		-o -path /var/log -o -path /home -o -path /root \) -prune -o -print |
		sort >"$1"
}
snapshot /tmp/before

apt-get install -y -qq "./$deb" >/dev/null || die "apt-get install ./$deb"
check "/usr/games/medsiege: root:games 2755" \
	eval '[ "$(stat -c %U:%G:%a /usr/games/medsiege)" = root:games:2755 ]'
check "maps and rosters under /usr/share/games/medsiege" eval '
	for f in maps/tutorial.yaml maps/gatehouse.yaml maps/escalade.yaml maps/ambush.yaml \
		maps/chapel.yaml maps/bridge.yaml units/standard.yaml units/variant.yaml; do
		[ -f /usr/share/games/medsiege/$f ] || { echo "missing $f"; exit 1; }
	done'
check "both man pages" \
	test -f /usr/share/man/man6/medsiege.6.gz -a -f /usr/share/man/man5/medsiege-scenario.5.gz
check "the README and changelog under /usr/share/doc/medsiege" eval '
	ls /usr/share/doc/medsiege/README.md* && test -f /usr/share/doc/medsiege/changelog.gz'
check "/var/games/medsiege: root:games 2770" \
	eval '[ "$(stat -c %U:%G:%a /var/games/medsiege)" = root:games:2770 ]'
check "the man page's ForceCommand names the installed program" eval '
	zcat /usr/share/man/man6/medsiege.6.gz | grep -q "ForceCommand /usr/games/medsiege lobby"'

# Each player's medsiege runs with no environment but the login's, the
# screen in a terminal of its own (tmux).
bin=/usr/games/medsiege sock=/tmp/medsiege-deb.tmux homes=/home work=/tmp
. "$src/tests/lib-seat.sh"
version=$(dpkg-query -W -f='${Version}' medsiege)
check "medsiege --version is the package's ($version)" \
	eval 'as msa $bin --version | grep -q "^medsiege $version, rules version [0-9]"'
check "and configure.ac's (read from debian/changelog)" \
	grep -q "^PACKAGE_VERSION='$version'$" configure
check "medsiege check gatehouse finds the installed map" \
	eval 'cd /home/msa && as msa $bin check gatehouse'

trap 'tm kill-server >/dev/null 2>&1' EXIT

seat local msa gatehouse --seed 1
check "medsiege gatehouse plays the installed map" see local "(q quits)"
tm kill-session -t local

out=$(cd /home/msa && as msa $bin host tutorial --seed 1 --detach 2>&1)
echo "$out" | sed 's/^/# /'
game=$(echo "$out" | sed -n 's/^Hosting \([^ ]*\) .*/\1/p')
check "A hosts the installed tutorial, refereed" \
	eval 'echo "$out" | grep -q "refereed: no player" && [ -n "$game" ]'
folder=/var/games/medsiege/$game
check "its folder is the referee's: 2770, group games" \
	eval '[ "$(stat -c %a:%G "$folder")" = 2770:games ]'
check "B lists it, a free seat" eval 'as msb $bin games | grep -q "^$game .*running"'
seat a msa join "$game"
seat b msb join "$game"
check "A plays Red" see a "Your turn, Red: round 1"
check "B claims the free seat, Blue" see b "Red's turn: you see what Blue sees"
tm send-keys -t a : 'move r3 e' Enter
check "A's command is played" see a "r3 moves"
tm send-keys -t a e y
check "A ends the movement: B sees Red's missile fire" \
	see b "== Round 1: Red, Missile fire =="
tm send-keys -t b e
check "B's end of step out of turn is refused" see b "it is Red's turn, not yours"
for u in msa msb; do
	check "$u cannot enter the games folder" eval "! as $u ls /var/games/medsiege"
	check "$u cannot read the save" eval "! as $u sh -c 'cat $folder/*.save'"
done
check "the save is on disk, of group games, closed to others" \
	eval '[ "$(stat -c %a:%G "$folder"/*.save)" = 660:games ]'
# The players leave; their host (running as A, with the games' group
# dropped) is stopped by its pid, from the game's log.
for s in a b; do tm send-keys -t "$s" q y; done
tm kill-server >/dev/null 2>&1
host=$(sed -n 's/.* pid \([0-9]*\)$/\1/p' "$folder/log" | tail -n 1)
[ -n "$host" ] && kill "$host" 2>/dev/null
sleep 1

apt-get remove -y -qq medsiege >/dev/null || die "apt-get remove"
check "remove keeps the games" test -d "$folder"
apt-get purge -y -qq medsiege >/dev/null || die "apt-get purge"
check "purge removes the games folder" test ! -e /var/games/medsiege
snapshot /tmp/after
check "purge leaves nothing behind" diff /tmp/before /tmp/after

echo "# $pass passed, $fail failed"
[ "$fail" -eq 0 ]
