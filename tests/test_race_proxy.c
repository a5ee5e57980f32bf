/* test_race_proxy.c — the race checker's async-proxy rules (verify/race_proxy.c, docs/checkers.md
 * "Hopper: the async proxy"). Each test runs a planted defect of corpus/defects/ as written and
 * with the one edit that fixes it (the fix comes from the PTX ISA's rules: an mbarrier wait
 * before reading a bulk copy's destination, wgmma.wait_group / cp.async.bulk.wait_group.read
 * before overwriting an operand or a bulk store's source, fence.proxy.async between generic
 * stores and async-proxy reads), asserting the finding and its count in the first case and no
 * error finding in the second. Run from the repository root (CTest's working directory). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_parser.h"
#include "sim.h"
#include "testutil.h"
#include "verify.h"

typedef struct {
    ps_module *m;
    ps_program *prog;
    ps_device *dev;
    ps_verifier *v;
    ps_launch_result res;
} prun;

/* The text of `path` with each (from, to) pair applied once (each `from` must occur). */
static char *patched(const char *path, int n, const char *const *edits) {
    size_t len;
    char *s = ps_read_file(path, &len);
    assert_non_null(s);
    for (int i = 0; i < n; i++) {
        const char *from = edits[2 * i], *to = edits[2 * i + 1];
        char *at = strstr(s, from);
        assert_non_null(at);
        size_t fl = strlen(from), tl = strlen(to), pre = (size_t)(at - s);
        char *t = malloc(strlen(s) - fl + tl + 1);
        memcpy(t, s, pre);
        memcpy(t + pre, to, tl);
        strcpy(t + pre + tl, at + fl);
        free(s);
        s = t;
    }
    return s;
}

/* Runs `kernel` of src (parameters: two .u64 buffers of 4 KiB, zeroed) with every checker. */
static void prun_go(prun *r, const char *src, const char *kernel, unsigned block) {
    memset(r, 0, sizeof *r);
    ps_diags d = {0};
    ps_parse_options po = {0};
    ps_status st = ps_parse("defect.ptx", src, strlen(src), &po, &d, &r->m);
    if (st != PS_OK) ps_diags_print(&d, stderr);
    assert_int_equal(st, PS_OK);
    r->dev = ps_device_create();
    st = ps_program_build(r->m, ps_arch_lookup("sm_90a"), r->dev, &d, &r->prog);
    if (st != PS_OK) ps_diags_print(&d, stderr);
    assert_int_equal(st, PS_OK);
    ps_diags_free(&d);
    uint8_t params[16];
    for (int i = 0; i < 2; i++) {
        uint64_t a = ps_device_alloc(r->dev, 4096, "buf");
        memcpy(params + 8 * i, &a, 8);
    }
    r->v = ps_verifier_create(r->m, ps_arch_lookup("sm_90a"), PS_CHECK_RACE | PS_CHECK_BARRIER | PS_CHECK_INIT);
    ps_launch_config cfg = {.grid = {1, 1, 1},
                            .block = {block, 1, 1},
                            .params = params,
                            .params_size = sizeof params,
                            .threads = 1,
                            .observer = ps_verifier_observer(r->v)};
    st = ps_launch(r->prog, r->dev, kernel, &cfg, &r->res);
    ps_verifier_finish(r->v, &r->res);
    if (st != PS_OK) fprintf(stderr, "  launch: %s\n", r->res.fault.message);
    assert_int_equal(st, PS_OK);
}

static void prun_free(prun *r) {
    ps_verifier_destroy(r->v);
    ps_program_free(r->prog);
    ps_device_destroy(r->dev);
    ps_module_free(r->m);
}

/* Error findings: all of them (line 0), or the count of race errors between lines a and b. */
static uint64_t errors(const prun *r, int a, int b) {
    uint64_t n = 0;
    for (int i = 0; i < ps_verifier_finding_count(r->v); i++) {
        const ps_finding *f = ps_verifier_finding(r->v, i);
        if (f->severity != PS_SEV_ERROR) continue;
        if (!a) {
            fprintf(stderr, "  finding: %s line %d/%d: %s\n", ps_finding_kind_name(f->kind), f->at.ptx_line,
                    f->has_other ? f->other.ptx_line : 0, f->message);
            n++;
        } else if (f->kind == PS_FIND_RACE && f->at.ptx_line == a && f->has_other && f->other.ptx_line == b)
            n += f->count;
    }
    return n;
}

