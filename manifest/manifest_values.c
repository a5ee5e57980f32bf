/* manifest_values.c — the manifest's numbers, checked rather than converted: integers are read
 * exactly from their text (5000000000 is not an s32, 1.5 is not a count, 1e300 is no value of a
 * 32-bit type), floats must fit their type's finite range, and located errors say which limit was
 * hit. Also the "did you mean" for unknown keys and the hex of "bytes" parameters. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp.h"
#include "manifest_internal.h"

static bool vfail(ps_mctx *c, int line, int col, const char *jp, const char *fmt, va_list ap) {
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    char full[300];
    if (c->jp_pre) { /* launches[1] + grid[0] -> launches[1].grid[0] */
        snprintf(full, sizeof full, "%s%s%s", c->jp_pre, jp && *jp ? "." : "", jp ? jp : "");
        jp = full;
    }
    const char *sep = jp && *jp ? ": " : "";
    if (line > 0) snprintf(c->err, c->errlen, "%s:%d:%d: error: %s%s%s", c->path, line, col, jp ? jp : "", sep, msg);
    else snprintf(c->err, c->errlen, "%s: error: %s%s%s", c->path, jp ? jp : "", sep, msg);
    return false;
}

bool ps_mfail(ps_mctx *c, const ps_json *v, const char *jp, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(c, v ? v->line : 0, v ? v->col : 0, jp, fmt, ap);
    va_end(ap);
    return false;
}

bool ps_mfail_key(ps_mctx *c, const ps_json *member, const char *jp, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(c, member->key_line, member->key_col, jp, fmt, ap);
    va_end(ap);
    return false;
}

bool ps_mwant_type(ps_mctx *c, const ps_json *v, const char *jp, ps_jtype t, const char *what) {
    if (v->type == t) return true;
    return ps_mfail(c, v, jp, "must be %s, not %s", what, ps_json_type_name(v->type));
}

/* Optimal-string-alignment distance (a swap of neighbours counts 1), case-insensitive letters
 * costing nothing extra: "expected" -> "expect" is 2, "Kernel" -> "kernel" 0. */
static int distance(const char *a, const char *b) {
    int n = (int)strlen(a), m = (int)strlen(b);
    if (n > 40 || m > 40) return 99;
    int d[41][41];
    for (int i = 0; i <= n; i++) d[i][0] = i;
    for (int j = 0; j <= m; j++) d[0][j] = j;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= m; j++) {
            char x = a[i - 1], y = b[j - 1];
            if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
            if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
            int v = d[i - 1][j - 1] + (x != y);
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[n][m];
}

