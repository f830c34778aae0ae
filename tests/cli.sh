#!/bin/sh
# The headless subcommands as a rules designer types them: exact outputs
# and exit codes.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

. "$srcdir/tests/lib-cli.sh"

cd "$srcdir" || exit 1
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmpd"' EXIT

expect "odds: rules example 1" 0 "Foot Knight (sword, melee) against Archer:
need 10+ (55%): AV 6 + DV 4" -- "$bin" odds foot_knight archer
expect "odds: rules example 2" 0 "Archer (longbow, missile) against Billman:
need 19+ (10%): AV 9 + DV 6 + half wall cover 2 + over half range 2" -- \
	"$bin" odds archer billman --range 16 --cover half
expect "odds --json" 0 '{"attacker":"archer","weapon":"longbow","target":"billman","need":19,"chance":0.10,"terms":[{"name":"AV","value":9},{"name":"DV","value":6},{"name":"half wall cover","value":2},{"name":"over half range","value":2}]}' -- \
	"$bin" odds archer billman --range 16 --cover half --json
expect "odds: melee modifiers" 0 "Man-at-Arms (poleaxe, melee) against Foot Knight:
need 12+ (45%): AV 7 + DV 8 - outnumbered 3 - from behind 2 + on a ladder 2" -- \
	"$bin" odds man_at_arms foot_knight --outnumber 5 --behind --ladder
expect "odds: large target" 0 "Ballista (bolt, missile) against Catapult:
need 15+ (30%): AV 7 + DV 10 - large target 2" -- "$bin" odds ballista catapult --range 10
# Distances as the game shows them (10.4 in): decimals, compared exactly.
expect "odds: decimal range" 0 "Archer (longbow, missile) against Billman:
need 19+ (10%): AV 9 + DV 6 + half wall cover 2 + over half range 2" -- \
	"$bin" odds archer billman --range 16.5 --cover half
expect "odds: exactly half range is not over it" 0 "Archer (longbow, missile) against Billman:
need 15+ (30%): AV 9 + DV 6" -- "$bin" odds archer billman --range 12.0
expect "odds: a thousandth over half range is" 0 "Archer (longbow, missile) against Billman:
need 17+ (20%): AV 9 + DV 6 + over half range 2" -- "$bin" odds archer billman --range 12.001
contains "odds: full range with decimals" 0 "need 17+" -- "$bin" odds archer billman --range 24.000
expect "odds: a decimal out of range" 2 \
	"medsiege odds: 24.5 inches is out of range: the longbow reaches 24" -- \
	"$bin" odds archer billman --range 24.5
expect "odds: a decimal too close" 2 \
	"medsiege odds: 7.9 inches is too close: the stone needs at least 8" -- \
	"$bin" odds catapult billman --range 7.9
contains "odds: bad range" 2 "--range needs a distance in inches" -- \
	"$bin" odds archer billman --range 1e3
contains "odds: misspelt type" 2 "no unit type 'archr'" -- "$bin" odds archr billman
contains "odds: suggestion" 2 "did you mean 'archer'?" -- "$bin" odds archr billman
contains "odds: a type near none gets the list" 2 \
	"no unit type 'trebuchet' in units/standard.yaml; its types are foot_knight, mounted_knight, man_at_arms," -- \
	"$bin" odds trebuchet billman --roster units/standard.yaml
contains "odds: out of range" 2 "out of range" -- "$bin" odds archer billman --range 25
contains "odds: bad cover" 2 "--cover is none, soft, half or heavy" -- "$bin" odds archer billman --range 3 --cover thick
contains "odds: help" 0 "usage: medsiege odds" -- "$bin" odds --help

# odds --table: every weapon of every type against every type; each
# entry is what 'odds A B' says of the pair.
contains "odds --table: melee" 0 "  K foot_knight    sword     14  35% 14  35% 12  45% 12  45% 11  50%" -- \
	"$bin" odds --table
contains "odds --table: missiles at a range, with cover" 0 "  a archer      longbow      21   0% 21   0% 19  10% 19  10% 18  15%" -- \
	"$bin" odds --table --range 16 --cover half
contains "odds --table: out of range" 0 "  j javelineer  javelin       -       -       -" -- \
	"$bin" odds --table --range 16
contains "odds --table --csv" 0 "archer,longbow,missile,billman,19,0.10" -- \
	"$bin" odds --table --csv --range 16 --cover half
