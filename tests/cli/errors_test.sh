#!/usr/bin/env bash
# Every error of docs/errors.md that tests/cli/cli_test.sh does not already trigger, with its
# message and exit status, and the promises about outputs: an interrupted run leaves no partial
# file and no temporary file. Usage: errors_test.sh CASE DUNGEN SOURCE_DIR.
# Exit 0 = pass, 77 = skipped (e.g. needs a non-root user), else fail.
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
# expect_error REGEX: stderr holds exactly one error line, and it matches REGEX (fixed prefix
# "dungen: error: " included).
expect_error() {
  [ "$(grep -c '^dungen: error:' err.txt)" -eq 1 ] || { cat err.txt >&2; fail "expected exactly one 'dungen: error:' line"; }
  grep -qE -- "^dungen: error: $1" err.txt || { cat err.txt >&2; fail "stderr lacks /^dungen: error: $1/"; }
}
no_work_done() {  # the run stopped before generating: no seed was chosen, nothing was written
  ! grep -q "seed" err.txt || fail "the run generated before failing"
  [ -z "$(ls -A out 2>/dev/null)" ] || fail "something was written"
}
sanitized() { grep -qa __asan_init "$dungen"; }
# as_user CMD...: runs CMD as an unprivileged user (root reads and writes anything, so
# permission errors need one): as is when not root, as nobody through setpriv when root.
as_user() {
  if [ "$(id -u)" -ne 0 ]; then "$@"; else setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; fi
}
# run_as_user EXPECTED_STATUS ARGS...: run, as an unprivileged user; skips when that user
# cannot run dungen here (e.g. the build is in a folder only root may enter).
run_as_user() {
  local want=$1; shift
  chmod 755 "$work"
  if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv >/dev/null || skip "root, and no setpriv to become another user"
    as_user "$dungen" --version >/dev/null 2>&1 || skip "user nobody cannot run $dungen"
  fi
  as_user "$dungen" "$@" >out.txt 2>err.txt
  local got=$?
  [ "$got" -eq "$want" ] || { cat err.txt >&2; fail "dungen $* exited $got, expected $want"; }
}
# The maps of one run: for the interruption cases, every file a killed run left must be
# byte-identical to the uninterrupted run's. Without loops, which add time (most under the
# sanitizers) and nothing to what is tested: how a run ends while it writes.
big=(generate "$samples/classic" --max-tiles 150000 --loops 0 --seed 3 -q)

# interrupt SIGNAL: starts a big run writing into out/, sends SIGNAL as soon as a temporary file
# shows it is writing, then checks the run's status and that no output is partial.
interrupt() {
  local sig=$1
  mkdir -p ref out
  [ -s ref/j.json ] || run 0 "${big[@]}" -o ref/m.png --report ref/r.txt --json ref/j.json
  set -m  # job control: without it a background job starts with SIGINT ignored
  "$dungen" "${big[@]}" -o out/m.png --report out/r.txt --json out/j.json 2>err.txt &
  local pid=$! seen=""
  for _ in $(seq 1 60000); do
    seen=$(ls -A out | grep '\.tmp-' || true)
    [ -n "$seen" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.002
  done
  [ -n "$seen" ] || fail "the run ended before it was caught writing"
  kill -s "$sig" "$pid"
  wait "$pid"
  local status=$?
  set +m
  [ "$status" -eq $((128 + $(kill -l "$sig"))) ] || fail "exit status $status after SIG$sig"
  for f in m.png r.txt j.json; do
    [ ! -e "out/$f" ] || cmp -s "out/$f" "ref/$f" || fail "out/$f is partial"
  done
}

case $case_name in
# --- bad input (exit 1) -------------------------------------------------------------------
folder_unreadable)
  ln -s loop loop
  run 1 generate loop -o m.png; expect_error "loop: cannot read the folder: Too many levels of symbolic links; check the path" ;;