/* C and CUDA spellings of the element types, which are too far from PTX's for the distance. */
static const char *type_alias(const char *word) {
    static const char *const pairs[][2] = {
        {"char", "s8"},     {"int8", "s8"},       {"int8_t", "s8"},  {"i8", "s8"},        {"uchar", "u8"},
        {"uint8", "u8"},    {"uint8_t", "u8"},    {"short", "s16"},  {"int16", "s16"},    {"int16_t", "s16"},
        {"i16", "s16"},     {"ushort", "u16"},    {"uint16", "u16"}, {"uint16_t", "u16"}, {"int", "s32"},
        {"int32", "s32"},   {"int32_t", "s32"},   {"i32", "s32"},    {"uint", "u32"},     {"unsigned", "u32"},
        {"uint32", "u32"},  {"uint32_t", "u32"},  {"long", "s64"},   {"int64", "s64"},    {"int64_t", "s64"},
        {"i64", "s64"},     {"size_t", "u64"},    {"uint64", "u64"}, {"uint64_t", "u64"}, {"half", "f16"},
        {"float16", "f16"}, {"bfloat16", "bf16"}, {"float", "f32"},  {"float32", "f32"},  {"double", "f64"},
        {"float64", "f64"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (!strcmp(word, pairs[i][0])) return pairs[i][1];
    return NULL;
}

const char *ps_mhint(const char *word, const char *const *cands, int n, char *buf, size_t len) {
    buf[0] = 0;
    const char *alias = type_alias(word);
    for (int i = 0; alias && i < n; i++)
        if (!strcmp(cands[i], alias)) {
            snprintf(buf, len, " (did you mean \"%s\"?)", cands[i]);
            return buf;
        }
    /* two edits ("cnt" for "count", "expected" for "expect"), one for words of one or two letters;
     * among equally distant candidates, an abbreviation's source and the same first letter win */
    const char *best[2] = {NULL, NULL};
    int wl = (int)strlen(word), bs = 999;
    for (int i = 0; i < n; i++) {
        int d = distance(word, cands[i]);
        if (d > (wl >= 3 ? 2 : 1) || d >= wl) continue;
        bool abbrev = true; /* word's letters appear in the candidate in order */
        const char *q = cands[i];
        for (const char *w = word; *w; w++) {
            while (*q && *q != *w) q++;
            if (!*q) abbrev = false;
            else q++;
            if (!abbrev) break;
        }
        int score = 4 * d - (abbrev ? 2 : 0) - (word[0] == cands[i][0] ? 1 : 0);
        if (score < bs) bs = score, best[0] = cands[i], best[1] = NULL;
        else if (score == bs && !best[1]) best[1] = cands[i];
    }
    if (!best[0]) return buf;
    if (best[1]) snprintf(buf, len, " (did you mean \"%s\" or \"%s\"?)", best[0], best[1]);
    else snprintf(buf, len, " (did you mean \"%s\"?)", best[0]);
    return buf;
}

bool ps_mkeys(ps_mctx *c, const ps_json *obj, const char *jp, const char *const *keys, int nkeys) {
    for (const ps_json *m = obj->child; m; m = m->next) {
        bool known = false;
        for (int i = 0; i < nkeys && !known; i++) known = !strcmp(m->key, keys[i]);
        if (known) continue;
        char where[160];
        snprintf(where, sizeof where, "%s%s%.60s", jp ? jp : "", jp && *jp ? "." : "", m->key);
        char hint[120];
        if (*ps_mhint(m->key, keys, nkeys, hint, sizeof hint))
            return ps_mfail_key(c, m, where, "unknown key \"%.60s\"%s", m->key, hint);
        char list[400] = "";
        for (int i = 0; i < nkeys; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, keys[i], sizeof list - strlen(list) - 1);
        }
        return ps_mfail_key(c, m, where, "unknown key \"%.60s\" (known keys here: %s)", m->key, list);
    }
    return true;
}

/* ---- integers, exactly ------------------------------------------------------------------- */

typedef struct {
    bool neg, huge; /* huge: the magnitude is 2^64 or more */
    uint64_t mag;
} exact_int;

static bool add_digit(uint64_t *v, unsigned d, unsigned base) {
    if (*v > (UINT64_MAX - d) / base) return false;
    *v = *v * base + d;
    return true;
}

/* A JSON number's exact value when it is an integer ("1e3" and "2.50e1" are; "1.5" is not).
 * false: it has a fractional part. */
static bool json_int(const ps_json *v, exact_int *out) {
    const char *s = v->str;
    *out = (exact_int){.neg = *s == '-'};
    if (*s == '-') s++;
    /* digits of the mantissa without the point, and the power of ten that scales them */
    const char *digits = s;
    long frac = 0, exp = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9') p++;
    const char *int_end = p, *frac_start = NULL, *frac_end = NULL;
    if (*p == '.') {
        frac_start = ++p;
        while (*p >= '0' && *p <= '9') p++;
        frac_end = p;
        frac = (long)(frac_end - frac_start);
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        bool eneg = *p == '-';
        if (*p == '-' || *p == '+') p++;
        for (; *p >= '0' && *p <= '9'; p++)
            if (exp < 100000) exp = exp * 10 + (*p - '0');
        if (eneg) exp = -exp;
    }
    long scale = exp - frac; /* value = mantissa digits × 10^scale */
    /* the mantissa's digits in order: integer part, then fraction */
    long ndig = (long)(int_end - digits) + frac;
    bool all_zero = true;
    for (long i = 0; i < ndig; i++) {
        char ch = i < int_end - digits ? digits[i] : frac_start[i - (int_end - digits)];
        if (ch != '0') all_zero = false;
    }
    if (all_zero) return true;                  /* 0, -0, 0.0e7 */
    long keep = ndig + (scale < 0 ? scale : 0); /* digits left after dropping 10^-scale */
    for (long i = keep < 0 ? 0 : keep; i < ndig; i++) {
        char ch = i < int_end - digits ? digits[i] : frac_start[i - (int_end - digits)];
        if (ch != '0') return false; /* a non-zero digit below the units */
    }
    for (long i = 0; i < keep && !out->huge; i++) {
        char ch = i < int_end - digits ? digits[i] : frac_start[i - (int_end - digits)];
        if (!add_digit(&out->mag, (unsigned)(ch - '0'), 10)) out->huge = true;
    }
    for (long i = 0; i < scale && !out->huge; i++)
        if (!add_digit(&out->mag, 0, 10)) out->huge = true;
    return true;
}

/* Integer text in a string: optional '-', then decimal digits or 0x hex digits. */
static bool text_int(const char *s, exact_int *out) {
    *out = (exact_int){.neg = *s == '-'};
    if (*s == '-') s++;
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (!*s) return false;
    for (; *s; s++) {
        int d = *s >= '0' && *s <= '9'             ? *s - '0'
            : base == 16 && *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
            : base == 16 && *s >= 'A' && *s <= 'F' ? *s - 'A' + 10
                                                   : -1;
        if (d < 0) return false;
        if (!out->huge && !add_digit(&out->mag, (unsigned)d, base)) out->huge = true;
    }
    if (!out->mag && !out->huge) out->neg = false;
    return true;
}

static bool in_range(const exact_int *x, bool lo_neg, uint64_t lo_mag, uint64_t hi) {
    if (x->huge) return false;
    if (x->neg && x->mag) return lo_neg && x->mag <= lo_mag;
    return x->mag <= hi && (lo_neg || x->mag >= lo_mag);
}

/* The value as written, shortened for messages. */
static const char *shown(const ps_json *v, char *buf, size_t n) {
    if (v->len > 40) snprintf(buf, n, "%.32s... (%zu characters)", v->str, v->len);
    else snprintf(buf, n, v->type == PS_J_STRING ? "\"%s\"" : "%s", v->str);
    return buf;
}

bool ps_muint(ps_mctx *c, const ps_json *v, const char *jp, uint64_t lo, uint64_t hi, const char *why, uint64_t *out) {
    char b[80];
    if (v->type != PS_J_NUMBER) return ps_mfail(c, v, jp, "must be an integer, not %s", ps_json_type_name(v->type));
    exact_int x;
    if (!json_int(v, &x)) return ps_mfail(c, v, jp, "%s is not an integer", shown(v, b, sizeof b));
    if (!in_range(&x, false, lo, hi))
        return ps_mfail(c, v, jp, "%s is out of range %llu..%llu%s%s%s", shown(v, b, sizeof b), (unsigned long long)lo,
                        (unsigned long long)hi, why ? " (" : "", why ? why : "", why ? ")" : "");
    *out = x.mag;
    return true;
}

/* ---- scalars of a type --------------------------------------------------------------------- */

const char ps_mtype_list[] = "u8 s8 u16 s16 u32 s32 u64 s64 b8 b16 b32 b64 f16 bf16 f32 f64";

bool ps_mtype_ok(ps_type t) {
    switch (t) {
    case PS_T_U8:
    case PS_T_S8:
    case PS_T_U16:
    case PS_T_S16:
    case PS_T_U32:
    case PS_T_S32:
    case PS_T_U64:
    case PS_T_S64:
    case PS_T_B8:
    case PS_T_B16:
    case PS_T_B32:
    case PS_T_B64:
    case PS_T_F16:
    case PS_T_BF16:
    case PS_T_F32:
    case PS_T_F64: return true;
    default: return false;
    }
}

/* The range of integer type t: s types signed, u types unsigned, b types either reading. */
static void int_range(ps_type t, bool *lo_neg, uint64_t *lo_mag, uint64_t *hi) {
    int bits = 8 * ps_type_size(t);
    uint64_t umax = bits == 64 ? UINT64_MAX : (1ull << bits) - 1, half = 1ull << (bits - 1);
    switch (ps_type_kind_of(t)) {
    case TK_SINT: *lo_neg = true, *lo_mag = half, *hi = half - 1; break;
    case TK_UINT: *lo_neg = false, *lo_mag = 0, *hi = umax; break;
    default: *lo_neg = true, *lo_mag = half, *hi = umax; break;
    }
}

static const char *largest(ps_type t) {
    return t == PS_T_F64 ? "1.7976931348623157e308"
        : t == PS_T_F32  ? "3.40282347e38"
        : t == PS_T_F16  ? "65504"
                         : "3.38953139e38";
}

static bool float_bits(ps_mctx *c, const ps_json *v, const char *jp, ps_type t, uint64_t *bits) {
    char b[80];
    double d;
    bool overflow; /* a finite decimal past the double's range, like 1e999 */
    if (v->type == PS_J_NUMBER) {
        d = v->num;
        overflow = isinf(d);
    } else { /* strings may also spell inf, nan and hex floats */
        char *end;
        errno = 0;
        d = strtod(v->str, &end);
        if (end == v->str || *end) return ps_mfail(c, v, jp, "%s is not a number", shown(v, b, sizeof b));
        overflow = errno == ERANGE && isinf(d);
    }
    if (overflow)
        return ps_mfail(c, v, jp, "%s is out of range for %s (largest finite value %s)", shown(v, b, sizeof b),
                        ps_type_name(t), largest(t));
    uint64_t d_bits;
    memcpy(&d_bits, &d, 8);
    if (t == PS_T_F64) {
        *bits = d_bits;
        return true;
    }
    ps_cvt_type ct = t == PS_T_F32 ? PS_CVT_F32 : t == PS_T_F16 ? PS_CVT_F16 : PS_CVT_BF16;
    *bits = ps_cvt(ct, PS_CVT_F64, d_bits, PS_RND_RN, 0);
    /* round to nearest turns values past the largest finite one (by half an ulp) into infinity */
    uint64_t exp_mask = t == PS_T_F32 ? 0x7f800000u : t == PS_T_F16 ? 0x7c00u : 0x7f80u;
    uint64_t mant_mask = t == PS_T_F32 ? 0x7fffffu : t == PS_T_F16 ? 0x3ffu : 0x7fu;
    bool is_inf = (*bits & exp_mask) == exp_mask && !(*bits & mant_mask);
    if (is_inf && !isinf(d))
        return ps_mfail(c, v, jp, "%s is out of range for %s (largest finite value %s)", shown(v, b, sizeof b),
                        ps_type_name(t), largest(t));
    return true;
}

bool ps_mvalue(ps_mctx *c, const ps_json *v, const char *jp, ps_type t, uint64_t *bits, bool *is_int, bool *neg,
               uint64_t *mag) {
    char b[80];
    *is_int = false;
    if (v->type != PS_J_NUMBER && v->type != PS_J_STRING)
        return ps_mfail(c, v, jp, "must be a number (or a string such as \"0x7f\"), not %s",
                        ps_json_type_name(v->type));
    if (ps_type_kind_of(t) == TK_FLOAT) return float_bits(c, v, jp, t, bits);
    exact_int x;
    if (v->type == PS_J_NUMBER ? !json_int(v, &x) : !text_int(v->str, &x))
        return ps_mfail(c, v, jp, "%s is not an integer (a%s %s value)", shown(v, b, sizeof b),
                        ps_type_name(t)[0] == 's' ? "n" : "", ps_type_name(t));
    bool lo_neg;
    uint64_t lo_mag, hi;
    int_range(t, &lo_neg, &lo_mag, &hi);
    if (!in_range(&x, lo_neg, lo_mag, hi))
        return ps_mfail(c, v, jp, "%s is out of range for %s (%s%llu..%llu)", shown(v, b, sizeof b), ps_type_name(t),
                        lo_neg ? "-" : "", (unsigned long long)lo_mag, (unsigned long long)hi);
    int nbits = 8 * ps_type_size(t);
    uint64_t u = x.neg ? (uint64_t)0 - x.mag : x.mag;
    *bits = nbits == 64 ? u : u & ((1ull << nbits) - 1);
    *is_int = true, *neg = x.neg && x.mag, *mag = x.mag;
    return true;
}

/* ---- "bytes" ------------------------------------------------------------------------------- */

bool ps_mhex(ps_mctx *c, const ps_json *v, const char *jp, uint8_t **out, size_t *n) {
    if (!ps_mwant_type(c, v, jp, PS_J_STRING, "a string of hex digits")) return false;
    if (v->len % 2) return ps_mfail(c, v, jp, "%zu hex digits do not make whole bytes", v->len);
    uint8_t *bytes = ps_xmalloc(v->len / 2 + 1);
    for (size_t i = 0; i < v->len; i += 2) {
        int d[2];
        for (int k = 0; k < 2; k++) {
            char ch = v->str[i + (size_t)k];
            d[k] = ch >= '0' && ch <= '9' ? ch - '0'
                : ch >= 'a' && ch <= 'f'  ? ch - 'a' + 10
                : ch >= 'A' && ch <= 'F'  ? ch - 'A' + 10
                                          : -1;
            if (d[k] < 0) {
                free(bytes);
                return ps_mfail(c, v, jp, "character %zu ('%c') is not a hex digit", i + (size_t)k + 1,
                                ch >= 0x21 && ch < 0x7f ? ch : '?');
            }
        }
        bytes[i / 2] = (uint8_t)(d[0] << 4 | d[1]);
    }
    *out = bytes;
    *n = v->len / 2;
    return true;
}
