#!/usr/bin/env bash
# Soak: batches of growing size in one run each, with their peak memory (docs/performance.md,
# "Soak"). Usage: tools/soak.sh [DUNGEN] [TILES_DIR] [COUNT...] [-- OPTION...]
# Defaults: build/dungen, samples/classic, 100 10000; the OPTIONs are added to each batch, e.g.
# tools/soak.sh build/dungen samples/classic 1000 100000 -- --max-tiles 5 --scale 1 \
#   --with-preview --with-tmx --with-tmj --with-ascii
# Needs GNU time (Debian: apt-get install time). The levels go to a folder under $TMPDIR (or
# /tmp), removed after each batch: 100,000 levels with every --with- file take about 4 GB.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dungen=${1:-$src/build/dungen}
tiles=${2:-$src/samples/classic}
shift $(( $# < 2 ? $# : 2 ))
counts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do counts+=("$1"); shift; done
[ $# -gt 0 ] && shift  # the --
[ ${#counts[@]} -gt 0 ] || counts=(100 10000)
[ -x /usr/bin/time ] || { echo "tools/soak.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| levels | peak memory | wall time | failed or ended early |"
echo "| ---: | ---: | ---: | --- |"
for n in "${counts[@]}"; do
  /usr/bin/time -f "%M %e" -o "$work/time" \
    "$dungen" generate "$tiles" --count "$n" --out-dir "$work/levels-$n" -j 2 --seed 1 -q "$@" || true
  read -r kb secs < "$work/time"
  bad=$(tail -n +2 "$work/levels-$n/manifest.csv" | grep -vc ',"ok",' || true)
  early=$(tail -n +2 "$work/levels-$n/manifest.csv" | cut -d, -f7 | grep -c true || true)
  printf '| %s | %s MB | %s s | %s failed, %s early |\n' "$n" "$(awk "BEGIN{printf \"%.1f\", $kb/1024}")" "$secs" "$bad" "$early"
  rm -rf "$work/levels-$n"
done
