/* exec_prog.c — an ordinary Driver-API program for the `ptxsim exec` tests (tests/cli/exec_*.sh):
 * it knows nothing of ptxsim and finds libcuda.so.1 the usual way (it is linked without a run
 * path, so only exec's LD_LIBRARY_PATH leads it to the simulator).
 *
 *   exec_prog KERNELS.ptx STEP... [exit=N]
 *
 * Steps run in order: `clean` (copy, checked against the host's own result: prints PASS or
 * FAIL), `race` (block_scan with its missing barrier), `oob` (fill writes one block past its
 * buffer; the program prints the error cuCtxSynchronize returns and exits 1), `name=KERNEL` (any
 * kernel taking (in, out, n), by its PTX name), `segv` (the host program crashes). The exit
 * status is N (default 0). */
#include <cuda.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(CUresult r, const char *what) {
    if (r == CUDA_SUCCESS) return 0;
    const char *name = "?";
    cuGetErrorName(r, &name);
    printf("%s: %s\n", what, name);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: exec_prog KERNELS.ptx STEP... [exit=N]\n");
        return 64;
    }
    int status = 0;
    for (int i = 2; i < argc; i++)
        if (!strncmp(argv[i], "exit=", 5)) status = atoi(argv[i] + 5);
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    if (check(cuInit(0), "cuInit") || check(cuDeviceGet(&dev, 0), "cuDeviceGet") ||
        check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain") ||
        check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent") || check(cuModuleLoad(&mod, argv[1]), "cuModuleLoad"))
        return 1;
    enum { N = 64 };
    int host_in[N], host_out[N];
    for (int k = 0; k < N; k++) host_in[k] = 3 * k - 7;
    CUdeviceptr in, out;
    if (check(cuMemAlloc(&in, sizeof host_in), "cuMemAlloc") ||
        check(cuMemAlloc(&out, sizeof host_out), "cuMemAlloc") ||
        check(cuMemcpyHtoD(in, host_in, sizeof host_in), "cuMemcpyHtoD"))
        return 1;
    int n = N;
    for (int i = 2; i < argc; i++) {
        const char *step = argv[i];
        CUfunction f;
        if (!strcmp(step, "clean")) {
            void *args[] = {&in, &out, &n};
            if (check(cuModuleGetFunction(&f, mod, "_Z4copyPKiPii"), "cuModuleGetFunction") ||
                check(cuLaunchKernel(f, 2, 1, 1, 32, 1, 1, 0, NULL, args, NULL), "cuLaunchKernel") ||
                check(cuCtxSynchronize(), "cuCtxSynchronize") ||
                check(cuMemcpyDtoH(host_out, out, sizeof host_out), "cuMemcpyDtoH"))
                return 1;
            int bad = 0;
            for (int k = 0; k < N; k++) bad += host_out[k] != host_in[k] + 1;
            printf("copy: %s\n", bad ? "FAIL" : "PASS");
        } else if (!strcmp(step, "race")) {
            void *args[] = {&in, &out, &n};
            if (check(cuModuleGetFunction(&f, mod, "_Z10block_scanPKiPii"), "cuModuleGetFunction") ||
                check(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL), "cuLaunchKernel") ||
                check(cuCtxSynchronize(), "cuCtxSynchronize"))
                return 1;
            printf("block_scan: done\n");
        } else if (!strcmp(step, "oob")) {
            void *args[] = {&out, &n};
            if (check(cuModuleGetFunction(&f, mod, "_Z4fillPii"), "cuModuleGetFunction") ||
                check(cuLaunchKernel(f, 3, 1, 1, 32, 1, 1, 0, NULL, args, NULL), "cuLaunchKernel"))
                return 1;
            if (check(cuCtxSynchronize(), "cuCtxSynchronize after fill")) return 1;
            printf("fill: no error\n");
        } else if (!strncmp(step, "name=", 5)) { /* any kernel taking (in, out, n) */
            void *args[] = {&in, &out, &n};
            if (check(cuModuleGetFunction(&f, mod, step + 5), "cuModuleGetFunction") ||
                check(cuLaunchKernel(f, 2, 1, 1, 32, 1, 1, 0, NULL, args, NULL), "cuLaunchKernel") ||
                check(cuCtxSynchronize(), "cuCtxSynchronize"))
                return 1;
            printf("%s: done\n", step + 5);
        } else if (!strcmp(step, "segv")) {
            fflush(stdout);
            signal(SIGSEGV, SIG_DFL); /* sanitizers catch it otherwise */
            raise(SIGSEGV);
        }
    }
    return status;
}
