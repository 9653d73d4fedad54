# Whether to build the Python module (python/, docs/python.md). DUNGEN_BUILD_PYTHON:
#   AUTO (default)  when Python's headers (python3-dev) and pybind11 (python3-pybind11) are found;
#                   checked at every configure, so installing them and configuring again builds it
#   ON              the same, with a warning instead of a status line when they are missing
#   OFF             never
# Sets DUNGEN_PYTHON_MODULE (ON when the module is built) and, with it, Python3_EXECUTABLE (the
# interpreter the module is built for and tested with) and pybind11's targets. Never fails.
set(DUNGEN_BUILD_PYTHON AUTO CACHE STRING
    "Build the Python module: AUTO (when pybind11 and Python's headers are found), ON or OFF")
set_property(CACHE DUNGEN_BUILD_PYTHON PROPERTY STRINGS AUTO ON OFF)
set(DUNGEN_PYTHON_MODULE OFF)
if(DUNGEN_BUILD_PYTHON STREQUAL "AUTO" OR DUNGEN_BUILD_PYTHON)
  # Debian's python3 unless told otherwise (-DPython3_EXECUTABLE=...): the module is installed
  # where it looks (DUNGEN_PYTHON_INSTALL_DIR), and its numpy and pytest are Debian's packages.
  # Without this, an interpreter earlier on the PATH (pyenv, a venv) would be chosen.
  if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python3_EXECUTABLE /usr/bin/python3)
  endif()
  find_package(Python3 3.8 COMPONENTS Interpreter Development.Module)
  if(Python3_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
  if(Python3_FOUND AND pybind11_FOUND)
    set(DUNGEN_PYTHON_MODULE ON)
    message(STATUS "Python module: built for ${Python3_EXECUTABLE} (${Python3_VERSION}) "
                   "with pybind11 ${pybind11_VERSION}")
  else()
    if(NOT Python3_FOUND)
      set(dungen_python_missing "Python 3's headers (Debian: apt-get install python3-dev)")
    else()
      set(dungen_python_missing "pybind11 (Debian: apt-get install python3-pybind11)")
    endif()
    if(DUNGEN_BUILD_PYTHON STREQUAL "AUTO")
      set(dungen_python_level STATUS)
    else()
      set(dungen_python_level WARNING)
    endif()
    message(${dungen_python_level} "Python module: not built, ${dungen_python_missing} not found")
  endif()
else()
  message(STATUS "Python module: not built (DUNGEN_BUILD_PYTHON=${DUNGEN_BUILD_PYTHON})")
endif()
