// Probe, second round (lab/nvcc_features/README.md, questions 5 and 6): what the device printf
// does where the first round's results say nothing and ptxsim refuses the format (an
// "unsupported" fault: docs/engine.md "Device runtime"), and the order of one warp's records
// when its lanes reconverge before printf. out[i]: printf's return values.
// nvcc -ptx -arch=sm_90 -O3 printf_probe2.cu -o printf_probe2.ptx
#include <cstdio>

extern "C" __global__ void printf_probe2(int *out)
{
    int t = threadIdx.x, k = 0;
    if (t == 0) {
        // a conversion the device does not take between two it takes: does it stop there
        // (return 1), fill no slot (0), or skip it (2)? what does the host print after it?
        out[k++] = printf("1 mixed other: [%d] [%y] [%d]\n", 1, 2);
        // 'hh' (host only) between two conversions the device takes
        out[k++] = printf("2 mixed hh: [%d] [%hhd] [%d]\n", 1, 2, 3);
        // 'hh' and other text after '%' together
        out[k++] = printf("3 hh other: [%hhd] [%y] [%hhd]\n", 1, 2);
        // %% before text after '%' that is no conversion
        out[k++] = printf("4 percent: 100%% [%y]\n");
        // slots past the format's bytes: 3 'hh' conversions, a 13-byte format and its NUL
        out[k++] = printf("%hhd%hhd%hhd\n", 1, 2, 3);
        // the same with a longer format: slot 2 ends at byte 24 of 32
        out[k++] = printf("6 past: [%hhx] [%hhx] [%hhx]\n", 1, 2, 3);
    }
    __syncwarp();
    // lanes reach printf at different times, then reconverge (__syncwarp) before it: lane order,
    // as for a warp that calls it together (corpus/printf_assert), or the order they arrived?
    for (int i = 0; i < 1000 * (31 - t); i++) __nanosleep(0);
    __syncwarp();
    printf("7 lane %d\n", t);
}
