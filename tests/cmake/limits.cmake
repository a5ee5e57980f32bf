# Engine, parser-resource and CLI limits (issue 15; docs/limits.md): one script per row of the
# issue under tests/limits/, each asserting the diagnostic and the exit status.
file(GLOB PS_LIMIT_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/limits/*.sh)
foreach(t ${PS_LIMIT_TESTS})
  get_filename_component(n ${t} NAME_WE)
  # parse memory is measured on a plain build: a sanitizer's shadow memory is no parser's
  if(NOT n STREQUAL "lib" AND NOT (n STREQUAL "parse_memory" AND PTXSIM_SANITIZE))
    add_test(NAME limits_${n} COMMAND bash ${t} $<TARGET_FILE:ptxsim>)
    set_tests_properties(limits_${n} PROPERTIES LABELS "limits;regress" TIMEOUT 300 SKIP_RETURN_CODE 77)
  endif()
endforeach()
# The same policy through the public API (tests/test_limits.c).
if(TARGET test_limits)
  target_link_libraries(test_limits PRIVATE ptxsim_static)
  set_tests_properties(test_limits PROPERTIES LABELS "unit;limits")
endif()
