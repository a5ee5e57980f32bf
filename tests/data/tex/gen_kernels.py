#!/usr/bin/env python3
"""Writes tex_kernels.ptx: one entry per texture or surface instruction form that test_tex.c runs.
Every kernel takes p0 = the object's handle, p1 = the texels, p2 = four 32-bit inputs per thread,
p3 = four 32-bit outputs per thread, p4 = 1 when p0 is the address of ptxsim's 64-byte description
in a plain buffer (test_tex.c: thread 0 then writes the texels' address p1 into it at byte 16, where
the encoding keeps it), 0 on a GPU (lab/textures/record.cu passes a real object). Run:
  python3 tests/data/tex/gen_kernels.py > tests/data/tex/tex_kernels.ptx"""

HEAD = """.version 8.1
.target sm_90
.address_size 64
"""

BODY = """
.visible .entry {name}(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u64 p3, .param .u64 p4)
{{
  .reg .pred %p<3>;
  .reg .b16 %h<8>;
  .reg .b32 %r<20>;
  .reg .f32 %f<20>;
  .reg .b64 %rd<20>;
  ld.param.u64 %rd1, [p0];
  ld.param.u64 %rd2, [p1];
  ld.param.u64 %rd3, [p2];
  ld.param.u64 %rd4, [p3];
  ld.param.u64 %rd8, [p4];
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 0;
  setp.ne.u64 %p2, %rd8, 0;
  and.pred %p1, %p1, %p2;
  @%p1 st.global.u64 [%rd1+16], %rd2;
  bar.sync 0;
  mul.wide.u32 %rd5, %r1, 16;
  add.u64 %rd6, %rd3, %rd5;
  add.u64 %rd7, %rd4, %rd5;
  ld.global.v4.u32 {{%r2, %r3, %r4, %r5}}, [%rd6];
  mov.b32 %f1, %r3;
  mov.b32 %f2, %r4;
  mov.b32 %f3, %r5;
  mov.b32 %f4, %r2;
  mov.u32 %r10, 0;
  mov.u32 %r11, 0;
  mov.u32 %r12, 0;
  mov.u32 %r13, 0;
  mov.u64 %rd10, 0;
  mov.u64 %rd11, 0;
  mov.u16 %h1, 0;
  mov.u16 %h2, 0;
  mov.u16 %h3, 0;
  mov.u16 %h4, 0;
{insn}
  st.global.v4.u32 [%rd7], {{%r10, %r11, %r12, %r13}};
  ret;
}}
"""

K = []
def k(name, *lines):
    K.append(BODY.format(name=name, insn="\n".join("  " + l for l in lines)))

# surfaces: r2 = layer (a1d/a2d) or x, then r3.. the other coordinates; values to store r2..r5
# loads: x bytes in r2, y in r3, z in r4
for mode in ("trap", "clamp", "zero"):
    k(f"suld_1d_b32_{mode}", f"suld.b.1d.b32.{mode} %r10, [%rd1, {{%r2}}];")
    k(f"suld_2d_b32_{mode}", f"suld.b.2d.b32.{mode} %r10, [%rd1, {{%r2, %r3}}];")
    k(f"sust_2d_b32_{mode}", f"sust.b.2d.b32.{mode} [%rd1, {{%r2, %r3}}], %r4;")
k("suld_2d_v4_b8", "suld.b.2d.v4.b8.trap {%h1, %h2, %h3, %h4}, [%rd1, {%r2, %r3}];",
  "cvt.u32.u16 %r10, %h1;", "cvt.u32.u16 %r11, %h2;", "cvt.u32.u16 %r12, %h3;", "cvt.u32.u16 %r13, %h4;")
k("suld_2d_v2_b16", "suld.b.2d.v2.b16.trap {%h1, %h2}, [%rd1, {%r2, %r3}];",
  "cvt.u32.u16 %r10, %h1;", "cvt.u32.u16 %r11, %h2;")
k("suld_2d_b8", "suld.b.2d.b8.zero %h1, [%rd1, {%r2, %r3}];", "cvt.u32.u16 %r10, %h1;")
k("suld_2d_v4_b32", "suld.b.2d.v4.b32.trap {%r10, %r11, %r12, %r13}, [%rd1, {%r2, %r3}];")
k("suld_2d_v2_b64", "suld.b.2d.v2.b64.trap {%rd10, %rd11}, [%rd1, {%r2, %r3}];",
  "mov.b64 {%r10, %r11}, %rd10;", "mov.b64 {%r12, %r13}, %rd11;")
k("suld_3d_b32", "suld.b.3d.b32.trap %r10, [%rd1, {%r2, %r3, %r4, %r4}];")
k("suld_a1d_b32", "suld.b.a1d.b32.clamp %r10, [%rd1, {%r2, %r3}];")
k("suld_a2d_v2_b32", "suld.b.a2d.v2.b32.zero {%r10, %r11}, [%rd1, {%r2, %r3, %r4, %r4}];")
k("sust_2d_v4_b8", "cvt.u16.u32 %h1, %r4;", "cvt.u16.u32 %h2, %r5;",
  "sust.b.2d.v4.b8.trap [%rd1, {%r2, %r3}], {%h1, %h2, %h1, %h2};")
