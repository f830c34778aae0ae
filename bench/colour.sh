#!/bin/sh
# What a scenario legend's names and colours cost in bytes. On the wire:
# bench/wire plays a whole game (seed 1, the normal computer player for
# every team) on each shipped scenario and prints every team's record
# as written and with every symbol but open ground coloured. On the
# screen: bench/ui-bytes.sh on the gatehouse as written and with its
# walls, water, woods, walks, parapets, ladders, stairs, doors and rough
# ground coloured (needs tmux and script(1)). The standard symbols are
# drawn uncoloured, so a scenario that gives no colour pays nothing.
# Figures only. Usage: bench/colour.sh   (MEDSIEGE=path picks the program)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${abs_top_builddir:-$srcdir}
bin=${MEDSIEGE:-$builddir/medsiege}
[ -x "$builddir/bench/wire" ] || { echo "colour: build bench/wire first (make)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-bench-colour.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

echo "== on the wire"
"$builddir/bench/wire" "$srcdir"/maps/*.yaml || exit 1

echo
echo "== on the screen (gatehouse, 80x24, xterm-256color)"
coloured=$tmp/gatehouse-colour.yaml
sed -e "s|^roster: \.\./|roster: $srcdir/|" \
	-e 's/^  "\(.\)": {\(.*\)}$/  "\1": {\2, colour: red}/' \
	-e '/^legend:$/a\
  "#": {terrain: wall, colour: white}\
  "~": {terrain: water, colour: blue}\
  "T": {terrain: woods, colour: green}\
  "_": {terrain: walk, colour: yellow}\
  "=": {terrain: parapet, colour: yellow}\
  "%": {terrain: lowwall, colour: green}\
  ",": {terrain: rough, colour: yellow}\
  "H": {terrain: ladder, colour: cyan}' \
	"$srcdir/maps/gatehouse.yaml" >"$coloured"
"$bin" check "$coloured" >/dev/null || { "$bin" check "$coloured"; exit 1; }
"$srcdir/bench/ui-bytes.sh" "$bin" "$srcdir/maps/gatehouse.yaml" >"$tmp/plain" || exit $?
"$srcdir/bench/ui-bytes.sh" "$bin" "$coloured" >"$tmp/colour" || exit $?
printf '%-32s %14s %14s\n' "" "as written" "coloured"
paste -d '|' "$tmp/plain" "$tmp/colour" | grep -v '^start-up\|^peak' |
	awk -F'|' '{ split($1, a, ":"); split($2, b, ":")
		sub(/^ +/, "", a[2]); sub(/^ +/, "", b[2])
		sub(/ \(.*/, "", a[2]); sub(/ \(.*/, "", b[2])
		printf "%-32s %14s %14s\n", a[1] ":", a[2], b[2] }'
echo "($(uname -m), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
