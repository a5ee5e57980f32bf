/* ptxas_fma_inputs.h — the probe inputs of the ptxas contraction study (lab/ptxas_fma/README.md), made by a
 * seeded generator so that the GPU run (run_probes.cu) and the simulator's test
 * (tests/test_ptxas_fma.c, which includes this file) see the same bytes without storing them. Rows of four values a, b, c, d:
 * most rows make c cancel a*b (c = -(a*b) rounded, moved by a few ulps), where one rounding and two
 * differ the most; others are wide-range values, special values, and products near the ends of
 * the range (overflow, subnormal results, where .ftz matters). */
#ifndef LAB_PTXAS_FMA_INPUTS_H
#define LAB_PTXAS_FMA_INPUTS_H

#include <stdint.h>
#include <string.h>

static inline uint64_t pf_next(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline float pf_f32(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint32_t pf_u32(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double pf_f64(uint64_t u) {
    double f;
    memcpy(&f, &u, 8);
    return f;
}
static inline uint64_t pf_u64(double f) {
    uint64_t u;
    memcpy(&u, &f, 8);
    return u;
}

/* a finite f32 with a random sign, mantissa and exponent in [lo, hi] (biased) */
static inline uint32_t pf_rand_f32(uint64_t *s, unsigned lo, unsigned hi) {
    uint64_t r = pf_next(s);
    uint32_t e = lo + (uint32_t)((r >> 32) % (hi - lo + 1));
    return (uint32_t)(r & 0x807fffffu) | e << 23;
}

static inline uint64_t pf_rand_f64(uint64_t *s, unsigned lo, unsigned hi) {
    uint64_t r = pf_next(s), r2 = pf_next(s);
    uint64_t e = lo + (r2 % (hi - lo + 1));
    return (r & 0x800fffffffffffffull) | e << 52;
}

static const uint32_t pf_special32[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
                                        0x7fa12345, 0xffc0beef, 0x00000001, 0x807fffff, 0x00800000,
                                        0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000};
static const uint64_t pf_special64[] = {0,
                                        0x8000000000000000ull,
                                        0x7ff0000000000000ull,
                                        0xfff0000000000000ull,
                                        0x7ff8000000000000ull,
                                        0x7ff4000012345678ull,
                                        0x0000000000000001ull,
                                        0x0010000000000000ull,
                                        0x7fefffffffffffffull,
                                        0x3ff0000000000000ull};

/* row i of the f32 inputs: a, b, c, d as bits */
static inline void pf_row_f32(uint64_t seed, uint32_t i, uint32_t v[4]) {
    uint64_t s = seed * 0x100000001b3ull + i;
    unsigned kind = (unsigned)(pf_next(&s) % 8);
    v[0] = pf_rand_f32(&s, 100, 154);
    v[1] = pf_rand_f32(&s, 100, 154);
    v[2] = pf_rand_f32(&s, 60, 194);
    v[3] = pf_rand_f32(&s, 110, 144);
    if (kind <= 3) { /* c cancels a*b: c = -(a*b) rounded, a few ulps away */
        float p = pf_f32(v[0]) * pf_f32(v[1]);
        uint32_t c = pf_u32(-p);
        int k = (int)(pf_next(&s) % 9) - 4;
        if ((c & 0x7f800000u) != 0x7f800000u) c += (uint32_t)k;
        v[2] = c;
    } else if (kind == 4) { /* a special value in one or two of a, b, c */
        unsigned n = sizeof pf_special32 / sizeof *pf_special32;
        v[pf_next(&s) % 3] = pf_special32[pf_next(&s) % n];
        if (pf_next(&s) % 2) v[pf_next(&s) % 3] = pf_special32[pf_next(&s) % n];
    } else if (kind == 5) { /* products near overflow */
        v[0] = pf_rand_f32(&s, 190, 254);
        v[1] = pf_rand_f32(&s, 120, 190);
        v[2] = pf_u32(-(pf_f32(v[0]) * pf_f32(v[1]))) ^ (uint32_t)(pf_next(&s) % 2);
    } else if (kind == 6) { /* subnormal and tiny products (.ftz) */
        v[0] = pf_rand_f32(&s, 1, 70);
        v[1] = pf_rand_f32(&s, 40, 100);
        v[2] = pf_rand_f32(&s, 0, 20);
    } else { /* any bits */
        for (int k = 0; k < 4; k++) v[k] = (uint32_t)pf_next(&s);
    }
}

static inline void pf_row_f64(uint64_t seed, uint32_t i, uint64_t v[4]) {
    uint64_t s = seed * 0x100000001b3ull + i + 0x5555;
    unsigned kind = (unsigned)(pf_next(&s) % 8);
    v[0] = pf_rand_f64(&s, 900, 1150);
    v[1] = pf_rand_f64(&s, 900, 1150);
    v[2] = pf_rand_f64(&s, 700, 1300);
    v[3] = pf_rand_f64(&s, 1000, 1050);
    if (kind <= 3) {
        double p = pf_f64(v[0]) * pf_f64(v[1]);
        uint64_t c = pf_u64(-p);
        int k = (int)(pf_next(&s) % 9) - 4;
        if ((c & 0x7ff0000000000000ull) != 0x7ff0000000000000ull) c += (uint64_t)(int64_t)k;
        v[2] = c;
    } else if (kind == 4) {
        unsigned n = sizeof pf_special64 / sizeof *pf_special64;
        v[pf_next(&s) % 3] = pf_special64[pf_next(&s) % n];
    } else if (kind == 5) {
        v[0] = pf_rand_f64(&s, 1800, 2046);
        v[1] = pf_rand_f64(&s, 1000, 1300);
        v[2] = pf_u64(-(pf_f64(v[0]) * pf_f64(v[1])));
    } else if (kind == 6) {
        v[0] = pf_rand_f64(&s, 1, 500);
        v[1] = pf_rand_f64(&s, 200, 600);
        v[2] = pf_rand_f64(&s, 0, 30);
    } else {
        for (int k = 0; k < 4; k++) v[k] = pf_next(&s);
    }
}

/* packed halves: exponents in a middle range (products and sums stay normal mostly), some with
 * c's halves cancelling, some any bits */
static inline uint32_t pf_half(uint64_t *s, unsigned lo, unsigned hi) {
    uint64_t r = pf_next(s);
    uint32_t e = lo + (uint32_t)((r >> 20) % (hi - lo + 1));
    return (uint32_t)(r & 0x83ffu) | e << 10;
}

static inline void pf_row_h(uint64_t seed, uint32_t i, uint32_t v[4]) {
    uint64_t s = seed * 0x100000001b3ull + i + 0xaaaa;
    unsigned kind = (unsigned)(pf_next(&s) % 4);
    for (int k = 0; k < 4; k++) {
        unsigned lo = kind == 3 ? 0 : 10, hi = kind == 3 ? 31 : 20;
        v[k] = pf_half(&s, lo, hi) | pf_half(&s, lo, hi) << 16;
    }
}

#endif
