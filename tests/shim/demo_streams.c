/* demo_streams.c — a Driver-API host program (no ptxsim code): device attributes, the primary
 * context, a PTX module with a .global variable, streams, events, async copies and memsets, and
 * the driver's error names and strings. It prints only what a correct driver determines (no
 * timings, names or versions), so its output on an H200 and under the ptxsim shim must be equal
 * byte for byte (tests/shim/README.md). Build: cc demo_streams.c -I<cuda include> -lcuda. */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char ptx[] = ".version 7.8\n"
                          ".target sm_80\n"
                          ".address_size 64\n"
                          ".global .align 4 .f32 g_scale;\n"
                          ".visible .entry saxpy_scaled(.param .u64 sx_x, .param .u64 sx_y, .param .u32 sx_n)\n"
                          "{\n"
                          "  .reg .pred %p<2>; .reg .b32 %r<6>; .reg .f32 %f<5>; .reg .b64 %rd<8>;\n"
                          "  ld.param.u64 %rd1, [sx_x]; ld.param.u64 %rd2, [sx_y]; ld.param.u32 %r1, [sx_n];\n"
                          "  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %tid.x;\n"
                          "  mad.lo.s32 %r5, %r2, %r3, %r4;\n"
                          "  setp.ge.u32 %p1, %r5, %r1;\n"
                          "  @%p1 bra DONE;\n"
                          "  ld.global.f32 %f1, [g_scale];\n"
                          "  cvta.to.global.u64 %rd3, %rd1; cvta.to.global.u64 %rd4, %rd2;\n"
                          "  mul.wide.u32 %rd5, %r5, 4;\n"
                          "  add.s64 %rd6, %rd3, %rd5; add.s64 %rd7, %rd4, %rd5;\n"
                          "  ld.global.f32 %f2, [%rd6]; ld.global.f32 %f3, [%rd7];\n"
                          "  fma.rn.f32 %f4, %f1, %f2, %f3;\n"
                          "  st.global.f32 [%rd7], %f4;\n"
                          "DONE:\n"
                          "  ret;\n"
                          "}\n"
                          ".visible .entry iota_u32(.param .u64 io_out, .param .u32 io_n, .param .u32 io_base)\n"
                          "{\n"
                          "  .reg .pred %p<2>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
                          "  ld.param.u64 %rd1, [io_out]; ld.param.u32 %r1, [io_n]; ld.param.u32 %r2, [io_base];\n"
                          "  mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x;\n"
                          "  mad.lo.s32 %r6, %r3, %r4, %r5;\n"
                          "  setp.ge.u32 %p1, %r6, %r1;\n"
                          "  @%p1 bra DONE;\n"
                          "  mad.lo.s32 %r7, %r6, 3, %r2;\n"
                          "  cvta.to.global.u64 %rd1, %rd1;\n"
                          "  mul.wide.u32 %rd2, %r6, 4;\n"
                          "  add.s64 %rd3, %rd1, %rd2;\n"
                          "  st.global.u32 [%rd3], %r7;\n"
                          "DONE:\n"
                          "  ret;\n"
                          "}\n";

static const char *name_of(CUresult r) {
    const char *s = NULL;
    return cuGetErrorName(r, &s) == CUDA_SUCCESS && s ? s : "(no name)";
}

#define CHECK(call)                                        \
    do {                                                   \
        CUresult r_ = (call);                              \
        if (r_ != CUDA_SUCCESS) {                          \
            printf("FAILED %s: %s\n", #call, name_of(r_)); \
            exit(1);                                       \
        }                                                  \
    } while (0)

/* FNV-1a over bytes: one line per buffer instead of thousands of values. */
static uint64_t fnv(const void *p, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ ((const uint8_t *)p)[i]) * 1099511628211ull;
    return h;
}

static void show_u32(const char *what, const uint32_t *v, size_t n) {
    printf("%s: fnv %016llx first", what, (unsigned long long)fnv(v, n * 4));
    for (size_t i = 0; i < 6; i++) printf(" %08x", v[i]);
    printf(" last %08x %08x\n", v[n - 2], v[n - 1]);
}

