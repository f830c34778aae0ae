#!/bin/sh
# Scripts as a scenario designer writes them: "end until TEAM STEP" and
# "end round" step up to a named point; a script stops at its first
# refused line (exit 2) unless --keep-going.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1
run() { "$bin" run maps/tutorial.yaml --seed 3 --script - "$@"; }
steps() { grep '^== Round'; }

expect "end until: the steps up to Blue's missile step" 0 "== Round 1: Red, Movement ==
== Round 1: Red, Missile fire ==
== Round 1: Red, Melee ==
== Round 1: Blue, Movement ==
== Round 1: Blue, Missile fire ==" -- sh -c "echo 'end until Blue missile' | '$bin' run maps/tutorial.yaml --seed 3 --script - | grep '^== Round'"

expect "end round: up to the next round" 0 "== Round 1: Blue, Missile fire ==
== Round 1: Blue, Melee ==
== Round 2: Red, Movement ==" -- sh -c "printf 'end until blue MISSILE\nend round\n' | '$bin' run maps/tutorial.yaml --seed 3 --script - | grep '^== Round' | tail -n 3"

contains "end until: a misspelt team" 2 "error: line 1: end until Bleu melee: no team 'Bleu'; did you mean 'Blue'?" -- sh -c "echo 'end until Bleu melee' | '$bin' run maps/tutorial.yaml --seed 3 --script -"
contains "end until: not a step" 2 "'fire' is not a step: use movement, missile or melee" -- sh -c "echo 'end until Blue fire' | '$bin' run maps/tutorial.yaml --seed 3 --script -"
contains "end until: where the game is already" 2 "it is Red's movement step already" -- sh -c "echo 'end until Red movement' | '$bin' run maps/tutorial.yaml --seed 3 --script -"
contains "end: other words" 2 "usage: end, end until TEAM STEP, or end round" -- sh -c "echo 'end now' | '$bin' run maps/tutorial.yaml --seed 3 --script -"

# The first refused line stops the script: what follows is not played.
out=$(printf 'move r3 up\nend\n' | run 2>&1)
st=$?
if [ "$st" = 2 ] && ! printf '%s\n' "$out" | grep -q 'Missile fire' &&
	printf '%s\n' "$out" | grep -q "^error: line 1: move r3 up"; then
	pass=$((pass + 1)); echo "ok - a refused line stops the script (exit 2)"
else
	fail=$((fail + 1)); echo "not ok - a refused line stops the script (exit $st)"; printf '%s\n' "$out"
fi
out=$(printf 'move r3 up\nend\n' | run --keep-going 2>&1)
st=$?
if [ "$st" = 0 ] && printf '%s\n' "$out" | grep -q 'Red, Missile fire'; then
	pass=$((pass + 1)); echo "ok - --keep-going goes on past it (exit 0)"
else
	fail=$((fail + 1)); echo "not ok - --keep-going (exit $st)"; printf '%s\n' "$out"
fi

# With the computer playing Blue, a script's ends pass through its turn.
out=$(echo 'end round' | "$bin" run maps/tutorial.yaml --seed 3 --ai Blue --script - --json 2>&1)
st=$?
if [ "$st" = 0 ] && printf '%s\n' "$out" | grep -q '"round":2,"team":"Red","step":"movement"' &&
	printf '%s\n' "$out" | grep -q '"team":"Blue","step":"movement"'; then
	pass=$((pass + 1)); echo "ok - end until: the computer plays its turn on the way"
else
	fail=$((fail + 1)); echo "not ok - end until through a computer's turn (exit $st)"; printf '%s\n' "$out" | tail -n 20
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
