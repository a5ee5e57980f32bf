/* spaces.c — state spaces of the variables an instruction names, checked as ptxas checks them:
 * an address [var] or a variable operand must lie in the instruction's state space (a generic
 * access may name .global, .shared and .local variables, not .const or .param ones), immediate
 * addresses [N] are for .local only, and some instructions take only some spaces (atom and red:
 * generic, global, shared; st: never const; prefetch: generic, global, local). One diagnostic
 * per statement, at the operand. */
#include "spaces.h"

#include <stdio.h>

static ps_space insn_space(const ps_insn *in) {
    const ps_modset *m = &in->mods;
    if (ps_modset_has(m, PS_MOD_GLOBAL)) return PS_SPACE_GLOBAL;
    if (ps_modset_has(m, PS_MOD_SHARED) || ps_modset_has(m, PS_MOD_SHARED_CTA) ||
        ps_modset_has(m, PS_MOD_SHARED_CLUSTER))
        return PS_SPACE_SHARED;
    if (ps_modset_has(m, PS_MOD_LOCAL)) return PS_SPACE_LOCAL;
    if (ps_modset_has(m, PS_MOD_CONST)) return PS_SPACE_CONST;
    if (ps_modset_has(m, PS_MOD_PARAM) || ps_modset_has(m, PS_MOD_PARAM_ENTRY) || ps_modset_has(m, PS_MOD_PARAM_FUNC))
        return PS_SPACE_PARAM;
    return PS_SPACE_GENERIC;
}

static bool in_list(ps_var *const *list, int n, const ps_var *v) {
    for (int i = 0; i < n; i++)
        if (list[i] == v) return true;
    return false;
}

/* The instruction and its state space, for messages ("ld.global", "st"). */
static void insn_name(const ps_insn *in, const token *mt, char *buf, size_t n) {
    (void)mt;
    ps_space sp = insn_space(in);
    if (sp == PS_SPACE_GENERIC || in->form == PS_F_CP_ASYNC) snprintf(buf, n, "%s", in->info->mnemonic);
    else snprintf(buf, n, "%s.%s", in->info->mnemonic, ps_space_name(sp));
}

static void at_op(token *at, const token *mt, const ps_operand *o) {
    *at = *mt;
    at->line = o->line;
    at->col = o->col;
}

static void mismatch(parser *p, const ps_insn *in, const token *mt, const ps_operand *o, ps_space want) {
    char name[64];
    insn_name(in, mt, name, sizeof name);
    const ps_var *v = o->var;
    const ps_func *fn = p->fn;
    token at;
    at_op(&at, mt, o);
    const char *hint = "";
    if (v->space == PS_SPACE_PARAM && fn && fn->is_entry && in_list(fn->params, fn->nparams, v) &&
        want != PS_SPACE_PARAM)
        hint = "; a pointer passed as a kernel parameter is read with ld.param.u64, made a "
               "global address with cvta.to.global.u64, and used through that register";
    else if (v->space == PS_SPACE_CONST && want == PS_SPACE_GENERIC)
        hint = "; name the space (ld.const) or take its generic address with cvta.const";
    else if (v->space == PS_SPACE_PARAM && want == PS_SPACE_GENERIC) hint = "; read it with ld.param";
    error_at(p, &at,
             "state space mismatch: '%s' cannot address .%s variable '%s' (ptxas: State "
             "space mismatch between instruction and address in instruction '%s')%s",
             name, ps_space_name(v->space), v->name, in->info->mnemonic, hint);
}

static bool space_ok(ps_space insn, ps_space var) {
    if (insn == PS_SPACE_GENERIC) return var == PS_SPACE_GLOBAL || var == PS_SPACE_SHARED || var == PS_SPACE_LOCAL;
    return insn == var;
}

void check_spaces(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    ps_form f = in->form;
    bool mem = f == PS_F_LD || f == PS_F_LDU || f == PS_F_ST || f == PS_F_ATOM || f == PS_F_RED || f == PS_F_PREFETCH ||
        f == PS_F_PREFETCHU;
    if (!mem && f != PS_F_CVTA && f != PS_F_MOV && f != PS_F_CP_ASYNC) return;
    ps_space sp = insn_space(in);
    const ps_func *fn = p->fn;
    char name[64];
    if (mem) {
        bool bad = false;
        if (f == PS_F_ATOM || f == PS_F_RED)
            bad = sp != PS_SPACE_GENERIC && sp != PS_SPACE_GLOBAL && sp != PS_SPACE_SHARED;
        else if (f == PS_F_ST) bad = sp == PS_SPACE_CONST;
        else if (f == PS_F_PREFETCH) /* .tensormap: generic, .const and .param (validate_mem.c) */
            bad = sp != PS_SPACE_GENERIC && sp != PS_SPACE_GLOBAL && sp != PS_SPACE_LOCAL &&
                !(ps_modset_has(&in->mods, PS_MOD_TENSORMAP) && (sp == PS_SPACE_CONST || sp == PS_SPACE_PARAM));
        if (bad) {
            insn_name(in, mt, name, sizeof name);
            error_at(p, mt,
                     "'%s' cannot access .%s memory (ptxas: State space incorrect for "
                     "instruction '%s')",
                     name, ps_space_name(sp), in->info->mnemonic);
            return;
        }
    }
    for (int i = 0; i < nops; i++) {
        const ps_operand *o = &ops[i];
        token at;
        at_op(&at, mt, o);
        if (f == PS_F_CVTA || f == PS_F_MOV) {
            if (o->kind != PS_OP_VAR) continue;
            const ps_var *v = o->var;
            if (v->space == PS_SPACE_PARAM && fn && !in_list(fn->params, fn->nparams, v) &&
                !in_list(fn->rets, fn->nrets, v)) {
                error_at(p, &at,
                         "cannot take the address of .param variable '%s' declared for a "
                         "call (ptxas: Illegal to take address of parameter)",
                         v->name);
                return;
            }
            if (f == PS_F_CVTA && !space_ok(sp, v->space)) { /* the space itself: SPACE! (forms.def) */
                mismatch(p, in, mt, o, sp);
                return;
            }
            continue;
        }
        if (o->kind != PS_OP_ADDR) continue;
        ps_space want = sp;
        if (f == PS_F_CP_ASYNC) { /* cp.async.ca.shared.global [dst], [src], ... */
            if (i > 1) continue;
            want = i == 0 ? PS_SPACE_SHARED : PS_SPACE_GLOBAL;
        }
        if (o->var) {
            if (!space_ok(want, o->var->space)) {
                mismatch(p, in, mt, o, want);
                return;
            }
            if (f == PS_F_ST && o->var->space == PS_SPACE_PARAM && fn && in_list(fn->params, fn->nparams, o->var)) {
                error_at(p, &at,
                         "cannot write to input parameter '%s' (ptxas: Illegal to write "
                         "to function input parameter)",
                         o->var->name);
                return;
            }
        } else if (o->reg < 0 && mem && want != PS_SPACE_LOCAL) {
            error_at(p, &at,
                     "an immediate address [%lld] is allowed only with .local (ptxas: "
                     "Immediate addresses allowed only for .local state space)",
                     (long long)o->offset);
            return;
        }
    }
}
