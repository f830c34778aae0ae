#!/bin/sh
# medsiege sim: the same figures whatever the number of worker processes,
# a progress bar only on a terminal, lost workers and bad options
# reported. Nothing here depends on how fast the games run.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-sim.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; }

# contains NAME STATUS NEEDLE -- COMMAND...: stdout and stderr together.
contains() {
	name=$1 status=$2 needle=$3
	shift 4
	got=$("$@" 2>&1)
	st=$?
	if [ "$st" = "$status" ] && printf '%s' "$got" | grep -qF -- "$needle"; then
		ok "$name"
	else
		not_ok "$name (exit $st, wanted $status): no '$needle' in:"
		printf '%s\n' "$got"
	fi
}

# same_for_jobs NAME SIM-ARGS...: --jobs 1, 2 and 3 print the same bytes.
same_for_jobs() {
	name=$1
	shift
	"$bin" sim "$@" --jobs 1 >"$tmp/j1" 2>"$tmp/e1"
	s1=$?
	"$bin" sim "$@" --jobs 2 >"$tmp/j2" 2>"$tmp/e2"
	s2=$?
	"$bin" sim "$@" --jobs 3 >"$tmp/j3" 2>"$tmp/e3"
	s3=$?
	if [ "$s1$s2$s3" = 000 ] && [ -s "$tmp/j1" ] &&
		cmp -s "$tmp/j1" "$tmp/j2" && cmp -s "$tmp/j1" "$tmp/j3"; then
		ok "$name"
	else
		not_ok "$name (exits $s1 $s2 $s3)"
		diff "$tmp/j1" "$tmp/j3"
		cat "$tmp/e1" "$tmp/e2" "$tmp/e3"
	fi
}

cd "$srcdir" || exit 1

same_for_jobs "jobs: same text" maps/tutorial.yaml --games 9 --seed 3
same_for_jobs "jobs: same --json" maps/tutorial.yaml --games 9 --seed 3 --json
same_for_jobs "jobs: same --csv" maps/tutorial.yaml --games 9 --seed 3 --csv
same_for_jobs "jobs: more jobs than games" maps/tutorial.yaml --games 2 --seed 11 --json
same_for_jobs "jobs: gatehouse" maps/gatehouse.yaml --games 3 --seed 2 --csv

# Game i is played with seed S+i: two runs over halves of the seeds add
# up to the run over all of them.
a=$("$bin" sim maps/tutorial.yaml --games 3 --seed 3 --jobs 2 --json)
b=$("$bin" sim maps/tutorial.yaml --games 3 --seed 6 --jobs 2 --json)
c=$("$bin" sim maps/tutorial.yaml --games 6 --seed 3 --jobs 3 --json)
draws() { printf '%s' "$1" | sed 's/.*"draws":\([0-9]*\),.*/\1/'; }
red() { printf '%s' "$1" | sed 's/.*"wins":{"Red":\([0-9]*\),.*/\1/'; }
if [ $(($(draws "$a") + $(draws "$b"))) -eq "$(draws "$c")" ] &&
	[ $(($(red "$a") + $(red "$b"))) -eq "$(red "$c")" ]; then
	ok "seeds: game i has seed S+i"
else
	not_ok "seeds: game i has seed S+i"
	printf '%s\n%s\n%s\n' "$a" "$b" "$c"
fi

# The figures.
got=$("$bin" sim maps/tutorial.yaml --games 4 --seed 1 --jobs 2)
if printf '%s\n' "$got" | grep -q '^  Red wins  *[0-9]*  *[0-9.]*%  *[0-9.]*% to  *[0-9.]*%$' &&
	printf '%s\n' "$got" | grep -q '^  draws  *[0-9]*  *[0-9.]*%' &&
	printf '%s\n' "$got" | grep -q '^  rounds: mean [0-9.]*, min [0-9]*, max [0-9]*$' &&
	printf '%s\n' "$got" | grep -q '^  Blue  *Foot Knight  *1  *[0-9.]*  ([0-9]*%)$'; then
	ok "text: wins with intervals, draws, rounds, casualties"
else
	not_ok "text: wins with intervals, draws, rounds, casualties"
	printf '%s\n' "$got"
fi
got=$("$bin" sim maps/tutorial.yaml --games 4 --seed 1 --json)
if printf '%s' "$got" | grep -q '^{"games":4,"first_seed":1,"wins":{"Red":[0-9]*,"Blue":[0-9]*},"draws":[0-9]*,"rounds":{"mean":[0-9.]*,"min":[0-9]*,"max":[0-9]*},"last_seed":4,"teams":\[{"name":"Red","wins":[0-9]*,"win_rate":[0-9.]*,"win_rate_ci95":\[[0-9.]*,[0-9.]*\]},' &&
	printf '%s' "$got" | grep -q '"casualties":\[{"team":"Red","type":"ballista","name":"Ballista","fielded":1,"disabled_mean":'; then
	ok "json: the first keys as before, then intervals and casualties"