folder_unlistable)
  mkdir locked; chmod 000 locked
  run_as_user 1 inspect locked; expect_error "locked: cannot list the folder: Permission denied; check that you may read it" ;;
no_png_subfolders)
  mkdir -p t/set_a t/set_b
  run 1 generate t; expect_error "t: no \.png files in the folder \(0 other files\); put tile PNGs in it, or give one of its subfolders \(set_a, set_b\)" ;;
every_tile_skipped)
  mkdir t; cp "$data/png/not_png.png" "$data/png/truncated.png" t/
  run 1 generate t --skip-invalid
  expect_error "t: no valid tile in the folder: all 2 PNG files are invalid, the first one: t/not_png.png: not a PNG file" ;;
tile_unreadable)
  tiles_with; ln -s nowhere.png tiles/broken_link.png
  run 1 generate tiles; expect_error "tiles/broken_link.png: cannot read: No such file or directory; check that the file exists" ;;
tile_not_regular)
  # A FIFO named like a tile would block the run forever: it is ignored with a note.
  tiles_with; mkfifo tiles/pipe.png
  timeout 60 "$dungen" generate tiles -o m.png --seed 1 >out.txt 2>err.txt || fail "exit status $?"
  expect_err "note: ignored 'pipe.png': not a regular file" ;;
damaged_header)
  tiles_with; printf '\211PNG\r\n\032\n\000\000\000\015IHDX0000000000000000000000' > tiles/bad.png
  run 1 generate tiles; expect_error "tiles/bad.png: damaged PNG header \(no IHDR chunk first\); re-export the image" ;;
zero_size_header)
  tiles_with "$data/png/zero_width.png"
  run 1 generate tiles; expect_error "tiles/zero_width.png: damaged PNG header: zero width or height \(0x[0-9]+ pixels\); re-export the image" ;;
png_bomb)
  # turn3-04: a 1x1 PNG whose pixel data inflates to 1 GiB of zeros (a 1 MB file) was read, holding
  # 1 GB for 2.5 s, and a 3 GiB one ended in "not enough memory" of 4 bytes of pixels. The pixel
  # data is now inflated no further than the header's size: refused in 100 MB of address space.
  # (256 MiB of zeros here, a 260 KB file: the old decoder needed 256 MB and more for it.)
  python3 -c "
import struct, zlib
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
co = zlib.compressobj(9); block = bytes(1 << 20)
idat = b''.join(co.compress(block) for _ in range(256)) + co.flush()
open('bomb.png', 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 6, 0, 0, 0))
                             + chunk(b'IDAT', idat) + chunk(b'IEND', b''))"
  [ "$(wc -c < bomb.png)" -lt 300000 ] || fail "the bomb is $(wc -c < bomb.png) bytes"
  tiles_with bomb.png
  limit=100000
  sanitized && limit=unlimited  # a sanitized build reserves more address space than any limit leaves
  bomb_error="cannot decode PNG \\(more pixel data than its 1x1 header says\\); the file may be truncated or damaged, re-export it$"
  (ulimit -v $limit; "$dungen" inspect tiles >out.txt 2>err.txt)
  [ $? -eq 1 ] || { cat err.txt >&2; fail "inspect: expected exit 1"; }
  expect_error "tiles/bomb.png: $bomb_error"
  (ulimit -v $limit; "$dungen" areas --mask bomb.png -o m.png >out.txt 2>err.txt)
  [ $? -eq 1 ] || { cat err.txt >&2; fail "areas --mask: expected exit 1"; }
  expect_error "bomb.png: $bomb_error"
  [ ! -e m.png ] || fail "m.png written" ;;
palette_unreadable)
  run 1 generate "$samples/classic" --palette nowhere.txt
  expect_error "nowhere.txt: cannot read: No such file or directory; check that the file exists"
  mkdir pal; run 1 generate "$samples/classic" --palette pal; expect_error "pal: is a folder, not a file; give a file"
  [ -r /proc/self/mem ] || skip "no /proc"
  # Reading /proc/self/mem from offset 0 fails with EIO: a read error after a good open.
  run 1 generate "$samples/classic" --palette /proc/self/mem
  expect_error "/proc/self/mem: cannot read: Input/output error; check the disk" ;;