static void expect(const char *path, const char *kernel, unsigned block, int n, const char *const *edits, int a, int b,
                   uint64_t count) {
    char *src = patched(path, n, edits);
    prun r;
    prun_go(&r, src, kernel, block);
    if (a) assert_int_equal(errors(&r, a, b), count);
    else assert_int_equal(errors(&r, 0, 0), 0);
    prun_free(&r);
    free(src);
}

#define TMA "corpus/defects/tma_read_early/tma_read_early.ptx"
#define WGO "corpus/defects/wgmma_smem_overwrite/wgmma_smem_overwrite.ptx"
#define MPF "corpus/defects/missing_proxy_fence/missing_proxy_fence.ptx"
#define BSO "corpus/defects/bulk_store_overwrite/bulk_store_overwrite.ptx"

/* A bulk copy's destination: read after bar.sync only (every thread: 64 races), after every
 * thread's own mbarrier wait, or after thread 0's wait and a bar.sync (ordered after a warp that
 * observed the phase). */
static void test_bulk_destination(void **state) {
    (void)state;
    expect(TMA, "tma_read_early", 64, 0, NULL, 43, 38, 64);
    static const char *const wait_first[] = {
        "\tbar.sync \t0;\t\t\t// DEFECT",
        "W0:\n\tmbarrier.try_wait.parity.shared::cta.b64 \t%p3, [%r2], 0;\n\t@!%p3 bra \tW0;\n\t//"};
    expect(TMA, "tma_read_early", 64, 1, wait_first, 0, 0, 0);
    static const char *const thread0_waits[] = {
        "\tbar.sync \t0;\t\t\t// DEFECT",
        "\t@%p1 bra \tW1;\nW0:\n\tmbarrier.try_wait.parity.shared::cta.b64 \t%p3, [%r2], 0;\n"
        "\t@!%p3 bra \tW0;\nW1:\n\tbar.sync \t0;\n\t//"};
    expect(TMA, "tma_read_early", 64, 1, thread0_waits, 0, 0, 0);
}

/* wgmma operands: overwritten before wgmma.wait_group (128 threads race with the warpgroup's
 * wgmma), or after it. */
static void test_wgmma_operands(void **state) {
    (void)state;
    expect(WGO, "wgmma_smem_overwrite", 128, 0, NULL, 52, 49, 128);
    static const char *const after_wait[] = {
        "\tst.shared.v4.u32 \t[%r4], {%r10, %r10, %r10, %r10};\t// DEFECT: before wgmma.wait_group\n"
        "\twgmma.wait_group.sync.aligned 0;\n",
        "\twgmma.wait_group.sync.aligned 0;\n\tst.shared.v4.u32 \t[%r4], {%r10, %r10, %r10, %r10};\n"};
    expect(WGO, "wgmma_smem_overwrite", 128, 1, after_wait, 0, 0, 0);
}

/* Proxy fences: none (the three findings of the defect), or fence.proxy.async.shared::cta by the
 * writing threads before each bar.sync. */
static void test_proxy_fence(void **state) {
    (void)state;
    expect(MPF, "missing_proxy_fence", 128, 0, NULL, 47, 34, 128);
    expect(MPF, "missing_proxy_fence", 128, 0, NULL, 47, 37, 64);
    expect(MPF, "missing_proxy_fence", 128, 0, NULL, 56, 50, 1);
    static const char *const fenced[] = {"FILLED:\n", "FILLED:\n\tfence.proxy.async.shared::cta;\n",
                                         "{%f1, %f2, %f3, %f4};\n\tbar.sync",
                                         "{%f1, %f2, %f3, %f4};\n\tfence.proxy.async.shared::cta;\n\tbar.sync"};
    expect(MPF, "missing_proxy_fence", 128, 2, fenced, 0, 0, 0);
}

/* A bulk store's source: overwritten before cp.async.bulk.wait_group.read (32 threads), or after
 * thread 0's wait and a bar.warp.sync. */
static void test_bulk_store_source(void **state) {
    (void)state;
    expect(BSO, "bulk_store_overwrite", 32, 0, NULL, 43, 38, 32);
    static const char *const after_wait[] = {"\tcp.async.bulk.commit_group;\n",
                                             "\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group.read \t0;\n"};
    expect(BSO, "bulk_store_overwrite", 32, 1, after_wait, 0, 0, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bulk_destination),
        cmocka_unit_test(test_wgmma_operands),
        cmocka_unit_test(test_proxy_fence),
        cmocka_unit_test(test_bulk_store_source),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
