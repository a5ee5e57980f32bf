// Type conversions with every rounding mode: f32 -> s32/u32/s64 (cvt.rn/rz/rm/rp.*.f32),
// s32/u32/s64 -> f32 with directed rounding, f64 <-> s32/f32, f32 -> f16 -> f32, and
// __saturatef. Inputs include NaN, +-inf, -0, ties, subnormals and out-of-range values.
#include <cuda_fp16.h>
extern "C" __global__ void convert(const float *__restrict__ f, const double *__restrict__ d,
                                   const int *__restrict__ k, const long long *__restrict__ k64,
                                   int *__restrict__ oi, long long *__restrict__ ol,
                                   float *__restrict__ of, double *__restrict__ od,
                                   unsigned short *__restrict__ oh, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = f[i];
    double y = d[i];
    int z = k[i];
    long long w = k64[i];
    int *pi = oi + 10 * i;
    pi[0] = __float2int_rn(x);
    pi[1] = __float2int_rz(x);
    pi[2] = __float2int_rd(x);
    pi[3] = __float2int_ru(x);
    pi[4] = (int)__float2uint_rn(x);
    pi[5] = (int)__float2uint_rz(x);
    pi[6] = __double2int_rn(y);
    pi[7] = __double2int_rz(y);
    pi[8] = (int)__double2uint_rd(y);
    pi[9] = __double2int_ru(y);
    long long *pl = ol + 3 * i;
    pl[0] = __float2ll_rn(x);
    pl[1] = __float2ll_rz(x);
    pl[2] = (long long)__double2ull_rz(y);
    float *pf = of + 12 * i;
    pf[0] = __int2float_rn(z);
    pf[1] = __int2float_rz(z);
    pf[2] = __int2float_rd(z);
    pf[3] = __int2float_ru(z);
    pf[4] = __uint2float_rn((unsigned)z);
    pf[5] = __ll2float_rn(w);
    pf[6] = __ull2float_rz((unsigned long long)w);
    pf[7] = __double2float_rn(y);
    pf[8] = __double2float_rz(y);
    pf[9] = __double2float_rd(y);
    pf[10] = __double2float_ru(y);
    pf[11] = __saturatef(x);
    double *pd = od + 4 * i;
    pd[0] = (double)x;
    pd[1] = (double)z;
    pd[2] = __ll2double_rn(w);
    pd[3] = __ull2double_rd((unsigned long long)w);
    __half h = __float2half_rn(x);
    oh[2 * i] = __half_as_ushort(h);
    oh[2 * i + 1] = __half_as_ushort(__float2half_rn(__half2float(h) * 3.0f));
}
