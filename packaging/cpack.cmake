# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# CPack: DEB, RPM and TGZ on Linux, WiX (MSI) on Windows, DragNDrop (DMG) on macOS.
# `cpack` in a configured and built tree (packaging/README.md). Two components, one
# package each on Linux: `studio` (carton-studio: the app, the CLI, the runner host, the
# core library, the noop/python/kserve runners, desktop files) and `torchscript`
# (carton-studio-torchscript: the libtorch runner, so that the main package stays small).
set(CPACK_PACKAGE_NAME carton-studio)
set(CPACK_PACKAGE_VENDOR "Carton Studio contributors")
set(CPACK_PACKAGE_CONTACT "Carton Studio contributors <carton-studio@users.noreply.github.com>")
set(carton_summary "browse, verify and author .carton ML model packages")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Carton Studio")
set(CPACK_PACKAGE_EXECUTABLES carton-studio "Carton Studio")
set(CPACK_RESOURCE_FILE_LICENSE ${carton_packaging_dir}/license.txt)
set(CPACK_STRIP_FILES ON) # RelWithDebInfo trees: ship stripped binaries
set(CPACK_SOURCE_IGNORE_FILES "/build/" "/\\\\.git/")

# Components: every install() rule without COMPONENT is `studio` (cmake/CartonInstallDirs.cmake).
set(CPACK_COMPONENT_STUDIO_DISPLAY_NAME "Carton Studio")
set(CPACK_COMPONENT_STUDIO_DESCRIPTION
    "The Carton Studio application, the carton command-line tool, the runner host and the noop, python and KServe runners.")
set(CPACK_COMPONENT_STUDIO_REQUIRED ON)
set(CPACK_COMPONENT_TORCHSCRIPT_DISPLAY_NAME "TorchScript runner")
set(CPACK_COMPONENT_TORCHSCRIPT_DESCRIPTION "Runs the self-tests of TorchScript cartons through libtorch.")
set(CPACK_COMPONENT_TORCHSCRIPT_DEPENDS studio)

# Lines under 80 characters (Debian policy 5.6.13): CPack does not wrap them.
string(CONCAT carton_long_description
       "Carton Studio opens .carton model packages (Carton v1) and shows their model\n"
       "card, inputs and outputs with their data types and shapes, every file with\n"
       "its checksum, the test tensors and the self-tests. It verifies every file\n"
       "against the package's MANIFEST, runs the self-tests through runner plugins\n"
       "in a separate process and authors new cartons. The carton command-line tool\n"
       "does the same in scripts and CI.")

if(UNIX AND NOT APPLE)
  set(CPACK_GENERATOR DEB RPM TGZ)
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

  # Debian: one package per component; library dependencies computed by dpkg-shlibdeps.
  set(CPACK_DEB_COMPONENT_INSTALL ON)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  # dpkg-shlibdeps runs in each component's staging folder: the torchscript plugin's
  # libcartoncore.so.0 is in the sibling `studio` one (and the package depends on carton-studio).
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ../studio/usr/lib/carton-studio)
  set(CPACK_DEBIAN_PACKAGE_SECTION science)
  set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
  set(CPACK_DEBIAN_STUDIO_PACKAGE_NAME carton-studio)
  # The first line is the synopsis. CPACK_PACKAGE_DESCRIPTION_SUMMARY stays unset on Linux:
  # CPack would prepend it to every component's description, the torchscript one included.
  set(CPACK_DEBIAN_STUDIO_DESCRIPTION "${carton_summary}\n${carton_long_description}")
  # The python runner runs the system python3 with numpy; without them the other runners still work.
  set(CPACK_DEBIAN_STUDIO_PACKAGE_RECOMMENDS "python3, python3-numpy, xdg-utils")
  set(CPACK_DEBIAN_TORCHSCRIPT_PACKAGE_NAME carton-studio-torchscript)
  set(CPACK_DEBIAN_TORCHSCRIPT_DESCRIPTION
      "TorchScript runner for Carton Studio\nThe runner plugin that runs the self-tests of TorchScript cartons (runner\ntorchscript) through libtorch, in Carton Studio and in carton selftest.")
  set(CPACK_DEBIAN_TORCHSCRIPT_PACKAGE_DEPENDS "carton-studio (= ${PROJECT_VERSION})")
  set(CPACK_DEBIAN_TORCHSCRIPT_PACKAGE_SECTION science)

  # RPM: one package per component; rpmbuild computes the library requirements.
  set(CPACK_RPM_COMPONENT_INSTALL ON)
  set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
  set(CPACK_RPM_PACKAGE_LICENSE Apache-2.0)
  set(CPACK_RPM_PACKAGE_GROUP "Applications/Engineering")
  set(CPACK_RPM_STUDIO_PACKAGE_NAME carton-studio)
  set(CPACK_RPM_STUDIO_PACKAGE_DESCRIPTION "${carton_long_description}")
  set(CPACK_RPM_STUDIO_PACKAGE_SUMMARY "${carton_summary}")
  set(CPACK_RPM_TORCHSCRIPT_PACKAGE_NAME carton-studio-torchscript)
  set(CPACK_RPM_TORCHSCRIPT_PACKAGE_SUMMARY "TorchScript runner for Carton Studio")
  set(CPACK_RPM_TORCHSCRIPT_PACKAGE_REQUIRES "carton-studio = ${PROJECT_VERSION}")
  # The private library and the plugins are neither provided to other packages nor required
  # from them (the torchscript package requires carton-studio itself); no /usr/lib/.build-id links.
  string(CONCAT CPACK_RPM_SPEC_MORE_DEFINE
         "%global __provides_exclude_from ^/usr/lib/carton-studio/.*$\n"
         "%global __requires_exclude ^libcartoncore[.]so.*$\n"
         "%define _build_id_links none")
  # Folders owned by the filesystem / hicolor-icon-theme / shared-mime-info packages.
  set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
      /usr/libexec /usr/share/applications /usr/share/metainfo /usr/share/mime /usr/share/mime/packages
      /usr/share/icons /usr/share/icons/hicolor /usr/share/doc /usr/share/man /usr/share/man/man1
      /usr/share/lintian /usr/share/lintian/overrides)
  foreach(size scalable 16x16 22x22 24x24 32x32 48x48 64x64 128x128 256x256 512x512)
    list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
         /usr/share/icons/hicolor/${size} /usr/share/icons/hicolor/${size}/apps
         /usr/share/icons/hicolor/${size}/mimetypes)
  endforeach()
  # The TGZ holds everything (both components), as a prefix to unpack anywhere (cpack-options.cmake).
  set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)
  set(CPACK_PROJECT_CONFIG_FILE ${carton_packaging_dir}/cpack-options.cmake)
else()
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Carton Studio: ${carton_summary}")
endif()
if(WIN32)
  include(${carton_packaging_dir}/windows/cpack.cmake)
elseif(APPLE)
  include(${carton_packaging_dir}/macos/cpack.cmake)
endif()

include(CPack)
