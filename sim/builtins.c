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
        for (int i = 0; ok && i < f->nparams; i++) ok = f->params[i]->size == (uint64_t)builtins[b].params[i];
        if (ok && f->nrets) ok = f->rets[0]->size == (uint64_t)builtins[b].ret;
        if (ok) return b;
        if (why)
            snprintf(why, len,
                     "'%s' is declared with parameters the device runtime's %s does not "
                     "take",
                     f->name, f->name);
        return PS_BI_NONE;
    }
    return PS_BI_NONE;
}

/* ---- arguments ---------------------------------------------------------------------------- *
 * A call's argument and result operands are slots in the caller's call_slots (decode.c): a
 * .param variable (its slot holds the variable's local-memory address) or a register. */

static const ps_slot_info *call_slot(ps_warp *w, const ps_dinsn *d, int k, uint16_t *slot) {
    const ps_fprog *fp = w->frames[w->nframes - 1].fp;
    *slot = fp->call_slots[d->slot_list + k];
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

typedef struct {
    char *p;
    size_t n, cap;
} text;

static void text_add(text *t, const char *s, size_t n) {
    if (t->n + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->n + n + 1) cap *= 2;
        t->p = ps_xrealloc(t->p, cap);
        t->cap = cap;
    }
    memcpy(t->p + t->n, s, n);
    t->n += n;
    t->p[t->n] = 0;
}

/* Appends to the running CTA's stream (PS_OUT_STDOUT, PS_OUT_STDERR). */
static void out_append(ps_cta *c, int stream, const char *s, size_t n) {
    text t = {c->out[stream], c->out_len[stream], c->out_cap[stream]};
    text_add(&t, s, n);
    c->out[stream] = t.p, c->out_len[stream] = t.n, c->out_cap[stream] = t.cap;
}

