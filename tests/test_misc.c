/* test_misc.c — snippets for the smaller instruction families: dot products, atomics of every
 * op, ldu/prefetch/isspacep/fence no-ops, warp votes, elect, clock, module variables with
 * initialisers and address relocations. Expected values are plain C. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static char diag[4096];

static ps_status run(const char *ptx, unsigned grid, unsigned block, tu_buf *b, int nb, ps_launch_result *res) {
    tu_launch cfg = {.grid = {grid, 1, 1}, .block = {block, 1, 1}};
    ps_status st = tu_run(ptx, "k", &cfg, b, nb, res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "%s", diag);
    return st;
}

static uint32_t rng = 12345;
static uint32_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

static int32_t dp4_ref(uint32_t a, uint32_t b, uint32_t c, int sa, int sb) {
    int64_t acc = (int32_t)c;
    for (int i = 0; i < 4; i++) {
        int64_t x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
        if (sa && x >= 128) x -= 256;
        if (sb && y >= 128) y -= 256;
        acc += x * y;
    }
    return (int32_t)(uint32_t)(uint64_t)acc;
}

static int32_t dp2_ref(uint32_t a, uint32_t b, uint32_t c, int sa, int sb, int hi) {
    int64_t acc = (int32_t)c;
    for (int i = 0; i < 2; i++) {
        int64_t x = (a >> (16 * i)) & 0xffff, y = (b >> (8 * (i + 2 * hi))) & 0xff;
        if (sa && x >= 32768) x -= 65536;
        if (sb && y >= 128) y -= 256;
        acc += x * y;
    }
    return (int32_t)(uint32_t)(uint64_t)acc;
}

static void dot_products(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
                  "  .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
                  "  ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1]; mov.u32 %r1, %tid.x;\n"
                  "  mul.wide.u32 %rd3, %r1, 12; add.s64 %rd4, %rd1, %rd3;\n"
                  "  ld.global.u32 %r2, [%rd4]; ld.global.u32 %r3, [%rd4+4]; ld.global.u32 %r4, [%rd4+8];\n"
                  "  dp4a.u32.u32 %r5, %r2, %r3, %r4; dp4a.s32.u32 %r6, %r2, %r3, %r4;\n"
                  "  dp4a.u32.s32 %r7, %r2, %r3, %r4; dp4a.s32.s32 %r8, %r2, %r3, %r4;\n"
                  "  dp2a.lo.s32.s32 %r9, %r2, %r3, %r4; dp2a.hi.u32.s32 %r10, %r2, %r3, %r4;\n"
                  "  mul.wide.u32 %rd5, %r1, 24; add.s64 %rd6, %rd2, %rd5;\n"
                  "  st.global.v2.u32 [%rd6], {%r5, %r6}; st.global.v2.u32 [%rd6+8], {%r7, %r8};\n"
                  "  st.global.v2.u32 [%rd6+16], {%r9, %r10}; ret; }\n";
    enum { N = 256 };
    static uint32_t in[N * 3], out[N * 6];
    for (int i = 0; i < N * 3; i++) in[i] = next();
    in[0] = 0x80808080u, in[1] = 0x7f7f7f7fu, in[2] = 0x7fffffffu; /* overflow wraps */
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, N, b, 2, &res), PS_OK);
    for (int i = 0; i < N; i++) {
        uint32_t a = in[3 * i], bb = in[3 * i + 1], c = in[3 * i + 2];
        assert_int_equal(out[6 * i + 0], (uint32_t)dp4_ref(a, bb, c, 0, 0));
        assert_int_equal(out[6 * i + 1], (uint32_t)dp4_ref(a, bb, c, 1, 0));
        assert_int_equal(out[6 * i + 2], (uint32_t)dp4_ref(a, bb, c, 0, 1));
        assert_int_equal(out[6 * i + 3], (uint32_t)dp4_ref(a, bb, c, 1, 1));
        assert_int_equal(out[6 * i + 4], (uint32_t)dp2_ref(a, bb, c, 1, 1, 0));
        assert_int_equal(out[6 * i + 5], (uint32_t)dp2_ref(a, bb, c, 0, 1, 1));
    }
}

