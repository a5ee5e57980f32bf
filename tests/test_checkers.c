/* test_checkers.c — the race, barrier and uninitialised-memory checkers (verify/check_race.c,
 * check_barrier.c, check_init.c) on PTX snippets; the clean corpus must give them nothing to
 * report; and `test_checkers --defect DIR` runs one planted defect of corpus/defects/ with every
 * checker and compares the findings with DIR/expected_findings.json (docs/checkers.md). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "ptx_parser.h"
#include "sim.h"
#include "testutil.h"
#include "verify.h"

enum { CHECKS_MINE = PS_CHECK_RACE | PS_CHECK_BARRIER | PS_CHECK_INIT };

/* ---- running a snippet with the verifier -------------------------------------------------- */

typedef struct {
    ps_module *m;
    ps_program *prog;
    ps_device *dev;
    ps_verifier *v;
    ps_launch_result res;
    ps_status st;
} run_ctx;

static void run_free(run_ctx *r) {
    ps_verifier_destroy(r->v);
    ps_program_free(r->prog);
    ps_device_destroy(r->dev);
    ps_module_free(r->m);
}

typedef struct {
    unsigned grid, block; /* 1-D */
    int nbufs;
    uint64_t bytes[4];
    bool uninit[4]; /* declared uninitialised (manifest "init": "none") */
    int threads;    /* host threads; 0 = 1 */
} snip;

/* Runs kernel "k" of a snippet whose parameters are .u64 buffer pointers p0..pN-1. */
static void run_snippet(run_ctx *r, const char *body_ptx, const snip *s, unsigned checks) {
    memset(r, 0, sizeof *r);
    ps_diags d = {0};
    ps_parse_options po = {0};
    ps_status st = ps_parse("snippet.ptx", body_ptx, strlen(body_ptx), &po, &d, &r->m);
    if (st != PS_OK) ps_diags_print(&d, stderr);
    assert_int_equal(st, PS_OK);
    r->dev = ps_device_create();
    st = ps_program_build(r->m, NULL, r->dev, &d, &r->prog);
    if (st != PS_OK) ps_diags_print(&d, stderr);
    assert_int_equal(st, PS_OK);
    ps_diags_free(&d);
    uint8_t params[64] = {0};
    r->v = ps_verifier_create(r->m, NULL, checks);
    for (int i = 0; i < s->nbufs; i++) {
        uint64_t a = ps_device_alloc(r->dev, s->bytes[i], "buf");
        memcpy(params + 8 * i, &a, 8);
        if (s->uninit[i]) ps_verifier_mark_uninitialized(r->v, a, s->bytes[i]);
    }
    ps_launch_config cfg = {.grid = {s->grid, 1, 1},
                            .block = {s->block, 1, 1},
                            .params = params,
                            .params_size = sizeof params,
                            .threads = s->threads ? s->threads : 1,
                            .observer = ps_verifier_observer(r->v)};
    r->st = ps_launch(r->prog, r->dev, "k", &cfg, &r->res);
    ps_verifier_finish(r->v, &r->res);
    if (r->st == PS_ERR_USAGE) fprintf(stderr, "  launch: %s\n", r->res.fault.message);
    assert_int_not_equal(r->st, PS_ERR_USAGE);
    if (getenv("TEST_CHECKERS_VERBOSE")) {
        fprintf(stderr, "  launch: %s\n", r->res.fault.message);
        for (int i = 0; i < ps_verifier_finding_count(r->v); i++) {
            const ps_finding *f = ps_verifier_finding(r->v, i);
            fprintf(stderr, "  %s %s line %d/%d x%llu: %s\n", ps_severity_name(f->severity),
                    ps_finding_kind_name(f->kind), f->at.ptx_line, f->has_other ? f->other.ptx_line : 0,
                    (unsigned long long)f->count, f->message);
        }
    }
}

/* Findings of `kind` (any severity when sev < 0) at PTX line `line` (any when 0). */
static uint64_t count_findings(const run_ctx *r, ps_finding_kind kind, int sev, int line) {
    uint64_t n = 0;
    for (int i = 0; i < ps_verifier_finding_count(r->v); i++) {
        const ps_finding *f = ps_verifier_finding(r->v, i);
        if (f->kind != kind || (sev >= 0 && (int)f->severity != sev)) continue;
        if (line && f->at.ptx_line != line && !(f->has_other && f->other.ptx_line == line)) continue;
        n += f->count;
    }
    return n;
}

static int error_findings(const run_ctx *r) {
    int n = 0;
    for (int i = 0; i < ps_verifier_finding_count(r->v); i++) {
        const ps_finding *f = ps_verifier_finding(r->v, i);
        if (f->severity == PS_SEV_ERROR) {
            fprintf(stderr, "  finding: %s line %d/%d: %s\n", ps_finding_kind_name(f->kind), f->at.ptx_line,
                    f->has_other ? f->other.ptx_line : 0, f->message);
            n++;
        }
    }
    return n;
}

/* PTX line of the first line of `src` containing `marker`. */
static int line_of(const char *src, const char *marker) {
    const char *p = strstr(src, marker);
    assert_non_null(p);
    int line = 1;
    for (const char *q = src; q < p; q++) line += *q == '\n';
    return line;
}

#define HEAD                                                                                         \
    TU_HEADER ".visible .entry k(.param .u64 p0, .param .u64 p1)\n{\n"                               \
              "\t.reg .pred %p<8>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<16>;\n\t.reg .f32 %f<8>;\n" \
              "\t.shared .align 8 .b8 s[1024];\n"                                                    \
              "\tld.param.u64 %rd1, [p0];\n\tld.param.u64 %rd2, [p1];\n"                             \
              "\tmov.u32 %r1, %tid.x;\n\tshl.b32 %r2, %r1, 2;\n\tmov.u32 %r3, s;\n\tadd.s32 %r4, %r3, %r2;\n"

/* ---- races ---------------------------------------------------------------------------------- */

/* Warp 0 reads the words warp 1 writes, no barrier: a race whichever runs first. */
static const char race_xwarp[] = HEAD "\tst.shared.u32 [%r4], %r1; // W\n"
                                      "\txor.b32 %r5, %r2, 128;\n\tadd.s32 %r6, %r3, %r5;\n"
                                      "\tld.shared.u32 %r7, [%r6]; // R\n"
                                      "\tret;\n}\n";

static void test_race_shared_across_warps(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 64};
    run_snippet(&r, race_xwarp, &s, CHECKS_MINE);
    int w = line_of(race_xwarp, "// W"), rd = line_of(race_xwarp, "// R");
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, w) > 0);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, rd) > 0);
    /* the other access of each finding is the other line, from the other warp */
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->kind != PS_FIND_RACE) continue;
        assert_true(f->has_other);
        assert_int_not_equal(f->at.ptx_line, f->other.ptx_line);
        assert_int_not_equal(f->at.thread[0] / 32, f->other.thread[0] / 32);
        assert_true(f->at.has_address);
        assert_int_equal(f->at.address, f->other.address);
    }
    run_free(&r);
}

static const char race_bar[] =
    HEAD "\tst.shared.u32 [%r4], %r1;\n"
         "\tbar.sync 0;\n"
         "\txor.b32 %r5, %r2, 128;\n\tadd.s32 %r6, %r3, %r5;\n"
         "\tld.shared.u32 %r7, [%r6];\n"
         "\tbar.sync 0;\n"
         "\tst.shared.u32 [%r4], %r7;\n" /* WAR against the reads is ordered by the second barrier */
         "\tret;\n}\n";

static void test_race_barrier_orders(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 128, .threads = 2};
    run_snippet(&r, race_bar, &s, CHECKS_MINE);
    assert_int_equal(error_findings(&r), 0);
    run_free(&r);
}

/* The second barrier is missing: the stores race with the other warp's loads. */
static const char race_war[] = HEAD "\tst.shared.u32 [%r4], %r1;\n"
                                    "\tbar.sync 0;\n"
                                    "\txor.b32 %r5, %r2, 128;\n\tadd.s32 %r6, %r3, %r5;\n"
                                    "\tld.shared.u32 %r7, [%r6]; // R\n"
                                    "\tst.shared.u32 [%r4], %r7; // W\n"
                                    "\tret;\n}\n";

static void test_race_war(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 64};
    run_snippet(&r, race_war, &s, CHECKS_MINE);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(race_war, "// W")) > 0);
    run_free(&r);
}

/* Scattered plain stores (lanes in reverse order: the one-pass store path of the race checker)
 * over words another warp read in the same phase race (a write after a read with no barrier
 * between: PTX memory model, two conflicting accesses of different threads not ordered by
 * bar.sync); the same stores after a barrier, or a thread rewriting words only it touched in its
 * phase, do not. The race is reported at the load or at the store, whichever ran second. */
