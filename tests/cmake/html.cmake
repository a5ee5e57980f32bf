# The HTML report (`ptxsim check --html`, docs/html.md) in headless Chromium: its DOM against
# `ptxsim check --json` and the source files, hostile names and comments, a missing source;
# screenshots land in build/html_screens. Skipped (77) without chromium. Chromium is not built
# with the sanitizers, only ptxsim is, so the test also runs in the sanitizer builds.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME html_report_chromium
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/html/check_html.py
                   $<TARGET_FILE:ptxsim> ${CMAKE_BINARY_DIR}/html_screens)
  set_tests_properties(html_report_chromium PROPERTIES LABELS unit SKIP_RETURN_CODE 77 TIMEOUT 900)
endif()

# The per-line counters of the public API and the HTML writer's refusals (tests/test_report_lines.c).
if(TARGET test_report_lines)
  target_link_libraries(test_report_lines PRIVATE ptxsim_static)
endif()
