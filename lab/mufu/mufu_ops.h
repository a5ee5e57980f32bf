/* mufu_ops.h — the approximate PTX instructions probed on the H200, one id each (shared by
 * mufu_dump.cu and mufu_check.cu). Each f32 op maps a u32 bit pattern to a u32 result; the f64
 * ops map the input's upper word (lower word: given) to the 64-bit result. */
#pragma once
// clang-format off
#define MUFU_F32_OPS(X)                                   \
    X(0, rcp_ftz, "rcp.approx.ftz.f32")                   \
    X(1, rcp, "rcp.approx.f32")                           \
    X(2, ex2_ftz, "ex2.approx.ftz.f32")                   \
    X(3, ex2, "ex2.approx.f32")                           \
    X(4, rsqrt_ftz, "rsqrt.approx.ftz.f32")               \
    X(5, rsqrt, "rsqrt.approx.f32")                       \
    X(6, sqrt_ftz, "sqrt.approx.ftz.f32")                 \
    X(7, sqrt, "sqrt.approx.f32")                         \
    X(8, lg2_ftz, "lg2.approx.ftz.f32")                   \
    X(9, lg2, "lg2.approx.f32")                           \
    X(10, sin_ftz, "sin.approx.ftz.f32")                  \
    X(11, sin, "sin.approx.f32")                          \
    X(12, cos_ftz, "cos.approx.ftz.f32")                  \
    X(13, cos, "cos.approx.f32")                          \
    X(14, tanh, "tanh.approx.f32")
// clang-format on
#define MUFU_NF32 15
// clang-format off
#define MUFU_F64_OPS(X)                                   \
    X(0, rcp64_ftz, "rcp.approx.ftz.f64")                 \
    X(1, rsqrt64_ftz, "rsqrt.approx.ftz.f64")             \
    X(2, rsqrt64, "rsqrt.approx.f64")
// clang-format on
#define MUFU_NF64 3
// clang-format off
#define MUFU_DIV_OPS(X)                                   \
    X(0, div_approx_ftz, "div.approx.ftz.f32")            \
    X(1, div_approx, "div.approx.f32")                    \
    X(2, div_full_ftz, "div.full.ftz.f32")                \
    X(3, div_full, "div.full.f32")
// clang-format on
#define MUFU_NDIV 4

/* The sample inputs: a fixed 64-bit mixer, so that probe and test agree without a data file. */
#ifdef __CUDACC__
__host__ __device__
#endif
static inline unsigned long long mufu_mix(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
