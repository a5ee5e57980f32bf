// rt_printf.cu — device printf reaches the program's stdout, in order with the host's output.
#include <cstdio>

__global__ void hello(int base) {
    if (threadIdx.x < 3) printf("block %d thread %d value %d\n", blockIdx.x, threadIdx.x, base + threadIdx.x);
}

int main() {
    printf("before\n");
    fflush(stdout);
    hello<<<2, 32>>>(40);
    cudaDeviceSynchronize();
    printf("after\n");
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
