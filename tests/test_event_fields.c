/* test_event_fields.c — regression tests for memory-event fields that handlers left unset. An
 * observer watches every instruction and, in the per-instruction event the warp loop sends just
 * before it calls the handler, fills the stack below itself with a byte pattern: the handler's
 * frame (and the ps_mem_event in it) then starts out as that pattern. A field of a memory event
 * that still holds the pattern when the event arrives was never written; the checkers would have
 * read stack garbage there (a flag word claiming facts the engine never stated, a pointer they
 * follow). Each kernel runs once per pattern, so a field that happens to hold one pattern's value
 * legitimately cannot pass unnoticed. The limit: a slot the handler's own earlier calls overwrite
 * before it builds the event no longer holds the pattern (cp.async.bulk multicast's global-load
 * `values`, for one, is not caught when left unset; its `hint` is). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* 0xA5 sets PS_MEM_ONE_SPACE and PS_MEM_ASYNC_PROXY in a forgotten hint, 0x5A PS_MEM_CONTIGUOUS;
 * both make a forgotten pointer non-canonical. */
static const uint8_t patterns[] = {0xA5, 0x5A};

typedef struct {
    uint8_t pattern;
    int events;      /* memory events seen */
    int unset;       /* of them, events with a field that still holds the pattern */
    char first[256]; /* the first such: line and field */
} watch;

static bool watch_all(void *ctx, const ps_insn *in) {
    (void)ctx, (void)in;
    return true;
}

/* Fills 64 KiB of stack below the caller, where the handler's frames will be: the handler is
 * called right after the per-instruction event returns, from the same frame that sent it. */
static __attribute__((noinline)) void fill_stack(uint8_t pattern) {
    volatile uint8_t junk[64 << 10];
    for (size_t i = 0; i < sizeof junk; i++) junk[i] = pattern;
}

static void on_insn(void *ctx, const ps_insn_event *e) {
    (void)e;
    fill_stack(((watch *)ctx)->pattern);
}

static void on_mem(void *ctx, const ps_mem_event *e) {
    watch *s = ctx;
    uint64_t p64;
    memset(&p64, s->pattern, sizeof p64);
    const char *field = NULL;
    if (e->hint == (unsigned)p64) field = "hint";
    else if ((uintptr_t)e->values == (uintptr_t)p64) field = "values";
    else if (e->remote == (uint32_t)p64) field = "remote";
    else if (e->size == (unsigned)p64 || e->elem == (unsigned)p64) field = "size";
    else if (e->mask == (uint32_t)p64) field = "mask";
    s->events++;
    if (!field) return;
    if (!s->unset++)
        snprintf(s->first, sizeof s->first, "line %d (%s): %s left as 0x%02x bytes", e->at.insn ? e->at.insn->line : 0,
                 e->at.insn ? e->at.insn->text : "?", field, s->pattern);
}

/* Runs `kernel` of ptx under the watching observer with each pattern; every memory event must
 * have all its fields written, and there must be `min_events` events at least. */
static void run_watched(const char *ptx, const char *kernel, tu_launch cfg, tu_buf *bufs, int nbufs, int min_events) {
    for (size_t i = 0; i < sizeof patterns; i++) {
        watch s = {.pattern = patterns[i]};
        ps_observer o = {.ctx = &s, .mem = on_mem, .watch_insn = watch_all, .insn = on_insn};
        cfg.observer = &o;
        ps_launch_result res;
        char diag[2048] = "";
        ps_status st = tu_run(ptx, kernel, &cfg, bufs, nbufs, &res, diag, sizeof diag);
        if (st != PS_OK) fail_msg("launch failed (%d): %s", (int)st, diag);
        if (s.unset)
            fail_msg("%d of %d memory events have an unset field; the first at %s", s.unset, s.events, s.first);
        assert_true(s.events >= min_events);
    }
}

/* sim/exec_matrix.c (b0d315e): the access events of ldmatrix and stmatrix (tc_access) left
 * `values` as stack garbage, which the race checker's same-value test followed for stmatrix lanes
 * storing to one address (test_verify segfaulted once the memory path's stack use changed). */
static void matrix_event_values_unset(void **state) {
    (void)state;
    static const char ptx[] = TU_HEADER ".visible .entry k(.param .u64 p0) {\n"
                                        "  .reg .b32 %r<8>;\n"
                                        "  .shared .align 16 .b8 tile[512];\n"
                                        "  mov.u32 %r1, tile;\n"
                                        "  mov.u32 %r2, %tid.x;\n"
                                        "  stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r1], {%r2};\n"
                                        "  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r3, %r4, %r5, %r6}, [%r1];\n"
                                        "  ret;\n"
                                        "}\n";
    static uint32_t out[4];
    tu_buf b[1] = {{out, sizeof out}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    run_watched(ptx, "k", cfg, b, 1, 2);
}

/* sim/exec_cluster.c (8d20676): the DSMEM access events and cp.async.bulk multicast's global-load
 * event left `hint` (and `values`) as stack garbage: the coalescing counts of `ptxsim check
 * corpus/cluster_dsmem/case.multicast.json` varied from run to run (2 or 4 global load requests
 * and an uncoalesced warning, as the garbage had PS_MEM_ASYNC_PROXY set or not). That case's
 * kernel, on its launch shape. */
static void cluster_event_hint_unset(void **state) {
    (void)state;
    FILE *f = fopen("corpus/cluster_dsmem/cluster_dsmem.sm_90a.ptx", "rb");
    assert_non_null(f);
    static char ptx[1 << 16];
    size_t n = fread(ptx, 1, sizeof ptx - 1, f);
    fclose(f);
    assert_true(n > 0 && n < sizeof ptx - 1);
    ptx[n] = 0;
    static uint32_t src[256], out[512];
    for (int i = 0; i < 256; i++) src[i] = (uint32_t)i * 2654435761u;
    tu_buf b[2] = {{src, sizeof src}, {out, sizeof out}};
    tu_launch cfg = {.grid = {8, 1, 1}, .block = {32, 1, 1}};
    run_watched(ptx, "cluster_multicast", cfg, b, 2, 8);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matrix_event_values_unset),
        cmocka_unit_test(cluster_event_hint_unset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
