/* test_matrix_b8.c — the 8-bit ldmatrix/stmatrix forms of sm_100a (ldmatrix .m16n16 .trans .b8
 * and .b8x16.b6x16_p32/.b4x16_p64, .m8n16 .b8x16.*; stmatrix .m16n8 .trans .b8) against a C
 * reference written from the PTX ISA's description (9.7.14.5.15-16): which lane supplies which
 * row address, which matrix elements a lane's register holds, how the packed 6- and 4-bit source
 * rows widen to bytes. No GPU here can run these forms (the H200 is sm_90), so this reference is
 * the only check; docs/tensor-cores.md says so. Also: the invalid spellings are refused, and the
 * forms need an sm_100a-style target. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

#define HDR ".version 8.7\n.target sm_100a\n.address_size 64\n"

static uint32_t rs = 0x1234567u;
static uint32_t rnd32(void) {
    rs ^= rs << 13, rs ^= rs >> 17, rs ^= rs << 5;
    return rs;
}

/* shared memory: 32 rows of 16 bytes (copied from global `mem`); lane l's address is row perm[l] */
static uint8_t mem[512];
static int perm[32];

static void shuffle_rows(void) {
    for (int i = 0; i < 512; i++) mem[i] = (uint8_t)rnd32();
    for (int i = 0; i < 32; i++) perm[i] = i;
    for (int i = 31; i > 0; i--) {
        int j = (int)(rnd32() % (unsigned)(i + 1)), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
}

/* element e (0..15) of a source row as an 8-bit value: fmt 0 .b8, 6 .b6x16_p32, 4 .b4x16_p64
 * (16 packed elements from the row's first byte on, low-order bits first; padding after) */
static uint8_t elem(const uint8_t *row, int fmt, int e) {
    if (!fmt) return row[e];
    unsigned v = 0;
    for (int b = 0; b < fmt; b++) {
        int bit = fmt * e + b;
        v |= (unsigned)((row[bit / 8] >> (bit % 8)) & 1) << b;
    }
    return (uint8_t)v;
}

/* kernel prologue: copy mem into shared, %r3 = this lane's row address, %rd2 = out + lane*4 */
static int prologue(char *ptx, size_t cap) {
    return snprintf(ptx, cap,
                    HDR ".visible .entry k(.param .u64 pm, .param .u64 pp, .param .u64 po) {\n.reg .b32 %%r<40>;\n"
                        ".reg .b64 %%rd<10>;\n.shared .align 16 .b8 sm[512];\nld.param.u64 %%rd1, [pm];\n"
                        "ld.param.u64 %%rd4, [pp];\nld.param.u64 %%rd2, [po];\nmov.u32 %%r0, %%tid.x;\n"
                        "mul.wide.u32 %%rd3, %%r0, 16;\nadd.s64 %%rd5, %%rd1, %%rd3;\nld.global.v4.u32 "
                        "{%%r20,%%r21,%%r22,%%r23}, [%%rd5];\n"
                        "mov.u32 %%r2, sm;\nshl.b32 %%r5, %%r0, 4;\nadd.u32 %%r5, %%r2, %%r5;\n"
                        "st.shared.v4.u32 [%%r5], {%%r20,%%r21,%%r22,%%r23};\nbar.warp.sync -1;\n"
                        "mul.wide.u32 %%rd3, %%r0, 4;\nadd.s64 %%rd6, %%rd4, %%rd3;\nld.global.u32 %%r1, [%%rd6];\n"
                        "shl.b32 %%r1, %%r1, 4;\nadd.u32 %%r3, %%r2, %%r1;\nadd.s64 %%rd2, %%rd2, %%rd3;\n");
}

static void run(const char *ptx, uint32_t *out, size_t outb) {
    tu_buf bufs[3] = {{mem, sizeof mem}, {perm, sizeof perm}, {out, outb}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    char diag[2048];
    ps_status st = tu_run(ptx, "k", &cfg, bufs, 3, &res, diag, sizeof diag);
    if (st != PS_OK) fail_msg("%s\n%s", diag, ptx);
}

/* ldmatrix .m16n16 .trans (x = 1, 2) and .m8n16 (x = 1, 2, 4); fmt 0, 6 or 4 */
static void check_ld(int m, int x, int fmt) {
    shuffle_rows();
    int nregs = m == 16 ? 2 * x : x;
    char ptx[4096], type[32];
    snprintf(type, sizeof type, fmt ? "b8x16.b%dx16_p%d" : "b8", fmt, fmt == 6 ? 32 : 64);
    int n = prologue(ptx, sizeof ptx);
    n += snprintf(ptx + n, sizeof ptx - (size_t)n, "ldmatrix.sync.aligned.m%dn16.x%d%s.shared.%s {", m, x,
                  m == 16 ? ".trans" : "", type);
    for (int i = 0; i < nregs; i++) n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", i ? "," : "", 10 + i);
    n += snprintf(ptx + n, sizeof ptx - (size_t)n, "}, [%%r3];\n");
    for (int i = 0; i < nregs; i++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "st.global.u32 [%%rd2+%d], %%r%d;\n", 128 * i, 10 + i);
    snprintf(ptx + n, sizeof ptx - (size_t)n, "ret;\n}\n");
    uint32_t out[8 * 32] = {0};
    run(ptx, out, sizeof out);
    for (int reg = 0; reg < nregs; reg++)
        for (int l = 0; l < 32; l++)
            for (int k = 0; k < 4; k++) {
                int row, col, mat;
                if (m == 16) {
                    /* 16x16 matrix i, stored column-major (.trans): memory row q (lane 16i + q's
                     * address) is column q. Lane l holds rows l/4 and l/4 + 8 of columns
                     * 4(l%4)..4(l%4)+3: register 2i+h has columns 4(l%4)+2h and +1, its bytes
                     * (row l/4, c), (row l/4, c+1), (row l/4+8, c), (row l/4+8, c+1) */
                    mat = reg / 2;
                    int mrow = l / 4 + 8 * (k / 2), mcol = 4 * (l % 4) + 2 * (reg % 2) + k % 2;
                    row = 16 * mat + mcol, col = mrow;
                } else {
                    /* 8x16 matrix i, row r at lane 8i + r's address; lane l: row l/4,
                     * columns 4(l%4)..4(l%4)+3 in bytes 0..3 */
                    mat = reg;
                    row = 8 * mat + l / 4, col = 4 * (l % 4) + k;
                }
                uint8_t want = elem(mem + 16 * perm[row], fmt, col);
                uint8_t got = (uint8_t)(out[reg * 32 + l] >> (8 * k));
                if (got != want)
                    fail_msg("ldmatrix.m%dn16.x%d.%s register %d lane %d byte %d: 0x%02x, want 0x%02x", m, x, type, reg,
                             l, k, got, want);
            }
}

/* stmatrix .m16n8 .trans .b8 (x = 1, 2, 4): register i of lane l holds random bytes */
static void check_st(int x) {
    shuffle_rows();
    uint32_t regs[4][32] = {{0}};
    for (int i = 0; i < x; i++)
        for (int l = 0; l < 32; l++) regs[i][l] = rnd32();
    char ptx[4096];
    int n = prologue(ptx, sizeof ptx);
    for (int i = 0; i < x; i++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "ld.global.u32 %%r%d, [%%rd2+%d];\n", 10 + i, 128 * i);
    n += snprintf(ptx + n, sizeof ptx - (size_t)n, "stmatrix.sync.aligned.m16n8.x%d.trans.shared.b8 [%%r3], {", x);
    for (int i = 0; i < x; i++) n += snprintf(ptx + n, sizeof ptx - (size_t)n, "%s%%r%d", i ? "," : "", 10 + i);
    n += snprintf(ptx + n, sizeof ptx - (size_t)n, "};\nbar.warp.sync -1;\n");
    /* shared memory back out: lane l writes rows l (16 bytes) at out + 16 l */
    n += snprintf(
        ptx + n, sizeof ptx - (size_t)n,
        "ld.shared.v4.u32 {%%r20,%%r21,%%r22,%%r23}, [%%r5];\nst.global.v4.u32 [%%rd5], {%%r20,%%r21,%%r22,%%r23};\n"
        "ret;\n}\n");
    uint32_t out[128];
    memcpy(out, regs, sizeof out);
    uint8_t before[512];
    memcpy(before, mem, sizeof before);
    run(ptx, out, sizeof out);
    /* reference: 16x8 matrix i, element e0..e3 of lane l = (row l/4, column 2(l%4)), (l/4,
     * 2(l%4)+1), (l/4+8, 2(l%4)), (l/4+8, 2(l%4)+1); stored column-major (.trans): column c goes
     * to the row address of lane 8i + c, row r of the matrix to byte r there */
    uint8_t want[512];
    memcpy(want, before, sizeof want);
    for (int i = 0; i < x; i++)
        for (int l = 0; l < 32; l++)
            for (int k = 0; k < 4; k++) {
                int r = l / 4 + 8 * (k / 2), c = 2 * (l % 4) + k % 2;
                want[16 * perm[8 * i + c] + r] = (uint8_t)(regs[i][l] >> (8 * k));
            }
    if (memcmp(mem, want, sizeof want)) {
        for (int b = 0; b < 512; b++)
            if (mem[b] != want[b])
                fail_msg("stmatrix.m16n8.x%d: shared byte %d 0x%02x, want 0x%02x", x, b, mem[b], want[b]);
    }
}

static void test_ldmatrix_m16n16(void **state) {
    (void)state;
    static const int fmts[] = {0, 6, 4};
    for (int x = 1; x <= 2; x++)
        for (int f = 0; f < 3; f++) check_ld(16, x, fmts[f]);
}

static void test_ldmatrix_m8n16(void **state) {
    (void)state;
    for (int x = 1; x <= 4; x *= 2) {
        check_ld(8, x, 6);
        check_ld(8, x, 4);
    }
}

static void test_stmatrix_m16n8(void **state) {
    (void)state;
    for (int x = 1; x <= 4; x *= 2) check_st(x);
}

/* spellings ptxas 13 refuses (the same lines as ptxas -arch=sm_100a reports) and the target gate */
static void test_b8_forms_refused(void **state) {
    (void)state;
    static const char *bad[] = {
        "ldmatrix.sync.aligned.m16n16.x1.shared.b8 {%r0,%r1}, [%r3];", /* .trans is mandatory */
        "ldmatrix.sync.aligned.m16n16.x4.trans.shared.b8 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%r3];",
        "ldmatrix.sync.aligned.m8n16.x1.trans.shared.b8x16.b6x16_p32 {%r0}, [%r3];", /* no .trans on m8n16 */
        "ldmatrix.sync.aligned.m8n16.x1.shared.b8 {%r0}, [%r3];",                    /* m8n16 needs a source format */
        "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b8 {%r0}, [%r3];",
        "stmatrix.sync.aligned.m16n8.x2.shared.b8 [%r3], {%r0,%r1};", /* .trans is mandatory */
        "stmatrix.sync.aligned.m8n8.x1.trans.shared.b8 [%r3], {%r0};",
        "stmatrix.sync.aligned.m16n8.x1.trans.shared.b16 [%r3], {%r0};",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx, HDR ".visible .entry k() {\n.reg .b32 %%r<10>;\n%s\nret;\n}\n", bad[i]);
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
        ps_launch_result res;
        char diag[1024] = "";
        ps_status st = tu_run(ptx, "k", &cfg, NULL, 0, &res, diag, sizeof diag);
        if (st == PS_OK) fail_msg("'%s' was accepted", bad[i]);
        /* refused by the decoder, or at parse time in ptxas's words (validate_tensor.c) */
        if (!strstr(diag, "not supported") && st != PS_ERR_PARSE) fail_msg("'%s': %s", bad[i], diag);
    }
    static const struct {
        const char *target, *insn, *error;
    } gate[] = {
        {"sm_90", "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r0,%r1}, [%r3];",
         "'.b8' on 'ldmatrix' requires .target sm_100"},
        {"sm_100", "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r0,%r1}, [%r3];",
         "with shape .m16n16 requires .target sm_100a"},
        {"sm_120", "ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b4x16_p64 {%r0}, [%r3];",
         "with shape .m8n16 requires .target sm_100a"},
        {"sm_90a", "stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%r3], {%r0};",
         "'.b8' on 'stmatrix' requires .target sm_100"},
        {"sm_120a", "stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%r3], {%r0};", NULL},
        {"sm_100f", "ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32 {%r0,%r1}, [%r3];", NULL},
    };
    for (size_t i = 0; i < sizeof gate / sizeof gate[0]; i++) {
        char ptx[1024];
        snprintf(ptx, sizeof ptx,
                 ".version 8.8\n.target %s\n.address_size 64\n.visible .entry k() {\n.reg .b32 %%r<10>;\n%s\nret;\n}\n",
                 gate[i].target, gate[i].insn);
        ps_diags d = {0};
        ps_module *mod = NULL;
        ps_status st = ps_parse("t.ptx", ptx, strlen(ptx), NULL, &d, &mod);
        if (!gate[i].error && st != PS_OK)
            fail_msg("%s on %s rejected: %s", gate[i].insn, gate[i].target, d.count ? d.items[0].msg : "");
        if (gate[i].error) {
            if (st == PS_OK) fail_msg("%s accepted on %s", gate[i].insn, gate[i].target);
            if (!strstr(d.items[0].msg, gate[i].error))
                fail_msg("diagnostic '%s', wanted '%s'", d.items[0].msg, gate[i].error);
        }
        ps_diags_free(&d);
        ps_module_free(mod);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ldmatrix_m16n16),
        cmocka_unit_test(test_ldmatrix_m8n16),
        cmocka_unit_test(test_stmatrix_m16n8),
        cmocka_unit_test(test_b8_forms_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
