/* test_engine.c — end-to-end behaviour of the engine on hand-written PTX: SIMT divergence and
 * reconvergence, jump tables, calls (direct, recursive, indirect), exit, barriers, deadlock,
 * watchdog, faults, address spaces, special registers, atomics and warp-level operations.
 * Expected values are computed by plain C in each test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char diag[4096];

static ps_status run1(const char *ptx, unsigned grid, unsigned block, void *out, size_t bytes, ps_launch_result *res) {
    tu_launch cfg = {.grid = {grid, 1, 1}, .block = {block, 1, 1}};
    tu_buf b = {out, bytes};
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "%s", diag);
    return st;
}

/* Kernel prologue: %r1 = global thread index, %rd1 = &out[%r1] (u32 elements). */
#define PROLOGUE                                                            \
    ".visible .entry k(.param .u64 p0) {\n"                                 \
    "  .reg .pred %p<8>; .reg .b32 %r<32>; .reg .b64 %rd<16>;\n"            \
    "  ld.param.u64 %rd2, [p0]; cvta.to.global.u64 %rd2, %rd2;\n"           \
    "  mov.u32 %r2, %tid.x; mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x;\n" \
    "  mad.lo.s32 %r1, %r3, %r4, %r2;\n"                                    \
    "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd1, %rd2, %rd3;\n"

static void nested_divergence(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE "  and.b32 %r5, %r1, 1; setp.eq.s32 %p1, %r5, 0;\n"
                                         "  @%p1 bra EVEN;\n"
                                         "  and.b32 %r6, %r1, 2; setp.ne.s32 %p2, %r6, 0;\n"
                                         "  @%p2 bra ODD2;\n"
                                         "  mov.u32 %r10, 100; bra JOIN1;\n"
                                         "ODD2: mov.u32 %r10, 200;\n"
                                         "JOIN1: add.s32 %r10, %r10, 1; bra DONE;\n"
                                         "EVEN: mul.lo.s32 %r10, %r1, 3;\n"
                                         "DONE: add.s32 %r10, %r10, %r1; st.global.u32 [%rd1], %r10; ret; }\n";
    uint32_t out[64] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 2, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 64; i++) {
        uint32_t v = (i & 1) == 0 ? i * 3 : ((i & 2) ? 200 : 100) + 1;
        assert_int_equal(out[i], v + i);
    }
    assert_true(res.stats.divergent_branches >= 4); /* two branches diverge in each warp */
}

static void divergent_loop_with_break(void **state) {
    (void)state;
    /* sum = 0; for (j = 0; j < tid % 9; j++) { if (j == 5) break; sum += j * 2 + 1; } */
    const char *ptx = TU_HEADER PROLOGUE "  rem.u32 %r5, %r1, 9; mov.u32 %r6, 0; mov.u32 %r7, 0;\n"
                                         "LOOP: setp.ge.u32 %p1, %r6, %r5; @%p1 bra END;\n"
                                         "  setp.eq.u32 %p2, %r6, 5; @%p2 bra END;\n"
                                         "  shl.b32 %r8, %r6, 1; add.s32 %r8, %r8, 1; add.s32 %r7, %r7, %r8;\n"
                                         "  add.s32 %r6, %r6, 1; bra LOOP;\n"
                                         "END: st.global.u32 [%rd1], %r7; ret; }\n";
    uint32_t out[96] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 3, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 96; i++) {
        uint32_t sum = 0;
        for (uint32_t j = 0; j < i % 9; j++) {
            if (j == 5) break;
            sum += j * 2 + 1;
        }
        assert_int_equal(out[i], sum);
    }
}

static void jump_table(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE "  rem.u32 %r5, %r1, 3;\n"
                                         "TAB: .branchtargets L0, L1, L2;\n"
                                         "  brx.idx %r5, TAB;\n"
                                         "L0: mov.u32 %r6, 10; bra J;\n"
                                         "L1: mov.u32 %r6, 20; bra J;\n"
                                         "L2: mov.u32 %r6, 30;\n"
                                         "J: add.s32 %r6, %r6, %r1; st.global.u32 [%rd1], %r6; ret; }\n";
    uint32_t out[40] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 40, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 40; i++) assert_int_equal(out[i], (i % 3 + 1) * 10 + i);
}

static void calls_recursion_and_indirect(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".func (.param .b32 r) fact(.param .b32 n) {\n"
                  "  .reg .pred %p<2>; .reg .b32 %r<6>;\n"
                  "  ld.param.b32 %r1, [n]; setp.le.u32 %p1, %r1, 1; @%p1 bra BASE;\n"
                  "  sub.s32 %r2, %r1, 1;\n"
                  "  { .param .b32 a; .param .b32 rv; st.param.b32 [a], %r2;\n"
                  "    call (rv), fact, (a); ld.param.b32 %r3, [rv]; }\n"
                  "  mul.lo.s32 %r4, %r3, %r1; st.param.b32 [r], %r4; ret;\n"
                  "BASE: mov.u32 %r5, 1; st.param.b32 [r], %r5; ret; }\n"
                  ".func (.param .b32 r) twice(.param .b32 x) {\n"
                  "  .reg .b32 %r<3>; ld.param.b32 %r1, [x]; shl.b32 %r2, %r1, 1; st.param.b32 [r], %r2; ret; }\n"
                  ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .pred %p<4>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
                  "  ld.param.u64 %rd2, [p0]; mov.u32 %r1, %tid.x;\n"
                  "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd1, %rd2, %rd3;\n"
                  "  rem.u32 %r2, %r1, 8; mov.u32 %r3, 0;\n"
                  "  setp.lt.u32 %p1, %r1, 24; @!%p1 bra SKIP;\n" /* divergent call */
                  "  { .param .b32 a; .param .b32 rv; st.param.b32 [a], %r2;\n"
                  "    call (rv), fact, (a); ld.param.b32 %r3, [rv]; }\n"
                  "SKIP: mov.u64 %rd4, twice;\n"
                  "  { .param .b32 a; .param .b32 rv; st.param.b32 [a], %r3;\n"
                  "    proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
                  "    call (rv), %rd4, (a), proto; ld.param.b32 %r4, [rv]; }\n"
                  "  st.global.u32 [%rd1], %r4; ret; }\n";
    uint32_t out[32] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t f = 1;
        for (uint32_t k = 2; k <= i % 8; k++) f *= k;
        assert_int_equal(out[i], i < 24 ? 2 * f : 0);
    }
}

