/* test_case_multi.c — multi-launch manifests through libptxsim (docs/manifest.md): launches run in
 * order on shared buffers, each compared with its own "expect"; out-of-order launches and the
 * single-launch entry points are refused. The final buffer is checked against a scan computed
 * here in C from the input file, independently of the simulator. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptxsim.h"

#define DIR "tests/manifest/multi/"

static void scan3_in_order(void **state) {
    (void)state;
    char err[1024];
    ptxsim_case *c;
    assert_int_equal(ptxsim_case_load(DIR "scan3.json", &c, err, sizeof err), PTXSIM_OK);
    assert_int_equal(ptxsim_case_launch_count(c), 3);
    ptxsim_context *ctx;
    assert_int_equal(ptxsim_context_create("sm_80", &ctx, NULL), PTXSIM_OK);
    ptxsim_module *m;
    assert_int_equal(ptxsim_module_load_file(ctx, DIR "scan3.ptx", &m, NULL), PTXSIM_OK);
    /* the one-launch entry points refuse it rather than run launch 0 alone */
    assert_int_equal(ptxsim_case_launch(ctx, c, m, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    assert_non_null(strstr(ptxsim_context_message(ctx), "has 3 launches"));
    assert_int_equal(ptxsim_case_prepare(ctx, c, m, NULL, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    /* launch 1 cannot come first, launch 2 cannot skip launch 1 */
    assert_int_equal(ptxsim_case_launch_at(ctx, c, m, 1, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    assert_int_equal(ptxsim_case_launch_at(ctx, c, m, 3, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    static const char *const kernels[] = {"block_scan", "scan_sums", "add_offsets"};
    static const int compared[] = {2, 1, 1};
    FILE *devnull = fopen("/dev/null", "w");
    assert_non_null(devnull);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ptxsim_case_launch_at(ctx, c, m, i, NULL), PTXSIM_OK);
        ptxsim_case_info ci;
        ptxsim_case_get_info(c, &ci);
        assert_int_equal(ci.launches, 3);
        assert_int_equal(ci.launch, i);
        assert_string_equal(ci.kernel, kernels[i]);
        assert_int_equal(ci.block[0], i == 1 ? 32 : 64);
        assert_int_equal(ptxsim_case_compare(ctx, c, devnull), 0);
        assert_int_equal(ptxsim_case_comparison_count(c), compared[i]);
        if (i == 0) assert_int_equal(ptxsim_case_launch_at(ctx, c, m, 2, NULL), PTXSIM_ERR_INVALID_ARGUMENT);
    }
    fclose(devnull);
    /* the C reference: an inclusive scan of in.bin */
    uint32_t in[256], got[256];
    FILE *f = fopen(DIR "in.bin", "rb");
    assert_non_null(f);
    assert_int_equal(fread(in, 4, 256, f), 256);
    fclose(f);
    uint64_t addr, bytes;
    assert_int_equal(ptxsim_case_buffer(c, "data", &addr, &bytes), PTXSIM_OK);
    assert_int_equal(bytes, sizeof got);
    assert_int_equal(ptxsim_mem_read(ctx, got, addr, sizeof got), PTXSIM_OK);
    uint32_t acc = 0;
    for (int k = 0; k < 256; k++) {
        acc += in[k];
        assert_int_equal(got[k], acc);
    }
    /* launch 0 again starts over with freshly filled buffers */
    assert_int_equal(ptxsim_case_launch_at(ctx, c, m, 0, NULL), PTXSIM_OK);
    assert_int_equal(ptxsim_case_buffer(c, "data", &addr, &bytes), PTXSIM_OK);
    assert_int_equal(ptxsim_mem_read(ctx, got, addr, sizeof got), PTXSIM_OK);
    assert_int_equal(got[64], in[64]); /* block 1's first element: no offset added yet */
    ptxsim_module_unload(m);
    ptxsim_context_destroy(ctx);
    ptxsim_case_free(c);
}

/* A single-launch manifest is a case of one launch. */
static void single_is_one_launch(void **state) {
    (void)state;
    char err[1024];
    ptxsim_case *c;
    assert_int_equal(ptxsim_case_load("tests/manifest/ok.json", &c, err, sizeof err), PTXSIM_OK);
    assert_int_equal(ptxsim_case_launch_count(c), 1);
    ptxsim_case_info ci;
    ptxsim_case_get_info(c, &ci);
    assert_int_equal(ci.launches, 1);
    assert_int_equal(ci.launch, 0);
    ptxsim_case_free(c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scan3_in_order),
        cmocka_unit_test(single_is_one_launch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
