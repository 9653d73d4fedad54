#!/usr/bin/env bash
# Output sweep: makes 1,000 levels with every generator (generate on the samples and on the
# shared corpus sets, generate --graph, rooms, layout, areas), with every writer, and prints
# one "sha256  file" line per output, sorted. Two builds that print the same lines make the
# same bytes. Used to prove a refactoring changed no output (docs/architecture.md):
#   tools/output_sweep.sh OLD_DUNGEN > before.txt; tools/output_sweep.sh build/dungen > after.txt
#   diff before.txt after.txt
# Usage: tools/output_sweep.sh [DUNGEN] [CORPUS_TILES_DIR]
# Defaults: build/dungen, ../shared/corpus/tiles (its sets are skipped, with a note, without it).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dungen=$(realpath "${1:-$src/build/dungen}")
corpus=${2:-$src/../shared/corpus/tiles}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$src"

# The writers of a batch level (no Doom demo: it needs no engine, but it is slow on big maps).
all=(--with-preview --with-tmx --with-tmj --with-ascii --with-wad --gallery -q -j 2)

batch() {  # NAME COUNT SEED ARGS...: one batch into $work/NAME
  local name=$1 count=$2 seed=$3
  shift 3
  "$dungen" "$@" --count "$count" --seed "$seed" --out-dir "$work/$name" "${all[@]}" \
    2> "$work/$name.stderr" || { echo "exit $?" >> "$work/$name.stderr"; echo "note: $name: $(tail -n 2 "$work/$name.stderr" | head -n 1)" >&2; }
}

# Tile stitching: 400 levels over the samples, with locks and content on some.
batch classic 100 1 generate samples/classic
batch classic-locks 50 101 generate samples/classic --locks 2 --monsters 4 --chests 2 --spikes 2
batch classic-depth 50 201 generate samples/classic --policy depth --max-tiles 120
batch caves 100 301 generate samples/caves --max-size 90x70
batch kinds 50 401 generate samples/kinds --palette samples/kinds/palette.txt
batch classic-big 50 501 generate samples/classic --max-tiles 400 --policy breadth
# The corpus sets: 33 levels each.
if [ -d "$corpus" ]; then
  for set in dcss_halls dcss_rooms hb_caves hb_rooms; do
    [ -d "$corpus/$set" ] || continue
    batch "corpus-$set" 33 1001 generate "$corpus/$set"
  done
else
  echo "note: $corpus not found: its sets are not swept" >&2
fi
# Level graphs on tiles: 100 levels.
batch graph-cycles 30 2001 generate samples/classic --tileset samples/tags/classic.tileset.txt --graph samples/graphs/cycles20.json
batch graph-clock 30 2101 generate samples/classic --tileset samples/tags/classic.tileset.txt --graph clock
batch graph-grid 20 2201 generate samples/classic --tileset samples/tags/classic.tileset.txt --graph grid:3x3 --locks 1
batch graph-caves 20 2301 generate samples/caves --tileset samples/tags/caves.tileset.txt --graph chain:6
# Generators without tiles: 300 levels.
batch rooms 60 3001 rooms --rooms 40 --loops 0.2
batch rooms-locks 40 3101 rooms --rooms 60 --locks 3 --monsters 5
batch layout-clock 30 4001 layout clock --monsters 6 --chests 3 --spikes 2
batch layout-grid 30 4101 layout grid:4x3
batch layout-maze 30 4201 layout maze
batch layout-castle 30 4301 layout samples/layouts/castle.json --locks 2
batch areas 50 5001 areas --spaces 25 --locks 3
batch areas-mask 30 5101 areas --mask samples/masks/caverns.png

# Single runs: the outputs a batch does not write (report to a file, JSON, steps).
single() {  # NAME ARGS...
  local name=$1
  shift
  mkdir -p "$work/$name"
  "$dungen" "$@" -o "$work/$name/map.png" --report "$work/$name/report.txt" --json "$work/$name/level.json" \
    --preview "$work/$name/preview.png" --dump-steps "$work/$name/steps" -q 2> "$work/$name.stderr" \
    || { echo "exit $?" >> "$work/$name.stderr"; echo "note: $name: $(tail -n 2 "$work/$name.stderr" | head -n 1)" >&2; }
}
single one-classic generate samples/classic --seed 7
single one-graph generate samples/classic --tileset samples/tags/classic.tileset.txt --graph clock --seed 3
single one-rooms rooms --seed 5
single one-layout layout clock --seed 5
single one-areas areas --seed 5

cd "$work"
find . -type f -print0 | sort -z | xargs -0 sha256sum
