/* init.c — `ptxsim init FILE.ptx [--kernel NAME] [-o CASE.json]`: writes a manifest (DESIGN §6)
 * for one kernel from its .entry signature, so that a first `ptxsim run` needs only the values
 * filled in. Pointer parameters (those the kernel accesses memory through) become buffers of the
 * type of their first access; other parameters become scalars of their declared type, by-value
 * arrays "bytes". JSON has no comments, so what each entry is and what to check goes to a sidecar
 * README next to the manifest (or to stderr when the manifest goes to stdout). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"
#include "init.h"
#include "ptxsim.h"

enum { INIT_OK = 0, INIT_BAD_INPUT = 2 };

/* "vadd_param_0" → "param_0"; hand-written names stay. */
static const char *short_param_name(const char *n) {
    const char *p = strstr(n, "_param_");
    return p ? p + 1 : n;
}

static bool buffer_type_ok(const char *t) {
    static const char *const ok[] = {"u8", "s8",  "u16", "s16", "u32", "s32",  "u64", "s64",
                                     "b8", "b16", "b32", "b64", "f16", "bf16", "f32", "f64"};
    for (size_t i = 0; t && i < sizeof ok / sizeof *ok; i++)
        if (!strcmp(t, ok[i])) return true;
    return false;
}

static size_t type_bytes(const char *t) {
    int bits = atoi(t + (t[0] == 'b' && t[1] == 'f' ? 2 : 1));
    return bits >= 8 ? (size_t)bits / 8 : 1;
}

/* The manifest's "ptx": the PTX path relative to the manifest's folder when both are given as
 * paths that can be resolved, else as written. */
static void ptx_reference(const char *ptx, const char *out, char *buf, size_t cap) {
    char rp[PATH_MAX], ro[PATH_MAX], dir[PATH_MAX];
    snprintf(buf, cap, "%s", ptx);
    if (!out || !realpath(ptx, rp)) return;
    snprintf(dir, sizeof dir, "%s", out);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
    else snprintf(dir, sizeof dir, ".");
    if (!realpath(dir, ro)) return;
    /* common prefix by components, then ../ per remaining component of the manifest's folder */
    size_t i = 0, cut = 0;
    while (rp[i] && rp[i] == ro[i]) {
        if (rp[i] == '/') cut = i;
        i++;
    }
    if (!ro[i] && rp[i] == '/') cut = i;
    size_t n = 0;
    buf[0] = 0;
    for (const char *q = ro + cut; *q; q++)
        if (*q == '/') n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "../");
    snprintf(buf + (n < cap ? n : cap - 1), n < cap ? cap - n : 1, "%s", rp + cut + 1);
}

typedef struct {
    const char *ptx, *kernel, *out;
    bool force;
} init_options;

static int usage_error(const char *msg, const char *arg) {
    fprintf(stderr, "ptxsim: error: %s%s%s\nusage: ptxsim init FILE.ptx [--kernel NAME] [-o CASE.json] [--force]\n",
            msg, arg ? " " : "", arg ? arg : "");
    return INIT_BAD_INPUT;
}

static int parse_args(int argc, char **argv, init_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--kernel") || !strcmp(a, "-o") || !strcmp(a, "--out")) {
            if (i + 1 >= argc) return usage_error("option needs a value:", a);
            if (a[1] == 'k' || a[2] == 'k') o->kernel = argv[++i];
            else o->out = argv[++i];
        } else if (!strcmp(a, "--force")) {
            o->force = true;
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option for init:", a);
        } else if (o->ptx) {
            return usage_error("init takes one PTX file; a second:", a);
        } else {
            o->ptx = a;
        }
    }
    return o->ptx ? 0 : usage_error("init needs a PTX file", NULL);
}

