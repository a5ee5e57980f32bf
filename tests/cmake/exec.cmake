# `ptxsim exec` (cli/exec*.c, docs/exec.md): tests/cli/exec_*.sh (CTests cli_exec_*, from
# tests/cmake/cli.cmake) run exec_prog, an ordinary Driver-API program linked without a run path
# (only exec's LD_LIBRARY_PATH leads it to the shim), under `ptxsim exec`.
add_executable(exec_prog ${CMAKE_CURRENT_SOURCE_DIR}/cli/exec_prog.c)
target_include_directories(exec_prog PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/shim/include ${CMAKE_SOURCE_DIR}/api/shim)
target_link_libraries(exec_prog PRIVATE cuda_shim)
set_target_properties(exec_prog PROPERTIES SKIP_BUILD_RPATH ON)
if(TEST cli_exec_static)
  set_tests_properties(cli_exec_static PROPERTIES SKIP_RETURN_CODE 77 LABELS "unit;nvcc")
endif()
# docs/exec.md's CTest example, tested: a small CMake project with ptxsim exec as the launcher of
# its tests. Its program is built without sanitizers, which an instrumented shim cannot load into.
if(NOT PTXSIM_SANITIZE AND NOT PTXSIM_LIBFUZZER)
  add_test(NAME exec_cmake_launcher
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/exec_data/cmake_launcher.sh $<TARGET_FILE:ptxsim>
                   $<TARGET_FILE_DIR:cuda_shim> "${CMAKE_CURRENT_SOURCE_DIR}/shim/include\\;${CMAKE_SOURCE_DIR}/api/shim")
  set_tests_properties(exec_cmake_launcher PROPERTIES LABELS "unit;exec")
endif()
if(TEST cli_exec_rpath)
  set_tests_properties(cli_exec_rpath PROPERTIES SKIP_RETURN_CODE 77)
endif()
if(TEST cli_exec_schema)
  set_tests_properties(cli_exec_schema PROPERTIES SKIP_RETURN_CODE 77)
endif()
if(TEST cli_exec_alloc_site)
  set_tests_properties(cli_exec_alloc_site PROPERTIES SKIP_RETURN_CODE 77 LABELS "unit;nvcc")
endif()
