/* decode.h — `ptxsim decode`: the decoded program of a kernel as text (docs/decode.md). */
#ifndef PTXSIM_CLI_DECODE_H
#define PTXSIM_CLI_DECODE_H

/* argv from the command name on; returns the process exit status. */
int ptxsim_cmd_decode(int argc, char **argv);

#endif
