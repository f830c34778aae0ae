#!/bin/sh
# check's refusals of scenarios that load but cannot mean what they say,
# each at its FILE:LINE:COLUMN, check --reach, and medsiege reach: exact
# outputs and exit codes, and reach's answer unchanged by units its team
# cannot see.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-check.XXXXXX") || exit 1
trap 'rm -rf "$tmpd"' EXIT

d=tests/data
expect "check: survive longer than the round limit" 2 \
	"$d/check-survive.yaml:22:41: Blue's survive goal of 6 rounds is longer than the scenario's round limit (rounds: 5): it can never be met" -- \
	"$bin" check $d/check-survive.yaml
expect "check: hold longer than the round limit" 2 \
	"$d/check-hold.yaml:21:61: Red's hold goal of 7 rounds is longer than the scenario's round limit (rounds: 5): it can never be met" -- \
	"$bin" check $d/check-hold.yaml
expect "check: destroy the team's own unit" 2 \
	"$d/check-own-unit.yaml:21:38: Red's destroy goal names its own unit r1" -- \
	"$bin" check $d/check-own-unit.yaml
expect "check: destroy a door the team locked" 2 \
	"$d/check-own-door.yaml:24:37: Blue's destroy goal names the door at 7,2, which Blue itself locked (locked_by: Blue)" -- \
	"$bin" check $d/check-own-door.yaml
expect "check: a hold area of walls" 2 \
	"$d/check-area.yaml:21:35: no cell of Red's hold area 0,0-7,0 can be entered by its units (impassable, or closed to their class)" -- \
	"$bin" check $d/check-area.yaml
expect "check: an escape area closed to horsemen" 2 \
	"$d/check-area-mounted.yaml:21:37: no cell of Red's escape area 6,4-7,4 can be entered by its units (impassable, or closed to their class)" -- \
	"$bin" check $d/check-area-mounted.yaml
expect "check: a ladder to nowhere" 2 \
	"$d/check-ladder.yaml:10:5: the ladder at 2,4 has no higher neighbour to climb to" -- \
	"$bin" check $d/check-ladder.yaml
expect "check: a unit letter that is a terrain symbol" 2 \
	"$d/check-symbol.yaml:6:3: symbol 'K' is also the letter of unit type foot_knight: the map could not tell them apart" -- \
	"$bin" check $d/check-symbol.yaml
# Without --reach a goal nobody can get to is not looked for.
expect "check: unreachable goal without --reach" 0 \
	"$d/check-unreachable.yaml: ok: scenario 'Check unreachable', 8x5, 2 teams, 2 units, 2 goals" -- \
	"$bin" check $d/check-unreachable.yaml
expect "check --reach: a goal nobody can reach" 2 \
	"Red hold 1,1-6,2: never: r1 (foot_knight): the door at 4,3 is locked (Blue)
Blue survive: not a place
$d/check-unreachable.yaml:23:5: Red hold 1,1-6,2: no unit of Red can get there: r1 (foot_knight): the door at 4,3 is locked (Blue)" -- \
	"$bin" check --reach $d/check-unreachable.yaml
expect "check --reach: each goal" 0 \
	"$d/check-reach.yaml: ok: scenario 'Check reach', 8x5, 2 teams, 3 units, 5 goals
Red hold 1,1-6,2: r1 (foot_knight) in 2 turns, 7 inches
Red escape 0,4-0,4: r1 (foot_knight) in 1 turn, 1 inch
Red destroy 0,3: r2 (battering_ram) in 3 turns, 9 inches
Red destroy b1: not a place
Blue survive: not a place" -- \
	"$bin" check --reach $d/check-reach.yaml