sidecar_values)
  tiles_with
  printf 'cap1_closet.png max=lots\n' > tiles/tileset.txt
  run 1 generate tiles; expect_error "tiles/tileset.txt: line 1: max=lots must be a whole number from 0 to 1000000000"
  printf 'cap1_closet.png max=-0\n' > tiles/tileset.txt  # no sign, as weight=-1 is refused
  run 1 generate tiles; expect_error "tiles/tileset.txt: line 1: max=-0 must be a whole number from 0 to 1000000000"
  printf '# weights\n\ncap1_closet.png orientations=r0,,r90\n' > tiles/tileset.txt
  run 1 generate tiles; expect_error "tiles/tileset.txt: line 3: empty orientation name; list orientations separated by commas"
  printf 'cap1_closet.png orientations=r45\n' > tiles/tileset.txt
  run 1 inspect tiles; expect_error "tiles/tileset.txt: line 1: unknown orientation 'r45'; use r0, r90"
  printf '* colour=red\n' > tiles/tileset.txt
  run 1 generate tiles; expect_error "tiles/tileset.txt: line 1: unknown setting 'colour=red'; use weight=N, max=N, required, far, orientations=LIST or tags=LIST" ;;
no_start_tile)
  tiles_with; printf '* weight=0\n' > tiles/tileset.txt
  run 1 generate tiles -o m.png; expect_error "no tile can start the dungeon: .*name the first tile with --start" ;;
out_of_memory)
  sanitized && skip "a sanitized build reserves more address space than any limit leaves"
  mkdir out
  # the table of what signals must clean up is mapped when first used: --version starts in 30 MB
  (ulimit -v 30000; "$dungen" --version >out.txt 2>err.txt) || { cat err.txt >&2; fail "--version under ulimit -v 30000"; }
  (ulimit -v 300000; "$dungen" generate "$samples/classic" --max-tiles 2000000 --seed 1 -o out/m.png >out.txt 2>err.txt)
  [ $? -eq 1 ] || { cat err.txt >&2; fail "expected exit 1"; }
  expect_error "out of memory; ask for a smaller level \(fewer tiles, rooms or spaces, or a smaller space\)"
  [ -z "$(ls -A out)" ] || fail "a file was left: $(ls -A out)"
  (ulimit -v 300000; "$dungen" generate "$samples/classic" --max-tiles 1000000 --count 4 -j 2 --out-dir b --seed 1 -q >out.txt 2>err.txt)
  [ $? -eq 1 ] || { cat err.txt >&2; fail "expected exit 1 from the batch"; }
  expect_err "^dungen: error: level [0-3]: out of memory; use fewer --jobs or ask for smaller levels"
  [ -s b/manifest.csv ] || fail "no manifest"
  # A layout or graph file of a million values: freeing its part-read tree needs no memory.
  python3 -c "print('{\"rooms\": [{\"name\": \"a\", \"x\": 1, \"y\": 1, \"width\": 4, \"height\": 4}], \"x\": [' + '{},' * 999999 + '{}]}')" > big.json
  for command in "layout big.json" "graph $samples/classic big.json"; do
    (ulimit -v 65000; "$dungen" $command -o out/m.png >out.txt 2>err.txt)
    [ $? -eq 1 ] || { cat err.txt >&2; fail "expected exit 1 from $command"; }
    expect_error "out of memory while reading the inputs; give smaller input files \(tiles, palette, tile settings, layout or graph\)"
  done
  # a built-in layout is made, not read: the level is what to make smaller
  (ulimit -v 100000; "$dungen" layout grid:1023x1023 --space 4096x4096 -o out/m.png >out.txt 2>err.txt)
  [ $? -eq 1 ] || { cat err.txt >&2; fail "expected exit 1 from grid:1023x1023"; }
  expect_error "out of memory; ask for a smaller level" ;;
