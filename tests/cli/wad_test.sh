#!/usr/bin/env bash
# End-to-end tests of --wad, --demo, --zdbsp, the batch flags --with-wad, --with-demo and
# --floors with --wad and --demo (docs/doom.md), without Doom engines (those are tests/doom/).
# Usage: wad_test.sh CASE DUNGEN SOURCE_DIR. Exit 0 = pass, 77 = skipped, else fail.
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
# no_zdbsp ARGS...: dungen with a PATH that holds no zdbsp.
no_zdbsp() { PATH=/nonexistent "$@"; }
# lumps FILE: the WAD's lump names, one line: its directory (offset from the header) read by od.
lumps() {
  local count dir
  count=$(od -An -tu4 -j4 -N4 "$1" | tr -d ' ') dir=$(od -An -tu4 -j8 -N4 "$1" | tr -d ' ')
  for ((i = 0; i < count; i++)); do
    dd if="$1" bs=1 skip=$((dir + 16 * i + 8)) count=8 2>/dev/null | tr -d '\0'; printf ' '
  done
}
# fake_zdbsp NAME SCRIPT: an executable NAME that runs the shell SCRIPT ("$@" are zdbsp's args).
fake_zdbsp() { printf '#!/bin/sh\n%s\n' "$2" >"$1" && chmod +x "$1"; }

case $case_name in
files)
  # Without zdbsp: the map without nodes, a note saying how to build them, and the demo.
  no_zdbsp "$dungen" layout grid:4x3 --seed 3 --locks 2 -o m.png --wad m.wad --demo m.lmp >out.txt 2>err.txt ||
    fail "exit status $?"
  expect_err "^dungen: note: zdbsp not found, so m.wad has no nodes, which Doom engines need: build them with 'zdbsp -R -o FILE.wad FILE.wad'"
  [ "$(head -c 4 m.wad)" = PWAD ] || fail "m.wad is not a PWAD"
  [ "$(lumps m.wad)" = "MAP01 THINGS LINEDEFS SIDEDEFS VERTEXES SECTORS " ] || fail "m.wad lumps: $(lumps m.wad)"
  [ "$(od -An -tu1 -N1 m.lmp | tr -d ' ')" = 109 ] || fail "m.lmp is not a v1.9 demo"
  [ "$(tail -c 1 m.lmp | od -An -tu1 | tr -d ' ')" = 128 ] || fail "m.lmp does not end with 0x80"
  no_zdbsp "$dungen" layout grid:4x3 --seed 3 --locks 2 -o m.png --wad m.wad -q >out.txt 2>err.txt || fail "exit status"
  [ ! -s err.txt ] || fail "-q printed: $(cat err.txt)"
  # A node builder that writes no nodes (it copies the map) is caught.
  fake_zdbsp zd 'while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done; cat "$1" > "$out"'
  run 4 layout grid:4x3 --seed 3 -o m.png --wad n.wad --zdbsp ./zd
  expect_err "^dungen: error: n.wad: the node builder ./zd wrote no NODES, SSECTORS or BLOCKMAP"
  [ ! -e n.wad ] || fail "n.wad written despite the error"
  if command -v zdbsp >/dev/null 2>&1; then
    run 0 layout grid:4x3 --seed 3 --locks 2 -o m.png --wad z.wad -q
    [ "$(lumps z.wad)" = "MAP01 THINGS LINEDEFS SIDEDEFS VERTEXES SEGS SSECTORS NODES SECTORS REJECT BLOCKMAP " ] ||
      fail "z.wad lumps: $(lumps z.wad)"
  fi ;;
