/* spaces.h — state-space checks of instruction operands (spaces.c). Internal to the parser. */
#ifndef PTXSIM_SPACES_H
#define PTXSIM_SPACES_H

#include "parser_internal.h"

/* Checks the variables and addresses of instruction `in` (mnemonic token mt) against its state
 * space; reports the first problem with error_at. */
void check_spaces(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

#endif