static void exit_then_barrier(void **state) {
    (void)state;
    /* odd threads exit; the others meet at bar.sync 0 (exited threads do not block it) and
     * read a neighbour's shared value written before the barrier */
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .pred %p<4>; .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
                  "  .shared .align 4 .b32 sh[64];\n"
                  "  ld.param.u64 %rd2, [p0]; mov.u32 %r1, %tid.x;\n"
                  "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd1, %rd2, %rd3;\n"
                  "  and.b32 %r2, %r1, 1; setp.ne.s32 %p1, %r2, 0; @%p1 exit;\n"
                  "  mov.u32 %r3, sh; shl.b32 %r4, %r1, 2; add.s32 %r5, %r3, %r4;\n"
                  "  mul.lo.s32 %r6, %r1, 7; st.shared.u32 [%r5], %r6;\n"
                  "  bar.sync 0;\n"
                  "  add.s32 %r7, %r1, 2; and.b32 %r7, %r7, 63; shl.b32 %r7, %r7, 2; add.s32 %r7, %r3, %r7;\n"
                  "  ld.shared.u32 %r8, [%r7]; st.global.u32 [%rd1], %r8; ret; }\n";
    uint32_t out[64];
    memset(out, 0xee, sizeof out);
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 64, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 64; i++) assert_int_equal(out[i], (i & 1) ? 0xeeeeeeeeu : ((i + 2) & 63) * 7);
}

static void bar_red_popc_and_deadlock(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER PROLOGUE "  rem.u32 %r5, %r1, 3; setp.eq.u32 %p1, %r5, 0;\n"
                           "  bar.red.popc.u32 %r6, 0, %p1;\n"
                           "  bar.red.or.pred %p2, 1, %p1; selp.u32 %r7, 1000, 0, %p2; add.s32 %r6, %r6, %r7;\n"
                           "  st.global.u32 [%rd1], %r6; ret; }\n";
    uint32_t out[100] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 100, out, sizeof out, &res), PS_OK);
    uint32_t n = 0;
    for (uint32_t i = 0; i < 100; i++) n += i % 3 == 0;
    for (uint32_t i = 0; i < 100; i++) assert_int_equal(out[i], n + 1000);

    /* warp 0 waits on barrier 1, warp 1 on barrier 2: neither can complete */
    const char *dead = TU_HEADER PROLOGUE "  setp.lt.u32 %p1, %r1, 32; @%p1 bra A;\n"
                                          "  bar.sync 2; bra E;\n"
                                          "A: bar.sync 1;\n"
                                          "E: st.global.u32 [%rd1], %r1; ret; }\n";
    assert_int_equal(run1(dead, 1, 64, out, 64 * 4, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
}

/* nvcc's `if (i >= n) return; ... __syncthreads()` with n splitting a warp: the returning lanes
 * must not hold up the barrier (regression: they used to wait at the reconvergence point). */
static void early_return_then_barrier(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE "  setp.ge.u32 %p1, %r1, 45; @%p1 bra END;\n"
                                         "  bar.sync 0; add.s32 %r5, %r1, 1; st.global.u32 [%rd1], %r5;\n"
                                         "END: ret; }\n";
    uint32_t out[64] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 64, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 64; i++) assert_int_equal(out[i], i < 45 ? i + 1 : 0);
}

/* ---- barriers reached apart by the lanes of a warp (sm_70+ independent thread scheduling) ----
 * The kernels are those of lab/divergent_barriers/divbar_probe.cu in PTX; the expected values are
 * computed here in C, and tests/data/divbar/divbar_h200.txt records that an H200 agrees. */

/* Kernel prologue with a shared array: %r20 = &sh[tid] (u32 elements, 128 of them). */
#define SHARED_PROLOGUE                           \
    PROLOGUE "  .shared .align 4 .b32 sh[128];\n" \
             "  mov.u32 %r19, sh; shl.b32 %r20, %r2, 2; add.s32 %r20, %r19, %r20;\n"

/* odd and even threads store, meet at two different barrier.sync 0 instructions, then read the
 * neighbour of the other parity */
static const char exch_ptx[] =
    TU_HEADER SHARED_PROLOGUE "  xor.b32 %r21, %r2, 1; shl.b32 %r21, %r21, 2; add.s32 %r21, %r19, %r21;\n"
                              "  and.b32 %r5, %r2, 1; setp.eq.u32 %p1, %r5, 0; @%p1 bra EVEN;\n"
                              "  mad.lo.s32 %r6, %r2, 3, 1; st.shared.u32 [%r20], %r6;\n"
                              "  BAR;\n"
                              "  ld.shared.u32 %r7, [%r21]; add.s32 %r7, %r7, 1000; bra DONE;\n"
                              "EVEN: mad.lo.s32 %r6, %r2, 5, 2; st.shared.u32 [%r20], %r6;\n"
                              "  BAR;\n"
                              "  ld.shared.u32 %r7, [%r21]; add.s32 %r7, %r7, 2000;\n"
                              "DONE: st.global.u32 [%rd1], %r7; ret; }\n";

