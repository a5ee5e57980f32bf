// Naive matrix transpose: coalesced reads, strided writes. in is H x W, out is W x H.
extern "C" __global__ void transpose_naive(const float *__restrict__ in, float *__restrict__ out,
                                           int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        out[x * h + y] = in[y * w + x];
}
