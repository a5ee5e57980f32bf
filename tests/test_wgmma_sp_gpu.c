/* test_wgmma_sp_gpu.c — sparse wgmma.mma_async.sp (m64n8, .f16/.bf16 k32 with selector 0 and 1,
 * .tf32 k16 with selector 0 and 1, .e4m3/.e5m2 k64, .s8/.u8 k64; A in registers, B through a
 * descriptor; random 2:4 (.tf32: 1:2) metadata in every lane) against the H200. tests/data/wgmma_sp/
 * holds the probe kernels' PTX (lab/wgmma/sparse), the inputs and the accumulator registers the
 * GPU wrote (provenance: tests/data/wgmma_sp/PROVENANCE.md). ptxsim runs the same PTX on the same
 * inputs and every register must equal the GPU's bits. Also the decoder's and the executor's
 * refusals (selector out of range, undefined metadata). Second round: A by descriptor, negated
 * and transposed inputs, .f16 accumulators, .satfinite, mma.sp e5m2 and .f16 accumulators. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

#ifndef MMA_SP_VARIANTS
#define MMA_SP_VARIANTS 0x3ffu
#endif

static uint8_t *slurp(const char *name, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "tests/data/wgmma_sp/%s", name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *p = malloc(*len + 1);
    assert_non_null(p);
    assert_int_equal(fread(p, 1, *len, f), *len);
    p[*len] = 0;
    fclose(f);
    return p;
}

/* Runs recording `name` (name.ptx, kernel name, name.{in,var,out}.bin; one CTA per test), the
 * tests of the variants in `vmask` only. */
static void replay(const char *name, unsigned vmask) {
    char fn[128];
    size_t nptx, nin, nvar, ngpu;
    snprintf(fn, sizeof fn, "%s.ptx", name);
    char *ptx = (char *)slurp(fn, &nptx);
    snprintf(fn, sizeof fn, "%s.in.bin", name);
    uint8_t *in = slurp(fn, &nin);
    snprintf(fn, sizeof fn, "%s.var.bin", name);
    uint8_t *var = slurp(fn, &nvar);
    snprintf(fn, sizeof fn, "%s.out.bin", name);
    uint8_t *gpu = slurp(fn, &ngpu);
    unsigned nall = (unsigned)(nvar / 4), ntests = 0;
    assert_int_equal(nin, (size_t)nall * 1280 * 4);
    assert_int_equal(ngpu, (size_t)nall * 512 * 4);
    for (unsigned t = 0; t < nall; t++) { /* keep the chosen tests, in order */
        uint32_t v;
        memcpy(&v, var + 4 * t, 4);
        if (!(vmask >> (v & 255u) & 1)) continue;
        memmove(in + (size_t)ntests * 5120, in + (size_t)t * 5120, 5120);
        memmove(var + 4 * ntests, var + 4 * t, 4);
        memmove(gpu + (size_t)ntests * 2048, gpu + (size_t)t * 2048, 2048);
        ntests++;
    }
    assert_true(ntests > 0);
    nin = (size_t)ntests * 5120, nvar = (size_t)ntests * 4, ngpu = (size_t)ntests * 2048;
    uint8_t *out = calloc(1, ngpu);
    tu_buf b[3] = {{in, nin}, {var, nvar}, {out, ngpu}};
    tu_launch cfg = {.grid = {ntests, 1, 1}, .block = {128, 1, 1}, .threads = 2};
    ps_launch_result res;
    char diag[2048] = "";
    ps_status st = tu_run(ptx, name, &cfg, b, 3, &res, diag, sizeof diag);
    if (st != PS_OK) fail_msg("%s: run failed (%d): %s", name, st, diag);
    assert_int_equal(res.fault.kind, PS_FAULT_NONE);
    size_t bad = 0, regs = ngpu / 4;
    for (size_t i = 0; i < regs; i++) {
        uint32_t g, s, v;
        memcpy(&g, gpu + 4 * i, 4);
        memcpy(&s, out + 4 * i, 4);
        memcpy(&v, var + 4 * (i / 512), 4);
        if (g != s && bad++ < 8)
            print_error("%s test %zu (variant %u) thread %zu register %zu: H200 0x%08x, ptxsim 0x%08x\n", name, i / 512,
                        v, i % 512 / 4, i % 4, g, s);
    }
    print_message("%s: %u tests, %zu accumulator registers compared, %zu differ\n", name, ntests, regs, bad);
    assert_int_equal(bad, 0);
    free(ptx), free(in), free(var), free(gpu), free(out);
}