static char *with_bar(const char *tmpl, const char *bar) {
    static char buf[4096];
    char *o = buf;
    for (const char *p = tmpl; *p;) {
        if (strncmp(p, "BAR;", 4) == 0) {
            o += sprintf(o, "%s;", bar);
            p += 4;
        } else {
            *o++ = *p++;
        }
    }
    *o = 0;
    return buf;
}

static void odd_even_barrier_exchange(void **state) {
    (void)state;
    uint32_t out[128];
    ps_launch_result res;
    for (unsigned n = 32; n <= 128; n += 32) {
        memset(out, 0xee, sizeof out);
        assert_int_equal(run1(with_bar(exch_ptx, "barrier.sync 0"), 1, n, out, sizeof out, &res), PS_OK);
        for (uint32_t t = 0; t < n; t++) {
            uint32_t nb = t ^ 1u;
            uint32_t v = (t & 1) ? nb * 5 + 2 + 1000 : nb * 3 + 1 + 2000;
            assert_int_equal(out[t], v);
        }
        assert_int_equal(out[n < 128 ? n : 127], n < 128 ? 0xeeeeeeeeu : (126u * 5 + 2 + 1000));
    }
    /* the same with a guard instead of a branch: @p and @!p barrier.sync */
    const char *guarded =
        TU_HEADER SHARED_PROLOGUE "  and.b32 %r5, %r2, 1; setp.ne.u32 %p1, %r5, 0;\n"
                                  "  st.shared.u32 [%r20], %r2;\n"
                                  "  @%p1 barrier.sync 0; @!%p1 barrier.sync 0;\n"
                                  "  xor.b32 %r21, %r2, 1; shl.b32 %r21, %r21, 2; add.s32 %r21, %r19, %r21;\n"
                                  "  ld.shared.u32 %r7, [%r21]; st.global.u32 [%rd1], %r7; ret; }\n";
    assert_int_equal(run1(guarded, 1, 64, out, 64 * 4, &res), PS_OK);
    for (uint32_t t = 0; t < 64; t++) assert_int_equal(out[t], t ^ 1u);
}

/* Lanes of one warp at a barrier nested in a loop: in iteration i, threads with bit i set wait at
 * one barrier.sync, the others at another; each round every thread adds its partner's value
 * (t ^ (1 << i)) from the previous round: a butterfly sum over 32 threads. */
static void barrier_in_divergent_loop(void **state) {
    (void)state;
    const char *ptx = TU_HEADER SHARED_PROLOGUE
        "  mov.u32 %r6, %r2; mov.u32 %r8, 0;\n" /* value, i */
        "LOOP: st.shared.u32 [%r20], %r6;\n"
        "  shl.b32 %r9, 1, %r8; and.b32 %r10, %r2, %r9; setp.ne.u32 %p1, %r10, 0;\n"
        "  xor.b32 %r21, %r2, %r9; shl.b32 %r21, %r21, 2; add.s32 %r21, %r19, %r21;\n"
        "  @%p1 bra HI;\n"
        "  barrier.sync 0; ld.shared.u32 %r11, [%r21]; barrier.sync 1; bra NEXT;\n"
        "HI: barrier.sync 0; ld.shared.u32 %r11, [%r21]; barrier.sync 1;\n"
        "NEXT: add.s32 %r6, %r6, %r11; add.s32 %r8, %r8, 1; setp.lt.u32 %p2, %r8, 5; @%p2 bra LOOP;\n"
        "  st.global.u32 [%rd1], %r6; ret; }\n";
    uint32_t out[64];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 64, out, sizeof out, &res), PS_OK);
    uint32_t v[64], nv[64];
    for (uint32_t t = 0; t < 64; t++) v[t] = t;
    for (uint32_t i = 0; i < 5; i++) {
        for (uint32_t t = 0; t < 64; t++) nv[t] = v[t] + v[t ^ (1u << i)];
        memcpy(v, nv, sizeof v);
    }
    for (uint32_t t = 0; t < 64; t++) assert_int_equal(out[t], v[t]);
}

/* barrier.red reached by odd and even lanes at different instructions: every thread sees the
 * reduction over the whole block */
static void barrier_red_divergent(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE
        "  rem.u32 %r5, %r2, 3; setp.eq.u32 %p1, %r5, 0; setp.lt.u32 %p3, %r2, 200;\n"
        "  and.b32 %r6, %r2, 1; setp.eq.u32 %p2, %r6, 0; @%p2 bra EVEN;\n"
        "  barrier.red.popc.u32 %r7, 2, %p1; barrier.red.and.pred %p4, 3, %p3; mov.u32 %r8, 100000; bra DONE;\n"
        "EVEN: barrier.red.popc.u32 %r7, 2, %p1; barrier.red.and.pred %p4, 3, %p3; mov.u32 %r8, 0;\n"
        "DONE: add.s32 %r7, %r7, %r8; selp.u32 %r9, 1000, 0, %p4; add.s32 %r7, %r7, %r9;\n"
        "  barrier.red.or.pred %p5, 4, %p2; selp.u32 %r9, 10000, 0, %p5; add.s32 %r7, %r7, %r9;\n"
        "  st.global.u32 [%rd1], %r7; ret; }\n";
    uint32_t out[96];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 96, out, sizeof out, &res), PS_OK);
    uint32_t popc = 0;
    for (uint32_t t = 0; t < 96; t++) popc += t % 3 == 0;
    for (uint32_t t = 0; t < 96; t++) assert_int_equal(out[t], popc + ((t & 1) ? 100000 : 0) + 1000 + 10000);
    /* .and is false when one thread's predicate is: threads of 64..95 give false */
    const char *and_false = TU_HEADER PROLOGUE "  setp.lt.u32 %p3, %r2, 64;\n"
                                               "  and.b32 %r6, %r2, 1; setp.eq.u32 %p2, %r6, 0; @%p2 bra EVEN;\n"
                                               "  barrier.red.and.pred %p4, 3, %p3; bra DONE;\n"
                                               "EVEN: barrier.red.and.pred %p4, 3, %p3;\n"
                                               "DONE: selp.u32 %r7, 1, 2, %p4; st.global.u32 [%rd1], %r7; ret; }\n";
    assert_int_equal(run1(and_false, 1, 96, out, sizeof out, &res), PS_OK);
    for (uint32_t t = 0; t < 96; t++) assert_int_equal(out[t], 2);
}

