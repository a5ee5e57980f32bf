/* manifest_run.c — a loaded manifest against a kernel and a device: buffers allocated and filled,
 * parameters checked against the kernel's declarations and packed, results compared bit for bit
 * (or within a declared tolerance) and written out under --out. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "manifest_internal.h"

#define PS_MNAME_MAX 200 /* ps_mname's limit on buffer names */

/* "a u32", "an s32", "an f16": the article as the type's name is spoken */
static const char *a_type(ps_type t, char *buf, size_t n) {
    const char *name = ps_type_name(t);
    snprintf(buf, n, "%s %s", name[0] == 'f' || name[0] == 's' ? "an" : "a", name);
    return buf;
}

/* Where params[i] is written, for messages: "PATH:LINE:COL: error: params[i].KIND". */
static void param_where(const ps_manifest *m, int i, char *buf, size_t n) {
    const ps_mparam *p = &m->params[i];
    const char *kind = p->kind == MP_BUFFER ? "buffer"
        : p->kind == MP_BYTES               ? "bytes"
        : p->kind == MP_TENSORMAP           ? "tensormap"
        : p->kind == MP_TEXTURE             ? "texture"
        : p->kind == MP_SURFACE             ? "surface"
                                            : ps_type_name(p->type);
    char pre[32] = "";
    if (m->multi) snprintf(pre, sizeof pre, "launches[%d].", m->cur);
    snprintf(buf, n, "%s:%d:%d: error: %sparams[%d].%s", m->path, p->line, p->col, pre, i, kind);
}

/* A scalar against the kernel's declaration: the sizes agree; an integer parameter takes an
 * integer whose value fits its type; a float parameter takes a value of its own type; b kinds
 * (raw bits), .b parameters and arrays take any kind of their size. */
static bool scalar_fits(const ps_manifest *m, int i, const ps_var *v, char *err, size_t errlen) {
    const ps_mparam *p = &m->params[i];
    char where[300], art[16];
    param_where(m, i, where, sizeof where);
    if ((uint64_t)ps_type_size(p->type) != v->size) {
        snprintf(err, errlen, "%s: %s value is %d bytes but parameter '%s' of kernel '%s' is %llu bytes", where,
                 a_type(p->type, art, sizeof art), ps_type_size(p->type), v->name, m->kernel,
                 (unsigned long long)v->size);
        return false;
    }
    ps_type_kind pk = ps_type_kind_of(p->type), vk = ps_type_kind_of(v->type);
    if (v->vec > 1 || v->is_array || pk == TK_BITS || vk == TK_BITS) return true;
    if (vk == TK_FLOAT && p->type != v->type) {
        snprintf(err, errlen,
                 "%s: %s value for parameter '%s' of kernel '%s', which is .%s (write {\"%s\": ...}, "
                 "or {\"b%d\": ...} for raw bits)",
                 where, a_type(p->type, art, sizeof art), v->name, m->kernel, ps_type_name(v->type),
                 ps_type_name(v->type), 8 * ps_type_size(v->type));
        return false;
    }
    if (vk == TK_UINT || vk == TK_SINT) {
        if (pk == TK_FLOAT) {
            snprintf(err, errlen,
                     "%s: %s value for parameter '%s' of kernel '%s', which is .%s (write an "
                     "integer as {\"%s\": ...})",
                     where, a_type(p->type, art, sizeof art), v->name, m->kernel, ps_type_name(v->type),
                     ps_type_name(v->type));
            return false;
        }
        int bits = 8 * ps_type_size(v->type);
        uint64_t umax = bits == 64 ? UINT64_MAX : (1ull << bits) - 1, half = 1ull << (bits - 1);
        bool ok = vk == TK_UINT ? !p->neg : p->neg ? p->mag <= half : p->mag <= half - 1;
        if (!ok) {
            snprintf(err, errlen,
                     "%s: %s%llu is out of range for parameter '%s' of kernel '%s', which is .%s (%s%llu..%llu)", where,
                     p->neg ? "-" : "", (unsigned long long)p->mag, v->name, m->kernel, ps_type_name(v->type),
                     vk == TK_SINT ? "-" : "", (unsigned long long)(vk == TK_SINT ? half : 0),
                     (unsigned long long)(vk == TK_SINT ? half - 1 : umax));
            return false;
        }
    }
    return true;
}

