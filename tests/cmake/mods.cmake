# Modifiers area (docs/ptxas-diff.md "Modifiers"): forms ptxas accepts that ptxsim parses but does
# not execute (mixed-precision add/sub/fma, fma.rz.bf16, cvt.rs, the fp4/fp6/ue8m0 conversions);
# `ptxsim parse` accepts the module and warns at each of its twelve instructions.
add_test(NAME mods_cannot_run_warns
         COMMAND bash -c "out=$($0 parse $1 --target sm_100a 2>&1) || exit 1; test $(grep -c 'warning: accepted, but ptxsim cannot run it' <<<\"$out\") -eq 12"
                 $<TARGET_FILE:ptxsim> ${CMAKE_CURRENT_SOURCE_DIR}/parser/mods_cannot_run.ptx)
set_tests_properties(mods_cannot_run_warns PROPERTIES LABELS unit)
