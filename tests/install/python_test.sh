#!/usr/bin/env bash
# The installed Python module (docs/python.md): `cmake --install` puts the package dungen/ (the
# extension, __init__.py, its stub and py.typed) where Debian's python3 looks for the prefix:
# lib/python3/dist-packages under /usr (as the .deb), lib/python3.X/site-packages under
# ~/.local, lib/python3.X/dist-packages elsewhere. Installed in a scratch prefix, it imports from
# there, loads that prefix's libdungen.so (not the build's), and the installed copy of the doc's
# example, run on the installed samples, makes `dungen generate`'s levels (JSON, PNG, hash).
# Usage: python_test.sh CMAKE BUILD_DIR DUNGEN SOURCE_DIR PYTHON [CXX] (python_env.sh)
# Exit 0 = pass, 77 = skipped, else fail.
set -u
cmake=$1 build=$2 dungen=$3 src=$4 python=$5 cxx=${6:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
. "$src/tests/python/python_env.sh"
python_ready "$python" "$cxx"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$("$python" -c 'import sys; print(f"python{sys.version_info[0]}.{sys.version_info[1]}")')
# installed PREFIX DIR [ENV...]: cmake --install under PREFIX (with ENV) puts the package in DIR.
installed() {
  local prefix=$1 dir=$2 file
  shift 2
  env "$@" "$cmake" --install "$build" --prefix "$prefix" >/dev/null ||
    fail "cmake --install $build failed (build every target first: cmake --build $build)"
  for file in __init__.py __init__.pyi py.typed; do
    [ -f "$dir/dungen/$file" ] || fail "cmake --install --prefix $prefix put no $dir/dungen/$file"
  done
  ls "$dir"/dungen/_dungen.*.so >/dev/null 2>&1 || fail "no extension module in $dir/dungen"
}
installed /usr "$work/root/usr/lib/python3/dist-packages" DESTDIR="$work/root"
installed "$work/home/.local" "$work/home/.local/lib/$version/site-packages" HOME="$work/home"
prefix=$work/prefix
site=$prefix/lib/$version/dist-packages
installed "$prefix" "$site"

cd "$work" || fail "no scratch folder"
# Imported from the prefix, with the prefix's library (found through the module's RUNPATH).
PYTHONPATH=$site "$python" -c '
import dungen, sys
maps = open("/proc/self/maps").read().split()
print(dungen.__file__)
print(sorted({m for m in maps if "libdungen.so" in m}))' >where.txt 2>&1 ||
  fail "the installed module does not import: $(cat where.txt)"
[ "$(sed -n 1p where.txt)" = "$site/dungen/__init__.py" ] || fail "imported $(sed -n 1p where.txt)"
lib=$(sed -n 's/^libdir=\${prefix}\///p' "$build/dungen.pc")
version=$(sed -n 's/^Version: //p' "$build/dungen.pc")
[ "$(sed -n 2p where.txt)" = "['$prefix/$lib/libdungen.so.$version']" ] ||
  fail "the installed module loads $(sed -n 2p where.txt), not $prefix/$lib/libdungen.so.$version"

# The installed example on the installed samples: dungen generate's levels.
example=$prefix/share/doc/dungen/docs/examples/python_example.py
samples=$prefix/share/dungen/samples/classic
mkdir run && (cd run && PYTHONPATH=$site "$python" "$example" "$samples" >out.txt 2>&1) ||
  fail "the example failed: $(cat run/out.txt)"
"$dungen" generate "$samples" --seed 1 --count 3 --max-tiles 40 --locks 1 --monsters 4 -q \
  --out-dir cli || fail "dungen failed"
for seed in 1 2 3; do
  hash=$(awk -F, -v s=$seed 'NR == 1 {for (i = 1; i <= NF; i++) col[$i] = i; next}
    $col["seed"] == s {print $col["hash"]}' cli/manifest.csv)
  grep -qx "floor $seed: .* hash $hash" run/out.txt || fail "floor $seed is not hash $hash: $(cat run/out.txt)"
  cmp -s "run/$seed.json" "cli/level-000$((seed - 1)).json" || fail "floor $seed: another JSON than dungen's"
  cmp -s "run/$seed.png" "cli/level-000$((seed - 1)).png" || fail "floor $seed: another map than dungen's"
done
exit 0
