#!/usr/bin/env bash
# subset.sh BUILD_DIR OUT_DIR — the CTest tinygrad_mock_subset: run.sh on test_tiny.py and a few
# test_ops.py tests that cover tinygrad's PTX (ALU, transcendental, reduce, matmul, shared-memory
# and integer-parameter kernels), with the tinygrad checkout named by $TINYGRAD_DIR. Exit 77 (skip)
# when $TINYGRAD_DIR is unset or run.sh finds no tinygrad or no torch.
set -euo pipefail
[ -n "${TINYGRAD_DIR:-}" ] || { echo "subset.sh: skip: TINYGRAD_DIR is not set"; exit 77; }
export PYTEST_K="test_tiny or test_sin or test_exp or test_log or test_sqrt or test_matmul or test_sum or test_max or test_cumsum or test_gather or test_where or test_cmp"
exec bash "$(dirname "$0")/run.sh" "$TINYGRAD_DIR" "$1" "$2" test/test_tiny.py test/backend/test_ops.py
