/* cli_util.h — allocation and file helpers of the command line (the CLI sees the rest of ptxsim
 * only through api/ptxsim.h and gpu/gpu.h). Allocation failure prints a message and aborts. */
#ifndef PTXSIM_CLI_UTIL_H
#define PTXSIM_CLI_UTIL_H

#include <stddef.h>

void *cli_xmalloc(size_t n);
void *cli_xcalloc(size_t n, size_t size);
void *cli_xrealloc(void *p, size_t n);
char *cli_xstrdup(const char *s);
/* The whole file, NUL-terminated (*len excludes the NUL); NULL with errno set on failure. */
char *cli_read_file(const char *path, size_t *len);

#define CLI_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define CLI_MAX(a, b) ((a) > (b) ? (a) : (b))

#endif