/* Each thread runs t % 4 rounds of barrier.red.popc on barrier 0, at one of three instructions
 * picked by bits 3 and 4 of t; threads leave after their last round. Round k's threads are those
 * with t % 4 >= k (the others have exited) and the predicate is true only at the third
 * instruction (t & 24 == 24). */
static void barrier_red_rounds_with_exits(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE "  mov.u32 %r6, 0; mov.u32 %r7, 0; and.b32 %r8, %r2, 3;\n"
                                         "L: setp.ge.u32 %p1, %r6, %r8; @%p1 bra OUT;\n"
                                         "  and.b32 %r9, %r2, 8; setp.ne.u32 %p2, %r9, 0; @%p2 bra B;\n"
                                         "  barrier.red.popc.u32 %r10, 0, %p2; add.s32 %r7, %r7, %r10; bra N;\n"
                                         "B: and.b32 %r9, %r2, 16; setp.ne.u32 %p3, %r9, 0; @%p3 bra C;\n"
                                         "  barrier.red.popc.u32 %r10, 0, %p3; add.s32 %r7, %r7, %r10; bra N;\n"
                                         "C: barrier.red.popc.u32 %r10, 0, %p2; add.s32 %r7, %r7, %r10;\n"
                                         "N: add.s32 %r6, %r6, 1; bra L;\n"
                                         "OUT: st.global.u32 [%rd1], %r7; ret; }\n";
    uint32_t out[96];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 96, out, sizeof out, &res), PS_OK);
    uint32_t popc[4] = {0};
    for (uint32_t k = 1; k < 4; k++)
        for (uint32_t t = 0; t < 96; t++) popc[k] += t % 4 >= k && (t & 24) == 24;
    for (uint32_t t = 0; t < 96; t++) {
        uint32_t v = 0;
        for (uint32_t k = 1; k <= t % 4; k++) v += popc[k];
        assert_int_equal(out[t], v);
    }
}

/* Named barrier 1 with a thread count: warps 0 and 1 (split odd/even over two barrier.sync 1, 64)
 * take part and warp 2 does not (count64 of the probe). Then barrier 2 with count 96: warp 2 is a
 * producer that writes and arrives (barrier.arrive), warps 0-1 consume after a divergent wait. */
static void barrier_thread_count_divergent(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER SHARED_PROLOGUE "  mov.u32 %r7, 7; setp.ge.u32 %p1, %r2, 64; @%p1 bra PRODUCER;\n"
                                  "  sub.s32 %r21, 63, %r2; shl.b32 %r21, %r21, 2; add.s32 %r21, %r19, %r21;\n"
                                  "  and.b32 %r5, %r2, 1; setp.eq.u32 %p2, %r5, 0; @%p2 bra EVEN;\n"
                                  "  add.s32 %r6, %r2, 11; st.shared.u32 [%r20], %r6; barrier.sync 1, 64;\n"
                                  "  ld.shared.u32 %r7, [%r21]; barrier.sync 2, 96; bra CONSUME;\n"
                                  "EVEN: add.s32 %r6, %r2, 22; st.shared.u32 [%r20], %r6; barrier.sync 1, 64;\n"
                                  "  ld.shared.u32 %r7, [%r21]; add.s32 %r7, %r7, 500; barrier.sync 2, 96;\n"
                                  "CONSUME: ld.shared.u32 %r8, [%r19+400]; add.s32 %r7, %r7, %r8; bra DONE;\n"
                                  "PRODUCER: mov.u32 %r9, 90000; st.shared.u32 [%r19+400], %r9; barrier.arrive 2, 96;\n"
                                  "DONE: st.global.u32 [%rd1], %r7; ret; }\n";
    uint32_t out[96];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 96, out, sizeof out, &res), PS_OK);
    for (uint32_t t = 0; t < 96; t++) {
        uint32_t v;
        if (t >= 64) v = 7;
        else if (t & 1) v = (63 - t) + 22 + 90000; /* partner 63 - t is even */
        else v = (63 - t) + 11 + 500 + 90000;
        assert_int_equal(out[t], v);
    }
    /* what ptxas refuses is refused when parsing, at the instruction, in its words */
    static const struct {
        const char *insn, *msg;
    } bad[] = {
        {"barrier.arrive 1;", "6:3: Arguments mismatch for instruction 'barrier.arrive'"},
        {"bar.arrive 1, 0;", "6:3: Instruction 'bar.arrive' requires a non-zero thread count argument"},
        {"barrier.sync 1, 48;", "6:3: Number of threads participating in barrier must be in multiple of warp size"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char src[512];
        snprintf(src, sizeof src,
                 TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                           "  .reg .b32 %%r<4>;\n  %s\n  ret; }\n",
                 bad[i].insn);
        diag[0] = 0;
        assert_int_equal(run1(src, 1, 64, out, sizeof out, &res), PS_ERR_PARSE);
        assert_non_null(strstr(diag, bad[i].msg));
    }
}

