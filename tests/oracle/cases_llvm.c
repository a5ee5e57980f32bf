/* Oracles for the kernels compiled by LLVM's NVPTX backend (corpus/src/llvm/, clang-14 and
 * llc-14). Where clang contracts a*b+c into fma.rn (its CUDA default) the oracle calls fma;
 * everything else is plain C on the sources' semantics. */
#include "oracle_fp.h"

#include <stdlib.h>

/* ---------------- vadd ---------------- */
void case_llvm_vadd(oc_case *c) {
    enum { N = 1000, BS = 256, G = 4, PAD = 24 }; /* 1024 threads for 1000 elements */
    oc_kernel(c, "vadd");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    float *a = oc_in(c, "a", OT_F32, N);
    float *b = oc_in(c, "b", OT_F32, N);
    for (int i = 0; i < N; i++) {
        a[i] = i < 32 ? u2f(oc_special_f32[i]) : oc_uniformf(c, -1e6f, 1e6f);
        b[i] = i < 32 ? u2f(oc_special_f32[(i * 5) % 32]) : oc_uniformf(c, -1e6f, 1e6f);
    }
    oc_fill(c, "c", OT_F32, N + PAD, 7.0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "c");
    oc_p_s32(c, N);
    float *o = oc_out(c, "c");
    for (int i = 0; i < N; i++) o[i] = canon32(a[i] + b[i]);
}

/* ---------------- saxpy ---------------- */
void case_llvm_saxpy(oc_case *c) {
    enum { N = 5000, BS = 128, G = 4 };
    const float alpha = -2.5f;
    oc_kernel(c, "saxpy");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    float *x = oc_in(c, "x", OT_F32, N);
    float *y = oc_in(c, "y", OT_F32, N);
    for (int i = 0; i < N; i++) {
        x[i] = i < 32 ? u2f(oc_special_f32[i]) : oc_uniformf(c, -100.0f, 100.0f);
        y[i] = oc_uniformf(c, -100.0f, 100.0f);
    }
    oc_p_f32(c, alpha);
    oc_p_buf(c, "x");
    oc_p_buf(c, "y");
    oc_p_s64(c, N);
    float *o = oc_out(c, "y");
    for (int i = 0; i < N; i++) o[i] = canon32(fmaf(alpha, x[i], y[i]));
}

/* ---------------- reduce ---------------- */
void case_llvm_reduce(oc_case *c) {
    enum { G = 4, BS = 256, N = G * BS };
    oc_kernel(c, "reduce");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) in[i] = i < BS ? (uint32_t)oc_range(c, 0, 20) : oc_rand32(c);
    oc_fill(c, "sums", OT_U32, G, 0);
    oc_fill(c, "maxes", OT_U32, 2 * G, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "sums");
    oc_p_buf(c, "maxes");
    uint32_t *sums = oc_out(c, "sums"), *mx = oc_out(c, "maxes");
    for (int b = 0; b < G; b++) {
        const uint32_t *v = in + b * BS;
        uint32_t s = 0, m[64], best = 0, who = 0;
        for (int t = 0; t < BS; t++) s += v[t];
        for (int t = 0; t < 64; t++) { /* m[t] after the two tree steps: max of t, t+64, t+128, t+192 */
            m[t] = v[t];
            for (int k = 1; k < 4; k++)
                if (v[t + 64 * k] > m[t]) m[t] = v[t + 64 * k];
            if (m[t] > best) best = m[t];
        }
        for (int t = 0; t < 32; t++)
            if (m[t] == best || m[t + 32] == best) who |= 1u << t;
        sums[b] = s;
        mx[2 * b] = best;
        mx[2 * b + 1] = who;
    }
}

/* ---------------- devfunc ---------------- */
static uint32_t fib_u(uint32_t n) { return n < 2 ? n : fib_u(n - 1) + fib_u(n - 2); }

