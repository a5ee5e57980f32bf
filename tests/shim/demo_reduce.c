/* demo_reduce.c — a Driver-API host program (no ptxsim code): an ordinary context, a block
 * reduction in static shared memory plus a histogram in dynamic shared memory (opted in above
 * 48 KiB with cuFuncSetAttribute), parameters passed through cuLaunchKernel's `extra` buffer,
 * function attributes, context push/pop. Its output must be equal on an H200 and under the
 * ptxsim shim (tests/shim/README.md). Build: cc demo_reduce.c -I<cuda include> -lcuda. */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* block_sum: each 256-thread block sums its 256 floats by a fixed tree (so the result is one
 * definite IEEE value) and counts the low 4 bits of each input's bit pattern in a histogram in
 * dynamic shared memory, added to the global histogram at the end. */
static const char ptx[] =
    ".version 7.8\n"
    ".target sm_80\n"
    ".address_size 64\n"
    ".extern .shared .align 4 .b8 dyn_hist[];\n"
    ".visible .entry block_sum(.param .u64 bs_in, .param .u64 bs_out, .param .u64 bs_hist,\n"
    "                          .param .u32 bs_n, .param .u32 bs_pad)\n"
    "{\n"
    "  .shared .align 4 .f32 part[256];\n"
    "  .reg .pred %p<4>; .reg .b32 %r<20>; .reg .f32 %f<4>; .reg .b64 %rd<12>;\n"
    "  ld.param.u64 %rd1, [bs_in]; ld.param.u64 %rd2, [bs_out]; ld.param.u64 %rd3, [bs_hist];\n"
    "  ld.param.u32 %r1, [bs_n];\n"
    "  cvta.to.global.u64 %rd1, %rd1; cvta.to.global.u64 %rd2, %rd2; cvta.to.global.u64 %rd3, %rd3;\n"
    "  mov.u32 %r2, %tid.x; mov.u32 %r3, %ctaid.x;\n"
    "  mov.u32 %r4, dyn_hist;\n"
    "  setp.lt.u32 %p1, %r2, 16;\n"
    "  shl.b32 %r5, %r2, 2;\n"
    "  add.u32 %r6, %r4, %r5;\n"
    "  mov.u32 %r7, 0;\n"
    "  @%p1 st.shared.u32 [%r6], %r7;\n"
    "  bar.sync 0;\n"
    "  shl.b32 %r8, %r3, 8;\n"
    "  add.u32 %r9, %r8, %r2;\n"
    "  mov.f32 %f1, 0f00000000;\n"
    "  setp.ge.u32 %p2, %r9, %r1;\n"
    "  @%p2 bra STORE;\n"
    "  mul.wide.u32 %rd4, %r9, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.f32 %f1, [%rd5];\n"
    "  mov.b32 %r10, %f1;\n"
    "  and.b32 %r11, %r10, 15;\n"
    "  shl.b32 %r11, %r11, 2;\n"
    "  add.u32 %r12, %r4, %r11;\n"
    "  atom.shared.add.u32 %r13, [%r12], 1;\n"
    "STORE:\n"
    "  mov.u32 %r14, part;\n"
    "  add.u32 %r15, %r14, %r5;\n"
    "  st.shared.f32 [%r15], %f1;\n"
    "  bar.sync 0;\n"
    "  mov.u32 %r16, 128;\n"
    "LOOP:\n"
    "  setp.lt.u32 %p3, %r2, %r16;\n"
    "  @!%p3 bra SKIP;\n"
    "  shl.b32 %r17, %r16, 2;\n"
    "  add.u32 %r17, %r15, %r17;\n"
    "  ld.shared.f32 %f2, [%r15];\n"
    "  ld.shared.f32 %f3, [%r17];\n"
    "  add.rn.f32 %f2, %f2, %f3;\n"
    "  st.shared.f32 [%r15], %f2;\n"
    "SKIP:\n"
    "  bar.sync 0;\n"
    "  shr.u32 %r16, %r16, 1;\n"
    "  setp.ne.u32 %p3, %r16, 0;\n"
    "  @%p3 bra LOOP;\n"
    "  setp.ne.u32 %p3, %r2, 0;\n"
    "  @%p3 bra HIST;\n"
    "  ld.shared.f32 %f2, [part];\n"
    "  mul.wide.u32 %rd6, %r3, 4;\n"
    "  add.s64 %rd7, %rd2, %rd6;\n"
    "  st.global.f32 [%rd7], %f2;\n"
    "HIST:\n"
    "  @!%p1 bra DONE;\n"
    "  ld.shared.u32 %r18, [%r6];\n"
    "  mul.wide.u32 %rd8, %r2, 4;\n"
    "  add.s64 %rd9, %rd3, %rd8;\n"
    "  atom.global.add.u32 %r19, [%rd9], %r18;\n"
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

