#!/bin/bash
# The GPU harness as a Driver-API client: `ptxsim gpu-run` on corpus cases with LD_LIBRARY_PATH
# pointing at the libcuda shim; every buffer recorded on an H200 (<buffer>.<tag>.gpu.bin, see
# docs/gpu.md) must come out byte for byte. Usage: gpu_run_recorded.sh PTXSIM SHIM_DIR OUT_DIR CASE...
set -u
ptxsim=$1 shim=$2 out=$3
mkdir -p "$out"
shift 3
fail=0 compared=0
for c in "$@"; do
    dir=$(dirname "$c") base=$(basename "$c" .json) tag=${base#case}; tag=${tag#.}
    o=$out/$(basename "$dir")${tag:+.$tag}
    rm -rf "$o"
    if ! LD_LIBRARY_PATH=$shim PTXSIM_CUDA_QUIET=1 "$ptxsim" gpu-run "$c" --out "$o" --quiet 2>"$o.stderr"; then
        echo "FAIL $c: gpu-run under the shim failed"; cat "$o.stderr"; fail=1; continue
    fi
    for rec in "$dir"/*${tag:+.$tag}.gpu.bin; do
        [ -e "$rec" ] || continue
        buf=$(basename "$rec" .gpu.bin); buf=${buf%${tag:+.$tag}}
        compared=$((compared + 1))
        if cmp -s "$o/$buf.bin" "$rec"; then echo "ok   $c: $buf"; else echo "FAIL $c: $buf differs from $rec"; fail=1; fi
    done
done
echo "$compared buffers compared"
[ $compared -gt 0 ] && exit $fail || exit 1
