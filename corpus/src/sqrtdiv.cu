// IEEE square root, division and reciprocal (compiled without fast-math: sqrt.rn, div.rn,
// rcp.rn), directed-rounding intrinsics (__fsqrt_rz/ru/rd, __fdiv_rz/ru/rd, __frcp_rd) and the
// f64 equivalents. Inputs include subnormals, +-0, +-inf, NaN and negative numbers.
extern "C" __global__ void sqrtdiv(const float *__restrict__ a, const float *__restrict__ b,
                                   const double *__restrict__ da, const double *__restrict__ db,
                                   float *__restrict__ of, double *__restrict__ od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    double u = da[i], v = db[i];
    float *o = of + 10 * i;
    o[0] = sqrtf(x);
    o[1] = x / y;
    o[2] = 1.0f / y;
    o[3] = __fsqrt_rz(x);
    o[4] = __fsqrt_ru(x);
    o[5] = __fsqrt_rd(x);
    o[6] = __fdiv_rz(x, y);
    o[7] = __fdiv_ru(x, y);
    o[8] = __fdiv_rd(x, y);
    o[9] = __frcp_rd(y);
    double *p = od + 5 * i;
    p[0] = sqrt(u);
    p[1] = u / v;
    p[2] = 1.0 / v;
    p[3] = __dsqrt_ru(u);
    p[4] = __ddiv_rz(u, v);
}