void case_llvm_devfunc(oc_case *c) {
    enum { G = 2, BS = 64, N = G * BS };
    oc_kernel(c, "devfunc");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
    for (int i = 0; i < 2 * N; i++) in[i] = oc_rand32(c);
    in[0] = 0x80000000u;
    in[1] = 0xffffffffu;
    oc_fill(c, "out", OT_U32, 6 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (uint32_t i = 0; i < N; i++) {
        uint32_t x = in[2 * i], y = in[2 * i + 1], *r = o + 6 * i;
        int32_t ta = (int32_t)(x * 2u - 1u);
        int64_t tb = (int64_t)(int32_t)y * 1000 + (int64_t)(int32_t)x;
        float tc = (float)(x & 0xffff) * 0.5f;
        uint64_t p = (uint64_t)x * y;
        int64_t d = (int64_t)((uint64_t)x << 20);
        double e = (double)(int32_t)y * 0.25;
        float f = (float)(x & 1023);
        uint32_t m = x ^ (uint32_t)(uint16_t)y * 3u ^ (uint32_t)(int32_t)(int8_t)x * 5u ^ (uint32_t)d ^
            (uint32_t)(d >> 32) ^ (uint32_t)(int32_t)e ^ (uint32_t)(int32_t)f ^ (uint32_t)p * 7u ^ (uint32_t)(p >> 32) ^
            i * 11u ^ y;
        r[0] = (uint32_t)ta;
        r[1] = (uint32_t)tb;
        r[2] = (uint32_t)((uint64_t)tb >> 32);
        r[3] = f2u(tc);
        r[4] = m;
        r[5] = fib_u(x & 15);
    }
}

/* ---------------- struct_param ---------------- */
void case_llvm_struct_param(oc_case *c) {
    enum { G = 3, BS = 128, N = 350 };
    struct __attribute__((packed)) {
        double scale;     /* 0 */
        int32_t offset;   /* 8 */
        uint8_t flags[3]; /* 12 */
        uint8_t pad0;     /* 15 */
        int16_t bias;     /* 16 */
        uint8_t pad1[6];  /* 18 */
        uint64_t mask;    /* 24 */
        float gain[3];    /* 32 */
        uint8_t pad2[4];  /* 44: the struct is 48 bytes, 8-aligned */
    } p;
    memset(&p, 0, sizeof p);
    p.scale = 0.375;
    p.offset = -12345;
    p.flags[0] = 1;
    p.flags[1] = 2;
    p.flags[2] = 0x81;
    p.bias = -300;
    p.mask = 0x00000000fff0ffffull;
    p.gain[0] = 1.5f;
    p.gain[1] = -1024.25f;
    p.gain[2] = 3e30f;
    oc_kernel(c, "struct_param");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_range(c, -1000000, 1000000);
    oc_fill(c, "out", OT_F64, G * BS, 0);
    oc_p_bytes(c, &p, sizeof p);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_u32(c, N);
    double *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        int32_t v = in[i] + p.offset + p.bias;
        if (p.flags[i % 3] & 1) v = -v;
        uint64_t m = ((uint64_t)(uint32_t)v & p.mask) ^ (uint64_t)p.flags[2];
        o[i] = fma((double)m, p.scale, (double)p.gain[i % 3]);
    }
}

/* ---------------- atomics ---------------- */
void case_llvm_atomics(oc_case *c) {
    enum { G = 4, BS = 128, N = G * BS };
    oc_kernel(c, "atomics");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    uint32_t *cnt = oc_in(c, "cnt", OT_U32, 8 + N);
    for (int i = 0; i < N; i++) {
        in[i] = oc_rand32(c) % 0xfffffff0u; /* never 0xffffffff: block min + 1 must not wrap */
        cnt[8 + i] = oc_rand32(c);
    }
    const uint32_t init[8] = {3, 0x80000000u, 0xffffffffu, 0, 0, 0, 0xffffffffu, 0};
    memcpy(cnt, init, sizeof init);
    uint64_t *c64 = oc_in(c, "c64", OT_U64, 2);
    c64[0] = 0;
    c64[1] = 1;
    oc_fill(c, "cf", OT_F32, 1, 0);
    oc_fill(c, "old", OT_U32, N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "cnt");
    oc_p_buf(c, "c64");
    oc_p_buf(c, "cf");
    oc_p_buf(c, "old");
    uint32_t *co = oc_out(c, "cnt"), *old = oc_out(c, "old");
    uint64_t *q = oc_out(c, "c64");
    float *cf = oc_out(c, "cf");
    for (int i = 0; i < N; i++) {
        uint32_t x = in[i];
        co[0]++;
        if ((int32_t)x > (int32_t)co[1]) co[1] = x;
        if (x < co[2]) co[2] = x;
        co[3] = co[3] >= 99 ? 0 : co[3] + 1;
        co[4] |= 1u << (x & 31);
        co[5] ^= x;
        co[6] &= x | 0x0f0f0f0fu;
        co[7] += x;
        q[0] += x;
        q[1] *= x | 1;
        cf[0] += (float)(x & 7);
        old[i] = cnt[8 + i];
        co[8 + i] = x ^ 0x5a5a5a5au;
    }
    for (int b = 0; b < G; b++) {
        uint32_t bm = 0xffffffffu;
        for (int t = 0; t < BS; t++)
            if (in[b * BS + t] < bm) bm = in[b * BS + t];
        if (bm + 1 < co[2]) co[2] = bm + 1;
    }
}

