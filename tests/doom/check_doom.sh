#!/usr/bin/env bash
# The Doom check (docs/doom.md): real Doom engines load the maps dungen writes and finish them.
#
# Usage: check_doom.sh CASE DUNGEN WAD_TOOL SOURCE_DIR
# Exit 0 = pass, 77 = skipped (zdbsp, freedoom, chocolate-doom or dsda-doom not installed:
# Debian's packages of those names), else fail.
#
# Each map: dungen writes it with --wad (nodes by zdbsp) and --demo; wad_tool checks its lumps;
# chocolate-doom (the strict, vanilla loader: it dies on a missing texture) and dsda-doom
# play an idle demo (the map loads) and the solution demo (the map is finished: MAP01 in
# chocolate-doom's -statdump and dsda-doom's -levelstat; with --floors every map, MAP01 to
# MAPnn). Fixture levels (tests/data/wad/) are also played by a demo that does not come from
# dungen (run east, tapping use), and, with their keycards removed, must NOT be finished. The
# case "controls" proves the engines and the checks can fail at all.
set -u
case_name=$1 dungen=$2 tool=$3 src=$4
samples=$src/samples fixtures=$src/tests/data/wad

export PATH=$PATH:/usr/games   # Debian puts the engines there
for t in zdbsp chocolate-doom dsda-doom; do
  command -v "$t" >/dev/null 2>&1 || { echo "SKIP: $t not installed (Debian: apt-get install $t)"; exit 77; }
done
iwad=${DUNGEN_IWAD:-/usr/share/games/doom/freedoom2.wad}
[ -f "$iwad" ] || { echo "SKIP: no IWAD at $iwad (Debian: apt-get install freedoom)"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
# Headless: no window, no sound; the engines write their configuration under HOME.
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy HOME=$work/home
mkdir -p "$HOME"
"$tool" idle-demo idle.lmp 35 || exit 1

fail() { echo "FAIL: $*" >&2; exit 1; }

# maps_in FILE: the maps a stats file names, in order, once each, on one line ("MAP01 MAP02").
maps_in() { grep -o 'MAP[0-9][0-9]' "$1" 2>/dev/null | awk '!seen[$0]++' | paste -sd' ' -; }
# chocolate WAD DEMO: plays DEMO in chocolate-doom. Sets choc_loaded (it played the demo to
# the end: it always exits 255 after -timedemo, so its "timed N gametics" line on standard
# error tells; a fatal error prints its message instead), choc_done (MAP01 was finished) and
# choc_maps (every map finished, from its -statdump file).
chocolate() {
  rm -f stats.txt
  chocolate-doom -iwad "$iwad" -file "$1" -timedemo "$2" -nosound -nomusic -nodraw -statdump stats.txt \
    >choc.out 2>choc.err
  choc_loaded=0 choc_done=0
  grep -q '^timed [0-9]* gametics' choc.err && choc_loaded=1
  grep -q 'MAP01' stats.txt 2>/dev/null && choc_done=1
  choc_maps=$(maps_in stats.txt)
}
# dsda WAD DEMO: the same in dsda-doom (exit 0 when the demo played; -levelstat lists the maps
# finished in levelstat.txt).
dsda() {
  rm -f levelstat.txt
  dsda_loaded=0 dsda_done=0
  dsda-doom -iwad "$iwad" -file "$1" -timedemo "$2" -nosound -nomusic -nodraw -levelstat >dsda.out 2>&1 && dsda_loaded=1
  grep -q 'MAP01' levelstat.txt 2>/dev/null && dsda_done=1
  dsda_maps=$(maps_in levelstat.txt)
}
# expect WAD DEMO LOADED DONE: both engines must have loaded (1/0) and finished (1/0) it.
expect() {
  chocolate "$1" "$2"
  [ "$choc_loaded$choc_done" = "$3$4" ] ||
    fail "chocolate-doom on $1 with $2: loaded=$choc_loaded finished=$choc_done, want $3 $4: $(head -n 3 choc.err)"
  dsda "$1" "$2"
  [ "$dsda_loaded$dsda_done" = "$3$4" ] ||
    fail "dsda-doom on $1 with $2: loaded=$dsda_loaded finished=$dsda_done, want $3 $4: $(tail -n 3 dsda.out)"
}
# expect_maps WAD DEMO MAPS: both engines must load WAD and play DEMO to its end, finishing
# exactly the maps MAPS ("MAP01 MAP02 MAP03", in that order; "" for none).
expect_maps() {
  chocolate "$1" "$2"
  [ "$choc_loaded" = 1 ] && [ "$choc_maps" = "$3" ] ||
    fail "chocolate-doom on $1 with $2: loaded=$choc_loaded finished '$choc_maps', want '$3': $(head -n 3 choc.err)"
  dsda "$1" "$2"
  [ "$dsda_loaded" = 1 ] && [ "$dsda_maps" = "$3" ] ||
    fail "dsda-doom on $1 with $2: loaded=$dsda_loaded finished '$dsda_maps', want '$3': $(tail -n 3 dsda.out)"
}
# make NAME ARGS...: dungen ARGS writing NAME.wad, NAME.lmp and NAME.json; checks the WAD.
make() {
  local n=$1; shift
  "$dungen" "$@" -q -o "$n.png" --json "$n.json" --wad "$n.wad" --demo "$n.lmp" >dungen.log 2>&1 ||
    { cat dungen.log >&2; fail "dungen $* exited $?"; }
  "$tool" check "$n.wad" >/dev/null || fail "$n.wad (dungen $*) is not a complete map"
}
# play NAME ARGS...: make, then the map loads (idle demo) and its demo finishes it.
play() {
  make "$@"
  expect "$1.wad" idle.lmp 1 0
  expect "$1.wad" "$1.lmp" 1 1
}
# locks NAME: the number of locks in NAME.json.
locks() { grep -o '"key": [0-9]*' "$1.json" | wc -l; }

case $case_name in
fixtures)
  # Straight east: a door, the key, the red door, the exit switch at the corridor's end.
  make straight layout "$fixtures/straight.json" --locks 1 --seed 1
  [ "$(locks straight)" = 1 ] || fail "straight.json should hold one lock"
  "$tool" run-demo run.lmp 300 || fail "wad_tool run-demo"
  expect straight.wad run.lmp 1 1
  expect straight.wad straight.lmp 1 1
  "$tool" strip-keys straight.wad nokey.wad || fail "wad_tool strip-keys"
  expect nokey.wad run.lmp 1 0
  expect nokey.wad straight.lmp 1 0
  # One turn (east, then south through the red door), and north then west.
  for f in turn north_west; do
    make "$f" layout "$fixtures/$f.json" --locks 1 --seed 1
    [ "$(locks "$f")" = 1 ] || fail "$f.json should hold one lock"
    expect "$f.wad" "$f.lmp" 1 1
    "$tool" strip-keys "$f.wad" "$f-nokey.wad" || fail "wad_tool strip-keys"
    expect "$f-nokey.wad" "$f.lmp" 1 0
  done ;;
