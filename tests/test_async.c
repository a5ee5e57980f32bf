/* test_async.c — cp.async and mbarrier (sim/exec_async.c, sim/exec_mbarrier.c). Expected values
 * come from the copy semantics of the PTX ISA (src-size bytes then zeros; a group's data lands
 * at the wait that covers it) computed here in C, and from an H200 for the mbarrier states
 * (tests/data/async/mbar_probe.h200.txt). The corpus cases async_copy and mbarrier compare whole
 * pipelines with GPU recordings. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define SENT 0xdeadbeefu

static uint32_t rng = 12345;
static uint32_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

static ps_status run(const char *ptx, unsigned threads, tu_buf *b, int nb, ps_launch_result *res, char *diag, size_t dl,
                     const ps_observer *obs) {
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {threads, 1, 1}, .observer = obs};
    return tu_run(ptx, "k", &cfg, b, nb, res, diag, dl);
}

/* Data is not in shared memory before the wait that covers its group; wait_group N leaves the
 * newest N committed groups (and the uncommitted one) in flight; wait_all finishes everything. */
static void groups_and_visibility(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
                  "  .reg .b32 %r<20>; .reg .b64 %rd<10>;\n"
                  "  .shared .align 16 .b8 sh[512];\n"
                  "  ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1];\n"
                  "  mov.u32 %r1, %tid.x; mov.u32 %r2, sh; shl.b32 %r3, %r1, 2; add.u32 %r4, %r2, %r3;\n"
                  "  mov.u32 %r5, 0xdeadbeef;\n"
                  "  st.shared.u32 [%r4], %r5; st.shared.u32 [%r4+128], %r5; st.shared.u32 [%r4+256], %r5;\n"
                  "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd4, %rd1, %rd3;\n"
                  "  cp.async.ca.shared.global [%r4], [%rd4], 4;\n"
                  "  cp.async.commit_group;\n"
                  "  cp.async.ca.shared::cta.global [%r4+128], [%rd4+128], 4;\n"
                  "  cp.async.commit_group;\n"
                  "  cp.async.ca.shared.global.L2::cache_hint [%r4+256], [%rd4+256], 4, %rd1;\n"
                  "  ld.shared.u32 %r6, [%r4];\n"
                  "  cp.async.wait_group 1;\n"
                  "  ld.shared.u32 %r7, [%r4]; ld.shared.u32 %r8, [%r4+128];\n"
                  "  cp.async.wait_group 0;\n"
                  "  ld.shared.u32 %r9, [%r4+128]; ld.shared.u32 %r10, [%r4+256];\n"
                  "  cp.async.wait_all;\n"
                  "  ld.shared.u32 %r11, [%r4+256];\n"
                  "  mul.wide.u32 %rd5, %r1, 24; add.s64 %rd6, %rd2, %rd5;\n"
                  "  st.global.v2.u32 [%rd6], {%r6, %r7}; st.global.v2.u32 [%rd6+8], {%r8, %r9};\n"
                  "  st.global.v2.u32 [%rd6+16], {%r10, %r11}; ret; }\n";
    static uint32_t in[96], out[32 * 6];
    for (int i = 0; i < 96; i++) in[i] = next();
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run(ptx, 32, b, 2, &res, diag, sizeof diag, NULL), PS_OK);
    for (int t = 0; t < 32; t++) {
        const uint32_t want[6] = {SENT, in[t], SENT, in[t + 32], SENT, in[t + 64]};
        for (int k = 0; k < 6; k++) assert_int_equal(out[t * 6 + k], want[k]);
    }
}

/* 16-, 8- and 4-byte copies: src-size bytes come from global memory, the rest are zeros; the
 * ignore-src predicate zero-fills the whole destination. */
