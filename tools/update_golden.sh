#!/usr/bin/env bash
# Regenerates the golden outputs in tests/data/golden/<case>/ from each case's args.txt
# (dungen's arguments, with SAMPLES/ standing for the samples folder). Run it only when output changes ON PURPOSE, and say why in
# the commit message. Usage: tools/update_golden.sh [path/to/dungen]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dungen=${1:-$root/build/dungen}
for dir in "$root"/tests/data/golden/*/; do
  read -r -a args < "$dir/args.txt"
  args=("${args[@]//SAMPLES\//$root/samples/}")
  "$dungen" "${args[@]}" -q \
    -o "$dir/expected.png" --report "$dir/expected_report.txt" --json "$dir/expected.json"
  echo "updated $dir"
done
# dungen range's goldens (tests/data/range/<case>/): args.txt run from the repository's root,
# so the table names the tile folder as given there.
for dir in "$root"/tests/data/range/*/; do
  read -r -a args < "$dir/args.txt"
  scratch=$(mktemp -d)
  (cd "$root" && "$dungen" "${args[@]}" -q -o "$scratch/r")
  mv "$scratch/r.txt" "$dir/expected.txt"
  mv "$scratch/r.csv" "$dir/expected.csv"
  mv "$scratch/r.png" "$dir/expected.png"
  mv "$scratch/r-histograms.png" "$dir/expected-histograms.png"
  rmdir "$scratch"
  echo "updated $dir"
done
