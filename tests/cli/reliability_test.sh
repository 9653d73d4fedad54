#!/usr/bin/env bash
# The reliability cases (rel-01 ... rel-15 of the second attack, and SIGPIPE): no input ever
# overwritten, no hang or crash, every failure one complete dungen message, outputs all or
# none. Usage: reliability_test.sh CASE DUNGEN SOURCE_DIR. Exit 0 = pass, 77 = skipped.
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
expect_error() {  # exactly one error line, matching the regex, and nothing unprintable in it
  [ "$(grep -c '^dungen: error:' err.txt)" -eq 1 ] || { cat err.txt >&2; fail "expected exactly one 'dungen: error:' line"; }
  grep -qE -- "^dungen: error: $1" err.txt || { cat err.txt >&2; fail "stderr lacks /^dungen: error: $1/"; }
  ! tr -d '\n' < err.txt | LC_ALL=C grep -q '[[:cntrl:]]' || fail "a control byte in the message"
}
sanitized() { grep -qa __asan_init "$dungen"; }
refused_as_input() { expect_error "$1: is one of the input files; choose another output name, dungen never overwrites its inputs"; }
classic_tiles() { rm -rf t && mkdir t && cp "$samples"/classic/*.png t/; }
zdbsp_at_work_py() {  # zd.py: start a --wad run and catch its node builder at work
  cat > zd.py <<'EOF'
import glob, os, subprocess, time
def zdbsp_child(pid):  # the node builder dungen `pid` runs, or None
    for f in glob.glob(f"/proc/{pid}/task/*/children"):
        for c in open(f).read().split():
            try:
                if open(f"/proc/{c}/comm").read().strip() == "zdbsp": return int(c)
            except OSError: pass
    return None
def caught_at_work(dungen):
    """A --wad run (own process group, TMPDIR=tmp) and its zdbsp's id, caught while zdbsp
    works (about 0.5 s on this map); runs that ended first are tried again."""
    for attempt in range(20):
        p = subprocess.Popen([dungen, "layout", "maze", "--space", "300x300", "--seed", "1", "-q",
                              "-o", "m.png", "--wad", "m.wad"], env=dict(os.environ, TMPDIR="tmp"),
                             start_new_session=True)
        child = None
        while child is None and p.poll() is None:
            child = zdbsp_child(p.pid) or time.sleep(0.002)
        if child is not None: return p, child
        p.wait()
        for f in ("m.wad", "m.png"): os.remove(f)
    raise SystemExit("zdbsp was never seen at work")
EOF
}

case $case_name in
layout_file_is_input)  # rel-01: every output option, a link to the file, and a batch
  cp "$samples/layouts/castle.json" c.json
  for opt in -o --report --json --preview --tmx --tmj --ascii; do
    run 4 layout c.json --seed 1 "$opt" c.json; refused_as_input c.json
    cmp -s c.json "$samples/layouts/castle.json" || fail "$opt overwrote the layout file"
  done
  ln -s c.json link.json; ln c.json hard.json
  run 4 layout c.json --seed 1 -o link.json; refused_as_input link.json
  run 4 layout c.json --seed 1 -o m.png --json hard.json; refused_as_input hard.json
  [ ! -e m.png ] || fail "an output was written before the refusal"
  mkdir b && cp c.json b/level-0001.json
  run 4 layout b/level-0001.json --seed 1 --count 3 --out-dir b; refused_as_input b/level-0001.json
  cmp -s b/level-0001.json c.json || fail "a batch overwrote its layout file" ;;
mask_is_input)  # rel-02
  cp "$samples/masks/caverns.png" m.png
  for opt in -o --preview; do
    run 4 areas --mask m.png --seed 1 "$opt" m.png; refused_as_input m.png
    cmp -s m.png "$samples/masks/caverns.png" || fail "$opt overwrote the mask"
  done ;;
palette_and_tiles_are_inputs)
  classic_tiles; printf '#808080 floor\n' > pal.txt
  run 4 generate t --palette pal.txt -o m.png --report pal.txt; refused_as_input pal.txt
  run 4 generate t -o m.png --json "t/../t/room_small.png"; refused_as_input "t/../t/room_small.png"
  # A tile skipped as invalid is the user's work too, even through a link outside the folder.
  printf junk > t/broken.png; ln -s t/broken.png link.png
  run 4 generate t --skip-invalid -o link.png -q; refused_as_input link.png
  [ "$(cat t/broken.png)" = junk ] || fail "the skipped tile was overwritten"
  # The node builder --wad runs is an input too.
  cp /bin/true myz
  run 4 rooms --seed 1 -q -o r.png --wad myz --zdbsp ./myz; refused_as_input myz
  cmp -s myz /bin/true || fail "the node builder was overwritten" ;;
inputs_not_regular)  # rel-05, rel-08: FIFOs and devices are refused at once, by name
  classic_tiles; mkfifo t/tileset.txt fifo.json fifo.txt
  for cmd in "generate t -o m.png" "inspect t"; do
    # shellcheck disable=SC2086
    timeout 20 "$dungen" $cmd >out.txt 2>err.txt; [ $? -eq 1 ] || fail "dungen $cmd: expected exit 1"
    expect_error "t/tileset.txt: is not a regular file \(a pipe, device or socket\); dungen reads only regular files"
  done
  rm t/tileset.txt
  timeout 20 "$dungen" layout fifo.json -o m.png 2>err.txt; [ $? -eq 1 ] || fail "layout FIFO"
  expect_error "fifo.json: is not a regular file"
  timeout 20 "$dungen" generate t --palette fifo.txt -o m.png 2>err.txt; [ $? -eq 1 ] || fail "palette FIFO"
  expect_error "fifo.txt: is not a regular file"
  run 1 generate t --palette /dev/zero -o m.png; expect_error "/dev/zero: is not a regular file"
  run 1 layout /dev/zero -o m.png; expect_error "/dev/zero: is not a regular file"
  run 1 areas --mask /dev/zero -o m.png; expect_error "/dev/zero: is not a regular file"
  [ ! -e m.png ] || fail "a map was written" ;;
control_bytes)  # rel-09: NUL and other control bytes never cut or split the message
  classic_tiles; printf '* weight=1\nroom_small.png\0 weight=5\n' > t/tileset.txt
  run 1 generate t -o m.png
  expect_error "t/tileset.txt: line 2 column 15: a control byte \(\\\\x00\) where text was expected; save the file as plain UTF-8 text$"
  printf 'room_\033[31msmall.png weight=5\n' > t/tileset.txt
  run 1 generate t -o m.png; expect_error "t/tileset.txt: line 1 column 6: a control byte \(\\\\x1b\)"
  printf '#000000\0 wall\n' > p.txt
  run 1 inspect t --palette p.txt; expect_error "p.txt: line 1 column 8: a control byte \(\\\\x00\)" ;;
byte_order_marks)  # rel-10: a UTF-8 BOM is skipped, UTF-16 is named
  classic_tiles; printf '\xef\xbb\xbf* weight=10\n' > t/tileset.txt
  run 0 generate t -o m.png -q
  printf '\xef\xbb\xbf#808080 floor\n' > p.txt; run 0 inspect t --palette p.txt
  printf '\xff\xfe*\0 \0w\0' > t/tileset.txt
  run 1 generate t -o m.png; expect_error "t/tileset.txt: is UTF-16 text \(it starts with a UTF-16 byte-order mark\); save it as UTF-8"
  printf '* weight=2\rroom_small.png weight=5\r' > t/tileset.txt  # old Mac line ends (rel-15 #6)
  run 0 generate t -o m.png -q ;;
inspect_json_names)  # rel-07: a file name that is not UTF-8
  classic_tiles; cp t/room_small.png "$(printf 't/r\xffoom.png')"
  run 0 inspect t --json
  python3 -c "import json,sys; d=json.load(open('out.txt')); assert any(t['name']=='r\ufffdoom.png' for t in d['tiles'])" \
    || fail "inspect --json is not valid JSON with the name replaced" ;;
