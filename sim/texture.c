/* texture.c — texture and surface objects: checks, ptxsim's 64-byte encoding, texel reads and
 * the sampling rules of the CUDA programming guide's texture-fetching appendix, with the H200's
 * arithmetic where lab/textures measured it (docs/textures.md says which parts are measured on a
 * GPU and which follow the documents only). */
#include "texture.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define WHY(...) (snprintf(why, len, __VA_ARGS__), false)

static const char *const format_names[PS_TXF_COUNT] = {"u8", "s8", "u16", "s16", "u32", "s32", "f16", "f32"};
static const unsigned format_sizes[PS_TXF_COUNT] = {1, 1, 2, 2, 4, 4, 2, 4};

ps_tex_format ps_tex_format_lookup(const char *name) {
    for (int i = 0; i < PS_TXF_COUNT; i++)
        if (!strcmp(name, format_names[i])) return (ps_tex_format)i;
    return PS_TXF_COUNT;
}
const char *ps_tex_format_name(ps_tex_format f) { return f < PS_TXF_COUNT ? format_names[f] : "?"; }
unsigned ps_tex_format_size(ps_tex_format f) { return f < PS_TXF_COUNT ? format_sizes[f] : 0; }

uint64_t ps_tex_bytes(const ps_tex *t) {
    uint64_t rows = (uint64_t)t->height * t->depth * t->layers;
    if (!rows || !t->width) return 0;
    return (rows - 1) * ps_tex_row_bytes(t) + (uint64_t)t->width * ps_tex_texel_bytes(t);
}

static bool is_float_format(ps_tex_format f) { return f == PS_TXF_F16 || f == PS_TXF_F32; }

bool ps_tex_returns_float(const ps_tex *t) { return is_float_format(t->format) || t->normalized_read; }

bool ps_tex_check(const ps_tex *t, char *why, size_t len) {
    if (t->format >= PS_TXF_COUNT) return WHY("unknown channel format");
    if (t->channels != 1 && t->channels != 2 && t->channels != 4)
        return WHY("%u channels; CUDA arrays have 1, 2 or 4", t->channels);
    if (t->dim < 1 || t->dim > 3) return WHY("%u dimensions; textures have 1, 2 or 3", t->dim);
    if (t->layered && t->dim == 3) return WHY("layered textures are 1D or 2D");
    uint32_t s[4] = {t->width, t->height, t->depth, t->layers};
    for (int i = 0; i < 4; i++)
        if (!s[i]) return WHY("a size is zero");
    /* A 1D texture over linear memory (cudaResourceTypeLinear) may have 2^27 texels (H200) */
    bool linear_1d = !t->surface && t->dim == 1 && !t->layered;
    if (t->width > (linear_1d ? 1u << 27 : 65536) || t->height > 65536 || t->depth > 65536 || t->layers > 2048)
        return WHY("sizes are at most 65536 (2048 layers; 2^27 texels for an unlayered 1D texture)");
    if ((t->dim < 2 && t->height != 1) || (t->dim < 3 && t->depth != 1) || (!t->layered && t->layers != 1))
        return WHY("sizes beyond the texture's dimensions must be 1");
    if (t->pitch && (t->surface || t->dim != 2 || t->layered))
        return WHY("a row pitch is for 2D textures (over pitched linear memory)");
    if (t->pitch && t->pitch < (uint64_t)t->width * ps_tex_texel_bytes(t))
        return WHY("the row pitch %u is smaller than a row of %u texels", t->pitch, t->width);
    if (t->buffer && (t->surface || t->dim != 1 || t->layered || t->linear || t->normalized_coords))
        return WHY("a texture over linear memory is 1D, read with unnormalized coordinates and point filtering");
    if (t->cube &&
        (t->surface || t->dim != 2 || !t->layered || t->width != t->height || t->layers % 6 ||
         (t->cube == 1 && t->layers != 6) || t->cube > 2))
        return WHY("a cubemap is a texture of square faces, six a cube (one cube, or a cubemap array of several)");
    if (t->surface) return true;
    if (t->normalized_read && (is_float_format(t->format) || ps_tex_format_size(t->format) > 2))
        return WHY("the normalized-float read mode is for 8- and 16-bit integer formats (CUDA)");
    if (t->linear && !ps_tex_returns_float(t))
        return WHY("linear filtering needs a texture that returns floats: a float format or the normalized-float "
                   "read mode (CUDA)");
    for (unsigned i = 0; i < t->dim; i++) {
        if (t->address[i] > PS_TXA_BORDER) return WHY("unknown address mode");
        if ((t->address[i] == PS_TXA_WRAP || t->address[i] == PS_TXA_MIRROR) && !t->normalized_coords)
            return WHY("wrap and mirror address modes need normalized coordinates (CUDA)");
        if (t->address[i] == PS_TXA_BORDER && !ps_tex_returns_float(t) && !t->buffer)
            return WHY("the border address mode of a texture that returns integers is not supported by ptxsim "
                       "(not measured)");
    }
    return true;
}

