#!/bin/sh
# Computer player levels on the command line: --ai TEAM[:LEVEL] for the
# game, run and sim; bad levels and teams are refused with exit 2, naming
# the levels there are, and every --help that takes --ai names them all;
# saves record each team's level; the same seed gives the same game at
# every level.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-ai-levels.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }

# refused NAME NEEDLE COMMAND...: exit 2 and NEEDLE on stderr
refused() {
	name=$1 needle=$2
	shift 2
	"$@" > /dev/null 2> "$tmp/err"
	st=$?
	if [ "$st" -eq 2 ] && grep -qF -- "$needle" "$tmp/err"; then
		ok "$name"
	else
		bad "$name (exit $st)"
		cat "$tmp/err"
	fi
}

scen=$srcdir/maps/tutorial.yaml
refused "run: unknown level" "no level 'expert' (easy, normal or hard)" \
	"$bin" run "$scen" --ai Red:expert
refused "run: no team" "--ai: no team 'Green'" "$bin" run "$scen" --ai Green:easy
refused "run: no name" "--ai needs TEAM or TEAM:LEVEL" "$bin" run "$scen" --ai :easy
refused "sim: unknown level" "no level 'expert'" \
	"$bin" sim "$scen" --games 1 --ai all:expert
refused "sim: no team" "--ai: no team 'Green'" "$bin" sim "$scen" --games 1 --ai Green:easy
refused "game: unknown level" "no level 'expert'" "$bin" "$scen" --ai Blue:expert
refused "host: unknown level" "no level 'expert'" "$bin" host "$scen" --ai Blue:expert

# The levels, as the refusal names them; each --help with --ai names each.
levels=$(sed -n "s/.*no level 'expert' (\(.*\))$/\1/p" "$tmp/err" |
	sed 's/,//g; s/ or / /')
if [ "$(echo $levels)" = "easy normal hard" ]; then
	ok "the refusal names every level"
else
	bad "the refusal names every level: '$levels'"
fi
for sub in "$scen" run sim host; do
	"$bin" $sub --help | tr -s ' \n' '  ' > "$tmp/help"
	missing=
	for level in $levels; do
		grep -qw -- "$level" "$tmp/help" || missing="$missing $level"
	done
	if [ -z "$missing" ]; then
		ok "$(basename "$sub") --help names every level"
	else
		bad "$(basename "$sub") --help names every level: not$missing"
	fi
done

# Levels in the save, as control lines.
XDG_STATE_HOME=$tmp/state "$bin" run "$scen" --seed 3 --save --ai Red:easy --ai Blue > "$tmp/out"
save=$(ls "$tmp"/state/medsiege/*.save 2>/dev/null | head -n 1)
if [ -n "$save" ] && grep -qx '# control: ai:easy Red' "$save" &&
	grep -qx '# control: ai:normal Blue' "$save"; then
	ok "run --save records each team's level"
else
	bad "run --save records each team's level"
	[ -n "$save" ] && grep '^#' "$save"
fi
if grep -q "game over: " "$tmp/out"; then
	ok "run with an easy and a normal team plays to a result"
else
	bad "run with an easy and a normal team plays to a result"
fi

# Hard is a level like the others: it plays a game to its end...
"$bin" run "$scen" --seed 5 --ai Red:hard --ai Blue:normal > "$tmp/out"
if grep -q "game over: " "$tmp/out"; then
	ok "run with a hard and a normal team plays to a result"
else
	bad "run with a hard and a normal team plays to a result"
fi
# ... and sim plays it and says so.
out=$("$bin" sim "$scen" --games 2 --ai all:hard --json)
if printf '%s' "$out" | grep -q '"games":2' &&
	printf '%s' "$out" | grep -q '"team":"Red","level":"hard"' &&
	printf '%s' "$out" | grep -q '"team":"Blue","level":"hard"'; then
	ok "sim --ai all:hard"
else
	bad "sim --ai all:hard: $out"
fi

# A game is a function of its seed, whatever the levels.
for level in easy normal hard; do
	"$bin" run "$scen" --seed 5 --ai "all:$level" > "$tmp/a"
	"$bin" run "$scen" --seed 5 --ai "all:$level" > "$tmp/b"
	if cmp -s "$tmp/a" "$tmp/b"; then
		ok "the same seed gives the same game at level $level"
	else
		bad "the same seed gives the same game at level $level"
	fi
done

# sim takes the levels; every team normal by default.
out=$("$bin" sim "$scen" --games 3 --ai Red:easy --ai Blue:normal --json)
if printf '%s' "$out" | grep -q '"games":3'; then
	ok "sim --ai TEAM:LEVEL"
else
	bad "sim --ai TEAM:LEVEL: $out"
fi
a=$("$bin" sim "$scen" --games 3 --json)
b=$("$bin" sim "$scen" --games 3 --ai all:normal --json)
if [ "$a" = "$b" ]; then
	ok "sim plays every team at normal by default"
else
	bad "sim plays every team at normal by default"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
