/* test_wgmma.c — Hopper warpgroup MMA and bulk copies (sim/exec_wgmma.c, sim/exec_bulk.c).
 * Expected values come from C references written here from the PTX ISA: the matrix
 * descriptor's bit fields (9.7.15.5.1.2.2), the canonical shared-memory layouts with their
 * swizzles (9.7.15.5.1.2), the register fragments of A and D (9.7.15.5.1.1), and exact
 * products of small integers (every accumulation order gives the same bits). The misuse tests
 * check that accesses to in-flight accumulators, a missing wgmma.fence and an incomplete
 * warpgroup are reported instead of guessed. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wgmma.h"

static uint32_t rng = 2024;
static uint32_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

/* ---- the descriptor and the layouts ----------------------------------------------- */

static uint64_t mkdesc(uint32_t start, uint32_t lbo, uint32_t sbo, unsigned base, unsigned swz) {
    return (uint64_t)((start & 0x3ffff) >> 4) | (uint64_t)((lbo & 0x3ffff) >> 4) << 16 |
        (uint64_t)((sbo & 0x3ffff) >> 4) << 32 | (uint64_t)(base & 7) << 49 | (uint64_t)swz << 62;
}

static void test_desc_fields(void **state) {
    (void)state;
    wg_desc d = wg_desc_decode(mkdesc(0x1230, 0x40, 0x400, 5, 1));
    assert_int_equal(d.start, 0x1230);
    assert_int_equal(d.lbo, 0x40);
    assert_int_equal(d.sbo, 0x400);
    assert_int_equal(d.base, 5);
    assert_int_equal(d.swizzle, 128);
    assert_int_equal(wg_desc_decode(mkdesc(0, 0, 0, 0, 2)).swizzle, 64);
    assert_int_equal(wg_desc_decode(mkdesc(0, 0, 0, 0, 3)).swizzle, 32);
    assert_int_equal(wg_desc_decode(mkdesc(0, 0, 0, 0, 0)).swizzle, 0);
    /* the start address keeps bits 4..17 only */
    assert_int_equal(wg_desc_decode(mkdesc(0x7fff0, 0, 0, 0, 0)).start, 0x3fff0);
}

/* Byte offset of element (mn, k) in the canonical layouts, written as the ISA's figures draw
 * them: K-major rows of 16 bytes per core matrix (no swizzle) or of W bytes (swizzled); MN-major
 * the same with the roles of mn and k exchanged. Then the swizzle: the 16-byte chunk index of a
 * W-byte row XOR the row's index in the 8-row pattern. */
static uint32_t ref_addr(uint32_t start, uint32_t lbo, uint32_t sbo, unsigned w, int mn, int k, int eb, int mn_major) {
    int t = 16 / eb;
    uint32_t o;
    if (!w && !mn_major)
        o = (uint32_t)((mn % 8) * 16 + (k % t) * eb) + (uint32_t)(mn / 8) * sbo + (uint32_t)(k / t) * lbo;
    else if (!w) o = (uint32_t)((k % 8) * 16 + (mn % t) * eb) + (uint32_t)(mn / t) * sbo + (uint32_t)(k / 8) * lbo;
    else if (!mn_major) o = (uint32_t)((mn % 8) * (int)w + k * eb) + (uint32_t)(mn / 8) * sbo;
    else
        o = (uint32_t)((k % 8) * (int)w + (mn % ((int)w / eb)) * eb) + (uint32_t)(mn / ((int)w / eb)) * lbo +
            (uint32_t)(k / 8) * sbo;
    uint32_t a = start + o;
    if (!w) return a;
    unsigned bits = w == 128 ? 3 : w == 64 ? 2 : 1;
    uint32_t sel = ((1u << bits) - 1) << 4;
    return a ^ ((a >> 3) & sel);
}

static void test_layout_addresses(void **state) {
    (void)state;
    static const unsigned swz_code[4] = {0, 1, 2, 3}, width[4] = {0, 128, 64, 32};
    for (int s = 0; s < 4; s++)
        for (int mnm = 0; mnm < 2; mnm++)
            for (int eb = 2; eb <= 4; eb += 2) {
                uint32_t start = 2048, lbo = mnm ? 4096 : 256, sbo = width[s] ? 8 * width[s] : 512;
                wg_desc d = wg_desc_decode(mkdesc(start, lbo, sbo, 0, swz_code[s]));
                int kmax = eb == 2 ? 16 : 8;
                for (int mn = 0; mn < 256; mn++)
                    for (int k = 0; k < kmax; k++)
                        assert_int_equal(wg_elem_addr(&d, mn, k, eb, mnm),
                                         ref_addr(start, lbo, sbo, width[s], mn, k, eb, mnm));
            }
    /* hand-checked points: 128B swizzle, K-major f16, row 3 chunk 1 -> chunk 1^3 = 2 */
    wg_desc d = wg_desc_decode(mkdesc(0, 16, 1024, 0, 1));
    assert_int_equal(wg_elem_addr(&d, 3, 8, 2, false), 3 * 128 + 2 * 16);
    assert_int_equal(wg_elem_addr(&d, 9, 0, 2, false), 1024 + 128 + 16);
    /* no swizzle: second k core matrix at LBO, second row group at SBO */
    d = wg_desc_decode(mkdesc(0, 128, 256, 0, 0));
    assert_int_equal(wg_elem_addr(&d, 9, 9, 2, false), 256 + 16 + 128 + 2);
}

