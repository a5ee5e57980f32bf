/* manifest.c — loads case.json (DESIGN §6) strictly: every key known (else "did you mean"), every
 * number checked against what it describes, every file reference under the path policy, and every
 * error located as PATH:LINE:COL with its JSON path (docs/limits.md). Running a loaded manifest
 * is manifest_run.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest_internal.h"

#define NKEYS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* CUDA's launch limits on every architecture ptxsim models. */
static const struct {
    const char *key;
    uint64_t max[3];
    const char *why[3];
} dim_limits[] = {
    {"grid", {2147483647, 65535, 65535}, {"the largest grid.x", "the largest grid.y", "the largest grid.z"}},
    {"block", {1024, 1024, 64}, {"the largest block.x", "the largest block.y", "the largest block.z"}},
    {"cluster", {2147483647, 2147483647, 2147483647}, {NULL, NULL, NULL}},
};

static bool get_dim3(ps_mctx *c, const ps_json *root, int which, unsigned v[3]) {
    const char *key = dim_limits[which].key;
    const ps_json *a = ps_json_get(root, key);
    v[0] = v[1] = v[2] = 1;
    if (!ps_mwant_type(c, a, key, PS_J_ARRAY, "an array of 1 to 3 positive integers")) return false;
    if (a->n < 1 || a->n > 3) return ps_mfail(c, a, key, "has %d elements; it takes 1 to 3 positive integers", a->n);
    int i = 0;
    uint64_t threads = 1;
    for (const ps_json *x = a->child; x; x = x->next, i++) {
        char jp[32];
        snprintf(jp, sizeof jp, "%s[%d]", key, i);
        uint64_t d;
        if (!ps_muint(c, x, jp, 1, dim_limits[which].max[i], dim_limits[which].why[i], &d)) return false;
        v[i] = (unsigned)d;
        threads *= d;
    }
    if (which == 1 && threads > 1024)
        return ps_mfail(c, a, key, "%llu threads per block; the limit is 1024", (unsigned long long)threads);
    return true;
}

static int buffer_index(const ps_manifest *m, const char *name) {
    for (int k = 0; k < m->nbufs; k++)
        if (!strcmp(m->bufs[k].name, name)) return k;
    return -1;
}

/* A string naming one of m's buffers; "did you mean" for a near miss. */
static int buffer_ref(ps_mctx *c, const ps_manifest *m, const ps_json *v, const char *jp) {
    if (!ps_mwant_type(c, v, jp, PS_J_STRING, "a buffer's name")) return -1;
    int k = buffer_index(m, v->str);
    if (k >= 0) return k;
    const char **names = ps_xcalloc((size_t)m->nbufs + 1, sizeof *names);
    for (int i = 0; i < m->nbufs; i++) names[i] = m->bufs[i].name;
    char hint[160];
    ps_mhint(v->str, names, m->nbufs, hint, sizeof hint);
    free(names);
    ps_mfail(c, v, jp, "no buffer named \"%.60s\"%s", v->str, hint);
    return -1;
}

static bool load_ptx(ps_mctx *c, ps_manifest *m, const ps_json *root) {
    const ps_json *ptx = ps_json_get(root, "ptx");
    if (!ptx) return ps_mfail(c, root, NULL, "\"ptx\" (a file name, or a list of the files to link) is required");
    /* "ptx": one file, or the files of separately compiled modules to link (nvcc -rdc=true) */
    if (ptx->type == PS_J_ARRAY) {
        if (!ptx->n) return ps_mfail(c, ptx, "ptx", "lists no file");
        if (ptx->n > 64) return ps_mfail(c, ptx, "ptx", "lists %d files; the limit is 64", ptx->n);
        m->ptxs = ps_xcalloc((size_t)ptx->n, sizeof *m->ptxs);
        int i = 0;
        for (const ps_json *x = ptx->child; x; x = x->next, i++) {
            char jp[32];
            snprintf(jp, sizeof jp, "ptx[%d]", i);
            if (!(m->ptxs[i] = ps_mpath(c, x, jp, m->dir))) return false;
            m->nptx = i + 1;
        }
    } else {
        if (!ps_mwant_type(c, ptx, "ptx", PS_J_STRING, "a file name, or a list of the files to link")) return false;
        m->ptxs = ps_xcalloc(1, sizeof *m->ptxs);
        if (!(m->ptxs[0] = ps_mpath(c, ptx, "ptx", m->dir))) return false;
        m->nptx = 1;
    }
    m->ptx = ps_xstrdup(m->ptxs[0]);
    return true;
}

