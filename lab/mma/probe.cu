// probe.cu — records what the H200's tensor cores do, for ptxsim's tensor-core model
// (docs/tensor-cores.md). One run writes, into the folder given as argv[1]:
//   index.txt                     one line per recorded form (name, shapes, types, counts)
//   mma_<form>.bin                mma.sync: per test and lane the input fragment words
//                                 [test][word][lane], then the output fragment words
//   wl_<form>_<a|b|c>_<row|col>[_hi].bin  wmma.load of a matrix whose element at memory index
//                                 i holds i (8-bit types: low byte, and with _hi the high byte)
//   ws_<form>_<row|col>.bin       wmma.store of fragment registers holding distinct values
//   wm_<form>.bin                 wmma.load/mma/store on random matrices: inputs, then D
//   matrix.bin                    ldmatrix / stmatrix / movmatrix layouts
//   tc_gemm_<arch>_<buf>.bin      the corpus case corpus/tc_gemm, its PTX JIT-compiled
// Inputs come from a fixed-seed generator; the test modes mix random, cancelling, wide-range,
// subnormal and special operands (see gen_matrix).
#include <cuda.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "../../sim/mma_frag.h"

enum { T_F16, T_BF16, T_TF32, T_F32, T_F64, T_E4M3, T_E5M2, T_S8, T_U8, T_S4, T_U4, T_B1, T_S32 };
static const char *TNAME[] = {"f16", "bf16", "tf32", "f32", "f64", "e4m3", "e5m2", "s8", "u8", "s4", "u4", "b1", "s32"};
static int tbits(int t) {
  static const int b[] = {16, 16, 32, 32, 64, 8, 8, 8, 8, 4, 4, 1, 32};
  return b[t];
}

typedef void (*mma_kernel)(const unsigned *, unsigned *, int);
struct mma_cfg {
  const char *name, *ptx;
  int m, n, k, at, bt, ct, dt, na, nb, nc, nd, row_a, col_b, ntests;
  mma_kernel fn;
};
struct wmma_cfg {
  const char *name;
  int m, n, k, at, ct, ra, rb, rc, ntests;
  const void *load[6];
  const void *store[2];
  const void *mma;
};

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e_ = (x);                                                            \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

#include "probe_kernels.inc"

