# ctest: install the build tree to a temporary prefix, then configure, build and run the example
# against it, as a user of find_package(palcheck) would; and configure the C++17 project beside it
# (EXAMPLE17_DIR), which must fail with the C++20 requirement in CMake's message.
file(REMOVE_RECURSE ${WORK_DIR})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}")
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "failed (${code}): ${ARGN}\n${err}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/pal_oracle_example)
if(EXAMPLE17_DIR)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${EXAMPLE17_DIR} -B ${WORK_DIR}/build17
                          -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(code EQUAL 0 OR NOT err MATCHES "palcheck::reference needs C\\+\\+20")
    message(FATAL_ERROR "a C++17 project configured (${code}) without the C++20 requirement:\n${out}\n${err}")
  endif()
  message("C++17 project refused by find_package(palcheck): ${err}")
endif()
