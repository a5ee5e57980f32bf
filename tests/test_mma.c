/* test_mma.c — tensor-core instructions against C references written from the PTX ISA's
 * fragment tables (9.7.14.5) and matrix-load definitions (9.7.9.x): integer and .b1 mma.sync,
 * .satfinite, ldmatrix/stmatrix/movmatrix, and the errors: a partial warp, shapes and types the
 * ISA does not define. Floating-point mma against the H200 is test_mma_gpu.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static uint64_t rs = 12345;
static uint32_t rnd32(void) {
    rs = rs * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rs >> 32);
}

/* Kernel: one warp loads nin words per lane ([word][lane] in p0), runs INSN with registers
 * %r100.. (d), %r0.. (a, b, c in order), stores nd words per lane to p1. */
static ps_status run_frag(const char *insn, int na, int nb, int nc, int nd, unsigned threads, const uint32_t *in,
                          uint32_t *out, ps_launch_result *res, char *diag, size_t dlen) {
    char ptx[8192];
    int n =
        snprintf(ptx, sizeof ptx,
                 TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n.reg .b32 %%r<200>;\n"
                           ".reg .b64 %%rd<10>;\nld.param.u64 %%rd1, [p0];\nld.param.u64 %%rd2, [p1];\n"
                           "mov.u32 %%r190, %%tid.x;\nmul.wide.u32 %%rd3, %%r190, 4;\nadd.s64 %%rd1, %%rd1, %%rd3;\n"
                           "add.s64 %%rd2, %%rd2, %%rd3;\n");
    int nin = na + nb + nc;
    for (int i = 0; i < nin; i++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "ld.global.u32 %%r%d, [%%rd1+%d];\n", i, i * 128);
    n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s {", insn);
    for (int i = 0; i < nd; i++) n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", i ? "," : "", 100 + i);
    int base = 0, cnt[3] = {na, nb, nc};
    for (int g = 0; g < 3; g++) {
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "}, {");
        for (int i = 0; i < cnt[g]; i++)
            n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", i ? "," : "", base + i);
        base += cnt[g];
    }
    n += snprintf(ptx + n, sizeof ptx - (size_t)n, "};\n");
    for (int i = 0; i < nd; i++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "st.global.u32 [%%rd2+%d], %%r%d;\n", i * 128, 100 + i);
    snprintf(ptx + n, sizeof ptx - (size_t)n, "ret;\n}\n");
    uint32_t *inb = malloc((size_t)nin * 128 + 4);
    memcpy(inb, in, (size_t)nin * 128);
    tu_buf bufs[2] = {{inb, (size_t)nin * 128}, {out, (size_t)nd * 128}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {threads, 1, 1}};
    ps_status st = tu_run(ptx, "k", &cfg, bufs, 2, res, diag, dlen);
    free(inb);
    return st;
}

/* ---- integer mma: fragments per the ISA's tables, written out per shape ---- */

typedef struct {
    int m, n, k, bits; /* element bits of A and B */
    int na, nb;        /* registers */
} ishape;

/* (row, col) of A element i of a lane, per the ISA (groupID = lane>>2, tig = lane%4) */
static void a_coord(const ishape *s, int lane, int i, int *r, int *c) {
    int g = lane >> 2, t = lane & 3, per = 32 / s->bits;
    int reg = i / per, j = i % per;
    if (s->m == 8) { /* one register: row groupID, columns tig*per + j */
        *r = g, *c = t * per + j;
        return;
    }
    /* m16: registers alternate rows g and g+8, then the next k half */
    *r = g + 8 * (reg & 1);
    *c = (reg >> 1) * 4 * per + t * per + j;
}
static void b_coord(const ishape *s, int lane, int i, int *r, int *c) {
    int g = lane >> 2, t = lane & 3, per = 32 / s->bits;
    int reg = i / per, j = i % per;
    *r = reg * 4 * per + t * per + j, *c = g;
}
static void c_coord(const ishape *s, int lane, int i, int *r, int *c) {
    (void)s;
    *r = (lane >> 2) + 8 * (i >> 1), *c = 2 * (lane & 3) + (i & 1);
}

