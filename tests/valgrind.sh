#!/bin/sh
# make check-valgrind: every cmocka suite and headless games (a scripted
# game, computer players with a save, a resume and a replay, sim, check,
# view, odds, bad input) under valgrind, built without the sanitizers as
# tests/plain/NAME. Any memory error or leak (definite, indirect or
# possible) fails. The property test plays fewer lines than in make check:
# valgrind is some fifty times slower.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
build=${abs_top_builddir:-$srcdir}
plain=$build/tests/plain
if ! command -v valgrind > /dev/null 2>&1; then
	echo "make check-valgrind: valgrind not found (./bootstrap installs it)" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export abs_top_srcdir="$srcdir" XDG_STATE_HOME="$tmp/state" MEDSIEGE_PROPS_LINES=150
# 99: valgrind found something; any other status is the program's own.
vg="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible"
pass=0 fail=0

# check NAME WANT CMD...: WANT is "ok" (exit 0) or "refused" (exit 1 or 2,
# a clear refusal of bad input).
check() {
	name=$1 want=$2
	shift 2
	start=$(date +%s)
	(cd "$srcdir" && $vg "$@") > "$tmp/out" 2> "$tmp/err" < /dev/null
	rc=$?
	secs=$(($(date +%s) - start))
	case "$want:$rc" in
	ok:0 | refused:1 | refused:2)
		echo "ok - $name (${secs}s)"
		pass=$((pass + 1))
		;;
	*)
		why="exit $rc"
		[ "$rc" = 99 ] && why="valgrind found errors"
		echo "not ok - $name ($why)"
		grep -E '^==[0-9]+==' "$tmp/err" | head -n 60
		[ "$rc" = 99 ] || tail -n 20 "$tmp/out" "$tmp/err"
		fail=$((fail + 1))
		;;
	esac
}

for t in test_geom test_vision test_vision_prop test_combat test_cover \
	test_engage test_move test_yaml test_roster test_scenario test_suggest \
	test_game test_fairness test_sim test_sight_moves test_sight_attacks \
	test_sight_refusals test_ai test_props test_names test_uilog; do
	check "$t" ok "$plain/$t"
done

bin=$plain/medsiege
check "run: a scripted game" ok "$bin" run maps/tutorial.yaml --seed 1 \
	--script tests/scenarios/tutorial-Red.script --json
check "run: the computer plays every team, saved" ok "$bin" run \
	maps/gatehouse.yaml --seed 2 --ai all:normal --save
printf 'moveto r3 11,6\nend\nshoot r2 b1\nend\nend\n' > "$tmp/part"
check "run: part of a game, saved" ok "$bin" run maps/tutorial.yaml --seed 5 \
	--script "$tmp/part" --save
save=$(ls -t "$tmp"/state/medsiege/tutorial-*.save | head -n 1)
printf 'moveto b2 15,5\nend\nend\nend\nmove r4 e\n' > "$tmp/more"
check "run: the save resumed and played on" ok "$bin" run --resume "$save" \
	--script "$tmp/more"
check "run: the save replayed" ok "$bin" run "$save"
check "sim: games between computer players" ok "$bin" sim tutorial --games 3 \
	--seed 1 --jobs 2
check "check: every shipped scenario" ok "$bin" check maps/ambush.yaml \
	maps/bridge.yaml maps/chapel.yaml maps/escalade.yaml maps/gatehouse.yaml \
	maps/tutorial.yaml
check "check: a misspelt scenario is refused" refused "$bin" check tests/data/misspelt.yaml
check "view: what a team sees" ok "$bin" view chapel --team Green
check "odds: an attack's numbers" ok "$bin" odds archer billman --range 16 --cover half
printf 'move r3 e e e\nfight nobody\nshoot r2 99,99\nend\x01\n' > "$tmp/bad"
check "run --strict: a bad command is refused" refused "$bin" run tutorial \
	--seed 3 --script "$tmp/bad" --strict

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