static void test_fragment_layouts(void **state) {
    (void)state;
    /* every (row, col) of a 64x256 accumulator is held by exactly one (thread, register) */
    static uint8_t seen[64][256];
    memset(seen, 0, sizeof seen);
    for (int t = 0; t < 128; t++)
        for (int e = 0; e < 128; e++) {
            int r, c;
            wg_d_pos(t, e, &r, &c);
            assert_true(r >= 16 * (t / 32) && r < 16 * (t / 32) + 16 && c < 256);
            seen[r][c]++;
        }
    for (int r = 0; r < 64; r++)
        for (int c = 0; c < 256; c++) assert_int_equal(seen[r][c], 1);
    /* the ISA's figure: thread 5 (lane 5) holds d0, d1 at row 1, columns 2, 3; d2 at row 9 */
    int r, c;
    wg_d_pos(5, 0, &r, &c), assert_int_equal(r, 1), assert_int_equal(c, 2);
    wg_d_pos(5, 1, &r, &c), assert_int_equal(r, 1), assert_int_equal(c, 3);
    wg_d_pos(5, 2, &r, &c), assert_int_equal(r, 9), assert_int_equal(c, 2);
    wg_d_pos(37, 4, &r, &c), assert_int_equal(r, 17), assert_int_equal(c, 10);
    /* A (16-bit): a0,a1 row l/4 cols 2(l%4)+{0,1}; a2,a3 row +8; a4..a7 cols +8 */
    wg_a16_pos(6, 5, &r, &c), assert_int_equal(r, 1), assert_int_equal(c, 13);
    wg_a16_pos(70, 3, &r, &c), assert_int_equal(r, 41), assert_int_equal(c, 5);
    wg_a32_pos(6, 3, &r, &c), assert_int_equal(r, 9), assert_int_equal(c, 6);
}

/* ---- small GEMMs through the simulator --------------------------------------------- */

typedef struct {
    int n;
    int f16acc;        /* accumulator .f16 (else .f32) */
    int at;            /* 0 f16, 1 bf16, 2 tf32 */
    int areg;          /* A from registers */
    int sa, sb;        /* imm-scale-a/b: 1 or -1 */
    int ta, tb;        /* transposes (MN-major) */
    int scale_d;       /* 0: constant 0, 1: constant 1, 2: predicate (true), 3: predicate (false) */
    unsigned swa, swb; /* swizzle widths 0/32/64/128 */
} gcfg;

#define IMG   40960
#define A_OFF 0
#define B_OFF 8192

