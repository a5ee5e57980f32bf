// 64-bit integer arithmetic: high multiplies (mul.hi.u64/s64), widening 32x32->64 multiplies
// (mul.wide), variable 64-bit shifts, bit counting, rotates and 64-bit compares.
extern "C" __global__ void int64ops(const unsigned long long *__restrict__ a,
                                    const unsigned long long *__restrict__ b,
                                    unsigned long long *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned long long x = a[i], y = b[i];
    long long sx = (long long)x, sy = (long long)y;
    unsigned k = (unsigned)y & 63;
    unsigned long long *o = out + 12 * i;
    o[0] = __umul64hi(x, y);
    o[1] = (unsigned long long)__mul64hi(sx, sy);
    o[2] = (unsigned long long)((long long)(int)x * (int)(x >> 32));
    o[3] = (unsigned long long)(unsigned)x * (unsigned)(y >> 32);
    o[4] = x * y + (x >> k);
    o[5] = (unsigned long long)(sx >> k) ^ (x << k);
    o[6] = (unsigned long long)__popcll(x) | ((unsigned long long)__clzll(sy) << 8) |
           ((unsigned long long)__ffsll(sx) << 16);
    o[7] = __brevll(x);
    o[8] = (x << (k | 1)) | (x >> (64 - (k | 1)));
    o[9] = (sx < sy ? 1ull : 0ull) | (x < y ? 2ull : 0ull) | (x == y ? 4ull : 0ull);
    o[10] = x / 1000000007ull + (unsigned long long)(sx / 10);
    o[11] = (unsigned long long)max(sx, sy) - min(x, y);
}
