/* manifest.c — reads case.json with cJSON, fills device buffers, packs parameters, and compares
 * results bit for bit (or within a declared tolerance). */
#include "manifest.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *join(const char *dir, const char *file) {
    if (file[0] == '/') return ps_xstrdup(file);
    size_t n = strlen(dir) + strlen(file) + 2;
    char *r = ps_xmalloc(n);
    snprintf(r, n, "%s/%s", dir, file);
    return r;
}

static bool get_dim3(const cJSON *o, const char *key, unsigned v[3], char *err, size_t n) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    v[0] = v[1] = v[2] = 1;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > 3) {
        snprintf(err, n, "\"%s\" must be an array of 1 to 3 positive integers", key);
        return false;
    }
    for (int i = 0; i < cJSON_GetArraySize(a); i++) {
        const cJSON *x = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(x) || x->valuedouble < 1 || x->valuedouble > 2147483647.0 ||
            x->valuedouble != floor(x->valuedouble)) {
            snprintf(err, n, "\"%s\"[%d] must be a positive integer", key, i);
            return false;
        }
        v[i] = (unsigned)x->valuedouble;
    }
    return true;
}

/* Scalar value of a parameter: a JSON number, or a string (decimal, 0x hex, or float text). */
static bool scalar_bits(const cJSON *v, ps_type t, uint64_t *bits) {
    double d = 0;
    uint64_t u = 0;
    bool is_int_text = false;
    if (cJSON_IsNumber(v)) d = v->valuedouble;
    else if (cJSON_IsString(v)) {
        char *end;
        errno = 0;
        const char *s = v->valuestring;
        if (t == PS_T_F32 || t == PS_T_F64) d = strtod(s, &end);
        else {
            if (s[0] == '-') u = (uint64_t)strtoll(s, &end, 0);
            else u = strtoull(s, &end, 0);
            is_int_text = true;
        }
        if (*end || errno) return false;
    } else
        return false;
    switch (t) {
    case PS_T_F32: {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        *bits = b;
        return true;
    }
    case PS_T_F64: memcpy(bits, &d, 8); return true;
    default:
        if (!is_int_text) {
            if (d != floor(d)) return false;
            u = d < 0 ? (uint64_t)(int64_t)d : (uint64_t)d;
        }
        *bits = u;
        return true;
    }
}

/* manifest_tmap.c: a "tensormap" parameter's object. */
bool ps_manifest_tmap_parse(const cJSON *o, const ps_manifest *m, ps_mparam *mp, char *e, size_t n);

