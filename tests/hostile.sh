#!/bin/sh
# Hostile files, scripts, saves and disks. Each gets one clear line of
# error (no raw control bytes, valid UTF-8), never a hang or a crash, and
# nothing of a game is lost. Big files are generated here, in a temporary
# folder. A generous timeout turns a hang into a failure; nothing else
# depends on the clock. The full disk is a small tmpfs when this machine
# lets us mount one, and always the journal's fault hook
# (MEDSIEGE_TEST_JOURNAL_FAULT).
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
scen=$srcdir/maps/gatehouse.yaml
roster=$srcdir/units/standard.yaml
tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-hostile.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
unset MEDSIEGE_TEST_JOURNAL_FAULT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
pass=0 fail=0
ok() { pass=$((pass + 1)); printf 'ok - %s\n' "$1"; }
bad() {
	fail=$((fail + 1))
	printf 'not ok - %s\n' "$1"
	for f in out err; do
		[ -s "$tmp/$f" ] && { echo "# $f:"; head -c 600 "$tmp/$f" | sed 's/^/#   /'; echo; }
	done
}
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout 60"

# cap COMMAND...: run it (a hang fails after 60 s) with its output in
# $tmp/out and $tmp/err and its status in $st.
cap() {
	$limit "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
}

# clean FILE: no control byte but newline and tab, and valid UTF-8.
clean() {
	! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$1" &&
		! LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$1" &&
		{ ! command -v iconv >/dev/null 2>&1 ||
			iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }
}

# one_error STATUS NEEDLE: the last command exited STATUS with exactly one
# clean line on standard error, holding NEEDLE.
one_error() {
	[ "$st" = "$1" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && clean "$tmp/err" &&
		grep -qF -- "$2" "$tmp/err"
}

# expect_error NAME STATUS NEEDLE COMMAND...
expect_error() {
	name=$1 want=$2 needle=$3
	shift 3
	cap "$@"
	if one_error "$want" "$needle"; then ok "$name"; else bad "$name (exit $st, wanted $want and '$needle')"; fi
}

# $drop runs a command as nobody when we are root (root reads anything);
# "no" when we cannot.
drop=
if [ "$(id -u)" = 0 ]; then
	drop=no
	command -v setpriv >/dev/null 2>&1 &&
		drop="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi

# A roster with one unit whose name is given (YAML, already quoted).
roster_named() {
	cat <<EOF
units:
  - id: knight
    name: $1
    symbol: K
    class: foot
    move: 5
    dv: 8
    weapons:
      - {name: sword, kind: melee, av: 6}
EOF
}

# A scenario whose roster is the path given, on the line of the
# shipped scenario's roster key.
rline=$(grep -n '^roster:' "$scen" | cut -d: -f1)
scenario_with_roster() {
	sed "s|^roster:.*|roster: $1|" "$scen"
}

# ---------------------------------------------------------------------
# Data files
# ---------------------------------------------------------------------
d=$tmp/data
mkdir -p "$d"

yes '# a comment line that pads the file to a hundred megabytes' |
	head -c 104857600 >"$d/huge.yaml"
expect_error "a 100 MB file is refused before it is read" 2 \
	"huge.yaml: cannot read: larger than 16 MiB" "$bin" check "$d/huge.yaml"
rm -f "$d/huge.yaml"

awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]"; print "" }' >"$d/deep.yaml"
expect_error "YAML nested 100,000 deep" 2 "deep.yaml:1:65: nesting is too deep (at most 64)" \
	"$bin" check "$d/deep.yaml"
awk 'BEGIN { for (i = 0; i < 2000; i++) { for (j = 0; j < i; j++) printf " "; print "a:" } }' >"$d/deepblock.yaml"
expect_error "block YAML nested 2,000 deep" 2 "deepblock.yaml:65:65: nesting is too deep (at most 64)" \
	"$bin" check "$d/deepblock.yaml"

{
	echo 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'
	prev=a
	for n in b c d e f g h i; do
		echo "$n: &$n [*$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev, *$prev]"
		prev=$n
	done
} >"$d/bomb.yaml"
expect_error "an alias bomb (billion laughs)" 2 "bomb.yaml:1:4: anchors are not supported" \
	"$bin" check "$d/bomb.yaml"
