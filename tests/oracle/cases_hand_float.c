/* Oracles for the hand-written floating-point PTX kernels (corpus/src/hand/): f32/f64 rounding
 * modes, .ftz/.sat, f16/bf16 arithmetic, conversions, testp/copysign, float comparisons. The
 * host FPU computes IEEE results under fesetround; the GPU's NaN, .ftz and .sat rules are
 * applied around them (docs/numerics.md, docs/corpus.md). */
#include "oracle.h"

#include <fenv.h>

enum { RN, RZ, RM, RP };
static const int fe_mode[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

/* random float of the given biased-exponent range, random sign */
static float wide32(oc_case *c, int lo, int hi) {
  uint32_t m = oc_rand32(c) & 0x7fffffu;
  uint32_t e = (uint32_t)oc_range(c, lo, hi);
  uint32_t s = oc_rand32(c) & 0x80000000u;
  return u2f(s | e << 23 | m);
}
static double wide64(oc_case *c, int lo, int hi) {
  uint64_t m = oc_rand64(c) & 0xfffffffffffffull;
  uint64_t e = (uint64_t)oc_range(c, lo, hi);
  uint64_t s = oc_rand64(c) & 0x8000000000000000ull;
  return u2d(s | e << 52 | m);
}

/* one f32 IEEE operation in a rounding mode: 0 add, 1 sub, 2 mul, 3 div, 4 fma, 5 sqrt */
static float op32(int op, float a, float b, float c, int mode) {
  volatile float va = a, vb = b, vc = c, r;
  fesetround(fe_mode[mode]);
  switch (op) {
  case 0: r = va + vb; break;
  case 1: r = va - vb; break;
  case 2: r = va * vb; break;
  case 3: r = va / vb; break;
  case 4: r = fmaf(va, vb, vc); break;
  default: r = sqrtf(va); break;
  }
  fesetround(FE_TONEAREST);
  return r;
}
static double op64(int op, double a, double b, double c, int mode) {
  volatile double va = a, vb = b, vc = c, r;
  fesetround(fe_mode[mode]);
  switch (op) {
  case 0: r = va + vb; break;
  case 1: r = va - vb; break;
  case 2: r = va * vb; break;
  case 3: r = va / vb; break;
  case 4: r = fma(va, vb, vc); break;
  default: r = sqrt(va); break;
  }
  fesetround(FE_TONEAREST);
  return r;
}

static float ftz_in(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }
/* .sat: [+0, 1], NaN and -0 to +0 */
static float sat01(float x) {
  if (isnan(x) || x <= 0.0f) return 0.0f;
  return x > 1.0f ? 1.0f : x;
}

/* mul.rnd.ftz.f32: the result is flushed when it is tiny after rounding to 24 bits with an
 * unbounded exponent (docs/numerics.md section 4); the product of two floats is exact in double */
static float mul32_ftz(float a, float b, int mode) {
  a = ftz_in(a);
  b = ftz_in(b);
  float r = op32(2, a, b, 0, mode);
  if (isnan(r)) return u2f(OC_CNAN32);
  double p = (double)a * b;
  if (p != 0 && fabs(p) < 0x1p-125) {
    volatile double vp = p * 0x1p200;
    volatile float f;
    fesetround(fe_mode[mode]);
    f = (float)vp;
    fesetround(FE_TONEAREST);
    if (fabsf(f) < 0x1p74f) return copysignf(0.0f, r);
  }
  return r;
}

/* ---------------- f32_rounding ---------------- */
void case_f32_rounding(oc_case *c) {
  enum { N = 1536, BS = 256, K = 20 };
  const int ns = (int)oc_n_special_f32;
  oc_kernel(c, "f32_rounding");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  float *a = oc_in(c, "a", OT_F32, N);
  float *b = oc_in(c, "b", OT_F32, N);
  float *cc = oc_in(c, "c", OT_F32, N);
  for (int i = 0; i < N; i++) {
    if (i < ns * ns) {
      a[i] = u2f(oc_special_f32[i / ns]);
      b[i] = u2f(oc_special_f32[i % ns]);
      cc[i] = i % 3 ? wide32(c, 100, 150) : u2f(oc_special_f32[(i * 7) % ns]);
    } else if (i < 1280) {
      a[i] = wide32(c, 1, 254);
      b[i] = wide32(c, 1, 254);
      cc[i] = wide32(c, 1, 254);
    } else { /* near the subnormal range and near 1 (for .sat) */
      a[i] = wide32(c, 0, 64);
      b[i] = i & 1 ? wide32(c, 0, 70) : wide32(c, 120, 127);
      cc[i] = wide32(c, 120, 127);
    }
  }
  oc_fill(c, "out", OT_F32, K * N, 0);
  oc_p_buf(c, "a");
  oc_p_buf(c, "b");
  oc_p_buf(c, "c");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  float *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    float A = a[i], B = b[i], C = cc[i], *r = o + K * i;
    for (int m = 0; m < 4; m++) {
      r[m] = canon32(op32(0, A, B, 0, m));
      r[4 + m] = canon32(op32(2, A, B, 0, m));
      r[8 + m] = canon32(op32(4, A, B, C, m));
    }
    float s = canon32(op32(1, ftz_in(A), ftz_in(B), 0, RN));
    r[12] = fabsf(s) < 0x1p-126f ? copysignf(0.0f, s) : s;
    r[13] = mul32_ftz(A, B, RZ);
    r[14] = sat01(op32(0, A, B, 0, RN));
    r[15] = sat01(op32(4, A, B, C, RN));
    r[16] = canon32(op32(3, A, B, 0, RP));
    r[17] = canon32(op32(5, A, 0, 0, RM));
    r[18] = canon32(op32(3, 1.0f, B, 0, RZ));
    r[19] = canon32(op32(0, A, u2f(f2u(B) ^ 0x80000000u), 0, RN));
  }
}

