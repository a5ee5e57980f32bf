# `ptxsim exec` (cli/exec*.c, docs/exec.md): tests/cli/exec_*.sh (CTests cli_exec_*, from
# tests/cmake/cli.cmake) run exec_prog, an ordinary Driver-API program linked without a run path
# (only exec's LD_LIBRARY_PATH leads it to the shim), under `ptxsim exec`.
add_executable(exec_prog ${CMAKE_CURRENT_SOURCE_DIR}/cli/exec_prog.c)
target_include_directories(exec_prog PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/shim/include ${CMAKE_SOURCE_DIR}/api/shim)
target_link_libraries(exec_prog PRIVATE cuda_shim)
set_target_properties(exec_prog PROPERTIES SKIP_BUILD_RPATH ON)
