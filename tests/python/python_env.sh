# Sourced by the scripts that run Python on the module (tests/python/run_tests.sh,
# tests/install/python_test.sh): python_ready PYTHON CXX skips (exit 77, "SKIP: reason") unless
# the module is built and PYTHON has NumPy and pytest; with CXX (a sanitizer build's compiler) it
# preloads the sanitizer runtimes, which must come first in a process, into PYTHON.
skip() { echo "SKIP: $*"; exit 77; }
python_ready() {
  local python=$1 cxx=$2 runtime runtimes=""
  [ -n "$python" ] || skip "the Python module is not built (cmake's 'Python module:' line says why; Debian: apt-get install python3-dev python3-pybind11)"
  "$python" -c 'import numpy' 2>/dev/null || skip "NumPy is not installed for $python (Debian: apt-get install python3-numpy)"
  "$python" -c 'import pytest' 2>/dev/null || skip "pytest is not installed for $python (Debian: apt-get install python3-pytest)"
  [ -n "$cxx" ] || return 0
  for runtime in libasan.so libubsan.so; do
    runtime=$("$cxx" -print-file-name=$runtime)
    [ -f "$runtime" ] || skip "a sanitizer build's module needs $runtime preloaded into python3; $cxx has none"
    runtimes="$runtimes $runtime"
  done
  # Python's own allocations alive at exit are not leaks of dungen's.
  export LD_PRELOAD="${runtimes# }" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
}
