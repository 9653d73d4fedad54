# `cmake --install`: the program, its man page, shell completions, documentation and the
# sample tile sets, in the places Debian's tools look for them (GNU install directories).
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
