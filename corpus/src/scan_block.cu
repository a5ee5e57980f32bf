// Block-wide prefix sums of 256 ints: Hillis-Steele inclusive scan (double-buffered) and a
// Blelloch work-efficient exclusive scan, both in shared memory.
#define N 256
extern "C" __global__ void scan_block(const int *__restrict__ in, int *__restrict__ incl,
                                      int *__restrict__ excl)
{
    __shared__ int buf[2][N];
    __shared__ int tree[N];
    int t = threadIdx.x;
    int base = blockIdx.x * N;
    int x = in[base + t];
    buf[0][t] = x;
    tree[t] = x;
    __syncthreads();
    int src = 0;
    for (int off = 1; off < N; off <<= 1) {
        int v = buf[src][t];
        if (t >= off)
            v += buf[src][t - off];
        buf[src ^ 1][t] = v;
        src ^= 1;
        __syncthreads();
    }
    incl[base + t] = buf[src][t];

    // Blelloch: up-sweep
    for (int d = 1; d < N; d <<= 1) {
        int idx = (t + 1) * 2 * d - 1;
        if (idx < N)
            tree[idx] += tree[idx - d];
        __syncthreads();
    }
    if (t == 0)
        tree[N - 1] = 0;
    __syncthreads();
    // down-sweep
    for (int d = N / 2; d >= 1; d >>= 1) {
        int idx = (t + 1) * 2 * d - 1;
        if (idx < N) {
            int l = tree[idx - d];
            tree[idx - d] = tree[idx];
            tree[idx] += l;
        }
        __syncthreads();
    }
    excl[base + t] = tree[t];
}
