/* validate_types.c — operand and register types: which register and immediate types each instruction type takes (relaxed type checking as ptxas applies it), immediates' notation and range (validate.h). */
#include <stdio.h>
#include <string.h>

#include "validate.h"
#include "validate_ctrl.h"

/* The instruction's name in ptxas's messages: the row's mnemonic, but for bar.warp.sync, whose
 * .sync ptxas reads as a qualifier ('bar.warp'), and for bar and barrier, whose .arrive and .red
 * it reads as part of the name ('bar.red'). */
static const char *ptxas_name(const ps_insn *in) {
    bool red = ps_modset_has(&in->mods, PS_MOD_RED), arrive = ps_modset_has(&in->mods, PS_MOD_ARRIVE);
    switch (in->form) {
    case PS_F_BAR_WARP_SYNC: return "bar.warp";
    case PS_F_BAR: return red ? "bar.red" : arrive ? "bar.arrive" : "bar";
    case PS_F_BARRIER: return red ? "barrier.red" : arrive ? "barrier.arrive" : "barrier";
    default: return in->info->mnemonic;
    }
}

/* The token to report an operand at. */
static token at_op(const token *mt, const ps_operand *o) {
    token t = *mt;
    t.line = o->line;
    t.col = o->col;
    return t;
}

static void mismatch(parser *p, const token *mt, const ps_operand *o, int i, const char *mn, const char *what,
                     ps_type want) {
    token at = at_op(mt, o);
    error_at(p, &at, "operand %d of '%s': %s does not fit .%s (ptxas: Arguments mismatch for instruction '%s')", i, mn,
             what, ps_type_name(want), mn);
}

static ps_type reg_type(parser *p, int reg) {
    return p->fn && reg >= 0 && reg < p->fn->nregs ? p->fn->regs[reg].type : PS_T_NONE;
}

/* A register in a slot (pair: the second register of setp's "p|q"). */
static void check_reg(parser *p, const token *mt, const ps_operand *o, int i, const char *mn, ps_type_slot s) {
    token at = at_op(mt, o);
    ps_type rt = reg_type(p, o->reg);
    if (rt == PS_T_NONE) return;
    char what[48];
    snprintf(what, sizeof what, "a .%s register", ps_type_name(rt));
    if (o->neg && !o->minus) {
        if (rt != PS_T_PRED) {
            error_at(p, &at,
                     "'!' negates predicates only, not a .%s register (ptxas: Illegal argument to "
                     "predicate negation)",
                     ps_type_name(rt));
            return;
        }
        if (s.role == PS_TS_DST) {
            error_at(p, &at,
                     "a destination cannot be negated (ptxas: Result register required for "
                     "instruction '%s')",
                     mn);
            return;
        }
    }
    if (s.role == PS_TS_IMM) {
        mismatch(p, mt, o, i, mn, "a register (an immediate is required here)", s.type);
        return;
    }
    if (s.type == PS_T_PRED && rt == PS_T_F16X2 && p->fn && !s.plain) {
        /* ptxas takes an .f16x2 register where an instruction of type .pred wants a predicate (not
         * as bar.red's plain predicate source, k); the PTX ISA gives that no meaning */
        error_at(p, &at,
                 "ptxsim does not run an .f16x2 register as a predicate (ptxas accepts it; the "
                 "PTX ISA does not say what it means)");
        return;
    }
    if (!ps_types_reg_fits(s.type, rt, s.strict)) mismatch(p, mt, o, i, mn, what, s.type);
    if (!p->failed_stmt && o->pair_reg >= 0 && reg_type(p, o->pair_reg) != PS_T_PRED)
        error_at(p, mt, "Predicate output expected for instruction '%s'", mn); /* "d|q": ptxas's words */
}

