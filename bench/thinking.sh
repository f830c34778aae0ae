#!/bin/sh
# A host's answers while the computer thinks: the round trips of a
# player's pings while the computer plays a generated field (1024 x 1024,
# 2,000 units), against the time the computer takes over its orders.
# Prints figures; asserts nothing.
#   bench/thinking.sh [seconds [size [units]]]   (60 1024 2000)
# MEDSIEGE=path picks the program (default: the one built here).
srcdir=$(cd "$(dirname "$0")/.." && pwd)
MEDSIEGE=${MEDSIEGE:-$srcdir/medsiege}
export MEDSIEGE
command -v python3 >/dev/null 2>&1 || { echo "bench/thinking.sh: needs python3" >&2; exit 1; }
PYTHONDONTWRITEBYTECODE=1 exec python3 "$srcdir/bench/thinking.py" "$@"
