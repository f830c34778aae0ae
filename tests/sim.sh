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

# Why: wins by goal, the seeds of each result and the command that
# replays each, casualties by unit, the computer's levels.
"$bin" sim maps/tutorial.yaml --games 12 --seed 1 --jobs 2 >"$tmp/why"
"$bin" sim maps/tutorial.yaml --games 12 --seed 1 --jobs 2 --json >"$tmp/why.json"
"$bin" sim maps/tutorial.yaml --games 12 --seed 1 --jobs 2 --csv >"$tmp/why.csv"
if grep -q '^  the rates measure the computer players at their levels (Red normal, Blue normal), not the scenario alone$' "$tmp/why" &&
	grep -q '^  Red goal 1  *[0-9]*  *[0-9.]*%  *[0-9.]*% to  *[0-9.]*%  disable captain$' "$tmp/why" &&
	grep -q '^  Blue goal 4  *[0-9]*  .*  survive until the end of round 6$' "$tmp/why" &&
	grep -q '^  captain  *Blue  *Foot Knight  *[0-9]*  *[0-9.]*%  *[0-9.]*% to  *[0-9.]*%$' "$tmp/why" &&
	[ "$(grep -c '^goal,' "$tmp/why.csv")" -ge 4 ] && grep -q '^goal,Red,1,12,' "$tmp/why.csv" &&
	[ "$(grep -c '^unit,' "$tmp/why.csv")" = 8 ] && grep -q '^unit,Blue,captain,12,' "$tmp/why.csv" &&
	grep -q '"outcomes":\[{"team":"Red","goal":1,"how":"disable captain","games":[0-9]*,' "$tmp/why.json" &&
	grep -q '"units":\[{"id":"ballista","team":"Red","type":"ballista","name":"Ballista","disabled":' "$tmp/why.json"; then
	ok "why: levels, wins by goal, casualties by unit (text, csv, json)"
else
	not_ok "why: levels, wins by goal, casualties by unit (text, csv, json)"
	cat "$tmp/why" "$tmp/why.csv"
fi
# Each outcome's seeds in --json are the games that came to it, and every
# game is in one; its wins add up to the team's.
python3 - "$tmp/why.json" >"$tmp/seeds.out" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
seen = sorted(s for o in d["outcomes"] for s in o["seeds"])
assert seen == list(range(1, 13)), seen
for o in d["outcomes"]:
    assert o["games"] == len(o["seeds"]), o
    for s in o["seeds"]:
        rec = [r for r in d["records"] if r.split()[0] == str(s)][0].split()
        want = -1 if o["team"] is None else [t["name"] for t in d["teams"]].index(o["team"])
        assert int(rec[1]) == want and int(rec[2]) == o["goal"], (o, rec)
for t in d["teams"]:
    assert t["wins"] == sum(o["games"] for o in d["outcomes"] if o["team"] == t["name"]), t
print("ok")
PY
if [ "$(cat "$tmp/seeds.out")" = ok ]; then
	ok "json: each result's seeds, matching the records"
else
	not_ok "json: each result's seeds, matching the records"
	cat "$tmp/seeds.out"
fi
# The replay line replays the game: the run ends as sim says it did.
line=$(grep -m 1 '^    Blue wins by goal 4: medsiege run ' "$tmp/why")
cmd=$(printf '%s\n' "$line" | sed 's/^.*: medsiege run //')
end=$(eval "\"\$bin\" run $cmd" 2>&1 | grep '^game over:')
if [ -n "$line" ] && [ "$end" = "game over: Blue wins: survive until the end of round 6" ]; then
	ok "replay line: $cmd"
else
	not_ok "replay line: '$line' ended '$end'"
fi
if grep -q '^  note: Blue idle in rounds [0-9]*-[0-9]* of [0-9]*% of games' "$tmp/why" &&
	grep -q '^idle,Blue,,12,[0-9]*,[0-9.]*,,,,[0-9]*,[0-9]*$' "$tmp/why.csv" &&
	grep -q '"idle":\[{"team":"Blue","from":[0-9]*,"to":[0-9]*,"games":[0-9]*,"share":' "$tmp/why.json"; then
	ok "idle: the tutorial's Blue waits for round 6 (text, csv, json)"
else
	not_ok "idle: the tutorial's Blue waits for round 6 (text, csv, json)"
	grep 'note\|idle' "$tmp/why" "$tmp/why.csv"
fi

