/* test_race_grid.c — the race checker between blocks of a launch (verify/race_grid.c): global
 * memory written by one block and read by another is ordered only by the PTX memory model's
 * release and acquire patterns at gpu scope. The expected verdicts are the memory model's
 * (PTX ISA, "Memory Consistency Model": release/acquire patterns, scopes), not ptxsim's output:
 * grid barriers built as cooperative groups builds them, a "last block" reduction, and message
 * passing with fences are race-free; the same kernels with the acquire missing, at .cta scope,
 * or read by a thread the acquire did not reach, race. */
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
    ps_status st;
    uint64_t buf[3];
} run_ctx;

/* Runs kernel k(p0 data, p1 counter, p2 spare) of `ptx`: grid blocks of `block` threads,
 * cooperative (every block resident) or not, on `threads` host threads, with the race checker. */
static void run(run_ctx *r, const char *ptx, unsigned grid, unsigned block, bool coop, int threads) {
    memset(r, 0, sizeof *r);
    tu_build("grid.ptx", ptx, strlen(ptx), &r->m, &r->dev, &r->prog);
    uint8_t params[24];
    uint64_t sizes[3] = {4u * grid * block, 64, 4u * grid};
    for (int i = 0; i < 3; i++) {
        r->buf[i] = ps_device_alloc(r->dev, sizes[i], "buf"); /* zero-filled */
        memcpy(params + 8 * i, &r->buf[i], 8);
    }
    r->v = ps_verifier_create(r->m, NULL, PS_CHECK_RACE);
    ps_launch_config cfg = {.grid = {grid, 1, 1},
                            .block = {block, 1, 1},
                            .params = params,
                            .params_size = sizeof params,
                            .threads = threads,
                            .cooperative = coop,
                            .observer = ps_verifier_observer(r->v)};
    r->st = ps_launch(r->prog, r->dev, "k", &cfg, &r->res);
    ps_verifier_finish(r->v, &r->res);
    if (r->st != PS_OK) fprintf(stderr, "  launch: %s\n", r->res.fault.message);
    assert_int_equal(r->st, PS_OK);
}

static void run_free(run_ctx *r) {
    ps_verifier_destroy(r->v);
    ps_program_free(r->prog);
    ps_device_destroy(r->dev);
    ps_module_free(r->m);
}

/* Race errors between blocks (printed); with `line`, only those with one access at that line. */
static int cross_races(const run_ctx *r, int line) {
    int n = 0;
    for (int i = 0; i < ps_verifier_finding_count(r->v); i++) {
        const ps_finding *f = ps_verifier_finding(r->v, i);
        if (f->kind != PS_FIND_RACE || f->severity != PS_SEV_ERROR) continue;
        fprintf(stderr, "  race: line %d/%d blocks %u/%u: %s\n", f->at.ptx_line, f->has_other ? f->other.ptx_line : 0,
                f->at.block[0], f->other.block[0], f->message);
        if (line && f->at.ptx_line != line && f->other.ptx_line != line) continue;
        n++;
    }
    return n;
}

static int line_of(const char *src, const char *marker) {
    const char *p = strstr(src, marker);
    assert_non_null(p);
    int line = 1;
    for (const char *q = src; q < p; q++) line += *q == '\n';
    return line;
}

/* Each thread writes data[gtid]; then a grid barrier (ARRIVE, WAIT: PTX that thread 0 of each
 * block runs between two bar.sync); then each thread reads the element of the next block. */
