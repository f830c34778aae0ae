#!/bin/sh
# Every long option a subcommand's --help lists must be in that
# subcommand's part of man/medsiege.6, and every long option that part
# names must be in the --help: the subsection '.SS medsiege' for the game
# ('medsiege SCENARIO --help'), '.SS medsiege run' for 'medsiege run
# --help', and so on, each up to the next .SS or .SH. --help itself is left
# out of the comparison: every subcommand takes it, and 'check --help' does
# not list it. One ok/not ok line per subcommand.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
page=$srcdir/man/medsiege.6
LC_ALL=C
export LC_ALL

tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-help-vs-man.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# The long options (--word) in a text, one a line, sorted, without --help.
long_options() {
	grep -o -e '--[a-z][a-z0-9-]*' | sed 's/-*$//' | grep -vx -e '--help' |
		sort -u
}

# The lines of the subsection headed '.SS TITLE' (title quoted or not).
man_section() {
	awk -v t="$1" '
		$0 == ".SS " t || $0 == ".SS \"" t "\"" { on = 1; next }
		on && /^\.S[SH]([ \t]|$)/ { exit }
		on { print }
	' "$page"
}

pass=0 fail=0
# check NAME TITLE ARGS...: NAME's --help, from running ARGS, against the
# man page subsection TITLE.
check() {
	name=$1 title=$2
	shift 2
	if ! "$bin" "$@" >"$tmp/help" 2>&1 || [ ! -s "$tmp/help" ]; then
		fail=$((fail + 1))
		echo "not ok - $name: '$*' does not print its help and exit 0"
		return
	fi
	man_section "$title" >"$tmp/section"
	if [ ! -s "$tmp/section" ]; then
		fail=$((fail + 1))
		echo "not ok - $name: no subsection '.SS $title' in $page"
		return
	fi
	long_options <"$tmp/help" >"$tmp/h"
	# Roff writes a minus as \-; \% and font changes do not split a word.
	sed 's/\\-/-/g' "$tmp/section" | long_options >"$tmp/m"
	only_help=$(comm -23 "$tmp/h" "$tmp/m" | tr '\n' ' ')
	only_man=$(comm -13 "$tmp/h" "$tmp/m" | tr '\n' ' ')
	if [ -z "$only_help$only_man" ]; then
		pass=$((pass + 1))
		echo "ok - $name: $(tr '\n' ' ' <"$tmp/h")"
		return
	fi
	fail=$((fail + 1))
	echo "not ok - $name"
	[ -n "$only_help" ] &&
		echo "#   in '$*' but not in '.SS $title': $only_help"
	[ -n "$only_man" ] &&
		echo "#   in '.SS $title' but not in '$*': $only_man"
}

if [ ! -x "$bin" ] || [ ! -r "$page" ]; then
	echo "not ok - help-vs-man: need $bin and $page"
	echo "0 passed, 1 failed"
	exit 1
fi

check play "medsiege" gatehouse --help
check run "medsiege run" run --help
check view "medsiege view" view --help
check odds "medsiege odds" odds --help
check los "medsiege los" los --help
check reach "medsiege reach" reach --help
check check "medsiege check" check --help
check sim "medsiege sim" sim --help
check host "medsiege host" host --help
check replay "medsiege replay" replay --help

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
