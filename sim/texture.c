/* texture.c — texture and surface objects: checks, ptxsim's 64-byte encoding, texel reads and
 * the sampling rules of the CUDA programming guide's texture-fetching appendix (docs/textures.md
 * says which parts are measured on a GPU and which follow the documents only). */
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
    return (uint64_t)t->width * t->height * t->depth * t->layers * ps_tex_texel_bytes(t);
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
    if (t->width > 65536 || t->height > 65536 || t->depth > 65536 || t->layers > 2048)
        return WHY("sizes are at most 65536 (2048 layers)");
    if ((t->dim < 2 && t->height != 1) || (t->dim < 3 && t->depth != 1) || (!t->layered && t->layers != 1))
        return WHY("sizes beyond the texture's dimensions must be 1");
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
        if (t->address[i] == PS_TXA_BORDER && !ps_tex_returns_float(t))
            return WHY("the border address mode of a texture that returns integers is not supported by ptxsim "
                       "(not measured)");
    }
    return true;
}

/* Layout (little-endian): 0 magic u32; 4 version u8 (1); 5 kind (0 texture, 1 surface); 6 format;
 * 7 channels; 8 dimensions; 9 layered; 10 read mode (1 normalized float); 11 normalized
 * coordinates; 12 filter (1 linear); 13..15 address modes; 16 address u64; 24 width, height,
 * depth, layers u32; 40 border colour f32[4]; 56..63 zero. */
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
    if (in[5] > 1 || in[9] > 1 || in[10] > 1 || in[11] > 1 || in[12] > 1 || in[13] > 3 || in[14] > 3 || in[15] > 3)
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

void ps_tex_texel(const ps_tex *t, const uint8_t *base, uint32_t x, uint32_t y, uint32_t z, uint32_t layer,
                  ps_texel *out) {
    unsigned cs = ps_tex_format_size(t->format);
    uint64_t idx = (((uint64_t)layer * t->depth + z) * t->height + y) * t->width + x;
    const uint8_t *p = base + idx * ps_tex_texel_bytes(t);
    bool fl = ps_tex_returns_float(t);
    out->is_float = fl;
    for (unsigned c = 0; c < 4; c++) {
        if (c >= t->channels) {
            out->v[c] = c < 3 ? 0 : fl ? f32_bits(1.0f) : 1;
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
            v = t->normalized_read ? f32_bits(fmaxf((float)s / 127.0f, -1.0f)) : (uint32_t)s;
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

/* Index i of a dimension of n texels under mode a; false when it reads the border. */
static bool address_index(ps_tex_addr a, int64_t i, uint32_t n, uint32_t *out) {
    int64_t N = n;
    switch (a) {
    case PS_TXA_WRAP: i %= N; if (i < 0) i += N; break;
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

static void border_texel(const ps_tex *t, ps_texel *out) {
    out->is_float = true; /* ps_tex_check: border mode only on textures that return floats */
    memcpy(out->v, t->border, 16);
}

/* Floors that saturate at +-2^40 (far outside any texture), so that huge or infinite
 * coordinates address like any other out-of-range one. */
static int64_t floor_sat(double v) {
    if (v < -0x1p40) return -((int64_t)1 << 40);
    if (v > 0x1p40) return (int64_t)1 << 40;
    return (int64_t)floor(v);
}

static uint32_t size_of_dim(const ps_tex *t, unsigned d) { return d == 0 ? t->width : d == 1 ? t->height : t->depth; }

void ps_tex_sample_int(const ps_tex *t, const uint8_t *base, const int32_t *c, uint32_t layer, ps_texel *out) {
    uint32_t ix[3] = {0, 0, 0};
    if (layer >= t->layers) layer = t->layers - 1;
    for (unsigned d = 0; d < t->dim; d++)
        if (!address_index(t->address[d], c[d], size_of_dim(t, d), &ix[d])) return border_texel(t, out);
    ps_tex_texel(t, base, ix[0], ix[1], ix[2], layer, out);
}

void ps_tex_sample(const ps_tex *t, const uint8_t *base, const float *c, uint32_t layer, ps_texel *out) {
    if (layer >= t->layers) layer = t->layers - 1;
    /* the coordinate in texels: x * N for normalized coordinates, rounded to f32 */
    float xs[3] = {0, 0, 0};
    for (unsigned d = 0; d < t->dim; d++) xs[d] = t->normalized_coords ? c[d] * (float)size_of_dim(t, d) : c[d];
    if (!t->linear) {
        uint32_t ix[3] = {0, 0, 0};
        for (unsigned d = 0; d < t->dim; d++)
            if (!address_index(t->address[d], floor_sat(xs[d]), size_of_dim(t, d), &ix[d]))
                return border_texel(t, out);
        ps_tex_texel(t, base, ix[0], ix[1], ix[2], layer, out);
        return;
    }
    /* linear: i = floor(x - 0.5), weight frac(x - 0.5) in 9-bit fixed point with 8 fraction bits */
    int64_t i0[3] = {0, 0, 0};
    float a[3] = {0, 0, 0};
    for (unsigned d = 0; d < t->dim; d++) {
        double xb = (double)xs[d] - 0.5;
        i0[d] = floor_sat(xb);
        double fr = xb - floor(xb);
        if (!(fr >= 0 && fr < 1)) fr = 0; /* huge coordinates: no fraction left */
        a[d] = (float)floor(fr * 256.0 + 0.5) / 256.0f;
    }
    float acc[4] = {0, 0, 0, 0};
    unsigned corners = 1u << t->dim;
    for (unsigned k = 0; k < corners; k++) {
        float w = 1.0f;
        ps_texel tx;
        uint32_t ix[3] = {0, 0, 0};
        bool in = true;
        for (unsigned d = 0; d < t->dim; d++) {
            unsigned hi = k >> d & 1;
            w *= hi ? a[d] : 1.0f - a[d];
            if (!address_index(t->address[d], i0[d] + hi, size_of_dim(t, d), &ix[d])) in = false;
        }
        if (in) ps_tex_texel(t, base, ix[0], ix[1], ix[2], layer, &tx);
        else border_texel(t, &tx);
        for (int ch = 0; ch < 4; ch++) {
            float v;
            memcpy(&v, &tx.v[ch], 4);
            acc[ch] += w * v;
        }
    }
    out->is_float = true;
    for (int ch = 0; ch < 4; ch++) out->v[ch] = f32_bits(acc[ch]);
}

void ps_tex_gather(const ps_tex *t, const uint8_t *base, const float *c, uint32_t layer, unsigned comp,
                   ps_texel *out) {
    if (layer >= t->layers) layer = t->layers - 1;
    int64_t i0[2];
    for (unsigned d = 0; d < 2; d++) {
        float xs = t->normalized_coords ? c[d] * (float)size_of_dim(t, d) : c[d];
        i0[d] = floor_sat((double)xs - 0.5);
    }
    static const unsigned dx[4] = {0, 1, 1, 0}, dy[4] = {1, 1, 0, 0};
    for (int k = 0; k < 4; k++) {
        uint32_t ix, iy;
        ps_texel tx;
        if (address_index(t->address[0], i0[0] + dx[k], t->width, &ix) &&
            address_index(t->address[1], i0[1] + dy[k], t->height, &iy))
            ps_tex_texel(t, base, ix, iy, 0, layer, &tx);
        else
            border_texel(t, &tx);
        out->v[k] = tx.v[comp];
        out->is_float = tx.is_float;
    }
}