contains "odds --table --json" 0 '{"attacker":"archer","weapon":"longbow","kind":"missile","target":"billman","need":19,"chance":0.10,"terms":[{"name":"AV","value":9},{"name":"DV","value":6},{"name":"half wall cover","value":2},{"name":"over half range","value":2}]}' -- \
	"$bin" odds --table --json --range 16 --cover half
contains "odds --table --json: the situation" 0 '{"roster":"the standard roster","range":10.50,"cover":"none","outnumber":3,"behind":true,"ladder":false,"odds":[' -- \
	"$bin" odds --table --json --range 10.50 --outnumber 3 --behind
contains "odds --table --csv: no reach, no number" 0 "slinger,sling,missile,catapult,," -- \
	"$bin" odds --table --csv --range 13
bad_pairs=""
"$bin" odds --table --csv --range 10 --cover soft --outnumber 2 --behind |
	awk -F, 'NR > 1 && NR % 17 == 0' >"$tmpd/pairs"
while IFS=, read -r att wpn kind tgt need chance; do
	if [ "$kind" = melee ] || [ "$kind" = reach ]; then
		opts="--weapon $wpn --outnumber 2 --behind"
	else
		opts="--weapon $wpn --range 10 --cover soft"
	fi
	got=$("$bin" odds "$att" "$tgt" $opts --json 2>/dev/null |
		sed -n 's/.*"need":\([0-9]*\),"chance":\([0-9.]*\).*/\1,\2/p')
	[ "$got" = "$need,$chance" ] || [ -z "$need$got" ] ||
		bad_pairs="$bad_pairs $att/$wpn/$tgt($need,$chance vs $got)"
done <"$tmpd/pairs"
if [ -z "$bad_pairs" ] && [ -s "$tmpd/pairs" ]; then
	pass=$((pass + 1)); echo "ok - odds --table agrees with odds, pair by pair"
else
	fail=$((fail + 1)); echo "not ok - odds --table agrees with odds:$bad_pairs"
fi
expect "odds --table: no --weapon" 2 \
	"medsiege odds: --weapon does not go with --table: the table has every weapon" -- \
	"$bin" odds --table --weapon longbow
expect "odds: --csv without --table" 2 \
	"medsiege odds: --csv goes with --table, and not with --json" -- \
	"$bin" odds archer billman --csv
contains "odds --table takes no types" 2 "usage: medsiege odds" -- "$bin" odds --table archer

expect "check: misspelt unit type" 2 \
	"tests/data/misspelt.yaml:10:16: unknown unit type 'archr'; did you mean 'archer'?" -- \
	"$bin" check tests/data/misspelt.yaml
expect "check: a unit type near none gets the list" 2 \
	"tests/data/trebuchet.yaml:10:16: unknown unit type 'trebuchet', expected one of foot_knight, mounted_knight, man_at_arms, billman, spearman, archer, crossbowman, slinger, javelineer, peasant_levy, catapult, ballista, battering_ram" -- \
	"$bin" check tests/data/trebuchet.yaml
expect "check: an id must begin with a letter" 2 \
	"tests/data/digit-id.yaml:9:51: expected an id that begins with a letter, found '7'" -- \
	"$bin" check tests/data/digit-id.yaml
contains "check: good files" 0 "maps/gatehouse.yaml: ok" -- "$bin" check maps/gatehouse.yaml units/standard.yaml
contains "check: missing file" 2 "nosuch.yaml" -- "$bin" check nosuch.yaml
# check takes an installed scenario's name as run and view do...
contains "check: installed name" 0 "maps/gatehouse.yaml: ok: scenario 'Gatehouse'" -- \
	"$bin" check gatehouse
expect "check: misspelt name" 2 \
	"gatehous: no such file or installed scenario; did you mean 'gatehouse'?" -- \
	"$bin" check gatehous
# ...but a file of that name, where there is one, comes first.
cp units/standard.yaml "$tmpd/gatehouse"
expect "check: a file wins over a name" 0 "gatehouse: ok: roster, 13 unit types" -- \
	sh -c "cd '$tmpd' && '$bin' check gatehouse"

