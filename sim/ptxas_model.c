/* ptxas_model.c — what ptxas makes of an instruction where that shows in the GPU's bits and
 * differs from the PTX ISA's reading: immediates folded at compile time, and the operand order
 * of f64 arithmetic (which decides the NaN that comes out when two operands are NaN). A GPU runs
 * what ptxas compiled; every rule below was measured on an H200 (driver 580.159, CUDA 13.0 JIT)
 * by tests/regress/imm_* (lab/ptxas_immediates/imm_probe.py) and fuzz campaign 3, and is listed in
 * docs/instructions.md, "What ptxas compiles". The decoder applies ps_ptxas_rewrite to each
 * instruction before it selects a handler, so the handlers stay the ISA's. */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

bool ps_ptxas_model_enabled(void) {
    static int state = -1; /* read once; a benign race sets it to the same value */
    if (state < 0) {
        const char *e = getenv("PTXSIM_PTXAS_MODEL");
        state = !(e && (!strcmp(e, "0") || !strcmp(e, "off")));
    }
    return state;
}

static bool is_imm(const ps_operand *o) {
    return o->kind == PS_OP_IMM || o->kind == PS_OP_IMM_F32 || o->kind == PS_OP_IMM_F64;
}
static bool is_int_imm(const ps_operand *o) { return o->kind == PS_OP_IMM; }
/* mul, div and their half-precision forms: .rs and .rna are refused there, so any ROUND member is
 * one of .rn .rz .rm .rp */
static bool rounding_written(const ps_insn *in) { return ps_insn_group(in, PS_MG_ROUND) != PS_MOD_NONE; }

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