static uint16_t f16_of(int v) { /* small integers, |v| <= 64 */
    if (!v) return 0;
    int s = v < 0, a = s ? -v : v, e = 31 - __builtin_clz((unsigned)a);
    uint16_t man = (uint16_t)(((unsigned)a << (10 - e)) & 0x3ff);
    return (uint16_t)(s << 15 | (e + 15) << 10 | man);
}
static uint32_t f32_of(int v) {
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static uint16_t bf16_of(int v) { return (uint16_t)(f32_of(v) >> 16); }
static int f32_int(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return (int)f;
}
static int f16_int(uint16_t h) {
    if (!(h & 0x7fff)) return 0;
    int e = (h >> 10 & 31) - 15, man = (h & 0x3ff) | 0x400;
    int v = e >= 10 ? man << (e - 10) : man >> (10 - e);
    return h >> 15 ? -v : v;
}

static uint32_t code_of(int at, int v) { return at == 0 ? f16_of(v) : at == 1 ? bf16_of(v) : f32_of(v); }

static uint64_t desc_for(uint32_t start, unsigned w, int mn_major, int eb) {
    unsigned code = w == 128 ? 1 : w == 64 ? 2 : w == 32 ? 3 : 0;
    (void)eb;
    if (!w) return mkdesc(start, mn_major ? 1024 : 128, mn_major ? 128 : 256, 0, 0);
    return mkdesc(start, mn_major ? 2048 : 16, 8 * w, 0, code);
}

static char *gemm_ptx(const gcfg *c) {
    int nd = c->f16acc ? c->n / 4 : c->n / 2, k = c->at == 2 ? 8 : 16;
    const char *ty[] = {"f16", "bf16", "tf32"};
    size_t cap = 65536;
    char *s = malloc(cap);
    int p = 0;
#define P(...) (p += snprintf(s + p, cap - (size_t)p, __VA_ARGS__))
    P(".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u64 p3) {\n"
      ".reg .b32 %%r<200>; .reg .f32 %%f<200>; .reg .b64 %%rd<20>; .reg .pred %%p<4>;\n"
      ".shared .align 1024 .b8 sh[%d];\n"
      "ld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1]; ld.param.u64 %%rd3, [p2]; ld.param.u64 %%rd4, [p3];\n"
      "mov.u32 %%r1, %%tid.x; mov.u32 %%r2, sh; shl.b32 %%r3, %%r1, 4;\n"
      "LOOP: setp.ge.u32 %%p1, %%r3, %d; @%%p1 bra DONE;\n"
      "cvt.u64.u32 %%rd5, %%r3; add.s64 %%rd6, %%rd1, %%rd5; ld.global.v4.u32 {%%r4, %%r5, %%r6, %%r7}, [%%rd6];\n"
      "add.u32 %%r8, %%r2, %%r3; st.shared.v4.u32 [%%r8], {%%r4, %%r5, %%r6, %%r7};\n"
      "add.u32 %%r3, %%r3, 2048; bra LOOP;\n"
      "DONE: bar.sync 0;\n"
      "mul.wide.u32 %%rd7, %%r1, 16; add.s64 %%rd8, %%rd2, %%rd7; ld.global.v4.u32 {%%r10, %%r11, %%r12, %%r13}, "
      "[%%rd8];\n"
      "ld.global.u64 %%rd9, [%%rd4]; ld.global.u64 %%rd10, [%%rd4+8];\n"
      "cvt.u64.u32 %%rd13, %%r2; shr.u64 %%rd13, %%rd13, 4; add.s64 %%rd9, %%rd9, %%rd13; add.s64 %%rd10, %%rd10, "
      "%%rd13;\n"
      "mul.wide.u32 %%rd11, %%r1, %d; add.s64 %%rd12, %%rd3, %%rd11;\n",
      IMG, IMG, nd * 4);
    const char *rt = c->f16acc ? "r" : "f";
    int rb = c->f16acc ? 100 : 0;
    for (int i = 0; i < nd; i++) P("ld.global.%s %%%s%d, [%%rd12+%d];\n", c->f16acc ? "b32" : "f32", rt, rb + i, 4 * i);
    P("setp.ne.u32 %%p2, %%r1, 9999; setp.eq.u32 %%p3, %%r1, 9999;\n");
    P("wgmma.fence.sync.aligned;\n");
    P("wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s.%s {", c->n, k, c->f16acc ? "f16" : "f32", ty[c->at], ty[c->at]);
    for (int i = 0; i < nd; i++) P("%s%%%s%d", i ? ", " : "", rt, rb + i);
    P("}, ");
    if (c->areg) P("{%%r10, %%r11, %%r12, %%r13}, ");
    else P("%%rd9, ");
    P("%%rd10, ");
    const char *sd[] = {"0", "1", "%p2", "%p3"};
    P("%s, %d, %d", sd[c->scale_d], c->sa, c->sb);
    if (c->at != 2) {
        if (!c->areg) P(", %d", c->ta);
        P(", %d", c->tb);
    }
    P(";\nwgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\n");
    for (int i = 0; i < nd; i++) P("st.global.%s [%%rd12+%d], %%%s%d;\n", c->f16acc ? "b32" : "f32", 4 * i, rt, rb + i);
    P("ret; }\n");
#undef P
    return s;
}

static void run_gemm(const gcfg *c) {
    int n = c->n, k = c->at == 2 ? 8 : 16, eb = c->at == 2 ? 4 : 2;
    int nd = c->f16acc ? n / 4 : n / 2;
    static int A[64][16], B[256][16], C[64][256];
    static uint8_t img[IMG];
    static uint32_t afr[128 * 4], acc[128 * 128];
    uint64_t descs[2];
    memset(img, 0, sizeof img);
    for (int i = 0; i < IMG; i++) img[i] = (uint8_t)next(); /* junk between the elements */
    for (int m = 0; m < 64; m++)
        for (int kk = 0; kk < k; kk++) A[m][kk] = (int)(next() % 7) - 3;
    for (int j = 0; j < n; j++)
        for (int kk = 0; kk < k; kk++) B[j][kk] = (int)(next() % 7) - 3;
    for (int m = 0; m < 64; m++)
        for (int j = 0; j < n; j++) C[m][j] = (int)(next() % 41) - 20;
    /* shared-memory image: A (when from a descriptor) at A_OFF, B at B_OFF */
    descs[0] = desc_for(A_OFF, c->swa, c->ta, eb);
    descs[1] = desc_for(B_OFF, c->swb, c->tb, eb);
    wg_desc da = wg_desc_decode(descs[0]), db = wg_desc_decode(descs[1]);
    (void)da;
    (void)db;
    uint32_t lbo_a = c->swa ? (c->ta ? 2048 : 16) : (c->ta ? 1024 : 128),
             sbo_a = c->swa ? 8 * c->swa : (c->ta ? 128 : 256);
    uint32_t lbo_b = c->swb ? (c->tb ? 2048 : 16) : (c->tb ? 1024 : 128),
             sbo_b = c->swb ? 8 * c->swb : (c->tb ? 128 : 256);
    if (!c->areg)
        for (int m = 0; m < 64; m++)
            for (int kk = 0; kk < k; kk++) {
                uint32_t v = code_of(c->at, A[m][kk]), a = ref_addr(A_OFF, lbo_a, sbo_a, c->swa, m, kk, eb, c->ta);
                memcpy(img + a, &v, (size_t)eb);
            }
    for (int j = 0; j < n; j++)
        for (int kk = 0; kk < k; kk++) {
            uint32_t v = code_of(c->at, B[j][kk]), a = ref_addr(B_OFF, lbo_b, sbo_b, c->swb, j, kk, eb, c->tb);
            memcpy(img + a, &v, (size_t)eb);
        }
    /* A fragments and accumulators per thread */
    for (int t = 0; t < 128; t++) {
        for (int i = 0; i < 4; i++) afr[t * 4 + i] = 0;
        if (c->at == 2) {
            for (int e = 0; e < 4; e++) {
                int r, cc;
                wg_a32_pos(t, e, &r, &cc);
                afr[t * 4 + e] = f32_of(A[r][cc]);
            }
        } else {
            for (int e = 0; e < 8; e++) {
                int r, cc;
                wg_a16_pos(t, e, &r, &cc);
                afr[t * 4 + e / 2] |= code_of(c->at, A[r][cc]) << (16 * (e % 2));
            }
        }
        for (int e = 0; e < (c->f16acc ? 2 * nd : nd); e++) {
            int r, cc;
            wg_d_pos(t, e, &r, &cc);
            if (c->f16acc) {
                if (e % 2 == 0) acc[t * nd + e / 2] = 0;
                acc[t * nd + e / 2] |= (uint32_t)f16_of(C[r][cc]) << (16 * (e % 2));
            } else {
                acc[t * nd + e] = f32_of(C[r][cc]);
            }
        }
    }
    tu_buf bufs[4] = {{img, IMG}, {afr, sizeof afr}, {acc, (size_t)128 * (size_t)nd * 4}, {descs, sizeof descs}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {128, 1, 1}};
    ps_launch_result res;
    char diag[2048] = "";
    char *ptx = gemm_ptx(c);
    ps_status st = tu_run(ptx, "k", &cfg, bufs, 4, &res, diag, sizeof diag);
    if (st != PS_OK) fprintf(stderr, "%s\n%s\n", diag, res.fault.message);
    assert_int_equal(st, PS_OK);
    free(ptx);
    bool acc_on = c->scale_d == 1 || c->scale_d == 2;
    int bad = 0;
    for (int t = 0; t < 128; t++)
        for (int e = 0; e < (c->f16acc ? 2 * nd : nd); e++) {
            int r, cc;
            wg_d_pos(t, e, &r, &cc);
            int want = acc_on ? C[r][cc] : 0;
            for (int kk = 0; kk < k; kk++) want += c->sa * c->sb * A[r][kk] * B[cc][kk];
            int got = c->f16acc ? f16_int((uint16_t)(acc[t * nd + e / 2] >> (16 * (e % 2)))) : f32_int(acc[t * nd + e]);
            if (got != want && bad++ < 5)
                fprintf(stderr, "n%d: D[%d][%d] (thread %d, element %d) = %d, want %d\n", n, r, cc, t, e, got, want);
        }
    assert_int_equal(bad, 0);
}

/* ---- integer and .b1 GEMMs against a C reference (exact arithmetic) ----------------- */

typedef struct {
    int n;
    int at, bt; /* 0 s8, 1 u8; both 2: .b1 */
    int sat, areg;
    unsigned swa, swb;
    int scale_d; /* 0/1 constant */
} icfg;

static char *igemm_ptx(const icfg *c) {
    int nd = c->n / 2;
    const char *ty[] = {"s8", "u8", "b1"};
    size_t cap = 65536;
    char *s = malloc(cap);
    int p = 0;
#define P(...) (p += snprintf(s + p, cap - (size_t)p, __VA_ARGS__))
    P(".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u64 p3) {\n"
      ".reg .b32 %%r<200>; .reg .b64 %%rd<20>; .reg .pred %%p<4>;\n"
      ".shared .align 1024 .b8 sh[%d];\n"
      "ld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1]; ld.param.u64 %%rd3, [p2]; ld.param.u64 %%rd4, [p3];\n"
      "mov.u32 %%r1, %%tid.x; mov.u32 %%r2, sh; shl.b32 %%r3, %%r1, 4;\n"
      "LOOP: setp.ge.u32 %%p1, %%r3, %d; @%%p1 bra DONE;\n"
      "cvt.u64.u32 %%rd5, %%r3; add.s64 %%rd6, %%rd1, %%rd5; ld.global.v4.u32 {%%r4, %%r5, %%r6, %%r7}, [%%rd6];\n"
      "add.u32 %%r8, %%r2, %%r3; st.shared.v4.u32 [%%r8], {%%r4, %%r5, %%r6, %%r7};\n"
      "add.u32 %%r3, %%r3, 2048; bra LOOP;\n"
      "DONE: bar.sync 0;\n"
      "mul.wide.u32 %%rd7, %%r1, 16; add.s64 %%rd8, %%rd2, %%rd7; ld.global.v4.u32 {%%r10, %%r11, %%r12, %%r13}, "
      "[%%rd8];\n"
      "ld.global.u64 %%rd9, [%%rd4]; ld.global.u64 %%rd10, [%%rd4+8];\n"
      "cvt.u64.u32 %%rd13, %%r2; shr.u64 %%rd13, %%rd13, 4; add.s64 %%rd9, %%rd9, %%rd13; add.s64 %%rd10, %%rd10, "
      "%%rd13;\n"
      "mul.wide.u32 %%rd11, %%r1, %d; add.s64 %%rd12, %%rd3, %%rd11;\n",
      IMG, IMG, nd * 4);
    for (int i = 0; i < nd; i++) P("ld.global.b32 %%r%d, [%%rd12+%d];\n", 60 + i, 4 * i);
    P("wgmma.fence.sync.aligned;\n");
    if (c->at == 2) P("wgmma.mma_async.sync.aligned.m64n%dk256.s32.b1.b1.and.popc {", c->n);
    else
        P("wgmma.mma_async.sync.aligned.m64n%dk32.s32%s.%s.%s {", c->n, c->sat ? ".satfinite" : "", ty[c->at],
          ty[c->bt]);
    for (int i = 0; i < nd; i++) P("%s%%r%d", i ? ", " : "", 60 + i);
    P("}, %s, %%rd10, %d;\n", c->areg ? "{%r10, %r11, %r12, %r13}" : "%rd9", c->scale_d);
    P("wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\n");
    for (int i = 0; i < nd; i++) P("st.global.b32 [%%rd12+%d], %%r%d;\n", 4 * i, 60 + i);
    P("ret; }\n");
#undef P
    return s;
}

static void run_igemm(const icfg *c) {
    int n = c->n, nd = n / 2;
    static uint8_t A[64][32], B[256][32], img[IMG];
    static int32_t C[64][256];
    static uint32_t afr[128 * 4], acc[128 * 128];
    for (int i = 0; i < IMG; i++) img[i] = (uint8_t)next();
    for (int m = 0; m < 64; m++)
        for (int kb = 0; kb < 32; kb++) A[m][kb] = (uint8_t)next();
    for (int j = 0; j < n; j++)
        for (int kb = 0; kb < 32; kb++) B[j][kb] = (uint8_t)next();
    for (int m = 0; m < 64; m++)
        for (int j = 0; j < n; j++)
            C[m][j] = (next() & 3) ? (int32_t)(next() % 2001) - 1000
                                   : (int32_t)(next() & 1 ? INT32_MAX - next() % 300000 : INT32_MIN + next() % 300000);
    uint64_t descs[2] = {desc_for(A_OFF, c->swa, 0, 1), desc_for(B_OFF, c->swb, 0, 1)};
    uint32_t lbo_a = c->swa ? 16 : 128, sbo_a = c->swa ? 8 * c->swa : 256, lbo_b = c->swb ? 16 : 128,
             sbo_b = c->swb ? 8 * c->swb : 256;
    for (int m = 0; m < 64 && !c->areg; m++)
        for (int kb = 0; kb < 32; kb++) img[ref_addr(A_OFF, lbo_a, sbo_a, c->swa, m, kb, 1, 0)] = A[m][kb];
    for (int j = 0; j < n; j++)
        for (int kb = 0; kb < 32; kb++) img[ref_addr(B_OFF, lbo_b, sbo_b, c->swb, j, kb, 1, 0)] = B[j][kb];
    for (int t = 0; t < 128; t++) {
        /* A fragment, as the ISA's figure for 8-bit A (register r: row l/4 + 8 (r % 2), bytes 4 (l % 4) + 16 (r / 2) ..) */
        int l = t % 32;
        for (int r = 0; r < 4; r++) {
            afr[t * 4 + r] = 0;
            for (int j = 0; j < 4; j++)
                afr[t * 4 + r] |= (uint32_t)A[16 * (t / 32) + l / 4 + 8 * (r % 2)][4 * (l % 4) + 16 * (r / 2) + j]
                    << (8 * j);
        }
        for (int e = 0; e < nd; e++) {
            int r, cc;
            wg_d_pos(t, e, &r, &cc);
            acc[t * nd + e] = (uint32_t)C[r][cc];
        }
    }
    tu_buf bufs[4] = {{img, IMG}, {afr, sizeof afr}, {acc, (size_t)128 * (size_t)nd * 4}, {descs, sizeof descs}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {128, 1, 1}};
    ps_launch_result res;
    char diag[2048] = "";
    char *ptx = igemm_ptx(c);
    ps_status st = tu_run(ptx, "k", &cfg, bufs, 4, &res, diag, sizeof diag);
    if (st != PS_OK) fprintf(stderr, "%s\n%s\n", diag, res.fault.message);
    assert_int_equal(st, PS_OK);
    free(ptx);
    int bad = 0;
    for (int t = 0; t < 128; t++)
        for (int e = 0; e < nd; e++) {
            int r, cc;
            wg_d_pos(t, e, &r, &cc);
            int64_t want = c->scale_d ? C[r][cc] : 0;
            for (int kb = 0; kb < 32; kb++) {
                if (c->at == 2) {
                    want += __builtin_popcount(A[r][kb] & B[cc][kb]);
                    continue;
                }
                int64_t x = c->at == 0 ? (int8_t)A[r][kb] : A[r][kb], y = c->bt == 0 ? (int8_t)B[cc][kb] : B[cc][kb];
                want += x * y;
            }
            if (c->sat) want = want > INT32_MAX ? INT32_MAX : want < INT32_MIN ? INT32_MIN : want;
            uint32_t w32 = (uint32_t)(uint64_t)want;
            if (acc[t * nd + e] != w32 && bad++ < 5)
                fprintf(stderr, "n%d: D[%d][%d] = 0x%08x, want 0x%08x\n", n, r, cc, acc[t * nd + e], w32);
        }
    assert_int_equal(bad, 0);
}

/* every N the ISA allows for the integer and .b1 forms (8, 16, 24, then multiples of 16), each
 * signedness pairing, .satfinite, A from registers and descriptors, every swizzle */
static void test_igemm_every_n(void **state) {
    (void)state;
    static const unsigned sw[4] = {0, 32, 64, 128};
    int i = 0;
    for (int n = 8; n <= 256; n += 8, i++) {
        if (n > 24 && n % 16) continue;
        run_igemm(&(icfg){.n = n,
                          .at = i % 2,
                          .bt = (i / 2) % 2,
                          .sat = i % 3 == 0,
                          .areg = i % 4 == 1,
                          .swa = sw[i % 4],
                          .swb = sw[(i + 1) % 4],
                          .scale_d = i % 5 != 0});
        run_igemm(&(icfg){.n = n,
                          .at = 2,
                          .bt = 2,
                          .areg = i % 3 == 0,
                          .swa = sw[(i + 2) % 4],
                          .swb = sw[(i + 3) % 4],
                          .scale_d = 1});
    }
}

static void test_gemm_f16_areg_n8(void **state) {
    (void)state;
    run_gemm(&(gcfg){.n = 8, .areg = 1, .sa = 1, .sb = 1, .scale_d = 1, .swb = 0});
}
static void test_gemm_f16_desc_n256_128b(void **state) {
    (void)state;
    run_gemm(&(gcfg){.n = 256, .sa = 1, .sb = 1, .scale_d = 2, .swa = 128, .swb = 128});
}
static void test_gemm_bf16_mnmajor(void **state) {
    (void)state;
    run_gemm(&(gcfg){.n = 64, .at = 1, .sa = -1, .sb = 1, .ta = 1, .tb = 1, .scale_d = 1, .swa = 64, .swb = 32});
    run_gemm(&(gcfg){.n = 72, .at = 1, .sa = 1, .sb = 1, .ta = 1, .tb = 1, .scale_d = 1, .swa = 0, .swb = 128});
}
static void test_gemm_f16acc(void **state) {
    (void)state;
    run_gemm(&(gcfg){.n = 24, .f16acc = 1, .areg = 1, .sa = -1, .sb = -1, .tb = 1, .scale_d = 3, .swb = 0});
    run_gemm(&(gcfg){.n = 128, .f16acc = 1, .sa = 1, .sb = -1, .ta = 1, .scale_d = 1, .swa = 128, .swb = 64});
}
static void test_gemm_tf32(void **state) {
    (void)state;
    run_gemm(&(gcfg){.n = 16, .at = 2, .sa = 1, .sb = -1, .scale_d = 1, .swa = 128, .swb = 0});
    run_gemm(&(gcfg){.n = 40, .at = 2, .areg = 1, .sa = 1, .sb = 1, .scale_d = 0, .swb = 32});
}
static void test_gemm_every_n(void **state) {
    (void)state;
    for (int n = 8; n <= 256; n += 8)
        run_gemm(
            &(gcfg){.n = n, .areg = n % 16 == 0, .sa = 1, .sb = 1, .scale_d = 1, .swa = 64, .swb = n % 24 ? 128 : 0});
}

/* ---- asynchronous semantics: misuse is reported ----------------------------------- */

static ps_status run_snippet(const char *body, unsigned threads, ps_launch_result *res, char *diag, size_t dl) {
    char ptx[4096];
    snprintf(ptx, sizeof ptx,
             ".version 8.3\n.target sm_90a\n.address_size 64\n"
             ".visible .entry k(.param .u64 p0) {\n"
             ".reg .f32 %%f<10>; .reg .b32 %%r<10>; .reg .b64 %%rd<10>; .reg .pred %%p<4>;\n"
             ".shared .align 1024 .b8 sh[4096];\n"
             "mov.b64 %%rd1, 0; mov.b64 %%rd2, 0; mov.f32 %%f1, 0f00000000; mov.f32 %%f2, 0f00000000;\n"
             "mov.f32 %%f3, 0f00000000; mov.f32 %%f4, 0f00000000; mov.b32 %%r1, 0; mov.b32 %%r2, 0;\n"
             "mov.b32 %%r3, 0; mov.b32 %%r4, 0; mov.u32 %%r9, sh;\n"
             "%s\nret; }\n",
             body);
    static uint32_t dummy[4];
    tu_buf b = {dummy, sizeof dummy};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {threads, 1, 1}};
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, res, diag, dl);
    if (getenv("WGMMA_TEST_VERBOSE")) fprintf(stderr, "%s%s\n", diag, res->fault.message);
    return st;
}