# The attackers cannot see into the courtyard: row 6 (the courtyard in
# front of the keep) is blank for Red and the defender there is unseen.
got=$("$bin" view maps/gatehouse.yaml --team Red --json)
if printf '%s' "$got" | grep -q '"0000000000000000000000000000000000","0000000000000000000000000000000000","0000000000000000000000000000000000","0000000000000000000000000000000000","0000000000000000000000000000000000","0000000000000000000000000000000000","0000000000000000000000000000000000","0000000000000000000000000000000000"' &&
	! printf '%s' "$got" | grep -q '"id":"b6"' && ! printf '%s' "$got" | grep -q '"id":"b7"'; then
	pass=$((pass + 1)); echo "ok - view: Red cannot see the courtyard"
else
	fail=$((fail + 1)); echo "not ok - view: Red cannot see the courtyard"; printf '%s\n' "$got"
fi
got=$("$bin" view maps/gatehouse.yaml --team Blue --json)
if printf '%s' "$got" | grep -q '"id":"r8"'; then
	pass=$((pass + 1)); echo "ok - view: Blue on the walls sees the ram"
else
	fail=$((fail + 1)); echo "not ok - view: Blue on the walls sees the ram"
fi
# r1 steps out from behind the wall into b1's sight at 8,0 and back.
contains "view: where Blue last saw r1" 0 '"units":[{"id":"b1","type":"archer","team":"Blue","x":2,"y":3,"facing":"e"}],"last_seen":[{"id":"r1","team":"Red","x":8,"y":0,"round":1}]}' -- \
	sh -c "printf 'move r1 n\nmove r1 n\nmove r1 s\nmove r1 s\n' | '$bin' view tests/data/sight-field.yaml --team Blue --script - --json"
contains "view: nobody seen yet, nobody last seen" 0 '"last_seen":[]}' -- "$bin" view maps/gatehouse.yaml --team Red --json
contains "view: unknown team" 2 "no team 'Green'" -- "$bin" view maps/gatehouse.yaml --team Green
contains "view: text" 0 "Red sees" -- "$bin" view maps/gatehouse.yaml --team Red

contains "run: bad seed" 2 "--seed needs a number" -- "$bin" run maps/gatehouse.yaml --seed x
contains "run: rejected command" 0 '"type":"error","line":1' -- sh -c "echo 'move r1 up' | '$bin' run maps/gatehouse.yaml --seed 1 --script - --json --keep-going"
contains "run: strict" 2 "not a direction" -- sh -c "echo 'move r1 up' | '$bin' run maps/gatehouse.yaml --seed 1 --script - --strict"
contains "run: state line" 0 '{"type":"state","round":1,"team":"Red","step":"movement"' -- "$bin" run maps/gatehouse.yaml --seed 1 --json
contains "run: installed name" 0 "Gatehouse, seed 5" -- "$bin" run gatehouse --seed 5
contains "usage" 2 "usage: medsiege run" -- "$bin" run
# Tables line up, long ids (the tutorial's "ballista" and "captain")
# included: each of the first FIELDS columns (the id, the type, the team;
# view has the symbol too) starts at one place on every row.
# aligned NAME TEXT ROWS FIELDS
aligned() {
	cols=$(printf '%s\n' "$2" | awk -v n="$4" '{
		s = $0; off = 0; line = ""
		for (k = 1; k <= n; k++) {	# where each field begins
			match(s, /[^ ]+/); line = line " " (off + RSTART)
			off += RSTART + RLENGTH - 1; s = substr(s, RSTART + RLENGTH)
		}
		print line }' | sort -u)
	if [ "$(printf '%s\n' "$2" | wc -l)" -eq "$3" ] && [ "$(printf '%s\n' "$cols" | wc -l)" -eq 1 ]; then
		pass=$((pass + 1)); echo "ok - $1"
	else
		fail=$((fail + 1)); echo "not ok - $1"; printf '%s\n' "$2"
	fi
}
aligned "run: the state table is aligned" \
	"$("$bin" run tutorial --seed 1 | sed -n '/^-- state/,$p' | sed 1d)" 8 3
aligned "view: the units in view are aligned" \
	"$("$bin" view tutorial --team Blue | sed -n '/Units in view:/,$p' | sed 1d)" 8 4
# Only the units shown set the widths: Red does not see Blue's captain,
# and its id must not widen Red's table.
sed -e "s|^roster: .*|roster: $srcdir/units/standard.yaml|" -e 's/ballista}/r9}/' \
	maps/tutorial.yaml > "$tmpd/hidden-captain.yaml"