# Sweeps: one row per value, each team's rate and interval.
got=$("$bin" sim maps/tutorial.yaml --games 6 --seed 1 --vary goal.4.rounds=3,6,9 --jobs 2)
if [ "$(printf '%s\n' "$got" | grep -c '^  [369]  *6  *[0-9.]*%  *[0-9.]*% to  *[0-9.]*%  *[0-9.]*%  *[0-9.]*% to  *[0-9.]*%  *[0-9.]*%  *[0-9.]*% to  *[0-9.]*%$')" = 3 ] &&
	printf '%s\n' "$got" | grep -q '^  3  *6    0.0%.*100.0%' &&
	printf '%s\n' "$got" | head -1 | grep -q '^Tutorial by goal.4.rounds: 6 games a value, seeds 1 to 6,'; then
	ok "vary goal.4.rounds: a row per value"
else
	not_ok "vary goal.4.rounds: a row per value"
	printf '%s\n' "$got"
fi
# A row of a sweep is the run of that value: rounds=6 is the tutorial.
"$bin" sim maps/tutorial.yaml --games 5 --seed 2 --vary rounds=4,6 --csv >"$tmp/vary.csv"
"$bin" sim maps/tutorial.yaml --games 5 --seed 2 --csv | sed 1d >"$tmp/plain.rows"
if [ "$(head -n 1 "$tmp/vary.csv")" = "vary,value,row,team,unit,games,count,rate,ci95_low,ci95_high,mean,min,max" ] &&
	grep '^rounds,6,' "$tmp/vary.csv" | cut -d, -f3- | cmp -s - "$tmp/plain.rows" &&
	grep -q '^rounds,4,rounds,,,5,,,,,[0-9.]*,[0-9]*,4$' "$tmp/vary.csv"; then
	ok "vary rounds: each value's rows are that scenario's"
else
	not_ok "vary rounds: each value's rows are that scenario's"
	cat "$tmp/vary.csv"
fi
# Bridge's survive goal gives no rounds: it lasts to the limit, so a
# shorter limit is Blue's win, not a draw.
got=$("$bin" sim maps/bridge.yaml --games 4 --seed 1 --vary rounds=3 --csv)
if printf '%s\n' "$got" | grep -q '^rounds,3,draws,,,4,0,0.0000,' &&
	printf '%s\n' "$got" | grep -q '^rounds,3,wins,Blue,,4,[1-4],'; then
	ok "vary rounds: a survive goal without rounds moves with the limit"
else
	not_ok "vary rounds: a survive goal without rounds moves with the limit"
	printf '%s\n' "$got"
fi
contains "vary rounds=0 with a survive goal to the limit" 2 \
	"--vary rounds=0: goal 3 (survive) lasts to the round limit" -- \
	"$bin" sim maps/bridge.yaml --games 2 --vary rounds=0
got=$("$bin" sim maps/tutorial.yaml --games 3 --vary b1.at=20:3,19:2 --json)
if printf '%s' "$got" | grep -q '^{"vary":"b1.at","values":\["20:3","19:2"\],"rows":\[{"value":"20:3","games":3,'; then
	ok "vary UNIT.at: json rows"
else
	not_ok "vary UNIT.at: json rows"
	printf '%s\n' "$got" | cut -c 1-200
fi
contains "vary: a goal without rounds" 2 "goal 1 is a destroy goal, which has no rounds" -- \
	"$bin" sim maps/tutorial.yaml --vary goal.1.rounds=3
contains "vary: no such goal" 2 "the scenario has 4 goals" -- "$bin" sim maps/tutorial.yaml --vary goal.9.rounds=3
contains "vary: off the map" 2 "--vary b1.at: 99:1 is off the map" -- "$bin" sim maps/tutorial.yaml --vary b1.at=99:1
contains "vary: on a unit" 2 "--vary b1.at: 17:5 is where b2 stands" -- "$bin" sim maps/tutorial.yaml --vary b1.at=17:5
contains "vary: no such unit" 2 "no unit 'b9'" -- "$bin" sim maps/tutorial.yaml --vary b9.at=1:1
contains "vary: bad key" 2 "no key 'speed'" -- "$bin" sim maps/tutorial.yaml --vary speed=1

