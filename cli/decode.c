/* decode.c — `ptxsim decode FILE.ptx [--kernel NAME] [--target sm_XX]`: loads the module as run
 * does and prints its decoded program (ptxsim_module_listing; docs/decode.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "decode.h"
#include "ptxsim.h"

int ptxsim_cmd_decode(int argc, char **argv) {
    const char *file = NULL, *kernel = NULL, *target = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--kernel") || !strcmp(a, "--target")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ptxsim: error: %s needs a value (ptxsim help decode)\n", a);
                return 2;
            }
            *(a[2] == 'k' ? &kernel : &target) = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ptxsim: error: unknown option '%s' of 'decode' (ptxsim help decode)\n", a);
            return 2;
        } else if (file) {
            fprintf(stderr, "ptxsim: error: 'decode' takes one PTX file; a second: '%s'\n", a);
            return 2;
        } else {
            file = a;
        }
    }
    if (!file) {
        fprintf(stderr,
                "ptxsim: error: 'decode' needs a PTX file\nusage: ptxsim decode FILE.ptx [--kernel NAME] "
                "[--target sm_XX]\n");
        return 2;
    }
    size_t len = 0;
    char *src = ps_read_file(file, &len);
    if (!src) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", file, strerror(errno));
        return 2;
    }
    ptxsim_context *ctx;
    const char *why = NULL;
    if (ptxsim_context_create(target, &ctx, &why) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: unknown target '%s'%s%s\n", target ? target : "?", why ? ": " : "",
                why ? why : "");
        free(src);
        return 2;
    }
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *diag = NULL;
    ptxsim_status s = ptxsim_module_load(ctx, file, src, len, &m, &diag);
    ptxsim_diagnostics_print(diag, stderr);
    ptxsim_diagnostics_free(diag);
    int rc = 2;
    if (s != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", file, ptxsim_context_message(ctx));
    } else if (ptxsim_module_listing(m, kernel, src, len, stdout) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s has no kernel '%s'\n", file, kernel);
    } else {
        rc = 0;
    }
    ptxsim_context_destroy(ctx);
    free(src);
    return rc;
}
