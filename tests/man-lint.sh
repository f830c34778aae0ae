#!/bin/sh
# Both man pages must be clean: no message from 'mandoc -Tlint' and no
# warning from 'groff -man -ww -z'. Skipped (77) without mandoc.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
pages="man/medsiege.6 man/medsiege-scenario.5"

if ! command -v mandoc >/dev/null 2>&1; then
	echo "SKIP: mandoc is not installed"
	exit 77
fi
have_groff=yes
command -v groff >/dev/null 2>&1 || have_groff=no

pass=0 fail=0
for page in $pages; do
	out=$(mandoc -Tlint "$srcdir/$page" 2>&1)
	st=$?
	if [ "$st" -eq 0 ] && [ -z "$out" ]; then
		pass=$((pass + 1)); echo "ok - mandoc -Tlint $page"
	else
		fail=$((fail + 1)); echo "not ok - mandoc -Tlint $page (exit $st)"
		printf '%s\n' "$out"
	fi
	if [ "$have_groff" = no ]; then
		echo "ok - groff -man -ww -z $page # SKIP groff is not installed"
		continue
	fi
	out=$(groff -man -ww -z "$srcdir/$page" 2>&1)
	st=$?
	if [ "$st" -eq 0 ] && [ -z "$out" ]; then
		pass=$((pass + 1)); echo "ok - groff -man -ww -z $page"
	else
		fail=$((fail + 1)); echo "not ok - groff -man -ww -z $page (exit $st)"
		printf '%s\n' "$out"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
