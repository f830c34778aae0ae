#!/bin/sh
# Runs a network test (tests/net/*.py) with python3, or skips it (77)
# where python3 is not installed (./bootstrap installs it).
command -v python3 >/dev/null 2>&1 || { echo "skip: python3 is not installed"; exit 77; }
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
exec python3 "$@"