printf 'units: *nowhere\n' >"$d/alias.yaml"
expect_error "an alias" 2 "alias.yaml:1:8: aliases are not supported" "$bin" check "$d/alias.yaml"

awk 'BEGIN { for (i = 0; i < 100000; i++) print "k" i ": 1" }' >"$d/keys.yaml"
expect_error "a 1 MB mapping of 100,000 keys" 2 \
	"keys.yaml:10001:1: too many entries in one mapping (at most 10000)" "$bin" check "$d/keys.yaml"
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "key" i ": 1" }' >"$d/keys10.yaml"
expect_error "a 10 MB mapping of 1,000,000 keys" 2 \
	"keys10.yaml:10001:1: too many entries in one mapping (at most 10000)" "$bin" check "$d/keys10.yaml"
awk 'BEGIN { print "seq:"; for (i = 0; i < 100000; i++) print "  - " i }' >"$d/items.yaml"
expect_error "a sequence of 100,000 items" 2 \
	"items.yaml:10002:5: too many entries in one sequence (at most 10000)" "$bin" check "$d/items.yaml"
awk 'BEGIN { printf "a: ["; for (i = 0; i < 150; i++) { printf "%s[", i ? "," : ""
	for (j = 0; j < 9999; j++) printf "%s1", j ? "," : ""; printf "]" }; print "]" }' >"$d/values.yaml"
expect_error "1.5 million values in nested sequences" 2 \
	"too many values in one file (at most 200000)" "$bin" check "$d/values.yaml"
awk 'BEGIN { for (i = 0; i < 9999; i++) print "k" i ": 1"; print "k5: 2" }' >"$d/dup.yaml"
expect_error "a duplicate key at the end of 10,000" 2 "dup.yaml:10000:1: duplicate key 'k5'" \
	"$bin" check "$d/dup.yaml"
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "- - |\n    x\n" }' >"$d/literals.yaml"
expect_error "thousands of literal blocks" 2 "literals.yaml:1:1: expected a mapping, found a sequence" \
	"$bin" check "$d/literals.yaml"

awk -v r="$roster" 'BEGIN {
	row = ""; for (i = 0; i < 100000; i++) row = row "."
	print "name: Wide"; print "roster: " r; print "rounds: 3"
	print "grid: |"; print "  " row; print "  " row
	print "teams: []"
}' >"$d/wide.yaml"
expect_error "a map 100,000 columns wide" 2 "wide.yaml:4:7: the grid is 100000 x 2, at most 1024 x 1024" \
	"$bin" check "$d/wide.yaml"

roster_named '"Gate\0house"' >"$d/nul-escape.yaml"
expect_error "a NUL written as \\0 in a name" 2 \
	"nul-escape.yaml:3:11: a NUL character (\\0) cannot be in a value" "$bin" check "$d/nul-escape.yaml"
roster_named 'Gatehouse' | sed "s/Gatehouse/Gate$(printf '\001')house/" | tr '\001' '\000' >"$d/nul-raw.yaml"
expect_error "a raw NUL byte in a name" 2 "nul-raw.yaml:3:15: control characters are not allowed" \
	"$bin" check "$d/nul-raw.yaml"
roster_named "Gate$(printf '\377')house" >"$d/utf8.yaml"
expect_error "invalid UTF-8 in a name" 2 "utf8.yaml:3:15: invalid leading UTF-8 octet (byte 0xFF)" \
	"$bin" check "$d/utf8.yaml"
roster_named '"Gate\x9bhouse"' >"$d/c1.yaml"
expect_error "a C1 control character in a name" 2 \
	'c1.yaml:3:11: unit type name "Gate\xc2\x9bhouse" holds U+009B, a control character' \
	"$bin" check "$d/c1.yaml"
# Names that print alike, or turn the line around: invisible format
# characters (Unicode's Cf) are refused in every name, and the message
# names the code point and shows it escaped (never the raw character).
tline=$(grep -n '^  - name: Red$' "$scen" | cut -d: -f1)
sed "s|^  - name: Red\$|  - name: \"Red\\\\u200b\"|; s|^roster:.*|roster: $roster|" "$scen" >"$d/zwsp.yaml"
expect_error "a zero-width space in a team name" 2 \
	"zwsp.yaml:$tline:11: team name \"Red\\u200b\" holds U+200B ZERO WIDTH SPACE, an invisible format character" \
	"$bin" check "$d/zwsp.yaml"
