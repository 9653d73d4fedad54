#!/usr/bin/env bash
# The Tiled check (docs/export.md): Tiled's own tools read the TMX and TMJ maps dungen writes,
# and what they draw is compared cell by cell with dungen's map PNG and JSON report.
#
# Usage: check_tiled.sh CASE DUNGEN TILED_CHECK SOURCE_DIR
# Exit 0 = pass, 77 = skipped (Tiled not installed: Debian's package `tiled`), else fail.
#
# For each map (check_map): tmxrasterizer renders the .tmx and the .tmj at 16 px per cell,
# once with the layer "features" hidden (every cell's centre must show its colour in the map
# PNG) and once with it (the entrance, exit, keys, locks and content must show their tiles on
# the cells the JSON report gives); tiled --export-map converts tmx -> tmj and tmj -> tmx -> tmj, the
# conversions must draw the same pixels, and the maps Tiled wrote must hold the report's seed,
# generator and features (names, types, cells). Exit status 0 from Tiled proves little (a
# missing tileset image still exits 0): the case "controls" breaks maps on purpose and
# requires the check to fail.
set -u
case_name=$1 dungen=$2 check=$3 src=$4
samples=$src/samples

for tool in tmxrasterizer tiled; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool not installed (Debian: apt-get install tiled)"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
# Qt tools run headless only on the offscreen platform (without it they abort, status 134).
# Tiled keeps settings under HOME and XDG folders: give it scratch ones.
export QT_QPA_PLATFORM=offscreen HOME=$work/home XDG_RUNTIME_DIR=$work/xdg XDG_CONFIG_HOME=$work/home/.config
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

fail() { echo "FAIL: $*" >&2; exit 1; }
# rasterize IN OUT [OPTIONS...]: tmxrasterizer IN OUT; true when it succeeded and wrote OUT.
rasterize() {
  local in=$1 out=$2; shift 2
  rm -f "$out"
  tmxrasterizer "$@" "$in" "$out" >tool.log 2>&1 && [ -s "$out" ]
}
# convert IN OUT: tiled --export-map (format from OUT's extension); true when OUT was written.
# Absolute paths: Tiled 1.8.2 converting a .tmj named by a relative path in another folder
# writes the tileset image's path relative to the working folder instead of OUT's.
convert() {
  rm -f "$2"
  tiled --export-map "$(realpath "$1")" "$(realpath -m "$2")" >tool.log 2>&1 && [ -s "$2" ]
}
# dungen ARGS...: runs dungen quietly; it must succeed.
make_map() {
  "$dungen" "$@" -q >dungen.log 2>&1
  local status=$?
  [ "$status" -eq 0 ] || { cat dungen.log >&2; fail "dungen $* exited $status"; }
}

# check_map BASE: the whole check of BASE.png (map), BASE.json (report), BASE.tmx, BASE.tmj.
check_map() {
  local m=$1 f
  for f in tmx tmj; do
    rasterize "$m.$f" "$m.$f.cells.png" --hide-layer features || fail "tmxrasterizer $m.$f: $(cat tool.log)"
    "$check" cells "$m.png" "$m.$f.cells.png" || fail "$m.$f: Tiled draws cells other than $m.png"
    rasterize "$m.$f" "$m.$f.all.png" || fail "tmxrasterizer $m.$f: $(cat tool.log)"
    "$check" objects "$m.png" "$m.json" "$m.$f.all.png" || fail "$m.$f: Tiled draws features other than $m.json says"
  done
  "$check" same "$m.tmx.all.png" "$m.tmj.all.png" || fail "$m: the .tmx and the .tmj draw differently"
  # Round trips through Tiled's own writers: tmx -> tmj, and tmj -> tmx -> tmj. (Tiled picks
  # the format from everything after the first dot of the name: no other dots.)
  convert "$m.tmx" "$m-rt.tmj" || fail "tiled --export-map $m.tmx: $(cat tool.log)"
  convert "$m.tmj" "$m-rt.tmx" || fail "tiled --export-map $m.tmj: $(cat tool.log)"
  convert "$m-rt.tmx" "$m-rt2.tmj" || fail "tiled --export-map $m-rt.tmx: $(cat tool.log)"
  for f in rt.tmj rt.tmx; do
    rasterize "$m-$f" "$m-$f.png" || fail "tmxrasterizer $m-$f: $(cat tool.log)"
    "$check" same "$m.tmx.all.png" "$m-$f.png" || fail "$m-$f (written by Tiled) draws other pixels than $m.tmx"
  done
  "$check" facts "$m.json" "$m-rt.tmj" || fail "$m.tmx as Tiled read it lacks the report's facts"
  "$check" facts "$m.json" "$m-rt2.tmj" || fail "$m.tmj as Tiled read it lacks the report's facts"
}