batch_threads)  # rel-11: threads that cannot start are a note, never std::terminate
  sanitized && skip "the sanitizers need more address space than the limit leaves"
  ( ulimit -v 1500000; "$dungen" generate "$samples/classic" --seed 1 --count 300 --out-dir o -j 256 >out.txt 2>err.txt )
  status=$?
  # Threads that start take address space, so some levels may fail for memory: each with the
  # documented message, the others written (exit 1).
  [ "$status" -eq 0 ] || [ "$status" -eq 1 ] || { cat err.txt >&2; fail "exit $status under a memory limit with -j 256"; }
  ! grep -q terminate err.txt || fail "std::terminate"
  ! grep '^dungen: error:' err.txt | grep -vq 'out of memory; use fewer --jobs' || fail "an error other than out of memory"
  [ "$(wc -l < o/manifest.csv)" -eq 301 ] || fail "manifest"
  [ -z "$(ls -A o | grep tmp)" ] || fail "temporary files left" ;;
count_limit)  # rel-12
  run 2 generate "$samples/classic" --count 100000000 --out-dir o
  expect_error "--count: must be a whole number from 1 to 1000000, got '100000000'"
  [ ! -e o ] || fail "the batch folder was made" ;;
empty_names)  # an empty file name is a mistake, not "none"
  run 2 areas --mask '' -o a.png; expect_error "--mask: the name is empty; give a file name, or leave the option out"
  run 2 generate "$samples/classic" --start ''; expect_error "--start: the name is empty"
  run 2 generate "$samples/classic" --palette ''; expect_error "--palette: the name is empty"
  # outputs too (an unset variable: --report "$REPORT"), and no output is written
  for opt in --report --json --preview --tmx --tmj --ascii --wad --zdbsp --demo; do
    run 2 generate "$samples/classic" --seed 1 -o m.png --wad w.wad "$opt" ''
    expect_error "$opt: the name is empty; give a file name, or leave the option out"
  done
  [ ! -e m.png ] && [ ! -e w.wad ] || fail "an output was written"
  run 2 generate "$samples/classic" --max-size ''; expect_error "--max-size: the value is empty; give WIDTHxHEIGHT"
  run 2 rooms --count 2 --out-dir ''; expect_error "--out-dir: the name is empty"
  run 2 inspect "$samples/classic" --preview ''; expect_error "--preview: the name is empty"
  # the folder or layout itself (dungen "$TILES" with TILES unset)
  for cmd in "" generate inspect; do
    # shellcheck disable=SC2086
    run 2 $cmd ''; expect_error "TILES_DIR: the name is empty; give the folder that holds your tile PNGs"
  done
  run 2 layout ''; expect_error "SPEC: the name is empty; give a layout file or a built-in such as grid:4x3" ;;
symlink_outputs)  # an output that is a link is written where the link points, existing or not
  mkdir wd out m
  ln -s ../out/new.png wd/map.png; echo old > m/map.tmx; ln -s ../m/map.tmx wd/map.tmx
  (cd wd && "$dungen" rooms --rooms 10 --seed 1 -o map.png --tmx map.tmx -q) || fail "run failed"
  [ -L wd/map.png ] && [ -s out/new.png ] || fail "the link to a file not yet there was replaced"
  [ -L wd/map.tmx ] && grep -q '<map ' m/map.tmx || fail "the TMX link was not followed"
  [ -s m/dungen-tiles.png ] && [ ! -e wd/dungen-tiles.png ] || fail "the tileset image is not beside the map"
  # a folder that is a link to nothing is named as such (mkdir would say "File exists")
  ln -s ../nowhere od
  run 4 rooms --seed 1 -q -o od/a/x.png
  expect_error "od/a/x.png: 'od' is a symbolic link to '../nowhere', which does not exist; create the folder it points to, or remove the link"
  run 4 rooms --seed 1 -q --count 1 --out-dir od
  expect_error "od: is a symbolic link to '../nowhere', which does not exist; create the folder it points to, or remove the link"
  [ -L od ] && [ ! -e nowhere ] || fail "the link or its target changed"
  # Two outputs that meet through a link to a file not made yet are one file, as when it exists.
  mkdir two && cd two || fail "cd"
  ln -s map.png dang.png
  run 2 rooms --seed 1 -q -o map.png --preview dang.png
  expect_error "dang.png: is named by two outputs; give each of .* its own file"
  ln -s m.png dungen-tiles.png
  run 2 rooms --seed 1 -q -o m.png --tmx t.tmx
  expect_error "dungen-tiles.png: is where the Tiled map's tileset image goes"
  mkdir ds && ln -s ds/000-placed.png l.png
  run 2 rooms --seed 1 -q -o l.png --dump-steps ds
  expect_error "l.png: is inside the --dump-steps folder 'ds', where the step pictures NNN-STEP.png go"
  [ -z "$(ls ds)" ] && [ ! -e map.png ] && [ ! -e m.png ] || fail "an output was written: $(ls . ds)"
  cd .. || fail "cd"
  # A batch's own files that links make one: refused before any level is made.
  mkdir b1 b2 b3
  echo old > b1/level-0000.txt; ln -s level-0000.txt b1/manifest.csv
  run 2 rooms --seed 1 -q --count 2 --out-dir b1
  expect_error "b1/manifest.csv: is a symbolic link to '.*/b1/level-0000.txt', another file of this batch, so one would replace the other; remove the link or give another --out-dir"
  [ "$(cat b1/level-0000.txt)" = old ] || fail "level 0's report was replaced"
  ln -s level-0001.png b2/level-0000.png
  run 2 rooms --seed 1 -q --count 2 --out-dir b2
  expect_error "b2/level-0000.png: is a symbolic link to '.*/b2/level-0001.png', another file of this batch"
  ln -s ../x.png b3/level-0000.png; ln -s ../x.png b3/level-0001.png
  run 2 rooms --seed 1 -q --count 2 --out-dir b3
  expect_error "b3/level-0000.png: is a symbolic link to '.*/x.png', where the link level-0001.png leads too"
  [ ! -e x.png ] && [ ! -e b2/level-0001.png ] || fail "a level was written"
  run 0 rooms --seed 1 -q --count 1 --out-dir b3  # level-0001.png is no file of a batch of 1
  [ -s x.png ] || fail "the level was not written through its link" ;;
links_into_tile_folder)  # a dangling link among the outputs may not put a new tile or settings file into the tile folder
  classic_tiles; mkdir -p b st
  ln -s ../t/tileset.txt b/manifest.csv; ln -s ../t/p.png st/000-start.png
  run 4 generate t --count 1 --out-dir b --seed 1 -q
  expect_error "b/manifest.csv: leads into the tile folder of this run \\('.*t/tileset.txt'\\), where the next run would read it as the tile settings"
  run 4 generate t --seed 1 -q -o m.png --dump-steps st
  expect_error "st/000-start.png: leads into the tile folder of this run \\('.*t/p.png'\\), where the next run would read it as a tile"
  # The map, or a batch's level, through a link: the message names where the link leads.
  ln -s ../t/new.png b/m.png; ln -s ../t/new2.png b/level-0000.png
  run 4 generate t --seed 1 -q -o b/m.png
  expect_error "b/m.png: leads into the tile folder of this run \\('.*t/new.png'\\), where the next run would read it as a tile"
  rm b/manifest.csv; run 4 generate t --count 1 --out-dir b --seed 1 -q
  expect_error "b/level-0000.png: leads into the tile folder of this run \\('.*t/new2.png'\\)"
  [ ! -e t/tileset.txt ] && [ ! -e t/p.png ] && [ ! -e t/new.png ] && [ ! -e t/new2.png ] ||
    fail "a file was made in the tile folder: $(ls t | tail -3)"
  run 0 generate t --seed 1 -q -o m2.png
  # A hidden PNG is no tile (the loader passes it by), so it may go into the tile folder.
  run 0 generate t --seed 1 -q -o m3.png --preview t/.look.png
  [ -s t/.look.png ] || fail "no hidden preview"
  cmp m2.png m3.png || fail "the hidden PNG changed the next level" ;;
deep_json)  # values nested 200,000 deep: one message, not a crash while quoting them
  python3 -c "
