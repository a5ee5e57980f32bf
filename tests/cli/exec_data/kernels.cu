// kernels.cu — device code for the `ptxsim exec` tests (tests/cli/exec_*.sh). kernels.ptx is
// its PTX: nvcc -arch=sm_90 -lineinfo -ptx kernels.cu (CUDA 13), run in this folder.

// Thread t writes s[t] and reads s[t - 1] with no barrier between: across the warp boundary
// (thread 32 reads what thread 31 wrote) that is a shared-memory race.
__global__ void block_scan(const int *in, int *out, int n) {
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    int left = t > 0 ? s[t - 1] : 0;
    if (t < n) out[t] = left + s[t];
}

// No bounds check: launched with more threads than `out` has elements, it writes past the end.
__global__ void fill(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = i * n;
}

// Correct: every thread copies one element it owns.
__global__ void copy(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] + 1;
}

// Names for the demangler (tests/cli/exec_demangle.sh): a namespace, templates, a struct.
namespace ops {
struct Pair {
    int a, b;
};
template <typename T, int K>
__global__ void scale(const T *in, T *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * K;
}
template __global__ void scale<int, 3>(const int *, int *, int);
template __global__ void scale<unsigned, 2>(const unsigned *, unsigned *, int);
__global__ void swap_pairs(const Pair *in, Pair *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) out[i] = Pair{in[i].b, in[i].a};
}
} // namespace ops
