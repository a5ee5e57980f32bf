// nvcc_kernels.cu — plain CUDA C whose PTX leaves contractions to ptxas (lab/ptxas_fma/README.md):
// nvcc -O3 -arch=sm_90 -ptx keeps some a*b+c as mul.f32 + add.f32 and some divisions as
// div.full.f32 + add.f32. Each kernel reads the probes' f32 rows (a, b, c, d) and writes two floats,
// like gen_probes.py's kernels, so run_probes.cu runs them on the H200 and on ptxsim.
#include <cuda_runtime.h>

__device__ __forceinline__ float frac01(float x) { x = fabsf(x); return x - floorf(x); }

// cumulative normal distribution, the polynomial approximation of the CUDA samples' BlackScholes
__device__ float cnd(float d) {
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f,
                A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267793994605993438f;
    float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = RSQRT2PI * expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    return d > 0 ? 1.0f - c : c;
}

extern "C" __global__ void nv_black_scholes(const float4 *in, float2 *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = in[i];
    float S = 5.0f + 25.0f * frac01(v.x), X = 1.0f + 99.0f * frac01(v.y), T = 0.25f + 9.75f * frac01(v.z);
    float R = 0.02f, V = 0.30f;
    float sqrtT = sqrtf(T);
    float d1 = (logf(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float expRT = expf(-R * T);
    float call = S * cnd(d1) - X * expRT * cnd(d2);
    float put = X * expRT * (1.0f - cnd(d2)) - S * (1.0f - cnd(d1));
    out[i] = make_float2(call, put);
}

// layernorm-like statistics over a row of 4: var / N + eps with a fast division (div.full)
extern "C" __global__ void nv_norm_stats(const float4 *in, float2 *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = in[i];
    float m = (v.x + v.y + v.z + v.w) * 0.25f;
    float dx = v.x - m, dy = v.y - m, dz = v.z - m, dw = v.w - m;
    float var = dx * dx + dy * dy + dz * dz + dw * dw;
    float r = __fdividef(var, 4.0f + frac01(v.w)) + 1e-5f;
    out[i] = make_float2(r, rsqrtf(r) * dx);
}

// x / y + z with the fast division, and a product used twice
extern "C" __global__ void nv_div_add(const float4 *in, float2 *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 v = in[i];
    float q = __fdividef(v.x, v.y) + v.z;
    float p = v.x * v.w;
    out[i] = make_float2(q, p + v.z - p * v.y);
}
