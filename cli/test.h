/* test.h — `ptxsim test`: folders of manifests run as a test suite (docs/test.md). */
#ifndef PTXSIM_CLI_TEST_H
#define PTXSIM_CLI_TEST_H

/* argv from the command name on; returns the process exit status (0: every case passed). */
int ptxsim_cmd_test(int argc, char **argv);

#endif
