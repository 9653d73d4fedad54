#!/usr/bin/env bash
# Faults a batch survives with nothing lost (docs/errors.md "Outputs and interrupted runs"): a
# full disk, SIGKILL at a random point, SIGINT and SIGTERM, a read-only folder, a closed pipe; a
# batch of dungeons (--floors) through a full disk and SIGKILL.
# Usage: faults_test.sh CASE DUNGEN SOURCE_DIR. Exit 0 = pass, 77 = skipped (said why).
set -u
case_name=$1 dungen=$2 src=$3
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
expect_error() {  # exactly one line on standard error, the error matching the regex
  [ "$(wc -l < err.txt)" -eq 1 ] || { cat err.txt >&2; fail "expected exactly one line on standard error"; }
  grep -qE -- "^dungen: error: $1" err.txt || { cat err.txt >&2; fail "stderr lacks /^dungen: error: $1/"; }
}
sanitized() { grep -qa __asan_init "$dungen"; }
# The batch of every case, with every file a level can have but the Doom ones (those run an
# external program per level); smaller under the sanitizers, which are 20-30 times slower.
count=80
sanitized && count=30
batch=(generate "$samples/classic" --count "$count" --seed 7 --max-tiles 12 --scale 2 --with-preview
       --with-tmx --with-tmj --with-ascii --gallery -j 2 -q)
reference() { [ -d ref ] || run 0 "${batch[@]}" --out-dir ref; }
no_temps() { local left; left=$(ls -A "$1" | grep '\.tmp-' || true); [ -z "$left" ] || fail "temporary files left in $1: $left"; }
same_as_reference() { diff -r ref "$1" > diff.txt || { head -20 diff.txt >&2; fail "$1 differs from an uninterrupted batch"; }; }
# mount_tmpfs DIR OPTIONS: a small file system of its own, unmounted on exit; skips without root.
mount_tmpfs() {
  [ "$(id -u)" = 0 ] || skip "needs root to mount a small file system (tmpfs)"
  mkdir -p "$1"
  mount -t tmpfs -o "$2" tmpfs "$1" 2>mount.err || skip "mount is not permitted here: $(head -1 mount.err)"
  mounts+=("$work/$1")
  trap 'for m in "${mounts[@]}"; do umount -l "$m"; done; rm -rf "$work"' EXIT
}
mounts=()
# listed_levels DIR: the level names the manifest lists, one a line, sorted.
listed_levels() { tail -n +2 "$1/manifest.csv" | cut -d, -f3 | sort; }
# written_levels DIR: the levels with any file in DIR, sorted.
written_levels() { ls "$1" | grep '^level-' | sed 's/\..*//' | sort -u; }
# signalled SIG: a batch into b stopped by SIG once it has written a few levels; the exit
# status must be the signal's and come within a second.
signalled() {
  local sig=$1 pid status t0 t1
  rm -rf b
  set -m  # job control: without it a background job starts with SIGINT ignored
  "$dungen" "${batch[@]}" --out-dir b 2>err.txt &
  pid=$!
  for _ in $(seq 1 30000); do [ -e b/level-0003.png ] && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.002; done
  kill -0 "$pid" 2>/dev/null || fail "the batch ended before SIG$sig could stop it"
  t0=$(date +%s%N)
  kill -s "$sig" "$pid"
  wait "$pid"; status=$?
  t1=$(date +%s%N)
  set +m
  [ "$status" -eq $((128 + $(kill -l "$sig"))) ] || fail "exit status $status after SIG$sig"
  [ $(( (t1 - t0) / 1000000 )) -lt 1000 ] || fail "SIG$sig took $(( (t1 - t0) / 1000000 )) ms to stop the batch"
  [ ! -s err.txt ] || fail "SIG$sig: messages: $(head -3 err.txt)"
  no_temps b
}

case $case_name in
disk_full)  # the disk fills: one error (exit 4), no partial file, the manifest lists exactly the levels written
  reference
  mount_tmpfs small size=1m
  run 4 "${batch[@]}" --out-dir small/b
  expect_error "small/b: the disk is full \(small/b/[^ ]+: cannot write: No space left on device\); the batch stopped with [0-9]+ of $count levels written, all listed in manifest.csv and index.html; free some space and run the same command again$"
  no_temps small/b
  [ "$(listed_levels small/b)" = "$(written_levels small/b)" ] || fail "the manifest does not list exactly the levels written"
  n=$(listed_levels small/b | wc -l)
  [ "$n" -gt 0 ] && [ "$n" -lt "$count" ] || fail "$n levels written of $count"
  grep -q "^<h1>dungen batch: $n levels</h1>" small/b/index.html || fail "the gallery does not show the $n levels"
  for f in $(ls small/b | grep '^level-'); do cmp -s "small/b/$f" "ref/$f" || fail "$f is not as an uninterrupted batch writes it"; done
  # Room again: the same command completes the folder as an uninterrupted batch.
  mount -o remount,size=64m "$work/small" || fail "cannot make room"
  run 0 "${batch[@]}" --out-dir small/b
  same_as_reference small/b
  # A single run onto the full disk: one line, exit 4, no file.
  mount_tmpfs tiny size=64k
  head -c 60000 /dev/zero > tiny/fill 2>/dev/null
  run 4 generate "$samples/classic" --seed 1 -o tiny/m.png --report tiny/r.txt --json tiny/m.json
  expect_error "tiny/[^ ]+: cannot write: No space left on device; free some space or write somewhere else$"
  [ "$(ls -A tiny)" = fill ] || fail "left in tiny/: $(ls -A tiny)" ;;
