// mufu_check.cu — H200 check of ptxsim's approximate-instruction models over every f32 input:
// the GPU computes each instruction for all 2^32 bit patterns (chunks of 2^28), the host's cores
// run the C model (mufu_model.c + sim/) on the same inputs and count mismatches and the largest
// ulp distance. f64 .ftz forms: every upper word (low word hashed); rsqrt.approx.f64 and the
// divisions: 2^26 hashed inputs (pairs); sin/cos (double models): every 64th bit pattern. Prints one line per instruction.
// Build: see mufu_run2.sh.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include "mufu_ops.h"
typedef unsigned int u32;
typedef unsigned long long u64;
extern "C" u32 model_f32(int op, u32 x);
extern "C" u64 model_f64(int op, u64 x);
extern "C" u32 model_div(int op, u32 a, u32 b);
#define CK(x) do { cudaError_t e_ = (x); if (e_) { printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)

__device__ u32 f32op(int op, u32 xb)
{
    float x = __uint_as_float(xb), y = 0;
    switch (op) {
#define X(id, nm, ins) case id: asm volatile(ins " %0, %1;" : "=f"(y) : "f"(x)); break;
        MUFU_F32_OPS(X)
#undef X
    }
    return __float_as_uint(y);
}
__device__ u64 f64op(int op, u64 xb)
{
    double x = __longlong_as_double(xb), y = 0;
    switch (op) {
#define X(id, nm, ins) case id: asm volatile(ins " %0, %1;" : "=d"(y) : "d"(x)); break;
        MUFU_F64_OPS(X)
#undef X
    }
    return __double_as_longlong(y);
}
__device__ u32 divop(int op, u32 ab, u32 bb)
{
    float a = __uint_as_float(ab), b = __uint_as_float(bb), y = 0;
    switch (op) {
#define X(id, nm, ins) case id: asm volatile(ins " %0, %1, %2;" : "=f"(y) : "f"(a), "f"(b)); break;
        MUFU_DIV_OPS(X)
#undef X
    }
    return __float_as_uint(y);
}
// input of index i (kind 0: f32 bit pattern base+i; 1: f64 upper word base+i, low word hashed;
// 2: hashed f64; 3: hashed f32 pair)
__host__ __device__ static inline u64 in64(int kind, u64 i)
{
    if (kind == 1) return (i << 32) | (u32)mufu_mix(i);
    return mufu_mix(i);
}
__global__ void k_run(int kind, int op, u64 base, u32 n, u32 stride, void *out)
{
    u32 j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n) return;
    u64 i = base + j;
    if (kind == 0) ((u32 *)out)[j] = f32op(op, (u32)(i * stride));
    else if (kind == 3) { u64 r = mufu_mix(i); ((u32 *)out)[j] = divop(op, (u32)r, (u32)(r >> 32)); }
    else ((u64 *)out)[j] = f64op(op, in64(kind, i));
}