/* Layout (little-endian): 0 magic u32; 4 version u8 (1); 5 kind (0 texture, 1 surface); 6 format;
 * 7 channels; 8 dimensions; 9 layered; 10 read mode (1 normalized float); 11 normalized
 * coordinates; 12 filter (1 linear); 13..15 address modes; 16 address u64; 24 width, height,
 * depth, layers u32; 40 border colour f32[4]; 56 row pitch u32 (0: dense); 60 linear memory (1: zeros outside);
 * 61 cubemap (0 none, 1 a cubemap, 2 a cubemap array); 62..63 zero. */
void ps_tex_encode(const ps_tex *t, uint8_t out[PS_TEX_BYTES]) {
    memset(out, 0, PS_TEX_BYTES);
    uint32_t magic = PS_TEX_MAGIC, sz[4] = {t->width, t->height, t->depth, t->layers};
    memcpy(out, &magic, 4);
    out[4] = 1;
    out[5] = t->surface;
    out[6] = (uint8_t)t->format;
    out[7] = (uint8_t)t->channels;
    out[8] = (uint8_t)t->dim;
    out[9] = t->layered;
    out[10] = t->normalized_read;
    out[11] = t->normalized_coords;
    out[12] = t->linear;
    for (int i = 0; i < 3; i++) out[13 + i] = (uint8_t)t->address[i];
    memcpy(out + 16, &t->addr, 8);
    memcpy(out + 24, sz, 16);
    memcpy(out + 40, t->border, 16);
    memcpy(out + 56, &t->pitch, 4);
    out[60] = t->buffer;
    out[61] = t->cube;
}

bool ps_tex_decode(const uint8_t in[PS_TEX_BYTES], ps_tex *t, char *why, size_t len) {
    uint32_t magic, sz[4];
    memcpy(&magic, in, 4);
    if (magic != PS_TEX_MAGIC || in[4] != 1)
        return WHY("the handle does not name a texture or surface object made by ptxsim (describe them in the "
                   "manifest as \"texture\" or \"surface\" parameters)");
    memset(t, 0, sizeof *t);
    t->surface = in[5] == 1;
    t->format = in[6] < PS_TXF_COUNT ? (ps_tex_format)in[6] : PS_TXF_COUNT;
    t->channels = in[7];
    t->dim = in[8];
    t->layered = in[9] == 1;
    t->normalized_read = in[10] == 1;
    t->normalized_coords = in[11] == 1;
    t->linear = in[12] == 1;
    for (int i = 0; i < 3; i++) t->address[i] = in[13 + i] <= PS_TXA_BORDER ? (ps_tex_addr)in[13 + i] : PS_TXA_CLAMP;
    memcpy(&t->addr, in + 16, 8);
    memcpy(sz, in + 24, 16);
    t->width = sz[0], t->height = sz[1], t->depth = sz[2], t->layers = sz[3];
    memcpy(t->border, in + 40, 16);
    memcpy(&t->pitch, in + 56, 4);
    t->buffer = in[60] == 1;
    t->cube = in[61];
    if (in[61] > 2 || in[60] > 1 || in[5] > 1 || in[9] > 1 || in[10] > 1 || in[11] > 1 || in[12] > 1 || in[13] > 3 ||
        in[14] > 3 || in[15] > 3)
        return WHY("corrupt texture object");
    return ps_tex_check(t, why, len);
}

