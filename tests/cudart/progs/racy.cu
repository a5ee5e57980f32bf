// racy.cu — a shared-memory race that a GPU run does not show: after the barrier, warp 0 stores
// into the slots of warp 1 (the very values warp 1 stored there before it) while warp 1 reads them
// with no __syncthreads() in between. Whichever access comes first, the reads see the same value,
// so the output is right on an H200 and PASS is printed; the unordered write/read pair between two
// warps is still a data race, which `ptxsim exec --check` must report with kernel, thread and line.
#include <vector>
#include "common.h"

__global__ void rotate(const int *in, int *out) {
    __shared__ int s[64];
    int t = threadIdx.x, base = blockIdx.x * 64;
    s[t] = in[base + t] * 2;
    __syncthreads();
    if (t < 32) s[t + 32] = in[base + t + 32] * 2; // the bug: a second store, no barrier after it
    out[base + t] = s[(t + 1) % 64];
}

int main() {
    const int blocks = 4, n = blocks * 64;
    std::vector<int> h(n), back(n);
    for (int i = 0; i < n; i++) h[i] = i * 3 + 1;
    int *in, *out;
    CK(cudaMalloc(&in, n * sizeof(int)));
    CK(cudaMalloc(&out, n * sizeof(int)));
    CK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    rotate<<<blocks, 64>>>(in, out);
    CK(cudaGetLastError());
    CK(cudaMemcpy(back.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < 64; t++) {
            int want = h[b * 64 + (t + 1) % 64] * 2;
            EXPECT(back[b * 64 + t] == want, "out[%d] = %d, expected %d", b * 64 + t, back[b * 64 + t], want);
        }
    std::printf("rotate: out[0] = %d, out[%d] = %d\n", back[0], n - 1, back[n - 1]);
    CK(cudaFree(in));
    CK(cudaFree(out));
    return finish();
}
