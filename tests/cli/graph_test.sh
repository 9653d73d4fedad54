#!/usr/bin/env bash
# End-to-end tests of `dungen graph` and the deprecated `dungen generate --graph` (docs/graph.md):
# graph_test.sh CASE DUNGEN SOURCE_DIR
case=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
tags=$samples/tags/classic.tileset.txt
case $case in
realised)  # every built-in and sample graph; the reports map rooms to placements
  for g in grid:4x3 clock chain:6 "$samples/graphs/cycles20.json"; do
    run 0 graph "$samples/classic" "$g" --tileset "$tags" --seed 24 --strict -q \
      -o map.png --report r.txt --json r.json
    grep -q '^stopped: graph .*: \([0-9]*\) of \1 rooms placed' r.txt || fail "$g: $(grep stopped r.txt)"
  done
  grep -q '"graph": {"name": "cycles20.json", "entrance": "entrance", "exit": "hall 18"' r.json \
    || fail "no graph key"
  [ "$(grep -c '"placement": [0-9]' r.json)" -ge 20 ] || fail "rooms without placements"
  grep -q '^  room "boss" \[boss\]: placement [0-9]*$' r.txt || fail "text report lacks the boss"
  grep -q '^  connection "hall 1"-"hall 8": ' r.txt || fail "text report lacks a connection" ;;
impossible)  # one line naming the room and what is missing; --strict exits 3; partial written
  cat >g.json <<'JSON'
{"rooms": [{"name": "gate"}, {"name": "lair", "tags": ["dragon"]}],
 "connections": [{"from": "gate", "to": "lair"}]}
JSON
  run 3 graph "$samples/classic" g.json --tileset "$tags" --strict -o map.png --report r.txt
  expect_err 'room "lair": no tile tagged dragon; tag one in the tile settings \(tileset.txt or --tileset FILE\)'
  [ -s map.png ] && grep -q '^TERMINATED EARLY: room "lair"' r.txt || fail "no partial level"
  run 0 graph "$samples/classic" g.json --tileset "$tags" -o map.png
  expect_err 'warning: level ended early: room "lair"' ;;
options)  # options that do not apply, bad graphs, bad tag files
  run 2 generate "$samples/classic" --graph clock --max-tiles 9 -o map.png
  expect_err -- '--max-tiles: does not apply with --graph'
  run 2 generate "$samples/classic" --corridor-max 2 -o map.png
  expect_err -- '--corridor-max: applies only with --graph'
  run 2 graph "$samples/classic" chain:0 -o map.png
  expect_err 'chain:0: needs N from 1 to 1024 rooms'
  run 2 graph "$samples/classic" chain:1025 -o m.png; expect_err 'chain:1025: needs N from 1 to 1024 rooms'
  run 2 graph "$samples/classic" grid:64x64 -o m.png; expect_err 'grid:64x64: needs'
  echo '{"rooms": [{"name": "a"}, {"name": "b"}]}' >g.json
  run 1 graph "$samples/classic" g.json -o map.png
  expect_err 'g.json: room "b" is not connected to "a"'
  echo 'room_small.png tags=big room' >t.txt
  run 1 graph "$samples/classic" clock --tileset t.txt -o map.png
  expect_err "t.txt: line 1: unknown setting 'room'"
  run 1 graph "$samples/classic" clock --tileset missing.txt -o map.png
  expect_err 'missing.txt'
  # A name that is no file and no built-in is a usage error, not a missing file; an existing
  # file (or a .json name) is read as a graph file.
  for spec in maze clock:3 CHAIN:4; do
    run 2 graph "$samples/classic" "$spec" -o map.png
    expect_err "^dungen: error: $spec: is not a graph file or a built-in graph; use grid:COLSxROWS, clock or chain:N\$"
  done
  run 1 graph "$samples/classic" missing.json -o map.png
  expect_err '^dungen: error: missing.json: cannot read: No such file'
  echo '{"rooms": [{"name": "a"}]}' >maze
  run 0 graph "$samples/classic" maze -o map.png -q ;;
everything)  # locks on the main path, content, and every export of a graph level
  run 0 graph "$samples/classic" "$samples/graphs/cycles20.json" --tileset "$tags" \
    --seed 3 --locks 2 --monsters 5 --chests 2 --strict -q -o m.png --json r.json \
    --preview p.png --tmx m.tmx --ascii m.txt --wad m.wad
  [ "$(grep -o '"key": [0-9]' r.json | wc -l)" -eq 2 ] || fail "not 2 locks: $(grep -o '"locks": .\{80\}' r.json)"
  grep -q '"kind": "monster"' r.json && grep -q '"kind": "chest"' r.json || fail "no content in r.json"
  grep -q '<object ' m.tmx && [ -s dungen-tiles.png ] || fail "no Tiled map"
  [ "$(head -c 4 m.wad)" = PWAD ] || fail "no Doom map"
  grep -q '[^ ]' m.txt && [ -s p.png ] || fail "no ASCII map or preview" ;;
