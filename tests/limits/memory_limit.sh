#!/usr/bin/env bash
# Rows 4, 5 and 16 of issue 15: `.local .b8 l[1000000000]` aborted ("out of memory"),
# `.global .b8 g[1000000000000]` exited 2 without a word, and ten 8 GB buffers were accepted.
# Device memory, module variables and a launch's shared and local memory now meet one limit
# (--max-memory, default 4 GiB), checked before anything is allocated, and local memory per
# thread meets CUDA's 512 KiB; every refusal names the limit.
. "$(dirname "$0")/lib.sh"
mk() {
    printf '.version 8.0\n.target sm_80\n.address_size 64\n%s\n.visible .entry k(.param .u64 out)\n{\n%s\n.reg .b64 %%rd<3>;\nld.param.u64 %%rd1, [out];\nmov.u64 %%rd2, %s;\nst.u64 [%%rd1], %%rd2;\nret;\n}\n' "$1" "$2" "$3" >"$tmp/m.ptx"
    printf '{"ptx": "m.ptx", "kernel": "k", "grid": [4, 1, 1], "block": [256, 1, 1],
  "buffers": [{"name": "o", "type": "u64", "count": 1}%s], "params": [{"buffer": "o"}]}\n' "${4:-}" >"$tmp/m.json"
}
# row 5: a module variable larger than the limit, located at its declaration
mk '.global .b8 g[1000000000000];' '' g
expect 2 "m.ptx:4:13: error: variable 'g' needs 1000000000000 bytes of device memory; 0 of the 4294967296-byte memory limit" "$ptxsim" run "$tmp/m.json"
expect 0 "m.ptx:4:13: warning: accepted, but ptxsim cannot run it: variable 'g' needs 1000000000000 bytes" "$ptxsim" parse "$tmp/m.ptx"
expect 2 "variable 'g' needs 1000000000000 bytes of device memory; 0 of the 1073741824-byte memory limit" "$ptxsim" run "$tmp/m.json" --max-memory 1G
# row 4: local memory past CUDA's 512 KiB per thread, then past what --max-memory leaves
mk '' '.local .b8 l[1000000000];' l
expect 2 "m.ptx:5:17: kernel 'k' needs 1000000000 bytes of local memory per thread .*CUDA allows at most 524288 \(512 KiB\)" "$ptxsim" run "$tmp/m.json"
expect 0 "m.ptx:5:17: warning: accepted, but ptxsim cannot run it: kernel 'k' needs 1000000000 bytes of local memory per thread; CUDA allows at most 524288" "$ptxsim" parse "$tmp/m.ptx"
mk '' '.local .b8 l[524288];' l
expect 0 ': ok ' "$ptxsim" parse "$tmp/m.ptx"
refute 'warning'
expect 0 '' "$ptxsim" run "$tmp/m.json" --quiet --threads 2
expect 2 "kernel 'k' needs 134218768 bytes of host memory for the shared and local memory of one CTA .* only [0-9]+ are left under the memory limit" "$ptxsim" run "$tmp/m.json" --max-memory 100M
expect 2 "needs 134218768 bytes of host memory" "$ptxsim" check "$tmp/m.json" --max-memory 100M
# row 16: buffers meet the limit before any memory is taken
mk '' '' 0 ', {"name": "big", "type": "u64", "count": 1000000000}'
expect 2 "buffers\[1\].count: 1000000000 is out of range 1..536870912 \(536870912 u64 elements fill the manifest memory limit of 4294967296 bytes\)" "$ptxsim" run "$tmp/m.json"
expect 2 "buffers\[1\].count: 1000000000 is out of range 1..1048576 .*limit of 8388608 bytes" "$ptxsim" run "$tmp/m.json" --max-memory 8192K
# --max-memory takes bytes or K, M, G
for bad in 0 -1 4X 1.5G 99999999999G ''; do
    expect 2 'ptxsim: error: --max-memory needs a positive size' "$ptxsim" run "$tmp/m.json" --max-memory "$bad"
done
