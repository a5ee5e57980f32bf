/* validate_mem.c — memory instructions (ld, st, atom, red, cp.async, fences, barriers on memory): state spaces of symbols and addresses, vector widths, cache and ordering qualifiers (validate.h). */
#include <stdio.h>

#include "validate.h"

static void at_operand(token *at, const token *mt, const ps_operand *o) {
    *at = *mt;
    at->line = o->line;
    at->col = o->col;
}

static bool in_list(ps_var *const *list, int n, const ps_var *v) {
    for (int i = 0; i < n; i++)
        if (list[i] == v) return true;
    return false;
}

/* A 32-bit register holding a generic or .global address in a module of .address_size 64: ptxas 13
 * then compiles for a 32-bit ABI, which it no longer has ("Program uses 32-bit address ...", then
 * fatal). Shared, local, const and param addresses are 32-bit offsets and may be. */
static bool narrow_address(parser *p, const ps_operand *o) {
    if (p->m->address_size != 64 || o->kind != PS_OP_ADDR || o->var || o->reg < 0 || !p->fn) return false;
    return ps_type_size(p->fn->regs[o->reg].type) < 8;
}

static void narrow_error(parser *p, const token *mt, const ps_operand *o, const char *mn) {
    token at;
    at_operand(&at, mt, o);
    error_at(p, &at, "'%s' takes a 64-bit register as a generic or .global address in a module of .address_size 64 "
                     "(ptxas: Program uses 32-bit address ... conflicting with .address_size 64; 32-bit "
                     "compilation is no longer supported)", mn);
}

/* Does a .global (or generic) access through operand o use a 32-bit register? Reports it. */
static bool check_narrow(parser *p, const ps_insn *in, const token *mt, const ps_operand *o) {
    ps_mod sp = ps_mem_space(&in->mods);
    if ((sp == PS_MOD_GENERIC || sp == PS_MOD_GLOBAL) && narrow_address(p, o)) {
        narrow_error(p, mt, o, in->info->mnemonic);
        return true;
    }
    return false;
}

static void ldst(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (ps_mem_ldst_rules(in->form, in->types, in->ntypes, &in->mods, in->vec, nops, p->m->arch, p->m->version,
                          why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    int a = in->form == PS_F_ST ? 0 : 1;
    if (a >= nops) return;
    const ps_operand *o = &ops[a];
    if (check_narrow(p, in, mt, o)) return;
    const ps_func *fn = p->fn;
    token at;
    at_operand(&at, mt, o);
    /* a .func's return value is written, never read (ptxas) */
    if (in->form == PS_F_LD && o->kind == PS_OP_ADDR && o->var && fn && !fn->is_entry &&
        in_list(fn->rets, fn->nrets, o->var)) {
        error_at(p, &at, "cannot read return parameter '%s' (ptxas: Illegal to read function return parameter "
                         "'%s')", o->var->name, o->var->name);
    }
}

static void prefetch(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (ps_mem_prefetch_rules(in->form, &in->mods, p->m->arch, p->m->version, why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    if (nops < 1) return;
    const ps_operand *o = &ops[0];
    if (check_narrow(p, in, mt, o)) return;
    /* prefetchu takes a generic address: a register, or a .global variable's (ptxas) */
    if (in->form == PS_F_PREFETCHU && o->kind == PS_OP_ADDR && o->var && o->var->space != PS_SPACE_GLOBAL) {
        token at;
        at_operand(&at, mt, o);
        error_at(p, &at, "prefetchu takes a generic address, not .%s variable '%s' (ptxas: Non-generic address is "
                         "not supported as operand for prefetchu instruction)",
                 ps_space_name(o->var->space), o->var->name);
    }
}

/* isspacep.space p, a: a is a register or an immediate, never a variable (ptxas: Arguments mismatch). */
static void isspacep(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    if (ps_mem_space(&in->mods) == PS_MOD_GENERIC) {
        error_at(p, mt, "isspacep names the space it tests (ptxas: State space modifier required for instruction "
                        "'isspacep')");
        return;
    }
    if (nops == 2 && ops[1].kind != PS_OP_REG && ops[1].kind != PS_OP_IMM) {
        token at;
        at_operand(&at, mt, &ops[1]);
        error_at(p, &at, "isspacep tests an address in a register (ptxas: Arguments mismatch for instruction "
                         "'isspacep')");
    }
}

/* cvta and mov of a variable's address: a .u32 address in a module of .address_size 64 makes ptxas
 * compile for the 32-bit ABI it no longer has, and so does mov of a .global variable to a 32-bit
 * register; an address is an integer. */
static void address_move(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *mn = in->info->mnemonic;
    ps_type t = in->ntypes ? in->types[0] : PS_T_NONE;
    bool narrow = ps_type_size(t) < 8;
    if (in->form == PS_F_CVTA) {
        if (narrow && p->m->address_size == 64)
            error_at(p, mt, "'cvta.%s' converts 64-bit addresses in a module of .address_size 64 (ptxas: "
                            "32-bit compilation is no longer supported)", ps_type_name(t));
        return;
    }
    for (int i = 1; i < nops; i++) {
        const ps_operand *o = &ops[i];
        if (o->kind != PS_OP_VAR || !o->var) continue;
        token at;
        at_operand(&at, mt, o);
        ps_type_kind k = ps_type_kind_of(t);
        if (k != TK_BITS && k != TK_UINT && k != TK_SINT) {
            error_at(p, &at, "the address of '%s' is an integer: '%s.%s' cannot take it (ptxas: Arguments mismatch "
                             "for instruction '%s')", o->var->name, mn, ps_type_name(t), mn);
            return;
        }
        if (narrow && p->m->address_size == 64 && o->var->space == PS_SPACE_GLOBAL) {
            error_at(p, &at, "the address of .global variable '%s' takes 64 bits in a module of .address_size 64 "
                             "(ptxas: 32-bit compilation is no longer supported)", o->var->name);
            return;
        }
    }
}

void ps_check_mem(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (ps_mem_space_rules(in->form, &in->mods, p->m->arch, p->m->version, why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    switch (in->form) {
    case PS_F_LD:
    case PS_F_LDU:
    case PS_F_ST: ldst(p, in, mt, ops, nops); return;
    case PS_F_PREFETCH:
    case PS_F_PREFETCHU: prefetch(p, in, mt, ops, nops); return;
    case PS_F_ISSPACEP: isspacep(p, in, mt, ops, nops); return;
    case PS_F_CVTA:
    case PS_F_MOV: address_move(p, in, mt, ops, nops); return;
    default: return;
    }
}