/* ---------------- local_o0 ---------------- */
static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void case_llvm_local_o0(oc_case *c) {
    enum { G = 2, BS = 64, N = G * BS };
    oc_kernel(c, "local_o0");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 12 * N);
    for (int i = 0; i < 12 * N; i++) in[i] = i % 7 == 0 ? (uint32_t)oc_range(c, 0, 5) : oc_rand32(c);
    oc_fill(c, "out", OT_U32, 13 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t *r = o + 13 * i, h = 2166136261u;
        memcpy(r, in + 12 * i, 48);
        qsort(r, 12, 4, cmp_u32);
        for (int k = 0; k < 12; k++) h = (h ^ r[k]) * 16777619u;
        r[12] = h;
    }
}

/* ---------------- rounding ---------------- */
static float f32_ftz_result(float r) { return fpclassify(r) == FP_SUBNORMAL ? copysignf(0.0f, r) : r; }

void case_llvm_rounding(oc_case *c) {
    enum { G = 8, BS = 128, N = G * BS };
    const int ns = (int)oc_n_special_f32, nd = (int)oc_n_special_f64;
    oc_kernel(c, "rounding");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    float *a = oc_in(c, "a", OT_F32, N);
    float *b = oc_in(c, "b", OT_F32, N);
    double *da = oc_in(c, "da", OT_F64, N);
    double *db = oc_in(c, "db", OT_F64, N);
    for (int i = 0; i < N; i++) {
        if (i < ns * ns) {
            a[i] = u2f(oc_special_f32[i / ns]);
            b[i] = u2f(oc_special_f32[i % ns]);
            da[i] = u2d(oc_special_f64[i / nd]);
            db[i] = u2d(oc_special_f64[i % nd]);
        } else {
            a[i] = wide32(c, 60, 190);
            b[i] = wide32(c, 60, 190);
            da[i] = wide64(c, 1, 2046);
            db[i] = wide64(c, 1, 2046);
        }
    }
    oc_fill(c, "out", OT_U32, 24 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "da");
    oc_p_buf(c, "db");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        float x = a[i], y = b[i];
        double u = da[i], v = db[i];
        uint32_t *r = o + 24 * i;
        r[0] = f2u(canon32(op32(0, x, y, 0, RZ)));
        r[1] = f2u(canon32(op32(2, x, y, 0, RM)));
        r[2] = f2u(canon32(op32(4, x, y, 1.0f, RP)));
        r[3] = f2u(canon32(op32(3, x, y, 0, RN)));
        r[4] = f2u(canon32(op32(3, x, y, 0, RZ)));
        r[5] = f2u(canon32(op32(5, x, 0, 0, RP)));
        r[6] = f2u(canon32(op32(3, 1.0f, y, 0, RM)));
        r[7] = f2u(canon32(f32_ftz_result(op32(0, ftz_in(x), ftz_in(y), 0, RN))));
        r[8] = f2u(mul32_ftz(x, y, RZ));
        r[9] = (uint32_t)f2i(x, RM, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, 0);
        r[10] = (uint32_t)f2i(x, RP, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, 0);
        r[11] = (uint32_t)f2u64(x, RN, 0x1p32 - 1, UINT32_MAX, 0);
        uint64_t l = (uint64_t)f2i(x, RZ, -0x1p63, 0x1p63, INT64_MIN, INT64_MAX, INT64_MIN);
        r[12] = (uint32_t)l;
        r[13] = (uint32_t)(l >> 32);
        /* clang-14 lowers __nvvm_i2f_rz to cvt.rn.f32.s32 (see the PTX): the oracle follows the PTX */
        int32_t iy = (int32_t)f2u(y);
        uint32_t mag = iy < 0 ? 0u - (uint32_t)iy : (uint32_t)iy;
        r[14] = f2u((float)round_int(mag, iy < 0, 24, RN));
        r[15] = small_round(FMT_F16, x, RN);
        uint64_t s = d2u(nan_ba(op64(0, u, v, 0, RP), u, v));
        uint64_t p = d2u(nan_ba(op64(2, u, v, 0, RZ), u, v));
        uint64_t q = d2u(f64_res2(op64(3, u, v, 0, RM), u, v)); /* div: a, then b */
        r[16] = (uint32_t)s;
        r[17] = (uint32_t)(s >> 32);
        r[18] = (uint32_t)p;
        r[19] = (uint32_t)(p >> 32);
        r[20] = (uint32_t)q;
        r[21] = (uint32_t)(q >> 32);
        r[22] = (uint32_t)f2i(u, RN, -0x1p31, 0x1p31 - 1, INT32_MIN, INT32_MAX, INT32_MIN);
        r[23] = f64_to_f32_bits(v, RZ);
    }
}