static const char race_scatter_phases[] = HEAD "\txor.b32 %r5, %r1, 31;\n\tshl.b32 %r5, %r5, 2;\n"
                                               "\tadd.s32 %r6, %r3, %r5;\n" /* own word, lanes reversed */
                                               "\txor.b32 %r7, %r5, 128;\n\tadd.s32 %r8, %r3, %r7;\n"
                                               "\tst.shared.u32 [%r6], %r1;\n"
                                               "\tbar.sync 0;\n"
                                               "\tld.shared.u32 %r9, [%r8]; // R\n"
                                               "\tst.shared.u32 [%r6], %r9; // W\n"
                                               "\tbar.sync 0;\n"
                                               "\tst.shared.u32 [%r8], %r1; // AFTER\n"
                                               "\tld.shared.u32 %r10, [%r8];\n"
                                               "\tadd.s32 %r10, %r10, 1;\n"
                                               "\tst.shared.u32 [%r8], %r10; // OWN\n"
                                               "\tret;\n}\n";

static void test_race_scatter_store_phases(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 64};
    run_snippet(&r, race_scatter_phases, &s, CHECKS_MINE);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(race_scatter_phases, "// W")) > 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, line_of(race_scatter_phases, "// AFTER")), 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, line_of(race_scatter_phases, "// OWN")), 0);
    run_free(&r);
}

/* Producer/consumer named barrier: warp 0 writes then bar.arrive; warp 1 bar.sync then reads
 * (ordered). Then warp 0 writes again after its arrive while warp 1 reads: a race. */
static const char race_arrive[] = HEAD "\tsetp.ge.u32 %p1, %r1, 32;\n"
                                       "\t@%p1 bra CONS;\n"
                                       "\tst.shared.u32 [%r4], %r1;\n"
                                       "\tbar.arrive 1, 64;\n"
                                       "\tst.shared.u32 [%r4+512], %r1; // LATE\n"
                                       "\tbra.uni DONE;\n"
                                       "CONS:\n"
                                       "\tbar.sync 1, 64;\n"
                                       "\tld.shared.u32 %r7, [%r4+-128];\n"
                                       "\tld.shared.u32 %r8, [%r4+384]; // READ2\n"
                                       "DONE:\n"
                                       "\tret;\n}\n";

static void test_race_named_barrier_arrive(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 64};
    run_snippet(&r, race_arrive, &s, CHECKS_MINE);
    /* only the late write against the second read */
    assert_int_equal(error_findings(&r) >= 1, 1);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->severity != PS_SEV_ERROR) continue;
        assert_int_equal(f->kind, PS_FIND_RACE);
        int a = f->at.ptx_line, b = f->other.ptx_line;
        int late = line_of(race_arrive, "// LATE"), rd = line_of(race_arrive, "// READ2");
        assert_true((a == late && b == rd) || (a == rd && b == late));
    }
    run_free(&r);
}

/* Atomics never race with atomics; a plain store against them does. */
static const char race_atomics[] = HEAD "\tsetp.ne.u32 %p2, %r1, 0;\n"
                                        "\t@!%p2 st.shared.v4.u32 [s], {0, 0, 0, 0};\n"
                                        "\tbar.sync 0;\n"
                                        "\tatom.shared.add.u32 %r5, [s], 1;\n"
                                        "\tred.shared.add.u32 [s+4], 1;\n"
                                        "\tbar.sync 0;\n"
                                        "\tsetp.ne.u32 %p1, %r1, 40;\n"
                                        "\t@%p1 bra SKIP;\n"
                                        "\tst.shared.u32 [s+8], 0; // PLAIN\n"
                                        "SKIP:\n"
                                        "\tatom.shared.add.u32 %r6, [s+8], 1; // ATOM\n"
                                        "\tret;\n}\n";

static void test_race_atomics(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 64};
    run_snippet(&r, race_atomics, &s, CHECKS_MINE);
    int plain = line_of(race_atomics, "// PLAIN"), atom = line_of(race_atomics, "// ATOM");
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, plain) > 0);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->kind != PS_FIND_RACE) continue;
        /* every race involves the plain store */
        assert_true(f->at.ptx_line == plain || f->other.ptx_line == plain);
        assert_true(f->at.ptx_line == atom || f->other.ptx_line == atom);
    }
    run_free(&r);
}

/* Lanes of one store writing different values to one word: a write-after-write race. Bytes of
 * one word written by different lanes do not conflict. */
static const char race_lanes[] = HEAD "\tst.shared.u32 [s], %r1; // SAME\n"
                                      "\tadd.s32 %r5, %r3, %r1;\n"
                                      "\tst.shared.u8 [%r5+64], %r1; // BYTES\n"
                                      "\tret;\n}\n";

static void test_race_lanes_same_word(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32};
    run_snippet(&r, race_lanes, &s, CHECKS_MINE);
    int same = line_of(race_lanes, "// SAME"), bytes = line_of(race_lanes, "// BYTES");
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, same), 31);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, bytes), 0);
    run_free(&r);
}

/* Lanes of one warp in different instructions (Volta model): lane l stores word l, then reads
 * word l ^ 1, written by its neighbour. Without __syncwarp that is a read-after-write race
 * between lanes of one warp (one per lane: the neighbour's store and this lane's load are
 * unordered whichever lane ran first); bar.warp.sync between them orders them; shfl.sync does
 * not (it synchronises execution, not memory: CUDA programming guide, and racecheck agrees);
 * volatile accesses make it the pre-Volta warp-synchronous idiom, a warning. */
#define WARP_XCHG(BETWEEN, LD, ST)                                                                  \
    HEAD "\t" ST " [%r4], %r1; // W\n" BETWEEN "\txor.b32 %r5, %r2, 4;\n\tadd.s32 %r6, %r3, %r5;\n" \
         "\t" LD " %r7, [%r6]; // R\n"                                                              \
         "\tret;\n}\n"
static const char warp_nosync[] = WARP_XCHG("", "ld.shared.u32", "st.shared.u32");
static const char warp_syncwarp[] = WARP_XCHG("\tbar.warp.sync -1;\n", "ld.shared.u32", "st.shared.u32");
static const char warp_shfl[] =
    WARP_XCHG("\tshfl.sync.bfly.b32 %r9, %r1, 1, 31, -1;\n", "ld.shared.u32", "st.shared.u32");
static const char warp_barrier[] = WARP_XCHG("\tbar.sync 0;\n", "ld.shared.u32", "st.shared.u32");
static const char warp_volatile[] = WARP_XCHG("", "ld.volatile.shared.u32", "st.volatile.shared.u32");
/* half the warp syncs (mask 0x0000ffff from lanes 0-15 only): lanes 0-15 are ordered among
 * themselves, lanes 16-31 are not */
static const char warp_partial[] = HEAD "\tst.shared.u32 [%r4], %r1; // W\n"
                                        "\tsetp.lt.u32 %p1, %r1, 16;\n"
                                        "\t@!%p1 bra SKIP;\n"
                                        "\tbar.warp.sync 0x0000ffff;\n"
                                        "SKIP:\n"
                                        "\txor.b32 %r5, %r2, 4;\n\tadd.s32 %r6, %r3, %r5;\n"
                                        "\tld.shared.u32 %r7, [%r6]; // R\n"
                                        "\tret;\n}\n";

static void test_race_same_warp_volta(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32};
    int w = line_of(warp_nosync, "// W"), rd = line_of(warp_nosync, "// R");
    run_snippet(&r, warp_nosync, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, rd), 32);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        assert_int_equal(f->at.ptx_line, rd);
        assert_int_equal(f->other.ptx_line, w);
        assert_non_null(strstr(f->message, "between lanes of one warp"));
        /* the other access is the neighbour's store: lane t ^ 1 */
        assert_int_equal(f->other.thread[0], f->at.thread[0] ^ 1u);
        assert_true(f->other.is_write && !f->at.is_write);
    }
    run_free(&r);

    run_snippet(&r, warp_syncwarp, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, 0), 0);
    run_free(&r);
    run_snippet(&r, warp_barrier, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, 0), 0);
    run_free(&r);
    run_snippet(&r, warp_shfl, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(warp_shfl, "// R")), 32);
    run_free(&r);
    run_snippet(&r, warp_volatile, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, 0), 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_WARNING, line_of(warp_volatile, "// R")), 32);
    run_free(&r);
    /* lanes 16-31 read words of lanes 17..31 / 16..30 (unordered); lanes 0-15 synced */
    run_snippet(&r, warp_partial, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(warp_partial, "// R")), 16);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++)
        assert_true(ps_verifier_finding(r.v, i)->at.thread[0] >= 16);
    run_free(&r);
}

/* A non-aligned barrier.sync with a thread count of 32 (warp 0 of a 64-thread block), reached by
 * the two halves of warp 0 in separate arrivals (legal for barrier.sync; the engine itself cannot
 * run it yet: it parks the whole warp at the first arrival): the halves are released together,
 * so each half's read of the other half's word is ordered. Warp 1 takes no part, so the block's
 * whole-barrier phase does not move and the lane clocks decide. Fed to the verifier as synthetic
 * engine events, the way the engine (sim/engine*.c) sends them. */
