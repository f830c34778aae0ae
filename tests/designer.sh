#!/bin/sh
# The scenario designer's bench: a unit type's own cover and a type with
# no weapons in odds, los, check and run; a legend's names and colours
# in view, los, check and their errors; the computer's reasons (run
# --explain); exact outputs and exit codes.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-designer.XXXXXX") || exit 1
trap 'rm -rf "$tmpd"' EXIT

d=tests/data
pr=$d/pavise-roster.yaml

# ---- a unit's own cover, a unit with no weapons ---------------------------
expect "check: a roster of pavises and mantlets" 0 \
	"$d/pavise.yaml: ok: scenario 'Pavise', 14x5, 2 teams, 6 units, 2 goals
$pr: ok: roster, 5 unit types" -- "$bin" check $d/pavise.yaml $pr
expect "odds: a pavise is half cover" 0 "Archer (longbow, missile) against Pavisier:
need 16+ (25%): AV 9 + DV 5 + half wall cover 2" -- \
	"$bin" odds --roster $pr archer pavisier --range 9
expect "odds: the better of --cover and the target's own, once" 0 "Archer (longbow, missile) against Mantlet:
need 23+ (0%): AV 9 + DV 10 + heavy cover 4" -- \
	"$bin" odds --roster $pr archer mantlet --range 9 --cover half
expect "odds: a melee blow ignores it" 0 "Foot Knight (sword, melee) against Mantlet:
need 16+ (25%): AV 6 + DV 10" -- "$bin" odds --roster $pr foot_knight mantlet
expect "odds: a type with no weapons" 2 \
	"medsiege odds: mantlet has no weapons: it never attacks" -- \
	"$bin" odds --roster $pr mantlet archer
contains "odds --table: the targets' own cover is said" 0 \
	"MISSILE AND SIEGE (at 10 inches, no cover, or a target's own where better)" -- \
	"$bin" odds --table --roster $pr --range 10
contains "los: cover of its own, in woods" 0 \
	"cover: b1 has half wall cover of its own (Pavisier)" -- \
	"$bin" los $d/pavise.yaml r1 b1
contains "los: the hedge's half, which a pavise does not add to" 0 \
	"shot: r1's longbow (range 24) reaches: need 16+ (25%): AV 9 + DV 5 + half wall cover 2" -- \
	"$bin" los $d/pavise.yaml r1 b3
contains "los --json: own cover" 0 '"cover":{"cover":"half","x":10,"y":1,"own":true}' -- \
	"$bin" los $d/pavise.yaml r1 b1 --json
printf 'end\nend\nfight r2 b2\nend\nend\nend\nfight b2 r2\nend\n' >"$tmpd/mantlet.script"
contains "run: a mantlet cannot fight, and Blue's Melee ends without it" 0 \
	"error: line 7: fight b2 r2: b2 cannot fight: it has no weapons" -- \
	"$bin" run $d/pavise.yaml --seed 3 --script "$tmpd/mantlet.script" --keep-going
contains "run: ... into round 2" 0 "-- state: round 2, Red, Movement" -- \
	"$bin" run $d/pavise.yaml --seed 3 --script "$tmpd/mantlet.script" --keep-going
sed 's/type: archer, at/type: mantlet, at/; s/type: foot_knight, at/type: stakes, at/' \
	$d/pavise.yaml | sed "s|roster: pavise-roster.yaml|roster: $srcdir/$pr|" >"$tmpd/unarmed.yaml"
expect "check: an eliminate goal for a team with no weapons" 2 \
	"$tmpd/unarmed.yaml:28:23: Red's eliminate goal can never be met: none of its units has a weapon" -- \
	"$bin" check "$tmpd/unarmed.yaml"

# ---- a legend's names and colours -----------------------------------------
n=$d/named.yaml
printf 'end\nend\nend\nface b1 ne\n' >"$tmpd/gate.script"
expect "view: the terrain the legend names, as Blue saw it" 0 "Named as Blue sees it: round 1, Blue, Movement
    0123456789
  0    ~~~
  1   H==+
  2   _B___#
  3   ...
  4  .....
The map's own terrain, as Blue has seen it:
  _  Curtain walk (wall walk): height 6
  ~  Moat (water): impassable; drawn blue
  +  Postern gate (door): no war machines, DV 8, 2 hits; drawn red
Blue sees 16 of 50 cells. Units in view:
  b1   B billman        Blue   at 3,2 facing ne" -- \
	"$bin" view $n --team Blue --script "$tmpd/gate.script"
contains "view --json: the named terrain" 0 \
	',"terrain":[{"sym":"_","name":"Curtain walk","words":"Curtain walk (wall walk)","traits":"height 6","colour":"none"},' -- \
	"$bin" view $n --team Blue --script "$tmpd/gate.script" --json
expect "view: a map of standard symbols lists nothing more" 0 "0" -- \
	sh -c "'$bin' view maps/gatehouse.yaml --team Red | grep -c 'own terrain' || :"
contains "los: cells by the legend's names" 0 \
	"  4,2 Curtain walk (wall walk), height 6" -- "$bin" los $n b1 5,1
contains "los --json: a named cell" 0 \
	'{"x":4,"y":2,"terrain":"wall walk","name":"Curtain walk","height":6,' -- \
	"$bin" los $n b1 5,1 --json
printf 'end\nend\nend\nface b1 ne\n' >"$tmpd/gate.script"
contains "los --team: the gate by its name" 0 \
	"  4,1 parapet, height 4" -- "$bin" los $n b1 5,1 --team Blue --script "$tmpd/gate.script"
