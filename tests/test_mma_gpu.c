/* test_mma_gpu.c — the simulator against tensor-core results recorded on an H200
 * (tests/data/mma/, made by lab/mma/probe.cu and packed by lab/mma/pack.py; provenance in
 * tests/data/mma/PROVENANCE.md). For every recorded mma.sync form the recorded input fragments
 * go through the same instruction in ptxsim and every output register must equal the GPU's bits;
 * likewise wmma.load/mma/store on recorded matrices, the wmma fragment layouts (loads of
 * matrices whose elements hold their own index, stores of registers holding distinct values),
 * and ldmatrix/stmatrix/movmatrix. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

/* MMA_DATA_DIR overrides the folder (a whole probe recording, for validation runs) */
static const char *data_dir(void) {
    const char *d = getenv("MMA_DATA_DIR");
    return d ? d : "tests/data/mma";
}

static uint8_t *slurp(const char *name, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", data_dir(), name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *p = malloc((size_t)n + 1);
    assert_int_equal(fread(p, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return p;
}

/* appends printf-formatted text to a growing buffer */
typedef struct {
    char *s;
    size_t len, cap;
} sbuf;
static void sb(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb(sbuf *b, const char *fmt, ...) {
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        b->cap = (b->cap + (size_t)n + 1) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->len) b->s[0] = 0;
    }
}
static void list(sbuf *b, const char *prefix, int first, int n) {
    sb(b, "{");
    for (int i = 0; i < n; i++) sb(b, "%s%s%d", i ? ", " : "", prefix, first + i);
    sb(b, "}");
}

static int run_kernel(const char *ptx, unsigned grid, tu_buf *bufs, int nbufs) {
    tu_launch cfg = {.grid = {grid, 1, 1}, .block = {32, 1, 1}};
    ps_launch_result res;
    char diag[2048];
    ps_status st = tu_run(ptx, "k", &cfg, bufs, nbufs, &res, diag, sizeof diag);
    if (st != PS_OK) print_error("%s\n%s\n", diag, ptx);
    return st;
}

/* ---- mma.sync -------------------------------------------------------------------------- */

static long mma_forms, mma_words;

static void check_mma_form(const char *line) {
    char kind[8], name[96], at[8], bt[8], ct[8], dt[8], ptxi[128];
    int m, n, k, na, nb, nc, nd, ra, cb, T;
    if (sscanf(line, "%7s %95s %d %d %d %7s %7s %7s %7s %d %d %d %d %d %d %d \"%127[^\"]\"", kind, name, &m, &n, &k, at,
               bt, ct, dt, &na, &nb, &nc, &nd, &ra, &cb, &T, ptxi) != 17)
        fail_msg("bad index line: %s", line);
    int nin = na + nb + nc;
    bool f64 = !strcmp(at, "f64");
    sbuf p = {0};
    sb(&p,
       ".version 8.7\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pin, .param .u64 pout) {\n"
       ".reg .b32 %%r<200>;\n.reg .b64 %%rd<200>;\n.reg .f64 %%fd<40>;\n"
       "ld.param.u64 %%rd1, [pin];\nld.param.u64 %%rd2, [pout];\nmov.u32 %%r190, %%ctaid.x;\nmov.u32 %%r191, %%tid.x;\n"
       "mul.wide.u32 %%rd3, %%r190, %d;\nadd.s64 %%rd4, %%rd1, %%rd3;\nmul.wide.u32 %%rd5, %%r191, 4;\n"
       "add.s64 %%rd4, %%rd4, %%rd5;\nmul.wide.u32 %%rd3, %%r190, %d;\nadd.s64 %%rd6, %%rd2, %%rd3;\n"
       "add.s64 %%rd6, %%rd6, %%rd5;\n",
       nin * 128, nd * 128);
    for (int i = 0; i < nin; i++) sb(&p, "ld.global.u32 %%r%d, [%%rd4+%d];\n", i, i * 128);
    if (f64) {
        for (int i = 0; i < nin / 2; i++)
            sb(&p,
               "cvt.u64.u32 %%rd%d, %%r%d;\ncvt.u64.u32 %%rd%d, %%r%d;\nshl.b64 %%rd%d, %%rd%d, 32;\n"
               "or.b64 %%rd%d, %%rd%d, %%rd%d;\nmov.b64 %%fd%d, %%rd%d;\n",
               20 + 2 * i, 2 * i, 21 + 2 * i, 2 * i + 1, 21 + 2 * i, 21 + 2 * i, 20 + 2 * i, 20 + 2 * i, 21 + 2 * i, i,
               20 + 2 * i);
        sb(&p, "%s ", ptxi);
        list(&p, "%fd", 30, nd / 2), sb(&p, ", "), list(&p, "%fd", 0, na / 2), sb(&p, ", ");
        list(&p, "%fd", na / 2, nb / 2), sb(&p, ", "), list(&p, "%fd", (na + nb) / 2, nc / 2), sb(&p, ";\n");
        for (int i = 0; i < nd / 2; i++)
            sb(&p,
               "mov.b64 %%rd%d, %%fd%d;\ncvt.u32.u64 %%r%d, %%rd%d;\nshr.b64 %%rd%d, %%rd%d, 32;\ncvt.u32.u64 %%r%d, "
               "%%rd%d;\n",
               60 + i, 30 + i, 100 + 2 * i, 60 + i, 60 + i, 60 + i, 101 + 2 * i, 60 + i);
    } else {
        sb(&p, "%s ", ptxi);
        list(&p, "%r", 100, nd), sb(&p, ", "), list(&p, "%r", 0, na), sb(&p, ", "), list(&p, "%r", na, nb);
        sb(&p, ", "), list(&p, "%r", na + nb, nc), sb(&p, ";\n");
    }
    for (int i = 0; i < nd; i++) sb(&p, "st.global.u32 [%%rd6+%d], %%r%d;\n", i * 128, 100 + i);
    sb(&p, "ret;\n}\n");
    char file[128];
    snprintf(file, sizeof file, "mma_%s.bin", name);
    size_t len;
    uint8_t *data = slurp(file, &len);
    size_t inb = (size_t)T * nin * 128, outb = (size_t)T * nd * 128;
    assert_int_equal(len, inb + outb);
    uint8_t *out = calloc(1, outb);
    tu_buf bufs[2] = {{data, inb}, {out, outb}};
    assert_int_equal(run_kernel(p.s, (unsigned)T, bufs, 2), PS_OK);
    const uint32_t *got = (const uint32_t *)out, *want = (const uint32_t *)(data + inb);
    for (size_t i = 0; i < outb / 4; i++)
        if (got[i] != want[i])
            fail_msg("%s: test %zu register %zu lane %zu: ptxsim 0x%08x, H200 0x%08x", name, i / (nd * 32),
                     i / 32 % (size_t)nd, i % 32, got[i], want[i]);
    mma_forms++, mma_words += (long)(outb / 4);
    free(out), free(data), free(p.s);
}

static void test_mma_sync_vs_h200(void **state) {
    (void)state;
    char ipath[512];
    snprintf(ipath, sizeof ipath, "%s/index.txt", data_dir());
    FILE *f = fopen(ipath, "r");
    assert_non_null(f);
    char line[512];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "mma ", 4)) check_mma_form(line);
    fclose(f);
    print_message("mma.sync: %ld forms, %ld output registers equal to the H200's\n", mma_forms, mma_words);
    assert_true(mma_forms >= 54);
}