static void test_race_split_barrier(void **state) {
    (void)state;
    ps_diags d = {0};
    ps_parse_options po = {0};
    static const char src[] = TU_HEADER ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n\tst.shared.u32 [%r1], %r2;\n"
                                        "\tbarrier.sync 0;\n\tld.shared.u32 %r3, [%r1];\n\tret;\n}\n";
    ps_module *m = NULL;
    ps_status st = ps_parse("split.ptx", src, strlen(src), &po, &d, &m);
    if (st != PS_OK) ps_diags_print(&d, stderr);
    assert_int_equal(st, PS_OK);
    ps_diags_free(&d);
    const ps_func *f = m->funcs[0];
    ps_verifier *v = ps_verifier_create(m, NULL, PS_CHECK_RACE);
    const ps_observer *o = ps_verifier_observer(v);
    unsigned ctaid[3] = {0, 0, 0};
    o->launch_begin(o->ctx, 1, "k");
    o->cta_begin(o->ctx, 0, ctaid);
    ps_mem_event e = {.at = {.block = {64, 1, 1}, .warp = 0, .worker = 0, .insn = &f->insns[0]},
                      .kind = PS_ACC_STORE,
                      .size = 4,
                      .elem = 4,
                      .mask = 0xffffffffu};
    for (int l = 0; l < 32; l++) e.space[l] = PS_SPACE_SHARED, e.addr[l] = 4u * (unsigned)l;
    o->mem(o->ctx, &e);
    ps_event_where at = {.block = {64, 1, 1}, .warp = 0, .worker = 0, .insn = &f->insns[1]};
    o->barrier(o->ctx, &at, 0, 0xffff0000u, false); /* lanes 16-31 arrive */
    o->barrier(o->ctx, &at, 0, 0x0000ffffu, false); /* lanes 0-15, at another time */
    at.warp = -1;
    o->barrier(o->ctx, &at, 0, 0, true);
    e.at.insn = &f->insns[2];
    e.kind = PS_ACC_LOAD;
    for (int l = 0; l < 32; l++) e.addr[l] = 4u * (unsigned)(l ^ 16);
    o->mem(o->ctx, &e);
    ps_launch_result res = {0};
    ps_verifier_finish(v, &res);
    assert_int_equal(ps_verifier_finding_count(v), 0);
    ps_verifier_destroy(v);
    ps_module_free(m);
}

/* Global memory: block b writes g[b] and reads g[b+1] (another block): a race between blocks.
 * Within a block, a barrier orders global accesses like shared ones. */
static const char race_global[] = HEAD "\tcvta.to.global.u64 %rd1, %rd1;\n"
                                       "\tmov.u32 %r10, %ctaid.x;\n"
                                       "\tsetp.ne.u32 %p1, %r1, 0;\n"
                                       "\t@%p1 bra INBLOCK;\n"
                                       "\tmul.wide.u32 %rd3, %r10, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
                                       "\tst.global.u32 [%rd4], %r10; // GW\n"
                                       "\tld.global.u32 %r11, [%rd4+4]; // GR\n"
                                       "INBLOCK:\n"
                                       "\tcvta.to.global.u64 %rd2, %rd2;\n"
                                       "\tmul.wide.u32 %rd5, %r10, 256;\n\tadd.s64 %rd6, %rd2, %rd5;\n"
                                       "\tmul.wide.u32 %rd7, %r1, 4;\n\tadd.s64 %rd8, %rd6, %rd7;\n"
                                       "\tst.global.u32 [%rd8], %r1;\n"
                                       "\tbar.sync 0;\n"
                                       "\txor.b64 %rd9, %rd7, 128;\n\tadd.s64 %rd10, %rd6, %rd9;\n"
                                       "\tld.global.u32 %r12, [%rd10];\n"
                                       "\tret;\n}\n";

static void test_race_global(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 4, .block = 64, .nbufs = 2, .bytes = {64, 4 * 256}, .threads = 3};
    run_snippet(&r, race_global, &s, CHECKS_MINE);
    int gw = line_of(race_global, "// GW"), gr = line_of(race_global, "// GR");
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, gw) > 0);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->severity != PS_SEV_ERROR) continue;
        assert_int_equal(f->kind, PS_FIND_RACE);
        assert_true((f->at.ptx_line == gw && f->other.ptx_line == gr) ||
                    (f->at.ptx_line == gr && f->other.ptx_line == gw));
        assert_int_not_equal(f->at.block[0], f->other.block[0]);
    }
    run_free(&r);
}

/* Cases the race checker's shortcuts must get right (docs/performance.md, "How check stays
 * cheap"); each verdict is the PTX memory model's: two conflicting accesses of different threads
 * that no barrier orders race (an atomic and a plain load too: only morally strong pairs do not),
 * and a bar.sync of the whole block orders everything before it with everything after it.
 * LANE_WORD: %r6 = &s[tid % 32], so warps 0, 1 and 2 use the same 32 words. */
#define LANE_WORD "\tand.b32 %r5, %r1, 31;\n\tshl.b32 %r5, %r5, 2;\n\tadd.s32 %r6, %r3, %r5;\n"
#define WARPS                                                                                 \
    "\tsetp.lt.u32 %p1, %r1, 32;\n\tsetp.ge.u32 %p2, %r1, 32;\n\tsetp.lt.u32 %p3, %r1, 64;\n" \
    "\tand.pred %p3, %p2, %p3;\n\tsetp.ge.u32 %p4, %r1, 64;\n" /* p1: warp 0, p3: warp 1, p4: warp 2 */

/* Two warps read each word (no write in the phase: the words become "read-saturated" and later
 * reads of them are skipped), then a third warp writes them in the same phase: a write after
 * read race. After a barrier the same write is ordered. */
static const char race_saturated_write[] = HEAD LANE_WORD WARPS "\tsetp.lt.u32 %p5, %r1, 64;\n"
                                                                "\t@%p5 ld.shared.u32 %r7, [%r6]; // READ\n"
                                                                "\t@%p4 st.shared.u32 [%r6], %r1; // WRITE\n"
                                                                "\tbar.sync 0;\n"
                                                                "\t@%p4 st.shared.u32 [%r6], %r1; // AFTER\n"
                                                                "\tret;\n}\n";

/* Records of an earlier phase are gone: warp 0 writes, barrier, then warp 1 reads and warp 0
 * writes again in the new phase. The write races with warp 1's read of this phase, never with
 * the write of the phase before (ordered by the barrier). */
static const char race_phase_records[] = HEAD LANE_WORD WARPS "\t@%p1 st.shared.u32 [%r6], %r1; // OLD\n"
                                                              "\tbar.sync 0;\n"
                                                              "\t@%p3 ld.shared.u32 %r7, [%r6]; // READ\n"
                                                              "\t@%p1 st.shared.u32 [%r6], %r1; // WRITE\n"
                                                              "\tret;\n}\n";

/* An atomic of warp 0, then a plain load of the same words by warp 1 in the same phase: not a
 * morally strong pair, so a race; after a barrier the load is ordered. */
static const char race_atomic_then_plain[] = HEAD LANE_WORD WARPS "\tst.shared.u32 [%r4], %r1;\n"
                                                                  "\tbar.sync 0;\n"
                                                                  "\t@%p1 atom.shared.add.u32 %r7, [%r6], 1; // ATOM\n"
                                                                  "\t@%p3 ld.shared.u32 %r8, [%r6]; // PLAIN\n"
                                                                  "\tbar.sync 0;\n"
                                                                  "\t@%p3 ld.shared.u32 %r9, [%r6]; // ORDERED\n"
                                                                  "\tret;\n}\n";

/* A scattered store whose lanes touch distinct words out of order (lane l at word 64 (l % 4) + l,
 * a radix sort's cnt[d][t]), read by another warp in the same phase: a race; the same store in
 * the next phase is ordered after those reads. */
static const char race_scatter_mod32[] = HEAD WARPS "\tand.b32 %r5, %r1, 31;\n\tand.b32 %r9, %r1, 3;\n"
                                                    "\tshl.b32 %r9, %r9, 6;\n\tadd.s32 %r9, %r9, %r5;\n"
                                                    "\tshl.b32 %r9, %r9, 2;\n\tadd.s32 %r10, %r3, %r9;\n"
                                                    "\t@%p1 st.shared.u32 [%r10], %r1; // SCATTER\n"
                                                    "\t@%p3 ld.shared.u32 %r7, [%r10]; // READ\n"
                                                    "\tbar.sync 0;\n"
                                                    "\t@%p1 st.shared.u32 [%r10], %r1; // AGAIN\n"
                                                    "\tret;\n}\n";

static void test_race_phase_shortcuts(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 96};
    run_snippet(&r, race_saturated_write, &s, CHECKS_MINE);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(race_saturated_write, "// WRITE")) > 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, line_of(race_saturated_write, "// AFTER")), 0);
    run_free(&r);

    run_snippet(&r, race_phase_records, &s, CHECKS_MINE);
    int old = line_of(race_phase_records, "// OLD"), rd = line_of(race_phase_records, "// READ");
    int wr = line_of(race_phase_records, "// WRITE");
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, wr) > 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, old), 0);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->kind != PS_FIND_RACE) continue;
        assert_true((f->at.ptx_line == wr && f->other.ptx_line == rd) ||
                    (f->at.ptx_line == rd && f->other.ptx_line == wr));
    }
    run_free(&r);

    run_snippet(&r, race_atomic_then_plain, &s, CHECKS_MINE);
    assert_true(count_findings(&r, PS_FIND_RACE, -1, line_of(race_atomic_then_plain, "// PLAIN")) > 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, line_of(race_atomic_then_plain, "// ORDERED")), 0);
    run_free(&r);

    run_snippet(&r, race_scatter_mod32, &s, CHECKS_MINE);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(race_scatter_mod32, "// SCATTER")) > 0);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, -1, line_of(race_scatter_mod32, "// AGAIN")), 0);
    run_free(&r);
}

