#!/bin/sh
# What saving costs per command: the same headless game with and without
# its journal (each accepted command appended and fsynced). Prints figures.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEDSIEGE:-$srcdir/medsiege}
n=${1:-2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
: > "$tmp/script"
while [ $i -lt "$n" ]; do
	if [ $((i % 2)) -eq 0 ]; then echo "face r1 e"; else echo "face r1 n"; fi
	i=$((i + 1))
done >> "$tmp/script"
now() { date +%s%N; }
t0=$(now)
"$bin" run "$srcdir/maps/gatehouse.yaml" --seed 1 --script "$tmp/script" > /dev/null
t1=$(now)
XDG_STATE_HOME=$tmp/state "$bin" run "$srcdir/maps/gatehouse.yaml" --seed 1 --script "$tmp/script" --save > /dev/null
t2=$(now)
plain=$(( (t1 - t0) / n ))
saved=$(( (t2 - t1) / n ))
echo "commands:                $n"
echo "per command, no save:    $((plain / 1000)) us"
echo "per command, with save:  $((saved / 1000)) us (journal append + fsync)"
echo "saving adds per command: $(( (saved - plain) / 1000 )) us"
echo "save file size:          $(wc -c < "$(ls "$tmp"/state/medsiege/*.save)") bytes"