static bool load_init(ps_mctx *c, ps_mbuf *mb, const ps_json *init, const char *bjp, const char *dir) {
    char jp[200];
    snprintf(jp, sizeof jp, "%s.init", bjp);
    mb->init = MB_FILL;
    if (!init) return true; /* zero-filled */
    if (init->type == PS_J_STRING && !strcmp(init->str, "none")) {
        mb->init = MB_NONE;
        return true;
    }
    if (init->type != PS_J_OBJECT) return ps_mfail(c, init, jp, "must be {\"file\": F}, {\"fill\": V} or \"none\"");
    static const char *const keys[] = {"file", "fill"};
    if (!ps_mkeys(c, init, jp, keys, NKEYS(keys))) return false;
    if (init->n != 1) return ps_mfail(c, init, jp, "must hold exactly one of \"file\" and \"fill\"");
    const ps_json *v = init->child;
    char vjp[220];
    snprintf(vjp, sizeof vjp, "%s.%s", jp, v->key);
    if (!strcmp(v->key, "file")) {
        mb->init = MB_FILE;
        mb->file_line = v->line, mb->file_col = v->col;
        return (mb->file = ps_mpath(c, v, vjp, dir)) != NULL;
    }
    bool is_int, neg;
    uint64_t mag;
    if (!ps_mvalue(c, v, vjp, mb->type, &mb->fill_bits, &is_int, &neg, &mag)) return false;
    mb->fill = v->type == PS_J_NUMBER ? v->num : 0;
    return true;
}

static bool load_buffers(ps_mctx *c, ps_manifest *m, const ps_json *root) {
    static const char *const keys[] = {"name", "type", "count", "init"};
    const ps_json *bufs = ps_json_get(root, "buffers");
    m->bufs = ps_xcalloc((bufs && bufs->type == PS_J_ARRAY ? (size_t)bufs->n : 0) + 1, sizeof(ps_mbuf));
    if (!bufs) return true;
    if (!ps_mwant_type(c, bufs, "buffers", PS_J_ARRAY, "an array")) return false;
    if (bufs->n > PS_MANIFEST_MAX_ITEMS)
        return ps_mfail(c, bufs, "buffers", "%d buffers; the limit is %d", bufs->n, PS_MANIFEST_MAX_ITEMS);
    uint64_t total = 0;
    int i = 0;
    for (const ps_json *b = bufs->child; b; b = b->next, i++) {
        char jp[48], fjp[64];
        snprintf(jp, sizeof jp, "buffers[%d]", i);
        if (!ps_mwant_type(c, b, jp, PS_J_OBJECT, "an object {\"name\", \"type\", \"count\", \"init\"}") ||
            !ps_mkeys(c, b, jp, keys, NKEYS(keys)))
            return false;
        ps_mbuf *mb = &m->bufs[i];
        const ps_json *name = ps_json_get(b, "name"), *type = ps_json_get(b, "type"), *count = ps_json_get(b, "count");
        for (int k = 0; k < 3; k++) {
            if ((const ps_json *[]){name, type, count}[k]) continue;
            return ps_mfail(c, b, jp, "\"%s\" is required", keys[k]);
        }
        snprintf(fjp, sizeof fjp, "%s.name", jp);
        if (!ps_mname(c, name, fjp)) return false;
        int prev = buffer_index(m, name->str);
        if (prev >= 0) return ps_mfail(c, name, fjp, "a second buffer named \"%s\" (buffers[%d])", name->str, prev);
        mb->name = ps_xstrdup(name->str);
        m->nbufs = i + 1;
        snprintf(fjp, sizeof fjp, "%s.type", jp);
        if (!ps_mwant_type(c, type, fjp, PS_J_STRING, "an element type")) return false;
        mb->type = ps_type_lookup(type->str, type->len);
        if (!ps_mtype_ok(mb->type)) {
            static const char *const names[] = {"u8", "s8",  "u16", "s16", "u32", "s32",  "u64", "s64",
                                                "b8", "b16", "b32", "b64", "f16", "bf16", "f32", "f64"};
            char hint[120];
            ps_mhint(type->str, names, NKEYS(names), hint, sizeof hint);
            return ps_mfail(c, type, fjp, "unknown element type \"%.40s\"%s (types: %s)", type->str, hint,
                            ps_mtype_list);
        }
        uint64_t size = (uint64_t)ps_type_size(mb->type), max = c->max_bytes / size;
        char why[160];
        snprintf(why, sizeof why, "%llu %s elements fill the manifest memory limit of %llu bytes",
                 (unsigned long long)max, ps_type_name(mb->type), (unsigned long long)c->max_bytes);
        snprintf(fjp, sizeof fjp, "%s.count", jp);
        if (!ps_muint(c, count, fjp, 1, max, why, &mb->count)) return false;
        mb->bytes = mb->count * size;
        total += mb->bytes;
        if (total > c->max_bytes)
            return ps_mfail(c, count, fjp,
                            "the buffers so far take %llu bytes, more than the manifest memory limit "
                            "of %llu bytes",
                            (unsigned long long)total, (unsigned long long)c->max_bytes);
        if (!load_init(c, mb, ps_json_get(b, "init"), jp, m->dir)) return false;
    }
    return true;
}