/* ---- barriers ------------------------------------------------------------------------------- */

/* Lanes 16-31 exit, then the rest reaches bar.sync: allowed (exited threads do not take part).
 * The exit has its own ret: lanes that branch to the ret at the branch's reconvergence point
 * wait there in ptxsim and the barrier deadlocks (see docs/checkers.md). */
static const char bar_exited[] = HEAD "\tand.b32 %r5, %r1, 31;\n"
                                      "\tsetp.ge.u32 %p1, %r5, 16;\n"
                                      "\t@%p1 bra EARLY;\n"
                                      "\tst.shared.u32 [%r4], %r1;\n"
                                      "\tbar.sync 0;\n"
                                      "\tld.shared.u32 %r7, [%r4];\n"
                                      "\tret;\n"
                                      "EARLY:\n"
                                      "\tret;\n}\n";

static void test_barrier_exited_lanes_ok(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 64};
    run_snippet(&r, bar_exited, &s, CHECKS_MINE);
    assert_int_equal(r.res.fault.kind, PS_FAULT_NONE);
    assert_int_equal(error_findings(&r), 0);
    run_free(&r);
}

/* Half a warp at bar.sync while the other half waits further on: divergence (and deadlock). */
static const char bar_half[] = HEAD "\tsetp.ge.u32 %p1, %r1, 16;\n"
                                    "\t@%p1 bra JOIN;\n"
                                    "\tbar.sync 0; // HALF\n"
                                    "JOIN:\n"
                                    "\tst.shared.u32 [%r4], %r1;\n"
                                    "\tret;\n}\n";

static void test_barrier_half_warp(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32};
    run_snippet(&r, bar_half, &s, CHECKS_MINE);
    int half = line_of(bar_half, "// HALF");
    assert_int_equal(count_findings(&r, PS_FIND_BARRIER_DIVERGENCE, PS_SEV_ERROR, half), 1);
    assert_int_equal(count_findings(&r, PS_FIND_DEADLOCK, PS_SEV_ERROR, half), 1);
    run_free(&r);
}

/* Warps at different bar.sync instructions of one id; barrier.sync (not aligned) may differ. */
static const char bar_lines[] = HEAD "\tshr.u32 %r5, %r1, 5;\n"
                                     "\tsetp.ne.u32 %p1, %r5, 0;\n"
                                     "\t@%p1 bra OTHER;\n"
                                     "\tbar.sync 0; // A\n"
                                     "\tbarrier.sync 1;\n"
                                     "\tbra.uni JOIN;\n"
                                     "OTHER:\n"
                                     "\tbar.sync 0; // B\n"
                                     "\tbarrier.sync 1;\n"
                                     "JOIN:\n"
                                     "\tret;\n}\n";

static void test_barrier_different_instructions(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 96};
    run_snippet(&r, bar_lines, &s, CHECKS_MINE);
    assert_int_equal(r.res.fault.kind, PS_FAULT_NONE);
    int a = line_of(bar_lines, "// A"), b = line_of(bar_lines, "// B");
    assert_int_equal(count_findings(&r, PS_FIND_BARRIER_DIVERGENCE, PS_SEV_ERROR, 0), 2);
    assert_int_equal(count_findings(&r, PS_FIND_BARRIER_DIVERGENCE, PS_SEV_ERROR, a), 2);
    assert_int_equal(count_findings(&r, PS_FIND_BARRIER_DIVERGENCE, PS_SEV_ERROR, b), 2);
    run_free(&r);
}

/* One phase of barrier 1 given 64 by warp 0 and 96 by warp 1. */
static const char bar_counts[] = HEAD "\tshr.u32 %r5, %r1, 5;\n"
                                      "\tsetp.ne.u32 %p1, %r5, 0;\n"
                                      "\t@%p1 bra OTHER;\n"
                                      "\tbar.sync 1, 64;\n"
                                      "\tbra.uni JOIN;\n"
                                      "OTHER:\n"
                                      "\tbar.sync 1, 96; // COUNT\n"
                                      "JOIN:\n"
                                      "\tret;\n}\n";

static void test_barrier_count_mismatch(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 64};
    run_snippet(&r, bar_counts, &s, PS_CHECK_BARRIER);
    int c = line_of(bar_counts, "// COUNT");
    assert_true(count_findings(&r, PS_FIND_BARRIER_DIVERGENCE, PS_SEV_ERROR, c) >= 1);
    run_free(&r);
}

/* ---- uninitialised memory ----------------------------------------------------------------- */

static const char init_shared[] = HEAD "\tst.shared.u32 [%r4], %r1;\n"
                                       "\tbar.sync 0;\n"
                                       "\tld.shared.u32 %r5, [%r4]; // OK\n"
                                       "\tld.shared.u32 %r6, [%r4+256]; // BAD\n"
                                       "\tld.shared.u16 %r7, [%r4+2]; // HALF\n"
                                       "\tret;\n}\n";

static void test_init_shared(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 3, .block = 64, .threads = 2};
    run_snippet(&r, init_shared, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_shared, "// OK")), 0);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_shared, "// HALF")), 0);
    /* every thread of every block: 3 * 64 */
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_shared, "// BAD")), 192);
    run_free(&r);
}

static const char init_global[] = HEAD "\tcvta.to.global.u64 %rd1, %rd1;\n"
                                       "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
                                       "\tsetp.ge.u32 %p1, %r1, 16;\n"
                                       "\t@%p1 bra SKIP;\n"
                                       "\tst.global.u32 [%rd4], %r1;\n"
                                       "SKIP:\n"
                                       "\tbar.sync 0;\n"
                                       "\tld.global.u32 %r5, [%rd4]; // LD\n"
                                       "\tatom.global.exch.b32 %r6, [%rd4+256], 1;\n"
                                       "\tatom.global.add.u32 %r7, [%rd4+512], 1; // ADD\n"
                                       "\tcvta.to.global.u64 %rd2, %rd2;\n"
                                       "\tld.global.u32 %r8, [%rd2]; // INITED\n"
                                       "\tret;\n}\n";

static void test_init_global(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32, .nbufs = 2, .bytes = {1024, 64}, .uninit = {true, false}};
    run_snippet(&r, init_global, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_global, "// LD")), 16);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_global, "// ADD")), 32);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, 0), 48);
    run_free(&r);
}

/* ---- the clean corpus ------------------------------------------------------------------------ */

typedef struct {
    ps_manifest *man;
    ps_module *m;
    ps_program *prog;
    ps_device *dev;
    ps_verifier *v;
    uint8_t *params;
    ps_launch_result res;
} case_run;

static void case_free(case_run *c) {
    ps_verifier_destroy(c->v);
    ps_launch_result_release(&c->res); /* what the kernel printed */
    free(c->params);
    ps_program_free(c->prog);
    ps_device_destroy(c->dev);
    ps_module_free(c->m);
    ps_manifest_free(c->man);
}

/* Loads and runs a manifest with `checks`; returns false (message on stderr) on bad input. */
static bool run_case(const char *path, unsigned checks, int threads, case_run *c) {
    memset(c, 0, sizeof *c);
    char err[600];
    if (ps_manifest_load(path, &c->man, err, sizeof err) != PS_OK) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    const ps_arch *arch = c->man->arch ? ps_arch_lookup(c->man->arch) : NULL;
    /* every module of the manifest; several are linked ("ptx": [...], docs/parser.md) */
    ps_diags d = {0};
    ps_parse_options po = {.target = NULL, .relocatable = c->man->nptx > 1};
    ps_module *parts[8] = {NULL};
    ps_status st = c->man->nptx <= 8 ? PS_OK : PS_ERR_USAGE;
    for (int i = 0; i < c->man->nptx && st == PS_OK; i++) {
        size_t len;
        char *src = ps_read_file(c->man->ptxs[i], &len);
        if (!src) {
            fprintf(stderr, "%s: cannot read\n", c->man->ptxs[i]);
            return false;
        }
        st = ps_parse(c->man->ptxs[i], src, len, &po, &d, &parts[i]);
        free(src);
    }
    if (c->man->nptx == 1) c->m = parts[0];
    else if (st == PS_OK) st = ps_link(parts, c->man->nptx, &d, &c->m);
    else
        for (int i = 0; i < c->man->nptx; i++) ps_module_free(parts[i]);
    c->dev = ps_device_create();
    if (st == PS_OK) st = ps_program_build(c->m, arch, c->dev, &d, &c->prog);
    if (st != PS_OK) {
        ps_diags_print(&d, stderr);
        ps_diags_free(&d);
        return false;
    }
    ps_diags_free(&d);
    size_t psize;
    if (ps_manifest_prepare(c->man, c->prog, c->dev, &c->params, &psize, err, sizeof err) != PS_OK) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    c->v = ps_verifier_create(c->m, arch, checks);
    for (int i = 0; i < c->man->nbufs; i++)
        if (c->man->bufs[i].init == MB_NONE)
            ps_verifier_mark_uninitialized(c->v, c->man->bufs[i].addr, c->man->bufs[i].bytes);
    ps_launch_config cfg = {.shared_bytes = c->man->shared_bytes,
                            .params = c->params,
                            .params_size = psize,
                            .threads = threads,
                            .observer = ps_verifier_observer(c->v)};
    memcpy(cfg.grid, c->man->grid, sizeof cfg.grid);
    memcpy(cfg.block, c->man->block, sizeof cfg.block);
    ps_launch(c->prog, c->dev, c->man->kernel, &cfg, &c->res);
    ps_verifier_finish(c->v, &c->res);
    return true;
}

