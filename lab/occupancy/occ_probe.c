/* occ_probe.c — what the CUDA driver itself says about each kernel of PTX modules: per kernel the
 * registers, local (stack) bytes, static shared and constant bytes after the driver's JIT
 * (cuFuncGetAttribute) and, for several block sizes and dynamic shared-memory sizes, the blocks
 * per SM the driver's occupancy calculator allows (cuOccupancyMaxActiveBlocksPerMultiprocessor).
 * One JSON object per line on stdout: a "device" line, then one line per module or kernel.
 * Build: cc -O2 occ_probe.c -I$CUDA/include -L$CUDA/lib64/stubs -lcuda -o occ_probe
 * Usage: occ_probe FILE.ptx...   (lab/occupancy/README.md) */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int blocks[] = {32, 64, 96, 128, 192, 256, 320, 512, 640, 768, 1024};
static const int dynamic[] = {0, 4096, 50000};
#define N(a) (sizeof(a) / sizeof(a)[0])

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

static const char *err(CUresult r) {
    const char *s = NULL;
    cuGetErrorString(r, &s);
    return s ? s : "?";
}

static int attr(CUfunction f, CUfunction_attribute a) {
    int v = -1;
    cuFuncGetAttribute(&v, a, f);
    return v;
}

int main(int argc, char **argv) {
    CUdevice dev;
    CUcontext ctx;
    CUresult r = cuInit(0);
    if (r == CUDA_SUCCESS) r = cuDeviceGet(&dev, 0);
    if (r == CUDA_SUCCESS) r = cuCtxCreate(&ctx, NULL, 0, dev);
    if (r != CUDA_SUCCESS) {
        printf("{\"error\": \"no CUDA device: %s\"}\n", err(r));
        return 2;
    }
    char name[256] = "";
    int major = 0, minor = 0, drv = 0, smem_sm = 0, regs_sm = 0, threads_sm = 0, blocks_sm = 0, reserved = 0;
    cuDeviceGetName(name, sizeof name, dev);
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    cuDeviceGetAttribute(&smem_sm, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, dev);
    cuDeviceGetAttribute(&regs_sm, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, dev);
    cuDeviceGetAttribute(&threads_sm, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev);
    cuDeviceGetAttribute(&blocks_sm, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, dev);
    cuDeviceGetAttribute(&reserved, CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, dev);
    cuDriverGetVersion(&drv);
    printf("{\"device\": \"%s\", \"sm\": %d, \"driver\": %d, \"shared_per_sm\": %d, \"registers_per_sm\": %d, "
           "\"threads_per_sm\": %d, \"blocks_per_sm\": %d, \"reserved_shared_per_block\": %d}\n",
           name, major * 10 + minor, drv, smem_sm, regs_sm, threads_sm, blocks_sm, reserved);
    for (int a = 1; a < argc; a++) {
        char *ptx = slurp(argv[a]);
        CUmodule mod;
        r = ptx ? cuModuleLoadData(&mod, ptx) : CUDA_ERROR_FILE_NOT_FOUND;
        free(ptx);
        if (r != CUDA_SUCCESS) {
            printf("{\"file\": \"%s\", \"error\": \"%s\"}\n", argv[a], err(r));
            continue;
        }
        unsigned n = 0;
        cuModuleGetFunctionCount(&n, mod);
        CUfunction *fs = calloc(n + 1, sizeof *fs);
        cuModuleEnumerateFunctions(fs, n, mod);
        for (unsigned i = 0; i < n; i++) {
            const char *fname = "?";
            cuFuncGetName(&fname, fs[i]);
            /* The enumeration can hand out functions that are not loaded yet (lazy loading) and,
             * for modules with .func calls, handles on which cuOccupancy* crashed (the first
             * recording died on hand_funcparam): look each kernel up by name, which loads it, and
             * skip with an error line whatever does not resolve to a kernel. */
            CUfunction byname;
            CUresult g = cuModuleGetFunction(&byname, mod, fname);
            int probe = -1;
            if (g == CUDA_SUCCESS) g = cuFuncGetAttribute(&probe, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, byname);
            if (g != CUDA_SUCCESS) {
                printf("{\"file\": \"%s\", \"kernel\": \"%s\", \"error\": \"%s\"}\n", argv[a], fname, err(g));
                fflush(stdout);
                continue;
            }
            fs[i] = byname;
            int maxthr = attr(fs[i], CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
            printf("{\"file\": \"%s\", \"kernel\": \"%s\", \"num_regs\": %d, \"local_size_bytes\": %d, "
                   "\"shared_size_bytes\": %d, \"const_size_bytes\": %d, \"max_threads_per_block\": %d, \"occupancy\": [",
                   argv[a], fname, attr(fs[i], CU_FUNC_ATTRIBUTE_NUM_REGS), attr(fs[i], CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES),
                   attr(fs[i], CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES), attr(fs[i], CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES), maxthr);
            /* opt in to the largest dynamic size asked for, as a program launching with it must */
            cuFuncSetAttribute(fs[i], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, dynamic[N(dynamic) - 1]);
            int first = 1;
            for (size_t b = 0; b < N(blocks); b++)
                for (size_t d = 0; d < N(dynamic); d++) {
                    int nb = -1;
                    CUresult q = cuOccupancyMaxActiveBlocksPerMultiprocessor(&nb, fs[i], blocks[b], (size_t)dynamic[d]);
                    printf("%s{\"block\": %d, \"dynamic_shared_bytes\": %d, \"blocks_per_sm\": %d%s%s%s}", first ? "" : ", ",
                           blocks[b], dynamic[d], q == CUDA_SUCCESS ? nb : -1, q == CUDA_SUCCESS ? "" : ", \"error\": \"",
                           q == CUDA_SUCCESS ? "" : err(q), q == CUDA_SUCCESS ? "" : "\"");
                    first = 0;
                    fflush(stdout); /* a crash inside the driver keeps the calls that returned */
                }
            printf("]}\n");
            fflush(stdout);
        }
        free(fs);
        cuModuleUnload(mod);
    }
    cuCtxDestroy(ctx);
    return 0;
}
