/* Oracles for the hand-written integer PTX kernels (corpus/src/hand/): arithmetic of every
 * width, carry chains, bit operations, shifts, dot products, integer conversions, Montgomery
 * multiplication (GMP). */
#include "oracle.h"

#include <gmp.h>

/* edge values shared by the 32-bit cases: pairs of these come first, random values after */
static const uint32_t edge32[] = {0,           1,           2,           0xffffffffu, 0x80000000u, 0x7fffffffu,
                                  0x80000001u, 0xfffffffeu, 0x00800000u, 0x00ffffffu, 0xff800000u, 0x12345678u,
                                  0x0000ffffu, 0xffff0000u, 7,           0xfffffff9u};
enum { NEDGE32 = sizeof edge32 / sizeof edge32[0] };

/* a[i], b[i]: all NEDGE32^2 pairs of edge values, then the given mix of random values */
static void edge_pairs32(oc_case *c, uint32_t *a, uint32_t *b, int n) {
    for (int i = 0; i < n; i++) {
        if (i < NEDGE32 * NEDGE32) {
            a[i] = edge32[i / NEDGE32];
            b[i] = edge32[i % NEDGE32];
        } else if (i % 3 == 0) {
            a[i] = (uint32_t)oc_range(c, -300, 300);
            b[i] = (uint32_t)oc_range(c, -300, 300);
        } else {
            a[i] = oc_rand32(c);
            b[i] = oc_rand32(c);
        }
    }
}

static int32_t sat32(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v; }
static int64_t sext24(uint32_t x) { return (int64_t)((int32_t)(x << 8) >> 8); }

/* ---------------- int_arith ---------------- */
void case_int_arith(oc_case *c) {
    enum { N = 512, BS = 128, K = 20 };
    oc_kernel(c, "int_arith");
    oc_grid(c, N / BS + 1, 1, 1); /* one block past the end: the bounds check */
    oc_block(c, BS, 1, 1);
    uint32_t *a = oc_in(c, "a", OT_U32, N);
    uint32_t *b = oc_in(c, "b", OT_U32, N);
    edge_pairs32(c, a, b, N);
    oc_fill(c, "out", OT_U32, K * N, 0xdeadbeef);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t A = a[i], B = b[i], C = A ^ B, *r = o + K * i;
        int32_t sa = (int32_t)A, sb = (int32_t)B;
        r[0] = (uint32_t)sat32((int64_t)sa + sb);
        r[1] = (uint32_t)sat32((int64_t)sa - sb);
        r[2] = A * B;
        r[3] = (uint32_t)(((uint64_t)A * B) >> 32);
        r[4] = (uint32_t)((uint64_t)((int64_t)sa * sb) >> 32);
        r[5] = A * B + C;
        r[6] = (uint32_t)(((uint64_t)A * B) >> 32) + C;
        uint64_t w = (uint64_t)((int64_t)sa * sb);
        r[7] = (uint32_t)w;
        r[8] = (uint32_t)(w >> 32);
        w = (uint64_t)A * B + w;
        r[9] = (uint32_t)w;
        r[10] = (uint32_t)(w >> 32);
        r[11] = C + (sa < sb ? (uint32_t)sb - (uint32_t)sa : (uint32_t)sa - (uint32_t)sb);
        r[12] = (uint32_t)(sa < sb ? sa : sb) ^ (A > B ? A : B);
        r[13] = (sa < 0 ? 0u - A : A) + (0u - B);
        uint32_t dv = B | 1;
        r[14] = A / dv;
        r[15] = A % dv;
        int32_t sd = sb == 0 ? 7 : sb == -1 ? 3 : sb;
        r[16] = (uint32_t)(sa / sd);
        r[17] = (uint32_t)(sa % sd);
        r[18] = (uint32_t)(sext24(A) * sext24(B));
        uint32_t hi = (uint32_t)(((uint64_t)(A & 0xffffff) * (B & 0xffffff)) >> 16);
        r[19] = (uint32_t)((uint64_t)(A & 0xffffff) * (C & 0xffffff)) + hi;
    }
}

