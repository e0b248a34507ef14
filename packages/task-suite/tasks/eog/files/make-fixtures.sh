#!/bin/sh
# Regenerates the PNG fixtures of the eog tasks beside this script.
set -e
cd "$(dirname "$0")"
python3 make-fixtures.py .
