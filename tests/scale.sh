#!/bin/sh
# A big battle still loads, plays and is drawn: a generated 1024 x 1024
# field with 2,000 units (with the variant roster, whose units see 12
# inches) passes check, is viewed, and plays a few commands headless.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$srcdir/tests/gen/bigmap.sh" 1024 2000 "$srcdir/units/variant.yaml" > "$tmp/big.yaml"

out=$("$bin" check "$tmp/big.yaml" 2>&1)
case $out in
*"ok: scenario 'Field of 1024', 1024x1024, 2 teams, 2000 units"*) ok "check: 1024x1024, 2000 units" ;;
*) bad "check: 1024x1024, 2000 units"; echo "$out" ;;
esac

"$bin" view "$tmp/big.yaml" --team Red --json > "$tmp/view.json" 2>&1
n=$(grep -o '"id":"r[0-9]*"' "$tmp/view.json" | wc -l)
rows=$(grep -o '"[01]\{1024\}"' "$tmp/view.json" | wc -l)
if [ "$n" -eq 1000 ] && [ "$rows" -eq 1024 ]; then
	ok "view --json: Red's 1000 units and 1024 rows"
else
	bad "view --json: Red's 1000 units and 1024 rows (units $n, rows $rows)"
fi

printf 'moveto r1 2,1016\nface r2 ne\nend\nshoot r2 b1\nend\nend\nend\n' > "$tmp/script"
out=$("$bin" run "$tmp/big.yaml" --seed 3 --keep-going --script "$tmp/script" 2>&1)
case $out in
*"r1 moves 2,1021 -> 2,1020"*"r1 moves 2,1017 -> 2,1016"*"== Round 1: Blue, Movement =="*"-- state: round 1, Blue, Missile fire"*) ok "run: moves and steps on the big field" ;;
*) bad "run: moves and steps on the big field"; printf '%s\n' "$out" | head -20 ;;
esac

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