preferred)  # start/exit tiles are preferred, not forced; widths a room's connections ask for
  for seed in 1 2 3 4 5 6 7 8; do  # the exit tile has width-2 doors only, the start tile width 1
    run 0 graph "$samples/classic" chain:2 --tileset "$tags" --seed $seed --strict -q -o m.png
  done
  run 0 graph "$samples/caves" "$samples/layouts/castle.json" \
    --tileset "$samples/tags/caves.tileset.txt" --seed 1 --strict -q -o m.png
  run 3 graph "$samples/classic" "$samples/layouts/castle.json" --tileset "$tags" \
    --seed 1 --strict -o m.png
  expect_err 'room "courtyard": its connections ask for doors 2, 2, 3 cells wide but no tile not tagged corridor has them all, joined by its floor' ;;
sealed)  # a loop --locks cuts is reported, and a required tile --graph does not place
  cp "$tags" t.txt && echo 'cap1_closet.png tags=corridor required' >>t.txt
  run 0 graph "$samples/classic" "$samples/graphs/cycles20.json" --tileset t.txt \
    --seed 24 --locks 3 -o m.png --json r.json --report r.txt
  n=$(grep -o '"sealed": true' r.json | wc -l)
  [ "$n" -ge 1 ] || fail "no connection sealed by the locks"
  grep -q "^stopped: graph cycles20.json: 20 of 20 rooms placed, 22 of 22 connections made, $n sealed by --locks" r.txt \
    || fail "stopped line: $(grep stopped r.txt)"
  grep -q '"loops": '$((3 - n))',' r.json || fail "loops left: $(grep -o '"loops": [0-9]*' r.json), sealed $n"
  expect_err 'note: `required` is not honoured by dungen graph, which places the graph.s rooms only: cap1_closet.png not placed' ;;
steps)  # --dump-steps shows new depths only: at most 31 pictures, then finished
  run 0 graph "$samples/classic" chain:90 --tileset "$tags" --seed 3 -q -o m.png --dump-steps st
  n=$(ls st | grep -c placed)
  [ "$n" -ge 10 ] && [ "$n" -le 31 ] || fail "$n placed pictures"
  # 31 to 59 rooms once drew a picture for every room; and a second run replaces the first's.
  run 0 graph "$samples/classic" chain:59 --tileset "$tags" --seed 3 -q -o m.png --dump-steps st
  n=$(ls st | grep -c placed); [ "$n" -le 31 ] || fail "$n placed pictures for 59 rooms"
  [ "$(ls st | grep -c finished)" = 1 ] || fail "pictures of the earlier run left: $(ls st | tr '\n' ' ')"
  [ -f "st/$(printf %03d "$n")-finished.png" ] || fail "no finished picture: $(ls st | tail -1)" ;;
batch)  # a batch of graph levels, each realised
  run 0 graph "$samples/classic" clock --tileset "$tags" --count 3 --out-dir out -q --seed 5
  [ "$(ls out/*.png | wc -l)" -ge 3 ] || fail "batch wrote $(ls out)" ;;
deprecated)  # generate --graph: a warning, the same levels, reports naming generate as before
  run 0 graph "$samples/classic" clock --tileset "$tags" --seed 5 -o a.png --report a.txt --json a.json
  run 0 generate "$samples/classic" --tileset "$tags" --graph clock --seed 5 -o b.png --report b.txt --json b.json
  expect_err "^dungen: warning: generate --graph is deprecated and will be removed: use 'dungen graph TILES_DIR GRAPH'"
  cmp a.png b.png || fail "generate --graph made another map"
  grep -q '^dungen [0-9.]* graph$' a.txt && grep -q '^options: graph clock --corridor-max 4 --tileset classic.tileset.txt$' a.txt \
    || fail "graph report: $(head -3 a.txt)"
  grep -q '^dungen [0-9.]* generate$' b.txt && grep -q '^options: --graph clock --corridor-max 4 --tileset classic.tileset.txt$' b.txt \
    || fail "generate --graph report: $(head -3 b.txt)"
  diff <(tail -n +4 a.txt) <(tail -n +4 b.txt) || fail "reports differ beyond their first lines"
  grep -q '"generator": "graph"' a.json && grep -q '"generator": "generate"' b.json || fail "JSON generator"
  # -q says nothing, not even the warning; the graph command has no unguided options.
  run 0 generate "$samples/classic" --tileset "$tags" --graph clock -q -o b.png
  [ ! -s err.txt ] || fail "-q printed: $(cat err.txt)"
  run 2 graph "$samples/classic" clock --max-tiles 9 -o map.png
  expect_err 'max-tiles' ;;
unguided_same)  # --tileset with the tags leaves unguided levels as they were, but the hash
  run 0 generate "$samples/classic" --seed 7 -q -o a.png
  run 0 generate "$samples/classic" --tileset "$tags" --seed 7 -q -o b.png
  cmp a.png b.png || fail "tags changed an unguided level" ;;
*) fail "unknown case $case" ;;
esac