/* ---- wmma -------------------------------------------------------------------------------- */

static int esize(const char *t) {
    if (!strcmp(t, "f64")) return 8;
    if (!strcmp(t, "f16") || !strcmp(t, "bf16")) return 2;
    if (!strcmp(t, "s8") || !strcmp(t, "u8")) return 1;
    return 4;
}
/* registers (f64: 64-bit ones) of an A/B (frag 'a'/'b') or C fragment */
static int wregs(int m, int n, int k, char frag, const char *t) {
    int elems = frag == 'a' ? m * k : frag == 'b' ? k * n : m * n, bits = esize(t) * 8;
    if (!strcmp(t, "f16") && frag != 'c') return 8;
    return bits == 64 ? elems / 32 : elems * bits / 32 / 32;
}

static void check_wmma_form(const char *line) {
    char name[96], at[8], ct[8];
    int m, n, k, T;
    if (sscanf(line, "wmma %95s %d %d %d %7s %7s %d", name, &m, &n, &k, at, ct, &T) != 7) fail_msg("bad line %s", line);
    bool f64 = !strcmp(at, "f64");
    const char *reg = f64 ? "%fd" : "%r";
    int ra = wregs(m, n, k, 'a', at), rb = wregs(m, n, k, 'b', at), rc = wregs(m, n, k, 'c', ct);
    int ea = esize(at), ec = esize(ct);
    int per = m * k * ea + k * n * ea + m * n * ec, outper = m * n * ec;
    char mptx[160];
    bool ints = !strcmp(at, "s8") || !strcmp(at, "u8");
    if (ints) snprintf(mptx, sizeof mptx, "wmma.mma.sync.aligned.row.col.m%dn%dk%d.s32.%s.%s.s32", m, n, k, at, at);
    else if (!strcmp(at, "f16"))
        snprintf(mptx, sizeof mptx, "wmma.mma.sync.aligned.row.col.m%dn%dk%d.%s.%s", m, n, k, ct, ct);
    else snprintf(mptx, sizeof mptx, "wmma.mma.sync.aligned.row.col.m%dn%dk%d.%s.%s.%s.%s", m, n, k, ct, at, at, ct);
    sbuf p = {0};
    sb(&p,
       ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pin, .param .u64 pout) {\n"
       ".reg .b32 %%r<200>;\n.reg .b64 %%rd<20>;\n.reg .f64 %%fd<40>;\n"
       "ld.param.u64 %%rd1, [pin];\nld.param.u64 %%rd2, [pout];\nmov.u32 %%r190, %%ctaid.x;\n"
       "mul.wide.u32 %%rd3, %%r190, %d;\nadd.s64 %%rd4, %%rd1, %%rd3;\nadd.s64 %%rd5, %%rd4, %d;\nadd.s64 %%rd6, "
       "%%rd5, %d;\n"
       "mul.wide.u32 %%rd3, %%r190, %d;\nadd.s64 %%rd7, %%rd2, %%rd3;\n",
       per, m * k * ea, k * n * ea, outper);
    sb(&p, "wmma.load.a.sync.aligned.row.m%dn%dk%d.global.%s ", m, n, k, at), list(&p, reg, 0, ra),
        sb(&p, ", [%%rd4], %d;\n", k);
    sb(&p, "wmma.load.b.sync.aligned.col.m%dn%dk%d.global.%s ", m, n, k, at), list(&p, reg, 10, rb),
        sb(&p, ", [%%rd5], %d;\n", k);
    sb(&p, "wmma.load.c.sync.aligned.row.m%dn%dk%d.global.%s ", m, n, k, ct), list(&p, reg, 20, rc),
        sb(&p, ", [%%rd6], %d;\n", n);
    sb(&p, "%s ", mptx), list(&p, reg, 30, rc), sb(&p, ", "), list(&p, reg, 0, ra), sb(&p, ", "), list(&p, reg, 10, rb);
    sb(&p, ", "), list(&p, reg, 20, rc), sb(&p, ";\n");
    sb(&p, "wmma.store.d.sync.aligned.row.m%dn%dk%d.global.%s [%%rd7], ", m, n, k, ct), list(&p, reg, 30, rc);
    sb(&p, ", %d;\nret;\n}\n", n);
    char file[128];
    snprintf(file, sizeof file, "wm_%s.bin", name);
    size_t len;
    uint8_t *data = slurp(file, &len);
    size_t inb = (size_t)T * per, outb = (size_t)T * outper;
    assert_int_equal(len, inb + outb);
    uint8_t *out = calloc(1, outb);
    tu_buf bufs[2] = {{data, inb}, {out, outb}};
    assert_int_equal(run_kernel(p.s, (unsigned)T, bufs, 2), PS_OK);
    if (memcmp(out, data + inb, outb)) {
        for (size_t i = 0; i < outb; i++)
            if (out[i] != data[inb + i])
                fail_msg("wmma %s: byte %zu of D (test %zu) differs", name, i, i / (size_t)outper);
    }
    free(out), free(data), free(p.s);
}

