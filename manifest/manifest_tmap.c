/* manifest_tmap.c — the manifest's "tensormap" parameter kind (README, docs/tma.md):
 *   {"tensormap": {"buffer": B, "type": T, "dims": [...], "strides": [...], "box": [...],
 *                  "element_strides": [...], "interleave": "none", "swizzle": S,
 *                  "l2_promotion": P, "oob_fill": F}}
 * with the fields of cuTensorMapEncodeTiled: dims innermost first, strides in bytes for dims
 * 1..rank-1, the last five optional (1s, "none", "none", "none", "none"); or, with
 * "mode": "im2col", those of cuTensorMapEncodeIm2col: no "box" but "pixel_box_lower_corner" and
 * "pixel_box_upper_corner" (rank-2 integers, W first), "channels_per_pixel", "pixels_per_column". */
#include <stdio.h>
#include <string.h>

#include "manifest_internal.h"

/* An array of `count` integers in [lo, hi] (count < 0: 1..5 of them, the count returned). */
static int ints(ps_mctx *c, const ps_json *o, const char *jp, const char *key, int count, int64_t lo, int64_t hi,
                uint64_t *v) {
    const ps_json *a = ps_json_get(o, key);
    char kjp[160];
    snprintf(kjp, sizeof kjp, "%s.%s", jp, key);
    int k = a && a->type == PS_J_ARRAY ? a->n : -1;
    if (k < 0 || (count >= 0 && k != count) || (count < 0 && (k < 1 || k > PS_TMAP_MAX_RANK))) {
        if (count >= 0) ps_mfail(c, a ? a : o, kjp, "tensormap: \"%s\" must be an array of %d integers", key, count);
        else ps_mfail(c, a ? a : o, kjp, "tensormap: \"%s\" must be an array of 1 to 5 integers", key);
        return -1;
    }
    int i = 0;
    for (const ps_json *x = a->child; x; x = x->next, i++) {
        char ejp[180];
        snprintf(ejp, sizeof ejp, "%s[%d]", kjp, i);
        if (lo < 0) { /* the corners' range is exactly s16's */
            bool is_int, neg;
            uint64_t mag, bits;
            if (!ps_mwant_type(c, x, ejp, PS_J_NUMBER, "an integer") ||
                !ps_mvalue(c, x, ejp, PS_T_S16, &bits, &is_int, &neg, &mag))
                return -1;
            v[i] = neg ? (uint64_t)0 - mag : mag;
        } else if (!ps_muint(c, x, ejp, (uint64_t)lo, (uint64_t)hi, NULL, &v[i])) {
            return -1;
        }
    }
    return k;
}

/* A number in [lo, hi] under key, or false with a message. */
static bool one_int(ps_mctx *c, const ps_json *o, const char *jp, const char *key, int64_t lo, int64_t hi, int64_t *v) {
    const ps_json *x = ps_json_get(o, key);
    char kjp[160];
    snprintf(kjp, sizeof kjp, "%s.%s", jp, key);
    uint64_t u;
    if (!x)
        return ps_mfail(c, o, kjp, "tensormap: \"%s\" (an integer in %lld..%lld) is required", key, (long long)lo,
                        (long long)hi);
    if (!ps_muint(c, x, kjp, (uint64_t)lo, (uint64_t)hi, NULL, &u)) return false;
    *v = (int64_t)u;
    return true;
}

