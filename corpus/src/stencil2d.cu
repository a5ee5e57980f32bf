// 2D 5-point Jacobi step on a W x H grid with a 16x16 shared tile plus a one-cell halo.
// Boundary cells are copied unchanged.
#define B 16
extern "C" __global__ void stencil2d(const float *__restrict__ in, float *__restrict__ out,
                                     int w, int h, float c0, float c1)
{
    __shared__ float t[B + 2][B + 2];
    int x = blockIdx.x * B + threadIdx.x;
    int y = blockIdx.y * B + threadIdx.y;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    bool inside = x < w && y < h;
    t[ly][lx] = inside ? in[y * w + x] : 0.0f;
    if (threadIdx.x == 0)
        t[ly][0] = (x > 0 && y < h) ? in[y * w + x - 1] : 0.0f;
    if (threadIdx.x == B - 1)
        t[ly][B + 1] = (x + 1 < w && y < h) ? in[y * w + x + 1] : 0.0f;
    if (threadIdx.y == 0)
        t[0][lx] = (y > 0 && x < w) ? in[(y - 1) * w + x] : 0.0f;
    if (threadIdx.y == B - 1)
        t[B + 1][lx] = (y + 1 < h && x < w) ? in[(y + 1) * w + x] : 0.0f;
    __syncthreads();
    if (!inside)
        return;
    float r;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
        r = t[ly][lx];
    else
        r = c0 * t[ly][lx] + c1 * ((t[ly - 1][lx] + t[ly + 1][lx]) + (t[ly][lx - 1] + t[ly][lx + 1]));
    out[y * w + x] = r;
}
