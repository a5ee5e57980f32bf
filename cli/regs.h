/* regs.h — `ptxsim regs`: register use, ptxas's allocation and theoretical occupancy per kernel
 * (docs/registers.md). */
#ifndef PTXSIM_CLI_REGS_H
#define PTXSIM_CLI_REGS_H

#include <stdio.h>

/* argv from the command name on; returns the process exit status. */
int ptxsim_cmd_regs(int argc, char **argv);
void ptxsim_regs_help(FILE *out);

#endif
