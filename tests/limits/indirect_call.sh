#!/usr/bin/env bash
# Row 1 of issue 15: an indirect call through a bad pointer (0x4000ffffffff: above the function
# symbols; a buffer's address; the address of a kernel) is a located fault (exit 3), never a
# crash or a call of another function. A good pointer still calls f: out = 5 + 1.
. "$(dirname "$0")/lib.sh"
cat >"$tmp/call.ptx" <<'PTX'
.version 8.0
.target sm_80
.address_size 64
.visible .func (.reg .b32 r) f(.reg .b32 a)
{
	add.s32 r, a, 1;
	ret;
}
.visible .entry k(.param .u64 out, .param .u64 fp)
{
	.reg .b64 %rd<4>;
	.reg .b32 %r<3>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [fp];
	mov.u32 %r1, 5;
	proto: .callprototype (.reg .b32 _) _ (.reg .b32 _);
	call (%r2), %rd2, (%r1), proto;
	st.global.u32 [%rd1], %r2;
	ret;
}
PTX
case_with() {
    printf '{"ptx": "call.ptx", "kernel": "k", "grid": [1, 1, 1], "block": [32, 1, 1],
  "buffers": [{"name": "o", "type": "u32", "count": 1}], "params": [{"buffer": "o"}, %s]}\n' "$1" >"$tmp/call.json"
}
case_with '{"u64": "0x4000ffffffff"}'
expect 3 'call.ptx:17: error: .*indirect call to a non-function 0x4000ffffffff' "$ptxsim" run "$tmp/call.json"
case_with '{"buffer": "o"}'
expect 3 'call.ptx:17: error: .*indirect call to a non-function 0x7' "$ptxsim" run "$tmp/call.json"
case_with '{"u64": "0x400000000001"}'
expect 3 "call.ptx:17: error: .*which is kernel 'k': a kernel cannot be called" "$ptxsim" run "$tmp/call.json"
# the symbol of f is 0x400000000000 (the first function of the module)
case_with '{"u64": "0x400000000000"}'
expect 0 '' "$ptxsim" run "$tmp/call.json" --out "$tmp/o"
[ "$(od -An -tu4 "$tmp/o/o.bin" | tr -d ' ')" = 6 ] || fail "f(5) must return 6"