static int64_t ival(uint32_t v, int bits, bool sgn) {
    if (bits == 1) return v & 1;
    uint32_t m = (1u << bits) - 1;
    v &= m;
    return sgn && (v >> (bits - 1)) ? (int64_t)v - (int64_t)(m + 1) : (int64_t)v;
}

static void check_int_mma(const char *insn, ishape s, bool sa, bool sb, bool sat, int bop /* 0 mul, 1 and, 2 xor */,
                          bool big_c) {
    int nc = s.m * s.n / 32, nin = s.na + s.nb + nc;
    uint32_t in[32 * 12], out[32 * 4];
    for (int i = 0; i < nin * 32; i++) in[i] = rnd32();
    if (big_c)
        for (int i = 0; i < nc * 32; i++)
            in[(s.na + s.nb) * 32 + i] = (i & 1) ? 0x7fffff00u + (rnd32() & 0xff) : 0x80000000u + (rnd32() & 0xff);
    static int64_t A[16][256], B[256][8], C[16][8];
    int per = 32 / s.bits;
    for (int l = 0; l < 32; l++) {
        int r, c;
        for (int i = 0; i < s.na * per; i++) {
            a_coord(&s, l, i, &r, &c);
            A[r][c] = ival(in[(i / per) * 32 + l] >> (s.bits * (i % per)), s.bits, sa);
        }
        for (int i = 0; i < s.nb * per; i++) {
            b_coord(&s, l, i, &r, &c);
            B[r][c] = ival(in[(s.na + i / per) * 32 + l] >> (s.bits * (i % per)), s.bits, sb);
        }
        for (int i = 0; i < nc; i++) {
            c_coord(&s, l, i, &r, &c);
            C[r][c] = (int32_t)in[(s.na + s.nb + i) * 32 + l];
        }
    }
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run_frag(insn, s.na, s.nb, nc, nc, 32, in, out, &res, diag, sizeof diag), PS_OK);
    for (int l = 0; l < 32; l++)
        for (int i = 0; i < nc; i++) {
            int r, c;
            c_coord(&s, l, i, &r, &c);
            int64_t acc = C[r][c];
            for (int k = 0; k < s.k; k++)
                acc += bop == 0 ? A[r][k] * B[k][c] : bop == 1 ? (A[r][k] & B[k][c]) : (A[r][k] ^ B[k][c]);
            if (sat) acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
            uint32_t want = (uint32_t)acc;
            if (out[i * 32 + l] != want)
                fail_msg("%s: lane %d element %d (%d,%d): ptxsim 0x%08x, reference 0x%08x", insn, l, i, r, c,
                         out[i * 32 + l], want);
        }
}

static void test_mma_integer(void **state) {
    (void)state;
    for (int rep = 0; rep < 3; rep++) {
        bool big = rep == 2;
        check_int_mma("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32", (ishape){8, 8, 16, 8, 1, 1}, 1, 1, 0, 0, big);
        check_int_mma("mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32", (ishape){8, 8, 16, 8, 1, 1}, 0, 1, 0, 0, big);
        check_int_mma("mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32", (ishape){16, 8, 16, 8, 2, 1}, 1, 0, 0, 0, big);
        check_int_mma("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", (ishape){16, 8, 32, 8, 4, 2}, 0, 0, 0, 0, big);
        check_int_mma("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32", (ishape){16, 8, 32, 8, 4, 2}, 1, 1,
                      1, 0, big);
        check_int_mma("mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32", (ishape){8, 8, 32, 4, 1, 1}, 1, 1, 0, 0, big);
        check_int_mma("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u4.s4.s32", (ishape){16, 8, 32, 4, 2, 1}, 0, 1,
                      1, 0, big);
        check_int_mma("mma.sync.aligned.m16n8k64.row.col.s32.s4.u4.s32", (ishape){16, 8, 64, 4, 4, 2}, 1, 0, 0, 0, big);
        check_int_mma("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc", (ishape){8, 8, 128, 1, 1, 1}, 0, 0, 0,
                      2, big);
        check_int_mma("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc", (ishape){16, 8, 128, 1, 2, 1}, 0, 0,
                      0, 1, big);
        check_int_mma("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc", (ishape){16, 8, 256, 1, 4, 2}, 0, 0,
                      0, 2, big);
    }
}

