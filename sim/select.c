/* select.c — the handler table: one selector per instruction family (isa/forms.def, column 10).
 * The decoder flattens a record's operands as the family says and calls its selector once; the
 * selector picks the handler from the form, types and modifiers, or returns NULL (with a reason
 * in why, or the family's standard message). FLOW and BARRIER records (branches, calls, barriers)
 * carry a control kind instead of a handler: decode.c builds them. */
#include <stdio.h>

#include "sim_internal.h"
#include "tensor.h"

/* Families whose selectors take only the instruction and its record. */
#define PLAIN(name, select)                                                                                 \
    static ps_exec_fn name(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) { \
        (void)s, (void)why, (void)len;                                                                      \
        return select(in, d);                                                                               \
    }
PLAIN(sel_int, ps_select_int)
PLAIN(sel_dot, ps_select_dot)
PLAIN(sel_float, ps_select_float)
PLAIN(sel_half, ps_select_half)
PLAIN(sel_mma, ps_select_mma)
PLAIN(sel_wmma, ps_select_wmma)
PLAIN(sel_matrix, ps_select_matrix)
#undef PLAIN

static ps_exec_fn sel_cvt(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)s, (void)why, (void)len;
    return in->form == PS_F_CVT_PACK ? ps_select_cvt_pack(in, d) : ps_select_cvt(in, d);
}

static ps_exec_fn sel_mem(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)why, (void)len;
    /* st.f32 of a 64-bit register stores its low half (ptxas) */
    if (in->form == PS_F_ST && in->ntypes && in->types[0] == PS_T_F32 && in->nops > 1) {
        const ps_operand *v = &in->ops[1];
        const ps_operand *r0 = v->kind == PS_OP_VEC && v->nitems ? &v->items[0] : v;
        if (r0->kind == PS_OP_REG && ps_type_size(s->fn->regs[r0->reg].type) == 8) d->flags |= DF_ST_F32_U64;
    }
    return ps_select_mem(in, d);
}

static ps_exec_fn sel_warp(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)s, (void)why, (void)len;
    ps_exec_fn f = ps_select_warp(in, d);
    /* lanes of a warp may meet at different bar.warp.sync instructions (sm_70+): the engine
     * parks the early ones (engine_warp.c) */
    if (f && in->form == PS_F_BAR_WARP_SYNC) d->ctl = CTL_WSYNC;
    return f;
}

/* The selectors that explain a refusal write at most these many bytes of why (as they always
 * have: the messages stay the same). */
static size_t cap(size_t len, size_t n) { return len < n ? len : n; }

static ps_exec_fn sel_video(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)s;
    return ps_select_video(in, d, why, cap(len, 200));
}

static ps_exec_fn sel_async(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    return ps_select_async(in, d, s->fn, why, cap(len, 200));
}

static ps_exec_fn sel_cluster(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)s;
    return ps_select_cluster(in, d, why, cap(len, 240)); /* exec_cluster.c */
}

static ps_exec_fn sel_stack(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    ps_exec_fn f = ps_select_stack(in, d, why, cap(len, 200)); /* exec_stack.c */
    if (f && in->form == PS_F_ALLOCA) s->fp->allocas = true;
    return f;
}

static ps_exec_fn sel_tex(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    const ps_module *m = s->module;
    if (m->texmode == 2 && (in->form == PS_F_TEX || in->form == PS_F_TLD4 || in->form == PS_F_TXQ)) {
        snprintf(why, len,
                 "'%s': ptxsim executes textures in unified mode (texture objects); this module declares "
                 "texmode_independent",
                 in->text);
        return NULL;
    }
    if ((in->form == PS_F_TEX || in->form == PS_F_TLD4) && in->nops > 1 && in->ops[1].sampler) {
        snprintf(why, len,
                 "'%s': a sampler operand ([texture, sampler, {coordinates}]) is an independent-mode texture; "
                 "ptxsim executes texture objects in unified mode only",
                 in->text);
        return NULL;
    }
    if (in->form == PS_F_SURED && m->version < 81 && (ps_insn_has(in, PS_WM(MIN)) || ps_insn_has(in, PS_WM(MAX))) &&
        (ps_insn_has(in, PS_WT(U64)) || ps_insn_has(in, PS_WT(S64)))) {
        snprintf(why, len, "'%s': 64-bit min/max operation on sured.b requires PTX ISA .version 8.1 or later (ptxas)",
                 in->text);
        return NULL;
    }
    return ps_select_tex(in, d, why, cap(len, 240)); /* exec_tex.c */
}

static ps_exec_fn sel_sm90_misc(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    (void)s;
    return ps_select_sm90_misc(in, d, why, cap(len, 200));
}

static ps_exec_fn sel_wgmma(const ps_select_ctx *s, const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    return ps_select_wgmma(in, d, s->fn, why, cap(len, 240));
}

#define NOT_YET  "'%s' is not supported by ptxsim yet"
#define OPERANDS "'%s' with these operands is not supported by ptxsim"

static const ps_family_info families[PS_FAM_COUNT] = {
    [PS_FAM_NONE] = {NULL, PS_OPS_DECODER, NOT_YET},
    [PS_FAM_FLOW] = {NULL, PS_OPS_DECODER, NULL},
    [PS_FAM_BARRIER] = {NULL, PS_OPS_DECODER, NULL},
    [PS_FAM_INT] = {sel_int, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_DOT] = {sel_dot, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_FLOAT] = {sel_float, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_HALF] = {sel_half, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_CVT] = {sel_cvt, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_MEM] = {sel_mem, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_WARP] = {sel_warp, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_VIDEO] = {sel_video, PS_OPS_FLAT, "unsupported video instruction"},
    [PS_FAM_ASYNC] = {sel_async, PS_OPS_FLAT, "unsupported asynchronous-copy or mbarrier instruction"},
    [PS_FAM_CLUSTER] = {sel_cluster, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_STACK] = {sel_stack, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_TEX] = {sel_tex, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_SM90MISC] = {sel_sm90_misc, PS_OPS_FLAT, NOT_YET},
    [PS_FAM_MATRIX] = {sel_matrix, PS_OPS_TENSOR, OPERANDS},
    [PS_FAM_MMA] = {sel_mma, PS_OPS_TENSOR, OPERANDS},
    [PS_FAM_WMMA] = {sel_wmma, PS_OPS_TENSOR, OPERANDS},
    [PS_FAM_WGMMA] = {sel_wgmma, PS_OPS_TENSOR, NOT_YET},
};

const ps_family_info *ps_family_get(ps_family f) {
    return (unsigned)f < PS_FAM_COUNT ? &families[f] : &families[PS_FAM_NONE];
}
