/* test_shim.c — the libcuda shim's behaviour beyond the demo programs (tests/shim/): images that
 * are not PTX, JIT error logs, entry points it does not implement, a faulting kernel poisoning its
 * context as on a GPU, host memory the kernel addresses directly, the PTXSIM_REPORT file, and
 * entry points resolved by cuGetProcAddress (versions from CUDA's cudaTypedefs.h names). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cuda_abi.h"

CUresult cuMipmappedArrayDestroy(void *array); /* a stub in the shim */

/* out[i] = i * 10 for i < n: with n too large it writes past its buffer. */
static const char store_ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
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
    assert_int_equal(cuMipmappedArrayDestroy(NULL), CUDA_ERROR_NOT_SUPPORTED);
    int v;
    /* as the H200's driver answers an attribute it does not know */
    assert_int_equal(cuDeviceGetAttribute(&v, (CUdevice_attribute)4242, 0), CUDA_ERROR_INVALID_VALUE);
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
static const char race_ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
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
        if (cuModuleLoadData(&m, race_ptx) || cuModuleGetFunction(&f, m, "racy") || cuMemAlloc_v2(&out, 4)) _exit(3);
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

/* The address the shim exports under `name` (what the real driver's table holds for a version). */
static void *shim_symbol(const char *name) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    assert_non_null(lib);
    void *p = dlsym(lib, name);
    dlclose(lib);
    assert_non_null(p);
    return p;
}

/* cuGetProcAddress(symbol, version, flags): the function found, with its status. */
static void *proc(const char *symbol, int version, cuuint64_t flags, CUdriverProcAddressQueryResult *st) {
    void *p = (void *)1;
    *st = (CUdriverProcAddressQueryResult)-1;
    assert_int_equal(cuGetProcAddress_v2(symbol, &p, version, flags, st), CUDA_SUCCESS);
    return p;
}

typedef CUresult (*pfn_mem_alloc)(CUdeviceptr *, size_t);
typedef CUresult (*pfn_mem_free)(CUdeviceptr);
typedef CUresult (*pfn_memcpy_dtoh)(void *, CUdeviceptr, size_t);
typedef CUresult (*pfn_memset_d32)(CUdeviceptr, unsigned int, size_t);
typedef CUresult (*pfn_module_load_data)(CUmodule *, const void *);
typedef CUresult (*pfn_module_get_function)(CUfunction *, CUmodule, const char *);
typedef CUresult (*pfn_launch_kernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                      CUstream, void **, void **);
typedef CUresult (*pfn_ctx_synchronize)(void);
typedef CUresult (*pfn_get_proc_address_v1)(const char *, void **, int, cuuint64_t);

/* cuLinkCreate_v2 / cuLinkAddData_v2 / cuLinkComplete, then cuModuleLoadData of the image, as a
 * program linking nvcc -rdc=true PTX does: the kernel unit calls the library unit's function. */