/* ---- ldmatrix / stmatrix / movmatrix ---- */

/* Table of 32 rows x 8 b16 in shared memory (value row*8+col); lane l's address: row perm[l] */
static void check_matrix(int x, bool trans, bool store) {
    int perm[32];
    for (int i = 0; i < 32; i++) perm[i] = i;
    for (int i = 31; i > 0; i--) {
        int j = (int)(rnd32() % (unsigned)(i + 1)), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
    char ptx[4096];
    int n =
        snprintf(ptx, sizeof ptx,
                 TU_HEADER
                 ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n.reg .b32 %%r<40>;\n.reg .b64 %%rd<10>;\n"
                 ".reg .b16 %%h<2>;\n.reg .pred %%p;\n.shared .align 16 .b16 sm[256];\n"
                 "ld.param.u64 %%rd1, [p0];\nld.param.u64 %%rd2, [p1];\nmov.u32 %%r0, %%tid.x;\n"
                 "mul.wide.u32 %%rd3, %%r0, 4;\nadd.s64 %%rd1, %%rd1, %%rd3;\nadd.s64 %%rd2, %%rd2, %%rd3;\n"
                 "ld.global.u32 %%r1, [%%rd1];\nshl.b32 %%r1, %%r1, 4;\nmov.u32 %%r2, sm;\nadd.u32 %%r3, %%r2, %%r1;\n"
                 "mov.u32 %%r4, %%r0;\nL:\nshl.b32 %%r5, %%r4, 1;\nadd.u32 %%r5, %%r2, %%r5;\ncvt.u16.u32 %%h0, %%r4;\n"
                 "%s\nst.shared.u16 [%%r5], %%h0;\nadd.u32 %%r4, %%r4, 32;\nsetp.lt.u32 %%p, %%r4, 256;\n@%%p bra L;\n"
                 "bar.warp.sync -1;\n",
                 store ? "mov.u16 %h0, 0xffff;" : "");
    if (!store) {
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16 {", x,
                      trans ? ".trans" : "");
        for (int i = 0; i < x; i++) n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", i ? "," : "", 10 + i);
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "}, [%%r3];\n");
        for (int i = 0; i < x; i++)
            n += snprintf(ptx + n, sizeof ptx - (size_t)n, "st.global.u32 [%%rd2+%d], %%r%d;\n", 128 * i, 10 + i);
    } else {
        /* register i of lane l holds 1000*i + 2l and 1000*i + 2l + 1 */
        for (int i = 0; i < x; i++)
            n += snprintf(
                ptx + n, sizeof ptx - (size_t)n,
                "shl.b32 %%r6, %%r0, 1;\nadd.u32 %%r6, %%r6, %d;\nadd.u32 %%r7, %%r6, 1;\nshl.b32 %%r7, %%r7, 16;\n"
                "or.b32 %%r%d, %%r6, %%r7;\n",
                1000 * i, 10 + i);
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "stmatrix.sync.aligned.m8n8.x%d%s.shared.b16 [%%r3], {", x,
                      trans ? ".trans" : "");
        for (int i = 0; i < x; i++) n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", i ? "," : "", 10 + i);
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "};\nbar.warp.sync -1;\n");
        for (int i = 0; i < 4; i++)
            n += snprintf(ptx + n, sizeof ptx - (size_t)n,
                          "shl.b32 %%r6, %%r0, 2;\nadd.u32 %%r6, %%r6, %d;\nadd.u32 %%r6, %%r6, %%r2;\nld.shared.u32 "
                          "%%r7, [%%r6];\n"
                          "st.global.u32 [%%rd2+%d], %%r7;\n",
                          128 * i, 128 * i);
    }
    snprintf(ptx + n, sizeof ptx - (size_t)n, "ret;\n}\n");
    uint32_t out[128] = {0};
    tu_buf bufs[2] = {{perm, sizeof perm}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(tu_run(ptx, "k", &cfg, bufs, 2, &res, diag, sizeof diag), PS_OK);
    /* reference, from the ISA: matrix i's row r is at the address of lane 8i + r; thread l's
     * register i holds (row l/4, columns 2(l%4), 2(l%4)+1), or with .trans (rows 2(l%4) and
     * 2(l%4)+1, column l/4) */
    if (!store) {
        for (int i = 0; i < x; i++)
            for (int l = 0; l < 32; l++) {
                uint16_t e[2];
                for (int h = 0; h < 2; h++) {
                    int r = trans ? 2 * (l % 4) + h : l / 4, c = trans ? l / 4 : 2 * (l % 4) + h;
                    e[h] = (uint16_t)(perm[8 * i + r] * 8 + c);
                }
                uint32_t want = e[0] | (uint32_t)e[1] << 16;
                if (out[i * 32 + l] != want)
                    fail_msg("ldmatrix.x%d%s reg %d lane %d: 0x%08x, want 0x%08x", x, trans ? ".trans" : "", i, l,
                             out[i * 32 + l], want);
            }
    } else {
        uint16_t table[256];
        memset(table, 0xff, sizeof table);
        for (int i = 0; i < x; i++)
            for (int l = 0; l < 32; l++)
                for (int h = 0; h < 2; h++) {
                    int r = trans ? 2 * (l % 4) + h : l / 4, c = trans ? l / 4 : 2 * (l % 4) + h;
                    table[perm[8 * i + r] * 8 + c] = (uint16_t)(1000 * i + 2 * l + h);
                }
        const uint16_t *got = (const uint16_t *)out;
        for (int i = 0; i < 256; i++)
            if (got[i] != table[i])
                fail_msg("stmatrix.x%d%s element %d: %u, want %u", x, trans ? ".trans" : "", i, got[i], table[i]);
    }
}