static void sizes_zero_fill_ignore_src(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
                  "  .reg .b32 %r<20>; .reg .b64 %rd<12>; .reg .pred %p<2>;\n"
                  "  .shared .align 16 .b8 s16[544]; .shared .align 8 .b8 s8[272]; .shared .align 4 .b8 s4[136];\n"
                  "  ld.param.u64 %rd1, [p0]; ld.param.u64 %rd2, [p1];\n"
                  "  mov.u32 %r1, %tid.x;\n"
                  "  mov.u32 %r2, s16; shl.b32 %r3, %r1, 4; add.u32 %r4, %r2, %r3;\n"
                  "  mov.u32 %r5, s8; shl.b32 %r6, %r1, 3; add.u32 %r7, %r5, %r6;\n"
                  "  mov.u32 %r8, s4; shl.b32 %r9, %r1, 2; add.u32 %r10, %r8, %r9;\n"
                  "  mov.u32 %r11, 0xdeadbeef;\n"
                  "  st.shared.v4.u32 [%r4], {%r11, %r11, %r11, %r11}; st.shared.v2.u32 [%r7], {%r11, %r11};\n"
                  "  st.shared.u32 [%r10], %r11;\n"
                  "  rem.u32 %r12, %r1, 17; rem.u32 %r13, %r1, 9; and.b32 %r14, %r1, 1;\n"
                  "  setp.ne.u32 %p1, %r14, 0;\n"
                  "  mul.wide.u32 %rd3, %r1, 16; add.s64 %rd4, %rd1, %rd3;\n"
                  "  cp.async.cg.shared.global.L2::128B [%r4], [%rd4], 16, %r12;\n"
                  "  mul.wide.u32 %rd5, %r1, 8; add.s64 %rd6, %rd1, %rd5;\n"
                  "  cp.async.ca.shared.global.L2::64B [%r7], [%rd6+1024], 8, %r13;\n"
                  "  mul.wide.u32 %rd7, %r1, 4; add.s64 %rd8, %rd1, %rd7;\n"
                  "  cp.async.ca.shared.global [%r10], [%rd8+2048], 4, %p1;\n"
                  "  cp.async.wait_all;\n"
                  "  ld.shared.v4.u32 {%r15, %r16, %r17, %r18}, [%r4];\n"
                  "  mul.wide.u32 %rd9, %r1, 32; add.s64 %rd10, %rd2, %rd9;\n"
                  "  st.global.v4.u32 [%rd10], {%r15, %r16, %r17, %r18};\n"
                  "  ld.shared.v2.u32 {%r15, %r16}, [%r7]; st.global.v2.u32 [%rd10+16], {%r15, %r16};\n"
                  "  ld.shared.u32 %r15, [%r10]; st.global.u32 [%rd10+24], %r15; ret; }\n";
    static uint8_t in[4096];
    static uint32_t out[34 * 8];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)next();
    tu_buf b[2] = {{in, sizeof in}, {out, sizeof out}};
    ps_launch_result res;
    char diag[1024];
    ps_status st = run(ptx, 34, b, 2, &res, diag, sizeof diag, NULL);
    if (st != PS_OK) fail_msg("%s%s", diag, res.fault.message);
    for (int t = 0; t < 34; t++) {
        uint8_t want[28];
        for (int k = 0; k < 16; k++) want[k] = k < t % 17 ? in[t * 16 + k] : 0;
        for (int k = 0; k < 8; k++) want[16 + k] = k < t % 9 ? in[1024 + t * 8 + k] : 0;
        for (int k = 0; k < 4; k++) want[24 + k] = (t & 1) ? 0 : in[2048 + t * 4 + k];
        assert_memory_equal(&out[t * 8], want, 28);
    }
}

