// Unsigned 8- and 16-bit loads and stores (ld/st .u8 .u16), signed 8/16-bit sign extension:
// RGBA8 -> gray, saturating u16 add, 16-bit byte swap and signed byte/short sums.
extern "C" __global__ void bytes_u8u16(const unsigned char *__restrict__ rgba,
                                       const unsigned short *__restrict__ a,
                                       const unsigned short *__restrict__ b,
                                       const signed char *__restrict__ sb,
                                       const short *__restrict__ ss,
                                       unsigned char *__restrict__ gray,
                                       unsigned short *__restrict__ sat, unsigned short *__restrict__ swp,
                                       short *__restrict__ sum16, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned r = rgba[4 * i], g = rgba[4 * i + 1], bl = rgba[4 * i + 2], al = rgba[4 * i + 3];
    gray[i] = (unsigned char)(((77 * r + 150 * g + 29 * bl + 128) >> 8) * al / 255);
    unsigned s = (unsigned)a[i] + b[i];
    sat[i] = (unsigned short)(s > 65535u ? 65535u : s);
    unsigned short v = a[i];
    swp[i] = (unsigned short)((v >> 8) | (v << 8));
    sum16[i] = (short)(sb[i] * 3 + ss[i] - sb[n - 1 - i]);
}