static const char unit_main[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".extern .func (.param .b32 r) triple (.param .b32 x);\n"
    ".visible .entry k(.param .u64 out) {\n"
    "  .reg .b32 %r<4>; .reg .b64 %rd<4>; mov.u32 %r1, %tid.x;\n"
    "  { .param .b32 a; st.param.b32 [a], %r1; .param .b32 q; call.uni (q), triple, (a); ld.param.b32 %r2, [q]; }\n"
    "  ld.param.u64 %rd1, [out]; mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r2; ret; "
    "}\n";
static const char unit_lib[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .func (.param .b32 r) triple (.param .b32 x) { .reg .b32 %r<3>; ld.param.u32 %r1, [x];\n"
    "  mul.lo.u32 %r2, %r1, 3; st.param.u32 [r], %r2; ret; }\n";

static void link_ptx_units(void **state) {
    (void)state;
    CUmodule m;
    /* the kernel unit alone: ptxas's "Unresolved extern function" */
    assert_int_equal(cuModuleLoadData(&m, unit_main), CUDA_ERROR_INVALID_PTX);
    CUlinkState ls;
    assert_int_equal(cuLinkCreate_v2(0, NULL, NULL, &ls), CUDA_SUCCESS);
    assert_int_equal(cuLinkAddData_v2(ls, CU_JIT_INPUT_PTX, (void *)unit_main, sizeof unit_main, "main.ptx", 0, NULL,
                                      NULL),
                     CUDA_SUCCESS);
    assert_int_equal(cuLinkAddData_v2(ls, CU_JIT_INPUT_PTX, (void *)unit_lib, sizeof unit_lib, "lib.ptx", 0, NULL,
                                      NULL),
                     CUDA_SUCCESS);
    assert_int_equal(cuLinkAddData_v2(ls, CU_JIT_INPUT_CUBIN, (void *)unit_lib, 4, "x.cubin", 0, NULL, NULL),
                     CUDA_ERROR_NOT_SUPPORTED);
    void *image;
    size_t size;
    assert_int_equal(cuLinkComplete(ls, &image, &size), CUDA_SUCCESS);
    assert_true(size > 0);
    assert_int_equal(cuModuleLoadData(&m, image), CUDA_SUCCESS);
    assert_int_equal(cuLinkDestroy(ls), CUDA_SUCCESS);
    CUfunction f;
    assert_int_equal(cuModuleGetFunction(&f, m, "k"), CUDA_SUCCESS);
    CUdeviceptr out;
    assert_int_equal(cuMemAlloc_v2(&out, 32 * 4), CUDA_SUCCESS);
    void *args[] = {&out};
    assert_int_equal(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL), CUDA_SUCCESS);
    uint32_t got[32];
    assert_int_equal(cuMemcpyDtoH_v2(got, out, sizeof got), CUDA_SUCCESS);
    for (uint32_t i = 0; i < 32; i++) assert_int_equal(got[i], 3 * i);
    cuMemFree_v2(out);
    cuModuleUnload(m);
}

static void proc_address_versions(void **state) {
    CUdriverProcAddressQueryResult st;
    /* The newest ABI variant not newer than the requested version (PFN_cuCtxCreate_v3020,
     * _v11040, _v12050; PFN_cuEventElapsedTime_v2000, _v12080). */
    assert_ptr_equal(proc("cuCtxCreate", 3020, 0, &st), shim_symbol("cuCtxCreate_v2"));
    assert_int_equal(st, CU_GET_PROC_ADDRESS_SUCCESS);
    assert_ptr_equal(proc("cuCtxCreate", 11040, 0, &st), shim_symbol("cuCtxCreate_v3"));
    assert_ptr_equal(proc("cuCtxCreate", 12000, 0, &st), shim_symbol("cuCtxCreate_v3"));
    assert_ptr_equal(proc("cuCtxCreate", 12050, 0, &st), shim_symbol("cuCtxCreate_v4"));
    assert_ptr_equal(proc("cuCtxCreate", 13000, 0, &st), shim_symbol("cuCtxCreate_v4"));
    assert_ptr_equal(proc("cuEventElapsedTime", 12000, 0, &st), shim_symbol("cuEventElapsedTime"));
    assert_ptr_equal(proc("cuEventElapsedTime", 12080, 0, &st), shim_symbol("cuEventElapsedTime_v2"));
    assert_ptr_equal(proc("cuMemAlloc", 12000, 0, &st), shim_symbol("cuMemAlloc_v2"));
    assert_ptr_equal(proc("cuDevicePrimaryCtxRelease", 10020, 0, &st), shim_symbol("cuDevicePrimaryCtxRelease"));
    assert_ptr_equal(proc("cuDevicePrimaryCtxRelease", 11000, 0, &st), shim_symbol("cuDevicePrimaryCtxRelease_v2"));
    assert_ptr_equal(proc("cuGetProcAddress", 11080, 0, &st), shim_symbol("cuGetProcAddress"));
    assert_ptr_equal(proc("cuGetProcAddress", 12000, 0, &st), shim_symbol("cuGetProcAddress_v2"));
    /* Both default-stream flavours resolve alike (every operation is synchronous). */
    void *legacy = proc("cuLaunchKernel", 12000, CU_GET_PROC_ADDRESS_LEGACY_STREAM, &st);
    assert_ptr_equal(legacy, shim_symbol("cuLaunchKernel"));
    assert_ptr_equal(proc("cuLaunchKernel", 12000, CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, &st), legacy);
    /* Introduced after the requested version (cuFuncSetAttribute: CUDA 9.0), or only in the
     * 32-bit variant the shim does not provide (cuMemAlloc before CUDA 3.2). */
    assert_null(proc("cuFuncSetAttribute", 8000, 0, &st));
    assert_int_equal(st, CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
    assert_null(proc("cuMemAlloc", 3010, 0, &st));
    assert_int_equal(st, CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
    /* Versioned names are not base names; unknown names are not found. */
    assert_null(proc("cuMemAlloc_v2", 12000, 0, &st));
    assert_int_equal(st, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    assert_null(proc("cuNoSuchFunction", 12000, 0, &st));
    assert_int_equal(st, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    /* An entry point the simulator does not implement: its stub, which says so when called. */
    void *array = proc("cuMipmappedArrayDestroy", 12000, 0, &st);
    assert_int_equal(st, CU_GET_PROC_ADDRESS_SUCCESS);
    assert_ptr_equal(array, shim_symbol("cuMipmappedArrayDestroy"));
    assert_int_equal(((CUresult(*)(void *))array)(NULL), CUDA_ERROR_NOT_SUPPORTED);
    assert_ptr_equal(proc("cuStreamGetCaptureInfo", 12030, 0, &st), shim_symbol("cuStreamGetCaptureInfo_v3"));
    /* Bad requests. */
    void *p = (void *)1;
    assert_int_equal(cuGetProcAddress_v2("cuInit", &p, 13010, 0, &st),
                     CUDA_ERROR_INVALID_VALUE); /* newer than the driver */
    assert_int_equal(cuGetProcAddress_v2("cuInit", &p, 12000, 4, &st), CUDA_ERROR_INVALID_VALUE);
    assert_int_equal(cuGetProcAddress_v2("cuInit", &p, 12000, 3, &st), CUDA_ERROR_INVALID_VALUE);
    assert_int_equal(cuGetProcAddress_v2(NULL, &p, 12000, 0, &st), CUDA_ERROR_INVALID_VALUE);
    assert_int_equal(cuGetProcAddress_v2("cuInit", NULL, 12000, 0, &st), CUDA_ERROR_INVALID_VALUE);
    assert_int_equal(cuGetProcAddress_v2("cuInit", &p, 12000, 0, NULL), CUDA_SUCCESS); /* status optional */
    assert_ptr_equal(p, shim_symbol("cuInit"));
    /* The CUDA 11 entry point: no status, CUDA_ERROR_NOT_FOUND when there is nothing to return. */
    pfn_get_proc_address_v1 v1 = (pfn_get_proc_address_v1)shim_symbol("cuGetProcAddress");
    assert_int_equal(v1("cuMemFree", &p, 11080, 0), CUDA_SUCCESS);
    assert_ptr_equal(p, shim_symbol("cuMemFree_v2"));
    assert_int_equal(v1("cuNoSuchFunction", &p, 11080, 0), CUDA_ERROR_NOT_FOUND);
    assert_null(p);
    assert_int_equal(v1("cuFuncSetAttribute", &p, 8000, 0), CUDA_ERROR_NOT_FOUND);
}

/* A whole launch through resolved pointers only: out[i] = i * 10 (store_ptx), checked against the
 * C formula, and the elements past n keep the memset pattern. */
static void proc_address_launch(void **state) {
    CUdriverProcAddressQueryResult st;
    pfn_mem_alloc mem_alloc = (pfn_mem_alloc)proc("cuMemAlloc", CUDA_VERSION, 0, &st);
    pfn_mem_free mem_free = (pfn_mem_free)proc("cuMemFree", CUDA_VERSION, 0, &st);
    pfn_memcpy_dtoh dtoh = (pfn_memcpy_dtoh)proc("cuMemcpyDtoH", CUDA_VERSION, 0, &st);
    pfn_memset_d32 memset32 = (pfn_memset_d32)proc("cuMemsetD32", CUDA_VERSION, 0, &st);
    pfn_module_load_data load = (pfn_module_load_data)proc("cuModuleLoadData", CUDA_VERSION, 0, &st);
    pfn_module_get_function get_fn = (pfn_module_get_function)proc("cuModuleGetFunction", CUDA_VERSION, 0, &st);
    pfn_launch_kernel launch =
        (pfn_launch_kernel)proc("cuLaunchKernel", CUDA_VERSION, CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, &st);
    pfn_ctx_synchronize sync = (pfn_ctx_synchronize)proc("cuCtxSynchronize", CUDA_VERSION, 0, &st);
    assert_true(mem_alloc && mem_free && dtoh && memset32 && load && get_fn && launch && sync);
    enum { N = 200, ALLOC = 256 };
    CUdeviceptr d;
    assert_int_equal(mem_alloc(&d, ALLOC * 4), CUDA_SUCCESS);
    assert_int_equal(memset32(d, 0xdeadbeefu, ALLOC), CUDA_SUCCESS);
    CUmodule m;
    CUfunction f;
    assert_int_equal(load(&m, store_ptx), CUDA_SUCCESS);
    assert_int_equal(get_fn(&f, m, "store"), CUDA_SUCCESS);
    unsigned n = N;
    void *args[] = {&d, &n};
    assert_int_equal(launch(f, 2, 1, 1, 128, 1, 1, 0, NULL, args, NULL), CUDA_SUCCESS);
    assert_int_equal(sync(), CUDA_SUCCESS);
    uint32_t out[ALLOC];
    assert_int_equal(dtoh(out, d, sizeof out), CUDA_SUCCESS);
    for (unsigned i = 0; i < ALLOC; i++) assert_int_equal(out[i], i < N ? i * 10 : 0xdeadbeefu);
    assert_int_equal(mem_free(d), CUDA_SUCCESS);
    assert_int_equal(cuModuleUnload(m), CUDA_SUCCESS);
}

/* The bug ptxsim had: cuMemcpyAtoH/HtoA copied on past an array's first row. On the H200
 * (lab/textures/probe_api.cu, tests/cudart/probe_api.h200.txt) 256 bytes from an 8x8 float array
 * are CUDA_ERROR_INVALID_VALUE, a whole row (32 bytes) or 4 bytes at offset 4 work. */
static void cuMemcpyAtoH_2d_past_first_row(void **state) {
    (void)state;
    CUarray a;
    CUDA_ARRAY_DESCRIPTOR d = {8, 8, CU_AD_FORMAT_FLOAT, 1};
    assert_int_equal(cuArrayCreate_v2(&a, &d), CUDA_SUCCESS);
    float buf[64] = {0};
    assert_int_equal(cuMemcpyHtoA_v2(a, 0, buf, sizeof buf), CUDA_ERROR_INVALID_VALUE);
    assert_int_equal(cuMemcpyAtoH_v2(buf, a, 0, sizeof buf), CUDA_ERROR_INVALID_VALUE);
    assert_int_equal(cuMemcpyAtoH_v2(buf, a, 0, 32), CUDA_SUCCESS);
    assert_int_equal(cuMemcpyAtoH_v2(buf, a, 4, 4), CUDA_SUCCESS);
    assert_int_equal(cuArrayDestroy(a), CUDA_SUCCESS);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(not_ptx),
        cmocka_unit_test(jit_error_log),
        cmocka_unit_test(unimplemented_entry_point),
        cmocka_unit_test(host_memory_and_sticky_fault),
        cmocka_unit_test(report_file_at_exit),
        cmocka_unit_test(link_ptx_units),
        cmocka_unit_test(proc_address_versions),
        cmocka_unit_test(proc_address_launch),
        cmocka_unit_test(cuMemcpyAtoH_2d_past_first_row),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