/* Parked lanes do not hold the barrier up once the rest of their warp exits; lanes of a warp
 * waiting at two different barriers that cannot complete are a deadlock. */
static void barrier_partial_warp_exit_and_deadlock(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER SHARED_PROLOGUE "  st.shared.u32 [%r20], %r2;\n"
                                  "  and.b32 %r5, %r2, 1; setp.eq.u32 %p1, %r5, 0; @%p1 bra EVEN;\n"
                                  "  barrier.sync 0; ld.shared.u32 %r7, [%r20+-4]; st.global.u32 [%rd1], %r7; ret;\n"
                                  "EVEN: mov.u32 %r7, 5; exit; }\n";
    uint32_t out[64];
    memset(out, 0xee, sizeof out);
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 64, out, sizeof out, &res), PS_OK);
    for (uint32_t t = 0; t < 64; t++) assert_int_equal(out[t], (t & 1) ? t - 1 : 0xeeeeeeeeu);

    const char *dead = TU_HEADER PROLOGUE "  and.b32 %r5, %r2, 1; setp.eq.u32 %p1, %r5, 0; @%p1 bra EVEN;\n"
                                          "  barrier.sync 0; bra DONE;\n"
                                          "EVEN: barrier.sync 1;\n"
                                          "DONE: st.global.u32 [%rd1], %r2; ret; }\n";
    assert_int_equal(run1(dead, 1, 64, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
    assert_non_null(strstr(res.fault.message, "deadlock: barrier"));

    /* a barrier in a function called by half of a warp: the other half cannot run until the call
     * returns (one frame stack per warp), so ptxsim reports a deadlock that says so */
    const char *callee = TU_HEADER ".func f() { barrier.sync 0; ret; }\n"
                                   ".visible .entry k(.param .u64 p0) {\n"
                                   "  .reg .pred %p<2>; .reg .b32 %r<4>;\n"
                                   "  mov.u32 %r1, %tid.x; setp.lt.u32 %p1, %r1, 16; @%p1 bra C; bra E;\n"
                                   "C: call f;\n"
                                   "E: ret; }\n";
    assert_int_equal(run1(callee, 1, 32, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
    assert_non_null(strstr(res.fault.message, "calling function"));
}

/* bar.sync is barrier.sync.aligned: PTX leaves it undefined when the lanes of a warp reach it
 * at different instructions. ptxsim keeps the warp together (IPDOM order): the odd lanes arrive,
 * the whole warp waits, and the barrier can never complete — a deadlock fault that says why.
 * (The H200 happens to complete this kernel: tests/data/divbar/divbar_h200.txt, exch_aligned.) */
static void aligned_barrier_divergent_is_reported(void **state) {
    (void)state;
    uint32_t out[64];
    ps_launch_result res;
    assert_int_equal(run1(with_bar(exch_ptx, "bar.sync 0"), 1, 64, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
    assert_non_null(strstr(res.fault.message, "aligned barrier"));
}

/* bar.warp.sync reached by the two halves of a warp at different instructions (sm_70+): they
 * meet and exchange through shared memory (warpsync_div of the probe). */
static void warp_sync_at_different_instructions(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER SHARED_PROLOGUE "  setp.ge.u32 %p1, %r2, 16; @%p1 bra HI;\n"
                                  "  mul.lo.s32 %r6, %r2, 7; st.shared.u32 [%r20], %r6; bar.warp.sync -1;\n"
                                  "  ld.shared.u32 %r7, [%r20+64]; bra DONE;\n"
                                  "HI: mul.lo.s32 %r6, %r2, 9; st.shared.u32 [%r20], %r6; bar.warp.sync -1;\n"
                                  "  ld.shared.u32 %r7, [%r20+-64]; add.s32 %r7, %r7, 300;\n"
                                  "DONE: st.global.u32 [%rd1], %r7; ret; }\n";
    uint32_t out[32];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t t = 0; t < 32; t++) assert_int_equal(out[t], t < 16 ? (t + 16) * 9 : (t - 16) * 7 + 300);
    /* lanes named in the mask that exit instead: the others are released */
    const char *exiting = TU_HEADER PROLOGUE "  setp.ge.u32 %p1, %r2, 16; @%p1 bra HI;\n"
                                             "  bar.warp.sync -1; st.global.u32 [%rd1], %r2; ret;\n"
                                             "HI: exit; }\n";
    memset(out, 0, sizeof out);
    assert_int_equal(run1(exiting, 1, 32, out, sizeof out, &res), PS_OK);
    for (uint32_t t = 0; t < 32; t++) assert_int_equal(out[t], t < 16 ? t : 0);
    /* different member masks at the two instructions */
    const char *mismatch = TU_HEADER PROLOGUE "  setp.ge.u32 %p1, %r2, 16; @%p1 bra HI;\n"
                                              "  bar.warp.sync -1; bra DONE;\n"
                                              "HI: bar.warp.sync 0xfffffffe;\n"
                                              "DONE: st.global.u32 [%rd1], %r2; ret; }\n";
    assert_int_equal(run1(mismatch, 1, 32, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_INVALID_WARP_SYNC);
}

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = 0;
    fclose(f);
    return buf;
}

/* nvcc's PTX of lab/divergent_barriers/divbar_probe.cu against the words an H200 wrote
 * (tests/data/divbar/README.md). The aligned variant is undefined in PTX: ptxsim faults. */
static void divbar_matches_h200(void **state) {
    (void)state;
    char *ptx = read_text("tests/data/divbar/divbar.sm_90.ptx");
    char *rec = read_text("tests/data/divbar/divbar_h200.txt");
    assert_non_null(ptx);
    assert_non_null(rec);
    static const struct {
        const char *name, *kernel;
        unsigned n;
    } k[] = {
        {"exch_nonaligned", "_Z15exch_nonalignedPj", 64}, {"exch_aligned", "_Z12exch_alignedPj", 64},
        {"red_popc_div", "_Z12red_popc_divPj", 96},       {"count64", "_Z7count64Pj", 96},
        {"warpsync_div", "_Z12warpsync_divPj", 32},
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        char key[64];
        snprintf(key, sizeof key, "\n%s ", k[i].name);
        const char *line = strstr(rec, key);
        assert_non_null(line);
        line += strlen(key);
        uint32_t gpu[128], out[128];
        for (unsigned t = 0; t < k[i].n; t++) {
            char *end;
            gpu[t] = (uint32_t)strtoul(line, &end, 10);
            assert_true(end != line);
            line = end;
        }
        memset(out, 0xee, sizeof out);
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {k[i].n, 1, 1}};
        tu_buf b = {out, sizeof out};
        ps_launch_result res;
        ps_status st = tu_run(ptx, k[i].kernel, &cfg, &b, 1, &res, diag, sizeof diag);
        if (strcmp(k[i].name, "exch_aligned") == 0) {
            assert_int_equal(st, PS_ERR_FAULT);
            assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
            continue;
        }
        assert_int_equal(st, PS_OK);
        for (unsigned t = 0; t < k[i].n; t++) assert_int_equal(out[t], gpu[t]);
    }
    free(ptx);
    free(rec);
}

static void watchdog_stops_infinite_loop(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE "L: add.s32 %r5, %r5, 1; bra L; }\n";
    uint32_t out[32];
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .watchdog = 100000};
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    assert_int_equal(tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag), PS_ERR_WATCHDOG);
    assert_int_equal(res.fault.kind, PS_FAULT_WATCHDOG);
    assert_non_null(strstr(res.fault.message, "'k'"));
}

static void out_of_bounds_and_misaligned(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE "  st.global.u32 [%rd1], %r1;\n" /* line 10 of the snippet */
                                         "  st.global.u32 [%rd1+128], %r1;\n"
                                         "  ret; }\n";
    uint32_t out[40] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 32, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_OUT_OF_BOUNDS);
    assert_int_equal(res.fault.ptx_line, 11);
    assert_int_equal(res.fault.thread[0], 8); /* 8*4+128 = 160 = first byte past 40 words */
    assert_non_null(strstr(res.fault.message, "0 bytes past the end"));

    const char *mis = TU_HEADER PROLOGUE "  st.global.u32 [%rd1+2], %r1; ret; }\n";
    assert_int_equal(run1(mis, 1, 32, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_MISALIGNED);
}

static void generic_shared_and_local(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<16>; .reg .b64 %rd<16>;\n"
                                "  .shared .align 8 .b8 sh[256];\n"
                                "  .local .align 4 .b8 loc[64];\n"
                                "  ld.param.u64 %rd2, [p0]; mov.u32 %r1, %tid.x;\n"
                                "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd1, %rd2, %rd3;\n"
                                "  mov.u64 %rd4, sh; cvta.shared.u64 %rd5, %rd4; add.s64 %rd5, %rd5, %rd3;\n"
                                "  add.s32 %r2, %r1, 1000; st.u32 [%rd5], %r2;\n" /* generic store to shared */
                                "  mov.u64 %rd6, loc; cvta.local.u64 %rd7, %rd6;\n"
                                "  and.b32 %r3, %r1, 15; mul.wide.u32 %rd8, %r3, 4; add.s64 %rd9, %rd7, %rd8;\n"
                                "  mul.lo.s32 %r4, %r1, %r1; st.u32 [%rd9], %r4;\n" /* generic store to local */
                                "  add.s64 %rd10, %rd6, %rd8; ld.local.u32 %r5, [%rd10];\n"
                                "  add.s64 %rd11, %rd4, %rd3; ld.shared.u32 %r6, [%rd11];\n"
                                "  add.s32 %r7, %r5, %r6; st.global.u32 [%rd1], %r7; ret; }\n";
    uint32_t out[64] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 64, out, sizeof out, &res), PS_OK);
    for (uint32_t i = 0; i < 64; i++) assert_int_equal(out[i], i * i + i + 1000);
}