d = '[' * 200000 + ']' * 200000
open('g.json', 'w').write('{\"rooms\":[{\"name\":\"a\"},{\"name\":\"b\"}],\"connections\":[{\"from\":\"a\",\"to\":\"b\",\"width\":' + d + '}]}')
open('l.json', 'w').write('{\"rooms\":[{\"name\":\"a\",\"x\":' + '{\"a\":' * 100000 + '1' + '}' * 100000 + '}]}')"
  run 1 graph "$samples/classic" g.json -o m.png
  expect_error "g.json: values are nested more than 256 deep \\(objects and arrays inside each other\\)"
  run 1 layout l.json -o m.png; expect_error "l.json: values are nested more than 256 deep"
  [ ! -e m.png ] || fail "m.png written" ;;
mask_too_thin)  # white stripes one cell high: no floor once walls are drawn; the mask is at fault
  python3 -c "
import struct, zlib
w, h = 64, 64
raw = b''.join(b'\\x00' + (b'\\xff' if y % 2 else b'\\x00') * (3 * w) for y in range(h))
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
open('stripes.png', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))"
  run 1 areas --mask stripes.png --seed 1 -o a.png
  expect_error "--mask: the usable area is too thin: once walls are drawn no floor is left"; [ ! -e a.png ] || fail "a.png written" ;;
mask_too_large)  # a mask may be no larger than --width and --height allow
  python3 -c "
import struct, zlib
w, h = 4097, 8
raw = b''.join(b'\\x00' + b'\\xff' * (3 * w) for _ in range(h))
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
open('big.png', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))"
  run 1 areas --mask big.png -o a.png
  expect_error "big.png: the mask is 4097x8 pixels; a mask may be at most 4096 per side"
  # a header past any image dungen reads gives its own size, not a capped one
  python3 -c "
import struct, zlib
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
open('huge.png', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 2000000000, 5, 8, 6, 0, 0, 0)) + chunk(b'IEND', b''))"
  run 1 areas --mask huge.png -o a.png
  expect_error "huge.png: image is 2000000000x5 pixels, larger than dungen reads \\(1048576 per side\\)" ;;
inputs_named_like_leftovers)  # a run's input named like a stale temporary file is never cleaned up
  mkdir l p m
  cp "$samples/layouts/castle.json" l/.map.png.tmp-abc123
  printf '#000000 wall\n#FFFFFF floor\n#FF0000 door\n' > p/.m.png.tmp-AAAAAA
  cp "$samples/masks/caverns.png" m/.dungen-probe.tmp-BBBBBB
  touch -d '1 hour ago' l/.*tmp-* p/.*tmp-* m/.*tmp-*
  run 0 layout l/.map.png.tmp-abc123 -o l/map.png --seed 1 -q
  run 0 generate "$samples/classic" --palette p/.m.png.tmp-AAAAAA -o p/m.png --seed 1 -q
  run 0 areas --spaces 5 --mask m/.dungen-probe.tmp-BBBBBB -o m/a.png --seed 1 -q
  for f in l/.map.png.tmp-abc123 p/.m.png.tmp-AAAAAA m/.dungen-probe.tmp-BBBBBB; do [ -f "$f" ] || fail "input $f removed"; done ;;
leftovers)  # rel-13: Ctrl-C in a batch leaves no temporary file; a crash's leftovers are reclaimed
  mkdir -p o && touch o/.dungen-probe.tmp-ABC123 o/.level-0001.json.tmp-DEF456 && touch -d '1 minute ago' o/.*tmp-*
  run 0 generate "$samples/classic" --seed 1 --count 3 --out-dir o -q
  [ -z "$(ls -A o | grep tmp)" ] || fail "stale temporary files not reclaimed: $(ls -A o | grep tmp)"
  for i in 1 2 3 4 5; do
    rm -rf o
    python3 - "$dungen" "$samples/classic" $i <<'EOF' || fail "interrupted batch $i"
import os, signal, subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "generate", sys.argv[2], "--seed", "1", "--count", "5000", "--out-dir", "o",
                      "-j", "2", "-q", "--with-ascii"])
while not os.path.isdir("o") or len(os.listdir("o")) < 40 * int(sys.argv[3]):
    time.sleep(0.005)
p.send_signal(signal.SIGINT)
sys.exit(0 if p.wait() == -signal.SIGINT else 1)
EOF
    [ -z "$(ls -A o | grep tmp)" ] || fail "Ctrl-C left temporary files: $(ls -A o | grep tmp)"
  done ;;
leftovers_two_signals)  # a second signal while the first one's handler undoes (timeout sends two)
  python3 - "$dungen" "$samples/classic" <<'EOF' || fail "a second signal left temporary files"
import os, random, shutil, signal, subprocess, sys, time
random.seed(1)
for i in range(60):
    shutil.rmtree("o", ignore_errors=True)
    p = subprocess.Popen([sys.argv[1], "generate", sys.argv[2], "--max-tiles", "3", "--count", "100000",
                          "--out-dir", "o", "-j", "1", "--seed", "1", "--with-ascii", "--with-tmj",
                          "--with-preview", "--with-tmx", "-q"], stderr=subprocess.DEVNULL)
    time.sleep(random.uniform(0.05, 0.3))
    sig = random.choice([signal.SIGINT, signal.SIGTERM])
    p.send_signal(sig)
    p.send_signal(random.choice([sig, signal.SIGINT, signal.SIGHUP]))
    status = p.wait()
    left = [f for f in os.listdir("o") if ".tmp-" in f] if os.path.isdir("o") else []
    if left or status >= 0:
        print(f"run {i}: status {status}, left {left}", file=sys.stderr)
        sys.exit(1)
EOF
  ;;
all_or_none)  # rel-14: a failed output leaves no other output of the run written
  [ -w /dev/full ] || skip "no /dev/full"
  echo old > new.json
  run 4 generate "$samples/classic" --seed 1 -o new.png --report /dev/full --json new.json
  expect_error "/dev/full: cannot write: No space left on device"
  [ ! -e new.png ] || fail "the map was written"
  [ "$(cat new.json)" = old ] || fail "the JSON report was replaced"
  [ -z "$(ls -A | grep tmp)" ] || fail "temporary files left" ;;
export_strict_text)  # turn3-01: every JSON and XML output is strict UTF-8 text, whatever the file names
  # Overlong forms, surrogates, code points past U+10FFFF and lead bytes F5-FF in tile names once
  # passed raw into --json, --tmj and --tmx, U+FFFE made the TMX not well-formed, and C1 and bidi
  # controls reached inspect --json raw. Names: the README's cases, then random bytes.
  command -v python3 >/dev/null || skip "no python3 to parse the outputs back (json, xml.etree)"
  cat > names.py <<'PY'
import os, random, shutil, sys
src, dst, round_ = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
fixed = [b'\xc0\xaf', b'\xed\xa0\x80', b'\xf4\x90\x80\x80', b'\xf7\xbf\xbf\xbf', b'\xef\xbf\xbe',
         b'\xef\xbf\xbf', b'\xc2\x85', b'\xc2\x9b', b'\xe2\x80\xae', b'\xe2\x81\xa6', b'\xd8\x9c',
         b'\xff', b'\x01\x7f', b'\xe2\x80\xa8', b'\xe0\x80\x80', b'\xf0\x8f\xbf\xbf',
         b'\xfe\x1b[31m', b'caf\xc3\xa9 \xe6\x97\xa5 "<&>\'', b'\xf4\x8f\xbf\xbf', b'\x80\xbf']
rng = random.Random(round_)
tiles = sorted(f for f in os.listdir(src) if f.endswith('.png'))
for i, f in enumerate(tiles):
    if round_ == 0:
        prefix = fixed[i % len(fixed)]
    else:
        prefix = bytes(rng.choice([b for b in range(1, 256) if b != 0x2f]) for _ in range(rng.randint(1, 16)))
    shutil.copy(os.path.join(src, f), os.path.join(dst, b'x' + prefix + b'_' + f.encode()))
PY
  cat > check.py <<'PY'
import json, sys, xml.etree.ElementTree as E
bad = set(range(0x7f, 0xa0)) | {0x61c, 0x200e, 0x200f, 0x2028, 0x2029, 0xfffe, 0xffff}
bad |= set(range(0x202a, 0x202f)) | set(range(0x2066, 0x206a))
for f in sys.argv[1:]:
    text = open(f, 'rb').read().decode('utf-8')  # strict: raises on anything not UTF-8
    raw = sorted({hex(ord(c)) for c in text if ord(c) in bad})
    assert not raw, f + ': raw ' + ' '.join(raw)
    if f.endswith(('.json', '.tmj')):
        json.loads(text)
    elif f.endswith('.tmx'):
        E.parse(f)
