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

# More sections go here as the engine grows (games simulated per second,
# ...): each prints its own "== name" line and its figures.