static uint32_t f32_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* f16 to f32, exact (every f16 is an f32). */
static float half_to_float(uint16_t h) {
    int e = (h >> 10) & 31;
    uint32_t m = h & 1023u, s = (uint32_t)(h >> 15) << 31;
    if (e == 31) return m ? (float)NAN : (s ? -INFINITY : INFINITY);
    float v = e ? ldexpf((float)(m | 1024u), e - 25) : ldexpf((float)m, -24);
    return s ? -v : v;
}

static uint32_t half_bits_to_f32(uint16_t h) {
    if ((h & 0x7c00u) == 0x7c00u && (h & 1023u)) /* NaN: sign and payload kept, quiet */
        return ((uint32_t)(h >> 15) << 31) | 0x7fc00000u | ((uint32_t)(h & 1023u) << 13);
    return f32_bits(half_to_float(h));
}

/* A normalized signed byte as a float: s / 127 (-128 reads -1); tld4 first widens it to 16 bits
 * by repeating its magnitude's 7 bits (s * 258.0079 in effect) and divides by 32767 (H200). */
static uint32_t snorm8(int32_t s, bool gather) {
    if (!gather) return f32_bits(fmaxf((float)s / 127.0f, -1.0f));
    if (s == -128) return f32_bits(-1.0f);
    int32_t m = s < 0 ? -s : s, w = m << 8 | m << 1 | m >> 6;
    return f32_bits((float)(s < 0 ? -w : w) / 32767.0f);
}

static void texel_at(const ps_tex *t, const uint8_t *base, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
                     bool gather, ps_texel *out) {
    unsigned cs = ps_tex_format_size(t->format);
    const uint8_t *p = base + ps_tex_offset(t, x, y, z, layer);
    bool fl = ps_tex_returns_float(t);
    out->is_float = fl;
    for (unsigned c = 0; c < 4; c++) {
        if (c >= t->channels) {
            out->v[c] = 0; /* a channel the format lacks reads 0, alpha too (H200, lab/textures) */
            continue;
        }
        uint32_t raw = 0;
        memcpy(&raw, p + c * cs, cs);
        uint32_t v;
        switch (t->format) {
        case PS_TXF_U8: v = t->normalized_read ? f32_bits((float)raw / 255.0f) : raw; break;
        case PS_TXF_U16: v = t->normalized_read ? f32_bits((float)raw / 65535.0f) : raw; break;
        case PS_TXF_S8: {
            int32_t s = (int8_t)raw;
            v = t->normalized_read ? snorm8(s, gather) : (uint32_t)s;
            break;
        }
        case PS_TXF_S16: {
            int32_t s = (int16_t)raw;
            v = t->normalized_read ? f32_bits(fmaxf((float)s / 32767.0f, -1.0f)) : (uint32_t)s;
            break;
        }
        case PS_TXF_F16: v = half_bits_to_f32((uint16_t)raw); break;
        default: v = raw; break; /* u32, s32, f32: the bits */
        }
        out->v[c] = v;
    }
}

void ps_tex_texel(const ps_tex *t, const uint8_t *base, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
                  ps_texel *out) {
    texel_at(t, base, x, y, z, layer, false, out);
}

/* Index i of a dimension of n texels under mode a; false when it reads the border. */
static bool address_index(ps_tex_addr a, int64_t i, uint32_t n, uint32_t *out) {
    int64_t N = n;
    switch (a) {
    case PS_TXA_WRAP:
        i %= N;
        if (i < 0) i += N;
        break;
    case PS_TXA_MIRROR: {
        int64_t m = i % (2 * N);
        if (m < 0) m += 2 * N;
        i = m < N ? m : 2 * N - 1 - m;
        break;
    }
    case PS_TXA_BORDER:
        if (i < 0 || i >= N) return false;
        break;
    default: i = i < 0 ? 0 : i >= N ? N - 1 : i; break;
    }
    *out = (uint32_t)i;
    return true;
}

/* The border colour as the texture returns it: each channel the format has goes through the
 * format (clamped to its range and quantised, then read back like a texel), the others read 0
 * (H200, lab/textures). */
/* Rounds to nearest, ties toward zero (a u16 border of 0.5 reads 32767/65535 on the H200). */
static int32_t round_tz(float q) { return q >= 0 ? (int32_t)ceilf(q - 0.5f) : (int32_t)floorf(q + 0.5f); }

