/* diff.c — `ptxsim gpu-info`, `ptxsim gpu-run` and `ptxsim diff`: run a manifest on a GPU, and
 * compare the simulator's buffers with a GPU's, live or recorded (DESIGN §5, docs/gpu.md). */
#include "diff.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cases.h"
#include "common.h"
#include "gpu.h"
#include "ptxsim.h"

enum { EXIT_OK = 0, EXIT_MISMATCH = 1, EXIT_BAD_INPUT = 2, EXIT_FAULT = 3 };

typedef enum { REF_AUTO, REF_GPU, REF_RECORDED } ref_mode;

typedef struct {
    const char *input;   /* the first CASE.json or directory */
    const char **inputs; /* all of them (diff takes several) */
    int ninputs;
    const char *out, *record;
    const char *json_file; /* diff --json FILE ("-": stdout) */
    ref_mode mode;
    int device, threads;
    uint64_t watchdog;
    bool quiet, jit_log, json;
} diff_options;

/* Whether `word` is one of the space-separated words of `list`. */
static bool has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; n && (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n])) return true;
    return false;
}

static int parse_args(int argc, char **argv, const char *allowed, diff_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        bool known = has_word(allowed, a);
        if (a[0] != '-') {
            if (o->input && strcmp(argv[0], "diff")) {
                fprintf(stderr, "ptxsim: error: %s: one case at a time ('%s' too)\n", argv[0], a);
                return -1;
            }
            if (!o->input) o->input = a;
            o->inputs = ps_xrealloc(o->inputs, (size_t)(o->ninputs + 1) * sizeof *o->inputs);
            o->inputs[o->ninputs++] = a;
            continue;
        }
        if (!known) {
            fprintf(stderr, "ptxsim: error: %s: unknown option '%s'\n", argv[0], a);
            return -1;
        }
        if (!strcmp(a, "--quiet")) o->quiet = true;
        else if (!strcmp(a, "--jit-log")) o->jit_log = true;
        else if (!strcmp(a, "--json") && strcmp(argv[0], "diff")) o->json = true; /* diff's takes a file */
        else if (!strcmp(a, "--gpu")) o->mode = REF_GPU;
        else if (!strcmp(a, "--recorded")) o->mode = REF_RECORDED;
        else if (!v) {
            fprintf(stderr, "ptxsim: error: option '%s' needs a value\n", a);
            return -1;
        } else {
            i++;
            if (!strcmp(a, "--out")) o->out = v;
            else if (!strcmp(a, "--json")) o->json_file = v;
            else if (!strcmp(a, "--record")) o->record = v;
            else if (!strcmp(a, "--device") || !strcmp(a, "--threads")) {
                long n = strtol(v, &end, 10);
                if (*end || n < 0 || (n < 1 && a[2] == 't')) {
                    fprintf(stderr, "ptxsim: error: %s needs a %s number\n", a,
                            a[2] == 't' ? "positive" : "non-negative");
                    return -1;
                }
                if (a[2] == 't') o->threads = (int)n;
                else o->device = (int)n;
            } else if (!strcmp(a, "--watchdog")) {
                o->watchdog = strtoull(v, &end, 10);
                if (*end || !o->watchdog) {
                    fprintf(stderr, "ptxsim: error: --watchdog needs a positive number\n");
                    return -1;
                }
            }
        }
    }
    return 0;
}

static void print_info_line(FILE *f, const ps_gpu_info *in) {
    fprintf(f, "%s (sm_%d%d), CUDA driver API %d.%d", in->name, in->sm_major, in->sm_minor, in->driver_version / 1000,
            in->driver_version % 1000 / 10);
}

/* ---- gpu-info ------------------------------------------------------------------------------ */