/* ---------------- int64_arith ---------------- */
static const uint64_t edge64[] = {0,
                                  1,
                                  2,
                                  UINT64_MAX,
                                  0x8000000000000000ull,
                                  0x7fffffffffffffffull,
                                  0x00000000ffffffffull,
                                  0xffffffff00000000ull,
                                  0x0000000100000000ull,
                                  0x123456789abcdef0ull,
                                  0xfffffffffffffff9ull,
                                  7};
enum { NEDGE64 = sizeof edge64 / sizeof edge64[0] };

void case_int64_arith(oc_case *c) {
    enum { N = 384, BS = 128, K = 12 };
    oc_kernel(c, "int64_arith");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint64_t *ab = oc_in(c, "ab", OT_U64, 2 * N);
    for (int i = 0; i < N; i++) {
        if (i < NEDGE64 * NEDGE64) {
            ab[2 * i] = edge64[i / NEDGE64];
            ab[2 * i + 1] = edge64[i % NEDGE64];
        } else {
            ab[2 * i] = oc_rand64(c);
            ab[2 * i + 1] = i % 4 == 0 ? (uint64_t)oc_range(c, -1000, 1000) : oc_rand64(c);
        }
    }
    oc_fill(c, "out", OT_U64, K * N, 0);
    oc_p_buf(c, "ab");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint64_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint64_t A = ab[2 * i], B = ab[2 * i + 1], C = A ^ B, *r = o + K * i;
        int64_t sa = (int64_t)A, sb = (int64_t)B;
        r[0] = A + B;
        r[1] = A - B;
        r[2] = A * B;
        r[3] = (uint64_t)(((unsigned __int128)A * B) >> 64);
        r[4] = (uint64_t)((unsigned __int128)((__int128)sa * sb) >> 64);
        r[5] = A * B + C;
        r[6] = (uint64_t)((unsigned __int128)((__int128)sa * sb) >> 64) + C;
        r[7] = A / (B | 1);
        int64_t sd = sb == 0 ? 7 : sb == -1 ? 3 : sb;
        r[8] = (uint64_t)(sa % sd);
        r[9] = (uint64_t)(sa < sb ? sa : sb) ^ (A > B ? A : B);
        r[10] = (sa < 0 ? 0 - A : A) + (0 - B);
        r[11] = C + (A < B ? B - A : A - B);
    }
}

/* ---------------- int16 ---------------- */
void case_int16(oc_case *c) {
    enum { N = 640, BS = 128, K = 16 };
    static const uint16_t e[] = {0, 1, 2, 0xffff, 0x8000, 0x7fff, 0x8001, 0x00ff, 0xff00, 0x1234, 15, 0xfff1};
    const int ne = 12;
    oc_kernel(c, "int16");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint16_t *ab = oc_in(c, "ab", OT_U16, 2 * N);
    for (int i = 0; i < N; i++) {
        if (i < ne * ne) {
            ab[2 * i] = e[i / ne];
            ab[2 * i + 1] = e[i % ne];
        } else {
            ab[2 * i] = (uint16_t)oc_rand32(c);
            ab[2 * i + 1] = (uint16_t)oc_rand32(c);
        }
    }
    oc_fill(c, "out", OT_U16, K * N, 0);
    oc_p_buf(c, "ab");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint16_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint16_t A = ab[2 * i], B = ab[2 * i + 1], *r = o + K * i;
        int16_t sa = (int16_t)A, sb = (int16_t)B;
        uint32_t w;
        r[0] = (uint16_t)(A + B);
        r[1] = (uint16_t)(A - B);
        r[2] = (uint16_t)((uint32_t)A * B); /* unsigned: A * B as int could overflow */
        r[3] = (uint16_t)((uint32_t)((int32_t)sa * sb) >> 16);
        w = (uint32_t)((int32_t)sa * sb);
        r[4] = (uint16_t)w;
        r[5] = (uint16_t)(w >> 16);
        w = (uint32_t)A * B;
        r[6] = (uint16_t)w;
        r[7] = (uint16_t)(w >> 16);
        r[8] = (uint16_t)((uint32_t)A * B + (A ^ B));
        r[9] = (uint16_t)(A / (B | 1));
        r[10] = (uint16_t)(A % (B | 1));
        r[11] = (uint16_t)(sa < sb ? sa : sb);
        r[12] = A > B ? A : B;
        unsigned sh = B & 15;
        uint16_t x = (uint16_t)((uint32_t)(sa < 0 ? (uint16_t)-A : A) << sh);
        int16_t nb = (int16_t)(uint16_t)-B;
        uint16_t y = (uint16_t)(nb >> sh);
        r[13] = x ^ y;
        r[14] = (uint16_t)((A == 0) | (uint16_t)~B) ^ (sa < sb ? A : B);
        r[15] = (uint16_t)((uint16_t)((uint32_t)(int32_t)sa + B) >> 3);
    }
}