/* Border channel c of a normalized integer format, quantised to the format's step: clamped to
 * [0, 1] or [-1, 1], rounded ties toward zero (u8, u16, s8, s16 only). */
static int32_t border_step(const ps_tex *t, unsigned c) {
    float b;
    memcpy(&b, &t->border[c], 4);
    switch (t->format) {
    case PS_TXF_U8: return round_tz(fminf(fmaxf(b, 0.0f), 1.0f) * 255.0f);
    case PS_TXF_U16: return round_tz(fminf(fmaxf(b, 0.0f), 1.0f) * 65535.0f);
    case PS_TXF_S8: return round_tz(fminf(fmaxf(b, -1.0f), 1.0f) * 127.0f);
    default: return round_tz(fminf(fmaxf(b, -1.0f), 1.0f) * 32767.0f); /* s16 */
    }
}

static void border_at(const ps_tex *t, bool gather, ps_texel *out) {
    if (t->buffer) { /* outside linear memory: zeros (H200) */
        out->is_float = ps_tex_returns_float(t);
        memset(out->v, 0, sizeof out->v);
        return;
    }
    out->is_float = true; /* ps_tex_check: border mode only on textures that return floats */
    for (unsigned c = 0; c < 4; c++) {
        uint32_t v = 0;
        if (c < t->channels) switch (t->format) {
            case PS_TXF_U8: v = f32_bits((float)border_step(t, c) / 255.0f); break;
            case PS_TXF_U16: v = f32_bits((float)border_step(t, c) / 65535.0f); break;
            case PS_TXF_S8: v = snorm8(border_step(t, c), gather); break;
            case PS_TXF_S16: v = f32_bits(fmaxf((float)border_step(t, c) / 32767.0f, -1.0f)); break;
            default: v = t->border[c]; break;
            }
        out->v[c] = v;
    }
}

static void border_texel(const ps_tex *t, ps_texel *out) { border_at(t, false, out); }
void ps_tex_border_texel(const ps_tex *t, ps_texel *out) { border_texel(t, out); }

/* The H200's float filter (lab/textures: fit_linear.py, 7,552 recorded 1D and 2D f32 and f16 lane
 * channels; fit_probes4.py, 15,360 more with subnormal and tiny texels): the texels of nonzero
 * weight are aligned to the largest one's exponent and kept with `align` bits there (f32: 28, 24
 * and 4 guard bits; f16: 15, 11 and 4, where 14 fits the recordings too), truncated toward zero;
 * the weighted sum of those is exact and rounded once to `bits` significant bits (24: f32; 11:
 * f16), to nearest with ties away from zero. f32 (ftz): subnormal texels were flushed by the
 * caller and the sum is rounded as if the exponent had no floor, then flushed to zero of its sign
 * when below 2^-126 (2^-126 - 2^-151 rounds up to 2^-126: case1319 of probes4). f16: the sum is
 * rounded on f16's grid, subnormals included (f16 subnormal texels are not flushed). A sum of
 * zeros is -0 when every zero of nonzero weight is -0, else +0; so is a sum that cancels exactly
 * (+0); a sum that rounds to zero keeps its sign. w[k] = W[k] / 2^24, W[k] <= 2^24; v[k] finite. */
typedef struct {
    int bits, align, emin;
    bool ftz;
} float_filter;
static const float_filter filter_f32 = {24, 28, -126, true}, filter_f16 = {11, 15, -14, false};

static int msb128(unsigned __int128 a) {
    uint64_t hi = (uint64_t)(a >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)a);
}

/* Infinite and NaN texels of nonzero weight, as the H200 filters them (lab/textures/tex_special.cu:
 * 2D f32 and f16 textures, 6,444 samples with such a texel in the footprint): a NaN, or both
 * infinities, give the canonical NaN (an f16 texture's as f32: 0x7fffe000), one infinity gives
 * itself; texels of zero weight do not count. False when no such texel counts. */
static bool nonfinite_sum(const uint32_t *W, const float *v, unsigned n, bool f16, uint32_t *out) {
    bool nan = false, pos = false, neg = false;
    for (unsigned k = 0; k < n; k++) {
        if (!W[k]) continue;
        nan |= isnan(v[k]);
        pos |= isinf(v[k]) && v[k] > 0;
        neg |= isinf(v[k]) && v[k] < 0;
    }
    if (!nan && !pos && !neg) return false;
    *out = nan || (pos && neg) ? (f16 ? 0x7fffe000u : 0x7fffffffu) : pos ? 0x7f800000u : 0xff800000u;
    return true;
}

