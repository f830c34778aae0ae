#!/bin/sh
# Figures for the engine's hot paths, one section per part of the engine.
# Prints measured figures only, no thresholds. Build first with make; in a
# separate build directory, point BUILDDIR at it.
#   bench/engine.sh [SIZE [REPS]]   (a SIZE x SIZE battlefield, default 256)
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${BUILDDIR:-$srcdir}
size=${1:-256}
reps=${2:-200}

engine=$builddir/bench/engine
if [ ! -x "$engine" ]; then
	echo "bench/engine.sh: $engine is not built (run make)" >&2
	exit 1
fi

echo "== vision: a team's view (bench/engine $size $reps)"
"$engine" "$size" "$reps" || exit 1

bin=$builddir/medsiege
now() { date +%s.%N; }

# Computer against computer, one process, one core: whole games a second.
games=${GAMES:-20}
echo "== sim: games a second, one job ($games games each, seeds 1..$games)"
for map in "$srcdir"/maps/*.yaml; do
	name=$(basename "$map" .yaml)
	t0=$(now)
	"$bin" sim "$map" --games "$games" --jobs 1 >/dev/null 2>&1 || continue
	t1=$(now)
	printf '%-10s %8.1f games/s\n' "$name" "$(echo "$games / ($t1 - $t0)" | bc -l)"
done

# A big battle: a generated 1024 x 1024 field with 2,000 units (the
# variant roster: units see 12 inches).
big=$(mktemp)
trap 'rm -f "$big"' EXIT
"$srcdir/tests/gen/bigmap.sh" 1024 2000 "$srcdir/units/variant.yaml" > "$big"
echo "== a 1024x1024 field with 2000 units"
# Peak memory by GNU time when it is installed (Debian's time package).
measure() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -n 1
	else
		"$@" >/dev/null 2>&1
		echo "?"
	fi
}
for what in check view; do
	t0=$(now)
	if [ $what = check ]; then
		mem=$(measure "$bin" check "$big")
	else
		mem=$(measure "$bin" view "$big" --team Red)
	fi
	t1=$(now)
	printf '%-6s %7.0f ms, peak memory %s kB\n' "$what" \
		"$(echo "1000 * ($t1 - $t0)" | bc -l)" "$mem"
done