/* Picks the kernel: by name (mangled or its unqualified name), else the only one. */
static ptxsim_kernel *pick_kernel(ptxsim_module *m, const char *want, const char *ptx) {
    int n = ptxsim_module_kernel_count(m), found = -1, matches = 0;
    for (int i = 0; i < n; i++)
        if (!want || ptxsim_kernel_name_matches(ptxsim_module_kernel_name(m, i), want)) found = i, matches++;
    if (matches != 1) {
        if (!n) fprintf(stderr, "ptxsim: error: %s has no kernel (.entry)\n", ptx);
        else if (!want) fprintf(stderr, "ptxsim: error: %s has %d kernels; name one with --kernel:\n", ptx, n);
        else if (!matches) fprintf(stderr, "ptxsim: error: %s has no kernel named '%s'; its kernels:\n", ptx, want);
        else
            fprintf(stderr, "ptxsim: error: '%s' names %d kernels of %s; give the mangled name:\n", want, matches, ptx);
        for (int i = 0; i < n; i++) {
            const char *k = ptxsim_module_kernel_name(m, i);
            char pretty[1024];
            if (want && matches && !ptxsim_kernel_name_matches(k, want)) continue;
            if (ps_demangle(k, pretty, sizeof pretty)) fprintf(stderr, "  %s  (%s)\n", k, pretty);
            else fprintf(stderr, "  %s\n", k);
        }
        return NULL;
    }
    ptxsim_kernel *k = NULL;
    ptxsim_module_kernel(m, ptxsim_module_kernel_name(m, found), &k);
    return k;
}

static void write_template(FILE *j, FILE *r, ptxsim_kernel *k, const char *ptx_ref, const char *ptx) {
    ptxsim_kernel_info ki;
    ptxsim_kernel_get_info(k, &ki);
    int block[3] = {128, 1, 1};
    const char *block_why = "no .reqntid or .maxntid: 128 threads is a guess";
    if (ki.reqntid[0]) memcpy(block, ki.reqntid, sizeof block), block_why = "from .reqntid (required)";
    else if (ki.maxntid[0]) memcpy(block, ki.maxntid, sizeof block), block_why = "from .maxntid (the most allowed)";
    for (int d = 0; d < 3; d++)
        if (block[d] < 1) block[d] = 1;
    uint64_t threads = (uint64_t)block[0] * (uint64_t)block[1] * (uint64_t)block[2];
    const char *name = ptxsim_kernel_name(k);
    fprintf(j, "{\n  \"ptx\": \"%s\",\n  \"kernel\": \"%s\",\n", ptx_ref, name);
    fprintf(j, "  \"grid\": [1, 1, 1],\n  \"block\": [%d, %d, %d],\n", block[0], block[1], block[2]);
    fprintf(
        r,
        "# Launch template for `%s` (%s)\n\nWritten by `ptxsim init`. JSON has no comments, so the notes are here.\n"
        "Fill in the values, then `ptxsim run CASE.json` (docs: DESIGN.md section 6, the manifest).\n\n"
        "- `grid` [1, 1, 1]: one block; set how many the kernel needs.\n- `block` [%d, %d, %d]: %s.\n",
        name, ptx, block[0], block[1], block[2], block_why);
    int np = ptxsim_kernel_param_count(k);
    ptxsim_param_desc *d = calloc((size_t)np + 1, sizeof *d);
    for (int i = 0; i < np; i++) ptxsim_kernel_param_desc(k, i, &d[i]);
    fprintf(j, "  \"buffers\": [");
    int nb = 0;
    for (int i = 0; i < np; i++) {
        if (!(d[i].used_as_address || d[i].declared_pointer)) continue;
        const char *t = buffer_type_ok(d[i].access_type) ? d[i].access_type : "u8";
        uint64_t count = threads * (t[0] == 'u' && t[1] == '8' && !d[i].access_type ? 4 : 1);
        fprintf(j, "%s\n    {\"name\": \"%s\", \"type\": \"%s\", \"count\": %llu, \"init\": {\"fill\": 0}}",
                nb++ ? "," : "", short_param_name(d[i].name), t, (unsigned long long)count);
        if (d[i].access_type)
            fprintf(r,
                    "- buffer `%s` (parameter %d, `%s`): the kernel accesses memory through it, first as .%s "
                    "(PTX line %d). %llu elements, one per thread of the block: set the count, and the `init` "
                    "(`{\"fill\": V}` or `{\"file\": \"x.bin\"}`, raw little-endian bytes).\n",
                    short_param_name(d[i].name), i, d[i].name, d[i].access_type, d[i].access_line,
                    (unsigned long long)count);
        else
            fprintf(r,
                    "- buffer `%s` (parameter %d, `%s`): declared .ptr but never accessed here; the element type "
                    "is unknown, u8 is a placeholder.\n",
                    short_param_name(d[i].name), i, d[i].name);
    }
    fprintf(j, "%s],\n  \"params\": [", nb ? "\n  " : "");
    for (int i = 0; i < np; i++) {
        const char *sep = i ? ", " : "";
        if (d[i].used_as_address || d[i].declared_pointer) {
            fprintf(j, "%s{\"buffer\": \"%s\"}", sep, short_param_name(d[i].name));
        } else if (d[i].is_array || d[i].vector > 1) {
            fprintf(j, "%s{\"bytes\": \"", sep);
            for (size_t b = 0; b < d[i].size; b++) fputs("00", j);
            fputs("\"}", j);
            fprintf(r,
                    "- parameter %d `%s`: %zu bytes passed by value (a struct or array); `bytes` is their hex, "
                    "little-endian, all zero here.\n",
                    i, d[i].name, d[i].size);
        } else {
            bool is_float = d[i].type[0] == 'f';
            bool wide = type_bytes(d[i].type) >= 4;
            fprintf(j, "%s{\"%s\": %llu}", sep, d[i].type, (unsigned long long)(is_float || !wide ? 0 : threads));
            if (d[i].size == 8 && !is_float)
                fprintf(r,
                        "- parameter %d `%s` (.%s): a scalar here, %llu; the kernel never accesses memory through "
                        "it. If it is a pointer the kernel passes on (to a function or in memory), make it a "
                        "buffer.\n",
                        i, d[i].name, d[i].type, (unsigned long long)threads);
            else
                fprintf(r, "- parameter %d `%s` (.%s): a scalar, %s.\n", i, d[i].name, d[i].type,
                        is_float || !wide ? "0 here" : "the element count here (a guess)");
        }
    }
    fprintf(j, "]\n}\n");
    fprintf(r,
            "\nTo compare results, add `\"expect\": {\"BUFFER\": {\"file\": \"expected.bin\"}}` "
            "(exact; tolerances: docs).\n");
    free(d);
}

