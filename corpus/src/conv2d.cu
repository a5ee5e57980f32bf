// 2D convolution (cross-correlation) of a W x H image with a 5x5 filter that each block first
// stages in shared memory. Zero padding: taps outside the image are skipped.
#define KS 5
#define KR 2
extern "C" __global__ void conv2d(const float *__restrict__ img, const float *__restrict__ filt,
                                  float *__restrict__ out, int w, int h)
{
    __shared__ float f[KS * KS];
    int lt = threadIdx.y * blockDim.x + threadIdx.x;
    if (lt < KS * KS)
        f[lt] = filt[lt];
    __syncthreads();
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float acc = 0.0f;
    for (int ky = 0; ky < KS; ky++) {
        int yy = y + ky - KR;
        if (yy < 0 || yy >= h)
            continue;
        for (int kx = 0; kx < KS; kx++) {
            int xx = x + kx - KR;
            if (xx < 0 || xx >= w)
                continue;
            acc += img[yy * w + xx] * f[ky * KS + kx];
        }
    }
    out[y * w + x] = acc;
}