/* ---------------- f64_rounding ---------------- */
/* f64 NaN propagation measured on the H200 (docs/numerics.md section 3): add/sub/mul take the
 * NaN of b, else of a; fma b, then c, then a; div a, then b; always quietened. abs.f64 of a NaN
 * quietens it and leaves the sign alone. */
static double nan_ba(double r, double a, double b) { return f64_res2(r, b, a); }
static double nan_bca(double r, double a, double b, double c) { return f64_res3(r, b, c, a); }
static double abs64(double a) {
  return isnan(a) ? quiet64(a) : u2d(d2u(a) & 0x7fffffffffffffffull);
}

void case_f64_rounding(oc_case *c) {
  enum { N = 1536, BS = 256, K = 16 };
  const int nd = (int)oc_n_special_f64;
  oc_kernel(c, "f64_rounding");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  double *abc = oc_in(c, "abc", OT_F64, 3 * N);
  for (int i = 0; i < N; i++) {
    double *v = abc + 3 * i;
    if (i < nd * nd) {
      v[0] = u2d(oc_special_f64[i / nd]);
      v[1] = u2d(oc_special_f64[i % nd]);
      v[2] = i % 3 ? wide64(c, 900, 1100) : u2d(oc_special_f64[(i * 7) % nd]);
    } else {
      v[0] = wide64(c, 1, 2046);
      v[1] = wide64(c, 1, 2046);
      v[2] = wide64(c, 1, 2046);
      if (i % 4 == 0) { /* products near the subnormal range */
        v[0] = wide64(c, 1, 600);
        v[1] = wide64(c, 1, 500);
      }
    }
  }
  oc_fill(c, "out", OT_F64, K * N, 0);
  oc_p_buf(c, "abc");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  double *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    double A = abc[3 * i], B = abc[3 * i + 1], C = abc[3 * i + 2], *r = o + K * i;
    for (int m = 0; m < 4; m++) {
      r[m] = nan_ba(op64(0, A, B, 0, m), A, B);
      r[4 + m] = nan_ba(op64(2, A, B, 0, m), A, B);
      r[8 + m] = nan_bca(op64(4, A, B, C, m), A, B, C);
    }
    r[12] = f64_res2(op64(3, A, B, 0, RZ), A, B);
    r[13] = f64_res1(op64(5, A, 0, 0, RP), A);
    r[14] = f64_res1(op64(3, 1.0, B, 0, RN), B);
    r[15] = abs64(A);
  }
}