/* Packs params[i] into dst, the bytes of kernel parameter v. */
static bool pack_param(const ps_manifest *m, int i, const ps_var *v, uint8_t *dst, char *err, size_t errlen) {
    const ps_mparam *p = &m->params[i];
    char where[300];
    param_where(m, i, where, sizeof where);
    switch (p->kind) {
    case MP_BUFFER:
        if (v->size != 8) {
            snprintf(err, errlen, "%s: a buffer's address is 8 bytes but parameter '%s' of kernel '%s' is %llu bytes",
                     where, v->name, m->kernel, (unsigned long long)v->size);
            return false;
        }
        memcpy(dst, &m->bufs[p->buf].addr, 8);
        return true;
    case MP_SCALAR:
        if (!scalar_fits(m, i, v, err, errlen)) return false;
        memcpy(dst, &p->bits, v->size);
        return true;
    case MP_TENSORMAP: {
        if (v->size != PS_TMAP_BYTES) {
            snprintf(err, errlen, "%s: a tensor map is 128 bytes but parameter '%s' of kernel '%s' is %llu bytes",
                     where, v->name, m->kernel, (unsigned long long)v->size);
            return false;
        }
        ps_tmap t = p->tmap;
        t.addr = m->bufs[p->buf].addr;
        ps_tmap_encode(&t, dst);
        return true;
    }
    case MP_TEXTURE:
    case MP_SURFACE:
        if (v->size != 8) {
            snprintf(err, errlen, "%s: a %s object's handle is 8 bytes but parameter '%s' of kernel '%s' is %llu bytes",
                     where, p->kind == MP_TEXTURE ? "texture" : "surface", v->name, m->kernel,
                     (unsigned long long)v->size);
            return false;
        }
        memcpy(dst, &p->handle, 8);
        return true;
    case MP_BYTES:
        if (p->nbytes != v->size) {
            snprintf(err, errlen, "%s: %zu bytes but parameter '%s' of kernel '%s' is %llu bytes", where, p->nbytes,
                     v->name, m->kernel, (unsigned long long)v->size);
            return false;
        }
        memcpy(dst, p->bytes, p->nbytes);
        return true;
    }
    return false;
}

static ps_status fill_buffer(const ps_manifest *m, int i, uint8_t *host, char *err, size_t errlen) {
    const ps_mbuf *b = &m->bufs[i];
    if (b->init == MB_FILE) {
        size_t n;
        char whose[PS_MNAME_MAX + 16], why[200];
        snprintf(whose, sizeof whose, "buffer '%s'", b->name);
        char *data = ps_mread_ref(m, b->file, b->bytes, b->bytes, whose, &n, why, sizeof why);
        if (!data) {
            snprintf(err, errlen, "%s:%d:%d: error: buffers[%d].init.file: %s: %s", m->path, b->file_line, b->file_col,
                     i, b->file, why);
            return PS_ERR_MANIFEST;
        }
        memcpy(host, data, n);
        free(data);
    } else if (b->init == MB_FILL && b->fill_bits) { /* new allocations are zero */
        size_t s = (size_t)ps_type_size(b->type);
        for (uint64_t k = 0; k < b->count; k++) memcpy(host + k * s, &b->fill_bits, s);
    }
    return PS_OK;
}

