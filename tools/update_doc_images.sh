#!/usr/bin/env bash
# Makes the documentation's pictures again from the commands in docs/images/commands.txt (and
# docs/images/join.png from the tiles docs/tile-format.md draws). Run it when the preview or a
# generator changes ON PURPOSE and say why in the commit message; tests/cli/docs_test.sh
# checks the pictures. Usage: tools/update_doc_images.sh [path/to/dungen]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dungen=$(realpath "${1:-$root/build/dungen}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
while read -r image file page command; do
  case $image in '' | '#'*) continue ;; esac
  rm -rf "$work/run" && mkdir "$work/run" && ln -s "$root/samples" "$work/run/samples"
  read -r -a args <<<"$command"
  [ "${args[0]}" = dungen ] || { echo "$image: the command must start with dungen" >&2; exit 1; }
  (cd "$work/run" && "$dungen" "${args[@]:1}" -q)
  cp "$work/run/$file" "$root/docs/images/$image"
  echo "updated docs/images/$image ($page)"
done <"$root/docs/images/commands.txt"
# join.png: the notch room of docs/tile-format.md with three classic tiles, as that page says.
mkdir -p "$work/join"
printf '%s\n' '####    ####' '#..#    #..#' '#..##++##..#' '#..........+' '#..........#' \
  '#####+######' >"$work/notch_room.txt"
python3 "$root/tools/ascii2tile.py" "$work/notch_room.txt" "$work/join/notch_room.png" >/dev/null
cp "$root/samples/classic/"{corridor2_straight,cap1_closet,cap2_alcove}.png "$work/join/"
(cd "$work" && "$dungen" generate "$work/join" --start notch_room.png --max-tiles 2 --seed 2 \
  -o map.png --preview "$root/docs/images/join.png" --scale 16 -q)
echo "updated docs/images/join.png (docs/tile-format.md)"
