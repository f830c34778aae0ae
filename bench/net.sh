#!/bin/sh
# What network play costs: a command's round trip through a host (p50,
# p99) and, for 20 hosted games at once with two clients each, every
# host's peak memory and what an idle host spends in processor time and
# bytes sent (both should be 0). Prints figures; asserts nothing.
#   bench/net.sh [commands [games [idle seconds]]]   (400 20 10)
# MEDSIEGE=path picks the program (default: the one built here).
srcdir=$(cd "$(dirname "$0")/.." && pwd)
MEDSIEGE=${MEDSIEGE:-$srcdir/medsiege}
export MEDSIEGE
command -v python3 >/dev/null 2>&1 || { echo "bench/net.sh: needs python3" >&2; exit 1; }
PYTHONDONTWRITEBYTECODE=1 exec python3 "$srcdir/bench/net.py" "$@"
