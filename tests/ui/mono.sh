#!/bin/sh
# Without colour (NO_COLOR) teams are told apart by bold, underline and
# reverse video; the selected unit must look like no team's units, for
# every team that plays.
. "$(dirname "$0")/lib.sh"

chapel=$srcdir/maps/chapel.yaml
# The looks colors.c gives the teams in monochrome, as SGR numbers: bold,
# underline, reverse, bold underline, bold reverse, underline reverse,
# blink, dim.
looks='|1|4|7|1 4|1 7|4 7|5|2|'

# distinct: the selected unit (under the terminal cursor) is drawn, and
# not in any team's look.
distinct() {
	set -- $(cursor)
	sel=$(attrs_at "$1" "$2")
	[ -n "$sel" ] && case $looks in *"|$sel|"*) return 1 ;; esac
}

check "NO_COLOR: Red's turn" \
	eval 'start NO_COLOR=1 -- "$chapel --seed 1" && wait_for "Red to play"'
keys Enter
check "r1 is selected" wait_for "r1 Mounted Knight (M)"
check "the cursor is on r1's M" eventually '[ "$(at $(cursor))" = M ]'
check "the other Red units are bold" eventually '[ "$(attrs_at 3 11)" = 1 ]'
check "the selected Red unit looks like no team" eventually distinct
keys Tab
check "Tab selects r2" wait_for "r2 Foot Knight selected"
check "the unit left behind is bold again" eventually '[ "$(attrs_at 2 10)" = 1 ]'
check "the newly selected one looks like no team" eventually distinct

keys e y e y e y
check "Blue's turn" wait_for "Blue to play"
keys Enter
wait_for "movement left"
check "the selected Blue unit looks like no team" eventually distinct
keys e y e y e y
check "Green's turn" wait_for "Green to play"
keys Enter
wait_for "movement left"
check "the selected Green unit is not in Green's reverse video" eventually distinct
finish
