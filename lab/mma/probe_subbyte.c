/* probe_subbyte.c — records what an H200 does for the sub-byte and single-bit wmma forms
 * (.s4/.u4 m8n8k32, .b1 m8n8k128) and for wmma.mma .f64 with each rounding modifier, for
 * ptxsim's replay test (tests/test_mma_gpu.c, data in tests/data/mma/wsub_*). Plain C on the CUDA
 * driver API; every kernel is PTX JIT-compiled on its own, so a form the driver refuses is
 * reported and skipped instead of stopping the run.
 *
 *   cc -O2 -I$CUDA/include probe_subbyte.c -o probe_subbyte -lcuda
 *   probe_subbyte OUTDIR [TESTS]            (TESTS per form, default 128; seed PROBE_SEED)
 *   probe_subbyte --ptx DIR                  (only write the kernels, DIR/<form>.ptx)
 *
 * Per form one file OUTDIR/wsub_<name>.bin: every test's 1024 input bytes, then every test's
 * 1280 output bytes, and one line in OUTDIR/wsub_index.txt:
 *   wsub <name> <T> "<mma instruction>" <c layout> <d layout> <stride 0/1>
 * Integer forms. Input: A at 0 (8 rows, each 32 bytes apart with a stride: .row, 64 .s4 or 256
 * .b1 elements; without a stride the rows are contiguous), B at 256 (8 columns the same way,
 * .col), C at 512 (8x8 .s32, stride 16 elements, .row or .col). Output: the A, B, C and D
 * fragment registers as words [register][lane] (A at 0, B at 128, C at 256, D at 512), then
 * from byte 768 the memory wmma.store.d wrote (stride 16, the rest left at 0xee).
 * .f64 forms: input A (8x4, .row) at 0, B (4x8, .col) at 256, C (8x8, .row) at 512; output
 * D's registers as 64-bit words [register][lane] at 0 and the stored D (.row) at 768. */
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { IN_BYTES = 1024, OUT_BYTES = 1280 };

