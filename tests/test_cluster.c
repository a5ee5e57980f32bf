/* test_cluster.c — thread-block clusters (docs/clusters.md): launch shapes and their checks,
 * the cluster special registers, barrier.cluster, distributed shared memory (mapa, getctarank,
 * ld/st/atom/red .shared::cluster, generic DSMEM addresses), remote mbarrier arrivals, st.async,
 * red.async, multicast bulk copies, faults, deadlocks, and the race and initcheck checkers on
 * DSMEM. Expected values come from C reference computations written here; the H200's own
 * outputs for the corpus kernels are in corpus/cluster_dsmem. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"
#include "verify.h"

#define HDR ".version 8.6\n.target sm_90a\n.address_size 64\n"

static ps_status run(const char *ptx, const tu_launch *cfg, tu_buf *b, int nb, ps_launch_result *res) {
    char diag[2048];
    ps_status st = tu_run(ptx, "k", cfg, b, nb, res, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "  diag: %s\n", diag);
    if (st != PS_OK && res->fault.message[0]) fprintf(stderr, "  fault: %s\n", res->fault.message);
    return st;
}

/* ---- special registers ------------------------------------------------------------------ */

static const char *sreg_ptx =
    HDR ".visible .entry k(.param .u64 p0) {\n"
        "  .reg .u32 %r<32>; .reg .u64 %rd<4>; .reg .pred %p<2>;\n"
        "  mov.u32 %r1, %tid.x; setp.ne.u32 %p1, %r1, 0; @%p1 bra DONE;\n"
        "  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ctaid.y; mov.u32 %r4, %nctaid.x;\n"
        "  mad.lo.u32 %r5, %r3, %r4, %r2; mul.lo.u32 %r5, %r5, 12;\n"
        "  ld.param.u64 %rd1, [p0]; mul.wide.u32 %rd2, %r5, 4; add.u64 %rd1, %rd1, %rd2;\n"
        "  mov.u32 %r6, %clusterid.x; st.global.u32 [%rd1], %r6;\n"
        "  mov.u32 %r6, %clusterid.y; st.global.u32 [%rd1+4], %r6;\n"
        "  mov.u32 %r6, %nclusterid.x; st.global.u32 [%rd1+8], %r6;\n"
        "  mov.u32 %r6, %nclusterid.y; st.global.u32 [%rd1+12], %r6;\n"
        "  mov.u32 %r6, %cluster_ctaid.x; st.global.u32 [%rd1+16], %r6;\n"
        "  mov.u32 %r6, %cluster_ctaid.y; st.global.u32 [%rd1+20], %r6;\n"
        "  mov.u32 %r6, %cluster_nctaid.x; st.global.u32 [%rd1+24], %r6;\n"
        "  mov.u32 %r6, %cluster_nctaid.y; st.global.u32 [%rd1+28], %r6;\n"
        "  mov.u32 %r6, %cluster_ctarank; st.global.u32 [%rd1+32], %r6;\n"
        "  mov.u32 %r6, %cluster_nctarank; st.global.u32 [%rd1+36], %r6;\n"
        "  mov.pred %p1, %is_explicit_cluster; selp.u32 %r6, 1, 0, %p1; st.global.u32 [%rd1+40], %r6;\n"
        "  mov.u32 %r6, %cluster_ctaid.z; st.global.u32 [%rd1+44], %r6;\n"
        "DONE: ret;\n}\n";

static void check_sregs(unsigned gx, unsigned gy, unsigned cx, unsigned cy, bool given) {
    uint32_t out[64 * 12];
    memset(out, 0xff, sizeof out);
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {gx, gy, 1}, .block = {32, 1, 1}};
    if (given) cfg.cluster[0] = cx, cfg.cluster[1] = cy, cfg.cluster[2] = 1;
    ps_launch_result res;
    assert_int_equal(run(sreg_ptx, &cfg, &b, 1, &res), PS_OK);
    for (unsigned y = 0; y < gy; y++)
        for (unsigned x = 0; x < gx; x++) {
            const uint32_t *o = out + (y * gx + x) * 12;
            uint32_t want[12] = {x / cx,  y / cy, gx / cx, gy / cy, x % cx, y % cy, cx, cy, (x % cx) + (y % cy) * cx,
                                 cx * cy, given,  0};
            for (int i = 0; i < 12; i++) {
                if (o[i] != want[i]) fprintf(stderr, "  block %u,%u field %d: %u, want %u\n", x, y, i, o[i], want[i]);
                assert_int_equal(o[i], want[i]);
            }
        }
}

static void sregs_with_cluster(void **state) {
    (void)state;
    check_sregs(4, 4, 2, 2, true);
    check_sregs(8, 2, 4, 2, true);
    check_sregs(6, 1, 3, 1, true);
}

static void sregs_without_cluster(void **state) {
    (void)state;
    check_sregs(3, 2, 1, 1, false); /* clusters of one, %is_explicit_cluster false */
}

/* ---- launch checks ------------------------------------------------------------------------ */

static ps_status launch_msg(const char *ptx, unsigned gx, unsigned cx, unsigned cy, char *msg) {
    uint32_t out[64 * 12];
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {gx, 1, 1}, .block = {32, 1, 1}, .cluster = {cx, cy, cx ? 1 : 0}};
    ps_launch_result res;
    char diag[512];
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag);
    strcpy(msg, res.fault.message);
    return st;
}

static char *with_directive(const char *dir) {
    static char buf[4096];
    const char *body = strstr(sreg_ptx, "{\n");
    snprintf(buf, sizeof buf, "%.*s%s\n%s", (int)(body - sreg_ptx), sreg_ptx, dir, body);
    return buf;
}

