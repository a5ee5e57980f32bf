# The ctrl area's tests (validate_ctrl.c, validate_call.c, validate_video.c, validate_tensor.c):
# block-scoped labels run as the PTX ISA defines them (what parse newly accepts, run executes).
add_test(NAME ctrl_labels_block_scope COMMAND ptxsim run ${CMAKE_CURRENT_SOURCE_DIR}/data/ctrl_labels/case.json --quiet)
set_tests_properties(ctrl_labels_block_scope PROPERTIES LABELS regress)