static void atomics_every_op(void **state) {
    (void)state;
    /* 64 threads hit one word per op; results checked against a sequential C model */
    const char *ptx2 =
        TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .pred %p<2>; .reg .b32 %r<16>; .reg .b64 %rd<8>; .reg .f32 %f<4>;\n"
                  "  .shared .align 8 .b8 sh[64];\n"
                  "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, %tid.x; add.s32 %r2, %r1, 1;\n"
                  "  atom.global.inc.u32 %r3, [%rd1], 1000;\n"
                  "  atom.global.dec.u32 %r3, [%rd1+4], 50;\n"
                  "  atom.global.and.b32 %r3, [%rd1+8], %r2;\n"
                  "  shl.b32 %r4, 1, %r1; atom.global.or.b32 %r3, [%rd1+12], %r4;\n"
                  "  atom.global.xor.b32 %r3, [%rd1+16], %r2;\n"
                  "  atom.global.min.u32 %r3, [%rd1+20], %r2;\n"
                  "  sub.s32 %r5, 10, %r1; atom.global.min.s32 %r3, [%rd1+24], %r5;\n"
                  "  atom.global.exch.b32 %r3, [%rd1+28], 77;\n"
                  "  cvt.u64.u32 %rd2, %r2; atom.global.add.u64 %rd3, [%rd1+32], %rd2;\n"
                  "  cvt.rn.f32.u32 %f1, %r2; red.global.add.f32 [%rd1+40], %f1;\n"
                  "  red.global.max.u32 [%rd1+44], %r1;\n"
                  "  mov.u32 %r6, sh; atom.shared.add.u32 %r3, [%r6], %r2; bar.sync 0;\n"
                  "  ld.shared.u32 %r7, [%r6]; setp.eq.u32 %p1, %r1, 0; @%p1 st.global.u32 [%rd1+48], %r7;\n"
                  "  ret; }\n";
    uint32_t mem[13] = {5, 7, 0xffffffffu, 0, 0, 1000, 1000, 0, 0, 0, 0, 0, 0};
    uint32_t m[13];
    memcpy(m, mem, sizeof m);
    uint64_t sum64 = 0;
    float fsum = 0;
    uint32_t shared = 0;
    for (uint32_t t = 0; t < 32; t++) { /* threads 0..31: one warp, lanes in order */
        uint32_t v = t + 1;
        m[0] = m[0] >= 1000 ? 0 : m[0] + 1;
        m[1] = (m[1] == 0 || m[1] > 50) ? 50 : m[1] - 1;
        m[2] &= v;
        m[3] |= 1u << t;
        m[4] ^= v;
        m[5] = m[5] < v ? m[5] : v;
        int32_t s = (int32_t)(10 - t);
        m[6] = (int32_t)m[6] < s ? m[6] : (uint32_t)s;
        m[7] = 77;
        sum64 += v;
        fsum += (float)v;
        m[11] = m[11] > t ? m[11] : t;
        shared += v;
    }
    memcpy(&m[8], &sum64, 8);
    memcpy(&m[10], &fsum, 4);
    m[12] = shared;
    tu_buf b = {mem, sizeof mem};
    ps_launch_result res;
    assert_int_equal(run(ptx2, 1, 32, &b, 1, &res), PS_OK);
    for (int i = 0; i < 13; i++) assert_int_equal(mem[i], m[i]);
}

/* Regression (corpus/hand_atom_global): atom/red .add.noftz.f16x2 and .bf16x2 ran as a 32-bit
 * integer add. Each 16-bit half must be an f16 (bf16) add rounded to nearest even. */
static void regress_atom_add_noftz_f16x2_was_integer_add(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<8>; .reg .b64 %rd<2>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                /* the values in registers: ptxas takes no integer immediate there */
                                "  mov.b32 %r4, 0x3c003c00; mov.b32 %r5, 0x3f803f80; mov.b32 %r6, 0x00010002;\n"
                                "  atom.global.add.noftz.f16x2 %r1, [%rd1], %r4;\n" /* {1.0, 1.0} */
                                "  st.global.u32 [%rd1+4], %r1;\n"
                                "  red.global.add.noftz.bf16x2 [%rd1+8], %r5;\n" /* {1.0, 1.0} */
                                "  atom.global.add.noftz.f16x2 %r2, [%rd1+12], %r6;\n"
                                "  ret; }\n";
    /* [0] {1.5, 65504} + {1, 1}: {2.5, 65504} (65505 rounds back to 65504);
     * [2] bf16 {1.0, -2.0} + {1, 1}: {2.0, -1.0}; [3] f16 {-2^-24, 2^-14} + {2^-23, 2^-24}:
     * {2^-24, 2^-14 + 2^-24}, subnormals kept (noftz) */
    uint32_t mem[4] = {0x7bff3e00u, 0, 0xc0003f80u, 0x04008001u};
    tu_buf b = {mem, sizeof mem};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, &b, 1, &res), PS_OK);
    assert_int_equal(mem[0], 0x7bff4100u);
    assert_int_equal(mem[1], 0x7bff3e00u); /* the old value */
    assert_int_equal(mem[2], 0xbf804000u);
    assert_int_equal(mem[3], 0x04010001u);
}

