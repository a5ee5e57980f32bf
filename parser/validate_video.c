/* validate_video.c — the video instructions' operands (PTX ISA 9.7.18), as ptxas 13 checks them. */
#include <stdio.h>

#include "validate.h"
#include "validate_ctrl.h"

void ps_check_video(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    (void)p, (void)in, (void)mt, (void)ops, (void)nops;
}