ps_status ps_manifest_load(const char *path, ps_manifest **out, char *err, size_t errlen) {
    *out = NULL;
    size_t len;
    char *text = ps_read_file(path, &len);
    if (!text) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return PS_ERR_IO;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    free(text);
    if (!root) {
        const char *at = cJSON_GetErrorPtr();
        snprintf(err, errlen, "%s: invalid JSON near '%.20s'", path, at ? at : "?");
        return PS_ERR_MANIFEST;
    }
    ps_manifest *m = ps_xcalloc(1, sizeof *m);
    m->path = ps_xstrdup(path);
    const char *slash = strrchr(path, '/');
    m->dir = slash ? strndup(path, (size_t)(slash - path)) : ps_xstrdup(".");
    char e[400] = "";
    ps_status st = PS_ERR_MANIFEST;
#define FAIL(...) do { snprintf(e, sizeof e, __VA_ARGS__); goto done; } while (0)
    const cJSON *ptx = cJSON_GetObjectItemCaseSensitive(root, "ptx");
    const cJSON *kernel = cJSON_GetObjectItemCaseSensitive(root, "kernel");
    /* "ptx": one file, or the files of separately compiled modules to link (nvcc -rdc=true) */
    if (cJSON_IsArray(ptx)) {
        m->nptx = cJSON_GetArraySize(ptx);
        if (!m->nptx) FAIL("\"ptx\" lists no file");
        m->ptxs = ps_xcalloc((size_t)m->nptx, sizeof *m->ptxs);
        int i = 0;
        for (const cJSON *x = ptx->child; x; x = x->next, i++) {
            if (!cJSON_IsString(x)) FAIL("\"ptx\" must list file names");
            m->ptxs[i] = join(m->dir, x->valuestring);
        }
    } else if (cJSON_IsString(ptx)) {
        m->nptx = 1;
        m->ptxs = ps_xcalloc(1, sizeof *m->ptxs);
        m->ptxs[0] = join(m->dir, ptx->valuestring);
    } else {
        FAIL("\"ptx\" (a file name, or a list of the files to link) is required");
    }
    if (!cJSON_IsString(kernel)) FAIL("\"kernel\" (a name) is required");
    m->ptx = ps_xstrdup(m->ptxs[0]);
    const cJSON *eo = cJSON_GetObjectItemCaseSensitive(root, "expect_output");
    if (eo) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(eo, "file");
        if (!cJSON_IsString(f)) FAIL("\"expect_output\" must be {\"file\": F}");
        m->expect_output = join(m->dir, f->valuestring);
    }
    m->kernel = ps_xstrdup(kernel->valuestring);
    const cJSON *arch = cJSON_GetObjectItemCaseSensitive(root, "arch");
    if (arch) {
        if (!cJSON_IsString(arch)) FAIL("\"arch\" must be a string like \"sm_80\"");
        m->arch = ps_xstrdup(arch->valuestring);
    }
    if (!get_dim3(root, "grid", m->grid, e, sizeof e)) goto done;
    if (!get_dim3(root, "block", m->block, e, sizeof e)) goto done;
    /* thread-block cluster shape (sm_90): optional; checked against the grid at launch */
    if (cJSON_GetObjectItemCaseSensitive(root, "cluster") &&
        !get_dim3(root, "cluster", m->cluster, e, sizeof e))
        goto done;
    const cJSON *sh = cJSON_GetObjectItemCaseSensitive(root, "shared_bytes");
    if (sh) {
        if (!cJSON_IsNumber(sh) || sh->valuedouble < 0 || sh->valuedouble > 1e9)
            FAIL("\"shared_bytes\" must be a non-negative integer");
        m->shared_bytes = (unsigned)sh->valuedouble;
    }
    const cJSON *bufs = cJSON_GetObjectItemCaseSensitive(root, "buffers");
    if (bufs && !cJSON_IsArray(bufs)) FAIL("\"buffers\" must be an array");
    m->nbufs = bufs ? cJSON_GetArraySize(bufs) : 0;
    m->bufs = ps_xcalloc((size_t)m->nbufs + 1, sizeof(ps_mbuf));
    for (int i = 0; i < m->nbufs; i++) {
        const cJSON *b = cJSON_GetArrayItem(bufs, i);
        ps_mbuf *mb = &m->bufs[i];
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(b, "name");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(b, "type");
        const cJSON *count = cJSON_GetObjectItemCaseSensitive(b, "count");
        if (!cJSON_IsString(name)) FAIL("buffers[%d]: \"name\" is required", i);
        mb->name = ps_xstrdup(name->valuestring);
        for (int k = 0; k < i; k++)
            if (!strcmp(m->bufs[k].name, mb->name)) FAIL("buffers[%d]: duplicate name '%s'", i, mb->name);
        if (!cJSON_IsString(type)) FAIL("buffer '%s': \"type\" is required", mb->name);
        mb->type = ps_type_lookup(type->valuestring, strlen(type->valuestring));
        if (mb->type == PS_T_NONE || ps_type_size(mb->type) == 0 || ps_type_size(mb->type) > 8)
            FAIL("buffer '%s': unknown type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f16 bf16 f32 f64)",
                 mb->name, type->valuestring);
        if (!cJSON_IsNumber(count) || count->valuedouble < 1 || count->valuedouble > 1e10 ||
            count->valuedouble != floor(count->valuedouble))
            FAIL("buffer '%s': \"count\" must be a positive integer", mb->name);
        mb->count = (uint64_t)count->valuedouble;
        mb->bytes = mb->count * (uint64_t)ps_type_size(mb->type);
        const cJSON *init = cJSON_GetObjectItemCaseSensitive(b, "init");
        if (!init) mb->init = MB_FILL;
        else if (cJSON_IsString(init) && !strcmp(init->valuestring, "none")) mb->init = MB_NONE;
        else if (cJSON_IsObject(init)) {
            const cJSON *f = cJSON_GetObjectItemCaseSensitive(init, "file");
            const cJSON *fill = cJSON_GetObjectItemCaseSensitive(init, "fill");
            if (cJSON_IsString(f)) {
                mb->init = MB_FILE;
                mb->file = join(m->dir, f->valuestring);
            } else if (cJSON_IsNumber(fill)) {
                mb->init = MB_FILL;
                mb->fill = fill->valuedouble;
            } else
                FAIL("buffer '%s': \"init\" must be {\"file\": F}, {\"fill\": V} or \"none\"", mb->name);
        } else
            FAIL("buffer '%s': \"init\" must be {\"file\": F}, {\"fill\": V} or \"none\"", mb->name);
    }
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(root, "params");
    if (params && !cJSON_IsArray(params)) FAIL("\"params\" must be an array");
    m->nparams = params ? cJSON_GetArraySize(params) : 0;
    m->params = ps_xcalloc((size_t)m->nparams + 1, sizeof(ps_mparam));
    for (int i = 0; i < m->nparams; i++) {
        const cJSON *p = cJSON_GetArrayItem(params, i);
        ps_mparam *mp = &m->params[i];
        if (!cJSON_IsObject(p) || cJSON_GetArraySize(p) != 1)
            FAIL("params[%d]: must be an object with one key", i);
        const cJSON *kv = p->child;
        if (!strcmp(kv->string, "buffer")) {
            mp->kind = MP_BUFFER;
            mp->buf = -1;
            for (int k = 0; k < m->nbufs; k++)
                if (cJSON_IsString(kv) && !strcmp(m->bufs[k].name, kv->valuestring)) mp->buf = k;
            if (mp->buf < 0) FAIL("params[%d]: no buffer named '%s'", i, cJSON_IsString(kv) ? kv->valuestring : "?");
        } else if (!strcmp(kv->string, "bytes")) {
            mp->kind = MP_BYTES;
            const char *h = cJSON_IsString(kv) ? kv->valuestring : NULL;
            size_t hl = h ? strlen(h) : 1;
            if (!h || hl % 2) FAIL("params[%d]: \"bytes\" must be a hex string of whole bytes", i);
            mp->nbytes = hl / 2;
            mp->bytes = ps_xmalloc(mp->nbytes + 1);
            for (size_t k = 0; k < mp->nbytes; k++) {
                unsigned v;
                if (sscanf(h + 2 * k, "%2x", &v) != 1) FAIL("params[%d]: bad hex in \"bytes\"", i);
                mp->bytes[k] = (uint8_t)v;
            }
        } else if (!strcmp(kv->string, "tensormap")) {
            mp->kind = MP_TENSORMAP;
            if (!ps_manifest_tmap_parse(kv, m, mp, e, sizeof e)) {
                char e2[400];
                snprintf(e2, sizeof e2, "params[%d]: %s", i, e);
                FAIL("%s", e2);
            }
        } else {
            mp->kind = MP_SCALAR;
            mp->type = ps_type_lookup(kv->string, strlen(kv->string));
            if (mp->type == PS_T_NONE || ps_type_size(mp->type) == 0 || ps_type_size(mp->type) > 8)
                FAIL("params[%d]: unknown parameter kind '%s'", i, kv->string);
            if (!scalar_bits(kv, mp->type, &mp->bits))
                FAIL("params[%d]: bad value for %s", i, kv->string);
        }
    }
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(root, "expect");
    if (expect && !cJSON_IsObject(expect)) FAIL("\"expect\" must be an object");
    m->nexpect = expect ? cJSON_GetArraySize(expect) : 0;
    m->expect = ps_xcalloc((size_t)m->nexpect + 1, sizeof(ps_mexpect));
    int ei = 0;
    for (const cJSON *x = expect ? expect->child : NULL; x; x = x->next, ei++) {
        ps_mexpect *me = &m->expect[ei];
        me->buf = -1;
        for (int k = 0; k < m->nbufs; k++)
            if (!strcmp(m->bufs[k].name, x->string)) me->buf = k;
        if (me->buf < 0) FAIL("expect: no buffer named '%s'", x->string);
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(x, "file");
        if (!cJSON_IsString(f)) FAIL("expect '%s': \"file\" is required", x->string);
        me->file = join(m->dir, f->valuestring);
        const cJSON *tol = cJSON_GetObjectItemCaseSensitive(x, "tolerance");
        if (tol) {
            me->has_tol = true;
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(tol, "abs");
            const cJSON *r = cJSON_GetObjectItemCaseSensitive(tol, "rel");
            const cJSON *u = cJSON_GetObjectItemCaseSensitive(tol, "ulp");
            me->abs = cJSON_IsNumber(a) ? a->valuedouble : -1;
            me->rel = cJSON_IsNumber(r) ? r->valuedouble : -1;
            me->ulp = cJSON_IsNumber(u) ? (uint64_t)u->valuedouble : 0;
            if (!a && !r && !u) FAIL("expect '%s': \"tolerance\" needs abs, rel or ulp", x->string);
        }
    }
    st = PS_OK;
