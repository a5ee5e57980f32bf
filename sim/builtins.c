/* builtins.c — the device-runtime functions that nvcc's PTX declares .extern and calls without
 * defining: vprintf (printf), __assertfail (assert), malloc and free. The simulator runs them
 * itself, as the CUDA driver's device runtime does (docs/engine.md, "Device runtime"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* ---- which functions ------------------------------------------------------------------------ */

/* Parameter and return sizes in bytes (0 ends a list) of each builtin, as nvcc declares them:
 *   .extern .func (.param .b32 r) vprintf (.param .b64 fmt, .param .b64 args)
 *   .extern .func __assertfail (.param .b64 msg, .param .b64 file, .param .b32 line,
 *                               .param .b64 function, .param .b64 charsize)
 *   .extern .func (.param .b64 r) malloc (.param .b64 size)
 *   .extern .func free (.param .b64 ptr) */
static const struct {
    const char *name;
    int nparams, params[5], nrets, ret;
} builtins[] = {
    [PS_BI_VPRINTF] = {"vprintf", 2, {8, 8}, 1, 4},
    [PS_BI_ASSERTFAIL] = {"__assertfail", 5, {8, 8, 4, 8, 8}, 0, 0},
    [PS_BI_MALLOC] = {"malloc", 1, {8}, 1, 8},
    [PS_BI_FREE] = {"free", 1, {8}, 0, 0},
};

int ps_builtin_of(const ps_func *f, char *why, size_t len) {
    if (why && len) why[0] = 0;
    if (f->defined) return PS_BI_NONE;
    for (int b = PS_BI_VPRINTF; b <= PS_BI_FREE; b++) {
        if (strcmp(f->name, builtins[b].name)) continue;
        bool ok = f->nparams == builtins[b].nparams && f->nrets == builtins[b].nrets;
        for (int i = 0; ok && i < f->nparams; i++)
            ok = f->params[i]->size == (uint64_t)builtins[b].params[i];
        if (ok && f->nrets) ok = f->rets[0]->size == (uint64_t)builtins[b].ret;
        if (ok) return b;
        if (why)
            snprintf(why, len, "'%s' is declared with parameters the device runtime's %s does not "
                     "take", f->name, f->name);
        return PS_BI_NONE;
    }
    return PS_BI_NONE;
}

/* ---- arguments ---------------------------------------------------------------------------- *
 * A call's argument and result operands are slots in the caller's call_slots (decode.c): a
 * .param variable (its slot holds the variable's local-memory address) or a register. */

static const ps_slot_info *call_slot(ps_warp *w, const ps_dinsn *d, int k, uint16_t *slot) {
    const ps_fprog *fp = w->frames[w->nframes - 1].fp;
    *slot = fp->call_slots[d->aux + k];
    return &fp->slots[*slot];
}

static bool arg_read(ps_warp *w, const ps_dinsn *d, int k, unsigned size, int l, uint64_t *v) {
    uint16_t s;
    const ps_slot_info *si = call_slot(w, d, k, &s);
    *v = 0;
    if (si->kind == SK_LOCAL_SYM) {
        const void *p = ps_mem_resolve(w, SP_LOCAL, R(w, s)[l], size, l, false);
        if (!p) return false;
        memcpy(v, p, size);
        return true;
    }
    *v = R(w, s)[l] & (size == 8 ? ~0ull : (1ull << (8 * size)) - 1);
    return true;
}

static void result_write(ps_warp *w, const ps_dinsn *d, int k, unsigned size, int l, uint64_t v) {
    uint16_t s;
    const ps_slot_info *si = call_slot(w, d, k, &s);
    if (si->kind == SK_LOCAL_SYM) {
        void *p = ps_mem_resolve(w, SP_LOCAL, R(w, s)[l], size, l, true);
        if (p) memcpy(p, &v, size);
        return;
    }
    R(w, s)[l] = v & (size == 8 ? ~0ull : (1ull << (8 * size)) - 1);
}

/* ---- output ------------------------------------------------------------------------------- */

static void out_append(ps_cta *c, const char *s, size_t n) {
    if (c->out_len + n + 1 > c->out_cap) {
        size_t cap = c->out_cap ? c->out_cap : 256;
        while (cap < c->out_len + n + 1) cap *= 2;
        c->out = ps_xrealloc(c->out, cap);
        c->out_cap = cap;
    }
    memcpy(c->out + c->out_len, s, n);
    c->out_len += n;
    c->out[c->out_len] = 0;
}