/* ---------------- small formats: f16 (p = 11, emin = -14) and bf16 (p = 8, emin = -126) ---------- */
typedef struct {
  int p, emin, emax, ebits;
  uint16_t cnan;
} small_fmt;
static const small_fmt FMT_F16 = {11, -14, 15, 5, 0x7fff};
static const small_fmt FMT_BF16 = {8, -126, 127, 8, 0x7fff};

static double small_decode(const small_fmt *f, uint16_t h) {
  int mbits = f->p - 1, bias = f->emax;
  uint32_t e = (h >> mbits) & ((1u << f->ebits) - 1), m = h & ((1u << mbits) - 1);
  double s = h & 0x8000 ? -1.0 : 1.0;
  if (e == (1u << f->ebits) - 1) return m ? NAN : s * INFINITY;
  if (e == 0) return s * ldexp(m, f->emin - mbits);
  return s * ldexp(m + (1u << mbits), (int)e - bias - mbits);
}
static int small_isnan(const small_fmt *f, uint16_t h) {
  int mbits = f->p - 1;
  uint32_t emask = (1u << f->ebits) - 1;
  return ((h >> mbits) & emask) == emask && (h & ((1u << mbits) - 1));
}

/* Round the exact value x (a double, or a double made sticky by round-to-odd) to the format in
 * the given mode; NaN gives the canonical NaN. */
static uint16_t small_round(const small_fmt *f, double x, int mode) {
  if (isnan(x)) return f->cnan;
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  int mbits = f->p - 1, bias = f->emax;
  uint16_t inf = (uint16_t)(sign | ((1u << f->ebits) - 1) << mbits);
  uint16_t maxv = (uint16_t)(inf - 1);
  if (isinf(x)) return inf;
  double ax = fabs(x);
  if (ax == 0) return sign;
  int E;
  frexp(ax, &E); /* ax = m * 2^E, m in [0.5, 1): leading bit 2^(E-1) */
  int lead = E - 1 < f->emin ? f->emin : E - 1;
  int q = lead - mbits;
  double scaled = ldexp(ax, -q), n = floor(scaled), frac = scaled - n;
  int up;
  switch (mode) {
  case RN: up = frac > 0.5 || (frac == 0.5 && fmod(n, 2.0) != 0); break;
  case RZ: up = 0; break;
  case RM: up = sign && frac > 0; break;
  default: up = !sign && frac > 0; break;
  }
  n += up;
  double v = ldexp(n, q);
  if (v >= ldexp(1.0, f->emax + 1)) { /* overflow */
    if (mode == RN) return inf;
    if (mode == RZ) return maxv;
    if (mode == RM) return sign ? inf : maxv;
    return sign ? maxv : inf;
  }
  if (v < ldexp(1.0, f->emin)) return (uint16_t)(sign | (uint16_t)n); /* subnormal or zero */
  frexp(v, &E);
  uint32_t e = (uint32_t)(E - 1 + bias);
  uint32_t m = (uint32_t)(ldexp(v, -(E - 1) + mbits)) - (1u << mbits);
  return (uint16_t)(sign | e << mbits | m);
}

/* a*b+c rounded once: fma in double toward zero with the inexact flag folded into the last bit
 * (round to odd; 53 >= p + 2 bits, so the second rounding is exact) */
static double fma_odd(double a, double b, double c) {
  volatile double va = a, vb = b, vc = c, r;
  feclearexcept(FE_INEXACT);
  fesetround(FE_TOWARDZERO);
  r = fma(va, vb, vc);
  int inexact = fetestexcept(FE_INEXACT) != 0;
  fesetround(FE_TONEAREST);
  if (inexact && isfinite(r)) r = u2d(d2u(r) | 1);
  return r;
}

