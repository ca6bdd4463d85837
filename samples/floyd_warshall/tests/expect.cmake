# Runs one fw test: EXE with ARGS ("@@"-separated), in WORKDIR; fails unless the
# exit status is STATUS and the combined output matches every regex of HAS
# ("@@"-separated).
string(REPLACE "@@" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} ${args} WORKING_DIRECTORY ${WORKDIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT "${rc}" STREQUAL "${STATUS}")
  message(FATAL_ERROR "exit status ${rc}, expected ${STATUS}")
endif()
if(NOT "${HAS}" STREQUAL "")
  string(REPLACE "@@" ";" patterns "${HAS}")
  foreach(p IN LISTS patterns)
    if(NOT "${out}${err}" MATCHES "${p}")
      message(FATAL_ERROR "output does not match '${p}'")
    endif()
  endforeach()
endif()
