/* validate_ctrl.c — control flow and warp-level instructions (bra, call, ret, exit, brx.idx, bar, shfl, vote, match, redux, activemask), special registers, video and tensor-core operand rules (validate.h). */
#include "validate.h"

void ps_check_ctrl(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    (void)p, (void)in, (void)mt, (void)ops, (void)nops;
}
