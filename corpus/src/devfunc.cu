// Calls to __noinline__ device functions: one returning a small struct, one returning a
// larger mixed struct, one with many parameters of mixed types, and a recursive one.
struct DivMod {
    int q;
    int r;
};

struct Summary {
    int lo;
    int hi;
    long long prod;
    unsigned char parity;
};

__device__ __noinline__ DivMod floor_divmod(int a, int b)
{
    DivMod d;
    d.q = a / b;
    d.r = a % b;
    if (d.r != 0 && ((d.r < 0) != (b < 0))) {
        d.q -= 1;
        d.r += b;
    }
    return d;
}

__device__ __noinline__ Summary summarize(int a, int b, int c)
{
    Summary s;
    s.lo = min(a, min(b, c));
    s.hi = max(a, max(b, c));
    s.prod = (long long)a * b + c;
    s.parity = (unsigned char)((a ^ b ^ c) & 1);
    return s;
}

__device__ __noinline__ long long mix(int a, int b, int c, int d, int e, int f, int g, int h,
                                      unsigned char u, short s, long long w, float x, double y)
{
    long long r = a;
    r = r * 3 + b;
    r = r * 3 + c;
    r = r * 3 + d;
    r = r * 3 + e;
    r = r * 3 + f;
    r = r * 3 + g;
    r = r * 3 + h;
    r ^= (long long)u << 40;
    r += s;
    r -= w;
    r += (long long)x;
    r += (long long)y;
    return r;
}

__device__ __noinline__ unsigned fib(unsigned n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

extern "C" __global__ void devfunc(const int *__restrict__ in, long long *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
    long long *o = out + 8 * i;
    DivMod dm = floor_divmod(a, b);
    o[0] = dm.q;
    o[1] = dm.r;
    Summary s = summarize(a, b, c);
    o[2] = s.lo;
    o[3] = s.hi;
    o[4] = s.prod;
    o[5] = s.parity;
    o[6] = mix(a, b, c, a + 1, b - 1, c ^ 5, i, -i, (unsigned char)a, (short)b, (long long)c << 7,
               (float)(a & 0xffff) * 0.5f, (double)b * 0.25);
    o[7] = fib((unsigned)(a & 7) + 3u);
}
