/* fuzz_module.c — libFuzzer harness: module load (parse, validate, decode, link) of arbitrary
 * bytes through the public API. Input: PTX text; NUL bytes split it into up to four modules that
 * are linked together (ptxsim_module_link), otherwise one module is validated (`ptxsim parse`)
 * and loaded. Any outcome but a crash, a sanitizer report, a hang or a runaway allocation is
 * fine: diagnostics are the expected answer to most inputs. docs/fuzz.md, "libFuzzer". */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptxsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!devnull) devnull = fopen("/dev/null", "w");
    ptxsim_context *ctx;
    if (ptxsim_context_create(NULL, &ctx, NULL) != PTXSIM_OK) return 0;
    const char *src = (const char *)data;
    ptxsim_source mods[4];
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= size && n < 4; i++)
        if (i == size || (data[i] == 0 && n < 3)) {
            mods[n] = (ptxsim_source){n == 0       ? "a.ptx"
                                          : n == 1 ? "b.ptx"
                                          : n == 2 ? "c.ptx"
                                                   : "d.ptx",
                                      src + start, i - start};
            n++;
            start = i + 1;
        }
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *d = NULL;
    if (n == 1) {
        ptxsim_module_info info;
        ptxsim_validate(ctx, "a.ptx", src, size, &info, &d);
        if (d && devnull) ptxsim_diagnostics_print(d, devnull);
        ptxsim_diagnostics_free(d);
        d = NULL;
        ptxsim_module_load(ctx, "a.ptx", src, size, &m, &d);
    } else {
        ptxsim_module_link(ctx, mods, n, &m, &d);
    }
    if (d && devnull) ptxsim_diagnostics_print(d, devnull);
    ptxsim_diagnostics_free(d);
    if (m) {
        /* what a client asks of a loaded module */
        ptxsim_module_info info;
        ptxsim_module_get_info(m, &info);
        for (int k = 0; k < ptxsim_module_kernel_count(m); k++) {
            ptxsim_kernel *kern;
            if (ptxsim_module_kernel(m, ptxsim_module_kernel_name(m, k), &kern) != PTXSIM_OK) continue;
            size_t sz, off;
            for (int p = 0; p < ptxsim_kernel_param_count(kern); p++) ptxsim_kernel_param(kern, p, &sz, &off);
        }
    }
    ptxsim_context_destroy(ctx); /* unloads m */
    return 0;
}
