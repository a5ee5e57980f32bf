/* common.c — status strings, checked allocation, arena and diagnostic list. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ps_status_str(ps_status s) {
    switch (s) {
#define X(name, msg) case name: return msg;
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

struct ps_arena_block {
    ps_arena_block *next;
    size_t used, cap;
    _Alignas(16) unsigned char data[];
};

void ps_arena_init(ps_arena *a) { a->head = NULL; }

void *ps_arena_alloc(ps_arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    ps_arena_block *b = a->head;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        b = ps_xmalloc(sizeof *b + cap);
        b->next = a->head;
        b->used = 0;
        b->cap = cap;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += n;
    memset(p, 0, n);
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
        free(b);
        b = n;
    }
    a->head = NULL;
}

void ps_diags_vadd(ps_diags *d, ps_diag_level lvl, const char *file, int line, int col,
                   const char *fmt, va_list ap) {
    if (d->count == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 8;
        d->items = ps_xrealloc(d->items, (size_t)d->cap * sizeof *d->items);
    }
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    d->items[d->count++] = (ps_diag){lvl, file, line, col, ps_xstrdup(buf)};
    if (lvl == PS_DIAG_ERROR) d->errors++;
}

void ps_diags_add(ps_diags *d, ps_diag_level lvl, const char *file, int line, int col,
                  const char *fmt, ...) {
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
            fprintf(stream, "%s:%d:%d: %s: %s\n", g->file ? g->file : "<input>", g->line, g->col,
                    names[g->level], g->msg);
        else
            fprintf(stream, "%s: %s: %s\n", g->file ? g->file : "ptxsim", names[g->level], g->msg);
    }
}

void ps_diags_free(ps_diags *d) {
    for (int i = 0; i < d->count; i++) free(d->items[i].msg);
    free(d->items);
    *d = (ps_diags){0};
}

char *ps_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = ps_xmalloc(cap);
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