determinism)
  for d in a b; do
    mkdir "$d" && no_zdbsp "$dungen" generate "$samples/caves" --seed 8 --locks 3 --monsters 3 -q -o "$d/m.png" \
      --wad "$d/m.wad" --demo "$d/m.lmp" || fail "exit status"
  done
  cmp a/m.wad b/m.wad && cmp a/m.lmp b/m.lmp || fail "the same seed wrote different WAD or demo bytes"
  no_zdbsp "$dungen" generate "$samples/caves" --seed 9 --locks 3 -q -o c.png --wad c.wad || fail "exit status"
  ! cmp -s a/m.wad c.wad || fail "another seed wrote the same WAD" ;;
zdbsp_option)
  run 2 rooms --wad m.wad --zdbsp /nonexistent/zdbsp
  expect_err "^dungen: error: --zdbsp: '/nonexistent/zdbsp' is not an executable file"
  [ ! -e dungeon.png ] || fail "work was done before the option was checked"
  fake_zdbsp broken 'echo "zdbsp: cannot do it" >&2; exit 3'
  mkdir tmp
  TMPDIR=$PWD/tmp run 4 rooms --seed 1 --wad m.wad --zdbsp ./broken
  expect_err "^dungen: error: m.wad: the node builder ./broken failed \(exit status 3\): zdbsp: cannot do it$"
  [ ! -e m.wad ] || fail "m.wad written despite the error"
  [ -z "$(ls tmp)" ] || fail "the temporary folder of the node builder was left: $(ls tmp)"
  # exit 0 without a map, and a signal, are said as what they are
  fake_zdbsp silent 'exit 0'
  TMPDIR=$PWD/tmp run 4 rooms --seed 1 --wad m.wad --zdbsp ./silent
  expect_err "^dungen: error: m.wad: the node builder ./silent exited with status 0 but wrote no map: "
  fake_zdbsp garbage 'echo garbage > "$3"; exit 0'  # run as zdbsp -R -o OUT IN
  TMPDIR=$PWD/tmp run 4 rooms --seed 1 --wad m.wad --zdbsp ./garbage
  expect_err "^dungen: error: m.wad: the node builder ./garbage wrote no map dungen can read \\(a damaged or missing WAD\\); check that --zdbsp names zdbsp: "
  fake_zdbsp killed 'kill -9 $$'
  TMPDIR=$PWD/tmp run 4 rooms --seed 1 --wad m.wad --zdbsp ./killed
  expect_err "^dungen: error: m.wad: the node builder ./killed was ended by signal 9 \\(Killed\\): "
  [ -z "$(ls tmp)" ] || fail "the temporary folder of the node builder was left: $(ls tmp)"
  # the copy for the node builder cannot be written: named by $TMPDIR, which the user can change
  (ulimit -f 8; TMPDIR=$PWD/tmp "$dungen" rooms --seed 1 --wad m.wad --zdbsp ./broken -o m.png 2>err.txt); [ $? = 4 ] || fail "not exit 4"
  expect_err "^dungen: error: .*/tmp: cannot write the temporary file dungen-nodes-[A-Za-z0-9]{6}/in.wad there: File too large; "
  [ -z "$(ls tmp)" ] || fail "the temporary folder of the node builder was left: $(ls tmp)"
  # out of descriptors while it is written: the folder still goes (it is removed by name).
  # Not under the sanitizers: UBSan's vptr check needs a descriptor to look at memory, and
  # without one it reports a false "invalid vptr".
  if ! grep -qa __asan_init "$dungen"; then
    (ulimit -n 12; TMPDIR=$PWD/tmp "$dungen" rooms --seed 1 -q -o m.png --json m.json --report r.txt --preview p.png \
      --tmx m.tmx --tmj m.tmj --ascii a.txt --wad m.wad --zdbsp ./broken 2>err.txt); [ $? = 4 ] || fail "ulimit -n 12: not exit 4"
    [ -z "$(ls tmp)" ] || fail "ulimit -n 12 left the node builder's folder: $(ls tmp)"
  fi ;;