static void votes_elect_and_noops(void **state) {
    (void)state;
    const char *ptx = TU_HEADER
        ".visible .entry k(.param .u64 p0) {\n"
        "  .reg .pred %p<8>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
        "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, %tid.x;\n"
        "  mul.wide.u32 %rd2, %r1, 16; add.s64 %rd3, %rd1, %rd2;\n"
        "  prefetch.global.L2 [%rd3]; prefetchu.L1 [%rd3]; membar.gl; fence.acq_rel.gpu; nanosleep.u32 10;\n"
        "  brkpt; pmevent 1; bar.warp.sync 0xffffffff;\n"
        "  ldu.global.u32 %r2, [%rd1];\n"
        "  isspacep.global %p1, %rd3; setp.lt.u32 %p2, %r1, 5;\n"
        "  vote.sync.all.pred %p3, %p1, 0xffffffff; vote.sync.any.pred %p4, %p2, 0xffffffff;\n"
        "  vote.sync.uni.pred %p5, %p2, 0xffffffff; vote.sync.all.pred %p6, !%p2, 0xffffffff;\n"
        "  selp.u32 %r3, 1, 0, %p3; selp.u32 %r4, 2, 0, %p4; selp.u32 %r5, 4, 0, %p5; selp.u32 %r6, 8, 0, %p6;\n"
        "  or.b32 %r3, %r3, %r4; or.b32 %r3, %r3, %r5; or.b32 %r3, %r3, %r6;\n"
        "  elect.sync %r7|%p7, 0xffffffff; selp.u32 %r8, 1, 0, %p7;\n"
        "  activemask.b32 %r9; match.all.sync.b32 %r10, %r2, 0xffffffff;\n"
        "  mov.u32 %r11, %clock; mov.u64 %rd4, %clock64; mov.u32 %r12, %clock; sub.s32 %r13, %r12, %r11;\n"
        "  setp.gt.u32 %p1, %r13, 0; selp.u32 %r14, 16, 0, %p1; or.b32 %r3, %r3, %r14;\n"
        "  add.s32 %r8, %r8, %r2;\n"
        "  st.global.v4.u32 [%rd3], {%r3, %r7, %r8, %r10}; ret; }\n";
    uint32_t out[32 * 4];
    for (int i = 0; i < 128; i++) out[i] = 0;
    out[0] = 40; /* read back by ldu as %r2 */
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 32, &b, 1, &res), PS_OK);
    for (uint32_t l = 0; l < 32; l++) {
        assert_int_equal(out[4 * l + 0], 1u | 2u | 0u | 0u | 16u); /* all(global) any(l<5) !uni !all(!p) clock moves */
        assert_int_equal(out[4 * l + 1], 0);                       /* elected lane id */
        assert_int_equal(out[4 * l + 2], (l == 0) + 40u);
        assert_int_equal(out[4 * l + 3], 0xffffffffu); /* everyone loaded 40 */
    }
}

static void module_variables_and_relocations(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".global .align 4 .u32 table[4] = {10, 20, 30, 40};\n"
                  ".global .align 8 .u64 ptrs[2] = {table, generic(table)+8};\n"
                  ".const .align 4 .f32 cf[2] = {0f3FC00000, 2.5};\n"
                  ".global .align 1 .b8 bytes[3] = {1, 0xff, -2};\n"
                  ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .b32 %r<16>; .reg .b64 %rd<8>; .reg .f32 %f<4>;\n"
                  "  ld.param.u64 %rd1, [p0];\n"
                  "  ld.global.u64 %rd2, [ptrs+8]; ld.u32 %r1, [%rd2];\n"         /* table[2] via pointer */
                  "  ld.global.u64 %rd3, [ptrs]; ld.global.u32 %r2, [%rd3+12];\n" /* table[3] */
                  "  ld.const.f32 %f1, [cf]; ld.const.f32 %f2, [cf+4]; add.f32 %f3, %f1, %f2;\n"
                  "  mov.b32 %r3, %f3; ld.global.s8 %r4, [bytes+2]; ld.global.u8 %r5, [bytes+1];\n"
                  "  st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4}; st.global.u32 [%rd1+16], %r5; ret; }\n";
    uint32_t out[5] = {0};
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, &b, 1, &res), PS_OK);
    float f = 1.5f + 2.5f;
    uint32_t fb;
    memcpy(&fb, &f, 4);
    assert_int_equal(out[0], 30);
    assert_int_equal(out[1], 40);
    assert_int_equal(out[2], fb);
    assert_int_equal(out[3], (uint32_t)-2);
    assert_int_equal(out[4], 0xff);
}

