/* gpu_util.c — allocation and file helpers of the gpu module. */
#include "gpu_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check(void *p) {
    if (!p) {
        fputs("ptxsim: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *gpu_xmalloc(size_t n) { return check(malloc(n ? n : 1)); }

void *gpu_xcalloc(size_t n, size_t size) { return check(calloc(n ? n : 1, size ? size : 1)); }

char *gpu_xstrdup(const char *s) { return check(strdup(s)); }

char *gpu_xstrndup(const char *s, size_t n) { return check(strndup(s, n)); }

char *gpu_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = gpu_xmalloc(cap);
    for (;;) {
        if (cap - n < 2) buf = check(realloc(buf, cap *= 2));
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    int saved = errno;
    fclose(f);
    if (bad) {
        free(buf);
        errno = saved ? saved : EIO;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}