roster_named '"Knight\u202e\u2066x"' >"$d/bidi.yaml"
expect_error "bidi controls in a unit type's name" 2 \
	'bidi.yaml:3:11: unit type name "Knight\u202e\u2066x" holds U+202E RIGHT-TO-LEFT OVERRIDE, an invisible format character' \
	"$bin" check "$d/bidi.yaml"
LC_ALL=C grep -q "$(printf '\342\200[\213-\217\252-\256]')" "$tmp/err" &&
	bad "a format character was printed raw"
# A name too long is said in bytes, and its quote never cuts a character.
long=$(i=0; while [ $i -lt 45 ]; do printf 'Ś'; i=$((i + 1)); done)
roster_named "$long" >"$d/long.yaml"
cut37=$(printf '%s' "$long" | cut -c1-74)
expect_error "a name too long: said in bytes, quoted in whole characters" 2 \
	"long.yaml:3:11: expected a string of at most 47 bytes (UTF-8), found '$cut37...', 90 bytes" \
	"$bin" check "$d/long.yaml"
printf '"\\e[2J\\e]0;pwned\\a": 1\n' >"$d/escape.yaml"
expect_error "terminal escapes in a key are not echoed raw" 2 \
	"escape.yaml:1:1: not a roster: none of its keys is units or chart" "$bin" check "$d/escape.yaml"
# A name typed on the command line is escaped in the host's refusal too.
expect_error "terminal escapes in host's scenario name are escaped" 2 \
	"medsiege host: gate\\x1b[2Jx: no such file or installed scenario" "$bin" host "$(printf 'gate\033[2Jx')" --detach
expect_error "terminal escapes in los's team name are escaped" 2 \
	"medsiege los: no team 'Re\\x1bd'; teams: Red Blue" "$bin" los "$scen" r1 b1 --team "$(printf 'Re\033d')"
printf 'units: []\n"\\e[2J\\e]0;pwned\\a": 1\n' >"$d/escape2.yaml"
expect_error "terminal escapes in a roster's key are escaped" 2 \
	"escape2.yaml:2:1: unknown key '\\x1b[2J\\x1b]0;pwned\\x07' in roster" "$bin" check "$d/escape2.yaml"

# A file that is no roster at all: none of its content is quoted.
printf 'root:$6$s3cr3tHASH:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n' >"$d/shadow"
scenario_with_roster "$d/shadow" >"$d/shadow.yaml"
expect_error "a password file as roster: its lines are not quoted" 2 \
	"shadow:1:1: not a roster: none of its keys is units or chart" "$bin" check "$d/shadow.yaml"
grep -q s3cr3t "$tmp/err" && bad "the password file's hash was printed"
printf 'root:x:0:0:s3cr3t gecos:/root:/bin/bash\n' >"$d/passwd"
expect_error "a file of one line of text: not quoted" 2 \
	"passwd:1:1: expected a mapping, found text" "$bin" check "$d/passwd"
grep -q s3cr3t "$tmp/err" && bad "the text file's line was printed"

# Roster paths that are no file to read.
ln -s loop-b "$d/loop-a"
ln -s loop-a "$d/loop-b"
scenario_with_roster "$d/loop-a" >"$d/loop.yaml"
expect_error "a roster that is a symlink loop" 2 \
	"loop.yaml:$rline:9: cannot open roster '$d/loop-a': Too many levels of symbolic links" \
	"$bin" check "$d/loop.yaml"
mkfifo "$d/fifo"
scenario_with_roster "$d/fifo" >"$d/fifo.yaml"
expect_error "a roster that is a FIFO" 2 \
	"fifo.yaml:$rline:9: cannot open roster '$d/fifo': not a regular file (a FIFO)" \
	"$bin" check "$d/fifo.yaml"
expect_error "check FIFO" 2 "fifo: cannot read: not a regular file (a FIFO)" "$bin" check "$d/fifo"
scenario_with_roster "$d" >"$d/dir.yaml"
expect_error "a roster that is a directory" 2 \
	"dir.yaml:$rline:9: cannot open roster '$d': not a regular file (a directory)" \
	"$bin" check "$d/dir.yaml"
