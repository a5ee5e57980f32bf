/* test_shim.c — the libcuda shim's behaviour beyond the demo programs (tests/shim/): images that
 * are not PTX, JIT error logs, entry points it does not implement, a faulting kernel poisoning its
 * context as on a GPU, host memory the kernel addresses directly, and the PTXSIM_REPORT file. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cuda_abi.h"

CUresult cuMemAllocManaged(CUdeviceptr *p, size_t bytes, unsigned flags); /* a stub in the shim */

/* out[i] = i * 10 for i < n: with n too large it writes past its buffer. */
static const char store_ptx[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry store(.param .u64 out, .param .u32 n)\n"
    "{\n"
    "  .reg .pred %p; .reg .b32 %r<6>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out]; ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r2, %tid.x; mov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x;\n"
    "  mad.lo.u32 %r2, %r3, %r4, %r2;\n"
    "  setp.ge.u32 %p, %r2, %r1;\n"
    "  @%p bra END;\n"
    "  mul.lo.u32 %r5, %r2, 10;\n"
    "  mul.wide.u32 %rd2, %r2, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "END:\n"
    "  ret;\n"
    "}\n";

static CUcontext ctx;

static int setup(void **state) {
    setenv("PTXSIM_CUDA_QUIET", "1", 1);
    if (cuInit(0) != CUDA_SUCCESS) return -1;
    return cuCtxCreate_v4(&ctx, NULL, 0, 0) == CUDA_SUCCESS ? 0 : -1;
}

static void not_ptx(void **state) {
    CUmodule m;
    static const unsigned char elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
    assert_int_equal(cuModuleLoadData(&m, elf), CUDA_ERROR_NO_BINARY_FOR_GPU);
    static const unsigned char fatbin[64] = {0x50, 0xed, 0x55, 0xba, 1, 0};
    assert_int_equal(cuModuleLoadData(&m, fatbin), CUDA_ERROR_NO_BINARY_FOR_GPU);
}

static void jit_error_log(void **state) {
    char log[1024] = "untouched";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, (void *)(uintptr_t)sizeof log};
    CUmodule m;
    const char bad[] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n  frob.u32 %r1;\n}\n";
    assert_int_equal(cuModuleLoadDataEx(&m, bad, 2, opts, vals), CUDA_ERROR_INVALID_PTX);
    assert_non_null(strstr(log, "line 6"));
    assert_int_equal((size_t)(uintptr_t)vals[1], strlen(log)); /* the size used is written back */
}

static void unimplemented_entry_point(void **state) {
    CUdeviceptr p;
    assert_int_equal(cuMemAllocManaged(&p, 16, 1), CUDA_ERROR_NOT_SUPPORTED);
    int v;
    assert_int_equal(cuDeviceGetAttribute(&v, (CUdevice_attribute)4242, 0), CUDA_ERROR_NOT_SUPPORTED);
    const char *s = NULL;
    assert_int_equal(cuGetErrorString(CUDA_ERROR_NOT_SUPPORTED, &s), CUDA_SUCCESS);
    assert_string_equal(s, "operation not supported");
}

static void host_memory_and_sticky_fault(void **state) {
    CUcontext c2;
    assert_int_equal(cuCtxCreate_v4(&c2, NULL, 0, 0), CUDA_SUCCESS); /* current until destroyed */
    CUmodule m;
    CUfunction f;
    assert_int_equal(cuModuleLoadData(&m, store_ptx), CUDA_SUCCESS);
    assert_int_equal(cuModuleGetFunction(&f, m, "store"), CUDA_SUCCESS);
    uint32_t *host;
    assert_int_equal(cuMemHostAlloc((void **)&host, 256 * 4, 0), CUDA_SUCCESS);
    CUdeviceptr dp;
    assert_int_equal(cuMemHostGetDevicePointer_v2(&dp, host, 0), CUDA_SUCCESS);
    unsigned n = 256;
    void *args[] = {&dp, &n};
    assert_int_equal(cuLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, NULL, args, NULL), CUDA_SUCCESS);
    assert_int_equal(cuCtxSynchronize(), CUDA_SUCCESS);
    for (unsigned i = 0; i < 256; i++) assert_int_equal(host[i], i * 10); /* written in place */
    n = 300; /* past the end: asynchronous on a GPU, so the launch itself succeeds */
    assert_int_equal(cuLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, NULL, args, NULL), CUDA_SUCCESS);
    assert_int_equal(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
    CUdeviceptr p;
    assert_int_equal(cuMemAlloc_v2(&p, 16), CUDA_ERROR_ILLEGAL_ADDRESS); /* the context stays broken */
    assert_int_equal(cuCtxDestroy_v2(c2), CUDA_SUCCESS);
    CUcontext cur;
    assert_int_equal(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
    assert_ptr_equal(cur, ctx); /* the first context again, unharmed */
    assert_int_equal(cuMemAlloc_v2(&p, 16), CUDA_SUCCESS);
    assert_int_equal(cuMemFree_v2(p), CUDA_SUCCESS);
}

/* Thread 0 writes s; thread 32 reads it without a barrier: the race checker's finding must reach
 * $PTXSIM_REPORT when the program exits (in a child process, which exits). */
static const char race_ptx[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry racy(.param .u64 out)\n"
    "{\n"
    "  .shared .align 4 .u32 s[1];\n"
    "  .reg .pred %p<3>; .reg .b32 %r<4>; .reg .b64 %rd<2>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.eq.u32 %p1, %r1, 0;\n"
    "  @%p1 st.shared.u32 [s], %r1;\n"
    "  setp.eq.u32 %p2, %r1, 32;\n"
    "  @!%p2 bra END;\n"
    "  ld.shared.u32 %r2, [s];\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  st.global.u32 [%rd1], %r2;\n"
    "END:\n"
    "  ret;\n"
    "}\n";

static void report_file_at_exit(void **state) {
    char path[] = "/tmp/ptxsim_shim_reportXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("PTXSIM_REPORT", path, 1);
        CUmodule m;
        CUfunction f;
        CUdeviceptr out;
        if (cuModuleLoadData(&m, race_ptx) || cuModuleGetFunction(&f, m, "racy") || cuMemAlloc_v2(&out, 4))
            _exit(3);
        void *args[] = {&out};
        if (cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL) || cuCtxSynchronize()) _exit(4);
        exit(0); /* runs the shim's exit handler */
    }
    int status;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char text[8192] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    unlink(path);
    assert_non_null(strstr(text, "\"kernel\": \"racy\""));
    assert_non_null(strstr(text, "\"kind\": \"race\", \"severity\": \"error\""));
    assert_non_null(strstr(text, "\"ptx_line\": 13"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(not_ptx),
        cmocka_unit_test(jit_error_log),
        cmocka_unit_test(unimplemented_entry_point),
        cmocka_unit_test(host_memory_and_sticky_fault),
        cmocka_unit_test(report_file_at_exit),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