// ---- generator -------------------------------------------------------------------------
static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void) {
  uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static int rint_in(int lo, int hi) { return lo + (int)(rnd64() % (uint64_t)(hi - lo + 1)); }
static double unif(void) { return (double)(rnd64() >> 11) / 9007199254740992.0; }

struct fmt { int e, m, bias, ieee; };
static fmt fmt_of(int t) {
  switch (t) {
  case T_F16: return {5, 10, 15, 1};
  case T_BF16: return {8, 7, 127, 1};
  case T_TF32: return {8, 10, 127, 1};
  case T_F32: return {8, 23, 127, 1};
  case T_F64: return {11, 52, 1023, 1};
  case T_E4M3: return {4, 3, 7, 0};
  default: return {5, 2, 15, 1}; // e5m2
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
       M_CANCEL_P, M_ALIGN, M_SPARSE, M_JUNK, NMODES };

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

static FILE *openf(const char *dir, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(1); }
  return f;
}

static void run_mma(const char *dir, const mma_cfg &c, FILE *idx) {
  int nin = c.na + c.nb + c.nc, T = c.ntests;
  std::vector<unsigned> in((size_t)T * nin * 32, 0), out((size_t)T * c.nd * 32, 0);
  int groups = (c.m == 8 && c.n == 8 && c.k == 4 && c.at != T_F64) ? 4 : 1;
  std::vector<uint64_t> A(c.m * c.k * 4), B(c.k * c.n * 4), C(c.m * c.n * 4);
  int ab = tbits(c.at), bb = tbits(c.bt), cb = tbits(c.ct);
  for (int t = 0; t < T; t++) {
    int mode = t % NMODES;
    for (int g = 0; g < groups; g++)
      gen_matrix(mode, c.m, c.n, c.k, c.at, c.bt, c.ct, &A[g * c.m * c.k], &B[g * c.k * c.n], &C[g * c.m * c.n]);
    unsigned *w = &in[(size_t)t * nin * 32];
    int nea = ab == 64 ? c.na / 2 : c.na * 32 / ab, neb = bb == 64 ? c.nb / 2 : c.nb * 32 / bb;
    int nec = cb == 64 ? c.nc / 2 : c.nc * 32 / cb;
    for (int l = 0; l < 32; l++) {
      int r, col, g;
      for (int e = 0; e < nea; e++) {
        mma_frag_coord(c.m, c.n, c.k, ab, MMA_OP_A, l, e, c.row_a, c.col_b, &r, &col, &g);
        put(w, 0, l, ab, e, A[g * c.m * c.k + r * c.k + col]);
      }
      for (int e = 0; e < neb; e++) {
        mma_frag_coord(c.m, c.n, c.k, bb, MMA_OP_B, l, e, c.row_a, c.col_b, &r, &col, &g);
        put(w + c.na * 32, 0, l, bb, e, B[g * c.k * c.n + r * c.n + col]);
      }
      for (int e = 0; e < nec; e++) {
        mma_frag_coord(c.m, c.n, c.k, cb, MMA_OP_C, l, e, c.row_a, c.col_b, &r, &col, &g);
        put(w + (c.na + c.nb) * 32, 0, l, cb, e, C[g * c.m * c.n + r * c.n + col]);
      }
    }
  }
  unsigned *din, *dout;
  if (getenv("PROBE_DRY")) { // host-only check of the generator
    uint64_t h = 1469598103934665603ull;
    for (unsigned x : in) h = (h ^ x) * 1099511628211ull;
    printf("%s inputs fnv %016llx\n", c.name, (unsigned long long)h);
    return;
  }
  CK(cudaMalloc(&din, in.size() * 4));
  CK(cudaMalloc(&dout, out.size() * 4));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(dout, 0xff, out.size() * 4));
  c.fn<<<(T + 3) / 4, 128>>>(din, dout, T);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost));
  cudaFree(din);
  cudaFree(dout);
  char name[256];
  snprintf(name, sizeof name, "mma_%s.bin", c.name);
  FILE *f = openf(dir, name);
  fwrite(in.data(), 4, in.size(), f);
  fwrite(out.data(), 4, out.size(), f);
  fclose(f);
  fprintf(idx, "mma %s %d %d %d %s %s %s %s %d %d %d %d %d %d %d \"%s\"\n", c.name, c.m, c.n, c.k, TNAME[c.at],
          TNAME[c.bt], TNAME[c.ct], TNAME[c.dt], c.na, c.nb, c.nc, c.nd, c.row_a, c.col_b, T, c.ptx);
}

static void launch(const void *fn, int blocks, int threads, void **args) {
  CK(cudaLaunchKernel(fn, blocks, threads, args, 0, 0));
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
}

static int esize(int t) { return t == T_F64 ? 8 : (t == T_F16 || t == T_BF16) ? 2 : (t == T_S8 || t == T_U8) ? 1 : 4; }