struct params { /* the kernel's parameter buffer, as cuLaunchKernel's `extra` passes it */
    CUdeviceptr in, out, hist;
    uint32_t n, pad;
};

static CUresult launch(CUfunction f, unsigned blocks, unsigned dyn_shared, struct params *p) {
    size_t size = sizeof *p;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, p, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
    return cuLaunchKernel(f, blocks, 1, 1, 256, 1, 1, dyn_shared, NULL, NULL, extra);
}

int main(void) {
    CHECK(cuInit(0));
    CUdevice dev;
    CHECK(cuDeviceGet(&dev, 0));
    CUcontext ctx, cur = NULL;
#if CUDA_VERSION >= 13000 && !defined(DEMO_CTX_CREATE_V2)
    CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
    CHECK(cuCtxCreate(&ctx, 0, dev));
#endif
    CHECK(cuCtxGetCurrent(&cur));
    printf("new context is current: %s\n", cur == ctx ? "yes" : "no");
    CUdevice cdev = -1;
    CHECK(cuCtxGetDevice(&cdev));
    printf("context device: %d\n", (int)cdev);

    char log[4096] = "";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, (void *)(uintptr_t)sizeof log};
    CUmodule mod;
    CHECK(cuModuleLoadDataEx(&mod, ptx, 2, opts, vals));
    CUfunction f;
    CHECK(cuModuleGetFunction(&f, mod, "block_sum"));
    int v = -1;
    CHECK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
    printf("static shared bytes: %d\n", v);
    CHECK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_PTX_VERSION, f));
    printf("ptx version: %d\n", v);
    CHECK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_BINARY_VERSION, f));
    printf("binary version: %d\n", v);
    CHECK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
    printf("max dynamic shared before opt-in: %d\n", v);

    enum { N = 5000, BLOCKS = (N + 255) / 256 };
    float *in = malloc(N * sizeof *in), out[BLOCKS];
    uint32_t hist[16];
    for (int i = 0; i < N; i++) in[i] = 1.0f / (float)(1 + i % 13) - (float)(i % 7) * 0.01f;
    CUdeviceptr din, dout, dhist;
    CHECK(cuMemAlloc(&din, N * sizeof *in));
    CHECK(cuMemAlloc(&dout, sizeof out));
    CHECK(cuMemAlloc(&dhist, sizeof hist));
    CHECK(cuMemcpyHtoD(din, in, N * sizeof *in));
    CHECK(cuMemsetD32(dhist, 0, 16));
    CHECK(cuMemsetD32(dout, 0x7fc00001u, BLOCKS));
    struct params p = {din, dout, dhist, N, 0};

    unsigned big = 64 * 1024;
    printf("launch with 64 KiB dynamic shared before opt-in: %s\n", name_of(launch(f, BLOCKS, big, &p)));
    CHECK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)big));
    CHECK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
    printf("max dynamic shared after opt-in: %d\n", v);
    CHECK(launch(f, BLOCKS, big, &p));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(out, dout, sizeof out));
    CHECK(cuMemcpyDtoH(hist, dhist, sizeof hist));
    for (int b = 0; b < BLOCKS; b++) {
        uint32_t bits;
        memcpy(&bits, &out[b], 4);
        printf("block %2d sum %08x\n", b, bits);
    }
    printf("hist:");
    for (int i = 0; i < 16; i++) printf(" %u", hist[i]);
    printf("\n");

    /* a second launch through the same module from a pushed/popped context */
    CUcontext popped = NULL;
    CHECK(cuCtxPopCurrent(&popped));
    printf("popped the new context: %s\n", popped == ctx ? "yes" : "no");
    CHECK(cuCtxPushCurrent(ctx));
    p.n = 300;
    CHECK(launch(f, 2, 64, &p));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(out, dout, 2 * sizeof *out));
    CHECK(cuMemcpyDtoH(hist, dhist, sizeof hist));
    printf("partial: %08x %08x hist:", *(uint32_t *)&out[0], *(uint32_t *)&out[1]);
    for (int i = 0; i < 16; i++) printf(" %u", hist[i]);
    printf("\n");

    CHECK(cuMemFree(din));
    CHECK(cuMemFree(dout));
    CHECK(cuMemFree(dhist));
    CHECK(cuModuleUnload(mod));
    CHECK(cuCtxDestroy(ctx));
    free(in);
    printf("done\n");
    return 0;
}
