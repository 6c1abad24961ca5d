# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Checks of the packaging files and of the Linux installation. The tools come from
# scripts/install-deps.sh; a test whose tool is missing is still registered and fails,
# naming the tool, rather than silently not running.
# Linux only: the tools are Debian's (the Windows and macOS CI jobs build the real installers).
if(NOT CARTON_BUILD_GUI OR NOT UNIX OR APPLE)
  return() # packaging belongs to the full build (the app, its icons and desktop files)
endif()

# carton_packaging_tool(VAR PROGRAM PACKAGE): the program's path, or a command failing with a message.
function(carton_packaging_tool var program package)
  find_program(${var} ${program})
  if(NOT ${var})
    message(WARNING "${program} not found (Debian package ${package}): its packaging test will fail")
    set(${var} ${CMAKE_COMMAND} -E false PARENT_SCOPE)
  endif()
endfunction()
carton_packaging_tool(CARTON_APPSTREAMCLI appstreamcli appstream)
carton_packaging_tool(CARTON_DESKTOP_FILE_VALIDATE desktop-file-validate desktop-file-utils)
carton_packaging_tool(CARTON_XMLLINT xmllint libxml2-utils)
carton_packaging_tool(CARTON_PLISTUTIL plistutil libplist-utils)
set(linux_dir ${CMAKE_CURRENT_SOURCE_DIR}/linux)

add_test(NAME appstream_metainfo_validates
         COMMAND ${CARTON_APPSTREAMCLI} validate --no-net --pedantic ${linux_dir}/org.cartonstudio.CartonStudio.metainfo.xml)
add_test(NAME desktop_entry_validates COMMAND ${CARTON_DESKTOP_FILE_VALIDATE} ${linux_dir}/carton-studio.desktop)
# Well-formed XML (shared-mime-info ships no schema; linux_install_check runs update-mime-database
# on it and checks what xdg-mime then answers).
add_test(NAME mime_xml_wellformed COMMAND ${CARTON_XMLLINT} --noout ${linux_dir}/carton-studio-mime.xml)
add_test(NAME windows_installer_sources
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/windows/check-wix.sh ${CMAKE_CURRENT_BINARY_DIR}/wix-check)
add_test(NAME macos_info_plist
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/macos/check-plist.py
                 ${CMAKE_CURRENT_SOURCE_DIR}/macos/Info.plist.in ${CMAKE_CURRENT_BINARY_DIR}
                 --xmllint ${CARTON_XMLLINT} --plistutil ${CARTON_PLISTUTIL})
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/wix-check)

# Packages this build tree (cpack, no rebuild) and checks the installed result: minutes.
add_test(NAME linux_install_check
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/linux/check-install.sh ${PROJECT_BINARY_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/install-check)
set_tests_properties(linux_install_check PROPERTIES LABELS install TIMEOUT 1200 RUN_SERIAL ON)

add_test(NAME rendered_icons
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/iconrender/check-icons.py ${hicolor}
                 ${CARTON_APP_ICO} ${CARTON_DOC_ICO} ${CARTON_APP_ICNS} ${CARTON_DOC_ICNS})
