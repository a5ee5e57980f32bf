/* init.h — `ptxsim init`: a manifest template from a kernel's signature. */
#ifndef PTXSIM_CLI_INIT_H
#define PTXSIM_CLI_INIT_H

/* argv from the command name on; returns the process exit status. */
int ptxsim_cmd_init(int argc, char **argv);

#endif
