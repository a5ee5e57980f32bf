/* validate_mods.c — modifier combinations of the arithmetic families (float, half, cvt): rounding, .ftz, .sat, .approx/.full, .relu, .nan, .xorsign, and which types take them (validate.h). */
#include "validate.h"

static bool is_8bit_int(ps_type t) { return t == PS_T_U8 || t == PS_T_S8; }

void ps_check_mods(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char why[192];
    ps_type types[4] = {PS_T_NONE, PS_T_NONE, PS_T_NONE, PS_T_NONE};
    for (int i = 0; i < in->ntypes && i < 4; i++) types[i] = (ps_type)in->types[i];
    if (ps_isa_mods_unsupported(in->form, types, in->ntypes, &in->mods, nops, in->text, p->m->arch, p->m->version, why,
                                sizeof why)) {
        error_at(p, mt, "%s", why);
        return;
    }
    /* cvt between bf16 and u8/s8: ptxas takes it only with an 8-bit register on the 8-bit side
     * ("Arguments mismatch" with a .u16 or wider one, which it takes for f16 and f32) */
    if (in->form == PS_F_CVT && in->ntypes == 2 && nops == 2 &&
        ((types[0] == PS_T_BF16 && is_8bit_int(types[1])) || (types[1] == PS_T_BF16 && is_8bit_int(types[0])))) {
        const ps_operand *o = &ops[types[0] == PS_T_BF16 ? 1 : 0];
        if (o->kind != PS_OP_REG || !p->fn || o->reg < 0 || o->reg >= p->fn->nregs ||
            ps_type_size(p->fn->regs[o->reg].type) != 1)
            error_at(p, mt, "Arguments mismatch for instruction 'cvt' (cvt.%s.%s takes an 8-bit register)",
                     ps_type_name(types[0]), ps_type_name(types[1]));
    }
}
