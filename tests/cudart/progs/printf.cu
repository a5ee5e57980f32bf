// printf.cu — device printf: formats of every width (%d %u %x %ld %lld %f %e %g %s %c %p-free),
// one warp printing together (lane order), and launches that each print in turn, so the output
// order is fixed on any GPU.
#include "common.h"

__global__ void formats(int i, unsigned u, long long ll, float f, double d, const char *s) {
    printf("int %d, neg %d, unsigned %u, hex %x, HEX %08X\n", i, -i, u, u, u);
    printf("long long %lld, unsigned long long %llu\n", ll, (unsigned long long)ll * 3ull);
    printf("float %f, %.3f, %e, %g\n", f, f, f, f);
    printf("double %.10f, %.4e, %g\n", d, d, d);
    printf("string '%s', char '%c', width '%6d', left '%-6d|', zero '%05d'\n", s, 'Q', 42, 42, 42);
    printf("percent %% done\n");
}

__global__ void warp_lines(int launch) {
    // one warp: lanes that call printf together print in lane order
    if (threadIdx.x % 4 == 0) printf("launch %d lane %2u: %u\n", launch, threadIdx.x, threadIdx.x * threadIdx.x);
}

__global__ void block_sum(const int *v, int n) {
    __shared__ int s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    atomicAdd(&s, v[threadIdx.x % n]);
    __syncthreads();
    if (threadIdx.x == 0) printf("block %u of %u: sum %d\n", blockIdx.x, gridDim.x, s);
}

int main() {
    char *s;
    CK(cudaMallocManaged(&s, 16));
    const char text[] = "ptx sim";
    for (int i = 0; i < 8; i++) s[i] = text[i];
    formats<<<1, 1>>>(-12345, 0xdeadbeefu, -9876543210ll, 3.14159265f, 2.718281828459045, s);
    CK(cudaDeviceSynchronize());
    for (int l = 0; l < 2; l++) {
        warp_lines<<<1, 32>>>(l);
        CK(cudaDeviceSynchronize());
    }
    int *v;
    CK(cudaMallocManaged(&v, 8 * sizeof(int)));
    for (int i = 0; i < 8; i++) v[i] = i * 10 - 3;
    // one block per launch: the order of lines from different blocks of one launch is not fixed
    for (int b = 0; b < 3; b++) {
        block_sum<<<1, 64 + 32 * b>>>(v, 8);
        CK(cudaDeviceSynchronize());
    }
    CK(cudaFree(s));
    CK(cudaFree(v));
    return finish();
}
