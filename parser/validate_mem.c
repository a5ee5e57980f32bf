/* validate_mem.c — memory instructions (ld, st, atom, red, cp.async, fences, barriers on memory): state spaces of symbols and addresses, vector widths, cache and ordering qualifiers (validate.h). */
#include <stdio.h>
#include <string.h>

#include "validate.h"

static void at_operand(token *at, const token *mt, const ps_operand *o) {
    *at = *mt;
    at->line = o->line;
    at->col = o->col;
}

static bool shapes_by_sig(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops,
                          const char *sig);

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
    error_at(p, &at,
             "'%s' takes a 64-bit register as a generic or .global address in a module of .address_size 64 "
             "(ptxas: Program uses 32-bit address ... conflicting with .address_size 64; 32-bit "
             "compilation is no longer supported)",
             mn);
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
    /* the qualifiers: ps_check_mem_quals; the operands' kinds and types: the rows' shapes */
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
        error_at(p, &at,
                 "cannot read return parameter '%s' (ptxas: Illegal to read function return parameter "
                 "'%s')",
                 o->var->name, o->var->name);
    }
}

static void prefetch(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (ps_mem_prefetch_rules(in->form, &in->mods, p->m->arch, p->m->version, why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    if (nops < 1) return; /* the address: "[]" (forms.def) */
    const ps_operand *o = &ops[0];
    if (check_narrow(p, in, mt, o)) return;
    /* prefetchu takes a generic address: a register, or a .global variable's (ptxas) */
    if (in->form == PS_F_PREFETCHU && o->kind == PS_OP_ADDR && o->var && o->var->space != PS_SPACE_GLOBAL) {
        token at;
        at_operand(&at, mt, o);
        error_at(p, &at,
                 "prefetchu takes a generic address, not .%s variable '%s' (ptxas: Non-generic address is "
                 "not supported as operand for prefetchu instruction)",
                 ps_space_name(o->var->space), o->var->name);
    }
}

/* cvta and mov of a variable's address: a .u32 address in a module of .address_size 64 makes ptxas
 * compile for the 32-bit ABI it no longer has, and so does mov of a .global variable to a 32-bit
 * register; an address is an integer. */
static void address_move(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *mn = in->info->mnemonic;
    ps_type t = in->ntypes ? in->types[0] : PS_T_NONE;
    bool narrow = ps_type_size(t) < 8;
    if (in->form == PS_F_CVTA) { /* the operands' kinds and types: "dT aT" (forms.def) */
        if (narrow && p->m->address_size == 64)
            error_at(p, mt,
                     "'cvta.%s' converts 64-bit addresses in a module of .address_size 64 (ptxas: "
                     "32-bit compilation is no longer supported)",
                     ps_type_name(t));
        return;
    }
    for (int i = 1; i < nops; i++) {
        const ps_operand *o = &ops[i];
        if (o->kind != PS_OP_VAR || !o->var) continue;
        token at;
        at_operand(&at, mt, o);
        ps_type_kind k = ps_type_kind_of(t);
        if (k != TK_BITS && k != TK_UINT && k != TK_SINT) {
            error_at(p, &at,
                     "the address of '%s' is an integer: '%s.%s' cannot take it (ptxas: Arguments mismatch "
                     "for instruction '%s')",
                     o->var->name, mn, ps_type_name(t), mn);
            return;
        }
        /* (with an offset, "g+8", ptxas takes a constant expression and accepts the narrowing) */
        if (narrow && p->m->address_size == 64 && o->var->space == PS_SPACE_GLOBAL && o->offset == 0) {
            error_at(p, &at,
                     "the address of .global variable '%s' takes 64 bits in a module of .address_size 64 "
                     "(ptxas: 32-bit compilation is no longer supported)",
                     o->var->name);
            return;
        }
    }
}

static void atomic(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    /* the qualifiers: ps_check_mem_quals; the operands' kinds and types: the rows' shapes */
    int a = in->form == PS_F_ATOM ? 1 : 0;
    if (a >= nops) return;
    const ps_operand *o = &ops[a];
    if (check_narrow(p, in, mt, o)) return;
    /* atomics on local memory are undefined (PTX ISA 9.7.13.5), and ptxas 13 crashes on a generic atom
     * naming a .local variable */
    if (in->form == PS_F_ATOM && o->kind == PS_OP_ADDR && o->var && o->var->space == PS_SPACE_LOCAL) {
        token at;
        at_operand(&at, mt, o);
        error_at(p, &at,
                 "atom cannot access .local variable '%s': atomics on local memory are undefined (ptxas 13 "
                 "crashes on it)",
                 o->var->name);
    }
}

static void fence(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (ps_mem_fence_rules(in->form, in->text ? in->text : in->info->mnemonic, nops, p->m->arch, p->m->version, why,
                           sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    /* fence.proxy.tensormap::generic.acquire.scope [a], 128 */
    if (nops == 2 && shapes_by_sig(p, in, mt, ops, nops, "ai") && ops[1].imm != 128) {
        token at;
        at_operand(&at, mt, &ops[1]);
        error_at(p, &at, "Argument 1 of instruction 'fence.proxy': unexpected value '%lld', expected to be 128",
                 (long long)ops[1].imm);
    }
}

static void cp_async(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (in->form == PS_F_CP_ASYNC_BULK_WAIT && in->text) { /* cp.async.bulk.wait_group{.read} */
        const char *q = in->text + strlen("cp.async.bulk.wait_group");
        if (*q && strcmp(q, ".read")) {
            error_at(p, mt, "Unknown modifier '%s' for 'cp.async.bulk.wait_group' (it takes only .read)", q);
            return;
        }
    }
    if (in->form == PS_F_CP_ASYNC_WAIT || in->form == PS_F_CP_ASYNC_BULK_WAIT) return; /* "iu" (forms.def) */
    /* the operands' kinds and types: "[] [] iu sN? sX^" (forms.def) */
    long long size = nops >= 3 && ops[2].kind == PS_OP_IMM ? (long long)ops[2].imm : -1;
    if (ps_mem_cp_async_rules(&in->mods, size, why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    /* the destination's space comes first: .shared{::cta}.global */
    const char *g = in->text ? strstr(in->text, ".global") : NULL, *sh = in->text ? strstr(in->text, ".shared") : NULL;
    if (g && sh && g < sh)
        error_at(p, mt,
                 "State space incorrect for instruction 'cp.async' (it copies .global to .shared: "
                 "cp.async.ca.shared.global)");
}

/* Operand shapes by a small signature, one letter an operand: a [address], D a 64-bit register or
 * '_', s a 64-bit register, p a predicate, c a 32-bit register, r a 32-bit register or an immediate,
 * i an immediate; upper-case letters after '|' are optional. ptxas: Arguments mismatch. */
static bool shapes_by_sig(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops,
                          const char *sig) {
    const char *mn = in->info->mnemonic;
    int k = 0;
    for (const char *c = sig; *c && k < nops; c++) {
        if (*c == '|') continue;
        const ps_operand *o = &ops[k++];
        int size = o->kind == PS_OP_REG && p->fn ? ps_type_size(p->fn->regs[o->reg].type) : 0;
        bool pred = o->kind == PS_OP_REG && p->fn && p->fn->regs[o->reg].type == PS_T_PRED;
        bool ok;
        switch (*c | 0x20) {
        case 'a': ok = o->kind == PS_OP_ADDR; break;
        case 'd': ok = o->kind == PS_OP_SINK || (size == 8 && !pred); break;
        case 's': ok = size == 8 && !pred; break;
        case 'p': ok = pred; break;
        case 'c': ok = size == 4 && !pred; break;
        case 'r': ok = (size == 4 && !pred) || o->kind == PS_OP_IMM; break;
        default: ok = o->kind == PS_OP_IMM; break;
        }
        if (!ok) {
            token at;
            at_operand(&at, mt, o);
            error_at(p, &at, "operand %d of '%s' must be %s (ptxas: Arguments mismatch for instruction '%s')", k, mn,
                     (*c | 0x20) == 'a'       ? "an address in brackets"
                         : (*c | 0x20) == 'd' ? "a 64-bit register or '_'"
                         : (*c | 0x20) == 's' ? "a 64-bit register"
                         : (*c | 0x20) == 'p' ? "a predicate"
                         : (*c | 0x20) == 'c' ? "a 32-bit register"
                         : (*c | 0x20) == 'r' ? "a 32-bit register or an immediate"
                                              : "an immediate",
                     mn);
            return false;
        }
    }
    return true;
}

/* mbarrier.*: the barrier is a .shared object (a .shared variable, or an address in a register).
 * The operands' kinds and types: the rows' shapes (forms.def, parser/validate_types.c). */
static void mbarrier(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (ps_mem_mbarrier_rules(in->form, &in->mods, p->m->arch, p->m->version, why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    for (int i = 0; i < nops; i++) {
        const ps_operand *o = &ops[i];
        if (o->kind != PS_OP_ADDR) continue;
        token at;
        at_operand(&at, mt, o);
        if (o->var && o->var->space != PS_SPACE_SHARED) {
            error_at(p, &at,
                     "the mbarrier object is in .shared memory, not .%s variable '%s' (ptxas: Illegal state "
                     "space for address operand '%s' with instruction '%s')",
                     ps_space_name(o->var->space), o->var->name, o->var->name, in->info->mnemonic);
            return;
        }
        if (ps_mem_space(&in->mods) == PS_MOD_GENERIC && narrow_address(p, o)) {
            narrow_error(p, mt, o, in->info->mnemonic);
            return;
        }
    }
    /* a remote (.shared::cluster) arrive returns no state: its destination is the sink '_' */
    bool arrive = in->form == PS_F_MBARRIER_ARRIVE || in->form == PS_F_MBARRIER_ARRIVE_DROP ||
        in->form == PS_F_MBARRIER_ARRIVE_EXPECT_TX || in->form == PS_F_MBARRIER_ARRIVE_DROP_EXPECT_TX;
    if (arrive && ps_modset_has(&in->mods, PS_MOD_SHARED_CLUSTER) && nops >= 1 && ops[0].kind != PS_OP_SINK) {
        token at;
        at_operand(&at, mt, &ops[0]);
        error_at(p, &at, "Sink '_' is expected as a destination operand for instruction '%s' with '.shared::cluster'",
                 in->info->mnemonic);
    }
}

static bool word_in(const char *w, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(w, list[i])) return true;
    return false;
}

/* ld, ldu, st, atom, red: a qualifier written twice, which the modifier set cannot show (found by
 * scripts/isa_audit.py's ld/st/atom/red spellings); ptxas's message names the qualifier's group. */
static bool repeated_word(parser *p, const ps_insn *in, const token *mt) {
    static const char *const spaces[] = {"global", "shared", "shared::cta",  "shared::cluster", "local",
                                         "const",  "param",  "param::entry", "param::func"};
    static const char *const scopes[] = {"cta", "cluster", "gpu", "sys"};
    static const char *const ops[] = {"and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max"};
    if (!in->text) return false;
    char w[16][40];
    int n = 0;
    for (const char *s = strchr(in->text, '.'); s && n < 16; s = strchr(s + 1, '.')) {
        size_t len = strcspn(s + 1, ".");
        snprintf(w[n++], sizeof w[0], "%.*s", (int)(len < 39 ? len : 39), s + 1);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) {
            if (strcmp(w[i], w[j])) continue;
            const char *mn = in->info->mnemonic;
            bool atomic = in->form == PS_F_ATOM || in->form == PS_F_RED;
            if (word_in(w[i], spaces, PS_ARRAY_LEN(spaces)))
                error_at(p, mt, "Unexpected number of state spaces specified in instruction '%s'", mn);
            else if (word_in(w[i], scopes, PS_ARRAY_LEN(scopes))) error_at(p, mt, "Multiple scope modifiers specified");
            else if (w[i][0] == 'v' && (w[i][1] == '2' || w[i][1] == '4' || w[i][1] == '8') && !w[i][2])
                error_at(p, mt, "Multiple vector modifiers specified");
            else if (atomic && word_in(w[i], ops, PS_ARRAY_LEN(ops)))
                error_at(p, mt, "Multiple instruction post-operation flags set");
            else if (!strncmp(w[i], "L2::", 4) && w[i][4] >= '0' && w[i][4] <= '9')
                error_at(p, mt, "Multiple cache prefetching modifiers specified");
            else if (!strcmp(w[i], "mmio")) error_at(p, mt, "Multiple .mmio modifiers specified");
            else error_at(p, mt, "Duplicate .%s modifier", w[i]);
            return true;
        }
    return false;
}

static bool ldst_or_atomic(ps_form f) {
    return f == PS_F_LD || f == PS_F_LDU || f == PS_F_ST || f == PS_F_ATOM || f == PS_F_RED;
}

void ps_check_mem_quals(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    (void)ops, (void)nops;
    char why[256];
    if (!ldst_or_atomic(in->form) || repeated_word(p, in, mt)) return;
    bool atomic = in->form == PS_F_ATOM || in->form == PS_F_RED;
    if (ps_mem_space_rules(in->form, &in->mods, p->m->arch, p->m->version, why, sizeof why) ||
        (atomic ? ps_mem_atomic_rules(in->form, in->types, in->ntypes, &in->mods, in->vec, p->m->arch, p->m->version,
                                      why, sizeof why)
                : ps_mem_ldst_rules(in->form, in->types, in->ntypes, &in->mods, in->vec, p->m->arch, p->m->version, why,
                                    sizeof why)))
        error_at(p, mt, "%s", why);
}

void ps_check_mem(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[256];
    if (!ldst_or_atomic(in->form) &&
        ps_mem_space_rules(in->form, &in->mods, p->m->arch, p->m->version, why, sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    if (ps_form_is_mbarrier(in->form)) {
        mbarrier(p, in, mt, ops, nops);
        return;
    }
    switch (in->form) {
    case PS_F_LD:
    case PS_F_LDU:
    case PS_F_ST: ldst(p, in, mt, ops, nops); return;
    case PS_F_PREFETCH:
    case PS_F_PREFETCHU: prefetch(p, in, mt, ops, nops); return;
    case PS_F_ATOM:
    case PS_F_RED: atomic(p, in, mt, ops, nops); return;
    case PS_F_CP_ASYNC_BULK:
        if (in->text && ps_mem_bulk_rules(in->text, p->m->version, why, sizeof why)) error_at(p, mt, "%s", why);
        else shapes_by_sig(p, in, mt, ops, nops, "aar");
        return;
    case PS_F_MEMBAR:
    case PS_F_FENCE: fence(p, in, mt, ops, nops); return;
    case PS_F_CP_ASYNC:
    case PS_F_CP_ASYNC_WAIT:
    case PS_F_CP_ASYNC_BULK_WAIT: cp_async(p, in, mt, ops, nops); return;
    case PS_F_CVTA:
    case PS_F_MOV: address_move(p, in, mt, ops, nops); return;
    default: return;
    }
}
