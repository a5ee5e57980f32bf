/* ps_oracle driver: `gen CORPUS_DIR [CASE...]` writes manifests, inputs and expected outputs;
 * `check CORPUS_DIR [CASE...]` recomputes everything in memory and compares with the files;
 * `list` prints the case names. See oracle.h and docs/corpus.md. */
#define _GNU_SOURCE
#include "oracle.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>

enum { KIND_CU, KIND_HAND, KIND_LLVM };

typedef struct {
    char name[32];
    oc_type type;
    size_t count;
    bool from_file;
    double fill;
    void *init;   /* initial contents (count elements) */
    void *expect; /* expected contents, or NULL when unchecked */
    int tol_kind; /* 0 none, 1 ulp, 2 abs/rel */
    unsigned ulp;
    double abs_tol, rel_tol;
} oc_buf;

typedef struct {
    enum { P_BUF, P_U32, P_S32, P_U64, P_S64, P_F32, P_F64, P_BYTES } kind;
    char buf[32];
    uint64_t u;
    int64_t s;
    double d;
    float f;
    unsigned char bytes[256];
    size_t nbytes;
} oc_param;

struct oc_case {
    const char *name;
    int kind;
    const char *kernel;
    unsigned grid[3], block[3], shared;
    bool has_shared;
    oc_buf bufs[16];
    int nbufs;
    oc_param params[32];
    int nparams;
    uint64_t rng;
    char archs[128];
    char lib[64];
    char *output; /* expected printed text, or NULL */
    size_t output_len;
    char variant[32];
    int variant_param;
    int32_t variant_value;
    char *variant_output;
    size_t variant_output_len;
    char *variant_stderr;
    size_t variant_stderr_len;
};

static const char *type_name[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f16", "bf16", "f32", "f64"};
static const size_t type_size[] = {1, 1, 2, 2, 4, 4, 8, 8, 2, 2, 4, 8};

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ps_oracle: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

static void *xcalloc(size_t n, size_t s) {
    void *p = calloc(n ? n : 1, s ? s : 1);
    if (!p) die("out of memory");
    return p;
}

/* ------------------------------------------------------------------ launch */
void oc_kernel(oc_case *c, const char *kernel) { c->kernel = kernel; }
void oc_grid(oc_case *c, unsigned x, unsigned y, unsigned z) {
    c->grid[0] = x;
    c->grid[1] = y;
    c->grid[2] = z;
}
void oc_block(oc_case *c, unsigned x, unsigned y, unsigned z) {
    c->block[0] = x;
    c->block[1] = y;
    c->block[2] = z;
}
void oc_shared(oc_case *c, unsigned bytes) {
    c->shared = bytes;
    c->has_shared = true;
}

/* ------------------------------------------------------------------ buffers */
static oc_buf *find_buf(oc_case *c, const char *name) {
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, name)) return &c->bufs[i];
    die("%s: no buffer named %s", c->name, name);
    return NULL;
}

static oc_buf *new_buf(oc_case *c, const char *name, oc_type t, size_t count) {
    if (c->nbufs == 16) die("%s: too many buffers", c->name);
    for (int i = 0; i < c->nbufs; i++)
        if (!strcmp(c->bufs[i].name, name)) die("%s: duplicate buffer %s", c->name, name);
    oc_buf *b = &c->bufs[c->nbufs++];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->type = t;
    b->count = count;
    b->init = xcalloc(count, type_size[t]);
    return b;
}

void *oc_in(oc_case *c, const char *name, oc_type t, size_t count) {
    oc_buf *b = new_buf(c, name, t, count);
    b->from_file = true;
    return b->init;
}

