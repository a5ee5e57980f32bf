/* Oracles for the hand-written integer PTX kernels (corpus/src/hand/): arithmetic of every
 * width, carry chains, bit operations, shifts, dot products, integer conversions, Montgomery
 * multiplication (GMP). */
#include "oracle.h"

#include <gmp.h>

/* edge values shared by the 32-bit cases: pairs of these come first, random values after */
static const uint32_t edge32[] = {0,          1,          2,          0xffffffffu, 0x80000000u,
                                  0x7fffffffu, 0x80000001u, 0xfffffffeu, 0x00800000u, 0x00ffffffu,
                                  0xff800000u, 0x12345678u, 0x0000ffffu, 0xffff0000u, 7,
                                  0xfffffff9u};
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
static const uint64_t edge64[] = {0, 1, 2, UINT64_MAX, 0x8000000000000000ull, 0x7fffffffffffffffull,
                                  0x00000000ffffffffull, 0xffffffff00000000ull, 0x0000000100000000ull,
                                  0x123456789abcdef0ull, 0xfffffffffffffff9ull, 7};
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
    r[2] = (uint16_t)(A * B);
    r[3] = (uint16_t)((uint32_t)((int32_t)sa * sb) >> 16);
    w = (uint32_t)((int32_t)sa * sb);
    r[4] = (uint16_t)w;
    r[5] = (uint16_t)(w >> 16);
    w = (uint32_t)A * B;
    r[6] = (uint16_t)w;
    r[7] = (uint16_t)(w >> 16);
    r[8] = (uint16_t)(A * B + (A ^ B));
    r[9] = (uint16_t)(A / (B | 1));
    r[10] = (uint16_t)(A % (B | 1));
    r[11] = (uint16_t)(sa < sb ? sa : sb);
    r[12] = A > B ? A : B;
    unsigned sh = B & 15;
    uint16_t x = (uint16_t)((sa < 0 ? (uint16_t)-A : A) << sh);
    int16_t nb = (int16_t)(uint16_t)-B;
    uint16_t y = (uint16_t)(nb >> sh);
    r[13] = x ^ y;
    r[14] = (uint16_t)((A == 0) | (uint16_t)~B) ^ (sa < sb ? A : B);
    r[15] = (uint16_t)((uint16_t)((uint32_t)(int32_t)sa + B) >> 3);
  }
}

/* ---------------- carry128 ---------------- */
typedef unsigned __int128 u128;
static u128 load128(const uint32_t *w) {
  return (u128)w[0] | (u128)w[1] << 32 | (u128)w[2] << 64 | (u128)w[3] << 96;
}
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
      else if (i % 4 == 0) /* long carry and borrow runs */
        w[k] = oc_rand32(c) | 0xfffff000u;
      else if (i % 4 == 1)
        w[k] = (k == 0 || k == 4) ? oc_rand32(c) : (k < 4 ? 0xffffffffu : 0);
      else
        w[k] = oc_rand32(c);
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
