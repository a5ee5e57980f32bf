/* ptxas_model.c — what ptxas makes of an instruction where that shows in the GPU's bits and
 * differs from the PTX ISA's reading: immediates folded at compile time, and the operand order
 * of f64 arithmetic (which decides the NaN that comes out when two operands are NaN). A GPU runs
 * what ptxas compiled; every rule below was measured on an H200 (driver 580.159, CUDA 13.0 JIT)
 * by tests/regress/imm_* (lab/ptxas_immediates/imm_probe.py) and fuzz campaign 3, and is listed in
 * docs/instructions.md, "What ptxas compiles". The decoder applies ps_ptxas_rewrite to each
 * instruction before it selects a handler, so the handlers stay the ISA's. */
#include <string.h>

#include "sim_internal.h"

static bool is_imm(const ps_operand *o) {
    return o->kind == PS_OP_IMM || o->kind == PS_OP_IMM_F32 || o->kind == PS_OP_IMM_F64;
}
static bool is_int_imm(const ps_operand *o) { return o->kind == PS_OP_IMM; }
static bool has_mod(const ps_insn *in, ps_mod m) { return ps_modset_has(&in->mods, m); }

void ps_ptxas_note_defs(const ps_insn *in, int pc, int *last_def) {
    if (in->nops == 0 || (in->info->props & P_STORE)) return;
    const ps_operand *d = &in->ops[0]; /* the destination: a register, d|p, or a vector */
    if (d->kind == PS_OP_REG) {
        last_def[d->reg] = pc;
        if (d->pair_reg >= 0) last_def[d->pair_reg] = pc;
    } else if (d->kind == PS_OP_VEC) {
        for (int k = 0; k < d->nitems; k++)
            if (d->items[k].kind == PS_OP_REG) last_def[d->items[k].reg] = pc;
    }
}

/* The order ptxas gives commutative operands: by where their values were defined, the later
 * definition ranking higher (the nearest preceding write in program order, last_def; a value
 * with no write before, -1), registers of the same definition by number, any constant above
 * every register. Campaign 3's isolated cases cannot tell this from "by register number";
 * campaign 4's loops can (a loop-carried accumulator loaded early ranks below a value computed
 * later). */
static int64_t rank(const int *last_def, const ps_operand *o) {
    if (is_imm(o)) return INT64_MAX;
    if (o->kind != PS_OP_REG) return -1;
    return (int64_t)last_def[o->reg] * (1 << 20) + o->reg;
}

/* The copy the rules edit: the instruction and its operand array. */
static ps_insn *copy_of(const ps_insn *in, ps_insn *tmp, ps_operand *ops, int max) {
    if (in->nops > max) return NULL;
    *tmp = *in;
    memcpy(ops, in->ops, sizeof *ops * (size_t)in->nops);
    tmp->ops = ops;
    return tmp;
}

/* Negates an f64 immediate (0d… or 0f… written for an f64 operand), false for other kinds. */
static bool negate_f64_imm(ps_operand *o) {
    if (o->kind == PS_OP_IMM_F64) o->imm ^= 1ull << 63;
    else if (o->kind == PS_OP_IMM_F32) o->imm ^= 1ull << 31;
    else return false;
    return true;
}

