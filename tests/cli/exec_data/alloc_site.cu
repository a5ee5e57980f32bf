// alloc_site.cu — for tests/cli/exec_alloc_site.sh: findings about global memory name the
// allocation by the program's call (the lines marked "site:" are the test's oracle).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fill(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) out[i] = i; // off by one: i == n writes past the end
}

__global__ void bump(int *count) {
    if (threadIdx.x == 0) *count = *count + 1; // two blocks, no atomics: a race on global memory
}

static int *make_buffer(size_t n) {
    int *d = nullptr;
    cudaMalloc(&d, n * sizeof(int)); // site: make_buffer
    return d;
}

int main(int argc, char **argv) {
    const char *what = argc > 1 ? argv[1] : "overrun";
    if (!strcmp(what, "overrun")) {
        int n = 1000, *d = nullptr;
        cudaMalloc(&d, n * sizeof(int)); // site: overrun
        fill<<<(n + 127) / 128, 128>>>(d, n);
    } else if (!strcmp(what, "race")) {
        int *d = make_buffer(64);
        cudaMemset(d, 0, 64 * sizeof(int));
        bump<<<2, 32>>>(d + 3);
    } else if (!strcmp(what, "pitch")) {
        int *d = nullptr;
        size_t pitch = 0;
        cudaMallocPitch((void **)&d, &pitch, 100 * sizeof(int), 2); // site: pitch
        fill<<<2, 128>>>(d + pitch / sizeof(int), pitch / sizeof(int)); // the second row, one past it
    }
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
