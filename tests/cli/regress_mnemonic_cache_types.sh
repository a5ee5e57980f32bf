#!/usr/bin/env bash
# Regression (merge of this session): ps_insn kept its types as bytes while the mnemonic cache
# copied them as ps_type, so the second instruction of a spelling ("cvt.u32.u16" twice) came out
# with garbage types and parse warned that ptxsim cannot run it (the corpus's int16 kernel then
# refused to run). Every spelling must decode alike however often it appears.
. "$(dirname "$0")/../limits/lib.sh"
cat >"$tmp/c.ptx" <<'PTX'
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
  .reg .b16 a;
  .reg .u32 t, u;
  mov.u16 a, 7;
  cvt.u32.u16 u, a;
  cvt.s32.s16 t, a;
  cvt.u32.u16 u, a;
  add.u32 t, t, u;
  add.u32 t, t, u;
  ret;
}
PTX
expect 0 ': ok ' "$ptxsim" parse "$tmp/c.ptx"
refute 'cannot run'
