/* tensormap.c — tiled and im2col tensor maps: checks, ptxsim's 128-byte encoding, box geometry,
 * the im2col traversal. */
#include "tensormap.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    unsigned size;
} types[PS_TMT_COUNT] = {{"u8", 1},  {"u16", 2}, {"u32", 4}, {"s32", 4}, {"u64", 8},
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

/* cuTensorMapEncodeIm2col's rules: rank 3..5, corners within +-2^15 (rank 3), 2^7 (4), 2^4 (5),
 * a bounding box of nonzero area, channels per pixel 1..256, pixels per column 1..1024. */
static bool check_im2col(const ps_tmap *m, char *why, size_t len) {
    if (m->rank < 3) return WHY("an im2col map has rank 3, 4 or 5 (not %u)", m->rank);
    int lim = m->rank == 3 ? 32768 : m->rank == 4 ? 128 : 16;
    for (unsigned i = 0; i + 2 < m->rank; i++) {
        if (m->lower[i] < -lim || m->lower[i] >= lim || m->upper[i] < -lim || m->upper[i] >= lim)
            return WHY("pixel box corner %u (%d, %d) is outside %d..%d for rank %u", i, m->lower[i], m->upper[i], -lim,
                       lim - 1, m->rank);
        if ((int64_t)m->dims[i + 1] - 1 + m->upper[i] < m->lower[i])
            return WHY("the pixel bounding box is empty in dimension %u", i + 1);
    }
    if (m->cpp < 1 || m->cpp > 256) return WHY("channels per pixel %u is not 1..256", m->cpp);
    if (m->ppc < 1 || m->ppc > 1024) return WHY("pixels per column %u is not 1..1024", m->ppc);
    if (m->box[0] != m->cpp || m->box[1] != m->ppc) return WHY("corrupt im2col box");
    for (unsigned i = 2; i < m->rank; i++)
        if (m->box[i] != 1) return WHY("corrupt im2col box");
    return true;
}

bool ps_tmap_check(const ps_tmap *m, char *why, size_t len) {
    if (m->type >= PS_TMT_COUNT) return WHY("unknown element type");
    if (m->rank < 1 || m->rank > PS_TMAP_MAX_RANK) return WHY("rank %u is not 1..5", m->rank);
    if (m->mode > PS_TMM_IM2COL) return WHY("unknown tensor map mode");
    if (m->mode == PS_TMM_IM2COL && !check_im2col(m, why, len)) return false;
    unsigned es = types[m->type].size;
    if (m->strides[0] != es) return WHY("the innermost stride must be the element size (%u)", es);
    for (unsigned i = 0; i < m->rank; i++) {
        if (m->dims[i] < 1 || m->dims[i] > (1ull << 32))
            return WHY("dims[%u] = %llu is not 1..2^32", i, (unsigned long long)m->dims[i]);
        if (m->mode == PS_TMM_TILED && (m->box[i] < 1 || m->box[i] > 256))
            return WHY("box[%u] = %u is not 1..256", i, m->box[i]);
        if (m->estrides[i] < 1 || m->estrides[i] > 8)
            return WHY("element_strides[%u] = %u is not 1..8", i, m->estrides[i]);
        if (m->estrides[i] != 1 && m->mode == PS_TMM_TILED)
            return WHY("element strides other than 1 are not supported by ptxsim yet for tiled maps");
        if (i && (m->strides[i] % 16 || m->strides[i] >= (1ull << 40)))
            return WHY("strides[%u] = %llu bytes is not a multiple of 16 below 2^40", i - 1,
                       (unsigned long long)m->strides[i]);
    }
    uint64_t inner = (uint64_t)m->box[0] * es;
    if (inner % 16)
        return WHY("the box's innermost dimension is %llu bytes, not a multiple of 16", (unsigned long long)inner);
    unsigned span = swizzle_span(m->swizzle);
    if (span && inner > span)
        return WHY("the box's innermost dimension (%llu bytes) exceeds the %uB swizzle span", (unsigned long long)inner,
                   span);
    if (m->fill == PS_TMF_NAN && m->type != PS_TMT_F32)
        return WHY("NaN out-of-bounds fill is supported for f32 only (the value measured on an H200)");
    if (m->l2 > PS_TML2_256B) return WHY("unknown L2 promotion");
    return true;
}

/* Layout (little-endian): 0 magic u32; 4 version u8 (1); 5 type; 6 rank; 7 swizzle; 8 L2
 * promotion; 9 OOB fill; 10 mode (0 tiled, 1 im2col); 11..15 zero; 16 address u64; 24 dims
 * u64[5]; 64 strides of dims 1..4 u64[4]; 96 box u16[5] (im2col: zero); 106 element strides
 * u8[5]; 111 zero; im2col: 112 channels per pixel u16, 114 pixels per column u16, 116 lower
 * corners s16[3], 122 upper corners s16[3] (tiled: 112..127 zero). */
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
    out[10] = (uint8_t)m->mode;
    memcpy(out + 16, &m->addr, 8);
    for (unsigned i = 0; i < PS_TMAP_MAX_RANK; i++) {
        uint64_t d = i < m->rank ? m->dims[i] : 0;
        memcpy(out + 24 + 8 * i, &d, 8);
        if (i >= 1) {
            uint64_t s = i < m->rank ? m->strides[i] : 0;
            memcpy(out + 64 + 8 * (i - 1), &s, 8);
        }
        uint16_t b = i < m->rank && m->mode == PS_TMM_TILED ? (uint16_t)m->box[i] : 0;
        memcpy(out + 96 + 2 * i, &b, 2);
        out[106 + i] = i < m->rank ? (uint8_t)m->estrides[i] : 0;
    }
    if (m->mode == PS_TMM_IM2COL) {
        uint16_t v[2] = {(uint16_t)m->cpp, (uint16_t)m->ppc};
        memcpy(out + 112, v, 4);
        for (int i = 0; i < 3; i++) {
            int16_t lo = (int16_t)m->lower[i], hi = (int16_t)m->upper[i];
            memcpy(out + 116 + 2 * i, &lo, 2);
            memcpy(out + 122 + 2 * i, &hi, 2);
        }
    }
}

