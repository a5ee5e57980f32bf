# forms area (scripts/form_sweep.py, isa/form_rules.c, parser/validate_words.c): every spelling of
# the executable rows of isa/forms.def and of scripts/isa_audit.py's families (every family: the
# rows spelled "*" and the P_NOEXEC ones included) judged by ptxas, `ptxsim parse` and `ptxsim run`;
# any disagreement, in either direction, fails (there is no list of known ones).
# With ptxas: every 7th spelling of every family, judged afresh on five targets.
add_test(NAME form_sweep_ptxas
         COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/form_sweep.py --ptxsim $<TARGET_FILE:ptxsim>
                 --sample 7 --audit all
                 --target sm_80 --target sm_90 --target sm_90a --target sm_100a --target sm_120)
set_tests_properties(form_sweep_ptxas PROPERTIES LABELS "ptxas;isa" SKIP_RETURN_CODE 77 TIMEOUT 900)
# ptxas as the oracle of the located reject inputs of the rules the sweep's disagreements and
# first-error comparisons fixed (test_parser checks ptxsim's diagnostics on the same files).
set(PS_FORMS_INPUTS ${CMAKE_SOURCE_DIR}/tests/parser/reject_ctrl_cluster_barrier_words.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_target_subbyte_sm72.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_target_tex_f16_sm52.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_target_param_entry_sm60.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_mods_sem_cluster_space.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_types_shf_words.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_mods_order_groups_first.ptx
    ${CMAKE_SOURCE_DIR}/tests/parser/reject_regress_list_recovery.ptx)
add_test(NAME forms_inputs_ptxas COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/ptxas_diff/check_inputs.py ${PS_FORMS_INPUTS})
set_tests_properties(forms_inputs_ptxas PROPERTIES LABELS "ptxas;isa" SKIP_RETURN_CODE 77)
# Everywhere: the spellings and ptxas verdicts recorded in tests/forms/sweep.txt (regenerate with
# the command in docs/ptxas-diff.md, "Every family on every target").
add_test(NAME form_sweep_list
         COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/form_sweep.py --ptxsim $<TARGET_FILE:ptxsim>
                 --check-list ${CMAKE_SOURCE_DIR}/tests/forms/sweep.txt)
set_tests_properties(form_sweep_list PROPERTIES LABELS "isa" TIMEOUT 900)

# What ptxas accepts and ptxsim cannot run (st.async/red.async without an mbarrier operand, tex/tld4
# with a sampler operand): parse accepts each line with a warning, run refuses the kernel at decode
# (exit status 2).
add_test(NAME forms_parse_warns_async_store
         COMMAND sh -c "$<TARGET_FILE:ptxsim> parse ${CMAKE_SOURCE_DIR}/tests/forms/async_store_noexec/k.ptx 2>&1 | grep -c 'accepted, but ptxsim cannot run it'")
set_tests_properties(forms_parse_warns_async_store PROPERTIES LABELS "isa" PASS_REGULAR_EXPRESSION "^5\n")
add_test(NAME forms_run_refuses_async_store
         COMMAND sh -c "out=$($<TARGET_FILE:ptxsim> run ${CMAKE_SOURCE_DIR}/tests/forms/async_store_noexec/case.json 2>&1); rc=$?; test $rc -eq 2 && echo \"$out\" | grep -q 'k.ptx:14:3: warning: accepted, but ptxsim cannot run it'")
set_tests_properties(forms_run_refuses_async_store PROPERTIES LABELS "isa")
add_test(NAME forms_parse_warns_tex_sampler
         COMMAND sh -c "$<TARGET_FILE:ptxsim> parse ${CMAKE_SOURCE_DIR}/tests/forms/tex_sampler_noexec/k.ptx 2>&1 | grep -c 'accepted, but ptxsim cannot run it'")
set_tests_properties(forms_parse_warns_tex_sampler PROPERTIES LABELS "isa" PASS_REGULAR_EXPRESSION "^4\n")
add_test(NAME forms_run_refuses_tex_sampler
         COMMAND sh -c "out=$($<TARGET_FILE:ptxsim> run ${CMAKE_SOURCE_DIR}/tests/forms/tex_sampler_noexec/case.json 2>&1); rc=$?; test $rc -eq 2 && echo \"$out\" | grep -q 'k.ptx:17:2: warning: accepted, but ptxsim cannot run it: .*a sampler operand'")
set_tests_properties(forms_run_refuses_tex_sampler PROPERTIES LABELS "isa")

# `ptxsim decode` (docs/decode.md): golden listings of decoded programs, compared byte for byte.
# Each .expected was checked by hand against its .ptx: slots, handlers, branch targets and the
# reconvergence points (the immediate post-dominators of the branches in the CFG).
file(GLOB PS_DECODE_CASES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/decode/*.ptx)
foreach(ptx ${PS_DECODE_CASES})
  get_filename_component(name ${ptx} NAME_WE)
  string(REGEX REPLACE "\\.ptx$" ".expected" expected ${ptx})
  add_test(NAME decode_${name}
           COMMAND sh -c "cd ${CMAKE_SOURCE_DIR} && $<TARGET_FILE:ptxsim> decode tests/decode/${name}.ptx | cmp - ${expected}")
  set_tests_properties(decode_${name} PROPERTIES LABELS "decode")
endforeach()
# a kernel the module lacks: a diagnostic and exit status 2
add_test(NAME decode_unknown_kernel
         COMMAND sh -c "out=$($<TARGET_FILE:ptxsim> decode ${CMAKE_SOURCE_DIR}/tests/decode/alu.ptx --kernel nosuch 2>&1); rc=$?; test $rc -eq 2 && echo \"$out\" | grep -q \"has no kernel 'nosuch'\"")
set_tests_properties(decode_unknown_kernel PROPERTIES LABELS "decode")

# The C sources are formatted as .clang-format says (clang-format 14; scripts/check_format.sh --fix
# reformats). Skipped where clang-format-14 is not installed.
add_test(NAME format_check COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check_format.sh)
set_tests_properties(format_check PROPERTIES LABELS "format" SKIP_RETURN_CODE 77)