#define MMA                                                                                                         \
    "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, %rd2, 1, 1, 1, " \
    "0;\n"

static void test_async_misuse(void **state) {
    (void)state;
    ps_launch_result res;
    char diag[1024];
    /* correct use: fence, two chained instructions on one accumulator, commit, wait */
    assert_int_equal(run_snippet("wgmma.fence.sync.aligned;\n" MMA MMA
                                 "wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\n"
                                 "add.f32 %f5, %f1, %f2;",
                                 128, &res, diag, sizeof diag),
                     PS_OK);
    /* reading the accumulator before the wait */
    assert_int_not_equal(run_snippet("wgmma.fence.sync.aligned;\n" MMA
                                     "wgmma.commit_group.sync.aligned;\nadd.f32 %f5, %f1, %f2;\n"
                                     "wgmma.wait_group.sync.aligned 0;",
                                     128, &res, diag, sizeof diag),
                         PS_OK);
    assert_int_equal(res.fault.kind, PS_FAULT_INVALID_WARP_SYNC);
    assert_non_null(strstr(res.fault.message, "before a wgmma.wait_group covers it"));
    /* writing an A register before the wait (wait_group 1 leaves the newest group in flight) */
    assert_int_not_equal(run_snippet("wgmma.fence.sync.aligned;\n" MMA
                                     "wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 1;\n"
                                     "mov.b32 %r2, 7;\nwgmma.wait_group.sync.aligned 0;",
                                     128, &res, diag, sizeof diag),
                         PS_OK);
    assert_non_null(strstr(res.fault.message, "mov.b32"));
    /* an uncommitted instruction is not covered by wait_group 0 */
    assert_int_not_equal(run_snippet("wgmma.fence.sync.aligned;\n" MMA
                                     "wgmma.wait_group.sync.aligned 0;\nmov.f32 %f1, 0f3f800000;",
                                     128, &res, diag, sizeof diag),
                         PS_OK);
    /* no wgmma.fence before the first wgmma.mma_async */
    assert_int_not_equal(run_snippet(MMA "wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;", 128,
                                     &res, diag, sizeof diag),
                         PS_OK);
    assert_non_null(strstr(res.fault.message, "wgmma.fence"));
    /* a block of 64 threads has no whole warpgroup */
    assert_int_not_equal(run_snippet("wgmma.fence.sync.aligned;\n" MMA, 64, &res, diag, sizeof diag), PS_OK);
    assert_non_null(strstr(res.fault.message, "whole warpgroup"));
    /* a second accumulator overlapping the first one's registers in flight */
    assert_int_not_equal(run_snippet("wgmma.fence.sync.aligned;\n" MMA
                                     "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f2, %f3, %f4, %f5}, {%r1, "
                                     "%r2, %r3, %r4}, %rd2, 1, 1, 1, 0;\n"
                                     "wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;",
                                     128, &res, diag, sizeof diag),
                         PS_OK);
    assert_non_null(strstr(res.fault.message, "only chains on the same accumulator"));
    /* descriptors that differ between the warps of the warpgroup, or between lanes */
    assert_int_not_equal(run_snippet("mov.u32 %r5, %tid.x; shr.u32 %r5, %r5, 5; cvt.u64.u32 %rd2, %r5;\n"
                                     "wgmma.fence.sync.aligned;\n" MMA,
                                     128, &res, diag, sizeof diag),
                         PS_OK);
    assert_non_null(strstr(res.fault.message, "same descriptors"));
    assert_int_not_equal(run_snippet("mov.u32 %r5, %tid.x; and.b32 %r5, %r5, 1; cvt.u64.u32 %rd2, %r5;\n"
                                     "wgmma.fence.sync.aligned;\n" MMA,
                                     128, &res, diag, sizeof diag),
                         PS_OK);
    assert_non_null(strstr(res.fault.message, "differ between lanes 0 and 1"));
}

