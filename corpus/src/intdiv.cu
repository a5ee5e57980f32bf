// Integer division and remainder by run-time divisors, signed and unsigned, 32 and 64 bit,
// including negative operands (C semantics: quotient truncates toward zero).
extern "C" __global__ void intdiv(const int *__restrict__ a, const int *__restrict__ b,
                                  const long long *__restrict__ a64, const long long *__restrict__ b64,
                                  int *__restrict__ o32, long long *__restrict__ o64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    long long X = a64[i], Y = b64[i];
    o32[4 * i + 0] = x / y;
    o32[4 * i + 1] = x % y;
    o32[4 * i + 2] = (int)((unsigned)x / (unsigned)y);
    o32[4 * i + 3] = (int)((unsigned)x % (unsigned)y);
    o64[4 * i + 0] = X / Y;
    o64[4 * i + 1] = X % Y;
    o64[4 * i + 2] = (long long)((unsigned long long)X / (unsigned long long)Y);
    o64[4 * i + 3] = (long long)((unsigned long long)X % (unsigned long long)Y) + x / 10 + x % 7;
}
