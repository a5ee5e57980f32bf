// Probe (lab/nvcc_features/README.md): what the device printf does outside the Programming
// Guide's list and at its edges. ptxsim's answers are in docs/engine.md ("Device runtime"); the
// GPU's stdout for this kernel is the truth to compare with. out[i]: printf's return values.
#include <cstdio>

extern "C" __global__ void printf_probe(int *out, const int *ptr)
{
    int t = threadIdx.x, k = 0;
    if (t == 0) {
        out[k++] = printf("1 hh: [%hhd] [%hhu] [%hhx]\n", 300, 300, -1);
        out[k++] = printf("2 F: [%F] [%F]\n", 1.5, 1.0 / 0.0);
        out[k++] = printf("3 star precision: [%.*f] [%*.*s]\n", 2, 3.14159, 6, 2, "abcdef");
        out[k++] = printf("4 pointers: [%p] [%p]\n", (void *)0, (const void *)ptr);
        out[k++] = printf("5 z j t L: [%zu] [%jd] [%td] [%Lf]\n", (size_t)7, (long long)-8, (long long)9, 1.25);
        out[k++] = printf("6 unknown: [%y] [%5%] [%k]\n", 1, 2);
        out[k++] = printf("7 trailing percent: %");
        out[k++] = printf("\n8 long string: [%s]\n", "0123456789012345678901234567890123456789012345678901234567890123456789");
        out[k++] = printf("9 many: %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
                          1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
                          24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34);
        out[k++] = printf((const char *)0);
        out[k++] = printf("11 float arg to %%d: [%d] [%f]\n", 2.5, 3);
    }
    __syncwarp();
    /* lane order of one warp's records: every lane prints, in reverse work order */
    for (int i = 0; i < 1000 * (31 - t); i++) __nanosleep(0);
    printf("12 lane %d\n", t);
}
