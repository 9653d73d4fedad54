#!/usr/bin/env bash
# End-to-end tests of levels with shape (docs/cli.md): --loops, --loop-detour, --max-dead-ends,
# --require, --mask, --place and --floors (alone and in batches). Usage: shape_test.sh CASE DUNGEN SOURCE_DIR.
# Exit 0 = pass, 77 = skipped, else fail.
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# json_value FILE EXPR: a value of a JSON report, by a Python expression over `j`.
json_value() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"; }

case $case_name in
loops)
  # The default makes loops, each in both reports; --loops 0 makes none and says nothing.
  run 0 "$samples/classic" --seed 3 -o map.png --report r.txt --json r.json
  grep -q -- "--loops" r.txt && fail "the default --loops is not an option line"
  made=$(json_value r.json 'len(j["loops_made"])')
  [ "$made" -ge 1 ] || fail "no loop made at seed 3"
  grep -qE "^loops made: $made$" r.txt || fail "text report lacks 'loops made: $made'"
  grep -qE "^  placements [0-9]+ and [0-9]+ (through [0-9, ]+ )?\(saves [0-9]+ steps\)$" r.txt ||
    fail "no loop line in the text report"
  [ "$(json_value r.json 'min(l["steps_saved"] for l in j["loops_made"]) >= 20')" = True ] ||
    fail "a loop saves fewer than --loop-detour steps"
  run 0 "$samples/classic" --seed 3 --loops 0 -o map.png --report r0.txt --json r0.json
  [ "$(json_value r0.json 'len(j["loops_made"])')" = 0 ] || fail "--loops 0 made loops"
  grep -q "^options: .*--loops 0" r0.txt || fail "--loops 0 is not in the options line"
  grep -q "note: loops:" r0.txt && fail "--loops 0 has a loops note"
  # Asked for more than the tiles allow: a note says why, on stderr and in the reports.
  run 0 "$samples/classic" --seed 3 --loops 50 -o map.png --json r50.json
  expect_err "^dungen: note: loops: [0-9]+ of 50 asked made; of [0-9]+ pairs? of open doors near each other, [0-9]+ joined, [0-9]+ no run of tiles joins"
  json_value r50.json '"\n".join(j["notes"])' | grep -q "^loops: " || fail "no loops note in the JSON"
  # A longer detour asked: every loop made saves at least that.
  run 0 "$samples/classic" --seed 3 --loop-detour 60 -o map.png --json r60.json
  [ "$(json_value r60.json 'all(l["steps_saved"] >= 60 for l in j["loops_made"])')" = True ] ||
    fail "a loop saves fewer than 60 steps" ;;
dead_ends)
  run 0 "$samples/caves" --seed 4 --max-dead-ends 20% -o map.png --report r.txt --json r.json
  [ "$(json_value r.json 'j["metrics"]["dead_ends"] <= len(j["placements"]) * 20 // 100')" = True ] ||
    fail "more dead ends than 20 % of the tiles"
  trimmed=$(json_value r.json 'len(j["trimmed"])')
  [ "$trimmed" -ge 1 ] || fail "nothing trimmed at seed 4"
  grep -qE "^trimmed dead ends: $trimmed placements?$" r.txt || fail "text report lacks the trimmed count"
  [ "$(json_value r.json 'sum(u["reason"] == "trimmed_dead_end" for u in j["unused_doors"]) >= 1')" = True ] ||
    fail "no door sealed with reason trimmed_dead_end"
  run 0 "$samples/caves" --seed 4 --max-dead-ends 3 -o map.png --json r3.json
  [ "$(json_value r3.json 'j["metrics"]["dead_ends"]')" -le 3 ] || fail "more than 3 dead ends"
  run 2 "$samples/caves" --max-dead-ends 120%
  expect_err "^dungen: error: --max-dead-ends: must be a count \(e.g. 8\) or a percentage \(e.g. 25%\), got '120%'$"
  run 2 "$samples/caves" --loops many
  expect_err "^dungen: error: --loops: must be auto or a whole number from 0 to 1000000, got 'many'$"
  run 2 "$samples/caves" --loop-detour 0; expect_err "^dungen: error: --loop-detour: " ;;
