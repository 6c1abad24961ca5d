# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Compile settings shared by every target of the project: link carton_settings.
add_library(carton_settings INTERFACE)
target_compile_features(carton_settings INTERFACE cxx_std_20)
# Product code never converts char* to QString implicitly (QT_NO_CAST_FROM_ASCII:
# the encoding is always spelled out); test code, full of expected strings, may
# (tests/CMakeLists.txt marks its targets CARTON_TEST_CODE). QStringBuilder
# everywhere: `a + b + c` builds one string.
target_compile_definitions(carton_settings INTERFACE
  QT_USE_QSTRINGBUILDER
  $<$<NOT:$<BOOL:$<TARGET_PROPERTY:CARTON_TEST_CODE>>>:QT_NO_CAST_FROM_ASCII>
  QT_NO_CAST_TO_ASCII
  QT_NO_URL_CAST_FROM_STRING
  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
  QT_NO_FOREACH
  QT_DISABLE_DEPRECATED_UP_TO=0x060000)
if(MSVC)
  target_compile_options(carton_settings INTERFACE /W4 /permissive- /utf-8)
else()
  target_compile_options(carton_settings INTERFACE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
endif()

# CI turns this on (.ci/run): any warning fails the build.
option(CARTON_WERROR "Treat compiler warnings as errors" OFF)
if(CARTON_WERROR)
  if(MSVC)
    target_compile_options(carton_settings INTERFACE /WX)
  else()
    target_compile_options(carton_settings INTERFACE -Werror)
  endif()
endif()

option(CARTON_FUZZ "Build the libFuzzer targets in fuzz/ (clang): everything instrumented for fuzzing, ASan and UBSan" OFF)
if(CARTON_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CARTON_FUZZ needs clang (libFuzzer): use the fuzz preset")
  endif()
  target_compile_options(carton_settings INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                         -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  target_link_options(carton_settings INTERFACE -fsanitize=address,undefined)
endif()
option(CARTON_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(CARTON_SANITIZE AND NOT MSVC)
  # Undefined behaviour fails the test that hits it rather than printing a line nobody reads.
  target_compile_options(carton_settings INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=undefined
                         -fno-omit-frame-pointer)
  target_link_options(carton_settings INTERFACE -fsanitize=address,undefined)
  # GCC's flow analysis is known to give false maybe-uninitialized warnings under
  # -fsanitize=address (its instrumentation hides the initialising stores, e.g. in a
  # std::variant holding a QString); the release build keeps the warning.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(carton_settings INTERFACE -Wno-maybe-uninitialized)
  endif()
endif()

option(CARTON_SANITIZE_THREAD "Build with ThreadSanitizer (the tsan preset: the threaded core tests)" OFF)
if(CARTON_SANITIZE_THREAD AND NOT MSVC)
  if(CARTON_SANITIZE OR CARTON_FUZZ)
    message(FATAL_ERROR "ThreadSanitizer cannot be combined with AddressSanitizer: use the tsan preset")
  endif()
  target_compile_options(carton_settings INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(carton_settings INTERFACE -fsanitize=thread)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC warns that std::atomic_thread_fence is not supported by TSan; no code here uses one.
    target_compile_options(carton_settings INTERFACE -Wno-tsan)
  endif()
endif()

# carton_add_core_part(NAME SOURCES ... LIBS ...): one area of the core library, a
# static library (position-independent: all of them make up the shared cartoncore)
# whose LIBS (the areas and libraries it uses itself) are PUBLIC: a test of an area
# links that one target and gets everything below it.
function(carton_add_core_part name)
  cmake_parse_arguments(arg "" "" "SOURCES;LIBS" ${ARGN})
  add_library(${name} STATIC ${arg_SOURCES})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON AUTOMOC ON)
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/core ${PROJECT_BINARY_DIR}/core)
  target_compile_definitions(${name} PRIVATE cartoncore_EXPORTS INTERFACE CARTONCORE_STATIC_DEFINE)
  target_link_libraries(${name} PUBLIC carton_settings ${arg_LIBS})
endfunction()

# carton_add_test(NAME SOURCES ... LIBS ...): a Qt Test executable registered with CTest.
function(carton_add_test name)
  cmake_parse_arguments(arg "" "" "SOURCES;LIBS" ${ARGN})
  qt_add_executable(${name} ${arg_SOURCES})
  # The build's folders come from carton_testpaths (tests/CMakeLists.txt), not
  # from definitions here: those would make every test object differ per clone.
  target_link_libraries(${name} PRIVATE carton_settings carton_testpaths Qt6::Test ${arg_LIBS})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests/common)
  add_test(NAME ${name} COMMAND ${name})
  # Each test's own data folder in the build tree: what the app and the CLI keep
  # per user (self-test run history, ...) never lands in the user's real one.
  set_tests_properties(${name} PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;XDG_DATA_HOME=${CMAKE_BINARY_DIR}/test-data/${name}" TIMEOUT 600)
endfunction()