# --- bad command line (exit 2) ------------------------------------------------------------
bad_counts)
  # a leading zero is decimal, as in --seed and --space (CLI11 alone would read 010 as octal 8)
  run 0 areas --width 010 --height 012 --spaces 2 --seed 1 -o m.png --json m.json -q
  grep -q '"map": {"width": 10, "height": 12}' m.json || fail "010x012 was not read as 10x12"
  run 0 generate "$samples/classic" --max-tiles 09 --scale 08 --seed 1 -o m.png --preview p.png -q
  run 2 generate "$samples/classic" --max-tiles -5; expect_error "--max-tiles: must be a whole number from 1 to 10000000, got '-5'"
  run 2 generate "$samples/classic" --min-tiles -1; expect_error "--min-tiles: must be a whole number from 0 to 100000000, got '-1'"
  run 2 generate "$samples/classic" --retries -1; expect_error "--retries: must be a whole number from 0 to 1000, got '-1'"
  run 2 generate "$samples/classic" --count 0 --out-dir b; expect_error "--count: must be a whole number from 1 to 1000000, got '0'"
  run 2 generate "$samples/classic" --count 2 --out-dir b -j 0; expect_error "(-j|--jobs): must be a whole number from 1 to 256, got '0'"
  run 2 generate "$samples/classic" --scale 0; expect_error "--scale: must be a whole number from 1 to 64, got '0'"
  run 2 inspect "$samples/classic" --max-tile-size 0; expect_error "--max-tile-size: must be a whole number from 1 to 1048576, got '0'"
  # Every usage error is one line (CLI11's own too): no second line on where help is.
  for args in "rooms --locks 10000" "areas --spaces 200000" "graph $samples/classic ''" \
    "generate $samples/classic --policy x" "rooms --rooms 3 extra"; do
    eval "run 2 $args"
    [ "$(wc -l <err.txt)" = 1 ] || { cat err.txt >&2; fail "dungen $args: more than one line"; }
  done ;;
batch_incomplete)
  run 2 generate "$samples/classic" --out-dir b; expect_error "--count/--out-dir: a batch needs both --count K \(1 or more\) and a non-empty --out-dir DIR"
  run 2 generate "$samples/classic" --count 3; expect_error "--count/--out-dir: a batch needs both"
  run 2 generate "$samples/classic" --count 3 --out-dir b -o m.png; expect_error "--output: a batch writes each level's map, text and JSON reports into --out-dir; drop this option" ;;
stdout_is_terminal)
  command -v script >/dev/null || skip "no script(1) to make a terminal"
  script -qec "'$dungen' generate '$samples/classic' -o - --seed 1" /dev/null > tty.txt 2>&1
  [ $? -eq 2 ] || { cat tty.txt >&2; fail "expected exit 2"; }
  grep -q "^dungen: error: -o -: standard output is a terminal; redirect it to a file or pipe" tty.txt || { cat tty.txt >&2; fail "message"; } ;;
inspect_preview_stdout)
  run 2 inspect "$samples/classic" --preview -; expect_error "--preview: standard output carries the listing; give the preview a file name" ;;
preview_too_big)
  run 2 generate "$samples/classic" --seed 1 --max-tiles 3000 -q -o m.png --preview p.png --scale 64
  expect_error "--scale: a preview of this [0-9]+x[0-9]+-cell map at scale 64 would be [0-9]+x[0-9]+ pixels, over 64 megapixels; use --scale [0-9]+ or less"
  [ ! -e p.png ] || fail "a preview was written"
  mkdir big; run 0 generate "$samples/classic" --seed 1 --max-tiles 3000 -q -o big/map.png
  run 2 inspect big --max-tile-size 10000 --preview p.png --scale 64
  expect_error "--scale: the preview would be [0-9]+x[0-9]+ pixels at scale 64, more than 64 megapixels; use a smaller scale" ;;
