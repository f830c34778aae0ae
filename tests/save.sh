#!/bin/sh
# Saves lose nothing: a game killed with SIGKILL after any command and
# resumed ends exactly as the same game played without a break; damaged,
# changed and unwritable saves are handled.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }

scen=$srcdir/maps/gatehouse.yaml
# The accepted commands of a long scripted game.
"$bin" run "$scen" --seed 7 --keep-going --script "$srcdir/tests/golden/gatehouse-siege.script" --json > "$tmp/full.json"
grep -v '^#' "$srcdir/tests/golden/gatehouse-siege.script" > "$tmp/all"
rejected=$(sed -n 's/.*"type":"error","line":\([0-9]*\).*/\1/p' "$tmp/full.json")
: > "$tmp/cmds"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	skip=
	for r in $rejected; do [ "$r" -eq $((n + 3)) ] && skip=1; done
	[ -z "$skip" ] && printf '%s\n' "$line" >> "$tmp/cmds"
done < "$tmp/all"
"$bin" run "$scen" --seed 7 --keep-going --script "$tmp/cmds" --json > "$tmp/clean.json"
total=$(wc -l < "$tmp/cmds")
grep -v '"type":"start"' "$tmp/clean.json" > "$tmp/clean.events"

# count_cmds SAVE: accepted commands recorded in a save
count_cmds() { grep -vc '^#' "$1"; }