controls)
  # The checks must be able to fail: an idle demo finishes nothing; doors turned around (front
  # inside the door) never open, since engines ignore "use" on a line's back; a map without
  # nodes loads in neither engine; chocolate-doom refuses a texture the IWAD lacks (dsda-doom
  # draws nothing there and carries on).
  make c layout "$fixtures/turn.json" --locks 1 --seed 1
  expect c.wad idle.lmp 1 0
  "$tool" flip-doors c.wad flipped.wad || fail "wad_tool flip-doors"
  expect flipped.wad c.lmp 1 0
  "$tool" strip-nodes c.wad nonodes.wad || fail "wad_tool strip-nodes"
  "$tool" check nonodes.wad >/dev/null 2>&1 && fail "wad_tool check passed a map without nodes"
  expect nonodes.wad c.lmp 0 0
  "$tool" bad-texture c.wad badtex.wad || fail "wad_tool bad-texture"
  chocolate badtex.wad c.lmp
  [ "$choc_loaded" = 0 ] || fail "chocolate-doom loaded a map with a texture the IWAD lacks" ;;
classic)
  for s in 1 2 3; do play "classic$s" generate "$samples/classic" --seed "$s" --locks "$s" --monsters 4 --decor 3 --loot 2 --chests 2; done
  play classic-depth generate "$samples/classic" --seed 9 --policy depth --locks 3 ;;
caves)
  for s in 1 2 3; do play "caves$s" generate "$samples/caves" --seed "$s" --locks 3 --spikes 3 --monsters 3; done ;;