void ps_output_cta_end(ps_cta *c) {
    if (!c->out_len) return;
    ps_launch_ctx *L = c->L;
    const unsigned *g = L->cfg.grid;
    uint64_t linear = c->ctaid[0] + (uint64_t)g[0] * (c->ctaid[1] + (uint64_t)g[1] * c->ctaid[2]);
    pthread_mutex_lock(&L->lock);
    if (L->nouts == L->cap_outs) {
        L->cap_outs = L->cap_outs ? L->cap_outs * 2 : 16;
        L->outs = ps_xrealloc(L->outs, sizeof *L->outs * (size_t)L->cap_outs);
    }
    L->outs[L->nouts++] = (struct ps_out_rec){linear, c->out, c->out_len};
    pthread_mutex_unlock(&L->lock);
    c->out = NULL;
    c->out_len = c->out_cap = 0;
}

/* ---- device memory reads ------------------------------------------------------------------- */

/* The NUL-terminated string at generic address a (at most max bytes, then cut), read for lane l;
 * false after a fault (an address outside device memory). */
static bool read_string(ps_warp *w, uint64_t a, size_t max, int l, char **s, size_t *n) {
    size_t cap = 64, len = 0;
    char *buf = ps_xmalloc(cap);
    for (; len < max; len++) {
        const char *p = ps_mem_resolve(w, SP_GENERIC, a + len, 1, l, false);
        if (!p) {
            free(buf);
            return false;
        }
        if (!*p) break;
        if (len + 1 >= cap) buf = ps_xrealloc(buf, cap *= 2);
        buf[len] = *p;
    }
    buf[len] = 0;
    *s = buf;
    *n = len;
    return true;
}

/* ---- vprintf ------------------------------------------------------------------------------ *
 * printf(fmt, a, b, ...) compiles to vprintf(fmt, buf): nvcc stores the arguments, after C's
 * default promotions, in a local buffer laid out like a struct (each at the next multiple of its
 * size): int, unsigned, char and short as 4 bytes, float as a double, long, long long, double and
 * pointers as 8 bytes. The format says how to read it back, conversion by conversion. The CUDA
 * Programming Guide ("Formatted Output") lists what the device's printf takes:
 *   %[flags][width][.precision][size]type, flags '#' ' ' '0' '+' '-', width '*' or digits,
 *   precision digits, size 'h' 'l' 'll', types c d i o u x X p e E f g G a A s;
 * it returns the number of arguments it took (-1 for a NULL format). Each conversion is then
 * formatted as the host C library formats it (the driver formats the records on the host). */

#define MAX_FORMAT (64u << 10)    /* bytes of a format string read at most */
#define MAX_STRING (1u << 20)     /* bytes of a %s argument read at most */

typedef struct {
    ps_warp *w;
    int l;
    uint64_t buf, off;
    int nargs;
    bool fault;
} argbuf;

static bool take(argbuf *a, unsigned size, uint64_t *v) {
    *v = 0;
    a->off = (a->off + size - 1) / size * size;
    const void *p = ps_mem_resolve(a->w, SP_GENERIC, a->buf + a->off, size, a->l, false);
    if (!p) {
        a->fault = true;
        return false;
    }
    memcpy(v, p, size);
    a->off += size;
    a->nargs++;
    return true;
}

/* Appends the snprintf of spec (one conversion) with value v to the CTA's output. */
#define EMIT(c, spec, v)                                                        \
    do {                                                                        \
        int _n = snprintf(NULL, 0, spec, v);                                    \
        if (_n > 0) {                                                           \
            char *_b = ps_xmalloc((size_t)_n + 1);                              \
            snprintf(_b, (size_t)_n + 1, spec, v);                              \
            out_append(c, _b, (size_t)_n);                                      \
            free(_b);                                                           \
        }                                                                       \
    } while (0)

