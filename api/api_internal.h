/* api_internal.h — what the handles of ptxsim.h hold, shared by the files of the api module. */
#ifndef PTXSIM_API_INTERNAL_H
#define PTXSIM_API_INTERNAL_H

#include <pthread.h>

#include "manifest.h"
#include "ptxsim.h"
#include "sim.h"
#include "verify.h"

struct ptxsim_diagnostics {
    ptxsim_diagnostic *items;
    int count, errors;
};

struct ptxsim_kernel {
    ptxsim_module *mod;
    const ps_func *fn;
    const ps_var *const *params;
    int nparams;
    size_t params_size;
};

struct ptxsim_module {
    ptxsim_context *ctx;
    char *name;
    ps_module *ast;
    ps_program *prog;
    ptxsim_diagnostics *unsupported; /* NULL when everything can run */
    ptxsim_kernel *kernels;
    int nkernels;
};

struct ptxsim_context {
    pthread_mutex_t lock; /* every call that touches the context holds it */
    const ps_arch *arch;  /* NULL: each module's .target */
    ptxsim_options opt;
    ps_device *dev;
    ptxsim_module **mods;
    int nmods, cap_mods;
    char msg[1024];
};

struct ptxsim_report {
    ps_launch_result res;
    ps_verifier *ver; /* NULL for a plain run */
    ptxsim_stats stats;
    ptxsim_fault fault;
    bool has_fault;
    ps_line_counters *lines; /* ps_verifier_line_counters, after the launch */
    int nlines;
};

struct ptxsim_case {
    ps_manifest *man;
    uint8_t *params;
    size_t params_size;
    bool prepared;
    int next;     /* the launch ptxsim_case_launch_at may run next (besides 0) */
    char *output; /* what the latest launch printed (for "expect_output") */
    size_t output_len;
    struct ps_mcompare_list { /* the latest ptxsim_case_compare's outcome, one per "expect" */
        ps_mcompare *r;
        bool done;
    } * cmp;
    char **written_names; /* "kernel" names as written, replaced by the PTX names they name
                                  * (case.c); kept alive for clients still holding them */
    int n_written_names;
};

/* Sets the context's message and returns st. */
ptxsim_status api_mem_fail(ptxsim_context *ctx, uint64_t bytes, const char *name);
ptxsim_status api_fail(ptxsim_context *ctx, ptxsim_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
ptxsim_status api_status(ps_status st);
ptxsim_diagnostics *api_diags_copy(const ps_diags *d);
/* ptxsim_launch with the context already locked. */
ptxsim_status api_launch_locked(ptxsim_context *ctx, ptxsim_kernel *k, const ptxsim_launch_config *cfg,
                                ptxsim_report **report);

#endif
