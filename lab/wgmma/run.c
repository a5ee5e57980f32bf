/* run.c — runs one launch of a PTX kernel on the GPU through the CUDA driver API, for recording
 * corpus/wgmma_bulk on a machine without this project's build dependencies:
 *   run PTX KERNEL GRIDX BLOCKX BUF... where BUF is in:FILE (initialised from FILE), or
 *   out:BYTES:FILE (zero-filled, written to FILE after the launch); buffers are passed as
 *   kernel parameters in order. The PTX is JIT-compiled by the driver (cuModuleLoadData), as
 *   `ptxsim gpu-run` does. Build: cc -O2 run.c -I$CUDA/include -lcuda */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_; cuGetErrorString(r_, &s_); \
    fprintf(stderr, "%s: %s\n", #x, s_); exit(1); } } while (0)

static void *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc(*len + 1);
    if (fread(p, 1, *len, f) != *len) { perror(path); exit(1); }
    p[*len] = 0;
    fclose(f);
    return p;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: run PTX KERNEL GRIDX BLOCKX BUF...\n"); return 2; }
    size_t plen;
    char *ptx = slurp(argv[1], &plen);
    CK(cuInit(0));
    CUdevice dev;
    CK(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CK(cuCtxCreate(&ctx, NULL, 0, dev));
    CUmodule mod;
    char log[8192] = "";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, (void *)(size_t)sizeof log};
    CUresult r = cuModuleLoadDataEx(&mod, ptx, 2, opts, vals);
    if (r != CUDA_SUCCESS) { fprintf(stderr, "JIT failed: %s\n", log); return 1; }
    CUfunction fn;
    CK(cuModuleGetFunction(&fn, mod, argv[2]));
    int nb = argc - 5;
    CUdeviceptr *ptrs = calloc((size_t)nb, sizeof *ptrs);
    size_t *sizes = calloc((size_t)nb, sizeof *sizes);
    void **params = calloc((size_t)nb, sizeof *params);
    for (int i = 0; i < nb; i++) {
        char *a = argv[5 + i];
        if (!strncmp(a, "in:", 3)) {
            void *h = slurp(a + 3, &sizes[i]);
            CK(cuMemAlloc(&ptrs[i], sizes[i]));
            CK(cuMemcpyHtoD(ptrs[i], h, sizes[i]));
            free(h);
        } else {
            sizes[i] = strtoull(a + 4, NULL, 10);
            CK(cuMemAlloc(&ptrs[i], sizes[i]));
            CK(cuMemsetD8(ptrs[i], 0, sizes[i]));
        }
        params[i] = &ptrs[i];
    }
    CK(cuLaunchKernel(fn, (unsigned)atoi(argv[3]), 1, 1, (unsigned)atoi(argv[4]), 1, 1, 0, NULL, params, NULL));
    CK(cuCtxSynchronize());
    for (int i = 0; i < nb; i++) {
        char *a = argv[5 + i];
        if (strncmp(a, "out:", 4)) continue;
        const char *path = strchr(a + 4, ':') + 1;
        void *h = malloc(sizes[i]);
        CK(cuMemcpyDtoH(h, ptrs[i], sizes[i]));
        FILE *f = fopen(path, "wb");
        fwrite(h, 1, sizes[i], f);
        fclose(f);
        free(h);
    }
    int drv;
    cuDriverGetVersion(&drv);
    char name[256];
    cuDeviceGetName(name, sizeof name, dev);
    printf("ok: %s, driver API %d\n", name, drv);
    return 0;
}
