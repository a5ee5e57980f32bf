/* validate_types.c — operand and register types: which register and immediate types each instruction type takes (relaxed type checking as ptxas applies it), immediates' notation and range (validate.h). */
#include "validate.h"

void ps_check_types(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    (void)p, (void)in, (void)mt, (void)ops, (void)nops;
}
