#!/bin/sh
# The scenarios of maps/ played to a result, and the data files checked.
#
# Each tests/scenarios/NAME-WINNER.script starts with "# scenario: PATH"
# (relative to the script's folder) and "# seed: N"; it is played with
# "medsiege run" and the final "-- state:" line must name WINNER as the
# winner (the part of the file name after the last '-', or the team given
# by a "# expect: TEAM" line; "draw" for a draw). Every team of every
# scenario in maps/ must win at least one script, so each side's goals are
# shown to be reachable. Then "medsiege check" must accept every file of
# maps/ and units/, "medsiege odds" must show units/variant.yaml's chart,
# and the README's worked example must be a shipped scenario.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
dir=$srcdir/tests/scenarios
pass=0 fail=0
tmp=${TMPDIR:-/tmp}/scenarios.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok - $1"; }
notok() { fail=$((fail + 1)); echo "not ok - $1"; }

# The winner named by a run's text output: the team before " wins:" on the
# "-- state:" line, "draw" for a draw, nothing while the game goes on.
winner_of() {
	sed -n 's/^-- state: [^;]*; \(.*\) wins: .*/\1/p
		s/^-- state: [^;]*; draw.*/draw/p' "$1" | head -n 1
}

# 1. Scripted games.
winners=
for script in "$dir"/*.script; do
	[ -e "$script" ] || continue
	name=$(basename "$script" .script)
	scenario=$(sed -n 's/^# scenario: *//p' "$script" | head -n 1)
	seed=$(sed -n 's/^# seed: *//p' "$script" | head -n 1)
	want=$(sed -n 's/^# expect: *//p' "$script" | head -n 1)
	[ -n "$want" ] || want=${name##*-}
	if [ -z "$scenario" ] || [ -z "$seed" ]; then
		notok "$name: no '# scenario:' or '# seed:' line"
		continue
	fi
	(cd "$dir" && "$bin" run "$scenario" --seed "$seed" \
		--keep-going --script "$(basename "$script")") > "$tmp/out" 2>&1
	st=$?
	got=$(winner_of "$tmp/out")
	if [ "$st" -eq 0 ] && [ "$got" = "$want" ]; then
		ok "$name: $want wins ($(basename "$scenario"), seed $seed)"
		winners="$winners $(basename "$scenario" .yaml):$got"
	else
		notok "$name: wanted $want to win, got '${got:-no result}' (exit $st)"
		grep -e '^-- state' -e '^error' "$tmp/out" | head -n 10
	fi
done

# 2. Every team of every scenario wins at least one script.
for map in "$srcdir"/maps/*.yaml; do
	base=$(basename "$map" .yaml)
	teams=$(sed -n '/^teams:/,/^[a-z]/s/^  - name: *//p' "$map")
	for team in $teams; do
		case " $winners " in
		*" $base:$team "*) ok "$base: a script shows $team winning" ;;
		*) notok "$base: no script in tests/scenarios shows $team winning" ;;
		esac
	done
	if grep -q '^description:' "$map"; then
		ok "$base: has a description"
	else
		notok "$base: has no description"
	fi
done

# 3. The data files are valid.
for f in "$srcdir"/maps/*.yaml "$srcdir"/units/*.yaml; do
	rel=${f#"$srcdir"/}
	if (cd "$srcdir" && "$bin" check "$rel") > "$tmp/out" 2>&1; then
		ok "check $rel"
	else
		notok "check $rel"
		cat "$tmp/out"
	fi
done

# The escalade is larger than an 80x24 screen, so the map must scroll.
size=$(cd "$srcdir" && "$bin" check maps/escalade.yaml 2>&1 |
	sed -n 's/.*, \([0-9]*\)x\([0-9]*\), .*/\1 \2/p')
set -- $size
if [ -n "$size" ] && { [ "$1" -ge 90 ] || [ "$2" -ge 30 ]; }; then
	ok "escalade is ${1}x$2, larger than the screen"
else
	notok "escalade should be at least 90 wide or 30 tall, is '$size'"
fi