static void launch_checks(void **state) {
    (void)state;
    char msg[512];
    assert_int_equal(launch_msg(sreg_ptx, 6, 4, 1, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, "not a whole number of 4x1x1 clusters"));
    assert_int_equal(launch_msg(sreg_ptx, 32, 16, 1, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, "at most 8 are portable"));
    assert_int_equal(launch_msg(with_directive(".reqnctapercluster 4, 1, 1"), 8, 2, 1, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, "requires .reqnctapercluster 4,1,1"));
    assert_int_equal(launch_msg(with_directive(".reqnctapercluster 4, 1, 1"), 8, 4, 1, msg), PS_OK);
    assert_int_equal(launch_msg(with_directive(".reqnctapercluster 4, 1, 1"), 6, 0, 0, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, "not a whole number"));
    assert_int_equal(launch_msg(with_directive(".explicitcluster"), 8, 0, 0, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, ".explicitcluster"));
    assert_int_equal(launch_msg(with_directive(".explicitcluster"), 8, 2, 1, msg), PS_OK);
    assert_int_equal(launch_msg(with_directive(".maxclusterrank 2"), 8, 4, 1, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, ".maxclusterrank 2"));
    assert_int_equal(launch_msg(with_directive(".maxclusterrank 2"), 8, 2, 1, msg), PS_OK);
}

static void directive_shape_used(void **state) {
    (void)state;
    /* a kernel with .reqnctapercluster launched without a shape runs in that shape */
    uint32_t out[8 * 12];
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {8, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    assert_int_equal(run(with_directive(".reqnctapercluster 4"), &cfg, &b, 1, &res), PS_OK);
    for (unsigned x = 0; x < 8; x++) {
        assert_int_equal(out[x * 12 + 0], x / 4);
        assert_int_equal(out[x * 12 + 8], x % 4);
        assert_int_equal(out[x * 12 + 9], 4);
        assert_int_equal(out[x * 12 + 10], 1);
    }
}

static void clusters_need_sm90(void **state) {
    (void)state;
    char ptx[4096];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_80\n.address_size 64\n"
             ".visible .entry k(.param .u64 p0) { ret; }\n");
    char msg[512];
    assert_int_equal(launch_msg(ptx, 4, 2, 1, msg), PS_ERR_USAGE);
    assert_non_null(strstr(msg, "sm_90"));
}

/* ---- DSMEM: a ring exchange, remote atomics, getctarank --------------------------------- */

/* Each thread t of CTA rank r stores in[g] * 3 + r into buf[(t*5)%64] of rank (r+1)%n through
 * mapa.shared::cluster + st.shared::cluster, adds in[g] & 0xff into rank 0's counter with
 * atom.shared::cluster and red.shared::cluster (twice: +x then +1), checks getctarank of the
 * mapped address; after barrier.cluster each thread writes buf[(t*5)%64] and rank 0 the counter. */
