# `cmake --install`: the program, its man page, shell completions, documentation, the
# sample tile sets and the library (libdungen.so, headers, CMake and pkg-config files), in the
# places Debian's tools look for them (GNU install directories).
include(GNUInstallDirs)

# The man page is installed compressed, as Debian does; gzip -n keeps no name or time in it,
# so the same page gives the same bytes.
find_program(DUNGEN_GZIP gzip)
set(dungen_man ${PROJECT_SOURCE_DIR}/man/dungen.1)
if(DUNGEN_GZIP)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/man/dungen.1.gz
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
                     COMMAND ${DUNGEN_GZIP} -9n -c ${dungen_man} > ${PROJECT_BINARY_DIR}/man/dungen.1.gz
                     DEPENDS ${dungen_man} VERBATIM)
  add_custom_target(dungen_man ALL DEPENDS ${PROJECT_BINARY_DIR}/man/dungen.1.gz)
  set(dungen_man ${PROJECT_BINARY_DIR}/man/dungen.1.gz)
endif()

install(TARGETS dungen RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${dungen_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES completions/dungen.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME dungen)
# zsh's completion folder depends on the prefix, known only when installing (cpack installs
# under /usr): Debian's zsh reads share/zsh/vendor-completions under /usr and
# share/zsh/site-functions under /usr/local, so both installs work without setup.
set(dungen_zsh_completion ${PROJECT_SOURCE_DIR}/completions/_dungen)
install(CODE "
  if(CMAKE_INSTALL_PREFIX MATCHES \"/usr/?$\")
    set(dungen_zsh_dir vendor-completions)
  else()
    set(dungen_zsh_dir site-functions)
  endif()
  file(INSTALL \"${dungen_zsh_completion}\"
       DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/zsh/\${dungen_zsh_dir}\")
")
install(FILES completions/dungen.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY samples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/dungen/samples)

# The library (docs/library.md): libdungen.so.1 with its headers under include/dungen/, a CMake
# package (find_package(dungen 1) -> dungen::dungen) and dungen.pc for pkg-config, both
# relocatable (they find the prefix from where they lie).
include(CMakePackageConfigHelpers)
set(dungen_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/dungen)
install(TARGETS dungen_shared EXPORT dungenTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/dungen DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT dungenTargets NAMESPACE dungen:: DESTINATION ${dungen_cmake_dir})
configure_package_config_file(cmake/dungenConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/cmake/dungenConfig.cmake
                              INSTALL_DESTINATION ${dungen_cmake_dir})
# The API is stable within a major version: find_package(dungen 1) takes any 1.y.z at least
# as new as asked, never 2.0.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/dungenConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/dungenConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/dungenConfigVersion.cmake
        DESTINATION ${dungen_cmake_dir})
file(RELATIVE_PATH DUNGEN_PC_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" DUNGEN_PC_PREFIX "${DUNGEN_PC_PREFIX}")
configure_file(cmake/dungen.pc.in ${PROJECT_BINARY_DIR}/dungen.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dungen.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
