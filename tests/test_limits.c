/* test_limits.c — the resource policy through the public API (api/ptxsim.h, docs/limits.md):
 * ptxsim_options.max_memory (default 4 GiB) bounds allocations before any memory is taken,
 * and a module variable's too, and ptxsim_options.timeout stops an endless launch by
 * wall-clock time. The CLI side of each row of issue 15 is in the scripts in tests/limits. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <time.h>

#include "ptxsim.h"

static void default_memory_limit_is_4_gib(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_80", &ctx, NULL), PTXSIM_OK);
    ptxsim_options o;
    ptxsim_context_get_options(ctx, &o);
    assert_int_equal(o.max_memory, 0); /* 0: the default */
    uint64_t a, b;
    assert_int_equal(ptxsim_mem_alloc(ctx, (4ull << 30) + 1, "too_big", &a), PTXSIM_ERR_OUT_OF_MEMORY);
    assert_non_null(strstr(ptxsim_context_message(ctx), "4294967296-byte memory limit"));
    /* 3 GiB fit (mapped lazily, never touched), another 2 GiB do not */
    assert_int_equal(ptxsim_mem_alloc(ctx, 3ull << 30, "a", &a), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_alloc(ctx, 2ull << 30, "b", &b), PTXSIM_ERR_OUT_OF_MEMORY);
    assert_non_null(strstr(ptxsim_context_message(ctx), "3221225472 of the 4294967296-byte memory limit are in use"));
    /* freeing gives the bytes back */
    assert_int_equal(ptxsim_mem_free(ctx, a), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_alloc(ctx, 2ull << 30, "b", &b), PTXSIM_OK);
    ptxsim_context_destroy(ctx);
}

static void max_memory_option(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_80", &ctx, NULL), PTXSIM_OK);
    ptxsim_options o;
    ptxsim_context_get_options(ctx, &o);
    o.max_memory = 1 << 20;
    assert_int_equal(ptxsim_context_set_options(ctx, &o), PTXSIM_OK);
    uint64_t a, b;
    assert_int_equal(ptxsim_mem_alloc(ctx, 1 << 19, "half", &a), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_alloc(ctx, (1 << 19) + 1, "more", &b), PTXSIM_ERR_OUT_OF_MEMORY);
    assert_non_null(strstr(ptxsim_context_message(ctx), "'more': 524288 of the 1048576-byte memory limit"));
    assert_int_equal(ptxsim_mem_alloc(ctx, 1 << 19, "rest", &b), PTXSIM_OK);
    /* a module variable meets the same limit, located at its declaration */
    static const char src[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                              ".global .b8 g[16];\n.visible .entry k()\n{\nret;\n}\n";
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    assert_int_equal(ptxsim_module_load(ctx, "v.ptx", src, sizeof src - 1, &m, &d), PTXSIM_ERR_OUT_OF_MEMORY);
    int found = 0;
    for (int i = 0; i < ptxsim_diagnostics_count(d); i++) {
        const ptxsim_diagnostic *g = ptxsim_diagnostics_get(d, i);
        found |= g->line == 4 && strstr(g->message, "variable 'g' needs 16 bytes") != NULL;
    }
    assert_true(found);
    ptxsim_diagnostics_free(d);
    ptxsim_context_destroy(ctx);
}

static const char loop_ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                               ".visible .entry spin()\n{\n.reg .b32 %r<2>;\nmov.u32 %r1, 0;\n"
                               "L: add.s32 %r1, %r1, 1;\nbra.uni L;\n}\n";

static void timeout_option(void **state) {
    (void)state;
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_80", &ctx, NULL), PTXSIM_OK);
    ptxsim_options o;
    ptxsim_context_get_options(ctx, &o);
    o.timeout = 0.5;
    o.threads = 1;
    assert_int_equal(ptxsim_context_set_options(ctx, &o), PTXSIM_OK);
    ptxsim_module *m;
    ptxsim_kernel *k;
    assert_int_equal(ptxsim_module_load(ctx, "loop.ptx", loop_ptx, sizeof loop_ptx - 1, &m, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_module_kernel(m, "spin", &k), PTXSIM_OK);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ptxsim_report *r = NULL;
    ptxsim_status st = ptxsim_launch(ctx, k, &(ptxsim_launch_config){.grid = {1, 1, 1}, .block = {32, 1, 1}}, &r);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    assert_int_equal(st, PTXSIM_ERR_WATCHDOG);
    assert_true(s >= 0.5 && s < 5.0);
    const ptxsim_fault *f = ptxsim_report_fault(r);
    assert_non_null(f);
    assert_non_null(strstr(f->message, "still running after 0.5 s of wall-clock time"));
    assert_true(f->ptx_line == 8 || f->ptx_line == 9);
    ptxsim_report_free(r);
    o.timeout = 0 / 0.0; /* NaN */
    assert_int_equal(ptxsim_context_set_options(ctx, &o), PTXSIM_ERR_INVALID_ARGUMENT);
    ptxsim_context_destroy(ctx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_memory_limit_is_4_gib),
        cmocka_unit_test(max_memory_option),
        cmocka_unit_test(timeout_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
