// Naive integer matrix multiply: a 32-bit wrapping product (mad.lo) and an exact 64-bit
// accumulation of widened products (mul.wide.s32).
extern "C" __global__ void matmul_int(const int *__restrict__ A, const int *__restrict__ B,
                                      unsigned *__restrict__ C32, long long *__restrict__ C64,
                                      int M, int N, int K)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N)
        return;
    unsigned s32 = 0;
    long long s64 = 0;
    for (int k = 0; k < K; k++) {
        int a = A[row * K + k], b = B[k * N + col];
        s32 += (unsigned)a * (unsigned)b;
        s64 += (long long)a * b;
    }
    C32[row * N + col] = s32;
    C64[row * N + col] = s64;
}
