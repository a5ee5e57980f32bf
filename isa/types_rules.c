/* types_rules.c — the ISA's rules on operand types by instruction type, as ptxas 13 applies them (isa.h).
 *
 * The modifier rules of the integer forms are forms.def's groups (isa.c, ps_isa_groups_unsupported):
 * mul/mad's .hi/.lo/.wide and dp2a's .hi/.lo (HALF HILO HILO24 DPHILO, ptxas's words by
 * instruction), shf's direction and clamp (DIR! CLAMP!), .sat only with .hi and .cc neither with
 * .wide nor with .sat (SAT_LO SAT_WIDE WIDE_CC SAT_CC). What stays here: the operand slots a shape
 * gives (ps_types_slots), which registers and immediates fit a slot, and setp/set's comparison by
 * source type (ps_types_cmp_unsupported: the members of CMP a type takes). The comparisons stay a
 * rule: set's row is chosen by its destination type, not its source's, and ptxas counts every
 * comparison written ("Multiple comparisons set" for .lo.lt on an .s32 or .f32 source) before it
 * judges which the type takes, where rows of setp split by type with narrower comparison groups
 * would count only their own members. */
#include <stdio.h>
#include <string.h>

#include "isa.h"

/* The double-width type of mul.wide / mad.wide's destination (PS_T_NONE past 64 bits). */
static ps_type wide_of(ps_type t) {
    switch (t) {
    case PS_T_U16: return PS_T_U32;
    case PS_T_S16: return PS_T_S32;
    case PS_T_U32: return PS_T_U64;
    case PS_T_S32: return PS_T_S64;
    default: return PS_T_NONE;
    }
}

/* A .bN type read as .uN (an integer slot: no float register), any other as itself. */
static ps_type integer_of(ps_type t) {
    switch (t) {
    case PS_T_B16: return PS_T_U16;
    case PS_T_B32: return PS_T_U32;
    case PS_T_B64: return PS_T_U64;
    default: return t;
    }
}

/* A shape (forms.def's operands column): one token per operand, the role (d destination, w
 * destination that may be '_', s source register or immediate, a register, immediate or a
 * variable's name (its address), i immediate, y byte-sized source, k register or immediate that
 * ptxas reads as a plain argument (bar.warp.sync's mask, brx.idx's index: other kinds are
 * "Arguments mismatch" in its words); a memory instruction's value:
 * v written (ld), o written or '_' (atom's old value), x read (st, atom, red), each a brace list
 * of N with .vN, z read as st.async's (a brace list of 1, 2 or 4 with or without .vN, which
 * then gives the count, and a scalar even with .vN); "[]" is an address in brackets, "l-" a label
 * and "lb" a label of a .branchtargets list (brx.idx), none with a type) then the
 * type (T the instruction's first type, Q its second, R its third (a video instruction's b), A its second if it has one else T, W twice
 * T's width, V W with .wide and T without, M T by ld/st's size rule, U .u32, S .s32, B .b32,
 * P .pred, X .u64, G .u64 or .u32 (isspacep's address), N .u32 or .pred (cp.async's src-size or
 * ignore-src), Z .u32 with .parity else .u64 (an
 * mbarrier's phase or state), D dp4a's accumulator type), then '?' for an optional operand, '&' for one that comes with .and/.or/.xor
 * only, '^' with .L2::cache_hint only, '=' with .cas only, '+' required with a video instruction's secondary operation (.add, .min, .max) and optional without (its c), '%' with .red only (bar.red's destination and predicate). Lower case u, e and t are .u32, D and
 * T where ptxas refuses an .f16x2 register (a shift amount, popc's result, a count, redux's
 * operands); t also reads a .bN type as .uN (redux.and.b32 refuses an .f32 register). */