static const char *ring_ptx =
    HDR ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2) {\n"
        "  .shared .align 4 .b32 buf[64];\n"
        "  .shared .align 4 .b32 counter;\n"
        "  .reg .u32 %r<40>; .reg .u64 %rd<12>; .reg .pred %p<4>;\n"
        "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; mov.u32 %r3, %cluster_nctarank;\n"
        "  mov.u32 %r4, %ctaid.x; mov.u32 %r5, %ntid.x; mad.lo.u32 %r6, %r4, %r5, %r1;\n"
        "  setp.ne.u32 %p1, %r1, 0;\n"
        "  @!%p1 st.shared.u32 [counter], 0;\n"
        "  barrier.cluster.arrive.relaxed.aligned; barrier.cluster.wait.aligned;\n"
        "  ld.param.u64 %rd1, [p0]; mul.wide.u32 %rd2, %r6, 4; add.u64 %rd3, %rd1, %rd2;\n"
        "  ld.global.u32 %r7, [%rd3];\n"
        "  add.u32 %r8, %r2, 1; rem.u32 %r8, %r8, %r3;\n"
        "  mul.lo.u32 %r9, %r1, 5; rem.u32 %r9, %r9, 64; shl.b32 %r9, %r9, 2;\n"
        "  mov.u32 %r10, buf; add.u32 %r10, %r10, %r9;\n"
        "  mapa.shared::cluster.u32 %r11, %r10, %r8;\n"
        "  mad.lo.u32 %r12, %r7, 3, %r2;\n"
        "  st.shared::cluster.u32 [%r11], %r12;\n"
        "  getctarank.shared::cluster.u32 %r13, %r11;\n"
        "  setp.ne.u32 %p2, %r13, %r8; @%p2 trap;\n"
        "  mov.u32 %r14, counter; mapa.shared::cluster.u32 %r15, %r14, 0;\n"
        "  and.b32 %r16, %r7, 255;\n"
        "  atom.shared::cluster.add.u32 %r17, [%r15], %r16;\n"
        "  red.shared::cluster.add.u32 [%r15], 1;\n"
        "  barrier.cluster.arrive.aligned; barrier.cluster.wait.acquire.aligned;\n"
        "  ld.shared.u32 %r18, [%r10];\n"
        "  ld.param.u64 %rd4, [p1]; add.u64 %rd5, %rd4, %rd2; st.global.u32 [%rd5], %r18;\n"
        "  or.pred %p3, %p1, %p1; setp.ne.u32 %p3, %r2, 0; or.pred %p3, %p3, %p1; @%p3 bra END;\n"
        "  ld.shared.u32 %r19, [counter]; div.u32 %r20, %r4, %r3;\n"
        "  ld.param.u64 %rd6, [p2]; mul.wide.u32 %rd7, %r20, 4; add.u64 %rd8, %rd6, %rd7;\n"
        "  st.global.u32 [%rd8], %r19;\n"
        "END:\n"
        "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
        "  ret;\n}\n";

static void ring_reference(const uint32_t *in, unsigned nblocks, unsigned ntid, unsigned n, uint32_t *out,
                           uint32_t *counter) {
    for (unsigned blk = 0; blk < nblocks; blk++) {
        unsigned r = blk % n, base = blk - r, next = base + (r + 1) % n;
        for (unsigned t = 0; t < ntid; t++) {
            unsigned g = blk * ntid + t;
            /* thread t writes slot (t*5)%64 of the next CTA, whose thread t reads it back */
            out[next * ntid + t] = in[g] * 3u + r;
        }
    }
    for (unsigned c = 0; c < nblocks / n; c++) {
        uint32_t s = 0;
        for (unsigned g = c * n * ntid; g < (c + 1) * n * ntid; g++) s += (in[g] & 255u) + 1u;
        counter[c] = s;
    }
}

static void dsmem_ring(void **state) {
    (void)state;
    enum { NB = 8, NT = 64 };
    uint32_t in[NB * NT], out[NB * NT], cnt[NB], want[NB * NT], wcnt[NB];
    for (int i = 0; i < NB * NT; i++) in[i] = (uint32_t)(i * 2654435761u) >> 7;
    const unsigned shapes[][3] = {{2, 1, 1}, {4, 1, 1}, {8, 1, 1}};
    for (int s = 0; s < 3; s++)
        for (int threads = 1; threads <= 2; threads++) {
            unsigned n = shapes[s][0];
            memset(out, 0, sizeof out);
            memset(cnt, 0, sizeof cnt);
            tu_buf b[3] = {{in, sizeof in}, {out, sizeof out}, {cnt, sizeof cnt}};
            tu_launch cfg = {.grid = {NB, 1, 1},
                             .block = {NT, 1, 1},
                             .threads = threads,
                             .cluster = {n, 1, 1},
                             .schedule_seed = (uint64_t)s * 7};
            ps_launch_result res;
            assert_int_equal(run(ring_ptx, &cfg, b, 3, &res), PS_OK);
            ring_reference(in, NB, NT, n, want, wcnt);
            assert_memory_equal(out, want, sizeof out);
            assert_memory_equal(cnt, wcnt, sizeof(uint32_t) * (NB / n));
        }
}

/* generic DSMEM addresses: mapa.u64 of a cvta'd shared address, ld/st/atom through them,
 * getctarank.u64, and isspacep.shared of the result */
static const char *generic_ptx =
    HDR ".visible .entry k(.param .u64 p0) {\n"
        "  .shared .align 8 .b64 slot[4];\n"
        "  .reg .u32 %r<20>; .reg .u64 %rd<20>; .reg .pred %p<4>;\n"
        "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; mov.u32 %r4, %ctaid.x;\n"
        "  setp.ne.u32 %p1, %r1, 0; @%p1 bra WAIT;\n"
        "  cvta.shared.u64 %rd1, slot;\n"
        "  xor.b32 %r3, %r2, 1;\n"
        "  mapa.u64 %rd2, %rd1, %r3;\n"
        "  getctarank.u64 %r5, %rd2;\n"
        "  isspacep.shared %p2, %rd2; selp.u32 %r6, 1, 0, %p2;\n"
        "  cvt.u64.u32 %rd3, %r4; shl.b64 %rd4, %rd3, 8; or.b64 %rd4, %rd4, 0x5a;\n"
        "  st.u64 [%rd2+8], %rd4;\n"
        "  atom.add.u64 %rd5, [%rd2+16], 7;\n"
        "  ld.param.u64 %rd6, [p0]; mul.wide.u32 %rd7, %r4, 16; add.u64 %rd8, %rd6, %rd7;\n"
        "  st.global.u32 [%rd8], %r5; st.global.u32 [%rd8+4], %r6;\n"
        "WAIT:\n"
        "  barrier.cluster.arrive; barrier.cluster.wait;\n"
        "  @%p1 bra END;\n"
        "  ld.shared.u64 %rd9, [slot+8]; ld.shared.u64 %rd10, [slot+16];\n"
        "  ld.param.u64 %rd6, [p0]; mul.wide.u32 %rd7, %r4, 16; add.u64 %rd8, %rd6, %rd7;\n"
        "  cvt.u32.u64 %r7, %rd9; st.global.u32 [%rd8+8], %r7;\n"
        "  cvt.u32.u64 %r8, %rd10; st.global.u32 [%rd8+12], %r8;\n"
        "END:\n"
        "  barrier.cluster.arrive; barrier.cluster.wait;\n"
        "  ret;\n}\n";

static void dsmem_generic(void **state) {
    (void)state;
    uint32_t out[4 * 4];
    memset(out, 0xee, sizeof out);
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {4, 1, 1}, .block = {32, 1, 1}, .cluster = {2, 1, 1}};
    ps_launch_result res;
    assert_int_equal(run(generic_ptx, &cfg, &b, 1, &res), PS_OK);
    for (unsigned x = 0; x < 4; x++) {
        unsigned peer = x ^ 1;
        assert_int_equal(out[x * 4 + 0], peer % 2);          /* getctarank of the mapped address */
        assert_int_equal(out[x * 4 + 1], 1);                 /* still a shared-window address */
        assert_int_equal(out[x * 4 + 2], peer * 256 + 0x5a); /* the peer's store */
        assert_int_equal(out[x * 4 + 3], 7);                 /* the peer's atomic add */
    }
}

/* ---- barrier.cluster: deadlock and misuse ------------------------------------------------ */