int ptxsim_cmd_gpu_info(int argc, char **argv) {
    diff_options o = {0};
    int bad_args = parse_args(argc, argv, "--json --device", &o);
    free(o.inputs);
    if (bad_args || o.input) {
        if (o.input) fprintf(stderr, "ptxsim: error: gpu-info takes no file\n");
        return EXIT_BAD_INPUT;
    }
    char err[600];
    ps_gpu *g;
    if (ps_gpu_open(o.device, &g, err, sizeof err) != PS_GPU_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    const ps_gpu_info *in = ps_gpu_describe(g);
    if (o.json) {
        cJSON *r = cJSON_CreateObject();
        char sm[32], api[32];
        snprintf(sm, sizeof sm, "sm_%d%d", in->sm_major, in->sm_minor);
        snprintf(api, sizeof api, "%d.%d", in->driver_version / 1000, in->driver_version % 1000 / 10);
        cJSON_AddStringToObject(r, "gpu", in->name);
        cJSON_AddStringToObject(r, "sm", sm);
        cJSON_AddStringToObject(r, "cuda_driver_api", api);
        cJSON_AddNumberToObject(r, "shared_optin_bytes", in->shared_optin);
        char *text = cJSON_PrintUnformatted(r);
        puts(text);
        free(text);
        cJSON_Delete(r);
    } else {
        print_info_line(stdout, in);
        putchar('\n');
    }
    ps_gpu_close(g);
    return EXIT_OK;
}

/* ---- comparison output --------------------------------------------------------------------- */

/* One buffer's comparison as the report model holds it (ptxsim_comparison, docs/report.md): what
 * the text below and diff's JSON are both made from. */
static ptxsim_comparison comparison_of(const char *name, const char *t, uint64_t count, const ptxsim_case_expect *tol,
                                       const ps_gpu_cmp *c) {
    ptxsim_comparison r = {.buffer = name,
                           .type = t,
                           .elements = count,
                           .mismatches = c->mismatches,
                           .tolerance = tol && tol->has_tolerance,
                           .has_tolerated = true,
                           .tolerated = c->tolerated};
    if (c->mismatches) {
        r.first_mismatch = c->first;
        r.got_bits = c->nshown ? c->shown[0].got : 0;
        r.expected_bits = c->nshown ? c->shown[0].want : 0;
        r.has_max_ulp = ps_gpu_type_is_float(t) && c->max_ulp; /* among finite elements */
        r.max_ulp = c->max_ulp;
    }
    return r;
}

/* The comparison's lines: ok or MISMATCH from the model, then the first differing elements
 * (c->shown, up to `show` of them) with both values. */
static void print_buffer_result(FILE *f, const ptxsim_comparison *m, const ps_gpu_cmp *c, const char *got_label,
                                const char *want_label, int show) {
    const char *t = m->type;
    if (!m->mismatches) {
        fprintf(f, "  ok %s: %" PRIu64 " %s elements match %s", m->buffer, m->elements, t,
                m->tolerated ? "within tolerance" : "bit for bit");
        if (m->tolerated) {
            fprintf(f, " (%" PRIu64 " not bit for bit", m->tolerated);
            if (c->tolerated_max_ulp) fprintf(f, ", up to %" PRIu64 " ulp", c->tolerated_max_ulp);
            fputc(')', f);
        }
        fputc('\n', f);
        return;
    }
    fprintf(f, "  MISMATCH %s: %" PRIu64 " of %" PRIu64 " %s elements differ (first at %" PRIu64, m->buffer,
            m->mismatches, m->elements, t, m->first_mismatch);
    if (m->has_max_ulp && m->max_ulp) fprintf(f, ", largest %" PRIu64 " ulp", m->max_ulp);
    fprintf(f, ")\n");
    for (int i = 0; i < c->nshown && i < show; i++) {
        const ps_gpu_diff *d = &c->shown[i];
        char g[96], w[96];
        ps_gpu_format_elem(g, sizeof g, d->got, t);
        ps_gpu_format_elem(w, sizeof w, d->want, t);
        fprintf(f, "      [%" PRIu64 "] %s %s, %s %s", d->index, got_label, g, want_label, w);
        if (ps_gpu_type_is_float(t)) {
            if (d->ulp == UINT64_MAX) fprintf(f, ", ulp n/a (NaN)");
            else fprintf(f, ", %" PRIu64 " ulp", d->ulp);
        }
        fputc('\n', f);
    }
}

/* ---- gpu-run ------------------------------------------------------------------------------- */

static int write_file(const char *path, const void *data, uint64_t n, char *err, size_t errlen) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int ptxsim_cmd_gpu_run(int argc, char **argv) {
    diff_options o = {0};
    int bad_args = parse_args(argc, argv, "--out --record --device --quiet --jit-log", &o);
    free(o.inputs); /* o.input points into argv */
    if (bad_args) return EXIT_BAD_INPUT;
    if (!o.input) {
        fprintf(stderr,
                "ptxsim: error: usage: ptxsim gpu-run CASE.json [--out DIR] [--record DIR] "
                "[--device N] [--jit-log] [--quiet]\n");
        return EXIT_BAD_INPUT;
    }
    char err[4096];
    ptxsim_case *m;
    if (ptxsim_case_load(o.input, &m, err, sizeof err) != PTXSIM_OK) {
        fprintf(stderr, strstr(err, ": error: ") ? "%s\n" : "ptxsim: error: %s\n", err); /* located */
        return EXIT_BAD_INPUT;
    }
    ptxsim_case_info ci;
    ptxsim_case_get_info(m, &ci);
    int nexpect = ptxsim_case_expect_count(m);
    ps_gpu *g;
    if (ps_gpu_open(o.device, &g, err, sizeof err) != PS_GPU_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        ptxsim_case_free(m);
        return EXIT_BAD_INPUT;
    }
    int rc = EXIT_BAD_INPUT;
    ps_gpu_output out;
    ps_gpu_status st = ps_gpu_run_case(g, m, &out, err, sizeof err);
    const char *log = ps_gpu_jit_log(g);
    if (st != PS_GPU_OK) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", o.input, err);
        if (*log) fprintf(stderr, "JIT log:\n%s\n", log);
        rc = st == PS_GPU_LAUNCH_ERROR ? EXIT_FAULT : EXIT_BAD_INPUT;
        goto done;
    }
    if (o.jit_log && *log) printf("JIT log:\n%s\n", log);
    if (!o.quiet) {
        printf("%s: kernel %s on ", o.input, ci.kernel);
        print_info_line(stdout, ps_gpu_describe(g));
        printf(", grid %ux%ux%u, block %ux%ux%u, %.3f ms\n", ci.grid[0], ci.grid[1], ci.grid[2], ci.block[0],
               ci.block[1], ci.block[2], out.seconds * 1e3);
    }
    if (o.out && ps_gpu_write_outputs(&out, o.out, err, sizeof err) != PS_GPU_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        goto done;
    }
    if (o.record) {
        mkdir(o.record, 0777);
        /* The buffers named in "expect" (every buffer when there is none). */
        for (int i = 0; i < (nexpect ? nexpect : ci.buffers); i++) {
            ptxsim_case_expect e = {.buffer = i};
            if (nexpect) ptxsim_case_get_expect(m, i, &e);
            const ps_gpu_buffer *b = &out.bufs[e.buffer];
            char *name = ps_gpu_recording_name(o.input, b->name);
            size_t n = strlen(o.record) + strlen(name) + 2;
            char *path = ps_xmalloc(n);
            snprintf(path, n, "%s/%s", o.record, name);
            int bad = write_file(path, b->data, b->bytes, err, sizeof err);
            if (!bad && !o.quiet) printf("  recorded %s\n", path);
            free(path);
            free(name);
            if (bad) {
                fprintf(stderr, "ptxsim: error: %s\n", err);
                goto done;
            }
        }
    }
    /* Like `run`: compare with the expected outputs (the oracle's) when the manifest has any. */
    int bad = 0;
    for (int i = 0; i < nexpect; i++) {
        ptxsim_case_expect e;
        ptxsim_case_get_expect(m, i, &e);
        const ps_gpu_buffer *b = &out.bufs[e.buffer];
        size_t n;
        char *want = ps_read_file(e.file, &n);
        if (!want || n != b->bytes) {
            if (want)
                fprintf(stderr, "ptxsim: error: %s: %zu bytes, buffer '%s' holds %" PRIu64 "\n", e.file, n, b->name,
                        b->bytes);
            else fprintf(stderr, "ptxsim: error: %s: %s\n", e.file, strerror(errno));
            free(want);
            goto done;
        }
        ps_gpu_cmp c;
        ps_gpu_compare(b->data, want, b->type, b->count, &e, &c);
        free(want);
        bad += c.mismatches > 0;
        ptxsim_comparison mc = comparison_of(b->name, b->type, b->count, &e, &c);
        if (!o.quiet || c.mismatches)
            print_buffer_result(o.quiet ? stderr : stdout, &mc, &c, "gpu", "expected", PS_GPU_SHOWN);
    }
    rc = bad ? EXIT_MISMATCH : EXIT_OK;
done:
    ps_gpu_output_free(&out);
    ps_gpu_close(g);
    ptxsim_case_free(m);
    return rc;
}

