/* test_wgmma_gpu.c — wgmma.mma_async with fp8 (e4m3/e5m2, .f32 and .f16 accumulators), 8-bit
 * integer (.s8/.u8, with and without .satfinite) and .b1 (.and.popc) inputs against the H200.
 * tests/data/wgmma/ holds the probe kernel (lab/wgmma/types: one warpgroup per test, A and B in
 * shared memory through descriptors with every swizzle, or A in registers), the inputs and the
 * accumulator registers the GPU wrote (provenance: tests/data/wgmma/PROVENANCE.md). ptxsim runs
 * the same PTX on the same inputs and every register must equal the GPU's bits. Also the
 * decoder's refusals of the forms the ISA does not have. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

/* WGMMA_DATA_DIR overrides the folder (a whole probe recording repacked by lab/wgmma/types/pack.py) */
static const char *data_dir(void) {
    const char *d = getenv("WGMMA_DATA_DIR");
    return d ? d : "tests/data/wgmma";
}

static uint8_t *slurp(const char *name, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", data_dir(), name);
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

static void test_recorded(void **state) {
    (void)state;
    size_t nptx, ntab, nimg, nafr, ncin, ngpu;
    char *ptx = (char *)slurp("wgmma_types.sm_90a.ptx", &nptx);
    uint8_t *tab = slurp("tests.in.bin", &ntab), *img = slurp("imgs.in.bin", &nimg);
    uint8_t *afr = slurp("afrags.in.bin", &nafr), *cin = slurp("cin.in.bin", &ncin);
    uint8_t *gpu = slurp("out.gpu.bin", &ngpu);
    assert_int_equal(ncin, ngpu);
    uint8_t *out = calloc(1, ngpu);
    tu_buf b[5] = {{img, nimg}, {tab, ntab}, {afr, nafr}, {cin, ncin}, {out, ngpu}};
    unsigned ntests = (unsigned)(ntab / 64);
    tu_launch cfg = {.grid = {ntests, 1, 1}, .block = {128, 1, 1}, .threads = 2};
    ps_launch_result res;
    char diag[2048] = "";
    ps_status st = tu_run(ptx, "wgmma_types", &cfg, b, 5, &res, diag, sizeof diag);
    if (st != PS_OK) fail_msg("run failed (%d): %s", st, diag);
    assert_int_equal(res.fault.kind, PS_FAULT_NONE);
    /* per test: its registers [out_off, next out_off) */
    size_t bad = 0, regs = ngpu / 4;
    for (unsigned t = 0; t < ntests; t++) {
        uint32_t variant, off, end;
        memcpy(&variant, tab + 64 * t, 4);
        memcpy(&off, tab + 64 * t + 16, 4);
        if (t + 1 < ntests) memcpy(&end, tab + 64 * (t + 1) + 16, 4);
        else end = (uint32_t)regs;
        for (uint32_t i = off; i < end; i++) {
            uint32_t g, s;
            memcpy(&g, gpu + 4 * i, 4);
            memcpy(&s, out + 4 * i, 4);
            if (g != s && bad++ < 8)
                print_error("test %u (variant %u) register %u: H200 0x%08x, ptxsim 0x%08x\n", t, variant, i - off, g,
                            s);
        }
    }
    print_message("%u tests, %zu accumulator registers compared, %zu differ\n", ntests, regs, bad);
    assert_int_equal(bad, 0);
    free(ptx), free(tab), free(img), free(afr), free(cin), free(gpu), free(out);
}

/* forms the ISA does not have (or ptxsim refuses) get a decode-time diagnostic */
static void expect_refused(const char *insn, int nd, const char *needle) {
    char ptx[4096], regs[1024] = "";
    for (int i = 0; i < nd; i++) {
        char r[16];
        snprintf(r, sizeof r, "%s%%r%d", i ? "," : "", i);
        strcat(regs, r);
    }
    char line[1536];
    snprintf(line, sizeof line, insn, regs);
    snprintf(
        ptx, sizeof ptx,
        ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 p0){\n"
        ".reg .b32 %%r<300>; .reg .b64 %%rd<4>; .reg .pred %%p<2>;\n"
        "wgmma.fence.sync.aligned;\n%s;\nwgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\nret;\n}\n",
        line);
    uint32_t buf[4] = {0};
    tu_buf b = {buf, sizeof buf};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {128, 1, 1}};
    ps_launch_result res;
    char diag[2048] = "";
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag);
    if (st == PS_OK) fail_msg("'%s' was accepted", line);
    if (!strstr(diag, needle)) fail_msg("'%s': diagnostic '%s' lacks '%s'", line, diag, needle);
}

static void test_refused(void **state) {
    (void)state;
    /* refused at parse time with ptxas 13's message (scripts/isa_audit.py's wgmma spellings) */
    expect_refused("wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8 {%s}, %%rd1, %%rd2, 1", 20,
                   "Illegal matrix shape '.m64n40k32'");
    expect_refused("wgmma.mma_async.sync.aligned.m64n40k256.s32.b1.b1.and.popc {%s}, %%rd1, %%rd2, 1", 20,
                   "Illegal matrix shape '.m64n40k256'");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1 {%s}, %%rd1, %%rd2, 1", 4,
                   "Unexpected instruction types");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%s}, %%rd1, %%rd2, 1, 1, 1", 4,
                   "Arguments mismatch");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e5m2 {%s}, %%rd1, %%rd2, 1, 1, 1, 0, 0", 4,
                   "Arguments mismatch");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k16.f32.e4m3.e4m3 {%s}, %%rd1, %%rd2, 1, 1, 1", 4,
                   "Illegal matrix shape '.m64n8k16'");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.e4m3 {%s}, %%rd1, %%rd2, 1", 4,
                   "Unexpected instruction types");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k32.f32.satfinite.e4m3.e4m3 {%s}, %%rd1, %%rd2, 1, 1, 1", 4,
                   "Unexpected instruction types");
    expect_refused("wgmma.mma_async.sync.aligned.m64n8k32.f16.s8.s8 {%s}, %%rd1, %%rd2, 1", 2,
                   "Unexpected instruction types");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recorded),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
