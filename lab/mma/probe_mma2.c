/* probe_mma2.c — records what an H200 does for the mma.sync forms ptxsim added last: the
 * e4m3/e5m2 forms of PTX ISA 8.7 (m16n8k16 with an .f32 or .f16 accumulator, m16n8k32 with an
 * .f16 accumulator; all four A/B pairings) and the sm_90 .f64 shapes m16n8k4, m16n8k8,
 * m16n8k16. Plain C on the CUDA driver API; each kernel is PTX JIT-compiled on its own. The
 * operand generator is probe.cu's (13 input modes, see gen_matrix), the output format is
 * probe.cu's mma format, so tests/test_mma_gpu.c replays it unchanged:
 *   index.txt        one line per form (name, shape, types, words per operand, tests, instruction)
 *   mma_<form>.bin   input fragment words [test][word][lane], then output words [test][word][lane]
 * The kernel is the one test_mma_gpu.c builds from an index line (one warp per test).
 *
 *   cc -O2 -std=c17 -I$CUDA/include probe_mma2.c -o probe_mma2 -lcuda -lm
 *   probe_mma2 OUTDIR [TESTS]      (TESTS per form, default 416; seed PROBE_SEED)
 *   probe_mma2 --ptx DIR           (only write the kernels, DIR/<form>.ptx, for ptxas/cuobjdump) */
#include <cuda.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/mma_frag.h"

enum { T_F16, T_BF16, T_TF32, T_F32, T_F64, T_E4M3, T_E5M2, T_S8, T_U8, T_S4, T_U4, T_B1, T_S32 };
static const char *TNAME[] = {"f16", "bf16", "tf32", "f32", "f64", "e4m3", "e5m2", "s8", "u8", "s4", "u4", "b1", "s32"};
static int tbits(int t) {
  static const int b[] = {16, 16, 32, 32, 64, 8, 8, 8, 8, 4, 4, 1, 32};
  return b[t];
}

