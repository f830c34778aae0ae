#!/bin/sh
# The complete example scenario of man/medsiege-scenario.5 (the lines
# between '.\" BEGIN EXAMPLE' and '.\" END EXAMPLE') must be accepted by
# 'medsiege check', with the standard roster beside it.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
page=$srcdir/man/medsiege-scenario.5

tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-man-example.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# Drop the marker lines, then undo the roff escapes the example may use.
sed -n '/^\.\\" BEGIN EXAMPLE/,/^\.\\" END EXAMPLE/p' "$page" |
	sed -e '1d' -e '$d' \
	    -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' \
	    -e 's/\\&//g' -e 's/\\e/\\/g' > "$tmp/example.yaml"
cp "$srcdir/units/standard.yaml" "$tmp/standard.yaml"

if [ ! -s "$tmp/example.yaml" ]; then
	echo "not ok - man-example: no example between the markers in $page"
	echo "0 passed, 1 failed"
	exit 1
fi
if got=$(cd "$tmp" && "$bin" check example.yaml 2>&1); then
	echo "ok - man-example: $got"
	echo "1 passed, 0 failed"
	exit 0
fi
echo "not ok - man-example: medsiege check rejects the example of $page:"
printf '%s\n' "$got"
echo "--- the example as extracted:"
cat -n "$tmp/example.yaml"
echo "0 passed, 1 failed"
exit 1
