#!/usr/bin/env bash
# Draws each design note's picture from its Graphviz source: <name>.dot -> <name>.svg (needs `dot`, Debian's graphviz).
set -euo pipefail
cd "$(dirname "$0")"
for source in *.dot; do
  dot -Tsvg "$source" -o "${source%.dot}.svg"
done
