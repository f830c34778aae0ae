#!/bin/sh
# The replay's panel: a long save path is broken at its separators (or
# shortened from the left with ...), never inside the file name, and
# nothing on the panel is cut short; at 80x24 beside a narrow and a wide
# map, and at 160x50.
. "$(dirname "$0")/lib.sh"

# Saves under a deep folder, so the path is longer than any panel.
deep=$work/a-folder-with-a-long-name/another-folder-with-a-long-name/state
for m in gatehouse escalade; do
	script=$srcdir/tests/scenarios/$m-Red.script
	[ $m = gatehouse ] && script=$srcdir/tests/golden/gatehouse-siege.script
	XDG_STATE_HOME=$deep/$m "$bin" run "$srcdir/maps/$m.yaml" --seed 7 \
		--save --keep-going --script "$script" >/dev/null 2>&1
done

# The panel's text from the column of REPLAY on the top row.
panel() {
	col=$(screen | awk 'NR == 1 { print index($0, "REPLAY") }')
	[ "${col:-0}" -gt 0 ] && screen | cut -c"$col"-
}

# name_whole SAVE: the file name on a row of its own, and the row above
# it the folder, ending in a separator and either whole or shortened
# from the left with ...
name_whole() {
	file=${1##*/} folder=${1%/*}/
	panel | awk -v name="$file" -v dir="$folder" '
		{ sub(/ +$/, "") }
		$0 == name { found = 1; ok = prev == dir ||
			(substr(prev, 1, 3) == "..." &&
			 substr(dir, length(dir) - length(prev) + 4) == substr(prev, 4) &&
			 substr(prev, 4, 1) == "/") }
		{ prev = $0 }
		END { exit !(found && ok) }'
}

joined() { panel | tr -s ' \n' '  '; }

for size in 80x24 160x50; do
	tcols=${size%x*} tlines=${size#*x}
	for m in gatehouse escalade; do
		save=$(ls "$deep/$m"/medsiege/*.save)
		check "$size $m: the replay starts" \
			eval 'start -- "replay $save" && wait_for "command 0 of"'
		check "$size $m: the save's file name is whole, below its folder" \
			eventually 'name_whole "$save"'
		check "$size $m: whose view, whole" \
			eventually 'joined | grep -Fq "Seen by: everyone (all units)"'
		check "$size $m: every key's meaning, whole" eventually \
			'joined | grep -Fq "next/prev round" &&
			 joined | grep -Fq "move the cursor"'
	done
done
finish
