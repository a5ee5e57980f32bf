/* validate.c — runs the operand checks of each area in turn (validate.h), stopping at the first
 * statement error. */
#include "validate.h"

typedef void (*area_check)(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

static const area_check areas[] = {
    ps_check_mem_quals, ps_check_ctrl_quals, ps_check_types, ps_check_mods, ps_check_mem, ps_check_ctrl,
};

void ps_validate_operands(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    for (size_t i = 0; i < sizeof areas / sizeof areas[0] && !p->failed_stmt; i++)
        if (areas[i]) areas[i](p, in, mt, ops, nops);
}