static void special_registers(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .b32 %r<16>; .reg .b64 %rd<8>;\n"
                  "  ld.param.u64 %rd2, [p0];\n"
                  "  mov.u32 %r1, %tid.x; mov.u32 %r2, %tid.y; mov.u32 %r3, %ntid.x; mov.u32 %r4, %ctaid.x;\n"
                  "  mad.lo.s32 %r5, %r2, %r3, %r1; mov.u32 %r6, %ntid.y; mul.lo.s32 %r6, %r6, %r3;\n"
                  "  mad.lo.s32 %r5, %r4, %r6, %r5;\n" /* linear index */
                  "  mul.wide.u32 %rd3, %r5, 16; add.s64 %rd1, %rd2, %rd3;\n"
                  "  mov.u32 %r7, %laneid; mov.u32 %r8, %lanemask_lt; mov.u32 %r9, %warpid; mov.u32 %r10, %nctaid.x;\n"
                  "  st.global.v4.u32 [%rd1], {%r7, %r8, %r9, %r10}; ret; }\n";
    uint32_t out[2 * 48 * 4] = {0};
    tu_launch cfg = {.grid = {2, 1, 1}, .block = {16, 3, 1}};
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    assert_int_equal(tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag), PS_OK);
    for (uint32_t i = 0; i < 96; i++) {
        uint32_t t = i % 48, lane = t % 32;
        assert_int_equal(out[4 * i + 0], lane);
        assert_int_equal(out[4 * i + 1], (1u << lane) - 1);
        assert_int_equal(out[4 * i + 2], t / 32);
        assert_int_equal(out[4 * i + 3], 2);
    }
}

