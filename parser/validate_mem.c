/* validate_mem.c — memory instructions (ld, st, atom, red, cp.async, fences, barriers on memory): state spaces of symbols and addresses, vector widths, cache and ordering qualifiers (validate.h). */
#include "validate.h"

void ps_check_mem(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    (void)p, (void)in, (void)mt, (void)ops, (void)nops;
}