static void check_imm(parser *p, const token *mt, const ps_operand *o, int i, const char *mn, ps_type_slot s) {
    token at = at_op(mt, o);
    if (s.role == PS_TS_DST) {
        error_at(p, &at,
                 "an immediate cannot be a destination (ptxas: Result register required for "
                 "instruction '%s')",
                 mn);
        return;
    }
    ps_imm_kind k = o->kind == PS_OP_IMM ? PS_IMM_INT : o->kind == PS_OP_IMM_F32 ? PS_IMM_F32 : PS_IMM_F64;
    if (!ps_types_imm_fits(s.type, k)) {
        mismatch(p, mt, o, i, mn,
                 k == PS_IMM_INT       ? "an integer immediate"
                     : k == PS_IMM_F32 ? "a 0f (.f32) immediate"
                                       : "a floating-point (.f64) immediate",
                 s.type);
        return;
    }
    if (o->neg && s.type != PS_T_PRED) {
        mismatch(p, mt, o, i, mn, "a negated immediate", s.type);
        return;
    }
    if (s.role == PS_TS_BYTE && o->imm > 255)
        error_at(p, &at,
                 "operand %d of '%s': value %lld out of range [0..255] (ptxas: Argument %d of "
                 "instruction '%s': value out of range)",
                 i, mn, (long long)o->imm, i, mn);
}

/* The address of a variable as a source (mov's, or an "a" slot's: cvta, mapa, getctarank) of
 * the instruction of row f, in a slot of type t. */
static void check_var_address(parser *p, const token *mt, const ps_operand *o, int i, const ps_form_info *f,
                              ps_type t) {
    token at = at_op(mt, o);
    const char *mn = f->mnemonic;
    if (ps_type_kind_of(t) == TK_FLOAT || t == PS_T_PRED) mismatch(p, mt, o, i, mn, "an address", t);
    else if ((f->props & P_SHARED_VAR) && o->var->space != PS_SPACE_SHARED)
        /* ptxas 13: mapa's and getctarank's variable is a .shared one, whatever space the
         * instruction names */
        error_at(p, &at,
                 "'%s' maps the address of a .shared variable, not of '%s' (ptxas: State space mismatch "
                 "between instruction and address in instruction '%s')",
                 mn, o->var->name, mn);
    else if (o->var->space == PS_SPACE_GLOBAL && p->m->address_size == 64 && ps_type_size(t) == 4 &&
             (o->offset == 0 || o->indexed))
        /* ptxas: "Program uses 32-bit address ... conflicting with .address_size 64", fatal; it
         * takes "var+4" (and "var+0", which ptxsim cannot tell from "var") */
        error_at(p, &at, "the address of .global '%s' does not fit .%s in a module of .address_size 64", o->var->name,
                 ps_type_name(t));
}