PY
  for round in 0 1 2 3; do
    rm -rf t && mkdir t && python3 names.py "$samples/classic" t "$round" || fail "making names"
    run 0 generate t --seed 1 -q -o m.png --json m.json --tmj m.tmj --tmx m.tmx
    "$dungen" inspect t --json > i.json 2>err.txt || { cat err.txt >&2; fail "inspect --json, round $round"; }
    python3 check.py m.json m.tmj m.tmx i.json || fail "round $round: an output is not strict text"
    python3 -c "import json; assert len(json.load(open('i.json'))['tiles']) == 19" || fail "round $round: tiles"
  done
  # The names come back as U+FFFD where they were not UTF-8, with the controls as escapes.
  rm -rf t && mkdir t && python3 names.py "$samples/classic" t 0
  "$dungen" inspect t --json > i.json 2>/dev/null
  grep -qF '"name": "x\u009b_corridor2_bend.png"' i.json || fail "C1 control not escaped: $(grep 'corridor2_bend' i.json)"
  grep -qF '"name": "x\u202e_corridor2_straight.png"' i.json || fail "bidi control not escaped"
  grep -qF '"name": "x\ufffd\ufffd_cap1_closet.png"' i.json || fail "overlong form not replaced"
  # A batch's gallery and TMX maps, in a folder whose name is not UTF-8, with a level that fails.
  out=$(printf 'b\xed\xa0\x80\xc2\x9b\xef\xbf\xbe') && mkdir -p "$out/level-0001.png"
  run 4 generate t --seed 1 -q --count 3 --out-dir "$out" --gallery --with-tmx --with-tmj
  python3 check.py "$out"/index.html "$out"/level-0000.tmx "$out"/level-0002.tmj || fail "batch outputs" ;;
batch_one_owner)  # turn3-06: a second batch into a folder another batch writes is refused, or waits
  # Both once exited 0 and the manifest of the one that ended last described the other's files.
  "$dungen" generate "$samples/classic" --count 400 --out-dir cc --seed 5000 -q 2>b.err &
  b=$!
  for _ in $(seq 1 3000); do [ -e cc/level-0010.png ] && break; sleep 0.01; done
  kill -0 "$b" 2>/dev/null || skip "the first batch ended before the second could start"
  run 4 generate "$samples/classic" --count 20 --out-dir cc --seed 1 -q
  expect_error "cc: another dungen batch \(process $b\) is writing into this folder; wait for it to end, give another --out-dir, or add --wait to wait for it$"
  [ "$(wc -l <err.txt)" = 1 ] || fail "more than one line: $(cat err.txt)"
  # With --wait the second batch says so, waits for the first and then owns the folder.
  run 0 generate "$samples/classic" --count 20 --out-dir cc --seed 1 --wait
  wait "$b" || fail "the first batch failed: $(cat b.err)"
  expect_err "^dungen: note: cc: another dungen batch \(process $b\) is writing into this folder; waiting for it to end$"
  [ "$(wc -l <cc/manifest.csv)" = 21 ] || fail "the manifest is not the second batch's"
  awk -F, 'NR > 1 && $2 != $1 + 1 { bad = 1 } END { exit bad }' cc/manifest.csv || fail "a row's seed is not the second batch's"
  grep -q '^seed: 1 ' cc/level-0000.txt || fail "level-0000 is not the second batch's"
  # The lock file stays, hidden, and is no level: the note counts only the first batch's levels.
  [ -f cc/.dungen.lock ] || fail "no lock file"
  ! grep -q dungen.lock cc/manifest.csv err.txt || fail "the lock file is listed"
  expect_err "^dungen: note: cc holds 1140 level files of an earlier batch"
  run 2 generate "$samples/classic" --seed 1 -o m.png --wait
  expect_error "--wait: is for batches" ;;
sticky_folder)  # an output another user owns in a sticky folder (mode 1777, like /tmp): refused before any work
  [ "$(id -u)" = 0 ] || skip "needs root (to own a file in a sticky folder as another user)"
  command -v setpriv >/dev/null || skip "no setpriv"
  as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$dungen" "$@" >out.txt 2>err.txt; }
  chmod 755 .; classic_tiles; chmod -R a+rX t
  mkdir -m 1777 out; echo old > out/r.txt; echo "old map" > out/a.png; chown nobody out/a.png
  sticky="cannot replace it: it belongs to another user in a folder with the sticky bit; choose another name, or ask its owner to remove it"
  as_nobody generate t --seed 1 -o out/a.png --json out/b.json --report out/r.txt
  [ $? -eq 4 ] || { cat err.txt >&2; fail "expected exit 4"; }
  expect_error "out/r.txt: $sticky$"
  [ "$(cat out/a.png)" = "old map" ] || fail "the map was replaced"
  [ ! -e out/b.json ] || fail "the JSON report was written"
  [ "$(ls -A out | tr '\n' ' ')" = "a.png r.txt " ] || fail "files left: $(ls -A out)"
  as_nobody generate t --seed 1 -o out/a.png --json out/b.json || { cat err.txt >&2; fail "its own file in the folder"; }
  mkdir -m 1777 b; echo old > b/level-0001.txt
  as_nobody generate t --seed 1 --count 3 --out-dir b -q
  [ $? -eq 4 ] || { cat err.txt >&2; fail "batch: expected exit 4"; }
  expect_error "level 1: b/level-0001.txt: $sticky$"
  [ "$(ls b | tr '\n' ' ')" = "level-0000.json level-0000.png level-0000.txt level-0001.txt level-0002.json level-0002.png level-0002.txt manifest.csv " ] \
    || fail "batch: level 1 written in part, or other levels missing: $(ls -A b)"
  [ "$(cat b/level-0001.txt)" = old ] || fail "batch: level-0001.txt replaced" ;;
mounted_output)  # an output with a file mounted on it (EBUSY) found only at the rename: the others are put back
  [ "$(id -u)" = 0 ] || skip "needs root (to bind-mount a file)"
  echo "old map" > a.png; echo old > r.txt; echo mounted > m.txt
  mount --bind m.txt r.txt 2>/dev/null || skip "cannot bind-mount a file here"
  trap 'umount "$work/r.txt"; rm -rf "$work"' EXIT
  run 4 generate "$samples/classic" --seed 1 -o a.png --json b.json --report r.txt
  expect_error "r.txt: cannot write: Device or resource busy; something is mounted on it; unmount it or choose another name$"
  [ "$(cat a.png)" = "old map" ] || fail "the map was replaced"
  [ ! -e b.json ] || fail "the JSON report was written"
  [ "$(cat r.txt)" = mounted ] || fail "the mounted file changed"
  [ -z "$(ls -A | grep tmp)" ] || fail "temporary files left: $(ls -A | grep tmp)" ;;
file_size_limit)  # SIGXFSZ: past `ulimit -f` a write fails with a message; nothing is left
  ( ulimit -f 20; "$dungen" generate "$samples/classic" --max-tiles 3000 --seed 1 -o map.png --report r.txt \
      --json r.json >out.txt 2>err.txt )
  status=$?
  [ "$status" -eq 4 ] || fail "exit $status, expected 4"
  expect_error "(map.png|r.txt): cannot write: File too large; the file would pass the size limit \(ulimit -f\)"
  [ -z "$(ls -A)" ] || [ "$(ls -A | tr '\n' ' ')" = "err.txt out.txt " ] || fail "files left: $(ls -A)" ;;
inspect_all_or_none)  # the preview is kept only when the listing could be written
  [ -w /dev/full ] || skip "no /dev/full"
  "$dungen" inspect "$samples/classic" --preview ip.png > /dev/full 2>err.txt
  [ $? -eq 4 ] || fail "expected exit 4"
  expect_error "-: cannot write to standard output"
  [ ! -e ip.png ] || fail "the preview was written" ;;