void oc_fill(oc_case *c, const char *name, oc_type t, size_t count, double value) {
    oc_buf *b = new_buf(c, name, t, count);
    b->fill = value;
    unsigned char *p = b->init;
    size_t sz = type_size[t];
    for (size_t i = 0; i < count; i++) {
        unsigned char tmp[8];
        switch (t) {
        case OT_U8:
        case OT_S8: {
            int8_t v = (int8_t)(int64_t)value;
            memcpy(tmp, &v, 1);
            break;
        }
        case OT_U16:
        case OT_S16: {
            int16_t v = (int16_t)(int64_t)value;
            memcpy(tmp, &v, 2);
            break;
        }
        case OT_U32:
        case OT_S32: {
            int32_t v = (int32_t)(int64_t)value;
            memcpy(tmp, &v, 4);
            break;
        }
        case OT_U64:
        case OT_S64: {
            int64_t v = (int64_t)value;
            memcpy(tmp, &v, 8);
            break;
        }
        case OT_F32: {
            float v = (float)value;
            memcpy(tmp, &v, 4);
            break;
        }
        case OT_F64: memcpy(tmp, &value, 8); break;
        default:
            if (value != 0) die("%s: non-zero fill of f16/bf16 not supported", c->name);
            memset(tmp, 0, sizeof tmp);
        }
        memcpy(p + i * sz, tmp, sz);
    }
}

void *oc_out(oc_case *c, const char *name) {
    oc_buf *b = find_buf(c, name);
    if (!b->expect) {
        b->expect = xcalloc(b->count, type_size[b->type]);
        memcpy(b->expect, b->init, b->count * type_size[b->type]);
    }
    return b->expect;
}

void oc_tol_ulp(oc_case *c, const char *name, unsigned ulp) {
    oc_buf *b = find_buf(c, name);
    b->tol_kind = 1;
    b->ulp = ulp;
}

void oc_tol_absrel(oc_case *c, const char *name, double abs_tol, double rel_tol) {
    oc_buf *b = find_buf(c, name);
    b->tol_kind = 2;
    b->abs_tol = abs_tol;
    b->rel_tol = rel_tol;
}

/* ------------------------------------------------------------------ nvcc features */
void oc_archs(oc_case *c, const char *archs) { snprintf(c->archs, sizeof c->archs, "%s", archs); }
void oc_link(oc_case *c, const char *lib) { snprintf(c->lib, sizeof c->lib, "%s", lib); }

static char *dup_text(const char *text, size_t n) {
    char *p = xcalloc(n + 1, 1);
    memcpy(p, text, n);
    return p;
}

void oc_expect_output(oc_case *c, const char *text, size_t n) {
    free(c->output);
    c->output = dup_text(text, n);
    c->output_len = n;
}

void oc_fault_variant(oc_case *c, const char *name, int param, int32_t value, const char *text, size_t n) {
    if (param < 0 || param >= c->nparams || c->params[param].kind != P_S32)
        die("%s: variant parameter %d is not an s32", c->name, param);
    snprintf(c->variant, sizeof c->variant, "%s", name);
    c->variant_param = param;
    c->variant_value = value;
    free(c->variant_output);
    c->variant_output = dup_text(text, n);
    c->variant_output_len = n;
}

void oc_fault_variant_stderr(oc_case *c, const char *text, size_t n) {
    if (!c->variant[0]) die("%s: oc_fault_variant_stderr before oc_fault_variant", c->name);
    free(c->variant_stderr);
    c->variant_stderr = dup_text(text, n);
    c->variant_stderr_len = n;
}