# Shards: four runs over parts of the seeds, not all contiguous and with
# other job counts, merged in any order, print what one run over all of
# them prints, byte for byte, in every format.
shards() { # SCENARIO EXTRA-ARGS...: the four shards into $tmp/s1..s4
	sc=$1
	shift
	"$bin" sim "$sc" --seed 4 --games 3 --jobs 1 --json "$@" >"$tmp/s1" &&
		"$bin" sim "$sc" --seed 7 --games 1 --jobs 2 --json "$@" >"$tmp/s2" &&
		"$bin" sim "$sc" --seed 8 --games 4 --jobs 3 --json "$@" >"$tmp/s3" &&
		"$bin" sim "$sc" --seed 20 --games 2 --jobs 2 --json "$@" >"$tmp/s4"
}
merged_same() { # NAME SCENARIO EXTRA-ARGS...
	name=$1 sc=$2
	shift 2
	if ! shards "$sc" "$@"; then
		not_ok "$name: shards"
		return
	fi
	for fmt in text json csv; do
		opt=
		[ $fmt = text ] || opt=--$fmt
		# The whole run: seeds 4 to 11, then 20 and 21, as one shard of
		# each and merged: a merge of one shard is that run.
		"$bin" sim "$sc" --seed 4 --games 8 --json "$@" >"$tmp/w1"
		"$bin" sim "$sc" --seed 20 --games 2 --json "$@" >"$tmp/w2"
		"$bin" sim --merge "$tmp/w2" "$tmp/w1" $opt >"$tmp/whole.$fmt"
		"$bin" sim "$sc" --seed 4 --games 8 $opt "$@" >"$tmp/one.$fmt"
		"$bin" sim --merge "$tmp/s3" "$tmp/s1" "$tmp/s4" "$tmp/s2" $opt >"$tmp/m.$fmt" 2>"$tmp/m.err"
		st=$?
		"$bin" sim --merge "$tmp/s1" "$tmp/s2" "$tmp/s3" $opt >"$tmp/m3.$fmt"
		if [ $st = 0 ] && [ -s "$tmp/m.$fmt" ] && cmp -s "$tmp/m.$fmt" "$tmp/whole.$fmt" &&
			cmp -s "$tmp/m3.$fmt" "$tmp/one.$fmt"; then
			ok "$name: four shards merged = one run ($fmt)"
		else
			not_ok "$name: four shards merged = one run ($fmt, exit $st)"
			cat "$tmp/m.err"
			diff "$tmp/m3.$fmt" "$tmp/one.$fmt" | head -5
			diff "$tmp/m.$fmt" "$tmp/whole.$fmt" | head -5
		fi
	done
}
merged_same "merge tutorial" maps/tutorial.yaml
merged_same "merge gatehouse sweep" maps/gatehouse.yaml --vary rounds=8,12
if grep -q '^10 games, seeds 4 to 11 and 20 to 21, every team' "$tmp/m.text" 2>/dev/null ||
	grep -q '^Gatehouse by rounds: 10 games a value, seeds 4 to 11 and 20 to 21,' "$tmp/m.text"; then
	ok "merge: the seeds played, with their gap"
else
	not_ok "merge: the seeds played, with their gap"
	head -2 "$tmp/m.text"
fi

same_text() { # NAME GOT WANT [PATTERN]: GOT is WANT and has PATTERN
	if cmp -s "$2" "$3" && { [ -z "${4:-}" ] || grep -q -- "$4" "$2"; }; then
		ok "$1"
	else
		not_ok "$1"
		diff "$2" "$3" | head -5
	fi
}

# A merge's --json is a shard too, of seeds with a gap: merged again with
# the others, it is still the one run.
"$bin" sim --merge "$tmp/s3" "$tmp/s1" "$tmp/s4" --json >"$tmp/m134"
"$bin" sim --merge "$tmp/s2" "$tmp/m134" >"$tmp/again.text"
same_text "merge: a merged shard of seeds with gaps merges again" \
	"$tmp/again.text" "$tmp/whole.text"

# A sweep of where a unit starts, in shards of seeds that are not
# contiguous: merged, the one run; merged again from a merge of some of
# them (a shard with gaps), still the one run.
merged_same "merge tutorial sweep of a unit's place" maps/tutorial.yaml --vary b1.at=20:3,19:2
"$bin" sim --merge "$tmp/s4" "$tmp/s1" "$tmp/s3" --json >"$tmp/v134"
"$bin" sim --merge "$tmp/v134" "$tmp/s2" >"$tmp/vagain.text"
same_text "merge: a sweep's merged shard of seeds with gaps merges again" \
	"$tmp/vagain.text" "$tmp/whole.text" \
	'^Tutorial by b1.at: 10 games a value, seeds 4 to 11 and 20 to 21,'

