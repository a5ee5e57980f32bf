/* mufu.c — the H200's multifunction unit at the bit level (see mufu.h, docs/numerics.md 7.2).
 *
 * A fraction function maps an index i (the input's mantissa bits, with the exponent's parity
 * for the square roots) to an integer y, the result's significand. The model is
 *   y(i) = (K0 + K1 t + K2 t^2) >> 38 + c(i),   segment i >> lbits, t = i & (2^lbits - 1),
 * with c(i) in {-1, 0, +1} read from the exception list (c = 0 for the 98-99 % of indices the
 * quadratic gets right). The lists are varints of (gap << 1 | up), decoded once into sorted
 * arrays that a lookup binary-searches. */
#include "mufu.h"
#include "common.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#define MUFU_SHIFT 38

#define DECL(name)                                \
    extern const int64_t ps_mufu_##name##_k[][3]; \
    extern const unsigned char ps_mufu_##name##_exc[], ps_mufu_##name##_exc_end[];
DECL(rcp)
DECL(ex2p)
DECL(ex2n)
DECL(rsq)
DECL(sqrt)
DECL(rcp64)
DECL(rsq64)
DECL(sinq)
DECL(lg2a)
DECL(lg2b)
extern const unsigned char ps_mufu_tanh_f16_exc[], ps_mufu_tanh_f16_exc_end[];
extern const unsigned char ps_mufu_tanh_bf16_exc[], ps_mufu_tanh_bf16_exc_end[];

typedef struct {
    const int64_t (*k)[3];
    int lbits;                          /* log2 of the indices per segment */
    const unsigned char *exc, *exc_end; /* the encoded exception list */
    uint32_t *list;                     /* decoded: index << 1 | up, ascending */
    size_t n;
    uint32_t *bucket; /* bucket[b]: first list entry with index >= b << BUCKET_BITS */
    uint32_t nbucket;
} mufu_tab;
#define BUCKET_BITS 10

