#!/bin/sh
# medsiege odds: between two unit types, each weapon of the attacker the
# situation fits (no situation: melee in contact, shots at half and at
# full range); between two units of a scenario, the attack the game would
# make where they stand, the very number 'run' then rolls against and
# 'los' explains; the table within 80 columns unless --wide.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1

expect "odds between types, no situation: every weapon" 0 \
	"Archer (longbow, missile) against Foot Knight at 12 inches (half range):
need 17+ (20%): AV 9 + DV 8
Archer (longbow, missile) against Foot Knight at 24 inches (full range):
need 19+ (10%): AV 9 + DV 8 + over half range 2
Archer (dagger, melee) against Foot Knight:
need 20+ (5%): AV 12 + DV 8" -- "$bin" odds archer foot_knight
expect "--json: one object a weapon and distance, one a line" 0 \
	'{"attacker":"archer","weapon":"longbow","target":"foot_knight","need":17,"chance":0.20,"terms":[{"name":"AV","value":9},{"name":"DV","value":8}],"range":12}
{"attacker":"archer","weapon":"longbow","target":"foot_knight","need":19,"chance":0.10,"terms":[{"name":"AV","value":9},{"name":"DV","value":8},{"name":"over half range","value":2}],"range":24}
{"attacker":"archer","weapon":"dagger","target":"foot_knight","need":20,"chance":0.05,"terms":[{"name":"AV","value":12},{"name":"DV","value":8}]}' -- \
	"$bin" odds archer foot_knight --json
expect "an odd range: its half in tenths" 0 \
	"Javelineer (javelin, missile) against Archer at 4 inches (half range):
need 12+ (45%): AV 8 + DV 4
Javelineer (javelin, missile) against Archer at 8 inches (full range):
need 14+ (35%): AV 8 + DV 4 + over half range 2
Javelineer (knife, melee) against Archer:
need 16+ (25%): AV 12 + DV 4" -- "$bin" odds javelineer archer
contains "half of 7 inches is 3.5" 0 "at 3.5 inches (half range)" -- \
	"$bin" odds archer billman --roster tests/data/odd-range.yaml
expect "melee modifiers: the melee weapons alone" 0 \
	"Archer (dagger, melee) against Billman:
need 16+ (25%): AV 12 + DV 6 - from behind 2" -- "$bin" odds archer billman --behind
expect "a range: the shots alone, at that range" 0 \
	"Archer (longbow, missile) against Billman:
need 17+ (20%): AV 9 + DV 6 + over half range 2" -- "$bin" odds archer billman --range 13
expect "a shot that does not reach is said, beside one that does" 0 \
	"Spearman (thrown spear, missile) against Archer:
need 16+ (25%): AV 10 + DV 4 + over half range 2" -- "$bin" odds spearman archer --range 5
expect "no weapon fits: the reason" 2 \
	"medsiege odds: 7 inches is out of range: the thrown spear reaches 6" -- \
	"$bin" odds spearman archer --range 7
expect "options for both kinds at once" 2 \
	"medsiege odds: --range and --cover are for missile and siege weapons, --outnumber, --behind and --ladder for melee and reach weapons: give a --weapon for one of them" -- \
	"$bin" odds archer billman --cover half --behind
expect "--weapon: that weapon alone, a shot at both distances" 0 \
	"Archer (longbow, missile) against Billman at 12 inches (half range):
need 17+ (20%): AV 9 + DV 6 + half wall cover 2
Archer (longbow, missile) against Billman at 24 inches (full range):
need 19+ (10%): AV 9 + DV 6 + half wall cover 2 + over half range 2" -- \
	"$bin" odds archer billman --weapon longbow --cover half 2>&1
expect "a weapon the type lacks" 2 \
	"medsiege odds: archer has no weapon 'sword'; it has 'longbow', 'dagger'" -- \
	"$bin" odds archer billman --weapon sword

# Between two units: the attack where they stand, as the game makes it.
expect "tutorial r2 b2: the longbow's shot, not the dagger" 0 \
	"r2 Archer (longbow, missile) against b2 Billman, 14.1 inches away:
