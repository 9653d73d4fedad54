#!/usr/bin/env bash
# The installed library (docs/library.md): `cmake --install` into a scratch prefix puts the
# headers, libdungen.so with its SONAME, the CMake package and dungen.pc in place; the doc's
# example (the same as docs/examples/) builds against the INSTALLED package with CMake and
# with pkg-config, runs, and makes the levels `dungen generate` makes (same JSON and PNG bytes).
# Usage: library_test.sh CMAKE BUILD_DIR DUNGEN SOURCE_DIR [FLAGS]; FLAGS (e.g. the
# sanitizers of a sanitizer build) go to the example's compiler and linker.
# Exit 0 = pass, 77 = skipped, else fail.
set -u
cmake=$1 build=$2 dungen=$3 src=$4 flags_extra=${5:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null ||
  fail "cmake --install $build failed (build every target first: cmake --build $build)"
lib=$(sed -n 's/^libdir=\${prefix}\///p' "$build/dungen.pc")
version=$(sed -n 's/^Version: //p' "$build/dungen.pc")
for file in include/dungen/dungen.hpp include/dungen/error.hpp "$lib/libdungen.so" \
  "$lib/libdungen.so.1" "$lib/libdungen.so.$version" "$lib/cmake/dungen/dungenConfig.cmake" \
  "$lib/cmake/dungen/dungenConfigVersion.cmake" "$lib/cmake/dungen/dungenTargets.cmake" \
  "$lib/pkgconfig/dungen.pc"; do
  [ -e "$prefix/$file" ] || fail "cmake --install did not install $file"
done
[ "$(ls "$prefix/include/dungen")" = "$(printf 'dungen.hpp\nerror.hpp\ngenerators.hpp')" ] ||
  fail "include/dungen/ holds more than the API: $(ls "$prefix/include/dungen")"
grep -h '^#include' "$prefix"/include/dungen/*.hpp | grep -v -e '^#include <[a-z_]*>$' \
  -e '^#include "dungen/[a-z]*.hpp"' && fail "the API headers include more than std headers"
macros=$(sed -n 's/^#define DUNGEN_VERSION_\(MAJOR\|MINOR\|PATCH\) //p' "$prefix/include/dungen/dungen.hpp" |
  paste -sd.)
[ "$macros" = "$version" ] || fail "dungen.hpp's DUNGEN_VERSION_* say $macros, the project $version"
soname=$(objdump -p "$prefix/$lib/libdungen.so.$version" | awk '$1 == "SONAME" {print $2}')
[ "$soname" = libdungen.so.1 ] || fail "SONAME is '$soname', not libdungen.so.1"
# Only the API is exported: no fmt, CLI11 or internal symbols.
leaked=$(nm -D --defined-only -C "$prefix/$lib/libdungen.so" | awk '{$1=$2=""; print}' |
  grep -v -e '^  dungen::\(TileSet\|Level\|Error\|generate\|rooms\|layout\|areas\|graph\|version\)' -e '^  typeinfo' \
  -e '^  vtable for dungen::Error' -e '^  DUNGEN_1$' | head -3)
[ -z "$leaked" ] || fail "libdungen.so exports more than the API: $leaked"

# The doc's example is docs/examples/ word for word.
block() { awk -v tag="<!-- example: $1 -->" '$0 == tag {on=1; next} on && /^```/ {if (n++) exit; next} on' \
  "$src/docs/library.md"; }
block library | cmp -s - "$src/docs/examples/game_loop.cpp" ||
  fail "docs/library.md's example differs from docs/examples/game_loop.cpp"
block library-cmake | cmp -s - "$src/docs/examples/CMakeLists.txt" ||
  fail "docs/library.md's CMake example differs from docs/examples/CMakeLists.txt"

# Built with CMake against the installed package (the build tree is not on any path).
"$cmake" -S "$src/docs/examples" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="$flags_extra" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags_extra" >"$work/log" 2>&1 && "$cmake" --build "$work/cmake" >>"$work/log" 2>&1 ||
  { cat "$work/log" >&2; fail "the example does not build with find_package(dungen)"; }
ldd "$work/cmake/game_loop" | grep -q "$prefix/$lib/libdungen.so.1" ||
  fail "game_loop does not load the installed library: $(ldd "$work/cmake/game_loop" | grep dungen)"
# The package's version: 1 and 1.0 are found; 2 (another API), 0.1 (before the API was
# stable) and 1.1 (newer than this) are not.
mkdir "$work/version"
printf 'cmake_minimum_required(VERSION 3.25)\nproject(v LANGUAGES CXX)\nfind_package(dungen ${V} REQUIRED)\n' \
  >"$work/version/CMakeLists.txt"
for want in 1:found 1.0:found 2:refused 0.1:refused 1.1:refused; do
  v=${want%%:*}
  if "$cmake" -S "$work/version" -B "$work/version/$v" -DV="$v" -DCMAKE_PREFIX_PATH="$prefix" \
    >/dev/null 2>&1; then got=found; else got=refused; fi
  [ "$v:$got" = "$want" ] || fail "find_package(dungen $v) $got"
done
# And with pkg-config.
if command -v pkg-config >/dev/null; then
  export PKG_CONFIG_PATH=$prefix/$lib/pkgconfig
  flags=$(pkg-config --cflags --libs dungen) && libdir=$(pkg-config --variable=libdir dungen) ||
    fail "pkg-config does not find dungen.pc"
  [ "$(pkg-config --modversion dungen)" = "$version" ] ||
    fail "pkg-config gives another version"
  # shellcheck disable=SC2086  # the flags are words
  c++ -std=c++17 $flags_extra "$src/docs/examples/game_loop.cpp" -o "$work/pc_game_loop" $flags \
    -Wl,-rpath,"$libdir" 2>"$work/log" || { cat "$work/log" >&2; fail "the example does not build with pkg-config"; }
fi

# It runs, and makes `dungen generate`'s levels from the installed samples.
samples=$prefix/share/dungen/samples/classic
mkdir "$work/run" "$work/cli" && cd "$work/run" || fail "no scratch folder"
"$work/cmake/game_loop" "$samples" >out.txt || fail "game_loop failed: $(cat out.txt)"
[ "$(grep -c '^floor [123]: [0-9]*x[0-9]* cells, [0-9]* tiles, [0-9]* floor cells$' out.txt)" = 3 ] ||
  fail "game_loop said: $(cat out.txt)"
for seed in 1 2 3; do
  "$dungen" generate "$samples" --seed $seed --max-tiles 40 --locks 1 --monsters 4 -q \
    -o "$work/cli/$seed.png" --json "$work/cli/$seed.json" || fail "dungen failed"
  cmp -s "$seed.json" "$work/cli/$seed.json" || fail "floor $seed: the library's JSON is not dungen's"
  cmp -s "$seed.png" "$work/cli/$seed.png" || fail "floor $seed: the library's map is not dungen's"
done
if [ -x "$work/pc_game_loop" ]; then
  mkdir "$work/pc" && cd "$work/pc" && "$work/pc_game_loop" "$samples" >out.txt &&
    cmp -s "$work/run/out.txt" out.txt && cmp -s "$work/run/1.json" 1.json ||
    fail "the example built with pkg-config does otherwise"
fi
# A bad folder: the CLI's message and exit code.
"$work/cmake/game_loop" "$work/none" 2>err.txt
status=$?
"$dungen" generate "$work/none" -q -o x.png 2>cli_err.txt
[ $status = $? ] || fail "game_loop exits $status for a missing folder, dungen otherwise"
[ "$(sed 's/^game_loop: //' err.txt)" = "$(sed 's/^dungen: error: //' cli_err.txt)" ] ||
  fail "game_loop says '$(cat err.txt)', dungen '$(cat cli_err.txt)'"
exit 0
