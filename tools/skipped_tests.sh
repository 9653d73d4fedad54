#!/usr/bin/env bash
# After ctest: one line per skipped test with its reason, read from the test's own output in
# BUILD/Testing/Temporary/LastTest.log, where ctest itself prints only "***Skipped":
#   skipped tiled.classic: Tiled is not installed (Debian: apt-get install tiled)
# A script test skips by printing "SKIP: REASON" last and exiting 77 (tests/cli/lib.sh skip);
# a GoogleTest test by GTEST_SKIP() << REASON (the line after "...: Skipped").
# Usage: tools/skipped_tests.sh [BUILD_DIR]; always exits 0.
log=${1:-build}/Testing/Temporary/LastTest.log
[ -r "$log" ] || { echo "no ctest log at $log (run ctest first)" >&2; exit 0; }
awk '
  /^[0-9]+\/[0-9]+ Test: / { name = $0; sub(/^[0-9]+\/[0-9]+ Test: /, "", name); sub(/  # GetParam\(\) = .*/, "", name); last = ""; gtest = ""; after = 0; next }
  /^<end of output>$/ {
    if (last ~ /^SKIP: /) printf "skipped %s: %s\n", name, substr(last, 7)
    else if (gtest != "" && skipped) printf "skipped %s: %s\n", name, gtest
    name = ""; skipped = 0; next
  }
  name == "" { next }
  after { gtest = $0; after = 0 }
  /: Skipped$/ { after = 1 }
  /^\[  SKIPPED \] [0-9]+ test/ { skipped = 1 }
  /./ { last = $0 }
' "$log" | sort