static void test_clean_corpus(void **state) {
    (void)state;
    glob_t g;
    assert_int_equal(glob("corpus/*/case*.json", 0, NULL, &g), 0);
    assert_true(g.gl_pathc > 10);
    int bad = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        /* Cooperative groups on sm_75 keep a multi-warp tile's scratch in the user's
         * block_tile_memory and rewrite a warp's slot after lanes read it, with only shfl.sync
         * between: the PTX memory model does not order that (bar.warp.sync would), and the race
         * checker says so (docs/checkers.md). sm_80 and later code checks clean. */
        if (strstr(g.gl_pathv[i], "corpus/coop_groups/case.sm_75.json")) continue;
        case_run c;
        if (!run_case(g.gl_pathv[i], CHECKS_MINE, 0, &c)) {
            bad++;
            case_free(&c);
            continue;
        }
        for (int k = 0; k < ps_verifier_finding_count(c.v); k++) {
            const ps_finding *f = ps_verifier_finding(c.v, k);
            if (f->severity != PS_SEV_ERROR) continue;
            fprintf(stderr, "%s: %s at line %d (other %d): %s\n", g.gl_pathv[i], ps_finding_kind_name(f->kind),
                    f->at.ptx_line, f->has_other ? f->other.ptx_line : 0, f->message);
            bad++;
        }
        case_free(&c);
    }
    globfree(&g);
    assert_int_equal(bad, 0);
}

/* Warp-level shadow paths (docs/checkers.md): dense global accesses stored as block summaries
 * must still meet later accesses of other blocks, and shared words whose reads are settled per
 * word (broadcast runs, read-saturated words) must still meet a later unordered write. */
static const char race_dense_blocks[] = HEAD "\tcvta.to.global.u64 %rd1, %rd1;\n"
                                             "\tmov.u32 %r10, %ctaid.x;\n\tmov.u32 %r11, %nctaid.x;\n"
                                             "\tshl.b32 %r12, %r10, 5;\n\tadd.s32 %r13, %r12, %r1;\n"
                                             "\tmul.wide.u32 %rd3, %r13, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
                                             "\tst.global.u32 [%rd4], %r1; // DW\n"
                                             "\tadd.s32 %r14, %r10, 1;\n\trem.u32 %r15, %r14, %r11;\n"
                                             "\tshl.b32 %r16, %r15, 5;\n\tadd.s32 %r17, %r16, %r1;\n"
                                             "\tmul.wide.u32 %rd5, %r17, 4;\n\tadd.s64 %rd6, %rd1, %rd5;\n"
                                             "\tld.global.u32 %r18, [%rd6]; // DR\n"
                                             "\tret;\n}\n";

/* Warps 0-3 read s[0..15] (lanes l and l+16 the same word, Bs-like) and s[64] (every lane, a
 * broadcast); after a barrier warp 3 writes s[64] and s[0..15] while warps 0-2 read them again. */
static const char race_saturated[] =
    HEAD "\tand.b32 %r10, %r1, 15;\n\tshl.b32 %r11, %r10, 2;\n\tadd.s32 %r12, %r3, %r11;\n"
         "\tld.shared.u32 %r13, [%r12];\n"
         "\tld.shared.u32 %r14, [%r3+256];\n"
         "\tbar.sync 0;\n"
         "\tld.shared.u32 %r15, [%r12]; // SR\n"
         "\tld.shared.u32 %r16, [%r3+256]; // BR\n"
         "\tsetp.lt.u32 %p1, %r1, 96;\n\t@%p1 bra DONE;\n"
         "\tst.shared.u32 [%r12], %r1; // SW\n"
         "\tst.shared.u32 [%r3+256], %r1; // BW\n"
         "DONE:\n\tret;\n}\n";

static void test_race_warp_level_paths(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 4, .block = 32, .nbufs = 1, .bytes = {4 * 128}};
    run_snippet(&r, race_dense_blocks, &s, CHECKS_MINE);
    int dw = line_of(race_dense_blocks, "// DW"), dr = line_of(race_dense_blocks, "// DR");
    /* block b reads block b+1's words: with blocks in order 0..3, blocks 0-2 read before the
     * owner writes (WAR at the write, 32 lanes each), block 3 reads block 0's after (RAW) */
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, 0), 4 * 32);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, dw), 4 * 32);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, dr), 4 * 32);
    run_free(&r);

    snip t = {.grid = 1, .block = 128};
    run_snippet(&r, race_saturated, &t, CHECKS_MINE);
    int sr = line_of(race_saturated, "// SR"), br = line_of(race_saturated, "// BR");
    int sw = line_of(race_saturated, "// SW"), bw = line_of(race_saturated, "// BW");
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, sw) > 0);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, bw) > 0);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, sr) > 0);
    assert_true(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, br) > 0);
    run_free(&r);
}

/* cp.async completed by cp.async.mbarrier.arrive: the issuing thread's read of its destination
 * before its mbarrier wait is an error (the copy's data is guaranteed only once the phase
 * completed); after the wait its own word and its neighbour lane's word are ordered (the
 * neighbour's copy completed before the neighbour's arrive). One warp: 32 lanes. */
static const char async_mbar[] = HEAD "\tcvta.to.global.u64 %rd3, %rd1;\n"
                                      "\tmul.wide.u32 %rd4, %r1, 4;\n\tadd.s64 %rd5, %rd3, %rd4;\n"
                                      "\tadd.s32 %r11, %r3, 512;\n"
                                      "\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra I;\n"
                                      "\tmov.u32 %r12, 32;\n\tmbarrier.init.shared.b64 [%r11], %r12;\n"
                                      "I:\n\tbar.sync 0;\n"
                                      "\tcp.async.ca.shared.global [%r4], [%rd5], 4; // CP\n"
                                      "\tcp.async.mbarrier.arrive.shared.b64 [%r11];\n"
                                      "\tld.shared.u32 %r13, [%r4]; // EARLY\n"
                                      "\tmbarrier.arrive.shared.b64 %rd6, [%r11];\n"
                                      "W:\n\tmbarrier.test_wait.shared.b64 %p2, [%r11], %rd6;\n\t@!%p2 bra W;\n"
                                      "\tld.shared.u32 %r14, [%r4]; // LATE\n"
                                      "\txor.b32 %r15, %r2, 4;\n\tadd.s32 %r16, %r3, %r15;\n"
                                      "\tld.shared.u32 %r17, [%r16]; // NEIGHBOUR\n"
                                      "\tret;\n}\n";

static void test_race_async_mbarrier(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32, .nbufs = 1, .bytes = {128}};
    run_snippet(&r, async_mbar, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
    int early = line_of(async_mbar, "// EARLY"), cp = line_of(async_mbar, "// CP");
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, early), 32);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, cp), 32);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, 0), 32); /* nothing else */
    assert_int_equal(error_findings(&r), 1);
    run_free(&r);
}

/* mbarrier waits are phase-exact: a wait orders only the releases of the phase it observed (and
 * earlier ones). Warp 1 (producer) stores a[lane], arrives (its 32 arrivals complete phase 0),
 * stores b[lane] and, after a warp sync, lane 0 arrives once on phase 1 (left incomplete). Warp 0
 * (consumer) waits for phase 0 (parity 0) and reads BUF. Under ptxsim's schedule the
 * producer's phase-1 arrival comes before the consumer's wait succeeds. */