done:
#undef FAIL
    cJSON_Delete(root);
    if (st != PS_OK) {
        snprintf(err, errlen, "%s: %s", path, e);
        ps_manifest_free(m);
        return st;
    }
    *out = m;
    return PS_OK;
}

void ps_manifest_free(ps_manifest *m) {
    if (!m) return;
    for (int i = 0; i < m->nbufs; i++) free(m->bufs[i].name), free(m->bufs[i].file);
    for (int i = 0; i < m->nparams; i++) free(m->params[i].bytes);
    for (int i = 0; i < m->nexpect; i++) free(m->expect[i].file);
    free(m->bufs), free(m->params), free(m->expect);
    for (int i = 0; i < m->nptx; i++) free(m->ptxs[i]);
    free(m->ptxs), free(m->expect_output);
    free(m->path), free(m->dir), free(m->ptx), free(m->kernel), free(m->arch);
    free(m);
}

static void fill_value(uint8_t *dst, ps_type t, double v) {
    int s = ps_type_size(t);
    uint64_t bits;
    if (t == PS_T_F32) {
        float f = (float)v;
        uint32_t b;
        memcpy(&b, &f, 4);
        bits = b;
    } else if (t == PS_T_F64) {
        memcpy(&bits, &v, 8);
    } else if (t == PS_T_F16 || t == PS_T_BF16) {
        bits = v == 0 ? 0 : 0; /* only zero fills are meaningful for 16-bit floats */
    } else {
        bits = v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v;
    }
    memcpy(dst, &bits, (size_t)s);
}

