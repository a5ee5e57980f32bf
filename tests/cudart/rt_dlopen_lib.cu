// rt_dlopen_lib.cu — a shared library with a kernel, for rt_dlopen.cpp.
__global__ void lib_kernel(int *p, int v) { *p = v; }
extern "C" int rt_dlopen_run(int v) {
    int *d, h = 0;
    if (cudaMalloc(&d, sizeof h) != cudaSuccess) return -1;
    lib_kernel<<<1, 1>>>(d, v);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    return h;
}
