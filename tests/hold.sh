#!/bin/sh
# A hold goal is met by a unit of the team in the area (with no enemy),
# not by an area merely empty of enemies, and its words say so wherever
# the goal is told: here, as 'run' tells the end of the game.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1

# Two whole rounds of ends, after the first command.
ends="end end end end end end end end end end end end"
contains "a unit of Red's in the area: Red wins, and the words say why" 0 \
	"game over: Red wins: hold 1,0-3,1 with one of its units in it and no enemy at the end of 2 rounds in a row" -- \
	sh -c "printf '%s\n' 'move r1 e' $ends | '$bin' run tests/data/hold.yaml --seed 1 --script -"
out=$(printf '%s\n' end $ends | "$bin" run tests/data/hold.yaml --seed 1 --script - 2>&1)
case $out in
*"wins"*)
	fail=$((fail + 1))
	echo "not ok - the area empty of everyone: no win"
	printf '%s\n' "$out" ;;
*)
	pass=$((pass + 1))
	echo "ok - the area empty of everyone: no win" ;;
esac

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
