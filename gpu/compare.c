/* compare.c — element comparison for differential testing (typed values, ULP distances,
 * manifest tolerances) and the names of recorded GPU outputs. */
#include <dirent.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "common.h"

/* An element type as the comparison sees it: its float format, or an integer's signedness. */
typedef enum { E_BITS, E_SINT, E_F16, E_BF16, E_F32, E_F64 } elem_kind;
typedef struct {
    elem_kind kind;
    int size;
} elem;

static elem elem_of(const char *type) {
    int bytes;
    ptxsim_type_class cls;
    if (!type || !ptxsim_type_query(type, &bytes, &cls) || bytes < 1 || bytes > 8) return (elem){E_BITS, 1};
    static const struct {
        const char *name;
        elem_kind kind;
    } floats[] = {{"f16", E_F16}, {"bf16", E_BF16}, {"f32", E_F32}, {"f64", E_F64}};
    for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++)
        if (!strcmp(type, floats[i].name)) return (elem){floats[i].kind, bytes};
    return (elem){cls == PTXSIM_TYPE_SINT ? E_SINT : E_BITS, bytes};
}

static bool is_float(elem e) { return e.kind >= E_F16; }

bool ps_gpu_type_is_float(const char *type) { return is_float(elem_of(type)); }

int ps_gpu_type_size(const char *type) { return elem_of(type).size; }

static double half_value(uint16_t h) {
    int e = (h >> 10) & 0x1f, f = h & 0x3ff;
    double v = e == 0 ? ldexp(f, -24) : e == 31 ? (f ? NAN : INFINITY) : ldexp(f | 0x400, e - 25);
    return h & 0x8000 ? -v : v;
}

static int64_t sign_extend(uint64_t bits, int s) {
    return s == 1 ? (int8_t)bits : s == 2 ? (int16_t)bits : s == 4 ? (int32_t)bits : (int64_t)bits;
}