const ps_insn *ps_ptxas_rewrite(const int *last_def, const ps_insn *in, ps_insn *tmp,
                                ps_operand *ops, int max, ps_ptxas_note *note) {
    memset(note, 0, sizeof *note);
    const char **error = &note->error;
    ps_type t = in->ntypes > 0 ? in->types[0] : PS_T_NONE;
    ps_insn *c;
    switch (in->form) {
    case PS_F_SHL:
    case PS_F_SHR:
        /* 16-bit shifts: ptxas keeps the low 16 bits of an immediate count, then the ISA's
         * clamp applies (shl.b16 by 131075 shifts by 3). 32/64-bit counts are not cut. */
        if (in->nops == 3 && ps_type_size(t) == 2 && is_int_imm(&in->ops[2]) &&
            in->ops[2].imm > 0xffff && (c = copy_of(in, tmp, ops, max))) {
            ops[2].imm &= 0xffff;
            return c;
        }
        return in;
    case PS_F_BFE:
    case PS_F_BFI: {
        /* ptxas refuses immediate positions and lengths past 255 */
        int first = in->form == PS_F_BFE ? 2 : 3;
        for (int i = first; i < in->nops && i < first + 2; i++)
            if (is_int_imm(&in->ops[i]) && in->ops[i].imm > 255) {
                *error = i == first ? "immediate bit position out of range [0..255] (ptxas)"
                                    : "immediate field length out of range [0..255] (ptxas)";
                return in;
            }
        if (in->nops != first + 2 || !is_int_imm(&in->ops[first]) ||
            !is_int_imm(&in->ops[first + 1]))
            return in;
        uint64_t pos = in->ops[first].imm, len = in->ops[first + 1].imm;
        if (in->form == PS_F_BFE && t == PS_T_S32 && pos >= 32 && len != 0 &&
            (c = copy_of(in, tmp, ops, max))) {
            /* bfe.s32 with both immediate and the field above bit 31: all ones whatever the
             * source (the ISA says: the sign bit of a, replicated). Sourcing -1 makes the
             * ISA's bfe give exactly that. */
            ops[1].kind = PS_OP_IMM;
            ops[1].imm = 0xffffffffu;
            return c;
        }
        if (in->form == PS_F_BFI && ps_type_size(t) == 4 && len >= 32 && pos < 32 &&
            pos % 8 != 0 && (c = copy_of(in, tmp, ops, max))) {
            /* bfi.b32 with both immediate and a position that is not a byte boundary: the
             * length is taken modulo 32 (at 0, 8, 16, 24 the ISA's clamp holds; every
             * position below 32 measured in tests/regress/imm_bfi_sweep) */
            ops[first + 1].imm = len & 31;
            return c;
        }
        return in;
    }
    case PS_F_MUL_FLT:
        /* mul.f32/f64 by an immediate 1.0 without .rnd/.ftz/.sat is folded into a move: a
         * NaN operand passes through with its payload, unquieted */
        if (in->nops == 3 && (t == PS_T_F32 || t == PS_T_F64) &&
            !has_mod(in, PS_MOD_FTZ) && !has_mod(in, PS_MOD_SAT) && !has_mod(in, PS_MOD_RN) &&
            !has_mod(in, PS_MOD_RZ) && !has_mod(in, PS_MOD_RM) && !has_mod(in, PS_MOD_RP)) {
            for (int i = 1; i <= 2; i++) {
                const ps_operand *k = &in->ops[i], *x = &in->ops[3 - i];
                bool one = (k->kind == PS_OP_IMM_F32 && k->imm == 0x3f800000u) ||
                           (k->kind == PS_OP_IMM_F64 && k->imm == 0x3ff0000000000000ull);
                if (one && x->kind == PS_OP_REG && (c = copy_of(in, tmp, ops, max))) {
                    c->form = PS_F_MOV;
                    c->info = ps_form_get(PS_F_MOV);
                    c->ntypes = 1;
                    c->types[0] = t == PS_T_F32 ? PS_T_B32 : PS_T_B64;
                    memset(&c->mods, 0, sizeof c->mods);
                    ops[1] = *x;
                    c->nops = 2;
                    return c;
                }
            }
        }
        /* the operand order rule below */
        /* FALLTHROUGH */
    case PS_F_ADD_FLT:
    case PS_F_MIN_FLT:
    case PS_F_MAX_FLT:
    case PS_F_FMA_FLT:
    case PS_F_MAD_FLT:
        /* f64, two operands NaN: the hardware returns the second operand of its add/mul/min/max
         * (for fma: the second product operand, then the addend, then the first), and ptxas
         * orders commutative operands by rank: the higher-numbered register second, a constant
         * after any register. Sorting the two (product) operands by rank gives the handlers,
         * which prefer operand b, the GPU's choice. */
        if (t == PS_T_F64 && in->nops >= 3 && rank(last_def, &in->ops[1]) > rank(last_def, &in->ops[2]) &&
            (c = copy_of(in, tmp, ops, max))) {
            ps_operand x = ops[1];
            ops[1] = ops[2];
            ops[2] = x;
            return c;
        }
        return in;
    case PS_F_SUB_FLT:
        /* sub.f64 a, K is compiled as a + (-K): the constant is negated at compile time, NaN
         * constants included (sign flipped, then quieted by the add). Otherwise the operand of
         * higher rank wins between two NaNs (exec_float.c selects that handler by rank). */
        if (t == PS_T_F64 && in->nops == 3 && is_imm(&in->ops[2]) && !is_imm(&in->ops[1]) &&
            (c = copy_of(in, tmp, ops, max)) && negate_f64_imm(&ops[2])) {
            c->form = PS_F_ADD_FLT;
            c->info = ps_form_get(PS_F_ADD_FLT);
            return c;
        }
        note->nan_a_wins = t == PS_T_F64 && in->nops == 3 &&
                           rank(last_def, &in->ops[1]) > rank(last_def, &in->ops[2]);
        return in;
    default: return in;
    }
}
