# tests/ui/lib.sh: shared by the screen tests (sourced, not run). Each
# test drives the real program in a detached tmux on a private socket at
# 80x24, polls the pane's text with a timeout (no fixed sleeps) and kills
# its tmux server at the end. Without tmux the tests are skipped (77).
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
scenario=$srcdir/maps/gatehouse.yaml
pass=0 fail=0
sock=medsiege-test-$$
unset TMUX

command -v tmux >/dev/null 2>&1 || { echo "skip: tmux is not installed"; exit 77; }

tm() { tmux -L "$sock" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1; }
trap cleanup EXIT
trap 'cleanup; exit 1' INT TERM HUP

# start [ENV=VALUE...] -- [ARGS...]: the game in a fresh 80x24 session;
# ARGS default to the gatehouse scenario with seed 1.
start() {
	envs=""
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		envs="$envs $1"
		shift
	done
	[ "$1" = "--" ] && shift
	args=${*:-"$scenario --seed 1"}
	cleanup
	tm -f /dev/null new-session -d -s t -x 80 -y 24 \
		"exec env TERM=xterm-256color $envs $bin $args" || return 1
	tm set-option -t t remain-on-exit on >/dev/null
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

# at X Y: the character on screen at column X, row Y.
at() { screen | sed -n "$(($2 + 1))p" | cut -c"$(($1 + 1))"; }

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

finish() {
	echo "# $pass passed, $fail failed"
	[ $fail -eq 0 ]
}