static bool load_params(ps_mctx *c, ps_manifest *m, const ps_json *root) {
    static const char *const kinds[] = {"buffer", "bytes", "tensormap", "texture", "surface", "u8",  "s8",
                                        "u16",    "s16",   "u32",       "s32",     "u64",     "s64", "b8",
                                        "b16",    "b32",   "b64",       "f16",     "bf16",    "f32", "f64"};
    const ps_json *params = ps_json_get(root, "params");
    m->params = ps_xcalloc((params && params->type == PS_J_ARRAY ? (size_t)params->n : 0) + 1, sizeof(ps_mparam));
    if (!params) return true;
    if (!ps_mwant_type(c, params, "params", PS_J_ARRAY, "an array")) return false;
    if (params->n > PS_MANIFEST_MAX_ITEMS)
        return ps_mfail(c, params, "params", "%d parameters; the limit is %d", params->n, PS_MANIFEST_MAX_ITEMS);
    int i = 0;
    for (const ps_json *p = params->child; p; p = p->next, i++) {
        char jp[32], kjp[96];
        snprintf(jp, sizeof jp, "params[%d]", i);
        m->nparams = i + 1;
        ps_mparam *mp = &m->params[i];
        if (p->type != PS_J_OBJECT || p->n != 1)
            return ps_mfail(c, p, jp,
                            "must be an object with one key ({\"buffer\": NAME}, {\"<type>\": VALUE}, "
                            "{\"bytes\": HEX}, {\"tensormap\": {...}}, {\"texture\": {...}} or "
                            "{\"surface\": {...}})");
        if (!ps_mkeys(c, p, jp, kinds, NKEYS(kinds))) return false;
        const ps_json *kv = p->child;
        snprintf(kjp, sizeof kjp, "%s.%s", jp, kv->key);
        mp->line = kv->line, mp->col = kv->col;
        if (!strcmp(kv->key, "buffer")) {
            mp->kind = MP_BUFFER;
            if ((mp->buf = buffer_ref(c, m, kv, kjp)) < 0) return false;
        } else if (!strcmp(kv->key, "bytes")) {
            mp->kind = MP_BYTES;
            if (!ps_mhex(c, kv, kjp, &mp->bytes, &mp->nbytes)) return false;
        } else if (!strcmp(kv->key, "tensormap")) {
            mp->kind = MP_TENSORMAP;
            if (!ps_manifest_tmap_parse(c, kv, kjp, m, mp)) return false;
        } else if (!strcmp(kv->key, "texture") || !strcmp(kv->key, "surface")) {
            bool surf = kv->key[0] == 's';
            mp->kind = surf ? MP_SURFACE : MP_TEXTURE;
            if (!ps_manifest_tex_parse(c, kv, kjp, m, mp, surf)) return false;
        } else {
            mp->kind = MP_SCALAR;
            mp->type = ps_type_lookup(kv->key, strlen(kv->key));
            if (!ps_mvalue(c, kv, kjp, mp->type, &mp->bits, &mp->is_int, &mp->neg, &mp->mag)) return false;
        }
    }
    return true;
}