got=$("$bin" view "$tmpd/hidden-captain.yaml" --team Red | sed -n '/Units in view:/,$p' | sed 1d)
aligned "view: the units in view are aligned (short ids)" "$got" 7 4
case $got in
*captain*) fail=$((fail + 1)); echo "not ok - view: Red does not see the captain"; printf '%s\n' "$got" ;;
*"  r9   L ballista       Red    at 2,5"*) pass=$((pass + 1)); echo "ok - view: an unseen long id does not widen the table" ;;
*) fail=$((fail + 1)); echo "not ok - view: an unseen long id does not widen the table"; printf '%s\n' "$got" ;;
esac

# A misspelt scenario name gets the nearest installed one, whichever
# subcommand is given it; a name near none gets the list.
expect "play: misspelt scenario" 2 \
	"medsiege: gatehous: no such file or installed scenario; did you mean 'gatehouse'?" -- \
	"$bin" gatehous --seed 1
expect "run: misspelt scenario" 2 \
	"tutorail: no such file or installed scenario; did you mean 'tutorial'?" -- \
	"$bin" run tutorail --seed 1
contains "view: misspelt scenario" 2 "did you mean 'escalade'?" -- \
	"$bin" view escalad --team Red
contains "run: no scenario near the name" 2 \
	"xyzzy: no such file or installed scenario (installed: ambush, " -- "$bin" run xyzzy

# Computer players: a whole game plays to a result, and the same seeds give
# the same figures.
contains "run --ai all plays to a result" 0 "game over: " -- "$bin" run maps/gatehouse.yaml --seed 4 --ai all
contains "run --ai: unknown team" 2 "--ai: no team 'Green'" -- "$bin" run maps/gatehouse.yaml --ai Green
a=$("$bin" sim maps/gatehouse.yaml --games 3 --seed 5 --json)
b=$("$bin" sim maps/gatehouse.yaml --games 3 --seed 5 --json)
if [ "$a" = "$b" ] && printf '%s' "$a" | grep -q '^{"games":3,"first_seed":5,"wins":{"Red":[0-9]*,"Blue":[0-9]*},"draws":[0-9]*,"rounds":{"mean":'; then
	pass=$((pass + 1)); echo "ok - sim: deterministic figures"
else
	fail=$((fail + 1)); echo "not ok - sim: deterministic figures"; printf '%s\n%s\n' "$a" "$b"
fi
contains "sim: text" 0 "rounds: mean" -- "$bin" sim maps/gatehouse.yaml --games 2
contains "sim: bad games" 2 "--games needs a number" -- "$bin" sim maps/gatehouse.yaml --games 0

# What view prints for a team comes from its knowledge: moving, adding or
# removing enemy units it cannot see changes nothing, byte for byte.
script=$(mktemp)
printf 'moveto r1 13,14\nmoveto r3 3,10\nend\nshoot r5 b1\nend\nend\nend\nend\nend\n' > "$script"
for form in "--json" ""; do
	a=$("$bin" view tests/data/fog-a.yaml --team Red --script "$script" $form 2>&1)
	b=$("$bin" view tests/data/fog-b.yaml --team Red --script "$script" $form 2>&1)
	c=$("$bin" view tests/data/fog-c.yaml --team Red --script "$script" $form 2>&1)
	if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ]; then
		pass=$((pass + 1)); echo "ok - view ${form:-text}: hidden units change nothing"
	else
		fail=$((fail + 1)); echo "not ok - view ${form:-text}: hidden units change nothing"
		printf '%s\n--\n%s\n--\n%s\n' "$a" "$b" "$c"
	fi
done
rm -f "$script"

# Manual dice: each die is asked for and given by a roll line; a number
# that is no face of the die is refused; without --dice manual, roll is.
expect "run --dice manual: a die asked for, refused, given" 0 "Field, seed 1
== Round 1: Red, Movement ==
== Round 1: Red, Missile fire ==
waiting: roll a d20 for r4's longbow at b3 (need 13+)
error: line 3: roll 0: a d20 shows 1 to 20, not 0
roll d20 = 15 (r4 longbow at b3, need 13)
r4 longbow at b3: need 13+ (40%): AV 9 + DV 4; rolled 15: HIT
b3 is disabled" -- sh -c "printf 'end\nshoot r4 b3\nroll 0\nroll 15\n' | '$bin' run tests/golden/maps/field.yaml --seed 1 --dice manual --keep-going --script - | sed '/^-- state/,\$d'"
contains "run --dice manual --json: the state says what is awaited" 0 \
	'"dice":"manual","awaiting":{"type":"ask","round":1,"team":"Red","step":"missile","die":20,"need":13,"unit":"r4","target":"b3","text":"roll a d20 for r4'"'"'s longbow at b3 (need 13+)"}}' -- \
	sh -c "printf 'end\nshoot r4 b3\n' | '$bin' run tests/golden/maps/field.yaml --seed 1 --dice manual --keep-going --script - --json"