/* One lane's printf; returns vprintf's result, or -3 after a fault. */
static int lane_vprintf(ps_warp *w, int l, uint64_t fmt_addr, uint64_t buf) {
    ps_cta *c = w->cta;
    if (!fmt_addr) return -1;
    char *fmt;
    size_t flen;
    if (!read_string(w, fmt_addr, MAX_FORMAT, l, &fmt, &flen)) return -3;
    argbuf a = {.w = w, .l = l, .buf = buf};
    const char *p = fmt, *end = fmt + flen;
    while (p < end && !a.fault) {
        const char *pct = memchr(p, '%', (size_t)(end - p));
        if (!pct) {
            out_append(c, p, (size_t)(end - p));
            break;
        }
        out_append(c, p, (size_t)(pct - p));
        const char *q = pct + 1;
        if (q < end && *q == '%') {
            out_append(c, "%", 1);
            p = q + 1;
            continue;
        }
        /* %[flags][width][.precision][size]type, rebuilt for the host's snprintf */
        char spec[64];
        size_t n = 0;
        spec[n++] = '%';
        while (q < end && strchr("#0- +", *q) && n < 8) spec[n++] = *q++;
        if (q < end && *q == '*') {
            uint64_t v;
            if (!take(&a, 4, &v)) break;
            n += (size_t)snprintf(spec + n, sizeof spec - n, "%d", (int)(int32_t)v);
            q++;
        } else {
            while (q < end && *q >= '0' && *q <= '9' && n < 20) spec[n++] = *q++;
        }
        if (q < end && *q == '.') {
            spec[n++] = *q++;
            while (q < end && *q >= '0' && *q <= '9' && n < 32) spec[n++] = *q++;
        }
        int size = 0; /* 0 none, 1 h, 2 hh, 3 l, 4 ll */
        if (q < end && *q == 'h') size = 1, q++;
        if (q < end && *q == 'h' && size == 1) size = 2, q++;
        if (q < end && *q == 'l' && !size) size = 3, q++;
        if (q < end && *q == 'l' && size == 3) size = 4, q++;
        char type = q < end ? *q : 0;
        if (!type || !strchr("cdiouxXpeEfgGaAs", type)) {
            /* not a conversion the device knows: the text goes out as it is */
            out_append(c, pct, (size_t)(q - pct));
            p = q;
            continue;
        }
        q++;
        uint64_t v;
        switch (type) {
        case 'd':
        case 'i':
            if (!take(&a, size >= 3 ? 8 : 4, &v)) break;
            {
                long long x = size >= 3 ? (long long)(int64_t)v
                              : size == 1 ? (long long)(int16_t)v
                              : size == 2 ? (long long)(int8_t)v
                                          : (long long)(int32_t)v;
                snprintf(spec + n, sizeof spec - n, "ll%c", type);
                EMIT(c, spec, x);
            }
            break;
        case 'o':
        case 'u':
        case 'x':
        case 'X':
            if (!take(&a, size >= 3 ? 8 : 4, &v)) break;
            {
                unsigned long long x = size >= 3 ? (unsigned long long)v
                                       : size == 1 ? (unsigned long long)(uint16_t)v
                                       : size == 2 ? (unsigned long long)(uint8_t)v
                                                   : (unsigned long long)(uint32_t)v;
                snprintf(spec + n, sizeof spec - n, "ll%c", type);
                EMIT(c, spec, x);
            }
            break;
        case 'c':
            if (!take(&a, size >= 3 ? 8 : 4, &v)) break;
            snprintf(spec + n, sizeof spec - n, "c");
            EMIT(c, spec, (int)(unsigned char)v);
            break;
        case 'e':
        case 'E':
        case 'f':
        case 'g':
        case 'G':
        case 'a':
        case 'A':
            if (!take(&a, 8, &v)) break;
            {
                double x;
                memcpy(&x, &v, 8);
                snprintf(spec + n, sizeof spec - n, "%c", type);
                EMIT(c, spec, x);
            }
            break;
        case 'p':
            if (!take(&a, 8, &v)) break;
            snprintf(spec + n, sizeof spec - n, "p");
            EMIT(c, spec, (void *)(uintptr_t)v);
            break;
        case 's':
            if (!take(&a, 8, &v)) break;
            snprintf(spec + n, sizeof spec - n, "s");
            if (!v) {
                EMIT(c, spec, "(null)");
            } else {
                char *s;
                size_t sl;
                if (!read_string(w, v, MAX_STRING, l, &s, &sl)) {
                    a.fault = true;
                    break;
                }
                EMIT(c, spec, s);
                free(s);
            }
            break;
        }
        p = q;
    }
    free(fmt);
    return a.fault ? -3 : a.nargs;
}

