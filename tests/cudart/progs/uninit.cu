// uninit.cu — a register read before it was written, whose value reaches the output: threads past
// n store a local that only threads below n assign. The host checks the first n outputs only, so a
// GPU run prints PASS; the store of the never-assigned value is still undefined behaviour, which
// `ptxsim exec --check` must report (kind uninitialized) with kernel, thread and line. The rest of
// the kernel is the partial-tile pattern of CUB and Thrust, which must stay clean: a value read
// only under the same condition, and a reduction over a tile whose invalid items are discarded.
#include <vector>
#include "common.h"

__global__ void scale(const int *in, int *out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v;
    if (t < n) v = in[t] * 3;
    out[t] = v; // the bug: threads t >= n store v, never assigned (out is padded: in bounds)
}

// Sum of a partial tile: items past n are never loaded, the warp reduction adds them in, and
// only the lanes whose partial sums hold no invalid item publish theirs (as CUB's guarded
// reductions do): every undefined value is discarded.
__global__ void tile_sum(const int *in, int *out, int n) {
    int t = threadIdx.x;
    int item;
    if (t < n) item = in[t];
    int sum = item;
    for (int d = 1; d < 32; d *= 2) {
        int other = __shfl_down_sync(0xffffffffu, sum, d);
        if (t + d < n && (t & (2 * d - 1)) == 0) sum += other;
    }
    if (t == 0) out[0] = sum;
}

int main() {
    const int n = 100, padded = 128;
    std::vector<int> h(n), back(padded);
    for (int i = 0; i < n; i++) h[i] = i * 7 - 3;
    int *in, *out;
    CK(cudaMalloc(&in, padded * sizeof(int)));
    CK(cudaMalloc(&out, padded * sizeof(int)));
    CK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    scale<<<1, padded>>>(in, out, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(back.data(), out, padded * sizeof(int), cudaMemcpyDeviceToHost));
    for (int t = 0; t < n; t++) EXPECT(back[t] == h[t] * 3, "out[%d] = %d, expected %d", t, back[t], h[t] * 3);
    const int m = 21;
    tile_sum<<<1, 32>>>(in, out, m);
    CK(cudaGetLastError());
    int sum = 0, want = 0;
    CK(cudaMemcpy(&sum, out, sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < m; i++) want += h[i];
    EXPECT(sum == want, "tile sum %d, expected %d", sum, want);
    std::printf("scale: out[0] = %d, out[%d] = %d; tile_sum of %d items = %d\n", back[0], n - 1,
                back[n - 1], m, sum);
    CK(cudaFree(in));
    CK(cudaFree(out));
    return finish();
}