contains "run: roll without manual dice" 0 \
	"roll 5: the program rolls the dice in this game (it was not started with --dice manual)" -- \
	sh -c "echo 'roll 5' | '$bin' run tests/golden/maps/field.yaml --seed 1 --keep-going --script -"
expect "run --dice: a bad value" 2 \
	"medsiege run: --dice is manual (the players type each roll in) or program (the default), not 'loaded'" -- \
	"$bin" run tests/golden/maps/field.yaml --dice loaded
expect "play --dice: a bad value" 2 \
	"medsiege: --dice is manual (the players type each roll in) or program (the default), not 'x'" -- \
	"$bin" tests/golden/maps/field.yaml --dice x

# los: a line explained, each reason named (tests/data/los.yaml has one
# of each); a troop further than 4 inches does not block, cover is named
# with its cell.
expect "los: a clear line, a far troop, cover and the shot" 0 "A: r1 (archer, Red) at 1,1, height 0, facing e
B: b1 (billman, Blue) at 11,1, height 0
distance 10.0 inches (10 across, 0 down; 100 squared)
blockers: walls, closed doors and tall features; cells higher than 0; troops within 4 inches of A standing at 0 or higher that A sees
the line, from A:
  2,1 open ground, height 0
  3,1 open ground, height 0
  4,1 open ground, height 0
  5,1 open ground, height 0
  6,1 open ground, height 0
  7,1 open ground, height 0, b4 stands there, 6.0 in from A (troops further than 4 inches from A do not block)
  8,1 open ground, height 0
  9,1 open ground, height 0
  10,1 low wall, height 0
line: clear
arc: b1 is in r1's arc of vision (it faces e)
sight: r1 sees b1 (in its arc, the line clear)
cover: b1 has half wall cover from 10,1 (low wall, beside it on the line)
shot: r1's longbow (range 24) reaches: need 17+ (20%): AV 9 + DV 6 + half wall cover 2" -- \
	"$bin" los tests/data/los.yaml r1 b1
expect "los: corners, a near troop, a diagonal gap" 0 "A: r1 (archer, Red) at 1,1, height 0, facing e
B: 4,4, height 0
distance 4.2 inches (3 across, 3 down; 18 squared)
blockers: walls, closed doors and tall features; cells higher than 0; troops within 4 inches of A standing at 0 or higher that A sees
the line, from A:
  corner between 2,1 and 1,2: passes
      2,1 open ground, height 0
      1,2 open ground, height 0
  2,2 open ground, height 0
  corner between 3,2 and 2,3: BLOCKS (both cells beside it block: no seeing through a diagonal gap)
      3,2 open ground, height 0, r2 stands there, 2.2 in from A: BLOCKS (a troop within 4 inches of A, seen by A)
      2,3 wall, height 0: BLOCKS (wall blocks sight)
  3,3 open ground, height 0
  corner between 4,3 and 3,4: passes (only one cell beside it blocks)
      4,3 open ground, height 0
      3,4 wall, height 0: BLOCKS (wall blocks sight)
line: blocked at the corner between 3,2 and 2,3
arc: 4,4 is in r1's arc of vision (it faces e)
sight: r1 does not see 4,4 (the line is blocked)" -- "$bin" los tests/data/los.yaml r1 4,4
contains "los: a troop A does not see does not block (SPEC 2.1)" 0 \
	"2,1 open ground, height 0, b2 stands there, 2.2 in from A (A does not see it: a troop blocks only when A sees it)" -- \
	"$bin" los tests/data/sight-shadow-a.yaml r1 b1
contains "los --json: the troop A does not see is marked, and blocks nothing" 0 \
	'{"cell":{"x":2,"y":1,"terrain":"open ground","height":0,"unit":"b2","blocks":null,"unseen":true},"blocks":false}' -- \
	"$bin" los tests/data/sight-shadow-a.yaml r1 b1 --json
