/* validate_mods.c — modifier combinations of the arithmetic families (float, half, cvt): rounding, .ftz, .sat, .approx/.full, .relu, .nan, .xorsign, and which types take them (validate.h). */
#include "validate.h"

void ps_check_mods(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    (void)ops;
    char why[192];
    if (ps_isa_mods_unsupported(in->form, in->types, in->ntypes, &in->mods, nops, in->text, p->m->arch, p->m->version, why,
                                sizeof why))
        error_at(p, mt, "%s", why);
}