/* ---------------- carry128 ---------------- */
typedef unsigned __int128 u128;
static u128 load128(const uint32_t *w) { return (u128)w[0] | (u128)w[1] << 32 | (u128)w[2] << 64 | (u128)w[3] << 96; }
static void store128(uint32_t *w, u128 v) {
    for (int k = 0; k < 4; k++) w[k] = (uint32_t)(v >> (32 * k));
}

void case_carry128(oc_case *c) {
    enum { N = 512, BS = 128, K = 20 };
    oc_kernel(c, "carry128");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *x = oc_in(c, "x", OT_U32, 8 * N);
    static const uint32_t e[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xfffffffeu};
    for (int i = 0; i < N; i++) {
        uint32_t *w = x + 8 * i;
        for (int k = 0; k < 8; k++) {
            if (i < 36) /* every pair of limb patterns, the same in all four limbs */
                w[k] = k < 4 ? e[i / 6] : e[i % 6];
            else if (i % 4 == 0) /* long carry and borrow runs */ w[k] = oc_rand32(c) | 0xfffff000u;
            else if (i % 4 == 1) w[k] = (k == 0 || k == 4) ? oc_rand32(c) : (k < 4 ? 0xffffffffu : 0);
            else w[k] = oc_rand32(c);
        }
    }
    oc_fill(c, "out", OT_U32, K * N, 0x5eed);
    oc_p_buf(c, "x");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        const uint32_t *w = x + 8 * i;
        uint32_t *r = o + K * i;
        u128 a = load128(w), b = load128(w + 4), s = a + b, d = a - b;
        store128(r, s);
        r[4] = s < a;
        r[5] = a < b ? 0xffffffffu : 0;
        store128(r + 6, d);
        uint64_t lo = (uint64_t)s, hi = (uint64_t)(s >> 64), v = (lo ^ hi) + (s < a);
        r[10] = (uint32_t)v;
        r[11] = (uint32_t)(v >> 32);
        u128 p = (u128)(uint64_t)a * (uint64_t)b;
        store128(r + 12, p);
        uint64_t hs = (uint64_t)(a >> 64) + (uint64_t)(b >> 64);
        uint32_t x16 = (uint32_t)hs ^ (uint32_t)(hs >> 32);
        r[16] = x16;
        r[17] = x16 + (uint32_t)p;
    }
}

/* ---------------- montgomery ---------------- */
static void mpz_from_limbs(mpz_t z, const uint32_t *l) { mpz_import(z, 8, -1, 4, 0, 0, l); }
static void limbs_from_mpz(uint32_t *l, const mpz_t z) {
    size_t cnt = 0;
    memset(l, 0, 32);
    mpz_export(l, &cnt, -1, 4, 0, 0, z); /* z < 2^256 */
}

