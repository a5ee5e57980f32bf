/* video_probe.c — records the GPU's results for every video form of tests/support/video_cases.h.
 * Standalone (CUDA driver API only): each form is its own module, JIT-compiled by the driver as
 * written; a form the JIT rejects is recorded with the first line of its error log. Writes
 * OUTDIR/video_status.txt (one line per form: index, OK or REJ, the instruction, the log) and
 * OUTDIR/video_gpu.bin (VC_N little-endian words per form, in form order; zeros where rejected).
 * Build: cc -O2 -I/usr/local/cuda/include -Itests/support video_probe.c
 *        -L/usr/local/cuda/lib64/stubs -lcuda */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "video_cases.h"

#define CK(x)                                                                      \
    do {                                                                           \
        CUresult r_ = (x);                                                         \
        if (r_ != CUDA_SUCCESS) {                                                  \
            const char *s_ = "?";                                                  \
            cuGetErrorString(r_, &s_);                                             \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);        \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

int main(int argc, char **argv) {
    const char *outdir = argc > 1 ? argv[1] : ".";
    static char specs[VC_MAX_SPECS][VC_SPEC_LEN];
    int n = vc_specs(specs);
    uint32_t a[VC_N], b[VC_N], c[VC_N], d[VC_N];
    vc_inputs(a, b, c);
    CK(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    CK(cuDeviceGet(&dev, 0));
    CK(cuCtxCreate(&ctx, NULL, 0, dev));
    char name[128];
    int drv = 0;
    CK(cuDeviceGetName(name, sizeof name, dev));
    CK(cuDriverGetVersion(&drv));
    CUdeviceptr da, db, dc, dd;
    CK(cuMemAlloc(&da, sizeof a));
    CK(cuMemAlloc(&db, sizeof b));
    CK(cuMemAlloc(&dc, sizeof c));
    CK(cuMemAlloc(&dd, sizeof d));
    CK(cuMemcpyHtoD(da, a, sizeof a));
    CK(cuMemcpyHtoD(db, b, sizeof b));
    CK(cuMemcpyHtoD(dc, c, sizeof c));
    char path[512];
    snprintf(path, sizeof path, "%s/video_status.txt", outdir);
    FILE *st = fopen(path, "w");
    snprintf(path, sizeof path, "%s/video_gpu.bin", outdir);
    FILE *bin = fopen(path, "wb");
    if (!st || !bin) return 1;
    fprintf(st, "# device %s, CUDA driver API %d, %d forms x %d inputs\n", name, drv, n, VC_N);
    int ok = 0;
    for (int i = 0; i < n; i++) {
        static char ptx[4096], log[8192];
        vc_ptx(specs[i], ptx, sizeof ptx);
        CUjit_option opt[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
        void *val[2] = {log, (void *)(uintptr_t)sizeof log};
        log[0] = 0;
        CUmodule mod;
        CUresult r = cuModuleLoadDataEx(&mod, ptx, 2, opt, val);
        memset(d, 0, sizeof d);
        if (r != CUDA_SUCCESS) {
            for (char *p = log; *p; p++)
                if (*p == '\n' || *p == '\t') *p = ' ';
            fprintf(st, "%d\tREJ\t%s\t%s\n", i, specs[i], log[0] ? log : "(no log)");
        } else {
            CUfunction f;
            CK(cuModuleGetFunction(&f, mod, "k"));
            CK(cuMemsetD32(dd, 0, VC_N));
            void *args[] = {&da, &db, &dc, &dd};
            CK(cuLaunchKernel(f, 1, 1, 1, VC_N, 1, 1, 0, NULL, args, NULL));
            CK(cuCtxSynchronize());
            CK(cuMemcpyDtoH(d, dd, sizeof d));
            CK(cuModuleUnload(mod));
            fprintf(st, "%d\tOK\t%s\n", i, specs[i]);
            ok++;
        }
        fwrite(d, sizeof d, 1, bin);
    }
    fclose(st);
    fclose(bin);
    printf("video_probe: %s, driver %d: %d of %d forms accepted\n", name, drv, ok, n);
    return 0;
}