static void global_atomics_across_host_threads(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER PROLOGUE "  atom.global.add.u32 %r5, [%rd2], 1;\n"
                           "  atom.global.max.s32 %r6, [%rd2+4], %r1;\n"
                           "CAS: ld.volatile.global.u32 %r7, [%rd2+8]; add.s32 %r8, %r7, 3;\n"
                           "  atom.global.cas.b32 %r9, [%rd2+8], %r7, %r8; setp.ne.u32 %p1, %r9, %r7; @%p1 bra CAS;\n"
                           "  ret; }\n";
    uint32_t out[4] = {0, 0, 0, 0};
    tu_launch cfg = {.grid = {64, 1, 1}, .block = {128, 1, 1}, .threads = 2};
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    assert_int_equal(tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag), PS_OK);
    assert_int_equal(out[0], 64 * 128);
    assert_int_equal(out[1], 64 * 128 - 1);
    assert_int_equal(out[2], 3 * 64 * 128);
}

static void warp_shuffles_votes_match_redux(void **state) {
    (void)state;
    const char *ptx = TU_HEADER PROLOGUE
        "  mul.wide.u32 %rd3, %r1, 32; add.s64 %rd1, %rd2, %rd3;\n"
        "  mul.lo.s32 %r5, %r1, 11;\n"
        "  shfl.sync.down.b32 %r6|%p1, %r5, 3, 0x1f, 0xffffffff;\n"
        "  shfl.sync.up.b32 %r7, %r5, 5, 0, 0xffffffff;\n"
        "  shfl.sync.bfly.b32 %r8, %r5, 6, 0x1f, 0xffffffff;\n"
        "  shfl.sync.idx.b32 %r9, %r5, %r1, 0x1c1f, 0xffffffff;\n" /* segments of 8 lanes */
        "  and.b32 %r10, %r1, 3; setp.eq.u32 %p2, %r10, 1; vote.sync.ballot.b32 %r11, %p2, 0xffffffff;\n"
        "  shr.u32 %r12, %r1, 3; match.any.sync.b32 %r13, %r12, 0xffffffff;\n"
        "  redux.sync.add.u32 %r14, %r1, 0xffffffff; redux.sync.max.s32 %r15, %r10, 0xffffffff;\n"
        "  selp.u32 %r16, 1, 0, %p1;\n"
        "  st.global.v4.u32 [%rd1], {%r6, %r7, %r8, %r9};\n"
        "  st.global.v4.u32 [%rd1+16], {%r11, %r13, %r14, %r16}; ret; }\n";
    uint32_t out[32 * 8] = {0};
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 32, out, sizeof out, &res), PS_OK);
    uint32_t ballot = 0, sum = 0;
    for (uint32_t l = 0; l < 32; l++) {
        if ((l & 3) == 1) ballot |= 1u << l;
        sum += l;
    }
    for (uint32_t l = 0; l < 32; l++) {
        uint32_t *o = &out[8 * l];
        uint32_t down = l + 3 <= 31 ? l + 3 : l;
        assert_int_equal(o[0], down * 11);
        assert_int_equal(o[1], (l >= 5 ? l - 5 : l) * 11);
        assert_int_equal(o[2], (l ^ 6) * 11);
        assert_int_equal(o[3], ((l & ~7u) | (l & 7u)) * 11); /* idx within the 8-lane segment */
        assert_int_equal(o[4], ballot);
        assert_int_equal(o[5], 0xffu << (l & ~7u));
        assert_int_equal(o[6], sum);
        assert_int_equal(o[7], l + 3 <= 31);
    }
    /* a full member mask inside a divergent branch is a misuse */
    const char *bad =
        TU_HEADER PROLOGUE "  setp.lt.u32 %p1, %r1, 16; @!%p1 bra E;\n"
                           "  shfl.sync.down.b32 %r6, %r1, 1, 0x1f, 0xffffffff;\n"
                           "E: st.global.u32 [%rd1], %r1; ret; }\n"; /* lanes 16-31 wait at E, still live */
    assert_int_equal(run1(bad, 1, 32, out, sizeof out, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_INVALID_WARP_SYNC);
}

static void unsupported_instruction_is_located(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b64 %rd<4>;\n"
                                "  discard.global.L2 [%rd1], 128;\n"
                                "  ret; }\n";
    uint32_t out[1];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 1, out, sizeof out, &res), PS_ERR_UNSUPPORTED);
    assert_non_null(strstr(diag, "6:3: 'discard.global.L2' is not supported"));
}

/* ptxas refuses bfe/bfi immediates past 255 ("value '256' out of range [0..255]"), so does
 * the parser, at the operand */
static void bitfield_immediate_out_of_range(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<4>;\n"
                                "  bfi.b32 %r1, %r2, %r3, 3, 300;\n"
                                "  ret; }\n";
    uint32_t out[1];
    ps_launch_result res;
    assert_int_equal(run1(ptx, 1, 1, out, sizeof out, &res), PS_ERR_PARSE);
    assert_non_null(strstr(diag, "6:29: operand 4 of 'bfi': value 300 out of range [0..255]"));
}

