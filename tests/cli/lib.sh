# Shared by the end-to-end test scripts of tests/cli (sourced, not run). Expects $dungen (the
# binary) and $src (the source folder) to be set; sets $samples and $data, and moves into a
# scratch folder that is removed on exit.
samples=$src/samples
data=$src/tests/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
# run EXPECTED_STATUS ARGS...: runs dungen, keeps stdout/stderr in out.txt/err.txt.
run() {
  local want=$1; shift
  "$dungen" "$@" >out.txt 2>err.txt
  local got=$?
  [ "$got" -eq "$want" ] || { cat err.txt >&2; fail "dungen $* exited $got, expected $want"; }
}
expect_err() { grep -qE -- "$1" err.txt || { cat err.txt >&2; fail "stderr lacks /$1/"; }; }
expect_out() { grep -qE -- "$1" out.txt || { head -40 out.txt >&2; fail "stdout lacks /$1/"; }; }
# tiles_with FILE...: a tile folder holding the classic corridor and cap plus the given files.
tiles_with() {
  rm -rf tiles && mkdir tiles
  cp "$samples/classic/corridor1_straight.png" "$samples/classic/cap1_closet.png" tiles/
  for f in "$@"; do cp "$f" tiles/; done
}