/* ------------------------------------------------------------------ params */
static oc_param *new_param(oc_case *c, int kind) {
    if (c->nparams == 32) die("%s: too many params", c->name);
    oc_param *p = &c->params[c->nparams++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    return p;
}
void oc_p_buf(oc_case *c, const char *name) {
    find_buf(c, name);
    snprintf(new_param(c, P_BUF)->buf, 32, "%s", name);
}
void oc_p_u32(oc_case *c, uint32_t v) { new_param(c, P_U32)->u = v; }
void oc_p_s32(oc_case *c, int32_t v) { new_param(c, P_S32)->s = v; }
void oc_p_u64(oc_case *c, uint64_t v) {
    if (v >> 53) die("%s: u64 param too large for JSON", c->name);
    new_param(c, P_U64)->u = v;
}
void oc_p_s64(oc_case *c, int64_t v) { new_param(c, P_S64)->s = v; }
void oc_p_f32(oc_case *c, float v) { new_param(c, P_F32)->f = v; }
void oc_p_f64(oc_case *c, double v) { new_param(c, P_F64)->d = v; }
void oc_p_bytes(oc_case *c, const void *p, size_t n) {
    oc_param *q = new_param(c, P_BYTES);
    if (n > sizeof q->bytes) die("%s: struct param too large", c->name);
    memcpy(q->bytes, p, n);
    q->nbytes = n;
}

/* ------------------------------------------------------------------ rng */
uint64_t oc_rand64(oc_case *c) {
    uint64_t z = (c->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
uint32_t oc_rand32(oc_case *c) { return (uint32_t)(oc_rand64(c) >> 32); }
int64_t oc_range(oc_case *c, int64_t lo, int64_t hi) {
    uint64_t span = (uint64_t)(hi - lo) + 1;
    if (span == 0) return (int64_t)oc_rand64(c);
    return lo + (int64_t)(oc_rand64(c) % span);
}
float oc_uniformf(oc_case *c, float lo, float hi) {
    float u = (float)(oc_rand32(c) >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
}
double oc_uniform(oc_case *c, double lo, double hi) {
    double u = (double)(oc_rand64(c) >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * u;
}

/* ------------------------------------------------------------------ output */
typedef struct {
    char *p;
    size_t n, cap;
} sbuf;

static void sb_printf(sbuf *s, const char *fmt, ...) {
    va_list ap;
    for (;;) {
        size_t room = s->cap - s->n;
        va_start(ap, fmt);
        int k = vsnprintf(s->p ? s->p + s->n : NULL, room, fmt, ap);
        va_end(ap);
        if (k < 0) die("format error");
        if ((size_t)k < room) {
            s->n += (size_t)k;
            return;
        }
        s->cap = (s->cap + (size_t)k + 1) * 2;
        s->p = realloc(s->p, s->cap);
        if (!s->p) die("out of memory");
    }
}

static void fmt_double(char *out, size_t n, double v) {
    /* shortest of %.{1..17}g that round-trips */
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, n, "%.*g", prec, v);
        if (strtod(out, NULL) == v) return;
    }
}

static void fmt_float(char *out, size_t n, float v) {
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(out, n, "%.*g", prec, (double)v);
        if (strtof(out, NULL) == v) return;
    }
}

/* variant: NULL for the case's manifest, else the fault variant's (its parameter replaced, no
 * buffer expectations, its own expected output). */
static void manifest_json(oc_case *c, sbuf *s, const char *ptx, const char *lib_ptx, const char *variant) {
    char num[64];
    sb_printf(s, "{\n");
    if (lib_ptx) sb_printf(s, "  \"ptx\": [\"%s\", \"%s\"],\n", ptx, lib_ptx);
    else sb_printf(s, "  \"ptx\": \"%s\",\n", ptx);
    sb_printf(s, "  \"kernel\": \"%s\",\n", c->kernel);
    sb_printf(s, "  \"grid\": [%u, %u, %u],\n", c->grid[0], c->grid[1], c->grid[2]);
    sb_printf(s, "  \"block\": [%u, %u, %u],\n", c->block[0], c->block[1], c->block[2]);
    if (c->has_shared) sb_printf(s, "  \"shared_bytes\": %u,\n", c->shared);
    sb_printf(s, "  \"buffers\": [\n");
    for (int i = 0; i < c->nbufs; i++) {
        oc_buf *b = &c->bufs[i];
        sb_printf(s, "    {\"name\": \"%s\", \"type\": \"%s\", \"count\": %zu, \"init\": ", b->name, type_name[b->type],
                  b->count);
        if (b->from_file) sb_printf(s, "{\"file\": \"%s.in.bin\"}}", b->name);
        else {
            fmt_double(num, sizeof num, b->fill);
            sb_printf(s, "{\"fill\": %s}}", num);
        }
        sb_printf(s, "%s\n", i + 1 < c->nbufs ? "," : "");
    }
    sb_printf(s, "  ],\n");
    sb_printf(s, "  \"params\": [");
    for (int i = 0; i < c->nparams; i++) {
        oc_param *p = &c->params[i];
        if (i) sb_printf(s, ", ");
        switch (p->kind) {
        case P_BUF: sb_printf(s, "{\"buffer\": \"%s\"}", p->buf); break;
        case P_U32: sb_printf(s, "{\"u32\": %llu}", (unsigned long long)p->u); break;
        case P_S32:
            sb_printf(s, "{\"s32\": %lld}",
                      variant && i == c->variant_param ? (long long)c->variant_value : (long long)p->s);
            break;
        case P_U64: sb_printf(s, "{\"u64\": %llu}", (unsigned long long)p->u); break;
        case P_S64: sb_printf(s, "{\"s64\": %lld}", (long long)p->s); break;
        case P_F32:
            fmt_float(num, sizeof num, p->f);
            sb_printf(s, "{\"f32\": %s}", num);
            break;
        case P_F64:
            fmt_double(num, sizeof num, p->d);
            sb_printf(s, "{\"f64\": %s}", num);
            break;
        case P_BYTES:
            sb_printf(s, "{\"bytes\": \"");
            for (size_t k = 0; k < p->nbytes; k++) sb_printf(s, "%02x", p->bytes[k]);
            sb_printf(s, "\"}");
            break;
        }
    }
    sb_printf(s, "],\n");
    if (variant) sb_printf(s, "  \"expect_output\": {\"file\": \"%s.output.expected.txt\"},\n", variant);
    else if (c->output) sb_printf(s, "  \"expect_output\": {\"file\": \"output.expected.txt\"},\n");
    sb_printf(s, "  \"expect\": {");
    int ne = 0;
    for (int i = 0; i < c->nbufs && !variant; i++) {
        oc_buf *b = &c->bufs[i];
        if (!b->expect) continue;
        sb_printf(s, "%s\n    \"%s\": {\"file\": \"%s.expected.bin\"", ne ? "," : "", b->name, b->name);
        if (b->tol_kind == 1) sb_printf(s, ", \"tolerance\": {\"ulp\": %u}", b->ulp);
        if (b->tol_kind == 2) {
            char a[64], r[64];
            fmt_double(a, sizeof a, b->abs_tol);
            fmt_double(r, sizeof r, b->rel_tol);
            sb_printf(s, ", \"tolerance\": {\"abs\": %s, \"rel\": %s}", a, r);
        }
        sb_printf(s, "}");
        ne++;
    }
    sb_printf(s, "%s}\n}\n", ne ? "\n  " : "");
}

/* ------------------------------------------------------------------ files */
static int mode_check;
static int n_diff, n_files;

static void write_file(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) die("cannot write %s: %s", path, strerror(errno));
    if (n && fwrite(data, 1, n, f) != n) die("short write %s", path);
    if (fclose(f)) die("cannot write %s", path);
}

static unsigned char *read_file(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0;
    unsigned char *p = xcalloc(cap, 1);
    size_t k;
    while ((k = fread(p + len, 1, cap - len, f)) > 0) {
        len += k;
        if (len == cap) {
            cap *= 2;
            p = realloc(p, cap);
            if (!p) die("out of memory");
        }
    }
    fclose(f);
    *n = len;
    return p;
}

/* Write (gen) or compare (check) one file. */
static void emit(const char *dir, const char *file, const void *data, size_t n, size_t esize) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    n_files++;
    if (!mode_check) {
        write_file(path, data, n);
        return;
    }
    size_t have_n;
    unsigned char *have = read_file(path, &have_n);
    if (!have) {
        fprintf(stderr, "MISSING  %s\n", path);
        n_diff++;
        return;
    }
    if (have_n != n) {
        fprintf(stderr, "DIFFER   %s: size %zu, oracle computes %zu bytes\n", path, have_n, n);
        n_diff++;
    } else if (memcmp(have, data, n)) {
        size_t i = 0;
        while (((const unsigned char *)data)[i] == have[i]) i++;
        size_t e = i / esize;
        fprintf(stderr, "DIFFER   %s: first difference at byte %zu (element %zu)\n", path, i, e);
        n_diff++;
    }
    free(have);
}

