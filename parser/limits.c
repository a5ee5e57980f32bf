/* limits.c — the parser's resource limits that ptxas enforces on declarations (docs/limits.md). */
#include "parser_internal.h"

/* A kernel's parameter space, laid out as the loader lays it (each parameter at its alignment):
 * ptxas 13.0 allows 4,352 bytes, and 32,764 from PTX ISA 8.1 on sm_70 and later ("Entry
 * function 'k' uses too much parameter space (0x1101 bytes, 0x1100 max)"). */
void ps_check_param_space(parser *p, const ps_func *fn, const token *at) {
    uint64_t off = 0;
    for (int i = 0; i < fn->nparams; i++) {
        uint64_t a = fn->params[i]->align > 0 ? (uint64_t)fn->params[i]->align : 1;
        off = (off + a - 1) / a * a + fn->params[i]->size;
    }
    if (off <= 4352) return;
    bool large = p->m->version >= 81 && (!p->m->arch || p->m->arch->sm >= 70);
    uint64_t max = large ? 32764 : 4352;
    if (off <= max) return;
    ps_diags_add(p->diags, PS_DIAG_ERROR, p->m->filename, at->line, at->col,
                 "kernel '%s' uses %llu bytes of parameter space; the limit is %llu%s", fn->name,
                 (unsigned long long)off, (unsigned long long)max,
                 large ? "" : " (32764 from PTX ISA 8.1 on sm_70 and later)");
}