contains "los: a troop below the higher end is looked over" 0 \
	"3,2 open ground, height 0, r2 stands there, 2.2 in from A (lower than the higher end, 4: looked over)" -- \
	"$bin" los tests/data/los.yaml r1 b2
contains "los: out of the arc" 0 "shot: no: r1 cannot shoot at b3: not in its arc of vision (it faces e)" -- \
	"$bin" los tests/data/los.yaml r1 b3
contains "los: a cell and a unit the other way" 0 "B: r1 (archer, Red) at 1,1, height 0" -- \
	"$bin" los tests/data/los.yaml 11,1 1,1
contains "los --json" 0 '"blocked":false,"unknown":0,"adjacent":false,"in_arc":true,"in_vision_range":true,"melee":false,"sees":true,"cover":{"cover":"half","x":10,"y":1},"shot":{"ok":true,"weapon":"longbow","need":17,"chance":0.20,"engaged":false,"terms":[{"name":"AV","value":9},{"name":"DV","value":6},{"name":"half wall cover","value":2}]}}' -- \
	"$bin" los tests/data/los.yaml r1 b1 --json
contains "los --json: each step" 0 '{"corner":[{"x":3,"y":2,"terrain":"open ground","height":0,"unit":"r2","blocks":"troop"},{"x":2,"y":3,"terrain":"wall","height":0,"unit":null,"blocks":"terrain"}],"blocks":true}' -- \
	"$bin" los tests/data/los.yaml r1 4,4 --json
# --team: only what the team knows. Red does not see b3: its id is
# refused as one that does not exist, and the cell it stands on is
# explained without it.
expect "los --team: an enemy it does not see" 2 \
	"medsiege los: no unit 'b3' that Red knows is on the field" -- \
	"$bin" los tests/data/los.yaml r1 b3 --team Red
expect "los --team: the same for no unit at all" 2 \
	"medsiege los: no unit 'b9' that Red knows is on the field" -- \
	"$bin" los tests/data/los.yaml r1 b9 --team Red
got=$("$bin" los tests/data/los.yaml r1 1,4 --team Red 2>&1)
case $got in
*b3*) fail=$((fail + 1)); echo "not ok - los --team: the cell of an unseen enemy"; printf '%s\n' "$got" ;;
*"B: 1,4, never seen by Red (taken as open ground)"*"as Red knows the field"*)
	pass=$((pass + 1)); echo "ok - los --team: the cell of an unseen enemy" ;;
*) fail=$((fail + 1)); echo "not ok - los --team: the cell of an unseen enemy"; printf '%s\n' "$got" ;;
esac
# Hidden units moved, added or removed change nothing of Red's
# explanations, byte for byte.
for line in "r5 8,6" "r1 14,3" "r5 b1" "15,9 5,2"; do
	a=$("$bin" los tests/data/fog-a.yaml $line --team Red --json 2>&1)
	b=$("$bin" los tests/data/fog-b.yaml $line --team Red --json 2>&1)
	c=$("$bin" los tests/data/fog-c.yaml $line --team Red --json 2>&1)
	if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ]; then
		pass=$((pass + 1)); echo "ok - los --team Red $line: hidden units change nothing"
	else
		fail=$((fail + 1)); echo "not ok - los --team Red $line: hidden units change nothing"
		printf '%s\n--\n%s\n--\n%s\n' "$a" "$b" "$c"
	fi
done
contains "los: the script is applied first" 0 "A: r1 (archer, Red) at 2,1" -- \
	sh -c "echo 'move r1 e' | '$bin' los tests/data/los.yaml r1 b1 --script -"
expect "los: off the map" 2 "medsiege los: 40,1 is off the map (14x5)" -- \
	"$bin" los tests/data/los.yaml r1 40,1
expect "los: not a cell" 2 "medsiege los: '4,' is not a cell: use X,Y" -- \
	"$bin" los tests/data/los.yaml r1 4,
contains "los: unknown team" 2 "no team 'Green'" -- "$bin" los tests/data/los.yaml r1 b1 --team Green
contains "los: usage" 2 "usage: medsiege los" -- "$bin" los tests/data/los.yaml r1
contains "los: help" 0 "usage: medsiege los" -- "$bin" los --help

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