ps_status ps_manifest_prepare(ps_manifest *m, ps_program *prog, ps_device *dev, uint8_t **params, size_t *params_size,
                              char *err, size_t errlen) {
    *params = NULL;
    for (int i = 0; i < m->nbufs; i++) {
        ps_mbuf *b = &m->bufs[i];
        b->addr = ps_device_alloc(dev, b->bytes, b->name);
        if (!b->addr) {
            uint64_t limit = ps_device_limit(dev), used = ps_device_used(dev);
            if (limit && (b->bytes > limit || used > limit - b->bytes))
                snprintf(err, errlen,
                         "%s: error: cannot allocate %llu bytes for buffer '%s': %llu of the "
                         "%llu-byte memory limit are in use (--max-memory, docs/limits.md)",
                         m->path, (unsigned long long)b->bytes, b->name, (unsigned long long)used,
                         (unsigned long long)limit);
            else
                snprintf(err, errlen, "%s: error: cannot allocate %llu bytes for buffer '%s'", m->path,
                         (unsigned long long)b->bytes, b->name);
            return PS_ERR_NOMEM;
        }
        ps_status st = fill_buffer(m, i, ps_device_ptr(dev, b->addr, b->bytes), err, errlen);
        if (st != PS_OK) return st;
    }
    /* texture and surface objects: their descriptions in device memory, the handles their addresses */
    for (int li = 0; li < m->nlaunches; li++)
        for (int i = 0; i < m->launches[li].nparams; i++) {
            ps_mparam *p = &m->launches[li].params[i];
            if (p->kind != MP_TEXTURE && p->kind != MP_SURFACE) continue;
            p->tex.addr = m->bufs[p->buf].addr;
            p->handle = ps_device_alloc(dev, PS_TEX_BYTES, p->kind == MP_TEXTURE ? "texture object" : "surface object");
            if (!p->handle) {
                snprintf(err, errlen, "%s: error: cannot allocate a %d-byte texture or surface object", m->path,
                         PS_TEX_BYTES);
                return PS_ERR_NOMEM;
            }
            ps_tex_encode(&p->tex, ps_device_ptr(dev, p->handle, PS_TEX_BYTES));
        }
    return ps_manifest_pack(m, prog, params, params_size, err, errlen);
}

ps_status ps_manifest_pack(ps_manifest *m, ps_program *prog, uint8_t **params, size_t *params_size, char *err,
                           size_t errlen) {
    *params = NULL;
    char where[40];
    snprintf(where, sizeof where, "launches[%d]: ", m->cur);
    const ps_var *const *vars;
    int nvars = ps_program_kernel_params(prog, m->kernel, &vars);
    if (nvars < 0) {
        int n = snprintf(err, errlen,
                         "%s: error: %sno kernel named '%s' in %s; its kernels (\"kernel\" is the "
                         "name in the PTX, mangled for C++):",
                         m->path, m->multi ? where : "", m->kernel, m->ptx);
        const ps_module *mod = ps_program_module(prog);
        for (int i = 0; i < mod->nfuncs && n >= 0 && (size_t)n < errlen; i++) {
            const ps_func *f = mod->funcs[i];
            if (!f->is_entry) continue;
            char pretty[512];
            bool dm = ps_demangle(f->name, pretty, sizeof pretty);
            n += snprintf(err + n, errlen - (size_t)n, dm ? " %s (%s)" : " %s", f->name, pretty);
        }
        return PS_ERR_MANIFEST;
    }
    if (nvars != m->nparams) {
        snprintf(err, errlen, "%s: error: %skernel '%s' takes %d parameters, the manifest gives %d", m->path,
                 m->multi ? where : "", m->kernel, nvars, m->nparams);
        return PS_ERR_MANIFEST;
    }
    size_t total = 0;
    for (int i = 0; i < nvars; i++)
        if (vars[i]->offset + vars[i]->size > total) total = vars[i]->offset + vars[i]->size;
    uint8_t *buf = ps_xcalloc(1, total + 8);
    for (int i = 0; i < nvars; i++)
        if (!pack_param(m, i, vars[i], buf + vars[i]->offset, err, errlen)) {
            free(buf);
            return PS_ERR_MANIFEST;
        }
    *params = buf;
    *params_size = total;
    return PS_OK;
}

static double elem_double(const uint8_t *p, ps_type t) {
    switch (t) {
    case PS_T_F32: {
        float f;
        memcpy(&f, p, 4);
        return f;
    }
    case PS_T_F64: {
        double d;
        memcpy(&d, p, 8);
        return d;
    }
    default: return 0;
    }
}

static uint64_t elem_bits(const uint8_t *p, int size) {
    uint64_t v = 0;
    memcpy(&v, p, (size_t)size);
    return v;
}