/* Bad copies fault at the cp.async's line; bad forms are rejected before running. */
static void copy_errors(void **state) {
    (void)state;
    static const struct {
        const char *insn;
        ps_status st;
        const char *msg;
    } cases[] = {
        {"cp.async.ca.shared.global [%r4], [%rd1], 4, 5;", PS_ERR_FAULT, "src-size 5 exceeds cp-size 4"},
        {"cp.async.ca.shared.global [%r4], [%rd1+64], 4;", PS_ERR_FAULT, "past the end"},
        {"cp.async.ca.shared.global [%r4], [%rd1+2], 4;", PS_ERR_FAULT, "misaligned global read"},
        {"cp.async.ca.shared.global [%r4+2], [%rd1], 4;", PS_ERR_FAULT, "misaligned shared write"},
        {"cp.async.ca.shared.global [%r4+4096], [%rd1], 4;", PS_ERR_FAULT, "shared"},
        {"cp.async.cg.shared.global [%r4], [%rd1], 4;", PS_ERR_PARSE, "cp.async.cg copies 16 bytes"},
        {"cp.async.ca.shared.global [%r4], [%rd1], 2;", PS_ERR_PARSE, "cp-size must be the constant 4, 8 or 16"},
        {"cp.async.shared.global [%r4], [%rd1], 4;", PS_ERR_PARSE, "needs one of .ca and .cg"},
        {"mbarrier.init.shared.b64 [%r4], 0;", PS_ERR_FAULT, "mbarrier.init count 0 outside 1..1048575"},
        {"mbarrier.arrive.shared.b64 _, [%r4];", PS_ERR_FAULT, "only 0 arrivals are pending"},
        {"mbarrier.init.shared.b64 [%rd1], 1;", PS_ERR_FAULT, "out-of-bounds"},
        {"mbarrier.init.b64 [%rd1], 1;", PS_ERR_FAULT, "not in shared memory"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char ptx[2048], diag[2048];
        snprintf(ptx, sizeof ptx,
                 TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                           "  .reg .b32 %%r<8>; .reg .b64 %%rd<4>; .shared .align 16 .b8 sh[256];\n"
                           "  ld.param.u64 %%rd1, [p0]; mov.u32 %%r4, sh;\n"
                           "  %s\n"
                           "  cp.async.wait_all; ret; }\n",
                 cases[i].insn);
        static uint32_t buf[16];
        tu_buf b[1] = {{buf, sizeof buf}};
        ps_launch_result res;
        ps_status st = run(ptx, 1, b, 1, &res, diag, sizeof diag, NULL);
        const char *text = cases[i].st == PS_ERR_FAULT ? res.fault.message : diag;
        if (st == PS_OK || !strstr(text, cases[i].msg))
            fail_msg("'%s': status %d, expected '%s', got '%s'", cases[i].insn, st, cases[i].msg, text);
        if (cases[i].st == PS_ERR_FAULT) assert_int_equal(res.fault.ptx_line, 7);
        else assert_non_null(strstr(diag, "7:"));
    }
}

/* The sequence lab/mbarrier_state/mbar_probe.cu ran on an H200, by one thread: pending_count and
 * test_wait of each returned state and the parity tests must read as the GPU's did; then the
 * next phase completes with the count arrive_drop lowered. */
static void mbarrier_states_like_h200(void **state) {
    (void)state;
    const char *ptx = TU_HEADER
        ".visible .entry k(.param .u64 p0) {\n"
        "  .reg .b32 %r<30>; .reg .b64 %rd<12>; .reg .pred %p<12>;\n"
        "  .shared .align 8 .b64 bar;\n"
        "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, bar;\n"
        "  mbarrier.init.shared.b64 [%r1], 5;\n"
        "  mbarrier.arrive.shared.b64 %rd2, [%r1];\n"
        "  mbarrier.arrive.release.cta.shared::cta.b64 %rd3, [%r1], 3;\n"
        "  mbarrier.expect_tx.relaxed.cta.shared.b64 [%r1], 100;\n"
        "  mbarrier.complete_tx.shared.b64 [%r1], 40;\n"
        "  mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 0;\n" /* pending 1, tx 60: not yet */
        "  mbarrier.complete_tx.shared.b64 [%r1], 60;\n"
        "  mbarrier.arrive.release.cluster.shared::cta.b64 %rd4, [%r1];\n"
        "  mbarrier.arrive_drop.shared.b64 %rd5, [%r1];\n"
        "  mbarrier.pending_count.b64 %r2, %rd2; mbarrier.pending_count.b64 %r3, %rd3;\n"
        "  mbarrier.pending_count.b64 %r4, %rd4; mbarrier.pending_count.b64 %r5, %rd5;\n"
        "  mbarrier.test_wait.shared.b64 %p2, [%r1], %rd2; mbarrier.test_wait.shared.b64 %p3, [%r1], %rd3;\n"
        "  mbarrier.test_wait.shared.b64 %p4, [%r1], %rd4; mbarrier.test_wait.acquire.cta.shared.b64 %p5, [%r1], "
        "%rd5;\n"
        "  mbarrier.test_wait.parity.shared.b64 %p6, [%r1], 0; mbarrier.try_wait.parity.shared.b64 %p7, [%r1], 1;\n"
        "  mbarrier.arrive.shared.b64 %rd6, [%r1], 2;\n"
        "  mbarrier.try_wait.shared.b64 %p8, [%r1], %rd6, 1000;\n" /* 2 pending: not yet */
        "  mbarrier.arrive.expect_tx.shared.b64 %rd7, [%r1], 8;\n"
        "  mbarrier.arrive.shared.b64 %rd8, [%r1];\n" /* phase 1 waits for 8 bytes of tx */
        "  mbarrier.try_wait.parity.shared.b64 %p9, [%r1], 1;\n"
        "  mbarrier.complete_tx.shared.b64 [%r1], 8;\n"
        "  mbarrier.try_wait.parity.shared.b64 %p10, [%r1], 1;\n"
        "  mbarrier.pending_count.b64 %r6, %rd8;\n"
        "  mbarrier.inval.shared.b64 [%r1];\n"
        "  st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5};\n"
        "  selp.u32 %r10, 1, 0, %p1; selp.u32 %r11, 1, 0, %p2; selp.u32 %r12, 1, 0, %p3;\n"
        "  selp.u32 %r13, 1, 0, %p4; selp.u32 %r14, 1, 0, %p5; selp.u32 %r15, 1, 0, %p6;\n"
        "  selp.u32 %r16, 1, 0, %p7; selp.u32 %r17, 1, 0, %p8; selp.u32 %r18, 1, 0, %p9;\n"
        "  selp.u32 %r19, 1, 0, %p10;\n"
        "  st.global.v4.u32 [%rd1+16], {%r10, %r11, %r12, %r13};\n"
        "  st.global.v4.u32 [%rd1+32], {%r14, %r15, %r16, %r17};\n"
        "  st.global.v2.u32 [%rd1+48], {%r18, %r19}; st.global.u32 [%rd1+56], %r6;\n"
        "  shr.u64 %rd9, %rd5, 63; cvt.u32.u64 %r20, %rd9; st.global.u32 [%rd1+60], %r20; ret; }\n";
    static uint32_t out[16];
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run(ptx, 1, b, 1, &res, diag, sizeof diag, NULL), PS_OK);
    /* H200: pending_count 5, 4, 1, 5; test_wait 1, 1, 1, 0; parity 0 → 1, parity 1 → 0; the
     * arrive_drop state is of phase 1 (bit 63 set: 0xffffd80000000000) */
    const uint32_t want[16] = {5, 4, 1, 5, /* p1 */ 0, 1, 1, 1, 0, 1, 0, /* p8 */ 0, 0, 1, 1, 1};
    assert_memory_equal(out, want, sizeof want);
}