static void test_wmma_vs_h200(void **state) {
    (void)state;
    char ipath[512];
    snprintf(ipath, sizeof ipath, "%s/index.txt", data_dir());
    FILE *f = fopen(ipath, "r");
    assert_non_null(f);
    char line[512];
    int nforms = 0;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "wmma ", 5)) check_wmma_form(line), nforms++;
    fclose(f);
    assert_true(nforms >= 17);
}

/* wmma.load of a matrix whose element i (memory order) holds i, wmma.store of registers holding
 * lane * nregs + r: the fragment layouts against the recordings */
static void check_wload(const char *line) {
    char name[96], lay[8];
    char frag;
    int hi, m, n, k;
    unsigned ld;
    int words;
    if (sscanf(line, "wload %95s %c %7s %d ld=%u words=%d", name, &frag, lay, &hi, &ld, &words) != 6)
        fail_msg("%s", line);
    sscanf(name, "m%dn%dk%d", &m, &n, &k);
    char at[8], ct[8];
    sscanf(strchr(name, '_') + 1, "%7[^_]_%7s", at, ct);
    const char *t = frag == 'c' ? ct : at;
    int es = esize(t), rows = frag == 'b' ? k : m, cols = frag == 'a' ? k : n;
    int major = !strcmp(lay, "row") ? rows : cols;
    size_t nel = (size_t)ld * (size_t)major;
    uint8_t *mem = calloc(nel, (size_t)es);
    for (size_t i = 0; i < nel; i++) {
        uint64_t v = es == 1 ? (hi ? i >> 8 : i & 0xff) : i;
        memcpy(mem + i * (size_t)es, &v, (size_t)es);
    }
    bool f64 = es == 8;
    int nr = f64 ? words / 2 : words;
    sbuf p = {0};
    sb(&p,
       ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pm, .param .u64 pout) {\n"
       ".reg .b32 %%r<40>;\n.reg .b64 %%rd<40>;\n.reg .f64 %%fd<10>;\nld.param.u64 %%rd1, [pm];\nld.param.u64 %%rd2, "
       "[pout];\n"
       "mov.u32 %%r39, %%tid.x;\nmul.wide.u32 %%rd3, %%r39, %d;\nadd.s64 %%rd2, %%rd2, %%rd3;\n",
       f64 ? 8 : 4);
    sb(&p, "wmma.load.%c.sync.aligned.%s.m%dn%dk%d.global.%s ", frag, lay, m, n, k, t);
    list(&p, f64 ? "%fd" : "%r", 0, nr);
    sb(&p, ", [%%rd1], %u;\n", ld);
    for (int i = 0; i < nr; i++)
        sb(&p, f64 ? "st.global.f64 [%%rd2+%d], %%fd%d;\n" : "st.global.u32 [%%rd2+%d], %%r%d;\n",
           i * (f64 ? 256 : 128), i);
    sb(&p, "ret;\n}\n");
    char file[160];
    snprintf(file, sizeof file, "wl_%s_%c_%s%s.bin", name, frag, lay, hi ? "_hi" : "");
    size_t len;
    uint8_t *want = slurp(file, &len);
    assert_int_equal(len, (size_t)words * 128);
    uint8_t *got = calloc(1, len);
    tu_buf bufs[2] = {{mem, nel * (size_t)es}, {got, len}};
    assert_int_equal(run_kernel(p.s, 1, bufs, 2), PS_OK);
    if (memcmp(got, want, len)) fail_msg("wmma.load layout %s differs from the H200's", file);
    free(got), free(want), free(mem), free(p.s);
}

