#!/bin/sh
# The files of src/ui/ in layers, as uipriv.h's opening comment lists
# them: a file calls only functions of its own layer or of a lower one,
# and the files of one layer call each other in no circle. The calls are
# read from the objects make built (nm: each file's defined and undefined
# symbols), so a call in a comment does not count and one through a
# macro does. Every src/ui/*.c must be in the list, once: a new file is
# given its layer there.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${abs_top_builddir:-$srcdir}
NM=${NM:-nm}
LC_ALL=C
export LC_ALL

# file layer, from the list at the end of uipriv.h's opening comment:
# "layer N, NAME: FILE.c..." and lines of more FILE.c after it.
table=$(awk 'function files() { for (i = 1; i <= NF; i++) if ($i ~ /\.c$/) {
		f = $i; sub(/\.c$/, "", f); print f, layer } }
	/\*\// { exit }
	/^ \* +layer [0-9]+, [^:]*:/ {
		layer = $3; sub(/,$/, "", layer); sub(/^[^:]*:/, ""); files()
		list = 1; next
	}
	list && /^ \* +([a-z0-9_]+\.c *)+$/ { files(); next }
	{ list = 0 }' \
	"$srcdir/src/ui/uipriv.h")

if ! command -v "$NM" >/dev/null 2>&1; then
	echo "SKIP: $NM is not installed"
	exit 77
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0

printf '%s\n' "$table" | awk 'NF == 2' | sort >"$tmp/layers"
for f in $(cut -d' ' -f1 "$tmp/layers" | uniq -d); do
	echo "not ok - uipriv.h lists src/ui/$f.c in more than one place"
	fail=1
done
ls "$srcdir"/src/ui/*.c | sed 's|.*/||; s|\.c$||' | sort >"$tmp/files"
for f in $(join -v 1 "$tmp/files" "$tmp/layers"); do
	echo "not ok - src/ui/$f.c has no layer: give it one in uipriv.h's list"
	fail=1
done
for f in $(join -v 2 "$tmp/files" "$tmp/layers" | cut -d' ' -f1); do
	echo "not ok - uipriv.h's list names src/ui/$f.c, which is not there"
	fail=1
done

# Each file's wanted (U) and defined (T, D, B, R...) symbols.
: >"$tmp/syms"
for f in $(cat "$tmp/files"); do
	# (named after the library when it has flags of its own)
	o=$builddir/src/ui/$f.o
	[ -f "$o" ] || o=$builddir/src/ui/libmedsiege_a-$f.o
	if [ ! -f "$o" ]; then
		echo "not ok - no $builddir/src/ui/$f.o: build first (make)"
		fail=1
		continue
	fi
	"$NM" "$o" | awk -v f="$f" '$1 == "U" { print "U", $2, f }
		NF == 3 && $2 ~ /^[TDBRGSCVW]$/ { print "D", $3, f }' >>"$tmp/syms"
done
awk '$1 == "U" { print $2, $3 }' "$tmp/syms" | sort >"$tmp/uses"
awk '$1 == "D" { print $2, $3 }' "$tmp/syms" | sort >"$tmp/defs"

# caller callee symbol, one line a call between two files.
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $2, $3, $1 }' |
	sort -u >"$tmp/calls"

# Upward calls.
awk 'NR == FNR { layer[$1] = $2; next }
	($1 in layer) && ($2 in layer) && layer[$2] > layer[$1] {
		printf "not ok - src/ui/%s.c (layer %d) calls %s of src/ui/%s.c (layer %d)\n",
			$1, layer[$1], $3, $2, layer[$2]
	}' "$tmp/layers" "$tmp/calls" >"$tmp/up"
if [ -s "$tmp/up" ]; then
	cat "$tmp/up"
	fail=1
else
	echo "ok - no file of src/ui calls a file of a higher layer"
fi

# Circles within a layer: two files that reach each other through calls
# to files of their layer.
awk 'NR == FNR { layer[$1] = $2; next }
	($1 in layer) && ($2 in layer) && layer[$1] == layer[$2] {
		reach[$1, $2] = 1; files[$1] = 1; files[$2] = 1
	}
	END {
		for (k in files) for (i in files) if ((i, k) in reach)
			for (j in files) if ((k, j) in reach) reach[i, j] = 1
		for (i in files) for (j in files)
			if (i < j && (i, j) in reach && (j, i) in reach)
				printf "not ok - src/ui/%s.c and src/ui/%s.c reach each other (layer %d)\n",
					i, j, layer[i]
	}' "$tmp/layers" "$tmp/calls" | sort >"$tmp/circles"
if [ -s "$tmp/circles" ]; then
	cat "$tmp/circles"
	fail=1
else
	echo "ok - no circle of calls among the files of one layer"
fi
exit $fail
