/* common.c — status strings, checked allocation, arena and diagnostic list. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

const char *ps_status_str(ps_status s) {
    switch (s) {
#define X(name, msg) \
    case name: return msg;
        PS_STATUS_LIST(X)
#undef X
    }
    return "unknown status";
}

_Noreturn void ps_oom(void) {
    fputs("ptxsim: out of memory\n", stderr);
    abort();
}

void *ps_xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) ps_oom();
    return p;
}

void *ps_xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) ps_oom();
    return p;
}

void *ps_xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (!p) ps_oom();
    return p;
}

char *ps_xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *r = ps_xmalloc(n);
    memcpy(r, s, n);
    return r;
}

/* Arena blocks grow geometrically (64 KiB, doubling, up to 32 MiB), so a large module takes a
 * few dozen blocks instead of thousands. Blocks of 2 MiB and more are mapped on a 2 MiB boundary
 * and asked for transparent huge pages: the AST of a 10 MB PTX file is about 85 MB, and under a
 * hypervisor each 4 KiB first-touch fault costs ~10 us (docs/parser.md, "Parse speed"). Every
 * block starts zeroed (calloc or fresh anonymous pages), so allocation does not clear memory. */
struct ps_arena_block {
    ps_arena_block *next;
    size_t used, cap;
    void *map; /* mmap base when mapped, NULL when from calloc */
    size_t map_len;
    _Alignas(16) unsigned char data[];
};

enum { ARENA_FIRST = 64 << 10, ARENA_MAX = 32 << 20, ARENA_HUGE = 2 << 20 };

void ps_arena_init(ps_arena *a) { a->head = NULL; }

static ps_arena_block *arena_block(size_t cap) {
    size_t bytes = sizeof(ps_arena_block) + cap;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (bytes >= ARENA_HUGE) {
        size_t len = (bytes + ARENA_HUGE - 1) / ARENA_HUGE * ARENA_HUGE + ARENA_HUGE;
        void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED) {
            uintptr_t at = ((uintptr_t)m + ARENA_HUGE - 1) & ~(uintptr_t)(ARENA_HUGE - 1);
            madvise((void *)at, len - (at - (uintptr_t)m), MADV_HUGEPAGE);
            ps_arena_block *b = (ps_arena_block *)at;
            b->map = m, b->map_len = len;
            b->cap = (size_t)((uintptr_t)m + len - at) - sizeof *b;
            return b;
        }
    }
#endif
    ps_arena_block *b = ps_xcalloc(1, bytes);
    b->cap = cap;
    return b;
}

void *ps_arena_alloc(ps_arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    ps_arena_block *b = a->head;
    if (!b || b->cap - b->used < n) {
        size_t cap = b ? PS_MIN(b->cap * 2, (size_t)ARENA_MAX) : ARENA_FIRST;
        if (cap < n) cap = n;
        ps_arena_block *nb = arena_block(cap);
        if (b && n > ARENA_MAX / 4 && b->cap - b->used > nb->cap - n) {
            /* a huge one-off: keep filling the current block afterwards */
            nb->next = b->next;
            b->next = nb;
            nb->used = n;
            return nb->data;
        }
        nb->next = b;
        a->head = b = nb;
    }
    void *p = b->data + b->used;
    b->used += n;
    return p;
}