static bool load_expect(ps_mctx *c, ps_manifest *m, const ps_json *root) {
    static const char *const keys[] = {"file", "tolerance"}, *const tkeys[] = {"abs", "rel", "ulp"};
    const ps_json *expect = ps_json_get(root, "expect");
    m->expect = ps_xcalloc((expect && expect->type == PS_J_OBJECT ? (size_t)expect->n : 0) + 1, sizeof(ps_mexpect));
    if (!expect) return true;
    if (!ps_mwant_type(c, expect, "expect", PS_J_OBJECT, "an object {\"<buffer>\": {\"file\": F}, ...}")) return false;
    for (const ps_json *x = expect->child; x; x = x->next) {
        char jp[96], fjp[128];
        snprintf(jp, sizeof jp, "expect.%.60s", x->key);
        ps_mexpect *me = &m->expect[m->nexpect];
        me->buf = buffer_index(m, x->key);
        if (me->buf < 0) {
            const char **names = ps_xcalloc((size_t)m->nbufs + 1, sizeof *names);
            for (int i = 0; i < m->nbufs; i++) names[i] = m->bufs[i].name;
            char hint[160];
            ps_mhint(x->key, names, m->nbufs, hint, sizeof hint);
            free(names);
            return ps_mfail_key(c, x, jp, "no buffer named \"%.60s\"%s", x->key, hint);
        }
        m->nexpect++;
        if (!ps_mwant_type(c, x, jp, PS_J_OBJECT, "an object {\"file\": F}") || !ps_mkeys(c, x, jp, keys, 2))
            return false;
        const ps_json *f = ps_json_get(x, "file");
        if (!f) return ps_mfail(c, x, jp, "\"file\" is required");
        snprintf(fjp, sizeof fjp, "%s.file", jp);
        me->line = f->line, me->col = f->col;
        if (!(me->file = ps_mpath(c, f, fjp, m->dir))) return false;
        const ps_json *tol = ps_json_get(x, "tolerance");
        if (!tol) continue;
        snprintf(fjp, sizeof fjp, "%s.tolerance", jp);
        if (!ps_mwant_type(c, tol, fjp, PS_J_OBJECT, "an object {\"abs\", \"rel\", \"ulp\"}") ||
            !ps_mkeys(c, tol, fjp, tkeys, 3))
            return false;
        if (!tol->n) return ps_mfail(c, tol, fjp, "needs abs, rel or ulp");
        me->has_tol = true;
        me->abs = me->rel = -1;
        for (const ps_json *t = tol->child; t; t = t->next) {
            char tjp[160];
            snprintf(tjp, sizeof tjp, "%s.%s", fjp, t->key);
            if (!strcmp(t->key, "ulp")) {
                if (!ps_muint(c, t, tjp, 1, UINT32_MAX, NULL, &me->ulp)) return false;
                continue;
            }
            if (t->type != PS_J_NUMBER || !(t->num >= 0) || t->num > 1e300)
                return ps_mfail(c, t, tjp, "must be a non-negative finite number");
            *(!strcmp(t->key, "abs") ? &me->abs : &me->rel) = t->num;
        }
    }
    return true;
}

/* The launch's kernel name, grid, block, cluster, cooperative and shared_bytes, from o (the top
 * level, or one of "launches"), into m's launch fields. */