/* arrive_drop lowers the expected count of the next phases; with .expect_tx it also raises the
 * tx-count, which complete_tx must bring back to 0 before the phase can complete (ISA 9.7.13.15). */
static void mbarrier_arrive_drop_expect_tx(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .b32 %r<12>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n"
                  "  .shared .align 8 .b64 bar;\n"
                  "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, bar;\n"
                  "  mbarrier.init.shared.b64 [%r1], 3;\n"
                  "  mbarrier.arrive_drop.expect_tx.shared.b64 %rd2, [%r1], 4;\n" /* expected 2, pending 2, tx 4 */
                  "  mbarrier.arrive.shared.b64 %rd3, [%r1], 2;\n"                /* pending 0, tx 4 */
                  "  mbarrier.test_wait.parity.shared.b64 %p1, [%r1], 0;\n"       /* not yet */
                  "  mbarrier.complete_tx.shared.b64 [%r1], 4;\n"                 /* phase 0 completes */
                  "  mbarrier.test_wait.parity.shared.b64 %p2, [%r1], 0;\n"
                  "  mbarrier.arrive.shared.b64 %rd4, [%r1];\n" /* phase 1: 2 expected */
                  "  mbarrier.pending_count.b64 %r2, %rd2; mbarrier.pending_count.b64 %r3, %rd3;\n"
                  "  mbarrier.pending_count.b64 %r4, %rd4;\n"
                  "  selp.u32 %r5, 1, 0, %p1; selp.u32 %r6, 1, 0, %p2;\n"
                  "  st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5}; st.global.u32 [%rd1+16], %r6; ret; }\n";
    static uint32_t out[5];
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run(ptx, 1, b, 1, &res, diag, sizeof diag, NULL), PS_OK);
    const uint32_t want[5] = {3, 2, 2, 0, 1};
    assert_memory_equal(out, want, sizeof want);
}

