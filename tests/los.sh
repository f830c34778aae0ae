#!/bin/sh
# medsiege los against the game, through the program itself: on random
# maps (walls, doors, heights, woods, troops of three teams), the lone Red
# unit's "sees" from 'los --json' must be what 'view --team Red --json'
# shows, cell by cell, and 'los' must say a shot is possible exactly when
# 'run' accepts 'shoot' in Red's Missile step. (tests/test_los.c checks
# many more lines in C; this holds the programs' own outputs together.)
# MEDSIEGE_LOS_MAPS sets the number of maps (default 10).
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
maps=${MEDSIEGE_LOS_MAPS:-10}
pass=0 fail=0

tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-los.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

ok() {
	pass=$((pass + 1))
	echo "ok - $1"
}

bad() {
	fail=$((fail + 1))
	echo "not ok - $1"
}

# map SEED: a random 14x9 scenario on standard symbols. Red: one archer
# (r1), most often facing its target; Blue: the target b1; Green: peasant
# levies in the way. Only the seed decides it.
map() {
	awk -v seed="$1" -v roster="$srcdir/units/standard.yaml" 'BEGIN {
		srand(seed)
		W = 14; H = 9
		print "name: Lines " seed
		print "roster: " roster
		print "rounds: 3"
		print "grid: |"
		dense = int(rand() * 35)
		for (y = 0; y < H; y++) {
			row = ""
			for (x = 0; x < W; x++) {
				c = "."
				if (rand() * 100 < dense)
					c = substr("##+_=T%^,\047", 1 + int(rand() * 10), 1)
				row = row c
				grid[x, y] = c
			}
			print "  " row
		}
		# Units stand on cells they may stand on, one a cell.
		split("n ne e se s sw w nw", dirs, " ")
		n = 0
		while (n < 5) {
			x = int(rand() * W); y = int(rand() * H)
			c = grid[x, y]
			if (c == "#" || c == "+" || c == "=" || ((x, y) in used))
				continue
			used[x, y] = 1
			ux[n] = x; uy[n] = y; uf[n] = dirs[1 + int(rand() * 8)]
			n++
		}
		# Mostly facing the target, so that the line decides.
		if (rand() < 0.7) {
			dx = ux[1] - ux[0]; dy = uy[1] - uy[0]
			sx = dx > 0 ? 1 : dx < 0 ? -1 : 0
			sy = dy > 0 ? 1 : dy < 0 ? -1 : 0
			if (2 * (dx < 0 ? -dx : dx) < (dy < 0 ? -dy : dy)) sx = 0
			if (2 * (dy < 0 ? -dy : dy) < (dx < 0 ? -dx : dx)) sy = 0
			k = (sy < 0 ? "n" : sy > 0 ? "s" : "") (sx > 0 ? "e" : sx < 0 ? "w" : "")
			if (k != "") uf[0] = k
		}
		print "teams:"
		print "  - name: Red\n    letter: r\n    colour: red\n    units:"
		printf "      - {type: archer, at: [%d, %d], facing: %s}\n", ux[0], uy[0], uf[0]
		print "  - name: Blue\n    letter: b\n    colour: blue\n    units:"
		printf "      - {type: man_at_arms, at: [%d, %d], facing: %s}\n", ux[1], uy[1], uf[1]
		print "  - name: Green\n    letter: g\n    colour: green\n    units:"
		for (i = 2; i < 5; i++)
			printf "      - {type: peasant_levy, at: [%d, %d], facing: %s}\n", ux[i], uy[i], uf[i]
		print "goals:\n  - {team: Red, kind: survive, rounds: 3}"
	}'
}

# json_bool KEY: true or false, the first "KEY": in standard input.
json_bool() {
	sed -n "s/.*\"$1\":\\(true\\|false\\).*/\\1/p" | head -n 1
}

printf 'end\nshoot r1 b1\n' >"$tmp/shoot"
seed=1
lines=0 seen=0 shots=0
while [ "$seed" -le "$maps" ]; do
	f=$tmp/map$seed.yaml
	map "$seed" >"$f"
	if ! "$bin" check "$f" >"$tmp/check" 2>&1; then
		bad "map $seed is a valid scenario: $(cat "$tmp/check")"
		seed=$((seed + 1))
		continue
	fi
	# Red's view, one row of 0/1 a line.
	"$bin" view "$f" --team Red --json |
		sed 's/.*"visible":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr , '\n' \
		>"$tmp/view"
	# Four cells Red sees and four it does not, picked by the seed.
	awk -v seed="$seed" '{
		for (x = 1; x <= length($0); x++)
			print substr($0, x, 1), x - 1 "," NR - 1
	}' "$tmp/view" | awk -v seed="$seed" 'BEGIN { srand(seed) }
		{ print rand(), $0 }' | sort -n | awk '
		$2 == 1 && n1 < 4 { n1++; print $2, $3 }
		$2 == 0 && n0 < 4 { n0++; print $2, $3 }' >"$tmp/cells"
	wrong=""
	while read -r want cell; do
		got=$("$bin" los "$f" r1 "$cell" --json | json_bool sees)
		lines=$((lines + 1))
		[ "$got" = true ] && seen=$((seen + 1))
		[ "$got" = true ] && got=1 || got=0
		[ "$got" = "$want" ] || wrong="$wrong $cell(view $want, los $got)"
	done <"$tmp/cells"
	if [ -z "$wrong" ]; then
		ok "map $seed: los sees what view shows"
	else
		bad "map $seed: los and view disagree at$wrong"
	fi
	# The shot: los says yes exactly when run makes the attack.
	"$bin" los "$f" r1 b1 --json >"$tmp/los"
	can=false
	if grep -q '"shot":{"ok":true' "$tmp/los" &&
		[ "$(sed 's/.*"shot":{//' "$tmp/los" | json_bool engaged)" = false ] &&
		[ "$(json_bool sees <"$tmp/los")" = true ]; then
		can=true
	fi
	"$bin" run "$f" --seed 1 --script "$tmp/shoot" --json >"$tmp/run" 2>&1
	made=false
	grep -q '"type":"attack"' "$tmp/run" && made=true
	[ "$made" = true ] && shots=$((shots + 1))
	if [ "$can" = "$made" ]; then
		ok "map $seed: los says shot $can, and run $( [ "$made" = true ] && echo shoots || echo refuses)"
	else
		bad "map $seed: los says shot $can, run says $made: $(grep -o '"message":"[^"]*"' "$tmp/run")"
	fi
	seed=$((seed + 1))
done
echo "# $lines lines, $seen seen; $shots of $maps shots made"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
