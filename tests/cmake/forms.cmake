# forms area (scripts/form_sweep.py, isa/form_rules.c): every spelling of the executable rows of
# isa/forms.def judged by ptxas, `ptxsim parse` and `ptxsim run`; any disagreement fails.
# With ptxas: a sample of the sweep (every 7th spelling) on three targets, judged afresh.
add_test(NAME form_sweep_ptxas
         COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/form_sweep.py --ptxsim $<TARGET_FILE:ptxsim>
                 --sample 7 --target sm_90 --target sm_80 --target sm_120)
set_tests_properties(form_sweep_ptxas PROPERTIES LABELS "ptxas;isa" SKIP_RETURN_CODE 77 TIMEOUT 600)
# Everywhere: the spellings and ptxas verdicts recorded in tests/forms/sweep.txt (regenerate with
# form_sweep.py --target sm_90 --target sm_80 --run none --write-list tests/forms/sweep.txt).
add_test(NAME form_sweep_list
         COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/form_sweep.py --ptxsim $<TARGET_FILE:ptxsim>
                 --check-list ${CMAKE_SOURCE_DIR}/tests/forms/sweep.txt)
set_tests_properties(form_sweep_list PROPERTIES LABELS "isa" TIMEOUT 600)
