# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Windows: the icons (the exe's own through a resource script, the document icon the
# .carton ProgID shows) and Qt's DLLs and plugins next to the executables (windeployqt,
# through qt_generate_deploy_app_script).
configure_file(${CMAKE_CURRENT_LIST_DIR}/windows/carton-studio.rc.in ${CMAKE_CURRENT_BINARY_DIR}/carton-studio.rc @ONLY)
target_sources(carton-studio PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/carton-studio.rc)
set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/carton-studio.rc TARGET_DIRECTORY carton-studio
                            PROPERTIES OBJECT_DEPENDS ${CARTON_APP_ICO})
add_dependencies(carton-studio carton_icons)
install(FILES ${CARTON_APP_ICO} ${CARTON_DOC_ICO} DESTINATION ${CARTON_INSTALL_DATADIR})

qt_generate_deploy_app_script(TARGET carton-studio FILENAME_VARIABLE carton_deploy_script
                              NO_UNSUPPORTED_PLATFORM_ERROR)
install(SCRIPT ${carton_deploy_script})
