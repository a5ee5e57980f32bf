/* test_fuzz_regress.c — what the libFuzzer harnesses (tests/fuzz, docs/fuzz.md) found, one test
 * each, named after the finding and run the way the harness ran it (public API, one host
 * thread). Each input is the fuzzer's artefact cut down by hand to the statements that matter. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "ptxsim.h"

typedef struct {
    ptxsim_status st;
    char fault[64]; /* the fault's kind, "" when none */
    char fault_message[256];
    int findings;
    char first_kind[32]; /* the first finding's kind */
    char first_message[256];
} outcome;

/* Loads ptx, launches its first kernel on one CTA of `threads` threads with every 8-byte
 * parameter pointing at a 256-byte buffer, with the checkers in `checks`. */
static outcome run(const char *ptx, unsigned threads, unsigned checks) {
    outcome o = {0};
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create(NULL, &ctx, NULL), PTXSIM_OK);
    ptxsim_options opt;
    ptxsim_context_get_options(ctx, &opt);
    opt.checks = checks, opt.threads = 1, opt.watchdog = 100000;
    assert_int_equal(ptxsim_context_set_options(ctx, &opt), PTXSIM_OK);
    ptxsim_module *m;
    ptxsim_diagnostics *d = NULL;
    ptxsim_status st = ptxsim_module_load(ctx, "regress.ptx", ptx, strlen(ptx), &m, &d);
    if (st != PTXSIM_OK) ptxsim_diagnostics_print(d, stderr);
    ptxsim_diagnostics_free(d);
    assert_int_equal(st, PTXSIM_OK);
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_kernel(m, NULL, &k), PTXSIM_OK);
    uint64_t buf;
    assert_int_equal(ptxsim_mem_alloc(ctx, 256, "buf", &buf), PTXSIM_OK);
    uint8_t params[64] = {0};
    size_t psize = ptxsim_kernel_params_size(k);
    assert_true(psize <= sizeof params);
    for (int i = 0; i < ptxsim_kernel_param_count(k); i++) {
        size_t sz, off;
        assert_true(ptxsim_kernel_param(k, i, &sz, &off));
        if (sz == 8) memcpy(params + off, &buf, 8);
    }
    ptxsim_launch_config cfg = {.grid = {1, 1, 1},
                                .block = {threads, 1, 1},
                                .param_buffer = params,
                                .param_buffer_size = psize};
    ptxsim_report *r = NULL;
    o.st = ptxsim_launch(ctx, k, &cfg, &r);
    if (r) {
        const ptxsim_fault *f = ptxsim_report_fault(r);
        if (f) {
            snprintf(o.fault, sizeof o.fault, "%s", f->kind);
            snprintf(o.fault_message, sizeof o.fault_message, "%s", f->message);
        }
        o.findings = ptxsim_report_finding_count(r);
        ptxsim_finding fd;
        if (o.findings && ptxsim_report_finding(r, 0, &fd)) {
            snprintf(o.first_kind, sizeof o.first_kind, "%s", fd.kind);
            snprintf(o.first_message, sizeof o.first_message, "%s", fd.message);
        }
        ptxsim_report_free(r);
    }
    ptxsim_context_destroy(ctx);
    return o;
}

/* Leaves a recognisable non-zero pattern in the stack below the caller, where the launch's
 * frames will be: a field that is read before it is written then holds 0x0101... (an unaligned
 * pointer that faults) instead of whatever earlier calls happened to leave there. */
static __attribute__((noinline)) void dirty_stack(void) {
    volatile uint8_t junk[256 << 10];
    for (size_t i = 0; i < sizeof junk; i++) junk[i] = 1;
}

/* fuzz_launch, verify/check_race.c: the race checker read the stored values of an mbarrier.init
 * event through ps_mem_event.values, which the engine's event batches (sim/exec_async.c) never
 * set: a stack pointer (UBSan: misaligned load). 32 lanes initialise one mbarrier with
 * different counts: different values stored to the same 8 bytes by lanes of one instruction, a
 * write-after-write race (docs/checkers.md). */