#define CK(x)                                                                                  \
    do {                                                                                       \
        CUresult e_ = (x);                                                                     \
        if (e_ != CUDA_SUCCESS) {                                                              \
            const char *s_ = "?";                                                              \
            cuGetErrorString(e_, &s_);                                                         \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);                    \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

// ---- generator -------------------------------------------------------------------------
static uint64_t rs = 0x6a09e667f3bcc909ull;
static uint64_t rnd64(void) {
  uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static int rint_in(int lo, int hi) { return lo + (int)(rnd64() % (uint64_t)(hi - lo + 1)); }
static double unif(void) { return (double)(rnd64() >> 11) / 9007199254740992.0; }

typedef struct { int e, m, bias, ieee; } fmt;
static fmt fmt_of(int t) {
  switch (t) {
  case T_F16: return (fmt){5, 10, 15, 1};
  case T_BF16: return (fmt){8, 7, 127, 1};
  case T_TF32: return (fmt){8, 10, 127, 1};
  case T_F32: return (fmt){8, 23, 127, 1};
  case T_F64: return (fmt){11, 52, 1023, 1};
  case T_E4M3: return (fmt){4, 3, 7, 0};
  default: return (fmt){5, 2, 15, 1}; /* e5m2 */
  }
}
static int is_float(int t) { return t <= T_E5M2; }

// Round-to-nearest-even encoding of x in format t (tf32: the f32 bit layout, low 13 bits 0).
static uint64_t enc(int t, double x) {
  if (t == T_F64) { uint64_t u; memcpy(&u, &x, 8); return u; }
  fmt f = fmt_of(t);
  uint64_t s = signbit(x) ? 1 : 0, top = (uint64_t)1 << (f.e + f.m), bits;
  uint64_t maxfield = ((uint64_t)1 << f.e) - 1;
  if (isnan(x)) bits = f.ieee ? (maxfield << f.m) | ((uint64_t)1 << (f.m - 1)) : 0x7f;
  else if (isinf(x)) bits = f.ieee ? (maxfield << f.m) : 0x7e;
  else if (x == 0) bits = 0;
  else {
    double a = fabs(x);
    int ex;
    frexp(a, &ex);
    int e = ex - 1, emin = 1 - f.bias;
    if (e < emin) bits = (uint64_t)nearbyint(ldexp(a, -(emin - f.m)));
    else bits = ((uint64_t)(e + f.bias) << f.m) + (uint64_t)nearbyint(ldexp(a, -(e - f.m))) - ((uint64_t)1 << f.m);
    if (f.ieee && (bits >> f.m) >= maxfield) bits = maxfield << f.m;
    if (!f.ieee && bits > 0x7e) bits = 0x7e;
  }
  bits |= s * top;
  if (t == T_TF32) bits <<= 13;
  return bits;
}
static double dec(int t, uint64_t b) {
  if (t == T_F64) { double d; memcpy(&d, &b, 8); return d; }
  if (t == T_TF32) b >>= 13;
  fmt f = fmt_of(t);
  uint64_t mant = b & (((uint64_t)1 << f.m) - 1), ef = (b >> f.m) & (((uint64_t)1 << f.e) - 1);
  int s = (int)(b >> (f.e + f.m)) & 1;
  double v;
  uint64_t maxfield = ((uint64_t)1 << f.e) - 1;
  if (f.ieee && ef == maxfield) v = mant ? NAN : INFINITY;
  else if (!f.ieee && ef == maxfield && mant == 7) v = NAN;
  else if (ef == 0) v = ldexp((double)mant, 1 - f.bias - f.m);
  else v = ldexp((double)(mant | ((uint64_t)1 << f.m)), (int)ef - f.bias - f.m);
  return s ? -v : v;
}
static int emin_sub(int t) { fmt f = fmt_of(t); return 1 - f.bias - f.m; }
static int emax(int t) { fmt f = fmt_of(t); return f.ieee ? f.bias : 8; }
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
// random value: random sign (or positive), exponent uniform in [elo, ehi] (clamped to t's range)
static uint64_t rval(int t, int elo, int ehi, int pos) {
  elo = clampi(elo, emin_sub(t), emax(t));
  ehi = clampi(ehi, emin_sub(t), emax(t));
  double v = ldexp(1.0 + unif(), rint_in(elo, ehi));
  if (!pos && (rnd64() & 1)) v = -v;
  return enc(t, v);
}
static uint64_t special(int t) {
  fmt f = fmt_of(t);
  uint64_t top = (uint64_t)1 << (f.e + f.m), maxfield = ((uint64_t)1 << f.e) - 1, r;
  switch (rint_in(0, 7)) {
  case 0: r = f.ieee ? maxfield << f.m : 0x7e; break;                                    // inf (e4m3: max)
  case 1: r = top | (f.ieee ? maxfield << f.m : 0x7e); break;                            // -inf
  case 2: r = f.ieee ? (maxfield << f.m) | (rnd64() & ((1ull << f.m) - 1)) | 1 : 0x7f; break; // NaN
  case 3: r = top; break;                                                                // -0
  case 4: r = f.ieee ? ((maxfield - 1) << f.m) | ((1ull << f.m) - 1) : 0x7e; break;      // max
  case 5: r = top | 1; break;                                                            // -min subnormal
  case 6: r = 1; break;
  default: r = 0;
  }
  if (t == T_TF32) r <<= 13;
  return r;
}

enum { M_NARROW, M_WIDE, M_SUBN, M_SPECIAL, M_RANDBITS, M_EXACT, M_CANCEL_PAIRS, M_CANCEL_C,
       M_CANCEL_P, M_ALIGN, M_SPARSE, M_JUNK, M_SANDWICH, NMODES };

static uint64_t rbits(int t) {
  int b = tbits(t);
  return b == 64 ? rnd64() : rnd64() & ((1ull << b) - 1);
}

// Logical matrices A (m×k), B (k×n), C (m×n) of test `mode` as element bit patterns.
static void gen_matrix(int mode, int m, int n, int k, int at, int bt, int ct, uint64_t *A, uint64_t *B, uint64_t *C) {
  if (!is_float(at)) { // integers
    int ints = mode % 4;
    for (int i = 0; i < m * k; i++) A[i] = ints == 1 ? ((rnd64() & 1) ? (1ull << tbits(at)) - 1 : 1ull << (tbits(at) - 1)) & ((1ull << tbits(at)) - 1) : rbits(at);
    for (int i = 0; i < k * n; i++) B[i] = ints == 1 ? ((rnd64() & 1) ? (1ull << tbits(bt)) - 1 : 1ull << (tbits(bt) - 1)) & ((1ull << tbits(bt)) - 1) : rbits(bt);
    for (int i = 0; i < m * n; i++) {
      int64_t v;
      if (ints == 0) v = rint_in(-100000, 100000);
      else if (ints == 3) v = (int32_t)rnd64();
      else v = (rnd64() & 1) ? 2147483647ll - rint_in(0, 600000) : -2147483648ll + rint_in(0, 600000);
      C[i] = (uint32_t)(int32_t)v;
    }
    return;
  }
  int lo = emin_sub(at), hi = emax(at);
  for (int i = 0; i < m * k; i++) {
    uint64_t v;
    switch (mode) {
    case M_WIDE: v = rval(at, lo, hi, 0); break;
    case M_SUBN: v = (rnd64() % 10 < 6) ? rval(at, lo, 1 - fmt_of(at).bias - 1, 0) : rval(at, 1 - fmt_of(at).bias, 3 - fmt_of(at).bias, 0); break;
    case M_SPECIAL: v = (rnd64() % 10 == 0) ? special(at) : rval(at, -2, 2, 0); break;
    case M_RANDBITS: v = rbits(at); break;
    case M_EXACT: v = enc(at, (double)rint_in(-8, 8)); break;
    case M_CANCEL_C: case M_CANCEL_P: v = (i % k < 2) ? rval(at, -2, 2, 0) : rval(at, -25, -5, 0); break;
    case M_ALIGN: v = rval(at, -12, 0, 0); break;
    case M_SPARSE: v = (rnd64() % 10 < 7) ? 0 : rval(at, -8, 8, 0); break;
    case M_JUNK: v = rval(at, -4, 4, 1); if (at == T_TF32) v |= rnd64() & 0x1fff; break;
    default: v = rval(at, -3, 3, 0);
    }
    A[i] = v;
  }
  for (int i = 0; i < k * n; i++) {
    uint64_t v;
    switch (mode) {
    case M_WIDE: v = rval(bt, emin_sub(bt), emax(bt), 0); break;
    case M_SUBN: v = (rnd64() % 10 < 6) ? rval(bt, emin_sub(bt), -fmt_of(bt).bias, 0) : rval(bt, 1 - fmt_of(bt).bias, 3 - fmt_of(bt).bias, 0); break;
    case M_SPECIAL: v = (rnd64() % 10 == 0) ? special(bt) : rval(bt, -2, 2, 0); break;
    case M_RANDBITS: v = rbits(bt); break;
    case M_EXACT: v = enc(bt, (double)rint_in(-8, 8)); break;
    case M_CANCEL_C: case M_CANCEL_P: v = (i / n < 2) ? rval(bt, -2, 2, 0) : rval(bt, -25, -5, 0); break;
    case M_ALIGN: v = rval(bt, -12, 0, 0); break;
    case M_SPARSE: v = (rnd64() % 10 < 7) ? 0 : rval(bt, -8, 8, 0); break;
    case M_JUNK: v = rval(bt, -4, 4, 1); if (bt == T_TF32) v |= rnd64() & 0x1fff; break;
    default: v = rval(bt, -3, 3, 0);
    }
    B[i] = v;
  }
  // structure along k
  if (mode == M_CANCEL_PAIRS) {
    uint64_t topa = 1ull << (tbits(at) - 1);
    for (int r = 0; r < m; r++)
      for (int kk = 0; kk + 1 < k; kk += 2) {
        uint64_t v = A[r * k + kk];
        if (rnd64() & 1) v ^= (at == T_TF32 ? 1ull << 13 : 1);
        A[r * k + kk + 1] = v ^ topa;
      }
    for (int kk = 0; kk + 1 < k; kk += 2)
      for (int c = 0; c < n; c++) B[(kk + 1) * n + c] = B[kk * n + c];
  }
  if (mode == M_CANCEL_P) {
    uint64_t topa = 1ull << (tbits(at) - 1);
    for (int r = 0; r < m; r++) A[r * k + 1] = A[r * k] ^ topa;
    for (int c = 0; c < n; c++) B[1 * n + c] = B[c];
  }
  if (mode == M_SANDWICH) { // a large product, small ones, then its exact negation at another k
    uint64_t topa = 1ull << (tbits(at) - 1);
    int k1 = rint_in(0, k - 1), k2 = rint_in(0, k - 2);
    if (k2 >= k1) k2++;
    for (int r = 0; r < m; r++) {
      int f64 = at == T_F64;
      for (int kk = 0; kk < k; kk++) A[r * k + kk] = f64 ? rval(at, -30, -20, 0) : rval(at, -14, -6, 0);
      A[r * k + k1] = f64 ? rval(at, 30, 40, 0) : rval(at, 2, 5, 0);
      A[r * k + k2] = A[r * k + k1] ^ topa;
    }
    for (int c = 0; c < n; c++) B[k2 * n + c] = B[k1 * n + c];
  }
  int cl = emin_sub(ct), ch = emax(ct);
  for (int r = 0; r < m; r++)
    for (int c = 0; c < n; c++) {
      uint64_t v;
      switch (mode) {
      case M_WIDE: v = rval(ct, 2 * emin_sub(at) > cl ? 2 * emin_sub(at) : cl, 2 * emax(at) < ch ? 2 * emax(at) : ch, 0); break;
      case M_SUBN: v = (rnd64() & 1) ? rval(ct, cl, cl + 20, 0) : 0; break;
      case M_SPECIAL: v = (rnd64() % 10 == 0) ? special(ct) : rval(ct, -2, 2, 0); break;
      case M_RANDBITS: v = rbits(ct); break;
      case M_EXACT: v = enc(ct, (double)rint_in(-64, 64)); break;
      case M_CANCEL_PAIRS: v = (rnd64() & 1) ? 0 : rval(ct, -14, -8, 0); break;
      case M_CANCEL_C: {
        double p = dec(at, A[r * k]) * dec(bt, B[c]);
        v = enc(ct, -p);
        if (rnd64() & 1) v ^= 1;
        break;
      }
      case M_CANCEL_P: v = (rnd64() & 1) ? 0 : rval(ct, -30, -10, 0); break;
      case M_ALIGN: v = rval(ct, -2, 2, 0); break;
      case M_SPARSE: v = (rnd64() & 1) ? 0 : rval(ct, -8, 8, 0); break;
      case M_JUNK: v = rval(ct, -4, 4, 1); break;
      default: v = (rnd64() % 8 == 0) ? 0 : rval(ct, -3, 3, 0);
      }
      C[r * n + c] = v;
    }
}

static void put(unsigned *words, int nwords_lane, int lane, int bits, int e, uint64_t v) {
  // element e of a lane's fragment: register e / (32 / bits), bit offset (e % (32/bits)) * bits
  (void)nwords_lane;
  if (bits == 64) {
    words[(2 * e) * 32 + lane] = (unsigned)v;
    words[(2 * e + 1) * 32 + lane] = (unsigned)(v >> 32);
    return;
  }
  int per = 32 / bits, reg = e / per, sh = (e % per) * bits;
  uint32_t mask = bits == 32 ? 0xffffffffu : ((1u << bits) - 1) << sh;
  words[reg * 32 + lane] = (words[reg * 32 + lane] & ~mask) | (((uint32_t)v << sh) & mask);
}


/* ---- forms and kernels ---------------------------------------------------------------- */

typedef struct {
  char name[64], ptx[128];
  int m, n, k, at, bt, ct, dt, na, nb, nc, nd; /* 32-bit words per lane and operand */
} form;

static int words(int m, int n, int k, int op, int t) {
  int el = op == 0 ? m * k : op == 1 ? k * n : m * n;
  return el * tbits(t) / 32 / 32;
}

static void add(form *fs, int *nf, int m, int n, int k, int at, int bt, int ct) {
  form *f = &fs[(*nf)++];
  memset(f, 0, sizeof *f);
  f->m = m, f->n = n, f->k = k, f->at = at, f->bt = bt, f->ct = ct, f->dt = ct;
  snprintf(f->name, sizeof f->name, "m%dn%dk%d_%s_%s_%s_%s", m, n, k, TNAME[ct], TNAME[at], TNAME[bt], TNAME[ct]);
  snprintf(f->ptx, sizeof f->ptx, "mma.sync.aligned.m%dn%dk%d.row.col.%s.%s.%s.%s", m, n, k, TNAME[ct], TNAME[at],
           TNAME[bt], TNAME[ct]);
  f->na = words(m, n, k, 0, at), f->nb = words(m, n, k, 1, bt), f->nc = words(m, n, k, 2, ct);
  f->nd = f->nc;
}

typedef struct { char *s; size_t len, cap; } sbuf;
static void sb(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb(sbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= b->cap - b->len) { fprintf(stderr, "kernel text too long\n"); exit(1); }
  b->len += (size_t)n;
}
static void list(sbuf *b, const char *prefix, int first, int n) {
  sb(b, "{");
  for (int i = 0; i < n; i++) sb(b, "%s%s%d", i ? ", " : "", prefix, first + i);
  sb(b, "}");
}

/* the kernel test_mma_gpu.c's check_mma_form builds from the form's index line */
static void kernel_text(const form *f, sbuf *p) {
  int na = f->na, nb = f->nb, nc = f->nc, nd = f->nd, nin = na + nb + nc;
  sb(p, ".version 8.7\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pin, .param .u64 pout) {\n"
        ".reg .b32 %%r<200>;\n.reg .b64 %%rd<200>;\n.reg .f64 %%fd<40>;\n"
        "ld.param.u64 %%rd1, [pin];\nld.param.u64 %%rd2, [pout];\nmov.u32 %%r190, %%ctaid.x;\nmov.u32 %%r191, %%tid.x;\n"
        "mul.wide.u32 %%rd3, %%r190, %d;\nadd.s64 %%rd4, %%rd1, %%rd3;\nmul.wide.u32 %%rd5, %%r191, 4;\n"
        "add.s64 %%rd4, %%rd4, %%rd5;\nmul.wide.u32 %%rd3, %%r190, %d;\nadd.s64 %%rd6, %%rd2, %%rd3;\n"
        "add.s64 %%rd6, %%rd6, %%rd5;\n", nin * 128, nd * 128);
  for (int i = 0; i < nin; i++) sb(p, "ld.global.u32 %%r%d, [%%rd4+%d];\n", i, i * 128);
  if (f->at == T_F64) {
    for (int i = 0; i < nin / 2; i++)
      sb(p, "cvt.u64.u32 %%rd%d, %%r%d;\ncvt.u64.u32 %%rd%d, %%r%d;\nshl.b64 %%rd%d, %%rd%d, 32;\n"
            "or.b64 %%rd%d, %%rd%d, %%rd%d;\nmov.b64 %%fd%d, %%rd%d;\n",
         20 + 2 * i, 2 * i, 21 + 2 * i, 2 * i + 1, 21 + 2 * i, 21 + 2 * i, 20 + 2 * i, 20 + 2 * i, 21 + 2 * i, i,
         20 + 2 * i);
    sb(p, "%s ", f->ptx);
    list(p, "%fd", 30, nd / 2), sb(p, ", "), list(p, "%fd", 0, na / 2), sb(p, ", ");
    list(p, "%fd", na / 2, nb / 2), sb(p, ", "), list(p, "%fd", (na + nb) / 2, nc / 2), sb(p, ";\n");
    for (int i = 0; i < nd / 2; i++)
      sb(p, "mov.b64 %%rd%d, %%fd%d;\ncvt.u32.u64 %%r%d, %%rd%d;\nshr.b64 %%rd%d, %%rd%d, 32;\ncvt.u32.u64 %%r%d, %%rd%d;\n",
         60 + i, 30 + i, 100 + 2 * i, 60 + i, 60 + i, 60 + i, 101 + 2 * i, 60 + i);
  } else {
    sb(p, "%s ", f->ptx);
    list(p, "%r", 100, nd), sb(p, ", "), list(p, "%r", 0, na), sb(p, ", "), list(p, "%r", na, nb);
    sb(p, ", "), list(p, "%r", na + nb, nc), sb(p, ";\n");
  }
  for (int i = 0; i < nd; i++) sb(p, "st.global.u32 [%%rd6+%d], %%r%d;\n", i * 128, 100 + i);
  sb(p, "ret;\n}\n");
}

/* the input words of every test of form f */
static void gen_inputs(const form *f, int T, unsigned *in) {
  int nin = f->na + f->nb + f->nc;
  static uint64_t A[16 * 32], B[32 * 8], C[16 * 8];
  int ab = tbits(f->at), bb = tbits(f->bt), cb = tbits(f->ct);
  memset(in, 0, (size_t)T * nin * 128);
  for (int t = 0; t < T; t++) {
    gen_matrix(t % NMODES, f->m, f->n, f->k, f->at, f->bt, f->ct, A, B, C);
    unsigned *w = in + (size_t)t * nin * 32;
    int nea = f->m * f->k / 32, neb = f->k * f->n / 32, nec = f->m * f->n / 32;
    for (int l = 0; l < 32; l++) {
      int r, col, g;
      for (int e = 0; e < nea; e++) {
        mma_frag_coord(f->m, f->n, f->k, ab, MMA_OP_A, l, e, 1, 1, &r, &col, &g);
        put(w, 0, l, ab, e, A[r * f->k + col]);
      }
      for (int e = 0; e < neb; e++) {
        mma_frag_coord(f->m, f->n, f->k, bb, MMA_OP_B, l, e, 1, 1, &r, &col, &g);
        put(w + f->na * 32, 0, l, bb, e, B[r * f->n + col]);
      }
      for (int e = 0; e < nec; e++) {
        mma_frag_coord(f->m, f->n, f->k, cb, MMA_OP_C, l, e, 1, 1, &r, &col, &g);
        put(w + (f->na + f->nb) * 32, 0, l, cb, e, C[r * f->n + col]);
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUTDIR [TESTS] | --ptx DIR\n", argv[0]);
    return 2;
  }
  if (getenv("PROBE_SEED")) rs ^= strtoull(getenv("PROBE_SEED"), NULL, 0) * 0x2545f4914f6cdd1dull;
  static form fs[32];
  int nf = 0;
  static const int f8[2] = {T_E4M3, T_E5M2};
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++) {
      add(fs, &nf, 16, 8, 16, f8[a], f8[b], T_F32);
      add(fs, &nf, 16, 8, 16, f8[a], f8[b], T_F16);
      add(fs, &nf, 16, 8, 32, f8[a], f8[b], T_F16);
    }
  add(fs, &nf, 16, 8, 4, T_F64, T_F64, T_F64);
  add(fs, &nf, 16, 8, 8, T_F64, T_F64, T_F64);
  add(fs, &nf, 16, 8, 16, T_F64, T_F64, T_F64);
  static char text[65536];
  sbuf p = {text, 0, sizeof text};
  char path[600];
  if (!strcmp(argv[1], "--ptx")) {
    for (int i = 0; i < nf && argc > 2; i++) {
      snprintf(path, sizeof path, "%.400s/%.63s.ptx", argv[2], fs[i].name);
      FILE *o = fopen(path, "w");
      if (!o) return perror(path), 1;
      p.len = 0;
      kernel_text(&fs[i], &p);
      fputs(text, o);
      fclose(o);
    }
    return 0;
  }
  int T = argc > 2 ? atoi(argv[2]) : 32 * NMODES;
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  char dname[128];
  int drv = 0;
  CK(cuDeviceGetName(dname, sizeof dname, dev));
  CK(cuDriverGetVersion(&drv));
  snprintf(path, sizeof path, "%s/index.txt", argv[1]);
  FILE *idx = fopen(path, "w");
  if (!idx) return perror(path), 1;
  fprintf(idx, "device %s sm_90 driver_api %d tests %d seed %s\n", dname, drv, T,
          getenv("PROBE_SEED") ? getenv("PROBE_SEED") : "default");
  size_t maxw = 0;
  for (int i = 0; i < nf; i++) {
    size_t w = (size_t)(fs[i].na + fs[i].nb + fs[i].nc + fs[i].nd);
    if (w > maxw) maxw = w;
  }
  unsigned *in = malloc((size_t)T * maxw * 128), *out = malloc((size_t)T * maxw * 128);
  CUdeviceptr din, dout;
  CK(cuMemAlloc(&din, (size_t)T * maxw * 128));
  CK(cuMemAlloc(&dout, (size_t)T * maxw * 128));
  static char log[8192];
  int ok = 0;
  for (int i = 0; i < nf; i++) {
    const form *f = &fs[i];
    int nin = f->na + f->nb + f->nc;
    p.len = 0;
    kernel_text(f, &p);
    CUjit_option opt[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *val[2] = {log, (void *)(uintptr_t)sizeof log};
    log[0] = 0;
    CUmodule mod;
    CUresult e = cuModuleLoadDataEx(&mod, text, 2, opt, val);
    if (e != CUDA_SUCCESS) {
      fprintf(stderr, "%s: JIT refused (%d): %s\n", f->name, (int)e, log);
      fprintf(idx, "# refused %s \"%s\": %s\n", f->name, f->ptx, log);
      continue;
    }
    CUfunction fn;
    CK(cuModuleGetFunction(&fn, mod, "k"));
    gen_inputs(f, T, in);
    memset(out, 0xee, (size_t)T * f->nd * 128);
    CK(cuMemcpyHtoD(din, in, (size_t)T * nin * 128));
    CK(cuMemcpyHtoD(dout, out, (size_t)T * f->nd * 128));
    void *args[2] = {&din, &dout};
    CK(cuLaunchKernel(fn, (unsigned)T, 1, 1, 32, 1, 1, 0, NULL, args, NULL));
    CK(cuCtxSynchronize());
    CK(cuMemcpyDtoH(out, dout, (size_t)T * f->nd * 128));
    CK(cuModuleUnload(mod));
    snprintf(path, sizeof path, "%s/mma_%s.bin", argv[1], f->name);
    FILE *b = fopen(path, "wb");
    if (!b) return perror(path), 1;
    fwrite(in, 128, (size_t)T * nin, b);
    fwrite(out, 128, (size_t)T * f->nd, b);
    fclose(b);
    fprintf(idx, "mma %s %d %d %d %s %s %s %s %d %d %d %d 1 1 %d \"%s\"\n", f->name, f->m, f->n, f->k, TNAME[f->at],
            TNAME[f->bt], TNAME[f->ct], TNAME[f->dt], f->na, f->nb, f->nc, f->nd, T, f->ptx);
    ok++;
  }
  fclose(idx);
  printf("%d of %d forms recorded, %d tests each\n", ok, nf, T);
  return ok == nf ? 0 : 1;
}