# generate NAME ARGS...: a single run writing NAME.{png,json,tmx,tmj}, then check_map NAME.
generate() {
  local n=$1; shift
  make_map "$@" -o "$n.png" --json "$n.json" --tmx "$n.tmx" --tmj "$n.tmj"
  check_map "$n"
}

# must_fail WHAT CMD...: a negative control; CMD must fail, else the check cannot see WHAT.
must_fail() {
  local what=$1; shift
  if "$@" >control.log 2>&1; then fail "negative control passed: the check cannot see $what"; fi
  echo "control ok ($what): $(head -1 control.log)"
}
# draws_cells MAP: renders MAP without features and compares the cells with ok.png.
draws_cells() {
  rasterize "$1" "$1.png" --hide-layer features || { echo "tmxrasterizer failed: $(grep -v QStandardPaths tool.log)"; return 1; }
  "$check" cells ok.png "$1.png"
}
draws_objects() {
  rasterize "$1" "$1.png" || { echo "tmxrasterizer failed: $(grep -v QStandardPaths tool.log)"; return 1; }
  "$check" objects ok.png ok.json "$1.png"
}

case $case_name in
flip_bits)
  # core::to_tmx_flags against Tiled itself: an asymmetric tile in all 8 orientations.
  "$check" flip-probe . || fail "cannot write the probe"
  rasterize probe.tmx probe.png || fail "tmxrasterizer probe.tmx: $(cat tool.log)"
  "$check" same probe-expected.png probe.png || fail "Tiled turns tiles other than core::apply for to_tmx_flags' bits"
  convert probe.tmx probe-rt.tmj && rasterize probe-rt.tmj probe-rt.png || fail "probe round trip: $(cat tool.log)"
  "$check" same probe-expected.png probe-rt.png || fail "the flip bits change in Tiled's tmx -> tmj"
  mkdir wrong && "$check" flip-probe wrong wrong || fail "cannot write the wrong probe"
  must_fail "flip bits a quarter turn off" bash -c "tmxrasterizer wrong/probe.tmx wrong/probe.png >/dev/null 2>&1 && '$check' same wrong/probe-expected.png wrong/probe.png" ;;
controls)
  make_map generate "$samples/classic" --seed 3 --max-tiles 8 --locks 1 -o ok.png --json ok.json --tmx ok.tmx --tmj ok.tmj
  check_map ok
  mkdir bare
  cp ok.tmx ok.tmj bare/
  must_fail "a missing tileset image (tmx)" draws_cells bare/ok.tmx
  must_fail "a missing tileset image (tmj)" draws_cells bare/ok.tmj
  for f in tmx tmj; do
    head -c $(($(wc -c < ok.$f) / 2)) ok.$f > truncated.$f
    must_fail "a truncated .$f" draws_cells truncated.$f
  done
  sed 's/firstgid="1"/firstgid="2"/' ok.tmx > shifted.tmx
  must_fail "gids one tile off (firstgid 2)" draws_cells shifted.tmx
  sed 's/"firstgid": 1,/"firstgid": 2,/' ok.tmj > shifted.tmj
  must_fail "gids one tile off in a .tmj" draws_cells shifted.tmj
  # Tile objects anchored at their top-left corner instead of Tiled's bottom-left: one row up.
  perl -pe 's/( gid="\d+" x="\d+" y=")(\d+)/$1.($2-16)/e' ok.tmx > topleft.tmx
  cmp -s ok.tmx topleft.tmx && fail "the control could not move the objects"
  must_fail "objects anchored top-left (pixels)" draws_objects topleft.tmx
  convert topleft.tmx topleft-rt.tmj || fail "tiled --export-map topleft.tmx: $(cat tool.log)"
  must_fail "objects anchored top-left (facts)" "$check" facts ok.json topleft-rt.tmj ;;
classic)
  for seed in 1 2; do generate classic-$seed generate "$samples/classic" --seed "$seed"; done
  generate classic-content generate "$samples/classic" --seed 3 --monsters 4 --chests 3 --loot 5 --decor 4 --spikes 3 ;;
caves)
  for seed in 4 5; do generate caves-$seed generate "$samples/caves" --seed "$seed" --max-tiles 80; done ;;
kinds)
  # Door kinds (samples/kinds): the hidden layer "doors" survives Tiled's own reader and
  # writers with one object per connected door of a named kind, its kind a property.
  generate kinds generate "$samples/kinds" --palette "$samples/kinds/palette.txt" --seed 3 --locks 1 --monsters 2
  for f in kinds-rt.tmj kinds-rt2.tmj; do
    python3 - kinds.json "$f" <<'PY' || fail "$f (written by Tiled) lost the doors of kinds.json"
