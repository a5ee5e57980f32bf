/* diff.h — ptxsim's differential-testing commands (DESIGN §5): gpu-info, gpu-run and diff.
 * Each takes argv from its command name on and returns the process exit status. */
#ifndef PTXSIM_CLI_DIFF_H
#define PTXSIM_CLI_DIFF_H

int ptxsim_cmd_gpu_info(int argc, char **argv);
int ptxsim_cmd_gpu_run(int argc, char **argv);
int ptxsim_cmd_diff(int argc, char **argv);

#endif