static void run_wmma(const char *dir, const wmma_cfg &c, FILE *idx) {
  char name[256];
  // layout discovery: loads
  for (int frag = getenv("PROBE_DRY") ? 3 : 0; frag < 3; frag++) {
    int rows = frag == 0 ? c.m : frag == 1 ? c.k : c.m, cols = frag == 0 ? c.k : c.n;
    int t = frag == 2 ? c.ct : c.at, es = esize(t);
    int nregs = frag == 0 ? c.ra : frag == 1 ? c.rb : c.rc; // 32-bit words per lane
    for (int lay = 0; lay < 2; lay++) {
      int minor = lay == 0 ? cols : rows, major = lay == 0 ? rows : cols;
      unsigned ld = (unsigned)((minor + 8 + 15) / 16 * 16);
      size_t nel = (size_t)ld * major;
      for (int hi = 0; hi < (es == 1 ? 2 : 1); hi++) {
        std::vector<unsigned char> mem(nel * es);
        for (size_t i = 0; i < nel; i++) {
          uint64_t v = es == 1 ? (hi ? i >> 8 : i & 0xff) : i;
          memcpy(&mem[i * es], &v, es);
        }
        void *dmem, *dout;
        CK(cudaMalloc(&dmem, mem.size()));
        CK(cudaMalloc(&dout, nregs * 32 * 4));
        CK(cudaMemcpy(dmem, mem.data(), mem.size(), cudaMemcpyHostToDevice));
        void *args[] = {&dmem, &ld, &dout};
        launch(c.load[frag * 2 + lay], 1, 32, args);
        std::vector<unsigned> out(nregs * 32);
        CK(cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost));
        cudaFree(dmem);
        cudaFree(dout);
        snprintf(name, sizeof name, "wl_%s_%c_%s%s.bin", c.name, "abc"[frag], lay ? "col" : "row", hi ? "_hi" : "");
        FILE *f = openf(dir, name);
        fwrite(out.data(), 4, out.size(), f);
        fclose(f);
        fprintf(idx, "wload %s %c %s %d ld=%u words=%d\n", c.name, "abc"[frag], lay ? "col" : "row", hi, ld, nregs);
      }
    }
  }
  // stores
  for (int lay = getenv("PROBE_DRY") ? 2 : 0; lay < 2; lay++) {
    int es = esize(c.ct), minor = lay == 0 ? c.n : c.m, major = lay == 0 ? c.m : c.n;
    unsigned ld = (unsigned)((minor + 8 + 15) / 16 * 16);
    size_t nel = (size_t)ld * major;
    std::vector<unsigned> regs(c.rc * 32);
    for (int r = 0; r < c.rc; r++)
      for (int l = 0; l < 32; l++) {
        unsigned v = (unsigned)(l * c.rc + r);
        if (es == 2) v = ((2 * v) & 0xffff) | (((2 * v + 1) & 0xffff) << 16);
        if (es == 8) v = (r & 1) ? 0 : (unsigned)(l * c.rc + r) / 2 + 1;
        regs[r * 32 + l] = v;
      }
    void *dmem, *din;
    CK(cudaMalloc(&dmem, nel * es));
    CK(cudaMalloc(&din, regs.size() * 4));
    CK(cudaMemset(dmem, 0xee, nel * es));
    CK(cudaMemcpy(din, regs.data(), regs.size() * 4, cudaMemcpyHostToDevice));
    void *args[] = {&dmem, &ld, &din};
    launch(c.store[lay], 1, 32, args);
    std::vector<unsigned char> mem(nel * es);
    CK(cudaMemcpy(mem.data(), dmem, mem.size(), cudaMemcpyDeviceToHost));
    cudaFree(dmem);
    cudaFree(din);
    snprintf(name, sizeof name, "ws_%s_%s.bin", c.name, lay ? "col" : "row");
    FILE *f = openf(dir, name);
    fwrite(mem.data(), 1, mem.size(), f);
    fclose(f);
    fprintf(idx, "wstore %s %s ld=%u bytes=%zu\n", c.name, lay ? "col" : "row", ld, mem.size());
  }
  // mma on random matrices in memory: A row-major, B column-major, C and D row-major
  int ea = esize(c.at), ec = esize(c.ct);
  size_t per = (size_t)c.m * c.k * ea + (size_t)c.k * c.n * ea + (size_t)c.m * c.n * ec, T = c.ntests;
  std::vector<unsigned char> in(per * T), out((size_t)c.m * c.n * ec * T);
  std::vector<uint64_t> A(c.m * c.k), B(c.k * c.n), C(c.m * c.n);
  for (size_t t = 0; t < T; t++) {
    gen_matrix((int)(t % NMODES), c.m, c.n, c.k, c.at, c.at, c.ct, A.data(), B.data(), C.data());
    unsigned char *p = &in[t * per];
    for (int r = 0; r < c.m; r++)
      for (int kk = 0; kk < c.k; kk++) memcpy(p + ((size_t)r * c.k + kk) * ea, &A[r * c.k + kk], ea);
    p += (size_t)c.m * c.k * ea;
    for (int kk = 0; kk < c.k; kk++)
      for (int col = 0; col < c.n; col++) {
        uint64_t v = B[kk * c.n + col];
        memcpy(p + ((size_t)col * c.k + kk) * ea, &v, ea);
      }
    p += (size_t)c.k * c.n * ea;
    for (int i = 0; i < c.m * c.n; i++) {
      uint64_t v = C[i];
      if (c.ct == T_F16 && ec == 2) v &= 0xffff;
      memcpy(p + (size_t)i * ec, &v, ec);
    }
  }
  void *din, *dout;
  if (getenv("PROBE_DRY")) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char x : in) h = (h ^ x) * 1099511628211ull;
    printf("%s inputs fnv %016llx\n", c.name, (unsigned long long)h);
    return;
  }
  CK(cudaMalloc(&din, in.size()));
  CK(cudaMalloc(&dout, out.size()));
  CK(cudaMemcpy(din, in.data(), in.size(), cudaMemcpyHostToDevice));
  CK(cudaMemset(dout, 0xee, out.size()));
  int nt = (int)T;
  void *args[] = {&din, &dout, &nt};
  launch(c.mma, (nt + 3) / 4, 128, args);
  CK(cudaMemcpy(out.data(), dout, out.size(), cudaMemcpyDeviceToHost));
  cudaFree(din);
  cudaFree(dout);
  snprintf(name, sizeof name, "wm_%s.bin", c.name);
  FILE *f = openf(dir, name);
  fwrite(in.data(), 1, in.size(), f);
  fwrite(out.data(), 1, out.size(), f);
  fclose(f);
  fprintf(idx, "wmma %s %d %d %d %s %s %zu in_bytes=%zu out_bytes=%zu\n", c.name, c.m, c.n, c.k, TNAME[c.at], TNAME[c.ct], T,
          in.size(), out.size());
}

