#!/usr/bin/env bash
# Text for people and parsers (issue 33): no control or bidi character in a name reaches a
# terminal, a report or an export raw; a name that reads like another says what differs; a
# tile folder named like a command is read as the command, with a note. Usage:
# text_test.sh CASE DUNGEN SOURCE_DIR. Exit 0 = pass, 77 = skipped.
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
RLO=$'\xe2\x80\xae' CSI=$'\xc2\x9b' LRI=$'\xe2\x81\xa6' RLM=$'\xe2\x80\x8f' ESC=$'\x1b'
# raw_free FILE...: each file is UTF-8 without a raw control (but tab and line end), DEL, C1,
# bidi control or line separator: what would drive a terminal or turn the text around it.
raw_free() {
  python3 - "$@" <<'PY' || fail "a raw control or bidi character in an output"
import sys
bad = set(range(0, 0x20)) - {0x09, 0x0a} | set(range(0x7f, 0xa0)) | {0x61c, 0x200e, 0x200f, 0x2028, 0x2029}
bad |= set(range(0x202a, 0x202f)) | set(range(0x2066, 0x206a))
ok = True
for f in sys.argv[1:]:
    text = open(f, 'rb').read().decode('utf-8')
    raw = sorted({'U+%04X' % ord(c) for c in text if ord(c) in bad})
    if raw:
        ok = False
        print(f'{f}: raw {" ".join(raw)}', file=sys.stderr)
sys.exit(0 if ok else 1)
PY
}
# expect_error_line REGEX: standard error is the one line "dungen: error: " REGEX.
expect_error_line() {
  [ "$(wc -l <err.txt)" = 1 ] || { cat err.txt >&2; fail "expected one line"; }
  expect_err "^dungen: error: $1"
}
# has FILE TEXT...: FILE holds each TEXT (fixed strings).
has() {
  local f=$1; shift
  local want
  for want in "$@"; do grep -qF -- "$want" "$f" || { head -c 3000 "$f" >&2; fail "$f lacks '$want'"; }; done
}
named_tiles() {  # folder $1: classic tiles, five named with a control or bidi character
  rm -rf "$1" && mkdir "$1" && cp "$samples"/classic/*.png "$1"/
  mv "$1/corridor1_straight.png" "$1/x${RLO}_straight.png"
  mv "$1/corridor1_bend.png" "$1/x${CSI}_bend.png"
  mv "$1/corridor1_tee.png" "$1/x${LRI}_tee.png"
  mv "$1/room_small.png" "$1/x${RLM}_small.png"
  mv "$1/corridor1_cross.png" "$1/x${ESC}[31m_cross.png"
}
command -v python3 >/dev/null || skip "no python3 to read the outputs' bytes"
case $case_name in
hidden_controls)  # U+202E, U+009B, U+2066, U+200F and ESC in tile and folder names, every output
  # U+202E in a tile name reached inspect's text and JSON raw, and inspect --json wrote U+009B
  # raw; printable() escaped C0 and C1 controls but not the bidi ones.
  t="t${RLO}${CSI}${LRI}${RLM}${ESC}]"
  named_tiles "$t"
  touch "$t/notes${LRI}.txt"  # not a tile: a note names it
  run 0 inspect "$t"; mv out.txt inspect.txt; mv err.txt inspect.err
  has inspect.txt "ignored 'notes\\xe2\\x81\\xa6.txt'" 'x\xe2\x80\xae_straight.png' 'x\xc2\x9b_bend.png' 'x\xe2\x81\xa6_tee.png' \
    'x\xe2\x80\x8f_small.png' 'x\x1b[31m_cross.png'
  run 0 inspect "$t" --json; mv out.txt inspect.json
  has inspect.json 'x\u202e_straight.png' 'x\u009b_bend.png' 'x\u2066_tee.png' 'x\u200f_small.png' \
    'x\u001b[31m_cross.png'
  run 0 generate "$t" --seed 3 -o m.png --report r.txt --json r.json --tmx m.tmx --tmj m.tmj \
    --ascii a.txt --preview p.png
  mv err.txt generate.err
  has generate.err "note: ignored 'notes\\xe2\\x81\\xa6.txt'"
  has r.txt 'x\xe2\x80\xae_straight.png' 'x\x1b[31m_cross.png'
  has r.json 'x\u202e_straight.png' 'x\u001b[31m_cross.png'
  # Messages on standard error: a missing start tile (its did-you-mean), a bad option value,
  # an unknown option, an unknown command, a tileset line naming no tile, a folder with no tile.
  run 2 generate "$t" -o m2.png --start "x${RLO}_straigh.png"; mv err.txt start.err
  has start.err "'x\\xe2\\x80\\xae_straigh.png'" "did you mean 'x\\xe2\\x80\\xae_straight.png'?"
  run 2 generate "$t" -o m2.png --policy "dep${RLO}th"; mv err.txt policy.err
  has policy.err 'dep\xe2\x80\xaeth'
  run 2 generate "$t" -o m2.png "--mon${LRI}sters=3"; mv err.txt option.err
  has option.err 'mon\xe2\x81\xa6sters'
  run 2 "ro${RLM}oms"; mv err.txt command.err
  has command.err 'ro\xe2\x80\x8foms'
  printf 'x%s_straight.png weight=2\nx%s_bend.pgn weight=2\n' "$RLO" "$CSI" > "$t/tileset.txt"
  run 1 generate "$t" -o m2.png; mv err.txt tileset.err
  has tileset.err 'x\xc2\x9b_bend.pgn' "did you mean 'x\\xc2\\x9b_bend.png'?"
  rm "$t/tileset.txt"
  mkdir "e${RLO}"; run 1 generate "e${RLO}" -o m2.png; mv err.txt empty.err
  has empty.err 'e\xe2\x80\xae'
  # A batch: manifest, gallery, TMX and TMJ; then range.
  run 0 generate "$t" --seed 5 --count 2 --out-dir "b${RLO}" --gallery --with-tmx --with-tmj
  mv err.txt batch.err
  has batch.err 'b\xe2\x80\xae'
  run 0 range "$t" --count 3 --seed 1 -o "r${LRI}"; mv out.txt range.out; mv err.txt range.err
  has "r${LRI}.txt" 'of t\xe2\x80\xae\xc2\x9b\xe2\x81\xa6\xe2\x80\x8f\x1b]'
  has range.err 'r\xe2\x81\xa6.txt'
  raw_free inspect.txt inspect.err inspect.json generate.err r.txt r.json m.tmx m.tmj a.txt \
    start.err policy.err option.err command.err tileset.err empty.err batch.err range.out range.err \
    "r${LRI}.txt" "r${LRI}.csv" \
    "b${RLO}"/manifest.csv "b${RLO}"/index.html "b${RLO}"/*.txt "b${RLO}"/*.json "b${RLO}"/*.tmx "b${RLO}"/*.tmj ;;
same_letters)  # a name in NFD refused for the same name in NFC says what differs
  # "no tile 'café.png'; did you mean 'café.png'?" read as nonsense: the two differ only in
  # Unicode normalisation (macOS writes names in NFD: e and U+0301).
  nfc=$'caf\xc3\xa9.png' nfd=$'cafe\xcc\x81.png'
  tiles_with; cp "$samples/classic/room_small.png" "tiles/$nfc"
  printf '%s weight=2\n' "$nfd" > tiles/tileset.txt
  run 1 generate tiles -o m.png
  expect_err "^dungen: error: tiles/tileset.txt: line 1: no tile '$nfd' in this folder; did you mean '$nfc'\? \(same letters, different Unicode normalisation: you gave U\+0065 U\+0301 \(NFD\), the name has U\+00E9 \(NFC\)\)$"
  rm tiles/tileset.txt
  run 2 generate tiles -o m.png --start "$nfd"
  expect_err "did you mean '$nfc'\? \(same letters, different Unicode normalisation: you gave U\+0065 U\+0301 \(NFD\), the name has U\+00E9 \(NFC\)\)$"
  # A name with two accents (crème brûlée) is found too: four edits apart, yet the same letters.
  nfc2=$'cr\xc3\xa8me_br\xc3\xbbl\xc3\xa9e.png' nfd2=$'cre\xcc\x80me_bru\xcc\x82le\xcc\x81e.png'
  cp "$samples/classic/room_small.png" "tiles/$nfc2"
  run 2 generate tiles -o m.png --start "$nfd2"
  expect_err "did you mean '$nfc2'\? \(same letters, different Unicode normalisation: you gave U\+0065 U\+0300 .* \(NFD\), the name has U\+00E8 .* \(NFC\)\)$"
  # A tile folder macOS named in NFD, typed in NFC (with the slash completion adds, and below
  # another folder).
  mkdir -p "sets/${nfd%.png}" && cp "$samples"/classic/*.png "sets/${nfd%.png}/"
  run 1 generate "sets/${nfc%.png}/" -o m.png
  expect_error_line "sets/${nfc%.png}/: no such folder; did you mean 'sets/${nfd%.png}'\? \(same letters, different Unicode normalisation: you gave U\+00E9 \(NFC\), the name has U\+0065 U\+0301 \(NFD\)\)$"
  cd sets && run 1 generate "${nfc%.png}" -o m.png
  expect_error_line "${nfc%.png}: no such folder; did you mean '${nfd%.png}'\?"
  run 1 generate nothing_like_it -o m.png
  expect_error_line "nothing_like_it: no such folder; give the folder that holds your tile PNGs$" ;;
command_named_folder)  # `dungen rooms` where a tile folder "rooms" is: the command, with a note
  mkdir rooms && cp "$samples"/classic/*.png rooms/
  run 0 rooms --rooms 5 --seed 1 -o m.png
  expect_err "^dungen: note: 'rooms' is read as the command 'dungen rooms', not as the tile folder rooms here; for the folder, write 'dungen generate rooms' or 'dungen ./rooms'$"
  [ "$(grep -c "note: 'rooms'" err.txt)" = 1 ] || fail "one note expected"
  run 0 rooms --rooms 5 --seed 1 -o m2.png -q
  [ ! -s err.txt ] || fail "-q: $(cat err.txt)"
  run 0 generate rooms --seed 1 -o g.png --report g.txt
  ! grep -q "note: 'rooms'" err.txt || fail "generate rooms got the note"
  grep -q "^generator: stitch" g.txt || grep -q "rooms" g.txt || fail "generate rooms did not read the folder"
  run 0 ./rooms --seed 1 -o g2.png
  cmp g.png g2.png || fail "'dungen ./rooms' is not 'dungen generate rooms'"
  # Without such a folder (or with one that holds no PNG) there is no note.
  mkdir areas; run 0 areas --spaces 4 --seed 1 -o a.png
  ! grep -q "note:" err.txt || fail "a note without tiles: $(cat err.txt)" ;;
*) fail "unknown case $case_name" ;;
esac