/* mov with a brace list on one side: packs or unpacks same-sized registers (PTX ISA 9.7.9.1). */
static void check_mov_list(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops) {
    const char *mn = "mov";
    int li = ops[0].kind == PS_OP_VEC ? 0 : 1;
    const ps_operand *l = &ops[li];
    token at = at_op(mt, l);
    ps_type t = in->types[0];
    if (ops[0].kind == PS_OP_VEC && ops[1].kind == PS_OP_VEC) {
        error_at(p, &at,
                 "mov takes a brace list on one side only (ptxas: Illegal vector-vector operands "
                 "for vector-scalar or scalar-vector mov instruction)");
        return;
    }
    if (l->nitems != 2 && l->nitems != 4) {
        error_at(p, &at, "a brace list of mov has 2 or 4 elements, not %d (ptxas: Illegal vector size)", l->nitems);
        return;
    }
    if (ps_type_kind_of(t) != TK_BITS || ps_type_size(t) < 2) {
        error_at(p, &at,
                 "mov packs or unpacks only with a .b16/.b32/.b64/.b128 type (ptxas: Arguments "
                 "mismatch for instruction 'mov')");
        return;
    }
    int esize = 0;
    ps_type prev = PS_T_NONE; /* ptxas compares each element with the one before it */
    bool prev_imm = false;
    for (int k = 0; k < l->nitems; k++) {
        const ps_operand *e = &l->items[k];
        token eat = at_op(mt, e);
        if (e->kind == PS_OP_SINK) {
            if (li == 1) {
                error_at(p, &eat, "'_' cannot be a source (ptxas: Sink '_' not allowed as a source operand)");
                return;
            }
            continue;
        }
        if (e->kind == PS_OP_IMM || e->kind == PS_OP_IMM_F32 || e->kind == PS_OP_IMM_F64) {
            if (li == 0) {
                error_at(p, &eat,
                         "an immediate cannot be a destination (ptxas: Result register required "
                         "for instruction 'mov')");
                return;
            }
            if (e->kind != PS_OP_IMM) {
                mismatch(p, mt, e, li, mn, "a floating-point immediate element", t);
                return;
            }
            if (prev != PS_T_NONE && !prev_imm && !ps_types_imm_fits(prev, PS_IMM_INT)) {
                error_at(p, &eat,
                         "brace-list elements .%s and an integer (ptxas: Vector with elements of "
                         "different types are not allowed in mov instruction)",
                         ps_type_name(prev));
                return;
            }
            prev_imm = true;
            continue;
        }
        if (e->kind != PS_OP_REG || e->neg) {
            mismatch(p, mt, e, li, mn, "this element", t);
            return;
        }
        ps_type rt = reg_type(p, e->reg);
        if (rt == PS_T_PRED) {
            mismatch(p, mt, e, li, mn, "a .pred element", t);
            return;
        }
        if (esize && ps_type_size(rt) != esize) {
            error_at(p, &eat,
                     "the elements of a brace list must have one size (ptxas: Incompatible elements "
                     "of vector expression)");
            return;
        }
        bool clash = prev_imm ? !ps_types_imm_fits(rt, PS_IMM_INT)
                              : prev != PS_T_NONE && !ps_types_reg_fits(prev, rt, true) &&
                !ps_types_reg_fits(rt, prev, true); /* {%hh, %s} clash */
        if (clash) {
            error_at(p, &eat,
                     "brace-list elements .%s and .%s (ptxas: Vector with elements of different "
                     "types are not allowed in mov instruction)",
                     prev_imm ? "(integer)" : ps_type_name(prev), ps_type_name(rt));
            return;
        }
        esize = ps_type_size(rt);
        prev = rt;
        prev_imm = false;
    }
    if (esize && esize * l->nitems != ps_type_size(t)) {
        error_at(p, &at,
                 "%d elements of %d bytes do not make a .%s (ptxas: Arguments mismatch for "
                 "instruction 'mov')",
                 l->nitems, esize, ps_type_name(t));
        return;
    }
    const ps_operand *o = &ops[1 - li];
    ps_type_slot s = {.type = t, .role = li == 0 ? PS_TS_SRC : PS_TS_DST};
    token oat = at_op(mt, o);
    if (o->kind == PS_OP_SINK)
        error_at(p, &oat,
                 li == 1 ? "'mov' cannot discard its result into '_' (ptxas: Result discard mode is "
                           "not allowed for instruction 'mov')"
                         : "'_' cannot be a source (ptxas: Sink '_' not allowed as a source operand)");
    else if (o->kind == PS_OP_VAR && li == 0) check_var_address(p, mt, o, 1, in->info, t);
    else if (o->kind != PS_OP_REG && o->kind != PS_OP_IMM && o->kind != PS_OP_IMM_F32 && o->kind != PS_OP_IMM_F64)
        mismatch(p, mt, o, 1 - li, mn, "this operand beside a brace list", t);
    else if (o->kind == PS_OP_REG) check_reg(p, mt, o, 1 - li, mn, s);
    else if (o->kind == PS_OP_IMM || o->kind == PS_OP_IMM_F32 || o->kind == PS_OP_IMM_F64)
        check_imm(p, mt, o, 1 - li, mn, s);
}

/* One operand in a slot of its shape (not a memory instruction's value), after its kind (address,
 * label) has been matched. */