static uint16_t small_sat(const small_fmt *f, uint16_t h) {
  if (small_isnan(f, h) || (h & 0x8000)) return 0;
  return small_decode(f, h) > 1.0 ? small_round(f, 1.0, RN) : h;
}
static uint16_t small_neg(const small_fmt *f, uint16_t h) { return small_isnan(f, h) ? f->cnan : h ^ 0x8000; }
static uint16_t small_abs(const small_fmt *f, uint16_t h) { return small_isnan(f, h) ? f->cnan : h & 0x7fff; }
/* min: one NaN gives the other operand, two give the canonical NaN; -0 < +0 */
static uint16_t small_minmax(const small_fmt *f, uint16_t a, uint16_t b, int is_max, int nan_mode) {
  int na = small_isnan(f, a), nb = small_isnan(f, b);
  if (na && nb) return f->cnan;
  if (na || nb) return nan_mode ? f->cnan : na ? b : a;
  double x = small_decode(f, a), y = small_decode(f, b);
  if (x == y) { /* equal values: only +-0 differ */
    int a_neg = (a & 0x8000) != 0;
    return is_max ? (a_neg ? b : a) : (a_neg ? a : b);
  }
  return (x < y) != is_max ? a : b;
}
static uint16_t small_add(const small_fmt *f, uint16_t a, uint16_t b) {
  return small_round(f, small_decode(f, a) + small_decode(f, b), RN); /* exact in double */
}
static uint16_t small_sub(const small_fmt *f, uint16_t a, uint16_t b) {
  return small_round(f, small_decode(f, a) - small_decode(f, b), RN);
}
static uint16_t small_mul(const small_fmt *f, uint16_t a, uint16_t b) {
  return small_round(f, small_decode(f, a) * small_decode(f, b), RN);
}
static uint16_t small_fma(const small_fmt *f, uint16_t a, uint16_t b, uint16_t c) {
  return small_round(f, fma_odd(small_decode(f, a), small_decode(f, b), small_decode(f, c)), RN);
}

static const uint16_t special_f16[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7c01,
                                       0xfe01, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3800,
                                       0x3c01, 0x3bff, 0x3e00, 0x4100, 0xc100, 0x5bff, 0x1400, 0x7800};
static const uint16_t special_bf16[] = {0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x7f81,
                                        0xffc1, 0x0001, 0x8001, 0x007f, 0x0080, 0x7f7f, 0xff7f, 0x3f00,
                                        0x3f81, 0x3f7f, 0x3fc0, 0x4020, 0xc020, 0x4b00, 0x0c00, 0x7f00};
enum { NSPECIAL16 = 24 };

/* a, b, c, pad per thread: every pair of specials, then random finite values (mostly normal) */
static void gen_small(oc_case *c, const uint16_t *sp, uint16_t *abc, int n, uint16_t expmask) {
  for (int i = 0; i < n; i++) {
    uint16_t *v = abc + 4 * i;
    if (i < NSPECIAL16 * NSPECIAL16) {
      v[0] = sp[i / NSPECIAL16];
      v[1] = sp[i % NSPECIAL16];
      v[2] = i % 3 ? sp[(i * 7) % NSPECIAL16] : (uint16_t)oc_rand32(c);
    } else {
      for (int k = 0; k < 3; k++) {
        uint16_t h = (uint16_t)oc_rand32(c);
        if ((h & expmask) == expmask) h ^= 0x4000; /* no Inf/NaN among the random values */
        v[k] = h;
      }
    }
    v[3] = 0;
  }
}

/* ---------------- half_f16 ---------------- */
void case_half_f16(oc_case *c) {
  enum { N = 1024, BS = 128, K = 16 };
  const small_fmt *f = &FMT_F16;
  oc_kernel(c, "half_f16");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  uint16_t *abc = oc_in(c, "abc", OT_U16, 4 * N);
  gen_small(c, special_f16, abc, N, 0x7c00);
  oc_fill(c, "out", OT_U16, K * N, 0);
  oc_p_buf(c, "abc");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  uint16_t *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    uint16_t a = abc[4 * i], b = abc[4 * i + 1], cc = abc[4 * i + 2], *r = o + K * i;
    r[0] = small_add(f, a, b);
    r[1] = small_sub(f, a, b);
    r[2] = small_mul(f, a, b);
    r[3] = small_fma(f, a, b, cc);
    r[4] = small_sat(f, small_add(f, a, b));
    r[5] = small_sat(f, small_fma(f, a, b, cc));
    r[6] = small_neg(f, a);
    r[7] = small_abs(f, b);
    r[8] = small_minmax(f, a, b, 0, 0);
    r[9] = small_minmax(f, a, b, 1, 1);
    /* x = {a, b}, y = {c, a}, z = {b, c}: low halves first */
    r[10] = small_add(f, a, cc);
    r[11] = small_add(f, b, a);
    r[12] = small_fma(f, a, cc, b);
    r[13] = small_fma(f, b, a, cc);
    r[14] = small_mul(f, a, b);
    r[15] = small_mul(f, b, cc);
  }
}