closed_pipe)  # SIGPIPE/EPIPE: a message and exit 4, not a silent 141; nothing else written
  "$dungen" generate "$samples/classic" --seed 1 --max-tiles 20000 -o m.png --ascii - 2>err.txt | head -c 1 >/dev/null
  status=${PIPESTATUS[0]}
  [ "$status" -eq 4 ] || fail "exit $status, expected 4"
  expect_error "-: cannot write to standard output \(a closed pipe or a full disk\?\); check where it goes, or write to a file instead"
  [ ! -e m.png ] || fail "the map was written although the run failed" ;;
fifo_outputs)  # a FIFO output: refused before any work when nobody reads it; a reader that leaves early
  mkfifo ff
  timeout 20 "$dungen" generate "$samples/classic" --seed 1 -q -o m.png --json ff 2>err.txt
  status=$?; [ "$status" -eq 4 ] || fail "no reader: exit $status, expected 4 (124: blocked)"
  expect_error "ff: is a FIFO no program reads \(waited 2 s\); start the program that reads it first, or write to a file"
  [ ! -e m.png ] || fail "the map was written although the FIFO had no reader"
  timeout 20 "$dungen" generate "$samples/classic" --seed 1 --max-tiles 20000 -q -o m.png --json ff 2>err.txt &
  pid=$!; head -c 10 ff >/dev/null; wait $pid; status=$?
  [ "$status" -eq 4 ] || fail "early reader: exit $status, expected 4"
  expect_error "ff: cannot write: Broken pipe; the program reading it closed it before the end; keep it reading, or write to a file"
  [ ! -e m.png ] || fail "the map was written although the FIFO write failed"
  [ -p ff ] || fail "the FIFO was replaced" ;;
messages)  # rel-15
  # a level graph given to layout is named as one, with where it belongs
  run 1 layout "$samples/graphs/cycles20.json" -q -o m.png
  expect_error ".*cycles20.json: looks like a level graph \\(rooms with names and tags but no place or size\\); generate a level from it with 'dungen graph TILES FILE'"
  [ ! -e m.png ] || fail "a map was written from a graph file"
  # 1 (a preview too large even at scale 1): InspectPreview.* unit tests, cheaper than a 67-megapixel tile.
  # 3: a 10 MB line is not echoed whole.
  python3 -c "print('#' + 'A' * 10000000 + ' wall')" > long.txt
  run 1 inspect "$samples/classic" --palette long.txt
  [ "$(head -1 err.txt | wc -c)" -le 1016 ] || fail "the message is over 1000 bytes: $(wc -c < err.txt) bytes"
  # 4: a colour with a typo is an error, not a comment.
  printf '#GGGGGG wall\n' > typo.txt
  run 1 inspect "$samples/classic" --palette typo.txt
  expect_error "typo.txt: line 1: '#GGGGGG' is not a colour: write #RRGGBB or #RRGGBBAA with hex digits 0-9 and A-F"
  # 5: a folder whose name starts with '-'.
  mkdir ./-dash && cp "$samples"/classic/*.png ./-dash/
  run 2 generate -dash -o y.png
  expect_error "unknown option -d; 'dungen generate --help' lists the options; '-dash' was read as an option: to name a folder or file that starts with '-', write ./-dash or put it after '--'"
  run 0 generate -q -o y.png -- -dash
  # Command-line errors: one printable line, arguments in the order given.
  run 2 generate "$samples/classic" --policy $'a\x1b[31mb\nc'; expect_error "--policy: 'a\\\\x1b\[31mb\\\\x0ac' is not a growth policy"
  run 2 inspect "$samples/classic" extra1 extra2 extra3
  expect_error "unexpected argument 'extra1' \\(and 2 more\\); inspect takes one TILES_DIR"
  # Names too long are refused before any work, a batch folder too.
  long=$(head -c 300 /dev/zero | tr '\0' n)
  run 4 rooms -o "$long"; expect_error "n+: the file name is 300 bytes, longer than the 243 dungen can write \(it writes through a temporary name 12 bytes longer, and names end at 255\); use a shorter name"
  ! grep -q seed err.txt || fail "the level was made before the refusal"
  run 4 rooms --count 1 --out-dir "$long"; expect_error "n+: cannot create the output folder: File name too long; give a folder path"
  # 244 to 255 bytes: a legal name, but its temporary name would not be; refused before any work
  long=$(head -c 250 /dev/zero | tr '\0' n)
  run 4 rooms -o m.png --report "$long.txt"; expect_error "n+.txt: the file name is 254 bytes, longer than the 243"
  ! grep -q seed err.txt || fail "the level was made before the refusal"; [ ! -e m.png ] || fail "m.png written"
  long=$(head -c 239 /dev/zero | tr '\0' n)
  run 0 rooms --seed 1 -q -o "$long.png"; [ -s "$long.png" ] || fail "a 243-byte name was not written"
  # Paths too long: their folder exists but is past PATH_MAX, or a folder name is over 255
  # bytes, or the temporary name would pass PATH_MAX. Said as such, before any work.
  seg=$(head -c 200 /dev/zero | tr '\0' d); deep=.; for _ in $(seq 1 20); do deep=$deep/$seg; done
  mkdir -p "$deep"; mkdir -p "$deep/$(head -c 80 /dev/zero | tr '\0' e)"
  run 4 rooms -o "$deep/$(head -c 66 /dev/zero | tr '\0' n).png"
  expect_error ".*n+.png: the path is 4092 bytes, longer than the 4083 dungen can write .*; use a shorter path"
  ! grep -q seed err.txt || fail "the level was made before the refusal"
  run 4 rooms -o "$deep/$(head -c 80 /dev/zero | tr '\0' e)/m.png"; expect_error ".*/m.png: the path is"
  long=$(head -c 300 /dev/zero | tr '\0' n); run 4 rooms -o "$long/m.png"; expect_error "n+/m.png: cannot use folder 'n+': File name too long; use a shorter name"
  [ -n "$(find "$deep" -name '*.png' -print -quit)" ] && fail "a map was written under the deep folder"
  # Messages that named the wrong cause or file.
  printf '* orientations=r0,all\n' > ts.txt; run 1 generate "$samples/classic" --tileset ts.txt -o o.png
  expect_error "ts.txt: line 1: 'all' stands alone: write orientations=all by itself"
  printf '* weight=0\n' > ts.txt; run 1 generate "$samples/classic" --tileset ts.txt -o o.png
  expect_error "no tile can start the dungeon: .* in the tile settings \\(tileset.txt or --tileset FILE\\)"
  printf '* tags=%s\n' "$(printf 'a%.0s' $(seq 65))" > ts.txt; run 1 generate "$samples/classic" --tileset ts.txt -o o.png
  expect_error "ts.txt: line 1: tag 'a+' is 65 characters long; a tag may have at most 64"
  printf '{"rooms":[{"name":"a"},{"name":"b"}],"connections":[{"from":"a","to":"b"}],"rooms":[]}' > g2.json
  run 1 graph "$samples/classic" g2.json -o o.png
  expect_error "g2.json: line 1 column 76: the key \"rooms\" is given twice in one object; give it once"
  # A well-formed image too large for the decoder is not called damaged.
  mkdir -p huge && python3 -c "
import struct, zlib
w = h = 40000
c = zlib.compressobj(1)
data = b''.join(c.compress(b'\\x00' * (w + 1)) for _ in range(h)) + c.flush()
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
open('huge/big.png', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)) + chunk(b'IDAT', data) + chunk(b'IEND', b''))"
  run 1 inspect huge --max-tile-size 1048576
  expect_error "huge/big.png: image is 40000x40000 pixels, more than can be decoded \\(2 GiB of pixels, about 23000x23000\\); shrink it"
  [ ! -e o.png ] || fail "o.png written" ;;
layout_hallways)  # hallways through rooms fail before any carving; many valid hallways stay fast
  # 120 rooms 10 x 4000 side by side, a hallway between every pair (7140): every hallway but
  # those between neighbours crosses rooms. The carve used to try each door position of each
  # hallway (minutes) before failing.
  python3 - <<'EOF'
