# hy's CMake functions: annotated sources go through hyc, once per variant
# (serial, openmp, cuda), and the translations are compiled into targets.
# (Named HyFunctions, not HyTargets: CMake's export file is hyTargets.cmake,
# and the two names collide on case-insensitive file systems.)
#
#   hy_add_executable(<name>
#     ANNOTATED <files...>          # sources with #pragma hy, translated by hyc
#     [SOURCES <files...>]          # plain C++ compiled as is (drivers, I/O)
#     [LIBRARIES <targets...>]      # linked to every variant (PRIVATE)
#     [INCLUDES <dirs...>]          # include directories of every variant
#     [VARIANTS <serial|openmp|cuda>...]  # default: serial openmp, plus cuda
#                                   #   when the CUDA language is enabled
#     [HYC_FLAGS <flags...>])       # extra hyc options (e.g. --check-fetch)
#   gives <name>_serial, <name>_omp and <name>_cuda (the CUDA build falls
#   back to the OpenMP path without a GPU); translations go to
#   ${CMAKE_CURRENT_BINARY_DIR}/hy/<name>/.
#
#   hy_target_sources(<target> VARIANT <serial|openmp|cuda>
#     ANNOTATED <files...> [HYC_FLAGS <flags...>])
#   adds the translations to a target you already have (a library, an
#   executable with other sources), created in the same directory, and links
#   hy::runtime (plus OpenMP for openmp and cuda; the keyword form, PRIVATE);
#   translations go to ${CMAKE_CURRENT_BINARY_DIR}/hy/<target>/.
#
#   hy_clang_checks(<target> [HYC_FLAGS <flags...>])
#   compiles <target>'s C++ sources as they are (annotated ones: their
#   serial meaning) with hy's clang plugin: clang knows '#pragma hy' (no
#   -Wunknown-pragmas) and runs hyc's checks during the compile, with hyc's
#   errors (the compile fails) and warnings (-Why-race, ...). Needs clang 19
#   as the C++ compiler (otherwise a configure warning, and no checks).
#   HYC_FLAGS: hyc's warning options and --cuda-arch (default: as the CPU
#   variants get it, from CMAKE_CUDA_ARCHITECTURES).
#
# hyc parses each annotated file with the target's include directories,
# compile definitions and C++ standard (also those its libraries carry, and
# ones added after the call), and writes a dependency file, so that a change
# to any header the file includes re-runs it (Ninja and Makefiles). The
# translation is compiled with the annotated file's directory as a quoted
# include path, so `#include "x.h"` next to it works from the build tree.
# Annotated headers (headers with #pragma hy that an annotated file
# includes) are translated by hyc into <translations>/include.<variant>/,
# which comes first in the target's include path (-I, BEFORE) and in the
# translations' quoted include path, so that they include the translated
# header instead of the original; hyc leaves that directory out of its own
# parse. A change to the header re-runs hyc (dependency file), and the
# compiler's dependency file makes the sources that include the translated
# header compile again.
# CUDA builds use the target's CUDA_ARCHITECTURES (from
# CMAKE_CUDA_ARCHITECTURES), and hyc checks fetch tiles against the shared
# memory of the smallest of them (--cuda-arch); the CPU variants against
# CMAKE_CUDA_ARCHITECTURES when it is set. With no build type (single-config generators)
# the translations and hy_add_executable's targets are built with -O3, CPU
# and CUDA alike; a build type's own flags apply otherwise. HY_NATIVE (default
# ON) adds -march=native to hy_add_executable's targets.
include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)
# Ninja: DEPFILE paths are rewritten for the build directory (CMP0116).
cmake_policy(SET CMP0116 NEW)

option(HY_NATIVE "Compile the CPU code of hy_add_executable targets with -march=native" ON)

if(NOT DEFINED HYC_EXECUTABLE)
  if(TARGET hyc)
    set(HYC_EXECUTABLE $<TARGET_FILE:hyc>)
    set(HYC_DEPENDS hyc)
  else()
    find_program(HYC_EXECUTABLE hyc REQUIRED)
  endif()
endif()
if(NOT DEFINED HYC_DEPENDS)
  set(HYC_DEPENDS ${HYC_EXECUTABLE}) # a new hyc translates again
endif()

# -std=c++NN for hyc: the highest of the target's CXX_STANDARD and the
# cxx_std_NN features it and its libraries require (at least 17), as CMake
# itself decides; a -std= in the target's compile options comes after it.
function(_hy_std_genex out tgt)
  set(feat "$<TARGET_PROPERTY:${tgt},COMPILE_FEATURES>")
  set(std "$<TARGET_PROPERTY:${tgt},CXX_STANDARD>")
  set(g 17)
  foreach(n 20 23 26)
    set(g "$<IF:$<OR:$<IN_LIST:cxx_std_${n},${feat}>,$<STREQUAL:${std},${n}>>,${n},${g}>")
  endforeach()
  set(${out} "${g}" PARENT_SCOPE)
endfunction()

