// fminf/fmaxf (min.f32/max.f32), fabsf, copysignf and their f64 counterparts over NaN, +-inf,
// +-0, subnormal and ordinary inputs: all pairs of a table of special values plus random pairs.
extern "C" __global__ void fminmax(const float *__restrict__ a, const float *__restrict__ b,
                                   const double *__restrict__ da, const double *__restrict__ db,
                                   float *__restrict__ of, double *__restrict__ od, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    double u = da[i], v = db[i];
    float *o = of + 5 * i;
    o[0] = fminf(x, y);
    o[1] = fmaxf(x, y);
    o[2] = fabsf(y);
    o[3] = copysignf(x, y);
    o[4] = fmaxf(fminf(x, 1.0f), -1.0f);
    double *p = od + 3 * i;
    p[0] = fmin(u, v);
    p[1] = fmax(u, v);
    p[2] = copysign(fabs(u), v);
}
