# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Windows: an MSI built by CPack's WiX generator (WiX Toolset 3 on PATH). Installs per machine
# into Program Files\Carton Studio, adds the Start-menu entry (CPACK_PACKAGE_EXECUTABLES) and
# registers .carton (fileassociation.wxs, added to the product feature by patch.xml); every
# file, shortcut and registry value is an MSI component, so uninstalling removes all of them.
set(CPACK_GENERATOR WIX)
set(CPACK_WIX_VERSION 3)
# Per machine: Program Files, and the HKLM association. CMake before 3.29 writes no InstallScope
# (files per machine but shortcuts and registry per user): package with a newer cpack.
set(CPACK_WIX_INSTALL_SCOPE perMachine)
if(CMAKE_VERSION VERSION_LESS 3.29)
  message(STATUS "CPack WiX: CMake ${CMAKE_VERSION} ignores CPACK_WIX_INSTALL_SCOPE; build the MSI with CMake 3.29 or later")
endif()
# Never change: later versions upgrade (replace) earlier ones through it.
set(CPACK_WIX_UPGRADE_GUID 9D928193-746B-4230-8220-6B15F4838317)
set(CPACK_WIX_PRODUCT_ICON ${CARTON_APP_ICO})
set(CPACK_WIX_PROGRAM_MENU_FOLDER "Carton Studio")
set(CPACK_WIX_PROPERTY_ARPURLINFOABOUT https://github.com/carton-studio/carton-studio)
set(CPACK_WIX_EXTRA_SOURCES ${carton_packaging_dir}/windows/fileassociation.wxs)
set(CPACK_WIX_PATCH_FILE ${carton_packaging_dir}/windows/patch.xml)
