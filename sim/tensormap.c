/* tensormap.c — tiled tensor maps: checks, ptxsim's 128-byte encoding, box geometry. */
#include "tensormap.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    unsigned size;
} types[PS_TMT_COUNT] = {{"u8", 1}, {"u16", 2}, {"u32", 4}, {"s32", 4}, {"u64", 8},
                         {"s64", 8}, {"f16", 2}, {"f32", 4}, {"f64", 8}, {"bf16", 2}};

ps_tmap_type ps_tmap_type_lookup(const char *name) {
    for (int t = 0; t < PS_TMT_COUNT; t++)
        if (!strcmp(types[t].name, name)) return (ps_tmap_type)t;
    return PS_TMT_COUNT;
}

const char *ps_tmap_type_name(ps_tmap_type t) { return t < PS_TMT_COUNT ? types[t].name : "?"; }
unsigned ps_tmap_type_size(ps_tmap_type t) { return t < PS_TMT_COUNT ? types[t].size : 0; }

static unsigned swizzle_span(ps_tmap_swizzle s) { return s == PS_TMS_NONE ? 0 : 16u << s; }

#define WHY(...) (snprintf(why, len, __VA_ARGS__), false)

bool ps_tmap_check(const ps_tmap *m, char *why, size_t len) {
    if (m->type >= PS_TMT_COUNT) return WHY("unknown element type");
    if (m->rank < 1 || m->rank > PS_TMAP_MAX_RANK) return WHY("rank %u is not 1..5", m->rank);
    unsigned es = types[m->type].size;
    if (m->strides[0] != es) return WHY("the innermost stride must be the element size (%u)", es);
    for (unsigned i = 0; i < m->rank; i++) {
        if (m->dims[i] < 1 || m->dims[i] > (1ull << 32))
            return WHY("dims[%u] = %llu is not 1..2^32", i, (unsigned long long)m->dims[i]);
        if (m->box[i] < 1 || m->box[i] > 256) return WHY("box[%u] = %u is not 1..256", i, m->box[i]);
        if (m->estrides[i] < 1 || m->estrides[i] > 8)
            return WHY("element_strides[%u] = %u is not 1..8", i, m->estrides[i]);
        if (m->estrides[i] != 1)
            return WHY("element strides other than 1 are not supported by ptxsim yet");
        if (i && (m->strides[i] % 16 || m->strides[i] >= (1ull << 40)))
            return WHY("strides[%u] = %llu bytes is not a multiple of 16 below 2^40", i - 1,
                       (unsigned long long)m->strides[i]);
    }
    uint64_t inner = (uint64_t)m->box[0] * es;
    if (inner % 16) return WHY("the box's innermost dimension is %llu bytes, not a multiple of 16", (unsigned long long)inner);
    unsigned span = swizzle_span(m->swizzle);
    if (span && inner > span)
        return WHY("the box's innermost dimension (%llu bytes) exceeds the %uB swizzle span",
                   (unsigned long long)inner, span);
    if (m->fill == PS_TMF_NAN && m->type != PS_TMT_F32)
        return WHY("NaN out-of-bounds fill is supported for f32 only (the value measured on an H200)");
    if (m->l2 > PS_TML2_256B) return WHY("unknown L2 promotion");
    return true;
}

/* Layout (little-endian): 0 magic u32; 4 version u8 (1); 5 type; 6 rank; 7 swizzle; 8 L2
 * promotion; 9 OOB fill; 10..15 zero; 16 address u64; 24 dims u64[5]; 64 strides of dims 1..4
 * u64[4]; 96 box u16[5]; 106 element strides u8[5]; 111..127 zero. */
void ps_tmap_encode(const ps_tmap *m, uint8_t out[PS_TMAP_BYTES]) {
    memset(out, 0, PS_TMAP_BYTES);
    uint32_t magic = PS_TMAP_MAGIC;
    memcpy(out, &magic, 4);
    out[4] = 1;
    out[5] = (uint8_t)m->type;
    out[6] = (uint8_t)m->rank;
    out[7] = (uint8_t)m->swizzle;
    out[8] = (uint8_t)m->l2;
    out[9] = (uint8_t)m->fill;
    memcpy(out + 16, &m->addr, 8);
    for (unsigned i = 0; i < PS_TMAP_MAX_RANK; i++) {
        uint64_t d = i < m->rank ? m->dims[i] : 0;
        memcpy(out + 24 + 8 * i, &d, 8);
        if (i >= 1) {
            uint64_t s = i < m->rank ? m->strides[i] : 0;
            memcpy(out + 64 + 8 * (i - 1), &s, 8);
        }
        uint16_t b = i < m->rank ? (uint16_t)m->box[i] : 0;
        memcpy(out + 96 + 2 * i, &b, 2);
        out[106 + i] = i < m->rank ? (uint8_t)m->estrides[i] : 0;
    }
}

