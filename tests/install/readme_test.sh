#!/usr/bin/env bash
# CI runs the README's test command as written: the command of the README's Tests section is a
# line of .ci/run, and the quick start builds no tests in the same folder the tests reuse.
# Usage: readme_test.sh SOURCE_DIR. Exit 0 = pass, else fail.
set -u
src=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tests=$(sed -n '/^## Tests/,/^## /p' "$src/README.md" | grep '^cmake -S')
[ "$(wc -l <<< "$tests")" -eq 1 ] && [ -n "$tests" ] || fail "README's Tests section has no single cmake command"
grep -qxF -- "$tests" "$src/.ci/run" || fail ".ci/run does not run the README's test command: $tests"
quick=$(sed -n '/^## Quick start/,/^## /p' "$src/README.md" | grep '^cmake -S')
[[ $quick == "cmake -S . -B build -DDUNGEN_BUILD_TESTS=OFF "* ]] ||
  fail "the quick start does not configure build without tests: $quick"
[[ $tests == "cmake -S . -B build -DDUNGEN_BUILD_TESTS=ON "* ]] ||
  fail "the test command does not reuse build with tests on: $tests"
exit 0