#define GRID_KERNEL(ARRIVE, WAIT, AFTER)                                                             \
    TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2)\n{\n"               \
              "\t.reg .pred %p<4>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n"                     \
              "\tld.param.u64 %rd1, [p0];\n\tld.param.u64 %rd2, [p1];\n"                             \
              "\tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n"                 \
              "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %ctaid.x;\n\tmov.u32 %r3, %ntid.x;\n"          \
              "\tmov.u32 %r4, %nctaid.x;\n\tmad.lo.s32 %r5, %r2, %r3, %r1;\n"                        \
              "\tmul.wide.u32 %rd3, %r5, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"                          \
              "\tst.global.u32 [%rd4], %r5; // DATA_W\n"                                             \
              "\tbar.sync 0;\n"                                                                      \
              "\tsetp.ne.u32 %p1, %r1, 0;\n"                                                         \
              "\t@%p1 bra AFTER_ARRIVE;\n" ARRIVE "AFTER_ARRIVE:\n" AFTER                            \
              "\tadd.s32 %r6, %r2, 1;\n\trem.u32 %r6, %r6, %r4;\n\tmad.lo.s32 %r7, %r6, %r3, %r1;\n" \
              "\tmul.wide.u32 %rd5, %r7, 4;\n\tadd.s64 %rd6, %rd1, %rd5;\n"                          \
              "\tld.global.u32 %r8, [%rd6]; // DATA_R\n"                                             \
              "\tret;\n}\n"

/* sm_70 and later, as cooperative_groups' sync_grids: atom.add.release.gpu, ld.acquire.gpu spin */
#define ARRIVE_RELACQ(SCOPE)                                     \
    "\tatom.add.release." SCOPE ".global.u32 %r10, [%rd2], 1;\n" \
    "SPIN:\n\tld.acquire." SCOPE ".global.u32 %r11, [%rd2];\n"   \
    "\tsetp.lt.u32 %p2, %r11, %r4;\n\t@%p2 bra SPIN;\n"
static const char grid_relacq[] = GRID_KERNEL(ARRIVE_RELACQ("gpu"), "", "\tbar.sync 0;\n");
/* the same at .cta scope: orders nothing between blocks */
static const char grid_relacq_cta[] = GRID_KERNEL(ARRIVE_RELACQ("cta"), "", "\tbar.sync 0;\n");
/* before sm_70: __threadfence(); atomicAdd; volatile spin; __threadfence() */
static const char grid_fences[] = GRID_KERNEL("\tmembar.gl;\n\tatom.global.add.u32 %r10, [%rd2], 1;\n"
                                              "SPIN:\n\tld.volatile.global.u32 %r11, [%rd2];\n"
                                              "\tsetp.lt.u32 %p2, %r11, %r4;\n\t@%p2 bra SPIN;\n\tmembar.gl;\n",
                                              "", "\tbar.sync 0;\n");
/* the spin without the fence after it: the volatile read alone acquires nothing */
static const char grid_fences_noacq[] = GRID_KERNEL("\tmembar.gl;\n\tatom.global.add.u32 %r10, [%rd2], 1;\n"
                                                    "SPIN:\n\tld.volatile.global.u32 %r11, [%rd2];\n"
                                                    "\tsetp.lt.u32 %p2, %r11, %r4;\n\t@%p2 bra SPIN;\n",
                                                    "", "\tbar.sync 0;\n");
/* thread 0 acquires, but no bar.sync hands it to the block's other threads */
static const char grid_nobar[] = GRID_KERNEL(ARRIVE_RELACQ("gpu"), "", "");

static void test_grid_barrier_relacq(void **state) {
    (void)state;
    run_ctx r;
    run(&r, grid_relacq, 8, 64, true, 3);
    assert_int_equal(cross_races(&r, 0), 0);
    run_free(&r);
}

static void test_grid_barrier_fences(void **state) {
    (void)state;
    run_ctx r;
    run(&r, grid_fences, 8, 64, true, 3);
    assert_int_equal(cross_races(&r, 0), 0);
    run_free(&r);
}

static void expect_races(const char *ptx) {
    run_ctx r;
    run(&r, ptx, 8, 64, true, 3);
    int n = cross_races(&r, line_of(ptx, "// DATA_R"));
    assert_true(n > 0);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->kind == PS_FIND_RACE && f->severity == PS_SEV_ERROR)
            assert_int_not_equal(f->at.block[0], f->other.block[0]);
    }
    run_free(&r);
}

static void test_grid_barrier_cta_scope_races(void **state) {
    (void)state;
    expect_races(grid_relacq_cta);
}

static void test_grid_barrier_no_acquire_races(void **state) {
    (void)state;
    expect_races(grid_fences_noacq);
}

static void test_grid_barrier_not_shared_races(void **state) {
    (void)state;
    expect_races(grid_nobar);
}

/* "Last block" reduction: thread 0 of each block writes its partial, __threadfence(), takes a
 * ticket with atomicInc; the block whose ticket is the last reads every partial. */