static void test_recorded(void **state) {
    (void)state;
    replay("wgmma_sp", 0x7f);
}

/* warp-level mma.sp.sync: m16n8k32 f16 sel 0/1, m16n8k16 f16 sel 0/3, m16n8k32 bf16 sel 1,
 * m16n8k16 tf32, m16n8k8 tf32 sel 1, m16n8k64 s8, m16n8k64 e4m3, ::ordered_metadata f16 k32 */
static void test_recorded_mma(void **state) {
    (void)state;
    replay("mma_sp", MMA_SP_VARIANTS);
}

static void test_recorded_more(void **state) {
    (void)state;
    replay("wgmma_sp_risky", 0x7);
}

/* Second round (lab/wgmma/sparse/gen_sp2.py, mma_sp2.cu; m64n8). A through a no-swizzle
 * descriptor: f16, f16 trans-a sel 1, bf16 scale-a -1 trans-b, f16 .f16 accumulator scale-a -1
 * trans-a trans-b, tf32, e4m3 scale-b -1, s8, u8. */
static void test_recorded_adesc(void **state) {
    (void)state;
    replay("wgmma_sp2a", 0xff);
}

/* A in registers: f16 scale-a/b -1 trans-b sel 1, bf16 scale-b -1 trans-b, f16 .f16
 * accumulator, e5m2 .f16 accumulator scale-a -1 */
static void test_recorded_neg_trans_f16acc(void **state) {
    (void)state;
    replay("wgmma_sp2b", 0xf);
}

/* .satfinite: s8 (A in registers), u8 (A by descriptor) */
static void test_recorded_satfinite(void **state) {
    (void)state;
    replay("wgmma_sp2c", 0x3);
}

/* mma.sp: m16n8k64 e5m2, m16n8k32 and m16n8k16 (sel 1) f16 with .f16 accumulators,
 * ::ordered_metadata m16n8k32 bf16 sel 1 */
static void test_recorded_mma2(void **state) {
    (void)state;
    replay("mma_sp2", 0xf);
}

/* A kernel with one sparse wgmma, A in registers (all 1.0 in f16), metadata `meta` in every
 * lane; returns the status and the diagnostic. */
static ps_status run_one(const char *insn, const char *meta, char *diag, size_t len, ps_launch_result *res) {
    char ptx[4096];
    snprintf(
        ptx, sizeof ptx,
        ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 p0){\n"
        ".reg .b32 %%r<40>; .reg .f32 %%f<8>; .reg .b64 %%rd<4>; .reg .pred %%p<2>;\n"
        ".shared .align 128 .b8 sm[2048];\n"
        "mov.b32 %%r0, 0x3c003c00; mov.b32 %%r1, 0x3c003c00; mov.b32 %%r2, 0x3c003c00; mov.b32 %%r3, 0x3c003c00;\n"
        "mov.b32 %%r4, %s;\nmov.u64 %%rd1, sm; shr.u64 %%rd1, %%rd1, 4; or.b64 %%rd1, %%rd1, 0x0000002000080000;\n"
        "mov.f32 %%f0, 0f00000000; mov.f32 %%f1, 0f00000000; mov.f32 %%f2, 0f00000000; mov.f32 %%f3, 0f00000000;\n"
        "wgmma.fence.sync.aligned;\n%s;\nwgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\nret;\n}\n",
        meta, insn);
    uint32_t buf[4] = {0};
    tu_buf b = {buf, sizeof buf};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {128, 1, 1}};
    return tu_run(ptx, "k", &cfg, &b, 1, res, diag, len);
}

