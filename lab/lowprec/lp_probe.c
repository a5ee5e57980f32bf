/* lp_probe.c — runs every case of lp_cases.h on a GPU and writes the results: one raw file
 * <name>.bin per case (LP_N results of outw/8 bytes, little-endian) into the directory argv[1],
 * (argv[2], optional: the PTX of each case) and the lines of lp_h200.txt ("name hash
 * samples...", or "name FAIL reason") on stdout. Standalone on purpose (CUDA Driver API only):
 * from the repository root, `gcc -O2 -I$CUDA/include -Itests/lowprec lab/lowprec/lp_probe.c
 * -lcuda` (lp_cases.h stays with the test that replays the recording). Each case is its own
 * module, so a form the JIT rejects costs one line, not the run. */
#include <cuda.h>
#include <stdlib.h>

#include "lp_cases.h"

#define CK(x)                                                                                 \
    do {                                                                                      \
        CUresult e_ = (x);                                                                    \
        if (e_ != CUDA_SUCCESS) {                                                             \
            const char *s_ = "?";                                                             \
            cuGetErrorString(e_, &s_);                                                        \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);                   \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    CUdevice dev;
    CUcontext ctx;
    CK(cuInit(0));
    CK(cuDeviceGet(&dev, 0));
    CK(cuCtxCreate(&ctx, NULL, 0, dev));
    size_t bytes = (size_t)LP_N * 8;
    uint64_t *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *d = malloc(bytes);
    CUdeviceptr da, db, dc, dd;
    CK(cuMemAlloc(&da, bytes));
    CK(cuMemAlloc(&db, bytes));
    CK(cuMemAlloc(&dc, bytes));
    CK(cuMemAlloc(&dd, bytes));
    static char ptx[8192], log[8192];
    int cur_gen = -1;
    for (int k = 0; k < LP_NCASES; k++) {
        const lp_case *cs = &LP_CASES[k];
        if (cs->gen != cur_gen) {
            lp_inputs(cs->gen, a, b, c);
            CK(cuMemcpyHtoD(da, a, bytes));
            CK(cuMemcpyHtoD(db, b, bytes));
            CK(cuMemcpyHtoD(dc, c, bytes));
            cur_gen = cs->gen;
        }
        if (lp_ptx(cs, ptx, sizeof ptx) < 0) {
            printf("%s FAIL ptx-too-long\n", cs->name);
            continue;
        }
        if (argc > 2) { /* also keep the PTX, for ptxas/cuobjdump */
            char pp[512];
            snprintf(pp, sizeof pp, "%s/%s.ptx", argv[2], cs->name);
            FILE *pf = fopen(pp, "w");
            if (pf) fputs(ptx, pf), fclose(pf);
        }
        CUjit_option opt[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
        void *val[2] = {log, (void *)(uintptr_t)sizeof log};
        log[0] = 0;
        CUmodule mod;
        CUresult e = cuModuleLoadDataEx(&mod, ptx, 2, opt, val);
        if (e != CUDA_SUCCESS) {
            for (char *p = log; *p; p++)
                if (*p == '\n') *p = ' ';
            printf("%s FAIL %s\n", cs->name, log);
            continue;
        }
        CUfunction fn;
        CK(cuModuleGetFunction(&fn, mod, cs->name));
        CK(cuMemsetD8(dd, 0xee, bytes));
        unsigned n = LP_N;
        void *args[] = {&da, &db, &dc, &dd, &n};
        CK(cuLaunchKernel(fn, LP_N / 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
        CK(cuCtxSynchronize());
        CK(cuMemcpyDtoH(d, dd, bytes));
        CK(cuModuleUnload(mod));
        char path[512];
        snprintf(path, sizeof path, "%s/%s.bin", argv[1], cs->name);
        FILE *f = fopen(path, "wb");
        if (!f) return 1;
        for (int i = 0; i < LP_N; i++) fwrite(&d[i], (size_t)cs->outw / 8, 1, f);
        fclose(f);
        /* the line format of lp_h200.txt: hash, then the results at i = k * 4099 mod LP_N */
        printf("%s %016llx", cs->name, (unsigned long long)lp_hash(d, LP_N, cs->outw));
        uint64_t m = cs->outw == 64 ? ~0ull : (1ull << cs->outw) - 1;
        for (int k = 0; k < 32; k++) printf(" %llx", (unsigned long long)(d[(k * 4099) % LP_N] & m));
        printf("\n");
    }
    return 0;
}
