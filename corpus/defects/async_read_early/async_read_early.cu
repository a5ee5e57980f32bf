// Planted defect (read of a cp.async destination before the wait): each thread starts an
// asynchronous copy of in[i] into s[t] (__pipeline_memcpy_async, cp.async), commits it, and then
// reads s[t] before __pipeline_wait_prior(0) (cp.async.wait_group 0) has completed the copy. On
// the GPU the read may see the old contents of s[t]. Block of 64 threads, grid of 2.
#include <cuda_pipeline.h>

extern "C" __global__ void async_read_early(const float *in, float *out) {
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    __pipeline_memcpy_async(&s[t], &in[i], sizeof(float));
    __pipeline_commit();
    float early = s[t]; // DEFECT: the copy into s[t] has not completed yet
    __pipeline_wait_prior(0);
    out[i] = early + s[t];
}