/* ---------------- int128 (llc) ---------------- */
typedef unsigned __int128 u128;
typedef __int128 s128;

void case_llvm_int128(oc_case *c) {
    enum { G = 2, BS = 128, N = G * BS };
    oc_kernel(c, "int128");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint64_t *in = oc_in(c, "in", OT_U64, 4 * N);
    static const uint64_t e[] = {
        0, 1, UINT64_MAX, 0x8000000000000000ull, 0x7fffffffffffffffull, 0x00000000ffffffffull, 0x80000000ull};
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 4; k++) {
            uint64_t v = oc_rand64(c);
            if (i < 49) v = e[(k & 1 ? i / 7 : i % 7)];
            in[4 * i + k] = v;
        }
    oc_fill(c, "out", OT_U32, 20 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        const uint64_t *v = in + 4 * i;
        uint32_t *r = o + 20 * i;
        u128 a = (u128)v[1] << 64 | v[0], b = (u128)v[3] << 64 | v[2];
        u128 sum = a + b, dif = a - b, prd = a * b;
        u128 r0 = sum ^ (prd >> 37);
        u128 ash = (u128)((s128)dif >> 100);
        u128 r1 = prd + ash;
        for (int k = 0; k < 4; k++) {
            r[k] = (uint32_t)(r0 >> (32 * k));
            r[4 + k] = (uint32_t)(r1 >> (32 * k));
        }
        uint32_t a0 = (uint32_t)v[0], a1 = (uint32_t)v[1], b0 = (uint32_t)v[2];
        uint32_t tz = b0 ? (uint32_t)__builtin_ctz(b0) : 32;
        r[8] = oc_popc64(v[0]) | oc_clz64(v[2]) << 8 | tz << 16;
        r[9] = oc_brev32(a0);
        uint64_t bs = __builtin_bswap64(v[3]);
        r[10] = (uint32_t)bs;
        r[11] = (uint32_t)(bs >> 32);
        uint32_t s = b0 & 31;
        r[12] = s ? (a0 << s) | (a1 >> (32 - s)) : a0; /* fshl(a0, a1, b0) */
        r[13] = s ? (a1 >> s) | (a0 << (32 - s)) : a1; /* fshr(a0, a1, b0) */
        u128 m = (u128)v[0] * v[2];
        r[14] = (uint32_t)m;
        r[15] = (m >> 64) != 0;
        int64_t ss = (int64_t)(int32_t)a0 + (int32_t)b0;
        r[16] = (uint32_t)(ss > INT32_MAX ? INT32_MAX : ss < INT32_MIN ? INT32_MIN : ss);
        r[17] = (uint32_t)((int32_t)a1 < (int32_t)b0 ? a1 : b0);
        r[18] = (uint32_t)(v[1] > v[3] ? v[1] : v[3]);
        r[19] = (int32_t)a1 < 0 ? 0u - a1 : a1;
    }
}

