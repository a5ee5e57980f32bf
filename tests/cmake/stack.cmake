# stack manipulation (alloca, stacksave, stackrestore: sim/exec_stack.c, parser/validate_ctrl.c).

# ptxas is the oracle of the parser inputs: it accepts accept_stack.ptx and reports every line the
# reject files expect (skipped without ptxas).
add_test(NAME stack_inputs_ptxas
         COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/ptxas_diff/check_inputs.py
                 ${CMAKE_SOURCE_DIR}/tests/parser/accept_stack.ptx ${CMAKE_SOURCE_DIR}/tests/parser/reject_stack.ptx
                 ${CMAKE_SOURCE_DIR}/tests/parser/reject_stack_version.ptx)
set_tests_properties(stack_inputs_ptxas PROPERTIES LABELS ptxas SKIP_RETURN_CODE 77)

# The target gate, sm_52: ptxas 13 cannot assemble for sm_50 itself; with -arch=sm_75 it reports
# "Feature 'alloca' requires .target sm_52 or higher" at the lines reject_stack_target.ptx expects.
add_test(NAME stack_target_ptxas
         COMMAND sh -c "command -v ptxas >/dev/null || exit 77; ptxas -arch=sm_75 ${CMAKE_SOURCE_DIR}/tests/parser/reject_stack_target.ptx -o /dev/null 2>&1 | grep -c 'requires .target sm_52 or higher'")
set_tests_properties(stack_target_ptxas PROPERTIES LABELS ptxas PASS_REGULAR_EXPRESSION "^3\n" SKIP_RETURN_CODE 77)