// MUFU.SIN / MUFU.COS table: sin/cos.approx(x) should depend only on R = floor(frac(|r|) 2^25),
// r = FMUL.RZ(x, 1/(2 pi)) (and on the sign of x for sin). Over every x: T[R] = result for
// x >= 0 (first seen), and count the x whose result differs from T[R] (sign-adjusted for x < 0).
__global__ void k_trig(int cos_, u64 base, u32 n, u32 *T, unsigned long long *bad, int pass)
{
    u32 j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n) return;
    u32 xb = (u32)(base + j);
    float x = __uint_as_float(xb), y;
    if ((xb & 0x7fffffffu) >= 0x7f800000u) return;
    if (cos_) asm volatile("cos.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    else asm volatile("sin.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    float r = fabsf(__fmul_rz(x, 0.15915493667125701904f));
    u32 R = r >= 16777216.0f ? 0u : (u32)((r - floorf(r)) * 33554432.0f);
    u32 v = __float_as_uint(y);
    if (!cos_ && (xb >> 31)) v ^= 0x80000000u;
    if (pass == 0) { if (!(xb >> 31)) atomicCAS(&T[R], 0xffffffffu, v); }
    else if (T[R] != v) atomicAdd(bad, 1ull);
}
static void trig(int cos_, const char *dir)
{
    u32 *T; unsigned long long *bad, hb = 0;
    CK(cudaMalloc(&T, 4u << 25)); CK(cudaMemset(T, 0xff, 4u << 25));
    CK(cudaMalloc(&bad, 8)); CK(cudaMemset(bad, 0, 8));
    for (int pass = 0; pass < 2; pass++)
        for (u64 b = 0; b < (1ull << 32); b += 1u << 30) k_trig<<<(1u << 30) / 256, 256>>>(cos_, b, 1u << 30, T, bad, pass);
    CK(cudaMemcpy(&hb, bad, 8, cudaMemcpyDeviceToHost));
    u32 *h = (u32 *)malloc(4u << 25);
    CK(cudaMemcpy(h, T, 4u << 25, cudaMemcpyDeviceToHost));
    long unseen = 0;
    for (u32 i = 0; i < (1u << 25); i++) unseen += h[i] == 0xffffffffu;
    printf("%s table: x not explained by T[R] (sign-adjusted): %llu; R never reached: %ld\n", cos_ ? "cos" : "sin", hb, unseen);
    for (u32 i = (1u << 25) - 1; i > 0; i--) h[i] -= h[i - 1]; // delta-coded for compression
    char path[512];
    snprintf(path, sizeof path, "%s/trig_%s.u32", dir, cos_ ? "cos" : "sin");
    FILE *f = fopen(path, "wb");
    if (f) { fwrite(h, 4, 1u << 25, f); fclose(f); }
    free(h); cudaFree(T); cudaFree(bad);
    fflush(stdout);
}

struct job { int kind, op; u32 stride; u64 base; u32 lo, hi; const void *g; u64 mism, nanm, maxulp; u64 ex[4][3]; int nex; };
static u64 ord32(u32 x) { return (x & 0x80000000u) ? (u64)(0x80000000u - (x & 0x7fffffffu)) : (u64)x + 0x80000000u; }
static u64 ord64(u64 x) { return (x >> 63) ? (1ull << 63) - (x & ~(1ull << 63)) : x + (1ull << 63); }
static void *work(void *p)
{
    job *J = (job *)p;
    for (u32 j = J->lo; j < J->hi; j++) {
        u64 i = J->base + j, m, g, x;
        bool nan;
        if (J->kind == 0) {
            x = (u32)(i * J->stride); g = ((const u32 *)J->g)[j]; m = model_f32(J->op, (u32)x);
            nan = ((g & 0x7fffffffu) > 0x7f800000u) || ((m & 0x7fffffffu) > 0x7f800000u);
        } else if (J->kind == 3) {
            x = mufu_mix(i); g = ((const u32 *)J->g)[j]; m = model_div(J->op, (u32)x, (u32)(x >> 32));
            nan = ((g & 0x7fffffffu) > 0x7f800000u) || ((m & 0x7fffffffu) > 0x7f800000u);
        } else {
            x = in64(J->kind, i); g = ((const u64 *)J->g)[j]; m = model_f64(J->op, x);
            nan = ((g << 1) > (0x7ffull << 53)) || ((m << 1) > (0x7ffull << 53));
        }
        if (m == g) continue;
        J->mism++;
        if (nan) J->nanm++;
        else {
            u64 a = J->kind == 0 || J->kind == 3 ? ord32((u32)m) : ord64(m), b = J->kind == 0 || J->kind == 3 ? ord32((u32)g) : ord64(g);
            u64 d = a > b ? a - b : b - a;
            if (d > J->maxulp) J->maxulp = d;
        }
        if (J->nex < 4) { J->ex[J->nex][0] = x; J->ex[J->nex][1] = g; J->ex[J->nex][2] = m; J->nex++; }
    }
    return 0;
}