generator_values)
  # The generators without tiles (dungen layout, dungen areas): values only they check.
  run 2 layout grid:4 -o m.png; expect_error "grid:4: grid:COLSxROWS needs two whole numbers, e.g. grid:4x3"
  run 2 layout grid:40x40 --space 20x20 -o m.png; expect_error "grid:40x40: the rooms do not fit a 20x20 space with floors at least 3 cells wide; use fewer rooms or a larger --space"
  run 2 layout clock --space 20x20 -o m.png; expect_error "clock: needs a --space of at least 44x36, not 20x20"
  run 2 layout grid:0x5 -o m.png; expect_error "grid:0x5: needs at least one column and one row, e.g. grid:4x3"
  run 2 layout maze --space 3x3 -o m.png; expect_error "maze: the space is too small for a maze \\(3x3 cells\\); give --space 5x5 or more"
  run 2 layout grid:1024x1024 --space 4096x4096 -o m.png
  expect_error "grid:1024x1024: the rooms do not fit a 4096x4096 space with floors at least 3 cells wide; use fewer rooms \\(at most 1023 per side\\)"
  run 2 layout maze:2 -o m.png; expect_error "maze:2: maze:LOOPS needs a fraction from 0 to 1, e.g. maze:0.1"
  run 2 layout grid:3x3 --space 12by4 -o m.png; expect_error "--space: '12by4' is not WIDTHxHEIGHT in cells \(3 to 4096\), e.g. 85x64"
  run 2 areas --spaces 100000 --width 8 --height 8 -o m.png --seed 1
  expect_error "--spaces: 100000 spaces need at least [0-9]+ usable cells; the grid or mask has [0-9]+"
  python3 - <<'PY' 2>/dev/null || skip "no python3 to draw a mask"
import struct, zlib
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
rows = b''.join(b'\x00' + bytes([0, 0, 0, 255]) * 4 for _ in range(4))
open('black.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 4, 4, 8, 6, 0, 0, 0))
                              + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
PY
  run 1 areas --mask black.png -o m.png --seed 1; expect_error "black.png: the mask has no white cells; paint the usable area white" ;;
# --- outputs (exit 4) -----------------------------------------------------------------------
empty_output_name)
  run 2 generate "$samples/classic" -o ''; expect_error "--output: the name is empty; give a file name, or leave the option out"; no_work_done ;;
output_parent_is_file)
  touch plain; run 4 generate "$samples/classic" -o plain/m.png
  expect_error "plain/m.png: 'plain' is a file, not a folder; give a path inside a folder"; no_work_done ;;
output_folder_unusable)
  # access() says root may write anywhere: the folder is probed by creating a file, before any work.
  [ -d /proc/self ] || skip "no /proc"
  run 4 generate "$samples/classic" -o /proc/m.png
  expect_error "/proc/m.png: cannot create a file in folder '/proc': .*; choose another folder"; no_work_done
  mkdir ro; chmod 555 ro; run_as_user 4 generate "$samples/classic" -o ro/m.png
  expect_error "ro/m.png: folder 'ro' is not writable: Permission denied; choose another folder"
  # A FIFO or device is written into, not replaced: it must itself be writable.
  mkfifo -m 444 ro.fifo; run_as_user 4 generate "$samples/classic" -o ro.fifo
  expect_error "ro.fifo: cannot write: Permission denied; check its permissions"
  # A name ending in '/' names a folder; a socket cannot be written to.
  run 4 generate "$samples/classic" -o m.png/; expect_error "m.png/: ends in '/', so it names a folder; give a file name such as map.png"
  python3 -c "import socket; socket.socket(socket.AF_UNIX).bind('s.sock')"
  run 4 generate "$samples/classic" --report s.sock -o m.png
  expect_error "s.sock: is a socket, which dungen cannot write to; give a file, a device or a FIFO"; no_work_done ;;
