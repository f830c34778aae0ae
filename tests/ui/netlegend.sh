#!/bin/sh
# A remote player's screen tells a scenario's own terrain as a player at
# the host's keyboard sees it: the names and colours come over the wire
# (the terrain lines), so ? lists the 6-inch wall walk by its name and the
# panel names the cell under the cursor, the same as in the hot-seat game.
. "$(dirname "$0")/lib.sh"
named=$srcdir/tests/data/named.yaml
hosted_games

# The help's terrain and the panel's cell, as a screen shows them: the
# cursor two cells north of r1, onto the walk, then ? paged to the
# terrain.
look() {
	keys k k
	wait_for "Curtain walk (wall walk), height 6" &&
		screen | grep -o "Curtain walk (wall walk), height 6" >"$work/$1.panel" &&
		keys '?' && wait_for "MOVING THE CURSOR" &&
		scroll_to "THE MAP AND THE SCREEN" "Letters are units" &&
		wait_for "Curtain walk (wall walk): height 6" &&
		screen | sed -n '/THE MAP AND THE SCREEN/,/Letters are units/p' >"$work/$1.help"
}

check "hot seat: Red's turn" start_red -- "$named --seed 1"
check "hot seat: the panel and ? tell the terrain" look local

out=$("$bin" host "$named" --seed 1 --detach)
game=$(echo "$out" | sed -n 's/^Hosting \(named-[a-z0-9]*\) .*/\1/p')
check "the host names the game" eval '[ -n "$game" ]'
# The hot-seat game goes; Red's player joins the hosted one in its place.
tm kill-session -t t 2>/dev/null
tm -f /dev/null new-session -d -s t -x 80 -y 24 \
	"env TERM=xterm-256color XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR $bin join $game; echo \$? >$work/status" \
	\; set-option -t t remain-on-exit on >/dev/null
check "Red joins: its turn" wait_for "Your turn, Red"
check "the remote panel and ? tell the terrain" look remote
check "the same words on both screens" \
	eval 'cmp -s "$work/local.panel" "$work/remote.panel" &&
	      cmp -s "$work/local.help" "$work/remote.help" &&
	      grep -q "_  Curtain walk (wall walk): height 6" "$work/remote.help"'
finish
