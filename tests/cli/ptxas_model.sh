#!/usr/bin/env bash
# --no-ptxas-model (docs/instructions.md "Contraction"): a mul feeding an add, both without a
# rounding modifier, is one fma by default, as ptxas compiles it (lab/ptxas_fma), and two roundings
# with the option. a = b = 1 + 2^-12, c = -(a*b rounded) = -(1 + 2^-11): the exact a*b + c is 2^-24
# (0x33800000, one rounding, exact), the rounded product plus c is 0 (IEEE arithmetic, by hand).
. "$(dirname "$0")/../limits/lib.sh"
cd "$tmp"
kernel 'ld.param.u64 %rd1, [out];' 'cvta.to.global.u64 %rd1, %rd1;' \
    'mov.f32 %f1, 0f3F800800;' 'mov.f32 %f2, 0f3F800800;' 'mov.f32 %f3, 0fBF801000;' \
    'mul.f32 %f4, %f1, %f2;' 'add.f32 %f5, %f4, %f3;' 'st.global.f32 [%rd1], %f5;' |
    sed 's/^{$/{\n.reg .f32 %f<8>;\n.reg .b64 %rd<4>;/' > k.ptx
cat > case.json <<J
{"ptx": "k.ptx", "kernel": "k", "grid": [1, 1, 1], "block": [1, 1, 1],
 "buffers": [{"name": "out", "type": "u32", "count": 1, "init": {"fill": 7}}], "params": [{"buffer": "out"}]}
J
word() { od -An -tx4 "$1" | tr -d ' \n'; }
expect 0 '' "$ptxsim" run case.json --out on --quiet
[ "$(word on/out.bin)" = 33800000 ] || fail "default (ptxas model): out = $(word on/out.bin), expected 33800000"
expect 0 '' "$ptxsim" run --no-ptxas-model case.json --out off --quiet
[ "$(word off/out.bin)" = 00000000 ] || fail "--no-ptxas-model: out = $(word off/out.bin), expected 00000000"
# after the file too, and for check
expect 0 '' "$ptxsim" check case.json --no-ptxas-model --out off2 --quiet
[ "$(word off2/out.bin)" = 00000000 ] || fail "check --no-ptxas-model: out = $(word off2/out.bin)"
echo "ptxas_model: ok"
