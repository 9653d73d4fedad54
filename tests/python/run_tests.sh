#!/usr/bin/env bash
# The Python module's tests (tests/python/test_*.py, pytest) on the module of the build folder,
# compared with the dungen program. Skipped, saying why, when the module is not built or NumPy
# or pytest is missing for the interpreter it is built for (python_env.sh).
# Usage: run_tests.sh PYTHON MODULE_DIR DUNGEN SOURCE_DIR [CXX]; PYTHON is "" when the module is
# not built; CXX, a sanitizer build's compiler, finds the runtimes to preload.
# Exit 0 = pass, 77 = skipped, else fail.
set -u
python=$1 module=$2 dungen=$3 src=$4 cxx=${5:-}
. "$src/tests/python/python_env.sh"
python_ready "$python" "$cxx"
# Nothing written into the source tree: no bytecode, no pytest cache.
export PYTHONPATH=$module${PYTHONPATH:+:$PYTHONPATH} PYTHONDONTWRITEBYTECODE=1
export DUNGEN_BINARY=$dungen DUNGEN_SOURCE_DIR=$src
exec "$python" -m pytest -q -p no:cacheprovider --rootdir "$src/tests/python" "$src/tests/python"
