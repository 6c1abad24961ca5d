# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# macOS: the app and document icons in the bundle's Resources (Info.plist names them), and
# Qt's frameworks and plugins in the bundle (macdeployqt, through qt_generate_deploy_app_script).
target_sources(carton-studio PRIVATE ${CARTON_APP_ICNS} ${CARTON_DOC_ICNS})
set_source_files_properties(${CARTON_APP_ICNS} ${CARTON_DOC_ICNS} TARGET_DIRECTORY carton-studio
                            PROPERTIES MACOSX_PACKAGE_LOCATION Resources GENERATED TRUE)
add_dependencies(carton-studio carton_icons)

qt_generate_deploy_app_script(TARGET carton-studio FILENAME_VARIABLE carton_deploy_script
                              NO_UNSUPPORTED_PLATFORM_ERROR)
install(SCRIPT ${carton_deploy_script})