const ps_insn *ps_ptxas_rewrite(const int *last_def, const ps_insn *in, ps_insn *tmp, ps_operand *ops, int max,
                                ps_ptxas_note *note) {
    memset(note, 0, sizeof *note);
    const char **error = &note->error;
    ps_type t = in->ntypes > 0 ? in->types[0] : PS_T_NONE;
    ps_insn *c;
    switch (in->form) {
    case PS_F_SHL:
    case PS_F_SHR:
        /* 16-bit shifts: ptxas keeps the low 16 bits of an immediate count, then the ISA's
         * clamp applies (shl.b16 by 131075 shifts by 3). 32/64-bit counts are not cut. */
        if (in->nops == 3 && ps_type_size(t) == 2 && is_int_imm(&in->ops[2]) && in->ops[2].imm > 0xffff &&
            (c = copy_of(in, tmp, ops, max))) {
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
        if (in->nops != first + 2 || !is_int_imm(&in->ops[first]) || !is_int_imm(&in->ops[first + 1])) return in;
        uint64_t pos = in->ops[first].imm, len = in->ops[first + 1].imm;
        if (in->form == PS_F_BFE && t == PS_T_S32 && pos >= 32 && len != 0 && (c = copy_of(in, tmp, ops, max))) {
            /* bfe.s32 with both immediate and the field above bit 31: all ones whatever the
             * source (the ISA says: the sign bit of a, replicated). Sourcing -1 makes the
             * ISA's bfe give exactly that. */
            ops[1].kind = PS_OP_IMM;
            ops[1].imm = 0xffffffffu;
            return c;
        }
        if (in->form == PS_F_BFI && ps_type_size(t) == 4 && len >= 32 && pos < 32 && pos % 8 != 0 &&
            (c = copy_of(in, tmp, ops, max))) {
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
        if (in->nops == 3 && (t == PS_T_F32 || t == PS_T_F64) && !ps_insn_mod(in, PS_MOD_FTZ) &&
            !ps_insn_mod(in, PS_MOD_SAT) && !rounding_written(in)) {
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
        note->nan_a_wins = t == PS_T_F64 && in->nops == 3 && rank(last_def, &in->ops[1]) > rank(last_def, &in->ops[2]);
        return in;
    default: return in;
    }
}

/* ---- contraction: a mul feeding add/sub becomes one fma ------------------------------------ */

/* PTX ISA 9.7.3: add/sub/mul .f32/.f64 without a rounding modifier "may be optimized
 * aggressively by the code optimizer", and ptxas does contract them. The rule, measured on the
 * H200 (lab/ptxas_fma: SASS of ptxas 13.0 and of the driver's JIT, and 131,072 rows per shape
 * compared bit for bit):
 * - the producer is mul.f32/f64 with no rounding modifier and no .sat, or div.full.f32 /
 *   div.approx.f32 (whose last step is a multiply), unguarded;
 * - every use of its result that the definition reaches is an add/sub of the same type with no
 *   rounding modifier and the same .ftz, in the same basic block after it, reading the result as
 *   exactly one of its two sources (.sat on the add is kept: FFMA.SAT); a result that is also
 *   stored, compared, used twice by one add, or used in another block is not contracted;
 * - when both sources of an add are such products, the first source is the one contracted;
 * - an instruction ptxas expands into a sequence with a slow-path branch (IEEE div/rcp/sqrt of
 *   f32 and f64, integer div/rem except .u32) ends a basic block like a branch does: a mul before it
 *   is not contracted into an add after it (so in a*b - c*d with such an instruction between the
 *   two muls, c*d is the product contracted: the Black-Scholes call price);
 * - the producer's own operands are not written between it and the use (else ptxsim does not
 *   contract: ptxas, working on SSA values, may; not seen in compiler output). */

/* Does ptxas expand `in` into code with a branch to a slow path? Measured (lab/ptxas_fma, round
 * 7, three recordings): div, rcp, sqrt of f32 and f64 with IEEE rounding (.rn .rz .rm .rp, .ftz
 * or not) and div/rem of .u16 .s16 .s32 .u64 .s64 do; div.full, div.approx, the other .approx
 * forms, ex2/lg2 and div/rem of .u32 do not. An immediate divisor, or a register that a mov
 * made a constant, changes none of this (div.s32 by 7 or 8, div.u64 by 10, div.rn.f32 by 3.0 or
 * 2.0, div.rn.f64 by 3.0 or 4.0 still split; fourth recording); rcp.rn and sqrt.rn of an
 * immediate do not split (ptxas computes them), and neither do rcp.rn.f32/f64 and sqrt.rn.f32/f64
 * of a register whose one definition is an unguarded mov of an immediate (fifth recording).
 * konst[r]: register r is such a constant. hi0: `in` is a bfind.64 of a value whose high word
 * ptxas knows is 0 (zero_high_word): it leaves the branch out (seventh recording). */
static bool ptxas_branches(const ps_insn *in, const bool *konst, int nregs, bool hi0) {
    bool folded = in->nops > 1; /* every source a constant: ptxas computes it (rcp.rn, sqrt.rn) */
    for (int i = 1; i < in->nops; i++) {
        const ps_operand *o = &in->ops[i];
        folded &= o->kind == PS_OP_IMM || o->kind == PS_OP_IMM_F32 || o->kind == PS_OP_IMM_F64 ||
            (o->kind == PS_OP_REG && !o->sel && o->reg >= 0 && o->reg < nregs && konst[o->reg]);
    }
    return !folded && !hi0 && ps_ptxas_expands_branch(in);
}

/* Does `m` leave a value whose high 32 bits are 0 where ptxas sees it: an unguarded cvt.u64 of a
 * narrower unsigned integer, or and.b64 with an immediate below 2^32 (bfind.u64 of either did
 * not split on the H200; of a value built from two unknown words, or sign-extended, it did)? */
static bool zero_high_word(const ps_insn *m) {
    if (m->guard_reg >= 0 || m->nops < 2 || m->ops[0].kind != PS_OP_REG || m->ops[0].pair_reg >= 0) return false;
    if (m->form == PS_F_CVT)
        return m->ntypes == 2 && m->types[0] == PS_T_U64 &&
            (m->types[1] == PS_T_U32 || m->types[1] == PS_T_U16 || m->types[1] == PS_T_U8);
    return m->form == PS_F_AND && m->nops == 3 && m->ntypes == 1 && m->types[0] == PS_T_B64 &&
        m->ops[2].kind == PS_OP_IMM && m->ops[2].imm <= 0xffffffffu;
}

bool ps_ptxas_expands_branch(const ps_insn *in) {
    ps_type t = in->ntypes > 0 ? in->types[0] : PS_T_NONE;
    switch (in->form) {
    case PS_F_DIV_FLT:
    case PS_F_RCP:
    case PS_F_SQRT:
        return (t == PS_T_F32 || t == PS_T_F64) && !ps_insn_mod(in, PS_MOD_APPROX) && !ps_insn_mod(in, PS_MOD_FULL);
    case PS_F_DIV_INT:
    case PS_F_REM:
        return t != PS_T_U32; /* measured for all six types: only .u32 stays inline */
    /* 64-bit bfind branches (two FLO.U32, the low word's only when the high one has no bit)
     * and splits, .shiftamt or not, unsigned or signed (sixth and seventh recordings; where
     * ptxas later if-converts the branch the pair still stays apart). fns does not split, with
     * its offset an immediate or a register (whose SASS loops and branches: ptxas contracts
     * the pair there anyway) */
    case PS_F_BFIND: return t == PS_T_U64 || t == PS_T_S64;
    default: return false;
    }
}

/* Does instruction `in` write its first operand (the usual destination)? */
static bool writes_dest(const ps_insn *in) {
    unsigned p = in->info ? in->info->props : 0;
    return in->nops > 0 && !(p & (P_STORE | P_BRANCH | P_CALL | P_RET | P_EXIT)) && in->form != PS_F_RED &&
        in->form != PS_F_PREFETCH && in->form != PS_F_PREFETCHU;
}

/* Calls f(reg, write) for every register operand of `in`. */
static void for_regs(const ps_insn *in, void (*f)(void *, int, bool), void *ctx) {
    for (int i = 0; i < in->nops; i++) {
        const ps_operand *o = &in->ops[i];
        bool w = i == 0 && writes_dest(in);
        if (o->kind == PS_OP_REG) {
            f(ctx, o->reg, w);
            if (o->pair_reg >= 0) f(ctx, o->pair_reg, w);
        } else if (o->kind == PS_OP_ADDR && o->reg >= 0) {
            f(ctx, o->reg, false);
        } else if (o->kind == PS_OP_VEC || o->kind == PS_OP_LIST) {
            for (int k = 0; k < o->nitems; k++) {
                const ps_operand *it = &o->items[k];
                if (it->kind == PS_OP_REG) f(ctx, it->reg, w);
                else if (it->kind == PS_OP_ADDR && it->reg >= 0) f(ctx, it->reg, false);
            }
        }
    }
    /* a call's return list counts as read (writes_dest is false for calls): a product there is
     * not contracted, as ptxas does not */
    if (in->guard_reg >= 0) f(ctx, in->guard_reg, false);
}

typedef struct {
    int *ndefs, *nreads, *read_at, *fill;
    int pass, pc;
} regscan;

static void scan_reg(void *ctx, int reg, bool write) {
    regscan *s = ctx;
    if (write) {
        if (s->pass == 0) s->ndefs[reg]++;
        return;
    }
    if (s->pass == 0) s->nreads[reg + 1]++;
    else s->read_at[s->fill[reg]++] = s->pc;
}

typedef struct {
    int reg, hits;
} regfind;

static void find_reg(void *ctx, int reg, bool write) {
    regfind *f = ctx;
    if (reg == f->reg) f->hits += write ? 1000 : 1;
}

/* reads (and, in thousands, writes) of reg by `in` */
static int reg_hits(const ps_insn *in, int reg) {
    regfind f = {reg, 0};
    for_regs(in, find_reg, &f);
    return f.hits;
}

static ps_type ftype(const ps_insn *in) { return in->ntypes > 0 ? in->types[0] : PS_T_NONE; }

/* A producer: its result is a product ptxas can fold into an add. */
static bool producer(const ps_insn *in) {
    ps_type t = ftype(in);
    if (in->guard_reg >= 0 || in->nops != 3 || in->ops[0].kind != PS_OP_REG || in->ntypes != 1 ||
        ps_insn_mod(in, PS_MOD_SAT) || rounding_written(in))
        return false;
    if (in->form == PS_F_MUL_FLT) return t == PS_T_F32 || t == PS_T_F64;
    if (in->form == PS_F_MUL_F16) return t == PS_T_F16 || t == PS_T_F16X2;
    if (in->form == PS_F_DIV_FLT)
        return t == PS_T_F32 && (ps_insn_mod(in, PS_MOD_FULL) || ps_insn_mod(in, PS_MOD_APPROX));
    return false;
}

/* Can add/sub `q` absorb producer `p` (whose result is register r)? Which source: 1 or 2; 0: no. */
static int consumer_operand(const ps_insn *q, const ps_insn *p, int r) {
    bool half = p->form == PS_F_MUL_F16;
    if (half ? (q->form != PS_F_ADD_F16 && q->form != PS_F_SUB_F16)
             : (q->form != PS_F_ADD_FLT && q->form != PS_F_SUB_FLT))
        return 0;
    if (q->nops != 3 || q->ntypes != 1 || ftype(q) != ftype(p) || rounding_written(q) ||
        ps_insn_mod(q, PS_MOD_FTZ) != ps_insn_mod(p, PS_MOD_FTZ))
        return 0;
    bool s1 = q->ops[1].kind == PS_OP_REG && q->ops[1].reg == r;
    bool s2 = q->ops[2].kind == PS_OP_REG && q->ops[2].reg == r;
    if (s1 == s2 || reg_hits(q, r) != 1) return 0; /* both sources, or also elsewhere */
    return s1 ? 1 : 2;
}

typedef struct {
    int j;         /* the consumer */
    uint8_t which; /* its source carrying the product */
    bool neg;      /* the product reaches it through an odd number of neg */
} cuse;

typedef struct {
    const ps_func *fn;
    const int *win; /* per instruction: its window (ps_ptxas_contractions) */
    const regscan *s;
    cuse *uses;
    int nuses, cap;
} cctx;

/* The reads of register r that its write at pc `def` reaches, as a range of s->read_at: every
 * read when r has one definition, else those in def's block up to r's next write there; false
 * when that value may leave the block. */
static bool reached_reads(const cctx *x, int def, int r, int *lo, int *hi) {
    const regscan *s = x->s;
    *lo = s->nreads[r];
    *hi = s->nreads[r + 1];
    if (s->ndefs[r] == 1) return true;
    int n = x->fn->ninsns, j = def + 1;
    while (j < n && x->win[j] == x->win[def] && reg_hits(&x->fn->insns[j], r) < 1000) j++;
    if (j >= n || x->win[j] != x->win[def]) return false;
    while (*lo < *hi && s->read_at[*lo] <= def) (*lo)++;
    int h = *lo;
    while (h < *hi && s->read_at[h] <= j) h++;
    *hi = h;
    return true;
}

/* A copy the product may pass through on its way to the add (ptxas contracts through them):
 * mov of the same width, or neg without .ftz. */
static bool passes_product(const ps_insn *q, const ps_insn *p, int r, bool *neg) {
    if (q->nops != 2 || q->guard_reg >= 0 || q->ops[0].kind != PS_OP_REG || q->ops[1].kind != PS_OP_REG ||
        q->ops[1].reg != r || q->ops[0].reg == r || q->ntypes != 1)
        return false;
    ps_type t = ftype(p), u = ftype(q);
    *neg = q->form == PS_F_NEG_FLT || q->form == PS_F_NEG_F16;
    if (*neg)
        return q->form == (p->form == PS_F_MUL_F16 ? PS_F_NEG_F16 : PS_F_NEG_FLT) && u == t &&
            !ps_insn_mod(q, PS_MOD_FTZ);
    ps_type bits = ps_type_size(t) == 2 ? PS_T_B16 : ps_type_size(t) == 4 ? PS_T_B32 : PS_T_B64;
    return q->form == PS_F_MOV && ps_type_size(u) == ps_type_size(t) && (u == t || u == bits);
}

/* Collects the consumers of producer pi's product, which register r holds from pc def on
 * (through copies, depth of them so far); false when some use cannot absorb it. */
static bool collect(cctx *x, int pi, int def, int r, bool neg, int depth) {
    const ps_insn *p = &x->fn->insns[pi];
    int lo, hi;
    if (!reached_reads(x, def, r, &lo, &hi) || lo == hi) return false;
    for (int u = lo; u < hi; u++) {
        int j = x->s->read_at[u];
        const ps_insn *q = &x->fn->insns[j];
        if (j <= def || x->win[j] != x->win[pi]) return false;
        /* the producer's sources keep their values up to the use */
        for (int k = pi + 1; k < j; k++)
            for (int o = 1; o <= 2; o++)
                if (p->ops[o].kind == PS_OP_REG && reg_hits(&x->fn->insns[k], p->ops[o].reg) >= 1000) return false;
        bool nq;
        if (passes_product(q, p, r, &nq)) {
            if (depth >= 4 || !collect(x, pi, j, q->ops[0].reg, neg ^ nq, depth + 1)) return false;
            continue;
        }
        int which = consumer_operand(q, p, r);
        if (!which) return false;
        if (x->nuses == x->cap) {
            x->cap = x->cap ? 2 * x->cap : 64;
            x->uses = ps_xrealloc(x->uses, sizeof *x->uses * (size_t)x->cap);
        }
        x->uses[x->nuses++] = (cuse){.j = j, .which = (uint8_t)which, .neg = neg};
    }
    return true;
}

/* ptxas merges a product computed twice from the same values (common subexpressions): the
 * merged mul has the uses of all the copies, so each is contracted only when every use of every
 * copy can absorb it (measured: the ptxfuzz "contract" campaign, lab/ptxas_fma). Copies: producers
 * of the same form, type and modifiers whose operands are the same registers (each written once
 * in the function, so the same values) or the same constants, in either order. */
typedef struct {
    uint64_t k[4];
    int pc;
} twinkey;

static int cmp_twin(const void *a, const void *b) {
    const twinkey *x = a, *y = b;
    for (int i = 0; i < 4; i++)
        if (x->k[i] != y->k[i]) return x->k[i] < y->k[i] ? -1 : 1;
    return 0;
}

static int cmp_twin_pc(const void *a, const void *b) {
    int c = cmp_twin(a, b);
    return c ? c : ((const twinkey *)a)->pc - ((const twinkey *)b)->pc;
}

/* a value key for a producer operand, or 0 when it is not a known value */
static uint64_t value_key(const ps_operand *o, const int *ndefs) {
    if (o->kind == PS_OP_REG) return ndefs[o->reg] == 1 ? ((uint64_t)1 << 62) | (uint64_t)o->reg : 0;
    if (is_imm(o)) return ((uint64_t)2 << 62) ^ (o->imm * 0x9e3779b97f4a7c15ull) ^ (uint64_t)o->kind;
    return 0;
}

/* Does instruction a dominate instruction b (a before b in one block, or a's block dominating)? */
static bool insn_dominates(const ps_cfg *g, int a, int b) {
    int x = g->block_of[a], y = g->block_of[b];
    if (x == y) return a < b;
    return ps_cfg_dominates(g, x, y);
}

/* group[i]: the copy of producer i's product that ptxas keeps (the first copy dominating it;
 * itself when there is none) */
static void find_twins(const ps_func *fn, ps_cfg *g, const int *ndefs, int *group) {
    int n = fn->ninsns, m = 0;
    twinkey *t = ps_xmalloc(sizeof *t * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        const ps_insn *p = &fn->insns[i];
        if (!producer(p)) continue;
        uint64_t a = value_key(&p->ops[1], ndefs), b = value_key(&p->ops[2], ndefs);
        if (!a || !b) continue;
        uint64_t mh = 0;
        for (size_t w = 0; w < sizeof p->mods.w / sizeof p->mods.w[0]; w++) mh = mh * 31 + p->mods.w[w];
        t[m++] = (twinkey){{(uint64_t)p->form << 32 | (uint64_t)ftype(p), mh, a < b ? a : b, a < b ? b : a}, i};
    }
    qsort(t, (size_t)m, sizeof *t, cmp_twin_pc); /* equal keys in program order (pc is the last key) */
    for (int i = 0; i < n; i++) group[i] = i;
    enum { MAX_LEADERS = 64 };
    int leaders[MAX_LEADERS], nl = 0;
    for (int i = 0; i < m; i++) {
        if (i == 0 || cmp_twin(&t[i - 1], &t[i])) { /* a new value: its first copy leads */
            nl = 0;
            leaders[nl++] = t[i].pc;
            continue;
        }
        ps_cfg_dominators(g);
        int k = 0;
        while (k < nl && !insn_dominates(g, leaders[k], t[i].pc)) k++;
        if (k < nl) group[t[i].pc] = leaders[k];
        else if (nl < MAX_LEADERS) leaders[nl++] = t[i].pc;
    }
    free(t);
}

/* zero_high_word's writes, per register, in the current block (epoch) */
typedef struct {
    int *at, epoch;
    bool zero_high; /* the instruction being scanned is a zero_high_word one */
} zscan;

static void zscan_reg(void *ctx, int reg, bool write) {
    zscan *z = ctx;
    if (write) z->at[reg] = z->zero_high ? z->epoch : 0;
}

void ps_ptxas_contractions(const ps_func *fn, ps_cfg *g, ps_contract *out) {
    int n = fn->ninsns, nr = fn->nregs;
    for (int i = 0; i < n; i++) out[i] = (ps_contract){.prod = -1};
    bool any = false;
    for (int i = 0; i < n && !any; i++) any = producer(&fn->insns[i]);
    if (!any) return;
    /* the windows a product and its uses must share: the basic blocks of the CFG, cut further
     * before every label, a branch target or not (docs/instructions.md, "Contraction": an add
     * after a label is not contracted), after every call (not measured: kept conservative) and
     * after an instruction that ptxas expands with a slow-path branch (measured) */
    /* definitions per register, and every read site (CSR) */
    regscan s = {.ndefs = ps_xcalloc((size_t)nr + 1, sizeof(int)), .nreads = ps_xcalloc((size_t)nr + 2, sizeof(int))};
    for (int i = 0; i < n; i++) for_regs(&fn->insns[i], scan_reg, &s);
    bool *konst = ps_xcalloc((size_t)nr + 1, sizeof *konst); /* defined once, by a mov of an immediate */
    for (int i = 0; i < n; i++) {
        const ps_insn *m = &fn->insns[i];
        if (m->form == PS_F_MOV && m->guard_reg < 0 && m->nops == 2 && m->ops[0].kind == PS_OP_REG &&
            m->ops[0].pair_reg < 0 && m->ops[0].reg >= 0 && m->ops[0].reg < nr && s.ndefs[m->ops[0].reg] == 1 &&
            (m->ops[1].kind == PS_OP_IMM || m->ops[1].kind == PS_OP_IMM_F32 || m->ops[1].kind == PS_OP_IMM_F64))
            konst[m->ops[0].reg] = true;
    }
    int *win = ps_xcalloc((size_t)n + 1, sizeof *win);
    bool *labelled = ps_xcalloc((size_t)n + 1, sizeof *labelled);
    for (int k = 0; k < fn->nlabels; k++)
        if (fn->labels[k].insn >= 0 && fn->labels[k].insn < n) labelled[fn->labels[k].insn] = true;
    /* hi0[i]: bfind i reads a register whose last write in its block is a zero_high_word one */
    bool *hi0 = ps_xcalloc((size_t)n + 1, sizeof *hi0);
    zscan z = {.at = ps_xcalloc((size_t)nr + 1, sizeof(int)), .epoch = 1};
    for (int i = 0; i < n; i++) {
        const ps_insn *m = &fn->insns[i];
        if (i && (g->block_of[i] != g->block_of[i - 1] || labelled[i])) z.epoch++;
        const ps_operand *src = m->nops > 1 ? &m->ops[1] : NULL;
        hi0[i] = m->form == PS_F_BFIND && src && src->kind == PS_OP_REG && !src->sel && src->reg >= 0 &&
            src->reg < nr && z.at[src->reg] == z.epoch;
        z.zero_high = zero_high_word(m);
        for_regs(m, zscan_reg, &z);
    }
    free(z.at);
    for (int i = 1; i < n; i++)
        win[i] = win[i - 1] +
            (g->block_of[i] != g->block_of[i - 1] || labelled[i] || fn->insns[i - 1].form == PS_F_CALL ||
             ptxas_branches(&fn->insns[i - 1], konst, nr, hi0[i - 1]));
    free(konst);
    free(hi0);
    for (int r = 0; r < nr; r++) s.nreads[r + 1] += s.nreads[r];
    s.read_at = ps_xmalloc(sizeof(int) * (size_t)(s.nreads[nr] + 1));
    s.fill = ps_xmalloc(sizeof(int) * (size_t)(nr + 1));
    memcpy(s.fill, s.nreads, sizeof(int) * (size_t)(nr + 1));
    s.pass = 1;
    for (int i = 0; i < n; i++) {
        s.pc = i;
        for_regs(&fn->insns[i], scan_reg, &s);
    }
    /* candidates: producers every reached use of which could absorb them */
    cctx x = {.fn = fn, .win = win, .s = &s};
    int *use_lo = ps_xmalloc(sizeof(int) * (size_t)n), *use_hi = ps_xmalloc(sizeof(int) * (size_t)n);
    bool *cand = ps_xcalloc((size_t)n, sizeof *cand);
    int *group = ps_xmalloc(sizeof(int) * (size_t)(n + 1));
    find_twins(fn, g, s.ndefs, group);
    bool *group_bad = ps_xcalloc((size_t)n, sizeof *group_bad);
    for (int i = 0; i < n; i++) {
        const ps_insn *p = &fn->insns[i];
        if (!producer(p)) continue;
        int r = p->ops[0].reg;
        if (r < 0 || r >= nr || reg_hits(p, r) != 1000) continue; /* reads its own result */
        int before = x.nuses;
        if (!collect(&x, i, i, r, false, 0)) {
            x.nuses = before;
            group_bad[group[i]] = true;
            continue;
        }
        cand[i] = true;
        use_lo[i] = before;
        use_hi[i] = x.nuses;
    }
    for (int i = 0; i < n; i++) /* a copy that cannot be contracted keeps them all */
        if (cand[i] && group_bad[group[i]]) cand[i] = false;
    /* each consumer takes its first source that is a candidate's product; a candidate some use
     * of which took the other source stays a mul (with its copies); repeat until nothing changes */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++) out[i] = (ps_contract){.prod = -1};
        for (int i = 0; i < n; i++) {
            if (!cand[i]) continue;
            for (int u = use_lo[i]; u < use_hi[i]; u++) {
                const cuse *c = &x.uses[u];
                if (out[c->j].prod < 0 || c->which < out[c->j].which)
                    out[c->j] = (ps_contract){.prod = i, .which = c->which, .neg = c->neg};
            }
        }
        for (int i = 0; i < n; i++) {
            if (!cand[i]) continue;
            for (int u = use_lo[i]; u < use_hi[i]; u++)
                if (out[x.uses[u].j].prod != i) {
                    cand[i] = false;
                    changed = true;
                    for (int k = 0; k < n; k++)
                        if (group[k] == group[i]) cand[k] = false;
                    break;
                }
        }
    }
    free(x.uses);
    free(win);
    free(labelled);
    free(s.ndefs);
    free(s.nreads);
    free(s.read_at);
    free(s.fill);
    free(use_lo);
    free(use_hi);
    free(cand);
    free(group);
    free(group_bad);
}