#define MBAR_PHASE(BUF)                                                                   \
    HEAD "\tand.b32 %r5, %r1, 31;\n\tshl.b32 %r6, %r5, 2;\n"                              \
         "\tadd.s32 %r7, %r3, %r6;\n\tadd.s32 %r8, %r7, 128;\n\tadd.s32 %r9, %r3, 512;\n" \
         "\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra I;\n"                                    \
         "\tmov.u32 %r10, 32;\n\tmbarrier.init.shared.b64 [%r9], %r10;\n"                 \
         "I:\n\tbar.sync 0;\n"                                                            \
         "\tsetp.lt.u32 %p2, %r1, 32;\n\t@%p2 bra C;\n"                                   \
         "\tst.shared.u32 [%r7], %r1; // WA\n"                                            \
         "\tmbarrier.arrive.shared.b64 %rd3, [%r9];\n"                                    \
         "\tst.shared.u32 [%r8], %r1; // WB\n"                                            \
         "\tbar.warp.sync -1;\n"                                                          \
         "\tsetp.ne.u32 %p3, %r5, 0;\n\t@%p3 bra D;\n"                                    \
         "\tmbarrier.arrive.shared.b64 %rd4, [%r9];\n\tbra.uni D;\n"                      \
         "C:\n\tmbarrier.test_wait.parity.shared.b64 %p4, [%r9], 0;\n\t@!%p4 bra C;\n"    \
         "\tld.shared.u32 %r11, [" BUF "]; // R\n"                                        \
         "D:\n\tret;\n}\n"
static const char mbar_a[] = MBAR_PHASE("%r7"), mbar_b[] = MBAR_PHASE("%r8");

static void test_race_mbarrier_phase(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 64};
    /* waits for phase 0, reads what was stored before the phase-0 arrivals: ordered */
    run_snippet(&r, mbar_a, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
    assert_int_equal(error_findings(&r), 0);
    run_free(&r);
    /* waits for phase 0, reads b, stored after the phase-0 arrivals: only phase 1 (never
     * completed) would order it, although lane 0's phase-1 arrival came before the wait ran */
    run_snippet(&r, mbar_b, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
    assert_int_equal(count_findings(&r, PS_FIND_RACE, PS_SEV_ERROR, line_of(mbar_b, "// R")), 32);
    assert_int_equal(error_findings(&r), 1);
    run_free(&r);
}

/* Registers read before any write on the reading lane, reported where the undefined value is used
 * observably (check_reginit.c). Expected counts are lanes, worked out from the PTX: lanes 16-31
 * have %p1 false. %rd5 is this thread's word of buffer p1. */
static const char init_regs[] = HEAD "\tmov.u32 %r20, %ctaid.x;\n\tshl.b32 %r21, %r20, 5;\n\tadd.u32 %r22, %r21, %r1;\n"
                                     "\tmul.wide.u32 %rd3, %r22, 4;\n\tadd.s64 %rd5, %rd2, %rd3;\n"
                                     "\tsetp.lt.u32 %p1, %r1, 16;\n"
                                     "\t@%p1 mov.u32 %r10, 7;\n"
                                     "\t@%p1 add.u32 %r11, %r10, 1; // SAMEPRED\n"
                                     "\tadd.u32 %r12, %r10, 1; // HALF\n"
                                     "\tst.global.u32 [%rd5], %r12; // HALFOUT\n"
                                     "\t@%p1 bra L1;\n"
                                     "\tmov.u32 %r13, 1;\n"
                                     "L1:\n"
                                     "\tst.global.u32 [%rd5], %r13; // BRANCH\n"
                                     "\tsetp.eq.u32 %p2, %r1, 99;\n"
                                     "\t@!%p2 bra L2;\n"
                                     "\tadd.u32 %r14, %r15, 1; // DEAD\n"
                                     "L2:\n"
                                     "\t@%p3 bra L3; // PRED\n"
                                     "L3:\n"
                                     "\tmov.u32 %r16, 0;\n"
                                     "LOOP:\n"
                                     "\tadd.u32 %r16, %r16, 1; // LOOPED\n"
                                     "\tsetp.lt.u32 %p4, %r16, 4;\n"
                                     "\t@%p4 bra LOOP;\n"
                                     "\tret;\n}\n";

static void test_init_registers(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 32, .nbufs = 2, .bytes = {256, 256}};
    run_snippet(&r, init_regs, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_regs, "// SAMEPRED")), 0);
    /* lanes 16-31 of both blocks read %r10, written only where %p1 held, and store the sum: one
     * finding at the store (HALFOUT) naming the read (HALF) */
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_regs, "// HALF")), 32);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_regs, "// HALFOUT")), 32);
    /* lanes 0-15 jumped over the write of %r13, and store it */
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_regs, "// BRANCH")), 32);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_regs, "// DEAD")), 0);
    /* the guard %p3 is never written: all 32 lanes of both blocks */
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_regs, "// PRED")), 64);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_regs, "// LOOPED")), 0);
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        assert_int_equal(f->kind, PS_FIND_UNINITIALIZED);
        if (f->at.ptx_line == line_of(init_regs, "// HALFOUT")) {
            assert_non_null(strstr(f->message, "register %r12"));
            assert_non_null(strstr(f->message, "register %r10"));
            assert_non_null(strstr(f->message, "stored to global memory"));
            assert_true(f->has_other);
            assert_int_equal(f->other.ptx_line, line_of(init_regs, "// HALF"));
            assert_true(f->at.thread[0] >= 16);
        }
        if (f->at.ptx_line == line_of(init_regs, "// PRED")) assert_non_null(strstr(f->message, "predicate %p3"));
    }
    run_free(&r);
}

/* A .func's .reg parameters are written by the call: reading them is no finding; a register of
 * the callee read before its write still is, where its value leaves the function: returned (the
 * checker does not follow values across calls, so passing one in or out is a use). */
static const char init_reg_params[] = TU_HEADER ".func (.reg .u32 r, .reg .pred q) f(.reg .u32 x, .reg .pred p)\n{\n"
                                                "\t.reg .u32 t;\n"
                                                "\tselp.u32 r, x, 5, p; // PARAMS\n"
                                                "\tadd.u32 r, r, t; // LOCAL\n"
                                                "\tsetp.ne.u32 q, r, 0;\n"
                                                "\tret; // RET\n}\n"
                                                ".visible .entry k(.param .u64 p0, .param .u64 p1)\n{\n"
                                                "\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n"
                                                "\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 8;\n"
                                                "\tcall (%r2, %p2), f, (%r1, %p1);\n"
                                                "\tselp.u32 %r3, %r2, 1, %p2; // RESULTS\n"
                                                "\tret;\n}\n";

static void test_init_reg_params(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32};
    run_snippet(&r, init_reg_params, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_reg_params, "// PARAMS")), 0);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_reg_params, "// RESULTS")), 0);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_reg_params, "// LOCAL")), 32);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_reg_params, "// RET")), 32);
    run_free(&r);
}

/* Definedness propagation (check_reginit.c): undefined values reported only where they become
 * observable. Ground truth from the PTX: %p1 holds on lanes 0-15, so %r10 is undefined on lanes
 * 16-31 and so is everything computed from it there; %r30 is undefined on lane 5 only. Counts are
 * lanes over both blocks. %rd5 is this thread's word of buffer p1. */
static const char init_prop[] =
    HEAD "\tmov.u32 %r20, %ctaid.x;\n\tshl.b32 %r21, %r20, 5;\n\tadd.u32 %r22, %r21, %r1;\n"
         "\tmul.wide.u32 %rd3, %r22, 4;\n\tadd.s64 %rd5, %rd2, %rd3;\n"
         "\tsetp.lt.u32 %p1, %r1, 16;\n"
         "\t@%p1 mov.u32 %r10, 7;\n"
         "\tadd.u32 %r11, %r10, 1; // ORIGIN\n"
         "\tmul.lo.u32 %r12, %r11, 3; // DISCARDED\n"
         "\tsetp.gt.u32 %p2, %r11, 5;\n"
         "\t@%p2 bra J1; // BRANCH\n"
         "J1:\n"
         "\tmul.wide.u32 %rd7, %r11, 4;\n\tadd.s64 %rd8, %rd1, %rd7;\n"
         "\tld.global.u32 %r13, [%rd8]; // ADDRESS\n"
         "\tst.global.u32 [%rd5], %r11; // STORED\n"
         "\t@%p1 st.global.u32 [%rd5], %r10; // PAIR_OK\n"
         "\t@!%p1 st.global.u32 [%rd5], %r10; // PAIR_BAD\n"
         "\tselp.u32 %r14, %r1, %r10, %p1;\n"
         "\t@%p1 st.global.u32 [%rd5], %r14; // SELP_OK\n"
         "\tselp.u32 %r15, %r10, %r1, %p1;\n"
         "\tst.global.u32 [%rd5], %r15; // SELP_OK2\n"
         "\tselp.u32 %r16, %r1, %r10, %p1;\n"
         "\tst.global.u32 [%rd5], %r16; // SELP_BAD\n"
         /* lane 5 never writes %r30 */
         "\tsetp.ne.u32 %p3, %r1, 5;\n"
         "\t@%p3 mov.u32 %r30, 1;\n"
         "\tshfl.sync.idx.b32 %r31, %r30, 5, 31, -1; // SHFL_READ\n"
         "\tsetp.eq.u32 %p4, %r1, 9;\n"
         "\t@%p4 st.global.u32 [%rd5], %r31; // SHFL_STORE\n"
         /* lanes 4 and 5 swap: lane 4 receives the undefined value, lane 5 lane 4's defined one */
         "\tshfl.sync.bfly.b32 %r26, %r30, 1, 31, -1; // BFLY_READ\n"
         "\tsetp.ne.u32 %p5, %r1, 4;\n"
         "\t@%p5 st.global.u32 [%rd5], %r26; // SHFL_DISCARD\n"
         /* the same with b and c in registers (their values come from the register file) */
         "\tmov.u32 %r23, 1;\n\tmov.u32 %r24, 31;\n"
         "\tshfl.sync.bfly.b32 %r27, %r30, %r23, %r24, -1; // BFLY_READ2\n"
         "\tsetp.ne.u32 %p6, %r1, 5;\n"
         "\t@%p6 st.global.u32 [%rd5], %r27; // SHFL_KEPT\n"
         "\t@%p7 st.global.u32 [%rd5], %r1; // GUARD\n"
         "\tret;\n}\n";