static void mul24_testp_cnot(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
                  "  .reg .pred %p<4>; .reg .b32 %r<16>; .reg .b64 %rd<8>; .reg .f32 %f<2>;\n"
                  "  ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1]; mov.u32 %r1, %tid.x;\n"
                  "  mul.wide.u32 %rd3, %r1, 8; add.s64 %rd4, %rd1, %rd3;\n"
                  "  ld.global.u32 %r2, [%rd4]; ld.global.u32 %r3, [%rd4+4]; mov.b32 %f1, %r2;\n"
                  "  mul24.lo.u32 %r4, %r2, %r3; mul24.hi.s32 %r5, %r2, %r3; cnot.b32 %r6, %r3;\n"
                  "  testp.notanumber.f32 %p1, %f1; testp.subnormal.f32 %p2, %f1; testp.infinite.f32 %p3, %f1;\n"
                  "  selp.u32 %r7, 1, 0, %p1; selp.u32 %r8, 2, 0, %p2; selp.u32 %r9, 4, 0, %p3;\n"
                  "  or.b32 %r7, %r7, %r8; or.b32 %r7, %r7, %r9;\n"
                  "  mul.wide.u32 %rd5, %r1, 16; add.s64 %rd6, %rd2, %rd5;\n"
                  "  st.global.v4.u32 [%rd6], {%r4, %r5, %r6, %r7}; ret; }\n";
    enum { N = 128 };
    static uint32_t in[2 * N], out[4 * N];
    const uint32_t special[] = {0x7fc00000u, 0xff800001u, 0x7f800000u, 0xff800000u, 0x00000001u,
                                0x807fffffu, 0x00800000u, 0,           0x80000000u, 0x3f800000u};
    for (int i = 0; i < 2 * N; i++) in[i] = next();
    for (int i = 0; i < 10; i++) in[2 * i] = special[i], in[2 * i + 1] = (uint32_t)i;
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, N, b, 2, &res), PS_OK);
    for (int i = 0; i < N; i++) {
        uint32_t a = in[2 * i], c = in[2 * i + 1];
        /* mul24: the low 24 bits of each operand, sign-extended for .s32; 48-bit product */
        uint64_t pu = (uint64_t)(a & 0xffffff) * (c & 0xffffff);
        int64_t sa = (int32_t)(a << 8) >> 8, sc = (int32_t)(c << 8) >> 8;
        int64_t ps_ = sa * sc;
        uint32_t exp = (a >> 23) & 0xff, man = a & 0x7fffff;
        uint32_t cls = (exp == 255 && man ? 1 : 0) | (exp == 0 && man ? 2 : 0) | (exp == 255 && !man ? 4 : 0);
        assert_int_equal(out[4 * i + 0], (uint32_t)pu);
        assert_int_equal(out[4 * i + 1], (uint32_t)((uint64_t)ps_ >> 16));
        assert_int_equal(out[4 * i + 2], c == 0 ? 1u : 0u);
        assert_int_equal(out[4 * i + 3], cls);
    }
}

/* Regressions: the manual's spelling ".NaN" and a sink as the first setp destination. */
static void nan_spelling_and_sink_pair(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .pred %p<2>; .reg .f32 %f<4>; .reg .b32 %r<3>; .reg .b64 %rd<2>;\n"
                                "  ld.param.u64 %rd1, [p0];\n"
                                "  ld.global.f32 %f1, [%rd1]; ld.global.f32 %f2, [%rd1+4];\n"
                                "  min.NaN.f32 %f3, %f1, %f2;\n"
                                "  setp.lt.f32 _|%p1, %f2, %f1;\n"
                                "  selp.u32 %r1, 7, 9, %p1;\n"
                                "  st.global.f32 [%rd1+8], %f3; st.global.u32 [%rd1+12], %r1; ret; }\n";
    uint32_t mem[4] = {0x3f800000u, 0x7fc00001u, 0, 0}; /* 1.0, NaN */
    tu_buf b = {mem, sizeof mem};
    ps_launch_result res;
    assert_int_equal(run(ptx, 1, 1, &b, 1, &res), PS_OK);
    assert_int_equal(mem[2], 0x7fffffffu); /* .NaN propagates the canonical NaN */
    assert_int_equal(mem[3], 7);           /* %p1 = !(NaN < 1.0) = true, so selp picks 7 */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dot_products),
        cmocka_unit_test(atomics_every_op),
        cmocka_unit_test(regress_atom_add_noftz_f16x2_was_integer_add),
        cmocka_unit_test(votes_elect_and_noops),
        cmocka_unit_test(module_variables_and_relocations),
        cmocka_unit_test(mul24_testp_cnot),
        cmocka_unit_test(nan_spelling_and_sink_pair),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
