#!/usr/bin/env bash
# End-to-end tests of --tmx, --tmj, --ascii, --uvtt and the batch flags --with-tmx, --with-tmj,
# --with-ascii, --with-uvtt (docs/export.md). Usage: export_test.sh CASE DUNGEN SOURCE_DIR.
# Exit 0 = pass, 77 = skipped, else fail. (Whether Tiled reads the maps: tests/tiled/.)
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

case $case_name in
files)
  mkdir sub
  run 0 generate "$samples/classic" --seed 5 --locks 1 -o m.png --tmx m.tmx --tmj sub/m.tmj --ascii m.txt -q
  for f in m.tmx sub/m.tmj m.txt dungen-tiles.png sub/dungen-tiles.png; do [ -s "$f" ] || fail "$f not written"; done
  cmp dungen-tiles.png sub/dungen-tiles.png || fail "the two tileset images differ"
  head -2 m.tmx | grep -q '<map version="1.8" orientation="orthogonal"' || fail "m.tmx is not a TMX map"
  grep -q '"type": "map"' sub/m.tmj || fail "sub/m.tmj is not a TMJ map"
  grep -q '<image source="dungen-tiles.png"' m.tmx || fail "m.tmx does not name dungen-tiles.png"
  grep -q '<property name="seed" value="5"/>' m.tmx || fail "m.tmx lacks the seed"
  grep -q 'name="lock 0" type="lock"' m.tmx || fail "m.tmx lacks the lock"
  grep -q '<' m.txt && grep -q '>' m.txt && grep -q 'a' m.txt && grep -q 'A' m.txt || fail "m.txt lacks a feature"
  width=$(head -1 m.txt | wc -c)
  awk -v w="$width" 'length($0) + 1 != w { exit 1 }' m.txt || fail "m.txt lines differ in width"
  # The same seed writes the same bytes.
  mkdir again && cd again || exit 1
  run 0 generate "$samples/classic" --seed 5 --locks 1 -o m.png --tmx m.tmx --tmj m.tmj --ascii m.txt -q
  cd .. || exit 1
  cmp m.tmx again/m.tmx && cmp sub/m.tmj again/m.tmj && cmp m.txt again/m.txt && cmp dungen-tiles.png again/dungen-tiles.png \
    || fail "outputs differ between two runs with the same seed" ;;
ascii_stdout)
  run 0 generate "$samples/caves" --seed 2 -o m.png --ascii a.txt -q
  "$dungen" generate "$samples/caves" --seed 2 -o m2.png --ascii - -q > piped.txt || fail "exit status"
  cmp a.txt piped.txt || fail "--ascii - differs from the file" ;;
tiled_stdout)
  # '-' and devices get the map only: no tileset image in the working folder or in /dev.
  "$dungen" generate "$samples/classic" --seed 2 -o m.png --tmj - -q > piped.tmj || fail "exit status"
  run 0 generate "$samples/classic" --seed 2 -o m.png --tmj file.tmj -q
  cmp piped.tmj file.tmj || fail "--tmj - differs from the file"
  rm dungen-tiles.png
  "$dungen" generate "$samples/classic" --seed 2 -o m.png --tmx - -q > /dev/null || fail "exit status"
  [ ! -e dungen-tiles.png ] || fail "--tmx - wrote a tileset image"
  run 0 generate "$samples/classic" --seed 2 -o m.png --tmx /dev/null -q
  [ ! -e /dev/dungen-tiles.png ] || fail "--tmx /dev/null wrote /dev/dungen-tiles.png" ;;