/* ---- the simulator's side ------------------------------------------------------------------ */

typedef enum {
    R_OK,
    R_MISMATCH,
    R_SIM_ERROR,    /* ptxsim cannot parse or execute the kernel */
    R_SIM_FAULT,    /* the simulated kernel faulted or hit the watchdog */
    R_NO_REFERENCE, /* neither a recording nor a GPU */
    R_GPU_ERROR,    /* the GPU run failed */
    R_BAD_INPUT,    /* manifest, PTX file, recorded file sizes */
} result_kind;

static const char *const result_names[] = {
    [R_OK] = "ok",
    [R_MISMATCH] = "MISMATCH",
    [R_SIM_ERROR] = "sim error",
    [R_SIM_FAULT] = "sim fault",
    [R_NO_REFERENCE] = "no reference",
    [R_GPU_ERROR] = "gpu error",
    [R_BAD_INPUT] = "bad input",
};

/* The results as diff's JSON names them. */
static const char *const result_ids[] = {
    [R_OK] = "ok",
    [R_MISMATCH] = "mismatch",
    [R_SIM_ERROR] = "sim-error",
    [R_SIM_FAULT] = "sim-fault",
    [R_NO_REFERENCE] = "no-reference",
    [R_GPU_ERROR] = "gpu-error",
    [R_BAD_INPUT] = "bad-input",
};

