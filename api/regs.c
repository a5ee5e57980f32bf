/* regs.c — a kernel's register use from PTX liveness (verify/regpressure.c; docs/registers.md)
 * and the performance directives that bound it, for `ptxsim regs`. */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

ptxsim_status ptxsim_kernel_reg_usage(const ptxsim_kernel *k, ptxsim_reg_usage *out) {
    if (!k || !out) return PTXSIM_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    const ps_func *f = k->fn;
    ps_regpressure p;
    ps_regpressure_compute(f, NULL, &p);
    out->declared_pred = p.declared[PS_RC_PRED];
    out->declared_16 = p.declared[PS_RC_16];
    out->declared_32 = p.declared[PS_RC_32];
    out->declared_64 = p.declared[PS_RC_64];
    out->declared_128 = p.declared[PS_RC_128];
    out->declared_regs32 = p.declared32;
    out->peak_pred = p.peak[PS_RC_PRED];
    out->peak_16 = p.peak[PS_RC_16];
    out->peak_32 = p.peak[PS_RC_32];
    out->peak_64 = p.peak[PS_RC_64];
    out->peak_128 = p.peak[PS_RC_128];
    out->peak_regs32 = p.peak32;
    out->peak_line = p.peak_line;
    out->maxnreg = f->maxnreg;
    out->minnctapersm = f->minnctapersm;
    out->maxnctapersm = f->maxnctapersm;
    out->ninsns = p.ninsns;
    out->line = p.line; /* handed over: ptxsim_reg_usage_free frees them */
    out->live32 = p.live32;
    out->live_pred = p.live_pred;
    return PTXSIM_OK;
}

void ptxsim_reg_usage_free(ptxsim_reg_usage *u) {
    if (!u) return;
    free(u->line);
    free(u->live32);
    free(u->live_pred);
    memset(u, 0, sizeof *u);
}
