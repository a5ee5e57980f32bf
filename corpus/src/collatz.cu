// Collatz steps per thread: heavily divergent data-dependent loops (capped at 500 steps).
extern "C" __global__ void collatz(const unsigned *__restrict__ start, unsigned *__restrict__ steps,
                                   unsigned *__restrict__ peak, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned long long x = start[i];
    unsigned s = 0;
    unsigned long long m = x;
    while (x > 1 && s < 500) {
        if (x & 1)
            x = 3 * x + 1;
        else
            x >>= 1;
        m = x > m ? x : m;
        s++;
    }
    steps[i] = s;
    peak[i] = (unsigned)(m >> 4);
}