static int result_exit(result_kind k) {
    switch (k) {
    case R_OK: return EXIT_OK;
    case R_MISMATCH:
    case R_SIM_ERROR:
    case R_SIM_FAULT: return EXIT_MISMATCH;
    default: return EXIT_BAD_INPUT;
    }
}

typedef struct {
    ptxsim_context *ctx; /* holds the module and the final buffers */
    ptxsim_diagnostics *diags;
    ptxsim_report *rep; /* the launch's, when it ran (completed, faulted or hit the watchdog) */
    char arch[64];      /* the arch it ran for */
} sim_state;

static void sim_free(sim_state *s) {
    ptxsim_report_free(s->rep);
    ptxsim_diagnostics_free(s->diags);
    ptxsim_context_destroy(s->ctx);
}

/* The first error among diagnostics (else the first diagnostic), NULL when there is none. */
static const ptxsim_diagnostic *first_error(const ptxsim_diagnostics *d) {
    int n = d ? ptxsim_diagnostics_count(d) : 0;
    for (int i = 0; i < n; i++)
        if (ptxsim_diagnostics_get(d, i)->level == PTXSIM_DIAG_ERROR) return ptxsim_diagnostics_get(d, i);
    return n ? ptxsim_diagnostics_get(d, 0) : NULL;
}

/* Simulates the launch like `ptxsim run` (load the module, prepare the case, launch); the final
 * buffers stay in s->ctx. Problems go to note (one line) and, when verbose, in full to stderr. */
