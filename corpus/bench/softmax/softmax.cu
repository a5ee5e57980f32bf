// softmax — row softmax, one warp per row of 1024 f32: the row maximum and the sum of the
// exponentials by shfl.xor butterflies, exp(x - max) from a degree-6 polynomial for 2^f after
// range reduction (floor, exponent bits), the quotient by div.rn. Only exactly rounded
// operations, written as intrinsics so nvcc neither contracts nor reorders them: the native twin
// repeats every one in the same order and gets the same bits.
#define L 1024
__device__ __forceinline__ float exp_poly(float x) { // x <= 0
    float t = fmaxf(__fmul_rn(x, 1.44269502f), -126.0f); // x * log2(e), kept in the normal range
    float n = floorf(t);
    float f = __fsub_rn(t, n); // [0, 1)
    float p = 1.53533933e-4f;
    p = __fmaf_rn(p, f, 1.33988880e-3f);
    p = __fmaf_rn(p, f, 9.61843040e-3f);
    p = __fmaf_rn(p, f, 5.55036515e-2f);
    p = __fmaf_rn(p, f, 2.40226337e-1f);
    p = __fmaf_rn(p, f, 6.93147182e-1f);
    p = __fmaf_rn(p, f, 1.0f);
    return __fmul_rn(p, __int_as_float((__float2int_rn(n) + 127) << 23));
}
extern "C" __global__ void bench_softmax(const float *x, float *y, int rows) {
    int lane = threadIdx.x & 31;
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (row >= rows) return;
    const float *xr = x + (size_t)row * L;
    float m = xr[lane];
    for (int i = lane + 32; i < L; i += 32) m = fmaxf(m, xr[i]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float e[L / 32], s = 0.0f;
#pragma unroll
    for (int j = 0; j < L / 32; j++) {
        e[j] = exp_poly(__fsub_rn(xr[lane + 32 * j], m));
        s = __fadd_rn(s, e[j]);
    }
    for (int o = 16; o > 0; o >>= 1) s = __fadd_rn(s, __shfl_xor_sync(0xffffffffu, s, o));
    float *yr = y + (size_t)row * L;
#pragma unroll
    for (int j = 0; j < L / 32; j++) yr[lane + 32 * j] = __fdiv_rn(e[j], s);
}