ps_status ps_manifest_prepare(ps_manifest *m, ps_program *prog, ps_device *dev, uint8_t **params,
                              size_t *params_size, char *err, size_t errlen) {
    *params = NULL;
    for (int i = 0; i < m->nbufs; i++) {
        ps_mbuf *b = &m->bufs[i];
        b->addr = ps_device_alloc(dev, b->bytes, b->name);
        if (!b->addr) {
            uint64_t limit = ps_device_limit(dev), used = ps_device_used(dev);
            if (limit && (b->bytes > limit || used > limit - b->bytes))
                snprintf(err, errlen, "cannot allocate %llu bytes for '%s': %llu of the %llu-byte memory "
                         "limit are in use (--max-memory, docs/limits.md)", (unsigned long long)b->bytes,
                         b->name, (unsigned long long)used, (unsigned long long)limit);
            else
                snprintf(err, errlen, "cannot allocate %llu bytes for '%s'", (unsigned long long)b->bytes, b->name);
            return PS_ERR_NOMEM;
        }
        uint8_t *host = ps_device_ptr(dev, b->addr, b->bytes);
        if (b->init == MB_FILE) {
            size_t n;
            char *data = ps_read_file(b->file, &n);
            if (!data) {
                snprintf(err, errlen, "%s: %s", b->file, strerror(errno));
                return PS_ERR_IO;
            }
            if (n != b->bytes) {
                snprintf(err, errlen, "%s: %zu bytes, buffer '%s' holds %llu", b->file, n, b->name,
                         (unsigned long long)b->bytes);
                free(data);
                return PS_ERR_MANIFEST;
            }
            memcpy(host, data, n);
            free(data);
        } else if (b->init == MB_FILL && b->fill != 0) {
            int s = ps_type_size(b->type);
            for (uint64_t k = 0; k < b->count; k++) fill_value(host + k * (uint64_t)s, b->type, b->fill);
        }
    }
    const ps_var *const *vars;
    int nvars = ps_program_kernel_params(prog, m->kernel, &vars);
    if (nvars < 0) {
        snprintf(err, errlen, "%s: no kernel named '%s' in %s", m->path, m->kernel, m->ptx);
        return PS_ERR_MANIFEST;
    }
    if (nvars != m->nparams) {
        snprintf(err, errlen, "%s: kernel '%s' takes %d parameters, the manifest gives %d", m->path,
                 m->kernel, nvars, m->nparams);
        return PS_ERR_MANIFEST;
    }
    size_t total = 0;
    for (int i = 0; i < nvars; i++)
        if (vars[i]->offset + vars[i]->size > total) total = vars[i]->offset + vars[i]->size;
    uint8_t *buf = ps_xcalloc(1, total + 8);
    for (int i = 0; i < nvars; i++) {
        const ps_var *v = vars[i];
        const ps_mparam *p = &m->params[i];
        uint8_t *dst = buf + v->offset;
        switch (p->kind) {
        case MP_BUFFER:
            if (v->size != 8) {
                snprintf(err, errlen, "%s: params[%d] is a buffer but '%s' is %llu bytes", m->path, i,
                         v->name, (unsigned long long)v->size);
                free(buf);
                return PS_ERR_MANIFEST;
            }
            memcpy(dst, &m->bufs[p->buf].addr, 8);
            break;
        case MP_SCALAR:
            if ((uint64_t)ps_type_size(p->type) != v->size) {
                snprintf(err, errlen, "%s: params[%d] is %s (%d bytes) but '%s' is %llu bytes", m->path,
                         i, ps_type_name(p->type), ps_type_size(p->type), v->name,
                         (unsigned long long)v->size);
                free(buf);
                return PS_ERR_MANIFEST;
            }
            memcpy(dst, &p->bits, v->size);
            break;
        case MP_TENSORMAP: {
            if (v->size != PS_TMAP_BYTES) {
                snprintf(err, errlen, "%s: params[%d] is a tensor map (128 bytes) but '%s' is %llu bytes", m->path,
                         i, v->name, (unsigned long long)v->size);
                free(buf);
                return PS_ERR_MANIFEST;
            }
            ps_tmap t = p->tmap;
            t.addr = m->bufs[p->buf].addr;
            ps_tmap_encode(&t, dst);
            break;
        }
        case MP_BYTES:
            if (p->nbytes != v->size) {
                snprintf(err, errlen, "%s: params[%d] has %zu bytes but '%s' is %llu bytes", m->path, i,
                         p->nbytes, v->name, (unsigned long long)v->size);
                free(buf);
                return PS_ERR_MANIFEST;
            }
            memcpy(dst, p->bytes, p->nbytes);
            break;
        }
    }
    *params = buf;
    *params_size = total;
    return PS_OK;
}