/* Distance in units in the last place between two finite floats of the same type. */
static uint64_t ulp_distance(uint64_t a, uint64_t b, int size) {
    int64_t ia, ib;
    if (size == 4) {
        int32_t x = (int32_t)a, y = (int32_t)b;
        ia = x < 0 ? (int64_t)INT32_MIN - x : x;
        ib = y < 0 ? (int64_t)INT32_MIN - y : y;
    } else {
        ia = (int64_t)a < 0 ? INT64_MIN - (int64_t)a : (int64_t)a;
        ib = (int64_t)b < 0 ? INT64_MIN - (int64_t)b : (int64_t)b;
    }
    return ia > ib ? (uint64_t)ia - (uint64_t)ib : (uint64_t)ib - (uint64_t)ia;
}

static void print_elem(FILE *f, const uint8_t *p, ps_type t) {
    int s = ps_type_size(t);
    uint64_t bits = elem_bits(p, s);
    switch (ps_type_kind_of(t)) {
    case TK_SINT: {
        int64_t v = s == 1 ? (int8_t)bits : s == 2 ? (int16_t)bits : s == 4 ? (int32_t)bits : (int64_t)bits;
        fprintf(f, "%lld", (long long)v);
        break;
    }
    case TK_FLOAT:
        if (t == PS_T_F32 || t == PS_T_F64) {
            fprintf(f, "%.9g (0x%0*llx)", elem_double(p, t), s * 2, (unsigned long long)bits);
            break;
        }
        /* fall through */
    default: fprintf(f, "%llu (0x%0*llx)", (unsigned long long)bits, s * 2, (unsigned long long)bits);
    }
}

int ps_manifest_compare(const ps_manifest *m, ps_device *dev, void *outp, char *err, size_t errlen,
                        ps_mcompare *results) {
    FILE *out = outp;
    int bad = 0;
    for (int i = 0; i < m->nexpect; i++) {
        const ps_mexpect *e = &m->expect[i];
        const ps_mbuf *b = &m->bufs[e->buf];
        size_t n;
        char whose[PS_MNAME_MAX + 16], why[200];
        snprintf(whose, sizeof whose, "buffer '%s'", b->name);
        char *want = ps_mread_ref(m, e->file, b->bytes, b->bytes, whose, &n, why, sizeof why);
        if (!want) {
            snprintf(err, errlen, "%s:%d:%d: error: expect.%s.file: %s: %s", m->path, e->line, e->col, b->name, e->file,
                     why); /* line:col locate it in a launch's "expect" too */
            return -1;
        }
        const uint8_t *got = ps_device_ptr(dev, b->addr, b->bytes);
        int s = ps_type_size(b->type);
        uint64_t mismatches = 0, first = 0, max_ulp = 0, got_bits = 0, want_bits = 0;
        bool is_float = b->type == PS_T_F32 || b->type == PS_T_F64;
        for (uint64_t k = 0; k < b->count; k++) {
            const uint8_t *g = got + k * (uint64_t)s, *w = (const uint8_t *)want + k * (uint64_t)s;
            if (!memcmp(g, w, (size_t)s)) continue;
            if (e->has_tol && is_float) {
                double gv = elem_double(g, b->type), wv = elem_double(w, b->type);
                if (isnan(gv) && isnan(wv)) continue;
                if (e->abs >= 0 || e->rel >= 0) {
                    double lim = (e->abs > 0 ? e->abs : 0) + (e->rel > 0 ? e->rel * fabs(wv) : 0);
                    if (fabs(gv - wv) <= lim) continue;
                }
                if (e->ulp && isfinite(gv) && isfinite(wv) &&
                    ulp_distance(elem_bits(g, s), elem_bits(w, s), s) <= e->ulp)
                    continue;
            }
            if (mismatches < 5) {
                fprintf(out, "  %s[%llu]: got ", b->name, (unsigned long long)k);
                print_elem(out, g, b->type);
                fprintf(out, ", expected ");
                print_elem(out, w, b->type);
                fprintf(out, "\n");
            }
            if (!mismatches) first = k, got_bits = elem_bits(g, s), want_bits = elem_bits(w, s);
            if (is_float && isfinite(elem_double(g, b->type)) && isfinite(elem_double(w, b->type))) {
                uint64_t u = ulp_distance(elem_bits(g, s), elem_bits(w, s), s);
                if (u > max_ulp) max_ulp = u;
            }
            mismatches++;
        }
        if (results)
            results[i] = (ps_mcompare){.buf = e->buf,
                                       .elements = b->count,
                                       .mismatches = mismatches,
                                       .first = first,
                                       .got_bits = got_bits,
                                       .want_bits = want_bits,
                                       .max_ulp = max_ulp,
                                       .has_ulp = is_float,
                                       .tolerance = e->has_tol};
        if (mismatches) {
            char after[64] = "";
            if (m->multi) snprintf(after, sizeof after, " after launch %d (%.30s)", m->cur, m->kernel);
            fprintf(out, "MISMATCH %s%s: %llu of %llu elements differ (first at %llu)\n", b->name, after,
                    (unsigned long long)mismatches, (unsigned long long)b->count, (unsigned long long)first);
            bad++;
        } else {
            fprintf(out, "ok %s: %llu elements match%s\n", b->name, (unsigned long long)b->count,
                    e->has_tol ? " (within tolerance)" : " bit for bit");
        }
        free(want);
    }
    return bad;
}

