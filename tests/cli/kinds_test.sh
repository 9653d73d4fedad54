#!/usr/bin/env bash
# End-to-end tests of door kinds (docs/tile-format.md#door-kinds) on samples/kinds: palette
# errors, inspect, the reports, the preview and the Tiled maps. Usage: kinds_test.sh CASE
# DUNGEN SOURCE_DIR. Exit 0 = pass, 77 = skipped, else fail. (The Doom map: tests/doom/.)
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
kinds=$samples/kinds
palette=$kinds/palette.txt

# colours PNG: the distinct colours of an 8-bit RGBA PNG (a preview) as #RRGGBB lines, decoded
# by tools/ascii2tile.py.
colours() {
  python3 - "$src/tools" "$1" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import ascii2tile
rows = ascii2tile.decode_png(open(sys.argv[2], "rb").read())
seen = {px[:3] for row in rows for px in row}
print("\n".join(sorted("#%02X%02X%02X" % c for c in seen)))
PY
}

case $case_name in
palette_errors)
  printf '#00FF00 door:Secret\n' > bad.txt
  run 1 inspect "$kinds" --palette bad.txt
  expect_err "^dungen: error: bad.txt: line 1 column 9: 'Secret' is not a door kind name"
  [ "$(wc -l < err.txt)" -eq 1 ] || fail "the error is not one line"
  printf '#00FF00 door:secret\n#00FF00 floor\n' > bad.txt
  run 1 generate "$kinds" --palette bad.txt -o m.png
  expect_err "line 2 column 1: #00FF00 is door:secret on line 1 but floor here; give each colour one meaning"
  [ ! -e m.png ] || fail "a map was written"
  printf '#00FF00 door:secret\n#00FF00 door:secret\n' > bad.txt
  run 1 inspect "$kinds" --palette bad.txt
  expect_err "#00FF00 door:secret repeats line 1"
  printf '#00FF00 floor:x\n' > bad.txt
  run 1 inspect "$kinds" --palette bad.txt
  expect_err "'floor:x': only doors have kinds"
  # Without the palette the kinds' colours are unknown.
  run 1 inspect "$kinds"
  expect_err "has colour #0000FF that the palette does not name" ;;
inspect)
  run 0 inspect "$kinds" --palette "$palette"
  expect_out '^room_secret.png  7x7 cells, 3 doors, 4 distinct orientations$'
  expect_out '^  door x=6 y=3 width=1 facing=east kind=secret$'
  expect_out '^  door x=4 y=0 width=2 facing=north kind=gate$'
  expect_out '^  width 1 kind=secret: 2 doors on 2 tiles \(room_secret.png, secret_vault.png\); caps: secret_vault.png$'
  expect_out 'widths without a cap \(their branches can never close, only be sealed\): none$'
  run 0 inspect "$kinds" --palette "$palette" --json
  expect_out '"door_kinds": \['
  python3 - out.txt <<'PY' || fail "inspect --json: kinds wrong"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["door_kinds"] == ["plain", "secret", "gate"], j["door_kinds"]
doors = {t["name"]: t["doors"] for t in j["tiles"]}
assert doors["secret_vault.png"] == [{"x": 2, "y": 0, "width": 1, "facing": "north", "kind": "secret"}]
assert all("kind" not in d for d in doors["room.png"]), "plain doors carry no kind"
assert {(w["width"], w.get("kind")) for w in j["widths"]} == {(1, None), (1, "secret"), (2, "gate")}
assert j["kinds_without_cap"] == []
PY
  # A door row of mixed kinds is several doors; a kind nothing mates is reported (the tile may
  # not turn, so its north doors would need south doors of their kinds).
  mkdir mixed && printf '#+ssgg#\n#.....#\n#######\n' > mixed.txt
  printf 'mixed.png orientations=r0\n' > mixed/tileset.txt
  python3 "$src/tools/ascii2tile.py" mixed.txt mixed/mixed.png >/dev/null || fail "ascii2tile"
  run 0 inspect mixed --palette "$palette"
  expect_out '^mixed.png  7x3 cells, 3 doors, 1 distinct orientation$'
  expect_out '^  door x=1 y=0 width=1 facing=north$'
  expect_out '^  door x=2 y=0 width=2 facing=north kind=secret$'
  expect_out '^  door x=4 y=0 width=2 facing=north kind=gate$'
  expect_out 'doors no door of any tile can mate: mixed.png door x=1 y=0 width=1 facing=north, mixed.png door x=2 y=0 width=2 facing=north kind=secret, mixed.png door x=4 y=0 width=2 facing=north kind=gate$'
  expect_out 'widths without a cap \(their branches can never close, only be sealed\): 1, 2 kind=secret, 2 kind=gate$' ;;
