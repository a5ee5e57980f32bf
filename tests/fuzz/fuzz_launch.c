/* fuzz_launch.c — libFuzzer harness: loads arbitrary bytes as one PTX module and launches its
 * first kernel on a tiny grid under a low watchdog, with or without the checkers. The last input
 * byte chooses how (bit 0: every checker, as `ptxsim check`; bit 1: a seeded random warp
 * schedule; bit 2: two warps per CTA instead of one); the bytes before it are the PTX. Kept fast
 * on purpose (one host thread, 2 CTAs, a 4,096-instruction watchdog, no files written), so a
 * campaign reaches millions of executions. docs/fuzz.md, "libFuzzer". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { BUF_BYTES = 1024, WATCHDOG = 4096 };

static FILE *devnull;

static void launch_first_kernel(ptxsim_context *ctx, ptxsim_module *m, unsigned how) {
    ptxsim_kernel *k;
    if (ptxsim_module_kernel(m, NULL, &k) != PTXSIM_OK) return;
    ptxsim_kernel_info ki;
    ptxsim_kernel_get_info(k, &ki);
    ptxsim_launch_config cfg = {.grid = {2, 1, 1}, .block = {how & 4 ? 64 : 32, 1, 1}, .shared_bytes = 128};
    if (ki.reqntid[0]) { /* the only block the kernel accepts, when it is small */
        uint64_t n = 1;
        for (int i = 0; i < 3; i++) {
            cfg.block[i] = ki.reqntid[i] > 0 ? (unsigned)ki.reqntid[i] : 1;
            n *= cfg.block[i];
        }
        if (n > 128) return;
    }
    /* two small buffers; every 8-byte parameter points at one of them, 4-byte ones count their
     * 32-bit words, anything else is zero */
    uint64_t buf[2];
    for (int b = 0; b < 2; b++) {
        if (ptxsim_mem_alloc(ctx, BUF_BYTES, b ? "out" : "in", &buf[b]) != PTXSIM_OK) return;
        uint8_t fill[BUF_BYTES];
        for (int i = 0; i < BUF_BYTES; i++) fill[i] = (uint8_t)(i * 37 + b);
        ptxsim_mem_write(ctx, buf[b], fill, sizeof fill);
    }
    size_t psize = ptxsim_kernel_params_size(k);
    if (psize > 4096) return;
    uint8_t *params = calloc(1, psize + 1);
    for (int p = 0; p < ptxsim_kernel_param_count(k); p++) {
        size_t sz, off;
        if (!ptxsim_kernel_param(k, p, &sz, &off) || off + sz > psize) continue;
        if (sz == 8) memcpy(params + off, &buf[p & 1], 8);
        else if (sz == 4) {
            uint32_t words = BUF_BYTES / 4;
            memcpy(params + off, &words, 4);
        }
    }
    cfg.param_buffer = params;
    cfg.param_buffer_size = psize;
    ptxsim_range fresh = {buf[1], BUF_BYTES}; /* "out" counts as never written (initcheck) */
    cfg.uninitialized = &fresh;
    cfg.n_uninitialized = 1;
    ptxsim_report *r = NULL;
    ptxsim_launch(ctx, k, &cfg, &r);
    if (r) {
        ptxsim_report_output(r, NULL);
        if (ptxsim_report_checked(r) && devnull) {
            ptxsim_report_format f = {.ptx_path = "fuzz.ptx", .kernel = ptxsim_kernel_name(k)};
            ptxsim_report_write_text(r, &f, devnull);
        }
        ptxsim_report_free(r);
    }
    free(params);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    if (!devnull) devnull = fopen("/dev/null", "w");
    unsigned how = data[size - 1];
    ptxsim_context *ctx;
    if (ptxsim_context_create(NULL, &ctx, NULL) != PTXSIM_OK) return 0;
    ptxsim_options o;
    ptxsim_context_get_options(ctx, &o);
    o.checks = how & 1 ? PTXSIM_CHECK_ALL : 0;
    o.threads = 1;
    o.watchdog = WATCHDOG;
    o.schedule_seed = how & 2 ? 1 + (how >> 3) : 0;
    ptxsim_context_set_options(ctx, &o);
    ptxsim_module *m = NULL;
    if (ptxsim_module_load(ctx, "fuzz.ptx", (const char *)data, size - 1, &m, NULL) == PTXSIM_OK)
        launch_first_kernel(ctx, m, how);
    ptxsim_context_destroy(ctx);
    return 0;
}
