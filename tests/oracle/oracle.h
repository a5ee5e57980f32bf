/* ps_oracle: independent C reference implementations for the kernel corpus.
 *
 * Each corpus case is one C function that
 *   1. describes the launch (kernel name, grid, block, dynamic shared bytes),
 *   2. declares the buffers and fills the input ones from a fixed-seed generator,
 *   3. lists the kernel parameters in order,
 *   4. computes the expected final contents of the checked buffers.
 * The framework (oracle.c) turns that into the manifest(s), the <buf>.in.bin inputs and the
 * <buf>.expected.bin files, or compares all of them with the committed bytes.
 *
 * Nothing here links or calls the simulator: the expected values come from plain C (plus GMP
 * for the 256-bit case), written to mirror the CUDA source's operation order and nvcc's FMA
 * contraction where it matters for bit-exact floating point results. */
#ifndef PS_ORACLE_H
#define PS_ORACLE_H

/* Expected floating-point values must not depend on the host compiler fusing a*b+c into an
 * fma (GCC does so by default when the target has FMA): the oracles call fma()/fmaf() exactly
 * where the kernels' PTX has fma. The build files also pass -ffp-contract=off. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

typedef enum { OT_U8, OT_S8, OT_U16, OT_S16, OT_U32, OT_S32, OT_U64, OT_S64, OT_F16, OT_BF16, OT_F32, OT_F64 } oc_type;

typedef struct oc_case oc_case;

/* ---- launch description ---- */
void oc_kernel(oc_case *c, const char *kernel);
void oc_grid(oc_case *c, unsigned x, unsigned y, unsigned z);
void oc_block(oc_case *c, unsigned x, unsigned y, unsigned z);
void oc_shared(oc_case *c, unsigned bytes);

/* ---- buffers ----
 * oc_in:   buffer initialised from <name>.in.bin; returns zeroed storage for the caller to fill.
 * oc_fill: buffer initialised with a constant (the value is written into the manifest).
 * oc_out:  marks the buffer as checked; returns storage holding a copy of its initial contents,
 *          into which the caller writes the expected final contents. Call after filling inputs. */
void *oc_in(oc_case *c, const char *name, oc_type t, size_t count);
void oc_fill(oc_case *c, const char *name, oc_type t, size_t count, double value);
void *oc_out(oc_case *c, const char *name);
/* Tolerances (only where an independent oracle cannot be bit exact; see docs/corpus.md). */
void oc_tol_ulp(oc_case *c, const char *name, unsigned ulp);
void oc_tol_absrel(oc_case *c, const char *name, double abs_tol, double rel_tol);

/* ---- nvcc features (docs/corpus.md, "Device runtime, linking, targets") ----
 * oc_archs:  the targets the case's PTX is compiled for (default "sm_80 sm_90"); one manifest
 *            case.<arch>.json each. scripts/gen_corpus.sh reads the same list from the source.
 * oc_link:   the case links a second module, the PTX of corpus/src/rdc/<lib>.cu (nvcc
 *            -rdc=true): "ptx": ["<case>.<arch>.ptx", "<lib>.<arch>.ptx"].
 * oc_expect_output: what the kernel prints (printf), byte for byte ("expect_output").
 * oc_fault_variant: a second manifest, <name>.<arch>.json, whose launch faults: parameter
 *            `param` takes the s32 `value`, nothing is expected of the buffers, and `text` is
 *            what the kernel prints before the fault (checked by the CTest corpus_fault_*).
 * oc_fault_variant_stderr: what the variant's device runtime writes to stderr (failed asserts'
 *            messages, as the CUDA driver writes them): <name>.stderr.expected.txt, the start of
 *            `ptxsim run`'s stderr (corpus_fault_*). */
void oc_archs(oc_case *c, const char *archs);
void oc_link(oc_case *c, const char *lib);
void oc_expect_output(oc_case *c, const char *text, size_t n);
void oc_fault_variant(oc_case *c, const char *name, int param, int32_t value, const char *text, size_t n);
void oc_fault_variant_stderr(oc_case *c, const char *text, size_t n);

