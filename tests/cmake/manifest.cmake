# The strict manifest loader (docs/limits.md, issue 15): every tests/manifest/reject_*.json must
# make `ptxsim run` exit 2 with exactly the diagnostic in its .err file (PATH:LINE:COL, JSON path,
# the limit hit) and write nothing under --out; ok.json must load, run and match its expectation.
file(GLOB PS_MANIFEST_REJECTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/manifest/reject_*.json)
foreach(m ${PS_MANIFEST_REJECTS})
  get_filename_component(n ${m} NAME_WE)
  add_test(NAME manifest_${n} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/manifest/check_reject.sh $<TARGET_FILE:ptxsim> ${n})
  set_tests_properties(manifest_${n} PROPERTIES LABELS regress)
endforeach()
add_test(NAME manifest_accept_ok COMMAND ptxsim run ${CMAKE_SOURCE_DIR}/tests/manifest/ok.json --quiet)
set_tests_properties(manifest_accept_ok PROPERTIES LABELS regress)
