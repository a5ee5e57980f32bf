// mufu_tanh.cu — H200 probe of tanh.approx.f32 (MUFU.TANH): tests the hypothesis that
// y(-x) = -y(x) and, for |x| = a: a < 2^-8: y = x; 2^-8 <= a < 1: y = T[bits(a) >> 4] (19-bit
// mantissa); 1 <= a < 16: y = U[floor(a 2^20) - 2^20] (a truncated to 20 fraction bits);
// a >= 16: y = 1. Dumps T[k] = tanh.approx(k << 4) for every k < 0x41800000 >> 4 and U[j] =
// tanh.approx((2^20 + j) 2^-20), j < 15 2^20.
//   mufu_tanh DIR  -> prints the violations (per biased exponent; the first run of 2026-11-29
//                     tested T alone, "version 1"); writes DIR/tanh_t.u32, DIR/tanh_u.u32: the
//                     tables as second differences mod 2^32
// Build: nvcc -O2 -arch=sm_90 mufu_tanh.cu -o mufu_tanh
#include <cstdio>
#include <cstdlib>
typedef unsigned int u32;
typedef unsigned long long u64;
#define CK(x) do { cudaError_t e_ = (x); if (e_) { printf("CUDA %s line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
#define NT (0x41800000u >> 4)
#define NU (15u << 20)
__device__ u32 th(u32 xb)
{
    float x = __uint_as_float(xb), y;
    asm volatile("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    return __float_as_uint(y);
}
__global__ void k_fill(u32 *T)
{
    u32 k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < NT) T[k] = th(k << 4);
}
__global__ void k_fill_u(u32 *U)
{
    u32 j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < NU) U[j] = th(__float_as_uint((float)((1u << 20) + j) * 0x1p-20f));
}
__global__ void k_verify(u64 base, const u32 *T, const u32 *U, unsigned long long *bad_e, unsigned long long *sat_bad, u32 *ex)
{
    u32 xb = (u32)(base + blockIdx.x * blockDim.x + threadIdx.x);
    u32 a = xb & 0x7fffffffu;
    if (a > 0x7f800000u) return;
    u32 y = th(xb), s = xb & 0x80000000u;
    if (a < 0x41800000u) {
        u32 want = a < 0x3b800000u ? a : a < 0x3f800000u ? T[a >> 4] : U[(u32)(__uint_as_float(a) * 0x1p20f) - (1u << 20)];
        if (y != (want ^ s)) {
            atomicAdd(&bad_e[a >> 23], 1ull);
            u32 slot = atomicAdd(&ex[0], 1u);
            if (slot < 8) { ex[1 + 2 * slot] = xb; ex[2 + 2 * slot] = y; }
        }
    } else if (y != (0x3f800000u | s))
        atomicAdd(sat_bad, 1ull);
}
int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    u32 *T, *U, *ex;
    CK(cudaMalloc(&U, (size_t)NU * 4));
    unsigned long long *bad_e, *sat_bad;
    CK(cudaMalloc(&T, (size_t)NT * 4));
    CK(cudaMalloc(&bad_e, 256 * 8));
    CK(cudaMalloc(&sat_bad, 8));
    CK(cudaMalloc(&ex, 17 * 4));
    CK(cudaMemset(bad_e, 0, 256 * 8));
    CK(cudaMemset(sat_bad, 0, 8));
    CK(cudaMemset(ex, 0, 17 * 4));
    k_fill<<<(NT + 255) / 256, 256>>>(T);
    k_fill_u<<<(NU + 255) / 256, 256>>>(U);
    for (u64 b = 0; b < (1ull << 32); b += 1u << 30) k_verify<<<(1u << 30) / 256, 256>>>(b, T, U, bad_e, sat_bad, ex);
    CK(cudaDeviceSynchronize());
    unsigned long long he[256], hs;
    u32 hx[17];
    CK(cudaMemcpy(he, bad_e, sizeof he, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&hs, sat_bad, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hx, ex, sizeof hx, cudaMemcpyDeviceToHost));
    unsigned long long tot = 0;
    for (int e = 0; e < 256; e++)
        if (he[e]) { printf("tanh: biased exponent %d: %llu inputs not explained by T\n", e, he[e]); tot += he[e]; }
    printf("tanh: %llu inputs not explained by x / T / U (sign-symmetric); |x| >= 16 not +-1: %llu\n", tot, hs);
    for (u32 i = 0; i < hx[0] && i < 8; i++) printf("    x=%08x gpu=%08x\n", hx[1 + 2 * i], hx[2 + 2 * i]);
    const char *nm[2] = {"tanh_t", "tanh_u"};
    const u32 *src[2] = {T, U};
    const u32 cnt[2] = {NT, NU};
    for (int k = 0; k < 2; k++) {
        u32 n = cnt[k], *h = (u32 *)malloc((size_t)n * 4);
        CK(cudaMemcpy(h, src[k], (size_t)n * 4, cudaMemcpyDeviceToHost));
        for (u32 i = n - 1; i >= 2; i--) h[i] = h[i] - 2 * h[i - 1] + h[i - 2];
        h[1] -= 2 * h[0];
        char path[512];
        snprintf(path, sizeof path, "%s/%s.u32", dir, nm[k]);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(h, 4, n, f) != n) { printf("write failed\n"); return 1; }
        fclose(f);
        free(h);
    }
    return 0;
}