static void mkdir_p(const char *dir) {
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *q = tmp + 1; *q; q++) {
        if (*q == '/') {
            *q = 0;
            mkdir(tmp, 0755);
            *q = '/';
        }
    }
    if (mkdir(tmp, 0755) && errno != EEXIST) die("cannot create %s: %s", tmp, strerror(errno));
}

/* ------------------------------------------------------------------ registry */
typedef struct {
    const char *name;
    int kind;
    void (*fn)(oc_case *);
} oc_entry;

#define CU   KIND_CU
#define HAND KIND_HAND
#define LLVM KIND_LLVM
static const oc_entry cases[] = {
#define OC_CASE(name, kind) {#name, kind, case_##name},
#include "cases.def"
#undef OC_CASE
};
#undef CU
#undef HAND
#undef LLVM

/* the folder prefix of a case kind: corpus/<prefix><name>/ (LLVM case names carry their llvm_) */
static const char *kind_prefix(int kind) { return kind == KIND_HAND ? "hand_" : ""; }
static const int ncases = (int)(sizeof cases / sizeof cases[0]);

static uint64_t name_seed(const char *s) {
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static void free_case(oc_case *c) {
    for (int i = 0; i < c->nbufs; i++) {
        free(c->bufs[i].init);
        free(c->bufs[i].expect);
    }
    free(c->output);
    free(c->variant_output);
    free(c->variant_stderr);
}

static void check_exists(const char *dir, const char *file) {
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (stat(path, &st)) {
        fprintf(stderr, "MISSING  %s (run scripts/gen_corpus.sh)\n", path);
        n_diff++;
    }
}

static void run_case(const oc_entry *e, const char *corpus) {
    oc_case *c = xcalloc(1, sizeof *c);
    c->name = e->name;
    c->kind = e->kind;
    c->rng = name_seed(e->name);
    c->grid[0] = c->grid[1] = c->grid[2] = 1;
    c->block[0] = c->block[1] = c->block[2] = 1;
    e->fn(c);
    if (!c->kernel) die("%s: no kernel", c->name);

    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s%s", corpus, kind_prefix(e->kind), e->name);
    if (!mode_check) mkdir_p(dir);

    for (int i = 0; i < c->nbufs; i++) {
        oc_buf *b = &c->bufs[i];
        char file[128];
        size_t sz = type_size[b->type];
        if (b->from_file) {
            snprintf(file, sizeof file, "%s.in.bin", b->name);
            emit(dir, file, b->init, b->count * sz, sz);
        }
        if (b->expect) {
            snprintf(file, sizeof file, "%s.expected.bin", b->name);
            emit(dir, file, b->expect, b->count * sz, sz);
        }
    }

    if (c->output) emit(dir, "output.expected.txt", c->output, c->output_len, 1);
    if (c->variant[0]) {
        char file[128];
        snprintf(file, sizeof file, "%s.output.expected.txt", c->variant);
        emit(dir, file, c->variant_output, c->variant_output_len, 1);
        if (c->variant_stderr) {
            snprintf(file, sizeof file, "%s.stderr.expected.txt", c->variant);
            emit(dir, file, c->variant_stderr, c->variant_stderr_len, 1);
        }
    }

    char archs[128];
    snprintf(archs, sizeof archs, "%s", c->archs[0] ? c->archs : "sm_80 sm_90");
    int narch = 0;
    const char *arch[8];
    for (char *tok = strtok(archs, " "); tok && narch < 8; tok = strtok(NULL, " ")) arch[narch++] = tok;
    if (e->kind != KIND_CU) narch = 1;
    for (int a = 0; a < narch; a++) {
        char ptx[256], lib_ptx[256], file[256];
        if (e->kind != KIND_CU) { /* hand-written or LLVM: one PTX file, one manifest */
            /* corpus/llvm_<src>/<src>.ptx comes from corpus/src/llvm/<src>.cu or .ll */
            snprintf(ptx, sizeof ptx, "%s.ptx", e->kind == KIND_LLVM ? e->name + 5 : e->name);
            snprintf(file, sizeof file, "case.json");
        } else {
            snprintf(ptx, sizeof ptx, "%s.%s.ptx", e->name, arch[a]);
            snprintf(file, sizeof file, "case.%s.json", arch[a]);
        }
        snprintf(lib_ptx, sizeof lib_ptx, "%s.%s.ptx", c->lib, e->kind != KIND_CU ? "" : arch[a]);
        sbuf s = {0};
        manifest_json(c, &s, ptx, c->lib[0] ? lib_ptx : NULL, NULL);
        emit(dir, file, s.p, s.n, 1);
        free(s.p);
        if (c->variant[0]) {
            snprintf(file, sizeof file, "%s.%s.json", c->variant, arch[a]);
            sbuf v = {0};
            manifest_json(c, &v, ptx, c->lib[0] ? lib_ptx : NULL, c->variant);
            emit(dir, file, v.p, v.n, 1);
            free(v.p);
        }
        if (mode_check) {
            check_exists(dir, ptx);
            if (c->lib[0]) check_exists(dir, lib_ptx);
        }
    }
    free_case(c);
    free(c);
}

static int selected(const char *name, int argc, char **argv) {
    if (argc == 0) return 1;
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], name)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "list")) {
        for (int i = 0; i < ncases; i++) printf("%s%s\n", kind_prefix(cases[i].kind), cases[i].name);
        return 0;
    }
    if (argc < 3 || (strcmp(argv[1], "gen") && strcmp(argv[1], "check"))) {
        fprintf(stderr,
                "usage: ps_oracle gen|check CORPUS_DIR [CASE...]\n"
                "       ps_oracle list\n");
        return 2;
    }
    mode_check = !strcmp(argv[1], "check");
    const char *corpus = argv[2];
    int nsel = argc - 3;
    char **sel = argv + 3;
    int ran = 0;
    for (int i = 0; i < ncases; i++) {
        char full[64];
        snprintf(full, sizeof full, "%s%s", kind_prefix(cases[i].kind), cases[i].name);
        if (!selected(cases[i].name, nsel, sel) && !selected(full, nsel, sel)) continue;
        int before = n_diff;
        run_case(&cases[i], corpus);
        ran++;
        if (mode_check) printf("%-8s %s\n", n_diff == before ? "ok" : "FAIL", full);
    }
    if (ran == 0) die("no case selected");
    if (mode_check) {
        printf("%d cases, %d files checked, %d differences\n", ran, n_files, n_diff);
        return n_diff ? 1 : 0;
    }
    printf("wrote %d files for %d cases\n", n_files, ran);
    return 0;
}