/* Sums n values in groups of `group` corners (3D: each z slice is aligned to its own largest
 * exponent, probes4: 9,088 3D f32 lane channels; one alignment over all corners misses 6). False
 * when two groups' exponents lie more than 60 binades apart (not handled: the caller refuses). */
static bool filtered_sum(const uint32_t *W, const float *v, unsigned n, unsigned group, const float_filter *f,
                         uint32_t *out) {
    bool all_negative = true, any = false;
    for (unsigned k = 0; k < n; k++)
        if (W[k]) all_negative = all_negative && signbit(v[k]);
    int lsb = INT32_MAX, glsb[2] = {0, 0};
    int64_t gS[2] = {0, 0};
    for (unsigned g = 0; g * group < n; g++) {
        int top = INT32_MIN; /* v = m * 2^top with |m| < 1 for every value counted */
        for (unsigned k = g * group; k < (g + 1) * group; k++) {
            int ex;
            if (!W[k] || v[k] == 0) continue;
            frexp((double)v[k], &ex);
            if (ex > top) top = ex;
        }
        if (top == INT32_MIN) continue;
        any = true;
        for (unsigned k = g * group; k < (g + 1) * group; k++) /* in units of 2^(top - align - 24), < 2^55 */
            if (W[k]) gS[g] += (int64_t)W[k] * (int64_t)trunc(ldexp((double)v[k], f->align - top));
        glsb[g] = top - f->align - 24;
        if (gS[g] && glsb[g] < lsb) lsb = glsb[g];
    }
    *out = !any && all_negative ? 0x80000000u : 0;
    if (lsb == INT32_MAX) return true; /* zeros, or a sum that cancels exactly */
    __int128 S = 0;                    /* the sum in units of 2^lsb */
    for (unsigned g = 0; g < 2; g++) {
        if (!gS[g]) continue;
        if (glsb[g] - lsb > 60) return false;
        S += (__int128)gS[g] * ((__int128)1 << (glsb[g] - lsb));
    }
    if (S == 0) return true;
    unsigned __int128 A = S < 0 ? -(unsigned __int128)S : (unsigned __int128)S;
    int msb = msb128(A); /* value = A * 2^lsb */
    int drop = msb - (f->bits - 1);
    if (!f->ftz && msb + lsb < f->emin) drop = f->emin - (f->bits - 1) - lsb; /* f16's subnormal grid */
    if (drop > 0) {
        unsigned __int128 half = drop > 127 ? 0 : (unsigned __int128)1 << (drop - 1);
        unsigned __int128 rest = drop > 127 ? A : A & ((half << 1) - 1);
        A = drop > 127 ? 0 : A >> drop;
        if (drop <= 127 && rest >= half) A++; /* ties away from zero */
        lsb += drop;
    }
    if (f->ftz && A && msb128(A) + lsb < f->emin) A = 0; /* flushed after rounding */
    float r = ldexpf((float)(uint64_t)A, lsb);           /* exact: at most `bits` bits (one more after a carry) */
    *out = f32_bits(S < 0 ? -r : r);
    return true;
}

/* Floors that saturate at +-2^40 (far outside any texture), so that huge or infinite
 * coordinates address like any other out-of-range one. */
static int64_t floor_sat(double v) {
    if (v < -0x1p40) return -((int64_t)1 << 40);
    if (v > 0x1p40) return (int64_t)1 << 40;
    return (int64_t)floor(v);
}

/* The address mode of dimension d: a texture over linear memory reads zeros outside it (border). */
static ps_tex_addr mode_of(const ps_tex *t, unsigned d) { return t->buffer ? PS_TXA_BORDER : t->address[d]; }

static uint32_t size_of_dim(const ps_tex *t, unsigned d) { return d == 0 ? t->width : d == 1 ? t->height : t->depth; }

void ps_tex_sample_int(const ps_tex *t, const uint8_t *base, const int32_t *c, uint32_t layer, ps_texel *out) {
    uint32_t ix[3] = {0, 0, 0};
    if (layer >= t->layers) layer = t->layers - 1;
    for (unsigned d = 0; d < t->dim; d++)
        if (!address_index(mode_of(t, d), c[d], size_of_dim(t, d), &ix[d])) return border_texel(t, out);
    ps_tex_texel(t, base, ix[0], ix[1], ix[2], layer, out);
}