static void check_plain(parser *p, const ps_insn *in, const token *mt, const ps_operand *o, int i, ps_type_slot s) {
    const char *mn = ptxas_name(in);
    bool mov = in->form == PS_F_MOV;
    token at = at_op(mt, o);
    switch (o->kind) {
    case PS_OP_REG: check_reg(p, mt, o, i, mn, s); break;
    case PS_OP_IMM:
    case PS_OP_IMM_F32:
    case PS_OP_IMM_F64: check_imm(p, mt, o, i, mn, s); break;
    case PS_OP_SREG:
        if (mov && i == 0)
            error_at(p, &at,
                     "a special register cannot be written (ptxas: Read-only special register "
                     "cannot be destination argument)");
        else if (!mov)
            error_at(p, &at,
                     "'%s' does not take a special register; copy it with mov first (ptxas: "
                     "Special register argument not allowed for instruction '%s')",
                     mn, mn);
        break;
    case PS_OP_LABEL: mismatch(p, mt, o, i, mn, "a label", s.type); break;
    case PS_OP_VAR:
        if (s.plain) mismatch(p, mt, o, i, mn, "a variable", s.type);
        else if (s.role == PS_TS_AVAL) check_var_address(p, mt, o, i, in->info, s.type);
        else if (!mov || i == 0)
            error_at(p, &at,
                     "operand %d of '%s' must be a register, not the variable '%s' (ptxas: "
                     "Argument %d of instruction '%s': must be register)",
                     i, mn, o->var->name, i, mn);
        else check_var_address(p, mt, o, i, in->info, s.type);
        break;
    case PS_OP_SINK:
        if (s.plain)
            error_at(p, &at, "'%s' reads this operand (ptxas: Result discard mode is not allowed for instruction '%s')",
                     mn, mn);
        else if (s.role != PS_TS_DST)
            error_at(p, &at, "'_' cannot be a source (ptxas: Sink '_' not allowed as a source operand)");
        else if (!s.sink)
            error_at(p, &at,
                     "'%s' cannot discard its result into '_' (ptxas: Result discard mode is not "
                     "allowed for instruction '%s')",
                     mn, mn);
        break;
    case PS_OP_VEC:
        if (s.plain) {
            mismatch(p, mt, o, i, mn, "a brace list", s.type);
            break;
        }
        error_at(p, &at,
                 "'%s' does not take a brace list (ptxas: Vector operand is not allowed for "
                 "instruction '%s')",
                 mn, mn);
        break;
    default: break;
    }
}

/* A register's type as a memory instruction's value: ptxas's words where it does not fit. */
static bool data_reg(parser *p, const token *mt, const ps_operand *o, const ps_insn *in, ps_type_slot s, ps_type rt,
                     bool vec) {
    const char *mn = in->info->mnemonic;
    if (ps_types_data_fits(s.type, rt, s.wider, vec)) return true;
    token at = at_op(mt, o);
    error_at(p, &at, "'%s.%s' cannot take a .%s register here (ptxas: Arguments mismatch for instruction '%s')", mn,
             ps_type_name(s.type), ps_type_name(rt), mn);
    return false;
}

/* Do two neighbours in a brace list go together, as ptxas compares them? A register is its type,
 * an immediate PS_T_NONE with its notation (k: 0 integer, 1 floating point, -1 a register): .bN
 * goes with anything, integers with integers, floating-point immediates with floats. */
static bool neighbours(ps_type a, int ka, ps_type b, int kb) {
    ps_type_kind x = ka < 0 ? ps_type_kind_of(a) : TK_BITS, y = kb < 0 ? ps_type_kind_of(b) : TK_BITS;
    if (ka >= 0 && kb >= 0) return ka == kb;
    if (ka >= 0 || kb >= 0) { /* one immediate, one register */
        ps_type_kind r = ka >= 0 ? y : x;
        int k = ka >= 0 ? ka : kb;
        return r == TK_BITS || (k == 0 ? r == TK_UINT || r == TK_SINT : r == TK_FLOAT);
    }
    bool ints = (x == TK_UINT || x == TK_SINT) && (y == TK_UINT || y == TK_SINT);
    return a == b || x == TK_BITS || y == TK_BITS || ints;
}

/* A brace list as a memory instruction's value (.vN, operand i): ptxas compares each element with
 * the one before it (registers of one size unless one is a predicate; neighbours()), then the
 * merged type (a .bN register if there is one, else the first register; immediates alone each)
 * with the instruction's; '_' only where the value is written, and not as every element. */
