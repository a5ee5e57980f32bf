# The command line's usage, help and option errors (tests/cli/*.sh).
file(GLOB PS_CLI_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cli/*.sh)
foreach(t ${PS_CLI_TESTS})
  get_filename_component(n ${t} NAME_WE)
  add_test(NAME cli_${n} COMMAND bash ${t} $<TARGET_FILE:ptxsim> WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
  set_tests_properties(cli_${n} PROPERTIES LABELS unit)
endforeach()