sed 's/colour: blue}/colour: bleu}/' $n | sed "s|roster: ../../units|roster: $srcdir/units|" >"$tmpd/bleu.yaml"
expect "check: a misspelt colour, at its place, with the nearest" 2 \
	"$tmpd/bleu.yaml:10:45: unknown colour 'bleu', expected one of none, black, red, green, yellow, blue, magenta, cyan, white; did you mean 'blue'?" -- \
	"$bin" check "$tmpd/bleu.yaml"
sed 's/name: Moat,/name: "Moat\\u202e",/' $n | sed "s|roster: ../../units|roster: $srcdir/units|" >"$tmpd/bidi.yaml"
expect "check: a name holding a format character" 2 \
	"$tmpd/bidi.yaml:10:31: terrain name \"Moat\\u202e\" holds U+202E RIGHT-TO-LEFT OVERRIDE, an invisible format character" -- \
	"$bin" check "$tmpd/bidi.yaml"
sed 's/name: Moat,/name: The moat that rings the castle walls,/' $n |
	sed "s|roster: ../../units|roster: $srcdir/units|" >"$tmpd/long.yaml"
contains "check: an over-long name" 2 \
	"$tmpd/long.yaml:10:31: expected a string of at most 31 bytes (UTF-8), found 'The moat that rings the castle " -- \
	"$bin" check "$tmpd/long.yaml"

# ---- the computer's reasons ------------------------------------------------
"$bin" run maps/tutorial.yaml --seed 1 --ai all --explain >"$tmpd/why.txt" 2>&1
"$bin" run maps/tutorial.yaml --seed 1 --ai all >"$tmpd/plain.txt" 2>&1
contains "run --explain: a move and the terms that chose it" 0 \
	"why r4: moveto 9,8 (the best of 60 places it can reach, and where it stands): way left 8, progress -4.01, score -4.01, staying -6.07" -- \
	cat "$tmpd/why.txt"
contains "run --explain: a shot, its need, chance and worth" 0 \
	"why ballista: shoot b3 (the best of 3 targets in range and sight): need 12, chance 0.45, worth of a hit 13, value 5.85" -- \
	cat "$tmpd/why.txt"
# Each reason comes just before the command it gives.
if grep -A1 '^why r4: moveto 9,8 ' "$tmpd/why.txt" | grep -q '^r4 moves 5,8 -> 6,7'; then
	pass=$((pass + 1)) && echo "ok - run --explain: the reason before the command's events"
else
	fail=$((fail + 1)) && echo "not ok - run --explain: the reason before the command's events"
fi
if grep -v '^why ' "$tmpd/why.txt" | cmp -s - "$tmpd/plain.txt"; then
	pass=$((pass + 1)) && echo "ok - run --explain: the same game as without"
else
	fail=$((fail + 1)) && echo "not ok - run --explain: the same game as without"
fi
contains "run --explain --json: why objects" 0 \
	'{"type":"why","round":1,"team":"Red","step":"movement","unit":"r4","choice":"face ne","target":"b3","note":"toward b3 at 17,7, the nearest enemy in sight","terms":[{"name":"distance","value":8.0623}]}' -- \
	"$bin" run maps/tutorial.yaml --seed 1 --ai all --explain --json
contains "run --explain: the easy player's reasons" 0 \
	"why ballista: shoot b2 (the enemy in sight it needs least to hit): need 13" -- \
	"$bin" run maps/tutorial.yaml --seed 3 --ai all:easy --explain
expect "run --explain without a computer player" 2 \
	"medsiege run: --explain tells why the computer plays as it does: give --ai TEAM" -- \
	"$bin" run maps/tutorial.yaml --seed 1 --explain

# ---- the README's designer's loop, as written ------------------------------
# Each "$ ./medsiege ..." line between its markers runs, exits 0, and
# prints every line shown under it.
sed -n "/<!-- the designer's loop/,/<!-- end of the designer's loop/p" README.md |
	sed -n 's/^    //p' >"$tmpd/loop"
n=0
while IFS= read -r line; do
	case $line in
	'$ ./medsiege '*)
		n=$((n + 1))
		cmd=${line#\$ ./medsiege }
		# shellcheck disable=SC2086 # the words of the command
		"$bin" $cmd >"$tmpd/loop.out.$n" 2>&1
		echo $? >"$tmpd/loop.st.$n"
		echo "$cmd" >"$tmpd/loop.cmd.$n"
		;;
	*) printf '%s\n' "$line" >>"$tmpd/loop.want.$n" ;;
	esac
done <"$tmpd/loop"
k=1
while [ $k -le $n ]; do
	cmd=$(cat "$tmpd/loop.cmd.$k")
	bad=
	[ "$(cat "$tmpd/loop.st.$k")" = 0 ] || bad="exit $(cat "$tmpd/loop.st.$k")"
	while IFS= read -r want; do
		grep -qxF -- "$want" "$tmpd/loop.out.$k" || bad="no line '$want'"
	done <"$tmpd/loop.want.$k"
	if [ -z "$bad" ]; then
		pass=$((pass + 1)) && echo "ok - README: medsiege $cmd"
	else
		fail=$((fail + 1)) && echo "not ok - README: medsiege $cmd: $bad"
	fi
	k=$((k + 1))
done
[ $n = 4 ] || { fail=$((fail + 1)) && echo "not ok - README: 4 commands in the designer's loop, found $n"; }

echo "# $pass passed, $fail failed"
[ "$fail" = 0 ]
