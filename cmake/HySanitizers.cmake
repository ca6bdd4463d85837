# Sanitizer and fuzzer builds (docs/testing.md).
#   -DHY_SANITIZE=address,undefined  instruments hyc, hy_core, the unit and
#       runtime tests and the e2e programs compiled by the C++ compiler
#       (not nvcc): any report stops the program with a non-zero status.
#   -DHY_FUZZ=ON  (C++ compiler clang++-19) adds libFuzzer's coverage to
#       hy_core and builds the in-process harness tool/fuzz/hyc_fuzz.
set(HY_SANITIZE "" CACHE STRING "-fsanitize= list for C/C++ code, e.g. address,undefined")
option(HY_FUZZ "Build the libFuzzer harness hyc_fuzz (needs clang++-19)" OFF)

if(HY_SANITIZE)
  foreach(flag -fsanitize=${HY_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    add_compile_options($<$<COMPILE_LANGUAGE:C,CXX>:${flag}>)
  endforeach()
  add_link_options($<$<LINK_LANGUAGE:C,CXX>:-fsanitize=${HY_SANITIZE}>)
endif()

if(HY_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR NOT HY_SANITIZE)
    # The sanitizer runtimes also define the coverage callbacks that hyc and
    # the unit tests (which link the instrumented hy_core) need.
    message(FATAL_ERROR "HY_FUZZ needs clang++-19 as CMAKE_CXX_COMPILER and HY_SANITIZE set")
  endif()
  add_compile_options($<$<COMPILE_LANGUAGE:C,CXX>:-fsanitize=fuzzer-no-link>)
endif()