static void check(const char *name, int kind, int op, u64 total, u32 stride, void *d, void *h)
{
    const u32 CH = 1u << 26;
    const int NT = 16;
    size_t w = (kind == 1 || kind == 2) ? 8 : 4;
    job J[NT];
    memset(J, 0, sizeof J);
    for (u64 base = 0; base < total; base += CH) {
        u32 n = (u32)(total - base < CH ? total - base : CH);
        k_run<<<(n + 255) / 256, 256>>>(kind, op, base, n, stride, d);
        CK(cudaGetLastError());
        CK(cudaMemcpy(h, d, (size_t)n * w, cudaMemcpyDeviceToHost));
        const char *sd = getenv("MUFU_SAVE_DIR"); // the divisions' first 2^14 results, as test data
        if (sd && kind == 3 && base == 0) {
            char path[512];
            snprintf(path, sizeof path, "%s/s_%s.u32", sd, name);
            FILE *f = fopen(path, "wb");
            if (f) { fwrite(h, 4, 16384, f); fclose(f); }
        }
        pthread_t th[NT];
        for (int t = 0; t < NT; t++) {
            J[t].kind = kind; J[t].op = op; J[t].stride = stride; J[t].base = base; J[t].g = h;
            J[t].lo = (u32)((u64)n * t / NT); J[t].hi = (u32)((u64)n * (t + 1) / NT);
            pthread_create(&th[t], 0, work, &J[t]);
        }
        for (int t = 0; t < NT; t++) pthread_join(th[t], 0);
    }
    u64 mism = 0, nanm = 0, maxulp = 0;
    for (int t = 0; t < NT; t++) { mism += J[t].mism; nanm += J[t].nanm; if (J[t].maxulp > maxulp) maxulp = J[t].maxulp; }
    printf("%-22s stride=%u n=%llu mismatches=%llu (%.6f%% exact) nan_mismatches=%llu max_ulp=%llu\n", name, stride, total, mism,
           100.0 - 100.0 * (double)mism / (double)total, nanm, maxulp);
    int shown = 0;
    for (int t = 0; t < NT && shown < 4; t++)
        for (int k = 0; k < J[t].nex && shown < 4; k++, shown++)
            printf("    x=%016llx gpu=%016llx model=%016llx\n", J[t].ex[k][0], J[t].ex[k][1], J[t].ex[k][2]);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : "";
    if (!strcmp(only, "trig")) { // tables for the next model step, written to argv[2]
        trig(0, argv[2]);
        trig(1, argv[2]);
        return 0;
    }
    void *d, *h;
    CK(cudaMalloc(&d, (size_t)8 << 26));
    CK(cudaMallocHost(&h, (size_t)8 << 26));
    static const char *N32[] = {
#define X(id, nm, ins) ins,
        MUFU_F32_OPS(X)
#undef X
    };
    static const char *N64[] = {
#define X(id, nm, ins) ins,
        MUFU_F64_OPS(X)
#undef X
    };
    static const char *ND[] = {
#define X(id, nm, ins) ins,
        MUFU_DIV_OPS(X)
#undef X
    };
    u64 all = 1ull << 32;
    // priority order: the MUFU-table models first; sin/cos (double-precision models whose
    // glibc evaluation of huge arguments is slow) on every 64th bit pattern
    static const int order[] = {0, 1, 2, 3, 4, 5, 6, 7, -1, -2, -3, -4, 8, 9, 14, 10, 11, 12, 13};
    for (int k = 0; k < (int)(sizeof order / sizeof order[0]); k++) {
        int op = order[k];
        if (op >= 0) {
            u32 st = 1;
            if (!*only || strstr(N32[op], only)) check(N32[op], 0, op, all / st, st, d, h);
        } else if (op == -1) {
            for (int o = 0; o < 2; o++)
                if (!*only || strstr(N64[o], only)) check(N64[o], 1, o, all, 1, d, h);
        } else if (op == -2) {
            if (!*only || strstr(N64[2], only)) check(N64[2], 2, 2, 1ull << 26, 1, d, h);
        } else if (op == -3) {
            for (int o = 0; o < MUFU_NDIV; o++)
                if (!*only || strstr(ND[o], only)) check(ND[o], 3, o, 1ull << 26, 1, d, h);
        }
    }
    return 0;
}
