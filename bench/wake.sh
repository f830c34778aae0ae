#!/bin/sh
# What joining and waking a hosted game cost: the bytes and time of a
# join to a long game, and the first frame of a join that wakes a
# sleeping game against one to a running host. Prints figures; asserts
# nothing.
#   bench/wake.sh [tries]   (5)
# MEDSIEGE=path picks the program (default: the one built here).
srcdir=$(cd "$(dirname "$0")/.." && pwd)
MEDSIEGE=${MEDSIEGE:-$srcdir/medsiege}
export MEDSIEGE
command -v python3 >/dev/null 2>&1 || { echo "bench/wake.sh: needs python3" >&2; exit 1; }
PYTHONDONTWRITEBYTECODE=1 exec python3 "$srcdir/bench/wake.py" "$@"
