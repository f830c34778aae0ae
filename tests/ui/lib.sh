# tests/ui/lib.sh: shared by the screen tests (sourced, not run). Each
# test drives the real program in a detached tmux on a private socket (in
# its own temporary directory) at 80x24 (or tcols x tlines, when a test
# sets them before start), polls the pane's text with a timeout (no fixed
# sleeps) and kills its tmux server at the end. Without tmux the tests are
# skipped (77).
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
scenario=$srcdir/maps/gatehouse.yaml
pass=0 fail=0 nstart=0
tcols=80 tlines=24
unset TMUX

command -v tmux >/dev/null 2>&1 || { echo "skip: tmux is not installed"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-test.XXXXXX") || exit 1
# Saves go to the test's own folder, never the user's.
XDG_STATE_HOME=$work/state
export XDG_STATE_HOME
# A private server on a socket in our own directory: nothing is left behind.
sock=$work/tmux-0
tm() { tmux -S "$sock" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1; }
trap 'cleanup; rm -rf "$work"' EXIT
trap 'exit 1' INT TERM HUP PIPE

# hosted_games: runtime and group folders of the test's own for hosted
# games, and a cleanup that stops their hosts too (from each game's log's
# pid).
hosted_games() {
	XDG_RUNTIME_DIR=$work/run MEDSIEGE_GROUP_ROOT=$work/groups
	mkdir -m 700 "$XDG_RUNTIME_DIR" "$MEDSIEGE_GROUP_ROOT"
	export XDG_RUNTIME_DIR MEDSIEGE_GROUP_ROOT
	cleanup() {
		tm kill-server >/dev/null 2>&1
		for log in "$XDG_STATE_HOME"/medsiege/games/*/log; do
			[ -f "$log" ] || continue
			pid=$(sed -n 's/.* pid \([0-9]*\)$/\1/p' "$log" | tail -n 1)
			[ -n "$pid" ] && kill "$pid" 2>/dev/null
		done
	}
}

# start [ENV=VALUE...] -- [ARGS...]: the game in a fresh tcols x tlines
# (80x24) session;
# ARGS default to the gatehouse scenario with seed 1.
start() {
	envs=""
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		envs="$envs $1"
		shift
	done
	[ "$1" = "--" ] && shift
	args=${*:-"$scenario --seed 1"}
	# A fresh server on a fresh socket: no race with the last one's exit.
	cleanup
	nstart=$((nstart + 1))
	sock=$work/tmux-$nstart
	rm -f "$work/status"
	# The shell around the game records its exit status.
	tm -f /dev/null new-session -d -s t -x "$tcols" -y "$tlines" \
		"env TERM=xterm-256color XDG_STATE_HOME=$XDG_STATE_HOME $envs $bin $args; echo \$? >$work/status" \
		\; set-option -t t remain-on-exit on >/dev/null || return 1
}

screen() { tm capture-pane -p -t t; }

# wait_for TEXT [SECONDS]: until the screen shows TEXT.
wait_for() {
	limit=$((${2:-10} * 50)) i=0
	while :; do
		case $(screen) in *"$1"*) return 0 ;; esac
		i=$((i + 1))
		[ $i -ge $limit ] && return 1
		sleep 0.02
	done
}

# wait_gone TEXT [SECONDS]: until the screen no longer shows TEXT.
wait_gone() {
	limit=$((${2:-10} * 50)) i=0
	while :; do
		case $(screen) in *"$1"*) ;; *) return 0 ;; esac
		i=$((i + 1))
		[ $i -ge $limit ] && return 1
		sleep 0.02
	done
}

keys() { tm send-keys -t t "$@"; }

# page_to TEXT: on a page of the pager, page down until the screen shows
# TEXT (at most ten pages).
page_to() {
	pages=0
	until wait_for "$1" 1; do
		pages=$((pages + 1))
		[ $pages -gt 10 ] && return 1
		keys NPage
	done
}

# joined: the screen's rows as one line, runs of blanks squeezed to one
# (a text wrapped over rows reads as one).
joined() { screen | tr -s ' \n' '  '; }

# wait_joined TEXT [SECONDS]: until the joined rows show TEXT.
wait_joined() {
	joined_text=$1
	eventually 'joined | grep -Fq -- "$joined_text"' "${2:-10}"
}

# scroll_to TEXT...: Down, a row at a time, until a page shows every TEXT
# (a long page such as the help, whose length changes with its keys).
scroll_to() {
	st_n=0
	while [ $st_n -lt 150 ]; do
		st_all=1
		for st_t in "$@"; do
			joined | grep -Fq -- "$st_t" || { st_all=0; break; }
		done
		[ $st_all = 1 ] && return 0
		keys Down
		sleep 0.05
		st_n=$((st_n + 1))
	done
	return 1
}

# eventually SHELL-TEST [SECONDS]: until the test holds (the terminal may
# be between two halves of a frame when first looked at).
eventually() {
	limit=$((${2:-5} * 50)) i=0
	while ! eval "$1"; do
		i=$((i + 1))
		[ $i -ge $limit ] && return 1
		sleep 0.02
	done
}

# at X Y: the character on screen at column X, row Y.
at() {
	screen | awk -v x="$1" -v y="$2" 'NR == y + 1 {
		c = substr($0, x + 1, 1); printf "%s", c == "" ? " " : c }'
}

# attrs_at X Y: the attributes of the character at column X, row Y, as
# the sorted SGR numbers that set them ("1 7": bold and reverse; "" for
# none); colours are left out. Columns count bytes: right of a non-ASCII
# character on the same row they are off.
attrs_at() { sgr_at attrs "$1" "$2"; }

# fg_at X Y: the foreground colour (SGR 30-37) of the character at
# column X, row Y; "" for the terminal's own.
fg_at() { sgr_at fg "$1" "$2"; }

# sgr_at attrs|fg X Y: what attrs_at and fg_at print.
sgr_at() {
	tm capture-pane -e -p -t t | LC_ALL=C awk -v mode="$1" -v x="$2" -v y="$3" '
	function reset(  k) { for (k = 1; k <= 9; k++) on[k] = 0; fg = "" }
	NR == y + 1 {
		reset(); n = length($0); col = 0
		for (i = 1; i <= n; i++) {
			c = substr($0, i, 1)
			if (c == "\033") {
				j = i + 2; p = ""
				while (j <= n && substr($0, j, 1) !~ /[@-~]/) {
					p = p substr($0, j, 1); j++
				}
				if (substr($0, j, 1) == "m") {
					k = split(p, a, ";")
					if (k == 0) reset()
					for (m = 1; m <= k; m++) {
						v = a[m] + 0
						if (v == 0) reset()
						else if (v <= 9) on[v] = 1
						else if (v == 22) on[1] = on[2] = 0
						else if (v >= 23 && v <= 29) on[v - 20] = 0
						else if (v >= 30 && v <= 37) fg = v
						else if (v == 39) fg = ""
						else if (v == 38 || v == 48)
							m += a[m + 1] == 5 ? 2 : 4
					}
				}
				i = j
				continue
			}
			if (col == x) break
			col++
		}
		s = ""
		if (col == x)
			for (k = 1; k <= 9; k++)
				if (on[k]) s = s (s == "" ? "" : " ") k
		print mode == "fg" ? (col == x ? fg : "") : s
		exit
	}'
}

# cursor: the terminal cursor's column and row ("X Y").
cursor() { tm display-message -p -t t '#{cursor_x} #{cursor_y}'; }

# Where the map is on the screen, for cell: the column and row of map
# cell 0,0, and the columns a cell takes. A test of a map that does not
# start at the top left (a small map is centred beside the panel, its
# cells twice as wide when there is room: src/ui/screen.c) sets them.
map_x=0 map_y=0 cell_w=1

# cell X Y: the character shown for map cell X,Y (the view unscrolled).
cell() { at $((map_x + $1 * cell_w)) $((map_y + $2)); }

ok() {
	pass=$((pass + 1))
	echo "ok - $1"
}

bad() {
	fail=$((fail + 1))
	echo "not ok - $1"
	echo "--- screen:"
	screen
	echo "---"
}

# check NAME COMMAND...: ok when the command succeeds.
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else bad "$name"; fi
}

# Start the game and pass the first curtain to Red's turn.
start_red() {
	start "$@" && wait_for "Red to play" && keys Enter &&
		wait_for "movement left"
}

# melee_win: tests/ui/melee.yaml with seed 1: Red's knight attacks the
# levy in round 1, and the roll that disables it (Red wins) is made.
melee_win() {
	start_red -- "$srcdir/tests/ui/melee.yaml --seed 1" &&
		keys e y && wait_for "Round 1: Red, Missile fire" &&
		keys e y && wait_for "Round 1: Red, Melee" &&
		keys Tab t F && wait_for "[y/n]" && keys y
}

# proc_field PID N: field N (3 = state, 4 = parent pid) of /proc/PID/stat,
# read after the command name, which may hold blanks and parentheses.
# Nothing when the process is gone. /proc and the shell only: no ps, which
# a minimal system lacks.
proc_field() {
	{ read -r stat <"/proc/$1/stat"; } 2>/dev/null || return 1
	set -- "$2" ${stat##*) }
	shift "$(($1 - 2))"
	printf '%s\n' "$1"
}

# gone PID: wait until the process has exited (a zombie has: reaping it
# is its parent's business).
gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		case $(proc_field "$1" 3) in Z*) return 0 ;; esac
		i=$((i + 1))
		[ $i -ge 250 ] && return 1
		sleep 0.02
	done
}

# exit_status: the game's exit status once it has exited ("" if never).
exit_status() {
	i=0
	while [ ! -s "$work/status" ] && [ $i -lt 250 ]; do
		i=$((i + 1))
		sleep 0.02
	done
	cat "$work/status" 2>/dev/null
}

# game_pid: the game's process (the child of the pane's shell; the lowest
# pid if there were more).
game_pid() {
	shell=$(tm display-message -p -t t '#{pane_pid}')
	for dir in /proc/[0-9]*; do
		p=${dir#/proc/}
		[ "$(proc_field "$p" 4)" = "$shell" ] && echo "$p"
	done | sort -n | head -n 1
}

finish() {
	echo "# $pass passed, $fail failed"
	[ $fail -eq 0 ]
}