int ptxsim_cmd_init(int argc, char **argv) {
    init_options o = {0};
    if (parse_args(argc, argv, &o)) return INIT_BAD_INPUT;
    struct stat st;
    if (o.out && !o.force && stat(o.out, &st) == 0) {
        fprintf(stderr, "ptxsim: error: %s exists; --force overwrites it\n", o.out);
        return INIT_BAD_INPUT;
    }
    ptxsim_context *ctx;
    if (ptxsim_context_create(NULL, &ctx, NULL) != PTXSIM_OK) return INIT_BAD_INPUT;
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *diag = NULL;
    ptxsim_status s = ptxsim_module_load_file(ctx, o.ptx, &m, &diag);
    ptxsim_diagnostics_print(diag, stderr);
    ptxsim_diagnostics_free(diag);
    int rc = INIT_BAD_INPUT;
    ptxsim_kernel *k = s == PTXSIM_OK ? pick_kernel(m, o.kernel, o.ptx) : NULL;
    if (s != PTXSIM_OK) fprintf(stderr, "ptxsim: error: %s: %s\n", o.ptx, ptxsim_status_string(s));
    if (k) {
        char ref[PATH_MAX + 64];
        ptx_reference(o.ptx, o.out, ref, sizeof ref);
        FILE *j = stdout, *r = stderr;
        char readme[PATH_MAX + 16];
        if (o.out) {
            size_t n = strlen(o.out);
            const char *ext = n > 5 && !strcmp(o.out + n - 5, ".json") ? o.out + n - 5 : o.out + n;
            snprintf(readme, sizeof readme, "%.*s.README.md", (int)(ext - o.out), o.out);
            j = fopen(o.out, "w");
            r = j ? fopen(readme, "w") : NULL;
            if (!j || !r) {
                fprintf(stderr, "ptxsim: error: cannot write %s: %s\n", j ? readme : o.out, strerror(errno));
                if (j) fclose(j);
                j = r = NULL;
            }
        }
        if (j && r) {
            write_template(j, r, k, ref, o.ptx);
            rc = INIT_OK;
            if (o.out) {
                rc = (fclose(j) | fclose(r)) ? INIT_BAD_INPUT : INIT_OK;
                fprintf(stderr, "ptxsim: wrote %s and %s\n", o.out, readme);
            }
            if (!strncmp(ref, "../", 3) || ref[0] == '/')
                fprintf(stderr,
                        "ptxsim: note: the manifest refers to %s, outside its folder: run it with "
                        "--allow-paths DIR, or write it next to the PTX (docs/limits.md)\n",
                        ref);
        }
    }
    ptxsim_context_destroy(ctx);
    return rc;
}