static void fuzz_evbatch_values_unset(void **state) {
    (void)state;
    static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k() {\n"
                              "  .reg .b32 %r<4>;\n"
                              "  .shared .align 8 .b64 bar;\n"
                              "  mov.u32 %r1, bar;\n"
                              "  mov.u32 %r2, %tid.x;\n"
                              "  add.u32 %r2, %r2, 1;\n"
                              "  mbarrier.init.shared::cta.b64 [%r1], %r2;\n"
                              "  ret;\n"
                              "}\n";
    dirty_stack();
    outcome o = run(ptx, 32, PTXSIM_CHECK_ALL);
    assert_int_equal(o.st, PTXSIM_OK);
    assert_int_equal(o.findings, 1);
    assert_string_equal(o.first_kind, "race");
    assert_non_null(strstr(o.first_message, "same bytes"));
}

/* fuzz_launch, sim/memory.c: a shared-memory address just below 2^64 (ld.shared.u32 [%r+-4]
 * with %r = 0) passed the bounds check `addr + size > shared_size` by wrapping around to 0, and
 * the load read 4 bytes before the CTA's shared memory (the checkers' per-lane path; the plain
 * run's span check was right). Such an address is out of bounds, whichever way it wraps. */
static void fuzz_shared_offset_wraps(void **state) {
    (void)state;
    static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k(.param .u64 out) {\n"
                              "  .reg .b32 %r<4>;\n"
                              "  .reg .b64 %rd<4>;\n"
                              "  .shared .align 8 .b64 sh[4];\n"
                              "  ld.param.u64 %rd1, [out];\n"
                              "  mov.u32 %r1, 0;\n"
                              "  ld.shared.u32 %r2, [%r1+-4];\n"
                              "  st.global.u32 [%rd1], %r2;\n"
                              "  ret;\n"
                              "}\n";
    for (unsigned threads = 1; threads <= 32; threads += 31) {
        outcome o = run(ptx, threads, PTXSIM_CHECK_ALL);
        assert_int_equal(o.st, PTXSIM_ERR_FAULT);
        assert_string_equal(o.fault, "out-of-bounds");
        /* the shared read itself is refused (before the fix a later look-up of the wrapped
         * address as a cluster rank faulted, after the read; ASan saw the read) */
        assert_non_null(strstr(o.fault_message, "out-of-bounds shared read of 4 bytes"));
    }
}

/* The same wrap-around in local memory: a thread's local window is [0, its frame's size). */
static void fuzz_local_offset_wraps(void **state) {
    (void)state;
    static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k(.param .u64 out) {\n"
                              "  .reg .b32 %r<4>;\n"
                              "  .reg .b64 %rd<4>;\n"
                              "  .local .align 8 .b8 loc[16];\n"
                              "  ld.param.u64 %rd1, [out];\n"
                              "  mov.u64 %rd2, 0;\n"
                              "  st.local.u32 [loc], 5;\n"
                              "  ld.local.u32 %r2, [%rd2+-4];\n"
                              "  st.global.u32 [%rd1], %r2;\n"
                              "  ret;\n"
                              "}\n";
    outcome o = run(ptx, 1, PTXSIM_CHECK_RACE);
    assert_int_equal(o.st, PTXSIM_ERR_FAULT);
    assert_string_equal(o.fault, "out-of-bounds");
}

/* fuzz_launch (1,600 artefacts in one campaign), parser/parser.c: blocks that a syntax error left
 * open at the end of a function kept their unresolved label uses; closing them after the
 * function's own label tables were cleared made new tables that nothing freed (LeakSanitizer, in
 * the sanitizer builds that run this test). libFuzzer's minimised input, as it is. */
static void fuzz_unclosed_block_labels_leak(void **state) {
    (void)state;
    static const char ptx[] = "\n.version 8.0.target e .entry c{\n{ \t{call n}\n";
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create(NULL, &ctx, NULL), PTXSIM_OK);
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    assert_int_equal(ptxsim_module_load(ctx, "regress.ptx", ptx, sizeof ptx - 1, &m, &d), PTXSIM_ERR_PARSE);
    assert_true(ptxsim_diagnostics_errors(d) > 0);
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fuzz_evbatch_values_unset),
        cmocka_unit_test(fuzz_shared_offset_wraps),
        cmocka_unit_test(fuzz_local_offset_wraps),
        cmocka_unit_test(fuzz_unclosed_block_labels_leak),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
