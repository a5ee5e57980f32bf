/* validate_video.c — the video instructions (PTX ISA 9.7.18) as ptxas 13 checks them, beyond their
 * shapes (forms.def: the operands' count, kinds and types, c with a secondary operation): the
 * types (.u32/.s32 each; three, two for vset), the modifiers some need (.clamp/.wrap for shifts,
 * a comparison for vset), which ptxas judges before the operands, then vmad's negations and the
 * selectors each operand may carry. What ptxas takes and ptxsim cannot run is left to the
 * decoder, which warns (sim/decode.c). */
#include <stdio.h>
#include <string.h>

#include "validate.h"
#include "validate_ctrl.h"

static bool has(const ps_insn *in, ps_mod m) { return ps_modset_has(&in->mods, m); }

static bool bad_sel(parser *p, const token *mt, const ps_operand *o, int i) {
    token at;
    ps_ctrl_at(mt, o, &at);
    error_at(p, &at, "Incorrect video selector for operand %d", i);
    return false;
}

/* A scalar video selector: .b0-.b3 (ptxas takes two byte digits too, not four), or one half
 * .h0/.h1. */
static bool scalar_sel_ok(uint16_t s) {
    if (!s) return true;
    if (s & PS_SEL_HALF) return PS_SEL_COUNT(s) == 1 && PS_SEL_DIGIT(s, 0) <= 1;
    if (PS_SEL_COUNT(s) > 2) return false;
    for (unsigned k = 0; k < PS_SEL_COUNT(s); k++)
        if (PS_SEL_DIGIT(s, k) > 3) return false;
    return true;
}

/* A SIMD destination mask: the elements written, most significant first, each once. */
static bool simd_mask_ok(uint16_t s, int lanes) {
    if (!s) return true;
    if (!!(s & PS_SEL_HALF) != (lanes == 2)) return false;
    int last = lanes;
    for (unsigned k = 0; k < PS_SEL_COUNT(s); k++) {
        int d = (int)PS_SEL_DIGIT(s, k);
        if (d >= last) return false;
        last = d;
    }
    return true;
}

/* A SIMD source selector: one element of the pair {b, a} per lane (.hxy of 0-3, .bwxyz of 0-7). */
static bool simd_src_ok(uint16_t s, int lanes) {
    if (!s) return true;
    return !!(s & PS_SEL_HALF) == (lanes == 2) && (int)PS_SEL_COUNT(s) == lanes;
}

void ps_check_video_quals(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *mn = in->info->mnemonic;
    size_t len = strlen(mn);
    bool simd = mn[len - 1] == '2' || mn[len - 1] == '4';
    bool shift = in->form == PS_F_VSHL || in->form == PS_F_VSHR;
    bool types_ok = in->ntypes == ps_shape_type_count(in->info); /* three, two for vset (forms.def) */
    for (int i = 0; i < in->ntypes; i++) types_ok &= in->types[i] == PS_T_U32 || in->types[i] == PS_T_S32;
    if (!types_ok) error_at(p, mt, "Unexpected instruction types specified for '%s'", mn);
    else if (shift && in->types[2] != PS_T_U32) error_at(p, mt, "Operation requires .u32 type"); /* the amount */
    else if (shift && !has(in, PS_MOD_CLAMP) && !has(in, PS_MOD_WRAP))
        error_at(p, mt, "Clamp modifier required for instruction '%s'", mn);
    else if (!strncmp(mn, "vset", 4) && !has(in, PS_MOD_EQ) && !has(in, PS_MOD_NE) && !has(in, PS_MOD_LT) &&
             !has(in, PS_MOD_LE) && !has(in, PS_MOD_GT) && !has(in, PS_MOD_GE))
        error_at(p, mt, "Comparison modifier required for instruction '%s'", mn);
    else if (simd && has(in, PS_MOD_SAT) && has(in, PS_MOD_ADD))
        error_at(p, mt, "Illegal combination of .sat and .add modifiers");
    else if (in->form == PS_F_VMAD && nops == 4) {
        /* the product a*b negated (-a or -b, not both), or c; .po takes neither */
        bool na = ops[1].minus, nb = ops[2].minus, nc = ops[3].minus;
        if ((na != nb || nc) && has(in, PS_MOD_PO)) /* -a*-b is a*b */
            error_at(p, mt, "Conflicting use of '.po' modifier with operand negation");
        else if (na != nb && nc)
            error_at(p, mt, "Operand negation limited to either (source A xor source B) or source C");
    }
}

/* After the shape (forms.def: the operands' count, kinds and types): the selectors, operand by
 * operand as ptxas reads them, c's last. */
void ps_check_video(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *mn = in->info->mnemonic;
    size_t len = strlen(mn);
    int lanes = mn[len - 1] == '2' ? 2 : mn[len - 1] == '4' ? 4 : 1;
    bool vmad = in->form == PS_F_VMAD;
    bool second = has(in, PS_MOD_ADD) || has(in, PS_MOD_MIN) || has(in, PS_MOD_MAX);
    token at;
    if (lanes == 1) {
        /* one byte or half of d needs the merge form (c); ptxas takes a multi-byte mask anyway */
        bool one = ops[0].sel && PS_SEL_COUNT(ops[0].sel) == 1;
        if (one && (vmad || nops == 3)) {
            ps_ctrl_at(mt, &ops[0], &at);
            error_at(p, &at, "Video selector is not allowed on destination for instruction '%s'", mn);
            return;
        }
        if (ops[0].sel && second) {
            error_at(p, mt, "Video instruction cannot have destination selector and secondary operation");
            return;
        }
        for (int i = 0; i < 3; i++)
            if (!scalar_sel_ok(ops[i].sel)) return (void)bad_sel(p, mt, &ops[i], i);
    } else {
        /* the destination's mask, then each source (a register: ptxas's words for an immediate) */
        if (!simd_mask_ok(ops[0].sel, lanes)) return (void)bad_sel(p, mt, &ops[0], 0);
        for (int i = 1; i < nops; i++)
            if (ops[i].kind == PS_OP_IMM || (i < 3 && !simd_src_ok(ops[i].sel, lanes)))
                return (void)bad_sel(p, mt, &ops[i], i);
    }
    if (nops == 4 && ops[3].sel) {
        ps_ctrl_at(mt, &ops[3], &at);
        error_at(p, &at, "Video selector is not allowed on 'source C' operand");
    }
}
