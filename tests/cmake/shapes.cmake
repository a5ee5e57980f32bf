# shapes area (isa/forms.def's operands column, checked by isa/types_rules.c and
# parser/validate_types.c): ptxas is the oracle of the shape parser inputs; it accepts the accept_
# files and reports every line a reject file expects (skipped without ptxas). test_parser runs them
# through ptxsim.
file(GLOB PS_SHAPES_INPUTS ${CMAKE_SOURCE_DIR}/tests/parser/accept_shapes_*.ptx
     ${CMAKE_SOURCE_DIR}/tests/parser/reject_shapes_*.ptx)
add_test(NAME shapes_inputs_ptxas COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/ptxas_diff/check_inputs.py ${PS_SHAPES_INPUTS})
set_tests_properties(shapes_inputs_ptxas PROPERTIES LABELS ptxas SKIP_RETURN_CODE 77)