bool ps_tmap_decode(const uint8_t in[PS_TMAP_BYTES], ps_tmap *m, char *why, size_t len) {
    uint32_t magic;
    memcpy(&magic, in, 4);
    if (magic != PS_TMAP_MAGIC || in[4] != 1)
        return WHY("the 128 bytes are not a tensor map made by ptxsim (magic 0x%08x, expected 0x%08x: "
                   "describe tensor maps in the manifest as \"tensormap\" parameters)", magic, PS_TMAP_MAGIC);
    memset(m, 0, sizeof *m);
    m->type = in[5] < PS_TMT_COUNT ? (ps_tmap_type)in[5] : PS_TMT_COUNT;
    m->rank = in[6];
    m->swizzle = (ps_tmap_swizzle)(in[7] & 3);
    m->l2 = (ps_tmap_l2)in[8];
    m->fill = (ps_tmap_fill)(in[9] & 1);
    if (in[7] > 3 || in[9] > 1) return WHY("corrupt tensor map (swizzle %u, fill %u)", in[7], in[9]);
    memcpy(&m->addr, in + 16, 8);
    for (unsigned i = 0; i < PS_TMAP_MAX_RANK && i < m->rank; i++) {
        memcpy(&m->dims[i], in + 24 + 8 * i, 8);
        if (i) memcpy(&m->strides[i], in + 64 + 8 * (i - 1), 8);
        uint16_t b;
        memcpy(&b, in + 96 + 2 * i, 2);
        m->box[i] = b;
        m->estrides[i] = in[106 + i];
    }
    m->strides[0] = ps_tmap_type_size(m->type);
    char e[160];
    if (!ps_tmap_check(m, e, sizeof e)) return WHY("corrupt tensor map: %s", e);
    return true;
}

uint64_t ps_tmap_box_elems(const ps_tmap *m) {
    uint64_t n = 1;
    for (unsigned i = 0; i < m->rank; i++) n *= m->box[i];
    return n;
}

bool ps_tmap_global_offset(const ps_tmap *m, const int32_t coord[PS_TMAP_MAX_RANK], uint64_t k, uint64_t *off) {
    uint64_t o = 0;
    for (unsigned i = 0; i < m->rank; i++) {
        int64_t c = (int64_t)coord[i] + (int64_t)(k % m->box[i]);
        k /= m->box[i];
        if (c < 0 || (uint64_t)c >= m->dims[i]) return false;
        o += (uint64_t)c * m->strides[i];
    }
    *off = o;
    return true;
}

static uint64_t row_pitch(const ps_tmap *m) {
    uint64_t inner = (uint64_t)m->box[0] * ps_tmap_type_size(m->type), span = swizzle_span(m->swizzle);
    return inner > span ? inner : span;
}

uint64_t ps_tmap_smem_addr(const ps_tmap *m, uint64_t base, uint64_t k) {
    uint64_t a = base + k / m->box[0] * row_pitch(m) + k % m->box[0] * ps_tmap_type_size(m->type);
    if (m->swizzle == PS_TMS_NONE) return a;
    uint64_t mask = (1u << m->swizzle) - 1; /* 32B: 1, 64B: 3, 128B: 7 */
    return a ^ ((a >> 7 & mask) << 4);
}

uint64_t ps_tmap_smem_span(const ps_tmap *m) { return ps_tmap_box_elems(m) / m->box[0] * row_pitch(m); }

uint64_t ps_tmap_fill_bits(const ps_tmap *m) {
    /* measured: an H200 fills out-of-bounds f32 elements of a NaN-fill map with 0x7ff77ff7
     * (corpus/tma_tile, raw.gpu.bin bytes 3072..4095) */
    return m->fill == PS_TMF_NAN ? 0x7ff77ff7u : 0;
}