/* Channel ch of texel ix (or of the border colour, in == false) as the 16-bit fixed-point value
 * the H200's filter adds up: u8 widened to 16 bits (v * 257), u16 and s16 as they are; a border
 * channel quantised as border_at does; a channel the format lacks 0. */
static int32_t fixed16_value(const ps_tex *t, const uint8_t *base, const uint32_t *ix, uint32_t layer, bool in,
                             unsigned ch) {
    if (ch >= t->channels) return 0;
    if (!in) return t->format == PS_TXF_U8 ? border_step(t, ch) * 257 : border_step(t, ch);
    unsigned cs = ps_tex_format_size(t->format);
    const uint8_t *p = base + ps_tex_offset(t, ix[0], ix[1], ix[2], layer) + ch * cs;
    if (t->format == PS_TXF_U8) return (int32_t)p[0] * 257;
    if (t->format == PS_TXF_S8) return (int8_t)p[0]; /* the raw byte (ps_tex_snorm8_step converts the sum) */
    uint16_t v = (uint16_t)(p[0] | p[1] << 8);
    return t->format == PS_TXF_S16 ? (int32_t)(int16_t)v : (int32_t)v;
}

/* Formats whose linear filter works in 16-bit fixed point (see ps_tex_sample). */
static bool fixed16_format(const ps_tex *t) {
    return t->normalized_read && (t->format == PS_TXF_U8 || t->format == PS_TXF_U16 || t->format == PS_TXF_S16);
}

/* n * a / 256 rounded to a whole step, halves up. */
static uint32_t split_up(uint32_t n, uint32_t a) { return (n * a + 128) >> 8; }

/* 3D weights (units of 2^-24, corner k: bit 0 x, 1 y, 2 z) from the fractions a[d] in 1/256
 * steps: the H200 splits 256 by z (the z1 part a[2]), each slice by x (the x1 part rounded), each
 * (x, z) cell by y, rounding the y part on the x side of the cell (y0 in cells x0, y1 in cells x1),
 * halves up: whole 1/256 steps summing to 1 (lab/textures: 832 one-hot probe lanes). */
static void weights3d(const uint32_t *a, uint32_t *W) {
    for (unsigned bz = 0; bz < 2; bz++) {
        uint32_t S = bz ? a[2] : 256 - a[2], x1 = split_up(S, a[0]);
        for (unsigned bx = 0; bx < 2; bx++) {
            uint32_t X = bx ? x1 : S - x1;
            uint32_t y1 = bx ? split_up(X, a[1]) : X - split_up(X, 256 - a[1]);
            W[bx | bz << 2] = (X - y1) << 16;
            W[bx | 2 | bz << 2] = y1 << 16;
        }
    }
}

/* The texel a normalized coordinate u selects in a dimension of n texels (point sampling): the
 * H200 takes u in fixed point with 21 fraction bits, truncated, times n (so u = 1/3 in f32, just
 * above a third, still selects texel 0 of 3), and applies the address mode to that index: 21 is
 * the only width that fits every recorded case (lab/textures). Saturates far outside. */
int64_t ps_tex_normalized_index(double u, uint32_t n) {
    double v = u != u ? 0 : u < -0x1p20 ? -0x1p20 : u > 0x1p20 ? 0x1p20 : u;
    int64_t fx = (int64_t)floor(ldexp(v, 21));
    return (fx * (int64_t)n) >> 21; /* floor: arithmetic shift (gcc, clang) */
}