static void test_init_propagation(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 32, .nbufs = 2, .bytes = {256, 256}};
    run_snippet(&r, init_prop, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
#define AT(marker) count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_prop, marker))
    assert_int_equal(AT("// DISCARDED"), 0);
    assert_int_equal(AT("// BRANCH"), 32); /* lanes 16-31 of 2 blocks */
    assert_int_equal(AT("// ADDRESS"), 32);
    assert_int_equal(AT("// STORED"), 32);
    /* the uses of %r10's undefined lanes (through %r11 or not) all name its first read (ORIGIN):
     * BRANCH, ADDRESS, STORED, PAIR_BAD and SELP_BAD */
    assert_int_equal(AT("// ORIGIN"), 5 * 32);
    assert_int_equal(AT("// PAIR_OK"), 0);
    assert_int_equal(AT("// PAIR_BAD"), 32);
    assert_int_equal(AT("// SELP_OK"), 0);
    assert_int_equal(AT("// SELP_OK2"), 0);
    assert_int_equal(AT("// SELP_BAD"), 32);
    /* every lane receives lane 5's undefined %r30; only lane 9 stores it */
    assert_int_equal(AT("// SHFL_STORE"), 2);
    /* lane 4 receives it and does not store; lane 5 stores lane 4's defined value */
    assert_int_equal(AT("// SHFL_DISCARD"), 0);
    /* lane 4 receives it and stores it */
    assert_int_equal(AT("// SHFL_KEPT"), 2);
    /* both name the first read of %r30 */
    assert_int_equal(AT("// SHFL_READ"), 4);
    assert_int_equal(AT("// GUARD"), 64); /* %p7 never written: every lane */
#undef AT
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->at.ptx_line == line_of(init_prop, "// SHFL_KEPT")) {
            assert_int_equal(f->at.thread[0], 4);
            assert_non_null(strstr(f->message, "register %r30"));
        }
        if (f->at.ptx_line == line_of(init_prop, "// BRANCH")) assert_non_null(strstr(f->message, "decides a branch"));
        if (f->at.ptx_line == line_of(init_prop, "// ADDRESS"))
            assert_non_null(strstr(f->message, "forms a memory address"));
    }
    run_free(&r);
}

/* and/or with one undefined source (check_reginit.c): the other, defined source decides the result
 * alone where it is false (and) or true (or): CUB's `valid && pred(item)`. %r10 is undefined on
 * lanes 16-31, where %p1 is (defined) false. */
static const char init_andor[] = HEAD "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd5, %rd2, %rd3;\n"
                                      "\tsetp.lt.u32 %p1, %r1, 16;\n"
                                      "\t@%p1 mov.u32 %r10, 7;\n"
                                      "\tsetp.gt.u32 %p2, %r10, 5; // READ\n"
                                      "\tand.pred %p3, %p1, %p2;\n"
                                      "\t@%p3 bra J1; // AND_OK\n"
                                      "J1:\n"
                                      "\tor.pred %p4, %p1, %p2;\n"
                                      "\t@%p4 bra J2; // OR_BAD\n"
                                      "J2:\n"
                                      "\tnot.pred %p5, %p1;\n"
                                      "\tor.pred %p6, %p5, %p2;\n"
                                      "\t@%p6 bra J3; // OR_OK\n"
                                      "J3:\n"
                                      "\tselp.u32 %r11, -1, 0, %p1;\n"
                                      "\tand.b32 %r12, %r10, %r11;\n"
                                      "\tst.global.u32 [%rd5], %r12; // AND_B32_OK\n"
                                      "\tor.b32 %r13, %r10, %r11;\n"
                                      "\tst.global.u32 [%rd5], %r13; // OR_B32_BAD\n"
                                      "\tret;\n}\n";

static void test_init_and_or(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32, .nbufs = 2, .bytes = {256, 256}};
    run_snippet(&r, init_andor, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
#define AT(marker) count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_andor, marker))
    assert_int_equal(AT("// AND_OK"), 0);      /* false && undefined: false */
    assert_int_equal(AT("// OR_BAD"), 16);     /* false || undefined: undefined, lanes 16-31 */
    assert_int_equal(AT("// OR_OK"), 0);       /* true || undefined: true */
    assert_int_equal(AT("// AND_B32_OK"), 0);  /* x & 0 */
    assert_int_equal(AT("// OR_B32_BAD"), 16); /* x | 0 */
    assert_int_equal(AT("// READ"), 32);       /* both name the read of %r10 */
#undef AT
    run_free(&r);
}

/* Values are not followed across calls: an undefined value passed in a .param argument, or stored
 * into a .func's .param result, leaves its function and is reported there (check_reginit.c).
 * Lanes 16-31 never write %r10; f's %a3 is never written. */
static const char init_calls[] = TU_HEADER ".func (.param .b32 ret) f(.param .b32 x)\n{\n"
                                           "\t.reg .b32 %a<4>;\n"
                                           "\tld.param.b32 %a1, [x];\n"
                                           "\tadd.s32 %a2, %a1, 1; // CALLEE\n"
                                           "\tst.param.b32 [ret], %a3; // RESULT\n"
                                           "\tret;\n}\n"
                                           ".visible .entry k(.param .u64 p0, .param .u64 p1)\n{\n"
                                           "\t.reg .pred %p<4>;\n\t.reg .b32 %r<16>;\n"
                                           "\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 16;\n"
                                           "\t@%p1 mov.u32 %r10, 7;\n"
                                           "\t{\n\t.param .b32 a0;\n\t.param .b32 r0;\n"
                                           "\tst.param.b32 [a0], %r10; // ARG\n"
                                           "\tcall (r0), f, (a0);\n"
                                           "\tld.param.b32 %r11, [r0];\n\t}\n"
                                           "\tret;\n}\n";

static void test_init_calls(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32};
    run_snippet(&r, init_calls, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
#define AT(marker) count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_calls, marker))
    assert_int_equal(AT("// ARG"), 16);
    assert_int_equal(AT("// RESULT"), 32);
    /* reported once, at the call: the callee's argument counts as defined */
    assert_int_equal(AT("// CALLEE"), 0);
#undef AT
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++) {
        const ps_finding *f = ps_verifier_finding(r.v, i);
        if (f->at.ptx_line == line_of(init_calls, "// ARG"))
            assert_non_null(strstr(f->message, "passed to a called function"));
        if (f->at.ptx_line == line_of(init_calls, "// RESULT"))
            assert_non_null(strstr(f->message, "returned to the caller"));
    }
    assert_int_equal(error_findings(&r), 2);
    run_free(&r);
}

/* Warp collectives mix lanes (check_reginit.c): a ballot over a predicate undefined on lane 5 is
 * undefined on every lane; a ballot over defined predicates is not, whatever the lanes compute
 * elsewhere. */
static const char init_vote[] = HEAD "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd5, %rd2, %rd3;\n"
                                     "\tsetp.ne.u32 %p1, %r1, 5;\n"
                                     "\t@%p1 setp.lt.u32 %p2, %r1, 20;\n"
                                     "\tvote.sync.ballot.b32 %r10, %p2, -1; // BALLOT\n"
                                     "\tsetp.eq.u32 %p3, %r1, 0;\n"
                                     "\t@%p3 st.global.u32 [%rd5], %r10; // BALLOT_STORE\n"
                                     "\tvote.sync.ballot.b32 %r11, %p1, -1;\n"
                                     "\tst.global.u32 [%rd5], %r11; // BALLOT_OK\n"
                                     "\tret;\n}\n";

static void test_init_vote(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32, .nbufs = 2, .bytes = {256, 256}};
    run_snippet(&r, init_vote, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
#define AT(marker) count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_vote, marker))
    assert_int_equal(AT("// BALLOT_STORE"), 1); /* lane 0 stores it: lane 5's %p2 is in it */
    assert_int_equal(AT("// BALLOT"), 1);       /* named as the read of %p2 */
    assert_int_equal(AT("// BALLOT_OK"), 0);
#undef AT
    for (int i = 0; i < ps_verifier_finding_count(r.v); i++)
        assert_non_null(strstr(ps_verifier_finding(r.v, i)->message, "comes from predicate %p2"));
    run_free(&r);
}

