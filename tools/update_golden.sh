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