// ---- ldmatrix / stmatrix / movmatrix ------------------------------------------------------
// Shared memory: 32 rows of 8 b16 values; lane l's row address is row perm[l]. ldmatrix rows
// hold r*8+c; the six ldmatrix variants write 4+... registers to out; stmatrix variants write the
// whole 256-value table after storing registers holding 2*(l*4+r)+half.
__global__ void k_matrix(const int *perm, unsigned *out) {
  __shared__ __align__(16) unsigned short sm[32 * 8];
  int l = threadIdx.x;
  for (int i = l; i < 256; i += 32) sm[i] = (unsigned short)i;
  __syncwarp();
  unsigned a = (unsigned)__cvta_generic_to_shared(&sm[perm[l] * 8]);
  unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  unsigned *o = out;
#define LDM(q, n, ...)                                                  \
  asm volatile("ldmatrix.sync.aligned.m8n8." q ".shared.b16 " __VA_ARGS__); \
  o[l] = r0; o[32 + l] = r1; o[64 + l] = r2; o[96 + l] = r3; o += 128;   \
  r0 = r1 = r2 = r3 = 0;
  LDM("x1", 1, "{%0}, [%1];" : "=r"(r0) : "r"(a))
  LDM("x1.trans", 1, "{%0}, [%1];" : "=r"(r0) : "r"(a))
  LDM("x2", 2, "{%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a))
  LDM("x2.trans", 2, "{%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a))
  LDM("x4", 4, "{%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a))
  LDM("x4.trans", 4, "{%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a))
  unsigned v[4];
  for (int r = 0; r < 4; r++) v[r] = (2 * (l * 4 + r)) | ((2 * (l * 4 + r) + 1) << 16);
#define STM(q, ...)                                                     \
  for (int i = l; i < 256; i += 32) sm[i] = 0xffff;                     \
  __syncwarp();                                                         \
  asm volatile("stmatrix.sync.aligned.m8n8." q ".shared.b16 " __VA_ARGS__ : "memory"); \
  __syncwarp();                                                         \
  for (int i = l; i < 128; i += 32) o[i] = sm[2 * i] | ((unsigned)sm[2 * i + 1] << 16); \
  o += 128;                                                             \
  __syncwarp();
  STM("x1", "[%0], {%1};" ::"r"(a), "r"(v[0]))
  STM("x1.trans", "[%0], {%1};" ::"r"(a), "r"(v[0]))
  STM("x2", "[%0], {%1,%2};" ::"r"(a), "r"(v[0]), "r"(v[1]))
  STM("x2.trans", "[%0], {%1,%2};" ::"r"(a), "r"(v[0]), "r"(v[1]))
  STM("x4", "[%0], {%1,%2,%3,%4};" ::"r"(a), "r"(v[0]), "r"(v[1]), "r"(v[2]), "r"(v[3]))
  STM("x4.trans", "[%0], {%1,%2,%3,%4};" ::"r"(a), "r"(v[0]), "r"(v[1]), "r"(v[2]), "r"(v[3]))
  unsigned d;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(v[0]));
  o[l] = d;
}

static void run_matrix(const char *dir, FILE *idx) {
  int perm[32];
  for (int i = 0; i < 32; i++) perm[i] = i;
  for (int i = 31; i > 0; i--) {
    int j = (int)(rnd64() % (uint64_t)(i + 1)), t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  int *dp;
  unsigned *dout;
  size_t nout = 128 * 12 + 32;
  CK(cudaMalloc(&dp, sizeof perm));
  CK(cudaMalloc(&dout, nout * 4));
  CK(cudaMemcpy(dp, perm, sizeof perm, cudaMemcpyHostToDevice));
  k_matrix<<<1, 32>>>(dp, dout);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<unsigned> out(nout);
  CK(cudaMemcpy(out.data(), dout, nout * 4, cudaMemcpyDeviceToHost));
  FILE *f = openf(dir, "matrix.bin");
  fwrite(perm, 4, 32, f);
  fwrite(out.data(), 4, out.size(), f);
  fclose(f);
  fprintf(idx, "matrix perm[32] then ldmatrix x1 x1.trans x2 x2.trans x4 x4.trans (128 words each: reg*32+lane), "
               "stmatrix same six (128 words: 256 b16 of the table), movmatrix (32 words)\n");
}

// ---- wmma.mma layout qualifiers -----------------------------------------------------------------
// wx_<la>_<lb>.bin: per test A (16x16 f16, logical row-major), B (16x16 f16, logical k x n
// row-major), C (f32 row-major) as generated, then D (f32 row-major) from the GPU.
static void run_wx(const char *dir, FILE *idx) {
  const int T = 48;
  for (int v = 0; v < 4; v++) {
    int acol = v >> 1, bcol = v & 1;
    std::vector<unsigned char> logical((size_t)T * 2048), in((size_t)T * 2048), out((size_t)T * 1024);
    std::vector<uint64_t> A(256), B(256), C(256);
    for (int t = 0; t < T; t++) {
      gen_matrix(t % NMODES, 16, 16, 16, T_F16, T_F16, T_F32, A.data(), B.data(), C.data());
      unsigned char *L = &logical[(size_t)t * 2048], *P = &in[(size_t)t * 2048];
      for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) {
          uint16_t a = (uint16_t)A[i * 16 + j], b = (uint16_t)B[i * 16 + j];
          uint32_t c = (uint32_t)C[i * 16 + j];
          memcpy(L + 2 * (i * 16 + j), &a, 2);
          memcpy(L + 512 + 2 * (i * 16 + j), &b, 2);
          memcpy(L + 1024 + 4 * (i * 16 + j), &c, 4);
          memcpy(P + 2 * (acol ? j * 16 + i : i * 16 + j), &a, 2);       // A(i, j)
          memcpy(P + 512 + 2 * (bcol ? j * 16 + i : i * 16 + j), &b, 2); // B(i = k, j = n)
          memcpy(P + 1024 + 4 * (i * 16 + j), &c, 4);
        }
    }
    void *din, *dout;
    CK(cudaMalloc(&din, in.size()));
    CK(cudaMalloc(&dout, out.size()));
    CK(cudaMemcpy(din, in.data(), in.size(), cudaMemcpyHostToDevice));
    int nt = T;
    void *args[] = {&din, &dout, &nt};
    launch(WX_KERNELS[v], (T + 3) / 4, 128, args);
    CK(cudaMemcpy(out.data(), dout, out.size(), cudaMemcpyDeviceToHost));
    cudaFree(din);
    cudaFree(dout);
    char name[64];
    snprintf(name, sizeof name, "wx_%s_%s.bin", acol ? "col" : "row", bcol ? "col" : "row");
    FILE *f = openf(dir, name);
    fwrite(logical.data(), 1, logical.size(), f);
    fwrite(out.data(), 1, out.size(), f);
    fclose(f);
    fprintf(idx, "wx %s tests=%d\n", name, T);
  }
}

// ---- corpus case through the driver API ------------------------------------------------------
static std::vector<char> slurp(const char *path) {
  std::vector<char> v;
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(1); }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
  fclose(f);
  return v;
}
#define DK(x)                                                              \
  do {                                                                     \
    CUresult r_ = (x);                                                     \
    if (r_ != CUDA_SUCCESS) {                                              \
      const char *s_;                                                      \
      cuGetErrorString(r_, &s_);                                           \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);      \
      exit(1);                                                             \
    }                                                                      \
  } while (0)
static void run_tc_gemm(const char *dir, const char *cdir, FILE *idx) {
  const char *archs[] = {"sm_80", "sm_90"};
  for (int a = 0; a < 2; a++) {
    char path[512];
    snprintf(path, sizeof path, "%s/tc_gemm.%s.ptx", cdir, archs[a]);
    std::vector<char> ptx = slurp(path);
    ptx.push_back(0);
    CUmodule mod;
    CUfunction fn;
    char log[8192] = "";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, (void *)(size_t)sizeof log};
    CUresult r = cuModuleLoadDataEx(&mod, ptx.data(), 2, opts, vals);
    if (r != CUDA_SUCCESS) { fprintf(stderr, "JIT %s: %s\n", path, log); exit(1); }
    DK(cuModuleGetFunction(&fn, mod, "tc_gemm"));
    const char *ins[] = {"A", "Bt", "B", "C"};
    CUdeviceptr bufs[6];
    for (int i = 0; i < 4; i++) {
      snprintf(path, sizeof path, "%s/%s.in.bin", cdir, ins[i]);
      std::vector<char> d = slurp(path);
      DK(cuMemAlloc(&bufs[i], d.size()));
      DK(cuMemcpyHtoD(bufs[i], d.data(), d.size()));
    }
    const int M = 48, N = 32, K = 64;
    for (int i = 4; i < 6; i++) {
      DK(cuMemAlloc(&bufs[i], M * N * 4));
      DK(cuMemsetD8(bufs[i], 0, M * N * 4));
    }
    int pm = M, pn = N, pk = K;
    void *args[] = {&bufs[0], &bufs[1], &bufs[2], &bufs[3], &bufs[4], &bufs[5], &pm, &pn, &pk};
    DK(cuLaunchKernel(fn, N / 16, M / 16, 1, 64, 1, 1, 0, 0, args, 0));
    DK(cuCtxSynchronize());
    for (int i = 4; i < 6; i++) {
      std::vector<char> d(M * N * 4);
      DK(cuMemcpyDtoH(d.data(), bufs[i], d.size()));
      snprintf(path, sizeof path, "tc_gemm_%s_%s.bin", archs[a], i == 4 ? "D1" : "D2");
      FILE *f = openf(dir, path);
      fwrite(d.data(), 1, d.size(), f);
      fclose(f);
    }
    for (int i = 0; i < 6; i++) cuMemFree(bufs[i]);
    cuModuleUnload(mod);
    fprintf(idx, "corpus tc_gemm %s recorded\n", archs[a]);
  }
}