char *ps_arena_strndup(ps_arena *a, const char *s, size_t n) {
    char *r = ps_arena_alloc(a, n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

void ps_arena_free(ps_arena *a) {
    ps_arena_block *b = a->head;
    while (b) {
        ps_arena_block *n = b->next;
        if (b->map) munmap(b->map, b->map_len);
        else free(b);
        b = n;
    }
    a->head = NULL;
}

void ps_diags_vadd(ps_diags *d, ps_diag_level lvl, const char *file, int line, int col, const char *fmt, va_list ap) {
    if (lvl == PS_DIAG_ERROR) d->errors++;
    if (d->count > PS_DIAGS_MAX) return;
    if (d->count == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 8;
        d->items = ps_xrealloc(d->items, (size_t)d->cap * sizeof *d->items);
    }
    char buf[1024];
    if (d->count == PS_DIAGS_MAX) { /* the one line that says the rest are dropped */
        snprintf(buf, sizeof buf, "too many diagnostics: only the first %d are shown", PS_DIAGS_MAX);
        d->items[d->count++] = (ps_diag){PS_DIAG_NOTE, file, 0, 0, ps_xstrdup(buf)};
        return;
    }
    vsnprintf(buf, sizeof buf, fmt, ap);
    d->items[d->count++] = (ps_diag){lvl, file, line, col, ps_xstrdup(buf)};
}

void ps_diags_add(ps_diags *d, ps_diag_level lvl, const char *file, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ps_diags_vadd(d, lvl, file, line, col, fmt, ap);
    va_end(ap);
}

void ps_diags_print(const ps_diags *d, void *stream) {
    static const char *names[] = {"error", "warning", "note"};
    for (int i = 0; i < d->count; i++) {
        const ps_diag *g = &d->items[i];
        if (g->line > 0)
            fprintf(stream, "%s:%d:%d: %s: %s\n", g->file ? g->file : "<input>", g->line, g->col, names[g->level],
                    g->msg);
        else fprintf(stream, "%s: %s: %s\n", g->file ? g->file : "ptxsim", names[g->level], g->msg);
    }
}

void ps_diags_free(ps_diags *d) {
    for (int i = 0; i < d->count; i++) free(d->items[i].msg);
    free(d->items);
    *d = (ps_diags){0};
}

/* Large regions that will be written through soon: the interior 2 MiB pages of a malloc'd block
 * (glibc maps such blocks on their own) are asked for transparent huge pages, which saves a
 * first-touch fault per 4 KiB (about 10 us each under the development VM's hypervisor). */
static void advise_huge(void *p, size_t n) {
#ifdef MADV_HUGEPAGE
    uintptr_t lo = ((uintptr_t)p + ARENA_HUGE - 1) & ~(uintptr_t)(ARENA_HUGE - 1);
    uintptr_t hi = ((uintptr_t)p + n) & ~(uintptr_t)(ARENA_HUGE - 1);
    if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p, (void)n;
#endif
}

char *ps_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    /* A regular file is read into one buffer of its size (plus room to notice growth); the
     * loop below still copes with files whose size is unknown or changes. */
    struct stat st;
    size_t cap = 1 << 16, n = 0;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2)
        cap = (size_t)st.st_size + 4096;
    char *buf = ps_xmalloc(cap);
    if (cap >= 2 * ARENA_HUGE) advise_huge(buf, cap);
    for (;;) {
        if (cap - n < 4096) buf = ps_xrealloc(buf, cap *= 2);
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

int ps_lane_ranges(uint32_t mask, char *buf, size_t n) {
    size_t j = 0;
    if (n) buf[0] = 0;
    for (int l = 0; l < 32;) {
        if (!(mask >> l & 1)) {
            l++;
            continue;
        }
        int e = l;
        while (e + 1 < 32 && (mask >> (e + 1) & 1)) e++;
        int k = e > l ? snprintf(buf + j, n - j, "%s%d-%d", j ? ", " : "", l, e)
                      : snprintf(buf + j, n - j, "%s%d", j ? ", " : "", l);
        if (k < 0 || (size_t)k >= n - j) break; /* cut: the count below still holds */
        j += (size_t)k;
        l = e + 1;
    }
    return __builtin_popcount(mask);
}

/* "a/b/../c.ptx" → "a/c.ptx" (lexically, for locations in reports; the file itself is opened by the name it was given). */
void ps_path_tidy(char *out, size_t n, const char *path) {
    const char *parts[128];
    size_t lens[128];
    int np = 0;
    bool abs = path[0] == '/';
    for (const char *p = path; *p && np < 128;) {
        while (*p == '/') p++;
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (!len) break;
        if (len == 1 && p[0] == '.') {
        } else if (len == 2 && !strncmp(p, "..", 2) && np > 0 &&
                   !(lens[np - 1] == 2 && !strncmp(parts[np - 1], "..", 2))) {
            np--;
        } else {
            parts[np] = p;
            lens[np++] = len;
        }
        p += len;
    }
    size_t j = 0;
    if (abs && j + 1 < n) out[j++] = '/';
    for (int i = 0; i < np && j + lens[i] + 2 < n; i++) {
        if (i) out[j++] = '/';
        memcpy(out + j, parts[i], lens[i]);
        j += lens[i];
    }
    out[j] = 0;
}