static void check_wstore(const char *line) {
    char name[96], lay[8];
    unsigned ld;
    size_t bytes;
    int m, n, k;
    if (sscanf(line, "wstore %95s %7s ld=%u bytes=%zu", name, lay, &ld, &bytes) != 4) fail_msg("%s", line);
    sscanf(name, "m%dn%dk%d", &m, &n, &k);
    char at[8], ct[8];
    sscanf(strchr(name, '_') + 1, "%7[^_]_%7s", at, ct);
    int es = esize(ct), rc = wregs(m, n, k, 'c', ct), words = es == 8 ? 2 * rc : rc;
    uint32_t *regs = calloc((size_t)words * 32, 4);
    for (int r = 0; r < words; r++)
        for (int l = 0; l < 32; l++) {
            unsigned v = (unsigned)(l * words + r);
            if (es == 2) v = ((2 * v) & 0xffff) | (((2 * v + 1) & 0xffff) << 16);
            if (es == 8) v = (r & 1) ? 0 : (unsigned)(l * words + r) / 2 + 1;
            regs[r * 32 + l] = v;
        }
    /* the probe's f64 registers are 64-bit words [reg][lane]: rebuild them from its 32-bit view */
    sbuf p = {0};
    sb(&p,
       ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pm, .param .u64 pin) {\n"
       ".reg .b32 %%r<40>;\n.reg .b64 %%rd<40>;\n.reg .f64 %%fd<10>;\nld.param.u64 %%rd1, [pm];\nld.param.u64 %%rd2, "
       "[pin];\n"
       "mov.u32 %%r39, %%tid.x;\nmul.wide.u32 %%rd3, %%r39, %d;\nadd.s64 %%rd2, %%rd2, %%rd3;\n",
       es == 8 ? 8 : 4);
    for (int i = 0; i < rc; i++)
        sb(&p, es == 8 ? "ld.global.f64 %%fd%d, [%%rd2+%d];\n" : "ld.global.u32 %%r%d, [%%rd2+%d];\n", i,
           i * (es == 8 ? 256 : 128));
    sb(&p, "wmma.store.d.sync.aligned.%s.m%dn%dk%d.global.%s [%%rd1], ", lay, m, n, k, ct);
    list(&p, es == 8 ? "%fd" : "%r", 0, rc);
    sb(&p, ", %u;\nret;\n}\n", ld);
    char file[160];
    snprintf(file, sizeof file, "ws_%s_%s.bin", name, lay);
    size_t len;
    uint8_t *want = slurp(file, &len);
    assert_int_equal(len, bytes);
    uint8_t *mem = malloc(len);
    memset(mem, 0xee, len);
    tu_buf bufs[2] = {{mem, len}, {regs, (size_t)words * 128}};
    assert_int_equal(run_kernel(p.s, 1, bufs, 2), PS_OK);
    if (memcmp(mem, want, len)) fail_msg("wmma.store layout %s differs from the H200's", file);
    free(mem), free(want), free(regs), free(p.s);
}

