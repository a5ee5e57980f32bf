/* manifest_tmap.c — the manifest's "tensormap" parameter kind (README, docs/tma.md):
 *   {"tensormap": {"buffer": B, "type": T, "dims": [...], "strides": [...], "box": [...],
 *                  "element_strides": [...], "interleave": "none", "swizzle": S,
 *                  "l2_promotion": P, "oob_fill": F}}
 * with the fields of cuTensorMapEncodeTiled: dims innermost first, strides in bytes for dims
 * 1..rank-1, the last five optional (1s, "none", "none", "none", "none"); or, with
 * "mode": "im2col", those of cuTensorMapEncodeIm2col: no "box" but "pixel_box_lower_corner" and
 * "pixel_box_upper_corner" (rank-2 integers, W first), "channels_per_pixel", "pixels_per_column". */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "manifest.h"

#define FAIL(...) (snprintf(e, n, __VA_ARGS__), false)

/* An array of `count` integers in [lo, hi] (count < 0: 1..5 of them, the count returned). */
static int ints(const cJSON *o, const char *key, int count, double lo, double hi, uint64_t *v, char *e, size_t n) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    int k = cJSON_IsArray(a) ? cJSON_GetArraySize(a) : -1;
    if (k < 0 || (count >= 0 && k != count) || (count < 0 && (k < 1 || k > PS_TMAP_MAX_RANK))) {
        if (count >= 0) snprintf(e, n, "tensormap: \"%s\" must be an array of %d integers", key, count);
        else snprintf(e, n, "tensormap: \"%s\" must be an array of 1 to 5 integers", key);
        return -1;
    }
    for (int i = 0; i < k; i++) {
        const cJSON *x = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(x) || x->valuedouble < lo || x->valuedouble > hi || x->valuedouble != floor(x->valuedouble)) {
            snprintf(e, n, "tensormap: \"%s\"[%d] must be an integer in %.0f..%.0f", key, i, lo, hi);
            return -1;
        }
        v[i] = (uint64_t)(int64_t)x->valuedouble;
    }
    return k;
}

/* A number in [lo, hi] under key, or false with a message. */
static bool one_int(const cJSON *o, const char *key, double lo, double hi, int64_t *v, char *e, size_t n) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(x) || x->valuedouble < lo || x->valuedouble > hi || x->valuedouble != floor(x->valuedouble))
        return FAIL("tensormap: \"%s\" must be an integer in %.0f..%.0f", key, lo, hi);
    *v = (int64_t)x->valuedouble;
    return true;
}

/* One of `names` (default 0 when the key is absent), or -1. */
static int choice(const cJSON *o, const char *key, const char *const *names, int count, char *e, size_t n) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) return 0;
    for (int i = 0; i < count; i++)
        if (cJSON_IsString(v) && !strcmp(v->valuestring, names[i])) return i;
    char list[120] = "";
    for (int i = 0; i < count; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    snprintf(e, n, "tensormap: \"%s\" must be one of %s", key, list);
    return -1;
}