/* Warps spinning on try_wait let the other warps run: warp 1 waits for data warp 0 produces
 * after a long loop, then warp 0 waits for warp 1's answer on a second barrier. */
static void spinning_warps_progress(void **state) {
    (void)state;
    const char *ptx = TU_HEADER
        ".visible .entry k(.param .u64 p0) {\n"
        "  .reg .b32 %r<20>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n"
        "  .shared .align 8 .b64 bar[2]; .shared .align 4 .b32 data[64];\n"
        "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, %tid.x; mov.u32 %r2, bar; mov.u32 %r3, data;\n"
        "  shl.b32 %r4, %r1, 2; add.u32 %r5, %r3, %r4;\n"
        "  setp.ne.u32 %p1, %r1, 0; @%p1 bra SKIP;\n"
        "  mbarrier.init.shared.b64 [%r2], 32; mbarrier.init.shared.b64 [%r2+8], 32;\n"
        "SKIP:\n"
        "  bar.sync 0;\n"
        "  setp.ge.u32 %p2, %r1, 32; @%p2 bra CONSUMER;\n"
        "  mov.u32 %r6, 0; mov.u32 %r7, 0;\n"
        "LOOP:\n"
        "  add.u32 %r7, %r7, %r6; add.u32 %r6, %r6, 1; setp.lt.u32 %p3, %r6, 2000; @%p3 bra LOOP;\n"
        "  add.u32 %r7, %r7, %r1; st.shared.u32 [%r5], %r7;\n"
        "  mbarrier.arrive.shared.b64 %rd2, [%r2];\n"
        "WAIT1:\n"
        "  mbarrier.try_wait.parity.shared.b64 %p3, [%r2+8], 0; @!%p3 bra WAIT1;\n"
        "  ld.shared.u32 %r8, [%r5+128]; bra.uni DONE;\n"
        "CONSUMER:\n"
        "  mbarrier.try_wait.parity.shared.b64 %p3, [%r2], 0; @!%p3 bra CONSUMER;\n"
        "  sub.u32 %r10, %r5, 128; ld.shared.u32 %r9, [%r10]; mul.lo.u32 %r8, %r9, 3; st.shared.u32 [%r5], %r8;\n"
        "  mbarrier.arrive.shared.b64 %rd2, [%r2+8];\n"
        "DONE:\n"
        "  mul.wide.u32 %rd3, %r1, 4; add.s64 %rd4, %rd1, %rd3; st.global.u32 [%rd4], %r8; ret; }\n";
    static uint32_t out[64];
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run(ptx, 64, b, 1, &res, diag, sizeof diag, NULL), PS_OK);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < 2000; i++) sum += i;
    for (int t = 0; t < 32; t++) {
        assert_int_equal(out[t], (sum + (uint32_t)t) * 3u);      /* warp 0 reads warp 1's answer */
        assert_int_equal(out[t + 32], (sum + (uint32_t)t) * 3u); /* warp 1's own */
    }
    /* a spinning warp yields at its first failed wait: far fewer instructions than the watchdog */
    assert_true(res.stats.warp_instructions < 200000);
}

