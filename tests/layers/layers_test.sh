#!/usr/bin/env bash
# tools/check_layers.sh: passes on src/, and names the file, line and include that crosses a
# layer in a copy of src/ where the tile stitcher includes the graph stitcher (and file safety a
# file format).
set -euo pipefail
root=$1
"$root/tools/check_layers.sh" "$root/src"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$root/src" "$work/src"
printf '#include "gen/graph/graph.hpp"\n' >> "$work/src/gen/stitch/grow.cpp"
printf '#include "export/render.hpp"\n' >> "$work/src/analysis/route.cpp"
printf '#include "io/formats/png.hpp"\n' >> "$work/src/io/fs/read.cpp"
if out=$("$root/tools/check_layers.sh" "$work/src"); then
  echo "check_layers.sh passed a tree where stitch includes graph" >&2
  exit 1
fi
grep -q '^gen/stitch/grow.cpp:[0-9]*: includes gen/graph/graph.hpp, outside what gen/stitch may use' <<< "$out"
grep -q '^analysis/route.cpp:[0-9]*: includes export/render.hpp' <<< "$out"
grep -q '^io/fs/read.cpp:[0-9]*: includes io/formats/png.hpp, outside what io/fs may use' <<< "$out"
[ "$(wc -l <<< "$out")" -eq 3 ] || { echo "expected 3 lines, got: $out" >&2; exit 1; }
echo "ok"