void case_montgomery(oc_case *c) {
    enum { N = 256, BS = 64 };
    oc_kernel(c, "montgomery");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *A = oc_in(c, "a", OT_U32, 8 * N);
    uint32_t *B = oc_in(c, "b", OT_U32, 8 * N);
    uint32_t *M = oc_in(c, "n", OT_U32, 8 * N);
    static const char *named[] = {
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", /* secp256k1 p */
        "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47", /* BN254 p */
        "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", /* P-256 p */
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43", /* 2^256 - 189 */
        "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", /* 2^255 - 19 */
        "0000000000000000000000000000000000000000000000000000000000000003",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* 2^256 - 1 */
        "8000000000000000000000000000000000000000000000000000000000000001",
    };
    mpz_t a, b, n, r, rinv, t;
    mpz_inits(a, b, n, r, rinv, t, NULL);
    for (int i = 0; i < N; i++) {
        uint32_t l[8];
        if (i < 64) {
            mpz_set_str(n, named[i % 8], 16);
        } else {
            for (int k = 0; k < 8; k++) l[k] = oc_rand32(c);
            if (i % 3 == 0) l[7] >>= (uint32_t)oc_range(c, 1, 31); /* shorter moduli */
            l[0] |= 1;
            mpz_from_limbs(n, l);
        }
        limbs_from_mpz(M + 8 * i, n);
        /* a, b < N: edge values N-1, 0, 1 for the first moduli, random below N after */
        for (int s = 0; s < 2; s++) {
            mpz_t *z = s ? &b : &a;
            int pick = i < 64 ? (i / 8 + s) % 4 : 3;
            if (pick == 0) mpz_sub_ui(*z, n, 1);
            else if (pick == 1) mpz_set_ui(*z, 0);
            else if (pick == 2) mpz_set_ui(*z, 1);
            else {
                for (int k = 0; k < 8; k++) l[k] = oc_rand32(c);
                mpz_from_limbs(*z, l);
                mpz_mod(*z, *z, n);
            }
        }
        if (i >= 32 && i < 40) mpz_sub_ui(b, n, 1);
        limbs_from_mpz(A + 8 * i, a);
        limbs_from_mpz(B + 8 * i, b);
    }
    oc_fill(c, "out", OT_U32, 16 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "n");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        mpz_from_limbs(a, A + 8 * i);
        mpz_from_limbs(b, B + 8 * i);
        mpz_from_limbs(n, M + 8 * i);
        mpz_set_ui(t, 1);
        mpz_mul_2exp(t, t, 256);
        mpz_invert(rinv, t, n); /* 2^-256 mod N; N odd */
        mpz_mul(r, a, b);
        mpz_mul(r, r, rinv);
        mpz_mod(r, r, n);
        limbs_from_mpz(o + 16 * i, r);
        mpz_mul(r, r, r);
        mpz_mul(r, r, rinv);
        mpz_mod(r, r, n);
        limbs_from_mpz(o + 16 * i + 8, r);
    }
    mpz_clears(a, b, n, r, rinv, t, NULL);
}

/* ---------------- bitops ---------------- */
static uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, uint32_t lut) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) {
        unsigned idx = ((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 | ((c >> i) & 1);
        r |= ((lut >> idx) & 1u) << i;
    }
    return r;
}
static uint32_t msb64(uint64_t v) { return v ? 63 - oc_clz64(v) : 0xffffffffu; }
/* fns.b32 as the PTX ISA's pseudocode defines it */
static uint32_t fns(uint32_t mask, uint32_t base, int32_t offset) {
    if (offset == 0) return (mask >> base) & 1 ? base : 0xffffffffu;
    int pos = (int)base, count = (offset < 0 ? -offset : offset) - 1, inc = offset > 0 ? 1 : -1;
    for (; pos >= 0 && pos < 32; pos += inc) {
        if ((mask >> pos) & 1) {
            if (count == 0) return (uint32_t)pos;
            count--;
        }
    }
    return 0xffffffffu;
}

void case_bitops(oc_case *c) {
    enum { N = 512, BS = 128, K = 20 };
    oc_kernel(c, "bitops");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *x = oc_in(c, "x", OT_U32, N);
    uint32_t *y = oc_in(c, "y", OT_U32, N);
    edge_pairs32(c, x, y, N);
    for (int i = NEDGE32 * NEDGE32; i < N; i += 5) x[i] &= 0x00f0f000u; /* sparse masks for fns */
    oc_fill(c, "out", OT_U32, K * N, 0x77777777);
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t X = x[i], Y = y[i], Z = oc_rotl32(Y, 13), *r = o + K * i;
        uint64_t W = (uint64_t)Y << 32 | X;
        r[0] = X & Y;
        r[1] = X | Y;
        r[2] = (X ^ Y) + ~X;
        r[3] = (uint32_t)(X == 0) | (uint32_t)(Y == 0) << 1;
        r[4] = lop3(X, Y, Z, 0x96);
        r[5] = lop3(X, Y, Z, 0xe8);
        r[6] = lop3(X, Y, Z, 0xca);
        r[7] = lop3(X, Y, Z, 91);
        r[8] = oc_popc32(X) | oc_popc64(W) << 8;
        r[9] = oc_clz32(X) | oc_clz64(W) << 8;
        r[10] = oc_brev32(X);
        uint64_t bw = oc_brev64(W);
        r[11] = (uint32_t)bw;
        r[12] = (uint32_t)(bw >> 32);
        r[13] = X ? 31 - oc_clz32(X) : 0xffffffffu;
        r[14] = X ? oc_clz32(X) : 0xffffffffu;
        uint32_t ys = (int32_t)Y < 0 ? ~Y : Y;
        r[15] = ys ? 31 - oc_clz32(ys) : 0xffffffffu;
        r[16] = msb64(W);
        r[17] = msb64((int64_t)W < 0 ? ~W : W);
        r[18] = fns(X, Y & 31, (int32_t)((Y >> 5) & 63) - 31);
        r[19] = fns(Y, X & 31, 0);
    }
}