refusals)
  run 2 rooms --demo m.lmp; expect_err "^dungen: error: --demo: the demo plays the Doom map; give --wad FILE too"
  run 2 rooms --locks 4 --wad m.wad; expect_err "^dungen: error: --locks: Doom has only 3 key colours"
  run 2 rooms --count 2 --out-dir b --wad m.wad; expect_err "^dungen: error: --wad: a batch names each level's files itself; use --with-wad"
  run 2 rooms --with-wad; expect_err "^dungen: error: --with-wad: is for batches .*give --wad FILE"
  run 2 rooms --count 2 --out-dir b --with-demo; expect_err "^dungen: error: --with-demo: the demo plays the Doom map; give --with-wad too"
  run 2 rooms --wad m.png -o m.png; expect_err "is named by two outputs"
  if command -v script >/dev/null; then
    script -qec "'$dungen' rooms -o m.png --wad -" /dev/null >tty.txt 2>&1
    grep -q "^dungen: error: --wad -: standard output is a terminal" tty.txt || { cat tty.txt >&2; fail "--wad - to a terminal"; }
  fi
  [ ! -e b ] && [ ! -e m.wad ] || fail "work was done before the options were checked" ;;
too_big)
  # Known only once the level is made: refused before any output is written.
  run 2 rooms --rooms 2000 --seed 1 -o m.png --json m.json --wad m.wad
  expect_err "^dungen: error: --wad: the level is 5[0-9][0-9]x5[0-9][0-9] cells, larger than a Doom map can be \(511x511 cells of 64 units"
  [ ! -e m.png ] && [ ! -e m.json ] && [ ! -e m.wad ] || fail "an output was written for a level too large"
  run 2 generate "$samples/classic" --seed 1 --max-tiles 3000 --max-size 511x511 -o m.png --wad m.wad
  expect_err "^dungen: error: --wad: the level needs [0-9]+ linedefs, more than a Doom map holds \(32767\)"
  run 1 rooms --rooms 2000 --seed 1 --count 1 --out-dir big --with-wad -q
  grep -q '"error: --wad: the level is' big/manifest.csv || fail "the batch's manifest lacks the level's error" ;;