static bool load_kernel(ps_mctx *c, ps_manifest *m, const ps_json *o) {
    const ps_json *kernel = ps_json_get(o, "kernel");
    if (!kernel) return ps_mfail(c, o, NULL, "\"kernel\" (the kernel's name) is required");
    if (!ps_mwant_type(c, kernel, "kernel", PS_J_STRING, "the kernel's name")) return false;
    if (!kernel->len) return ps_mfail(c, kernel, "kernel", "the name is empty");
    m->kernel = ps_xstrdup(kernel->str);
    return true;
}

static bool load_shape(ps_mctx *c, ps_manifest *m, const ps_json *o) {
    for (int k = 0; k < 2; k++)
        if (!ps_json_get(o, dim_limits[k].key))
            return ps_mfail(c, o, NULL, "\"%s\" (1 to 3 positive integers) is required", dim_limits[k].key);
    if (!get_dim3(c, o, 0, m->grid) || !get_dim3(c, o, 1, m->block)) return false;
    /* thread-block cluster shape (sm_90): optional; checked against the grid at launch */
    if (ps_json_get(o, "cluster") && !get_dim3(c, o, 2, m->cluster)) return false;
    const ps_json *coop = ps_json_get(o, "cooperative");
    if (coop) {
        if (!ps_mwant_type(c, coop, "cooperative", PS_J_BOOL, "true or false")) return false;
        m->cooperative = coop->boolean;
    }
    const ps_json *sh = ps_json_get(o, "shared_bytes");
    uint64_t shared = 0;
    if (sh && !ps_muint(c, sh, "shared_bytes", 0, UINT32_MAX, NULL, &shared)) return false;
    m->shared_bytes = (unsigned)shared;
    return true;
}

/* Moves m's launch fields (as the loaders above left them) into a new launch. */
static void push_launch(ps_manifest *m) {
    ps_mlaunch *l = &m->launches[m->nlaunches++];
    *l = (ps_mlaunch){.kernel = m->kernel,
                      .shared_bytes = m->shared_bytes,
                      .cooperative = m->cooperative,
                      .params = m->params,
                      .nparams = m->nparams,
                      .expect = m->expect,
                      .nexpect = m->nexpect};
    memcpy(l->grid, m->grid, sizeof l->grid);
    memcpy(l->block, m->block, sizeof l->block);
    memcpy(l->cluster, m->cluster, sizeof l->cluster);
    m->kernel = NULL, m->params = NULL, m->expect = NULL;
    m->nparams = m->nexpect = 0, m->shared_bytes = 0, m->cooperative = false;
    memset(m->cluster, 0, sizeof m->cluster);
}

/* Frees m's launch fields while they are not yet a launch's (after an error while loading one). */
static void drop_fields(ps_manifest *m) {
    for (int i = 0; i < m->nparams; i++) free(m->params[i].bytes);
    for (int i = 0; i < m->nexpect; i++) free(m->expect[i].file);
    free(m->params), free(m->expect), free(m->kernel);
    m->kernel = NULL, m->params = NULL, m->expect = NULL, m->nparams = m->nexpect = 0;
}

/* "launches": [...], each with its own kernel, shape, params and expect; the top-level "expect"
 * is checked after the last one. */
