/* validate_call.c — call against the header of its callee (a .func, or for an indirect call the
 * .callprototype or .calltargets label it names), as ptxas 13 checks it: the number of arguments
 * and results, and each one's type (predicate or not, size, array or scalar) and alignment. */
#include <stdio.h>

#include "validate.h"
#include "validate_ctrl.h"

bool ps_ctrl_label_is_branchtargets(parser *p, int label) { return p->fn->labels[label].ntargets > 0; }

/* What a formal or an actual is, for ptxas's "Type of argument does not match". */
typedef struct {
    bool pred, array, known;
    int elem;      /* bytes of one element */
    uint64_t size; /* bytes in all */
    int align;
} shape;

static shape var_shape(const ps_var *v) {
    shape s = {v->type == PS_T_PRED, v->is_array, true, ps_type_size(v->type) * v->vec, v->size, v->align};
    if (s.pred) s.elem = 1, s.size = 1, s.align = 1;
    return s;
}

static shape actual_shape(parser *p, const ps_operand *o) {
    shape s = {0};
    if (o->kind == PS_OP_VAR && o->var->space == PS_SPACE_PARAM) return var_shape(o->var);
    if (o->kind == PS_OP_REG) {
        ps_type t = p->fn->regs[o->reg].type;
        int n = t == PS_T_PRED ? 1 : ps_type_size(t);
        return (shape){t == PS_T_PRED, false, true, n, (uint64_t)n, n};
    }
    return s; /* immediates and the rest: not compared */
}

/* list (a PS_OP_LIST or NULL) against formals; false after a diagnostic. */
static bool match_list(parser *p, const token *mt, const ps_operand *list, ps_var *const *formals, int nformals) {
    int n = list ? list->nitems : 0;
    if (n != nformals) {
        error_at(p, mt, "Call has wrong number of parameters");
        return false;
    }
    for (int i = 0; i < n; i++) {
        const ps_operand *o = &list->items[i];
        shape a = actual_shape(p, o), f = var_shape(formals[i]);
        if (!a.known) continue;
        token at;
        ps_ctrl_at(mt, o, &at);
        const char *fname = formals[i]->name ? formals[i]->name : "_";
        if (a.pred != f.pred || a.elem != f.elem || a.size != f.size || a.array != f.array) {
            /* a register in a .reg formal or a scalar .param: only the width counts */
            if (!(o->kind == PS_OP_REG && !f.array && a.pred == f.pred && a.size == f.size)) {
                error_at(p, &at, "Type of argument does not match formal parameter '%s'", fname);
                return false;
            }
        }
        if (o->kind == PS_OP_VAR && a.align != f.align) {
            error_at(p, &at, "Alignment of argument does not match formal parameter '%s'", fname);
            return false;
        }
    }
    return true;
}

bool ps_ctrl_check_call(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    int i = 0;
    const ps_operand *rets = NULL, *args = NULL, *callee = NULL, *extra = NULL;
    if (i < nops && ops[i].kind == PS_OP_LIST) rets = &ops[i++];
    if (i < nops) callee = &ops[i++];
    if (i < nops && ops[i].kind == PS_OP_LIST) args = &ops[i++];
    if (i < nops) extra = &ops[i++];
    if (!callee || i < nops) {
        error_at(p, mt, "Arguments mismatch for instruction 'call'");
        return false;
    }
    token at;
    ps_ctrl_at(mt, callee, &at);
    const ps_func *hdr = NULL;
    if (callee->kind == PS_OP_FUNC) {
        if (extra) {
            error_at(p, mt, "Arguments mismatch for instruction 'call'");
            return false;
        }
        if (callee->func->is_entry) {
            error_at(p, &at, "Illegal call target, device function expected");
            return false;
        }
        hdr = callee->func;
    } else if (callee->kind == PS_OP_REG) {
        /* an indirect call names a .callprototype or .calltargets label */
        const ps_label *l = extra && extra->kind == PS_OP_LABEL ? &p->fn->labels[extra->label] : NULL;
        if (!l) {
            error_at(p, &at, "Label expected for argument 0 of instruction 'call'");
            return false;
        }
        if (!l->proto && !l->ncalltargets) {
            token lt;
            ps_ctrl_at(mt, extra, &lt);
            error_at(p, &lt, "'%s' is not a .callprototype or .calltargets label (ptxas: Unknown symbol)", l->name);
            return false;
        }
        if (!ps_ctrl_want(p, mt, "call", callee, p->m->address_size == 32 ? K_I32 : K_I64)) return false;
        hdr = l->proto ? l->proto : l->calltargets[0];
    } else {
        const char *what = callee->kind == PS_OP_LABEL ? p->fn->labels[callee->label].name : "?";
        error_at(p, &at, "Call to '%s' requires call prototype", what);
        return false;
    }
    return match_list(p, mt, args, hdr->params, hdr->nparams) && match_list(p, mt, rets, hdr->rets, hdr->nrets);
}