bool ps_tex_sample(const ps_tex *t, const uint8_t *base, const float *c, uint32_t layer, ps_texel *out) {
    if (layer >= t->layers) layer = t->layers - 1;
    /* the coordinate in texels: x * N for normalized coordinates, rounded to f32 */
    float xs[3] = {0, 0, 0};
    for (unsigned d = 0; d < t->dim; d++) xs[d] = t->normalized_coords ? c[d] * (float)size_of_dim(t, d) : c[d];
    if (!t->linear) {
        uint32_t ix[3] = {0, 0, 0};
        for (unsigned d = 0; d < t->dim; d++) {
            int64_t i = t->normalized_coords ? ps_tex_normalized_index(c[d], size_of_dim(t, d)) : floor_sat(xs[d]);
            if (!address_index(mode_of(t, d), i, size_of_dim(t, d), &ix[d])) {
                border_texel(t, out);
                return true;
            }
        }
        ps_tex_texel(t, base, ix[0], ix[1], ix[2], layer, out);
        return true;
    }
    /* linear: a normalized coordinate in the same 21-bit fixed point as point sampling's, times N
     * exactly (probes4: the 3D one-hot lanes at fraction half steps need 19 to 21 bits; f32(u N)
     * misses 32 of them) */
    double xd[3] = {0, 0, 0};
    for (unsigned d = 0; d < t->dim; d++) {
        double u = c[d] < -0x1p20f ? -0x1p20 : c[d] > 0x1p20f ? 0x1p20 : c[d];
        xd[d] = t->normalized_coords ? ldexp(floor(ldexp(u, 21)), -21) * size_of_dim(t, d) : xs[d];
    }
    return ps_tex_filter(t, base, xd, layer, out);
}

bool ps_tex_filter(const ps_tex *t, const uint8_t *base, const double *xs, uint32_t layer, ps_texel *out) {
    /* linear: i = floor(x - 0.5), weight frac(x - 0.5) in 9-bit fixed point with 8 fraction bits.
     * The H200 filters a 1D texture as a 2D one of height 1 sampled at y = 0: rows -1 and 0 with
     * weight 1/2 each, through the second address mode (border shows it: lab/textures). */
    unsigned dims = t->dim == 1 && !t->layered ? 2 : t->dim; /* a layered 1D one is not (cases 145, 174) */
    int64_t i0[3] = {0, 0, 0};
    float a[3] = {0, 0, 0};
    for (unsigned d = 0; d < dims; d++) {
        /* the clamp mode clamps the coordinate to the first and last texels' centres before the
         * weights are taken (probes4: 194 of the 3D one-hot lanes, where clamped corners merge,
         * need it; in 1D and 2D the merged sums do not depend on it) */
        double N = d < t->dim ? size_of_dim(t, d) : 1, x = xs[d];
        if (t->address[d] == PS_TXA_CLAMP && !t->buffer) x = x < 0.5 ? 0.5 : x > N - 0.5 ? N - 0.5 : x;
        double xb = x - 0.5;
        i0[d] = floor_sat(xb);
        double fr = xb - floor(xb);
        if (!(fr >= 0 && fr < 1)) fr = 0; /* huge coordinates: no fraction left */
        a[d] = (float)floor(fr * 256.0 + 0.5) / 256.0f;
    }
    unsigned corners = 1u << dims;
    uint32_t W[8];
    float vals[4][8];
    /* infinite and NaN values are not measured: the result is then not claimed (false). Subnormal
     * f32 texels read as zero of their sign (H200: probes3's cases 581 and 582, probes4's 1309-1428);
     * f16 subnormals are normal f32 values and filter as they are (probes4). */
    bool f16 = t->format == PS_TXF_F16, special = false;
    /* normalized u8, u16 and s16 filter in 16-bit fixed point (u8 widened as v * 257): the sum of
     * weight x value rounded to 16 bits, halves up, then divided by 65535 or 32767 (H200: 320 probe
     * lanes; s8 does not follow this and is not modelled, nor are 3D footprints) */
    bool fixed16 = fixed16_format(t);
    /* normalized s8 adds the raw bytes exactly, T = sum of weight x byte, and converts T to a 16-bit
     * step by the H200's table (texture_s8.c: every T measured) */
    bool snorm8 = t->normalized_read && t->format == PS_TXF_S8;
    int64_t isum[4] = {0, 0, 0, 0};
    /* corner k's weight in units of 2^-24: in 2D the H200's whole 1/256 steps, the (1,1) one
     * rounded and the others what is left (lab/textures); otherwise the product */
    uint32_t wd[3] = {(uint32_t)(a[0] * 256.0f), (uint32_t)(a[1] * 256.0f), (uint32_t)(a[2] * 256.0f)};
    if (dims == 2) {
        uint32_t w11 = (wd[0] * wd[1] + 128) >> 8;
        W[0] = (256 - wd[0] - wd[1] + w11) << 16, W[1] = (wd[0] - w11) << 16, W[2] = (wd[1] - w11) << 16;
        W[3] = w11 << 16;
    } else if (dims == 3) {
        weights3d(wd, W);
    } else { /* a layered 1D texture: plain 1D */
        W[0] = (256 - wd[0]) << 16, W[1] = wd[0] << 16;
    }
    for (unsigned k = 0; k < corners; k++) {
        ps_texel tx;
        uint32_t ix[3] = {0, 0, 0};
        bool in = true;
        for (unsigned d = 0; d < dims; d++)
            if (!address_index(t->address[d], i0[d] + (k >> d & 1), size_of_dim(t, d), &ix[d])) in = false;
        if (in) ps_tex_texel(t, base, ix[0], ix[1], ix[2], layer, &tx);
        else border_texel(t, &tx);
        for (unsigned ch = 0; (fixed16 || snorm8) && ch < 4; ch++)
            isum[ch] += (int64_t)(W[k] >> 16) * fixed16_value(t, base, ix, layer, in, ch);
        for (int ch = 0; ch < 4; ch++) {
            memcpy(&vals[ch][k], &tx.v[ch], 4);
            float m = fabsf(vals[ch][k]);
            if (isfinite(m) && m != 0 && m < 0x1p-126f) vals[ch][k] = copysignf(0.0f, vals[ch][k]);
        }
    }
    out->is_float = true;
    for (int ch = 0; ch < 4; ch++) {
        if (snorm8) {
            out->v[ch] = f32_bits((float)ps_tex_snorm8_step((int32_t)isum[ch]) / 32767.0f);
            continue;
        }
        if (fixed16) {
            int64_t q = (isum[ch] + 128) >> 8; /* arithmetic shift: floor */
            out->v[ch] =
                t->format == PS_TXF_S16 ? f32_bits(fmaxf((float)q / 32767.0f, -1.0f)) : f32_bits((float)q / 65535.0f);
            continue;
        }
        if (nonfinite_sum(W, vals[ch], corners, f16, &out->v[ch])) continue;
        if (!special) {
            if (filtered_sum(W, vals[ch], corners, dims == 3 ? 4 : corners, f16 ? &filter_f16 : &filter_f32,
                             &out->v[ch]))
                continue;
            special = true; /* z slices too far apart in magnitude: not handled */
        }
        float acc = 0;
        for (unsigned k = 0; k < corners; k++) acc += ldexpf((float)W[k], -24) * vals[ch][k];
        out->v[ch] = f32_bits(acc);
    }
    return fixed16 || snorm8 || !special;
}