/* ---------------- shifts ---------------- */
static uint32_t bmsk(uint32_t a, uint32_t b, int clamp) {
    uint32_t a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
    uint32_t mask0 = ~0u << a1, mask1 = sum >= 32 ? 0 : ~0u << sum;
    int over = sum >= 32;
    if (clamp) {
        if (a >= 32) {
            over = 1;
            mask0 = 0;
        }
        if (b >= 32) over = 1;
    }
    if (over) mask1 = 0;
    else if (b1 == 0) mask1 = ~0u;
    return mask0 & ~mask1;
}
static uint32_t szext(uint32_t a, uint32_t b, int clamp, int is_signed) {
    uint32_t b1 = b & 0x1f;
    int too_large = b >= 32 && clamp;
    uint32_t mask = too_large ? 0 : ~0u << b1;
    int sign = (b1 == 0 || too_large || !is_signed) ? 0 : (a >> ((b1 - 1) & 0x1f)) & 1;
    return (a & ~mask) | (sign ? mask : 0);
}

void case_shifts(oc_case *c) {
    enum { N = 512, BS = 128, K = 16 };
    oc_kernel(c, "shifts");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *xy = oc_in(c, "xy", OT_U32, 2 * N);
    for (int i = 0; i < N; i++) {
        uint32_t X = edge32[i % NEDGE32];
        if (i >= 4 * NEDGE32) X = oc_rand32(c);
        uint32_t Y = oc_rand32(c) & 0xff3f3fffu;          /* bits 8..31 vary: amounts up to 2^24 */
        if (i < 128) Y = (Y & ~63u) | (uint32_t)(i % 64); /* every amount 0..63 */
        if (i % 16 == 3) Y &= 0x3fffu;                    /* shl by small kb too */
        xy[2 * i] = X;
        xy[2 * i + 1] = Y;
    }
    oc_fill(c, "out", OT_U32, K * N, 0);
    oc_p_buf(c, "xy");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t X = xy[2 * i], Y = xy[2 * i + 1], k = Y & 63, kb = Y >> 8, *r = o + K * i;
        uint64_t W = (uint64_t)Y << 32 | X;
        r[0] = k >= 32 ? 0 : X << k;
        r[1] = k >= 32 ? 0 : X >> k;
        r[2] = (uint32_t)oc_sra32((int32_t)X, k >= 32 ? 31 : k);
        r[3] = kb >= 32 ? 0 : X << kb;
        uint64_t v = W << k;
        r[4] = (uint32_t)v;
        r[5] = (uint32_t)(v >> 32);
        uint32_t j = (Y >> 6) & 127;
        v = (uint64_t)oc_sra64((int64_t)W, j >= 64 ? 63 : j);
        r[6] = (uint32_t)v;
        r[7] = (uint32_t)(v >> 32);
        uint32_t h = X & 0xffff, j31 = k & 31;
        r[8] = j31 >= 16 ? 0 : h >> j31;
        uint32_t kc = k > 32 ? 32 : k;
        r[9] = oc_shf_l(X, Y, k & 31);
        r[10] = oc_shf_r(X, Y, kc);
        r[11] = oc_shf_l(X, Y, kc);
        r[12] = oc_shf_r(X, Y, k & 31);
        uint32_t j6 = (Y >> 16) & 63;
        r[13] = bmsk(k, j6, 1);
        r[14] = bmsk(k, j6, 0);
        r[15] = (szext(X, k, 1, 1) + szext(X, j6, 0, 0)) ^ szext(X, k, 0, 1);
    }
}