static bool load_launches(ps_mctx *c, ps_manifest *m, const ps_json *root, const ps_json *ls) {
    static const char *const keys[] = {"kernel",       "grid",        "block",  "cluster",
                                       "shared_bytes", "cooperative", "params", "expect"};
    for (const ps_json *x = root->child; x; x = x->next)
        for (int k = 0; k < NKEYS(keys) - 1; k++)
            if (!strcmp(x->key, keys[k]))
                return ps_mfail_key(c, x, x->key, "belongs in each launch when \"launches\" is given");
    const ps_json *eo = ps_json_get(root, "expect_output");
    if (eo)
        return ps_mfail_key(c, eo, "expect_output",
                            "is not supported with \"launches\" (one launch's "
                            "printed output per manifest)");
    if (!ps_mwant_type(c, ls, "launches", PS_J_ARRAY, "an array of launches")) return false;
    if (!ls->n) return ps_mfail(c, ls, "launches", "lists no launch");
    if (ls->n > PS_MANIFEST_MAX_ITEMS)
        return ps_mfail(c, ls, "launches", "%d launches; the limit is %d", ls->n, PS_MANIFEST_MAX_ITEMS);
    m->multi = true;
    m->launches = ps_xcalloc((size_t)ls->n, sizeof *m->launches);
    int i = 0;
    char pre[32];
    c->jp_pre = pre;
    for (const ps_json *x = ls->child; x; x = x->next, i++) {
        snprintf(pre, sizeof pre, "launches[%d]", i);
        static const char *const shared_keys[] = {"ptx", "arch", "buffers", "expect_output"};
        for (int k = 0; x->type == PS_J_OBJECT && k < NKEYS(shared_keys); k++) {
            const ps_json *v = ps_json_get(x, shared_keys[k]);
            if (v) {
                ps_mfail_key(c, v, shared_keys[k],
                             "belongs at the top level: the launches share one module and "
                             "one set of buffers");
                c->jp_pre = NULL;
                return false;
            }
        }
        bool ok = ps_mwant_type(c, x, NULL, PS_J_OBJECT, "an object {\"kernel\", \"grid\", \"block\", ...}") &&
            ps_mkeys(c, x, NULL, keys, NKEYS(keys)) && load_kernel(c, m, x) && load_shape(c, m, x) &&
            load_params(c, m, x) && load_expect(c, m, x);
        if (!ok) {
            drop_fields(m);
            c->jp_pre = NULL;
            return false;
        }
        push_launch(m);
    }
    c->jp_pre = NULL;
    /* the top-level "expect" joins the last launch's; one buffer expected twice there is an error */
    if (!load_expect(c, m, root)) return drop_fields(m), false;
    ps_mlaunch *last = &m->launches[m->nlaunches - 1];
    for (int k = 0; k < m->nexpect; k++)
        for (int j = 0; j < last->nexpect; j++)
            if (last->expect[j].buf == m->expect[k].buf) {
                const char *name = m->bufs[m->expect[k].buf].name;
                snprintf(c->err, c->errlen,
                         "%s:%d:%d: error: expect.%.60s: launches[%d].expect names the same "
                         "buffer; the top-level \"expect\" is checked after that last launch",
                         c->path, m->expect[k].line, m->expect[k].col, name, m->nlaunches - 1);
                return drop_fields(m), false;
            }
    last->expect = ps_xrealloc(last->expect, ((size_t)last->nexpect + (size_t)m->nexpect + 1) * sizeof *last->expect);
    memcpy(last->expect + last->nexpect, m->expect, (size_t)m->nexpect * sizeof *m->expect);
    last->nexpect += m->nexpect;
    free(m->expect);
    m->expect = NULL, m->nexpect = 0;
    return true;
}

static bool load(ps_mctx *c, ps_manifest *m, const ps_json *root) {
    static const char *const keys[] = {"ptx",     "kernel",        "arch",        "grid",    "block",
                                       "cluster", "shared_bytes",  "cooperative", "buffers", "params",
                                       "expect",  "expect_output", "launches"};
    if (!ps_mkeys(c, root, NULL, keys, NKEYS(keys)) || !load_ptx(c, m, root)) return false;
    const ps_json *ls = ps_json_get(root, "launches");
    if (!ls && !load_kernel(c, m, root)) return false;
    const ps_json *arch = ps_json_get(root, "arch");
    if (arch) {
        if (!ps_mwant_type(c, arch, "arch", PS_J_STRING, "a string like \"sm_80\"")) return false;
        m->arch = ps_xstrdup(arch->str);
    }
    if (ls) {
        if (!load_buffers(c, m, root) || !load_launches(c, m, root, ls)) return false;
        ps_manifest_select(m, 0);
        return true;
    }
    const ps_json *eo = ps_json_get(root, "expect_output");
    if (eo) {
        static const char *const eokeys[] = {"file"};
        if (!ps_mwant_type(c, eo, "expect_output", PS_J_OBJECT, "{\"file\": F}") ||
            !ps_mkeys(c, eo, "expect_output", eokeys, 1))
            return false;
        const ps_json *f = ps_json_get(eo, "file");
        if (!f) return ps_mfail(c, eo, "expect_output", "\"file\" is required");
        m->eo_line = f->line, m->eo_col = f->col;
        if (!(m->expect_output = ps_mpath(c, f, "expect_output.file", m->dir))) return false;
    }
    bool ok = load_shape(c, m, root) && load_buffers(c, m, root) && load_params(c, m, root) && load_expect(c, m, root);
    m->launches = ps_xcalloc(1, sizeof *m->launches);
    push_launch(m); /* owned by the launch from here on, loaded or not */
    ps_manifest_select(m, 0);
    return ok;
}