/* ---- __assertfail --------------------------------------------------------------------------- *
 * assert(e) that fails calls __assertfail(message, file, line, function, sizeof(char)): the
 * device prints "file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `message`
 * failed." for each failing thread and traps (the launch fails with cudaErrorAssert). */

static bool lane_assert(ps_warp *w, const ps_dinsn *d, int l, char *first, size_t flen) {
    uint64_t msg, file, line, func;
    if (!arg_read(w, d, 0, 8, l, &msg) || !arg_read(w, d, 1, 8, l, &file) ||
        !arg_read(w, d, 2, 4, l, &line) || !arg_read(w, d, 3, 8, l, &func))
        return false;
    char *sm = NULL, *sf = NULL, *sfn = NULL;
    size_t n;
    bool ok = (!msg || read_string(w, msg, MAX_STRING, l, &sm, &n)) &&
              (!file || read_string(w, file, MAX_STRING, l, &sf, &n)) &&
              (!func || read_string(w, func, MAX_STRING, l, &sfn, &n));
    if (ok) {
        ps_cta *c = w->cta;
        char head[160];
        snprintf(head, sizeof head, "block: [%u,%u,%u], thread: [%u,%u,%u]", c->ctaid[0],
                 c->ctaid[1], c->ctaid[2], w->tid[l][0], w->tid[l][1], w->tid[l][2]);
        size_t len = strlen(sf ? sf : "") + strlen(sfn ? sfn : "") + strlen(sm ? sm : "") + 256;
        char *text = ps_xmalloc(len);
        snprintf(text, len, "%s:%u: %s: %s Assertion `%s` failed.\n", sf ? sf : "",
                 (unsigned)line, sfn ? sfn : "", head, sm ? sm : "");
        out_append(c, text, strlen(text));
        if (!first[0]) snprintf(first, flen, "%.*s", (int)strlen(text) - 1, text);
        free(text);
    }
    free(sm), free(sf), free(sfn);
    return ok;
}

/* ---- the handler ------------------------------------------------------------------------- */

void ps_exec_builtin(ps_warp *w, const ps_dinsn *d) {
    ps_cta *c = w->cta;
    ps_device *dev = c->L->dev;
    int nargs = builtins[d->aux8].nparams;
    uint32_t exec = w->exec;
    switch (d->aux8) {
    case PS_BI_VPRINTF: /* lanes in order, as a warp's printf records reach the FIFO */
        for (uint32_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t fmt, buf;
            if (!arg_read(w, d, 0, 8, l, &fmt) || !arg_read(w, d, 1, 8, l, &buf)) return;
            int r = lane_vprintf(w, l, fmt, buf);
            if (r == -3) return;
            if (d->src->ops[0].kind == PS_OP_LIST) result_write(w, d, nargs, 4, l, (uint32_t)r);
        }
        return;
    case PS_BI_ASSERTFAIL: {
        char first[512] = "";
        int l0 = __builtin_ctz(exec);
        for (uint32_t m = exec; m; m &= m - 1)
            if (!lane_assert(w, d, __builtin_ctz(m), first, sizeof first)) return;
        ps_fault_raise(w, PS_FAULT_TRAP, l0, "%s", first);
        return;
    }
    case PS_BI_MALLOC:
        for (uint32_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t size;
            if (!arg_read(w, d, 0, 8, l, &size)) return;
            uint64_t p = ps_heap_malloc(dev, size);
            const ps_observer *o = c->obs;
            if (p && o && o->heap_alloc) o->heap_alloc(o->ctx, c->worker, p, size);
            if (d->src->ops[0].kind == PS_OP_LIST) result_write(w, d, nargs, 8, l, p);
        }
        return;
    case PS_BI_FREE:
        for (uint32_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t p;
            if (!arg_read(w, d, 0, 8, l, &p)) return;
            if (!p) continue; /* free(NULL) does nothing */
            int r = ps_heap_free(dev, p);
            if (r) {
                ps_fault_raise(w, PS_FAULT_OUT_OF_BOUNDS, l,
                               r > 0 ? "free(0x%llx): the block was freed already (double free)"
                                     : "free(0x%llx): not an address that malloc() returned",
                               (unsigned long long)p);
                return;
            }
        }
        return;
    }
}
