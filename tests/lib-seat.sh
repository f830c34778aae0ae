# lib-seat.sh: Unix users each playing medsiege in a terminal of their own
# (tmux, 80x24), for the tests run as root that make those users. Set
# before calling: sock (tmux's socket), bin (the program), homes (the
# folder of the users' homes), work (where each terminal's exit status is
# written, as NAME.status).

tm() { tmux -S "$sock" "$@"; }
# as USER CMD...: run as USER, in a clean environment.
as() {
	u=$1
	shift
	runuser -u "$u" -- env -i PATH=/usr/bin:/bin HOME="$homes/$u" \
		TERM=xterm-256color LANG=C.UTF-8 "$@"
}
# seat NAME USER ARGS: USER's medsiege in a terminal of its own.
seat() {
	name=$1 u=$2
	shift 2
	tm -f /dev/null new-session -d -s "$name" -x 80 -y 24 \
		"runuser -u $u -- env -i PATH=/usr/bin:/bin HOME=$homes/$u TERM=xterm-256color LANG=C.UTF-8 $bin $*; echo \$? >$work/$name.status" \
		\; set-option -t "$name" remain-on-exit on >/dev/null
}
scr() { tm capture-pane -p -S -50 -t "$1"; }
# see NAME TEXT [SECONDS]: TEXT shows on NAME's screen within SECONDS (10);
# else the screen's last lines, and failure.
see() {
	i=0
	while [ $i -lt $((${3:-10} * 20)) ]; do
		case $(scr "$1") in *"$2"*) return 0 ;; esac
		i=$((i + 1))
		sleep 0.05
	done
	scr "$1" | sed 's/^/#   /' | grep -v '^#   *$' | tail -n 8
	return 1
}
