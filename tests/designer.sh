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

echo "# $pass passed, $fail failed"
[ "$fail" = 0 ]