/* ---- parameters, in kernel order ---- */
void oc_p_buf(oc_case *c, const char *name);
void oc_p_u32(oc_case *c, uint32_t v);
void oc_p_s32(oc_case *c, int32_t v);
void oc_p_u64(oc_case *c, uint64_t v); /* keep below 2^53: JSON numbers */
void oc_p_s64(oc_case *c, int64_t v);
void oc_p_f32(oc_case *c, float v);
void oc_p_f64(oc_case *c, double v);
void oc_p_bytes(oc_case *c, const void *p, size_t n);

/* ---- deterministic generator (splitmix64; seeded from the case name) ---- */
/* Draw random values in separate statements: C leaves the order of two calls inside one
 * expression unspecified, and -O0 and -O2 builds then generate different inputs. */
uint64_t oc_rand64(oc_case *c);
uint32_t oc_rand32(oc_case *c);
/* uniform integer in [lo, hi] */
int64_t oc_range(oc_case *c, int64_t lo, int64_t hi);
/* uniform float in [lo, hi) built from 24 random bits (exactly representable) */
float oc_uniformf(oc_case *c, float lo, float hi);
double oc_uniform(oc_case *c, double lo, double hi);

/* ---- bit helpers ---- */
static inline uint32_t f2u(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline float u2f(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t d2u(double f) {
    uint64_t u;
    memcpy(&u, &f, 8);
    return u;
}
static inline double u2d(uint64_t u) {
    double f;
    memcpy(&f, &u, 8);
    return f;
}
/* NVIDIA GPUs return this NaN for every f32 arithmetic result that is NaN. */
#define OC_CNAN32 0x7fffffffu
static inline float canon32(float x) { return isnan(x) ? u2f(OC_CNAN32) : x; }
/* f64 arithmetic does not canonicalise (measured on an H200, see docs/corpus.md): a NaN operand
 * propagates with its quiet bit set (the first NaN operand wins), and an invalid operation on
 * non-NaN operands (0/0, inf-inf, sqrt(-1), ...) returns this NaN. */
#define OC_DNAN64 0xfff8000000000000ull
static inline double quiet64(double x) { return u2d(d2u(x) | 0x0008000000000000ull); }
static inline double f64_res1(double r, double a) {
    if (isnan(a)) return quiet64(a);
    return isnan(r) ? u2d(OC_DNAN64) : r;
}
static inline double f64_res2(double r, double a, double b) {
    if (isnan(a)) return quiet64(a);
    if (isnan(b)) return quiet64(b);
    return isnan(r) ? u2d(OC_DNAN64) : r;
}
static inline double f64_res3(double r, double a, double b, double c) {
    if (isnan(a)) return quiet64(a);
    if (isnan(b)) return quiet64(b);
    if (isnan(c)) return quiet64(c);
    return isnan(r) ? u2d(OC_DNAN64) : r;
}

/* ---- integer helpers mirroring PTX instructions ---- */
static inline uint32_t oc_popc32(uint32_t x) { return (uint32_t)__builtin_popcount(x); }
static inline uint32_t oc_popc64(uint64_t x) { return (uint32_t)__builtin_popcountll(x); }
static inline uint32_t oc_clz32(uint32_t x) { return x ? (uint32_t)__builtin_clz(x) : 32u; }
static inline uint32_t oc_clz64(uint64_t x) { return x ? (uint32_t)__builtin_clzll(x) : 64u; }
static inline uint32_t oc_brev32(uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
static inline uint64_t oc_brev64(uint64_t x) {
    return ((uint64_t)oc_brev32((uint32_t)x) << 32) | oc_brev32((uint32_t)(x >> 32));
}
/* prmt.b32 default mode: bytes 0-3 from a, 4-7 from b; selector nibble bit 3 replicates sign */
static inline uint32_t oc_prmt(uint32_t a, uint32_t b, uint32_t c) {
    uint64_t src = ((uint64_t)b << 32) | a;
    uint32_t r = 0;
    for (int n = 0; n < 4; n++) {
        uint32_t sel = (c >> (4 * n)) & 0xf;
        uint32_t byte = (uint32_t)(src >> (8 * (sel & 7))) & 0xff;
        if (sel & 8) byte = (byte & 0x80) ? 0xff : 0x00;
        r |= byte << (8 * n);
    }
    return r;
}
/* shf.l / shf.r: funnel shift of b:a (b high) */
static inline uint32_t oc_shf_l(uint32_t lo, uint32_t hi, uint32_t n) {
    uint64_t v = ((uint64_t)hi << 32) | lo;
    return (uint32_t)((v << n) >> 32); /* n in 0..32 */
}
static inline uint32_t oc_shf_r(uint32_t lo, uint32_t hi, uint32_t n) {
    uint64_t v = ((uint64_t)hi << 32) | lo;
    return (uint32_t)(v >> n);
}
static inline uint32_t oc_rotl32(uint32_t x, unsigned k) {
    k &= 31;
    return k ? (x << k) | (x >> (32 - k)) : x;
}
static inline uint64_t oc_rotl64(uint64_t x, unsigned k) {
    k &= 63;
    return k ? (x << k) | (x >> (64 - k)) : x;
}
static inline int32_t oc_sra32(int32_t x, unsigned k) {
    return (int32_t)(x < 0 ? ~(~(uint32_t)x >> k) : (uint32_t)x >> k);
}
static inline int64_t oc_sra64(int64_t x, unsigned k) {
    return (int64_t)(x < 0 ? ~(~(uint64_t)x >> k) : (uint64_t)x >> k);
}
/* bfe.u32 / bfe.s32 */
static inline uint32_t oc_bfe_u32(uint32_t a, uint32_t pos, uint32_t len) {
    pos &= 0xff;
    len &= 0xff;
    if (len == 0 || pos >= 32) return 0;
    if (pos + len > 32) len = 32 - pos;
    uint32_t mask = len == 32 ? 0xffffffffu : ((1u << len) - 1u);
    return (a >> pos) & mask;
}
static inline uint32_t oc_bfe_s32(uint32_t a, uint32_t pos, uint32_t len) {
    pos &= 0xff;
    len &= 0xff;
    if (len == 0) return 0;
    uint32_t sbit_pos = pos + len - 1 > 31 ? 31 : pos + len - 1;
    uint32_t sbit = (a >> sbit_pos) & 1u;
    uint32_t r = 0;
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t bit = (i < len && pos + i <= 31) ? (a >> (pos + i)) & 1u : sbit;
        r |= bit << i;
    }
    return r;
}
/* bfi.b32 d, a(insert), b(base), pos, len */
static inline uint32_t oc_bfi(uint32_t a, uint32_t b, uint32_t pos, uint32_t len) {
    pos &= 0xff;
    len &= 0xff;
    uint32_t r = b;
    for (uint32_t i = 0; i < len && pos + i < 32; i++) {
        uint32_t bit = (a >> i) & 1u;
        r = (r & ~(1u << (pos + i))) | (bit << (pos + i));
    }
    return r;
}

/* ---- special floating-point inputs ---- */
extern const uint32_t oc_special_f32[];
extern const size_t oc_n_special_f32;
extern const uint64_t oc_special_f64[];
extern const size_t oc_n_special_f64;
/* fill dst[0..n) with the specials first, then uniform values in [lo, hi) */
void oc_gen_f32(oc_case *c, float *dst, size_t n, size_t nspecial, float lo, float hi);

/* Case registry: cases.def lists every case once. */
#define OC_CASE(name, kind) void case_##name(oc_case *c);
#include "cases.def"
#undef OC_CASE

#endif
