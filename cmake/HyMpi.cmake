# The zone level over MPI (runtime/include/hy/zones.hpp, docs/language.md
# "Zones"). Option HY_MPI (ON): find MPI; when found, the interface target
# hy::zones_mpi gives a program MPI and -DHY_MPI, so its zone loops spread
# over MPI ranks (installed too: find_package(hy) gives hy::zones_mpi
# where MPI is found). Without MPI programs run one zone and nothing depends
# on MPI. hy_add_mpi_test(NAME name PROCS n COMMAND cmd...) runs a test under
# mpirun (oversubscribed: CI has 2 cores; allowed as root), or passes the
# launcher to a script where COMMAND says MPIEXEC.
option(HY_MPI "Spread zone loops over MPI ranks when MPI is found" ON)
# The samples' MPI builds (fw_mpi, johnson_mpi, bc_mpi, gm_mpi) are OpenMP;
# HY_MPI_CUDA adds their CUDA variants (scripts/multi-gpu-scaling.sh; off in
# CI, where nvcc only compiles).
option(HY_MPI_CUDA "Also build the samples' MPI programs for CUDA" OFF)
set(HY_MPI_VARIANTS openmp)
if(HY_MPI_CUDA AND CMAKE_CUDA_COMPILER)
  list(APPEND HY_MPI_VARIANTS cuda)
endif()
set(HY_HAVE_MPI OFF)
if(HY_MPI)
  find_package(MPI COMPONENTS CXX QUIET)
  if(MPI_CXX_FOUND AND MPIEXEC_EXECUTABLE)
    set(HY_HAVE_MPI ON)
    add_library(hy_zones_mpi INTERFACE)
    add_library(hy::zones_mpi ALIAS hy_zones_mpi)
    target_link_libraries(hy_zones_mpi INTERFACE hy_runtime MPI::MPI_CXX)
    target_compile_definitions(hy_zones_mpi INTERFACE HY_MPI=1)
    # Installed as hy::zones_mpi in its own export set: hyConfig.cmake
    # loads it when the outside project finds MPI too.
    set_target_properties(hy_zones_mpi PROPERTIES EXPORT_NAME zones_mpi)
    install(TARGETS hy_zones_mpi EXPORT hyZonesTargets)
    install(EXPORT hyZonesTargets NAMESPACE hy:: DESTINATION lib/cmake/hy)
    execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _hy_mpiexec_version
                    ERROR_QUIET)
    set(HY_MPIEXEC_FLAGS)
    if(_hy_mpiexec_version MATCHES "Open MPI|OpenRTE")
      set(HY_MPIEXEC_FLAGS --oversubscribe)
    endif()
    message(STATUS "hy: zone loops over MPI (${MPIEXEC_EXECUTABLE})")
  else()
    message(STATUS "hy: MPI not found; zone loops run one zone (tests under mpirun skipped)")
  endif()
endif()

function(hy_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;PROCS" "COMMAND" ${ARGN})
  if(NOT HY_HAVE_MPI)
    return()
  endif()
  set(launcher ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${T_PROCS} ${HY_MPIEXEC_FLAGS}
               ${MPIEXEC_PREFLAGS})
  # COMMAND runs under the launcher, or names it with the word MPIEXEC (a
  # script that runs other programs too).
  set(cmd)
  set(named OFF)
  foreach(word IN LISTS T_COMMAND)
    if(word STREQUAL "MPIEXEC")
      list(APPEND cmd ${launcher})
      set(named ON)
    else()
      list(APPEND cmd ${word})
    endif()
  endforeach()
  if(NOT named)
    set(cmd ${launcher} ${cmd})
  endif()
  add_test(NAME ${T_NAME} COMMAND ${cmd})
  set_tests_properties(${T_NAME} PROPERTIES TIMEOUT 120 PROCESSORS ${T_PROCS}
    ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_btl_vader_single_copy_mechanism=none;OMP_NUM_THREADS=1;OMP_WAIT_POLICY=passive")
endfunction()
