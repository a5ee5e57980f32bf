#!/usr/bin/env bash
# Row 17 of issue 15: an invalid launch configuration names the limit it breaks, located in
# the manifest (CUDA's limits
# for compute capability 5.0 and later: grid.x <= 2^31-1, grid.y and grid.z <= 65535, block.x
# and block.y <= 1024, block.z <= 64, 1024 threads per block).
. "$(dirname "$0")/lib.sh"
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n' >"$tmp/e.ptx"
launch() {
    printf '{"ptx": "e.ptx", "kernel": "k", "grid": %s, "block": %s, "params": []}\n' "$1" "$2" >"$tmp/e.json"
}
launch '[1000000000, 1000000000, 1]' '[1, 1, 1]'
expect 2 'grid\[1\]: 1000000000 is out of range 1..65535 \(the largest grid.y\)' "$ptxsim" run "$tmp/e.json"
launch '[1, 1, 65536]' '[1, 1, 1]'
expect 2 'grid\[2\]: 65536 is out of range 1..65535 \(the largest grid.z\)' "$ptxsim" run "$tmp/e.json"
launch '[1, 1, 1]' '[1025, 1, 1]'
expect 2 'block\[0\]: 1025 is out of range 1..1024 \(the largest block.x\)' "$ptxsim" run "$tmp/e.json"
launch '[1, 1, 1]' '[1, 1, 65]'
expect 2 'block\[2\]: 65 is out of range 1..64 \(the largest block.z\)' "$ptxsim" run "$tmp/e.json"
launch '[1, 1, 1]' '[32, 32, 2]'
expect 2 'block: 2048 threads per block; the limit is 1024' "$ptxsim" run "$tmp/e.json"
expect 2 'block: 2048 threads per block; the limit is 1024' "$ptxsim" check "$tmp/e.json"
launch '[1, 65535, 1]' '[32, 32, 1]'
expect 0 '' "$ptxsim" run "$tmp/e.json" --quiet