static result_kind sim_run(ptxsim_case *m, const diff_options *o, bool verbose, sim_state *s, char *note, size_t n) {
    ptxsim_case_info ci;
    ptxsim_case_get_info(m, &ci);
    if (ptxsim_context_create(ci.arch, &s->ctx, NULL) != PTXSIM_OK) {
        snprintf(note, n, "unknown arch '%s'", ci.arch);
        return R_BAD_INPUT;
    }
    ptxsim_options opt = {.threads = o->threads, .watchdog = o->watchdog};
    ptxsim_context_set_options(s->ctx, &opt);
    ptxsim_module *mod;
    ptxsim_status st = ptxsim_module_link_files(s->ctx, ci.ptx_paths, ci.n_ptx, &mod, &s->diags);
    if (st == PTXSIM_ERR_IO) {
        snprintf(note, n, "%s", ptxsim_context_message(s->ctx));
        return R_BAD_INPUT;
    }
    if (verbose && s->diags) ptxsim_diagnostics_print(s->diags, stderr);
    if (st == PTXSIM_ERR_PARSE) {
        const ptxsim_diagnostic *d = first_error(s->diags);
        snprintf(note, n, "%s:%d:%d: %s", ci.ptx_path, d ? d->line : 0, d ? d->col : 0, d ? d->message : "parse error");
        return R_SIM_ERROR;
    }
    if (st != PTXSIM_OK) {
        const ptxsim_diagnostic *d = first_error(s->diags);
        snprintf(note, n, "%s", d ? d->message : "cannot build the program");
        return R_SIM_ERROR;
    }
    ptxsim_module_info mi;
    ptxsim_module_get_info(mod, &mi);
    snprintf(s->arch, sizeof s->arch, "%s", mi.machine[0] ? mi.machine : ci.arch ? ci.arch : mi.target);
    ptxsim_report *rep = NULL;
    st = ptxsim_case_launch(s->ctx, m, mod, &rep);
    if (st == PTXSIM_OK) {
        s->rep = rep;
        return R_OK;
    }
    if ((st == PTXSIM_ERR_FAULT || st == PTXSIM_ERR_WATCHDOG) && rep && ptxsim_report_fault(rep)) {
        const ptxsim_fault *f = ptxsim_report_fault(rep);
        snprintf(note, n, "%s:%d: %s (block (%u,%u,%u), thread (%u,%u,%u))", ci.ptx_path, f->ptx_line, f->message,
                 f->block[0], f->block[1], f->block[2], f->thread[0], f->thread[1], f->thread[2]);
        s->rep = rep;
        if (verbose)
            fprintf(stderr, "ptxsim: simulated kernel %s: %s\n",
                    st == PTXSIM_ERR_WATCHDOG ? "hit the watchdog" : "faulted", note);
        return R_SIM_FAULT;
    }
    ptxsim_report_free(rep);
    if (st == PTXSIM_ERR_CASE || st == PTXSIM_ERR_NOT_FOUND) { /* the manifest does not fit the kernel */
        snprintf(note, n, "%s", ptxsim_context_message(s->ctx));
        return R_BAD_INPUT;
    }
    /* PTXSIM_ERR_UNSUPPORTED (an instruction ptxsim cannot execute yet) or a launch it refuses. */
    const ptxsim_diagnostics *un = ptxsim_module_unsupported(mod);
    if (un && verbose) ptxsim_diagnostics_print(un, stderr);
    const ptxsim_diagnostic *d = first_error(un);
    if (d) snprintf(note, n, "%s:%d:%d: %s", d->file ? d->file : ci.ptx_path, d->line, d->col, d->message);
    else snprintf(note, n, "%s", ptxsim_context_message(s->ctx));
    if (verbose) fprintf(stderr, "ptxsim: error: %s\n", ptxsim_context_message(s->ctx));
    return R_SIM_ERROR;
}

/* ---- diff ---------------------------------------------------------------------------------- */

typedef struct {
    const diff_options *o;
    ps_gpu *gpu; /* opened on first need */
    bool gpu_tried;
    char gpu_err[600];
    int show; /* mismatching elements shown per buffer */
} diff_ctx;

typedef struct {
    result_kind kind;
    int nbufs, nok;
    const char *ref; /* "recorded" or "gpu" */
    char note[1100];
    char *report; /* with --json: the simulator's report (docs/report.md) as JSON text, or NULL */
} case_result;

static ps_gpu *diff_gpu(diff_ctx *c) {
    if (!c->gpu_tried) {
        c->gpu_tried = true;
        if (ps_gpu_open(c->o->device, &c->gpu, c->gpu_err, sizeof c->gpu_err) != PS_GPU_OK) c->gpu = NULL;
    }
    return c->gpu;
}