disk_full)
  [ -w /dev/full ] || skip "no /dev/full"
  # Messages that cannot be written are lost; the status tells how the outputs went.
  "$dungen" generate "$samples/classic" --seed 1 -o lost.png 2>/dev/full; [ $? -eq 0 ] && [ -s lost.png ] ||
    fail "2>/dev/full: the run failed although its outputs could be written"
  "$dungen" generate "$samples/classic" --seed 1 -o kept.png --report /dev/stderr 2>/dev/full; [ $? -eq 4 ] ||
    fail "--report /dev/stderr 2>/dev/full: expected exit 4"
  [ ! -e kept.png ] || fail "the map was written although the report could not be"
  run 4 generate "$samples/classic" --seed 1 -q -o /dev/full
  expect_error "/dev/full: cannot write: No space left on device; free some space or write somewhere else"
  # Regression: a streamed report that hit a full disk called std::terminate (exit 134) from
  # TextOut's destructor instead of reporting the error.
  run 4 generate "$samples/classic" --seed 1 -q -o m.png --report /dev/full
  expect_error "/dev/full: cannot write: No space left on device"
  run 4 generate "$samples/classic" --seed 1 --max-tiles 3000 -q -o m.png --json /dev/full
  expect_error "/dev/full: cannot write: No space left on device"
  "$dungen" generate "$samples/classic" --seed 1 -q -o - > /dev/full 2>err.txt
  [ $? -eq 4 ] || fail "-o - into a full disk: expected exit 4"
  expect_error "-: cannot write to standard output \(a closed pipe or a full disk\?\); check where it goes, or write to a file instead" ;;
out_dir_uncreatable)
  touch plain; run 4 generate "$samples/classic" --count 2 --out-dir plain/levels
  expect_error "plain/levels: cannot create the output folder: Not a directory"
  ! grep -q "levels written" err.txt || fail "levels were made" ;;
batch_level_fails)
  # A level whose file cannot be written exits 4 as a single run does (it once exited 1, while
  # docs/cli.md and the README said 4); a level that fails on its input still exits 1.
  mkdir -p levels/level-0001.png
  run 4 generate "$samples/classic" --count 3 --out-dir levels --seed 5
  expect_error "level 1: levels/level-0001.png: is a folder; give a file name such as map.png"
  expect_err "^dungen: 2 levels written to levels \(0 ended early, 0 with cells the entrance cannot reach, 1 failed\)"
  # A failed level's row has its seed, name and error; the level's columns are empty.
  grep -q '^1,6,level-0001,,,,,"error: levels/level-0001.png: is a folder[^"]*",,,,,,,$' levels/manifest.csv || fail "manifest row 1"
  for i in 0 2; do [ -s "levels/level-000$i.json" ] || fail "level $i not written"; done ;;
# --- memory ---------------------------------------------------------------------------------
batch_memory_flat)
  # A batch's memory does not grow with its levels, only by its manifest rows (docs/performance.md
  # "Soak"): 4,000 levels may use at most 4 MB more than 200. The gallery page is made from those
  # rows and written block by block.
  sanitized && skip "the sanitizers keep freed memory in quarantine"
  [ -x /usr/bin/time ] || skip "no GNU time (apt-get install time)"
  for n in 200 4000; do
    /usr/bin/time -f "%M" -o "peak-$n" "$dungen" generate "$samples/classic" --count "$n" --out-dir "b$n" -j 2 --seed 1 --gallery -q || fail "batch of $n"
    [ "$(wc -l < "b$n/manifest.csv")" -eq $((n + 1)) ] || fail "manifest of $n"
    [ "$(grep -c '^<article class="level"' "b$n/index.html")" -eq "$n" ] || fail "gallery of $n"
    rm -rf "b$n"
  done
  [ "$(cat peak-4000)" -le $(( $(cat peak-200) + 4096 )) ] || fail "peak memory grew from $(cat peak-200) KB to $(cat peak-4000) KB" ;;