static void test_wmma_layouts_vs_h200(void **state) {
    (void)state;
    char ipath[512];
    snprintf(ipath, sizeof ipath, "%s/index.txt", data_dir());
    FILE *f = fopen(ipath, "r");
    assert_non_null(f);
    char line[512];
    int nl = 0, ns = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "wload ", 6)) check_wload(line), nl++;
        if (!strncmp(line, "wstore ", 7)) check_wstore(line), ns++;
    }
    fclose(f);
    assert_true(nl >= 100 && ns >= 30);
}

/* ---- ldmatrix / stmatrix / movmatrix --------------------------------------------------------- */

static void test_matrix_vs_h200(void **state) {
    (void)state;
    size_t len;
    uint8_t *rec = slurp("matrix.bin", &len);
    assert_int_equal(len, 4 * (32 + 128 * 12 + 32));
    const int32_t *perm = (const int32_t *)rec;
    const uint32_t *want = (const uint32_t *)(rec + 128);
    static const char *q[6] = {"x1", "x1.trans", "x2", "x2.trans", "x4", "x4.trans"};
    static const int nm[6] = {1, 1, 2, 2, 4, 4};
    sbuf p = {0};
    sb(&p,
       ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pperm, .param .u64 pout) {\n"
       ".reg .b32 %%r<40>;\n.reg .b64 %%rd<40>;\n.reg .b16 %%h<4>;\n.reg .pred %%p;\n.shared .align 16 .b16 sm[256];\n"
       "ld.param.u64 %%rd1, [pperm];\nld.param.u64 %%rd2, [pout];\nmov.u32 %%r0, %%tid.x;\n"
       "mul.wide.u32 %%rd3, %%r0, 4;\nadd.s64 %%rd4, %%rd1, %%rd3;\nld.global.u32 %%r1, [%%rd4];\n"
       "shl.b32 %%r1, %%r1, 4;\nmov.u32 %%r2, sm;\nadd.u32 %%r3, %%r2, %%r1;\n" /* r3: this lane's row address */
       "add.s64 %%rd5, %%rd2, %%rd3;\n"                                         /* rd5: out + lane*4 */
       "mov.u32 %%r4, %%r0;\nINIT:\nshl.b32 %%r5, %%r4, 1;\nadd.u32 %%r5, %%r2, %%r5;\ncvt.u16.u32 %%h0, %%r4;\n"
       "st.shared.u16 [%%r5], %%h0;\nadd.u32 %%r4, %%r4, 32;\nsetp.lt.u32 %%p, %%r4, 256;\n@%%p bra "
       "INIT;\nbar.warp.sync -1;\n");
    int off = 0;
    for (int v = 0; v < 6; v++, off += 512) {
        sb(&p, "ldmatrix.sync.aligned.m8n8.%s.shared.b16 ", q[v]);
        list(&p, "%r", 10, nm[v]);
        sb(&p, ", [%%r3];\n");
        for (int r = 0; r < 4; r++) {
            if (r < nm[v]) sb(&p, "st.global.u32 [%%rd5+%d], %%r%d;\n", off + r * 128, 10 + r);
            else sb(&p, "st.global.u32 [%%rd5+%d], 0;\n", off + r * 128);
        }
    }
    /* stmatrix: registers 2(l*4+r) | (2(l*4+r)+1) << 16, table reset to 0xffff first */
    sb(&p, "shl.b32 %%r20, %%r0, 3;\n");
    for (int r = 0; r < 4; r++)
        sb(&p,
           "add.u32 %%r%d, %%r20, %d;\nadd.u32 %%r%d, %%r20, %d;\nshl.b32 %%r%d, %%r%d, 16;\n"
           "or.b32 %%r%d, %%r%d, %%r%d;\n",
           21 + r, 2 * r, 25 + r, 2 * r + 1, 25 + r, 25 + r, 21 + r, 21 + r, 25 + r);
    for (int v = 0; v < 6; v++, off += 512) {
        sb(&p,
           "mov.u32 %%r4, %%r0;\nRESET%d:\nshl.b32 %%r5, %%r4, 1;\nadd.u32 %%r5, %%r2, %%r5;\nmov.u16 %%h0, 0xffff;\n"
           "st.shared.u16 [%%r5], %%h0;\nadd.u32 %%r4, %%r4, 32;\nsetp.lt.u32 %%p, %%r4, 256;\n@%%p bra "
           "RESET%d;\nbar.warp.sync -1;\n",
           v, v);
        sb(&p, "stmatrix.sync.aligned.m8n8.%s.shared.b16 [%%r3], ", q[v]);
        list(&p, "%r", 21, nm[v]);
        sb(&p, ";\nbar.warp.sync -1;\n");
        for (int i = 0; i < 4; i++)
            sb(&p,
               "shl.b32 %%r6, %%r0, 2;\nadd.u32 %%r6, %%r6, %d;\nadd.u32 %%r6, %%r6, %%r2;\nld.shared.u32 %%r7, "
               "[%%r6];\n"
               "st.global.u32 [%%rd5+%d], %%r7;\n",
               i * 128, off + i * 128);
        sb(&p, "bar.warp.sync -1;\n");
    }
    sb(&p, "movmatrix.sync.aligned.m8n8.trans.b16 %%r8, %%r21;\nst.global.u32 [%%rd5+%d], %%r8;\nret;\n}\n", off);
    uint32_t *out = calloc(128 * 12 + 32, 4);
    int32_t permc[32];
    memcpy(permc, perm, sizeof permc);
    tu_buf bufs[2] = {{permc, sizeof permc}, {out, (128 * 12 + 32) * 4}};
    assert_int_equal(run_kernel(p.s, 1, bufs, 2), PS_OK);
    for (int i = 0; i < 128 * 12 + 32; i++)
        if (out[i] != want[i])
            fail_msg("matrix word %d (variant %d): ptxsim 0x%08x, H200 0x%08x", i, i / 128, out[i], want[i]);
    free(out), free(rec), free(p.s);
}

