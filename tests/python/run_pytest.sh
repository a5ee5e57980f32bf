#!/bin/sh
# run_pytest.sh LIB TEST.py — runs a pytest file with the first Python that has numpy and pytest
# (CMake's interpreter, else Debian's /usr/bin/python3, where scripts/setup.sh installs them);
# exit 77 (skipped) when none has.
lib=$1 test=$2
for py in "${PYTHON:-python3}" /usr/bin/python3; do
  if "$py" -c 'import numpy, pytest' 2>/dev/null; then
    PTXSIM_LIB=$lib exec "$py" -m pytest -q -p no:cacheprovider "$test"
  fi
done
echo "skipped: no Python with numpy and pytest (scripts/setup.sh installs python3-numpy python3-pytest)"
exit 77
