// radix — one pass of an LSD radix sort, per CTA: each CTA takes a tile of 2048 u32 keys (8
// consecutive keys per thread) and stably reorders it by the 4-bit digit (key >> shift) & 15.
// Shared-memory histogram: per-thread digit counts (digit-major, cnt[d][thread]) and the CTA's
// digit totals by shared atomicAdd; scan: an exclusive prefix sum over the 4096 counts in
// digit-major order (16 serial entries per thread, then a Hillis-Steele scan of the 256 partial
// sums); scatter: each key to its stable position in the tile. Outputs the reordered tiles and
// each CTA's digit totals (what the pass's global scan would consume).
#define THREADS 256
#define ITEMS 8
#define BINS 16
extern "C" __global__ void bench_radix(const unsigned *keys, unsigned *out, unsigned *hist, int shift) {
    __shared__ unsigned cnt[BINS * THREADS];
    __shared__ unsigned part[2][THREADS];
    __shared__ unsigned total[BINS];
    int t = threadIdx.x;
    size_t base = (size_t)blockIdx.x * THREADS * ITEMS;
    unsigned k[ITEMS], d[ITEMS];
    for (int i = 0; i < ITEMS; i++) {
        k[i] = keys[base + t * ITEMS + i];
        d[i] = (k[i] >> shift) & (BINS - 1);
    }
    for (int b = 0; b < BINS; b++) cnt[b * THREADS + t] = 0;
    if (t < BINS) total[t] = 0;
    __syncthreads();
    for (int i = 0; i < ITEMS; i++) cnt[d[i] * THREADS + t]++;
    for (int i = 0; i < ITEMS; i++) atomicAdd(&total[d[i]], 1u);
    __syncthreads();
    // exclusive scan over cnt[0 .. 4095]: thread t owns entries 16t .. 16t+15
    unsigned s = 0;
    for (int j = 0; j < 16; j++) {
        unsigned v = cnt[t * 16 + j];
        cnt[t * 16 + j] = s;
        s += v;
    }
    part[0][t] = s;
    __syncthreads();
    int src = 0;
    for (int o = 1; o < THREADS; o <<= 1) {
        unsigned v = part[src][t];
        if (t >= o) v += part[src][t - o];
        part[src ^ 1][t] = v;
        src ^= 1;
        __syncthreads();
    }
    unsigned before = t ? part[src][t - 1] : 0;
    for (int j = 0; j < 16; j++) cnt[t * 16 + j] += before;
    __syncthreads();
    for (int i = 0; i < ITEMS; i++) {
        unsigned p = cnt[d[i] * THREADS + t]++;
        out[base + p] = k[i];
    }
    if (t < BINS) hist[blockIdx.x * BINS + t] = total[t];
}