static bool file_exists(const char *path) {
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Diffs one manifest; `f` gets the per-buffer report (NULL: none). */
static void diff_case(diff_ctx *c, const char *path, FILE *f, bool verbose, case_result *r) {
    memset(r, 0, sizeof *r);
    r->ref = "-";
    char err[1000];
    ptxsim_case *m;
    if (ptxsim_case_load(path, &m, err, sizeof err) != PTXSIM_OK) {
        r->kind = R_BAD_INPUT;
        snprintf(r->note, sizeof r->note, "%s", err);
        return;
    }
    /* The buffers compared: those named in "expect" (with their tolerance), else all of them. */
    ptxsim_case_info ci;
    ptxsim_case_get_info(m, &ci);
    int nexpect = ptxsim_case_expect_count(m);
    int n = nexpect ? nexpect : ci.buffers;
    r->nbufs = n;
    ptxsim_case_buffer_info *bufs = ps_xcalloc((size_t)n + 1, sizeof *bufs);
    ptxsim_case_expect *tols = ps_xcalloc((size_t)n + 1, sizeof *tols);
    char **recs = ps_xcalloc((size_t)n + 1, sizeof *recs);
    uint8_t **want = ps_xcalloc((size_t)n + 1, sizeof *want);
    int nrec = 0;
    for (int i = 0; i < n; i++) {
        tols[i] = (ptxsim_case_expect){.buffer = i};
        if (nexpect) ptxsim_case_get_expect(m, i, &tols[i]);
        ptxsim_case_get_buffer(m, tols[i].buffer, &bufs[i]);
        recs[i] = ps_gpu_recording_path(path, bufs[i].name);
        nrec += file_exists(recs[i]);
    }
    ps_gpu_output gout = {0};
    sim_state s = {0};
    ptxsim_comparison *cmps = NULL; /* per buffer compared, for the report */
    int ncmps = 0;
    ref_mode mode = c->o->mode;
    if (mode == REF_AUTO) mode = nrec ? REF_RECORDED : REF_GPU;
    if (mode == REF_RECORDED) {
        r->ref = "recorded";
        for (int i = 0; i < n; i++) {
            const ptxsim_case_buffer_info *b = &bufs[i];
            size_t len;
            want[i] = (uint8_t *)ps_read_file(recs[i], &len);
            if (!want[i]) {
                r->kind = R_NO_REFERENCE;
                snprintf(r->note, sizeof r->note, "no recorded GPU output %s (%s)", recs[i], strerror(errno));
                goto done;
            }
            if (len != b->bytes) {
                r->kind = R_BAD_INPUT;
                snprintf(r->note, sizeof r->note, "%s: %zu bytes, buffer '%s' holds %" PRIu64, recs[i], len, b->name,
                         b->bytes);
                goto done;
            }
        }
    } else {
        r->ref = "gpu";
        ps_gpu *g = diff_gpu(c);
        if (!g) {
            r->kind = R_NO_REFERENCE;
            snprintf(r->note, sizeof r->note, "%s%s", c->o->mode == REF_AUTO ? "no recorded GPU outputs, and " : "",
                     c->gpu_err);
            goto done;
        }
        ps_gpu_status st = ps_gpu_run_case(g, m, &gout, err, sizeof err);
        if (st != PS_GPU_OK) {
            r->kind = st == PS_GPU_BAD_INPUT ? R_BAD_INPUT : R_GPU_ERROR;
            snprintf(r->note, sizeof r->note, "%s", err);
            if (verbose && *ps_gpu_jit_log(g)) fprintf(stderr, "JIT log:\n%s\n", ps_gpu_jit_log(g));
            goto done;
        }
        for (int i = 0; i < n; i++) want[i] = gout.bufs[tols[i].buffer].data;
    }
    r->kind = sim_run(m, c->o, verbose, &s, r->note, sizeof r->note);
    if (r->kind != R_OK) goto done;
    int bad = 0;
    char firstbad[200] = "";
    cmps = ps_xcalloc((size_t)n + 1, sizeof *cmps);
    for (int i = 0; i < n; i++) {
        ptxsim_case_buffer_info *b = &bufs[i];
        ptxsim_case_get_buffer(m, tols[i].buffer, b); /* now with its address in s.ctx */
        uint8_t *got = ps_xmalloc(b->bytes);
        if (ptxsim_mem_read(s.ctx, got, b->addr, b->bytes) != PTXSIM_OK) {
            r->kind = R_SIM_ERROR;
            snprintf(r->note, sizeof r->note, "%s", ptxsim_context_message(s.ctx));
            free(got);
            goto done;
        }
        ps_gpu_cmp cmp;
        const ptxsim_case_expect *tol = nexpect ? &tols[i] : NULL;
        ps_gpu_compare(got, want[i], b->type, b->count, tol, &cmp);
        free(got);
        cmps[ncmps++] = comparison_of(b->name, b->type, b->count, tol, &cmp);
        if (cmp.tolerated && !r->note[0])
            snprintf(r->note, sizeof r->note,
                     "within tolerance: %s: %" PRIu64 " of %" PRIu64 " not bit for bit, up to %" PRIu64 " ulp", b->name,
                     cmp.tolerated, b->count, cmp.tolerated_max_ulp);
        if (cmp.mismatches) {
            if (!bad++)
                snprintf(firstbad, sizeof firstbad, "%s: %" PRIu64 " of %" PRIu64 " differ", b->name, cmp.mismatches,
                         b->count);
        } else r->nok++;
        if (f && (verbose || cmp.mismatches))
            print_buffer_result(f, &cmps[ncmps - 1], &cmp, "sim", r->ref[0] == 'r' ? "gpu(rec)" : "gpu", c->show);
    }
    if (bad) {
        r->kind = R_MISMATCH;
        snprintf(r->note, sizeof r->note, "%s%s", firstbad, bad > 1 ? ", …" : "");
    }
done:
    if (c->o->json_file && s.rep) {   /* the report model of run and check, its comparisons the GPU's */
        ptxsim_case_get_info(m, &ci); /* the kernel's PTX name, when the manifest gives a C++ plain name */
        char ptx[1024];
        ps_path_tidy(ptx, sizeof ptx, ci.ptx_path);
        ptxsim_report_format rf = {.ptx_path = ptx,
                                   .kernel = ci.kernel,
                                   .arch = s.arch,
                                   .command = "diff",
                                   .shared_bytes = ci.shared_bytes,
                                   .comparisons = cmps,
                                   .ncomparisons = ncmps,
                                   .exit_status = result_exit(r->kind)};
        memcpy(rf.grid, ci.grid, sizeof rf.grid);
        memcpy(rf.block, ci.block, sizeof rf.block);
        memcpy(rf.cluster, ci.cluster, sizeof rf.cluster);
        r->report = ptxsim_report_json_text(s.rep, &rf);
    }
    free(cmps);
    if (mode == REF_RECORDED)
        for (int i = 0; i < n; i++) free(want[i]);
    for (int i = 0; i < n; i++) free(recs[i]);
    free(recs), free(want), free(bufs), free(tols);
    ps_gpu_output_free(&gout);
    sim_free(&s);
    ptxsim_case_free(m);
}

/* qsort comparator over strings */
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* One case's entry of diff's JSON (docs/report.md): its result, the reference it was compared with,
 * and the simulator's report (null when the simulator did not run the kernel). */
static cJSON *case_json(const char *path, const case_result *r, const diff_ctx *c) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "path", path);
    cJSON_AddStringToObject(j, "result", result_ids[r->kind]);
    cJSON_AddNumberToObject(j, "exit_code", result_exit(r->kind));
    cJSON *ref = cJSON_AddObjectToObject(j, "reference");
    cJSON_AddStringToObject(ref, "kind", r->ref[0] == '-' ? "none" : r->ref);
    if (!strcmp(r->ref, "gpu") && c->gpu) {
        char *dev = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&dev, &len);
        if (f) {
            print_info_line(f, ps_gpu_describe(c->gpu));
            fclose(f);
            cJSON_AddStringToObject(ref, "device", dev);
        }
        free(dev);
    }
    if (r->note[0]) cJSON_AddStringToObject(j, "note", r->note);
    cJSON *rep = r->report ? cJSON_Parse(r->report) : NULL;
    cJSON_AddItemToObject(j, "report", rep ? rep : cJSON_CreateNull());
    return j;
}

