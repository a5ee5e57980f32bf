# The Python package python/ptxsim (ctypes over libptxsim.so) under pytest; skipped (77) without
# numpy or pytest, which scripts/setup.sh installs.
if(Python3_FOUND AND NOT PTXSIM_SANITIZE) # python3 is not instrumented
  add_test(NAME python_package
           COMMAND env PYTHON=${Python3_EXECUTABLE} sh ${CMAKE_CURRENT_SOURCE_DIR}/python/run_pytest.sh
                   $<TARGET_FILE:ptxsim_shared> ${CMAKE_CURRENT_SOURCE_DIR}/python/test_package.py)
  set_tests_properties(python_package PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
endif()
