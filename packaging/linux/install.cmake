# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# freedesktop integration: .desktop entry (opens .carton files), the application/x-carton
# MIME type, AppStream metainfo, hicolor icons (SVG and PNG sizes) for the app and documents.
set(linux_dir ${CMAKE_CURRENT_LIST_DIR})
install(FILES ${linux_dir}/carton-studio.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${linux_dir}/org.cartonstudio.CartonStudio.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${linux_dir}/carton-studio-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
        RENAME carton-studio.xml)
install(FILES ${app_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${doc_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/mimetypes)
foreach(size 16 22 24 32 48 64 128 256 512)
  install(FILES ${hicolor}/apps/${size}x${size}/carton-studio.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  install(FILES ${hicolor}/mimetypes/${size}x${size}/application-x-carton.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/mimetypes)
endforeach()

find_program(CARTON_GZIP gzip REQUIRED)
# carton_gzip(FILE): FILE.gz at build time, compressed as Debian wants (-9n: reproducible).
function(carton_gzip file)
  get_filename_component(name ${file} NAME)
  add_custom_command(OUTPUT ${file}.gz COMMAND ${CARTON_GZIP} -9nkf ${file} DEPENDS ${file} VERBATIM)
  add_custom_target(gzip_${name} ALL DEPENDS ${file}.gz)
endfunction()

# Manual pages (carton-runner-host, in libexec, is started by the programs only).
foreach(page carton.1 carton-studio.1)
  configure_file(${linux_dir}/man/${page} ${CMAKE_CURRENT_BINARY_DIR}/man/${page} COPYONLY)
  carton_gzip(${CMAKE_CURRENT_BINARY_DIR}/man/${page})
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/man/${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endforeach()

# /usr/share/doc/<package>/{copyright,changelog.gz} of each Debian package (Debian policy 12.5, 12.7).
set(doc_packages studio carton-studio)
if(TARGET carton_runner_torchscript)
  list(APPEND doc_packages torchscript carton-studio-torchscript)
endif()
while(doc_packages)
  list(POP_FRONT doc_packages component package)
  set(changelog ${CMAKE_CURRENT_BINARY_DIR}/doc/${package}/changelog)
  set(version ${PROJECT_VERSION})
  configure_file(${linux_dir}/changelog.in ${changelog} @ONLY)
  add_custom_command(OUTPUT ${changelog}.gz COMMAND ${CARTON_GZIP} -9nkf ${changelog} DEPENDS ${changelog} VERBATIM)
  add_custom_target(changelog_${component} ALL DEPENDS ${changelog}.gz)
  install(FILES ${linux_dir}/copyright ${changelog}.gz
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${package} COMPONENT ${component})
endwhile()
install(FILES ${linux_dir}/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
        RENAME carton-studio)