void ps_manifest_select(ps_manifest *m, int i) {
    const ps_mlaunch *l = &m->launches[i];
    m->cur = i;
    m->kernel = l->kernel;
    memcpy(m->grid, l->grid, sizeof m->grid);
    memcpy(m->block, l->block, sizeof m->block);
    memcpy(m->cluster, l->cluster, sizeof m->cluster);
    m->shared_bytes = l->shared_bytes;
    m->cooperative = l->cooperative;
    m->params = l->params, m->nparams = l->nparams;
    m->expect = l->expect, m->nexpect = l->nexpect;
}

ps_status ps_manifest_load_with(const char *path, const ps_manifest_policy *policy, ps_manifest **out, char *err,
                                size_t errlen) {
    *out = NULL;
    ps_mctx c = {.path = path,
                 .err = err,
                 .errlen = errlen,
                 .max_bytes = policy && policy->max_bytes ? policy->max_bytes : PS_MANIFEST_MAX_BYTES};
    char why[200];
    size_t len;
    char *text = ps_mread(path, PS_MANIFEST_MAX_TEXT, UINT64_MAX, NULL, &len, why, sizeof why);
    if (!text) {
        snprintf(err, errlen, "%s: error: %s", path, why);
        return PS_ERR_IO;
    }
    int line = 0, col = 0;
    ps_json *root = ps_json_parse(text, len, &line, &col, why, sizeof why);
    free(text);
    if (!root) {
        snprintf(err, errlen, "%s:%d:%d: error: invalid JSON: %s", path, line, col, why);
        return PS_ERR_MANIFEST;
    }
    ps_manifest *m = ps_xcalloc(1, sizeof *m);
    m->path = ps_xstrdup(path);
    const char *slash = strrchr(path, '/');
    m->dir = slash ? (slash == path ? ps_xstrdup("/") : strndup(path, (size_t)(slash - path))) : ps_xstrdup(".");
    bool ok = ps_mpaths_init(&c, m->dir, policy) && load(&c, m, root);
    if (ok) ps_mpaths_keep(&c, m);
    ps_mpaths_free(&c);
    ps_json_free(root);
    if (!ok) {
        ps_manifest_free(m);
        return PS_ERR_MANIFEST;
    }
    *out = m;
    return PS_OK;
}

ps_status ps_manifest_load(const char *path, ps_manifest **out, char *err, size_t errlen) {
    return ps_manifest_load_with(path, NULL, out, err, errlen);
}

void ps_manifest_free(ps_manifest *m) {
    if (!m) return;
    for (int i = 0; i < m->nbufs; i++) free(m->bufs[i].name), free(m->bufs[i].file);
    if (!m->launches) drop_fields(m); /* failed before any launch owned them */
    for (int k = 0; k < m->nlaunches; k++) {
        ps_mlaunch *l = &m->launches[k];
        for (int i = 0; i < l->nparams; i++) free(l->params[i].bytes);
        for (int i = 0; i < l->nexpect; i++) free(l->expect[i].file);
        free(l->params), free(l->expect), free(l->kernel);
    }
    free(m->launches);
    free(m->bufs);
    for (int i = 0; i < m->nptx; i++) free(m->ptxs[i]);
    free(m->ptxs), free(m->expect_output);
    free(m->path), free(m->dir), free(m->ptx), free(m->arch);
    for (int i = 0; i < m->nroots; i++) free(m->roots[i]);
    free(m->roots);
    free(m);
}