bool ps_tmap_decode(const uint8_t in[PS_TMAP_BYTES], ps_tmap *m, char *why, size_t len) {
    uint32_t magic;
    memcpy(&magic, in, 4);
    if (magic != PS_TMAP_MAGIC || in[4] != 1)
        return WHY("the 128 bytes are not a tensor map made by ptxsim (magic 0x%08x, expected 0x%08x: "
                   "describe tensor maps in the manifest as \"tensormap\" parameters)",
                   magic, PS_TMAP_MAGIC);
    memset(m, 0, sizeof *m);
    m->type = in[5] < PS_TMT_COUNT ? (ps_tmap_type)in[5] : PS_TMT_COUNT;
    m->rank = in[6];
    m->swizzle = (ps_tmap_swizzle)(in[7] & 3);
    m->l2 = (ps_tmap_l2)in[8];
    m->fill = (ps_tmap_fill)(in[9] & 1);
    m->mode = (ps_tmap_mode)(in[10] & 1);
    if (in[7] > 3 || in[9] > 1 || in[10] > 1)
        return WHY("corrupt tensor map (swizzle %u, fill %u, mode %u)", in[7], in[9], in[10]);
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
    if (m->mode == PS_TMM_IM2COL) {
        uint16_t v[2];
        memcpy(v, in + 112, 4);
        m->cpp = v[0], m->ppc = v[1];
        for (int i = 0; i < 3; i++) {
            int16_t lo, hi;
            memcpy(&lo, in + 116 + 2 * i, 2);
            memcpy(&hi, in + 122 + 2 * i, 2);
            m->lower[i] = lo, m->upper[i] = hi;
        }
        for (unsigned i = 0; i < m->rank && i < PS_TMAP_MAX_RANK; i++)
            m->box[i] = i == 0 ? m->cpp : i == 1 ? m->ppc : 1;
    }
    char e[160];
    if (!ps_tmap_check(m, e, sizeof e)) return WHY("corrupt tensor map: %s", e);
    return true;
}

bool ps_tmap_offset_of(const ps_tmap *m, const int64_t c[PS_TMAP_MAX_RANK], uint64_t *off) {
    uint64_t o = 0;
    for (unsigned i = 0; i < m->rank; i++) {
        if (c[i] < 0 || (uint64_t)c[i] >= m->dims[i]) return false;
        o += (uint64_t)c[i] * m->strides[i];
    }
    *off = o;
    return true;
}

void ps_tmap_im2col_pixels(const ps_tmap *m, const int32_t coord[PS_TMAP_MAX_RANK], const int32_t off[3],
                           int32_t (*row)[PS_TMAP_MAX_RANK]) {
    unsigned ns = m->rank - 2; /* spatial dimensions 1..ns */
    int64_t pix[PS_TMAP_MAX_RANK] = {0};
    for (unsigned i = 1; i < m->rank; i++) pix[i] = coord[i];
    for (uint32_t p = 0; p < m->ppc; p++) {
        row[p][0] = 0;
        for (unsigned i = 1; i <= ns; i++) row[p][i] = (int32_t)(pix[i] + off[i - 1]);
        row[p][m->rank - 1] = (int32_t)pix[m->rank - 1];
        /* next pixel: W by its element stride; past the box's upper corner back to its lower
         * corner and carry into H, D, and finally N (by N's element stride: measured, 2) */
        unsigned i = 1;
        for (; i <= ns; i++) {
            pix[i] += m->estrides[i];
            if (pix[i] <= (int64_t)m->dims[i] - 1 + m->upper[i - 1]) break;
            pix[i] = m->lower[i - 1];
        }
        if (i > ns) pix[m->rank - 1] += m->estrides[m->rank - 1];
    }
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