# Shards that do not go together: refused, exit 2, one line saying why.
shards maps/tutorial.yaml
"$bin" sim maps/tutorial.yaml --seed 5 --games 2 --json >"$tmp/over"
"$bin" sim maps/tutorial.yaml --seed 30 --games 2 --ai Blue:easy --json >"$tmp/easy"
"$bin" sim maps/gatehouse.yaml --seed 30 --games 1 --json >"$tmp/gate"
"$bin" sim maps/tutorial.yaml --seed 30 --games 1 --max-rounds 9 --json >"$tmp/r9"
"$bin" sim maps/tutorial.yaml --seed 30 --games 1 --vary rounds=5 --json >"$tmp/sweep"
sed 's/"version":"[^"]*"/"version":"0.0.0"/' "$tmp/s2" >"$tmp/old"
printf '{"games":1}\n' >"$tmp/notshard"
one_line() { # NAME NEEDLE -- COMMAND...
	name=$1 needle=$2
	shift 3
	got=$("$@" 2>&1)
	st=$?
	if [ $st = 2 ] && [ "$(printf '%s\n' "$got" | wc -l)" = 1 ] &&
		printf '%s' "$got" | grep -qF -- "$needle"; then
		ok "$name"
	else
		not_ok "$name (exit $st): no '$needle' on one line in:"
		printf '%s\n' "$got"
	fi
}
one_line "refused: overlap" "s1 and $tmp/over overlap: both played seed 5" -- "$bin" sim --merge "$tmp/s1" "$tmp/over"
one_line "refused: levels" "easy: does not go with $tmp/s1: other levels (Blue easy, not normal)" -- "$bin" sim --merge "$tmp/s1" "$tmp/easy"
# Shards at hard merge into what one run at hard prints, and one at hard
# does not go with one at normal.
"$bin" sim maps/tutorial.yaml --seed 30 --games 2 --ai Blue:hard --json >"$tmp/hard"
"$bin" sim maps/tutorial.yaml --seed 32 --games 2 --ai Blue:hard --json >"$tmp/hard2"
"$bin" sim maps/tutorial.yaml --seed 30 --games 4 --ai Blue:hard >"$tmp/hard.one"
"$bin" sim --merge "$tmp/hard2" "$tmp/hard" >"$tmp/hard.merged"
same_text "merge: shards at hard" "$tmp/hard.merged" "$tmp/hard.one" \
	'at their levels (Red normal, Blue hard)'
one_line "refused: hard and normal" "hard: does not go with $tmp/s1: other levels (Blue hard, not normal)" -- "$bin" sim --merge "$tmp/s1" "$tmp/hard"
one_line "refused: scenario" "gate: does not go with $tmp/s1: another scenario or roster (content hash" -- "$bin" sim --merge "$tmp/s1" "$tmp/gate"
one_line "refused: max rounds" "another --max-rounds (9, not 50)" -- "$bin" sim --merge "$tmp/s1" "$tmp/r9"
one_line "refused: a sweep and a run" "another sweep (--vary)" -- "$bin" sim --merge "$tmp/s1" "$tmp/sweep"
"$bin" sim maps/tutorial.yaml --seed 31 --games 1 --vary rounds=5,6 --json >"$tmp/sweep56"
one_line "refused: sweeps of other values" "another sweep (--vary)" -- "$bin" sim --merge "$tmp/sweep" "$tmp/sweep56"
one_line "refused: version" "old: made by medsiege 0.0.0; this is medsiege " -- "$bin" sim --merge "$tmp/s1" "$tmp/old"
one_line "refused: not a shard" "notshard: no \"shard\" in it" -- "$bin" sim --merge "$tmp/notshard"
one_line "refused: text output" "not the output of medsiege sim --json" -- "$bin" sim --merge "$tmp/m.text"
one_line "refused: no file" "nosuch: No such file" -- "$bin" sim --merge "$tmp/nosuch"
contains "merge: no shards" 2 "usage: medsiege sim" -- "$bin" sim --merge
contains "merge: with --games" 2 "--merge takes only shards" -- "$bin" sim --merge "$tmp/s1" --games 3
contains "seeds past the last" 2 "go past the last seed" -- "$bin" sim maps/tutorial.yaml --seed 18446744073709551615 --games 2

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