for k in 1 2 3 5 8 9 13 21 25 34 40 55 61 70 89 $((total - 1)); do
	[ "$k" -ge "$total" ] && continue
	st=$tmp/state$k
	head -n "$k" "$tmp/cmds" > "$tmp/first"
	tail -n +"$((k + 1))" "$tmp/cmds" > "$tmp/rest"
	# Feed k commands through a pipe kept open, then kill the game.
	# out1 goes first: the last round's, which holds its marker, would
	# end the wait below before this game has even opened its own.
	rm -f "$tmp/fifo" "$tmp/out1"
	mkfifo "$tmp/fifo"
	XDG_STATE_HOME=$st "$bin" run "$scen" --seed 7 --save --keep-going --script - --json < "$tmp/fifo" > "$tmp/out1" &
	pid=$!
	exec 3> "$tmp/fifo"
	cat "$tmp/first" >&3
	# A line the game rejects: once its error is out, every event of
	# the k commands before it has been saved and shown.
	echo "sync-marker" >&3
	i=0
	while [ $i -lt 500 ]; do
		grep -q '"command":"sync-marker"' "$tmp/out1" 2>/dev/null && break
		sleep 0.02
		i=$((i + 1))
	done
	save=$(ls "$st"/medsiege/*.save 2>/dev/null | head -n 1)
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	exec 3>&-
	XDG_STATE_HOME=$st "$bin" run --resume "$save" --keep-going --script "$tmp/rest" --json > "$tmp/out2"
	{ grep -v '"type":"start"\|sync-marker' "$tmp/out1"; grep -v '"type":"start"' "$tmp/out2"; } > "$tmp/joined"
	if cmp -s "$tmp/joined" "$tmp/clean.events"; then
		ok "killed after command $k of $total, resumed: identical events and state"
	else
		bad "killed after command $k of $total, resumed"
		diff "$tmp/clean.events" "$tmp/joined" | head -n 10
	fi
done

# A save is a script: replaying it gives the same final state.
save=$(ls "$tmp"/state1/medsiege/*.save | head -n 1)
"$bin" run "$scen" --seed 7 --keep-going --script "$save" --json | tail -n 1 > "$tmp/replayed"
if cmp -s "$tmp/replayed" "$(printf '%s' "$tmp/clean.json")" 2>/dev/null ||
	[ "$(cat "$tmp/replayed")" = "$(tail -n 1 "$tmp/clean.json")" ]; then
	ok "a save replays as a script"
else
	bad "a save replays as a script"
fi

if [ "$("$bin" run "$save" --json | tail -n 1)" = "$(tail -n 1 "$tmp/clean.json")" ]; then
	ok "'run SAVE' replays a save with its own scenario and seed"
else
	bad "'run SAVE' replays a save"
fi

# A finished game is not offered for resume.
if grep -q '^# over: ' "$save" && ! XDG_STATE_HOME=$tmp/state1 "$bin" run --resume "" >/dev/null 2>&1; then
	ok "a finished game is recorded and not resumed"
else
	bad "a finished game is recorded and not resumed"
fi

# Truncated: a half-written last line is reported; the game resumes before it.
st=$tmp/trunc
printf 'move r8 n n n\nend\nend\n' | XDG_STATE_HOME=$st "$bin" run "$scen" --seed 3 --save --keep-going --script - > /dev/null
save=$(ls "$st"/medsiege/*.save)
printf 'end\nmove r1 n' >> "$save"
before=$(cat "$save")
out=$(printf 'end\n' | XDG_STATE_HOME=$st "$bin" run --resume "$save" --keep-going --script - 2>&1)
lines=$(wc -l < "$save")
if printf '%s' "$out" | grep -q "$save:$((lines + 1)): the last line was cut short" &&
	printf '%s' "$out" | grep -q "continuing in" && [ "$(cat "$save")" = "$before" ] &&
	printf '%s' "$out" | grep -q -- '-- state: round 1, Blue, Missile fire'; then
	ok "a truncated save resumes from its last whole line, in a new file"
else
	bad "a truncated save resumes from its last whole line, in a new file"
	printf '%s\n' "$out"
fi

# Corrupted: a line that does not apply is reported with file and line.
st=$tmp/corrupt
printf 'move r8 n\nend\n' | XDG_STATE_HOME=$st "$bin" run "$scen" --seed 3 --save --keep-going --script - > /dev/null
save=$(ls "$st"/medsiege/*.save)
printf 'fight r8 b99\nend\n' >> "$save"
out=$(XDG_STATE_HOME=$st "$bin" run --resume "$save" 2>&1)
if printf '%s' "$out" | grep -q "$save:9: 'fight r8 b99' no longer applies"; then
	ok "a corrupted save names the file and line and keeps what came before"
else
	bad "a corrupted save names the file and line"
	printf '%s\n' "$out"
fi

# Another version, or not a save at all.
printf '# medsiege save 9\n' > "$tmp/v9.save"
out=$("$bin" run --resume "$tmp/v9.save" 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "v9.save:1: a save of version 9" &&
	ok "a save from another version is refused clearly" || { bad "other version"; printf '%s\n' "$out"; }

# The rules version: a new save records it; one of another version is
# refused by every reader, naming both versions; one without the line was
# made by version 1.
rules=$("$bin" --version | sed -n 's/.*, rules version \([0-9][0-9]*\)$/\1/p')
st=$tmp/rules
printf 'move r8 n\n' | XDG_STATE_HOME=$st "$bin" run "$scen" --seed 3 --save --keep-going --script - > /dev/null
save=$(ls "$st"/medsiege/*.save)
if [ -n "$rules" ] && [ "$(sed -n 2p "$save")" = "# rules: $rules" ]; then
	ok "a new save records the rules version ($rules) on its second line"
else
	bad "a new save records the rules version"
	head -n 3 "$save"
fi
other=$((rules + 1))
sed "s/^# rules: .*/# rules: $other/" "$save" > "$tmp/other.save"
want="$tmp/other.save: made by rules version $other of medsiege; this medsiege plays rules version $rules (replay it with the medsiege that made it)"
# refused LABEL ARG...: medsiege ARG... refuses the save in that one line.
refused() {
	label=$1
	shift
	out=$(XDG_STATE_HOME=$st "$bin" "$@" 2>&1 < /dev/null)
	status=$?
	if [ $status -eq 2 ] && [ "$out" = "$want" ]; then
		ok "'medsiege $label' refuses a save of rules version $other in one line"
	else
		bad "'medsiege $label' refuses a save of rules version $other (status $status)"
		printf '%s\n' "$out" | head -n 5
	fi
}
refused "run --resume SAVE --force" run --resume "$tmp/other.save" --force
refused "run SAVE" run "$tmp/other.save"
refused "replay SAVE" replay "$tmp/other.save"
# (--resume SAVE in the terminal: tests/ui/resume.sh)
grep -v '^# rules:' "$save" > "$tmp/old.save"
out=$(XDG_STATE_HOME=$st "$bin" run --resume "$tmp/old.save" 2>&1 < /dev/null)
status=$?
if [ "$rules" -eq 1 ]; then
	if [ $status -eq 0 ] && printf '%s' "$out" | grep -q "r8 .*15,15"; then
		ok "a save without a rules line (version 1) resumes under rules version 1"
	else
		bad "a save without a rules line resumes under rules version 1"
		printf '%s\n' "$out" | head -n 5
	fi
elif [ $status -eq 2 ] && [ "$out" = "$tmp/old.save: made by rules version 1 of medsiege; this medsiege plays rules version $rules (replay it with the medsiege that made it)" ]; then
	ok "a save without a rules line is of rules version 1, refused under $rules"
else
	bad "a save without a rules line is of rules version 1 (status $status)"
	printf '%s\n' "$out" | head -n 5
fi

# A changed scenario is detected by its hash; --force resumes anyway.
cp "$scen" "$tmp/g.yaml"
sed -i "s|roster: ../units/standard.yaml|roster: $srcdir/units/standard.yaml|" "$tmp/g.yaml"
st=$tmp/changed
printf 'move r8 n\n' | XDG_STATE_HOME=$st "$bin" run "$tmp/g.yaml" --seed 3 --save --keep-going --script - > /dev/null
save=$(ls "$st"/medsiege/*.save)
sed -i 's/rounds: 12/rounds: 11/' "$tmp/g.yaml"
out=$(XDG_STATE_HOME=$st "$bin" run --resume "$save" 2>&1)
st1=$?
out2=$(XDG_STATE_HOME=$st "$bin" run --resume "$save" --force 2>&1)
if [ $st1 -eq 2 ] && printf '%s' "$out" | grep -q "changed since this game began; resume it anyway with --force" &&
	printf '%s' "$out2" | grep -q "r8 .*15,15"; then
	ok "a changed scenario is refused, and resumed with --force"
else
	bad "changed scenario"
	printf '%s\n%s\n' "$out" "$out2"
fi

# A missing state folder is created; an unwritable one does not stop play.
out=$(printf 'move r8 n\n' | XDG_STATE_HOME=$tmp/new/deeper "$bin" run "$scen" --seed 3 --save --keep-going --script - 2>&1)
ls "$tmp"/new/deeper/medsiege/*.save > /dev/null 2>&1 && ok "a missing state folder is created" || bad "missing state folder"
mkdir -p "$tmp/ro"
touch "$tmp/ro/medsiege" # a file where the folder should be
out=$(printf 'move r8 n\n' | XDG_STATE_HOME=$tmp/ro "$bin" run "$scen" --seed 3 --save --keep-going --script - 2>&1)
if [ $? -eq 1 ] && printf '%s' "$out" | grep -q "this game is not being saved" &&
	printf '%s' "$out" | grep -q "r8 moves 15,16 -> 15,15"; then
	ok "an unwritable state folder: the game plays, says it is not saved, exit 1"
else
	bad "unwritable state folder"
	printf '%s\n' "$out"
fi

# Manual dice: the save says so and holds the rolls typed in as commands;
# replayed, resumed (in the middle of a wait too), the game is the same.
golden=$srcdir/tests/golden
st=$tmp/manual
grep -v '^#' "$golden/field-manual-dice.script" > "$tmp/manual.cmds"
(cd "$golden" && XDG_STATE_HOME=$st "$bin" run maps/field.yaml --seed 1 --dice manual --save --keep-going --script "$tmp/manual.cmds" --json) > "$tmp/manual.json"
save=$(ls "$st"/medsiege/*.save)
if grep -qx '# dice: manual' "$save" && grep -qx 'roll 2' "$save" &&
	! grep -qx 'roll 21' "$save" &&
	[ "$("$bin" run "$save" --json | tail -n 1)" = "$(tail -n 1 "$tmp/manual.json")" ]; then
	ok "manual dice: the save holds the rolls given, and 'run SAVE' replays them"
else
	bad "manual dice: the save holds the rolls given, and 'run SAVE' replays them"
	cat "$save"
fi
# Stopped while a die is awaited (after 'shoot r4 b1'), resumed: the
# same die is asked for, and the rest of the game comes out the same.
st=$tmp/manual2
grep -v '^#' "$save" | sed -n '1,/^shoot r4 b1$/p' > "$tmp/m.first"
n=$(wc -l < "$tmp/m.first")
grep -v '^#' "$save" | tail -n +"$((n + 1))" > "$tmp/m.rest"
(cd "$golden" && XDG_STATE_HOME=$st "$bin" run maps/field.yaml --seed 1 --dice manual --save --keep-going --script "$tmp/m.first") > "$tmp/m.out1"
save2=$(ls "$st"/medsiege/*.save)
out=$(XDG_STATE_HOME=$st "$bin" run --resume "$save2" --keep-going --script "$tmp/m.rest" --json)
if grep -q 'waiting: roll a d3 for the shot into melee' "$tmp/m.out1" &&
	printf '%s\n' "$out" | sed -n 2p | grep -q '"type":"ask","round":1,"team":"Red","step":"missile","die":3' &&
	[ "$(printf '%s\n' "$out" | tail -n 1)" = "$(tail -n 1 "$tmp/manual.json")" ]; then
	ok "manual dice: resumed while a die is awaited, the same die is asked for"
else
	bad "manual dice: resumed while a die is awaited"
	printf '%s\n' "$out" | head -n 5
fi
out=$("$bin" run --resume "$save2" --dice manual 2>&1)
[ $? -eq 2 ] && printf '%s' "$out" | grep -q "a resumed one keeps the dice it began with" &&
	ok "manual dice: --dice is refused on resume" || { bad "--dice on resume"; printf '%s\n' "$out"; }

# "end until" and "end round" are saved as the plain ends they stand for:
# the save replays the same game, and holds nothing but "end" lines.
st=$tmp/until
printf 'end until Blue melee\nend round\n' | XDG_STATE_HOME=$st "$bin" run "$scen" --seed 3 --save --script - > "$tmp/until.out"
save=$(ls "$st"/medsiege/*.save | head -n 1)
ends=$(grep -v '^#' "$save" | sort | uniq -c | sed 's/^ *//')
"$bin" run "$save" > "$tmp/until.replay"
if [ "$ends" = "6 end" ] &&
	[ "$(sed -n '/^== Round/,$p' "$tmp/until.out")" = "$(sed -n '/^== Round/,$p' "$tmp/until.replay")" ]; then
	ok "end until: saved as the plain ends it stands for, replayed the same"
else
	bad "end until in a save: '$ends'"; cat "$save"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
