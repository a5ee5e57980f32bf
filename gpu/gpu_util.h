/* gpu_util.h — allocation and file helpers of the gpu module (private; the module sees the rest
 * of ptxsim only through api/ptxsim.h). Allocation failure prints a message and aborts. */
#ifndef PTXSIM_GPU_UTIL_H
#define PTXSIM_GPU_UTIL_H

#include <stddef.h>

void *gpu_xmalloc(size_t n);
void *gpu_xcalloc(size_t n, size_t size);
char *gpu_xstrdup(const char *s);
char *gpu_xstrndup(const char *s, size_t n);
/* The whole file, NUL-terminated (*len excludes the NUL); NULL with errno set on failure. */
char *gpu_read_file(const char *path, size_t *len);

#define GPU_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
