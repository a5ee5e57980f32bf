// Elementwise integer bit tricks: population count, leading zeros, bit reverse, byte permute,
// funnel shifts, plain and arithmetic shifts, find-first-set, high multiplies, sum of
// absolute difference and rotates. 16 results per element.
extern "C" __global__ void intops(const unsigned *__restrict__ a, const unsigned *__restrict__ b,
                                  unsigned *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = a[i], y = b[i];
    int sx = (int)x, sy = (int)y;
    unsigned *o = out + 16 * i;
    unsigned k = y & 31;
    o[0] = __popc(x);
    o[1] = __clz(sx);
    o[2] = __brev(x);
    o[3] = __byte_perm(x, y, y >> 16);
    o[4] = __funnelshift_l(x, y, y >> 27);
    o[5] = __funnelshift_lc(x, y, y >> 26);
    o[6] = __funnelshift_r(x, y, x);
    o[7] = x << k;
    o[8] = (unsigned)(sx >> k);
    o[9] = x >> k;
    o[10] = (unsigned)__ffs(sx);
    o[11] = (x & (x - 1u)) ^ (x ^ (x >> 1));
    o[12] = __umulhi(x, y);
    o[13] = (unsigned)__mulhi(sx, sy);
    o[14] = __sad(sx, sy, k);
    o[15] = (x << (k | 1)) | (x >> (32 - (k | 1)));
}
