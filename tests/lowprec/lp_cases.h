/* lp_cases.h — the low-precision differential cases shared by the H200 probe
 * (lab/lowprec/lp_probe.c) and the simulator's replay (tests/test_half_h200.c): one row per PTX
 * instruction variant, the kernel text it runs in, and the deterministic input generators. Both
 * sides build the same PTX and the same inputs from this header, so the committed GPU results
 * (lp_h200.txt) can be compared without a GPU. Header-only on purpose: the probe is compiled
 * alone on the GPU host. */
#ifndef LP_CASES_H
#define LP_CASES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define LP_N 65536 /* inputs per variant */

/* Input generators: what a, b and c hold (each a 64-bit word, read at the width the body uses). */
enum {
    G_ALL16,    /* a = i: every 16-bit pattern (unary f16/bf16, cvt from 16-bit types) */
    G_ALL16X2,  /* a = two 16-bit halves, each half covering every pattern */
    G_F16_3,    /* a, b, c: f16 values rich in special values (binary and ternary ops) */
    G_BF16_3,   /* the same for bf16 */
    G_F16X2_3,  /* two f16 per 32-bit word, each half from G_F16_3 */
    G_BF16X2_3, /* two bf16 per word */
    G_F32_2,    /* a, b: f32 near rounding boundaries of the narrow formats, specials */
    G_F64_1,    /* a: f64 near rounding boundaries of f32/f16/bf16, specials */
    G_S32_3,    /* a, b: s32 near the saturation limits of 2/4/8/16-bit types, c: any bits */
    G_ALL16_A,  /* every 16-bit pattern in a (two halves as G_ALL16X2), b = c = 0 */
    G_ALL16_B,  /* ... in b, a = c = 0 */
    G_ALL16_C   /* ... in c, a = b = 0 */
};

typedef struct {
    const char *name; /* kernel name and test label */
    const char *body; /* PTX lines: sources %ha %hb %hc / %wa %wb %wc / %xa %xb %xc, result
                         %hd, %wd or %xd by outw */
    int gen;
    int outw; /* result width in bits: 16, 32 or 64 */
} lp_case;

static const lp_case LP_CASES[] = {
#define LP(n, b, g, w) {n, b, g, w},
#include "lp_cases.def"
#undef LP
};
#define LP_NCASES ((int)(sizeof LP_CASES / sizeof LP_CASES[0]))

/* ---- PTX text -------------------------------------------------------------------------- */
/* Writes the kernel for case c into buf (NUL-terminated); returns the length, or -1 if it does
 * not fit. Thread i reads a[i], b[i], c[i] (8 bytes each) and writes d[i] (8 bytes). */
