// The device runtime's printf and assert, and __nanosleep. Thread 0 prints every conversion
// the device's printf takes (CUDA Programming Guide, "Formatted Output") with flags, widths,
// precisions and sizes, and stores what each printf returned (the number of arguments); the
// first four lanes of warp 1 print one line each (a warp's records in lane order); then every
// thread asserts that its input is not the value `bad` (a second manifest passes a value one
// thread holds: that thread's assertion fails and the launch stops with the device's message).
// corpus-archs: sm_75 sm_80 sm_90 sm_120
#include <cassert>
#include <cstdio>

extern "C" __global__ void printf_assert(const int *__restrict__ in, int *__restrict__ out, int bad)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    __nanosleep(100 + t);
    if (g == 0) {
        int k = 0;
        out[k++] = printf("printf from block %d thread %d\n", blockIdx.x, t);
        out[k++] = printf("ints: [%d] [%i] [%5d] [%-5d] [%+d] [% d] [%05d] [%.3d]\n", 42, -42, 42, 42,
                          42, 42, -42, 7);
        out[k++] = printf("unsigned: [%u] [%x] [%X] [%o] [%#x] [%#o] [%08x]\n", 4000000000u,
                          0xbeefu, 0xbeefu, 8u, 255u, 8u, 0xabcu);
        out[k++] = printf("sizes: [%hd] [%hu] [%ld] [%lld] [%llu] [%llx] [%lx]\n", (short)-3,
                          (unsigned short)65535, -1234567890123L, -9000000000000000000LL,
                          18000000000000000000ULL, 0x123456789abcdefULL, 0xfedcba9876543210UL);
        out[k++] = printf("floats: [%f] [%.2f] [%10.3f] [%-10.1f|] [%e] [%.3E] [%g] [%G] [%g]\n",
                          3.14159265, 2.5f, -1.0 / 3.0, 1e3, 12345.678, 0.000123, 1e-5, 1e20,
                          100.0);
        out[k++] = printf("special: [%f] [%f] [%e] [%g] [%a] [%A] [%.1a]\n", 1.0 / 0.0, -1.0 / 0.0,
                          0.0 / 0.0 < 1.0 ? 1.0 : -0.0, -0.0, 1.0, 0.5f, 3.0);
        out[k++] = printf("chars and strings: [%c%c%c] [%s] [%10s] [%-10s] [%.3s] [%s]\n", 'g',
                          'p', 'u', "hello", "right", "left", "truncated", (const char *)0);
        out[k++] = printf("percent: [100%%] [%5.1f%%] star width: [%*d] [%-*d]\n", 99.5, 6, 17, 4, 5);
        out[k++] = printf("no arguments\n");
        out[k++] = printf("%d%d%d%d%d%d%d%d%d%d\n", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        out[k++] = printf("");
    }
    __syncthreads();
    if (blockIdx.x == 0 && t >= 32 && t < 36)
        printf("lane %d of warp %d: %s %.1f\n", t % 32, t / 32, t & 1 ? "odd" : "even", t * 0.5);
    __syncthreads();
    int v = in[g];
    assert(v != bad);
    out[64 + g] = v * 2;
}