static double elem_double(const uint8_t *p, ps_type t) {
    switch (t) {
    case PS_T_F32: { float f; memcpy(&f, p, 4); return f; }
    case PS_T_F64: { double d; memcpy(&d, p, 8); return d; }
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

int ps_manifest_compare(const ps_manifest *m, ps_device *dev, void *outp, char *err, size_t errlen) {
    FILE *out = outp;
    int bad = 0;
    for (int i = 0; i < m->nexpect; i++) {
        const ps_mexpect *e = &m->expect[i];
        const ps_mbuf *b = &m->bufs[e->buf];
        size_t n;
        char *want = ps_read_file(e->file, &n);
        if (!want) {
            snprintf(err, errlen, "%s: %s", e->file, strerror(errno));
            return -1;
        }
        if (n != b->bytes) {
            snprintf(err, errlen, "%s: %zu bytes, buffer '%s' holds %llu", e->file, n, b->name,
                     (unsigned long long)b->bytes);
            free(want);
            return -1;
        }
        const uint8_t *got = ps_device_ptr(dev, b->addr, b->bytes);
        int s = ps_type_size(b->type);
        uint64_t mismatches = 0, first = 0;
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
            if (!mismatches) first = k;
            mismatches++;
        }
        if (mismatches) {
            fprintf(out, "MISMATCH %s: %llu of %llu elements differ (first at %llu)\n", b->name,
                    (unsigned long long)mismatches, (unsigned long long)b->count,
                    (unsigned long long)first);
            bad++;
        } else {
            fprintf(out, "ok %s: %llu elements match%s\n", b->name, (unsigned long long)b->count,
                    e->has_tol ? " (within tolerance)" : " bit for bit");
        }
        free(want);
    }
    return bad;
}

ps_status ps_manifest_write_outputs(const ps_manifest *m, ps_device *dev, const char *dir, char *err,
                                    size_t errlen) {
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
        char *path = ps_xmalloc(strlen(dir) + strlen(b->name) + 8);
        sprintf(path, "%s/%s.bin", dir, b->name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(ps_device_ptr(dev, b->addr, b->bytes), 1, b->bytes, f) != b->bytes) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            if (f) fclose(f);
            free(path);
            return PS_ERR_IO;
        }
        fclose(f);
        free(path);
    }
    return PS_OK;
}

int ps_manifest_compare_output(const ps_manifest *m, const char *got, size_t len, void *outp,
                               char *err, size_t errlen) {
    FILE *out = outp;
    if (!m->expect_output) return 0;
    size_t n;
    char *want = ps_read_file(m->expect_output, &n);
    if (!want) {
        snprintf(err, errlen, "%s: %s", m->expect_output, strerror(errno));
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
        fprintf(out, "MISMATCH output: %zu bytes printed, %zu expected; first difference at line %zu, "
                     "column %zu\n", len, n, line, col);
    }
    free(want);
    return bad;
}