/* ---------------- cvt_int ---------------- */
static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void case_cvt_int(oc_case *c) {
    enum { N = 512, BS = 128, K = 16 };
    static const uint64_t ye[] = {0,
                                  1,
                                  UINT64_MAX,
                                  0x7fffffffull,
                                  0x80000000ull,
                                  0xffffffffull,
                                  0x100000000ull,
                                  0xffffffff80000000ull,
                                  0xffffffff7fffffffull,
                                  0x8000000000000000ull,
                                  0x7fffffffffffffffull,
                                  0x7fffull,
                                  0x8000ull,
                                  0xffffffffffff8000ull};
    oc_kernel(c, "cvt_int");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *x = oc_in(c, "x", OT_U32, N);
    uint64_t *y = oc_in(c, "y", OT_U64, N);
    for (int i = 0; i < N; i++) {
        if (i < NEDGE32) x[i] = edge32[i];
        else if (i < 200) x[i] = (uint32_t)(int32_t)oc_range(c, -70000, 70000);
        else x[i] = oc_rand32(c);
        if (i < 14) y[i] = ye[i];
        else if (i % 3 == 0) y[i] = (uint64_t)oc_range(c, -5000000000ll, 5000000000ll);
        else {
            uint64_t yr = oc_rand64(c);
            y[i] = yr >> (oc_rand32(c) & 63);
        }
    }
    oc_fill(c, "out", OT_U32, K * N, 0);
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t X = x[i], *r = o + K * i;
        int32_t sx = (int32_t)X;
        uint64_t Y = y[i];
        r[0] = (uint32_t)(int32_t)(int8_t)X;
        r[1] = X & 0xff;
        r[2] = (uint32_t)clamp64(sx, -128, 127);
        r[3] = (uint32_t)clamp64(sx, 0, 255);
        r[4] = (uint32_t)clamp64(sx, -32768, 32767);
        r[5] = X > 65535 ? 65535 : X;
        r[6] = X > 0x7fffffffu ? 0x7fffffffu : X;
        r[7] = sx < 0 ? 0 : X;
        uint64_t w = (uint64_t)(int64_t)sx;
        r[8] = (uint32_t)w;
        r[9] = (uint32_t)(w >> 32);
        w = (uint64_t)(int64_t)(int16_t)X;
        r[10] = (uint32_t)w;
        r[11] = (uint32_t)(w >> 32);
        r[12] = (uint32_t)clamp64((int64_t)Y, INT32_MIN, INT32_MAX);
        r[13] = (uint32_t)clamp64((int64_t)Y, 0, UINT32_MAX);
        r[14] = (uint32_t)(Y > 32767 ? 32767 : Y);
        r[15] = ((uint32_t)Y + (uint32_t)(int32_t)(int8_t)X) ^ (X & 0xff);
    }
}

/* ---------------- dot4 ---------------- */
static int64_t byte_of(uint32_t v, int k, int is_signed) {
    uint8_t b = (uint8_t)(v >> (8 * k));
    return is_signed ? (int8_t)b : b;
}
static int64_t half_of(uint32_t v, int k, int is_signed) {
    uint16_t h = (uint16_t)(v >> (16 * k));
    return is_signed ? (int16_t)h : h;
}
static uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, int sa, int sb) {
    int64_t d = (int64_t)c;
    for (int k = 0; k < 4; k++) d += byte_of(a, k, sa) * byte_of(b, k, sb);
    return (uint32_t)d;
}
static uint32_t dp2a(uint32_t a, uint32_t b, uint32_t c, int hi, int sa, int sb) {
    int64_t d = (int64_t)c;
    for (int k = 0; k < 2; k++) d += half_of(a, k, sa) * byte_of(b, 2 * hi + k, sb);
    return (uint32_t)d;
}

