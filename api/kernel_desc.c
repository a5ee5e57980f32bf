/* kernel_desc.c — what a kernel's parameters are, for clients that describe a launch without a
 * CUDA header (ptxsim init): the declaration (name, type, size, alignment) and whether the kernel
 * uses the value as a memory address, followed through the registers it is copied into. */
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"

/* Which parameters (bit i: parameter i, the first 64) each register may hold an address derived
 * from, propagated forward through the body until nothing changes (loops need a second pass). */
typedef struct {
    uint64_t *taint; /* per register */
    const ps_var *const *params;
    int nparams;
} param_flow;

static int param_index(const param_flow *pf, const ps_var *v) {
    for (int i = 0; i < pf->nparams && i < 64; i++)
        if (pf->params[i] == v) return i;
    return -1;
}

static uint64_t operand_taint(const param_flow *pf, const ps_operand *o) {
    if (o->kind == PS_OP_REG && o->reg >= 0) return pf->taint[o->reg];
    if (o->kind == PS_OP_VEC || o->kind == PS_OP_LIST) {
        uint64_t t = 0;
        for (int i = 0; i < o->nitems; i++) t |= operand_taint(pf, &o->items[i]);
        return t;
    }
    return 0;
}

static bool is_memory_form(ps_form f) {
    return f == PS_F_LD || f == PS_F_LDU || f == PS_F_ST || f == PS_F_ATOM || f == PS_F_RED;
}

/* Whether the instruction names memory (an [address] operand): what it writes is not an address
 * derived from its operands (a load's value, an mbarrier's state). */
static bool has_address_operand(const ps_insn *in) {
    for (int i = 0; i < in->nops; i++)
        if (in->ops[i].kind == PS_OP_ADDR) return true;
    return false;
}

/* One pass; true when a register gained a parameter. */
static bool flow_pass(param_flow *pf, const ps_func *fn) {
    bool changed = false;
    for (int n = 0; n < fn->ninsns; n++) {
        const ps_insn *in = &fn->insns[n];
        if (in->nops < 2 || in->ops[0].kind != PS_OP_REG || in->ops[0].reg < 0) continue;
        uint64_t t = 0;
        if ((in->form == PS_F_LD) && in->ops[1].kind == PS_OP_ADDR && in->ops[1].var &&
            in->ops[1].var->space == PS_SPACE_PARAM) {
            int p = param_index(pf, in->ops[1].var);
            if (p >= 0) t = 1ull << p;
        } else if (!has_address_operand(in)) {
            for (int i = 1; i < in->nops; i++) t |= operand_taint(pf, &in->ops[i]);
        }
        uint64_t *d = &pf->taint[in->ops[0].reg];
        if ((*d | t) != *d) {
            *d |= t;
            changed = true;
        }
    }
    return changed;
}

/* The element type an instruction accesses memory as: its first type, or for an untyped copy
 * (cp.async) of 4 or 8 bytes the bits; NULL when it does not say. */
static const char *access_type(const ps_insn *in) {
    if (in->ntypes > 0) return ps_type_name(in->types[0]);
    for (int i = 0; i < in->nops; i++)
        if (in->ops[i].kind == PS_OP_IMM && (in->ops[i].imm == 4 || in->ops[i].imm == 8))
            return in->ops[i].imm == 4 ? "b32" : "b64";
    return NULL;
}

bool ptxsim_kernel_param_desc(const ptxsim_kernel *k, int i, ptxsim_param_desc *out) {
    if (!k || !out || i < 0 || i >= k->nparams) return false;
    memset(out, 0, sizeof *out);
    const ps_var *v = k->params[i];
    out->name = v->name;
    out->type = ps_type_name(v->type);
    out->size = (size_t)v->size;
    out->align = (size_t)(v->align > 0 ? v->align : 1);
    out->vector = v->vec;
    out->is_array = v->is_array;
    out->declared_pointer = v->ptr_attr;
    if (i >= 64 || v->size != 8) return true; /* only 64-bit values are followed as addresses */

    const ps_func *fn = k->fn;
    param_flow pf = {calloc((size_t)fn->nregs + 1, sizeof(uint64_t)), k->params, k->nparams};
    if (!pf.taint) return true;
    for (int pass = 0; pass < 8 && flow_pass(&pf, fn); pass++) {}
    bool best = false;
    for (int n = 0; n < fn->ninsns; n++) {
        const ps_insn *in = &fn->insns[n];
        for (int o = 0; o < in->nops; o++) {
            const ps_operand *a = &in->ops[o];
            if (a->kind != PS_OP_ADDR || a->reg < 0 || !(pf.taint[a->reg] >> i & 1)) continue;
            out->used_as_address = true;
            const char *t = access_type(in);
            /* a load or store names the element type best; other instructions (wmma.load, cp.async)
             * only where nothing else does */
            if (t && (!out->access_type || (is_memory_form(in->form) && !best))) {
                out->access_type = t;
                out->access_line = in->line;
                best = is_memory_form(in->form);
            }
        }
    }
    free(pf.taint);
    return true;
}
