#!/usr/bin/env bash
# Builds the Debian package from a build folder (cpack -G DEB), installs it with dpkg, runs the
# installed dungen on the installed samples, checks that man and the shells find its man page
# and completions and, when the build has the Python module, that Debian's python3 imports it
# and makes the same map, then removes the package and checks nothing is left.
# Usage: tools/check_deb.sh [BUILD_DIR] (default: build). Needs root, dpkg-dev (dpkg-shlibdeps
# finds the package's Depends) and man-db. Refuses to run when a dungen package is installed.
set -euo pipefail
build=$(realpath "${1:-build}")
fail() { echo "check_deb.sh: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root, to install the package"
if dpkg-query -W -f '${Status}' dungen 2>/dev/null | grep -q installed; then
  fail "a dungen package is installed already; remove it first (dpkg -r dungen)"
fi
rm -f "$build"/dungen_*.deb
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(ls "$build"/dungen_*.deb)
work=$(mktemp -d)
trap 'dpkg -r dungen >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libfmt9 libspng0 libutf8proc2 libstdc++6; do
  grep -q "$lib" <<< "$depends" || fail "Depends lacks $lib: $depends"
done
size=$(dpkg-deb -f "$deb" Installed-Size)
# The program and the library (libdungen.so, docs/library.md) are each about 3 MiB stripped,
# the docs, samples and their pictures about 6 MiB, the Python module 0.4 MiB.
[ "$size" -lt 16384 ] || fail "the package installs $size KiB; the program, the library and their files are about 12 MiB (a big initialised table in a binary?)"
dpkg -i "$deb" >/dev/null
[ "$(command -v dungen)" = /usr/bin/dungen ] || fail "dungen is not /usr/bin/dungen"
samples=/usr/share/dungen/samples
dungen generate $samples/classic -o "$work/classic.png" --seed 1 --report "$work/classic.txt" -q
"$build/dungen" generate $samples/classic -o "$work/built.png" --seed 1 -q
cmp -s "$work/classic.png" "$work/built.png" || fail "the installed dungen made another map"
dungen layout $samples/layouts/castle.json -o "$work/castle.png" --seed 1 -q
dungen areas --mask $samples/masks/caverns.png -o "$work/areas.png" --seed 1 -q
[ "$(man -w dungen)" = /usr/share/man/man1/dungen.1.gz ] || fail "man -w dungen finds $(man -w dungen)"
man -P cat dungen 2>/dev/null | grep -q -- '--max-tiles' || fail "man dungen shows no --max-tiles"
bash -c '. /usr/share/bash-completion/completions/dungen && complete -p dungen' >/dev/null ||
  fail "bash cannot load the installed completion"
if command -v zsh >/dev/null; then  # Debian's zsh reads vendor-completions without setup
  out=$(zsh -f -c 'autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[dungen]}')
  [ "$out" = _dungen ] || fail "zsh does not find the installed completion: '$out'"
fi
# The Python module (docs/python.md), when the build made it: Depends names what it needs, and
# Debian's python3 (not one earlier on the PATH) imports it from the package, as root, which
# writes its bytecode beside it (the package's prerm removes that).
python_dir=/usr/lib/python3/dist-packages/dungen
if [ -d "$build/python/dungen" ]; then
  for dep in python3 python3-numpy; do
    grep -qE "(^|, )$dep( |,|$)" <<< "$depends" || fail "Depends lacks $dep: $depends"
  done
  (cd "$work" && /usr/bin/python3 -c "
import dungen
assert dungen.__file__ == '$python_dir/__init__.py', dungen.__file__
level = dungen.TileSet('$samples/classic').generate(seed=1)
open('python.png', 'wb').write(level.to_png())") || fail "python3 cannot use the installed module"
  cmp -s "$work/classic.png" "$work/python.png" || fail "the installed Python module made another map"
fi
files=$(dpkg -L dungen)
dpkg -r dungen >/dev/null
for file in $files; do
  [ -d "$file" ] || [ ! -e "$file" ] || fail "dpkg -r left $file"
done
[ ! -e $python_dir ] || fail "dpkg -r left $python_dir: $(ls -A $python_dir)"
echo "check_deb.sh: $(basename "$deb") installs, runs and is removed cleanly"