/* ---------------- vector (llc) ---------------- */
void case_llvm_vector(oc_case *c) {
    enum { G = 3, BS = 64, N = G * BS };
    static const uint32_t tab[8] = {3, 1, 4, 1, 5, 9, 2, 6}, bias[4] = {100, 200, 300, 400};
    oc_kernel(c, "vector");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, 4 * N);
    float *fin = oc_in(c, "fin", OT_F32, 2 * N);
    for (int i = 0; i < 4 * N; i++) in[i] = i % 3 ? (uint32_t)oc_range(c, -2000, 2000) : oc_rand32(c);
    for (int i = 0; i < 2 * N; i++) fin[i] = i < 64 ? u2f(oc_special_f32[i % 32]) : oc_uniformf(c, -10.0f, 10.0f);
    oc_fill(c, "out", OT_U32, 12 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "fin");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        const uint32_t *v = in + 4 * i;
        uint32_t w[4], *r = o + 12 * i, t = (uint32_t)i % BS, sum = 0, mask = 0;
        for (int k = 0; k < 4; k++) w[k] = v[k] + bias[k];
        for (int k = 0; k < 4; k++) {
            r[k] = (int32_t)v[k] > (int32_t)w[3 - k] ? v[k] : w[3 - k];
            sum += w[k];
            mask |= (uint32_t)(v[k] < 1000) << k;
        }
        float f0 = canon32(fin[2 * i] + 1.5f), f1 = canon32(fin[2 * i + 1] - 0.25f);
        r[4] = isnan(f0) ? OC_CNAN32 : f2u(f0) ^ 0x80000000u;
        r[5] = isnan(f1) ? OC_CNAN32 : f2u(f1) ^ 0x80000000u;
        r[6] = v[t & 3];
        r[7] = tab[i & 7];
        r[8] = in[4 * (i - (int)t + 63 - (int)t)];
        r[9] = sum;
        r[10] = mask;
        r[11] = (uint32_t)i;
    }
}

/* ---------------- switch ---------------- */
static uint32_t classify_u(uint32_t v) {
    switch (v % 11) {
    case 0: return v * 3;
    case 1: return v ^ 0xffffu;
    case 2: return v >> 3;
    case 3: return v + 1000;
    case 4:
    case 5: return v * v;
    case 6: return ~v;
    case 7: return v & 0xf0f0f0f0u;
    case 8: return v | 1;
    case 9: return v << 5;
    default: return 42;
    }
}

void case_llvm_switch(oc_case *c) {
    enum { G = 3, BS = 128, N = G * BS };
    oc_kernel(c, "switch_k");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint32_t *in = oc_in(c, "in", OT_U32, N);
    for (int i = 0; i < N; i++) in[i] = i < 64 ? (uint32_t)i : oc_rand32(c);
    oc_fill(c, "out", OT_U32, 3 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    uint32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t x = in[i], acc = 0, state = x & 3, steps = 0;
        do {
            steps++;
            switch (state) {
            case 0:
                acc += x;
                state = (acc >> 3) & 3;
                break;
            case 1:
                acc = acc * 7 + 1;
                state = (acc & 1) ? 2 : 0;
                break;
            case 2:
                acc = (acc << 9) | (acc >> 23);
                if (acc & 0x100) continue;
                state = 3;
                break;
            default: goto done;
            }
            x = x * 1103515245u + 12345u;
        } while (steps < 40);
    done:
        o[3 * i] = acc;
        o[3 * i + 1] = steps;
        o[3 * i + 2] = classify_u(in[i]);
    }
}

/* ---------------- transpose2d ---------------- */
void case_llvm_transpose2d(oc_case *c) {
    enum { R = 70, C = 45, T = 16 };
    oc_kernel(c, "transpose2d");
    oc_grid(c, (C + T - 1) / T, (R + T - 1) / T, 1);
    oc_block(c, T, T, 1);
    double *in = oc_in(c, "in", OT_F64, R * C);
    for (int i = 0; i < R * C; i++) in[i] = u2d(oc_rand64(c)); /* any bits: moved, not computed */
    oc_fill(c, "out", OT_F64, R * C + 8, -1.0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, R);
    oc_p_s32(c, C);
    double *o = oc_out(c, "out");
    for (int y = 0; y < R; y++)
        for (int x = 0; x < C; x++) o[x * R + y] = in[y * C + x];
}

/* ---------------- dmath ---------------- */
/* abs.f64 / neg.f64 of a NaN quieten it and keep its sign (docs/numerics.md section 3) */
static double abs_d(double a) { return isnan(a) ? quiet64(a) : u2d(d2u(a) & 0x7fffffffffffffffull); }
static double neg_d(double a) { return isnan(a) ? quiet64(a) : u2d(d2u(a) ^ 0x8000000000000000ull); }
static double fma_d(double a, double b, double c) { return nan_bca(fma(a, b, c), a, b, c); }
/* min/max.f64: one NaN gives the other operand, two give b quietened; -0 < +0 */
static double minmax_d(double a, double b, int is_max) {
    if (isnan(a) && isnan(b)) return quiet64(b);
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return (signbit(a) != 0) != is_max ? a : b;
    return (a < b) != is_max ? a : b;
}