import json
rooms = [{"name": f"r{i}", "x": 1 + 13 * i, "y": 1, "width": 10, "height": 4000} for i in range(120)]
links = [{"from": f"r{i}", "to": f"r{j}", "kind": "hallway"} for i in range(120) for j in range(i + 1, 120)]
json.dump({"space": {"width": 4096, "height": 4096}, "rooms": rooms, "connections": links}, open("all.json", "w"))
# Valid: the same rooms joined to their neighbours, and a 100 x 100 grid of rooms 3 cells
# apart with a hallway to each right and lower neighbour (19800 hallways).
links = [{"from": f"r{i}", "to": f"r{i + 1}"} for i in range(119)]
json.dump({"space": {"width": 4096, "height": 4096}, "rooms": rooms, "connections": links}, open("row.json", "w"))
rooms = [{"name": f"r{x}_{y}", "x": 1 + 13 * x, "y": 1 + 13 * y, "width": 10, "height": 10}
         for y in range(100) for x in range(100)]
links = [{"from": f"r{x}_{y}", "to": f"r{x + dx}_{y + dy}"} for y in range(100) for x in range(100)
         for dx, dy in ((1, 0), (0, 1)) if x + dx < 100 and y + dy < 100]
json.dump({"space": {"width": 1301, "height": 1301}, "rooms": rooms, "connections": links}, open("grid.json", "w"))
EOF
  timeout 20 "$dungen" layout all.json --seed 1 -o all.png >out.txt 2>err.txt
  [ $? -eq 1 ] || { cat err.txt >&2; fail "expected exit 1 within 20 s"; }
  expect_error "all.json: connections\[1\]: the hallway between 'r0' and 'r2' runs into another room wherever it goes \('r1' in the way\); move the rooms so that nothing lies between them, or join rooms that face each other$"
  [ ! -e all.png ] || fail "a map was written"
  timeout 60 "$dungen" layout row.json --seed 1 --json row.txt -q || fail "row.json"
  grep -q '"stop_text": "layout row.json: 120 rooms, 119 connections"' row.txt || fail "row.json report"
  timeout 60 "$dungen" layout grid.json --seed 1 --json grid.txt -q || fail "grid.json"
  python3 -c "
import json; d = json.load(open('grid.txt')); assert len(d['connections']) == 19800, len(d['connections'])" \
    || fail "grid.json: not every hallway carved" ;;
wad_interrupted)  # Ctrl-C or SIGTERM while zdbsp runs leaves no dungen-nodes-XXXXXX folder
  command -v zdbsp >/dev/null || skip "zdbsp is not installed"
  zdbsp_at_work_py
  for how in int term group; do
    rm -rf tmp && mkdir tmp
    python3 - "$dungen" "$how" <<'EOF' || fail "interrupted --wad run ($how)"
import os, signal, sys, zd
dungen, how = sys.argv[1:3]
p, child = zd.caught_at_work(dungen)
if how == "group":  # Ctrl-C in a terminal: dungen and zdbsp both get SIGINT
    os.killpg(p.pid, signal.SIGINT); sig = signal.SIGINT
else:  # zdbsp stopped: still at work when dungen is told to end, and alone it never ends
    os.kill(child, signal.SIGSTOP)
    sig = signal.SIGINT if how == "int" else signal.SIGTERM
    p.send_signal(sig)
status = p.wait()
still = os.path.exists(f"/proc/{child}")
if still: os.kill(child, signal.SIGKILL)  # never leave it stopped
assert status == -sig, f"dungen ended with {status}, not by signal {sig}"
assert not still, "zdbsp still ran"
assert os.listdir("tmp") == [], f"left in TMPDIR: {os.listdir('tmp')}"
assert not os.path.exists("m.wad") and not os.path.exists("m.png"), "an output was written"
EOF
  done ;;
wad_leftovers)  # what a SIGKILL leaves is removed by the next --wad run; nothing else is
  command -v zdbsp >/dev/null || skip "zdbsp is not installed"
  zdbsp_at_work_py
  mkdir tmp other
  # Not leftovers of dungen: a stranger's file inside, a link, another user's folder, a folder
  # just made, another name.
  mkdir tmp/dungen-nodes-AAAAAA tmp/dungen-nodes-BBBBBB tmp/dungen-nodes-abc
  touch tmp/dungen-nodes-AAAAAA/in.wad tmp/dungen-nodes-AAAAAA/notes.txt other/in.wad tmp/dungen-nodes-abc/in.wad
  ln -s ../other tmp/dungen-nodes-LINKED
  touch tmp/dungen-nodes-BBBBBB/in.wad
  [ "$(id -u)" -ne 0 ] || chown -R 65534 tmp/dungen-nodes-BBBBBB  # (others' folders are theirs)
  touch -h -d '1 minute ago' tmp/* tmp/*/* other/in.wad
  python3 - "$dungen" <<'EOF' || fail "killed --wad run"
import os, signal, subprocess, sys, time, zd
dungen = sys.argv[1]
def run(*args):
    return subprocess.run([dungen, *args, "--seed", "1", "-q"], env=dict(os.environ, TMPDIR="tmp")).returncode
before = sorted(os.listdir("tmp"))
p, child = zd.caught_at_work(dungen)
os.kill(child, signal.SIGSTOP)  # the node builder outlives the killed run, stopped
p.kill(); p.wait()
left = sorted(set(os.listdir("tmp")) - set(before))
assert len(left) == 1, left
then = time.time() - 60
os.utime(f"tmp/{left[0]}", (then, then))
os.mkdir("tmp/dungen-nodes-CCCCCC")  # empty, like a leftover, but just made: changed within
soon = time.time() + 30               # the last 2 s, however slowly the next run starts
os.utime("tmp/dungen-nodes-CCCCCC", (soon, soon))
status = run("rooms", "--rooms", "10", "--wad", "a.wad")
os.kill(child, signal.SIGKILL)
assert status == 0
assert left[0] in os.listdir("tmp"), "a folder zdbsp still works in was removed"
assert "dungen-nodes-CCCCCC" in os.listdir("tmp"), "a folder just made was removed"
os.rmdir("tmp/dungen-nodes-CCCCCC")
def running(pid):  # its descriptors, and the lock it held, go as it exits
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
while running(child):
    time.sleep(0.01)
assert run("rooms", "--rooms", "10", "--wad", "b.wad") == 0
assert left[0] not in os.listdir("tmp"), "the leftover folder was not removed"
assert sorted(os.listdir("tmp")) == before, f"{sorted(os.listdir('tmp'))} != {before}"
EOF
  [ -f tmp/dungen-nodes-AAAAAA/notes.txt ] && [ -f tmp/dungen-nodes-AAAAAA/in.wad ] || fail "a folder with other files was emptied"
  [ -f tmp/dungen-nodes-BBBBBB/in.wad ] || fail "another user's folder was emptied"
  [ -L tmp/dungen-nodes-LINKED ] && [ -f other/in.wad ] || fail "a link, or what it names, was removed"
  [ -f tmp/dungen-nodes-abc/in.wad ] || fail "a folder of another name was removed" ;;
non_utf8_bytes)  # bytes that are not UTF-8 are quoted escaped (\xff); UTF-8 is kept
  classic_tiles; cp t/room_small.png "$(printf 't/r\xff\xfeoom.png')"; cp t/room_small.png "$(printf 't/caf\xc3\xa9.png')"
  printf 'x' > "$(printf 't/notes\xff.txt')"
  utf8() { python3 -c "import sys; open(sys.argv[1], 'rb').read().decode('utf-8')" "$1" || fail "$1 is not UTF-8"; }
  printf 'r\xff\xfeom.png weight=2\n' > t/tileset.txt
  run 1 generate t -o m.png; utf8 err.txt
  expect_error "t/tileset.txt: line 1: no tile 'r\\\\xff\\\\xfeom.png' in this folder; did you mean 'r\\\\xff\\\\xfeoom.png'\?$"
  printf 'caf\xc3\xa9.pn weight=2\n' > t/tileset.txt
  run 1 generate t -o m.png; utf8 err.txt
  expect_error "$(printf "t/tileset.txt: line 1: no tile 'caf\xc3\xa9.pn' in this folder; did you mean 'caf\xc3\xa9.png'")\?$"
  rm t/tileset.txt
  run 0 generate t --seed 1 -o "$(printf 'm\xff.png')"; utf8 err.txt
  grep -q "^dungen: note: ignored 'notes\\\\xff.txt': not a .png file$" err.txt || { cat err.txt >&2; fail "the note"; }
  grep -q "^dungen: wrote m\\\\xff.png (" err.txt || { cat err.txt >&2; fail "the 'wrote' line"; }
  run 0 inspect t; utf8 out.txt
  grep -q "^r\\\\xff\\\\xfeoom.png  " out.txt && grep -q "$(printf '^caf\xc3\xa9.png  ')" out.txt || fail "inspect's listing" ;;