int ps_types_slots(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods, ps_type_slot *out) {
    if (!f->shaped) return -1;
    bool wide = ps_modset_has(mods, PS_MOD_WIDE);
    bool boolop = ps_modset_has(mods, PS_MOD_AND) || ps_modset_has(mods, PS_MOD_OR) || ps_modset_has(mods, PS_MOD_XOR);
    bool hint = ps_modset_has(mods, PS_MOD_L2_CACHE_HINT), cas = ps_modset_has(mods, PS_MOD_CAS);
    bool op2 = ps_modset_has(mods, PS_MOD_ADD) || ps_modset_has(mods, PS_MOD_MIN) || ps_modset_has(mods, PS_MOD_MAX);
    int n = 0;
    for (const char *s = f->ops_src, *next; *s; s = next + strspn(next, " ")) {
        next = s + strcspn(s, " ");
        char mark = next - s > 2 ? s[2] : 0; /* isa.c checked the tokens: 2 or 3 letters */
        if ((mark == '&' && !boolop) || (mark == '^' && !hint) || (mark == '=' && !cas) ||
            (mark == '%' && !ps_modset_has(mods, PS_MOD_RED)))
            continue;
        ps_type t;
        switch (s[1]) {
        case 'M':
        case 'T': t = ntypes > 0 ? types[0] : PS_T_NONE; break;
        case 't': t = ntypes > 0 ? integer_of(types[0]) : PS_T_NONE; break;
        case 'Q': t = ntypes > 1 ? types[1] : PS_T_NONE; break;
        case 'R': t = ntypes > 2 ? types[2] : PS_T_NONE; break;
        case 'A': t = ntypes > 1 ? types[1] : ntypes > 0 ? types[0] : PS_T_NONE; break;
        case 'W': t = ntypes > 0 ? wide_of(types[0]) : PS_T_NONE; break;
        case 'V': t = ntypes > 0 ? (wide ? wide_of(types[0]) : types[0]) : PS_T_NONE; break;
        case 'N':
        case 'U':
        case 'u': t = PS_T_U32; break;
        case 'S': t = PS_T_S32; break;
        case 'B': t = PS_T_B32; break;
        case 'P': t = PS_T_PRED; break;
        case 'G':
        case 'X': t = PS_T_U64; break;
        case 'Z': t = ps_modset_has(mods, PS_MOD_PARITY) ? PS_T_U32 : PS_T_U64; break;
        case 'D':
        case 'e': /* dp4a/dp2a: .u32 when both inputs are unsigned, else .s32 */
            t = ntypes > 1 && types[0] == PS_T_U32 && types[1] == PS_T_U32 ? PS_T_U32 : PS_T_S32;
            break;
        case ']':
        case 'b': /* lb: a label of a .branchtargets list */
        case '-': t = PS_T_NONE; break;
        default: return -1;
        }
        if (t == PS_T_NONE && s[0] != '[' && s[0] != 'l') return -1;
        out[n].type = t;
        out[n].strict = s[1] == 'u' || s[1] == 'e' || s[1] == 't' || s[1] == 'Z' || s[1] == 'G' || s[1] == 'N';
        out[n].or_pred = s[1] == 'N';
        out[n].addr32 = s[1] == 'G';
        out[n].optional = mark == '?' || (mark == '+' && !op2);
        out[n].sink = s[0] == 'w' || s[0] == 'o';
        out[n].data = s[0] == 'v' || s[0] == 'o' || s[0] == 'x' || s[0] == 'z';
        out[n].anyvec = s[0] == 'z';
        out[n].wider = s[1] == 'M';
        out[n].plain = s[0] == 'k';
        out[n].targets = s[0] == 'l' && s[1] == 'b';
        out[n].role = s[0] == 'd' || s[0] == 'w' || s[0] == 'v' || s[0] == 'o' ? PS_TS_DST
            : s[0] == 'i'                                                      ? PS_TS_IMM
            : s[0] == 'y'                                                      ? PS_TS_BYTE
            : s[0] == '['                                                      ? PS_TS_ADDR
            : s[0] == 'a'                                                      ? PS_TS_AVAL
            : s[0] == 'l'                                                      ? PS_TS_LABEL
                                                                               : PS_TS_SRC;
        n++;
    }
    return n;
}

bool ps_types_data_fits(ps_type slot, ps_type reg, bool wider, bool vec) {
    if (slot == PS_T_PRED || reg == PS_T_PRED) return false;
    int ss = ps_type_size(slot), rs = ps_type_size(reg);
    if (wider ? rs < ss : rs != ss) return false;
    ps_type_kind sk = ps_type_kind_of(slot), rk = ps_type_kind_of(reg);
    bool rint = rk == TK_UINT || rk == TK_SINT;
    switch (sk) {
    case TK_BITS: return true;
    case TK_UINT:
    case TK_SINT: return rk == TK_BITS || rint || reg == PS_T_F16X2;
    default: return reg == slot || rk == TK_BITS || (vec && rint && rs == ss); /* ld.v2.f32 {%s1, %s2} */
    }
}