else
	not_ok "json: the first keys as before, then intervals and casualties"
	printf '%s\n' "$got"
fi
"$bin" sim maps/tutorial.yaml --games 4 --seed 1 --csv >"$tmp/csv"
if [ "$(head -n 1 "$tmp/csv")" = "row,team,unit,games,count,rate,ci95_low,ci95_high,mean,min,max" ] &&
	[ "$(awk -F, '{ print NF }' "$tmp/csv" | sort -u)" = 11 ] &&
	[ "$(grep -c '^wins,' "$tmp/csv")" = 2 ] && grep -q '^draws,,,4,' "$tmp/csv" &&
	grep -q '^rounds,,,4,,,,,' "$tmp/csv" &&
	[ "$(grep -c '^casualties,' "$tmp/csv")" = 8 ] &&
	grep -q '^casualties,Blue,foot_knight,4,1,' "$tmp/csv"; then
	ok "csv: a header and rows of eleven columns"
else
	not_ok "csv: a header and rows of eleven columns"
	cat "$tmp/csv"
fi

# The progress bar: never on stderr that is not a terminal...
"$bin" sim maps/tutorial.yaml --games 4 --jobs 2 >"$tmp/out" 2>"$tmp/err"
"$bin" sim maps/tutorial.yaml --games 4 --jobs 1 --json >>"$tmp/out" 2>>"$tmp/err"
if [ ! -s "$tmp/err" ] && ! grep -q 'games/s\|left' "$tmp/out"; then
	ok "progress: silent when stderr is not a terminal"
else
	not_ok "progress: silent when stderr is not a terminal"
	od -c "$tmp/err" | head
fi
# ... and on one that is: drawn at the start, wiped at the end, never on
# stdout. script(1) gives the program a terminal.
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "'$bin' sim maps/tutorial.yaml --games 3 --jobs 2 --json >'$tmp/tty-out'" \
		/dev/null >"$tmp/tty" 2>&1 </dev/null
	if grep -q '0/3 games  \[' "$tmp/tty" &&
		[ "$(tail -c 1 "$tmp/tty" | od -An -c | tr -d ' ')" = '\r' ] &&
		grep -q '^{"games":3,' "$tmp/tty-out" &&
		! grep -q 'games/s\|left' "$tmp/tty-out"; then
		ok "progress: drawn on a terminal, then wiped"
	else
		not_ok "progress: drawn on a terminal, then wiped"
		od -c "$tmp/tty" | tail -5
	fi
else
	ok "progress: drawn on a terminal # SKIP no script(1)"
fi

# A worker that dies is an error naming its game, not a game left out.
contains "worker killed: reported" 1 "playing game 3 (seed 7) was killed by signal" -- \
	env MEDSIEGE_TEST_SIM_KILL_SEED=7 "$bin" sim maps/tutorial.yaml --games 6 --seed 5 --jobs 2
got=$(MEDSIEGE_TEST_SIM_KILL_SEED=7 "$bin" sim maps/tutorial.yaml --games 6 --seed 5 --jobs 2 2>/dev/null)
if [ -z "$got" ]; then
	ok "worker killed: no figures"
else
	not_ok "worker killed: no figures"
	printf '%s\n' "$got"
fi
# A scenario that cannot be loaded is one message, however many workers.
got=$("$bin" sim nosuch.yaml --jobs 3 2>&1)
st=$?
if [ $st = 2 ] && [ "$(printf '%s\n' "$got" | wc -l)" = 1 ] &&
	printf '%s' "$got" | grep -q 'nosuch.yaml'; then
	ok "bad scenario: one message, exit 2"
else
	not_ok "bad scenario: one message, exit 2 (exit $st)"
	printf '%s\n' "$got"
fi

contains "jobs 0" 2 "--jobs needs a number from 1 to 256, not '0'" -- "$bin" sim maps/tutorial.yaml --jobs 0
contains "jobs abc" 2 "--jobs needs a number from 1 to 256, not 'abc'" -- "$bin" sim maps/tutorial.yaml --jobs abc
contains "jobs -1" 2 "--jobs needs a number" -- "$bin" sim maps/tutorial.yaml --jobs -1
contains "jobs empty" 2 "--jobs needs a number" -- "$bin" sim maps/tutorial.yaml --jobs ''
contains "jobs too many" 2 "--jobs needs a number from 1 to 256, not '257'" -- "$bin" sim maps/tutorial.yaml --jobs 257
contains "jobs missing" 2 "usage: medsiege sim" -- "$bin" sim maps/tutorial.yaml --jobs
contains "games 0" 2 "--games needs a number from 1 to 1000000" -- "$bin" sim maps/tutorial.yaml --games 0
contains "json and csv" 2 "--json and --csv do not go together" -- "$bin" sim maps/tutorial.yaml --json --csv
contains "help" 0 "--jobs J" -- "$bin" sim --help

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