static void test_ldmatrix_stmatrix(void **state) {
    (void)state;
    for (int x = 1; x <= 4; x *= 2)
        for (int t = 0; t < 2; t++) {
            check_matrix(x, t, false);
            check_matrix(x, t, true);
        }
}

static void test_movmatrix(void **state) {
    (void)state;
    uint32_t in[32], out[32];
    for (int l = 0; l < 32; l++) in[l] = rnd32();
    ps_launch_result res;
    char diag[1024];
    /* run_frag's operand lists do not fit movmatrix: a dedicated kernel */
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n.reg .b32 %r<4>;\n.reg .b64 %rd<6>;\n"
                  "ld.param.u64 %rd1, [p0];\nld.param.u64 %rd2, [p1];\nmov.u32 %r0, %tid.x;\n"
                  "mul.wide.u32 %rd3, %r0, 4;\nadd.s64 %rd1, %rd1, %rd3;\nadd.s64 %rd2, %rd2, %rd3;\n"
                  "ld.global.u32 %r1, [%rd1];\nmovmatrix.sync.aligned.m8n8.trans.b16 %r1, %r1;\n"
                  "st.global.u32 [%rd2], %r1;\nret;\n}\n";
    tu_buf bufs[2] = {{in, sizeof in}, {out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    assert_int_equal(tu_run(ptx, "k", &cfg, bufs, 2, &res, diag, sizeof diag), PS_OK);
    /* element (r, c) of the 8x8 matrix: lane 4r + c/2, half c%2; the result is the transpose */
    for (int l = 0; l < 32; l++)
        for (int h = 0; h < 2; h++) {
            int r = l / 4, c = 2 * (l % 4) + h;
            uint16_t want = (uint16_t)(in[4 * c + r / 2] >> (16 * (r % 2)));
            assert_int_equal((uint16_t)(out[l] >> (16 * h)), want);
        }
}

/* ---- errors ---- */

static void test_partial_warp_faults(void **state) {
    (void)state;
    uint32_t in[32 * 10] = {0}, out[32 * 4];
    ps_launch_result res;
    char diag[1024];
    /* 16 threads: half a warp cannot execute a .sync.aligned matrix instruction */
    ps_status st =
        run_frag("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 4, 2, 4, 4, 16, in, out, &res, diag, sizeof diag);
    assert_int_equal(st, PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_INVALID_WARP_SYNC);
}

static void test_unsupported_forms_rejected(void **state) {
    (void)state;
    static const struct {
        const char *insn;
        int na, nb, nc, nd;
    } bad[] = {
        {"mma.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32", 4, 2, 4, 4}, /* tf32 has no k16 */
        {"mma.sync.aligned.m16n8k16.col.col.f32.f16.f16.f32", 4, 2, 4, 4},   /* m16n8k16 is .row.col only */
        {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32", 4, 2, 4, 2},   /* d f16 with c f32 */
        {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 4, 2, 4, 2},   /* too few d registers */
        {"mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32.satfinite", 2, 1, 4, 4},
        {"mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32", 1, 1, 2, 2}, /* b1 needs .and/.xor.popc */
        /* sub-byte and single-bit wmma.mma: .row.col only, A and B of one type, .bitOp.popc on .b1 only */
        {"wmma.mma.sync.aligned.row.row.m8n8k32.s32.s4.s4.s32", 1, 1, 2, 2},
        {"wmma.mma.sync.aligned.col.col.m8n8k32.s32.u4.u4.s32", 1, 1, 2, 2},
        {"wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.u4.s32", 1, 1, 2, 2},
        {"wmma.mma.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", 1, 1, 2, 2},
        {"wmma.mma.xor.popc.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32", 1, 1, 2, 2},
        {"wmma.mma.xor.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", 1, 1, 2, 2},
        {"wmma.mma.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32.satfinite", 1, 1, 2, 2},
        {"wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.f32", 1, 1, 8, 8},   /* c must be .s32 */
        {"wmma.mma.sync.aligned.row.col.m16n16k16.rz.f32.f32", 8, 8, 8, 8},    /* .rnd is .f64 only */
        {"wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.u8.s32", 2, 2, 8, 8}, /* integer A and B: one type */
        {"mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f32", 2, 2, 8, 4},       /* c .f32 needs d .f32 */
        {"mma.sync.aligned.m16n8k4.col.col.f64.f64.f64.f64", 4, 2, 8, 8},      /* .f64 m16: .row.col only */
        {"mma.sync.aligned.m16n8k8.row.col.f32.f64.f64.f32", 8, 4, 4, 4},      /* .f64 A/B need .f64 c/d */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t in[32 * 24] = {0}, out[32 * 8]; /* up to 24 input registers (wmma.mma .f16) */
        ps_launch_result res;
        char diag[1024] = "";
        ps_status st =
            run_frag(bad[i].insn, bad[i].na, bad[i].nb, bad[i].nc, bad[i].nd, 32, in, out, &res, diag, sizeof diag);
        if (st == PS_OK) fail_msg("'%s' was accepted", bad[i].insn);
        /* refused by the decoder, or at parse time in ptxas's words (validate_tensor.c) */
        assert_true(strstr(diag, "not supported") || st == PS_ERR_PARSE);
    }
}

/* target gating by element type and shape (what ptxas 13 says for the same lines) */
static void test_types_need_later_targets(void **state) {
    (void)state;
    static const struct {
        const char *target, *insn, *error; /* error NULL: accepted */
    } cases[] = {
        {"sm_75",
         "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6}, {%r0,%r1,%r2,%r3};",
         "with .bf16 requires .target sm_80"},
        {"sm_75",
         "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%r8,%r9}, "
         "{%r0,%r1,%r2,%r3};",
         "with shape .m16n8k16 requires .target sm_80"},
        {"sm_75",
         "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6}, {%r0,%r1,%r2,%r3};",
         NULL},
        {"sm_80",
         "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%r8,%r9}, "
         "{%r0,%r1,%r2,%r3};",
         "with .e4m3 requires .target sm_89"},
        {"sm_89",
         "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, {%r8,%r9}, "
         "{%r0,%r1,%r2,%r3};",
         NULL},
        {"sm_70", "mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%r0,%r1}, {%r2}, {%r3}, {%r0,%r1};",
         "with .s8 requires .target sm_75"},
        {"sm_75", "wmma.load.a.sync.aligned.row.m16n16k16.global.bf16 {%r0,%r1,%r2,%r3}, [%rd0];",
         "with .bf16 requires .target sm_80"},
        {"sm_80", "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r0], {%r1};", "requires .target sm_90"},
        {"sm_72", "wmma.load.a.sync.aligned.row.m16n16k16.global.s8 {%r0,%r1}, [%rd0];", NULL},
        {"sm_70", "wmma.load.a.sync.aligned.row.m16n16k16.global.u8 {%r0,%r1}, [%rd0];",
         "with .u8 requires .target sm_72"},
        {"sm_72", "wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%r0}, [%rd0];", "with .s4 requires .target sm_75"},
        {"sm_75", "wmma.load.b.sync.aligned.col.m8n8k128.global.b1 {%r0}, [%rd0];", NULL},
        {"sm_75", "wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};",
         NULL},
        {"sm_75", "wmma.mma.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32 {%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};",
         "'.and' on 'wmma.mma' requires .target sm_80"},
        {"sm_75", "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc {%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};",
         "'.and' on 'mma' requires .target sm_80"},
        {"sm_75", "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc {%r0,%r1}, {%r2}, {%r3}, {%r4,%r5};", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 ".version 8.5\n.target %s\n.address_size 64\n.visible .entry k() {\n.reg .b32 %%r<20>;\n"
                 ".reg .b64 %%rd<2>;\n%s\nret;\n}\n",
                 cases[i].target, cases[i].insn);
        ps_diags d = {0};
        ps_module *m = NULL;
        ps_status st = ps_parse("t.ptx", ptx, strlen(ptx), NULL, &d, &m);
        if (!cases[i].error) {
            if (st != PS_OK)
                fail_msg("%s on %s rejected: %s", cases[i].insn, cases[i].target, d.count ? d.items[0].msg : "");
        } else {
            if (st == PS_OK) fail_msg("%s accepted on %s", cases[i].insn, cases[i].target);
            assert_true(d.count > 0);
            if (!strstr(d.items[0].msg, cases[i].error))
                fail_msg("diagnostic '%s', wanted '%s'", d.items[0].msg, cases[i].error);
        }
        ps_diags_free(&d);
        ps_module_free(m);
    }
}

/* the fp8 forms of PTX ISA 8.7 and the sm_90 .f64 shapes: ptxas 13's version and target gates
 * (its wording, checked with ptxas -arch=sm_90 / sm_80 on the same lines) */
static void test_new_mma_forms_gated(void **state) {
    (void)state;
    static const struct {
        const char *version, *target, *insn, *error; /* error NULL: accepted */
    } cases[] = {
        {"8.5", "sm_90",
         "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6}, {%r0,%r1,%r2,%r3};",
         "'mma with FP8 floating point type and .m16n8k16 shape' requires PTX ISA .version 8.7"},
        {"8.4", "sm_90",
         "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16 {%r0,%r1}, {%r4,%r5,%r6,%r7}, {%r8,%r9}, {%r0,%r1};",
         "'mma with FP8 floating point type and FP16 accumulation' requires PTX ISA .version 8.7"},
        {"8.7", "sm_89", "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e4m3.f16 {%r0,%r1}, {%r4,%r5}, {%r6}, {%r0,%r1};",
         NULL},
        {"8.7", "sm_80", "mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e4m3.f16 {%r0,%r1}, {%r4,%r5}, {%r6}, {%r0,%r1};",
         "with .e5m2 requires .target sm_89"},
        {"8.0", "sm_80",
         "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%fd0,%fd1,%fd2,%fd3}, {%fd4,%fd5}, {%fd6}, "
         "{%fd0,%fd1,%fd2,%fd3};",
         "'.m16n8k4 with double types' requires .target sm_90"},
        {"7.7", "sm_86",
         "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%fd0,%fd1,%fd2,%fd3}, {%fd4,%fd5,%fd6,%fd7}, {%fd8,%fd9}, "
         "{%fd0,%fd1,%fd2,%fd3};",
         "'.m16n8k8 with double types' requires PTX ISA .version 7.8"},
        {"8.0", "sm_90",
         "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%fd0,%fd1,%fd2,%fd3}, {%fd4,%fd5,%fd6,%fd7}, {%fd8,%fd9}, "
         "{%fd0,%fd1,%fd2,%fd3};",
         NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 ".version %s\n.target %s\n.address_size 64\n.visible .entry k() {\n.reg .b32 %%r<20>;\n"
                 ".reg .f64 %%fd<20>;\n%s\nret;\n}\n",
                 cases[i].version, cases[i].target, cases[i].insn);
        ps_diags d = {0};
        ps_module *m = NULL;
        ps_status st = ps_parse("t.ptx", ptx, strlen(ptx), NULL, &d, &m);
        if (!cases[i].error) {
            if (st != PS_OK)
                fail_msg("%s on %s rejected: %s", cases[i].insn, cases[i].target, d.count ? d.items[0].msg : "");
        } else {
            if (st == PS_OK) fail_msg("%s accepted on %s", cases[i].insn, cases[i].target);
            assert_true(d.count > 0);
            if (!strstr(d.items[0].msg, cases[i].error))
                fail_msg("diagnostic '%s', wanted '%s'", d.items[0].msg, cases[i].error);
        }
        ps_diags_free(&d);
        ps_module_free(m);
    }
}

/* wmma.load of sub-byte / single-bit A is .row only, B .col only; the accumulator either way */
static void test_wmma_subbyte_load_layouts(void **state) {
    (void)state;
    static const struct {
        const char *insn;
        bool ok;
    } cases[] = {
        {"wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%r0}, [%rd1];", true},
        {"wmma.load.a.sync.aligned.col.m8n8k32.global.s4 {%r0}, [%rd1];", false},
        {"wmma.load.b.sync.aligned.row.m8n8k32.global.u4 {%r0}, [%rd1];", false},
        {"wmma.load.b.sync.aligned.col.m8n8k128.global.b1 {%r0}, [%rd1], 128;", true},
        {"wmma.load.a.sync.aligned.col.m8n8k128.global.b1 {%r0}, [%rd1];", false},
        {"wmma.load.c.sync.aligned.col.m8n8k128.global.s32 {%r0, %r1}, [%rd1];", true},
        {"wmma.store.d.sync.aligned.col.m8n8k32.global.s4 [%rd1], {%r0};", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 TU_HEADER ".visible .entry k(.param .u64 p0) {\n.reg .b32 %%r<4>;\n.reg .b64 %%rd<2>;\n"
                           "ld.param.u64 %%rd1, [p0];\n%s\nret;\n}\n",
                 cases[i].insn);
        uint8_t mem[1024] = {0};
        tu_buf bufs[1] = {{mem, sizeof mem}};
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
        ps_launch_result res;
        char diag[1024] = "";
        ps_status st = tu_run(ptx, "k", &cfg, bufs, 1, &res, diag, sizeof diag);
        if (cases[i].ok && st != PS_OK) fail_msg("'%s' rejected: %s", cases[i].insn, diag);
        if (!cases[i].ok) {
            if (st == PS_OK) fail_msg("'%s' was accepted", cases[i].insn);
            assert_true(strstr(diag, "not supported") || st == PS_ERR_PARSE);
        }
    }
}

/* wmma.load and ldmatrix from .shared, .shared::cta and generic addresses give the registers the
 * .global load gives (that one is checked against the H200 in test_mma_gpu); wmma.store the same
 * way round */
static void test_state_spaces_agree(void **state) {
    (void)state;
    static const struct {
        const char *load; /* %s: the state space (with its dot) */
        int nregs;
    } cases[] = {
        {"wmma.load.a.sync.aligned.row.m16n16k16%s.f16", 8}, {"wmma.load.b.sync.aligned.col.m8n8k32%s.s4", 1},
        {"wmma.load.a.sync.aligned.row.m8n8k128%s.b1", 1},   {"wmma.load.c.sync.aligned.col.m8n8k32%s.s32", 2},
        {"wmma.load.a.sync.aligned.col.m32n8k16%s.s8", 4},
    };
    static const char *spaces[] = {".global", ".shared", ".shared::cta", ""};
    uint8_t mem[1024];
    for (int i = 0; i < 1024; i++) mem[i] = (uint8_t)rnd32();
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint32_t ref[8 * 32];
        for (int sp = 0; sp < 4; sp++) {
            char insn[128], ptx[4096];
            snprintf(insn, sizeof insn, cases[c].load, spaces[sp]);
            bool shared = sp == 1 || sp == 2;
            int n = snprintf(ptx, sizeof ptx,
                             TU_HEADER
                             ".visible .entry k(.param .u64 pm, .param .u64 po) {\n.reg .b32 %%r<40>;\n"
                             ".reg .b64 %%rd<10>;\n.shared .align 16 .b8 sm[1024];\nld.param.u64 %%rd1, [pm];\n"
                             "ld.param.u64 %%rd2, [po];\ncvta.to.global.u64 %%rd1, %%rd1;\nmov.u32 %%r0, %%tid.x;\n"
                             "mul.wide.u32 %%rd3, %%r0, 32;\nadd.s64 %%rd4, %%rd1, %%rd3;\nmov.u32 %%r1, sm;\n"
                             "shl.b32 %%r2, %%r0, 5;\nadd.u32 %%r2, %%r1, %%r2;\n"
                             "ld.global.v4.u32 {%%r20,%%r21,%%r22,%%r23}, [%%rd4];\nst.shared.v4.u32 [%%r2], "
                             "{%%r20,%%r21,%%r22,%%r23};\n"
                             "ld.global.v4.u32 {%%r20,%%r21,%%r22,%%r23}, [%%rd4+16];\nst.shared.v4.u32 [%%r2+16], "
                             "{%%r20,%%r21,%%r22,%%r23};\n"
                             "bar.sync 0;\nmov.u64 %%rd5, sm;\ncvta.shared.u64 %%rd6, %%rd5;\n"
                             "mul.wide.u32 %%rd3, %%r0, 4;\nadd.s64 %%rd2, %%rd2, %%rd3;\n%s {",
                             insn);
            for (int r = 0; r < cases[c].nregs; r++)
                n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", r ? "," : "", 10 + r);
            n += snprintf(ptx + n, sizeof ptx - (size_t)n, "}, [%s];\n", sp == 0 ? "%rd1" : shared ? "sm" : "%rd6");
            for (int r = 0; r < cases[c].nregs; r++)
                n += snprintf(ptx + n, sizeof ptx - (size_t)n, "st.global.u32 [%%rd2+%d], %%r%d;\n", 128 * r, 10 + r);
            snprintf(ptx + n, sizeof ptx - (size_t)n, "ret;\n}\n");
            uint32_t out[8 * 32] = {0};
            uint8_t m2[1024];
            memcpy(m2, mem, sizeof m2);
            tu_buf bufs[2] = {{m2, sizeof m2}, {out, sizeof out}};
            tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
            ps_launch_result res;
            char diag[1024];
            if (tu_run(ptx, "k", &cfg, bufs, 2, &res, diag, sizeof diag) != PS_OK) fail_msg("%s: %s", insn, diag);
            if (sp == 0) memcpy(ref, out, sizeof ref);
            else if (memcmp(ref, out, sizeof ref)) fail_msg("'%s' differs from the .global load", insn);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mma_integer),
        cmocka_unit_test(test_ldmatrix_stmatrix),
        cmocka_unit_test(test_movmatrix),
        cmocka_unit_test(test_partial_warp_faults),
        cmocka_unit_test(test_unsupported_forms_rejected),
        cmocka_unit_test(test_types_need_later_targets),
        cmocka_unit_test(test_new_mma_forms_gated),
        cmocka_unit_test(test_wmma_subbyte_load_layouts),
        cmocka_unit_test(test_state_spaces_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