static const char last_block[] =
    TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2)\n{\n"
              "\t.reg .pred %p<4>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n"
              "\t.shared .u32 last;\n"
              "\tld.param.u64 %rd1, [p2];\n\tld.param.u64 %rd2, [p1];\n"
              "\tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n"
              "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %ctaid.x;\n\tmov.u32 %r4, %nctaid.x;\n"
              "\tsetp.ne.u32 %p1, %r1, 0;\n"
              "\t@%p1 bra WAIT;\n"
              "\tmul.wide.u32 %rd3, %r2, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
              "\tst.global.u32 [%rd4], %r2; // PART_W\n"
              "\tmembar.gl;\n"
              "\tadd.s32 %r5, %r4, -1;\n"
              "\tatom.global.inc.u32 %r6, [%rd2], %r5;\n"
              "\tsetp.eq.u32 %p2, %r6, %r5;\n\tselp.u32 %r7, 1, 0, %p2;\n\tst.shared.u32 [last], %r7;\n"
              "WAIT:\n\tbar.sync 0;\n"
              "\tld.shared.u32 %r8, [last];\n\tsetp.eq.u32 %p3, %r8, 0;\n\t@%p3 bra DONE;\n"
              "\tsetp.ge.u32 %p3, %r1, %r4;\n\t@%p3 bra DONE;\n"
              "\tmul.wide.u32 %rd5, %r1, 4;\n\tadd.s64 %rd6, %rd1, %rd5;\n"
              "\tld.global.u32 %r9, [%rd6]; // PART_R\n"
              "DONE:\n\tret;\n}\n";

static void test_last_block_reduction(void **state) {
    (void)state;
    run_ctx r;
    run(&r, last_block, 16, 32, false, 3);
    assert_int_equal(cross_races(&r, 0), 0);
    run_free(&r);
}

/* Message passing between block 0 and block 1 with fences (PTX's fence-based release and acquire
 * patterns): block 0 writes the data, fence.acq_rel.gpu, st.relaxed.gpu flag; block 1 spins on
 * ld.relaxed.gpu flag, then (CONSUMER_FENCE) fence.acq_rel.gpu, and reads the data. */
#define MP_KERNEL(CONSUMER_FENCE)                                                             \
    TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2)\n{\n"        \
              "\t.reg .pred %p<4>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n"              \
              "\tld.param.u64 %rd1, [p0];\n\tld.param.u64 %rd2, [p1];\n"                      \
              "\tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n"          \
              "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %ctaid.x;\n"                            \
              "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"                   \
              "\tsetp.ne.u32 %p1, %r2, 0;\n\t@%p1 bra CONSUMER;\n"                            \
              "\tst.global.u32 [%rd4], %r1; // MP_W\n"                                        \
              "\tbar.sync 0;\n"                                                               \
              "\tsetp.ne.u32 %p2, %r1, 0;\n\t@%p2 bra DONE;\n"                                \
              "\tfence.acq_rel.gpu;\n\tst.relaxed.gpu.global.u32 [%rd2], 1;\n\tbra DONE;\n"   \
              "CONSUMER:\n\tsetp.ne.u32 %p2, %r1, 0;\n\t@%p2 bra READ;\n"                     \
              "SPIN:\n\tld.relaxed.gpu.global.u32 %r5, [%rd2];\n\tsetp.eq.u32 %p3, %r5, 0;\n" \
              "\t@%p3 bra SPIN;\n" CONSUMER_FENCE "READ:\n\tbar.sync 0;\n"                    \
              "\tld.global.u32 %r6, [%rd4]; // DATA_R\n"                                      \
              "DONE:\n\tret;\n}\n"

static const char mp_fenced[] = MP_KERNEL("\tfence.acq_rel.gpu;\n");
static const char mp_unfenced[] = MP_KERNEL("");

static void test_message_passing_fences(void **state) {
    (void)state;
    run_ctx r;
    run(&r, mp_fenced, 2, 64, true, 2);
    assert_int_equal(cross_races(&r, 0), 0);
    run_free(&r);
    expect_races(mp_unfenced);
}

/* Without any synchronisation the checker still reports what it did before this model existed. */
static const char unsynced[] = GRID_KERNEL("", "", "\tbar.sync 0;\n");

static void test_unsynchronised_blocks_race(void **state) {
    (void)state;
    expect_races(unsynced);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_barrier_relacq),           cmocka_unit_test(test_grid_barrier_fences),
        cmocka_unit_test(test_grid_barrier_cta_scope_races),  cmocka_unit_test(test_grid_barrier_no_acquire_races),
        cmocka_unit_test(test_grid_barrier_not_shared_races), cmocka_unit_test(test_last_block_reduction),
        cmocka_unit_test(test_message_passing_fences),        cmocka_unit_test(test_unsynchronised_blocks_race),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
