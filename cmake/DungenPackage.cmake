# `cpack -G DEB` in the build folder: a Debian package of what `cmake --install` installs,
# under /usr, depending on the runtime libraries the program links (found by dpkg-shlibdeps).
set(DUNGEN_DEB_MAINTAINER "dungen developers <dungen@example.org>"
    CACHE STRING "Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dungen)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${DUNGEN_DEB_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "dungen grows dungeons from tiles you draw: small PNG images, one pixel per map cell.\n"
    "It joins doors of equal width, rotating and mirroring tiles, until no open door remains,\n"
    "and writes the map as a PNG with text and JSON reports, previews, Tiled and Doom maps.\n"
    "It also makes levels from random rooms, designed layouts and organic areas, with\n"
    "lock-and-key puzzles and content. The same seed gives the same level.\n"
    "The package also holds libdungen, the C++ library that makes the same levels inside a\n"
    "program, with its headers, CMake package and pkg-config file (one package, no -dev split).")
string(JOIN "" CPACK_DEBIAN_PACKAGE_DESCRIPTION ${CPACK_DEBIAN_PACKAGE_DESCRIPTION})
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # dungen_VERSION-1_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libdungen.so.1: a shlibs file for packages built against it, and ldconfig run on install.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "zdbsp, tiled")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# With the Python module (python/, docs/python.md): the Python it is built for (its ABI, say
# cpython-311) and NumPy; dpkg-shlibdeps finds the rest. prerm removes the bytecode Python
# writes beside the package when root first imports it (as Debian's py3clean does).
if(DUNGEN_PYTHON_MODULE)
  math(EXPR dungen_python_next "${Python3_VERSION_MINOR} + 1")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}~), python3 (<< ${Python3_VERSION_MAJOR}.${dungen_python_next}), python3-numpy")
  set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/cmake/deb/prerm)
endif()
set(CPACK_STRIP_FILES ON)
include(CPack)
