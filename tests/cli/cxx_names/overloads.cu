// overloads.cu — C++ kernels for tests/cli/cxx_names.sh: two overloads of one name and one in a
// namespace. overloads.sm_80.ptx is `nvcc -arch=sm_80 -ptx overloads.cu` (CUDA 13.0, V13.0.88).
__global__ void block_scan(const int *in, int *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = in[i] + 1;
}
__global__ void block_scan(const float *in, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = in[i] * 2.0f;
}
namespace ns { __global__ void twice(int *p) { p[threadIdx.x] *= 2; } }