/* ------------------------------------------------------------------ specials */
const uint32_t oc_special_f32[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, /* +0 -0 1 -1 */
    0x7f800000u, 0xff800000u, 0x7fffffffu, 0xffffffffu, /* +inf -inf NaN -NaN */
    0x7fc00000u, 0x7f800001u, 0x00000001u, 0x807fffffu, /* qNaN sNaN minsub -maxsub */
    0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x3f000000u, /* minnorm max -max 0.5 */
    0x3fc00000u, 0x40200000u, 0xbfc00000u, 0xc0200000u, /* 1.5 2.5 -1.5 -2.5 */
    0x4f000000u, 0xcf000000u, 0x4f800000u, 0x5f000000u, /* 2^31 -2^31 2^32 2^63 */
    0x33800000u, 0x4b800001u, 0x3effffffu, 0x00400000u, /* 2^-24 2^24+2 0.5- sub */
    0x80000001u, 0x3fffffffu, 0xcf000001u, 0x4effffffu, /* -minsub ~2 <-2^31 <2^31 */
};
const size_t oc_n_special_f32 = sizeof oc_special_f32 / sizeof oc_special_f32[0];

const uint64_t oc_special_f64[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7fffffffffffffffull, 0xffffffffffffffffull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
    0x0000000000000001ull, 0x800fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
    0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x4004000000000000ull, 0xbff8000000000000ull, 0xc004000000000000ull,
    0x41e0000000000000ull, 0xc1e0000000000000ull, 0x41f0000000000000ull, 0x43e0000000000000ull, 0x36a0000000000000ull,
    0x36a0000000000001ull, 0x3fdfffffffffffffull, 0x0008000000000000ull, 0x41dfffffffc00000ull, 0xc1e0000000200000ull,
    0x3810000000000000ull, 0x47efffffe0000000ull,
};
const size_t oc_n_special_f64 = sizeof oc_special_f64 / sizeof oc_special_f64[0];

void oc_gen_f32(oc_case *c, float *dst, size_t n, size_t nspecial, float lo, float hi) {
    size_t i = 0;
    for (; i < n && i < nspecial; i++) dst[i] = u2f(oc_special_f32[i % oc_n_special_f32]);
    for (; i < n; i++) dst[i] = oc_uniformf(c, lo, hi);
}
