/* validate.h — the checks of an instruction's operands that ptxas makes and the grammar does not:
 * operand and register types, immediates, and the rules of each family (validate.c dispatches to
 * one file per area). Internal to the parser; the campaign in scripts/ptxas_diff is their judge. */
#ifndef PTXSIM_VALIDATE_H
#define PTXSIM_VALIDATE_H

#include "parser_internal.h"

/* Checks instruction `in` (mnemonic token mt) with its nops operands, after their state spaces
 * (check_spaces); reports the first problem with error_at (p->failed_stmt is then set). */
void ps_validate_operands(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* The checks of one area; each reports with error_at and returns at its first problem. */

#endif
