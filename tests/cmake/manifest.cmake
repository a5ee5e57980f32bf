# The strict manifest loader (docs/limits.md, issue 15): every tests/manifest/reject_*.json must
# make `ptxsim run` exit 2 with exactly the diagnostic in its .err file (PATH:LINE:COL, JSON path,
# the limit hit) and write nothing under --out; ok.json and ok_bits.json must load, run and match
# their expectation (out.expected.bin, packed by Python from the values written in them).
file(GLOB PS_MANIFEST_REJECTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/manifest/reject_*.json)
foreach(m ${PS_MANIFEST_REJECTS})
  get_filename_component(n ${m} NAME_WE)
  add_test(NAME manifest_${n} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/manifest/check_reject.sh $<TARGET_FILE:ptxsim> ${n})
  set_tests_properties(manifest_${n} PROPERTIES LABELS regress)
endforeach()
# ok_bits.json passes the same values as raw bits ("b32") and hex text
foreach(n ok ok_bits)
  add_test(NAME manifest_accept_${n} COMMAND ptxsim run ${CMAKE_SOURCE_DIR}/tests/manifest/${n}.json --quiet)
  set_tests_properties(manifest_accept_${n} PROPERTIES LABELS regress)
endforeach()
# Multi-launch manifests ("launches", docs/manifest.md): a scan in three launches over shared
# buffers, each launch's expectation and the final one packed by multi/gen.py (Python, not
# ptxsim); a wrong expectation after launch 1 must fail naming that launch.
add_test(NAME manifest_multi_scan3 COMMAND ptxsim run ${CMAKE_SOURCE_DIR}/tests/manifest/multi/scan3.json --quiet)
add_test(NAME manifest_multi_scan3_check COMMAND ptxsim check ${CMAKE_SOURCE_DIR}/tests/manifest/multi/scan3.json --quiet)
add_test(NAME manifest_multi_fail_launch1 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/manifest/multi/check_fail.sh $<TARGET_FILE:ptxsim>)
add_test(NAME manifest_multi_sarif COMMAND bash ${CMAKE_SOURCE_DIR}/tests/manifest/multi/check_sarif.sh $<TARGET_FILE:ptxsim>)
set_tests_properties(manifest_multi_scan3 manifest_multi_scan3_check manifest_multi_fail_launch1 manifest_multi_sarif
                     PROPERTIES LABELS regress)
if(TARGET test_case_multi) # multi-launch cases through the public API
  target_link_libraries(test_case_multi PRIVATE ptxsim_static)
endif()
