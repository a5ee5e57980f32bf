# types area (docs/ptxas-diff.md "### Types"): the four type families against ptxas under a seed of
# their own, a few modules per target (the whole campaign's CTest ptxas_diff runs them too).
add_test(NAME ptxas_diff_types COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/ptxas_diff/run.py
         --ptxsim $<TARGET_FILE:ptxsim> --families int,logic,cmp,mov --count 2 --seed types -j 2)
set_tests_properties(ptxas_diff_types PROPERTIES LABELS ptxas SKIP_RETURN_CODE 77 TIMEOUT 600)
