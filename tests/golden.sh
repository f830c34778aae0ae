#!/bin/sh
# Scripted games with fixed seeds: each tests/golden/NAME.script names its
# scenario and seed (and '# dice: manual' for the players' dice) in its
# first comment lines; the full event output, as
# text and as JSON, must match NAME.out and NAME.jsonl exactly.
# UPDATE=1 rewrites the expected files (review the diff before committing).
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
dir=$srcdir/tests/golden
fail=0 n=0
for script in "$dir"/*.script; do
	name=$(basename "$script" .script)
	scenario=$(sed -n 's/^# scenario: //p' "$script" | head -n 1)
	seed=$(sed -n 's/^# seed: //p' "$script" | head -n 1)
	dice=$(sed -n 's/^# dice: //p' "$script" | head -n 1)
	for mode in out jsonl; do
		n=$((n + 1))
		flag=
		[ "$mode" = jsonl ] && flag=--json
		got=$(cd "$dir" && "$bin" run "$scenario" --seed "$seed" ${dice:+--dice "$dice"} --keep-going --script "$(basename "$script")" $flag 2>&1)
		if [ -n "$UPDATE" ]; then
			printf '%s\n' "$got" > "$dir/$name.$mode"
			continue
		fi
		if printf '%s\n' "$got" | diff -u "$dir/$name.$mode" - > /tmp/golden.$$.diff; then
			echo "ok - $name ($mode)"
		else
			echo "not ok - $name ($mode)"
			head -n 40 /tmp/golden.$$.diff
			fail=$((fail + 1))
		fi
	done
done
rm -f /tmp/golden.$$.diff
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
