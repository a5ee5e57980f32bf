// attrs.cu — prints every cudaDeviceGetAttribute value (1..160) and the fields of
// cudaGetDeviceProperties / cudaFuncGetAttributes / occupancy that ptxsim's runtime reports,
// one "name value" line each, so that the simulated device can be compared with an H200.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k_plain(float *p) { p[threadIdx.x] += 1.0f; }
__global__ void __launch_bounds__(256) k_smem(float *p) {
    __shared__ float s[1024];
    s[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
int main() {
    int v;
    for (int a = 1; a <= 160; a++) {
        cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)a, 0);
        if (e == cudaSuccess) printf("attr %d %d\n", a, v);
        else { printf("attr %d error %s\n", a, cudaGetErrorName(e)); cudaGetLastError(); }
    }
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    printf("prop name %s\n", p.name);
    printf("prop totalGlobalMem %zu\nprop sharedMemPerBlock %zu\nprop regsPerBlock %d\nprop memPitch %zu\n",
           p.totalGlobalMem, p.sharedMemPerBlock, p.regsPerBlock, p.memPitch);
    printf("prop totalConstMem %zu\nprop textureAlignment %zu\nprop texturePitchAlignment %zu\n",
           p.totalConstMem, p.textureAlignment, p.texturePitchAlignment);
    printf("prop surfaceAlignment %zu\nprop sharedMemPerMultiprocessor %zu\nprop sharedMemPerBlockOptin %zu\n",
           p.surfaceAlignment, p.sharedMemPerMultiprocessor, p.sharedMemPerBlockOptin);
    printf("prop reservedSharedMemPerBlock %zu\nprop l2CacheSize %d\nprop persistingL2CacheMaxSize %d\n",
           p.reservedSharedMemPerBlock, p.l2CacheSize, p.persistingL2CacheMaxSize);
    printf("prop luidDeviceNodeMask %u\nprop gpuDirectRDMAFlushWritesOptions %u\nprop memoryPoolSupportedHandleTypes %u\n",
           p.luidDeviceNodeMask, p.gpuDirectRDMAFlushWritesOptions, p.memoryPoolSupportedHandleTypes);
    int rv = 0, dv = 0;
    cudaRuntimeGetVersion(&rv);
    cudaDriverGetVersion(&dv);
    printf("runtime %d driver %d\n", rv, dv);
    const void *ks[2] = {(const void *)k_plain, (const void *)k_smem};
    for (int i = 0; i < 2; i++) {
        cudaFuncAttributes fa;
        cudaFuncGetAttributes(&fa, ks[i]);
        printf("func %d shared %zu const %zu local %zu maxthreads %d regs %d ptx %d bin %d cacheca %d maxdyn %d carveout %d\n",
               i, fa.sharedSizeBytes, fa.constSizeBytes, fa.localSizeBytes, fa.maxThreadsPerBlock, fa.numRegs,
               fa.ptxVersion, fa.binaryVersion, fa.cacheModeCA, fa.maxDynamicSharedSizeBytes,
               fa.preferredShmemCarveout);
        int bs[] = {32, 64, 128, 256, 512, 1024};
        for (int b : bs) {
            int n = -1;
            cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, ks[i], b, 0);
            printf("occ %d block %d -> %d (%s)\n", i, b, n, cudaGetErrorName(e));
        }
        int mg = 0, mb = 0;
        cudaOccupancyMaxPotentialBlockSize(&mg, &mb, ks[i], 0, 0);
        printf("potential %d grid %d block %d\n", i, mg, mb);
    }
    return 0;
}