void case_dot4(oc_case *c) {
    enum { N = 512, BS = 128, K = 12 };
    oc_kernel(c, "dot4");
    oc_grid(c, N / BS, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 3 * N);
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 3; k++) {
            uint32_t v = oc_rand32(c);
            if (i < 64) v = edge32[(i + 5 * k) % NEDGE32];
            in[3 * i + k] = v;
        }
    oc_fill(c, "out", OT_U32, K * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t a = in[3 * i], b = in[3 * i + 1], cc = in[3 * i + 2], *r = o + K * i;
        r[0] = dp4a(a, b, cc, 0, 0);
        r[1] = dp4a(a, b, cc, 1, 1);
        r[2] = dp4a(a, b, cc, 1, 0);
        r[3] = dp4a(a, b, cc, 0, 1);
        r[4] = dp2a(a, b, cc, 0, 0, 0);
        r[5] = dp2a(a, b, cc, 1, 0, 0);
        r[6] = dp2a(a, b, cc, 0, 1, 1);
        r[7] = dp2a(a, b, cc, 1, 1, 1);
        r[8] = dp2a(a, b, cc, 0, 1, 0);
        r[9] = dp2a(a, b, cc, 1, 0, 1);
        r[10] = dp4a(a, a, 0, 1, 1);
        r[11] = dp4a(b, 0x01010101u, cc, 0, 0);
    }
}

/* ---------------- pack_unpack ---------------- */
/* cvt.pack.sat: d = sat(b) | sat(a) << w | c << 2w (the fields of w bits; c only below 32) */
static uint32_t pack_sat(int32_t a, int32_t b, uint32_t c, int w, int is_signed) {
    int64_t lo = is_signed ? -(1ll << (w - 1)) : 0, hi = is_signed ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
    uint32_t m = w == 32 ? 0xffffffffu : (1u << w) - 1;
    uint32_t ta = (uint32_t)clamp64(a, lo, hi) & m, tb = (uint32_t)clamp64(b, lo, hi) & m;
    uint32_t d = tb | ta << w;
    if (2 * w < 32) d |= c << (2 * w);
    return d;
}

void case_pack_unpack(oc_case *c) {
    enum { G = 2, BS = 128, N = G * BS };
    oc_kernel(c, "pack_unpack");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, 4 * N);
    for (int i = 0; i < 4 * N; i++) {
        int k = (i / 4) % 3;
        in[i] = (int32_t)(k == 0       ? oc_range(c, -300, 300)
                              : k == 1 ? oc_range(c, -40000, 40000)
                                       : (int32_t)oc_rand32(c));
    }
    oc_fill(c, "out", OT_U32, 16 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        const int32_t *v = in + 4 * i;
        uint32_t a = (uint32_t)v[0], b = (uint32_t)v[1], cc = (uint32_t)v[2], d = (uint32_t)v[3], *r = o + 16 * i;
        r[0] = oc_rotl32(b, 16);
        r[1] = oc_rotl32(a, 16);
        r[2] = a;
        r[3] = b;
        r[4] = d;
        r[5] = cc & 0xffff;
        r[6] = pack_sat(v[3], v[2], 0, 8, 0);
        r[7] = pack_sat(v[1], v[0], r[6], 8, 0);
        r[8] = pack_sat(v[0], v[1], 0, 16, 1);
        r[9] = pack_sat(v[2], v[3], 0xabcdef, 4, 0);
        r[10] = pack_sat(v[0], v[3], r[8], 8, 1);
        r[11] = (uint32_t)i;
        r[12] = (a & 0xff) | (b & 0xff) << 8 | (a & 0xff) << 16 | (a & 0xff) << 24;
        r[13] = (cc & 0xff) | (cc & 0xff) << 8 | (cc & 0xff) << 16 | (d & 0xff) << 24;
        r[14] = (a & 0xff) | (b & 0xff) << 8 | (cc & 0xff) << 16 | (d & 0xff) << 24;
        r[15] = r[14];
    }
}
