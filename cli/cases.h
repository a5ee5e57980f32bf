/* cases.h — finding manifests for the commands that take folders (diff, test). */
#ifndef PTXSIM_CLI_CASES_H
#define PTXSIM_CLI_CASES_H

/* Appends every case*.json below dir (recursively, each folder's entries in name order) to
 * *list (*n entries, *cap allocated); the paths are malloc'd. */
void ps_cli_collect_cases(const char *dir, char ***list, int *n, int *cap);

#endif