bool ps_manifest_tmap_parse(const cJSON *o, const ps_manifest *m, ps_mparam *mp, char *e, size_t n) {
    static const char *const swz[] = {"none", "32B", "64B", "128B"}, *const l2[] = {"none", "64B", "128B", "256B"},
                             *const fill[] = {"none", "nan"}, *const il[] = {"none"};
    static const char *const keys[] = {"buffer", "type", "dims", "strides", "box", "element_strides",
                                       "interleave", "swizzle", "l2_promotion", "oob_fill", "mode",
                                       "pixel_box_lower_corner", "pixel_box_upper_corner",
                                       "channels_per_pixel", "pixels_per_column"};
    static const char *const modes[] = {"tiled", "im2col"};
    if (!cJSON_IsObject(o)) return FAIL("\"tensormap\" must be an object");
    for (const cJSON *c = o->child; c; c = c->next) {
        bool known = false;
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) known |= !strcmp(c->string, keys[i]);
        if (!known) return FAIL("tensormap: unknown key \"%s\"", c->string);
    }
    ps_tmap *t = &mp->tmap;
    memset(t, 0, sizeof *t);
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "buffer");
    mp->buf = -1;
    for (int k = 0; k < m->nbufs; k++)
        if (cJSON_IsString(b) && !strcmp(m->bufs[k].name, b->valuestring)) mp->buf = k;
    if (mp->buf < 0) return FAIL("tensormap: \"buffer\" must name a buffer");
    const cJSON *ty = cJSON_GetObjectItemCaseSensitive(o, "type");
    t->type = cJSON_IsString(ty) ? ps_tmap_type_lookup(ty->valuestring) : PS_TMT_COUNT;
    if (t->type == PS_TMT_COUNT) return FAIL("tensormap: \"type\" must be u8 u16 u32 s32 u64 s64 f16 f32 f64 or bf16");
    uint64_t v[PS_TMAP_MAX_RANK];
    int rank = ints(o, "dims", -1, 1, 4294967296.0, t->dims, e, n);
    if (rank < 0) return false;
    t->rank = (unsigned)rank;
    t->strides[0] = ps_tmap_type_size(t->type);
    if (rank > 1 && ints(o, "strides", rank - 1, 16, 1099511627775.0, t->strides + 1, e, n) < 0) return false;
    if (rank == 1 && cJSON_GetObjectItemCaseSensitive(o, "strides") && ints(o, "strides", 0, 0, 0, v, e, n) < 0)
        return false;
    int c;
    if ((c = choice(o, "mode", modes, 2, e, n)) < 0) return false;
    t->mode = (ps_tmap_mode)c;
    if (t->mode == PS_TMM_TILED) {
        static const char *const i2c_keys[] = {"pixel_box_lower_corner", "pixel_box_upper_corner", "channels_per_pixel",
                                               "pixels_per_column"};
        for (int i = 0; i < 4; i++)
            if (cJSON_GetObjectItemCaseSensitive(o, i2c_keys[i]))
                return FAIL("tensormap: \"%s\" belongs to \"mode\": \"im2col\"", i2c_keys[i]);
        if (ints(o, "box", rank, 1, 256, v, e, n) < 0) return false;
        for (int i = 0; i < rank; i++) t->box[i] = (uint32_t)v[i];
    } else {
        if (cJSON_GetObjectItemCaseSensitive(o, "box"))
            return FAIL("tensormap: an im2col map has no \"box\" (channels_per_pixel and pixels_per_column instead)");
        if (rank < 3) return FAIL("tensormap: an im2col map has rank 3, 4 or 5");
        int64_t cpp, ppc;
        if (!one_int(o, "channels_per_pixel", 1, 256, &cpp, e, n) || !one_int(o, "pixels_per_column", 1, 1024, &ppc, e, n))
            return false;
        t->cpp = (uint32_t)cpp, t->ppc = (uint32_t)ppc;
        for (int i = 0; i < rank; i++) t->box[i] = i == 0 ? t->cpp : i == 1 ? t->ppc : 1;
        if (ints(o, "pixel_box_lower_corner", rank - 2, -32768, 32767, v, e, n) < 0) return false;
        for (int i = 0; i < rank - 2; i++) t->lower[i] = (int32_t)(int64_t)v[i];
        if (ints(o, "pixel_box_upper_corner", rank - 2, -32768, 32767, v, e, n) < 0) return false;
        for (int i = 0; i < rank - 2; i++) t->upper[i] = (int32_t)(int64_t)v[i];
    }
    for (int i = 0; i < rank; i++) t->estrides[i] = 1;
    if (cJSON_GetObjectItemCaseSensitive(o, "element_strides")) {
        if (ints(o, "element_strides", rank, 1, 8, v, e, n) < 0) return false;
        for (int i = 0; i < rank; i++) t->estrides[i] = (uint32_t)v[i];
    }
    if ((c = choice(o, "interleave", il, 1, e, n)) < 0) return false;
    if ((c = choice(o, "swizzle", swz, 4, e, n)) < 0) return false;
    t->swizzle = (ps_tmap_swizzle)c;
    if ((c = choice(o, "l2_promotion", l2, 4, e, n)) < 0) return false;
    t->l2 = (ps_tmap_l2)c;
    if ((c = choice(o, "oob_fill", fill, 2, e, n)) < 0) return false;
    t->fill = (ps_tmap_fill)c;
    char why[200];
    if (!ps_tmap_check(t, why, sizeof why)) return FAIL("tensormap: %s", why);
    uint64_t extent = t->strides[0];
    for (int i = 0; i < rank; i++) extent += (t->dims[i] - 1) * t->strides[i];
    const ps_mbuf *buf = &m->bufs[mp->buf];
    if (extent > buf->bytes)
        return FAIL("tensormap: the tensor spans %llu bytes but buffer '%s' holds %llu", (unsigned long long)extent,
                    buf->name, (unsigned long long)buf->bytes);
    return true;
}