require)
  # Met: the level meets every target; the options line records them.
  run 0 "$samples/classic" --seed 3 --require 'loops>=2, dead_ends<=40' -o map.png --json r.json --report r.txt
  [ "$(json_value r.json 'j["metrics"]["loops"] >= 2 and j["metrics"]["dead_ends"] <= 40')" = True ] ||
    fail "--require not met"
  grep -q "^options: .*--require loops>=2, dead_ends<=40" r.txt || fail "options line lacks --require"
  # Not met: the closest level is written with a note, exit 0, or 3 with --strict.
  run 0 "$samples/classic" --seed 3 --require 'exit_rooms>=500' -o map.png
  expect_err "^dungen: note: --require not met in 100 levels: exit_rooms>=500 \(the level has [0-9]+\), seed [0-9]+$"
  [ -s map.png ] || fail "no map written"
  run 3 "$samples/classic" --seed 3 --require 'exit_rooms>=500' --strict -o map.png
  # Every generator takes it.
  run 0 rooms --seed 2 --require 'dead_ends<=100' -o rooms.png
  run 0 layout grid:2x2 --seed 2 --require 'reachable>=1' -o layout.png
  # Faults name the metric and the nearest one, before any work.
  run 2 "$samples/classic" --require 'loop>=3' -o never.png
  expect_err "^dungen: error: --require: 'loop>=3': 'loop' is not a metric \(did you mean 'loops'\?\); the metrics are "
  [ -e never.png ] && fail "an output written after a bad --require"
  run 2 "$samples/classic" --require 'loops>=' -o never.png; expect_err "give a number after the comparison"
  run 2 "$samples/classic" --require 'loops' -o never.png; expect_err "give METRIC OP NUMBER"
  run 2 "$samples/classic" --require '' -o never.png; expect_err "^dungen: error: --require: " ;;
require_batch)
  # A batch: a require column, the count of levels that miss it, --strict exit 3.
  run 0 "$samples/classic" --seed 5 --count 3 --out-dir met --require 'loops>=2' -q
  head -1 met/manifest.csv | grep -q ",require$" || fail "manifest lacks the require column"
  [ "$(tail -n +2 met/manifest.csv | grep -c ',met$')" -eq 3 ] || fail "not every level met"
  run 3 "$samples/classic" --seed 5 --count 2 --out-dir missed --require 'exit_rooms>=500' --strict
  expect_err "^dungen: 2 of them miss --require \(manifest.csv, column require\)$"
  [ "$(tail -n +2 missed/manifest.csv | grep -c ',"missed exit_rooms>=500 (the level has [0-9]*)"$')" -eq 2 ] ||
    fail "manifest does not say which target was missed"
  run 0 "$samples/classic" --seed 5 --count 2 --out-dir plain -q
  head -1 plain/manifest.csv | grep -q "require" && fail "a require column without --require"
  true ;;