# 4. The variant roster's chart, as odds shows it.
# contains NAME NEEDLE COMMAND...
contains() {
	name=$1 needle=$2
	shift 2
	if (cd "$srcdir" && "$@") > "$tmp/out" 2>&1 &&
		grep -qF -- "$needle" "$tmp/out"; then
		ok "$name"
	else
		notok "$name: no '$needle' in:"
		cat "$tmp/out"
	fi
}
std=units/standard.yaml var=units/variant.yaml
contains "variant: a need of 21+ has 5% (natural 20)" "need 23+ (5%)" \
	"$bin" odds peasant_levy battering_ram --roster $var
contains "standard: a need of 21+ has 0%" "need 23+ (0%)" \
	"$bin" odds peasant_levy battering_ram --roster $std
contains "variant: over half range is 3" \
	"need 20+ (5%): AV 9 + DV 6 + half wall cover 2 + over half range 3" \
	"$bin" odds archer billman --range 20 --cover half --roster $var
contains "standard: over half range is 2" \
	"need 19+ (10%): AV 9 + DV 6 + half wall cover 2 + over half range 2" \
	"$bin" odds archer billman --range 20 --cover half --roster $std
contains "variant: from behind is -3" "need 12+ (45%): AV 7 + DV 8 - from behind 3" \
	"$bin" odds man_at_arms foot_knight --behind --roster $var
contains "variant: same units as standard" "roster, 13 unit types" \
	"$bin" check $var
if sed -n '/^units:/,/^chart:/p' "$srcdir/$std" > "$tmp/std.units" &&
	sed -n '/^units:/,/^chart:/p' "$srcdir/$var" > "$tmp/var.units" &&
	cmp -s "$tmp/std.units" "$tmp/var.units"; then
	ok "variant: its units are the standard ones"
else
	notok "variant: its units differ from the standard roster's"
fi

# vision_range 12: the tutorial under the variant roster shows Red fewer
# cells than under the standard one.
sed "s|^roster: .*|roster: $srcdir/$var|" "$srcdir/maps/tutorial.yaml" \
	> "$tmp/tutorial-variant.yaml"
seen() { "$bin" view "$1" --team Red | sed -n 's/^Red sees \([0-9]*\) of.*/\1/p'; }
a=$(seen "$srcdir/maps/tutorial.yaml") b=$(seen "$tmp/tutorial-variant.yaml")
if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -lt "$a" ]; then
	ok "variant: vision_range 12 hides the far side ($b cells seen, not $a)"
else
	notok "variant: vision_range should hide cells (standard '$a', variant '$b')"
fi

# 5. The README's worked example is a shipped file: every maps/*.yaml it
# names is in maps/ and installed, the YAML it shows is maps/bridge.yaml,
# and the outputs it shows for check and view are the program's.
readme=$srcdir/README.md
for f in $(grep -o 'maps/[A-Za-z0-9_-]*\.yaml' "$readme" | sort -u); do
	if [ -f "$srcdir/$f" ] && grep -q "[	 ]$f\( \|\$\)" "$srcdir/Makefile.am"; then
		ok "README names $f: shipped and installed"
	else
		notok "README names $f, which is not shipped or not installed"
	fi
done
sed -n '/^```yaml$/,/^```$/p' "$readme" | sed '1d;$d' > "$tmp/readme.yaml"
if [ -s "$tmp/readme.yaml" ] && cmp -s "$tmp/readme.yaml" "$srcdir/maps/bridge.yaml"; then
	ok "README's example scenario is maps/bridge.yaml"
else
	notok "README's example scenario differs from maps/bridge.yaml"
	diff "$srcdir/maps/bridge.yaml" "$tmp/readme.yaml" | head -n 10
fi
# readme_output ARGS: README's output under "    $ ./medsiege ARGS" (its
# first such block) must be what the program prints.
readme_output() {
	awk -v c="    \$ ./medsiege $*" '$0 == c { f = 1; next }
		f && (/^    \$/ || !/^    /) { exit }
		f { print substr($0, 5) }' "$readme" > "$tmp/want"
	(cd "$srcdir" && "$bin" "$@") > "$tmp/got" 2>&1
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
		ok "README: medsiege $* prints what it shows"
	else
		notok "README: medsiege $* prints otherwise"
		diff "$tmp/want" "$tmp/got" | head -n 10
	fi
}
readme_output check maps/bridge.yaml
readme_output view maps/bridge.yaml --team Red

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
