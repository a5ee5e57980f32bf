// 1D 7-point stencil with a shared-memory halo; weights live in initialised __constant__
// memory. Out-of-range neighbours read as zero.
#define R 3
#define BS 128
__constant__ float weights[2 * R + 1] = {0.0625f, -0.25f, 0.5f, 1.375f, 0.5f, -0.25f, 0.0625f};

extern "C" __global__ void stencil1d(const float *__restrict__ in, float *__restrict__ out, int n)
{
    __shared__ float s[BS + 2 * R];
    int g = blockIdx.x * BS + threadIdx.x;
    int l = threadIdx.x + R;
    s[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < R) {
        int gl = g - R, gr = g + BS;
        s[l - R] = gl >= 0 ? in[gl] : 0.0f;
        s[l + BS] = gr < n ? in[gr] : 0.0f;
    }
    __syncthreads();
    if (g >= n)
        return;
    float acc = 0.0f;
#pragma unroll
    for (int k = -R; k <= R; k++)
        acc += weights[k + R] * s[l + k];
    out[g] = acc;
}
