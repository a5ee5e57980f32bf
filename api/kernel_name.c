/* kernel_name.c — a kernel named as people name it: its PTX name, its unqualified C++ name
 * (block_scan for _Z10block_scanPKiPii) or its demangled signature (ptxsim_kernel_name_matches);
 * what `ptxsim init --kernel` and a manifest's "kernel" accept (docs/manifest.md). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "ptxsim.h"

/* The unqualified name of an Itanium-mangled function (_Z10block_scanPKiPii → block_scan,
 * _ZN2ns4kernEv → kern), into buf; the name itself when it is not mangled. */
static const char *base_name(const char *m, char *buf, size_t cap) {
    const char *p = m;
    if (strncmp(p, "_Z", 2) != 0) return m;
    p += 2;
    bool nested = *p == 'N';
    if (nested) p++;
    while (*p == 'K' || *p == 'V' || *p == 'r') p++; /* cv-qualifiers of a nested name */
    const char *last = NULL;
    size_t lastn = 0;
    while (*p >= '0' && *p <= '9') {
        char *end;
        unsigned long n = strtoul(p, &end, 10);
        if (n == 0 || strnlen(end, n) < n) return m;
        last = end, lastn = n;
        p = end + n;
        if (!nested) break;
    }
    if (!last || lastn >= cap) return m;
    memcpy(buf, last, lastn);
    buf[lastn] = 0;
    return buf;
}

/* The same text but for spaces ("int const*" and "int const *"). */
static bool same_but_spaces(const char *a, const char *b) {
    for (;; a++, b++) {
        while (*a == ' ') a++;
        while (*b == ' ') b++;
        if (*a != *b) return false;
        if (!*a) return true;
    }
}

/* A kernel is named by its PTX name, its unqualified C++ name (block_scan) or its whole
 * demangled signature (block_scan(int const*, int*, int)). */
bool ptxsim_kernel_name_matches(const char *name, const char *want) {
    if (!strcmp(name, want)) return true;
    char buf[1024];
    if (!strcmp(base_name(name, buf, sizeof buf), want)) return true;
    return strchr(want, '(') && ps_demangle(name, buf, sizeof buf) && same_but_spaces(buf, want);
}