/* A wait that can never succeed ends with a deadlock report, not a hang or the watchdog. */
static void never_completing_wait_is_a_deadlock(void **state) {
    (void)state;
    const char *ptx = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                "  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<4>;\n"
                                "  .shared .align 8 .b64 bar;\n"
                                "  mov.u32 %r1, %tid.x; mov.u32 %r2, bar;\n"
                                "  setp.ne.u32 %p1, %r1, 0; @%p1 bra SKIP; mbarrier.init.shared.b64 [%r2], 65; SKIP:\n"
                                "  bar.sync 0;\n"
                                "  mbarrier.arrive.shared.b64 %rd1, [%r2];\n"
                                "WAIT:\n"
                                "  mbarrier.test_wait.shared.b64 %p2, [%r2], %rd1; @!%p2 bra WAIT;\n"
                                "  ret; }\n";
    static uint32_t out[1];
    tu_buf b[1] = {{out, sizeof out}};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run(ptx, 64, b, 1, &res, diag, sizeof diag, NULL), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
    assert_int_equal(res.fault.ptx_line, 12);
    if (!strstr(res.fault.message, "phase 0 with 1 of 65 arrivals pending and tx-count 0"))
        fail_msg("%s", res.fault.message);
}

/* Observers see each copy issued (global read at the cp.async) and completed (shared write at
 * the wait), so a checker can flag reads of the destination in between. */
typedef struct {
    int issued, completed, loads, stores, load_events, store_events, issue_line, complete_line;
    uint64_t last_addr;
} seen_t;
static void on_async(void *ctx, const ps_event_where *at, int lane, uint64_t addr, unsigned size, bool complete) {
    seen_t *s = ctx;
    (void)lane;
    assert_int_equal(size, 8);
    if (complete) s->completed++, s->complete_line = at->insn->line;
    else s->issued++, s->issue_line = at->insn->line;
    s->last_addr = addr;
}
static void on_mem(void *ctx, const ps_mem_event *e) {
    seen_t *s = ctx;
    int lanes = __builtin_popcount(e->mask);
    if (e->at.insn->form == PS_F_CP_ASYNC && e->kind == PS_ACC_LOAD) s->loads += lanes, s->load_events++;
    if (e->at.insn->form == PS_F_CP_ASYNC_WAIT_ALL && e->kind == PS_ACC_STORE) s->stores += lanes, s->store_events++;
}

static void observer_sees_issue_and_completion(void **state) {
    (void)state;
    const char *ptx =
        TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                  "  .reg .b32 %r<8>; .reg .b64 %rd<4>; .shared .align 8 .b8 sh[512];\n"
                  "  ld.param.u64 %rd1, [p0]; mov.u32 %r1, %tid.x; mov.u32 %r2, sh;\n"
                  "  shl.b32 %r3, %r1, 3; add.u32 %r4, %r2, %r3; mul.wide.u32 %rd2, %r1, 8; add.s64 %rd3, %rd1, %rd2;\n"
                  "  cp.async.ca.shared.global [%r4], [%rd3], 8;\n"
                  "  cp.async.wait_all;\n"
                  "  ret; }\n";
    static uint32_t buf[64];
    tu_buf b[1] = {{buf, sizeof buf}};
    seen_t s = {0};
    ps_observer o = {.ctx = &s, .async_copy = on_async, .mem = on_mem};
    ps_launch_result res;
    char diag[1024];
    assert_int_equal(run(ptx, 32, b, 1, &res, diag, sizeof diag, &o), PS_OK);
    assert_int_equal(s.issued, 32);
    assert_int_equal(s.completed, 32);
    assert_int_equal(s.loads, 32);
    assert_int_equal(s.stores, 32);
    assert_int_equal(s.load_events, 1); /* one warp-wide access each, as for ld/st */
    assert_int_equal(s.store_events, 1);
    assert_int_equal(s.issue_line, 8);
    assert_int_equal(s.complete_line, 9);
    assert_int_equal(s.last_addr, 0x400 + 31 * 8); /* after the system's reserved 1 KiB (sm_80+) */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(groups_and_visibility),
        cmocka_unit_test(sizes_zero_fill_ignore_src),
        cmocka_unit_test(copy_errors),
        cmocka_unit_test(mbarrier_states_like_h200),
        cmocka_unit_test(mbarrier_arrive_drop_expect_tx),
        cmocka_unit_test(spinning_warps_progress),
        cmocka_unit_test(never_completing_wait_is_a_deadlock),
        cmocka_unit_test(observer_sees_issue_and_completion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