/* The seeded schedule (--schedule-seed): warp 1 reads a shared word that warp 0 writes with no
 * barrier between, a race whose outcome is the schedule's. In order (seed 0) warp 0 runs its
 * whole turn first, so warp 1 sees 1; seeds give other interleavings, each reproducible; a
 * race-free reduction gives the same bits under every seed. */
static void seeded_schedule(void **state) {
    (void)state;
    const char *racy = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                 "  .reg .pred %p<2>; .reg .b32 %r<8>; .reg .b64 %rd<4>; .shared .u32 flag;\n"
                                 "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, %tid.x; shr.u32 %r2, %r1, 5;\n"
                                 "  setp.ne.u32 %p1, %r2, 0;\n"
                                 "  @%p1 bra READ;\n"
                                 "  st.shared.u32 [flag], 1; ret;\n"
                                 "READ: ld.shared.u32 %r3, [flag];\n"
                                 "  sub.u32 %r4, %r1, 32; mul.wide.u32 %rd2, %r4, 4; add.u64 %rd3, %rd1, %rd2;\n"
                                 "  st.global.u32 [%rd3], %r3; ret; }\n";
    uint32_t out[32];
    ps_launch_result res;
    unsigned seen = 0;
    for (uint64_t seed = 0; seed < 16; seed++) {
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {64, 1, 1}, .schedule_seed = seed};
        tu_buf b = {out, sizeof out};
        memset(out, 0xff, sizeof out);
        ps_status st = tu_run(racy, "k", &cfg, &b, 1, &res, diag, sizeof diag);
        if (st != PS_OK) fprintf(stderr, "%s%s\n", diag, res.fault.message);
        assert_int_equal(st, PS_OK);
        for (int i = 1; i < 32; i++) assert_int_equal(out[i], out[0]); /* one warp, one read */
        assert_true(out[0] <= 1);
        if (seed == 0) assert_int_equal(out[0], 1);
        seen |= 1u << out[0];
        uint32_t again[32];
        tu_buf b2 = {again, sizeof again};
        assert_int_equal(tu_run(racy, "k", &cfg, &b2, 1, &res, diag, sizeof diag), PS_OK);
        assert_memory_equal(out, again, sizeof out); /* reproducible per seed */
    }
    assert_int_equal(seen, 3u); /* both outcomes occur among the 16 seeds */

    /* race-free: a shared-memory tree sum over 256 threads with bar.sync between the steps */
    const char *sum = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .pred %p<2>; .reg .b32 %r<10>; .reg .b64 %rd<4>; .shared .u32 buf[256];\n"
                                "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, %tid.x; mul.lo.u32 %r2, %r1, 2654435761;\n"
                                "  shl.b32 %r3, %r1, 2; mov.u32 %r9, buf; add.u32 %r3, %r3, %r9;\n"
                                "  st.shared.u32 [%r3], %r2; bar.sync 0;\n"
                                "  mov.u32 %r4, 128;\n"
                                "LOOP: setp.ge.u32 %p1, %r1, %r4; @%p1 bra SKIP;\n"
                                "  shl.b32 %r5, %r4, 2; add.u32 %r5, %r5, %r3; ld.shared.u32 %r6, [%r5];\n"
                                "  ld.shared.u32 %r7, [%r3]; add.u32 %r7, %r7, %r6; st.shared.u32 [%r3], %r7;\n"
                                "SKIP: bar.sync 0; shr.u32 %r4, %r4, 1; setp.ne.u32 %p1, %r4, 0; @%p1 bra LOOP;\n"
                                "  setp.ne.u32 %p1, %r1, 0; @%p1 bra DONE;\n"
                                "  ld.shared.u32 %r8, [buf]; st.global.u32 [%rd1], %r8;\n"
                                "DONE: ret; }\n";
    uint32_t want = 0;
    for (uint32_t t = 0; t < 256; t++) want += t * 2654435761u;
    for (uint64_t seed = 0; seed < 8; seed++) {
        uint32_t got = 0;
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {256, 1, 1}, .schedule_seed = seed * 977};
        tu_buf b = {&got, sizeof got};
        assert_int_equal(tu_run(sum, "k", &cfg, &b, 1, &res, diag, sizeof diag), PS_OK);
        assert_int_equal(got, want);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nested_divergence),
        cmocka_unit_test(divergent_loop_with_break),
        cmocka_unit_test(jump_table),
        cmocka_unit_test(calls_recursion_and_indirect),
        cmocka_unit_test(exit_then_barrier),
        cmocka_unit_test(bar_red_popc_and_deadlock),
        cmocka_unit_test(early_return_then_barrier),
        cmocka_unit_test(odd_even_barrier_exchange),
        cmocka_unit_test(barrier_in_divergent_loop),
        cmocka_unit_test(barrier_red_divergent),
        cmocka_unit_test(barrier_red_rounds_with_exits),
        cmocka_unit_test(barrier_thread_count_divergent),
        cmocka_unit_test(barrier_partial_warp_exit_and_deadlock),
        cmocka_unit_test(aligned_barrier_divergent_is_reported),
        cmocka_unit_test(warp_sync_at_different_instructions),
        cmocka_unit_test(divbar_matches_h200),
        cmocka_unit_test(watchdog_stops_infinite_loop),
        cmocka_unit_test(out_of_bounds_and_misaligned),
        cmocka_unit_test(generic_shared_and_local),
        cmocka_unit_test(special_registers),
        cmocka_unit_test(global_atomics_across_host_threads),
        cmocka_unit_test(warp_shuffles_votes_match_redux),
        cmocka_unit_test(unsupported_instruction_is_located),
        cmocka_unit_test(bitfield_immediate_out_of_range),
        cmocka_unit_test(seeded_schedule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