k("sust_3d_v2_b64", "mov.b64 %rd10, {%r5, %r1};", "mov.b64 %rd11, {%r1, %r5};",
  "sust.b.3d.v2.b64.trap [%rd1, {%r2, %r3, %r4, %r4}], {%rd10, %rd11};")
k("sust_a2d_b32", "sust.b.a2d.b32.trap [%rd1, {%r2, %r3, %r4, %r4}], %r5;")
# sured: byte x, y, z in r2..r4 (1d: r2), the value r5 (64-bit: {r5, r1})
k("sured_2d_add_u32_trap", "sured.b.add.2d.u32.trap [%rd1, {%r2, %r3}], %r5;")
k("sured_1d_min_s32_zero", "sured.b.min.1d.s32.zero [%rd1, {%r2}], %r5;")
k("sured_1d_max_u64_clamp", "mov.b64 %rd10, {%r5, %r1};", "sured.b.max.1d.u64.clamp [%rd1, {%r2}], %rd10;")
k("sured_2d_and_b32_trap", "sured.b.and.2d.b32.trap [%rd1, {%r2, %r3}], %r5;")
k("sured_2d_or_b32_zero", "sured.b.or.2d.b32.zero [%rd1, {%r2, %r3}], %r5;")
k("sured_3d_min_s64_trap", "mov.b64 %rd10, {%r5, %r1};", "sured.b.min.3d.s64.trap [%rd1, {%r2, %r3, %r4, %r4}], %rd10;")
k("sured_2d_add_s32_clamp", "sured.b.add.2d.s32.clamp [%rd1, {%r2, %r3}], %r5;")
for q in ("width", "height", "depth"):  # not array_size, memory_layout: the driver refuses them
    k(f"suq_{q}", f"suq.{q}.b32 %r10, [%rd1];")
for q in ("width", "height", "depth", "array_size", "normalized_coords", "filter_mode", "addr_mode_0",
          "addr_mode_1", "num_mipmap_levels", "num_samples"):
    k(f"txq_{q}", f"txq.{q}.b32 %r10, [%rd1];")
# tex: float coordinates x, y, z in f1, f2, f3; the layer in r2
FD = "{%f10, %f11, %f12, %f13}"
FS = ["mov.b32 %r10, %f10;", "mov.b32 %r11, %f11;", "mov.b32 %r12, %f12;", "mov.b32 %r13, %f13;"]
k("tex_1d_f32", f"tex.1d.v4.f32.f32 {FD}, [%rd1, {{%f1}}];", *FS)
k("tex_2d_f32", f"tex.2d.v4.f32.f32 {FD}, [%rd1, {{%f1, %f2}}];", *FS)
k("tex_3d_f32", f"tex.3d.v4.f32.f32 {FD}, [%rd1, {{%f1, %f2, %f3, %f3}}];", *FS)
k("tex_a1d_f32", f"tex.a1d.v4.f32.f32 {FD}, [%rd1, {{%r2, %f1}}];", *FS)
k("tex_a2d_f32", f"tex.a2d.v4.f32.f32 {FD}, [%rd1, {{%r2, %f1, %f2, %f2}}];", *FS)
k("tex_base_2d_f32", f"tex.base.2d.v4.f32.f32 {FD}, [%rd1, {{%f1, %f2}}];", *FS)
k("tex_2d_u32", "tex.2d.v4.u32.f32 {%r10, %r11, %r12, %r13}, [%rd1, {%f1, %f2}];")
k("tex_2d_s32", "tex.2d.v4.s32.f32 {%r10, %r11, %r12, %r13}, [%rd1, {%f1, %f2}];")
k("tex_2d_s32_icoord", "tex.2d.v4.s32.s32 {%r10, %r11, %r12, %r13}, [%rd1, {%r3, %r4}];")
k("tex_2d_f32_icoord", f"tex.2d.v4.f32.s32 {FD}, [%rd1, {{%r3, %r4}}];", *FS)
for comp in "rgba":
    k(f"tld4_2d_{comp}_f32", f"tld4.{comp}.2d.v4.f32.f32 {FD}, [%rd1, {{%f1, %f2}}];", *FS)
k("tld4_a2d_g_f32", f"tld4.g.a2d.v4.f32.f32 {FD}, [%rd1, {{%r2, %f1, %f2, %f2}}];", *FS)
k("tld4_2d_b_u32", "tld4.b.2d.v4.u32.f32 {%r10, %r11, %r12, %r13}, [%rd1, {%f1, %f2}];")
k("tld4_2d_r_s32", "tld4.r.2d.v4.s32.f32 {%r10, %r11, %r12, %r13}, [%rd1, {%f1, %f2}];")

print(HEAD + "".join(K), end="")