ps_status ps_manifest_write_outputs(const ps_manifest *m, ps_device *dev, const char *dir, char *err, size_t errlen) {
    char *tmp = ps_xstrdup(dir); /* mkdir -p */
    for (char *q = tmp + 1; *q; q++)
        if (*q == '/') {
            *q = 0;
            mkdir(tmp, 0777);
            *q = '/';
        }
    mkdir(tmp, 0777);
    free(tmp);
    for (int i = 0; i < m->nbufs; i++) {
        const ps_mbuf *b = &m->bufs[i];
        size_t n = strlen(dir) + strlen(b->name) + 8;
        char *path = ps_xmalloc(n);
        snprintf(path, n, "%s/%s.bin", dir, b->name); /* the loader made the name a plain file name */
        /* no link followed and nothing but a regular file written: DIR/<name>.bin is all we touch */
        int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
        struct stat st;
        const char *why = NULL;
        if (fd < 0) why = errno == ELOOP ? "a symbolic link; --out writes only regular files in DIR" : strerror(errno);
        else if (fstat(fd, &st) != 0) why = strerror(errno);
        else if (!S_ISREG(st.st_mode)) why = "not a regular file; --out writes only regular files in DIR";
        else if (ftruncate(fd, 0) != 0) why = strerror(errno);
        const uint8_t *data = ps_device_ptr(dev, b->addr, b->bytes);
        for (uint64_t done = 0; !why && done < b->bytes;) {
            ssize_t w = write(fd, data + done, (size_t)PS_MIN(b->bytes - done, (uint64_t)1 << 30));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) why = w < 0 ? strerror(errno) : "nothing written";
            else done += (uint64_t)w;
        }
        if (fd >= 0 && close(fd) != 0 && !why) why = strerror(errno);
        if (why) {
            snprintf(err, errlen, "%s: %s", path, why);
            free(path);
            return PS_ERR_IO;
        }
        free(path);
    }
    return PS_OK;
}

int ps_manifest_compare_output(const ps_manifest *m, const char *got, size_t len, void *outp, char *err,
                               size_t errlen) {
    FILE *out = outp;
    if (!m->expect_output) return 0;
    size_t n;
    char why[200];
    char *want = ps_mread_ref(m, m->expect_output, PS_MANIFEST_MAX_TEXT, UINT64_MAX, NULL, &n, why, sizeof why);
    if (!want) {
        snprintf(err, errlen, "%s:%d:%d: error: expect_output.file: %s: %s", m->path, m->eo_line, m->eo_col,
                 m->expect_output, why);
        return -1;
    }
    if (!got) got = "";
    int bad = n != len || memcmp(want, got, n) != 0;
    if (!bad) {
        fprintf(out, "ok output: %zu bytes match\n", n);
    } else {
        size_t i = 0, line = 1, col = 1;
        while (i < n && i < len && want[i] == got[i]) {
            if (want[i] == '\n') line++, col = 1;
            else col++;
            i++;
        }
        fprintf(out,
                "MISMATCH output: %zu bytes printed, %zu expected; first difference at line %zu, "
                "column %zu\n",
                len, n, line, col);
    }
    free(want);
    return bad;
}