/* ---------------- half_bf16 ---------------- */
void case_half_bf16(oc_case *c) {
  enum { N = 1024, BS = 128, K = 16 };
  const small_fmt *f = &FMT_BF16;
  oc_kernel(c, "half_bf16");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  uint16_t *abc = oc_in(c, "abc", OT_U16, 4 * N);
  gen_small(c, special_bf16, abc, N, 0x7f80);
  float *fv = oc_in(c, "f", OT_F32, 2 * N);
  for (int i = 0; i < 2 * N; i++) {
    if (i < (int)oc_n_special_f32) fv[i] = u2f(oc_special_f32[i]);
    else if (i % 4 == 0) fv[i] = u2f((oc_rand32(c) & 0xffff0000u) | 0x8000u); /* ties */
    else if (i % 4 == 1) fv[i] = u2f(oc_rand32(c) & 0x807fffffu); /* subnormal */
    else fv[i] = u2f(oc_rand32(c));
  }
  oc_fill(c, "out", OT_U16, K * N, 0);
  oc_p_buf(c, "abc");
  oc_p_buf(c, "f");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  uint16_t *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    uint16_t a = abc[4 * i], b = abc[4 * i + 1], cc = abc[4 * i + 2], *r = o + K * i;
    r[0] = small_add(f, a, b);
    r[1] = small_sub(f, a, b);
    r[2] = small_mul(f, a, b);
    r[3] = small_fma(f, a, b, cc);
    r[4] = small_neg(f, a);
    r[5] = small_abs(f, b);
    r[6] = small_minmax(f, a, b, 0, 0);
    r[7] = small_minmax(f, a, b, 1, 1);
    r[8] = small_fma(f, a, cc, b); /* x = {a, b}, y = {c, a}, z = {b, c} */
    r[9] = small_fma(f, b, a, cc);
    r[10] = small_add(f, a, b);
    r[11] = small_add(f, b, cc);
    float f1 = fv[2 * i], f2 = fv[2 * i + 1];
    r[12] = small_round(f, f1, RN);
    r[13] = a; /* (a << 16) split into halves and xored */
    r[14] = small_round(f, f2, RN); /* cvt.rn.bf16x2.f32 d, f1, f2: f2 in the low half */
    r[15] = small_round(f, f1, RN);
  }
}