killed)  # SIGKILL at a random point, then the same command again: the folder of an uninterrupted batch
  reference
  rounds=3
  sanitized && rounds=2
  for round in $(seq 1 "$rounds"); do
    rm -rf b
    "$dungen" "${batch[@]}" --out-dir b 2>/dev/null &
    pid=$!
    sleep "0.$(( RANDOM % 9 + 1 ))"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    [ -e b/manifest.csv ] && ! kill -0 "$pid" 2>/dev/null && [ "$round" -gt 1 ] && continue  # ended first
    run 0 "${batch[@]}" --out-dir b  # at once: the killed batch's temporary files are young
    same_as_reference b
  done ;;
interrupted_term|interrupted_int)  # SIGTERM, Ctrl-C: stopped within a second, nothing partial; run again, it completes
  reference
  sig=TERM; [ "$case_name" = interrupted_int ] && sig=INT
  signalled "$sig"
  for f in $(ls b | grep '^level-'); do cmp -s "b/$f" "ref/$f" || fail "$f is partial"; done
  run 0 "${batch[@]}" --out-dir b
  same_as_reference b ;;
read_only)  # a read-only folder: one line and exit 4, for a batch and a single run
  if [ "$(id -u)" = 0 ]; then
    mount_tmpfs ro size=1m,mode=755
    mkdir ro/b
    mount -o remount,ro "$work/ro" || skip "cannot make the file system read-only"
  else
    mkdir -p ro/b && chmod 555 ro ro/b
    trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
  fi
  run 4 "${batch[@]}" --out-dir ro/b
  expect_error "ro/b/manifest.csv: folder 'ro/b' is not writable: (Read-only file system|Permission denied); choose another folder or change its permissions$"
  run 4 generate "$samples/classic" --seed 1 -o ro/m.png
  expect_error "ro/m.png: folder 'ro' is not writable: (Read-only file system|Permission denied); choose another folder or change its permissions$"
  [ -z "$(ls -A ro/b)" ] || fail "written into the read-only folder: $(ls -A ro/b)" ;;
closed_pipe)  # a reader that stops after one line: one line and exit 4
  "$dungen" generate "$samples/classic" --seed 1 --max-tiles 3000 -o m.png --ascii - 2>err.txt | head -1 >/dev/null
  status=${PIPESTATUS[0]}
  [ "$status" -eq 4 ] || fail "generate --ascii - | head -1 exited $status"
  expect_error "-: cannot write to standard output \(a closed pipe or a full disk\?\)"
  [ ! -e m.png ] || fail "the map was written though standard output failed" ;;
floors)  # a batch of dungeons: the disk fills, then SIGKILL; run again, it completes
  batch=(generate "$samples/classic" --floors 3 --count 30 --seed 7 --max-tiles 12 --scale 2
         --with-preview --with-tmx --with-ascii --gallery -j 2 -q)
  reference
  mount_tmpfs small size=1m
  run 4 "${batch[@]}" --out-dir small/b
  expect_error "small/b: the disk is full \(small/b/[^ ]+: cannot write: No space left on device\); the batch stopped with [0-9]+ of 30 dungeons of 3 floors written, all listed in manifest.csv and index.html; free some space and run the same command again$"
  no_temps small/b
  # A dungeon is written whole or not at all: its floors' files and its own.
  [ "$(listed_levels small/b)" = "$(ls small/b | grep '^level-' | sed 's/-floor.*//; s/\..*//' | sort -u)" ] ||
    fail "the manifest does not list exactly the dungeons written"
  n=$(listed_levels small/b | wc -l)
  [ "$n" -gt 0 ] && [ "$n" -lt 30 ] || fail "$n dungeons written of 30"
  # 21 files a dungeon: 3 floors of 6 files (map, reports, preview, TMX, ASCII) and its own 3.
  [ "$(ls small/b | grep -c '^level-')" -eq $((n * 21)) ] || fail "a dungeon written in part"
  grep -q "^<h1>dungen batch: $n dungeons of 3 floors</h1>" small/b/index.html || fail "the gallery does not show the $n dungeons"
  for f in $(ls small/b | grep '^level-'); do cmp -s "small/b/$f" "ref/$f" || fail "$f is not as an uninterrupted batch writes it"; done
  mount -o remount,size=64m "$work/small" || fail "cannot make room"
  run 0 "${batch[@]}" --out-dir small/b
  same_as_reference small/b
  "$dungen" "${batch[@]}" --out-dir b 2>/dev/null &
  pid=$!
  sleep "0.$(( RANDOM % 5 + 1 ))"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  run 0 "${batch[@]}" --out-dir b
  same_as_reference b ;;
*) fail "unknown case $case_name" ;;
esac
exit 0
