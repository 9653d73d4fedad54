#!/usr/bin/env bash
# `cmake --install` into a scratch prefix puts every file where Debian's tools look for it, and
# the installed dungen makes, from the installed samples, the map the built one makes.
# Usage: install_test.sh CMAKE BUILD_DIR DUNGEN SOURCE_DIR. Exit 0 = pass, else fail.
set -u
cmake=$1 build=$2 dungen=$3 src=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
"$cmake" --install "$build" --prefix "$prefix" >/dev/null ||
  fail "cmake --install $build failed (build every target first: cmake --build $build)"
for file in bin/dungen share/man/man1/dungen.1.gz share/bash-completion/completions/dungen \
  share/zsh/site-functions/_dungen share/fish/vendor_completions.d/dungen.fish \
  share/doc/dungen/README.md share/doc/dungen/docs/cli.md share/doc/dungen/docs/images/classic.png \
  share/dungen/samples/README.md share/dungen/samples/layouts/castle.json; do
  [ -f "$prefix/$file" ] || fail "cmake --install did not install $file"
done
[ -x "$prefix/bin/dungen" ] || fail "bin/dungen is not executable"
diff -r "$src/samples" "$prefix/share/dungen/samples" >/dev/null || fail "the installed samples differ"
gzip -dc "$prefix/share/man/man1/dungen.1.gz" | cmp -s - "$src/man/dungen.1" ||
  fail "share/man/man1/dungen.1.gz is not man/dungen.1"
samples=$prefix/share/dungen/samples
"$prefix/bin/dungen" generate "$samples/classic" -o "$prefix/installed.png" --seed 1 -q ||
  fail "the installed dungen failed"
"$dungen" generate "$src/samples/classic" -o "$prefix/built.png" --seed 1 -q || fail "dungen failed"
cmp -s "$prefix/installed.png" "$prefix/built.png" || fail "the installed dungen made another map"
"$prefix/bin/dungen" layout "$samples/layouts/castle.json" -o "$prefix/castle.png" --seed 1 -q &&
  "$prefix/bin/dungen" areas --mask "$samples/masks/caverns.png" -o "$prefix/areas.png" --seed 1 -q ||
  fail "the installed dungen failed on the installed layout or mask"
if command -v man >/dev/null; then
  found=$(MANPATH=$prefix/share/man man -w dungen 2>&1)
  [ "$found" = "$prefix/share/man/man1/dungen.1.gz" ] || fail "man -w dungen finds '$found'"
fi
exit 0
