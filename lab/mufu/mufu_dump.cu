// mufu_dump.cu — H200 probe: dumps the approximate instructions of mufu_ops.h over grids of
// inputs (consecutive bit patterns from a start, with a stride), plus 2^16 mixed samples per op
// and the half-precision tanh forms over all inputs. Output: raw little-endian files in argv[1]:
//   g_<name>_<op>.u32   results, delta-coded for compression: r[i] - r[i-1] mod 2^32 (r[-1] = 0);
//                       f64 ops: u32 pairs (upper word delta-coded, lower word raw)
//   s_<op>.u32          2^16 results for inputs mufu_sample_f32(i) (f64: mufu_sample_f64(i))
//   h_<form>.bin        tanh.approx.{f16,bf16}{,x2} for every 16-bit input
// Build: nvcc -O2 -arch=sm_90 mufu_dump.cu -o mufu_dump
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "mufu_ops.h"
typedef unsigned int u32;
typedef unsigned long long u64;
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
__global__ void k_grid32(int op, u32 start, u32 stride, u32 n, u32 *out)
{
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f32op(op, start + i * stride);
}
__global__ void k_grid64(int op, u32 start, u32 stride, u32 n, u32 lo, u32 *out)
{
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    u64 r = f64op(op, ((u64)(start + i * stride) << 32) | lo);
    out[2 * i] = (u32)(r >> 32);
    out[2 * i + 1] = (u32)r;
}
__global__ void k_samp32(int op, u32 n, u32 *out)
{
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f32op(op, (u32)mufu_mix(i));
}
__global__ void k_samp64(int op, u32 n, u32 *out)
{
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    u64 r = f64op(op, mufu_mix(i));
    out[2 * i] = (u32)(r >> 32);
    out[2 * i + 1] = (u32)r;
}
__global__ void k_half(int form, u32 *out)
{
    u32 i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536) return;
    unsigned short h = (unsigned short)i, r = 0;
    u32 p = i | ((i * 40503u) & 0xffffu) << 16, q = 0;  // x2: high lane a permutation of the low
    switch (form) {
    case 0: asm volatile("tanh.approx.f16 %0, %1;" : "=h"(r) : "h"(h)); q = r; break;
    case 1: asm volatile("tanh.approx.bf16 %0, %1;" : "=h"(r) : "h"(h)); q = r; break;
    case 2: asm volatile("tanh.approx.f16x2 %0, %1;" : "=r"(q) : "r"(p)); break;
    case 3: asm volatile("tanh.approx.bf16x2 %0, %1;" : "=r"(q) : "r"(p)); break;
    }
    out[i] = q;
}
static void save(const char *dir, const char *name, const void *p, size_t bytes)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, bytes, f) != bytes) { printf("write %s failed\n", path); exit(1); }
    fclose(f);
}
static const char *N32[] = {
#define X(id, nm, ins) #nm,
    MUFU_F32_OPS(X)
#undef X
};
static const char *N64[] = {
#define X(id, nm, ins) #nm,
    MUFU_F64_OPS(X)
#undef X
};
struct grid { const char *name; int f64; int op; u32 start, stride, n; };
int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    static const grid G[] = {
        {"m14", 0, 4, 0x3f800000u, 1, 1u << 24},   // rsqrt.ftz on [1, 4)
        {"m14", 0, 6, 0x3f800000u, 1, 1u << 24},   // sqrt.ftz on [1, 4)
        {"e0", 0, 8, 0x3f800000u, 1, 1u << 23},    // lg2.ftz on [1, 2)
        {"em1", 0, 8, 0x3f000000u, 1, 1u << 23},   // lg2.ftz on [0.5, 1)
        {"e1", 0, 8, 0x40000000u, 1, 1u << 23},    // lg2.ftz on [2, 4)
        {"wide", 0, 8, 0x00800000u, 1021, 0x7f000000u / 1021},
        {"e0", 0, 14, 0x3f800000u, 1, 1u << 23},   // tanh on [1, 2)
        {"em3", 0, 14, 0x3e000000u, 1, 1u << 23},  // tanh on [1/8, 1/4)
        {"wide", 0, 14, 0x30000000u, 257, 0x11800000u / 257},
        {"e0", 0, 10, 0x3f800000u, 1, 1u << 23},   // sin.ftz on [1, 2)
        {"e0", 0, 12, 0x3f800000u, 1, 1u << 23},   // cos.ftz on [1, 2)
        {"wide", 0, 10, 0x30000000u, 509, 0x1a000000u / 509},
        {"wide", 0, 12, 0x30000000u, 509, 0x1a000000u / 509},
        {"m12", 1, 0, 0x3ff00000u, 1, 1u << 20},   // rcp.ftz.f64 upper words on [1, 2)
        {"m14", 1, 1, 0x3ff00000u, 1, 1u << 21},   // rsqrt.ftz.f64 upper words on [1, 4)
    };
    u32 *d, *h;
    size_t maxn = 1u << 25;
    CK(cudaMalloc(&d, maxn * 4));
    CK(cudaMallocHost(&h, maxn * 4));
    char nm[128];
    for (const grid &g : G) {
        if (g.f64) k_grid64<<<(g.n + 255) / 256, 256>>>(g.op, g.start, g.stride, g.n, 0, d);
        else k_grid32<<<(g.n + 255) / 256, 256>>>(g.op, g.start, g.stride, g.n, d);
        CK(cudaGetLastError());
        size_t bytes = (size_t)g.n * 4 * (g.f64 ? 2 : 1);
        CK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
        u32 st = g.f64 ? 2 : 1;
        for (size_t i = (size_t)g.n - 1; i > 0; i--) h[i * st] -= h[(i - 1) * st];
        snprintf(nm, sizeof nm, "g_%s_%s.u32", g.name, g.f64 ? N64[g.op] : N32[g.op]);
        save(dir, nm, h, bytes);
        printf("%s start %08x stride %u n %u\n", nm, g.start, g.stride, g.n);
    }
    const u32 NS = 1u << 16;
    for (int op = 0; op < MUFU_NF32; op++) {
        k_samp32<<<NS / 256, 256>>>(op, NS, d);
        CK(cudaMemcpy(h, d, NS * 4, cudaMemcpyDeviceToHost));
        snprintf(nm, sizeof nm, "s_%s.u32", N32[op]);
        save(dir, nm, h, NS * 4);
    }
    for (int op = 0; op < MUFU_NF64; op++) {
        k_samp64<<<NS / 256, 256>>>(op, NS, d);
        CK(cudaMemcpy(h, d, NS * 8, cudaMemcpyDeviceToHost));
        snprintf(nm, sizeof nm, "s_%s.u32", N64[op]);
        save(dir, nm, h, NS * 8);
    }
    static const char *HF[] = {"tanh_f16", "tanh_bf16", "tanh_f16x2", "tanh_bf16x2"};
    for (int f = 0; f < 4; f++) {
        k_half<<<256, 256>>>(f, d);
        CK(cudaMemcpy(h, d, 65536 * 4, cudaMemcpyDeviceToHost));
        snprintf(nm, sizeof nm, "h_%s.u32", HF[f]);
        save(dir, nm, h, 65536 * 4);
    }
    CK(cudaDeviceSynchronize());
    printf("done\n");
    return 0;
}