// usage: probe OUTDIR CORPUS_TC_GEMM_DIR WHAT
//   WHAT: list | mma:<form> | wmma:<form> | matrix | tc. One form per process, so that a fault
//   in one cannot take the others' results with it (a CUDA fault poisons the context).
int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: probe OUTDIR CORPUS_TC_GEMM_DIR WHAT\n"); return 2; }
  const char *dir = argv[1], *what = argv[3];
  if (!strcmp(what, "list")) {
    for (const mma_cfg &c : MMA_CFGS) printf("mma:%s\n", c.name);
    for (const wmma_cfg &c : WMMA_CFGS) printf("wmma:%s\n", c.name);
    printf("matrix\ntc\nwx\n");
    return 0;
  }
  if (getenv("PROBE_SEED")) rs ^= strtoull(getenv("PROBE_SEED"), 0, 0) * 0x2545F4914F6CDD1Dull;
  if (!getenv("PROBE_DRY")) CK(cudaSetDevice(0));
  char path[512];
  snprintf(path, sizeof path, "%s/index.txt", dir);
  FILE *idx = fopen(path, "a");
  if (!idx) { perror(path); return 1; }
  if (!strcmp(what, "device")) {
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int drv = 0, rt = 0;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    fprintf(idx, "device %s sm_%d%d driver_api %d runtime %d\n", p.name, p.major, p.minor, drv, rt);
  }
  for (const mma_cfg &c : MMA_CFGS) {
    // each form's inputs depend only on the seed and its name
    if (strncmp(what, "mma:", 4) || strcmp(what + 4, c.name)) continue;
    for (const char *q = c.name; *q; q++) rs = rs * 31 + (unsigned char)*q;
    run_mma(dir, c, idx);
  }
  for (const wmma_cfg &c : WMMA_CFGS) {
    if (strncmp(what, "wmma:", 5) || strcmp(what + 5, c.name)) continue;
    for (const char *q = c.name; *q; q++) rs = rs * 31 + (unsigned char)*q;
    run_wmma(dir, c, idx);
  }
  if (!strcmp(what, "matrix")) run_matrix(dir, idx);
  if (!strcmp(what, "tc")) run_tc_gemm(dir, argv[2], idx);
  if (!strcmp(what, "wx")) run_wx(dir, idx);
  fclose(idx);
  return 0;
}