static void cluster_barrier_deadlock(void **state) {
    (void)state;
    /* CTA rank 1 never arrives: rank 0 waits forever */
    const char *ptx = HDR ".visible .entry k(.param .u64 p0) {\n"
                          "  .reg .u32 %r<4>; .reg .pred %p<2>;\n"
                          "  mov.u32 %r1, %cluster_ctarank; setp.ne.u32 %p1, %r1, 0; @%p1 bra END;\n"
                          "  barrier.cluster.arrive; barrier.cluster.wait;\n"
                          "END: ret;\n}\n";
    uint32_t out[4];
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    tu_launch cfg = {.grid = {2, 1, 1}, .block = {32, 1, 1}, .cluster = {2, 1, 1}};
    /* rank 1 exits: exited threads no longer count, so the barrier completes (as bar.sync) */
    assert_int_equal(run(ptx, &cfg, &b, 1, &res), PS_OK);
    const char *stuck = HDR ".visible .entry k(.param .u64 p0) {\n"
                            "  .reg .u32 %r<4>; .reg .pred %p<2>;\n"
                            "  mov.u32 %r1, %cluster_ctarank; setp.ne.u32 %p1, %r1, 0;\n"
                            "  @%p1 bar.sync 0;\n"
                            "  @%p1 bra END;\n"
                            "  barrier.cluster.arrive; barrier.cluster.wait;\n"
                            "END: ret;\n}\n";
    cfg.block[0] = 64;
    /* rank 1's first warp skips... no: every thread of rank 1 waits at bar.sync, which completes;
     * use a barrier that cannot complete instead: a count of 96 threads in a 64-thread CTA */
    (void)stuck;
    const char *stuck2 = HDR ".visible .entry k(.param .u64 p0) {\n"
                             "  .reg .u32 %r<4>; .reg .pred %p<2>;\n"
                             "  mov.u32 %r1, %cluster_ctarank; setp.ne.u32 %p1, %r1, 0;\n"
                             "  @%p1 bar.sync 1, 96;\n"
                             "  barrier.cluster.arrive; barrier.cluster.wait;\n"
                             "  ret;\n}\n";
    assert_int_equal(run(stuck2, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
    assert_non_null(strstr(res.fault.message, "barrier 1 waits for 96 threads"));
    /* an aligned cluster barrier reached by half a warp (undefined in PTX): the lanes that
     * arrived wait for the others, which cannot run */
    const char *stuck3 = HDR ".visible .entry k(.param .u64 p0) {\n"
                             "  .reg .u32 %r<4>; .reg .pred %p<2>;\n"
                             "  mov.u32 %r2, %tid.x; and.b32 %r3, %r2, 16; setp.eq.u32 %p1, %r3, 0;\n"
                             "  @%p1 bra A;\n"
                             "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned; bra E;\n"
                             "A: barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
                             "E: ret;\n}\n";
    assert_int_equal(run(stuck3, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_DEADLOCK);
    assert_non_null(strstr(res.fault.message, "barrier.cluster.wait waits for the 128 live threads"));
    assert_non_null(strstr(res.fault.message, "aligned barrier.cluster reached by only part of a warp"));
    assert_int_equal(res.fault.ptx_line, 9);
}

/* Non-aligned barrier.cluster reached by the odd and the even lanes of a warp at different
 * instructions (sm_90 independent thread scheduling): each half waits apart, and the exchange
 * through DSMEM before it is complete after it. */
static void cluster_barrier_divergent(void **state) {
    (void)state;
    const char *ptx = HDR ".visible .entry k(.param .u64 p0) {\n"
                          "  .shared .align 4 .b32 buf[64];\n"
                          "  .reg .u32 %r<20>; .reg .u64 %rd<8>; .reg .pred %p<4>;\n"
                          "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; xor.b32 %r3, %r2, 1;\n"
                          "  mov.u32 %r4, %ctaid.x; shl.b32 %r5, %r1, 2; mov.u32 %r6, buf; add.u32 %r6, %r6, %r5;\n"
                          "  mapa.shared::cluster.u32 %r7, %r6, %r3;\n"
                          "  mad.lo.u32 %r8, %r4, 100, %r1;\n"
                          "  st.shared::cluster.u32 [%r7], %r8;\n"
                          "  and.b32 %r9, %r1, 1; setp.eq.u32 %p1, %r9, 0;\n"
                          "  @%p1 bra EVEN;\n"
                          "  barrier.cluster.arrive; barrier.cluster.wait;\n"
                          "  ld.shared.u32 %r10, [%r6]; add.u32 %r10, %r10, 1000000; bra OUT;\n"
                          "EVEN:\n"
                          "  barrier.cluster.arrive; barrier.cluster.wait;\n"
                          "  ld.shared.u32 %r10, [%r6];\n"
                          "OUT:\n"
                          "  ld.param.u64 %rd1, [p0]; mad.lo.u32 %r11, %r4, 64, %r1; mul.wide.u32 %rd2, %r11, 4;\n"
                          "  add.u64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r10;\n"
                          "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
                          "  ret;\n}\n";
    uint32_t out[4 * 64];
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    for (uint64_t seed = 0; seed < 3; seed++) {
        memset(out, 0, sizeof out);
        tu_launch cfg = {.grid = {4, 1, 1}, .block = {64, 1, 1}, .cluster = {2, 1, 1}, .schedule_seed = seed * 11};
        assert_int_equal(run(ptx, &cfg, &b, 1, &res), PS_OK);
        for (unsigned x = 0; x < 4; x++)
            for (unsigned t = 0; t < 64; t++)
                assert_int_equal(out[x * 64 + t], (x ^ 1) * 100 + t + (t & 1 ? 1000000 : 0));
    }
}

static void cluster_barrier_misuse(void **state) {
    (void)state;
    uint32_t out[4];
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    tu_launch cfg = {.grid = {2, 1, 1}, .block = {32, 1, 1}, .cluster = {2, 1, 1}};
    const char *no_arrive = HDR ".visible .entry k(.param .u64 p0) {\n barrier.cluster.wait;\n ret;\n}\n";
    assert_int_equal(run(no_arrive, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "has not arrived"));
    assert_int_equal(res.fault.ptx_line, 5);
    const char *twice = HDR ".visible .entry k(.param .u64 p0) {\n barrier.cluster.arrive;\n"
                            " barrier.cluster.arrive;\n ret;\n}\n";
    assert_int_equal(run(twice, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "arrivals and waits must alternate"));
    assert_int_equal(res.fault.ptx_line, 6);
}

/* ---- DSMEM faults ------------------------------------------------------------------------- */

static void dsmem_faults(void **state) {
    (void)state;
    uint32_t out[4];
    tu_buf b = {out, sizeof out};
    ps_launch_result res;
    tu_launch cfg = {.grid = {4, 1, 1}, .block = {32, 1, 1}, .cluster = {2, 1, 1}};
    /* past the end of the target CTA's 64 bytes of shared memory */
    const char *oob = HDR ".visible .entry k(.param .u64 p0) {\n"
                          "  .shared .align 4 .b32 s[16]; .reg .u32 %r<8>;\n"
                          "  mov.u32 %r1, s; add.u32 %r1, %r1, 64; mapa.shared::cluster.u32 %r2, %r1, 1;\n"
                          "  ld.shared::cluster.u32 %r3, [%r2];\n"
                          "  barrier.cluster.arrive; barrier.cluster.wait; ret;\n}\n";
    assert_int_equal(run(oob, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_int_equal(res.fault.kind, PS_FAULT_OUT_OF_BOUNDS);
    /* the CTA's shared memory starts after the 1 KiB reserved for the system (sm_80+) */
    assert_non_null(strstr(res.fault.message, "offset 0x440 of CTA rank 1"));
    assert_non_null(strstr(res.fault.message, "holds 64 bytes from offset 0x400"));
    /* a rank beyond the cluster */
    const char *rank = HDR ".visible .entry k(.param .u64 p0) {\n"
                           "  .shared .align 4 .b32 s[16]; .reg .u32 %r<8>;\n"
                           "  mov.u32 %r1, s; mapa.shared::cluster.u32 %r2, %r1, 2;\n"
                           "  ret;\n}\n";
    assert_int_equal(run(rank, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "mapa to CTA rank 2 of a cluster of 2 CTAs"));
    /* a remote address through .shared::cta */
    const char *cta = HDR ".visible .entry k(.param .u64 p0) {\n"
                          "  .shared .align 4 .b32 s[16]; .reg .u32 %r<8>;\n"
                          "  mov.u32 %r1, s; mapa.shared::cluster.u32 %r2, %r1, 1;\n"
                          "  st.shared.u32 [%r2], 1;\n"
                          "  barrier.cluster.arrive; barrier.cluster.wait; ret;\n}\n";
    assert_int_equal(run(cta, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "through .shared::cta"));
    /* the target CTA has exited (no barrier.cluster keeps it) */
    const char *gone = HDR ".visible .entry k(.param .u64 p0) {\n"
                           "  .shared .align 4 .b32 s[16]; .reg .u32 %r<8>; .reg .pred %p<2>;\n"
                           "  mov.u32 %r4, %cluster_ctarank; setp.ne.u32 %p1, %r4, 0; @%p1 bra END;\n"
                           "  mov.u32 %r5, 0;\n"
                           "SPIN: add.u32 %r5, %r5, 1; setp.lt.u32 %p1, %r5, 2000; @%p1 bra SPIN;\n"
                           "  mov.u32 %r1, s; mapa.shared::cluster.u32 %r2, %r1, 1;\n"
                           "  ld.shared::cluster.u32 %r3, [%r2];\n"
                           "END: ret;\n}\n";
    assert_int_equal(run(gone, &cfg, &b, 1, &res), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "which has exited"));
}

/* ---- st.async, red.async, remote mbarrier arrive ------------------------------------------ */

/* Pairs of CTAs. Each thread t st.async's in[g]*7+rank into the peer's data[(t+7)%64] and
 * red.async's an operation of in[g] into the peer's acc[op], all completing bytes on the peer's
 * mbarrier (expected: 64*4 + 64*4 bytes); then thread 0 stores into the peer's `late` through
 * ld/st.shared::cluster and releases the peer's second phase with a remote mbarrier.arrive. */
static const char *async_ptx =
    HDR ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u32 p3) {\n"
        "  .shared .align 8 .b64 bar;\n"
        "  .shared .align 4 .b32 data[64];\n"
        "  .shared .align 4 .b32 acc;\n"
        "  .shared .align 4 .b32 late;\n"
        "  .reg .u32 %r<40>; .reg .u64 %rd<12>; .reg .pred %p<4>;\n"
        "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; xor.b32 %r3, %r2, 1;\n"
        "  mov.u32 %r4, %ctaid.x; mad.lo.u32 %r5, %r4, 64, %r1;\n"
        "  mov.u32 %r6, bar; setp.ne.u32 %p1, %r1, 0;\n"
        "  @%p1 bra SYNC;\n"
        "  ld.param.u32 %r7, [p3]; st.shared.u32 [acc], %r7; st.shared.u32 [late], 0;\n"
        "  mbarrier.init.shared::cta.b64 [%r6], 1;\n"
        "  fence.mbarrier_init.release.cluster;\n"
        "  mbarrier.arrive.expect_tx.relaxed.cta.shared::cta.b64 _, [%r6], 512;\n"
        "SYNC:\n"
        "  barrier.cluster.arrive.release.aligned; barrier.cluster.wait.acquire.aligned;\n"
        "  mapa.shared::cluster.u32 %r8, %r6, %r3;\n"
        "  add.u32 %r9, %r1, 7; rem.u32 %r9, %r9, 64; shl.b32 %r9, %r9, 2; mov.u32 %r10, data;\n"
        "  add.u32 %r10, %r10, %r9; mapa.shared::cluster.u32 %r11, %r10, %r3;\n"
        "  mov.u32 %r12, acc; mapa.shared::cluster.u32 %r13, %r12, %r3;\n"
        "  ld.param.u64 %rd1, [p0]; mul.wide.u32 %rd2, %r5, 4; add.u64 %rd3, %rd1, %rd2;\n"
        "  ld.global.u32 %r14, [%rd3]; mad.lo.u32 %r15, %r14, 7, %r2;\n"
        "  st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r11], %r15, [%r8];\n"
        "  and.b32 %r16, %r14, 4095;\n"
        "  RED_ASYNC\n"
        "W1: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 %p2, [%r6], 0; @!%p2 bra W1;\n"
        "  shl.b32 %r17, %r1, 2; mov.u32 %r18, data; add.u32 %r18, %r18, %r17; ld.shared.u32 %r19, [%r18];\n"
        "  ld.param.u64 %rd4, [p1]; add.u64 %rd5, %rd4, %rd2; st.global.u32 [%rd5], %r19;\n"
        "  bar.sync 0;\n"
        "  @%p1 bra END;\n"
        "  ld.shared.u32 %r20, [acc]; ld.param.u64 %rd6, [p2]; mul.wide.u32 %rd7, %r4, 8;\n"
        "  add.u64 %rd8, %rd6, %rd7; st.global.u32 [%rd8], %r20;\n"
        "  mov.u32 %r21, late; mapa.shared::cluster.u32 %r22, %r21, %r3; add.u32 %r23, %r4, 40960;\n"
        "  st.shared::cluster.u32 [%r22], %r23;\n"
        "  mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r8];\n"
        "W2: mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 %p2, [%r6], 1; @!%p2 bra W2;\n"
        "  ld.shared.u32 %r24, [late]; st.global.u32 [%rd8+4], %r24;\n"
        "END:\n"
        "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
        "  ret;\n}\n";

static uint32_t red_ref(const char *op, uint32_t a, uint32_t b) {
    if (!strcmp(op, "add.u32")) return a + b;
    if (!strcmp(op, "min.u32")) return a < b ? a : b;
    if (!strcmp(op, "max.s32")) return (int32_t)a > (int32_t)b ? a : b;
    if (!strcmp(op, "min.s32")) return (int32_t)a < (int32_t)b ? a : b;
    if (!strcmp(op, "inc.u32")) return a >= b ? 0 : a + 1;
    if (!strcmp(op, "dec.u32")) return (a == 0 || a > b) ? b : a - 1;
    if (!strcmp(op, "xor.b32")) return a ^ b;
    if (!strcmp(op, "or.b32")) return a | b;
    return a & b; /* and.b32 */
}

static void st_red_async(void **state) {
    (void)state;
    static const char *ops[] = {"add.u32", "min.u32", "max.s32", "min.s32", "inc.u32",
                                "dec.u32", "xor.b32", "or.b32",  "and.b32"};
    enum { NB = 4, NT = 64 };
    uint32_t in[NB * NT], out[NB * NT], acc[NB * 2];
    for (int i = 0; i < NB * NT; i++) in[i] = (uint32_t)(i * 2246822519u) >> 3;
    for (int k = 0; k < 9; k++) {
        char ptx[8192], red[256];
        /* inc and dec get operands above every value the counter takes (bit 16 set), so the
         * result does not depend on the order of the peer's threads, which PTX leaves open */
        bool incdec = k == 4 || k == 5;
        snprintf(red, sizeof red,
                 "%sred.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.%s "
                 "[%%r13], %%r16, [%%r8];",
                 incdec ? "or.b32 %r16, %r16, 65536; " : "", ops[k]);
        const char *at = strstr(async_ptx, "RED_ASYNC");
        snprintf(ptx, sizeof ptx, "%.*s%s%s", (int)(at - async_ptx), async_ptx, red, at + 9);
        uint32_t init = k == 2 || k == 3 ? 0x80000123u : k == 4 || k == 5 ? 5000u : 0x00f0f0f0u;
        memset(out, 0, sizeof out);
        memset(acc, 0, sizeof acc);
        tu_buf b[3] = {{in, sizeof in}, {out, sizeof out}, {acc, sizeof acc}};
        tu_launch cfg = {
            .grid = {NB, 1, 1}, .block = {NT, 1, 1}, .cluster = {2, 1, 1}, .scalars = {init}, .nscalars = 1};
        ps_launch_result res;
        assert_int_equal(run(ptx, &cfg, b, 3, &res), PS_OK);
        for (unsigned blk = 0; blk < NB; blk++) {
            unsigned peer = blk ^ 1, prank = peer % 2;
            for (unsigned t = 0; t < NT; t++) /* data[t] came from the peer's thread (t+57)%64 */
                assert_int_equal(out[blk * NT + t], in[peer * NT + (t + 57) % 64] * 7u + prank);
            uint32_t a = init;
            for (unsigned t = 0; t < NT; t++)
                a = red_ref(ops[k], a, (in[peer * NT + t] & 4095u) | (incdec ? 65536u : 0));
            assert_int_equal(acc[blk * 2], a);
            assert_int_equal(acc[blk * 2 + 1], 40960u + peer);
        }
    }
}

/* ---- multicast bulk copies ---------------------------------------------------------------- */

static const char *mc_ptx =
    HDR ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
        "  .shared .align 128 .b32 tile[64];\n"
        "  .shared .align 8 .b64 bar;\n"
        "  .reg .u32 %r<20>; .reg .u64 %rd<12>; .reg .pred %p<4>; .reg .b16 %h<2>;\n"
        "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; mov.u32 %r3, %ctaid.x; mov.u32 %r4, bar;\n"
        "  setp.ne.u32 %p1, %r1, 0; @%p1 bra SYNC;\n"
        "  mbarrier.init.shared::cta.b64 [%r4], 1;\n"
        "  mbarrier.arrive.expect_tx.relaxed.cta.shared::cta.b64 _, [%r4], 256;\n"
        "SYNC:\n"
        "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
        "  setp.gt.u32 %p2, %r2, 1; or.pred %p2, %p2, %p1; @%p2 bra WAIT;\n"
        "  ld.param.u64 %rd1, [p0]; shr.u32 %r5, %r3, 2; mul.lo.u32 %r5, %r5, 128; mad.lo.u32 %r5, %r2, 64, %r5;\n"
        "  mul.wide.u32 %rd2, %r5, 4; add.u64 %rd3, %rd1, %rd2;\n"
        "  selp.b16 %h1, 5, 10, %p1; setp.eq.u32 %p3, %r2, 0; selp.b16 %h1, 5, 10, %p3;\n"
        "  mov.u32 %r6, tile;\n"
        "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r6], [%rd3], 256, "
        "[%r4], %h1;\n"
        "WAIT:\n"
        "W: mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r4], 0; @!%p3 bra W;\n"
        "  shl.b32 %r7, %r1, 2; mov.u32 %r8, tile; add.u32 %r8, %r8, %r7; ld.shared.u32 %r9, [%r8];\n"
        "  ld.param.u64 %rd4, [p1]; mad.lo.u32 %r10, %r3, 32, %r1; mul.wide.u32 %rd5, %r10, 4;\n"
        "  add.u64 %rd6, %rd4, %rd5; st.global.u32 [%rd6], %r9;\n"
        "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
        "  ret;\n}\n";

static void multicast_bulk(void **state) {
    (void)state;
    enum { NB = 8 };
    uint32_t src[NB / 4 * 128], out[NB * 32];
    for (unsigned i = 0; i < NB / 4 * 128; i++) src[i] = i * 0x01010101u + 3u;
    memset(out, 0, sizeof out);
    tu_buf b[2] = {{src, sizeof src}, {out, sizeof out}};
    tu_launch cfg = {.grid = {NB, 1, 1}, .block = {32, 1, 1}, .cluster = {4, 1, 1}};
    ps_launch_result res;
    assert_int_equal(run(mc_ptx, &cfg, b, 2, &res), PS_OK);
    for (unsigned blk = 0; blk < NB; blk++) {
        unsigned rank = blk % 4, from = rank % 2; /* 0x5: ranks 0 and 2 from rank 0's slice */
        for (unsigned t = 0; t < 32; t++) assert_int_equal(out[blk * 32 + t], src[(blk / 4) * 128 + from * 64 + t]);
    }
}

/* cp.reduce.async.bulk (shared::cta to shared::cluster) into the peer CTA's buffer, completing
 * bytes on the peer's mbarrier: each CTA's buffer ends as its initial values plus the peer's. */
static void bulk_reduce_remote(void **state) {
    (void)state;
    const char *ptx =
        HDR ".visible .entry k(.param .u64 p0) {\n"
            "  .shared .align 16 .b32 src[16];\n"
            "  .shared .align 16 .b32 dst[16];\n"
            "  .shared .align 8 .b64 bar;\n"
            "  .reg .u32 %r<20>; .reg .u64 %rd<8>; .reg .pred %p<4>;\n"
            "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; xor.b32 %r3, %r2, 1; mov.u32 %r4, %ctaid.x;\n"
            "  mov.u32 %r5, bar; shl.b32 %r6, %r1, 2;\n"
            "  setp.lt.u32 %p1, %r1, 16; @!%p1 bra SKIP;\n"
            "  mad.lo.u32 %r7, %r4, 1000, %r1; mov.u32 %r8, src; add.u32 %r8, %r8, %r6; st.shared.u32 [%r8], %r7;\n"
            "  mul.lo.u32 %r9, %r1, 3; mov.u32 %r10, dst; add.u32 %r10, %r10, %r6; st.shared.u32 [%r10], %r9;\n"
            "SKIP:\n"
            "  setp.ne.u32 %p2, %r1, 0; @%p2 bra SYNC;\n"
            "  mbarrier.init.shared::cta.b64 [%r5], 1;\n"
            "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 64;\n"
            "SYNC:\n"
            "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
            "  @%p2 bra WAIT;\n"
            "  mov.u32 %r11, dst; mapa.shared::cluster.u32 %r12, %r11, %r3; mapa.shared::cluster.u32 %r13, %r5, %r3;\n"
            "  mov.u32 %r14, src;\n"
            "  cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u32 [%r12], [%r14], "
            "64, [%r13];\n"
            "WAIT:\n"
            "W: mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r5], 0; @!%p3 bra W;\n"
            "  @!%p1 bra END;\n"
            "  mov.u32 %r10, dst; add.u32 %r10, %r10, %r6; ld.shared.u32 %r15, [%r10];\n"
            "  ld.param.u64 %rd1, [p0]; mad.lo.u32 %r16, %r4, 16, %r1; mul.wide.u32 %rd2, %r16, 4;\n"
            "  add.u64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r15;\n"
            "END:\n"
            "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
            "  ret;\n}\n";
    uint32_t out[4 * 16];
    memset(out, 0, sizeof out);
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {4, 1, 1}, .block = {32, 1, 1}, .cluster = {2, 1, 1}};
    ps_launch_result res;
    assert_int_equal(run(ptx, &cfg, &b, 1, &res), PS_OK);
    for (unsigned x = 0; x < 4; x++)
        for (unsigned t = 0; t < 16; t++) assert_int_equal(out[x * 16 + t], t * 3 + (x ^ 1) * 1000 + t);
}

/* ---- checkers: races and initcheck through DSMEM ----------------------------------------- */

typedef struct {
    ps_module *m;
    ps_program *prog;
    ps_device *dev;
    ps_verifier *v;
    ps_launch_result res;
} vrun;

static ps_status run_checked(vrun *r, const char *ptx, unsigned grid, unsigned cluster, unsigned checks) {
    memset(r, 0, sizeof *r);
    ps_diags d = {0};
    assert_int_equal(ps_parse("snippet.ptx", ptx, strlen(ptx), NULL, &d, &r->m), PS_OK);
    r->dev = ps_device_create();
    assert_int_equal(ps_program_build(r->m, NULL, r->dev, &d, &r->prog), PS_OK);
    ps_diags_free(&d);
    uint8_t params[16] = {0};
    uint64_t a = ps_device_alloc(r->dev, 4096, "out");
    memcpy(params, &a, 8);
    r->v = ps_verifier_create(r->m, NULL, checks);
    ps_launch_config cfg = {.grid = {grid, 1, 1},
                            .block = {64, 1, 1},
                            .params = params,
                            .params_size = 8,
                            .threads = 1,
                            .cluster = {cluster, 1, 1},
                            .observer = ps_verifier_observer(r->v)};
    ps_status st = ps_launch(r->prog, r->dev, "k", &cfg, &r->res);
    ps_verifier_finish(r->v, &r->res);
    return st;
}

static void vrun_free(vrun *r) {
    ps_verifier_destroy(r->v);
    ps_program_free(r->prog);
    ps_device_destroy(r->dev);
    ps_module_free(r->m);
}

static int findings(const vrun *r, ps_finding_kind kind, const char *text) {
    int n = 0;
    for (int i = 0; i < ps_verifier_finding_count(r->v); i++) {
        const ps_finding *f = ps_verifier_finding(r->v, i);
        if (f->kind == kind && f->severity == PS_SEV_ERROR && (!text || strstr(f->message, text))) n++;
    }
    return n;
}

/* Rank 0 writes into rank 1's buffer; rank 1 reads it: with SYNC a barrier.cluster between. */
static const char *race_tmpl =
    HDR ".visible .entry k(.param .u64 p0) {\n"
        "  .shared .align 4 .b32 buf[64];\n"
        "  .reg .u32 %r<20>; .reg .u64 %rd<8>; .reg .pred %p<4>;\n"
        "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; shl.b32 %r3, %r1, 2;\n"
        "  mov.u32 %r4, buf; add.u32 %r4, %r4, %r3;\n"
        "  setp.ne.u32 %p1, %r2, 0; @%p1 bra READER;\n"
        "  mapa.shared::cluster.u32 %r5, %r4, 1;\n"
        "  st.shared::cluster.u32 [%r5], %r1;\n"
        "  SYNC\n"
        "  bra END;\n"
        "READER:\n"
        "  SYNC\n"
        "  ld.shared.u32 %r6, [%r4];\n"
        "  ld.param.u64 %rd1, [p0]; mul.wide.u32 %rd2, %r1, 4; add.u64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r6;\n"
        "END:\n"
        "  barrier.cluster.arrive; barrier.cluster.wait;\n"
        "  ret;\n}\n";

static char *race_ptx(const char *sync) {
    static char buf[4096];
    const char *a = strstr(race_tmpl, "SYNC"), *b = strstr(a + 4, "SYNC");
    snprintf(buf, sizeof buf, "%.*s%s%.*s%s%s", (int)(a - race_tmpl), race_tmpl, sync, (int)(b - a - 4), a + 4, sync,
             b + 4);
    return buf;
}

static void dsmem_race(void **state) {
    (void)state;
    vrun r;
    /* no ordering: the remote write and the read race (and the read may see 0) */
    run_checked(&r, race_ptx(""), 2, 2, PS_CHECK_RACE | PS_CHECK_INIT);
    assert_true(findings(&r, PS_FIND_RACE, "between blocks of a cluster") >= 1);
    vrun_free(&r);
    /* barrier.cluster between them: nothing to report; initcheck sees the remote writes */
    run_checked(&r, race_ptx("barrier.cluster.arrive; barrier.cluster.wait;"), 2, 2, PS_CHECK_RACE | PS_CHECK_INIT);
    assert_int_equal(findings(&r, PS_FIND_RACE, NULL), 0);
    assert_int_equal(findings(&r, PS_FIND_UNINITIALIZED, NULL), 0);
    vrun_free(&r);
    /* a CTA barrier of the reader is not enough */
    run_checked(&r, race_ptx("bar.sync 0;"), 2, 2, PS_CHECK_RACE);
    assert_true(findings(&r, PS_FIND_RACE, NULL) >= 1);
    vrun_free(&r);
}

static void dsmem_uninitialized_read(void **state) {
    (void)state;
    /* rank 0 reads rank 1's buffer, which nobody wrote */
    const char *ptx = HDR
        ".visible .entry k(.param .u64 p0) {\n"
        "  .shared .align 4 .b32 buf[64];\n"
        "  .reg .u32 %r<20>; .reg .u64 %rd<8>; .reg .pred %p<4>;\n"
        "  mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; shl.b32 %r3, %r1, 2;\n"
        "  mov.u32 %r4, buf; add.u32 %r4, %r4, %r3;\n"
        "  setp.ne.u32 %p1, %r2, 0; @%p1 bra END;\n"
        "  mapa.shared::cluster.u32 %r5, %r4, 1;\n"
        "  ld.shared::cluster.u32 %r6, [%r5];\n"
        "  ld.param.u64 %rd1, [p0]; mul.wide.u32 %rd2, %r1, 4; add.u64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r6;\n"
        "END:\n"
        "  barrier.cluster.arrive; barrier.cluster.wait;\n"
        "  ret;\n}\n";
    vrun r;
    run_checked(&r, ptx, 2, 2, PS_CHECK_INIT);
    assert_true(findings(&r, PS_FIND_UNINITIALIZED, NULL) >= 1);
    vrun_free(&r);
}

/* ---- what stays rejected ------------------------------------------------------------------- */

static void multimem_rejected(void **state) {
    (void)state;
    const char *ptx = HDR ".visible .entry k(.param .u64 p0) {\n"
                          "  .reg .u64 %rd<4>; .reg .u32 %r<4>;\n"
                          "  ld.param.u64 %rd1, [p0];\n"
                          "  multimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1];\n"
                          "  ret;\n}\n";
    uint32_t out[4];
    tu_buf b = {out, sizeof out};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    char diag[2048];
    ps_status st = tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag);
    assert_int_not_equal(st, PS_OK);
    assert_non_null(strstr(diag, "NVLink multicast"));
    assert_true(!strncmp(diag, "7:3:", 4)); /* line 7, column 3 */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sregs_with_cluster),
        cmocka_unit_test(sregs_without_cluster),
        cmocka_unit_test(launch_checks),
        cmocka_unit_test(directive_shape_used),
        cmocka_unit_test(clusters_need_sm90),
        cmocka_unit_test(dsmem_ring),
        cmocka_unit_test(dsmem_generic),
        cmocka_unit_test(cluster_barrier_deadlock),
        cmocka_unit_test(cluster_barrier_divergent),
        cmocka_unit_test(cluster_barrier_misuse),
        cmocka_unit_test(dsmem_faults),
        cmocka_unit_test(st_red_async),
        cmocka_unit_test(multicast_bulk),
        cmocka_unit_test(bulk_reduce_remote),
        cmocka_unit_test(dsmem_race),
        cmocka_unit_test(dsmem_uninitialized_read),
        cmocka_unit_test(multimem_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
