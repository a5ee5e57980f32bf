/* test_decl.c — declarations, operand forms and state spaces run on the simulator: constant
 * expressions, var[K] operands, generic ld/st of variables by name (the address cvta gives),
 * function-scope .global/.const variables, .extern .shared seen from a .func, vector registers.
 * Expected values are C expressions or worked out by hand from the PTX ISA; where the ISA leaves
 * a form's meaning open, the value ptxas compiles it to (lab/ptxas_operands). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static char diag[4096];

static ps_status run_cfg(const char *ptx, tu_launch *cfg, tu_buf *b, int nb) {
    ps_launch_result res;
    diag[0] = 0;
    ps_status st = tu_run(ptx, "k", cfg, b, nb, &res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "%s", diag);
    return st;
}

static ps_status run(const char *ptx, unsigned block, tu_buf *b, int nb) {
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {block, 1, 1}};
    return run_cfg(ptx, &cfg, b, nb);
}

/* PTX ISA 4.6: C's operators and precedence on .s64/.u64 constants; the C compiler evaluates
 * the same expressions as the oracle. */
static void constant_expressions(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<12>; .reg .b64 %rd<4>; .reg .f32 %f<2>; .reg .f64 %fd<2>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  mov.u32 %r1, (1 << 4) | 3;\n"
                                "  mov.u32 %r2, -7 / 2;\n"
                                "  mov.u32 %r3, -7 % 2;\n"
                                "  mov.u32 %r4, (.u64)-1 >> 60;\n"
                                "  mov.u32 %r5, -1 >> 1;\n"
                                "  mov.u32 %r6, 0xffffffffffffffff / 2;\n" /* too large for .s64: .u64 */
                                "  mov.u32 %r7, 1 < 2 ? ~5 : !1;\n"
                                "  mov.u32 %r8, 3 + 4 * 5 - 6 / 3 ^ 1 & 7;\n"
                                "  mov.u32 %r9, 7U / 2 + -7 % 2 * (.u64)1;\n"
                                "  mov.f32 %f1, 1.0 / 3.0;\n"
                                "  mov.b32 %r10, %f1;\n"
                                "  mov.f64 %fd1, -(2.5 * 4.0) + .5;\n"
                                "  mov.b64 %rd2, %fd1;\n"
                                "  st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};\n"
                                "  st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};\n"
                                "  st.global.v2.u32 [%rd1+32], {%r9, %r10};\n"
                                "  st.global.u64 [%rd1+40], %rd2;\n"
                                "  ret; }\n";
    uint32_t out[12] = {0};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 1, &b, 1), PS_OK);
    float third = (float)(1.0 / 3.0);
    double d = -(2.5 * 4.0) + .5;
    uint32_t fb;
    uint64_t db;
    memcpy(&fb, &third, 4);
    memcpy(&db, &d, 8);
    assert_int_equal(out[0], (1 << 4) | 3);
    assert_int_equal(out[1], (uint32_t)(-7 / 2));
    assert_int_equal(out[2], (uint32_t)(-7 % 2));
    assert_int_equal(out[3], (uint32_t)((uint64_t)-1 >> 60));
    assert_int_equal(out[4], (uint32_t)(-1LL >> 1));
    assert_int_equal(out[5], (uint32_t)(0xffffffffffffffffull / 2));
    assert_int_equal(out[6], (uint32_t)(1 < 2 ? ~5 : !1));
    assert_int_equal(out[7], (uint32_t)((3 + 4 * 5 - 6 / 3) ^ (1 & 7))); /* C's precedence */
    assert_int_equal(out[8], (uint32_t)(7ull / 2 + (uint64_t)(-7LL % 2) * 1ull));
    assert_int_equal(out[9], fb);
    assert_int_equal(out[10], (uint32_t)db);
    assert_int_equal(out[11], (uint32_t)(db >> 32));
}

/* var[K] is the address var + K * sizeof(scalar type): ptxas compiles u32 a[K] to 4K, f64 to
 * 8K, and .v4 .f32 vv[K] to 4K too, not 16K (lab/ptxas_operands). ld/st take var[K] as their
 * address; [var+expr] and [reg+expr] fold the expression. */
