/* demangle.c — C++ (Itanium ABI) symbol names for people: kernel names in reports. The C++
 * runtime already has the one complete demangler, abi::__cxa_demangle; it is looked up in
 * libstdc++ at run time, so C programs need not link it. Without it names stay mangled. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

typedef char *(*cxa_demangle_fn)(const char *mangled, char *buf, size_t *len, int *status);

static cxa_demangle_fn demangler;
static pthread_once_t demangler_once = PTHREAD_ONCE_INIT;

static void find_demangler(void) {
    /* already loaded in C++ programs; loaded (and kept) otherwise */
    void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (h) *(void **)&demangler = dlsym(h, "__cxa_demangle");
}

bool ps_demangle(const char *name, char *out, size_t n) {
    if (!n) return false;
    if (!name || strncmp(name, "_Z", 2)) {
        snprintf(out, n, "%s", name ? name : "");
        return false;
    }
    pthread_once(&demangler_once, find_demangler);
    int status = -1;
    char *d = demangler ? demangler(name, NULL, NULL, &status) : NULL;
    bool ok = d && status == 0;
    snprintf(out, n, "%s", ok ? d : name);
    free(d);
    return ok;
}
