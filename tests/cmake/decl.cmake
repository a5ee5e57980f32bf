# decl area (validate_decl.c): the header, decl and func families against ptxas at a small count
# and two seeds other than the default run's, so that the rules are checked beyond one sample
# (skipped without ptxas, as the CTest ptxas_diff is).
add_test(NAME ptxas_diff_decl
         COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/ptxas_diff/run.py --ptxsim $<TARGET_FILE:ptxsim>
                 --families header,decl,func --count 2 --seed decl-ctest -j 2 --show 5)
set_tests_properties(ptxas_diff_decl PROPERTIES LABELS "ptxas" SKIP_RETURN_CODE 77 TIMEOUT 300)