scenario_with_roster /dev/zero >"$d/zero.yaml"
expect_error "a roster that is /dev/zero" 2 \
	"zero.yaml:$rline:9: cannot open roster '/dev/zero': not a regular file (a character device)" \
	"$bin" check "$d/zero.yaml"
expect_error "check /dev/zero" 2 "/dev/zero: cannot read: not a regular file (a character device)" \
	"$bin" check /dev/zero
expect_error "check /dev/urandom" 2 "/dev/urandom: cannot read: not a regular file (a character device)" \
	"$bin" check /dev/urandom
cp "$roster" "$d/secret.yaml"
chmod 0 "$d/secret.yaml"
scenario_with_roster "$d/secret.yaml" >"$d/secret-scen.yaml"
chmod 755 "$tmp" "$d"
if [ "$drop" = no ]; then
	ok "an unreadable roster # SKIP no way to drop privileges"
elif cap $drop "$bin" check "$d/secret-scen.yaml" &&
	one_error 2 "secret-scen.yaml:$rline:9: cannot open roster '$d/secret.yaml': Permission denied"; then
	ok "an unreadable roster"
else
	bad "an unreadable roster (exit $st)"
fi

# ---------------------------------------------------------------------
# Scripts and command lines
# ---------------------------------------------------------------------
expect_error "run --script /dev/zero" 1 "/dev/zero:1: a NUL byte: not a script" \
	"$bin" run "$scen" --seed 1 --keep-going --script /dev/zero
expect_error "run --script DIR" 1 "cannot read: Is a directory" \
	"$bin" run "$scen" --seed 1 --keep-going --script "$d"

{
	echo "move r8 n"
	head -c 1048576 /dev/zero | tr '\0' x
	echo
	echo "end"
} >"$d/long.script"
rm -rf "$tmp/state"
expect_error "a 1 MB command line" 1 "long.script:2: a line longer than 1023 bytes: not a script" \
	"$bin" run "$scen" --seed 1 --save --keep-going --script "$d/long.script"