static void data_list(parser *p, const ps_insn *in, const token *mt, const ps_operand *l, int i, ps_type_slot s) {
    const char *mn = in->info->mnemonic;
    ps_type prev = PS_T_NONE, merged = PS_T_NONE;
    int prevk = -2; /* -2: none yet */
    const ps_operand *first = NULL;
    int sinks = 0;
    for (int k = 0; k < l->nitems; k++) {
        const ps_operand *e = &l->items[k];
        token at = at_op(mt, e);
        bool imm = e->kind == PS_OP_IMM || e->kind == PS_OP_IMM_F32 || e->kind == PS_OP_IMM_F64;
        if (e->kind == PS_OP_SINK) {
            if (s.role != PS_TS_DST) {
                error_at(p, &at, "Sink '_' not allowed as a source operand");
                return;
            }
            sinks++;
            continue;
        }
        if (e->kind == PS_OP_VAR) {
            error_at(p, &at, "Illegal expression '%s'", e->var->name);
            return;
        }
        if (e->neg && !e->minus) { /* ptxas: a syntax error, fatal */
            error_at(p, &at, "'!' cannot negate an element of a brace list (ptxas: Parsing error: syntax error)");
            return;
        }
        if (e->kind != PS_OP_REG && (s.role == PS_TS_DST || !imm)) {
            if (s.role == PS_TS_DST && e->kind != PS_OP_SREG) {
                error_at(p, &at, "Result register required for instruction '%s'", mn);
                return;
            }
            continue; /* a special register: as ptxas takes it (not compared) */
        }
        ps_type rt = imm ? PS_T_NONE : reg_type(p, e->reg);
        int rk = imm ? e->kind != PS_OP_IMM : -1;
        if (!imm && rt == PS_T_NONE) continue;
        if (prevk > -2) {
            if (rk < 0 && prevk < 0 && prev != PS_T_PRED && rt != PS_T_PRED && ps_type_size(prev) != ps_type_size(rt)) {
                error_at(p, &at, "Incompatible elements of vector expression");
                return;
            }
            if (!neighbours(prev, prevk, rt, rk)) {
                error_at(p, &at, "Vector with elements of different types are not allowed in %s instruction", mn);
                return;
            }
        }
        prev = rt, prevk = rk;
        if (imm) continue;
        if (!first || (ps_type_kind_of(rt) == TK_BITS && ps_type_kind_of(merged) != TK_BITS)) merged = rt;
        if (!first) first = e;
    }
    if (sinks == l->nitems) {
        token at = at_op(mt, l);
        error_at(p, &at, "Unable to infer type of vector elements");
        return;
    }
    if (first) data_reg(p, mt, first, in, s, merged, true);
    else
        for (int k = 0; k < l->nitems && !p->failed_stmt; k++)
            if (l->items[k].kind != PS_OP_SREG) check_imm(p, mt, &l->items[k], i, mn, s);
}

/* A memory instruction's value (a data slot: forms.def's v, o and x): a register, an immediate
 * where it is read, or with .vN a brace list of N; ld/st (M) also take a scalar written {%r}. */
static void check_data(parser *p, const ps_insn *in, const token *mt, const ps_operand *o, int i, ps_type_slot s) {
    const char *mn = in->info->mnemonic;
    bool written = s.role == PS_TS_DST;
    token at = at_op(mt, o);
    if (s.anyvec && o->kind == PS_OP_VEC) { /* st.async (ptxas 13) */
        int n = o->nitems;
        if (in->vec > 1 && n != in->vec)
            error_at(p, &at, "'%s.v%d' needs %d elements, not %d (ptxas: Argument vector size mismatch)", mn, in->vec,
                     in->vec, n);
        else if (n != 1 && n != 2 && n != 4) error_at(p, &at, "Illegal vector size: %d", n);
        else data_list(p, in, mt, o, i, s);
        return;
    }
    if (o->kind == PS_OP_VEC && in->vec == 1) {
        if (!s.wider) {
            error_at(p, &at, "Vector is not expected for argument %d of instruction '%s'", i, mn);
            return;
        }
        if (o->nitems == 1) o = &o->items[0];
    }
    if (o->kind == PS_OP_VEC) {
        if (o->nitems != in->vec)
            error_at(p, &at, "'%s.v%d' needs %d elements, not %d (ptxas: %s)", mn, in->vec, in->vec, o->nitems,
                     o->nitems == 3 || o->nitems > 4 ? "Illegal vector size" : "Argument vector size mismatch");
        else data_list(p, in, mt, o, i, s);
        return;
    }
    if (in->vec > 1 && !s.anyvec) {
        error_at(p, &at, "'%s.v%d' takes a brace list of %d elements (ptxas: Vector expected)", mn, in->vec, in->vec);
        return;
    }
    if (o->kind == PS_OP_SINK) {
        if (!written) error_at(p, &at, "Sink '_' not allowed as a source operand");
        else if (!s.sink)
            error_at(p, &at,
                     "'%s' cannot discard its result (ptxas: Result discard mode is not allowed for instruction '%s')",
                     mn, mn);
        return;
    }
    if (written && o->kind != PS_OP_REG) {
        error_at(p, &at, "Result register required for instruction '%s'", mn);
        return;
    }
    if (o->kind != PS_OP_REG) {
        check_plain(p, in, mt, o, i, s);
        return;
    }
    ps_type rt = reg_type(p, o->reg);
    if (rt == PS_T_PRED)
        error_at(p, &at, "'%s' does not move predicates (ptxas: Arguments mismatch for instruction '%s')", mn, mn);
    else if (rt != PS_T_NONE) data_reg(p, mt, o, in, s, rt, false);
}