static void test_decode_errors(void **state) {
    (void)state;
    ps_launch_result res;
    char diag[1024];
    /* most of these are refused at parse time now, with ptxas 13's message (scripts/isa_audit.py's
     * ctl, wgmma, bulk and bulk.reduce spellings; docs/ptxas-diff.md); the others by the decoder */
    struct {
        const char *body, *msg;
    } cases[] = {
        {"setmaxnreg.inc.sync.aligned.u32 20;", "expected to be multiple of 8"},
        {"setmaxnreg.dec.sync.aligned.u32 252;", "expected to be multiple of 8"},
        {"multimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1];", "NVLink multicast"},
        {"wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16 {%f1, %f2, %f3}, %rd1, %rd2, 1, 1, 1, 0, 0;",
         "Illegal matrix shape '.m64n12k16'"},
        {"wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 2, 1, 0, 0;",
         "expected to be -1 or 1"},
        {"wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8 {%r1, %r2, %r3, %r4}, %rd1, %rd2, 1;",
         "Illegal matrix shape '.m64n40k32'"},
        {"cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%r2], %r2, "
         "[%r3], %r5;",
         "Illegal modifier '.multicast::cluster'"},
        {"cp.reduce.async.bulk.global.shared::cta.bulk_group.min.f32 [%rd1], [%r1], %r2;",
         "Incorrect type '.f32' for operation '.min'"},
        {"cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f16 [%rd1], [%r1], %r2;",
         "floating-point bulk reductions"},
        {"cp.reduce.async.bulk.global.shared::cta.bulk_group.add.s64 [%rd1], [%r1], %r2;",
         "Incorrect type '.s64' for operation '.add'"},
        {"cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.max.s64 [%r1], [%r2], %r3, "
         "[%r4];",
         "Incorrect type '.s64' for operation '.max'"},
        {"cp.reduce.async.bulk.global.shared::cta.bulk_group.inc.s32 [%rd1], [%r1], %r2;",
         "Incorrect type '.s32' for operation '.inc'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        diag[0] = 0;
        assert_int_not_equal(run_snippet(cases[i].body, 128, &res, diag, sizeof diag), PS_OK);
        if (!strstr(diag, cases[i].msg)) fprintf(stderr, "case %zu: %s\n", i, diag);
        assert_non_null(strstr(diag, cases[i].msg));
    }
    /* accepted: setmaxnreg in range, griddepcontrol, fence.proxy.async */
    assert_int_equal(run_snippet("setmaxnreg.inc.sync.aligned.u32 240;\nsetmaxnreg.dec.sync.aligned.u32 24;\n"
                                 "griddepcontrol.wait;\ngriddepcontrol.launch_dependents;\n"
                                 "fence.proxy.async;\nfence.proxy.async.shared::cta;",
                                 128, &res, diag, sizeof diag),
                     PS_OK);
}

/* ---- bulk copies ------------------------------------------------------------------- */

static void test_bulk_copy(void **state) {
    (void)state;
    /* thread 0 expects 3 x 1024 bytes on an mbarrier and issues three bulk copies into shared
     * memory; every thread waits on the phase, then thread 0 copies the shared buffer back out
     * (reversed halves: [0,1536) <- [1536,3072) and vice versa) with bulk_group copies */
    const char *ptx =
        ".version 8.6\n.target sm_90a\n.address_size 64\n"
        ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
        ".reg .b32 %r<20>; .reg .b64 %rd<20>; .reg .pred %p<4>;\n"
        ".shared .align 16 .b8 sh[3072]; .shared .align 8 .b64 bar;\n"
        "ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1];\n"
        "mov.u32 %r1, %tid.x; mov.u32 %r2, sh; mov.u32 %r3, bar;\n"
        "setp.ne.u32 %p1, %r1, 0;\n"
        "@%p1 bra WAIT;\n"
        "mbarrier.init.shared::cta.b64 [%r3], 1;\n"
        "fence.proxy.async.shared::cta;\n"
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 3072;\n"
        "mov.u32 %r4, 1024;\n"
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], %r4, [%r3];\n"
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2+1024], [%rd1+1024], %r4, [%r3];\n"
        "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [sh+2048], [%rd1+2048], %r4, [bar];\n"
        "WAIT:\n"
        "bar.sync 0;\n"
        "LOOP: mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r3], 0;\n"
        "@!%p2 bra LOOP;\n"
        "@%p1 bra END;\n"
        "mov.u32 %r5, 1536;\n"
        "cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2+1536], %r5;\n"
        "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd2+1536], [%r2], %r5, %rd1;\n"
        "cp.async.bulk.commit_group;\n"
        "cp.async.bulk.wait_group.read 0;\n"
        "cp.async.bulk.wait_group 0;\n"
        "cp.async.bulk.prefetch.L2.global [%rd1], %r5;\n"
        "cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd1+16], %r5, %rd1;\n"
        "END: ret; }\n";
    static uint8_t in[3072], out[3072];
    for (int i = 0; i < 3072; i++) in[i] = (uint8_t)next();
    memset(out, 0, sizeof out);
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {64, 1, 1}};
    ps_launch_result res;
    char diag[1024] = "";
    ps_status st = tu_run(ptx, "k", &cfg, b, 2, &res, diag, sizeof diag);
    if (st != PS_OK) fprintf(stderr, "%s%s\n", diag, res.fault.message);
    assert_int_equal(st, PS_OK);
    assert_memory_equal(out, in + 1536, 1536);
    assert_memory_equal(out + 1536, in, 1536);

    /* a size that is not a multiple of 16 faults */
    const char *bad = ".version 8.0\n.target sm_90a\n.address_size 64\n"
                      ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
                      ".reg .b32 %r<20>; .reg .b64 %rd<20>;\n"
                      ".shared .align 16 .b8 sh[3072]; .shared .align 8 .b64 bar;\n"
                      "ld.param.u64 %rd1, [p0]; mov.u32 %r2, sh; mov.u32 %r3, bar; mov.u32 %r4, 24;\n"
                      "mbarrier.init.shared::cta.b64 [%r3], 1;\n"
                      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], %r4, [%r3];\n"
                      "ret; }\n";
    cfg.block[0] = 1;
    assert_int_not_equal(tu_run(bad, "k", &cfg, b, 2, &res, diag, sizeof diag), PS_OK);
    assert_int_equal(res.fault.kind, PS_FAULT_MISALIGNED);
    assert_non_null(strstr(res.fault.message, "multiple of 16"));
}