mask)
  # --mask: the map is the mask's size and every cell lies on its light pixels, in a single run
  # and in a batch (checked from the ASCII maps alone); the option line names the mask.
  mask=$samples/masks/caverns.png
  run 0 "$samples/classic" --mask "$mask" --seed 3 -o map.png --ascii map.txt --json r.json
  python3 "$src/tests/cli/check_mask.py" "$mask" map.txt || fail "the map leaves the mask"
  [ "$(json_value r.json '(j["map"]["width"], j["map"]["height"])')" = "(72, 52)" ] ||
    fail "the map is not the mask's 72x52 cells"
  json_value r.json '" ".join(j["options"])' | grep -q -- "--mask caverns.png" ||
    fail "the options do not name the mask"
  run 0 "$samples/caves" --mask "$mask" --count 12 --seed 1 --out-dir b --with-ascii -q
  python3 "$src/tests/cli/check_mask.py" "$mask" b/*.ascii.txt || fail "a batch map leaves the mask"
  # Cut short by the mask: the early note counts the doors sealed at its edge.
  run 0 "$samples/caves" --mask "$mask" --seed 1 -o map.png --json early.json
  expect_err "sealed at the mask's edge"
  json_value early.json '[u["reason"] for u in j["unused_doors"]]' | grep -q outside_mask ||
    fail "no door sealed with reason outside_mask"
  # Refusals: with --graph, a mask that is no PNG, a mask no tile fits.
  run 2 "$samples/classic" --graph clock --mask "$mask" -o map.png
  expect_err "^dungen: error: --mask: does not apply with --graph"
  printf 'not a png' >bad.png
  run 1 "$samples/classic" --mask bad.png -o map.png
  expect_err "bad.png: not a PNG file"
  python3 - <<'PY'
import struct, zlib
rows = b"".join(b"\x00" + b"\xff\xff\xff\xff" * 3 for _ in range(3))
chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
open("tiny.png", "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 3, 8, 6, 0, 0, 0))
                            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
  run 2 "$samples/classic" --mask tiny.png -o refused.png
  expect_err "^dungen: error: --mask: the start tile '.*' fits nowhere inside the mask's area, nor does any other tile"
  [ -e refused.png ] && fail "a refused run wrote the map"
  true ;;
place)
  # --place: the pinned tiles lie where pinned, in the orientation asked, on every level of a
  # batch; the first is the start tile (the entrance lies in it); the option line names them.
  run 0 "$samples/classic" --place room_large.png@30,30 --place room_lshape.png@62,36:r90 \
    --count 6 --seed 1 --out-dir b --with-ascii -q
  for j in b/level-*.json; do
    json_value "$j" '[(p["tile"], p["x"], p["y"], p["rotate"], p["flip"]) for p in j["placements"][:2]]' |
      grep -qF "[('room_large.png', 30, 30, 0, False), ('room_lshape.png', 62, 36, 90, False)]" ||
      fail "$j: the pinned tiles are not where pinned"
    json_value "$j" '" ".join(j["options"])' |
      grep -q -- "--place room_large.png@30,30 --place room_lshape.png@62,36:r90" ||
      fail "$j: the options do not name the pins"
  done
  # Refusals, each one line with exit 2 and no output: a spec without a cell, a tile not in the
  # folder (with a suggestion), an orientation that is none, --start beside --place, pins that
  # overlap, --place with --graph.
  run 2 "$samples/classic" --place room_large.png -o refused.png
  expect_err "^dungen: error: --place: 'room_large.png': give TILE@X,Y"
  run 2 "$samples/classic" --place room_larg.png@3,3 -o refused.png
  expect_err "^dungen: error: --place: no tile 'room_larg.png' in the folder; did you mean 'room_large.png'\?"
  run 2 "$samples/classic" --place room_large.png@3,3:r45 -o refused.png
  expect_err "'r45' is no orientation"
  run 2 "$samples/classic" --place room_large.png@3,3 --start room_small.png -o refused.png
  expect_err "^dungen: error: --start: does not go with --place"
  run 2 "$samples/classic" --place room_large.png@3,3 --place room_large.png@4,4 -o refused.png
  expect_err "^dungen: error: --place: 'room_large.png' at 4,4 \(r0\) does not fit: it overlaps an earlier --place tile"
  run 2 "$samples/classic" --graph clock --place room_large.png@3,3 -o refused.png
  expect_err "^dungen: error: --place: does not apply with --graph"
  [ -e refused.png ] && fail "a refused run wrote the map"
  true ;;
floors)
  # --floors: a file per floor and output, one JSON of every floor and the stairs, checked from
  # the JSON alone; the stairs line up on every seed tried; refusals.
  for seed in 1 2 3; do
    run 0 "$samples/caves" --floors 3 --seed $seed -o d.png --json d$seed.json --report d.txt \
      --preview p.png --ascii d.ascii.txt --tmx d.tmx
  done
  python3 "$src/tests/cli/check_floors.py" d1.json d2.json d3.json || fail "the floors do not line up"
  for k in 1 2 3; do
    for f in d-floor$k.png d-floor$k.txt p-floor$k.png d-floor$k.ascii.txt d-floor$k.tmx; do
      [ -s "$f" ] || fail "no $f"
    done
  done
  [ -e d-floor4.png ] && fail "a fourth floor was written"
  [ "$(grep -cE '^floor [123] of 3: way up at [0-9]+,[0-9]+, way down at [0-9]+,[0-9]+$' d.ascii.txt)" = 3 ] ||
    fail "d.ascii.txt does not hold the three floors one after another"
  expect_err "^dungen: wrote d-floor3.png \(floor 3 of 3: "
  expect_err "note: floor 2 of 3: its way up is floor 1's way down, at [0-9]+,[0-9]+"
  [ "$(json_value d1.json 'j["floors"][1]["seed"] != j["floors"][0]["seed"]')" = True ] ||
    fail "two floors share a seed"
  # Floor 1 is the level of the seed: the same rooms as a single run.
  run 0 "$samples/caves" --seed 1 -o one.png --json one.json
  [ "$(json_value d1.json 'len(j["floors"][0]["placements"])')" = \
    "$(json_value one.json 'len(j["placements"])')" ] || fail "floor 1 is not the seed's level"
  # Locks across floors: one puzzle; keys on other floors name them.
  run 0 "$samples/classic" --floors 3 --locks 4 --seed 2 --max-tiles 60 -o l.png --json l.json \
    --report l.txt
  python3 "$src/tests/cli/check_floors.py" l.json || fail "the dungeon's locks do not hold"
  [ "$(json_value l.json 'sum(len(f["locks"]) for f in j["floors"])')" -ge 6 ] ||
    fail "a 3-floor dungeon with --locks 4 holds fewer than 6 locks"
  [ "$(json_value l.json 'j["floors"][2]["locks_requested"]')" = 12 ] ||
    fail "a floor's locks_requested is not the dungeon's 12"
  # Every level command makes floors.
  run 0 rooms --floors 2 --seed 4 -o r.png --json r.json
  python3 "$src/tests/cli/check_floors.py" r.json || fail "rooms' floors do not line up"
  # The dungeon's seed is the one given, also when a floor was grown again from another.
  run 0 "$samples/classic" --floors 2 --seed 1 --max-size 30x30 --min-tiles 28 --retries 5 \
    -o rs.png --json rs.json
  [ "$(json_value rs.json 'j["seed"]')" = 1 ] || fail "the dungeon JSON does not give --seed 1"
  # Refusals.
  mkdir -p sub
  run 4 "$samples/caves" --floors 2 -o sub/
  expect_err "is a folder; give a file name such as map.png"
  [ -e sub/-floor1 ] && fail "a folder output made a floor file"
  run 2 "$samples/caves" --floors 2 --count 2 --out-dir b --with-demo --with-wad
  expect_err "^dungen: error: --floors: does not write Doom maps yet .*: leave out --with-wad$"
  [ -e b ] && fail "a refused batch made its folder"
  run 2 "$samples/caves" --floors 31 -o w.png --wad w.wad
  expect_err "^dungen: error: --floors: a Doom II WAD holds at most 30 maps"
  run 2 "$samples/caves" --floors 0 -o w.png
  [ -e w-floor1.png ] && fail "a refused run wrote a floor"
  true ;;
floors_batch)
  # --floors with --count and --out-dir: dungeon i is the dungeon `--floors 2 --seed 5+i` makes
  # alone, byte for byte, its files named as a batch level's with -floorK; the manifest has a row
  # a dungeon, its floors' counts summed, its floors and stairs; -j changes no byte.
  batch=("$samples/classic" --floors 2 --count 3 --seed 5 --max-tiles 12 --with-ascii --with-tmx --gallery)
  run 0 "${batch[@]}" --out-dir b -j 2
  expect_err "^dungen: 3 dungeons of 2 floors written to b \(0 ended early, 0 with cells the entrance cannot reach, 0 failed\) in "
  expect_err "^dungen: gallery of the dungeons: b/index.html$"
  for i in 0 1 2; do
    for k in 1 2; do echo level-000$i-floor$k.{ascii.txt,json,png,tmx,txt}; done
    echo level-000$i.{ascii.txt,json,world}
  done | tr ' ' '\n' | sort > want.txt
  ls b | grep '^level-' > got.txt
  diff want.txt got.txt || fail "the batch's files are not each dungeon's floors' and its own"
  python3 "$src/tests/cli/check_floors.py" b/level-000{0,1,2}.json || fail "a dungeon's floors do not line up"
  # The manifest: a row a dungeon, from its dungeon JSON.
  python3 - b <<'PY' || fail "the manifest is not the dungeons'"
import csv, json, sys
folder = sys.argv[1]
rows = list(csv.DictReader(open(f"{folder}/manifest.csv", newline="")))
assert len(rows) == 3, rows
assert list(rows[0])[-2:] == ["floors", "stairs"], list(rows[0])
for i, r in enumerate(rows):
    d = json.load(open(f"{folder}/{r['name']}.json"))
    floors = d["floors"]
    m = lambda key: sum(f["metrics"][key] for f in floors)
    want = {"index": str(i), "seed": str(5 + i), "name": f"level-000{i}", "floors": "2",
            "tiles": str(sum(len(f["placements"]) for f in floors)),
            "unused_doors": str(sum(len(f["unused_doors"]) for f in floors)),
            "unreachable_regions": str(sum(len(f["unreachable"]) for f in floors)),
            "terminated_early": "false", "status": "ok",
            "stairs": ";".join(f"{s['x']},{s['y']}" for s in d["stairs"]),
            "loops": str(m("loops")), "dead_ends": str(m("dead_ends")),
            "exit_steps": str(m("exit_steps")), "exit_rooms": str(m("exit_rooms")),
            "reachable_share": f"{m('reachable_cells') / m('passable_cells'):.4f}"}
    for key, value in want.items():
        assert r[key] == value, (r["name"], key, r[key], value)
    assert d["seed"] == 5 + i and len(r["hash"]) == 16, r
PY
  # Dungeon i alone, its files named as the batch names them: the same bytes.
  for i in 0 1 2; do
    mkdir s$i
    (cd s$i && "$dungen" "$samples/classic" --floors 2 --seed $((5 + i)) --max-tiles 12 -q \
      -o level-000$i.png --report level-000$i.txt --json level-000$i.json \
      --ascii level-000$i.ascii.txt --tmx level-000$i.tmx) || fail "dungeon $i alone"
    [ "$(ls s$i | grep -c "^level-000$i")" -eq 13 ] || fail "dungeon $i alone: $(ls s$i)"
    for f in s$i/*; do cmp "$f" "b/${f#s"$i"/}" || fail "b/${f#s"$i"/} is not as dungeon $i alone"; done
  done
  python3 "$src/tests/cli/gallery_check.py" page b/index.html b/manifest.csv > links.txt ||
    { cat links.txt; fail "the gallery"; }
  grep -q '<h1>dungen batch: 3 dungeons of 2 floors</h1>' b/index.html || fail "the gallery's heading"
  run 0 "${batch[@]}" --out-dir b1 -j 1 -q
  diff -r b b1 || fail "the batch depends on -j"
  # --strict: exit 3 when a floor ends early; --require: the first floor that misses.
  run 3 "$samples/classic" --floors 2 --count 2 --seed 1 --max-tiles 30 --max-size 20x20 --out-dir e --strict -q
  [ "$(cut -d, -f7 e/manifest.csv | tr '\n' ' ')" = "terminated_early true true " ] || fail "no dungeon ended early"
  run 0 "$samples/classic" --floors 2 --count 2 --seed 1 --max-tiles 10 --out-dir r --require 'exit_rooms>=500' -q
  [ "$(grep -c ',"missed exit_rooms>=500 (the level has [0-9]*) on floor 1"$' r/manifest.csv)" -eq 2 ] ||
    fail "the require column does not name the floor"
  # A dungeon whose file cannot be written fails alone (exit 4), as a batch level does.
  mkdir -p f/level-0001-floor2.json
  run 4 "$samples/classic" --floors 2 --count 3 --seed 1 --max-tiles 10 --out-dir f
  expect_err "^dungen: error: level 1: f/level-0001-floor2.json: is a folder"
  [ "$(ls f | grep -c '^level-0001')" -eq 1 ] || fail "the failed dungeon wrote some of its files"
  grep -q '^1,2,level-0001,,,,,"error: .*",,,,,,,,,$' f/manifest.csv || fail "the failed dungeon's row"
  # A batch of levels before, in the same folder: its level files are noted, not removed.
  run 0 "$samples/classic" --count 2 --seed 1 --max-tiles 10 --out-dir m -q
  run 0 "$samples/classic" --floors 2 --count 2 --seed 1 --max-tiles 10 --out-dir m
  expect_err "^dungen: note: m holds 4 level files of an earlier batch that this one did not write \(e.g. level-0000.png\)"
  true ;;
*)
  fail "unknown case $case_name" ;;
esac
