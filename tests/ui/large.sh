#!/bin/sh
# A large terminal is used: cells twice as wide when the whole map fits so
# beside a wide panel, the map centred beside the panel, and a taller
# panel and log than at 80x24.
. "$(dirname "$0")/lib.sh"

tcols=160 tlines=50
wall='# === H =========== H ===== # + # ======= H =========== H ======= #'

check "160x50: Red's turn" start_red
check "the cells are two columns wide" wait_for "$wall"
# The wall row: where it starts, and where the panel starts on row 0.
wall_row() { screen | awk -v w="$wall" 'index($0, w) { print NR - 1; exit }'; }
wall_col() { screen | awk -v w="$wall" 'i = index($0, w) { print i - 1; exit }'; }
panel_col() { screen | awk 'NR == 1 { print index($0, "Gatehouse") - 1 }'; }
check "the map is centred left of the panel (margins $(wall_col) and $(($(panel_col) - $(wall_col) - ${#wall})))" \
	eval 'l=$(wall_col) p=$(panel_col) && r=$((p - l - ${#wall})) &&
	[ "$l" -ge 10 ] && [ $((l - r)) -le 2 ] && [ $((r - l)) -le 2 ]'
check "and centred in the rows beside the panel (the wall on row $(wall_row))" \
	eval '[ "$(wall_row)" -ge 13 ]'
check "r1 stands at 10,17: two columns a cell" \
	eval 'c=$(wall_col) && [ "$(at $((c + 20)) $(($(wall_row) + 8)))" = K ]'
check "the panel is no wider than 60 columns" eval '[ "$(panel_col)" -ge 100 ]'

# Twenty facings fill the log; the log pane then shows where it starts
# (row 31: the map and panel have 31 rows) and how tall it is (17 rows,
# down to the status line on row 48).
i=0
while [ $i -lt 10 ]; do keys f h f l; i=$((i + 1)); done
check "the facings are logged" wait_for "r1 faces e"
row() { screen | sed -n "$(($1 + 1))p"; }
check "the log starts on row 31, below 31 rows of map and panel" \
	eventually '[ -z "$(row 30)" ] && [ -n "$(row 31)" ]'
check "the log has 17 rows, all in use" \
	eval '[ "$(screen | sed -n 32,48p | grep -c .)" = 17 ]'
finish
