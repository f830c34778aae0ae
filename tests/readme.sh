#!/bin/sh
# Every command README.md shows as "$ ./medsiege ..." (or a pipe through
# it), run as written from the top of the tree: it must exit 0 and print
# exactly the lines shown under it. The designer's loop, whose outputs the
# README shows in part, is tests/designer.sh's; fenced blocks (the screen,
# the YAML) are no commands.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
readme=$srcdir/README.md
pass=0 fail=0

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-readme.XXXXXX") || exit 1
trap 'rm -rf "$tmpd"' EXIT

# The commands and their outputs: tmpd/cmd.N and tmpd/want.N.
awk -v d="$tmpd" '
	/^<!-- the designer.s loop/ { loop = 1 }
	/^<!-- end of the designer.s loop/ { loop = 0; next }
	/^```/ { fence = !fence; next }
	loop || fence { next }
	/^    \$ / && /\.\/medsiege / {
		n++
		print substr($0, 7) > (d "/cmd." n)
		printf "" > (d "/want." n)
		out = 1
		next
	}
	/^    / && out && !/^    \$ / { print substr($0, 5) > (d "/want." n); next }
	{ out = 0 }
	END { print n + 0 > (d "/count") }
' "$readme"
n=$(cat "$tmpd/count")

k=1
while [ "$k" -le "$n" ]; do
	cmd=$(cat "$tmpd/cmd.$k")
	# The program under test stands for ./medsiege.
	run=$(printf '%s\n' "$cmd" | sed "s|\./medsiege |'$bin' |g")
	(cd "$srcdir" && sh -c "$run") >"$tmpd/got.$k" 2>&1
	st=$?
	if [ "$st" = 0 ] && cmp -s "$tmpd/want.$k" "$tmpd/got.$k"; then
		pass=$((pass + 1)) && printf 'ok - README: %s\n' "$cmd"
	else
		fail=$((fail + 1)) && printf 'not ok - README: %s (exit %s)\n' "$cmd" "$st"
		diff "$tmpd/want.$k" "$tmpd/got.$k" | head -n 10
	fi
	k=$((k + 1))
done
# The README shows the rules from the shell and a scenario checked and
# seen: fewer commands found means the parsing above went wrong.
if [ "$n" -ge 7 ]; then
	pass=$((pass + 1)) && echo "ok - README: $n commands found outside the designer's loop"
else
	fail=$((fail + 1)) && echo "not ok - README: only $n commands found outside the designer's loop"
fi

echo "# $pass passed, $fail failed"
[ "$fail" = 0 ]
