# mem area (scripts/ptxas_diff fam_ldst, fam_atom, fam_sync; parser/validate_mem.c, isa/mem_rules.c).

# ptxas is the oracle of the mem parser inputs: it accepts the accept_/warn_ files and reports
# every line a reject file expects (skipped without ptxas).
file(GLOB PS_MEM_INPUTS ${CMAKE_SOURCE_DIR}/tests/parser/accept_mem_*.ptx ${CMAKE_SOURCE_DIR}/tests/parser/reject_mem_*.ptx
     ${CMAKE_SOURCE_DIR}/tests/parser/warn_mem_*.ptx)
add_test(NAME mem_inputs_ptxas COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/ptxas_diff/check_inputs.py ${PS_MEM_INPUTS})
set_tests_properties(mem_inputs_ptxas PROPERTIES LABELS ptxas SKIP_RETURN_CODE 77)

# What ptxas accepts and ptxsim cannot run yet (f16/bf16 and vector atomics, b128 and b16 cas/exch):
# parse accepts it and says it cannot run it, one warning a line.
add_test(NAME mem_parse_warns_unrunnable_atomics
         COMMAND sh -c "$<TARGET_FILE:ptxsim> parse ${CMAKE_SOURCE_DIR}/tests/parser/warn_mem_atom.ptx 2>&1 | grep -c 'accepted, but ptxsim cannot run it'")
set_tests_properties(mem_parse_warns_unrunnable_atomics PROPERTIES LABELS unit PASS_REGULAR_EXPRESSION "^10\n")

# What the mem rules newly accept runs: prefetch.const/.param.tensormap as no-ops, the store after
# them compared with its expected word.
add_test(NAME mem_run_prefetch_tensormap
         COMMAND $<TARGET_FILE:ptxsim> run ${CMAKE_SOURCE_DIR}/tests/data/mem_prefetch_tensormap/case.json
                 --out ${CMAKE_CURRENT_BINARY_DIR}/mem_prefetch_tensormap)
set_tests_properties(mem_run_prefetch_tensormap PROPERTIES LABELS unit)

# Textures and surfaces (docs/textures.md): the kernels tests/test_tex.c runs are what their
# generator writes, and ptxas accepts them (skipped without ptxas).
add_test(NAME tex_kernels_ptxas
         COMMAND sh -c "python3 ${CMAKE_SOURCE_DIR}/tests/data/tex/gen_kernels.py | cmp - ${CMAKE_SOURCE_DIR}/tests/data/tex/tex_kernels.ptx || exit 1; command -v ptxas >/dev/null || exit 77; ptxas -arch=sm_90 ${CMAKE_SOURCE_DIR}/tests/data/tex/tex_kernels.ptx -o /dev/null && ptxas -arch=sm_90 ${CMAKE_SOURCE_DIR}/tests/data/tex/case/tex_case.ptx -o /dev/null && ptxas -arch=sm_90 ${CMAKE_SOURCE_DIR}/tests/data/tex/cube/cube.ptx -o /dev/null && ptxas -arch=sm_90 ${CMAKE_SOURCE_DIR}/tests/data/tex/sured_many/sured_many.ptx -o /dev/null")
set_tests_properties(tex_kernels_ptxas PROPERTIES LABELS ptxas SKIP_RETURN_CODE 77)
# A surface and a texture object given as manifest parameters (tests/data/tex/case): `ptxsim run`
# matches the expected files, and they are what gen_case.py (the reference) computes.
add_test(NAME tex_manifest_run
         COMMAND $<TARGET_FILE:ptxsim> run ${CMAKE_SOURCE_DIR}/tests/data/tex/case/case.json
                 --out ${CMAKE_CURRENT_BINARY_DIR}/tex_manifest_run)
set_tests_properties(tex_manifest_run PROPERTIES LABELS unit)
add_test(NAME tex_manifest_oracle
         COMMAND sh -c "d=$(mktemp -d) && cp ${CMAKE_SOURCE_DIR}/tests/data/tex/case/gen_case.py $d && cd $d && python3 gen_case.py && for f in *.bin; do cmp $f ${CMAKE_SOURCE_DIR}/tests/data/tex/case/$f || exit 1; done; rm -r $d")
set_tests_properties(tex_manifest_oracle PROPERTIES LABELS unit)
# A cubemap texture object through a manifest (tests/data/tex/cube): `ptxsim run` matches what the
# H200 read at the same 3072 directions (lab/textures/cube_probe*.h200.txt, through gen_cube.py).
add_test(NAME tex_cube_manifest_run
         COMMAND $<TARGET_FILE:ptxsim> run ${CMAKE_SOURCE_DIR}/tests/data/tex/cube/case.json
                 --out ${CMAKE_CURRENT_BINARY_DIR}/tex_cube_manifest_run)
set_tests_properties(tex_cube_manifest_run PROPERTIES LABELS "unit;gpu-recorded")
add_test(NAME tex_cube_manifest_oracle
         COMMAND sh -c "d=$(mktemp -d) && cd $d && python3 ${CMAKE_SOURCE_DIR}/tests/data/tex/cube/gen_cube.py ${CMAKE_SOURCE_DIR}/lab/textures && for f in *.bin; do cmp $f ${CMAKE_SOURCE_DIR}/tests/data/tex/cube/$f || exit 1; done; rm -r $d")
set_tests_properties(tex_cube_manifest_oracle PROPERTIES LABELS unit)
# sured from 64 CTAs on 4 host threads into 4 texels must give the sums 64 * 32 * (1 + i) (written
# by python3 below). A lost update would show, but a non-atomic sured does not lose one on every
# run: this checks the reductions, not their atomicity.
add_test(NAME tex_sured_atomic
         COMMAND sh -c "python3 -c \"import struct,sys; sys.stdout.buffer.write(struct.pack('<4I', *[64*32*(1+i) for i in range(4)]))\" | cmp - ${CMAKE_SOURCE_DIR}/tests/data/tex/sured_many/surf.expected.bin && $<TARGET_FILE:ptxsim> run ${CMAKE_SOURCE_DIR}/tests/data/tex/sured_many/case.json --threads 4 --out ${CMAKE_CURRENT_BINARY_DIR}/tex_sured_atomic")
set_tests_properties(tex_sured_atomic PROPERTIES LABELS unit)