static inline int lp_ptx(const lp_case *c, char *buf, size_t cap) {
    const char *store = c->outw == 16 ? "cvt.u64.u16 %xd, %hd;" : c->outw == 32 ? "cvt.u64.u32 %xd, %wd;" : "";
    int n = snprintf(buf, cap,
                     ".version 8.5\n.target sm_90\n.address_size 64\n"
                     ".visible .entry %s(.param .u64 pa, .param .u64 pb, .param .u64 pc, "
                     ".param .u64 pd, .param .u32 pn)\n{\n"
                     ".reg .b64 %%ra, %%rb, %%rc, %%rd, %%off, %%xa, %%xb, %%xc, %%xd;\n"
                     ".reg .b32 %%i, %%n, %%t, %%wa, %%wb, %%wc, %%wd, %%wt;\n"
                     ".reg .b16 %%ha, %%hb, %%hc, %%hd, %%ht;\n"
                     ".reg .pred %%p, %%q, %%pn;\n"
                     "mov.u32 %%i, %%ctaid.x;\nmov.u32 %%t, %%ntid.x;\nmul.lo.u32 %%i, %%i, %%t;\n"
                     "mov.u32 %%t, %%tid.x;\nadd.u32 %%i, %%i, %%t;\n"
                     "ld.param.u32 %%n, [pn];\nsetp.ge.u32 %%pn, %%i, %%n;\n@%%pn ret;\n"
                     "mul.wide.u32 %%off, %%i, 8;\n"
                     "ld.param.u64 %%ra, [pa];\nld.param.u64 %%rb, [pb];\n"
                     "ld.param.u64 %%rc, [pc];\nld.param.u64 %%rd, [pd];\n"
                     "add.u64 %%ra, %%ra, %%off;\nadd.u64 %%rb, %%rb, %%off;\n"
                     "add.u64 %%rc, %%rc, %%off;\nadd.u64 %%rd, %%rd, %%off;\n"
                     "ld.global.u64 %%xa, [%%ra];\nld.global.u64 %%xb, [%%rb];\n"
                     "ld.global.u64 %%xc, [%%rc];\n"
                     "cvt.u32.u64 %%wa, %%xa;\ncvt.u32.u64 %%wb, %%xb;\ncvt.u32.u64 %%wc, %%xc;\n"
                     "cvt.u16.u64 %%ha, %%xa;\ncvt.u16.u64 %%hb, %%xb;\ncvt.u16.u64 %%hc, %%xc;\n"
                     "mov.u64 %%xd, 0;\nmov.u32 %%wd, 0;\nmov.u16 %%hd, 0;\n"
                     "%s\n%s\nst.global.u64 [%%rd], %%xd;\nret;\n}\n",
                     c->name, c->body, store);
    return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* ---- inputs ---------------------------------------------------------------------------- */
typedef struct {
    uint64_t s;
} lp_rng;
static inline uint64_t lp_next(lp_rng *r) {
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return r->s * 0x2545f4914f6cdd1dull;
}

static const uint16_t LP_F16_SPECIAL[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400,
                                          0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00,
                                          0x7c01, 0xfd55, 0x7fff, 0x3bff, 0x3c01, 0x3800, 0x4000, 0x0200,
                                          0x1400, 0x5bff, 0x7800, 0x0002, 0x3555, 0xb555, 0x7d00, 0xffff};
static const uint16_t LP_BF16_SPECIAL[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x807f, 0x0080, 0x8080,
                                           0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0,
                                           0x7f81, 0xffa5, 0x7fff, 0x3f7f, 0x3f81, 0x3f00, 0x4000, 0x0040,
                                           0x0100, 0x7f00, 0x0002, 0x3eab, 0xbeab, 0x7fa0, 0xffff, 0x00ff};

/* One 16-bit value: a special value, a value near 1 (exponent within +-8) or random bits. */
static inline uint16_t lp_half(lp_rng *r, int bf) {
    uint64_t x = lp_next(r);
    unsigned k = (unsigned)(x & 7);
    if (k < 2) return bf ? LP_BF16_SPECIAL[(x >> 8) % 32] : LP_F16_SPECIAL[(x >> 8) % 32];
    if (k < 4) {
        unsigned sign = (unsigned)(x >> 20) & 1, e = (unsigned)(x >> 24) % 17;
        return bf ? (uint16_t)(sign << 15 | (119 + e) << 7 | ((x >> 40) & 0x7f))
                  : (uint16_t)(sign << 15 | (7 + e) << 10 | ((x >> 40) & 0x3ff));
    }
    return (uint16_t)(x >> 32);
}
/* A rough half value of a float (truncating; only to make adversarial inputs). */
static inline uint16_t lp_f2h_trunc(float f, int bf) {
    uint32_t u;
    memcpy(&u, &f, 4);
    if (bf) return (uint16_t)(u >> 16);
    uint32_t s = u >> 16 & 0x8000;
    int e = (int)(u >> 23 & 0xff) - 127 + 15;
    if (e >= 31) return (uint16_t)(s | 0x7c00);
    if (e <= 0) return (uint16_t)s;
    return (uint16_t)(s | (uint32_t)e << 10 | (u >> 13 & 0x3ff));
}
static inline float lp_h2f(uint16_t h, int bf) {
    uint32_t u;
    if (bf) {
        u = (uint32_t)h << 16;
    } else {
        uint32_t s = (uint32_t)(h & 0x8000) << 16, e = h >> 10 & 31, m = h & 0x3ff;
        if (e == 31) u = s | 0x7f800000u | m << 13;
        else if (e == 0) {
            float f = (float)m * 0x1p-24f;
            memcpy(&u, &f, 4);
            u |= s;
        } else u = s | (e + 112) << 23 | m << 13;
    }
    float f;
    memcpy(&f, &u, 4);
    return f;
}
/* a, b, c with some structure: b = -a (cancellation), b near a, c = -(a*b) (fma cancellation). */
static inline void lp_half3(lp_rng *r, int bf, uint16_t *a, uint16_t *b, uint16_t *c) {
    *a = lp_half(r, bf);
    *b = lp_half(r, bf);
    *c = lp_half(r, bf);
    unsigned k = (unsigned)(lp_next(r) & 15);
    if (k == 0) *b = *a ^ 0x8000;
    else if (k == 1) *b = (uint16_t)(*a + (lp_next(r) & 7) - 3);
    else if (k == 2 || k == 3) {
        uint16_t p = lp_f2h_trunc(-(lp_h2f(*a, bf) * lp_h2f(*b, bf)), bf);
        *c = (uint16_t)(p + (lp_next(r) & 3) - 1);
    }
}

/* A value of a binary format (mbits mantissa bits, exponent e unbiased) near a rounding boundary
 * of a narrower precision: the bits below a random position hold a tie, a tie +-1 or zeros. */
static inline uint64_t lp_boundary_mant(lp_rng *r, int mbits) {
    uint64_t m = lp_next(r) & ((1ull << mbits) - 1);
    uint64_t x = lp_next(r);
    int k = (int)(x % (uint64_t)(mbits + 1));
    uint64_t low = k ? (1ull << k) - 1 : 0, half = k ? 1ull << (k - 1) : 0;
    switch ((x >> 8) % 6) {
    case 0: m = (m & ~low) | half; break;
    case 1: m = (m & ~low) | (half - (k ? 1 : 0)); break;
    case 2: m = (m & ~low) | half | (k > 1 ? 1 : 0); break;
    case 3: m = m & ~low; break;
    case 4: m = m | low; break;
    default: break;
    }
    return m;
}
static inline uint32_t lp_f32(lp_rng *r) {
    uint64_t x = lp_next(r);
    static const uint32_t sp[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
                                  0x7fa00001, 0x7f800001, 0xff812345, 0x7fffffff, 0x00000001, 0x807fffff,
                                  0x00800000, 0x7f7fffff, 0x477fe000, 0x477ff000, 0x43e00000, 0x43f00000,
                                  0x47600000, 0x47700000, 0x7fc12345, 0x7f802000, 0x3f800000, 0xbf800000};
    if ((x & 15) == 0) return sp[(x >> 8) % (sizeof sp / sizeof sp[0])];
    uint32_t sign = (uint32_t)(x >> 4 & 1) << 31, e;
    unsigned k = (unsigned)(x >> 5) % 8;
    if (k == 0) e = (uint32_t)(x >> 12) & 0xff;     /* anywhere */
    else if (k == 1) e = 0;                         /* f32 subnormal */
    else e = 127 - 30 + (uint32_t)((x >> 12) % 51); /* 2^-30 .. 2^20 */
    return sign | e << 23 | (uint32_t)lp_boundary_mant(r, 23);
}
static inline uint64_t lp_f64(lp_rng *r) {
    uint64_t x = lp_next(r);
    static const uint64_t sp[] = {0,
                                  0x8000000000000000ull,
                                  0x7ff0000000000000ull,
                                  0xfff0000000000000ull,
                                  0x7ff8000000000000ull,
                                  0x7ff4000000000001ull,
                                  0xfff8000000000001ull,
                                  0x7ff0040000000000ull,
                                  0x0000000000000001ull,
                                  0x380fffffe0000001ull,
                                  0x380fffffffffffffull,
                                  0x47efffffe0000000ull,
                                  0x47effffff0000000ull,
                                  0x40effc0000000000ull,
                                  0x40effe0000000000ull};
    if ((x & 15) == 0) return sp[(x >> 8) % (sizeof sp / sizeof sp[0])];
    uint64_t sign = (x >> 4 & 1) << 63, e;
    unsigned k = (unsigned)(x >> 5) % 8;
    if (k == 0) e = (x >> 12) & 0x7ff;
    else if (k == 1) e = 1023 - 150 + (x >> 12) % 30; /* f32 subnormal range */
    else e = 1023 - 30 + (x >> 12) % 51;
    return sign | e << 52 | lp_boundary_mant(r, 52);
}
static inline uint32_t lp_s32(lp_rng *r) {
    uint64_t x = lp_next(r);
    static const int32_t lim[] = {0, 1, 2, 3, 7, 8, 15, 16, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 0x7fffffff};
    unsigned k = (unsigned)(x & 3);
    if (k == 0) return (uint32_t)(x >> 32);
    /* two's-complement wrap-around (0x7fffffff + 1) in unsigned arithmetic */
    uint32_t v = (uint32_t)lim[(x >> 8) % 17] + (uint32_t)((x >> 16) % 3) - 1u;
    return (x >> 24 & 1) ? 0u - v : v;
}

/* Fills a, b, c (LP_N words each) for generator g. */
static inline void lp_inputs(int g, uint64_t *a, uint64_t *b, uint64_t *c) {
    lp_rng r = {0x9e3779b97f4a7c15ull ^ (uint64_t)(g + 1) * 0x100000001b3ull};
    for (int i = 0; i < LP_N; i++) {
        uint16_t h[6];
        a[i] = b[i] = c[i] = 0;
        switch (g) {
        case G_ALL16: a[i] = (uint64_t)i; break;
        case G_ALL16X2: a[i] = (uint64_t)i | (uint64_t)((i * 40503u + 12345u) & 0xffff) << 16; break;
        case G_F16_3:
        case G_BF16_3:
            lp_half3(&r, g == G_BF16_3, &h[0], &h[1], &h[2]);
            a[i] = h[0], b[i] = h[1], c[i] = h[2];
            break;
        case G_F16X2_3:
        case G_BF16X2_3:
            lp_half3(&r, g == G_BF16X2_3, &h[0], &h[1], &h[2]);
            lp_half3(&r, g == G_BF16X2_3, &h[3], &h[4], &h[5]);
            a[i] = (uint64_t)h[3] << 16 | h[0];
            b[i] = (uint64_t)h[4] << 16 | h[1];
            c[i] = (uint64_t)h[5] << 16 | h[2];
            break;
        case G_F32_2: a[i] = lp_f32(&r), b[i] = lp_f32(&r); break;
        case G_F64_1: a[i] = lp_f64(&r); break;
        case G_ALL16_A:
        case G_ALL16_B:
        case G_ALL16_C: {
            uint64_t v = (uint64_t)i | (uint64_t)((i * 40503u + 12345u) & 0xffff) << 16;
            (g == G_ALL16_A ? a : g == G_ALL16_B ? b : c)[i] = v;
            break;
        }
        case G_S32_3: a[i] = lp_s32(&r), b[i] = lp_s32(&r), c[i] = (uint32_t)lp_next(&r); break;
        }
    }
}

/* FNV-1a over the results (each truncated to outw bits, little-endian). */
static inline uint64_t lp_hash(const uint64_t *d, int n, int outw) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < outw / 8; k++) h = (h ^ (d[i] >> (8 * k) & 0xff)) * 0x100000001b3ull;
    return h;
}

#endif