/* One of `names` (default 0 when the key is absent), or -1. */
static int choice(ps_mctx *c, const ps_json *o, const char *jp, const char *key, const char *const *names, int count) {
    const ps_json *v = ps_json_get(o, key);
    if (!v) return 0;
    for (int i = 0; i < count; i++)
        if (v->type == PS_J_STRING && !strcmp(v->str, names[i])) return i;
    char list[120] = "", kjp[160];
    for (int i = 0; i < count; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    snprintf(kjp, sizeof kjp, "%s.%s", jp, key);
    ps_mfail(c, v, kjp, "tensormap: \"%s\" must be one of %s", key, list);
    return -1;
}

bool ps_manifest_tmap_parse(ps_mctx *c, const ps_json *o, const char *jp, const ps_manifest *m, ps_mparam *mp) {
    static const char *const swz[] = {"none", "32B", "64B", "128B"}, *const l2[] = {"none", "64B", "128B", "256B"},
                             *const fill[] = {"none", "nan"}, *const il[] = {"none"};
    static const char *const keys[] = {"buffer",
                                       "type",
                                       "dims",
                                       "strides",
                                       "box",
                                       "element_strides",
                                       "interleave",
                                       "swizzle",
                                       "l2_promotion",
                                       "oob_fill",
                                       "mode",
                                       "pixel_box_lower_corner",
                                       "pixel_box_upper_corner",
                                       "channels_per_pixel",
                                       "pixels_per_column"};
    static const char *const modes[] = {"tiled", "im2col"};
    if (!ps_mwant_type(c, o, jp, PS_J_OBJECT, "an object (the fields of cuTensorMapEncodeTiled)") ||
        !ps_mkeys(c, o, jp, keys, (int)(sizeof keys / sizeof keys[0])))
        return false;
    ps_tmap *t = &mp->tmap;
    memset(t, 0, sizeof *t);
    const ps_json *b = ps_json_get(o, "buffer");
    char kjp[160];
    mp->buf = -1;
    for (int k = 0; k < m->nbufs; k++)
        if (b && b->type == PS_J_STRING && !strcmp(m->bufs[k].name, b->str)) mp->buf = k;
    snprintf(kjp, sizeof kjp, "%s.buffer", jp);
    if (mp->buf < 0) return ps_mfail(c, b ? b : o, kjp, "tensormap: \"buffer\" must name a buffer");
    const ps_json *ty = ps_json_get(o, "type");
    t->type = ty && ty->type == PS_J_STRING ? ps_tmap_type_lookup(ty->str) : PS_TMT_COUNT;
    snprintf(kjp, sizeof kjp, "%s.type", jp);
    if (t->type == PS_TMT_COUNT)
        return ps_mfail(c, ty ? ty : o, kjp, "tensormap: \"type\" must be u8 u16 u32 s32 u64 s64 f16 f32 f64 or bf16");
    uint64_t v[PS_TMAP_MAX_RANK];
    int rank = ints(c, o, jp, "dims", -1, 1, 4294967296, t->dims);
    if (rank < 0) return false;
    t->rank = (unsigned)rank;
    t->strides[0] = ps_tmap_type_size(t->type);
    if (rank > 1 && ints(c, o, jp, "strides", rank - 1, 16, 1099511627775, t->strides + 1) < 0) return false;
    if (rank == 1 && ps_json_get(o, "strides") && ints(c, o, jp, "strides", 0, 0, 0, v) < 0) return false;
    int k;
    if ((k = choice(c, o, jp, "mode", modes, 2)) < 0) return false;
    t->mode = (ps_tmap_mode)k;
    if (t->mode == PS_TMM_TILED) {
        static const char *const i2c_keys[] = {"pixel_box_lower_corner", "pixel_box_upper_corner", "channels_per_pixel",
                                               "pixels_per_column"};
        for (int i = 0; i < 4; i++) {
            const ps_json *x = ps_json_get(o, i2c_keys[i]);
            snprintf(kjp, sizeof kjp, "%s.%s", jp, i2c_keys[i]);
            if (x) return ps_mfail_key(c, x, kjp, "tensormap: \"%s\" belongs to \"mode\": \"im2col\"", i2c_keys[i]);
        }
        if (ints(c, o, jp, "box", rank, 1, 256, v) < 0) return false;
        for (int i = 0; i < rank; i++) t->box[i] = (uint32_t)v[i];
    } else {
        const ps_json *x = ps_json_get(o, "box");
        snprintf(kjp, sizeof kjp, "%s.box", jp);
        if (x)
            return ps_mfail_key(c, x, kjp,
                                "tensormap: an im2col map has no \"box\" (channels_per_pixel and "
                                "pixels_per_column instead)");
        if (rank < 3) return ps_mfail(c, o, jp, "tensormap: an im2col map has rank 3, 4 or 5");
        int64_t cpp, ppc;
        if (!one_int(c, o, jp, "channels_per_pixel", 1, 256, &cpp) ||
            !one_int(c, o, jp, "pixels_per_column", 1, 1024, &ppc))
            return false;
        t->cpp = (uint32_t)cpp, t->ppc = (uint32_t)ppc;
        for (int i = 0; i < rank; i++) t->box[i] = i == 0 ? t->cpp : i == 1 ? t->ppc : 1;
        if (ints(c, o, jp, "pixel_box_lower_corner", rank - 2, -32768, 32767, v) < 0) return false;
        for (int i = 0; i < rank - 2; i++) t->lower[i] = (int32_t)(int64_t)v[i];
        if (ints(c, o, jp, "pixel_box_upper_corner", rank - 2, -32768, 32767, v) < 0) return false;
        for (int i = 0; i < rank - 2; i++) t->upper[i] = (int32_t)(int64_t)v[i];
    }
    for (int i = 0; i < rank; i++) t->estrides[i] = 1;
    if (ps_json_get(o, "element_strides")) {
        if (ints(c, o, jp, "element_strides", rank, 1, 8, v) < 0) return false;
        for (int i = 0; i < rank; i++) t->estrides[i] = (uint32_t)v[i];
    }
    if ((k = choice(c, o, jp, "interleave", il, 1)) < 0) return false;
    if ((k = choice(c, o, jp, "swizzle", swz, 4)) < 0) return false;
    t->swizzle = (ps_tmap_swizzle)k;
    if ((k = choice(c, o, jp, "l2_promotion", l2, 4)) < 0) return false;
    t->l2 = (ps_tmap_l2)k;
    if ((k = choice(c, o, jp, "oob_fill", fill, 2)) < 0) return false;
    t->fill = (ps_tmap_fill)k;
    char why[200];
    if (!ps_tmap_check(t, why, sizeof why)) return ps_mfail(c, o, jp, "tensormap: %s", why);
    uint64_t extent = t->strides[0];
    for (int i = 0; i < rank; i++) extent += (t->dims[i] - 1) * t->strides[i];
    const ps_mbuf *buf = &m->bufs[mp->buf];
    if (extent > buf->bytes)
        return ps_mfail(c, o, jp, "tensormap: the tensor spans %llu bytes but buffer '%s' holds %llu",
                        (unsigned long long)extent, buf->name, (unsigned long long)buf->bytes);
    return true;
}