enum { T_RCP, T_EX2P, T_EX2N, T_RSQ, T_SQRT, T_RCP64, T_RSQ64, T_TH16, T_THBF, T_COUNT };
#define TAB(name, lb) \
    { ps_mufu_##name##_k, lb, ps_mufu_##name##_exc, ps_mufu_##name##_exc_end, NULL, 0, NULL, 0 }
static mufu_tab tabs[T_COUNT] = {
    TAB(rcp, 16),  /* 2^23 mantissas of [1, 2), 128 segments */
    TAB(ex2p, 17), /* 2^23 fractions, x >= 0, 64 segments */
    TAB(ex2n, 17), /* 2^23 fractions of |x|, x < 0 */
    TAB(rsq, 16),  /* 2^24: mantissas of [1, 2) then of [2, 4), 256 segments */
    TAB(sqrt, 16),
    TAB(rcp64, 13), /* 2^20 upper-word mantissas, 128 segments */
    TAB(rsq64, 13), /* 2^21: [1, 2) then [2, 4), 256 segments */
    /* corrections only (no quadratic): tanh.approx.f16 / .bf16 by 16-bit input */
    {NULL, 16, ps_mufu_tanh_f16_exc, ps_mufu_tanh_f16_exc_end, NULL, 0, NULL, 0},
    {NULL, 16, ps_mufu_tanh_bf16_exc, ps_mufu_tanh_bf16_exc_end, NULL, 0, NULL, 0},
};

static pthread_once_t decode_once = PTHREAD_ONCE_INIT;

static void decode_all(void) {
    for (int t = 0; t < T_COUNT; t++) {
        mufu_tab *m = &tabs[t];
        size_t cap = (size_t)(m->exc_end - m->exc), n = 0; /* at least one byte per entry */
        m->list = ps_xmalloc((cap ? cap : 1) * sizeof *m->list);
        uint64_t idx = 0;
        for (const unsigned char *p = m->exc; p < m->exc_end;) {
            uint64_t v = 0;
            int sh = 0;
            do v |= (uint64_t)(*p & 0x7f) << sh, sh += 7;
            while (*p++ & 0x80);
            idx += v >> 1;
            m->list[n++] = (uint32_t)(idx << 1 | (v & 1));
            idx++;
        }
        m->n = n;
        m->nbucket = n ? (m->list[n - 1] >> 1 >> BUCKET_BITS) + 1 : 0;
        m->bucket = ps_xmalloc(((size_t)m->nbucket + 1) * sizeof *m->bucket);
        size_t j = 0;
        for (uint32_t b = 0; b <= m->nbucket; b++) {
            while (j < n && (m->list[j] >> 1 >> BUCKET_BITS) < b) j++;
            m->bucket[b] = (uint32_t)j;
        }
    }
}

/* c(i): the exception list's correction at index i (-1, 0 or +1) */
static int tab_c(int t, uint32_t i) {
    pthread_once(&decode_once, decode_all);
    const mufu_tab *m = &tabs[t];
    uint32_t b = i >> BUCKET_BITS;
    if (b >= m->nbucket) return 0;
    size_t lo = m->bucket[b], hi = m->bucket[b + 1];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint32_t at = m->list[mid] >> 1;
        if (at == i) return (m->list[mid] & 1) ? 1 : -1;
        if (at < i) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

static int64_t tab_y(int t, uint32_t i) {
    const mufu_tab *m = &tabs[t];
    const int64_t *k = m->k[i >> m->lbits];
    int64_t u = (int64_t)(i & ((1u << m->lbits) - 1));
    __extension__ __int128 v = (__int128)k[0] + (__int128)k[1] * u + (__int128)k[2] * u * u;
    return (int64_t)(v >> MUFU_SHIFT) + tab_c(t, i);
}

#define F32_SIGN  0x80000000u
#define F32_EXP   0x7f800000u
#define CANON_NAN 0x7fffffffu

/* MUFU.RCP: +-0 and subnormals -> +-Inf, +-Inf -> +-0, NaN -> canonical; R(1.m) = y / 2^24 in
 * (0.5, 1]; subnormal results flush to +-0. */
uint32_t ps_mufu_rcp(uint32_t x) {
    uint32_t sign = x & F32_SIGN, e = (x >> 23) & 0xff, m = x & 0x007fffffu;
    if (e == 0xff) return m ? CANON_NAN : sign;
    if (e == 0) return sign | F32_EXP;
    int64_t y = tab_y(T_RCP, m);
    /* 1/(1.m 2^(e-127)) = (y / 2^23) 2^(126-e): biased exponent 253 - e (y = 2^24 carries) */
    int64_t be = 253 - (int64_t)e;
    if (be < 1 && !(be == 0 && y == (1 << 24))) return sign;
    return sign | (uint32_t)((be << 23) + (y - (1 << 23)));
}

/* MUFU.EX2: the input truncated to sign-magnitude fixed point with 23 fraction bits;
 * x >= 0: 2^floor(x) A(frac), A = y / 2^23 in [1, 2); x < 0: 2^-floor(|x|) B(frac(|x|)),
 * B = y / 2^24 in (0.5, 1]. NaN -> canonical, >= 128 -> +Inf, <= -127 -> +0, results below
 * 2^-126 -> +0. */
uint32_t ps_mufu_ex2(uint32_t x) {
    if ((x & ~F32_SIGN) > F32_EXP) return CANON_NAN;
    float f;
    memcpy(&f, &x, sizeof f);
    if (!(x & F32_SIGN)) {
        if (f >= 128.0f) return F32_EXP;
        int64_t X = (int64_t)((double)f * 0x1p23); /* truncation toward zero (exact product) */
        int64_t y = tab_y(T_EX2P, (uint32_t)(X & 0x7fffff));
        return (uint32_t)((((X >> 23) + 127) << 23) + (y - (1 << 23)));
    }
    if (f <= -127.0f) return 0;
    int64_t X = (int64_t)(-(double)f * 0x1p23);
    int64_t y = tab_y(T_EX2N, (uint32_t)(X & 0x7fffff));
    int64_t bits = ((126 - (int64_t)(X >> 23)) << 23) + (y - (1 << 23));
    return bits < 0x00800000 ? 0 : (uint32_t)bits;
}

/* Index and half exponent of a square-root argument 1.m 2^E: [1, 4) grid of the tables. */
static void sqrt_arg(uint32_t e, uint32_t m, int bias, int mbits, uint32_t *idx, int64_t *half) {
    int64_t E = (int64_t)e - bias;
    *idx = m | (uint32_t)((E & 1) << mbits);
    *half = (E - (E & 1)) / 2; /* floor(E / 2) */
}

/* MUFU.RSQ: -0 -> -Inf, +0 -> +Inf (subnormals flushed first), negative -> NaN, +Inf -> +0;
 * rsq(1.m 2^E) = (y / 2^24) 2^-floor(E/2), y from the [1, 4) table. */
uint32_t ps_mufu_rsq(uint32_t x) {
    uint32_t sign = x & F32_SIGN, e = (x >> 23) & 0xff, m = x & 0x007fffffu;
    if (e == 0xff && m) return CANON_NAN;
    if (e == 0) return sign | F32_EXP;
    if (sign) return CANON_NAN;
    if (e == 0xff) return 0;
    uint32_t idx;
    int64_t half;
    sqrt_arg(e, m, 127, 23, &idx, &half);
    return (uint32_t)(((126 - half) << 23) + (tab_y(T_RSQ, idx) - (1 << 23)));
}

/* MUFU.SQRT: +-0 -> +-0 (subnormals flushed first), negative -> NaN, +Inf -> +Inf;
 * sqrt(1.m 2^E) = (y / 2^23) 2^floor(E/2). */
uint32_t ps_mufu_sqrt(uint32_t x) {
    uint32_t sign = x & F32_SIGN, e = (x >> 23) & 0xff, m = x & 0x007fffffu;
    if (e == 0xff && m) return CANON_NAN;
    if (e == 0) return sign;
    if (sign) return CANON_NAN;
    if (e == 0xff) return F32_EXP;
    uint32_t idx;
    int64_t half;
    sqrt_arg(e, m, 127, 23, &idx, &half);
    return (uint32_t)(((127 + half) << 23) + (tab_y(T_SQRT, idx) - (1 << 23)));
}

#define HI_SIGN 0x80000000u
#define HI_EXP  0x7ff00000u
#define HI_NAN  0x7fffffffu

/* MUFU.RCP64H on the upper word (1.11.20): like MUFU.RCP, R = y / 2^21 in (0.5, 1]. */
uint32_t ps_mufu_rcp64h(uint32_t hi) {
    uint32_t sign = hi & HI_SIGN, e = (hi >> 20) & 0x7ff, m = hi & 0xfffffu;
    if (e == 0x7ff) return m ? HI_NAN : sign;
    if (e == 0) return sign | HI_EXP;
    int64_t y = tab_y(T_RCP64, m);
    int64_t be = 2045 - (int64_t)e;
    if (be < 1 && !(be == 0 && y == (1 << 21))) return sign;
    return sign | (uint32_t)((be << 20) + (y - (1 << 20)));
}

/* MUFU.RSQ64H on the upper word: like MUFU.RSQ, y / 2^21 in (0.5, 1]. */
uint32_t ps_mufu_rsq64h(uint32_t hi) {
    uint32_t sign = hi & HI_SIGN, e = (hi >> 20) & 0x7ff, m = hi & 0xfffffu;
    if (e == 0x7ff && m) return HI_NAN;
    if (e == 0) return sign | HI_EXP;
    if (sign) return HI_NAN;
    if (e == 0x7ff) return 0;
    uint32_t idx;
    int64_t half;
    sqrt_arg(e, m, 1023, 20, &idx, &half);
    return (uint32_t)(((1022 - half) << 20) + (tab_y(T_RSQ64, idx) - (1 << 20)));
}

/* tanh.approx.{f16,bf16}: the correction of the truncated f32 model's magnitude at input x
 * (sim/mufu/tanh_*.exc from lab/mufu/mufu_half_exc.c; docs/numerics.md 11.4). */
int ps_mufu_tanh_half_fix(int bf16, uint16_t x) { return tab_c(bf16 ? T_THBF : T_TH16, x); }

/* Fraction functions with an f32 result (the MUFU.SIN quadrant table): y = (K0 + K1 u + K2 u^2)
 * >> 20 in units of 2^-G, the result is y 2^-G truncated to f32, plus c(i) ulps for the listed
 * indices. List entries: varint(gap << 2 | code), code 0: c = +1, 1: c = -1, 2: a zigzag varint
 * c follows (lab/mufu/mufu_fitf.c). */
typedef struct {
    const int64_t (*k)[3];
    int lbits, g;
    const unsigned char *exc, *exc_end;
    uint32_t *idx; /* decoded, ascending */
    int32_t *c;
    size_t n;
    uint32_t *bucket;
    uint32_t nbucket;
} mufu_ftab;
static mufu_ftab ftab_sinq = {ps_mufu_sinq_k, 17, 38, ps_mufu_sinq_exc, ps_mufu_sinq_exc_end, NULL, NULL, 0, NULL, 0};
/* MUFU.LG2 on [1, 2): A(m) = the result for 1.m (L(m) truncated), B(m) = minus the result for
 * 0.5 (1.m) (1 - L(m) truncated) */
static mufu_ftab ftab_lg2a = {ps_mufu_lg2a_k, 14, 36, ps_mufu_lg2a_exc, ps_mufu_lg2a_exc_end, NULL, NULL, 0, NULL, 0};
static mufu_ftab ftab_lg2b = {ps_mufu_lg2b_k, 14, 36, ps_mufu_lg2b_exc, ps_mufu_lg2b_exc_end, NULL, NULL, 0, NULL, 0};
static pthread_once_t fdecode_once = PTHREAD_ONCE_INIT;

static uint64_t get_varint(const unsigned char **pp) {
    const unsigned char *p = *pp;
    uint64_t v = 0;
    int sh = 0;
    do v |= (uint64_t)(*p & 0x7f) << sh, sh += 7;
    while (*p++ & 0x80);
    *pp = p;
    return v;
}

static void fdecode(mufu_ftab *m) {
    size_t cap = (size_t)(m->exc_end - m->exc), n = 0;
    m->idx = ps_xmalloc((cap ? cap : 1) * sizeof *m->idx);
    m->c = ps_xmalloc((cap ? cap : 1) * sizeof *m->c);
    uint64_t at = 0;
    for (const unsigned char *p = m->exc; p < m->exc_end;) {
        uint64_t v = get_varint(&p);
        at += v >> 2;
        int32_t c = (v & 3) == 0 ? 1 : -1;
        if ((v & 3) == 2) {
            uint64_t z = get_varint(&p);
            c = (z & 1) ? -(int32_t)((z + 1) >> 1) : (int32_t)(z >> 1);
        }
        m->idx[n] = (uint32_t)at;
        m->c[n++] = c;
        at++;
    }
    m->n = n;
    m->nbucket = n ? (m->idx[n - 1] >> BUCKET_BITS) + 1 : 0;
    m->bucket = ps_xmalloc(((size_t)m->nbucket + 1) * sizeof *m->bucket);
    size_t j = 0;
    for (uint32_t b = 0; b <= m->nbucket; b++) {
        while (j < n && (m->idx[j] >> BUCKET_BITS) < b) j++;
        m->bucket[b] = (uint32_t)j;
    }
}
static void fdecode_all(void) {
    fdecode(&ftab_sinq);
    fdecode(&ftab_lg2a);
    fdecode(&ftab_lg2b);
}

static uint32_t ftab_value(mufu_ftab *m, uint32_t i) {
    pthread_once(&fdecode_once, fdecode_all);
    const int64_t *k = m->k[i >> m->lbits];
    int64_t u = (int64_t)(i & ((1u << m->lbits) - 1));
    __extension__ __int128 v = (__int128)k[0] + (__int128)k[1] * u + (__int128)k[2] * u * u;
    int64_t y = (int64_t)(v >> 20);
    uint32_t b = 0;
    if (y > 0) { /* y 2^-g truncated to f32 (y < 2^53: the double is exact) */
        double d = ldexp((double)y, -m->g);
        float f = (float)d;
        if ((double)f > d) f = nextafterf(f, 0.0f);
        memcpy(&b, &f, sizeof b);
    }
    uint32_t bk = i >> BUCKET_BITS;
    if (bk < m->nbucket) {
        size_t lo = m->bucket[bk], hi = m->bucket[bk + 1];
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (m->idx[mid] == i) return b + (uint32_t)m->c[mid];
            if (m->idx[mid] < i) lo = mid + 1;
            else hi = mid;
        }
    }
    return b;
}

/* f32 bits of d truncated toward zero */
static uint32_t trunc_f32(double d) {
    float f = (float)d;
    if (fabs((double)f) > fabs(d)) f = nextafterf(f, 0.0f);
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* MUFU.LG2: +-0 and subnormals -> -Inf, negative -> NaN, +Inf -> +Inf. For x = 1.m 2^E the unit
 * forms E + L(m) in fixed point (L on a 2^-36 grid, the H200's own approximation of log2 1.m)
 * and converts it to f32 toward zero (docs/numerics.md 7.2). Two dumped tables carry L: A(m) =
 * trunc(L) (E = 0) and B(m) = trunc(1 - L) (E = -1); E >= 1 needs only A, E <= -2 needs
 * whether L equals A exactly, which holds iff 1 - B = A. */
uint32_t ps_mufu_lg2(uint32_t x) {
    uint32_t e = (x >> 23) & 0xff, m = x & 0x007fffffu;
    if (e == 0xff) return m ? CANON_NAN : (x & F32_SIGN ? CANON_NAN : F32_EXP);
    if (e == 0) return F32_SIGN | F32_EXP;
    if (x & F32_SIGN) return CANON_NAN;
    int E = (int)e - 127;
    uint32_t A = ftab_value(&ftab_lg2a, m);
    if (E == 0) return A;
    uint32_t B = ftab_value(&ftab_lg2b, m);
    if (E == -1) return B | F32_SIGN;
    float af, bf;
    memcpy(&af, &A, sizeof af);
    memcpy(&bf, &B, sizeof bf);
    if (E > 0) return trunc_f32((double)E + (double)af); /* exact sums: A has <= 36 fraction bits */
    double d = (double)-E - (double)af;
    if (1.0 - (double)bf != (double)af) d = nextafter(d, 0.0); /* L > A: the magnitude is just below d */
    return trunc_f32(d) | F32_SIGN;
}

/* MUFU.SIN / MUFU.COS on r = FMUL.RZ(x, 1/(2 pi)) (docs/numerics.md 7.3). Measured exactly on
 * the H200 over every f32 x: the result depends only on R = floor(frac(|r|) 2^25) (|r| >= 2^24:
 * R = 0) and the sign of x: sin = Q(quadrant of R), negated in quadrants 2-3 and for x < 0;
 * quadrant 1 and 3 read Q at the ones' complement ~t of the 23-bit position t, and
 * cos(R) = sin(R + 2^23) for either sign of x. Q (the quadrant table, 2^23 values on a 2^-38
 * grid) is the H200's, dumped for every t (sim/mufu/sinq.*). */
static uint32_t trig_q(uint32_t t) { return ftab_value(&ftab_sinq, t); }

static uint32_t mufu_trig(uint32_t r, int cos_) {
    if ((r & ~F32_SIGN) >= F32_EXP) return CANON_NAN;
    float a;
    uint32_t ab = r & ~F32_SIGN;
    memcpy(&a, &ab, sizeof a);
    uint32_t R = 0;
    if (a < 16777216.0f) R = (uint32_t)((double)(a - floorf(a)) * 33554432.0); /* exact: frac has <= 24 bits */
    if (cos_) R = (R + (1u << 23)) & ((1u << 25) - 1);
    uint32_t q = R >> 23, t = R & ((1u << 23) - 1);
    if (q & 1) t = ~t & ((1u << 23) - 1);
    uint32_t v = trig_q(t);
    if (q & 2) v ^= F32_SIGN;
    if (!cos_ && (r & F32_SIGN)) v ^= F32_SIGN;
    return v;
}
uint32_t ps_mufu_sin(uint32_t r) { return mufu_trig(r, 0); }
uint32_t ps_mufu_cos(uint32_t r) { return mufu_trig(r, 1); }
