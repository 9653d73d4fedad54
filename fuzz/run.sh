#!/usr/bin/env bash
# Runs the tile fuzzer for a bounded time: fuzz/run.sh [SECONDS] [BUILD_DIR] [libFuzzer args...]
# Builds nothing: configure and build first with `cmake --preset fuzz && cmake --build --preset
# fuzz` (docs/fuzzing.md). The seed corpus is samples/*/*.png, tests/data/png/*.png and the
# regression inputs of tests/data/fuzz/; inputs the fuzzer finds interesting are kept in
# BUILD_DIR/corpus between runs. A crash leaves BUILD_DIR/artifacts/crash-* and exits non-zero:
# fix the bug, then add the input to tests/data/fuzz/ with a line in its README.md.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=${2:-$src/build-fuzz}
shift $(( $# < 2 ? $# : 2 ))
fuzzer=$build/fuzz/dungen_tile_fuzzer
[ -x "$fuzzer" ] || { echo "fuzz/run.sh: no $fuzzer; build it with: cmake --preset fuzz && cmake --build --preset fuzz" >&2; exit 2; }
seeds=$build/seeds
rm -rf "$seeds" && mkdir -p "$seeds" "$build/corpus" "$build/artifacts"
cp "$src"/samples/*/*.png "$src"/tests/data/png/*.png "$seeds"/
find "$src/tests/data/fuzz" -maxdepth 1 -type f ! -name README.md -exec cp {} "$seeds"/ \;
# -timeout: one input taking longer is a bug (a hang); -rss_limit_mb: so is one using more.
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
  -dict="$src/fuzz/png.dict" -artifact_prefix="$build/artifacts/" "$@" "$build/corpus" "$seeds"
