// run_probes.cu — runs every kernel of probes.ptx on the GPU (lab/ptxas_fma/README.md).
//   run_probes PROBES.ptx PROBES.txt N SEED OUTDIR
// The driver's JIT compiles the PTX (cuLink*, as cuModuleLoadData would; the cubin it made is kept
// as OUTDIR/jit.cubin for cuobjdump), each kernel runs on N rows made by inputs.h from SEED, and
// OUTDIR/NAME.bin receives its outputs (two values per row).
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "../../tests/support/ptxas_fma_inputs.h"

#define CK(x) do { CUresult e_ = (x); if (e_ != CUDA_SUCCESS) { const char *m = 0; cuGetErrorString(e_, &m); \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, m ? m : "?"); exit(1); } } while (0)

static std::string slurp(const char *p) {
    FILE *f = fopen(p, "rb");
    if (!f) { perror(p); exit(1); }
    std::string s;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    fclose(f);
    return s;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: run_probes PTX LIST N SEED OUTDIR\n"); return 2; }
    std::string ptx = slurp(argv[1]), list = slurp(argv[2]);
    unsigned n = (unsigned)strtoul(argv[3], 0, 0);
    uint64_t seed = strtoull(argv[4], 0, 0);
    std::string out = argv[5];
    CK(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    CK(cuDeviceGet(&dev, 0));
    CK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CK(cuCtxSetCurrent(ctx));
    char log[16384] = {0};
    CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *val[] = {log, (void *)(uintptr_t)sizeof log};
    CUlinkState ls;
    CK(cuLinkCreate(2, opt, val, &ls));
    if (cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx.c_str(), ptx.size() + 1, "probes.ptx", 0, 0, 0) != CUDA_SUCCESS) {
        fprintf(stderr, "JIT: %s\n", log);
        return 1;
    }
    void *cubin;
    size_t cubin_size;
    CK(cuLinkComplete(ls, &cubin, &cubin_size));
    FILE *cf = fopen((out + "/jit.cubin").c_str(), "wb");
    fwrite(cubin, 1, cubin_size, cf);
    fclose(cf);
    CUmodule mod;
    CK(cuModuleLoadData(&mod, cubin));
    CK(cuLinkDestroy(ls));
    std::vector<uint8_t> in32((size_t)n * 16), in64((size_t)n * 32), inh((size_t)n * 16);
    for (unsigned i = 0; i < n; i++) {
        pf_row_f32(seed, i, (uint32_t *)&in32[(size_t)i * 16]);
        pf_row_f64(seed, i, (uint64_t *)&in64[(size_t)i * 32]);
        pf_row_h(seed, i, (uint32_t *)&inh[(size_t)i * 16]);
    }
    CUdeviceptr d32, d64, dh, dout;
    CK(cuMemAlloc(&d32, in32.size()));
    CK(cuMemAlloc(&d64, in64.size()));
    CK(cuMemAlloc(&dh, inh.size()));
    CK(cuMemAlloc(&dout, (size_t)n * 16));
    CK(cuMemcpyHtoD(d32, in32.data(), in32.size()));
    CK(cuMemcpyHtoD(d64, in64.data(), in64.size()));
    CK(cuMemcpyHtoD(dh, inh.data(), inh.size()));
    char name[128], type[16];
    const char *p = list.c_str();
    int off = 0, done = 0;
    while (sscanf(p, "%127s %15s%n", name, type, &off) == 2) {
        p += off;
        CUfunction fn;
        CK(cuModuleGetFunction(&fn, mod, name));
        bool f64 = !strcmp(type, "f64");
        CUdeviceptr in = f64 ? d64 : !strcmp(type, "h") ? dh : d32;
        size_t ob = (size_t)n * (f64 ? 16 : 8);
        CK(cuMemsetD8(dout, 0, ob));
        void *args[] = {&in, &dout};
        CK(cuLaunchKernel(fn, n / 256, 1, 1, 256, 1, 1, 0, 0, args, 0));
        CK(cuCtxSynchronize());
        std::vector<uint8_t> o(ob);
        CK(cuMemcpyDtoH(o.data(), dout, ob));
        FILE *f = fopen((out + "/" + name + ".bin").c_str(), "wb");
        fwrite(o.data(), 1, ob, f);
        fclose(f);
        done++;
    }
    printf("ran %d probes on %u rows (seed %llu)\n", done, n, (unsigned long long)seed);
    return 0;
}