# Translates `files` for `variant` into `dir` and adds them to `tgt`.
function(_hy_translate tgt variant dir files flags)
  if(NOT variant MATCHES "^(serial|openmp|cuda)$")
    message(FATAL_ERROR "hy: unknown variant '${variant}' (expected serial, openmp or cuda)")
  endif()
  if(variant STREQUAL "cuda" AND NOT CMAKE_CUDA_COMPILER)
    message(FATAL_ERROR "hy: the cuda variant of ${tgt} needs the CUDA language: "
                        "enable_language(CUDA) first")
  endif()
  get_target_property(tdir ${tgt} SOURCE_DIR)
  if(NOT tdir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    # add_custom_command's outputs attach only to targets of its directory.
    message(FATAL_ERROR "hy: call hy_target_sources(${tgt} ...) in ${tdir}, "
                        "the directory that created ${tgt}")
  endif()
  get_target_property(type ${tgt} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "hy: ${tgt} is a ${type}; annotated sources need a target that compiles")
  endif()
  set(ext cpp)
  if(variant STREQUAL "cuda")
    set(ext cu)
  endif()
  set(P "$<TARGET_PROPERTY:${tgt},")
  set(defs "${P}COMPILE_DEFINITIONS>")
  set(incs "${P}INCLUDE_DIRECTORIES>")
  set(stdopts "$<FILTER:${P}COMPILE_OPTIONS>,INCLUDE,^-std=>")
  _hy_std_genex(std ${tgt})
  set(parse_args -std=c++$<IF:$<STREQUAL:${std},26>,2c,${std}>
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
      "${stdopts}")
  # The GPUs whose shared memory limits the tiles (hyc --cuda-arch).
  set(arch)
  if(variant STREQUAL "cuda")
    set(arch "--cuda-arch=$<JOIN:$<TARGET_PROPERTY:${tgt},CUDA_ARCHITECTURES>,,>")
  elseif(CMAKE_CUDA_ARCHITECTURES)
    string(REPLACE ";" "," archs "${CMAKE_CUDA_ARCHITECTURES}")
    set(arch "--cuda-arch=${archs}")
  endif()
  # Translated annotated headers, found before the originals.
  set(hdir ${dir}/include.${variant})
  target_include_directories(${tgt} BEFORE PRIVATE ${hdir})
  set(seen)
  foreach(src ${files})
    get_filename_component(base ${src} NAME_WE)
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(srcdir ${abs} DIRECTORY)
    set(out ${dir}/${base}.${variant}.${ext})
    set(dep ${dir}/${base}.${variant}.d)
    if(out IN_LIST seen)
      message(FATAL_ERROR "hy: two annotated files of ${tgt} are named ${base}.*; rename one")
    endif()
    list(APPEND seen ${out})
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${HYC_EXECUTABLE} --target=${variant} ${arch} ${flags} ${abs} -o ${out} -MF ${dep}
              --header-dir=${hdir}
              -- ${parse_args}
      DEPENDS ${abs} ${HYC_DEPENDS}
      DEPFILE ${dep}
      COMMENT "hyc --target=${variant} ${src}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    # Built with -O3 when there is no build type; quoted includes next to
    # the annotated file; nvcc options of the generated CUDA.
    set(opts "$<$<STREQUAL:$<CONFIG>,>:-O3>")
    if(variant STREQUAL "cuda")
      # nvcc gets the C++ standard too unless the target sets a CUDA one (a
      # -std= compile option is not seen here: CMake forbids a source's
      # options to read its target's), or the standard is nvcc's own default
      # (CMAKE_CUDA_STANDARD_COMPUTED_DEFAULT, 17 for nvcc 12 and 13): then
      # nvcc needs no flag, and CMake may add its own -std=c++17 already
      # (CMP0128 OLD), which ours would repeat.
      set(cuda_std_set "$<OR:$<BOOL:${P}CUDA_STANDARD>>,$<BOOL:$<FILTER:${P}COMPILE_FEATURES>,INCLUDE,^cuda_std_>>>")
      if(CMAKE_CUDA_STANDARD_COMPUTED_DEFAULT)
        set(cuda_std_set "$<OR:${cuda_std_set},$<STREQUAL:${std},${CMAKE_CUDA_STANDARD_COMPUTED_DEFAULT}>>")
      endif()
      list(APPEND opts --expt-relaxed-constexpr -Xcompiler=-fopenmp -Xcompiler=-iquote${hdir}
           -Xcompiler=-iquote${srcdir}
           "$<$<NOT:${cuda_std_set}>:-std=c++$<IF:$<STREQUAL:${std},26>,2c,${std}>>")
    else()
      list(APPEND opts -iquote${hdir} -iquote${srcdir})
    endif()
    set_source_files_properties(${out} PROPERTIES COMPILE_OPTIONS "${opts}")
    target_sources(${tgt} PRIVATE ${out})
  endforeach()
  target_link_libraries(${tgt} PRIVATE hy::runtime)
  if(NOT variant STREQUAL "serial")
    target_link_libraries(${tgt} PRIVATE OpenMP::OpenMP_CXX)
  endif()
endfunction()

function(hy_target_sources tgt)
  cmake_parse_arguments(H "" "VARIANT" "ANNOTATED;HYC_FLAGS" ${ARGN})
  if(NOT TARGET ${tgt})
    message(FATAL_ERROR "hy_target_sources: no target '${tgt}'")
  endif()
  if(NOT H_VARIANT OR NOT H_ANNOTATED OR H_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hy_target_sources(${tgt} VARIANT serial|openmp|cuda ANNOTATED files... "
                        "[HYC_FLAGS flags...]): got '${ARGN}'")
  endif()
  _hy_translate(${tgt} ${H_VARIANT} ${CMAKE_CURRENT_BINARY_DIR}/hy/${tgt}
                "${H_ANNOTATED}" "${H_HYC_FLAGS}")
endfunction()

function(hy_add_executable name)
  cmake_parse_arguments(H "" "" "ANNOTATED;SOURCES;LIBRARIES;INCLUDES;HYC_FLAGS;VARIANTS" ${ARGN})
  if(NOT H_ANNOTATED OR H_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hy_add_executable(${name} ANNOTATED files... [SOURCES ...] "
                        "[LIBRARIES ...] [INCLUDES ...] [VARIANTS ...] [HYC_FLAGS ...]): got '${ARGN}'")
  endif()
  set(variants ${H_VARIANTS})
  if(NOT variants)
    set(variants serial openmp)
    if(CMAKE_CUDA_COMPILER)
      list(APPEND variants cuda)
    endif()
  endif()
  foreach(v ${variants})
    set(exe ${name}_${v})
    if(v STREQUAL "openmp")
      set(exe ${name}_omp)
    endif()
    add_executable(${exe} ${H_SOURCES})
    target_include_directories(${exe} PRIVATE ${H_INCLUDES})
    target_link_libraries(${exe} PRIVATE ${H_LIBRARIES})
    _hy_translate(${exe} ${v} ${CMAKE_CURRENT_BINARY_DIR}/hy/${name} "${H_ANNOTATED}" "${H_HYC_FLAGS}")
    target_compile_options(${exe} PRIVATE "$<$<STREQUAL:$<CONFIG>,>:$<$<COMPILE_LANGUAGE:CXX>:-O3>>")
    if(HY_NATIVE)
      # The CPU code (and the CPU fallback of the CUDA build) vectorises for
      # the machine that builds it.
      target_compile_options(${exe} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-march=native>
                                            $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-march=native>)
    endif()
  endforeach()
endfunction()

# The plugin's arguments are -fplugin-arg-hy-<hyc's option without its
# first dash(es)>: -fplugin-arg-hy-Wno-hy-race, -fplugin-arg-hy-cuda-arch=80.
function(hy_clang_checks tgt)
  cmake_parse_arguments(H "" "" "HYC_FLAGS" ${ARGN})
  if(NOT TARGET ${tgt} OR H_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hy_clang_checks(<target> [HYC_FLAGS flags...]): got '${tgt};${ARGN}'")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR
     NOT CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 19 OR
     CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 20)
    message(WARNING "hy_clang_checks(${tgt}): hy's checks run inside clang 19, and this "
                    "project's C++ compiler is ${CMAKE_CXX_COMPILER_ID} "
                    "${CMAKE_CXX_COMPILER_VERSION}: ${tgt} is built without them")
    return()
  endif()
  if(TARGET hyPlugin)
    set(plugin $<TARGET_FILE:hyPlugin>)
    add_dependencies(${tgt} hyPlugin)
  elseif(TARGET hy::clang_plugin)
    set(plugin $<TARGET_FILE:hy::clang_plugin>)
  else()
    message(FATAL_ERROR "hy_clang_checks(${tgt}): this hy has no clang plugin "
                        "(hy::clang_plugin; a sanitizer build does not make one)")
  endif()
  set(args -fplugin=${plugin})
  set(arch_given FALSE)
  foreach(f ${H_HYC_FLAGS})
    if(f MATCHES "^--(cuda-arch=.*)$")
      list(APPEND args "-fplugin-arg-hy-${CMAKE_MATCH_1}")
      set(arch_given TRUE)
    elseif(f MATCHES "^-(W.+)$")
      list(APPEND args "-fplugin-arg-hy-${CMAKE_MATCH_1}")
    else()
      message(FATAL_ERROR "hy_clang_checks(${tgt}): HYC_FLAGS takes hyc's warning options "
                          "(-Wno-hy-race, -Werror=hy-race) and --cuda-arch=..., not '${f}'")
    endif()
  endforeach()
  if(NOT arch_given AND CMAKE_CUDA_ARCHITECTURES)
    string(REPLACE ";" "," archs "${CMAKE_CUDA_ARCHITECTURES}")
    list(APPEND args "-fplugin-arg-hy-cuda-arch=${archs}")
  endif()
  foreach(a ${args})
    target_compile_options(${tgt} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${a}>")
  endforeach()
endfunction()

cmake_policy(POP)