# --- interrupted runs -------------------------------------------------------------------------
out_of_memory_outputs)  # running out of memory: a message, never an abort or a temporary file
  sanitized && skip "a sanitized build reserves more address space than any limit leaves"
  mkdir few && for i in $(seq 1 100); do for f in "$samples"/classic/*.png; do ln "$f" "few/${i}_$(basename "$f")"; done; done
  for v in $(seq 9500 250 16000); do  # inspect --json aborted (nlohmann's copies and destructors)
    (ulimit -v "$v"; "$dungen" inspect few --json > /dev/null 2> err.txt); status=$?
    [ "$status" -le 4 ] || fail "ulimit -v $v: inspect --json ended with status $status: $(head -c 200 err.txt)"
  done
  mkdir one
  for v in 20000 30000 40000; do  # the temporary file was made before the table listing it
    (ulimit -v "$v"; "$dungen" rooms --seed 1 -o one/x.png --report one/r.txt 2> err.txt); status=$?
    [ "$status" -le 4 ] || fail "ulimit -v $v: rooms ended with status $status"
    [ -z "$(ls -A one)" ] || fail "ulimit -v $v: left in one/: $(ls -A one)"
  done
  for v in 50000 60000; do  # a batch's last line blamed input files rooms does not read
    rm -rf b; (ulimit -v "$v"; "$dungen" rooms --count 4 --out-dir b -j 4 --seed 1 -q 2> err.txt)
    ! grep -q "while reading the inputs" err.txt || fail "ulimit -v $v: $(tail -1 err.txt)"
    [ -z "$(ls -A b 2>/dev/null | grep '\.tmp-')" ] || fail "ulimit -v $v: temporary files in b/"
  done ;;
interrupted_int)
  # Ctrl-C while the reports are written: the run ends as SIGINT says (130), every output is
  # either absent or complete, and no temporary file is left.
  interrupt INT
  left=$(ls -A out | grep '\.tmp-' || true); [ -z "$left" ] || fail "temporary files left: $left" ;;
interrupted_xcpu)
  # Past a CPU time limit (ulimit -t) and the like: the same clean ending as Ctrl-C.
  for sig in XCPU VTALRM PROF IO PWR STKFLT RTMIN RTMIN+1 RTMAX; do
    rm -rf out  # the uninterrupted run's outputs in ref/ serve every signal
    interrupt "$sig"
    left=$(ls -A out | grep '\.tmp-' || true); [ -z "$left" ] || fail "temporary files left after SIG$sig: $left"
  done ;;
interrupted_kill)
  # SIGKILL cannot be caught: the temporary files being written stay (at most one per output:
  # outputs are renamed all at once), but no output is partial, and the next run writing the
  # same outputs removes them (nobody holds their locks).
  interrupt KILL
  left=$(ls -A out | grep '\.tmp-' || true); [ "$(echo "$left" | wc -w)" -le 3 ] || fail "more temporary files than outputs: $left"
  # A temporary file that a live writer holds, and one of a file this run does not write, stay.
  touch out/.m.png.tmp-HELD01 out/.notes.txt.tmp-OTHER1
  touch -d '1 minute ago' out/.*.tmp-*
  exec 9>>out/.m.png.tmp-HELD01
  flock -n 9 || fail "cannot lock"  # the lock stays with this shell's open file, fd 9
  run 0 generate "$samples/classic" --seed 3 -q -o out/m.png --report out/r.txt --json out/j.json
  exec 9>&-
  left=$(ls -A out | grep '\.tmp-' | sort | tr '\n' ' ')
  [ "$left" = ".m.png.tmp-HELD01 .notes.txt.tmp-OTHER1 " ] || fail "temporary files after the next run: '$left'" ;;
*) fail "unknown case $case_name" ;;
esac
exit 0
