/* manifest_tex.c — the manifest's "texture" and "surface" parameter kinds (docs/textures.md):
 *   {"texture": {"buffer": B, "format": F, "channels": C, "dims": [W{, H{, D}}], "layers": L,
 *                "read_mode": "element_type" | "normalized_float", "normalized_coords": BOOL,
 *                "filter": "point" | "linear", "address": [MODE per dimension], "border": [r, g, b, a],
 *                "cubemap": BOOL}}
 *   (a cubemap: dims [W, W], six faces +x -x +y -y +z -z; with "layers": L a cubemap array of L
 *   cubes; its one address mode, given for both dimensions, serves all three)
 *   {"surface": {"buffer": B, "format": F, "channels": C, "dims": [...], "layers": L}}
 * The buffer holds the texels densely (x fastest, then y, z, layer); the kernel parameter (8
 * bytes) receives the object's handle. */
#include <stdio.h>
#include <string.h>

#include "manifest_internal.h"

#define KJP(key) (snprintf(kjp, sizeof kjp, "%s.%s", jp, key), kjp)

/* One of `names` under key (default `dflt` when absent), or -1 after an error. */
static int pick(ps_mctx *c, const ps_json *o, const char *jp, const char *what, const char *key,
                const char *const *names, int count, int dflt) {
    const ps_json *v = ps_json_get(o, key);
    char kjp[200];
    if (!v) return dflt;
    for (int i = 0; i < count; i++)
        if (v->type == PS_J_STRING && !strcmp(v->str, names[i])) return i;
    char list[160] = "";
    for (int i = 0; i < count; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    ps_mfail(c, v, KJP(key), "%s: \"%s\" must be one of %s", what, key, list);
    return -1;
}

static bool one_uint(ps_mctx *c, const ps_json *v, const char *jp, uint64_t lo, uint64_t hi, uint32_t *out) {
    uint64_t u;
    if (!ps_muint(c, v, jp, lo, hi, NULL, &u)) return false;
    *out = (uint32_t)u;
    return true;
}

bool ps_manifest_tex_parse(ps_mctx *c, const ps_json *o, const char *jp, const ps_manifest *m, ps_mparam *mp,
                           bool surface) {
    static const char *const tkeys[] = {
        "buffer", "format",  "channels", "dims",   "layers", "read_mode", "normalized_coords",
        "filter", "address", "border",   "cubemap"};
    static const char *const rmodes[] = {"element_type", "normalized_float"}, *const filters[] = {"point", "linear"},
                             *const amodes[] = {"wrap", "clamp", "mirror", "border"};
    const char *what = surface ? "surface" : "texture";
    char kjp[200];
    if (!ps_mwant_type(c, o, jp, PS_J_OBJECT,
                       surface ? "an object (buffer, format, channels, dims, layers)"
                               : "an object (the texture's description)") ||
        !ps_mkeys(c, o, jp, tkeys, surface ? 5 : (int)(sizeof tkeys / sizeof tkeys[0])))
        return false;
    ps_tex *t = &mp->tex;
    memset(t, 0, sizeof *t);
    t->surface = surface;
    const ps_json *b = ps_json_get(o, "buffer");
    mp->buf = -1;
    for (int k = 0; k < m->nbufs; k++)
        if (b && b->type == PS_J_STRING && !strcmp(m->bufs[k].name, b->str)) mp->buf = k;
    if (mp->buf < 0) return ps_mfail(c, b ? b : o, KJP("buffer"), "%s: \"buffer\" must name a buffer", what);
    const ps_json *f = ps_json_get(o, "format");
    t->format = f && f->type == PS_J_STRING ? ps_tex_format_lookup(f->str) : PS_TXF_COUNT;
    if (t->format == PS_TXF_COUNT)
        return ps_mfail(c, f ? f : o, KJP("format"), "%s: \"format\" must be u8 s8 u16 s16 u32 s32 f16 or f32", what);
    const ps_json *ch = ps_json_get(o, "channels");
    t->channels = 1;
    if (ch && !one_uint(c, ch, KJP("channels"), 1, 4, &t->channels)) return false;
    if (t->channels == 3) return ps_mfail(c, ch, KJP("channels"), "%s: CUDA arrays have 1, 2 or 4 channels", what);
    const ps_json *d = ps_json_get(o, "dims");
    if (!d || d->type != PS_J_ARRAY || d->n < 1 || d->n > 3)
        return ps_mfail(c, d ? d : o, KJP("dims"), "%s: \"dims\" must be an array of 1 to 3 sizes (width first)", what);
    uint32_t sz[3] = {1, 1, 1};
    int i = 0;
    for (const ps_json *x = d->child; x; x = x->next, i++) {
        char ejp[220];
        snprintf(ejp, sizeof ejp, "%s.dims[%d]", jp, i);
        if (!one_uint(c, x, ejp, 1, 65536, &sz[i])) return false;
    }
    t->dim = (unsigned)d->n;
    t->width = sz[0], t->height = sz[1], t->depth = sz[2];
    t->layers = 1;
    const ps_json *l = ps_json_get(o, "layers");
    if (l) {
        if (!one_uint(c, l, KJP("layers"), 1, 2048, &t->layers)) return false;
        if (t->dim == 3) return ps_mfail(c, l, KJP("layers"), "%s: layered textures are 1D or 2D", what);
        t->layered = true;
    }
    if (!surface) {
        int k;
        if ((k = pick(c, o, jp, what, "read_mode", rmodes, 2, 0)) < 0) return false;
        t->normalized_read = k == 1;
        if ((k = pick(c, o, jp, what, "filter", filters, 2, 0)) < 0) return false;
        t->linear = k == 1;
        const ps_json *nc = ps_json_get(o, "normalized_coords");
        if (nc && !ps_mwant_type(c, nc, KJP("normalized_coords"), PS_J_BOOL, "true or false")) return false;
        t->normalized_coords = nc && nc->boolean;
        for (unsigned k2 = 0; k2 < 3; k2++) t->address[k2] = PS_TXA_CLAMP;
        const ps_json *a = ps_json_get(o, "address");
        if (a) {
            if (a->type != PS_J_ARRAY || a->n != (int)t->dim)
                return ps_mfail(c, a, KJP("address"),
                                "%s: \"address\" must be an array of %u address modes (wrap, "
                                "clamp, mirror, border), one per dimension",
                                what, t->dim);
            int q = 0;
            for (const ps_json *x = a->child; x; x = x->next, q++) {
                int k3 = -1;
                for (int n = 0; n < 4; n++)
                    if (x->type == PS_J_STRING && !strcmp(x->str, amodes[n])) k3 = n;
                char ejp[220];
                snprintf(ejp, sizeof ejp, "%s.address[%d]", jp, q);
                if (k3 < 0) return ps_mfail(c, x, ejp, "%s: an address mode is wrap, clamp, mirror or border", what);
                t->address[q] = (ps_tex_addr)k3;
            }
        }
        const ps_json *bc = ps_json_get(o, "border");
        if (bc) {
            bool any_border = false;
            for (unsigned q = 0; q < t->dim; q++) any_border |= t->address[q] == PS_TXA_BORDER;
            if (!any_border)
                return ps_mfail_key(c, bc, KJP("border"), "%s: \"border\" needs an address mode \"border\"", what);
            if (bc->type != PS_J_ARRAY || bc->n != 4)
                return ps_mfail(c, bc, KJP("border"), "%s: \"border\" must be an array of 4 numbers (r, g, b, a)",
                                what);
            int q = 0;
            for (const ps_json *x = bc->child; x; x = x->next, q++) {
                char ejp[220];
                snprintf(ejp, sizeof ejp, "%s.border[%d]", jp, q);
                uint64_t bits;
                bool is_int, neg;
                uint64_t mag;
                if (!ps_mvalue(c, x, ejp, PS_T_F32, &bits, &is_int, &neg, &mag)) return false;
                t->border[q] = (uint32_t)bits;
            }
        }
    }
    const ps_json *cm = surface ? NULL : ps_json_get(o, "cubemap");
    if (cm && !ps_mwant_type(c, cm, KJP("cubemap"), PS_J_BOOL, "true or false")) return false;
    if (cm && cm->boolean) {
        if (t->dim != 2 || t->width != t->height)
            return ps_mfail(c, cm, KJP("cubemap"), "%s: a cubemap has square faces: \"dims\": [W, W]", what);
        t->cube = t->layered ? 2 : 1;
        t->layers = 6 * (t->layered ? t->layers : 1);
        t->layered = true;
        t->address[2] = t->address[0];
    }
    char why[200];
    if (!ps_tex_check(t, why, sizeof why)) return ps_mfail(c, o, jp, "%s: %s", what, why);
    const ps_mbuf *mb = &m->bufs[mp->buf];
    if (mb->bytes != ps_tex_bytes(t))
        return ps_mfail(c, b, KJP("buffer"),
                        "%s: buffer '%s' has %llu bytes; %u x %u x %u texels x %u layers of %u "
                        "bytes take %llu",
                        what, mb->name, (unsigned long long)mb->bytes, t->width, t->height, t->depth, t->layers,
                        ps_tex_texel_bytes(t), (unsigned long long)ps_tex_bytes(t));
    return true;
}