tileset_contradictions)  # a tile both required and max=0, a setting given two values on a line
  classic_tiles
  printf 'room_small.png required\n* weight=2\nroom_small.png max=0\n' > t/tileset.txt
  run 1 generate t -o m.png
  expect_error "t/tileset.txt: line 3: max=0 says 'room_small.png' may never be placed, but line 1 makes it required; remove one of the two \(a required tile needs max=1 or more\)$"
  printf 'room_small.png max=0 required\n' > t/tileset.txt
  run 1 inspect t; expect_error "t/tileset.txt: line 1: 'room_small.png' is both required and max=0: it must be placed but never may be"
  printf 'room_small.png weight=1 weight=5\n' > t/tileset.txt
  run 1 generate t -o m.png; expect_error "t/tileset.txt: line 1: weight=1 and weight=5 on one line contradict each other; keep one$"
  [ ! -e m.png ] || fail "a map was written" ;;
tile_folder_mounted_twice)  # the tile folder reached through a second mount is the tile folder
  classic_tiles; mkdir bm
  mount --bind t bm 2>/dev/null || skip "cannot bind-mount here (needs root and a mount namespace)"
  trap 'umount bm 2>/dev/null' EXIT
  run 4 generate t --seed 1 -o bm/x.png -q; expect_error "bm/x.png: is inside the tile folder 't'"
  run 4 generate t --seed 1 --tmx bm/a.tmx -q; expect_error "bm/dungen-tiles.png: is inside the tile folder 't'"
  run 4 generate t --seed 1 -o m.png --dump-steps bm -q; expect_error "bm: holds input files of this run"
  [ ! -e t/x.png ] && [ ! -e t/dungen-tiles.png ] && [ ! -e t/a.tmx ] && [ ! -e t/000-start.png ] ||
    fail "written into the tile folder: $(ls t | grep -v '^[a-z0-9_]*[0-9a-z].png$' | head)" ;;
output_spellings)  # one file named twice by outputs, however spelled, new or not: refused
  for pair in "-o a.png --json ./a.png" "-o a.png --json $PWD/a.png" "-o .//a.png --report a.png" \
              "-o sub/../a.png --preview a.png"; do
    mkdir -p sub; rm -f a.png
    # shellcheck disable=SC2086
    run 2 rooms --seed 1 $pair; expect_error ".*a.png: is named by two outputs"; [ ! -e a.png ] || fail "a.png written: $pair"
  done
  run 2 rooms --seed 1 -o ./dungen-tiles.png --tmx x.tmx; expect_error "dungen-tiles.png: is where the Tiled map's tileset image goes"
  [ ! -e x.tmx ] || fail "x.tmx written"
  # Standard output is the file another output names: one of the two would be lost.
  "$dungen" rooms --seed 1 -o same.out --json - > same.out 2>err.txt; [ $? = 2 ] || fail "-o FILE --json - > FILE: not exit 2"
  expect_error "same.out: is also standard output, where an output given as '-' goes"; [ ! -s same.out ] || fail "same.out written"
  "$dungen" rooms --seed 1 -o /dev/stdout --json - > mix.out 2>err.txt; [ $? = 2 ] || fail "-o /dev/stdout --json - > FILE: not exit 2"
  expect_error ".*only one output can be '-' \\(standard output, also when named /dev/stdout"
  # ... and so into a pipe: two outputs would run into one another.
  for two in "--report - --json /dev/stdout" "--report /dev/fd/1 --json /proc/thread-self/fd/1"; do
    # shellcheck disable=SC2086
    "$dungen" rooms --seed 1 -o m.png $two 2>err.txt | cat > two.out; [ "${PIPESTATUS[0]}" = 2 ] || fail "$two: not exit 2"
    expect_error ".*only one output can be '-'"; [ ! -s two.out ] && [ ! -e m.png ] || fail "$two: written"
  done
  "$dungen" rooms --seed 1 -o m.png --report /dev/stderr --json /dev/fd/2 2>err.txt; [ $? = 2 ] || fail "two outputs to stderr: not exit 2"
  expect_error ".*only one output can be standard error \\(/dev/stderr, /dev/fd/2\\); give the others files"
  # ... the Tiled maps' tileset image too, which no option names
  "$dungen" rooms --seed 1 --tmx x.tmx --ascii - >> dungen-tiles.png 2>err.txt; [ $? = 2 ] || fail "--ascii - >> dungen-tiles.png: not exit 2"
  expect_error "dungen-tiles.png: is also standard output, where an output given as '-' goes, and the Tiled maps' tileset image"
  [ ! -e x.tmx ] || fail "x.tmx written"
  "$dungen" inspect "$samples/classic" --json --preview ./ip.png > ip.png 2>err.txt; [ $? = 2 ] || fail "inspect --preview FILE > FILE: not exit 2"
  expect_error "./ip.png: is also standard output, where the listing goes"; [ ! -s ip.png ] || fail "ip.png written"
  # /dev/stdout and /dev/stderr into a pipe are written into, like any device or FIFO.
  [ "$("$dungen" rooms --seed 1 -o /dev/stdout -q 2>err.txt | head -c 8 | od -An -c | tr -d ' ')" = "211PNG\r\n032\n" ] || { cat err.txt >&2; fail "-o /dev/stdout into a pipe: no PNG"; }
  "$dungen" rooms --seed 1 -o m.png --report /dev/stderr -q 2>&1 >/dev/null | grep -q "^seed: 1" || fail "--report /dev/stderr into a pipe: no report" ;;