reports)
  run 0 generate "$kinds" --palette "$palette" --seed 3 -o m.png --report r.txt --json r.json -q
  grep -qE '^door kinds: plain [0-9]+ connected [0-9]+ unused, secret [1-9][0-9]* connected [0-9]+ unused, gate [1-9][0-9]* connected [0-9]+ unused$' r.txt \
    || fail "r.txt lacks the door kinds line: $(grep kinds r.txt)"
  grep -qE '^  x=[0-9]+ y=[0-9]+ width=2 facing=[a-z]+ kind=gate placement=' r.txt || fail "r.txt: no unused gate named"
  python3 - r.json "$kinds" <<'PY' || fail "r.json: kinds wrong"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["door_kinds"] == ["plain", "secret", "gate"]
names = {p["id"]: p["tile"] for p in r["placements"]}
kinds = {"secret": 0, "gate": 0}
for c in r["connections"]:
    kind = c.get("kind")
    assert kind != "plain", "plain doors carry no kind"
    if kind: kinds[kind] += 1
    a, b = names[c["a"]], names[c["b"]]
    # Secret doors are only on room_secret and secret_vault, gates only on the gate tiles.
    if kind == "secret": assert {a, b} <= {"room_secret.png", "secret_vault.png"}, (a, b)
    if kind == "gate": assert a.startswith("gate_") and b.startswith("gate_"), (a, b)
    if kind is None: assert "secret_vault.png" not in (a, b) and "gate_shrine.png" not in (a, b), (a, b)
    assert c["width"] == (2 if kind == "gate" else 1)
assert kinds["secret"] > 0 and kinds["gate"] > 0, kinds
for u in r["unused_doors"]:
    assert u.get("kind") in (None, "secret", "gate")
PY
  # The map PNG draws every door red: it stays a tile of the default palette.
  mkdir as-tile && cp m.png as-tile/
  run 0 inspect as-tile
  # Same seed, same bytes.
  run 0 generate "$kinds" --palette "$palette" --seed 3 -o m2.png --report r2.txt --json r2.json -q
  cmp r.json r2.json && cmp m.png m2.png || fail "two runs differ" ;;
preview)
  run 0 generate "$kinds" --palette "$palette" --seed 3 -o m.png --preview p.png --scale 4 -q
  colours p.png > p.txt
  grep -qx '#6680FF' p.txt || fail "no secret door (kind 1, #6680FF) in the preview"
  grep -qx '#99E6FF' p.txt || fail "no gate (kind 2, #99E6FF) in the preview"
  grep -qx '#990000' p.txt && fail "the preview uses the ink of a third kind the level lacks"
  # Without kinds, no kind ink appears.
  run 0 generate "$samples/classic" --seed 3 -o c.png --preview c-p.png --scale 4 -q
  colours c-p.png > c.txt
  grep -qxE '#6680FF|#99E6FF' c.txt && fail "a kind ink in a level without kinds"
  true ;;
tiled)
  run 0 generate "$kinds" --palette "$palette" --seed 3 -o m.png --json r.json --tmx m.tmx --tmj m.tmj -q
  grep -q '<map .* nextlayerid="5"' m.tmx || fail "m.tmx: nextlayerid"
  grep -q '<objectgroup id="4" name="doors" visible="0">' m.tmx || fail "m.tmx lacks the doors layer"
  python3 - r.json m.tmj <<'PY' || fail "m.tmj: door objects differ from the report"
import json, sys
r, m = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
layer = [l for l in m["layers"] if l["name"] == "doors"][0]
want = [c for c in r["connections"] if "kind" in c]
assert len(layer["objects"]) == len(want), (len(layer["objects"]), len(want))
for o, c in zip(layer["objects"], want):
    props = {p["name"]: p["value"] for p in o["properties"]}
    assert o["type"] == "door" and o["name"] == c["kind"] == props["kind"]
    assert (props["a"], props["b"], props["facing"], props["width"]) == (c["a"], c["b"], c["facing"], c["width"])
    assert (o["x"], o["y"]) == (c["x"] * 16, c["y"] * 16), (o, c)
PY
  run 0 generate "$samples/classic" --seed 3 -o c.png --tmx c.tmx -q
  grep -q 'name="doors"' c.tmx && fail "a doors layer without kinds"
  true ;;
*)
  fail "unknown case $case_name" ;;
esac
exit 0
