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
# coop_grid's other launch (tile_max), which scripts/bench/cudart.sh times with grid_phases
add_test(NAME cudart_coop_grid_tile_max
         COMMAND ptxsim run ${CMAKE_CURRENT_SOURCE_DIR}/cudart/engine/coop_grid.tile_max.json
                 --out ${CMAKE_BINARY_DIR}/cudart_out/tile_max)
set_tests_properties(cudart_coop_grid_tile_max PROPERTIES LABELS "cudart")
# The same kernel launched without "cooperative" has no grid workspace (%envreg1:2 read 0), so
# grid.sync() executes cooperative groups' trap, as on a GPU: exit 3 naming the trap.
add_test(NAME cudart_coop_plain_traps
         COMMAND bash -c "\"$1\" run \"$2\" --quiet >/dev/null 2>\"$3\"; rc=$?; cat \"$3\"; [ $rc = 3 ] && grep -q 'trap instruction executed' \"$3\""
                 _ $<TARGET_FILE:ptxsim> ${CMAKE_CURRENT_SOURCE_DIR}/cudart/engine/plain.g16.json
                 ${CMAKE_BINARY_DIR}/cudart_coop_plain.err)
set_tests_properties(cudart_coop_plain_traps PROPERTIES LABELS "cudart")

# The programs: built with nvcc (-cudart shared, so ptxsim's libcudart.so.13 serves them;
# -arch=sm_90: SASS for the H200 and compute_90 PTX, the simulator's default machine, which the
# cluster program needs), only when nvcc is found and not in sanitizer builds (an instrumented
# runtime cannot load into these uninstrumented programs). They are not part of `all` (Thrust and
# CUB take minutes to compile): the fixture test cudart_progs_build builds the target
# `cudart_progs`, and each program's test runs it with tests/cudart/progs/run_prog.sh against the
# H200's recorded stdout (tests/cudart/progs/h200/).
find_program(PTXSIM_NVCC nvcc HINTS /usr/local/cuda/bin)
file(GLOB PS_CUDART_PROG_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/cudart/progs/*.cu)
set(PS_CUDART_PROGS)
foreach(f ${PS_CUDART_PROG_SOURCES})
  get_filename_component(p ${f} NAME_WE)
  list(APPEND PS_CUDART_PROGS ${p})
endforeach()
if(PTXSIM_NVCC AND NOT PTXSIM_SANITIZE)
  set(dir ${CMAKE_BINARY_DIR}/cudart_progs)
  set(src ${CMAKE_CURRENT_SOURCE_DIR}/cudart/progs)
  set(outs)
  foreach(p ${PS_CUDART_PROGS})
    # a program's own flags: its "// nvcc-flags:" line (scripts/gpu/cudart_record.sh reads it too)
    file(STRINGS ${src}/${p}.cu flags_line REGEX "^// nvcc-flags:")
    string(REGEX REPLACE "^// nvcc-flags: *" "" flags_line "${flags_line}")
    separate_arguments(extra UNIX_COMMAND "${flags_line}")
    add_custom_command(OUTPUT ${dir}/${p}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
                       COMMAND ${PTXSIM_NVCC} -cudart shared -arch=sm_90 -O2 -lineinfo ${extra}
                               -I${src} -o ${dir}/${p} ${src}/${p}.cu
                       DEPENDS ${src}/${p}.cu ${src}/common.h
                       COMMENT "nvcc ${p}.cu" VERBATIM)
    list(APPEND outs ${dir}/${p})
  endforeach()
  add_custom_target(cudart_progs DEPENDS ${outs})
  # (skipped, like the programs' tests, where ptxsim's libcudart.so.13 is not built)
  add_test(NAME cudart_progs_build
           COMMAND bash -c "[ -e \"$1/libcudart.so.13\" ] || { echo \"skipped: no $1/libcudart.so.13\"; exit 77; }; \"$2\" --build \"$3\" --target cudart_progs"
                   _ ${CMAKE_BINARY_DIR}/shim ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR})
  set_tests_properties(cudart_progs_build PROPERTIES LABELS "cudart" FIXTURES_SETUP cudart_progs
                       SKIP_RETURN_CODE 77 TIMEOUT 3600)
  foreach(p ${PS_CUDART_PROGS})
    add_test(NAME cudart_prog_${p}
             COMMAND bash ${src}/run_prog.sh $<TARGET_FILE:ptxsim> ${CMAKE_BINARY_DIR}/shim
                     ${dir}/${p} ${src}/h200)
    set_tests_properties(cudart_prog_${p} PROPERTIES LABELS "cudart" FIXTURES_REQUIRED cudart_progs
                         SKIP_RETURN_CODE 77 TIMEOUT 600)
  endforeach()
  # the racy and the faulting program, with every checker: the report names kernel, thread, line
  set_tests_properties(cudart_prog_racy PROPERTIES ENVIRONMENT "CHECK=race;KERNEL=rotate")
  set_tests_properties(cudart_prog_fault PROPERTIES ENVIRONMENT "CHECK=out-of-bounds;KERNEL=fill_rows")
  # a register never assigned and stored: found (tests/cudart/progs/uninit.cu)
  set_tests_properties(cudart_prog_uninit PROPERTIES ENVIRONMENT "CHECK=uninitialized;KERNEL=scale")
  # the correct programs, with every checker: no error finding (a finding would be a false error);
  # CUB and Thrust compute with the undefined items of partial tiles and discard them
  # (docs/checkers.md, "Registers")
  foreach(p atomics cluster coop_grid copies dynsmem managed math printf streams_events symbols
            templates warp_intrinsics cub_ops thrust_ops)
    set_tests_properties(cudart_prog_${p} PROPERTIES ENVIRONMENT "CHECK=clean")
  endforeach()
endif()
