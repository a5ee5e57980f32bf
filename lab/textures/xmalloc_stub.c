/* xmalloc_stub.c: the allocation functions sim/mufu.c needs, for building it alone as a
 * shared library for lab/textures/fit_cube4.py. */
#include <stdlib.h>
void *ps_xmalloc(size_t n);
void *ps_xcalloc(size_t n, size_t size);
void *ps_xmalloc(size_t n) { return malloc(n); }
void *ps_xcalloc(size_t n, size_t size) { return calloc(n, size); }
