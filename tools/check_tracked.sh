#!/usr/bin/env bash
# Fails (exit 1, listing them) when the tracked files of the checkout include outputs of dungen
# runs or their logs outside tests/data/: batch levels (level-NNNN.*), manifests, galleries,
# Doom maps and demos, reports (text or JSON that starts as dungen's reports do) and err/out
# logs. Tracked files are sources, docs, samples and test data only. Usage: check_tracked.sh [DIR]
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "SKIP: not a git checkout"; exit 77; }
bad=()
while IFS= read -r -d '' f; do
  case $f in tests/data/*) continue ;; esac
  name=${f##*/}
  case $name in
  level-[0-9]*.* | manifest.csv | index.html | dungeon*.png | dungeon*.txt | dungeon*.json | \
    *.wad | *.lmp | err.txt | out.txt | *.log)
    bad+=("$f"); continue ;;
  esac
  case $name in
  *.txt) head -n 1 -- "$f" | grep -qE '^dungen [0-9]+\.[0-9]+\.[0-9]+ ' && bad+=("$f") ;;
  *.json) head -c 200 -- "$f" | grep -q '"dungen_version"' && bad+=("$f") ;;
  esac
done < <(git ls-files -z)
if ((${#bad[@]})); then
  echo "tracked files that are level outputs or logs (move them under /tmp, or into tests/data/ if they are test data):" >&2
  printf '  %s\n' "${bad[@]:0:20}" >&2
  ((${#bad[@]} > 20)) && echo "  ... and $((${#bad[@]} - 20)) more" >&2
  exit 1
fi
echo "tracked files: no level outputs outside tests/data"