/* wmma.mma with each .alayout/.blayout pair, A and B loaded from memory in those layouts: the
 * recorded D (the H200's) against ptxsim's */
static void test_wmma_layout_pairs_vs_h200(void **state) {
    (void)state;
    static const char *lay[2] = {"row", "col"};
    for (int v = 0; v < 4; v++) {
        int acol = v >> 1, bcol = v & 1;
        char file[64];
        snprintf(file, sizeof file, "wx_%s_%s.bin", lay[acol], lay[bcol]);
        size_t len;
        uint8_t *rec = slurp(file, &len);
        size_t T = len / 3072;
        assert_int_equal(len, T * 3072);
        /* memory image as the probe laid it out: A and B in the named layouts */
        uint8_t *in = malloc(T * 2048), *out = calloc(T, 1024);
        for (size_t t = 0; t < T; t++) {
            const uint8_t *L = rec + t * 2048;
            uint8_t *P = in + t * 2048;
            for (int i = 0; i < 16; i++)
                for (int j = 0; j < 16; j++) {
                    memcpy(P + 2 * (acol ? j * 16 + i : i * 16 + j), L + 2 * (i * 16 + j), 2);
                    memcpy(P + 512 + 2 * (bcol ? j * 16 + i : i * 16 + j), L + 512 + 2 * (i * 16 + j), 2);
                }
            memcpy(P + 1024, L + 1024, 1024);
        }
        sbuf p = {0};
        sb(&p,
           ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pin, .param .u64 pout) {\n"
           ".reg .b32 %%r<200>;\n.reg .b64 %%rd<20>;\nld.param.u64 %%rd1, [pin];\nld.param.u64 %%rd2, [pout];\n"
           "mov.u32 %%r190, %%ctaid.x;\nmul.wide.u32 %%rd3, %%r190, 2048;\nadd.s64 %%rd4, %%rd1, %%rd3;\n"
           "mul.wide.u32 %%rd3, %%r190, 1024;\nadd.s64 %%rd7, %%rd2, %%rd3;\n");
        sb(&p, "wmma.load.a.sync.aligned.%s.m16n16k16.global.f16 ", lay[acol]), list(&p, "%r", 0, 8),
            sb(&p, ", [%%rd4], 16;\n");
        sb(&p, "wmma.load.b.sync.aligned.%s.m16n16k16.global.f16 ", lay[bcol]), list(&p, "%r", 10, 8),
            sb(&p, ", [%%rd4+512], 16;\n");
        sb(&p, "wmma.load.c.sync.aligned.row.m16n16k16.global.f32 "), list(&p, "%r", 20, 8),
            sb(&p, ", [%%rd4+1024], 16;\n");
        sb(&p, "wmma.mma.sync.aligned.%s.%s.m16n16k16.f32.f32 ", lay[acol], lay[bcol]), list(&p, "%r", 30, 8);
        sb(&p, ", "), list(&p, "%r", 0, 8), sb(&p, ", "), list(&p, "%r", 10, 8), sb(&p, ", "), list(&p, "%r", 20, 8),
            sb(&p, ";\n");
        sb(&p, "wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%%rd7], "), list(&p, "%r", 30, 8),
            sb(&p, ", 16;\nret;\n}\n");
        tu_buf bufs[2] = {{in, T * 2048}, {out, T * 1024}};
        assert_int_equal(run_kernel(p.s, (unsigned)T, bufs, 2), PS_OK);
        if (memcmp(out, rec + T * 2048, T * 1024)) fail_msg("%s: D differs from the H200's", file);
        free(in), free(out), free(rec), free(p.s);
    }
}