void case_llvm_dmath(oc_case *c) {
    enum { G = 10, BS = 128, N = G * BS };
    const int nd = (int)oc_n_special_f64;
    oc_kernel(c, "dmath");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    double *a = oc_in(c, "a", OT_F64, N);
    double *b = oc_in(c, "b", OT_F64, N);
    for (int i = 0; i < N; i++) {
        if (i < nd * nd) {
            a[i] = u2d(oc_special_f64[i / nd]);
            b[i] = u2d(oc_special_f64[i % nd]);
        } else {
            a[i] = wide64(c, 1000, 1050);
            b[i] = wide64(c, 900, 1100);
        }
    }
    oc_fill(c, "out", OT_F64, 8 * N, 0);
    oc_fill(c, "iout", OT_S64, 2 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "out");
    oc_p_buf(c, "iout");
    double *o = oc_out(c, "out");
    int64_t *io = oc_out(c, "iout");
    for (int i = 0; i < N; i++) {
        double x = a[i], y = b[i], *r = o + 8 * i;
        r[0] = f64_res2(x / y, x, y);
        r[1] = f64_res1(sqrt(abs_d(x)), abs_d(x));
        r[2] = fma_d(x, y, 1.0);
        r[3] = minmax_d(x, y, 0);
        r[4] = minmax_d(x, y, 1);
        double ay = abs_d(y);
        r[5] = signbit(x) ? neg_d(ay) : ay;
        double p = fma_d(x, 0.0, 6.0);
        for (int k = 4; k >= 0; k--) p = fma_d(x, p, (double)(k + 1));
        r[6] = p;
        r[7] = fma_d((double)i, 0.5, neg_d(y));
        io[2 * i] = f2i(x, RZ, -0x1p63, 0x1p63, INT64_MIN, INT64_MAX, INT64_MIN);
        io[2 * i + 1] = (int64_t)f2u64(y * 1024.0, RZ, 0x1p64, UINT64_MAX, 0x8000000000000000ull);
    }
}

/* ---------------- half (llc) ---------------- */
void case_llvm_half(oc_case *c) {
    enum { G = 6, BS = 128, N = G * BS, NS = 24 };
    static const uint16_t sp[NS] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7c01,
                                    0xfe01, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3800,
                                    0x3c01, 0x3bff, 0x3e00, 0x4100, 0xc100, 0x5bff, 0x1400, 0x7800};
    const small_fmt *f = FMT_F16;
    oc_kernel(c, "half_k");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    uint16_t *a = oc_in(c, "a", OT_U16, N);
    uint16_t *b = oc_in(c, "b", OT_U16, N);
    for (int i = 0; i < N; i++) {
        if (i < NS * NS) {
            a[i] = sp[i / NS];
            b[i] = sp[i % NS];
        } else {
            a[i] = (uint16_t)oc_rand32(c);
            b[i] = (uint16_t)oc_rand32(c);
        }
    }
    oc_fill(c, "out", OT_U16, 4 * N, 0);
    oc_p_buf(c, "a");
    oc_p_buf(c, "b");
    oc_p_buf(c, "out");
    uint16_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint16_t x = a[i], y = b[i], *r = o + 4 * i;
        int lt = !small_isnan(f, x) && !small_isnan(f, y) && small_decode(f, x) < small_decode(f, y);
        r[0] = lt ? small_add(f, x, y) : small_mul(f, x, y);
        r[1] = small_fma(f, x, y, 0x3c00);
        r[2] = small_minmax(f, x, y, 0, 0);
        r[3] = small_isnan(f, x) ? 0x7fff : small_round(f, small_decode(f, x) * 3.0, RN);
    }
}

/* OpenCL C through clang-14's nvptx64-nvidia-nvcl target (.target sm_20, texmode_independent) */
void case_llvm_stencil_cl(oc_case *c) {
    enum { N = 1000, BS = 64, G = (N + BS - 1) / BS };
    oc_kernel(c, "stencil_cl");
    oc_grid(c, G, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_rand32(c);
    oc_fill(c, "out", OT_S32, G * BS, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, N);
    int32_t *o = oc_out(c, "out");
    for (int i = 0; i < N; i++) {
        uint32_t v[5];
        for (int k = 0; k < 5; k++) v[k] = i + k - 2 >= 0 && i + k - 2 < N ? (uint32_t)in[i + k - 2] : 0;
        o[i] = (int32_t)(v[0] - 2 * v[1] + 5 * v[2] - 2 * v[3] + v[4]);
    }
}
