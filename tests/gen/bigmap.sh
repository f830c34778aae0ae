#!/bin/sh
# Write a large scenario to standard output: SIZE x SIZE cells with walls,
# woods, a walled keep and UNITS units in two teams facing each other.
#   tests/gen/bigmap.sh SIZE UNITS ROSTER
size=${1:-1024} units=${2:-2000} roster=${3:-../units/standard.yaml}
awk -v n="$size" -v u="$units" -v roster="$roster" 'BEGIN {
	print "name: Field of " n
	print "description: A generated field battle, " n " cells a side."
	print "roster: " roster
	print "rounds: 3"
	print "grid: |"
	srand(7)
	for (y = 0; y < n; y++) {
		row = ""
		for (x = 0; x < n; x++) {
			c = "."
			if (x % 97 == 50 && y % 61 < 40 && y > n / 4 && y < 3 * n / 4) c = "#"
			else if ((x * 7 + y * 13) % 101 < 4) c = "T"
			else if ((x + y * 3) % 89 == 0) c = ","
			row = row c
		}
		print "  " row
	}
	print "teams:"
	per = int(u / 2)
	split("red blue", col, " ")
	split("Red Blue", name, " ")
	split("r b", let, " ")
	for (t = 1; t <= 2; t++) {
		print "  - name: " name[t]
		print "    letter: " let[t]
		print "    colour: " col[t]
		print "    units:"
		types[0] = "foot_knight"; types[1] = "archer"; types[2] = "man_at_arms"; types[3] = "billman"
		cols = int((n - 4) / 4)
		for (i = 0; i < per; i++) {
			x = 2 + (i % cols) * 4 + (t == 2 ? 2 : 0)
			y = (t == 1 ? n - 3 - 2 * int(i / cols) : 2 + 2 * int(i / cols))
			printf "      - {type: %s, at: [%d, %d], facing: %s}\n", types[i % 4], x, y, (t == 1 ? "n" : "s")
		}
	}
	print "goals:"
	print "  - {team: Red, kind: eliminate}"
	print "  - {team: Blue, kind: survive, rounds: 3}"
}'