/* cp.reduce.async.bulk: integer reductions shared -> global (bulk_group) and shared::cta ->
 * shared::cluster (mbarrier complete_tx), against a C reference of each operation */
static void test_bulk_reduce(void **state) {
    (void)state;
    const char *ptx =
        ".version 8.3\n.target sm_90a\n.address_size 64\n"
        ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2) {\n"
        ".reg .b32 %r<20>; .reg .b64 %rd<20>; .reg .pred %p<4>;\n"
        ".shared .align 16 .b8 sh[128]; .shared .align 16 .b8 acc[32]; .shared .align 8 .b64 bar;\n"
        "ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1]; ld.param.u64 %rd3, [p2];\n"
        "mov.u32 %r2, sh; mov.u32 %r3, bar; mov.u32 %r6, acc;\n"
        "mbarrier.init.shared::cta.b64 [%r3], 1;\n"
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 128;\n"
        "mov.u32 %r4, 128;\n"
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], %r4, [%r3];\n"
        "W1: mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r3], 0; @!%p1 bra W1;\n"
        "mov.u32 %r5, 32; mov.u32 %r7, 16;\n"
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd2], [%r2], %r5;\n"
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.min.s32 [%rd2+32], [%r2+32], %r5;\n"
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.max.u64 [%rd2+64], [%r2+64], %r5, %rd1;\n"
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.xor.b64 [%rd2+96], [%r2+96], %r7;\n"
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.inc.u32 [%rd2+112], [%r2+112], %r7;\n"
        "cp.async.bulk.commit_group; cp.async.bulk.wait_group 0;\n"
        /* acc (zeroed shared) max.s32= sh[0..32), then += sh[32..64) as u64 (a shared::cluster
         * destination takes 32-bit types and .add.u64 only, as ptxas 13 does) */
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 64;\n"
        "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.max.s32 [%r6], [%r2], %r5, "
        "[%r3];\n"
        "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u64 [%r6], [%r2+32], %r5, "
        "[%r3];\n"
        "W2: mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r3], 1; @!%p1 bra W2;\n"
        "cp.async.bulk.global.shared::cta.bulk_group [%rd3], [%r6], %r5;\n"
        "ret; }\n";
    static uint8_t in[128], out[128], out0[128], acc[32];
    for (int i = 0; i < 128; i++) in[i] = (uint8_t)next(), out[i] = out0[i] = (uint8_t)next();
    memset(acc, 0, sizeof acc);
    tu_buf b[3] = {{in, sizeof in}, {out, sizeof out}, {acc, sizeof acc}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
    ps_launch_result res;
    char diag[1024] = "";
    ps_status st = tu_run(ptx, "k", &cfg, b, 3, &res, diag, sizeof diag);
    if (st != PS_OK) fprintf(stderr, "%s%s\n", diag, res.fault.message);
    assert_int_equal(st, PS_OK);
    uint8_t want[128];
    memcpy(want, out0, sizeof want);
    for (int i = 0; i < 8; i++) { /* add.u32 */
        uint32_t a, x;
        memcpy(&a, want + 4 * i, 4), memcpy(&x, in + 4 * i, 4);
        a += x;
        memcpy(want + 4 * i, &a, 4);
    }
    for (int i = 8; i < 16; i++) { /* min.s32 */
        int32_t a, x;
        memcpy(&a, want + 4 * i, 4), memcpy(&x, in + 4 * i, 4);
        if (x < a) a = x;
        memcpy(want + 4 * i, &a, 4);
    }
    for (int i = 8; i < 12; i++) { /* max.u64 */
        uint64_t a, x;
        memcpy(&a, want + 8 * i, 8), memcpy(&x, in + 8 * i, 8);
        if (x > a) a = x;
        memcpy(want + 8 * i, &a, 8);
    }
    for (int i = 12; i < 14; i++) { /* xor.b64 */
        uint64_t a, x;
        memcpy(&a, want + 8 * i, 8), memcpy(&x, in + 8 * i, 8);
        a ^= x;
        memcpy(want + 8 * i, &a, 8);
    }
    for (int i = 28; i < 32; i++) { /* inc.u32: old >= src ? 0 : old + 1 */
        uint32_t a, x;
        memcpy(&a, want + 4 * i, 4), memcpy(&x, in + 4 * i, 4);
        a = a >= x ? 0 : a + 1;
        memcpy(want + 4 * i, &a, 4);
    }
    assert_memory_equal(out, want, sizeof want);
    for (int i = 0; i < 4; i++) {
        int32_t x[2];
        uint64_t y, m = 0;
        memcpy(x, in + 8 * i, 8), memcpy(&y, in + 32 + 8 * i, 8);
        for (int h = 0; h < 2; h++) m |= (uint64_t)(uint32_t)(x[h] > 0 ? x[h] : 0) << (32 * h);
        uint64_t got;
        memcpy(&got, acc + 8 * i, 8);
        assert_int_equal(got, m + y);
    }
}