refusals)
  run 2 generate "$samples/classic" --tmx m.tmx -o dungen-tiles.png
  expect_err "^dungen: error: dungen-tiles.png: is where the Tiled map's tileset image goes"
  run 2 generate "$samples/classic" --tmx m.tmx --tmj m.tmx; expect_err "is named by two outputs"
  run 2 generate "$samples/classic" --ascii - --json -; expect_err "only one output can be '-'"
  run 2 generate "$samples/classic" --with-tmx; expect_err "--with-tmx: is for batches .*give --tmx FILE"
  run 2 generate "$samples/classic" --count 2 --out-dir b --tmj x.tmj; expect_err "--tmj: .*use --with-tmj"
  run 2 generate "$samples/classic" --count 2 --out-dir b --ascii x.txt; expect_err "--ascii: .*use --with-ascii"
  [ ! -e b ] || fail "a refused batch made its folder"
  # A map in the tile folder would put its tileset PNG there: the next run would read it as a tile.
  mkdir tiles && cp "$samples/classic"/*.png tiles/
  run 4 generate tiles --tmx tiles/m.tmx -o m.png; expect_err "dungen-tiles.png: is inside the tile folder"
  run 4 generate "$samples/classic" --tmx nowhere/m.tmx -o m.png; expect_err "nowhere"
  # A folder where the tileset image goes: its name was never given, so it is explained.
  mkdir -p f/dungen-tiles.png
  run 4 generate "$samples/classic" --tmx f/m.tmx -o m.png
  expect_err "^dungen: error: f/dungen-tiles.png: is a folder, where the Tiled map's tileset image goes \\(always named dungen-tiles.png, beside the --tmx/--tmj map\\); rename the folder, or write the map elsewhere$"
  run 4 generate "$samples/classic" --count 1 --out-dir f --with-tmx
  expect_err "f/dungen-tiles.png: is a folder, where the Tiled map's tileset image goes"
  [ ! -e m.png ] && [ ! -e f/level-0000.png ] || fail "an output was written" ;;
batch)
  run 0 generate "$samples/classic" --count 3 --out-dir b --seed 7 --with-tmx --with-tmj --with-ascii -q
  [ -s b/dungen-tiles.png ] || fail "b/dungen-tiles.png missing"
  for i in 0 1 2; do for e in tmx tmj ascii.txt; do [ -s "b/level-000$i.$e" ] || fail "b/level-000$i.$e missing"; done; done
  # Level i is --seed 7+i: the same files as a single run.
  run 0 generate "$samples/classic" --seed 8 -o one.png --tmx one.tmx --tmj one.tmj --ascii one.txt -q
  cmp one.tmx b/level-0001.tmx && cmp one.tmj b/level-0001.tmj && cmp one.txt b/level-0001.ascii.txt \
    || fail "batch level 1 differs from --seed 8"
  # The manifest's hash covers the map and reports only: the same with or without the flags.
  run 0 generate "$samples/classic" --count 3 --out-dir plain --seed 7 -q
  cmp b/manifest.csv plain/manifest.csv || fail "the manifest changes with --with-*"
  [ ! -e plain/dungen-tiles.png ] || fail "a batch without Tiled maps wrote a tileset image" ;;
rooms)
  # (Not `dungen rooms --help`: without the command, "rooms" is read as a tile folder.)
  "$dungen" --help | grep -qE '^  rooms ' || { echo "SKIP: this dungen has no rooms command"; exit 77; }
  run 0 rooms --seed 3 -o m.png --tmx m.tmx --tmj m.tmj --ascii m.txt -q
  for f in m.tmx m.tmj m.txt dungen-tiles.png; do [ -s "$f" ] || fail "$f not written"; done
  grep -q '<property name="generator" value="rooms"/>' m.tmx || fail "m.tmx does not name the rooms generator" ;;
uvtt)  # Universal VTT, read back by an independent reader (check_uvtt.py) on every generator
  command -v python3 >/dev/null || { echo "SKIP: python3 not found (it reads the .dd2vtt back)"; exit 77; }
  check() { python3 "$src/tests/cli/check_uvtt.py" "$@" || fail "check_uvtt.py $*"; }
  for seed in 1 2 3 4 5; do
    run 0 generate "$samples/classic" --seed "$seed" --locks 2 -o m.png --json m.json --uvtt m.dd2vtt --scale 3 -q
    check m.dd2vtt m.json 3
    run 0 generate "$samples/caves" --seed "$seed" -o m.png --json m.json --uvtt m.dd2vtt -q
    check m.dd2vtt m.json 8
  done
  for command in "rooms" "layout grid:3x3" "layout clock" "areas"; do
    # shellcheck disable=SC2086  # the command's words
    run 0 $command --seed 4 --locks 1 -o m.png --json m.json --uvtt m.dd2vtt --scale 2 -q
    check m.dd2vtt m.json 2
  done
  run 0 graph "$samples/classic" "$src/samples/graphs/cycles20.json" --seed 2 -o m.png --json m.json --uvtt m.dd2vtt --scale 2 -q
  check m.dd2vtt m.json 2
  # Batches write level-NNNN.dd2vtt, the same bytes as a single run of the level's seed.
  run 0 generate "$samples/classic" --count 2 --out-dir b --seed 7 --with-uvtt -q
  run 0 generate "$samples/classic" --seed 8 -o one.png --uvtt one.dd2vtt -q
  cmp one.dd2vtt b/level-0001.dd2vtt || fail "batch level 1's .dd2vtt differs from --seed 8"
  # A picture over 64 megapixels is refused before anything is written.
  run 2 generate "$samples/classic" --seed 1 --max-tiles 3000 -o big.png --uvtt big.dd2vtt --scale 64
  expect_err "^dungen: error: --scale: a Universal VTT picture of this [0-9]+x[0-9]+-cell map at scale 64 would be [0-9]+x[0-9]+ pixels, over 64 megapixels; use --scale [0-9]+ or less$"
  [ ! -e big.png ] && [ ! -e big.dd2vtt ] || fail "an output was written" ;;
*)
  fail "unknown case $case_name" ;;
esac
exit 0