void ps_tex_gather(const ps_tex *t, const uint8_t *base, const float *c, uint32_t layer, unsigned comp, ps_texel *out) {
    double xs[2];
    for (unsigned d = 0; d < 2; d++) xs[d] = t->normalized_coords ? c[d] * (float)size_of_dim(t, d) : c[d];
    ps_tex_gather_at(t, base, xs, layer, comp, out);
}

void ps_tex_gather_at(const ps_tex *t, const uint8_t *base, const double *xs, uint32_t layer, unsigned comp,
                      ps_texel *out) {
    if (layer >= t->layers) layer = t->layers - 1;
    int64_t i0[2];
    /* x - 0.5 taken in fixed point with 8 fraction bits, rounded (as the linear filter's weight):
     * a fraction that rounds to 1 moves the footprint one texel on (cube_gather.cu: 20 of 6,144
     * gathers land there; floor(x - 0.5) itself misses them) */
    for (unsigned d = 0; d < 2; d++) i0[d] = floor_sat(floor((xs[d] - 0.5) * 256.0 + 0.5) / 256.0);
    static const unsigned dx[4] = {0, 1, 1, 0}, dy[4] = {1, 1, 0, 0};
    for (int k = 0; k < 4; k++) {
        uint32_t ix, iy;
        ps_texel tx;
        if (address_index(t->address[0], i0[0] + dx[k], t->width, &ix) &&
            address_index(t->address[1], i0[1] + dy[k], t->height, &iy))
            texel_at(t, base, ix, iy, 0, layer, true, &tx);
        else border_at(t, true, &tx);
        out->v[k] = tx.v[comp];
        out->is_float = tx.is_float;
    }
}
