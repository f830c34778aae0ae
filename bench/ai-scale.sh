#!/bin/sh
# The computer on a big field: one round of normal against normal on a
# generated field (tests/gen/bigmap.sh), the wall time it took and the
# program's peak memory (GNU time's maximum resident set), for each
# number of units given. A round not over within the time limit is
# reported as such, with the memory it had reached. Prints figures;
# asserts nothing.
#   bench/ai-scale.sh [size [limit-seconds [units...]]]   (1024 300 2000 10000)
# MEDSIEGE=path picks the program (default: the one built here).
srcdir=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEDSIEGE:-$srcdir/medsiege}
size=${1:-1024}
limit=${2:-300}
[ $# -gt 2 ] && shift 2 || set -- 2000 10000
[ -x /usr/bin/time ] || { echo "bench/ai-scale.sh: needs GNU time (/usr/bin/time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-ai-scale.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

printf '%-6s %-10s %12s %12s  %s\n' units field "seconds" "peak MB" result
for units in "$@"; do
	"$srcdir/tests/gen/bigmap.sh" "$size" "$units" "$srcdir/units/standard.yaml" \
		>"$tmp/field.yaml"
	/usr/bin/time -f '%e %M' -o "$tmp/time" timeout "$limit" \
		"$bin" sim "$tmp/field.yaml" --games 1 --max-rounds 1 --jobs 1 \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	secs=$(tail -n 1 "$tmp/time" | cut -d' ' -f1)
	kb=$(tail -n 1 "$tmp/time" | cut -d' ' -f2)
	case $rc in
	0) result="one round played" ;;
	124) result="not over within $limit s" ;;
	*) result="failed ($rc): $(head -n 1 "$tmp/err")" ;;
	esac
	printf '%-6s %-10s %12s %12.1f  %s\n' "$units" "${size}x$size" "$secs" \
		"$(echo "$kb / 1024" | bc -l)" "$result"
done
echo "($(uname -m), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') processors online, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