static void array_element_operands(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".global .align 4 .u32 arr[8] = {10, 20, 30, 40, 50, 60, 70, 80};\n"
                                ".global .align 16 .v4 .u32 vv[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};\n"
                                ".global .align 8 .u64 wide[2] = {0x1111111122222222, 0x3333333344444444};\n"
                                ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<12>; .reg .b64 %rd<8>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  ld.global.u32 %r1, arr[3];\n" /* 40 */
                                "  mov.u64 %rd2, arr[2*2-1];\n"
                                "  ld.global.u32 %r2, [%rd2+4];\n"       /* arr[4] = 50 */
                                "  ld.global.u32 %r3, [arr+4*2];\n"      /* arr[2] = 30 */
                                "  ld.global.u32 %r4, [%rd2+(8-4)+4];\n" /* arr[5] = 60 */
                                "  ld.global.u32 %r5, vv[5];\n"          /* byte 20: vv[1].y = 6 */
                                "  mov.u64 %rd3, wide[1];\n"
                                "  ld.global.u32 %r6, [%rd3];\n" /* low half of wide[1] */
                                "  st.global.u32 arr[7], %r1;\n"
                                "  ld.global.u32 %r7, [arr+28];\n" /* 40 again */
                                "  mov.u64 %rd4, arr + -4;\n"
                                "  ld.global.u32 %r8, [%rd4+8];\n" /* arr[1] = 20 */
                                "  st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};\n"
                                "  st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r8};\n"
                                "  ret; }\n";
    uint32_t out[8] = {0};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 1, &b, 1), PS_OK);
    uint32_t want[8] = {40, 50, 30, 60, 6, 0x44444444u, 40, 20};
    for (int i = 0; i < 8; i++) assert_int_equal(out[i], want[i]);
}

/* ld/st without a state space on a .shared/.local/.global variable by name: the variable's
 * generic address, which is what cvta gives (PTX ISA 6.4.1.1): data written one way is read the
 * other way, and isspacep agrees. */
static void generic_access_by_name(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".global .align 4 .u32 g[4];\n"
                                ".shared .align 4 .u32 s[4];\n"
                                ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<12>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n"
                                "  .local .align 4 .u32 l[4];\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  mov.u32 %r1, %tid.x;\n"
                                "  add.u32 %r2, %r1, 100;\n"
                                "  st.shared.u32 [s+4], 77;\n"
                                "  st.u32 [s+8], %r2;\n" /* generic store by name */
                                "  ld.u32 %r3, [s+4];\n" /* 77 */
                                "  cvta.shared.u64 %rd2, s;\n"
                                "  ld.u32 %r4, [%rd2+8];\n"     /* tid + 100 */
                                "  ld.shared.u32 %r5, [s+8];\n" /* tid + 100 */
                                "  st.u32 [l+12], %r1;\n"
                                "  mov.u64 %rd3, l;\n"
                                "  cvta.local.u64 %rd3, %rd3;\n"
                                "  ld.u32 %r6, [%rd3+12];\n" /* tid: each thread its own */
                                "  ld.local.u32 %r7, [l+12];\n"
                                "  isspacep.shared %p1, %rd2;\n"
                                "  isspacep.local %p2, %rd3;\n"
                                "  selp.u32 %r8, 1, 0, %p1;\n"
                                "  selp.u32 %r9, 2, 0, %p2;\n"
                                "  add.u32 %r8, %r8, %r9;\n"
                                "  setp.eq.u32 %p3, %r1, 0;\n"
                                "  @%p3 st.u32 [g+4], 5;\n"
                                "  bar.sync 0;\n"
                                "  ld.u32 %r10, [g+4];\n"
                                "  mul.wide.u32 %rd4, %r1, 32;\n"
                                "  add.u64 %rd4, %rd1, %rd4;\n"
                                "  st.global.v4.u32 [%rd4], {%r3, %r4, %r5, %r6};\n"
                                "  st.global.v4.u32 [%rd4+16], {%r7, %r8, %r10, %r1};\n"
                                "  ret; }\n";
    uint32_t out[32 * 8] = {0};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 32, &b, 1), PS_OK);
    for (uint32_t t = 0; t < 32; t++) {
        const uint32_t *o = out + 8 * t;
        assert_int_equal(o[0], 77);
        assert_int_equal(o[1], o[2]); /* the last writer of s[2], read both ways */
        assert_true(o[1] >= 100 && o[1] < 132);
        assert_int_equal(o[3], t);
        assert_int_equal(o[4], t);
        assert_int_equal(o[5], 3);
        assert_int_equal(o[6], 5);
        assert_int_equal(o[7], t);
    }
}

/* .global and .const variables declared inside a function are static (PTX ISA 5.1.4, 5.1.3):
 * one copy for the module, initialised once; the kernel and a .func each have their own. */
