#!/usr/bin/env bash
# Runs the fuzz targets one after another, each for a bounded time:
#   fuzz/run.sh [SECONDS] [BUILD_DIR] [libFuzzer args...]
# SECONDS (default 60) is per target; 0 runs until stopped, so give it one target then.
# FUZZ_TARGETS picks targets (default "tile png layout tileset palette graph"), e.g.
#   FUZZ_TARGETS=layout fuzz/run.sh 600
# Builds nothing: configure and build first with `cmake --preset fuzz && cmake --build --preset
# fuzz` (docs/fuzzing.md). Seeds, per target:
#   tile     samples/*/*.png, tests/data/png/*.png                      dictionary fuzz/png.dict
#   png      samples/*/*.png, tests/data/png/*.png, tests/data/pngsuite/*.png  fuzz/png.dict
#   layout   samples/layouts/*.json, tests/data/wad/*.json              fuzz/layout.dict
#   tileset  tests/data/cases/*/tiles/tileset.txt                       fuzz/tileset.dict
#   palette  (the hand-written seeds only)                              fuzz/palette.dict
#   graph    samples/graphs/*.json                                      fuzz/layout.dict
# plus tests/data/fuzz_seeds/<target>/ and the regression inputs of tests/data/fuzz/<target>/
# (tile: tests/data/fuzz/*.png). Inputs a fuzzer finds interesting are kept in
# BUILD_DIR/corpus/<target>/ between runs. A crash leaves BUILD_DIR/artifacts/<target>-crash-*;
# the other targets still run, then the script exits non-zero. Fix the bug, then add the input to
# tests/data/fuzz/<target>/ with a line in tests/data/fuzz/README.md.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=${2:-$src/build-fuzz}
shift $(( $# < 2 ? $# : 2 ))
targets=${FUZZ_TARGETS:-tile png layout tileset palette graph}

# Copies files into `dir` (names made unique by their source folder).
seed() {
  local dir=$1 f
  shift
  for f in "$@"; do
    [ -f "$f" ] && cp "$f" "$dir/$(basename "$(dirname "$f")")_$(basename "$f")"
  done
  return 0
}

failed=()
for target in $targets; do
  fuzzer=$build/fuzz/dungen_${target}_fuzzer
  [ -x "$fuzzer" ] || { echo "fuzz/run.sh: no $fuzzer; build it with: cmake --preset fuzz && cmake --build --preset fuzz" >&2; exit 2; }
  seeds=$build/seeds/$target
  rm -rf "$seeds" && mkdir -p "$seeds" "$build/corpus/$target" "$build/artifacts"
  shopt -s nullglob
  case $target in
    tile)    seed "$seeds" "$src"/samples/*/*.png "$src"/tests/data/png/*.png "$src"/tests/data/fuzz/*.png; dict=png.dict ;;
    png)     seed "$seeds" "$src"/samples/*/*.png "$src"/tests/data/png/*.png "$src"/tests/data/pngsuite/*.png; dict=png.dict ;;
    layout)  seed "$seeds" "$src"/samples/layouts/*.json "$src"/tests/data/wad/*.json; dict=layout.dict ;;
    tileset) seed "$seeds" "$src"/tests/data/cases/*/tiles/tileset.txt; dict=tileset.dict ;;
    palette) dict=palette.dict ;;
    graph)   seed "$seeds" "$src"/samples/graphs/*.json; dict=layout.dict ;;
    *) echo "fuzz/run.sh: unknown target '$target' (tile, png, layout, tileset, palette, graph)" >&2; exit 2 ;;
  esac
  seed "$seeds" "$src"/tests/data/fuzz_seeds/"$target"/* "$src"/tests/data/fuzz/"$target"/*
  rm -f "$seeds"/*README.md
  shopt -u nullglob
  echo "fuzz/run.sh: $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds)" >&2
  # -timeout: one input taking longer is a bug (a hang); -rss_limit_mb: so is one using more.
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
    -dict="$src/fuzz/$dict" -artifact_prefix="$build/artifacts/$target-" "$@" \
    "$build/corpus/$target" "$seeds" || failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz/run.sh: found a bug in: ${failed[*]} (inputs in $build/artifacts/)" >&2
  exit 1
fi