void ps_output_cta_end(ps_cta *c) {
    ps_launch_ctx *L = c->L;
    const unsigned *g = L->cfg.grid;
    uint64_t linear = c->ctaid[0] + (uint64_t)g[0] * (c->ctaid[1] + (uint64_t)g[1] * c->ctaid[2]);
    for (int s = PS_OUT_STDOUT; s <= PS_OUT_STDERR; s++) {
        if (!c->out_len[s]) continue;
        pthread_mutex_lock(&L->lock);
        if (L->nouts == L->cap_outs) {
            L->cap_outs = L->cap_outs ? L->cap_outs * 2 : 16;
            L->outs = ps_xrealloc(L->outs, sizeof *L->outs * (size_t)L->cap_outs);
        }
        L->outs[L->nouts++] = (struct ps_out_rec){linear, s, c->out[s], c->out_len[s]};
        pthread_mutex_unlock(&L->lock);
        c->out[s] = NULL;
        c->out_len[s] = c->out_cap[s] = 0;
    }
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
 * pointers as 8 bytes. The format says how to read it back.
 *
 * What an H200 does (lab/nvcc_features/README.md; docs/engine.md "Device runtime") is two steps:
 * the device parses the format, copies each argument it understands into an 8-byte slot of a
 * record (at most RECORD_ARGS of them) followed by the format's own bytes, and returns the number
 * of slots it filled; the host later formats the record with a parser of its own that reads slot
 * after slot, past the filled ones into the format's bytes. The device takes
 *   %[flags][width][.precision][size]type, flags '#' '0' '-' ' ' '+', width digits or '*' (an
 *   argument), precision digits, size 'h' 'l' 'll', types c d i o u x X p e E f F g G a A s
 * (the Programming Guide's list and %F); the host takes the size 'hh' as well. Any other text
 * after '%' (a '.*' precision, z j t L, unknown letters, a trailing '%') is no conversion: the
 * host prints it as it stands, and a device that meets one fills no slot. Each conversion is
 * formatted as the C library formats it. Where the measured behaviour says nothing (conversions
 * the device takes mixed with ones it does not, a slot past the format's bytes, a string or '*'
 * width read from the format's bytes, a size on %c %s %p or a float but %lf), ptxsim refuses with
 * an "unsupported" fault rather than guess. */

#define MAX_FORMAT  (64u << 10) /* bytes of a format string read at most */
#define MAX_STRING  (1u << 20)  /* bytes of a %s argument read at most */
#define RECORD_ARGS 32          /* argument slots of a printf record (the Programming Guide: 32) */
#define MAX_DIGITS  9           /* of a width or precision: more is refused */

enum { SZ_NONE, SZ_H, SZ_HH, SZ_L, SZ_LL };
enum { IT_TEXT, IT_PERCENT, IT_CONV, IT_OTHER };

/* One piece of a format: text, %%, a conversion, or other text after '%' */
typedef struct {
    uint8_t kind, size; /* IT_*, SZ_* */
    char type;
    bool star;                      /* the width is an argument */
    uint32_t at, len;               /* the piece's bytes in the format */
    uint32_t nflags, nwidth, nprec; /* bytes after '%' of the flags, width digits, ".digits" */
} piece;

static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

static int parse_format(const char *f, size_t n, piece **out) {
    int cap = 16, k = 0;
    piece *ps = ps_xmalloc(sizeof *ps * (size_t)cap);
    size_t i = 0;
    while (i < n) {
        if (k == cap) ps = ps_xrealloc(ps, sizeof *ps * (size_t)(cap *= 2));
        piece *x = &ps[k++];
        memset(x, 0, sizeof *x);
        x->at = (uint32_t)i;
        if (f[i] != '%') {
            const char *pct = memchr(f + i, '%', n - i);
            size_t e = pct ? (size_t)(pct - f) : n;
            x->kind = IT_TEXT;
            x->len = (uint32_t)(e - i);
            i = e;
            continue;
        }
        size_t q = i + 1, s;
        if (q < n && f[q] == '%') {
            x->kind = IT_PERCENT;
            x->len = 2;
            i = q + 1;
            continue;
        }
        for (s = q; q < n && strchr("#0- +", f[q]); q++) {}
        x->nflags = (uint32_t)(q - s);
        if (q < n && f[q] == '*') {
            x->star = true;
            q++;
        } else {
            for (s = q; q < n && is_digit(f[q]); q++) {}
            x->nwidth = (uint32_t)(q - s);
        }
        if (q < n && f[q] == '.') {
            for (s = q++; q < n && is_digit(f[q]); q++) {}
            x->nprec = (uint32_t)(q - s);
        }
        if (q < n && (f[q] == 'h' || f[q] == 'l')) {
            char z = f[q++];
            x->size = z == 'h' ? SZ_H : SZ_L;
            if (q < n && f[q] == z) x->size = z == 'h' ? SZ_HH : SZ_LL, q++;
        }
        if (q < n && strchr("cdiouxXpeEfFgGaAs", f[q])) {
            x->type = f[q++];
            x->kind = IT_CONV;
        } else {
            x->kind = IT_OTHER;
        }
        x->len = (uint32_t)(q - i);
        i = q;
    }
    *out = ps;
    return k;
}

/* Bytes of the argument a device conversion reads from nvcc's buffer */
static unsigned arg_size(const piece *x) { return strchr("diouxXc", x->type) && x->size < SZ_L ? 4 : 8; }

/* The format, cut and with its line breaks escaped, for a message */
static void excerpt(char *dst, size_t len, const char *f, size_t n) {
    size_t o = 0;
    for (size_t i = 0; i < n && o + 8 < len; i++) {
        if (i == 48) {
            o += (size_t)snprintf(dst + o, len - o, "...");
            break;
        }
        if (f[i] == '\n') dst[o++] = '\\', dst[o++] = 'n';
        else dst[o++] = f[i];
    }
    dst[o] = 0;
}

/* Appends the snprintf of spec (one conversion) with value v to t. */
#define EMIT(t, spec, v)                           \
    do {                                           \
        int _n = snprintf(NULL, 0, spec, v);       \
        if (_n > 0) {                              \
            char *_b = ps_xmalloc((size_t)_n + 1); \
            snprintf(_b, (size_t)_n + 1, spec, v); \
            text_add(t, _b, (size_t)_n);           \
            free(_b);                              \
        }                                          \
    } while (0)

typedef struct {
    ps_warp *w;
    int l;
    const char *fmt;
    size_t flen;
    uint64_t slot[RECORD_ARGS];
    int filled; /* slots the device filled */
    char what[96];
} record;

/* Slot k of the record as the host reads it: a filled one, or 8 bytes of the format after them
 * (from_text). False past the format's bytes: what the host reads there is not known. */
static bool slot_read(record *r, int k, uint64_t *v, bool *from_text) {
    *from_text = k >= r->filled;
    if (!*from_text) {
        *v = r->slot[k];
        return true;
    }
    size_t off = 8 * (size_t)(k - r->filled);
    if (off + 8 > r->flen + 1) return false; /* the format's bytes and its NUL */
    memcpy(v, r->fmt + off, 8);
    return true;
}

static void refuse(record *r, const char *why, int k) {
    ps_fault_raise(r->w, PS_FAULT_UNSUPPORTED, r->l,
                   "printf(\"%s\"): %s (argument %d; the record holds %d and the format's %zu "
                   "bytes after them): what a GPU prints is not known, ptxsim does not guess",
                   r->what, why, k + 1, r->filled, r->flen + 1);
}

/* What in a format (its pieces) ptxsim does not print, as the device would not or as nobody has
 * measured; NULL if nothing, else the reason in buf. Whether the arguments suffice depends on the
 * call and is checked as the record is read. */
static const char *format_problem(const piece *ps, int np, const char *fmt, char *buf, size_t len) {
    int dev = 0, hh = 0, other = 0, pct = 0;
    for (int i = 0; i < np; i++) {
        dev += ps[i].kind == IT_CONV && ps[i].size != SZ_HH;
        hh += ps[i].kind == IT_CONV && ps[i].size == SZ_HH;
        other += ps[i].kind == IT_OTHER;
        pct += ps[i].kind == IT_PERCENT;
        if (ps[i].kind != IT_CONV) continue;
        if (ps[i].nwidth > MAX_DIGITS || ps[i].nprec > MAX_DIGITS + 1) {
            snprintf(buf, len, "a width or precision of more than %d digits", MAX_DIGITS);
            return buf;
        }
        /* a size on %c %s %p (C's wide characters) or on a float other than C99's no-op %lf */
        bool integer = strchr("diouxX", ps[i].type);
        if (ps[i].size && !integer && (ps[i].size != SZ_L || strchr("csp", ps[i].type))) {
            snprintf(buf, len,
                     "%.*s: a size on %%%c is not known to print on a GPU as in C, ptxsim "
                     "does not guess",
                     (int)ps[i].len, fmt + ps[i].at, ps[i].type);
            return buf;
        }
    }
    /* Measured: formats whose conversions the device all takes, and formats with none it takes
     * (only 'hh' ones, or only other text after '%'). Anything between is not known. */
    if ((hh || other) && (dev || pct || (hh && other))) {
        const char *with = dev ? "conversions the device takes" : hh && other ? "'hh' conversions" : "%%";
        snprintf(buf, len,
                 "%s together with %s in one format: what a GPU prints is not known, "
                 "ptxsim does not guess",
                 other ? "text after '%' that is no conversion" : "'hh' conversions (which the device does not take)",
                 with);
        return buf;
    }
    return NULL;
}

const char *ps_printf_format_problem(const char *fmt, size_t n, char *buf, size_t len) {
    piece *ps;
    int np = parse_format(fmt, n, &ps);
    char why[256];
    const char *r = format_problem(ps, np, fmt, why, sizeof why);
    if (r) {
        char what[96];
        excerpt(what, sizeof what, fmt, n);
        snprintf(buf, len, "printf(\"%s\"): %s", what, why);
    }
    free(ps);
    return r ? buf : NULL;
}

/* One lane's printf into t; returns vprintf's result, or -3 after a fault. */
static int lane_vprintf(ps_warp *w, int l, uint64_t fmt_addr, uint64_t buf, text *t) {
    if (!fmt_addr) return -1;
    record r = {.w = w, .l = l};
    char *fmt;
    if (!read_string(w, fmt_addr, MAX_FORMAT, l, &fmt, &r.flen)) return -3;
    r.fmt = fmt;
    excerpt(r.what, sizeof r.what, fmt, r.flen);
    piece *ps;
    int np = parse_format(fmt, r.flen, &ps), ret = -3;
    char why[256];
    if (format_problem(ps, np, fmt, why, sizeof why)) {
        ps_fault_raise(w, PS_FAULT_UNSUPPORTED, l, "printf(\"%s\"): %s", r.what, why);
        goto done;
    }
    /* the device: nvcc's buffer into the record's slots */
    uint64_t off = 0;
    for (int i = 0; i < np && r.filled < RECORD_ARGS; i++) {
        if (ps[i].kind != IT_CONV || ps[i].size == SZ_HH) continue;
        for (int part = ps[i].star ? 0 : 1; part < 2 && r.filled < RECORD_ARGS; part++) {
            unsigned size = part ? arg_size(&ps[i]) : 4;
            off = (off + size - 1) / size * size;
            const void *p = ps_mem_resolve(w, SP_GENERIC, buf + off, size, l, false);
            if (!p) goto done;
            uint64_t v = 0;
            memcpy(&v, p, size);
            r.slot[r.filled++] = v;
            off += size;
        }
    }
    /* the host: the record, slot by slot */
    int k = 0;
    for (int i = 0; i < np; i++) {
        const piece *x = &ps[i];
        const char *at = fmt + x->at;
        if (x->kind == IT_TEXT || x->kind == IT_OTHER) {
            text_add(t, at, x->len);
            continue;
        }
        if (x->kind == IT_PERCENT) {
            text_add(t, "%", 1);
            continue;
        }
        /* %[flags][width][.precision], rebuilt for the C library (each flag once) */
        char spec[48];
        size_t n = 0;
        spec[n++] = '%';
        for (const char *fl = "#0- +"; *fl; fl++)
            if (memchr(at + 1, *fl, x->nflags)) spec[n++] = *fl;
        uint64_t v;
        bool text_slot;
        if (x->star) {
            if (!slot_read(&r, k, &v, &text_slot) || text_slot) {
                refuse(&r, "a '*' width read past the arguments", k);
                goto done;
            }
            k++;
            n += (size_t)snprintf(spec + n, sizeof spec - n, "%d", (int)(int32_t)v);
        } else {
            memcpy(spec + n, at + 1 + x->nflags, x->nwidth);
            n += x->nwidth;
        }
        memcpy(spec + n, at + 1 + x->nflags + (x->star ? 1 : x->nwidth), x->nprec);
        n += x->nprec;
        if (!slot_read(&r, k, &v, &text_slot)) {
            refuse(&r, "a conversion reads past the format's bytes", k);
            goto done;
        }
        if (x->type == 's' && text_slot) {
            refuse(&r, "a string pointer read from the format's bytes", k);
            goto done;
        }
        k++;
        switch (x->type) {
        case 'd':
        case 'i': {
            long long s = x->size >= SZ_L ? (long long)(int64_t)v
                : x->size == SZ_H         ? (long long)(int16_t)v
                : x->size == SZ_HH        ? (long long)(int8_t)v
                                          : (long long)(int32_t)v;
            snprintf(spec + n, sizeof spec - n, "ll%c", x->type);
            EMIT(t, spec, s);
            break;
        }
        case 'o':
        case 'u':
        case 'x':
        case 'X': {
            unsigned long long u = x->size >= SZ_L ? (unsigned long long)v
                : x->size == SZ_H                  ? (unsigned long long)(uint16_t)v
                : x->size == SZ_HH                 ? (unsigned long long)(uint8_t)v
                                                   : (unsigned long long)(uint32_t)v;
            snprintf(spec + n, sizeof spec - n, "ll%c", x->type);
            EMIT(t, spec, u);
            break;
        }
        case 'c':
            snprintf(spec + n, sizeof spec - n, "c");
            EMIT(t, spec, (int)(unsigned char)v);
            break;
        case 'p':
            snprintf(spec + n, sizeof spec - n, "p");
            EMIT(t, spec, (void *)(uintptr_t)v);
            break;
        case 's':
            snprintf(spec + n, sizeof spec - n, "s");
            if (!v) {
                EMIT(t, spec, "(null)");
            } else {
                char *str;
                size_t sl;
                if (!read_string(w, v, MAX_STRING, l, &str, &sl)) goto done;
                EMIT(t, spec, str);
                free(str);
            }
            break;
        default: { /* e E f F g G a A */
            double d;
            memcpy(&d, &v, 8);
            snprintf(spec + n, sizeof spec - n, "%c", x->type);
            EMIT(t, spec, d);
            break;
        }
        }
    }
    ret = r.filled;
done:
    free(ps);
    free(fmt);
    return ret;
}

/* ---- __assertfail --------------------------------------------------------------------------- *
 * assert(e) that fails calls __assertfail(message, file, line, function, sizeof(char)): the
 * device prints "file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `message`
 * failed." for each failing thread and traps (the launch fails with cudaErrorAssert). The CUDA
 * driver writes those lines to stderr (an H200, lab/nvcc_features), printf's records to stdout. */

static bool lane_assert(ps_warp *w, const ps_dinsn *d, int l, char *first, size_t flen) {
    uint64_t msg, file, line, func;
    if (!arg_read(w, d, 0, 8, l, &msg) || !arg_read(w, d, 1, 8, l, &file) || !arg_read(w, d, 2, 4, l, &line) ||
        !arg_read(w, d, 3, 8, l, &func))
        return false;
    char *sm = NULL, *sf = NULL, *sfn = NULL;
    size_t n;
    bool ok = (!msg || read_string(w, msg, MAX_STRING, l, &sm, &n)) &&
        (!file || read_string(w, file, MAX_STRING, l, &sf, &n)) &&
        (!func || read_string(w, func, MAX_STRING, l, &sfn, &n));
    if (ok) {
        ps_cta *c = w->cta;
        char head[160];
        snprintf(head, sizeof head, "block: [%u,%u,%u], thread: [%u,%u,%u]", c->ctaid[0], c->ctaid[1], c->ctaid[2],
                 w->tid[l][0], w->tid[l][1], w->tid[l][2]);
        size_t len = strlen(sf ? sf : "") + strlen(sfn ? sfn : "") + strlen(sm ? sm : "") + 256;
        char *assert_msg = ps_xmalloc(len);
        snprintf(assert_msg, len, "%s:%u: %s: %s Assertion `%s` failed.\n", sf ? sf : "", (unsigned)line,
                 sfn ? sfn : "", head, sm ? sm : "");
        out_append(c, PS_OUT_STDERR, assert_msg, strlen(assert_msg));
        if (!first[0]) snprintf(first, flen, "%.*s", (int)strlen(assert_msg) - 1, assert_msg);
        free(assert_msg);
    }
    free(sm), free(sf), free(sfn);
    return ok;
}

/* ---- the handler ------------------------------------------------------------------------- */

void ps_exec_builtin(ps_warp *w, const ps_dinsn *d) {
    ps_cta *c = w->cta;
    ps_device *dev = c->L->dev;
    int nargs = builtins[d->builtin].nparams;
    uint32_t exec = w->exec;
    switch (d->builtin) {
    case PS_BI_VPRINTF: /* lanes in order, as an H200 prints the records of one call */
        for (uint32_t m = exec; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            uint64_t fmt, buf;
            if (!arg_read(w, d, 0, 8, l, &fmt) || !arg_read(w, d, 1, 8, l, &buf)) return;
            text t = {0};
            int r = lane_vprintf(w, l, fmt, buf, &t);
            if (r != -3 && t.n) out_append(c, PS_OUT_STDOUT, t.p, t.n);
            free(t.p);
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