/* ---------------- cvt_float ---------------- */
/* x rounded to an integral value in a mode (exact: nearbyint of the exact double) */
static double rint_mode(double x, int mode) {
  volatile double v = x, r;
  fesetround(fe_mode[mode]);
  r = nearbyint(v);
  fesetround(FE_TONEAREST);
  return r;
}
/* float -> integer: exact rounding then clamping; NaN gives nan_val (docs/numerics.md section 3) */
static int64_t f2i(double x, int mode, double lo, double hi, int64_t ilo, int64_t ihi, int64_t nan_val) {
  if (isnan(x)) return nan_val;
  double r = rint_mode(x, mode);
  if (r <= lo) return ilo;
  if (r >= hi) return ihi;
  return (int64_t)r;
}
static uint64_t f2u64(double x, int mode, double hi, uint64_t uhi, uint64_t nan_val) {
  if (isnan(x)) return nan_val;
  double r = rint_mode(x, mode);
  if (r <= 0) return 0;
  if (r >= hi) return uhi;
  return (uint64_t)r;
}
/* |m| (sign separate) rounded to p significant bits in a mode, returned exactly as a double */
static double round_int(uint64_t m, int neg, int p, int mode) {
  if (m == 0) return 0.0; /* integer zero converts to +0 */
  int bits = 64 - (int)oc_clz64(m);
  uint64_t q = m, rem = 0, half = 0;
  int sh = bits > p ? bits - p : 0;
  if (sh) {
    q = m >> sh;
    rem = m & ((1ull << sh) - 1);
    half = 1ull << (sh - 1);
  }
  int up;
  switch (mode) {
  case RN: up = rem > half || (rem == half && sh && (q & 1)); break;
  case RZ: up = 0; break;
  case RM: up = neg && rem; break;
  default: up = !neg && rem; break;
  }
  double v = ldexp((double)(q + (uint64_t)up), sh);
  return neg ? -v : v;
}
static uint32_t f64_to_f32_bits(double d, int mode) {
  if (isnan(d)) { /* sign and the top 22 payload bits kept, quiet bit set */
    uint64_t u = d2u(d);
    return (uint32_t)(u >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(u >> 29 & 0x3fffffu);
  }
  volatile double v = d;
  volatile float r;
  fesetround(fe_mode[mode]);
  r = (float)v;
  fesetround(FE_TONEAREST);
  return f2u(r);
}
static uint64_t f32_to_f64_bits(float x) {
  uint32_t u = f2u(x);
  if (isnan(x)) /* sign kept, payload shifted into the top of the fraction, quiet bit set */
    return (uint64_t)(u & 0x80000000u) << 32 | 0x7ff8000000000000ull | (uint64_t)(u & 0x7fffffu) << 29;
  return d2u((double)x);
}

void case_cvt_float(oc_case *c) {
  enum { N = 1024, BS = 128, K = 28 };
  const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
  oc_kernel(c, "cvt_float");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  float *x = oc_in(c, "x", OT_F32, N);
  double *d = oc_in(c, "d", OT_F64, N);
  int32_t *iv = oc_in(c, "i", OT_S32, N);
  int64_t *lv = oc_in(c, "l", OT_S64, N);
  static const int64_t le[] = {0, 1, -1, INT64_MAX, INT64_MIN, 0x1000001, 0x1000003, 0x20000000000001ll,
                               0x7fffffc000000000ll, 0xffffff7fffffffffll, -0x1000001, 16777217};
  for (int i = 0; i < N; i++) {
    if (i < ns) x[i] = u2f(oc_special_f32[i]);
    else if (i % 4 == 0) x[i] = (float)oc_range(c, -40, 40) * 0.25f; /* halves and quarters */
    else if (i % 4 == 1) x[i] = wide32(c, 120, 160);
    else x[i] = wide32(c, 0, 255);
    if (i < nd) d[i] = u2d(oc_special_f64[i]);
    else if (i % 3 == 0) d[i] = wide64(c, 1023 - 150, 1023 + 130);
    else if (i % 3 == 1) d[i] = wide64(c, 1023 - 10, 1023 + 34);
    else d[i] = wide64(c, 0, 2047);
    static const int32_t ie[] = {0, 1, -1, INT32_MAX, INT32_MIN, 16777217, -16777219, 0x7fffffc0};
    int32_t ir = (int32_t)oc_rand32(c);
    iv[i] = i < 8 ? ie[i] : ir >> (oc_rand32(c) & 31);
    uint64_t lr = oc_rand64(c);
    lv[i] = i < 12 ? le[i] : (int64_t)(lr >> (oc_rand32(c) & 63));
    if (i % 5 == 0 && i >= 12) lv[i] = -lv[i];
  }
  oc_fill(c, "out", OT_U32, K * N, 0);
  oc_p_buf(c, "x");
  oc_p_buf(c, "d");
  oc_p_buf(c, "i");
  oc_p_buf(c, "l");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  uint32_t *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    float X = x[i];
    double D = d[i];
    int32_t I = iv[i];
    int64_t L = lv[i];
    uint32_t *r = o + K * i;
    for (int m = 0; m < 4; m++)
      r[m] = (uint32_t)f2i(X, m, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, 0);
    r[4] = (uint32_t)f2u64(X, RN, 0x1p32 - 1, UINT32_MAX, 0);
    uint64_t w = (uint64_t)f2i(X, RZ, -0x1p63, 0x1p63, INT64_MIN, INT64_MAX, INT64_MIN);
    r[5] = (uint32_t)w;
    r[6] = (uint32_t)(w >> 32);
    uint32_t mag = I < 0 ? 0u - (uint32_t)I : (uint32_t)I;
    r[7] = f2u((float)round_int(mag, I < 0, 24, RN));
    r[8] = f2u((float)round_int(mag, I < 0, 24, RZ));
    r[9] = f2u((float)round_int(mag, I < 0, 24, RM));
    r[10] = f2u((float)round_int(mag, I < 0, 24, RP));
    r[11] = f2u((float)round_int((uint64_t)L, 0, 24, RN));
    r[12] = f2u((float)round_int((uint64_t)L, 0, 24, RZ));
    for (int m = 0; m < 4; m++) r[13 + m] = f64_to_f32_bits(D, m);
    r[17] = f2u(canon32((float)rint_mode(X, RN)));
    r[18] = f2u(canon32((float)rint_mode(X, RM)));
    uint16_t h = small_round(&FMT_F16, X, RN);
    r[19] = h;
    r[20] = small_round(&FMT_F16, X, RZ);
    r[21] = small_isnan(&FMT_F16, h) ? OC_CNAN32 : f2u((float)small_decode(&FMT_F16, h));
    w = f32_to_f64_bits(X);
    r[22] = (uint32_t)w;
    r[23] = (uint32_t)(w >> 32);
    uint64_t lm = L < 0 ? 0 - (uint64_t)L : (uint64_t)L;
    w = d2u(round_int(lm, L < 0, 53, RN));
    r[24] = (uint32_t)w;
    r[25] = (uint32_t)(w >> 32);
    r[26] = (uint32_t)f2i(D, RZ, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, INT32_MIN);
    r[27] = (uint32_t)f2u64(D, RM, 0x1p32 - 1, UINT32_MAX, 0x80000000u);
  }
}

