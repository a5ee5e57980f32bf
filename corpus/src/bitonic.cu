// Bitonic sort of 512 ints per block in shared memory (256 threads, one comparator each).
#define N 512
extern "C" __global__ void bitonic_sort(int *data)
{
    __shared__ int s[N];
    int t = threadIdx.x;
    int *d = data + blockIdx.x * N;
    s[t] = d[t];
    s[t + N / 2] = d[t + N / 2];
    __syncthreads();
    for (unsigned k = 2; k <= N; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned i = 2 * t - (t & (j - 1));
            unsigned p = i + j;
            bool up = (i & k) == 0;
            int a = s[i], b = s[p];
            if ((a > b) == up) {
                s[i] = b;
                s[p] = a;
            }
            __syncthreads();
        }
    }
    d[t] = s[t];
    d[t + N / 2] = s[t + N / 2];
}