no_floor)
  # A level without floor cells (corridor-only tiles on a graph: no tile placed; or every
  # passable cell a door) is refused before any output is written, also in a batch.
  mkdir t && cp "$samples"/classic/*.png t/ && printf '* tags=corridor\n' >corridors.txt
  run 1 graph t clock --seed 1 --tileset corridors.txt -o m.png --wad m.wad
  expect_err "^dungen: error: --wad: the level has no floor, so there is no Doom map to make; "
  [ "$(wc -l <err.txt)" = 1 ] || fail "more than the error line: $(cat err.txt)"
  printf '#000000 wall\n#FFFFFF door\n#FF0000 door\n' >doors.txt
  run 1 generate "$samples/classic" --seed 1 -q --palette doors.txt -o m.png --wad m.wad
  expect_err "^dungen: error: --wad: the level has no floor"
  [ ! -e m.png ] && [ ! -e m.wad ] || fail "an output was written for a level without floor"
  run 1 graph t clock --seed 1 --tileset corridors.txt --count 2 --out-dir b --with-wad -q
  [ "$(grep -c '"error: --wad: the level has no floor' b/manifest.csv)" = 2 ] ||
    fail "the batch's manifest lacks the levels' errors"
  [ -z "$(ls b | grep -v manifest.csv)" ] || fail "a batch level without floor wrote files: $(ls b)" ;;
batch)
  no_zdbsp "$dungen" rooms --seed 4 --locks 1 --count 2 --out-dir b --with-wad --with-demo >out.txt 2>err.txt ||
    fail "exit status $?"
  expect_err "^dungen: note: zdbsp not found, so the levels' maps have no nodes"
  [ "$(grep -c 'zdbsp not found' err.txt)" = 1 ] || fail "the note was printed more than once"
  for i in 0 1; do
    [ "$(head -c 4 "b/level-000$i.wad")" = PWAD ] || fail "b/level-000$i.wad is not a PWAD"
    [ -s "b/level-000$i.lmp" ] || fail "b/level-000$i.lmp not written"
    no_zdbsp "$dungen" rooms --seed $((4 + i)) --locks 1 -q -o one.png --wad one.wad --demo one.lmp || fail "exit status"
    cmp one.wad "b/level-000$i.wad" && cmp one.lmp "b/level-000$i.lmp" || fail "level $i differs from --seed $((4 + i)) alone"
  done ;;
floors)
  # --floors 3 with --wad and --demo: one WAD holding MAP01 to MAP03 (a map per floor, no WAD
  # of a floor's own) and one demo playing them in turn; the same seed twice, the same bytes.
  no_zdbsp "$dungen" rooms --floors 3 --seed 4 --locks 1 -o d.png --wad d.wad --demo d.lmp >out.txt 2>err.txt ||
    fail "exit status $?"
  expect_err "^dungen: note: zdbsp not found, so d.wad has no nodes"
  map="THINGS LINEDEFS SIDEDEFS VERTEXES SECTORS"
  [ "$(lumps d.wad)" = "MAP01 $map MAP02 $map MAP03 $map " ] || fail "d.wad lumps: $(lumps d.wad)"
  [ -e d-floor3.png ] && [ ! -e d-floor1.wad ] && [ ! -e d-floor1.lmp ] ||
    fail "the floors' files are not as expected: $(ls)"
  expect_err "^dungen: also wrote d.wad \(MAP01 to MAP03, a map per floor, each exit leading to the next\) and d.lmp"
  [ "$(od -An -tu1 -N1 d.lmp | tr -d ' ')" = 109 ] || fail "d.lmp is not a v1.9 demo"
  [ "$(od -An -tu1 -j3 -N1 d.lmp | tr -d ' ')" = 1 ] || fail "d.lmp does not start on MAP01"
  [ "$(tail -c 1 d.lmp | od -An -tu1 | tr -d ' ')" = 128 ] || fail "d.lmp does not end with 0x80"
  no_zdbsp "$dungen" rooms --floors 3 --seed 4 --locks 1 -q -o e.png --wad e.wad --demo e.lmp || fail "exit status"
  cmp d.wad e.wad && cmp d.lmp e.lmp || fail "the same seed wrote different WAD or demo bytes"
  if command -v zdbsp >/dev/null 2>&1; then  # nodes for every map
    run 0 rooms --floors 3 --seed 4 -q -o z.png --wad z.wad
    built="THINGS LINEDEFS SIDEDEFS VERTEXES SEGS SSECTORS NODES SECTORS REJECT BLOCKMAP"
    [ "$(lumps z.wad)" = "MAP01 $built MAP02 $built MAP03 $built " ] || fail "z.wad lumps: $(lumps z.wad)"
  fi
  # Refused before any work: more floors than Doom II's maps in order, a demo without the WAD,
  # more locks than key colours.
  run 2 rooms --floors 31 -o r.png --wad r.wad
  expect_err "^dungen: error: --floors: a Doom II WAD holds at most 30 maps whose exits lead one to the next \(MAP01 to MAP30: the exit of MAP30 ends the game, and MAP31 and MAP32 are secret levels\), not 31; give --floors 30 or fewer, or leave out --wad$"
  run 2 rooms --floors 3 -o r.png --demo r.lmp
  expect_err "^dungen: error: --demo: the demo plays the Doom map; give --wad FILE too"
  run 2 rooms --floors 3 --locks 4 -o r.png --wad r.wad
  expect_err "^dungen: error: --locks: Doom has only 3 key colours"
  [ -z "$(ls | grep '^r')" ] || fail "a refused run wrote files: $(ls)"
  run 0 rooms --floors 31 --seed 1 -q -o r.png  # without --wad, 31 floors are fine
  ;;
*)
  fail "unknown case $case_name" ;;
esac
exit 0