static double value_of(uint64_t bits, elem e) {
    switch (e.kind) {
    case E_F16: return half_value((uint16_t)bits);
    case E_BF16: {
        uint32_t b = (uint32_t)(bits & 0xffff) << 16;
        float f;
        memcpy(&f, &b, 4);
        return f;
    }
    case E_F32: {
        uint32_t b = (uint32_t)bits;
        float f;
        memcpy(&f, &b, 4);
        return f;
    }
    case E_F64: {
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    case E_SINT: return (double)sign_extend(bits, e.size);
    default: return (double)bits;
    }
}

double ps_gpu_elem_value(uint64_t bits, const char *type) { return value_of(bits, elem_of(type)); }

/* Exponent and mantissa masks of a float type's bit pattern (sign is the top bit). */
static bool float_layout(elem_kind t, int *bits, uint64_t *exp_mask, uint64_t *man_mask) {
    switch (t) {
    case E_F16: *bits = 16, *exp_mask = 0x7c00, *man_mask = 0x3ff; return true;
    case E_BF16: *bits = 16, *exp_mask = 0x7f80, *man_mask = 0x7f; return true;
    case E_F32: *bits = 32, *exp_mask = 0x7f800000, *man_mask = 0x7fffff; return true;
    case E_F64: *bits = 64, *exp_mask = 0x7ff0000000000000ull, *man_mask = 0xfffffffffffffull; return true;
    default: return false;
    }
}

static bool is_nan_bits(uint64_t b, uint64_t exp_mask, uint64_t man_mask) {
    return (b & exp_mask) == exp_mask && (b & man_mask);
}

static uint64_t ulp_distance(uint64_t a, uint64_t b, elem e) {
    int n;
    uint64_t em, mm;
    if (!float_layout(e.kind, &n, &em, &mm)) return UINT64_MAX;
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1, sign = 1ull << (n - 1);
    a &= all, b &= all;
    if (is_nan_bits(a, em, mm) || is_nan_bits(b, em, mm)) return UINT64_MAX;
    /* Sign-magnitude to a signed line on which consecutive floats are consecutive integers. The
     * magnitudes fit in n-1 bits, so the difference of two fits in n bits: no overflow. */
    uint64_t ma = a & ~sign, mb = b & ~sign;
    bool na = a & sign, nb = b & sign;
    if (na == nb) return ma > mb ? ma - mb : mb - ma;
    return ma + mb;
}

uint64_t ps_gpu_ulp_distance(uint64_t a, uint64_t b, const char *type) { return ulp_distance(a, b, elem_of(type)); }

static bool elem_match(uint64_t got, uint64_t want, elem e, const ptxsim_case_expect *tol) {
    int s = e.size;
    uint64_t mask = s >= 8 ? ~0ull : (1ull << (8 * s)) - 1;
    got &= mask, want &= mask;
    if (got == want) return true;
    if (!tol || !tol->has_tolerance || !is_float(e)) return false;
    double g = value_of(got, e), w = value_of(want, e);
    if (isnan(g) && isnan(w)) return true;
    if (tol->abs >= 0 || tol->rel >= 0) {
        double lim = (tol->abs > 0 ? tol->abs : 0) + (tol->rel > 0 ? tol->rel * fabs(w) : 0);
        if (fabs(g - w) <= lim) return true;
    }
    return tol->ulp && isfinite(g) && isfinite(w) && ulp_distance(got, want, e) <= tol->ulp;
}

bool ps_gpu_elem_match(uint64_t got, uint64_t want, const char *type, const ptxsim_case_expect *tol) {
    return elem_match(got, want, elem_of(type), tol);
}

void ps_gpu_compare(const void *gotp, const void *wantp, const char *type, uint64_t count,
                    const ptxsim_case_expect *tol, ps_gpu_cmp *res) {
    memset(res, 0, sizeof *res);
    const uint8_t *got = gotp, *want = wantp;
    elem e = elem_of(type);
    size_t s = (size_t)e.size;
    bool fl = is_float(e);
    for (uint64_t k = 0; k < count; k++) {
        const uint8_t *g = got + k * s, *w = want + k * s;
        if (!memcmp(g, w, s)) continue;
        uint64_t gb = 0, wb = 0;
        memcpy(&gb, g, s);
        memcpy(&wb, w, s);
        uint64_t ulp = fl ? ulp_distance(gb, wb, e) : UINT64_MAX;
        if (elem_match(gb, wb, e, tol)) {
            res->tolerated++;
            if (ulp != UINT64_MAX && ulp > res->tolerated_max_ulp) res->tolerated_max_ulp = ulp;
            continue;
        }
        if (ulp != UINT64_MAX && ulp > res->max_ulp) res->max_ulp = ulp;
        if (!res->mismatches) res->first = k;
        if (res->nshown < PS_GPU_SHOWN)
            res->shown[res->nshown++] = (ps_gpu_diff){.index = k, .got = gb, .want = wb, .ulp = ulp};
        res->mismatches++;
    }
}

void ps_gpu_format_elem(char *buf, size_t n, uint64_t bits, const char *type) {
    elem e = elem_of(type);
    int s = e.size;
    int hex = 2 * s;
    if (s < 8) bits &= (1ull << (8 * s)) - 1;
    if (is_float(e)) {
        int digits = e.kind == E_F64 ? 17 : e.kind == E_F32 ? 9 : 5;
        snprintf(buf, n, "%.*g (0x%0*" PRIx64 ")", digits, value_of(bits, e), hex, bits);
    } else if (e.kind == E_SINT) {
        snprintf(buf, n, "%" PRId64 " (0x%0*" PRIx64 ")", sign_extend(bits, s), hex, bits);
    } else {
        snprintf(buf, n, "%" PRIu64 " (0x%0*" PRIx64 ")", bits, hex, bits);
    }
}

/* ---- recorded outputs ---------------------------------------------------------------------- */

static bool is_manifest_name(const char *name) {
    size_t n = strlen(name);
    return !strncmp(name, "case", 4) && n >= 9 && !strcmp(name + n - 5, ".json");
}

/* The manifest's tag ("sm_80" for case.sm_80.json) when its directory holds several manifests,
 * else "". */
static void recording_tag(const char *manifest_path, char *tag, size_t n) {
    tag[0] = 0;
    const char *slash = strrchr(manifest_path, '/');
    const char *base = slash ? slash + 1 : manifest_path;
    if (!is_manifest_name(base)) return;
    char *dir = slash ? strndup(manifest_path, (size_t)(slash - manifest_path)) : ps_xstrdup(".");
    if (!dir) ps_oom();
    int manifests = 0;
    DIR *d = opendir(*dir ? dir : "/");
    if (d) {
        for (struct dirent *e; (e = readdir(d));) manifests += is_manifest_name(e->d_name);
        closedir(d);
    }
    free(dir);
    if (manifests < 2) return;
    const char *start = base + 4;
    if (*start == '.') start++;
    if (strlen(start) <= 5) return; /* "case.json" beside tagged manifests: no tag */
    size_t len = strlen(start) - 5; /* ".json" */
    snprintf(tag, n, "%.*s", (int)len, start);
}

char *ps_gpu_recording_name(const char *manifest_path, const char *buffer) {
    char tag[256];
    recording_tag(manifest_path, tag, sizeof tag);
    size_t n = strlen(buffer) + strlen(tag) + 16;
    char *r = ps_xmalloc(n);
    snprintf(r, n, "%s%s%s.gpu.bin", buffer, *tag ? "." : "", tag);
    return r;
}

char *ps_gpu_recording_path(const char *manifest_path, const char *buffer) {
    char *name = ps_gpu_recording_name(manifest_path, buffer);
    const char *slash = strrchr(manifest_path, '/');
    int dirlen = slash ? (int)(slash - manifest_path) : 1;
    size_t n = (size_t)dirlen + strlen(name) + 2;
    char *r = ps_xmalloc(n);
    snprintf(r, n, "%.*s/%s", dirlen, slash ? manifest_path : ".", name);
    free(name);
    return r;
}
