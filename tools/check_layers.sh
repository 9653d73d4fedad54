#!/usr/bin/env bash
# The layers of src/ (docs/architecture.md): each folder includes only the folders below it.
# Prints every #include that crosses a layer the wrong way and exits 1; exits 0 when none does.
# Usage: tools/check_layers.sh [SRC_DIR]   (default: the src/ beside this script)
set -euo pipefail
src=${1:-$(cd "$(dirname "$0")/.." && pwd)/src}

# folder: the folders (prefixes of #include "...") its files may include, itself first.
# stitch and graph are two searches on one board: neither includes the other.
rules=(
  "core: core/"
  "io/fs: io/fs/ core/"
  "io/formats: io/formats/ io/fs/ core/"
  "analysis: analysis/ core/"
  "gen/board: gen/board/ core/"
  "gen/stitch: gen/stitch/ gen/board/ core/"
  "gen/graph: gen/graph/ gen/board/ gen/layout/ core/"
  "gen/rooms: gen/rooms/ core/"
  "gen/layout: gen/layout/ gen/rooms/ core/"
  "gen/areas: gen/areas/ core/"
  "export: export/ analysis/ io/formats/ io/fs/ core/"
  "pipeline: pipeline/ gen/ analysis/ core/"
  # The library API (libdungen.so) reads options through the CLI's definitions.
  "api: api/ cli/ pipeline/ export/ io/formats/ io/fs/ core/"
)

bad=0
for rule in "${rules[@]}"; do
  folder=${rule%%:*}
  allowed=(${rule#*:})
  [ -d "$src/$folder" ] || { echo "check_layers: no folder $src/$folder" >&2; exit 2; }
  while IFS= read -r hit; do
    file=${hit%%:*}
    rest=${hit#*:}
    line=${rest%%:*}
    target=$(sed -E 's/.*#include "([^"]+)".*/\1/' <<< "${rest#*:}")
    ok=0
    for prefix in "${allowed[@]}"; do
      [[ $target == "$prefix"* ]] && ok=1
    done
    if [ $ok = 0 ]; then
      echo "${file#$src/}:$line: includes $target, outside what $folder may use (${allowed[*]})"
      bad=1
    fi
  done < <(grep -rnE '^#include "[^"]+"' "$src/$folder" --include='*.cpp' --include='*.hpp' || true)
done
exit $bad