static uint64_t rs = 0x2545f4914f6cdd1dull;
static uint64_t rnd64(void) {
    uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#define CK(x)                                                                                  \
    do {                                                                                       \
        CUresult e_ = (x);                                                                     \
        if (e_ != CUDA_SUCCESS) {                                                              \
            const char *s_ = "?";                                                              \
            cuGetErrorString(e_, &s_);                                                         \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_);                    \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

typedef struct {
    char name[64];
    char mma[128];
    char type[4];   /* s4 u4 b1 f64 */
    char cl[4], dl[4];
    int stride;
} form;

/* the kernel of form f (PTX text) */
static void kernel_text(const form *f, char *p, size_t cap) {
    int n = snprintf(p, cap,
                     ".version 8.5\n.target sm_90\n.address_size 64\n"
                     ".visible .entry k(.param .u64 pin, .param .u64 pout) {\n"
                     ".reg .b32 %%r<40>;\n.reg .b64 %%rd<20>;\n.reg .f64 %%fd<10>;\n"
                     "ld.param.u64 %%rd1, [pin];\nld.param.u64 %%rd2, [pout];\n"
                     "cvta.to.global.u64 %%rd1, %%rd1;\ncvta.to.global.u64 %%rd2, %%rd2;\n"
                     "mov.u32 %%r30, %%ctaid.x;\nmov.u32 %%r31, %%tid.x;\n"
                     "mul.wide.u32 %%rd3, %%r30, %d;\nadd.s64 %%rd4, %%rd1, %%rd3;\n"
                     "mul.wide.u32 %%rd3, %%r30, %d;\nadd.s64 %%rd5, %%rd2, %%rd3;\n"
                     "mul.wide.u32 %%rd6, %%r31, 4;\nadd.s64 %%rd7, %%rd5, %%rd6;\n"
                     "mul.wide.u32 %%rd6, %%r31, 8;\nadd.s64 %%rd8, %%rd5, %%rd6;\n",
                     IN_BYTES, OUT_BYTES);
    if (!strcmp(f->type, "f64")) {
        snprintf(p + n, cap - (size_t)n,
                 "wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%%fd0}, [%%rd4];\n"
                 "wmma.load.b.sync.aligned.col.m8n8k4.global.f64 {%%fd1}, [%%rd4+256];\n"
                 "wmma.load.c.sync.aligned.row.m8n8k4.global.f64 {%%fd2, %%fd3}, [%%rd4+512];\n"
                 "%s {%%fd4, %%fd5}, {%%fd0}, {%%fd1}, {%%fd2, %%fd3};\n"
                 "st.global.f64 [%%rd8], %%fd4;\nst.global.f64 [%%rd8+256], %%fd5;\n"
                 "wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [%%rd5+768], {%%fd4, %%fd5};\n"
                 "ret;\n}\n",
                 f->mma);
        return;
    }
    const char *shape = !strcmp(f->type, "b1") ? "m8n8k128" : "m8n8k32";
    int abst = !strcmp(f->type, "b1") ? 256 : 64;
    char sa[16] = "", sc[16] = "";
    if (f->stride) snprintf(sa, sizeof sa, ", %d", abst), snprintf(sc, sizeof sc, ", 16");
    snprintf(p + n, cap - (size_t)n,
             "wmma.load.a.sync.aligned.row.%s.global.%s {%%r0}, [%%rd4]%s;\n"
             "wmma.load.b.sync.aligned.col.%s.global.%s {%%r1}, [%%rd4+256]%s;\n"
             "wmma.load.c.sync.aligned.%s.%s.global.s32 {%%r2, %%r3}, [%%rd4+512]%s;\n"
             "%s {%%r4, %%r5}, {%%r0}, {%%r1}, {%%r2, %%r3};\n"
             "st.global.u32 [%%rd7], %%r0;\nst.global.u32 [%%rd7+128], %%r1;\n"
             "st.global.u32 [%%rd7+256], %%r2;\nst.global.u32 [%%rd7+384], %%r3;\n"
             "st.global.u32 [%%rd7+512], %%r4;\nst.global.u32 [%%rd7+640], %%r5;\n"
             "wmma.store.d.sync.aligned.%s.%s.global.s32 [%%rd5+768], {%%r4, %%r5}%s;\n"
             "ret;\n}\n",
             shape, f->type, sa, shape, f->type, sa, f->cl, shape, sc, f->mma, f->dl, shape, sc);
}

/* inputs of test t of form f */
static void gen_inputs(const form *f, int t, uint8_t *in) {
    for (int i = 0; i < IN_BYTES; i++) in[i] = (uint8_t)rnd64();
    if (!strcmp(f->type, "f64")) {
        /* A, B and C of assorted signs and magnitudes, full mantissas: every fma rounds */
        for (int i = 0; i < 128; i++) {
            double m = 1.0 + (double)(rnd64() >> 12) / 4503599627370496.0;
            int e = (int)(rnd64() % 17) - 8;
            if (t % 4 == 3 && i >= 64) e = (int)(rnd64() % 5) + 8; /* c dominates */
            double v = ldexp(m, e) * ((rnd64() & 1) ? -1 : 1);
            memcpy(in + (i < 32 ? 8 * i : i < 64 ? 256 + 8 * (i - 32) : 512 + 8 * (i - 64)), &v, 8);
        }
        return;
    }
    int mode = t % 8;
    if (mode >= 6) { /* extreme multiplicands: s4 -8 or 7, u4 15, b1 all ones */
        uint8_t v = !strcmp(f->type, "s4") ? (mode == 6 ? 0x88 : 0x77) : 0xff;
        memset(in, v, 512);
    }
    int32_t *c = (int32_t *)(in + 512);
    for (int i = 0; i < 128; i++) {
        uint32_t r = (uint32_t)rnd64();
        switch (t % 4) {
        case 0: c[i] = (int32_t)r; break;
        case 1: c[i] = INT32_MAX - (int32_t)(r % 8000); break;
        case 2: c[i] = INT32_MIN + (int32_t)(r % 8000); break;
        default: c[i] = (int32_t)(r % 4001) - 2000; break;
        }
    }
}

static void add_form(form *fs, int *n, const char *type, const char *mma, const char *suffix, const char *cl,
                     const char *dl, int stride) {
    form *f = &fs[(*n)++];
    memset(f, 0, sizeof *f);
    snprintf(f->type, sizeof f->type, "%s", type);
    snprintf(f->mma, sizeof f->mma, "%s", mma);
    snprintf(f->cl, sizeof f->cl, "%s", cl);
    snprintf(f->dl, sizeof f->dl, "%s", dl);
    f->stride = stride;
    snprintf(f->name, sizeof f->name, "%s%s_%s_%s%s", type, suffix, cl, dl, stride ? "" : "_ns");
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUTDIR [TESTS]\n", argv[0]);
        return 2;
    }
    int T = argc > 2 && strcmp(argv[1], "--ptx") ? atoi(argv[2]) : 128;
    if (getenv("PROBE_SEED")) rs ^= strtoull(getenv("PROBE_SEED"), NULL, 0) * 0x9e3779b97f4a7c15ull;
    static form fs[64];
    int nf = 0;
    static const struct { const char *type, *mma, *suffix; } kinds[] = {
        {"s4", "wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32", ""},
        {"s4", "wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32.satfinite", "_sat"},
        {"u4", "wmma.mma.sync.aligned.row.col.m8n8k32.s32.u4.u4.s32", ""},
        {"u4", "wmma.mma.sync.aligned.row.col.m8n8k32.s32.u4.u4.s32.satfinite", "_sat"},
        {"b1", "wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", "_xor"},
        {"b1", "wmma.mma.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", "_and"},
    };
    static const char *lay[2] = {"row", "col"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        for (int c = 0; c < 2; c++)
            for (int d = 0; d < 2; d++) add_form(fs, &nf, kinds[i].type, kinds[i].mma, kinds[i].suffix, lay[c], lay[d], 1);
        add_form(fs, &nf, kinds[i].type, kinds[i].mma, kinds[i].suffix, "row", "row", 0);
    }
    static const char *rnd[4] = {"", ".rn", ".rz", ".rm"};
    for (int r = 0; r < 5; r++) {
        char mma[128], suf[8];
        const char *rm = r < 4 ? rnd[r] : ".rp";
        snprintf(mma, sizeof mma, "wmma.mma.sync.aligned.row.col.m8n8k4%s.f64.f64.f64.f64", rm);
        snprintf(suf, sizeof suf, "_%s", r ? rm + 1 : "def");
        add_form(fs, &nf, "f64", mma, suf, "row", "row", 0);
    }

    static char ptx[8192], log[8192];
    if (!strcmp(argv[1], "--ptx")) { /* --ptx DIR: write each kernel to DIR/<name>.ptx (for ptxas) */
        for (int i = 0; i < nf && argc > 2; i++) {
            char path[512];
            snprintf(path, sizeof path, "%.400s/%.63s.ptx", argv[2], fs[i].name);
            FILE *o = fopen(path, "w");
            if (!o) return perror(path), 1;
            kernel_text(&fs[i], ptx, sizeof ptx);
            fputs(ptx, o);
            fclose(o);
        }
        return 0;
    }
    CK(cuInit(0));
    CUdevice dev;
    CK(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CK(cuCtxSetCurrent(ctx));
    char dname[128];
    int drv = 0, maj = 0, min = 0;
    CK(cuDeviceGetName(dname, sizeof dname, dev));
    CK(cuDriverGetVersion(&drv));
    CK(cuDeviceGetAttribute(&maj, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    CK(cuDeviceGetAttribute(&min, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
    char path[512];
    snprintf(path, sizeof path, "%s/wsub_index.txt", argv[1]);
    FILE *idx = fopen(path, "w");
    if (!idx) return perror(path), 1;
    fprintf(idx, "device %s sm_%d%d driver_api %d tests %d\n", dname, maj, min, drv, T);
    uint8_t *in = malloc((size_t)T * IN_BYTES), *out = malloc((size_t)T * OUT_BYTES);
    CUdeviceptr din, dout;
    CK(cuMemAlloc(&din, (size_t)T * IN_BYTES));
    CK(cuMemAlloc(&dout, (size_t)T * OUT_BYTES));
    int ok = 0;
    for (int i = 0; i < nf; i++) {
        const form *f = &fs[i];
        kernel_text(f, ptx, sizeof ptx);
        CUjit_option opt[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
        void *val[2] = {log, (void *)(uintptr_t)sizeof log};
        log[0] = 0;
        CUmodule mod;
        CUresult e = cuModuleLoadDataEx(&mod, ptx, 2, opt, val);
        if (e != CUDA_SUCCESS) {
            fprintf(stderr, "%s: JIT refused (%d): %s\n", f->name, (int)e, log);
            fprintf(idx, "# refused %s \"%s\": %s\n", f->name, f->mma, log);
            continue;
        }
        CUfunction fn;
        CK(cuModuleGetFunction(&fn, mod, "k"));
        for (int t = 0; t < T; t++) gen_inputs(f, t, in + (size_t)t * IN_BYTES);
        memset(out, 0xee, (size_t)T * OUT_BYTES);
        CK(cuMemcpyHtoD(din, in, (size_t)T * IN_BYTES));
        CK(cuMemcpyHtoD(dout, out, (size_t)T * OUT_BYTES));
        void *args[2] = {&din, &dout};
        CK(cuLaunchKernel(fn, (unsigned)T, 1, 1, 32, 1, 1, 0, NULL, args, NULL));
        CK(cuCtxSynchronize());
        CK(cuMemcpyDtoH(out, dout, (size_t)T * OUT_BYTES));
        CK(cuModuleUnload(mod));
        snprintf(path, sizeof path, "%s/wsub_%s.bin", argv[1], f->name);
        FILE *b = fopen(path, "wb");
        if (!b) return perror(path), 1;
        fwrite(in, IN_BYTES, (size_t)T, b);
        fwrite(out, OUT_BYTES, (size_t)T, b);
        fclose(b);
        fprintf(idx, "wsub %s %d \"%s\" %s %s %d\n", f->name, T, f->mma, f->cl, f->dl, f->stride);
        ok++;
    }
    fclose(idx);
    printf("%d of %d forms recorded, %d tests each\n", ok, nf, T);
    return ok == nf ? 0 : 1;
}
