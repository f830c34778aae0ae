#!/bin/sh
# A map larger than the viewport shows that there is more: a scroll bar
# beside the map (^ more above, v more below) and one under it (< more to
# the west, > more to the east). The bars depend only on the map's size
# and where the viewport lies, never on where hidden units stand.
. "$(dirname "$0")/lib.sh"

chapel=$srcdir/maps/chapel.yaml
escalade=$srcdir/maps/escalade.yaml
# The chapel with Green's villagers inside the chapel, out of Red's sight,
# instead of on rows 20 and 21.
hidden=$work/chapel-hidden.yaml
sed -e 's/at: \[15, 21\]/at: [19, 10]/' -e 's/at: \[21, 21\]/at: [20, 10]/' \
	-e 's/at: \[27, 21\]/at: [21, 10]/' -e 's/at: \[18, 21\]/at: [22, 10]/' \
	-e 's/at: \[24, 21\]/at: [19, 12]/' -e 's/at: \[12, 20\]/at: [20, 12]/' \
	-e 's/at: \[30, 20\]/at: [21, 12]/' -e "s|roster: \.\./|roster: $srcdir/|" \
	"$chapel" >"$hidden"

# down N: the cursor N rows down.
down() { i=0; while [ $i -lt "$1" ]; do keys j; i=$((i + 1)); done; }
# bar COLUMN: the column, top to bottom, as one string.
bar() {
	screen | awk -v c="$1" '{ ch = substr($0, c + 1, 1); s = s (ch == "" ? " " : ch) }
		END { print s }'
}

# Chapel, 42x22, at 80x24: 20 rows in view, the bar in column 42.
check "chapel: Red's turn" eval 'start_red -- "$chapel --seed 1"'
check "chapel: v at the foot of the bar: more below" eventually '[ "$(at 42 19)" = v ]'
check "chapel: no ^ at its head: nothing above" eventually '[ "$(at 42 0)" != "^" ]'
check "chapel: the map itself starts at column 0, the bar is beside it" \
	eventually '[ "$(at 41 6)" = . ] && [ "$(at 0 13)" = . ]'
check "chapel: a blank column between the bar and the panel" \
	eventually '[ -z "$(bar 43 | head -c 20 | tr -d " ")" ] && screen | head -n 1 | grep -q "^.\{44\}Chapel"'
before=$(bar 42)
# r1 is at 2,10: eight rows down the view scrolls to the last rows.
down 8
check "chapel: the view scrolls: ^ at the head, more above" \
	eventually '[ "$(at 42 0)" = "^" ] && [ "$(at 42 19)" != v ]'
check "chapel: Green's start rows are in view" wait_for "cursor 2,18"
after=$(bar 42)

check "chapel, Green hidden in the chapel: Red's turn" \
	eval 'start_red -- "$hidden --seed 1"'
check "the bar does not depend on where hidden units stand" \
	eventually '[ "$(bar 42)" = "$before" ]'
down 8
check "nor after scrolling" eventually '[ "$(bar 42)" = "$after" ]'

# Escalade, 96x22, at 80x24: 48 columns and 19 rows in view, the bar
# under the map on row 19 and the one beside it in column 48 (then a
# blank column before the panel).
check "escalade: Red's turn" eval 'start_red -- "$escalade --seed 1"'
check "escalade: > at the east end of the bar: more east" eventually '[ "$(at 47 19)" = ">" ]'
check "escalade: no < at its west end" eventually '[ "$(at 0 19)" != "<" ]'
check "escalade: v beside the map: more below" eventually '[ "$(at 48 18)" = v ]'
check "escalade: a blank column between the bar and the panel" \
	eventually '[ -z "$(bar 49 | head -c 19 | tr -d " ")" ] && screen | head -n 1 | grep -q "^.\{50\}Escalade"'
# The cursor 41 columns east: the view scrolls east.
i=0
while [ $i -lt 41 ]; do keys l; i=$((i + 1)); done
check "escalade: the view scrolls: < at the west end, more west" \
	eventually '[ "$(at 0 19)" = "<" ] && [ "$(at 47 19)" = ">" ]'

# On a terminal with room for the whole map, no bar: nothing of < > ^ v
# in the map's part of the screen (the 100 columns left of the panel, the
# 31 rows above the log).
mapside() { screen | awk 'NR <= 31 { print substr($0, 1, 100) }'; }
tcols=160 tlines=50
for m in chapel escalade; do
	check "160x50 $m: Red's turn" eval 'start_red -- "$srcdir/maps/$m.yaml --seed 1"'
	check "160x50 $m: the whole map, no scroll bar" \
		eventually '[ -z "$(mapside | tr -cd "<>^v")" ]'
done
finish