standard_streams)  # a closed standard output, or one that is an input, never takes a file's bytes
  closed() { "$dungen" "$@" >&- 2>err.txt; echo $?; }
  [ "$(closed rooms --seed 1 -o c.png --ascii -)" = 4 ] || fail "closed stdout: not exit 4"
  # Standard input is never written, and a descriptor that is not open is named as such.
  echo keep > in.txt
  "$dungen" rooms --seed 1 -o si.png --report /dev/stdin < in.txt 2>err.txt; [ $? = 4 ] || fail "--report /dev/stdin: not exit 4"
  expect_error "/dev/stdin: is standard input, which dungen never writes; give a file name, or '-' for standard output"
  [ "$(cat in.txt)" = keep ] && [ ! -e si.png ] || fail "standard input's file was replaced, or the map written"
  run 4 rooms --seed 1 -o si.png --report /dev/fd/9
  expect_error "/dev/fd/9: descriptor 9 is not open; open it in the shell \\(9> FILE\\) or give a file name"
  # Any spelling of this process's descriptor folder is one: /proc/thread-self/fd, /proc/PID/fd.
  for p in /proc/thread-self/fd/0 /dev/./fd/0 /proc/self/task/../fd/0; do
    "$dungen" rooms --seed 1 -o si.png --json "$p" < in.txt 2>err.txt; [ $? = 4 ] || fail "--json $p: not exit 4"
    expect_error "$p: is standard input, which dungen never writes"
  done
  [ "$(cat in.txt)" = keep ] && [ ! -e si.png ] || fail "standard input's file was replaced through another spelling"
  run 4 rooms --seed 1 -o si.png --report /proc/thread-self/fd/9
  expect_error "/proc/thread-self/fd/9: descriptor 9 is not open; open it in the shell"
  "$dungen" rooms --seed 1 -o si.png --report /dev/fd/9 -q 9> fd9.txt || fail "--report /dev/fd/9 9> FILE failed"
  grep -q "^seed: 1" fd9.txt || fail "the report did not reach descriptor 9's file"
  # A closed standard error takes no output either: the report is not lost with exit 0.
  for o in /dev/stderr /dev/fd/2; do
    "$dungen" rooms --seed 1 -o ce.png --report "$o" 2>&-; [ $? = 4 ] || fail "--report $o, closed stderr: not exit 4"
    [ ! -e ce.png ] || fail "ce.png written although the report was not (all or none)"
  done
  "$dungen" rooms --seed 1 -o ce.png 2>&- || fail "closed stderr: a run without output there failed"
  if [ -w /dev/full ]; then  # help and the version are output too
    for args in "--help" "generate --help" "--version"; do
      # shellcheck disable=SC2086
      "$dungen" $args > /dev/full 2>err.txt; [ $? = 4 ] || fail "dungen $args > /dev/full: not exit 4"
      expect_error "-: cannot write to standard output"
    done
  fi
  expect_error "-: cannot write to standard output"; [ ! -e c.png ] || fail "c.png written (all or none)"
  [ "$(closed inspect "$samples/classic" --preview ip.png)" = 4 ] || fail "inspect, closed stdout: not exit 4"
  [ ! -e ip.png ] || fail "the preview was kept"
  cp "$samples/layouts/castle.json" c.json
  "$dungen" layout c.json --seed 1 -o m.png --ascii - >> c.json 2>err.txt; [ $? = 4 ] || fail "stdout appending to the layout: not exit 4"
  expect_error "-: standard output is one of the input files"; cmp -s c.json "$samples/layouts/castle.json" || fail "the layout file changed"
  classic_tiles; cp t/room_small.png keep.png
  "$dungen" inspect t >> t/room_small.png 2>err.txt; [ $? = 4 ] || fail "inspect appending to a tile: not exit 4"
  cmp -s keep.png t/room_small.png || fail "the tile changed"
  # Standard error appended to an input: nothing lands there (not even the message), exit 4.
  "$dungen" layout c.json --seed 1 -o m2.png 2>> c.json; [ $? = 4 ] || fail "stderr appending to the layout: not exit 4"
  cmp -s c.json "$samples/layouts/castle.json" || fail "the layout file changed"; [ ! -e m2.png ] || fail "m2.png written"
  "$dungen" generate t --seed 1 -o m2.png 2>> t/room_small.png; [ $? = 4 ] || fail "stderr appending to a tile: not exit 4"
  cmp -s keep.png t/room_small.png || fail "the tile changed (stderr)"
  # ... and so when the error comes before the inputs are read (an option or an output).
  cp t/tileset.txt keep.txt 2>/dev/null || : > t/tileset.txt; cp t/tileset.txt keep.txt
  cp "$samples/masks/caverns.png" mk.png; cp mk.png mk.keep
  printf '{"rooms":[{"name":"a"},{"name":"b"}],"connections":[{"from":"a","to":"b"}]}\n' > g.json; cp g.json g.keep
  for early in "generate t -o nowhere/m.png 2>> t/tileset.txt" "generate t --max-tiles 0 2>> t/tileset.txt" \
      "generate t -o nowhere/m.png 2>> t/room_small.png" "graph t g.json -o nowhere/m.png 2>> g.json" \
      "areas --mask mk.png --spaces 0 2>> mk.png"; do
    eval "\"\$dungen\" $early"
    cmp -s keep.txt t/tileset.txt && cmp -s keep.png t/room_small.png && cmp -s g.json g.keep && cmp -s mk.png mk.keep ||
      fail "an input changed: dungen $early"
  done
  # /dev/stdout and /dev/stderr are the streams, written into as '-' is: a redirection that
  # appends keeps what was there, and standard error that is a file is not silenced.
  echo "earlier line" > log.txt
  "$dungen" generate t --seed 1 -o m3.png --report /dev/stdout -q >> log.txt || fail "--report /dev/stdout failed"
  [ "$(head -1 log.txt)" = "earlier line" ] && grep -q "^seed: 1" log.txt || fail "log.txt was replaced: $(head -2 log.txt)"
  "$dungen" generate t --seed 1 -o m4.png --report /dev/stderr -q 2> r.txt || fail "--report /dev/stderr failed"
  grep -q "^seed: 1" r.txt || fail "the report sent to /dev/stderr is lost"
  # A descriptor whose file was deleted leads nowhere: /proc calls it 'keep.txt (deleted)', and
  # writing there made a new file of that name.
  echo hi > gone.txt; exec 5<> gone.txt; rm gone.txt
  for p in /proc/self/fd/5 /dev/fd/5 //dev/./fd/5 /proc/thread-self/fd/5; do
    run 4 generate t --seed 1 -o m5.png --report "$p" -q
    expect_error "$p: leads to a file that was deleted \\('.*gone.txt \\(deleted\\)'\\); give the path of the file to write"
  done
  exec 5>&-
  [ -z "$(ls | grep 'deleted')" ] && [ ! -e m5.png ] || fail "a file was made: $(ls | grep 'deleted\|m5')"
  # A file beside the inputs that is not one takes the messages as usual.
  "$dungen" generate t --max-tiles 0 2>> t/notes.log; grep -q -- "--max-tiles" t/notes.log || fail "notes.log has no message"
  # An output that is where standard error goes would replace it, and the messages with it:
  # refused before any work (exit 2), the refusal written there, the file otherwise kept.
  echo earlier > log2.txt
  "$dungen" generate t --seed 1 -o m6.png --report ./log2.txt 2>> log2.txt; [ $? = 2 ] || fail "--report log2.txt 2>> log2.txt: not exit 2"
  [ "$(head -1 log2.txt)" = earlier ] && grep -q "log2.txt: is also standard error, where the messages go" log2.txt ||
    fail "log2.txt: $(cat log2.txt)"
  [ ! -e m6.png ] || fail "m6.png written beside a refused output"
  "$dungen" inspect t --preview p6.png 2> p6.png; [ $? = 2 ] && grep -q "^dungen: error: p6.png: is also standard error" p6.png ||
    fail "inspect --preview into standard error's file"
  mkdir lv6; echo x > lv6/level-0001.txt
  "$dungen" generate t --count 2 --out-dir lv6 2>> lv6/level-0001.txt; [ $? = 2 ] || fail "a batch level file as standard error: not exit 2"
  grep -q "lv6/level-0001.txt: is also standard error" lv6/level-0001.txt && [ ! -e lv6/level-0000.png ] ||
    fail "a batch level file as standard error: $(ls lv6)"
  run 1 generate t --palette - -o m.png; expect_error "-: dungen reads no input from standard input"
  run 1 graph t - -o m.png; expect_error "-: dungen reads no input from standard input"
  # Names in the report's options line are quoted like everywhere else: no forged lines.
  mv t/room_large.png "$(printf 't/room\nTERMINATED EARLY: fake.png')"
  run 0 generate t --seed 1 --start "$(printf 'room\nTERMINATED EARLY: fake.png')" -o m.png --report r.txt -q
  ! grep -q '^TERMINATED EARLY' r.txt || fail "a name forged a report line"
  grep -q '^options: .*--start room\\x0aTERMINATED EARLY: fake.png' r.txt || { head -4 r.txt; fail "the options line"; } ;;
tileset_quotes)  # a tile name with spaces is quoted in tileset.txt; an unclosed quote is an error
  classic_tiles; cp t/room_small.png "t/big hall.png"; cp t/room_small.png 't/say "hi".png'
  printf '"big hall.png" required max=1  # the one great hall\n"say \\"hi\\".png" max=0\n' > t/tileset.txt
  run 0 generate t --seed 1 -q --json m.json
  python3 -c "
import json; p = json.load(open('m.json'))['placements']
assert sum(x['tile'] == 'big hall.png' for x in p) == 1, 'big hall.png not placed once'
assert not any(x['tile'] == 'say \"hi\".png' for x in p), 'max=0 not applied'" || fail "the quoted names' settings"
  printf '"big hall.png required\n' > t/tileset.txt
  run 1 generate t -o m.png
  expect_error "t/tileset.txt: line 1 column 1: the quote is not closed; end the quoted name with \" on the same line \(write \\\\\" for a quote inside it\)$"
  printf 'big hall.png required\n' > t/tileset.txt
  run 1 inspect t
  expect_error "t/tileset.txt: line 1: no tile 'big' in this folder; a name with spaces goes in quotes: \"big hall.png\"$"
  [ ! -e m.png ] || fail "a map was written" ;;
*) fail "unknown case $case_name" ;;
esac
exit 0