import json, sys
r, m = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
want = [c for c in r["connections"] if "kind" in c]
layers = [l for l in m["layers"] if l["name"] == "doors"]
assert want and len(layers) == 1, (len(want), len(layers))
objects = layers[0]["objects"]
assert len(objects) == len(want), (len(objects), len(want))
for o, c in zip(objects, want):
    props = {p["name"]: p["value"] for p in o.get("properties", [])}
    assert o["name"] == c["kind"] == props["kind"], (o, c)
    assert (o["x"], o["y"]) == (c["x"] * 16, c["y"] * 16), (o, c)
PY
  done ;;
locks)
  generate locks-caves generate "$samples/caves" --locks 3 --seed 4 --max-tiles 45 --monsters 3 --loot 3
  generate locks-classic generate "$samples/classic" --locks 2 --seed 9 --policy depth ;;
depth)
  generate depth generate "$samples/classic" --policy depth --max-tiles 120 --no-flip --seed 11 ;;
rooms)
  # (Not `dungen rooms --help`: without the command, "rooms" is read as a tile folder.)
  "$dungen" --help | grep -qE '^  rooms ' || { echo "SKIP: this dungen has no rooms command"; exit 77; }
  for seed in 1 2; do generate rooms-$seed rooms --seed "$seed"; done
  generate rooms-locks rooms --seed 3 --locks 2 --rooms 30 --monsters 5 --chests 3 --loot 4 --decor 4 --spikes 2 ;;
graph)
  tags=$samples/tags/classic.tileset.txt
  generate graph-clock graph "$samples/classic" clock --tileset "$tags" --seed 3 --locks 1 --monsters 3
  generate graph-cycles graph "$samples/classic" "$samples/graphs/cycles20.json" --tileset "$tags" --seed 24 --locks 2 ;;
layout)
  for spec in grid:4x3 clock maze:0.1; do name=${spec//:/-}; generate "layout-${name//./}" layout "$spec" --seed 2 --locks 1 --monsters 4 --spikes 3 --chests 2; done
  generate layout-castle layout "$samples/layouts/castle.json" --seed 3 --locks 2 ;;
areas)
  for seed in 1 2; do generate areas-$seed areas --seed "$seed" --locks 2 --monsters 3; done
  generate areas-mask areas --mask "$samples/masks/caverns.png" --spaces 12 --seed 5 ;;
batch)
  make_map generate "$samples/classic" --count 2 --out-dir levels --seed 20 --locks 1 --monsters 2 --with-tmx --with-tmj
  [ -s levels/dungen-tiles.png ] || fail "the batch wrote no levels/dungen-tiles.png"
  for i in 0 1; do check_map levels/level-000$i; done ;;
floors)
  # --floors: each floor's maps pass the whole check, and Tiled draws the world file that
  # places them: every floor's picture in it, side by side, as the floor's own map draws.
  make_map generate "$samples/caves" --floors 3 --seed 4 --max-tiles 25 --monsters 2 \
    -o d.png --json d.json --tmx d.tmx --tmj d.tmj
  for k in 1 2 3; do check_map d-floor$k; done
  [ -s d.world ] || fail "no d.world beside the floors' TMX maps"
  rasterize d.world world.png || fail "tmxrasterizer d.world: $(cat tool.log)"
  for k in 1 2 3; do rasterize d-floor$k.tmx floor$k.png || fail "tmxrasterizer d-floor$k.tmx"; done
  python3 - world.png floor1.png floor2.png floor3.png "$src/tests/cli" <<'PY' || fail "Tiled's world does not draw the floors side by side"
import sys
sys.path.insert(0, sys.argv[5])
from check_uvtt import decode_png
world = decode_png(open(sys.argv[1], "rb").read())
floors = [decode_png(open(p, "rb").read()) for p in sys.argv[2:5]]
w, h = floors[0][0], floors[0][1]
step = w + 4 * 16  # the world's gap: 4 cells of 16 pixels
assert world[0] == 3 * w + 2 * 4 * 16 and world[1] == h, (world[:2], w, h)
for k, (_, _, rows) in enumerate(floors):
    for y in range(0, h, 7):
        for x in range(0, w, 7):
            if world[2][y][k * step + x] != rows[y][x]:
                sys.exit(f"floor {k + 1}: pixel {x},{y} differs in the world")
PY
  ;;
coverage)
  # Every command that writes Tiled maps must have a case above.
  covered=" generate graph rooms layout areas "
  commands=$("$dungen" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')
  [ -n "$commands" ] || fail "no subcommands in dungen --help"
  for c in $commands; do
    "$dungen" "$c" --help 2>/dev/null | grep -q -- '--tmx' || continue
    case $covered in *" $c "*) ;; *) fail "'dungen $c' writes Tiled maps but tests/tiled/check_tiled.sh has no case for it" ;; esac
  done ;;
*)
  fail "unknown case $case_name" ;;
esac
exit 0
