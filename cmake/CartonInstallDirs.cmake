# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# The installed layout, the same relative shape on every platform (packaging/README.md):
#   CARTON_INSTALL_BINDIR      carton-studio, carton (and cartoncore.dll on Windows)
#   CARTON_INSTALL_HELPERDIR   carton-runner-host, which only the programs start: libexec/carton-studio
#                              on Linux (where findRunnerHost() looks), BINDIR elsewhere
#   CARTON_INSTALL_PRIVLIBDIR  = BINDIR/../lib/carton-studio: the core library (private: no headers are
#                              installed) and runners/ with the runner plugins, where RunnerRegistry looks
#   CARTON_INSTALL_DATADIR     the sample carton
# Linux and Windows: bin/, lib/carton-studio/, share/carton-studio/ under the prefix. macOS: inside
# the app bundle (Carton Studio.app/Contents/MacOS, Contents/lib/carton-studio, Contents/Resources),
# so that the DragNDrop image carries one self-contained bundle.
# Executables find the core library through RUNPATH $ORIGIN/../lib/carton-studio (macOS:
# @executable_path/...), plugins through $ORIGIN/.. : the package is relocatable.
set(CMAKE_INSTALL_DEFAULT_COMPONENT_NAME studio) # everything but the torchscript plugin
if(APPLE)
  set(CARTON_BUNDLE_NAME "Carton Studio")
  set(CARTON_INSTALL_BINDIR "${CARTON_BUNDLE_NAME}.app/Contents/MacOS")
  set(CARTON_INSTALL_PRIVLIBDIR "${CARTON_BUNDLE_NAME}.app/Contents/lib/carton-studio")
  set(CARTON_INSTALL_DATADIR "${CARTON_BUNDLE_NAME}.app/Contents/Resources")
  set(CARTON_INSTALL_HELPERDIR ${CARTON_INSTALL_BINDIR})
  set(carton_origin "@loader_path")
else()
  set(CARTON_INSTALL_BINDIR ${CMAKE_INSTALL_BINDIR})
  set(CARTON_INSTALL_PRIVLIBDIR lib/carton-studio)
  set(CARTON_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/carton-studio)
  if(WIN32)
    set(CARTON_INSTALL_HELPERDIR ${CARTON_INSTALL_BINDIR})
  else()
    set(CARTON_INSTALL_HELPERDIR libexec/carton-studio)
  endif()
  set(carton_origin "$ORIGIN")
endif()
if(NOT WIN32)
  set(CARTON_PLUGIN_INSTALL_RPATH "${carton_origin}/..")
  if(APPLE) # and the Qt frameworks macdeployqt copies into Contents/Frameworks
    list(APPEND CARTON_PLUGIN_INSTALL_RPATH "@loader_path/../../../Frameworks")
  endif()
endif()

# carton_install_executable(TARGET [DESTINATION DIR]): an executable into DIR (default
# CARTON_INSTALL_BINDIR) with a RUNPATH relative to it that finds the core library.
function(carton_install_executable target)
  cmake_parse_arguments(arg "" "DESTINATION" "" ${ARGN})
  if(NOT arg_DESTINATION)
    set(arg_DESTINATION ${CARTON_INSTALL_BINDIR})
  endif()
  if(NOT WIN32)
    file(RELATIVE_PATH to_lib /${arg_DESTINATION} /${CARTON_INSTALL_PRIVLIBDIR})
    set(rpath "${carton_origin}/${to_lib}")
    if(APPLE)
      list(APPEND rpath "@executable_path/../Frameworks")
    endif()
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "${rpath}")
  endif()
  install(TARGETS ${target} RUNTIME DESTINATION ${arg_DESTINATION} BUNDLE DESTINATION .)
endfunction()
