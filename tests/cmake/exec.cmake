# `ptxsim exec` (cli/exec*.c, docs/exec.md): tests/cli/exec_*.sh run exec_prog, an ordinary
# Driver-API program linked without a run path (only exec's LD_LIBRARY_PATH leads it to the shim),
# under `ptxsim exec`; exec_cmake_launcher configures a small CMake project whose tests run
# under exec as docs/exec.md shows.
add_executable(exec_prog ${CMAKE_CURRENT_SOURCE_DIR}/cli/exec_prog.c)
target_include_directories(exec_prog PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/shim/include ${CMAKE_SOURCE_DIR}/api/shim)
target_link_libraries(exec_prog PRIVATE cuda_shim)
set_target_properties(exec_prog PROPERTIES SKIP_BUILD_RPATH ON)
file(GLOB PS_EXEC_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cli/exec_*.sh)
foreach(t ${PS_EXEC_TESTS})
  get_filename_component(n ${t} NAME_WE)
  add_test(NAME cli_${n} COMMAND bash ${t} $<TARGET_FILE:ptxsim> $<TARGET_FILE:exec_prog>
           ${CMAKE_CURRENT_SOURCE_DIR}/cli/exec_data WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
  set_tests_properties(cli_${n} PROPERTIES LABELS "unit;exec")
endforeach()
