/* decode.c — turns each parsed function into an array of fixed-size records: operands resolved
 * to slots, handlers chosen per form and type, branch targets and reconvergence points
 * (immediate post-dominators) computed once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "tensor.h"

typedef struct {
    ps_program *prog;
    ps_fprog *fp;
    const ps_func *fn;
    ps_diags *diags;
    int cap_slots;
    uint16_t *reg_slot;    /* per function register: slot or predicate index */
    int *last_def;         /* per register: the nearest preceding instruction writing it (ptxas_model.c) */
    ps_contract *contract; /* per instruction: ptxas's mul+add contraction (ptxas_model.c); NULL: off */
    uint16_t zero_slot, scratch_slot;
    bool failed;
    bool slots_full; /* reported once: a .reg range may ask for a million slots */
    /* immediate value -> slot, open addressing (0xffff: empty): a function has thousands of
     * constants in big kernels, and a linear search of the slots was 4 % of `ptxsim parse` */
    uint64_t *imm_keys;
    uint16_t *imm_vals;
    int imm_cap, imm_n;
} dctx;

static void derr(dctx *c, const ps_insn *in, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void derr(dctx *c, const ps_insn *in, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ps_diags_vadd(&c->fp->diags, PS_DIAG_ERROR, c->fn->file ? c->fn->file : c->prog->module->filename,
                  in ? in->line : c->fn->line, in ? in->col : c->fn->col, fmt, ap);
    va_end(ap);
    c->failed = true;
}

/* Program-wide number of a .shared variable (its offset is chosen per launch). */
static int shared_id(ps_program *p, const ps_var *v) {
    for (int i = 0; i < p->nshared; i++)
        if (p->shared_vars[i] == v) return i;
    if (p->nshared == p->cap_shared) {
        p->cap_shared = p->cap_shared ? p->cap_shared * 2 : 8;
        p->shared_vars = ps_xrealloc(p->shared_vars, sizeof(ps_var *) * (size_t)p->cap_shared);
    }
    p->shared_vars[p->nshared] = v;
    return p->nshared++;
}

static uint16_t new_slot(dctx *c, ps_slot_info info) {
    ps_fprog *fp = c->fp;
    if (fp->nslots == c->cap_slots) {
        c->cap_slots = c->cap_slots ? c->cap_slots * 2 : 64;
        fp->slots = ps_xrealloc(fp->slots, (size_t)c->cap_slots * sizeof *fp->slots);
    }
    if (fp->nslots >= NO_SLOT - 1) {
        if (c->slots_full) return 0;
        c->slots_full = true;
        derr(c, NULL, "function '%s' needs more than %d register slots", c->fn->name, NO_SLOT - 1);
        return 0;
    }
    if (info.kind == SK_SHARED_SYM) info.value = (uint64_t)shared_id(c->prog, info.var);
    fp->slots[fp->nslots] = info;
    return (uint16_t)fp->nslots++;
}

static uint32_t imm_hash(uint64_t v) { return (uint32_t)((v * 0x9e3779b97f4a7c15ull) >> 32); }

/* Constant slots are shared: one per distinct value in a function. */
static uint16_t imm_slot(dctx *c, uint64_t v) {
    if (2 * (c->imm_n + 1) > c->imm_cap) {
        int oc = c->imm_cap;
        uint64_t *ok = c->imm_keys;
        uint16_t *ov = c->imm_vals;
        c->imm_cap = oc ? 2 * oc : 64;
        c->imm_keys = ps_xmalloc(sizeof(uint64_t) * (size_t)c->imm_cap);
        c->imm_vals = ps_xmalloc(sizeof(uint16_t) * (size_t)c->imm_cap);
        memset(c->imm_vals, 0xff, sizeof(uint16_t) * (size_t)c->imm_cap);
        for (int i = 0; i < oc; i++)
            if (ov[i] != 0xffff) {
                uint32_t h = imm_hash(ok[i]) & (uint32_t)(c->imm_cap - 1);
                while (c->imm_vals[h] != 0xffff) h = (h + 1) & (uint32_t)(c->imm_cap - 1);
                c->imm_keys[h] = ok[i], c->imm_vals[h] = ov[i];
            }
        free(ok);
        free(ov);
    }
    uint32_t h = imm_hash(v) & (uint32_t)(c->imm_cap - 1);
    for (; c->imm_vals[h] != 0xffff; h = (h + 1) & (uint32_t)(c->imm_cap - 1))
        if (c->imm_keys[h] == v) return c->imm_vals[h];
    uint16_t slot = new_slot(c, (ps_slot_info){.kind = SK_IMM, .value = v});
    c->imm_keys[h] = v, c->imm_vals[h] = slot;
    c->imm_n++;
    return slot;
}

static uint16_t sym_slot(dctx *c, uint8_t kind, const ps_var *v, int64_t addend) {
    for (int i = 0; i < c->fp->nslots; i++) {
        ps_slot_info *s = &c->fp->slots[i];
        if (s->kind == kind && s->var == v && s->addend == addend) return (uint16_t)i;
    }
    return new_slot(c, (ps_slot_info){.kind = kind, .var = v, .addend = addend});
}

static bool sreg_is_dynamic(ps_sreg s) {
    return s == PS_SREG_CLOCK || s == PS_SREG_CLOCK_HI || s == PS_SREG_CLOCK64 || s == PS_SREG_GLOBALTIMER ||
        s == PS_SREG_GLOBALTIMER_LO || s == PS_SREG_GLOBALTIMER_HI;
}

static uint16_t sreg_slot(dctx *c, ps_sreg s, int comp) {
    for (int i = 0; i < c->fp->nslots; i++) {
        ps_slot_info *si = &c->fp->slots[i];
        if (si->kind == SK_SREG && si->sreg == s && si->comp == comp) return (uint16_t)i;
    }
    return new_slot(c, (ps_slot_info){.kind = SK_SREG, .sreg = (uint8_t)s, .comp = (uint8_t)comp});
}

static bool is_kernel_param(const ps_func *fn, const ps_var *v) {
    if (!fn->is_entry) return false;
    for (int i = 0; i < fn->nparams; i++)
        if (fn->params[i] == v) return true;
    return false;
}

static bool is_module_var(const ps_program *p, const ps_var *v, int *index) {
    for (int i = 0; i < p->module->nglobals; i++)
        if (p->module->globals[i] == v) {
            if (index) *index = i;
            return true;
        }
    return false;
}

/* Device address of a .global or .const variable, module-scope or declared in a function (PTX
 * ISA 5.1: a function-scope .global/.const variable is static, one copy per module). */
static bool static_var_addr(const ps_program *p, const ps_var *v, uint64_t *addr) {
    int gi;
    if (is_module_var(p, v, &gi)) {
        *addr = p->global_addr[gi];
        return *addr != 0;
    }
    for (int i = 0; i < p->nfvars; i++)
        if (p->fvars[i] == v) {
            *addr = p->fvar_addr[i];
            return true;
        }
    return false;
}

/* Converts an immediate to the representation of `ty` (only floats need converting). */
static uint64_t imm_value(const ps_operand *o, ps_type ty) {
    int size = ty == PS_T_NONE ? 8 : ps_type_size(ty);
    bool is_f = ty != PS_T_NONE && (ty == PS_T_F32 || ty == PS_T_F64);
    if (o->kind == PS_OP_IMM) {
        if (!is_f) return o->imm;
        if (size == 4) {
            float f = (float)(int64_t)o->imm;
            uint32_t b;
            memcpy(&b, &f, 4);
            return b;
        }
        double d = (double)(int64_t)o->imm;
        uint64_t b;
        memcpy(&b, &d, 8);
        return b;
    }
    if (o->kind == PS_OP_IMM_F32) {
        if (size == 8 && is_f) {
            float f;
            uint32_t b = (uint32_t)o->imm;
            memcpy(&f, &b, 4);
            double d = f;
            uint64_t r;
            memcpy(&r, &d, 8);
            return r;
        }
        return o->imm;
    }
    /* PS_OP_IMM_F64 */
    if (size == 4 && is_f) {
        double d;
        memcpy(&d, &o->imm, 8);
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    return o->imm;
}

/* Slot of a value operand (not an address, not a list). */
static uint16_t value_slot(dctx *c, const ps_insn *in, const ps_operand *o, ps_type ty) {
    switch (o->kind) {
    case PS_OP_REG: return c->reg_slot[o->reg];
    case PS_OP_IMM:
    case PS_OP_IMM_F32:
    case PS_OP_IMM_F64: return imm_slot(c, imm_value(o, ty));
    case PS_OP_SINK: return c->scratch_slot;
    case PS_OP_SREG:
        if (sreg_is_dynamic(o->sreg)) {
            derr(c, in, "special register '%s' can only be read by mov", ps_sreg_name(o->sreg));
            return 0;
        }
        return sreg_slot(c, o->sreg, o->comp);
    case PS_OP_FUNC:
        for (int k = 0; k < c->prog->module->nfuncs; k++)
            if (c->prog->module->funcs[k] == o->func) return imm_slot(c, FUNC_BASE + (uint64_t)k);
        return 0;
    case PS_OP_VAR: {
        const ps_var *v = o->var;
        uint64_t ga;
        if (v->space == PS_SPACE_SHARED) return sym_slot(c, SK_SHARED_SYM, v, o->offset);
        if (v->space == PS_SPACE_GLOBAL || v->space == PS_SPACE_CONST) {
            if (static_var_addr(c->prog, v, &ga)) return imm_slot(c, ga + (uint64_t)o->offset);
            derr(c, in, "'%s' has no storage", v->name);
            return 0;
        }
        if (v->space == PS_SPACE_PARAM && is_kernel_param(c->fn, v))
            return imm_slot(c, v->offset + (uint64_t)o->offset);
        if (v->space == PS_SPACE_LOCAL || v->space == PS_SPACE_PARAM) return sym_slot(c, SK_LOCAL_SYM, v, o->offset);
        derr(c, in, "cannot take the address of '%s'", v->name);
        return 0;
    }
    case PS_OP_LABEL: derr(c, in, "a label cannot be used as a value here"); return 0;
    default: derr(c, in, "unexpected operand"); return 0;
    }
}

/* The space the instruction names; of two (cp.async's .shared::cta.global), the first of SPACE in
 * mods.def's order: .global. */
static int space_of_insn(const ps_insn *in) {
    switch (ps_insn_group(in, PS_MG_SPACE)) {
    case PS_MOD_GLOBAL: return SP_GLOBAL;
    case PS_MOD_SHARED:
    case PS_MOD_SHARED_CTA: return SP_SHARED;
    case PS_MOD_SHARED_CLUSTER: return SP_DSMEM;
    case PS_MOD_LOCAL: return SP_LOCAL;
    case PS_MOD_CONST: return SP_CONST;
    case PS_MOD_PARAM:
    case PS_MOD_PARAM_ENTRY:
    case PS_MOD_PARAM_FUNC: return SP_KPARAM; /* refined per operand below */
    default: return SP_GENERIC;
    }
}

/* Address operand: sets *slot and d->imm, and refines d->space. */
static void address(dctx *c, const ps_insn *in, const ps_operand *o, ps_dinsn *d, uint16_t *slot) {
    d->imm = o->offset;
    if (o->reg >= 0) {
        *slot = c->reg_slot[o->reg];
        if (d->space == SP_KPARAM && !c->fn->is_entry) d->space = SP_LOCAL;
        return;
    }
    if (!o->var) {
        *slot = c->zero_slot;
        if (d->space == SP_KPARAM && !c->fn->is_entry) d->space = SP_LOCAL;
        return;
    }
    const ps_var *v = o->var;
    uint64_t ga;
    switch (v->space) {
    case PS_SPACE_PARAM:
        if (is_kernel_param(c->fn, v)) {
            *slot = c->zero_slot;
            d->imm = (int64_t)v->offset + o->offset;
            if (d->space == SP_GENERIC) d->imm += (int64_t)KPARAM_WINDOW;
            else d->space = SP_KPARAM;
            return;
        }
        /* device-function parameters and call-site .param variables live in the frame */
        *slot = sym_slot(c, SK_LOCAL_SYM, v, 0);
        if (d->space == SP_KPARAM) d->space = SP_LOCAL;
        else if (d->space == SP_GENERIC) { derr(c, in, "generic access to a .param variable is not supported"); }
        return;
    /* A generic access to a variable by name (ld.u32 r, [var]) uses the variable's generic
     * address, the one cvta.local / cvta.shared gives: the space's window plus its offset. */
    case PS_SPACE_LOCAL:
        *slot = sym_slot(c, SK_LOCAL_SYM, v, 0);
        if (d->space == SP_GENERIC) d->imm += (int64_t)LOCAL_WINDOW;
        return;
    case PS_SPACE_SHARED:
        *slot = sym_slot(c, SK_SHARED_SYM, v, 0);
        if (d->space == SP_GENERIC) d->imm += (int64_t)SHARED_WINDOW;
        return;
    case PS_SPACE_GLOBAL:
    case PS_SPACE_CONST:
        if (!static_var_addr(c->prog, v, &ga)) {
            derr(c, in, "'%s' has no storage", v->name);
            return;
        }
        *slot = c->zero_slot;
        d->imm = (int64_t)(ga + (uint64_t)o->offset);
        return;
    default: derr(c, in, "unsupported address operand '%s'", v->name);
    }
}

static ps_type operand_type(const ps_insn *in, int i) {
    if (in->ntypes == 0) return PS_T_NONE;
    switch (in->form) {
    case PS_F_CVT: return i == 0 ? in->types[0] : in->types[1];
    case PS_F_SET: return i == 0 ? in->types[0] : in->types[in->ntypes - 1];
    case PS_F_SLCT: return i == 3 ? in->types[1] : in->types[0];
    default: return in->types[0];
    }
}

/* The rounding (one at most: ROUND and IROUND, forms.def), .rn when none is written; .rs is not
 * a rounding direction (exec_cvt.c reads it). */
static void set_rounding(const ps_insn *in, ps_dinsn *d) {
    static const ps_rnd dir[] = {PS_RND_RN, PS_RND_RZ, PS_RND_RM, PS_RND_RP, PS_RND_RNA}; /* ROUND's order */
    int r = ps_insn_group_index(in, PS_MG_ROUND), ri = ps_insn_group_index(in, PS_MG_IROUND);
    d->rnd = PS_RND_RN;
    if (ri >= 0) {
        d->rnd = (uint8_t)dir[ri]; /* .rni .rzi .rmi .rpi */
        d->flags |= DF_HAS_RND | DF_INTEGRAL;
    } else if (r >= 0 && r < (int)PS_ARRAY_LEN(dir)) {
        d->rnd = (uint8_t)dir[r];
        d->flags |= DF_HAS_RND;
    }
    static const struct {
        ps_mod m;
        uint32_t f;
    } flags[] = {{PS_MOD_FTZ, DF_FTZ},
                 {PS_MOD_SAT, DF_SAT},
                 {PS_MOD_HI, DF_HI},
                 {PS_MOD_LO, DF_LO},
                 {PS_MOD_WIDE, DF_WIDE},
                 {PS_MOD_CC, DF_CC},
                 {PS_MOD_APPROX, DF_APPROX},
                 {PS_MOD_FULL, DF_FULL},
                 {PS_MOD_NAN, DF_NAN},
                 {PS_MOD_NAN_MANUAL, DF_NAN},
                 {PS_MOD_XORSIGN, DF_XORSIGN},
                 {PS_MOD_RELU, DF_RELU},
                 {PS_MOD_SATFINITE, DF_SATFINITE}};
    for (size_t i = 0; i < PS_ARRAY_LEN(flags); i++)
        if (ps_insn_mod(in, flags[i].m)) d->flags |= flags[i].f;
}

/* Is operand i of `in` a predicate source? ptxas takes immediates there (`selp.u32 d, a, b, 1`,
 * `setp.eq.and.u32 p, a, b, 1`, `vote.sync.all.pred p, 1, m`, `mov.pred p, 0`): they become one
 * of the function's constant predicates instead of a register slot. */
static bool pred_source(const ps_insn *in, int i) {
    switch (in->form) {
    case PS_F_AND:
    case PS_F_OR:
    case PS_F_XOR:
    case PS_F_NOT:
    case PS_F_MOV: return i > 0 && in->ntypes && in->types[0] == PS_T_PRED;
    case PS_F_SELP:
    case PS_F_SETP:
    case PS_F_SETP_HALF:
    case PS_F_SET: return i == 3;
    case PS_F_VOTE: return i == 1;
    case PS_F_BAR:
    case PS_F_BARRIER: return (ps_insn_barrier(in) & PS_BAR_RED) && i == in->nops - 1;
    default: return false;
    }
}

/* Index of the constant predicate that is `v` in every lane (allocated on first use). */
static uint16_t const_pred(dctx *c, bool v) {
    int *idx = v ? &c->fp->pred_true : &c->fp->pred_false;
    if (*idx < 0) *idx = c->fp->npreds++;
    return (uint16_t)*idx;
}

/* Fills d->o[] from the operands (see the convention in sim_internal.h). */
static void flatten(dctx *c, const ps_insn *in, ps_dinsn *d) {
    int n = 0;
    /* the operation's row (OP of an XS row) fixes the slots: scalar half setp keeps the pair's */
    bool pair = (ps_form_get(in->form)->props & P_PAIR_DEST) != 0;
    for (int i = 0; i < in->nops; i++) {
        const ps_operand *o = &in->ops[i];
        ps_type ty = operand_type(in, i);
        if (n +
                (o->kind == PS_OP_VEC        ? o->nitems
                     : o->kind == PS_OP_ADDR ? o->nitems + 1
                                             : 1) +
                (pair && i == 0) >
            (int)PS_ARRAY_LEN(d->o)) {
            derr(c, in, "too many operands");
            return;
        }
        if (o->kind == PS_OP_VEC) {
            for (int k = 0; k < o->nitems; k++) {
                if (o->items[k].kind == PS_OP_REG && o->items[k].neg) d->negmask |= (uint8_t)(1u << n);
                d->o[n++] = value_slot(c, in, &o->items[k], ty);
            }
        } else if (o->kind == PS_OP_ADDR) {
            /* [a, {coordinates}] belongs to tensor copies and texture and surface instructions;
             * elsewhere ptxas refuses it ("Arguments mismatch") */
            if (o->nitems && in->form != PS_F_CP_ASYNC_BULK_TENSOR && in->form != PS_F_CP_REDUCE_ASYNC_BULK &&
                in->form != PS_F_TEX && in->form != PS_F_TLD4 && in->form != PS_F_SULD && in->form != PS_F_SUST &&
                in->form != PS_F_SURED) {
                derr(c, in,
                     "'%s': only tensor copies and texture and surface instructions take coordinates after "
                     "an address",
                     in->text);
                return;
            }
            address(c, in, o, d, &d->o[n++]);
            /* [tensorMap, {coordinates}]: the coordinates' slots follow the address's */
            for (int k = 0; k < o->nitems; k++) d->o[n++] = value_slot(c, in, &o->items[k], PS_T_S32);
        } else if (o->kind == PS_OP_LIST || o->kind == PS_OP_LABEL) {
            /* handled by the control-flow decoder */
        } else if ((o->kind == PS_OP_IMM || o->kind == PS_OP_IMM_F32 || o->kind == PS_OP_IMM_F64) &&
                   pred_source(in, i)) {
            d->o[n++] = const_pred(c, (o->imm != 0) != o->neg);
        } else {
            if (o->neg && n < 8) d->negmask |= (uint8_t)(1u << n);
            d->o[n++] = value_slot(c, in, o, ty);
        }
        if (pair && i == 0) d->o[n++] = o->pair_reg >= 0 ? c->reg_slot[o->pair_reg] : NO_SLOT;
    }
    d->nops = (uint8_t)n;
}

/* Appends one entry to the function's call_slots (and its predicate flag). */
static void call_slot_add(ps_fprog *fp, uint16_t slot, bool pred) {
    if (fp->ncall_slots == fp->cap_call_slots) {
        fp->cap_call_slots = fp->cap_call_slots ? fp->cap_call_slots * 2 : 16;
        fp->call_slots = ps_xrealloc(fp->call_slots, sizeof(uint16_t) * (size_t)fp->cap_call_slots);
        fp->call_pred = ps_xrealloc(fp->call_pred, (size_t)fp->cap_call_slots);
    }
    fp->call_pred[fp->ncall_slots] = pred;
    fp->call_slots[fp->ncall_slots++] = slot;
}

/* Operand slots of the warp-level matrix forms, in the function's call_slots array (their lists
 * outgrow d->o[]; see tensor.h). */
static void tensor_flatten(dctx *c, const ps_insn *in, ps_dinsn *d) {
    ps_fprog *fp = c->fp;
    d->slot_list = fp->ncall_slots;
    int n = 0;
    if (in->nops > (int)PS_ARRAY_LEN(d->o)) {
        derr(c, in, "too many operands");
        return;
    }
    for (int i = 0; i < in->nops; i++) {
        const ps_operand *o = &in->ops[i];
        int cnt = o->kind == PS_OP_VEC ? o->nitems : 1;
        if (o->kind == PS_OP_VEC) {
            for (int k = 0; k < o->nitems; k++) call_slot_add(fp, value_slot(c, in, &o->items[k], PS_T_NONE), false);
        } else if (o->kind == PS_OP_ADDR) {
            uint16_t slot = 0;
            address(c, in, o, d, &slot);
            call_slot_add(fp, slot, false);
        } else {
            call_slot_add(fp, value_slot(c, in, o, PS_T_NONE), false);
        }
        d->o[i] = (uint16_t)cnt;
        n += cnt;
    }
    d->nops = (uint8_t)(n > 255 ? 255 : n);
}

/* ---- control flow: reconvergence at immediate post-dominators (cfg.c) ---------- */

static int label_pc(const ps_func *fn, int label) { return fn->labels[label].insn; }

static void compute_reconvergence(dctx *c, const ps_cfg *g) {
    ps_fprog *fp = c->fp;
    int n = fp->ncode;
    for (int i = 0; i < n; i++) {
        int pd = g->ipdom[g->block_of[i]];
        /* blocks that cannot reach the exit (infinite loops) reconverge nowhere */
        fp->code[i].reconv = pd < 0 ? n : g->first[pd];
    }
}

/* ---- layout ----------------------------------------------------------------- */

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

static void layout_frame(ps_fprog *fp, const ps_func *fn) {
    uint64_t off = 0;
    if (fn->is_entry) {
        for (int i = 0; i < fn->nparams; i++) {
            ps_var *v = fn->params[i];
            off = align_up(off, (uint64_t)v->align);
            v->offset = off;
            off += v->size;
        }
        fp->kparam_bytes = off;
        off = 0;
    } else {
        for (int i = 0; i < fn->nparams + fn->nrets; i++) { /* .reg ones are registers */
            ps_var *v = i < fn->nparams ? fn->params[i] : fn->rets[i - fn->nparams];
            if (v->is_reg) continue;
            off = align_up(off, (uint64_t)v->align);
            v->offset = off;
            off += v->size;
        }
    }
    for (int i = 0; i < fn->nlocals; i++) {
        ps_var *v = fn->locals[i];
        if (v->space != PS_SPACE_LOCAL && v->space != PS_SPACE_PARAM) continue;
        off = align_up(off, (uint64_t)v->align);
        v->offset = off;
        off += v->size;
    }
    fp->frame_bytes = align_up(off, 16);
}

/* ---- instructions ------------------------------------------------------------- */

/* Floating point of the oldest targets, which ptxsim does not model (it runs sm_20-and-later
 * semantics): in a module for sm_1x, .f32 arithmetic flushes subnormal inputs and results to zero
 * and mad.f32 truncates its product (PTX ISA 9.7.3, "Floating-Point Instructions", sm_1x notes);
 * below sm_13, and under .target map_f64_to_f32, .f64 instructions are demoted to .f32 (11.3.2
 * ".target"). Returns why the instruction cannot run, or NULL. */
static const char *old_target_float(const ps_module *m, const ps_insn *in) {
    if (!m->arch) return NULL;
    bool f32 = false, f64 = false;
    for (int i = 0; i < in->ntypes; i++) {
        f32 |= in->types[i] == PS_T_F32 || in->types[i] == PS_T_F16 || in->types[i] == PS_T_F16X2;
        f64 |= in->types[i] == PS_T_F64;
    }
    if (f64 && (m->arch->sm < 13 || m->map_f64_to_f32))
        return "in a module for sm_10-sm_12 or with map_f64_to_f32, .f64 instructions are demoted to .f32 (PTX "
               "ISA 11.3.2 .target), which ptxsim does not model";
    bool moves = in->form == PS_F_MOV || in->form == PS_F_LD || in->form == PS_F_LDU || in->form == PS_F_ST ||
        in->form == PS_F_SELP;
    if ((f32 || f64) && !moves && m->arch->sm < 20)
        return "in a module for sm_1x, floating-point instructions flush subnormals and mad.f32 truncates its "
               "product (PTX ISA 9.7.3); ptxsim models sm_20 and later floating point";
    return NULL;
}

/* The last instruction before `in` in its function that writes register reg, or NULL. */
static const ps_insn *def_before(const ps_func *fn, const ps_insn *in, int reg) {
    for (const ps_insn *q = in - 1; q >= fn->insns; q--)
        if (q->nops && q->ops[0].kind == PS_OP_REG && q->ops[0].reg == reg && q->form != PS_F_ST) return q;
    return NULL;
}

/* vprintf's format where the PTX shows it, as nvcc writes it: the argument (a .param variable
 * stored from a register, or the register) is `cvta.global` of `mov` of an initialised .global or
 * .const variable. A format that would stop the kernel when printed is a warning of the load (and
 * of parse), located at the call, so nobody learns it at run time; other shapes are left to run. */
static void warn_printf_format(dctx *c, const ps_insn *in, const ps_operand *arg) {
    const ps_func *fn = c->fn;
    int reg = arg->kind == PS_OP_REG ? arg->reg : -1;
    if (arg->kind == PS_OP_VAR)
        for (const ps_insn *q = in - 1; q >= fn->insns && reg < 0; q--)
            if (q->form == PS_F_ST && q->nops == 2 && q->ops[0].kind == PS_OP_ADDR && q->ops[0].var == arg->var &&
                q->ops[0].offset == 0 && q->ops[1].kind == PS_OP_REG)
                reg = q->ops[1].reg;
    const ps_var *v = NULL;
    for (int hops = 0; reg >= 0 && hops < 4 && !v; hops++) {
        const ps_insn *q = def_before(fn, in, reg);
        reg = -1;
        if (!q || q->nops != 2) break;
        if (q->form == PS_F_CVTA && q->ops[1].kind == PS_OP_REG) reg = q->ops[1].reg;
        else if (q->form == PS_F_CVTA && q->ops[1].kind == PS_OP_VAR) v = q->ops[1].var;
        else if (q->form == PS_F_MOV && q->ops[1].kind == PS_OP_VAR) v = q->ops[1].var;
    }
    if (!v || !v->init || (v->space != PS_SPACE_GLOBAL && v->space != PS_SPACE_CONST)) return;
    const char *fmt = (const char *)v->init;
    size_t n = 0;
    while (n < v->size && fmt[n]) n++;
    char why[320];
    if (ps_printf_format_problem(fmt, n, why, sizeof why))
        ps_diags_add(&c->fp->diags, PS_DIAG_WARNING, fn->file ? fn->file : c->prog->module->filename, in->line, in->col,
                     "%s (the kernel stops here when it prints)", why);
}

/* Branches, calls, returns: records with a control kind (d->ctl) for the engine, no handler
 * (builtin calls aside). Family FLOW of forms.def. */
static void decode_flow(dctx *c, const ps_insn *in, ps_dinsn *d) {
    const ps_func *fn = c->fn;
    switch (in->form) {
    case PS_F_BRA:
        d->ctl = CTL_BRA;
        if (in->nops != 1 || in->ops[0].kind != PS_OP_LABEL) {
            derr(c, in, "bra needs a label");
            return;
        }
        d->target = label_pc(fn, in->ops[0].label);
        return;
    case PS_F_BRX_IDX:
        d->ctl = CTL_BRX;
        if (in->ops[1].kind != PS_OP_LABEL || !fn->labels[in->ops[1].label].ntargets) {
            derr(c, in, "brx.idx needs a .branchtargets label");
            return;
        }
        d->o[0] = value_slot(c, in, &in->ops[0], PS_T_U32);
        d->target = in->ops[1].label;
        return;
    case PS_F_RET: d->ctl = CTL_RET; return;
    case PS_F_EXIT: d->ctl = CTL_EXIT; return;
    case PS_F_TRAP: d->ctl = CTL_TRAP; return;
    case PS_F_CALL: {
        d->ctl = CTL_CALL;
        /* call [(rets),] f [, (args)] [, proto] */
        int i = 0;
        const ps_operand *rets = NULL, *args = NULL, *callee = NULL;
        if (i < in->nops && in->ops[i].kind == PS_OP_LIST) rets = &in->ops[i++];
        if (i < in->nops) callee = &in->ops[i++];
        if (i < in->nops && in->ops[i].kind == PS_OP_LIST) args = &in->ops[i++];
        if (!callee || (callee->kind != PS_OP_FUNC && callee->kind != PS_OP_REG)) {
            derr(c, in, "call needs a function or a function-pointer register");
            return;
        }
        if (callee->kind == PS_OP_FUNC) {
            d->target = -1;
            for (int k = 0; k < c->prog->module->nfuncs; k++)
                if (c->prog->module->funcs[k] == callee->func) d->target = k;
        } else {
            d->target = -1;
            d->o[0] = c->reg_slot[callee->reg];
            d->indirect = 1;
        }
        /* Argument slots, then result slots, in the function's call_slots array; the counts in
         * o[1] and o[2]. A direct call's lists must match the callee's header (ptxas checks
         * this too); an indirect call's callee is known at run time only (engine.c). */
        const ps_func *cf = callee->kind == PS_OP_FUNC ? callee->func : NULL;
        int nargs = args ? args->nitems : 0, nrets = rets ? rets->nitems : 0;
        if (cf && (nargs != cf->nparams || nrets != cf->nrets)) {
            derr(c, in, "call to '%s' with %d arguments and %d results; it takes %d and %d", cf->name, nargs, nrets,
                 cf->nparams, cf->nrets);
            return;
        }
        ps_fprog *fp = c->fp;
        d->slot_list = fp->ncall_slots;
        d->o[1] = (uint16_t)nargs;
        d->o[2] = (uint16_t)nrets;
        const ps_operand *lists[2] = {args, rets};
        for (int l = 0; l < 2; l++) {
            for (int k = 0; lists[l] && k < lists[l]->nitems; k++) {
                const ps_operand *o = &lists[l]->items[k];
                const ps_var *formal = cf ? (l == 0 ? cf->params[k] : cf->rets[k]) : NULL;
                uint16_t slot;
                bool pred = o->kind == PS_OP_REG && fn->regs[o->reg].type == PS_T_PRED;
                if (o->kind == PS_OP_VAR) {
                    if (o->var->space != PS_SPACE_PARAM || is_kernel_param(fn, o->var)) {
                        derr(c, in, "call arguments must be .param variables or registers");
                        return;
                    }
                    slot = sym_slot(c, SK_LOCAL_SYM, o->var, 0);
                } else if (l == 1 && o->kind != PS_OP_REG) {
                    derr(c, in, "a call's results must be registers or .param variables");
                    return;
                } else {
                    slot = value_slot(c, in, o, formal ? formal->type : PS_T_NONE);
                }
                bool formal_pred = formal && formal->type == PS_T_PRED;
                bool imm = o->kind != PS_OP_REG && o->kind != PS_OP_VAR; /* imm → pred: != 0 */
                if (formal && formal_pred != pred && !(imm && formal_pred)) {
                    derr(c, in,
                         "argument %d of the call to '%s' and its parameter '%s' must both be "
                         "predicates or both not",
                         k + 1, cf->name, formal->name);
                    return;
                }
                call_slot_add(fp, slot, pred);
            }
        }
        d->nops = 0;
        /* a device-runtime function the module declares but does not define (builtins.c) */
        char why[160];
        int bi = cf ? ps_builtin_of(cf, why, sizeof why) : PS_BI_NONE;
        if (bi == PS_BI_NONE && cf && why[0]) {
            derr(c, in, "%s", why);
            return;
        }
        if (bi != PS_BI_NONE) {
            d->ctl = CTL_NONE;
            d->fn = ps_exec_builtin;
            d->builtin = (uint8_t)bi;
            if (bi == PS_BI_VPRINTF && args) warn_printf_format(c, in, &args->items[0]);
        }
        return;
    }
    default: derr(c, in, "'%s' is not supported by ptxsim yet", in->text); return;
    }
}

/* bar, barrier: family BARRIER, a CTA barrier the engine carries out (CTL_BAR). */
static void decode_barrier(dctx *c, const ps_insn *in, ps_dinsn *d) {
    /* thread counts as ptxas checks them: required and non-zero for .arrive, a multiple of
     * the warp size when immediate (register values are checked when they arrive) */
    d->bar_mode = (uint8_t)ps_insn_barrier(in); /* what the engine reads of the modifiers */
    bool red = d->bar_mode & PS_BAR_RED, arrive = d->bar_mode & PS_BAR_ARRIVE;
    int first = red ? 1 : 0, nvals = in->nops - first - (red ? 1 : 0);
    const ps_operand *cnt = nvals >= 2 ? &in->ops[first + 1] : NULL;
    if (arrive && !cnt) {
        derr(c, in, "'%s' needs a thread count (ptxas)", in->text);
        return;
    }
    if (cnt && cnt->kind == PS_OP_IMM && (cnt->imm % 32 || (arrive && cnt->imm == 0))) {
        derr(c, in,
             cnt->imm % 32 ? "barrier thread count %lld is not a multiple of the warp size (ptxas)"
                           : "barrier.arrive needs a non-zero thread count, not %lld (ptxas)",
             (long long)cnt->imm);
        return;
    }
    /* ptxas takes any immediate count, but no CTA has more than 1024 threads to wait for */
    if (cnt && cnt->kind == PS_OP_IMM && cnt->imm > 1024) {
        derr(c, in, "barrier thread count %lld is more than a CTA's 1024 threads", (long long)(int64_t)cnt->imm);
        return;
    }
    d->ctl = CTL_BAR;
    flatten(c, in, d);
}

static void decode_insn(dctx *c, const ps_insn *in, ps_dinsn *d) {
    memset(d, 0, sizeof *d);
    d->src = in;
    d->line = in->line;
    /* from here on `in` may be a stack copy: what ptxas compiles (ptxas_model.c) */
    ps_insn fused, folded;
    ps_operand fused_ops[4], folded_ops[8];
    const ps_insn *prod = NULL; /* the mul/div ptxas contracted into this add/sub */
    bool neg_prod = false, neg_add = false;
    const ps_contract *ct = c->contract ? &c->contract[in - c->fn->insns] : NULL;
    if (ct && ct->prod >= 0) {
        prod = &c->fn->insns[ct->prod];
        /* x - a*b, -(a*b) + x: the product negated; a*b - x: the addend */
        bool sub = in->form == PS_F_SUB_FLT || in->form == PS_F_SUB_F16;
        neg_prod = (sub && ct->which == 2) != ct->neg;
        neg_add = sub && ct->which == 1;
        fused = *in;
        fused.form = prod->form == PS_F_MUL_F16 ? PS_F_FMA_F16 : PS_F_FMA_FLT;
        fused.info = ps_form_get(fused.form);
        ps_modset_add(&fused.mods, PS_MOD_RN); /* fma.f16 is written with .rn; add's .sat/.ftz stay */
        fused_ops[0] = in->ops[0];
        fused_ops[1] = prod->ops[1];
        fused_ops[2] = prod->ops[2];
        fused_ops[3] = in->ops[3 - ct->which];
        fused.ops = fused_ops;
        fused.nops = 4;
        in = &fused;
    }
    ps_ptxas_note note;
    in = ps_ptxas_rewrite(c->last_def, in, &folded, folded_ops, 8, &note);
    if (note.error) {
        derr(c, in, "%s", note.error);
        return;
    }
    if (!ps_ptxas_model_enabled()) { /* the ISA's semantics as written: ptxas's refusals stay */
        in = d->src;
        note.nan_a_wins = false;
    }
    const ps_form_info *info = in->info;
    d->guard = (int16_t)(in->guard_reg >= 0 ? c->reg_slot[in->guard_reg] : -1);
    d->guard_neg = in->guard_neg;
    d->type = (uint8_t)(in->ntypes > 0 ? in->types[0] : 0xff);
    d->type2 = (uint8_t)(in->ntypes > 1 ? in->types[1] : 0xff);
    d->vec = (uint8_t)in->vec;
    d->space = (uint8_t)space_of_insn(in);
    /* a device function's parameters live in its local frame (PTX ISA 9.7.9.3, mov: "the
     * parameter will be copied onto the stack and the address will be in the local state
     * space"), so cvta.param there converts a local address */
    if (in->form == PS_F_CVTA && d->space == SP_KPARAM && !c->fn->is_entry) d->space = SP_LOCAL;
    set_rounding(in, d);
    if (note.nan_a_wins) d->flags |= DF_NAN_A_WINS;
    const char *old = old_target_float(c->prog->module, in);
    if (old) {
        derr(c, in, "'%s': %s", in->text, old);
        return;
    }
    if (in->form == PS_F_MULTIMEM) {
        derr(c, in,
             "'%s': multimem operates on NVLink multicast memory (a multicast object "
             "spanning several GPUs), which needs that hardware; ptxsim does not model it",
             in->text);
        return;
    }
    if (info->props & P_NOEXEC) {
        derr(c, in, "'%s' is not supported by ptxsim yet", in->text);
        return;
    }
    switch (info->family) {
    case PS_FAM_FLOW: decode_flow(c, in, d); return;
    case PS_FAM_BARRIER: decode_barrier(c, in, d); return;
    default: break;
    }
    if (in->form == PS_F_MOV && in->nops == 2 && in->ops[1].kind == PS_OP_SREG && sreg_is_dynamic(in->ops[1].sreg)) {
        d->o[0] = c->reg_slot[in->ops[0].reg];
        d->sreg = (uint8_t)in->ops[1].sreg;
        d->nops = 1;
        d->fn = ps_exec_clock;
        return;
    }
    /* one selector per family (forms.def column 10, select.c) */
    const ps_family_info *fam = ps_family_get(info->family);
    if (fam->operands == PS_OPS_TENSOR) tensor_flatten(c, in, d);
    else flatten(c, in, d);
    if (c->failed) return;
    char why[512] = "";
    ps_select_ctx sc = {.module = c->prog->module, .fn = c->fn, .fp = c->fp};
    ps_exec_fn fnp = fam->select ? fam->select(&sc, in, d, why, sizeof why) : NULL;
    if (!fnp) {
        /* the family's message; a format without "%s" ignores the text (C11 7.21.6.1) */
        const char *msg = fam->unsupported ? fam->unsupported : "'%s' is not supported by ptxsim yet";
        if (why[0]) derr(c, in, "%s", why);
        else derr(c, in, msg, in->text);
        return;
    }
    d->fn = fnp;
    if (prod) d->fn = ps_select_contraction(d, prod, neg_prod, neg_add);
}

static void decode_function(ps_program *p, int fi, ps_diags *diags) {
    const ps_func *fn = p->module->funcs[fi];
    ps_fprog *fp = &p->funcs[fi];
    fp->func = fn;
    fp->index = fi;
    fp->pred_true = fp->pred_false = -1;
    if (!fn->defined) return;
    dctx c = {.prog = p, .fp = fp, .fn = fn, .diags = diags};
    layout_frame(fp, fn);
    c.reg_slot = ps_xmalloc(sizeof(uint16_t) * (size_t)(fn->nregs + 1));
    c.last_def = ps_xmalloc(sizeof(int) * (size_t)(fn->nregs + 1));
    for (int i = 0; i <= fn->nregs; i++) c.last_def[i] = -1;
    ps_cfg g;
    ps_cfg_build(&g, fn);
    if (ps_ptxas_model_enabled()) {
        c.contract = ps_xmalloc(sizeof *c.contract * (size_t)(fn->ninsns + 1));
        ps_ptxas_contractions(fn, &g, c.contract);
    }
    for (int i = 0; i < fn->nregs; i++) { /* this numbering is ps_insn_event's (observer.h) */
        if (fn->regs[i].type == PS_T_PRED) c.reg_slot[i] = (uint16_t)fp->npreds++;
        else c.reg_slot[i] = new_slot(&c, (ps_slot_info){.kind = SK_REG});
    }
    c.zero_slot = imm_slot(&c, 0);
    c.scratch_slot = new_slot(&c, (ps_slot_info){.kind = SK_SCRATCH});
    if (!fn->is_entry) { /* the call ABI's view of the formals (offsets from layout_frame) */
        fp->nparams = fn->nparams;
        fp->nrets = fn->nrets;
        fp->formals = ps_xcalloc((size_t)(fn->nparams + fn->nrets + 1), sizeof *fp->formals);
        for (int k = 0; k < fn->nparams + fn->nrets; k++) {
            const ps_var *v = k < fn->nparams ? fn->params[k] : fn->rets[k - fn->nparams];
            bool pred = v->type == PS_T_PRED;
            fp->formals[k] = (ps_formal){.offset = v->offset,
                                         .size = pred ? 1 : v->size,
                                         .slot = v->is_reg ? c.reg_slot[v->reg] : NO_SLOT,
                                         .pred = pred};
        }
    }
    fp->ncode = fn->ninsns;
    fp->code = ps_xcalloc((size_t)fn->ninsns + 1, sizeof(ps_dinsn));
    fp->code[fn->ninsns].ctl = CTL_END; /* sentinel: ends the engine's runs */
    for (int i = 0; i < fn->ninsns; i++) {
        c.failed = false;
        decode_insn(&c, &fn->insns[i], &fp->code[i]);
        ps_ptxas_note_defs(&fn->insns[i], i, c.last_def);
    }
    compute_reconvergence(&c, &g);
    ps_frame_plan(fp, fn, &g, c.reg_slot);
    ps_cfg_free(&g);
    ps_wgmma_install_checks(fp);
    if (c.cap_slots > fp->nslots) { /* grown by doubling: give the rest back (docs/limits.md) */
        fp->slots = ps_xrealloc(fp->slots, (size_t)(fp->nslots ? fp->nslots : 1) * sizeof *fp->slots);
        c.cap_slots = fp->nslots;
    }
    free(c.reg_slot);
    free(c.imm_keys);
    free(c.imm_vals);
    free(c.last_def);
    free(c.contract);
}

/* A module variable that does not fit: located, with the memory limit it would pass. */
static ps_status global_nomem(ps_device *dev, const ps_var *v, ps_diags *diags) {
    uint64_t limit = ps_device_limit(dev), used = ps_device_used(dev), size = v->size ? v->size : 1;
    if (limit && (size > limit || used > limit - size))
        ps_diags_add(diags, PS_DIAG_ERROR, v->file, v->line, v->col,
                     "variable '%s' needs %llu bytes of device memory; %llu of the %llu-byte memory limit "
                     "are in use (--max-memory, docs/limits.md)",
                     v->name, (unsigned long long)size, (unsigned long long)used, (unsigned long long)limit);
    else
        ps_diags_add(diags, PS_DIAG_ERROR, v->file, v->line, v->col,
                     "variable '%s' needs %llu bytes of device memory: the host is out of memory", v->name,
                     (unsigned long long)size);
    return PS_ERR_NOMEM;
}

static ps_status allocate_globals(ps_program *p, ps_device *dev, ps_diags *diags) {
    const ps_module *m = p->module;
    p->global_addr = ps_xcalloc((size_t)m->nglobals + 1, sizeof(uint64_t));
    for (int i = 0; i < m->nglobals; i++) {
        ps_var *v = m->globals[i];
        v->index = i;
        if (v->space != PS_SPACE_GLOBAL && v->space != PS_SPACE_CONST) continue;
        uint64_t addr = ps_device_alloc(dev, v->size, v->name);
        if (!addr) return global_nomem(dev, v, diags);
        p->global_addr[i] = addr;
        if (v->init) memcpy(ps_device_ptr(dev, addr, v->size), v->init, v->size);
    }
    /* function-scope .global/.const variables: one static copy each */
    for (int f = 0; f < m->nfuncs; f++)
        for (int i = 0; i < m->funcs[f]->nlocals; i++) {
            const ps_var *v = m->funcs[f]->locals[i];
            if (v->space == PS_SPACE_GLOBAL || v->space == PS_SPACE_CONST) p->nfvars++;
        }
    p->fvars = ps_xcalloc((size_t)p->nfvars + 1, sizeof *p->fvars);
    p->fvar_addr = ps_xcalloc((size_t)p->nfvars + 1, sizeof *p->fvar_addr);
    int nf = 0;
    for (int f = 0; f < m->nfuncs; f++)
        for (int i = 0; i < m->funcs[f]->nlocals; i++) {
            const ps_var *v = m->funcs[f]->locals[i];
            if (v->space != PS_SPACE_GLOBAL && v->space != PS_SPACE_CONST) continue;
            uint64_t addr = ps_device_alloc(dev, v->size ? v->size : 1, v->name);
            if (!addr) return global_nomem(dev, v, diags);
            if (v->init) memcpy(ps_device_ptr(dev, addr, v->size), v->init, v->size);
            p->fvars[nf] = v;
            p->fvar_addr[nf++] = addr;
        }
    /* relocations: addresses of other variables inside initialisers */
    for (int i = 0; i < m->nglobals + p->nfvars; i++) {
        const ps_var *v = i < m->nglobals ? m->globals[i] : p->fvars[i - m->nglobals];
        uint64_t vaddr = i < m->nglobals ? p->global_addr[i] : p->fvar_addr[i - m->nglobals];
        if (!v->init || !vaddr) continue;
        uint8_t *dst = ps_device_ptr(dev, vaddr, v->size);
        for (int k = 0; k < v->nrelocs; k++) {
            const ps_reloc *r = &v->relocs[k];
            uint64_t val = 0, ga;
            if (r->var && static_var_addr(p, r->var, &ga)) {
                val = ga + (uint64_t)r->addend;
            } else if (r->func) {
                for (int f = 0; f < m->nfuncs; f++)
                    if (m->funcs[f] == r->func) val = FUNC_BASE + (uint64_t)f;
                val += (uint64_t)r->addend;
            } else {
                ps_diags_add(diags, PS_DIAG_ERROR, m->filename, v->line, v->col,
                             "initializer of '%s' takes the address of a variable ptxsim cannot place", v->name);
                return PS_ERR_UNSUPPORTED;
            }
            for (int b = 0; b < r->size; b++) dst[r->offset + (uint64_t)b] = (uint8_t)(val >> (8 * b));
        }
    }
    return PS_OK;
}

/* The records of one function, freed (ps_program_check keeps only its diagnostics). */
static void free_function_code(ps_fprog *fp) {
    free(fp->code), free(fp->slots), free(fp->call_slots), free(fp->call_pred), free(fp->formals);
    free(fp->wg_conflict), free(fp->wg_orig), free(fp->zero_runs);
    fp->code = NULL, fp->slots = NULL, fp->call_slots = NULL, fp->call_pred = NULL, fp->formals = NULL;
    fp->wg_conflict = NULL, fp->wg_orig = NULL, fp->zero_runs = NULL, fp->nzero_runs = 0;
    fp->ncode = 0, fp->nslots = 0;
}

static ps_status build(const ps_module *m, const ps_arch *arch, ps_device *dev, ps_diags *diags, ps_program **out,
                       bool keep_code) {
    ps_program *p = ps_xcalloc(1, sizeof *p);
    p->module = m;
    p->arch = arch ? arch : ps_arch_default_machine(m->arch);
    p->dev = dev;
    p->nfuncs = m->nfuncs;
    p->funcs = ps_xcalloc((size_t)m->nfuncs + 1, sizeof(ps_fprog));
    *out = p;
    ps_status st = allocate_globals(p, dev, diags);
    if (st != PS_OK) return st;
    for (int i = 0; i < m->nfuncs; i++) {
        decode_function(p, i, diags);
        const ps_func *fn = m->funcs[i];
        if (!keep_code && p->funcs[i].frame_bytes > PS_MAX_LOCAL_PER_THREAD) /* parse says what run will */
            ps_diags_add(diags, PS_DIAG_ERROR, fn->file, fn->line, fn->col,
                         "%s '%s' needs %llu bytes of local memory per thread; CUDA allows at most %u "
                         "(512 KiB), so no launch can run it",
                         fn->is_entry ? "kernel" : "function", fn->name, (unsigned long long)p->funcs[i].frame_bytes,
                         PS_MAX_LOCAL_PER_THREAD);
        if (!keep_code) free_function_code(&p->funcs[i]);
    }
    return PS_OK;
}

ps_status ps_program_build(const ps_module *m, const ps_arch *arch, ps_device *dev, ps_diags *diags, ps_program **out) {
    return build(m, arch, dev, diags, out, true);
}

ps_status ps_program_check(const ps_module *m, const ps_arch *arch, ps_device *dev, ps_diags *diags, ps_program **out) {
    return build(m, arch, dev, diags, out, false);
}

void ps_program_free(ps_program *p) {
    if (!p) return;
    for (int i = 0; i < p->nfuncs; i++) {
        free(p->funcs[i].code);
        free(p->funcs[i].slots);
        free(p->funcs[i].call_slots);
        free(p->funcs[i].call_pred);
        free(p->funcs[i].formals);
        free(p->funcs[i].wg_conflict);
        free(p->funcs[i].wg_orig);
        free(p->funcs[i].zero_runs);
        ps_diags_free(&p->funcs[i].diags);
    }
    free(p->funcs);
    free(p->global_addr);
    free(p->fvars);
    free(p->fvar_addr);
    free(p->shared_vars);
    free(p);
}

int ps_program_kernel_count(const ps_program *p) {
    int n = 0;
    for (int i = 0; i < p->nfuncs; i++) n += p->module->funcs[i]->is_entry && p->module->funcs[i]->defined;
    return n;
}

const char *ps_program_kernel_name(const ps_program *p, int k) {
    for (int i = 0; i < p->nfuncs; i++)
        if (p->module->funcs[i]->is_entry && p->module->funcs[i]->defined && k-- == 0) return p->module->funcs[i]->name;
    return NULL;
}

int ps_program_kernel_params(const ps_program *p, const char *kernel, const ps_var *const **params) {
    for (int i = 0; i < p->nfuncs; i++) {
        const ps_func *f = p->module->funcs[i];
        if (f->is_entry && strcmp(f->name, kernel) == 0) {
            *params = (const ps_var *const *)f->params;
            return f->nparams;
        }
    }
    return -1;
}

const ps_arch *ps_program_arch(const ps_program *p) { return p->arch; }

const ps_module *ps_program_module(const ps_program *p) { return p->module; }

const ps_diags *ps_program_function_diags(const ps_program *p, int i) {
    if (i < 0 || i >= p->nfuncs || !p->funcs[i].diags.count) return NULL;
    return &p->funcs[i].diags;
}

uint64_t ps_program_global(const ps_program *p, const char *name, uint64_t *bytes) {
    const ps_module *m = p->module;
    for (int i = 0; i < m->nglobals; i++)
        if (p->global_addr[i] && !strcmp(m->globals[i]->name, name)) {
            if (bytes) *bytes = m->globals[i]->size;
            return p->global_addr[i];
        }
    return 0;
}