/* diff --json: {"schema_version", "command": "diff", "cases": [...], "exit"} (docs/report.md). */
static int write_diff_json(const char *path, cJSON *cases, int rc) {
    static const char *const why[] = {"ok", "mismatch or error findings", "bad input", "fault or watchdog"};
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "schema_version", 2);
    cJSON_AddStringToObject(root, "command", "diff");
    cJSON_AddItemToObject(root, "cases", cases);
    cJSON *e = cJSON_AddObjectToObject(root, "exit");
    cJSON_AddNumberToObject(e, "status", rc);
    cJSON_AddStringToObject(e, "meaning", why[rc]);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    bool ok = text && f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && f != stdout) ok &= !fclose(f);
    free(text);
    if (ok) return rc;
    fprintf(stderr, "ptxsim: error: --json %s: %s\n", path, strerror(errno));
    return EXIT_BAD_INPUT;
}

int ptxsim_cmd_diff(int argc, char **argv) {
    diff_options o = {0};
    int rc = EXIT_OK;
    if (parse_args(argc, argv, "--gpu --recorded --device --threads --watchdog --quiet --json", &o)) {
        free(o.inputs);
        return EXIT_BAD_INPUT;
    }
    if (!o.input) {
        fprintf(stderr,
                "ptxsim: error: usage: ptxsim diff CASE.json|DIR... [--gpu | --recorded] "
                "[--threads N] [--watchdog N] [--device N] [--json FILE] [--quiet]\n");
        return EXIT_BAD_INPUT;
    }
    /* Text for people on stdout, or on stderr when stdout is the JSON's (--json -). */
    FILE *txt = o.json_file && !strcmp(o.json_file, "-") ? stderr : stdout;
    cJSON *jcases = o.json_file ? cJSON_CreateArray() : NULL;
    diff_ctx c = {.o = &o, .show = PS_GPU_SHOWN};
    /* Manifests given as files stay in their order; a directory adds every case*.json below it,
     * sorted. */
    char **cases = NULL;
    int n = 0, cap = 0;
    bool table = o.ninputs > 1;
    for (int i = 0; i < o.ninputs; i++) {
        struct stat sb;
        if (stat(o.inputs[i], &sb) != 0) {
            fprintf(stderr, "ptxsim: error: %s: %s\n", o.inputs[i], strerror(errno));
            rc = EXIT_BAD_INPUT;
            goto out;
        }
        if (S_ISDIR(sb.st_mode)) {
            int before = n;
            table = true;
            ps_cli_collect_cases(o.inputs[i], &cases, &n, &cap);
            if (n - before > 1) qsort(cases + before, (size_t)(n - before), sizeof *cases, cmp_str);
            if (n == before) {
                fprintf(stderr, "ptxsim: error: %s: no case*.json manifests below it\n", o.inputs[i]);
                rc = EXIT_BAD_INPUT;
                goto out;
            }
        } else {
            if (n == cap) cases = ps_xrealloc(cases, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *cases);
            cases[n++] = ps_xstrdup(o.inputs[i]);
        }
    }
    if (!table) {
        case_result r;
        if (!o.quiet) fprintf(txt, "%s:\n", o.input);
        diff_case(&c, o.input, o.quiet ? stderr : txt, !o.quiet, &r);
        if (!o.quiet || r.kind != R_OK) {
            FILE *f = r.kind == R_OK ? txt : stderr;
            fprintf(f, "%s: %s%s%s (%d of %d buffers match; reference: %s", o.input, result_names[r.kind],
                    r.kind == R_OK ? "" : ": ", r.kind == R_OK ? "" : r.note, r.nok, r.nbufs, r.ref);
            if (!strcmp(r.ref, "gpu") && c.gpu) {
                fputs(", ", f);
                print_info_line(f, ps_gpu_describe(c.gpu));
            }
            fputs(")\n", f);
        }
        rc = result_exit(r.kind);
        if (jcases) cJSON_AddItemToArray(jcases, case_json(o.input, &r, &c));
        free(r.report);
    } else {
        int width = 4;
        for (int i = 0; i < n; i++) width = PS_MAX(width, (int)strlen(cases[i]));
        fprintf(txt, "%-*s  %-8s  %-8s  %s\n", width, "case", "buffers", "ref", "result");
        int counts[PS_ARRAY_LEN(result_names)] = {0};
        for (int i = 0; i < n; i++) {
            case_result r;
            char *detail = NULL;
            size_t dlen = 0;
            FILE *mf = open_memstream(&detail, &dlen);
            c.show = 3;
            diff_case(&c, cases[i], mf, false, &r);
            fclose(mf);
            char bufs[32];
            snprintf(bufs, sizeof bufs, "%d/%d", r.nok, r.nbufs);
            if (r.kind == R_OK && r.note[0])
                fprintf(txt, "%-*s  %-8s  %-8s  ok (%s)\n", width, cases[i], bufs, r.ref, r.note);
            else
                fprintf(txt, "%-*s  %-8s  %-8s  %s%s%s\n", width, cases[i], bufs, r.ref, result_names[r.kind],
                        r.kind == R_OK ? "" : ": ", r.kind == R_OK ? "" : r.note);
            if (!o.quiet && dlen) fputs(detail, txt);
            fflush(txt);
            free(detail);
            counts[r.kind]++;
            rc = PS_MAX(rc, result_exit(r.kind));
            if (jcases) cJSON_AddItemToArray(jcases, case_json(cases[i], &r, &c));
            free(r.report);
        }
        fprintf(txt, "%d case%s:", n, n == 1 ? "" : "s");
        const char *sep = " ";
        for (int k = 0; k < (int)PS_ARRAY_LEN(result_names); k++)
            if (counts[k]) fprintf(txt, "%s%d %s", sep, counts[k], result_names[k]), sep = ", ";
        if (c.gpu) {
            fprintf(txt, " (live GPU: ");
            print_info_line(txt, ps_gpu_describe(c.gpu));
            fprintf(txt, ")");
        }
        fprintf(txt, "\n");
    }
    if (jcases) {
        fflush(txt);
        rc = write_diff_json(o.json_file, jcases, rc);
        jcases = NULL;
    }
out:
    cJSON_Delete(jcases);
    for (int i = 0; i < n; i++) free(cases[i]);
    free(cases);
    free(o.inputs);
    ps_gpu_close(c.gpu);
    return rc;
}