/* shared::cta -> shared::cluster bulk copy (the CTA's own shared memory, no cluster launched) */
static void test_bulk_s2s(void **state) {
    (void)state;
    const char *ptx =
        ".version 8.3\n.target sm_90a\n.address_size 64\n"
        ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
        ".reg .b32 %r<20>; .reg .b64 %rd<20>; .reg .pred %p<4>;\n"
        ".shared .align 16 .b8 sh[128]; .shared .align 8 .b64 bar;\n"
        "ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1];\n"
        "mov.u32 %r2, sh; mov.u32 %r3, bar; mov.u32 %r4, 64; mov.u32 %r5, 48;\n"
        "mbarrier.init.shared::cta.b64 [%r3], 1;\n"
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 112;\n"
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], %r4, [%r3];\n"
        "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r2+64], [%r2+16], %r5, [%r3];\n"
        "W: mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r3], 0; @!%p1 bra W;\n"
        "mov.u32 %r6, 128;\n"
        "cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], %r6;\n"
        "cp.async.bulk.commit_group; cp.async.bulk.wait_group 0;\n"
        "ret; }\n";
    static uint8_t in[64], out[128];
    for (int i = 0; i < 64; i++) in[i] = (uint8_t)next();
    memset(out, 0xee, sizeof out);
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
    ps_launch_result res;
    char diag[1024] = "";
    ps_status st = tu_run(ptx, "k", &cfg, b, 2, &res, diag, sizeof diag);
    if (st != PS_OK) fprintf(stderr, "%s%s\n", diag, res.fault.message);
    assert_int_equal(st, PS_OK);
    assert_memory_equal(out, in, 64);
    assert_memory_equal(out + 64, in + 16, 48);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_fields),
        cmocka_unit_test(test_layout_addresses),
        cmocka_unit_test(test_fragment_layouts),
        cmocka_unit_test(test_gemm_f16_areg_n8),
        cmocka_unit_test(test_gemm_f16_desc_n256_128b),
        cmocka_unit_test(test_gemm_bf16_mnmajor),
        cmocka_unit_test(test_gemm_f16acc),
        cmocka_unit_test(test_gemm_tf32),
        cmocka_unit_test(test_gemm_every_n),
        cmocka_unit_test(test_igemm_every_n),
        cmocka_unit_test(test_async_misuse),
        cmocka_unit_test(test_decode_errors),
        cmocka_unit_test(test_bulk_copy),
        cmocka_unit_test(test_bulk_reduce),
        cmocka_unit_test(test_bulk_s2s),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