static void function_scope_statics(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".func (.reg .u32 r) bump() {\n"
                                "  .global .align 4 .u32 counter = 5;\n"
                                "  .const .align 4 .u32 tab[2] = {7, 9};\n"
                                "  .reg .b32 %t<4>;\n"
                                "  atom.global.add.u32 %t1, [counter], 1;\n"
                                "  ld.const.u32 %t2, tab[1];\n"
                                "  add.u32 r, %t1, %t2;\n"
                                "  ret; }\n"
                                ".visible .entry k(.param .u64 p0) {\n"
                                "  .global .align 4 .u32 seen[32];\n"
                                "  .global .align 8 .u64 gen = generic(seen);\n"
                                "  .reg .b32 %r<8>; .reg .b64 %rd<8>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  mov.u32 %r1, %tid.x;\n"
                                "  call (%r2), bump, ();\n"
                                "  mul.wide.u32 %rd2, %r1, 4;\n"
                                "  mov.u64 %rd3, seen;\n"
                                "  add.u64 %rd3, %rd3, %rd2;\n"
                                "  st.global.u32 [%rd3], %r2;\n"
                                "  bar.sync 0;\n"
                                "  ld.global.u64 %rd4, [gen];\n"
                                "  add.u64 %rd4, %rd4, %rd2;\n"
                                "  ld.u32 %r3, [%rd4];\n"
                                "  add.u64 %rd5, %rd1, %rd2;\n"
                                "  st.global.u32 [%rd5], %r3;\n"
                                "  ret; }\n";
    uint32_t out[32] = {0};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 32, &b, 1), PS_OK);
    /* the 32 atomics return 5 .. 36 in some order; each thread adds tab[1] = 9 */
    uint32_t seen = 0;
    for (int t = 0; t < 32; t++) {
        assert_true(out[t] >= 14 && out[t] < 46);
        seen |= 1u << (out[t] - 14);
    }
    assert_int_equal(seen, 0xffffffffu);
}

/* Dynamic shared memory declared once (.extern .shared, unsized) and used from a .func: the
 * same bytes the kernel sees. */
static void extern_shared_from_func(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".extern .shared .align 16 .b8 dyn[];\n"
                                ".func put(.reg .u32 i, .reg .u32 v) {\n"
                                "  .reg .b32 %t<2>; .reg .b64 %q<2>;\n"
                                "  shl.b32 %t1, i, 2;\n"
                                "  mov.u64 %q1, dyn;\n"
                                "  cvt.u32.u64 %t0, %q1;\n"
                                "  add.u32 %t1, %t1, %t0;\n"
                                "  st.shared.u32 [%t1], v;\n"
                                "  ret; }\n"
                                ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<8>; .reg .b64 %rd<8>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  mov.u32 %r1, %tid.x;\n"
                                "  mul.lo.u32 %r2, %r1, 3;\n"
                                "  xor.b32 %r3, %r1, 31;\n"
                                "  call put, (%r3, %r2);\n" /* dyn[31 - tid] = 3 * tid */
                                "  bar.sync 0;\n"
                                "  shl.b32 %r4, %r1, 2;\n"
                                "  mov.u32 %r5, dyn;\n"
                                "  add.u32 %r4, %r4, %r5;\n"
                                "  ld.shared.u32 %r6, [%r4];\n"
                                "  mul.wide.u32 %rd2, %r1, 4;\n"
                                "  add.u64 %rd2, %rd1, %rd2;\n"
                                "  st.global.u32 [%rd2], %r6;\n"
                                "  ret; }\n";
    uint32_t out[32] = {0};
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .shared_bytes = 128};
    assert_int_equal(run_cfg(ptx, &cfg, &b, 1), PS_OK);
    for (uint32_t t = 0; t < 32; t++) assert_int_equal(out[t], 3 * (31 - t));
}

/* Vector registers (PTX ISA 6.4.2): V is {V.x, V.y, ...} in ld/st/mov; elements by .xyzw or
 * .rgba; mov.b64 %rd, V of a .v2 .u32 packs V.x low (as ptxas compiles it: lab/ptxas_operands);
 * mov.v2 reads both sources before writing (a swap). */
static void vector_registers(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
                                "  .reg .v4 .u32 V; .reg .v2 .u32 W<2>; .reg.v2.b16 H;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  ld.global.v4.u32 V, [%rd1];\n"  /* 1 2 3 4 */
                                "  add.u32 V.w, V.r, V.a;\n"       /* w = 1 + 4 */
                                "  mov.v2.u32 W0, {V.y, V.z};\n"   /* 2 3 */
                                "  mov.v2.u32 W0, {W0.y, W0.x};\n" /* swap: 3 2 */
                                "  mov.v2.u32 W1, W0;\n"
                                "  mov.b64 %rd2, W1;\n" /* 0x00000002_00000003 */
                                "  mov.v4.u32 {%r1, %r2, %r3, %r4}, V;\n"
                                "  mov.b32 H, 0x00070009;\n" /* H.x = 9, H.y = 7 */
                                "  cvt.u32.u16 %r5, H.y;\n"
                                "  st.global.v4.u32 [%rd1+16], V;\n"
                                "  st.global.u64 [%rd1+32], %rd2;\n"
                                "  st.global.v2.u32 [%rd1+40], {%r4, %r5};\n"
                                "  ret; }\n";
    uint32_t out[12] = {1, 2, 3, 4};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 1, &b, 1), PS_OK);
    uint32_t want[12] = {1, 2, 3, 4, 1, 2, 3, 5, 3, 2, 5, 7};
    for (int i = 0; i < 12; i++) assert_int_equal(out[i], want[i]);
}