/* ---------------- setp_float ---------------- */
/* comparison k of eq ne lt le gt ge equ neu ltu leu gtu geu num nan */
static int fcmp(double a, double b, int k) {
  int un = isnan(a) || isnan(b);
  switch (k) {
  case 0: return !un && a == b;
  case 1: return !un && a != b;
  case 2: return !un && a < b;
  case 3: return !un && a <= b;
  case 4: return !un && a > b;
  case 5: return !un && a >= b;
  case 6: return un || a == b;
  case 7: return un || a != b;
  case 8: return un || a < b;
  case 9: return un || a <= b;
  case 10: return un || a > b;
  case 11: return un || a >= b;
  case 12: return !un;
  default: return un;
  }
}

/* f32 pairs a, b and f64 pairs: every pair of the 32 specials, then random (some equal) */
static void special_pairs(oc_case *c, float *f, double *d, int n) {
  const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
  for (int i = 0; i < n; i++) {
    if (i < ns * ns) {
      f[2 * i] = u2f(oc_special_f32[i / ns]);
      f[2 * i + 1] = u2f(oc_special_f32[i % ns]);
    } else {
      f[2 * i] = wide32(c, 0, 255);
      f[2 * i + 1] = i % 3 ? wide32(c, 0, 255) : f[2 * i];
    }
    if (i < nd * nd) {
      d[2 * i] = u2d(oc_special_f64[i / nd]);
      d[2 * i + 1] = u2d(oc_special_f64[i % nd]);
    } else {
      d[2 * i] = wide64(c, 0, 2047);
      d[2 * i + 1] = i % 3 ? wide64(c, 0, 2047) : -d[2 * i];
    }
  }
}

