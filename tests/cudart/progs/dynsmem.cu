// dynsmem.cu — dynamic shared memory: an extern __shared__ array sized at launch, and 100 KiB of it
// after cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize); a launch asking for
// more than 48 KiB without the attribute must fail with cudaErrorInvalidValue.
#include <vector>
#include "common.h"

// Reverses each block's chunk through shared memory (words per block = dynamic bytes / 4).
__global__ void reverse_chunks(const unsigned *in, unsigned *out) {
    extern __shared__ unsigned buf[];
    unsigned words = 0;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(words));
    words /= 4;
    const unsigned *src = in + (size_t)blockIdx.x * words;
    for (unsigned i = threadIdx.x; i < words; i += blockDim.x) buf[i] = src[i];
    __syncthreads();
    unsigned *dst = out + (size_t)blockIdx.x * words;
    for (unsigned i = threadIdx.x; i < words; i += blockDim.x) dst[i] = buf[words - 1 - i] ^ i;
}

static int run(size_t bytes, int blocks, const char *what) {
    size_t words = bytes / 4, n = words * blocks;
    std::vector<unsigned> h(n), back(n);
    for (size_t i = 0; i < n; i++) h[i] = xs32((unsigned)i + 99);
    unsigned *in, *out;
    CK(cudaMalloc(&in, n * 4));
    CK(cudaMalloc(&out, n * 4));
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    reverse_chunks<<<blocks, 256, bytes>>>(in, out);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        std::printf("%s: launch error %s\n", what, cudaGetErrorName(e));
        return -1;
    }
    CK(cudaMemcpy(back.data(), out, n * 4, cudaMemcpyDeviceToHost));
    unsigned x = 0;
    for (int b = 0; b < blocks; b++)
        for (size_t i = 0; i < words; i++) {
            unsigned want = h[b * words + words - 1 - i] ^ (unsigned)i;
            EXPECT(back[b * words + i] == want, "%s: block %d word %zu", what, b, i);
            x ^= back[b * words + i];
        }
    std::printf("%s: %zu bytes x %d blocks, xor %08x\n", what, bytes, blocks, x);
    CK(cudaFree(in));
    CK(cudaFree(out));
    return 0;
}

int main() {
    run(4096, 8, "4 KiB");
    run(48 * 1024, 3, "48 KiB");
    // over 48 KiB without opting in: the launch fails
    int r = run(100 * 1024, 2, "100 KiB before opt-in");
    EXPECT(r == -1, "a 100 KiB launch without the attribute succeeded");
    CK(cudaFuncSetAttribute(reverse_chunks, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, reverse_chunks));
    EXPECT(fa.maxDynamicSharedSizeBytes == 100 * 1024, "maxDynamicSharedSizeBytes %d", fa.maxDynamicSharedSizeBytes);
    EXPECT(fa.sharedSizeBytes == 0, "static shared %zu", fa.sharedSizeBytes);
    r = run(100 * 1024, 2, "100 KiB after opt-in");
    EXPECT(r == 0, "the 100 KiB launch failed after opt-in");
    return finish();
}