static void test_refused(void **state) {
    (void)state;
    static const struct {
        const char *insn, *needle;
    } bad[] = {
        {"wgmma.mma_async.sp.sync.aligned.m64n8k16.f32.f16.f16 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, %rd1, %r4, 0, 1, "
         "1, 1, 0",
         "Illegal matrix shape '.m64n8k16'"}, /* parse time, ptxas's words */
        {"wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, %rd1, %r4, 2, 1, "
         "1, 1, 0",
         "sp-sel must be the integer constant 0 or 1"},
        {"wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, %rd1, %r4, %r5, "
         "1, 1, 1, 0",
         "sp-sel must be"},
        {"wgmma.mma_async.sp.sync.aligned.m64n8k64.f32.e4m3.e4m3 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, %rd1, %r4, 1, "
         "1, 1, 1",
         "constant 0 for .e4m3"},
        {"wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, %rd1, 1, 1, 1, 0",
         "Arguments mismatch"},
        {"wgmma.mma_async.sp.sync.aligned.m64n8k512.s32.b1.b1.and.popc {%r10,%r11,%r12,%r13}, {%r0,%r1,%r2,%r3}, %rd1, "
         "%r4, 0, 1",
         "Unexpected instruction types"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char diag[2048] = "";
        ps_launch_result res;
        ps_status st = run_one(bad[i].insn, "0x44444444", diag, sizeof diag, &res);
        if (st == PS_OK && res.fault.kind == PS_FAULT_NONE) fail_msg("'%s' was accepted", bad[i].insn);
        if (!strstr(diag, bad[i].needle))
            fail_msg("'%s': diagnostic '%s' lacks '%s'", bad[i].insn, diag, bad[i].needle);
    }
}

/* mma.sp forms outside the ISA (or not modelled) are refused at decode */
static void test_mma_sp_refused(void **state) {
    (void)state;
    static const char *bad[] = {
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, "
        "{%f0,%f1,%f2,%f3}, %r8, 2",
        "mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32 {%r10,%r11,%r12,%r13}, {%r0,%r1,%r2,%r3}, "
        "{%r4,%r5,%r6,%r7}, {%r10,%r11,%r12,%r13}, %r8, 1",
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, {%r4,%r5,%r6,%r7}, "
        "{%f0,%f1,%f2,%f3}, %r8, %r9",
        "mma.sp.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0}, {%r4}, {%f0,%f1,%f2,%f3}, %r8, "
        "0",
        "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1}, {%r4,%r5,%r6,%r7}, "
        "{%f0,%f1,%f2,%f3}, %r8, 0",
        "mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r10,%r11,%r12,%r13}, {%r0,%r1}, {%r4,%r5}, "
        "{%r10,%r11,%r12,%r13}, %r8, 0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char ptx[2048], diag[2048] = "";
        snprintf(ptx, sizeof ptx,
                 ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 p0){\n"
                 ".reg .b32 %%r<20>; .reg .f32 %%f<8>;\n%s;\nret;\n}\n",
                 bad[i]);
        uint32_t buf[4] = {0};
        tu_buf b = {buf, sizeof buf};
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
        ps_launch_result res;
        ps_status st = tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag);
        if (st == PS_OK) fail_msg("'%s' was accepted", bad[i]);
        if (!strstr(diag, "is not supported")) fail_msg("'%s': no diagnostic: %s", bad[i], diag);
    }
}

/* metadata the ISA leaves undefined faults at run time, naming the field */
static void test_bad_metadata(void **state) {
    (void)state;
    const char *insn = "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, "
                       "%rd1, %r4, 0, 1, 1, 1, 0";
    const char *metas[] = {"0x44444444", "0x44454444", "0x44444440", "0x4444a444", "0x44f44444", "0x44441444"};
    for (int i = 0; i < 6; i++) {
        char diag[2048] = "";
        ps_launch_result res;
        ps_status st = run_one(insn, metas[i], diag, sizeof diag, &res);
        if (i == 0) {
            if (st != PS_OK || res.fault.kind != PS_FAULT_NONE) fail_msg("valid metadata refused: %s", diag);
            continue;
        }
        if (st == PS_OK && res.fault.kind == PS_FAULT_NONE) fail_msg("metadata %s was accepted", metas[i]);
        char want[64];
        snprintf(want, sizeof want, "metadata field 0x%c",
                 i == 1       ? '5'
                     : i == 2 ? '0'
                     : i == 3 ? 'a'
                     : i == 4 ? 'f'
                              : '1');
        if (!strstr(diag, want) && !strstr(res.fault.message, want))
            fail_msg("metadata %s: diagnostic '%s' / '%s' lacks '%s'", metas[i], diag, res.fault.message, want);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recorded),
        cmocka_unit_test(test_recorded_more),
        cmocka_unit_test(test_recorded_mma),
        cmocka_unit_test(test_recorded_adesc),
        cmocka_unit_test(test_recorded_neg_trans_f16acc),
        cmocka_unit_test(test_recorded_satfinite),
        cmocka_unit_test(test_recorded_mma2),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_bad_metadata),
        cmocka_unit_test(test_mma_sp_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