void case_setp_float(oc_case *c) {
  enum { N = 1280, BS = 128, K = 4 };
  oc_kernel(c, "setp_float");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  float *f = oc_in(c, "f", OT_F32, 2 * N);
  double *d = oc_in(c, "d", OT_F64, 2 * N);
  special_pairs(c, f, d, N);
  oc_fill(c, "out", OT_U32, K * N, 0);
  oc_p_buf(c, "f");
  oc_p_buf(c, "d");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  uint32_t *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    float a = f[2 * i], b = f[2 * i + 1];
    double da = d[2 * i], db = d[2 * i + 1];
    uint32_t *r = o + K * i;
    for (int k = 0; k < 14; k++) {
      r[0] |= (uint32_t)fcmp(a, b, k) << k;
      r[1] |= (uint32_t)fcmp(ftz_in(a), ftz_in(b), k) << k;
      r[2] |= (uint32_t)fcmp(da, db, k) << k;
    }
    int p1 = !isnan(a), le = fcmp(a, b, 3);
    r[3] = (uint32_t)((fcmp(a, b, 2) && p1) | (fcmp(da, db, 10) || !p1) << 1 | (le ^ p1) << 2 |
                      (!le ^ p1) << 3);
  }
}

/* ---------------- testp_minmax ---------------- */
static uint32_t classify(double x, int is_f32) {
  int nan = isnan(x) != 0, inf = isinf(x) != 0, sub = fpclassify(x) == FP_SUBNORMAL;
  if (is_f32 && !nan && !inf && x != 0 && fabs(x) < 0x1p-126) sub = 1;
  int normal = !nan && !inf && !sub; /* "positive and negative zero are considered normal" (ISA) */
  return (uint32_t)(!nan && !inf) | (uint32_t)inf << 1 | (uint32_t)!nan << 2 | (uint32_t)nan << 3 |
         (uint32_t)normal << 4 | (uint32_t)sub << 5;
}
static float minmax32(float a, float b, int is_max) {
  if (isnan(a) && isnan(b)) return u2f(OC_CNAN32);
  if (isnan(a)) return b;
  if (isnan(b)) return a;
  if (a == b) return (signbit(a) != 0) != is_max ? a : b; /* +-0: min takes -0, max +0 */
  return (a < b) != is_max ? a : b;
}

void case_testp_minmax(oc_case *c) {
  enum { N = 1280, BS = 128, K = 12 };
  oc_kernel(c, "testp_minmax");
  oc_grid(c, N / BS, 1, 1);
  oc_block(c, BS, 1, 1);
  float *f = oc_in(c, "f", OT_F32, 2 * N);
  double *d = oc_in(c, "d", OT_F64, 2 * N);
  special_pairs(c, f, d, N);
  oc_fill(c, "out", OT_U32, K * N, 0);
  oc_p_buf(c, "f");
  oc_p_buf(c, "d");
  oc_p_buf(c, "out");
  oc_p_u32(c, N);
  uint32_t *o = oc_out(c, "out");
  for (int i = 0; i < N; i++) {
    float a = f[2 * i], b = f[2 * i + 1];
    double da = d[2 * i], db = d[2 * i + 1];
    uint32_t *r = o + K * i;
    r[0] = classify(a, 1) | classify(da, 0) << 8;
    r[1] = (f2u(a) & 0x80000000u) | (f2u(b) & 0x7fffffffu);
    uint64_t cs = (d2u(da) & 0x8000000000000000ull) | (d2u(db) & 0x7fffffffffffffffull);
    r[2] = (uint32_t)cs;
    r[3] = (uint32_t)(cs >> 32);
    r[4] = isnan(a) ? OC_CNAN32 : f2u(a) & 0x7fffffffu;
    r[5] = isnan(b) ? OC_CNAN32 : f2u(b) ^ 0x80000000u;
    r[6] = f2u(minmax32(a, b, 0));
    r[7] = f2u(minmax32(a, b, 1));
    r[8] = isnan(a) || isnan(b) ? OC_CNAN32 : f2u(minmax32(a, b, 0));
    r[9] = f2u(minmax32(ftz_in(a), ftz_in(b), 1));
    double m;
    if (isnan(da) && isnan(db)) m = quiet64(db);
    else if (isnan(da)) m = db;
    else if (isnan(db)) m = da;
    else if (da == db) m = signbit(da) ? da : db;
    else m = da < db ? da : db;
    r[10] = (uint32_t)d2u(m);
    r[11] = (uint32_t)(d2u(m) >> 32);
  }
}