graph)
  tags=$samples/tags/classic.tileset.txt
  play graph-clock graph "$samples/classic" clock --tileset "$tags" --seed 3 --locks 2 --monsters 3
  play graph-cycles graph "$samples/classic" "$samples/graphs/cycles20.json" --tileset "$tags" --seed 24 --locks 1 ;;
rooms)
  for s in 1 2 3 4; do play "rooms$s" rooms --seed "$s" --locks $((s % 4)) --decor 4; done ;;
layout)
  play grid layout grid:4x3 --seed 1 --locks 2 --chests 3
  play clock layout clock --seed 2 --locks 3 --monsters 5
  play maze layout maze:0.1 --seed 3 --locks 1
  # One room is one subsector: zdbsp writes an empty NODES lump, which engines read.
  play one_room layout grid:1x1 --seed 1 ;;
areas)
  for s in 1 2 3; do play "areas$s" areas --seed "$s" --locks 3 --decor 5; done ;;
kinds)
  # Door kinds (samples/kinds): secret doors get the secret flag, gates are drawn as plain
  # doors, and the maps are still finished.
  for s in 1 2; do
    play "kinds$s" generate "$samples/kinds" --palette "$samples/kinds/palette.txt" --seed "$s" --locks 1 --monsters 2
    secret=$("$tool" check "kinds$s.wad" | sed -n 's/.*linedefs (\([0-9]*\) secret).*/\1/p')
    want=$(grep -c '{"a": .*"kind": "secret"' "kinds$s.json")
    [ "$want" -gt 0 ] || fail "kinds$s.json has no secret door to check"
    [ "${secret:-0}" -ge "$want" ] || fail "kinds$s.wad: $secret secret linedefs for $want secret doors"
  done
  make plain generate "$samples/classic" --seed 1
  "$tool" check plain.wad | grep -q 'linedefs (0 secret)' || fail "secret linedefs in a map without kinds" ;;
batch)
  "$dungen" rooms --seed 40 --locks 2 --count 3 --out-dir b --with-wad --with-demo -q >dungen.log 2>&1 ||
    { cat dungen.log >&2; fail "the batch failed"; }
  for i in 0 1 2; do
    "$tool" check "b/level-000$i.wad" >/dev/null || fail "b/level-000$i.wad is not a complete map"
    expect "b/level-000$i.wad" "b/level-000$i.lmp" 1 1
  done ;;
floors)
  # --floors N with --wad and --demo: one WAD of MAP01 to MAPnn, each exit leading to the next,
  # and one demo that finishes every map in turn (only if each map's exit led to the next map
  # could the demo's next stretch finish it). 30 floors, the most: every map of Doom II's order,
  # past the text screens it shows after MAP06, MAP11 and MAP20.
  make f3 generate "$samples/classic" --floors 3 --seed 5 --locks 2 --monsters 2 --decor 2
  [ "$("$tool" check f3.wad | wc -l)" = 3 ] || fail "f3.wad does not hold 3 maps"
  expect_maps f3.wad f3.lmp "MAP01 MAP02 MAP03"
  make f30 rooms --floors 30 --seed 1 --locks 2
  expect_maps f30.wad f30.lmp "$(printf 'MAP%02d\n' $(seq 1 30) | paste -sd' ' -)"
  make fa areas --floors 2 --seed 2 --locks 3
  expect_maps fa.wad fa.lmp "MAP01 MAP02"
  # Controls: an idle demo finishes no map; without MAP02's keycards the demo finishes MAP01
  # only (each map is checked, not the first alone).
  expect_maps f3.wad idle.lmp ""
  [ "$(grep -o '"key": [0-9]*' f3.json | wc -l)" -ge 3 ] || fail "f3.json should hold locks on every floor"
  "$tool" strip-keys f3.wad f3-nokey.wad MAP02 || fail "wad_tool strip-keys"
  expect_maps f3-nokey.wad f3.lmp "MAP01" ;;
coverage)
  # Every command that writes Doom maps must have a case above.
  covered=" generate graph rooms layout areas "
  commands=$("$dungen" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')
  [ -n "$commands" ] || fail "no subcommands in dungen --help"
  for c in $commands; do
    "$dungen" "$c" --help 2>/dev/null | grep -q -- '--wad' || continue
    case $covered in *" $c "*) ;; *) fail "'dungen $c' writes Doom maps but tests/doom/check_doom.sh has no case for it" ;; esac
  done ;;
*)
  fail "unknown case $case_name" ;;
esac
exit 0