/* isspacep's address (G): a 32- or 64-bit integer or bit register, or an integer immediate. */
static void check_addr32(parser *p, const ps_insn *in, const token *mt, const ps_operand *o, int i, ps_type_slot s) {
    ps_type rt = o->kind == PS_OP_REG ? reg_type(p, o->reg) : PS_T_NONE;
    if (o->kind == PS_OP_SREG || (o->kind == PS_OP_REG && rt == PS_T_NONE)) {
        check_plain(p, in, mt, o, i, s);
        return;
    }
    if (o->kind == PS_OP_IMM ||
        (o->kind == PS_OP_REG && (ps_types_reg_fits(PS_T_U64, rt, true) || ps_types_reg_fits(PS_T_U32, rt, true))))
        return;
    token at = at_op(mt, o);
    error_at(p, &at,
             "%s tests an address in a 32- or 64-bit integer register (ptxas: Arguments mismatch for instruction '%s')",
             in->info->mnemonic, in->info->mnemonic);
}

static void check_operand(parser *p, const ps_insn *in, const token *mt, const ps_operand *o, int i, ps_type_slot s) {
    if (s.or_pred && o->kind == PS_OP_REG && reg_type(p, o->reg) == PS_T_PRED) return; /* ignore-src, '!' too */
    if (s.addr32) check_addr32(p, in, mt, o, i, s);
    else if (s.data) check_data(p, in, mt, o, i, s);
    else check_plain(p, in, mt, o, i, s);
}

/* A type cvt converts between as ptxas 13 checks its registers below: the integers, .f16, .f32,
 * .f64 and .bf16 (not the packed and narrow float formats, nor .tf32). */
static bool cvt_plain_type(ps_type t) {
    ps_type_kind k = ps_type_kind_of(t);
    return t == PS_T_F16 || t == PS_T_F32 || t == PS_T_F64 || t == PS_T_BF16 ||
        ((k == TK_UINT || k == TK_SINT) && ps_type_size(t) <= 8);
}

void ps_check_cvt_regs(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    if (in->form != PS_F_CVT || in->ntypes != 2 || nops != 2) return;
    if (!cvt_plain_type(in->types[0]) || !cvt_plain_type(in->types[1])) return;
    /* a register at least as wide as its operand's type (of the same size in a conversion with
     * .bf16), of that float type or .bN for a float, .bN/.uN/.sN (or .f16x2) for an integer:
     * ld/st's rule for their values (ps_types_data_fits), measured for every pair of these types
     * and every register type against ptxas -arch=sm_90 */
    bool wider = in->types[0] != PS_T_BF16 && in->types[1] != PS_T_BF16;
    for (int i = 0; i < 2 && !p->failed_stmt; i++) {
        const ps_operand *o = &ops[i];
        ps_type_slot s = {.type = in->types[i], .role = i == 0 ? PS_TS_DST : PS_TS_SRC, .wider = wider};
        if (o->kind == PS_OP_SREG) continue; /* cvt's special registers: validate_ctrl.c */
        if (o->kind == PS_OP_ADDR) {
            mismatch(p, mt, o, i, "cvt", "an address", s.type);
            continue;
        }
        if (o->kind != PS_OP_REG) {
            check_plain(p, in, mt, o, i, s);
            continue;
        }
        ps_type rt = reg_type(p, o->reg);
        if (rt == PS_T_NONE) continue;
        if (o->neg && !o->minus) check_reg(p, mt, o, i, "cvt", s); /* '!' on a register */
        else if (!ps_types_data_fits(s.type, rt, wider, false)) {
            char what[48];
            snprintf(what, sizeof what, "a .%s register", ps_type_name(rt));
            mismatch(p, mt, o, i, "cvt", what, s.type);
        }
    }
}