save=$(ls "$tmp"/state/medsiege/*.save 2>/dev/null | head -n 1)
if [ -n "$save" ] && [ "$(grep -v '^#' "$save")" = "move r8 n" ]; then
	ok "a 1 MB command line: the command before it is saved"
else
	bad "a 1 MB command line: the command before it is saved"
fi

printf 'move r1 \033[2J\033]0;pwned\007 n\n' >"$d/esc.script"
cap "$bin" run "$scen" --seed 1 --keep-going --script "$d/esc.script"
if clean "$tmp/out" && grep -qF 'error: line 1: move r1 \x1b[2J\x1b]0;pwned\x07 n: a command cannot hold control characters' "$tmp/out"; then
	ok "control bytes in a script line are escaped in its error"
else
	bad "control bytes in a script line are escaped in its error"
fi
printf 'move \377\376 n\nfight r1 \303\n' >"$d/utf8.script"
cap "$bin" run "$scen" --seed 1 --json --keep-going --script "$d/utf8.script"
if clean "$tmp/out" && grep -qF '"command":"move \ufffd\ufffd n"' "$tmp/out"; then
	ok "--json: invalid UTF-8 from a script comes out as U+FFFD"
else
	bad "--json: invalid UTF-8 from a script comes out as U+FFFD"
fi
cap "$bin" run "$scen" --seed 1 --keep-going --script "$d/utf8.script"
if clean "$tmp/out" && grep -qF "error: line 1: move \\xff\\xfe n: no unit '\\xff\\xfe'" "$tmp/out"; then
	ok "invalid UTF-8 from a script is escaped in text"
else
	bad "invalid UTF-8 from a script is escaped in text"
fi

# A carriage return inside a command: refused, so resume and replay agree.
rm -rf "$tmp/state"
printf 'move r2\rn n\nmove r3 n\nend\nend\n' >"$d/cr.script"
cap "$bin" run "$scen" --seed 1 --save --keep-going --script "$d/cr.script"
save=$(ls "$tmp"/state/medsiege/*.save 2>/dev/null | head -n 1)
grep -qF "a command cannot hold control characters" "$tmp/out" && clean "$tmp/out" &&
	ok "a carriage return inside a command is refused" ||
	bad "a carriage return inside a command is refused"
cap "$bin" run --resume "$save"
resumed=$(tail -n 16 "$tmp/out")
resume_err=$(cat "$tmp/err")
cap "$bin" run "$save"
if [ -n "$save" ] && [ -z "$resume_err" ] && [ "$resumed" = "$(tail -n 16 "$tmp/out")" ]; then
	ok "a carriage return inside a command: resume and replay agree"
else
	bad "a carriage return inside a command: resume and replay agree ($resume_err)"
fi

# ---------------------------------------------------------------------
# Saves
# ---------------------------------------------------------------------
mkdir -p "$d/dir.save"
expect_error "run --resume DIR" 2 "dir.save: cannot read: not a regular file (a directory)" \
	"$bin" run --resume "$d/dir.save"
mkfifo "$d/fifo.save"
expect_error "run FIFO.save" 2 "fifo.save: cannot read: not a regular file (a FIFO)" \
	"$bin" run "$d/fifo.save"
expect_error "run --resume FIFO.save" 2 "fifo.save: cannot read: not a regular file (a FIFO)" \
	"$bin" run --resume "$d/fifo.save"

# The commands of a long game, every one accepted: the game as saved.
rm -rf "$tmp/state"
"$bin" run "$scen" --seed 7 --save --keep-going --script "$srcdir/tests/golden/gatehouse-siege.script" >/dev/null
grep -v '^#' "$tmp"/state/medsiege/*.save >"$tmp/cmds"
total=$(wc -l <"$tmp/cmds")
"$bin" run "$scen" --seed 7 --keep-going --script "$tmp/cmds" | tail -n 16 >"$tmp/clean.state"

# newest_save: the newest save in the state folder.
newest_save() { ls -t "$tmp"/state/medsiege/*.save 2>/dev/null | head -n 1; }
# saved_cmds SAVE: its whole command lines (a cut last line left out).
saved_cmds() { head -n "$(wc -l <"$1")" "$1" | grep -vc '^#'; }
# resumes_clean SAVE: resumed with the commands it lacks, the game ends
# as the game played without a break, and so does its save replayed.
# The commands and the final state are those of $cmds and $clean_state.
cmds=$tmp/cmds clean_state=$tmp/clean.state
resumes_clean() {
	k=$(saved_cmds "$1")
	tail -n +"$((k + 1))" "$cmds" >"$tmp/rest"
	"$bin" run --resume "$1" --keep-going --script "$tmp/rest" 2>"$tmp/resume.err" | tail -n 16 >"$tmp/resumed" &&
		cmp -s "$tmp/resumed" "$clean_state" || return 1
	# A damaged save goes on in a new one, which the resume names.
	[ "$2" = noreplay ] && return 0
	went_on=$(sed -n 's/.*continuing in //p' "$tmp/resume.err")
	"$bin" run "${went_on:-$1}" | tail -n 16 | cmp -s - "$clean_state"
}

# Two players of one save: the second is told, and the save is untouched.
rm -rf "$tmp/state" "$tmp/fifo"
mkfifo "$tmp/fifo"
"$bin" run "$scen" --seed 7 --save --keep-going --script - <"$tmp/fifo" >"$tmp/first.out" 2>&1 &
pid=$!
exec 3>"$tmp/fifo"
head -n 5 "$tmp/cmds" >&3
echo "sync-marker" >&3
i=0
while ! grep -q sync-marker "$tmp/first.out" && [ $i -lt 3000 ]; do sleep 0.02; i=$((i + 1)); done
save=$(newest_save)
before=$(cat "$save")
expect_error "a save open elsewhere is not resumed" 2 "is open elsewhere" \
	"$bin" run --resume "$save" --keep-going --script "$tmp/cmds"
[ "$(cat "$save")" = "$before" ] && ok "a save open elsewhere is left as it was" ||
	bad "a save open elsewhere is left as it was"
tail -n +6 "$tmp/cmds" >&3
exec 3>&-
wait $pid
if tail -n 16 "$tmp/first.out" | cmp -s - "$tmp/clean.state" && resumes_clean "$save"; then
	ok "the game that holds the save plays on and keeps it whole"
else
	bad "the game that holds the save plays on and keeps it whole"
fi

# A full disk (the fault hook): said at once, the save ends on a whole
# line, and resuming it loses nothing that was saved.
rm -rf "$tmp/state"
cap env MEDSIEGE_TEST_JOURNAL_FAULT=enospc:40:5 "$bin" run "$scen" --seed 7 --save --keep-going --script "$tmp/cmds"
save=$(newest_save)
if one_error 1 "saving stopped: cannot write: No space left on device ($save)" &&
	[ "$(tail -c 1 "$save" | od -An -c | tr -d ' ')" = '\n' ] && [ "$(saved_cmds "$save")" -ge 30 ] &&
	resumes_clean "$save"; then
	ok "a full disk mid-game: said on stderr, exit 1, the save whole up to there"
else
	bad "a full disk mid-game"
fi
rm -rf "$tmp/state"
cap env MEDSIEGE_TEST_JOURNAL_FAULT=enospc:1 "$bin" run "$scen" --seed 7 --save --json --keep-going --script "$tmp/cmds"
if one_error 1 "this game is not being saved: " && grep -qF "No space left on device" "$tmp/err" &&
	[ -z "$(ls "$tmp/state/medsiege")" ] && head -n 1 "$tmp/out" | grep -qv '"save"'; then
	ok "a full disk at the start: no empty save is left, it says so, exit 1"
else
	bad "a full disk at the start"
fi

# The same on a real small disk, when we may mount one: a 64 KiB tmpfs
# filled up but for one page, so that the save fills it mid-game.
faces() { i=0; while [ $i -lt 300 ]; do echo "face r1 ne"; echo "face r1 n"; i=$((i + 1)); done; }
faces | cat - "$tmp/cmds" >"$tmp/cmds-long"
mkdir -p "$tmp/disk"
cat >"$tmp/disk.sh" <<EOF
mount -t tmpfs -o size=64k tmpfs "$tmp/disk" || exit 77
mkdir -p "$tmp/disk/medsiege"
dd if=/dev/zero of="$tmp/disk/filler" bs=4096 2>/dev/null
truncate -s -4096 "$tmp/disk/filler" || exit 77
XDG_STATE_HOME="$tmp/disk" "$bin" run "$scen" --seed 7 --save --keep-going --script "$tmp/cmds-long" >"$tmp/out" 2>"$tmp/err"
echo \$? >"$tmp/disk.st"
cp "$tmp"/disk/medsiege/*.save "$tmp/disk.save"
umount "$tmp/disk"
EOF
# A mount of our own, gone with its namespace.
if [ "$(id -u)" = 0 ]; then
	unshare -m sh "$tmp/disk.sh" >/dev/null 2>&1
else
	unshare -rm sh "$tmp/disk.sh" >/dev/null 2>&1
fi
if [ ! -f "$tmp/disk.st" ] || [ ! -f "$tmp/disk.save" ]; then
	ok "a full tmpfs mid-game # SKIP cannot mount a tmpfs here"
else
	st=$(cat "$tmp/disk.st")
	"$bin" run "$scen" --seed 7 --keep-going --script "$tmp/cmds-long" | tail -n 16 >"$tmp/clean-long.state"
	k=$(saved_cmds "$tmp/disk.save")
	if one_error 1 "cannot write: No space left on device" && [ "$k" -gt 300 ] &&
		[ "$(tail -c 1 "$tmp/disk.save" | od -An -c | tr -d ' ')" = '\n' ] &&
		{ cmds=$tmp/cmds-long clean_state=$tmp/clean-long.state; resumes_clean "$tmp/disk.save"; }; then
		ok "a full tmpfs mid-game: said, exit 1, the save whole up to there ($k commands)"
	else
		bad "a full tmpfs mid-game"
	fi
	cmds=$tmp/cmds clean_state=$tmp/clean.state
fi

# The state folder vanishes, or turns read-only, in the middle of a game.
# feed_game K ACTION: play the first K commands through a pipe, do ACTION,
# then the rest; the output in $tmp/game.out and $tmp/game.err.
feed_game() {
	rm -f "$tmp/fifo"
	mkfifo "$tmp/fifo"
	$2 "$bin" run "$scen" --seed 7 --save --keep-going --script - <"$tmp/fifo" >"$tmp/game.out" 2>"$tmp/game.err" &
	pid=$!
	exec 3>"$tmp/fifo"
	head -n "$1" "$tmp/cmds" >&3
	echo "sync-marker" >&3
	i=0
	while ! grep -q sync-marker "$tmp/game.out" && [ $i -lt 3000 ]; do sleep 0.02; i=$((i + 1)); done
	save=$(newest_save)
	eval "$3"
	tail -n +"$(($1 + 1))" "$tmp/cmds" >&3
	exec 3>&-
	wait $pid
}
rm -rf "$tmp/state"
feed_game 20 "" 'rm -rf "$tmp/state"'
if [ -f "$save" ] && grep -qF "the save had vanished; written again in full" "$tmp/game.err" &&
	[ "$(saved_cmds "$save")" = "$total" ] && "$bin" run "$save" | tail -n 16 | cmp -s - "$tmp/clean.state"; then
	ok "the state folder removed mid-game: the save is written again, whole"
else
	bad "the state folder removed mid-game"
	cat "$tmp/game.err"
fi
rm -rf "$tmp/state"
mkdir -p "$tmp/state"
chmod 777 "$tmp/state"
if [ "$drop" = no ]; then
	ok "the state folder read-only mid-game # SKIP no way to drop privileges"
else
	feed_game 20 "$drop" 'chmod 500 "$tmp/state/medsiege"; chmod 400 "$save"'
	chmod 700 "$tmp/state/medsiege"
	if [ "$(saved_cmds "$save")" = "$total" ] && [ ! -s "$tmp/game.err" ] &&
		"$bin" run "$save" | tail -n 16 | cmp -s - "$tmp/clean.state"; then
		ok "the state folder read-only mid-game: the game goes on saving"
	else
		bad "the state folder read-only mid-game"
		cat "$tmp/game.err"
	fi
fi

# SIGKILL at every write to the save (so before every command), and
# half-way through one in four (a cut line). Resumed with the commands the
# save lacks, the game ends as the unbroken game; the saves with a cut
# line, and one in eight of the others, are replayed too once whole, and
# end the same.
rm -rf "$tmp/state"
"$bin" run "$scen" --seed 7 --save --keep-going --script "$tmp/cmds" >/dev/null
# The header (up to its "# started:" line) is one write, every line after
# it one more.
header=$(sed -n '/^# started:/=' "$(newest_save)")
writes=$(($(wc -l <"$(newest_save)") - header + 1))
lost=
n=2
while [ $n -le "$writes" ]; do
	for b in 0 3; do
		[ $b = 3 ] && [ $((n % 4)) != 1 ] && continue
		rm -rf "$tmp/state"
		MEDSIEGE_TEST_JOURNAL_FAULT=kill:$n:$b $limit "$bin" run "$scen" --seed 7 --save \
			--script "$tmp/cmds" >/dev/null 2>&1
		killed=$? # 137: by SIGKILL, as the hook was told
		replay=noreplay
		{ [ $b = 3 ] || [ $((n % 8)) = 1 ]; } && replay=
		if [ $killed -ne 137 ] || ! resumes_clean "$(newest_save)" $replay; then
			lost="$lost $n:$b"
		fi
	done
	n=$((n + 1))
done
if [ -z "$lost" ]; then
	ok "killed at each of $writes writes (and half-way through a quarter): every resume ends as the unbroken game"
else
	fail=$((fail + 1))
	printf 'not ok - %s\n' "killed at a write, resumed: different games after kill:N:B =$lost"
fi

# Saves that are not the game they recorded: edited, cut short at the
# end, or of a scenario changed since. Every reader refuses them (exit 2,
# one line naming the save), and --force goes on, saying so once.
rm -rf "$tmp/state"
"$bin" run "$scen" --seed 7 --save --keep-going --script "$tmp/cmds" >/dev/null
save=$(newest_save)
# The 6th command (in round 1, r6's move of four steps) changed to a
# shorter move that still applies: round 2's hash tells.
awk '!/^#/ && ++n == 6 { $0 = "move r6 n" } { print }' "$save" >"$tmp/edited.save"
check_line=$(grep -n '^# round 2 hash' "$save" | cut -d: -f1)
diverged="edited.save:$((check_line - 1)): the replay diverged at round 2"
expect_error "run SAVE: an edited save is refused" 2 "$diverged" "$bin" run "$tmp/edited.save"
expect_error "replay SAVE: an edited save is refused" 2 "$diverged" "$bin" replay "$tmp/edited.save"
expect_error "run --resume: an edited save is refused" 2 "$diverged" "$bin" run --resume "$tmp/edited.save"
cap "$bin" run "$tmp/edited.save" --force
if one_error 0 "$diverged" && grep -qF -- "(--force)" "$tmp/err" && tail -n 16 "$tmp/out" | grep -q '^   b7'; then
	ok "run SAVE --force: an edited save is replayed, with one line saying so"
else
	bad "run SAVE --force: an edited save is replayed, with one line saying so"
fi
# The last round's commands gone: no hash follows them, the ending tells.
keep=$(($(grep -vc '^#' "$save") - 3))
awk -v keep="$keep" '/^#/ || ++n <= keep' "$save" >"$tmp/cut.save"
ended="cut.save: the save says the game ended '$(sed -n 's/^# over: //p' "$save")', its replay goes on"
expect_error "run SAVE: a save whose last commands were cut is refused" 2 "$ended" "$bin" run "$tmp/cut.save"
expect_error "replay SAVE: a save whose last commands were cut is refused" 2 "$ended" \
	"$bin" replay "$tmp/cut.save"
# The scenario changed since the game began.
sed "s|^roster:.*|roster: $roster|" "$scen" >"$tmp/scen.yaml"
"$bin" run "$tmp/scen.yaml" --seed 7 --save --keep-going --script "$tmp/cmds" >/dev/null
save=$(newest_save)
sed -i 's/^rounds: 12/rounds: 11/' "$tmp/scen.yaml"
changed="the scenario $tmp/scen.yaml or its roster changed since this game began"
expect_error "run SAVE: a changed scenario is refused" 2 "$changed; replay it anyway with --force" \
	"$bin" run "$save"
expect_error "replay SAVE: a changed scenario is refused" 2 "$changed; replay it anyway with --force" \
	"$bin" replay "$save"
expect_error "run SAVE --force: a changed scenario is said, once" 0 "$changed (--force)" \
	"$bin" run "$save" --force
# Nothing of this touched the saves.
[ "$(grep -vc '^#' "$save")" = "$total" ] && ok "the saves read are left as they were" ||
	bad "the saves read are left as they were"

# run --save that cannot save at all: the game is shown, and exit 1.
mkdir -p "$tmp/nostate"
: >"$tmp/nostate/medsiege" # a file where the folder should be
cap env XDG_STATE_HOME="$tmp/nostate" "$bin" run "$scen" --seed 7 --save --keep-going --script "$tmp/cmds"
if one_error 1 "this game is not being saved" && tail -n 16 "$tmp/out" | grep -q '^   b7'; then
	ok "run --save that cannot save: said, the game shown, exit 1"
else
	bad "run --save that cannot save: said, the game shown, exit 1"
fi

# Every limit of the source is in the man pages' LIMITS, with its value.
man_limits() { awk '/^\.SH LIMITS/ { on = 1; next } on && /^\.SH/ { exit } on' "$1" | sed 's/\\-/-/g'; }
man_limits "$srcdir/man/medsiege.6" >"$tmp/limits6"
man_limits "$srcdir/man/medsiege-scenario.5" >"$tmp/limits5"
missing=
for spec in "src/data/yamltree.c MAX_FILE_SIZE_TEXT 5" "src/data/yamltree.c MAX_DEPTH 5" \
	"src/data/yamltree.c MAX_ITEMS 5" "src/data/yamltree.c MAX_NODES 5" \
	"src/data/scenario_load.c MAX_MAP_SIDE 5" \
	"src/data/scenario_load.c MAX_UNITS 5" "src/cmd/cmd.h CMD_LINE_MAX" \
	"src/save/journal.h JOURNAL_LINE_MAX"; do
	set -- $spec
	value=$(sed -n "s/^#define $2 \"*\([^\"]*\)\"*\$/\1/p" "$srcdir/$1")
	# 10000 is written 10,000
	[ ${#value} -ge 5 ] && value=$(printf '%s' "$value" | sed 's/\([0-9]\)\([0-9]\{3\}\)$/\1,\2/')
	name=${2%_TEXT}
	for page in 6 ${3:-}; do
		{ [ -n "$value" ] && grep -qF -- "$value" "$tmp/limits$page" &&
			grep -qw -- "$name" "$tmp/limits$page"; } || missing="$missing $name($value) in $page"
	done
done
[ -z "$missing" ] && ok "the man pages' LIMITS name every limit, with its value" ||
	bad "the man pages' LIMITS lack:$missing"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
