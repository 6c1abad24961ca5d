# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# macOS: a DragNDrop disk image holding Carton Studio.app (the CLI, the runner host, the
# core library and the runners are inside the bundle: cmake/CartonInstallDirs.cmake) and a
# link to /Applications.
set(CPACK_GENERATOR DragNDrop)
set(CPACK_DMG_VOLUME_NAME "Carton Studio")
set(CPACK_DMG_FORMAT UDBZ)
set(CPACK_PACKAGE_ICON ${CARTON_APP_ICNS})
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE) # one image with everything