bool ps_types_reg_fits(ps_type slot, ps_type reg, bool strict) {
    if (slot == reg) return true;
    if (slot == PS_T_PRED || reg == PS_T_PRED) return false;
    if (ps_type_size(slot) != ps_type_size(reg)) return false;
    ps_type_kind sk = ps_type_kind_of(slot), rk = ps_type_kind_of(reg);
    if (reg == PS_T_B8 || reg == PS_T_U8 || reg == PS_T_S8) return false; /* byte registers: ld/st/cvt only */
    if (slot == PS_T_U16X2 || slot == PS_T_S16X2)                         /* ptxas: .b32 or .f16x2, not .u32/.s32 */
        return rk == TK_BITS || (reg == PS_T_F16X2 && !strict);
    switch (sk) {
    case TK_BITS: return true;
    case TK_UINT:
    case TK_SINT:
        /* an .f16x2 register passes as a 32-bit integer, an .f16 one not as a 16-bit one */
        return rk == TK_BITS || rk == TK_UINT || rk == TK_SINT || (reg == PS_T_F16X2 && !strict);
    default: return rk == TK_BITS;
    }
}

bool ps_types_imm_fits(ps_type slot, ps_imm_kind kind) {
    switch (kind) {
    case PS_IMM_INT: return ps_type_kind_of(slot) != TK_FLOAT && ps_type_kind_of(slot) != TK_PACKED;
    case PS_IMM_F32: return slot == PS_T_F32 || slot == PS_T_F64 || slot == PS_T_B32;
    case PS_IMM_F64: return slot == PS_T_F32 || slot == PS_T_F64 || slot == PS_T_B64;
    }
    return false;
}

const char *ps_types_cmp_unsupported(ps_type src, const ps_modset *mods) {
    /* 9.7.5.1: .bN compares eq/ne; signed adds lt le gt ge; unsigned also lo ls hi hs; floats
     * the ordered six and the unordered equ neu ltu leu gtu geu num nan */
    static const ps_mod bits_ok[] = {PS_MOD_EQ, PS_MOD_NE};
    static const ps_mod signed_ok[] = {PS_MOD_EQ, PS_MOD_NE, PS_MOD_LT, PS_MOD_LE, PS_MOD_GT, PS_MOD_GE};
    static const ps_mod unsigned_ok[] = {PS_MOD_EQ, PS_MOD_NE, PS_MOD_LT, PS_MOD_LE, PS_MOD_GT,
                                         PS_MOD_GE, PS_MOD_LO, PS_MOD_LS, PS_MOD_HI, PS_MOD_HS};
    static const ps_mod float_ok[] = {PS_MOD_EQ,  PS_MOD_NE,  PS_MOD_LT,  PS_MOD_LE,  PS_MOD_GT,
                                      PS_MOD_GE,  PS_MOD_EQU, PS_MOD_NEU, PS_MOD_LTU, PS_MOD_LEU,
                                      PS_MOD_GTU, PS_MOD_GEU, PS_MOD_NUM, PS_MOD_NAN};
    static const ps_mod all[] = {PS_MOD_EQ,  PS_MOD_NE,  PS_MOD_LT,  PS_MOD_LE,  PS_MOD_GT,  PS_MOD_GE,
                                 PS_MOD_LO,  PS_MOD_LS,  PS_MOD_HI,  PS_MOD_HS,  PS_MOD_EQU, PS_MOD_NEU,
                                 PS_MOD_LTU, PS_MOD_LEU, PS_MOD_GTU, PS_MOD_GEU, PS_MOD_NUM, PS_MOD_NAN};
    const ps_mod *ok;
    size_t nok;
    switch (ps_type_kind_of(src)) {
    case TK_BITS: ok = bits_ok, nok = PS_ARRAY_LEN(bits_ok); break;
    case TK_SINT: ok = signed_ok, nok = PS_ARRAY_LEN(signed_ok); break;
    case TK_UINT: ok = unsigned_ok, nok = PS_ARRAY_LEN(unsigned_ok); break;
    default: ok = float_ok, nok = PS_ARRAY_LEN(float_ok); break;
    }
    for (size_t i = 0; i < PS_ARRAY_LEN(all); i++) {
        if (!ps_modset_has(mods, all[i])) continue;
        bool fine = false;
        for (size_t k = 0; k < nok; k++) fine |= ok[k] == all[i];
        if (!fine)
            return "comparison does not apply to this type (ptxas: Mismatch between instruction type and comparison "
                   "qualifier)";
    }
    return NULL;
}
