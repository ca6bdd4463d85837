# hy_add_executable: builds one annotated source into CPU and GPU binaries.
#
#   hy_add_executable(<name>
#     ANNOTATED <files...>          # sources with #pragma hy, translated by hyc
#     [SOURCES <files...>]          # plain C++ compiled as is (drivers, I/O)
#     [LIBRARIES <targets...>]      # linked to every variant
#     [INCLUDES <dirs...>]          # extra include dirs for translation and build
#     [HYC_FLAGS <flags...>])       # extra hyc options (e.g. --check-fetch)
#
# HY_NATIVE (default ON) compiles the CPU code for the building machine.
#
# gives <name>_serial, <name>_omp and, when CUDA is enabled, <name>_cuda
# (which falls back to the OpenMP path without a GPU). Translated files go to
# ${CMAKE_CURRENT_BINARY_DIR}/hy/<name>/.
include_guard(GLOBAL)

option(HY_NATIVE "Compile the CPU code of hy_add_executable targets with -march=native" ON)

if(NOT DEFINED HYC_EXECUTABLE)
  if(TARGET hyc)
    set(HYC_EXECUTABLE $<TARGET_FILE:hyc>)
    set(HYC_DEPENDS hyc)
  else()
    find_program(HYC_EXECUTABLE hyc REQUIRED)
  endif()
endif()

function(hy_translate out_var name src target ext)
  cmake_parse_arguments(T "" "" "INCLUDES;FLAGS" ${ARGN})
  get_filename_component(base ${src} NAME_WE)
  get_filename_component(abs ${src} ABSOLUTE)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/hy/${name}/${base}.${target}.${ext})
  set(incs)
  foreach(d ${T_INCLUDES})
    list(APPEND incs -I${d})
  endforeach()
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/hy/${name}
    COMMAND ${HYC_EXECUTABLE} --target=${target} ${T_FLAGS} ${abs} -o ${out}
            -- -std=c++17 -I${CMAKE_CURRENT_SOURCE_DIR} ${incs}
    DEPENDS ${abs} ${HYC_DEPENDS}
    IMPLICIT_DEPENDS CXX ${abs}
    COMMENT "hyc --target=${target} ${src}"
    VERBATIM)
  set(${out_var} ${out} PARENT_SCOPE)
endfunction()

function(hy_add_executable name)
  cmake_parse_arguments(H "" "" "ANNOTATED;SOURCES;LIBRARIES;INCLUDES;HYC_FLAGS" ${ARGN})
  set(incs ${H_INCLUDES})
  foreach(lib ${H_LIBRARIES})
    if(TARGET ${lib})
      get_target_property(libinc ${lib} INTERFACE_INCLUDE_DIRECTORIES)
      if(libinc)
        foreach(d ${libinc})
          string(REGEX REPLACE "^\\$<BUILD_INTERFACE:(.*)>$" "\\1" d "${d}")
          if(NOT d MATCHES "^\\$<")
            list(APPEND incs ${d})
          endif()
        endforeach()
      endif()
    endif()
  endforeach()
  set(variants serial openmp)
  if(CMAKE_CUDA_COMPILER)
    list(APPEND variants cuda)
  endif()
  foreach(v ${variants})
    set(gen)
    set(ext cpp)
    if(v STREQUAL "cuda")
      set(ext cu)
    endif()
    foreach(src ${H_ANNOTATED})
      hy_translate(out ${name} ${src} ${v} ${ext} INCLUDES ${incs} FLAGS ${H_HYC_FLAGS})
      list(APPEND gen ${out})
    endforeach()
    set(exe ${name}_${v})
    if(v STREQUAL "openmp")
      set(exe ${name}_omp)
    endif()
    add_executable(${exe} ${gen} ${H_SOURCES})
    target_include_directories(${exe} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${H_INCLUDES})
    target_link_libraries(${exe} PRIVATE ${H_LIBRARIES} hy::runtime)
    if(NOT v STREQUAL "serial")
      target_link_libraries(${exe} PRIVATE OpenMP::OpenMP_CXX)
    endif()
    if(HY_NATIVE)
      # The CPU code (and the CPU fallback of the CUDA build) vectorises for
      # the machine that builds it.
      target_compile_options(${exe} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-march=native>
                                            $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-march=native>)
    endif()
    if(v STREQUAL "cuda")
      set_target_properties(${exe} PROPERTIES CUDA_ARCHITECTURES "${HY_CUDA_ARCHITECTURES}")
      target_compile_options(${exe} PRIVATE
        $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr -Xcompiler=-fopenmp -O3>)
    endif()
  endforeach()
endfunction()
