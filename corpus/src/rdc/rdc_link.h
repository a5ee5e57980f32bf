// Declarations shared by corpus/src/rdc_link.cu and corpus/src/rdc/rdc_link_lib.cu.
typedef int (*binop)(int, int);
extern __device__ int lib_counter;
extern __device__ int lib_weights[8];
extern __constant__ int lib_offsets[4];
extern __device__ binop lib_ops[3];
__device__ int lib_scale(int x, int k);
__device__ int lib_uses_template(int x);
__device__ int main_hook(int x);
template <typename T> __device__ __noinline__ T twice(T x) { return x + x; }
