// scan3.cu — an inclusive scan of 256 u32 in three launches (the source of scan3.ptx):
// per-block scans with their totals, a scan of the totals, then each block's offset added.
extern "C" __global__ void block_scan(unsigned *data, unsigned *sums) {
    __shared__ unsigned s[64];
    unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    s[t] = data[i];
    __syncthreads();
    for (unsigned d = 1; d < 64; d *= 2) {
        unsigned v = t >= d ? s[t - d] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    data[i] = s[t];
    if (t == 63) sums[blockIdx.x] = s[t];
}

extern "C" __global__ void scan_sums(unsigned *sums, unsigned n) {
    if (threadIdx.x == 0)
        for (unsigned k = 1; k < n; k++) sums[k] += sums[k - 1];
}

extern "C" __global__ void add_offsets(unsigned *data, const unsigned *sums) {
    if (blockIdx.x > 0) data[blockIdx.x * 64 + threadIdx.x] += sums[blockIdx.x - 1];
}