/* ---- sub-byte and single-bit wmma, wmma.mma .f64 rounding modifiers -------------------------- */

/* The kernel lab/mma/probe_subbyte.c ran for one wsub_index.txt line (layouts in its header):
 * loads A, B, C, runs the recorded wmma.mma, dumps the four fragments' registers and stores D. */
static void wsub_kernel(sbuf *p, const char *mma, const char *type, const char *cl, const char *dl, int stride) {
    sb(p,
       ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pin, .param .u64 pout) {\n"
       ".reg .b32 %%r<40>;\n.reg .b64 %%rd<20>;\n.reg .f64 %%fd<10>;\nld.param.u64 %%rd1, [pin];\n"
       "ld.param.u64 %%rd2, [pout];\ncvta.to.global.u64 %%rd1, %%rd1;\ncvta.to.global.u64 %%rd2, %%rd2;\n"
       "mov.u32 %%r30, %%ctaid.x;\nmov.u32 %%r31, %%tid.x;\nmul.wide.u32 %%rd3, %%r30, 1024;\n"
       "add.s64 %%rd4, %%rd1, %%rd3;\nmul.wide.u32 %%rd3, %%r30, 1280;\nadd.s64 %%rd5, %%rd2, %%rd3;\n"
       "mul.wide.u32 %%rd6, %%r31, 4;\nadd.s64 %%rd7, %%rd5, %%rd6;\nmul.wide.u32 %%rd6, %%r31, 8;\n"
       "add.s64 %%rd8, %%rd5, %%rd6;\n");
    if (!strcmp(type, "f64")) {
        sb(p,
           "wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%%fd0}, [%%rd4];\n"
           "wmma.load.b.sync.aligned.col.m8n8k4.global.f64 {%%fd1}, [%%rd4+256];\n"
           "wmma.load.c.sync.aligned.row.m8n8k4.global.f64 {%%fd2, %%fd3}, [%%rd4+512];\n"
           "%s {%%fd4, %%fd5}, {%%fd0}, {%%fd1}, {%%fd2, %%fd3};\n"
           "st.global.f64 [%%rd8], %%fd4;\nst.global.f64 [%%rd8+256], %%fd5;\n"
           "wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [%%rd5+768], {%%fd4, %%fd5};\nret;\n}\n",
           mma);
        return;
    }
    bool b1 = !strcmp(type, "b1");
    const char *shape = b1 ? "m8n8k128" : "m8n8k32";
    char sa[16] = "", sc[16] = "";
    if (stride) snprintf(sa, sizeof sa, ", %d", b1 ? 256 : 64), snprintf(sc, sizeof sc, ", 16");
    sb(p, "wmma.load.a.sync.aligned.row.%s.global.%s {%%r0}, [%%rd4]%s;\n", shape, type, sa);
    sb(p, "wmma.load.b.sync.aligned.col.%s.global.%s {%%r1}, [%%rd4+256]%s;\n", shape, type, sa);
    sb(p, "wmma.load.c.sync.aligned.%s.%s.global.s32 {%%r2, %%r3}, [%%rd4+512]%s;\n", cl, shape, sc);
    sb(p, "%s {%%r4, %%r5}, {%%r0}, {%%r1}, {%%r2, %%r3};\n", mma);
    for (int i = 0; i < 6; i++) sb(p, "st.global.u32 [%%rd7+%d], %%r%d;\n", 128 * i, i);
    sb(p, "wmma.store.d.sync.aligned.%s.%s.global.s32 [%%rd5+768], {%%r4, %%r5}%s;\nret;\n}\n", dl, shape, sc);
}