/* Undefined values staged through shared memory (CUB's partial tiles): stored there they are no
 * finding; loaded back and discarded neither; loaded back and stored to global memory they are,
 * naming the register read first. Lanes 16-31 store an undefined word; after the barrier lane l
 * reads lane l ^ 16's word, so lanes 0-15 get undefined values; a second pass overwrites the
 * words with defined values. */
static const char init_shared_stage[] = HEAD "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd5, %rd2, %rd3;\n"
                                             "\tsetp.lt.u32 %p1, %r1, 16;\n"
                                             "\t@%p1 mov.u32 %r10, 7;\n"
                                             "\tst.shared.u32 [%r4], %r10; // STAGE\n"
                                             "\tbar.sync 0;\n"
                                             "\txor.b32 %r5, %r2, 64;\n\tadd.s32 %r6, %r3, %r5;\n"
                                             "\tld.shared.u32 %r7, [%r6]; // LOAD\n"
                                             "\tadd.u32 %r8, %r7, 1;\n"
                                             "\t@!%p1 st.global.u32 [%rd5], %r8; // KEEP_DEFINED\n"
                                             "\t@%p1 st.global.u32 [%rd5], %r8; // KEEP_UNDEFINED\n"
                                             "\tbar.sync 0;\n"
                                             "\tst.shared.u32 [%r4], %r1; // OVERWRITE\n"
                                             "\tbar.sync 0;\n"
                                             "\tld.shared.u32 %r9, [%r6];\n"
                                             "\tst.global.u32 [%rd5], %r9; // CLEAN\n"
                                             "\tret;\n}\n";

static void test_init_shared_stage(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 1, .block = 32, .nbufs = 2, .bytes = {256, 256}};
    run_snippet(&r, init_shared_stage, &s, CHECKS_MINE);
    assert_int_equal(r.st, PS_OK);
#define AT(marker) count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_shared_stage, marker))
    assert_int_equal(AT("// KEEP_DEFINED"), 0);
    assert_int_equal(AT("// KEEP_UNDEFINED"), 16);
    assert_int_equal(AT("// STAGE"), 16); /* named as the read of %r10 */
    assert_int_equal(AT("// CLEAN"), 0);
#undef AT
    assert_int_equal(error_findings(&r), 1);
    run_free(&r);
}

/* Local memory read before this thread wrote it (check_init.c): explicit .local accesses. */
static const char init_local[] = HEAD "\t.local .align 4 .b8 buf[64];\n"
                                      "\tst.local.u32 [buf], %r1;\n"
                                      "\tld.local.u32 %r6, [buf]; // OK\n"
                                      "\tld.local.u32 %r7, [buf+4]; // BAD\n"
                                      "\tsetp.lt.u32 %p1, %r1, 16;\n"
                                      "\t@%p1 st.local.u32 [buf+8], %r1;\n"
                                      "\tld.local.u32 %r8, [buf+8]; // HALF\n"
                                      "\tret;\n}\n";

static void test_init_local(void **state) {
    (void)state;
    run_ctx r;
    snip s = {.grid = 2, .block = 32};
    run_snippet(&r, init_local, &s, CHECKS_MINE);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, -1, line_of(init_local, "// OK")), 0);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_local, "// BAD")), 64);
    assert_int_equal(count_findings(&r, PS_FIND_UNINITIALIZED, PS_SEV_ERROR, line_of(init_local, "// HALF")), 32);
    run_free(&r);
}

/* ---- planted defects ---------------------------------------------------------------------- */

/* The PTX lines of a finding: its own and, for two-sided findings, the other access's. */
static int finding_lines(const ps_finding *f, int out[2]) {
    int n = 0;
    if (f->at.ptx_line) out[n++] = f->at.ptx_line;
    if (f->has_other && f->other.ptx_line && (n == 0 || f->other.ptx_line != out[0])) out[n++] = f->other.ptx_line;
    return n;
}

static bool line_in(int line, const cJSON *lines) {
    const cJSON *x;
    cJSON_ArrayForEach(x, lines) if (cJSON_IsNumber(x) && x->valueint == line) return true;
    return false;
}

/* An entry {kind, severity?, lines, match?}: the finding has that kind (and severity, when
 * given) and exactly those lines (or, with "match": "subset", only lines from the list). */
static bool entry_matches(const cJSON *e, const ps_finding *f) {
    const cJSON *kind = cJSON_GetObjectItem(e, "kind"), *lines = cJSON_GetObjectItem(e, "lines");
    const cJSON *match = cJSON_GetObjectItem(e, "match");
    if (!cJSON_IsString(kind) || strcmp(kind->valuestring, ps_finding_kind_name(f->kind))) return false;
    const cJSON *sev = cJSON_GetObjectItem(e, "severity");
    if (cJSON_IsString(sev) && strcmp(sev->valuestring, ps_severity_name(f->severity))) return false;
    int fl[2], n = finding_lines(f, fl);
    if (!n) return false;
    for (int i = 0; i < n; i++)
        if (!line_in(fl[i], lines)) return false;
    if (cJSON_IsString(match) && !strcmp(match->valuestring, "subset")) return true;
    const cJSON *x;
    cJSON_ArrayForEach(x, lines) {
        bool found = false;
        for (int i = 0; i < n; i++) found |= fl[i] == x->valueint;
        if (!found) return false;
    }
    return true;
}

static int run_defect(const char *dir) {
    char path[1024];
    snprintf(path, sizeof path, "%s/expected_findings.json", dir);
    size_t len;
    char *text = ps_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", path);
        return 2;
    }
    cJSON *exp = cJSON_Parse(text);
    free(text);
    const cJSON *expected = cJSON_GetObjectItem(exp, "expected"), *allowed = cJSON_GetObjectItem(exp, "allowed");
    if (!cJSON_IsArray(expected)) {
        fprintf(stderr, "%s: no \"expected\" array\n", path);
        cJSON_Delete(exp);
        return 2;
    }
    snprintf(path, sizeof path, "%s/defect.json", dir);
    case_run c;
    if (!run_case(path, PS_CHECK_ALL, 0, &c)) {
        case_free(&c);
        cJSON_Delete(exp);
        return 2;
    }
    int failures = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, expected) {
        bool found = false;
        for (int k = 0; k < ps_verifier_finding_count(c.v) && !found; k++)
            found = entry_matches(e, ps_verifier_finding(c.v, k));
        char *s = cJSON_PrintUnformatted(cJSON_GetObjectItem(e, "lines"));
        printf("%s: expected %s at %s: %s\n", dir, cJSON_GetObjectItem(e, "kind")->valuestring, s,
               found ? "found" : "MISSING");
        free(s);
        failures += !found;
    }
    for (int k = 0; k < ps_verifier_finding_count(c.v); k++) {
        const ps_finding *f = ps_verifier_finding(c.v, k);
        bool known = false;
        cJSON_ArrayForEach(e, expected) known |= entry_matches(e, f);
        cJSON_ArrayForEach(e, allowed) known |= entry_matches(e, f);
        int fl[2], n = finding_lines(f, fl);
        printf("%s:   %s %s at %d%s%.0d x%llu: %s\n", dir, ps_severity_name(f->severity), ps_finding_kind_name(f->kind),
               n ? fl[0] : 0, n > 1 ? "," : "", n > 1 ? fl[1] : 0, (unsigned long long)f->count, f->message);
        if (!known && f->severity == PS_SEV_ERROR) {
            printf("%s: UNEXPECTED error finding above\n", dir);
            failures++;
        }
    }
    case_free(&c);
    cJSON_Delete(exp);
    return failures ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--defect")) return run_defect(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_race_shared_across_warps),
        cmocka_unit_test(test_race_barrier_orders),
        cmocka_unit_test(test_race_war),
        cmocka_unit_test(test_race_phase_shortcuts),
        cmocka_unit_test(test_race_scatter_store_phases),
        cmocka_unit_test(test_race_named_barrier_arrive),
        cmocka_unit_test(test_race_atomics),
        cmocka_unit_test(test_race_lanes_same_word),
        cmocka_unit_test(test_race_same_warp_volta),
        cmocka_unit_test(test_race_split_barrier),
        cmocka_unit_test(test_race_global),
        cmocka_unit_test(test_race_async_mbarrier),
        cmocka_unit_test(test_race_mbarrier_phase),
        cmocka_unit_test(test_race_warp_level_paths),
        cmocka_unit_test(test_barrier_exited_lanes_ok),
        cmocka_unit_test(test_barrier_half_warp),
        cmocka_unit_test(test_barrier_different_instructions),
        cmocka_unit_test(test_barrier_count_mismatch),
        cmocka_unit_test(test_init_shared),
        cmocka_unit_test(test_init_global),
        cmocka_unit_test(test_init_registers),
        cmocka_unit_test(test_init_propagation),
        cmocka_unit_test(test_init_shared_stage),
        cmocka_unit_test(test_init_and_or),
        cmocka_unit_test(test_init_calls),
        cmocka_unit_test(test_init_vote),
        cmocka_unit_test(test_init_local),
        cmocka_unit_test(test_init_reg_params),
        cmocka_unit_test(test_clean_corpus),
    };
    return cmocka_run_group_tests_name("checkers", tests, NULL, NULL);
}
