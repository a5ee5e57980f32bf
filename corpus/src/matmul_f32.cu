// Tiled f32 matrix multiply with 16x16 shared-memory tiles: C[M x N] = A[M x K] * B[K x N].
// Dimensions are multiples of the tile. The inner product compiles to an fma.rn.f32 chain.
#define T 16
extern "C" __global__ void matmul_f32(const float *__restrict__ A, const float *__restrict__ B,
                                      float *__restrict__ C, int M, int N, int K)
{
    __shared__ float As[T][T];
    __shared__ float Bs[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty;
    int col = blockIdx.x * T + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        As[ty][tx] = A[row * K + k0 + tx];
        Bs[ty][tx] = B[(k0 + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T; k++)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = sum;
}