static void test_wmma_subbyte_vs_h200(void **state) {
    (void)state;
    char ipath[512];
    snprintf(ipath, sizeof ipath, "%s/wsub_index.txt", data_dir());
    FILE *f = fopen(ipath, "r");
    assert_non_null(f);
    char line[512];
    int nforms = 0;
    long tests = 0;
    while (fgets(line, sizeof line, f)) {
        char name[64], mma[128], cl[8], dl[8], type[8];
        int T, stride;
        if (strncmp(line, "wsub ", 5)) continue;
        if (sscanf(line, "wsub %63s %d \"%127[^\"]\" %7s %7s %d", name, &T, mma, cl, dl, &stride) != 6)
            fail_msg("bad line %s", line);
        snprintf(type, sizeof type, "%.3s", name);
        if (type[2] == '_') type[2] = 0;
        sbuf p = {0};
        wsub_kernel(&p, mma, type, cl, dl, stride);
        char file[96];
        snprintf(file, sizeof file, "wsub_%s.bin", name);
        size_t len;
        uint8_t *data = slurp(file, &len);
        size_t inb = (size_t)T * 1024, outb = (size_t)T * 1280;
        assert_int_equal(len, inb + outb);
        uint8_t *out = malloc(outb);
        memset(out, 0xee, outb); /* the probe's fill: wmma.store.d leaves the rest of D's rows */
        tu_buf bufs[2] = {{data, inb}, {out, outb}};
        assert_int_equal(run_kernel(p.s, (unsigned)T, bufs, 2), PS_OK);
        static const char *part[] = {"A registers", "B registers", "C registers", "C registers", "D registers",
                                     "D registers", "stored D",    "stored D",    "stored D",    "stored D"};
        static const char *part64[] = {"D registers", "D registers", "D registers", "D registers", "-",
                                       "-",           "stored D",    "stored D",    "stored D",    "stored D"};
        const char **parts = strcmp(type, "f64") ? part : part64;
        for (size_t i = 0; i < outb; i++)
            if (out[i] != data[inb + i])
                fail_msg("%s: test %zu, %s, byte %zu: ptxsim 0x%02x, H200 0x%02x", name, i / 1280,
                         parts[i % 1280 / 128], i % 1280, out[i], data[inb + i]);
        free(out), free(data), free(p.s);
        nforms++, tests += T;
    }
    fclose(f);
    print_message("sub-byte/.b1/.f64-rounding wmma: %d forms, %ld tests equal to the H200's\n", nforms, tests);
    assert_true(nforms >= 35);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mma_sync_vs_h200),          cmocka_unit_test(test_wmma_vs_h200),
        cmocka_unit_test(test_wmma_layouts_vs_h200),      cmocka_unit_test(test_matrix_vs_h200),
        cmocka_unit_test(test_wmma_layout_pairs_vs_h200), cmocka_unit_test(test_wmma_subbyte_vs_h200),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