/* A .func with vector .reg parameters and return values: the arguments arrive element by
 * element and the result comes back the same way (ptxas takes vector registers there, not brace
 * lists). */
static void vector_register_params(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".func (.reg .v2 .u32 r) f(.reg .v4 .u16 a, .reg .u32 b, .reg .v2 .u32 c) {\n"
                                "  .reg .b32 %t<4>;\n"
                                "  cvt.u32.u16 %t1, a.w;\n"
                                "  cvt.u32.u16 %t2, a.x;\n"
                                "  mad.lo.u32 r.x, %t1, b, c.y;\n" /* w * b + c.y */
                                "  sub.u32 r.y, %t2, c.x;\n"       /* x - c.x */
                                "  ret; }\n"
                                ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<4>; .reg .b64 %rd<4>; .reg .v4 .u16 Q; .reg .v2 .u32 W, R, R2, X;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  ld.global.v4.u16 Q, [%rd1];\n"   /* 1 2 3 4 */
                                "  ld.global.v2.u32 W, [%rd1+8];\n" /* 100 7 */
                                "  call (R), f, (Q, 10, W);\n"
                                "  mov.u32 %r1, 2;\n"
                                "  mov.v2.u32 X, {%r1, %r1};\n"
                                "  call (R2), f, (Q, %r1, X);\n"
                                "  st.global.v2.u32 [%rd1+16], R;\n"
                                "  st.global.v2.u32 [%rd1+24], R2;\n"
                                "  ret; }\n";
    uint32_t out[8] = {1 | 2u << 16, 3 | 4u << 16, 100, 7};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 1, &b, 1), PS_OK);
    assert_int_equal(out[4], 4 * 10 + 7);
    assert_int_equal(out[5], (uint32_t)(1 - 100));
    assert_int_equal(out[6], 4 * 2 + 2);
    assert_int_equal(out[7], (uint32_t)(1 - 2));
}

/* Regression: cuda_fp16.hpp's inline assembly opens blocks with "{.reg.b16 hl, hu;" (no space
 * after .reg), which the parser refused, so every kernel using those half intrinsics failed to
 * load. The block below is the shape nvcc 13.0 emits for h2exp (tail cut). Inputs 1.5 and -2.0
 * (0x3E00, 0xC000); 1.5 * 3 = 4.5 is 0x4480 and -2 + 3 = 1 is 0x3C00 in binary16. */
static void regress_cuda_fp16_glued_reg(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<4>; .reg .b64 %rd<2>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  ld.global.u32 %r1, [%rd1];\n"
                                "  {.reg.b16         hl, hu;\n"
                                "   .reg.b32         fl,fu,C;\n"
                                "   mov.b32         {hl, hu}, %r1;\n"
                                "   cvt.f32.f16     fl, hl;\n"
                                "   cvt.f32.f16     fu, hu;\n"
                                "   mov.b32         C, 0x40400000U;\n"
                                "   mul.rn.f32      fl,fl,C;\n"
                                "   add.rn.f32      fu,fu,C;\n"
                                "   cvt.rn.f16.f32  hl, fl;\n"
                                "   cvt.rn.f16.f32  hu, fu;\n"
                                "   mov.b32         %r2, {hl, hu};\n"
                                "  }\n"
                                "  st.global.u32 [%rd1+4], %r2;\n"
                                "  ret; }\n";
    uint32_t out[2] = {0xC0003E00u, 0};
    tu_buf b = {out, sizeof out};
    assert_int_equal(run(ptx, 1, &b, 1), PS_OK);
    assert_int_equal(out[1], 0x3C004480u);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(constant_expressions),    cmocka_unit_test(array_element_operands),
        cmocka_unit_test(generic_access_by_name),  cmocka_unit_test(function_scope_statics),
        cmocka_unit_test(extern_shared_from_func), cmocka_unit_test(vector_registers),
        cmocka_unit_test(vector_register_params),  cmocka_unit_test(regress_cuda_fp16_glued_reg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