/* Does the shape (forms.def's operands column) give an operand the type letter c? */
static bool shape_names(const char *shape, char c) {
    for (const char *s = shape; *s; s += strcspn(s, " "), s += strspn(s, " "))
        if (s[0] && s[1] == c) return true;
    return false;
}

int ps_shape_type_count(const ps_form_info *f) {
    if (!f->shaped) return -1;
    const char *sh = f->ops_src;
    if (shape_names(sh, 'R')) return 3;
    if (shape_names(sh, 'Q')) return 2;
    bool typed = shape_names(sh, 'T') || shape_names(sh, 'A') || shape_names(sh, 'W') || shape_names(sh, 'V');
    return typed ? 1 : -1;
}

void ps_check_types(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *mn = ptxas_name(in);
    ps_family fam = in->info->family;
    if (in->text && (fam == PS_FAM_INT || fam == PS_FAM_DOT || fam == PS_FAM_STACK) &&
        ps_types_slots(in->info, in->types, in->ntypes, &in->mods, (ps_type_slot[8]){{0}}) >= 0) {
        /* a modifier written twice ("mul24.lo.lo", "setp.lt.ftz.ftz"): ptxas refuses most, and the
         * modifier set cannot tell (the float and half forms' repeats: isa/mod_rules.c; memory
         * qualifiers: parser/validate_mem.c) */
        const char *s = in->text;
        for (const char *a = strchr(s, '.'); a; a = strchr(a + 1, '.')) {
            size_t n = strcspn(a + 1, ".");
            if (ps_type_lookup(a + 1, n) != PS_T_NONE) continue; /* set.eq.f32.f32 is two types */
            /* ptxas takes .sat.sat, .cc.cc and .shiftamt.shiftamt; other repeats it refuses */
            if ((n == 3 && (!memcmp(a + 1, "sat", 3))) || (n == 2 && !memcmp(a + 1, "cc", 2)) ||
                (n == 8 && !memcmp(a + 1, "shiftamt", 8)))
                continue;
            for (const char *b = strchr(a + 1, '.'); b; b = strchr(b + 1, '.'))
                if (strcspn(b + 1, ".") == n && !memcmp(a + 1, b + 1, n)) {
                    error_at(p, mt, "'%s' repeats '.%.*s' (ptxas refuses a repeated modifier)", s, (int)n, a + 1);
                    return;
                }
        }
    }
    ps_type_slot sl[8];
    int ns = ps_types_slots(in->info, in->types, in->ntypes, &in->mods, sl);
    if (ns < 0) return;
    /* operands left out: the optional slots, the last first (alloca d, size: the default
     * alignment; cp.async's src-size before a cache policy) */
    for (int k = ns - 1; k >= 0 && ns > nops; k--)
        if (sl[k].optional) {
            memmove(&sl[k], &sl[k + 1], sizeof sl[0] * (size_t)(ns - k - 1));
            ns--;
        }
    const char *sh = in->info->ops_src;
    /* ld, ldu, st, atom, red, cp.async: their types and messages are validate_mem.c's */
    bool data = false; /* ld, ldu, st, atom, red: the words of validate_mem.c's checks before */
    for (int i = 0; i < ns; i++) data |= sl[i].data;
    bool memform = data || strchr(sh, '^') != NULL;
    /* one type suffix, two where the shape names the second (Q), three with the third (R), one or
     * two with A; a shape that names no type of the instruction's leaves the suffixes to the row's
     * types column */
    int want_types = ps_shape_type_count(in->info);
    if (want_types < 0) want_types = in->ntypes;
    /* (a row whose types column is "*" leaves the count to its family's validator: ld, st, atom, ...) */
    if (in->ntypes != want_types && !in->info->any_type && !(in->ntypes == 2 && shape_names(in->info->ops_src, 'A'))) {
        error_at(p, mt,
                 "'%s' takes %d type suffix%s, not %d (ptxas: Unexpected instruction types specified "
                 "for '%s')",
                 mn, want_types, want_types > 1 ? "es" : "", in->ntypes, mn);
        return;
    }
    bool mov = in->form == PS_F_MOV;
    if (mov && in->vec > 1) return; /* mov.v2/.v4: element by element (parser.c) */
    if (in->form == PS_F_SETP || in->form == PS_F_SET) {
        const char *why = ps_types_cmp_unsupported(in->types[in->form == PS_F_SET ? 1 : 0], &in->mods);
        if (why) {
            error_at(p, mt, "%s", why);
            return;
        }
    }
    if (nops == ns + 1 && strchr(in->info->ops_src, '&')) { /* a predicate to combine with but no .and/.or/.xor */
        error_at(p, mt,
                 "a predicate operand needs .and, .or or .xor (ptxas: Boolean operation is "
                 "required for instruction '%s')",
                 mn);
        return;
    }
    if (nops != ns && memform) {
        /* ptxas's words: one operand more, a cache policy, wants ::cache_hint; any other count */
        const ps_operand *x = &ops[nops - 1];
        bool policy =
            x->kind == PS_OP_IMM || (x->kind == PS_OP_REG && ps_types_reg_fits(PS_T_U64, reg_type(p, x->reg), false));
        if (nops == ns + 1 && policy && strchr(sh, '^') && !ps_modset_has(&in->mods, PS_MOD_L2_CACHE_HINT))
            error_at(p, mt, ".L2::cache_hint modifier required for instruction '%s' with %d arguments", mn, nops);
        else error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
        return;
    }
    if (nops != ns) {
        error_at(p, mt,
                 "'%s' with these modifiers takes %d operands, %d given (ptxas: Arguments mismatch "
                 "for instruction '%s')",
                 in->text ? in->text : mn, ns, nops, mn);
        return;
    }
    if (mov && (ops[0].kind == PS_OP_VEC || ops[1].kind == PS_OP_VEC)) {
        check_mov_list(p, in, mt, ops);
        return;
    }
    for (int i = 0; i < nops && !p->failed_stmt; i++) {
        const ps_operand *o = &ops[i];
        token at = at_op(mt, o);
        if (sl[i].role == PS_TS_LABEL) {
            bool label = o->kind == PS_OP_LABEL;
            if (label && (!sl[i].targets || ps_ctrl_label_is_branchtargets(p, o->label))) continue;
            if (label || (o->kind == PS_OP_REG && reg_type(p, o->reg) == PS_T_PRED)) /* ptxas's wording then */
                error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
            else
                error_at(p, &at, "Label %sexpected for argument %d of instruction '%s'",
                         sl[i].targets ? "with '.branchtargets' directive " : "", i, mn);
            break;
        }
        if ((sl[i].role == PS_TS_ADDR) != (o->kind == PS_OP_ADDR)) {
            if (sl[i].addr32) check_addr32(p, in, mt, o, i, sl[i]);
            else if (data)
                error_at(p, &at,
                         sl[i].role == PS_TS_ADDR
                             ? "'%s' takes an address in brackets here (ptxas: Arguments mismatch for instruction '%s')"
                             : "'%s' takes one address (ptxas: Arguments mismatch for instruction '%s')",
                         mn, mn);
            else if (sl[i].role == PS_TS_ADDR)
                error_at(p, &at,
                         "operand %d of '%s' must be an address in brackets (ptxas: Arguments mismatch for "
                         "instruction '%s')",
                         i, mn, mn);
            else if (sl[i].role == PS_TS_AVAL)
                error_at(p, &at,
                         "operand %d of '%s' must be a register, an immediate or a variable (ptxas: Argument %d "
                         "of instruction '%s': must be register)",
                         i, mn, i, mn);
            else mismatch(p, mt, o, i, mn, "an address", sl[i].type);
            break;
        }
        check_operand(p, in, mt, o, i, sl[i]);
    }
}