int main(void) {
    CHECK(cuInit(0));
    int version = 0, count = 0;
    CHECK(cuDriverGetVersion(&version));
    printf("driver version is CUDA 12.0 or later: %s\n", version >= 12000 ? "yes" : "no");
    CHECK(cuDeviceGetCount(&count));
    printf("at least one device: %s\n", count >= 1 ? "yes" : "no");
    CUdevice dev;
    CHECK(cuDeviceGet(&dev, 0));
    static const struct {
        CUdevice_attribute a;
        const char *name;
    } attrs[] = {
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "compute capability major"},
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "compute capability minor"},
        {CU_DEVICE_ATTRIBUTE_WARP_SIZE, "warp size"},
        {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "max threads per block"},
        {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, "max block x"},
        {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, "max block y"},
        {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, "max block z"},
        {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "max grid x"},
        {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, "max grid y"},
        {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, "max grid z"},
        {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "shared memory per block"},
        {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "shared memory per block (opt-in)"},
        {CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, "constant memory"},
        {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, "registers per block"},
        {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, "unified addressing"},
    };
    for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
        int v = -1;
        CHECK(cuDeviceGetAttribute(&v, attrs[i].a, dev));
        printf("%s: %d\n", attrs[i].name, v);
    }

    CUcontext ctx;
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    CUmodule mod;
    CHECK(cuModuleLoadData(&mod, ptx));
    CUfunction saxpy, iota, missing = NULL;
    CHECK(cuModuleGetFunction(&saxpy, mod, "saxpy_scaled"));
    CHECK(cuModuleGetFunction(&iota, mod, "iota_u32"));
    printf("cuModuleGetFunction(\"nope\"): %s\n", name_of(cuModuleGetFunction(&missing, mod, "nope")));
    CUdeviceptr g_scale;
    size_t g_bytes = 0;
    CHECK(cuModuleGetGlobal(&g_scale, &g_bytes, mod, "g_scale"));
    printf("g_scale: %zu bytes\n", g_bytes);

    enum { N = 1000, NI = 777 };
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    uint32_t *out = malloc(N * sizeof *out);
    for (int i = 0; i < N; i++) x[i] = (float)i * 0.3f - 7.0f, y[i] = 1.0f / (float)(i + 3);
    float scale = 2.718f;

    CUstream s;
    CUevent e0, e1;
    CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    CHECK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
    CUdeviceptr dx, dy, dout, dcopy;
    CHECK(cuMemAlloc(&dx, N * sizeof *x));
    CHECK(cuMemAlloc(&dy, N * sizeof *y));
    CHECK(cuMemAlloc(&dout, N * sizeof *out));
    CHECK(cuMemAlloc(&dcopy, N * sizeof *out));
    CHECK(cuMemcpyHtoDAsync(g_scale, &scale, sizeof scale, s));
    CHECK(cuMemcpyHtoDAsync(dx, x, N * sizeof *x, s));
    CHECK(cuMemcpyHtoDAsync(dy, y, N * sizeof *y, s));
    CHECK(cuEventRecord(e0, s));
    unsigned n = N, ni = NI, base = 0x1000;
    void *sargs[] = {&dx, &dy, &n};
    CHECK(cuLaunchKernel(saxpy, (N + 127) / 128, 1, 1, 128, 1, 1, 0, s, sargs, NULL));
    CHECK(cuMemsetD32Async(dout, 0xdeadbeefu, N, s));
    void *iargs[] = {&dout, &ni, &base};
    CHECK(cuLaunchKernel(iota, (NI + 63) / 64, 1, 1, 64, 1, 1, 0, s, iargs, NULL));
    CHECK(cuEventRecord(e1, s));
    CHECK(cuMemcpyDtoDAsync(dcopy, dout, N * sizeof *out, s));
    CHECK(cuMemsetD8Async(dcopy + 4, 0x5a, 9, s));
    CHECK(cuMemsetD16Async(dcopy + 40, 0x1234, 5, s));
    CHECK(cuMemcpyDtoHAsync(y, dy, N * sizeof *y, s));
    CHECK(cuMemcpyDtoHAsync(out, dout, N * sizeof *out, s));
    CHECK(cuStreamSynchronize(s));
    printf("event after sync: %s\n", name_of(cuEventQuery(e1)));
    printf("stream after sync: %s\n", name_of(cuStreamQuery(s)));
    float ms = -1;
    CHECK(cuEventElapsedTime(&ms, e0, e1));
    printf("elapsed time is not negative: %s\n", ms >= 0 ? "yes" : "no");
    show_u32("saxpy y", (const uint32_t *)y, N);
    show_u32("iota out", out, N);
    CHECK(cuMemcpyDtoH(out, dcopy, N * sizeof *out));
    show_u32("copy with memsets", out, N);

    CHECK(cuMemsetD32(dout, 7, N));
    CHECK(cuMemsetD8(dout + 1, 0xff, 2));
    CHECK(cuMemcpyDtoH(out, dout, 16));
    printf("sync memsets: %08x %08x %08x %08x\n", out[0], out[1], out[2], out[3]);

    printf("launch with 2048 threads per block: %s\n",
           name_of(cuLaunchKernel(iota, 1, 1, 1, 2048, 1, 1, 0, s, iargs, NULL)));
    CHECK(cuCtxSynchronize());

    static const CUresult codes[] = {0,   1,   2,   3,   4,   100, 101, 200, 201, 209, 218, 222, 300,
                                     301, 400, 500, 600, 700, 701, 702, 710, 715, 716, 719, 801, 999};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *nm = NULL, *str = NULL;
        CUresult a = cuGetErrorName(codes[i], &nm), b = cuGetErrorString(codes[i], &str);
        printf("error %d: %s / %s (%d %d)\n", (int)codes[i], nm ? nm : "NULL", str ? str : "NULL", (int)a, (int)b);
    }
    const char *unk = "unchanged";
    printf("cuGetErrorName(12345): %d, %s\n", (int)cuGetErrorName((CUresult)12345, &unk), unk ? unk : "NULL");

    CHECK(cuMemFree(dx));
    CHECK(cuMemFree(dy));
    CHECK(cuMemFree(dout));
    CHECK(cuMemFree(dcopy));
    CHECK(cuEventDestroy(e0));
    CHECK(cuEventDestroy(e1));
    CHECK(cuStreamDestroy(s));
    CHECK(cuModuleUnload(mod));
    CHECK(cuDevicePrimaryCtxRelease(dev));
    free(x), free(y), free(out);
    printf("done\n");
    return 0;
}
