// Select/ternary-heavy code (selp, slct, min/max, predicated moves): clamps, sign functions,
// three-way compares, median of three, and float selects driven by integer signs.
extern "C" __global__ void select_ops(const int *__restrict__ a, const int *__restrict__ b,
                                      const float *__restrict__ f, const float *__restrict__ g,
                                      int *__restrict__ oi, float *__restrict__ of, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    float p = f[i], q = g[i];
    int *o = oi + 8 * i;
    o[0] = x > y ? x : y;
    o[1] = x < 0 ? (int)(0u - (unsigned)x) : x;
    o[2] = x == y ? 0 : (x < y ? -1 : 1);
    o[3] = x < -100 ? -100 : (x > 100 ? 100 : x);
    int lo = x < y ? x : y, hi = x < y ? y : x;
    int c = y ^ x;
    o[4] = c < lo ? lo : (c > hi ? hi : c);
    o[5] = (unsigned)x > (unsigned)y ? (x & 0xff) : (y | 0x100);
    o[6] = (x & 1) ? ((y & 2) ? 3 : 5) : ((y & 4) ? 7 : 11);
    o[7] = (x > 0) + (y > 0) * 2 + (x > y) * 4;
    float *r = of + 4 * i;
    r[0] = x >= 0 ? p : q;
    r[1] = p > q ? p : q;
    r[2] = (x & 3) == 0 ? 0.0f : ((x & 3) == 1 ? p : ((x & 3) == 2 ? q : -1.5f));
    r[3] = p < q ? q : p;
}