need 17+ (20%): AV 9 + DV 6 + over half range 2" -- "$bin" odds tutorial r2 b2
expect "--json: one object, with the distance and the units" 0 \
	'{"attacker":"archer","weapon":"longbow","target":"billman","need":17,"chance":0.20,"terms":[{"name":"AV","value":9},{"name":"DV","value":6},{"name":"over half range","value":2}],"range":14.1,"attacker_unit":"r2","target_unit":"b2"}' -- \
	"$bin" odds tutorial r2 b2 --json
expect "units in melee: the blow, outnumbering included" 0 \
	"r1 Foot Knight (sword, melee) against b1 Peasant Levy, in melee:
need 8+ (65%): AV 6 + DV 3 - outnumbered 1" -- \
	"$bin" odds tests/ui/melee.yaml r1 b1 --team Red
expect "--team: a unit the team does not see is no unit" 2 \
	"medsiege odds: no unit 'b2' that Red knows is on the field" -- \
	"$bin" odds tests/ui/melee.yaml r3 b2 --team Red
expect "no attack from where it stands: why" 2 \
	"medsiege odds: r3 cannot shoot at b2: not in its arc of vision (it faces n)" -- \
	"$bin" odds tests/ui/melee.yaml r3 b2
contains "--script: where they stand after it" 0 "in melee:" -- \
	sh -c "printf 'move r3 n n\n' | '$bin' odds tests/ui/melee.yaml r3 b1 --script -"
expect "between units, no situation may be given" 2 \
	"medsiege odds: between two units the situation is where they stand: give unit types for --roster, --weapon, --range, --cover, --outnumber, --behind or --ladder" -- \
	"$bin" odds tutorial r2 b2 --range 4
expect "--team, --script and --seed need a scenario" 2 \
	"medsiege odds: --team, --script and --seed go with SCENARIO A B" -- \
	"$bin" odds archer billman --team Red

# The number odds gives between units is the one run rolls against and
# los explains: for each Red unit and each Blue one of the tutorial, in
# Red's Missile fire step.
bad="" shots=0
for a in r2 ballista; do
	for t in b1 b2 b3 captain; do
		o=$("$bin" odds tutorial "$a" "$t" --team Red --json 2>/dev/null |
			sed -n 's/.*"need":\([0-9]*\),.*/\1/p')
		l=$("$bin" los tutorial "$a" "$t" --team Red --json 2>/dev/null |
			sed -n 's/.*"need":\([0-9]*\),.*/\1/p')
		r=$(printf 'end\nshoot %s %s\n' "$a" "$t" |
			"$bin" run tutorial --seed 3 --script - --json 2>/dev/null |
			sed -n 's/.*"type":"attack".*"need":\([0-9]*\),.*/\1/p')
		[ "$o" = "$l" ] && [ "$o" = "$r" ] || bad="$bad $a-$t(odds $o, los $l, run $r)"
		[ -n "$o" ] && shots=$((shots + 1))
	done
done
if [ -z "$bad" ] && [ "$shots" -ge 4 ]; then
	pass=$((pass + 1)); echo "ok - odds between units = los = run's shot ($shots shots)"
else
	fail=$((fail + 1)); echo "not ok - odds between units = los = run's shot ($shots shots):$bad"
fi

# The table: 80 columns by default, the wide one on asking.
widest() { "$bin" odds --table "$@" | awk '{ if (length($0) > m) m = length($0) } END { print m }'; }
check_width() {
	name=$1 cmp=$2 limit=$3
	shift 3
	w=$(widest "$@")
	if [ "$w" "$cmp" "$limit" ]; then
		pass=$((pass + 1)); echo "ok - $name ($w columns)"
	else
		fail=$((fail + 1)); echo "not ok - $name ($w columns)"
	fi
}
check_width "--table fits 80 columns" -le 80
check_width "--table fits 80 columns, the variant roster" -le 80 --roster units/variant.yaml
check_width "--table with a range and cover fits 80 columns" -le 80 --range 16 --cover half
check_width "--table --wide: one block, wider" -gt 80 --wide
contains "--table: the blocks hold every target" 0 "                              C       L       R" -- \
	"$bin" odds --table
expect "--wide goes with the table's text" 2 \
	"medsiege odds: --wide goes with --table's text, not with --csv or --json" -- \
	"$bin" odds --table --wide --csv

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
