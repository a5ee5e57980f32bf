# CUDA runtime test programs (tests/cudart/progs, issue 14) and the engine features they need.

# Cooperative launches (ptxsim_launch_config.cooperative, manifest "cooperative": true): cooperative
# groups' grid.sync() in nvcc 13's PTX of tests/cudart/progs/coop_grid.cu, with 16 CTAs and with
# 96 (more CTAs than host threads: all must be resident at once); expected values from
# tests/cudart/engine/gen_expected.py.
foreach(g g16 g96)
  add_test(NAME cudart_coop_grid_${g}
           COMMAND ptxsim run ${CMAKE_CURRENT_SOURCE_DIR}/cudart/engine/coop.${g}.json
                   --out ${CMAKE_BINARY_DIR}/cudart_out/coop_${g})
  set_tests_properties(cudart_coop_grid_${g} PROPERTIES LABELS "cudart")
endforeach()
# The same kernel launched without "cooperative" has no grid workspace (%envreg1:2 read 0), so
# grid.sync() executes cooperative groups' trap, as on a GPU: exit 3 naming the trap.
add_test(NAME cudart_coop_plain_traps
         COMMAND bash -c "\"$1\" run \"$2\" --quiet >/dev/null 2>\"$3\"; rc=$?; cat \"$3\"; [ $rc = 3 ] && grep -q 'trap instruction executed' \"$3\""
                 _ $<TARGET_FILE:ptxsim> ${CMAKE_CURRENT_SOURCE_DIR}/cudart/engine/plain.g16.json
                 ${CMAKE_BINARY_DIR}/cudart_coop_plain.err)
set_tests_properties(cudart_coop_plain_traps PROPERTIES LABELS "cudart")
