#!/bin/sh
# bench/ui-bytes.sh: what the terminal screen costs. Plays the default
# scenario in a detached tmux (80x24, TERM=xterm-256color) under script(1),
# which records every byte the game writes, and prints:
#   - bytes of the first frame (the curtain) and of the first map frame,
#   - median bytes sent per cursor-move key and per unit move (m + dir),
#   - start-up time to the first frame (ms),
#   - peak memory of the game process (VmHWM).
# Figures only; no thresholds.
# Usage: bench/ui-bytes.sh [path/to/medsiege [SCENARIO]]   (the default
# scenario unless given; bench/colour.sh gives a coloured one)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-${abs_top_builddir:-$srcdir}/medsiege}
scen=${2:-}
command -v tmux >/dev/null 2>&1 || { echo "ui-bytes: tmux is needed" >&2; exit 77; }
command -v script >/dev/null 2>&1 || { echo "ui-bytes: script(1) is needed" >&2; exit 77; }
[ -x "$bin" ] || { echo "ui-bytes: no program at $bin" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-bench.XXXXXX") || exit 1
# The game saves as it goes: into the bench's own folder.
XDG_STATE_HOME=$work/state
export XDG_STATE_HOME
sock=$work/tmux
out=$work/typescript
game=""
tm() { tmux -S "$sock" "$@"; }
# script(1) keeps the game's terminal open even when tmux goes: hang the
# game up ourselves, then stop tmux.
cleanup() {
	[ -n "$game" ] && [ "$(cat /proc/$game/comm 2>/dev/null)" = medsiege ] &&
		kill -HUP "$game"
	tm kill-server 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

now_ms() { date +%s%3N; }
size() { stat -c %s "$out" 2>/dev/null || echo 0; }

# Wait until the typescript has grown and then stopped growing for 150 ms
# (or 2 s passed with no output at all).
settle() {
	before=$1 quiet=0 waited=0 last=$(size)
	while [ $waited -lt 2000 ]; do
		sleep 0.03
		waited=$((waited + 30))
		cur=$(size)
		if [ "$cur" != "$last" ]; then
			last=$cur quiet=0
		elif [ "$cur" != "$before" ]; then
			quiet=$((quiet + 30))
			[ $quiet -ge 150 ] && break
		fi
	done
}

# Send one key and print the bytes the game wrote in answer.
key_bytes() {
	b0=$(size)
	tm send-keys -t bench "$@"
	settle "$b0"
	echo $(($(size) - b0))
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print 0;
		else if (NR % 2) print v[(NR + 1) / 2];
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

cd "$srcdir" || exit 1
t0=$(now_ms)
tm new-session -d -s bench -x 80 -y 24 \
	"env TERM=xterm-256color LANG=C.UTF-8 XDG_STATE_HOME=$XDG_STATE_HOME script -q -f -c '$bin $scen --seed 1' $out" || exit 1
tm set-option -t bench remain-on-exit on >/dev/null
# The first frame: the curtain.
i=0
until tm capture-pane -p -t bench | grep -q "to play"; do
	sleep 0.005
	i=$((i + 1))
	[ $i -gt 2000 ] && { echo "ui-bytes: the game did not start" >&2; exit 1; }
done
t1=$(now_ms)
settle 0
# The game's process: a descendant of the pane's (script, then a shell).
pid=$(tm display-message -p -t bench '#{pane_pid}')
for p in $pid $(ps -o pid= --ppid "$pid") \
	$(for c in $(ps -o pid= --ppid "$pid"); do ps -o pid= --ppid "$c"; done); do
	[ "$(cat /proc/$p/comm 2>/dev/null)" = medsiege ] && game=$p
done
header=$(head -n 1 "$out" | wc -c)
first=$(($(size) - header))
map_frame=$(key_bytes Enter)

# Cursor moves over the Red side of the field, seen and unseen cells alike.
: >"$work/moves"
for k in k k k k l l l l l l j j j j h h h h h h k k u u y y b b n n; do
	key_bytes "$k" >>"$work/moves"
done
cursor=$(median <"$work/moves")

# Unit moves: select each unit in turn (Tab) and step it one cell north.
: >"$work/units"
for n in 1 2 3 4 5 6; do
	key_bytes Tab >/dev/null
	a=$(key_bytes m)
	b=$(key_bytes k)
	echo $((a + b)) >>"$work/units"
done
unit=$(median <"$work/units")

# Peak memory of the game process.
hwm=$(awk '/^VmHWM/ { print $2 " " $3 }' /proc/$game/status 2>/dev/null)
tm send-keys -t bench q y
i=0
while [ -n "$game" ] && kill -0 "$game" 2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.02
	i=$((i + 1))
done

echo "first frame (curtain):        $first bytes"
echo "first map frame (after Enter): $map_frame bytes"
range() { sort -n "$1" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }'; }
echo "cursor move, median:          $cursor bytes (range $(range "$work/moves") over $(wc -l <"$work/moves") keys)"
echo "unit move (m + dir), median:  $unit bytes (range $(range "$work/units") over $(wc -l <"$work/units") moves)"
echo "start-up to first frame:      $((t1 - t0)) ms"
echo "peak memory (VmHWM):          ${hwm:-unknown}"