for m in maps/*.yaml; do
	contains "check --reach: $m" 0 "$m: ok" -- "$bin" check --reach "$m"
done
contains "check: usage" 2 "usage: medsiege check" -- "$bin" check --reach

expect "reach: doors and turns, drawn" 0 "r1 (foot_knight, Red) at 1,4 facing n, to 4,1: 2 turns, 8 inches (2 inches left in the last turn)
  turn 1     step e  to 2,4, 1 inch
  turn 1     step e  to 3,4, 1 inch
  turn 1     step e  to 4,4, 1 inch
  turn 1     open the door n  at 4,4, 2 inches
  turn 2     step n  to 4,3, 1 inch
  turn 2     step n  to 4,2, 1 inch
  turn 2     step n  to 4,1, 1 inch
    01234567
  0 
  1     2
  2     2
  3 W## 2##
  4 .K111R.." -- "$bin" reach $d/check-reach.yaml r1 4,1
printf 'moveto r1 3,4\n' >"$tmpd/script"
contains "reach --script: what is left this turn" 0 \
	"r1 (foot_knight, Red) at 3,4 facing e, to 4,1: 2 turns, 6 inches (2 inches left in the last turn)" -- \
	"$bin" reach $d/check-reach.yaml r1 4,1 --script "$tmpd/script"
expect "reach --json: a machine turning" 0 '{"unit":"r2","from":[5,4],"facing":"e","to":[0,4],"turns":3,"inches":9,"left":0,"path":[{"x":5,"y":4,"turn":1,"begun":1,"act":"face","dir":"se","inches":1},{"x":5,"y":4,"turn":1,"begun":1,"act":"face","dir":"s","inches":1},{"x":5,"y":4,"turn":1,"begun":1,"act":"face","dir":"sw","inches":1},{"x":4,"y":4,"turn":2,"begun":2,"act":"step","dir":"w","inches":2},{"x":3,"y":4,"turn":2,"begun":2,"act":"step","dir":"w","inches":1},{"x":2,"y":4,"turn":3,"begun":3,"act":"step","dir":"w","inches":1},{"x":1,"y":4,"turn":3,"begun":3,"act":"step","dir":"w","inches":1},{"x":0,"y":4,"turn":3,"begun":3,"act":"step","dir":"w","inches":1}]}' -- \
	"$bin" reach $d/check-reach.yaml r2 0,4 --json
expect "reach: never, and why" 0 "r1 (foot_knight, Red) at 1,4 facing n, to 3,1: never: the door at 4,3 is locked (Blue)" -- \
	"$bin" reach $d/check-unreachable.yaml r1 3,1
expect "reach --json: never" 0 '{"unit":"r1","from":[1,4],"facing":"n","to":[3,1],"never":true,"why":"the door at 4,3 is locked (Blue)"}' -- \
	"$bin" reach $d/check-unreachable.yaml r1 3,1 --json
contains "reach: a ladder over turns" 0 "turns 3-5  climb nw to 19,5, 8 inches" -- \
	"$bin" reach escalade r5 20,4
expect "reach: no such unit" 2 "medsiege reach: no unit 'r9'; did you mean 'r1'?" -- \
	"$bin" reach $d/check-reach.yaml r9 4,1
expect "reach: off the map" 2 "medsiege reach: 9,9 is off the map (8x5)" -- \
	"$bin" reach $d/check-reach.yaml r1 9,9
contains "reach: --team is no option of reach" 2 "usage: medsiege reach" -- \
	"$bin" reach $d/check-reach.yaml r1 4,1 --team Red
contains "reach: help" 0 "usage: medsiege reach" -- "$bin" reach --help

# Planned with what the unit's team knows: Blue's units that Red cannot
# see, moved or added (fog-a, fog-b), change nothing, byte for byte, even
# where they stand on the way or on the cell asked for.
for u in r1 r8; do
	for cell in 14,3 8,6 20,2 4,2 30,4 16,5; do
		for form in --json ""; do
			a=$("$bin" reach $d/fog-a.yaml $u $cell $form 2>&1)
			b=$("$bin" reach $d/fog-b.yaml $u $cell $form 2>&1)
			name="reach ${form:-text} $u $cell: hidden units change nothing"
			if [ -n "$a" ] && [ "$a" = "$b" ]; then
				pass=$((pass + 1)); echo "ok - $name"
			else
				fail=$((fail + 1)); echo "not ok - $name"
				printf '%s\n--\n%s\n' "$a" "$b"
			fi
		done
	done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
