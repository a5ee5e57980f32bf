/* ptxsim.c — command-line front end: parse, run and check (DESIGN §6) as a client of libptxsim
 * (api/ptxsim.h); gpu-run, gpu-info and diff live in diff.c. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "decode.h"
#include "regs.h"
#include "diff.h"
#include "exec.h"
#include "init.h"
#include "test.h"
#include "ptxsim.h"
#include "revision.h"

enum { EXIT_OK = 0, EXIT_MISMATCH = 1, EXIT_BAD_INPUT = 2, EXIT_FAULT = 3 };

static const char usage_commands[] =
    "usage: ptxsim <command> [options]    (ptxsim help COMMAND: that command's options)\n"
    "\n"
    "commands:\n"
    "  parse FILE.ptx... [--target sm_XX]   validate PTX; diagnostics as file:line:col: error: ...\n"
    "  run CASE.json [options]           simulate one launch; compare with \"expect\"\n"
    "  check CASE.json [options]         simulate and report statistics and findings\n"
    "  test DIR|CASE.json... [-j N] [--check] [--junit FILE] [--json FILE] [--shard K/N]\n"
    "                                    run folders of manifests as a test suite, with a summary\n"
    "  init FILE.ptx [--kernel NAME] [-o CASE.json]\n"
    "                                    write a manifest template for a kernel (notes in a README)\n"
    "  decode FILE.ptx [--kernel NAME] [--target sm_XX]\n"
    "                                    print the decoded program: per record its PTX line, handler,\n"
    "                                    operand slots, guard, branch target, reconvergence point\n"
    "  regs FILE.ptx [--kernel NAME] [--target sm_XX] [--block N] [--dynamic-smem BYTES] [--json]\n"
    "                                    register use (PTX liveness, ptxas -v) and occupancy per kernel\n"
    "  isa-table                         print the per-architecture instruction support table\n"
    "  gpu-run CASE.json [--out DIR]     run the launch on a GPU (CUDA driver); compare with \"expect\"\n"
    "        [--record DIR] [--jit-log]  --record: write the recorded-truth files (docs/gpu.md)\n"
    "  gpu-info [--json]                 describe the GPU the CUDA driver sees\n"
    "  exec [options] [--] PROGRAM [ARGS...]\n"
    "                                    run a CUDA program with every launch simulated\n"
    "                                    (--check: with every checker; docs/exec.md)\n"
    "  diff CASE.json|DIR [--gpu|--recorded] [--json FILE]\n"
    "                                    compare the simulator's buffers with a GPU's, live or\n"
    "                                    recorded (<buffer>.gpu.bin beside the manifest)\n"
    "  help [COMMAND]                    this text, or one command's options\n"
    "  version                           the version\n";

static const char usage_parse[] =
    "options for parse:\n"
    "  --target sm_XX    check as ptxas -arch=sm_XX does (default: the module's .target)\n"
    "  --max-memory SIZE the memory limit module variables must fit (default 4G; docs/limits.md)\n"
    "  --quiet           print only problems\n";

static const char usage_run[] =
    "options for run and check:\n"
    "  --out DIR         write DIR/<buffer>.bin for every buffer (final contents)\n"
    "  --json FILE       write the report as JSON\n"
    "  --threads N       host threads for CTAs (default: all cores)\n"
    "  --watchdog N      stop after N warp instructions (default 2e9)\n"
    "  --timeout SECONDS stop a launch after SECONDS of wall-clock time (default 30; 0: none)\n"
    "  --max-memory SIZE device memory plus a launch's shared and local memory, in bytes or\n"
    "                    with a K, M or G suffix (default 4G; docs/limits.md)\n"
    "  --schedule-seed N run each CTA's warps in a random order and turn length seeded by N\n"
    "                    (default: in order); results of race-free kernels do not change\n"
    "  --quiet           print nothing when the run passes; the result lines when not\n"
    "  --color WHEN      colour the report: auto (a terminal, unless NO_COLOR is set), always, never\n"
    "  --allow-paths DIR let the manifest's file references reach into DIR too (repeatable;\n"
    "                    by default they stay inside the manifest's folder: docs/limits.md)\n"
    "  --no-ptxas-model  run the PTX as the ISA defines it, without what ptxas makes of it\n"
    "                    (mul+add contracted into fma; docs/numerics.md); every command takes it\n";

static const char usage_check[] =
    "options for check only (docs/verifier.md):\n"
    "  --sarif FILE      write the findings as SARIF 2.1.0 (for code scanning)\n"
    "  --source-root DIR SARIF paths relative to DIR, the repository's root (default: .)\n"
    "  --html FILE       write the HTML source view: CUDA and PTX lines with their counters\n"
    "                    and findings (docs/html.md)\n"
    "  --max-findings N  report at most N findings\n"
    "  --only KIND[,KIND]  report only these kinds (race, bank-conflict, uncoalesced, ...)\n"
    "  --severity LEVEL  report findings of LEVEL (note, warning, error) and worse\n"
    "  --counters MODE   shared-memory counters as the SASS executes them (sass, the default:\n"
    "                    ptxas's merged 64/128-bit accesses) or per PTX instruction (ptx)\n";

static const char usage_exit[] =
    "exit codes: 0 ok, 1 mismatch or error findings, 2 bad input, 3 kernel fault or watchdog\n"
    "(diff: 1 also when the simulator cannot run or faults; 2 also without a GPU or recording)\n";

static void print_usage(FILE *f) {
    fputs(usage_commands, f);
    fputs("\n", f);
    fputs(usage_run, f);
    fputs(usage_check, f);
    fputs("\n", f);
    fputs(usage_exit, f);
}

/* The options each command takes (a NULL-terminated list); the first is the command. */
static const char *const opts_parse[] = {"parse", "--target", "--max-memory", "--quiet", NULL};
static const char *const opts_run[] = {"run",        "--out",         "--json",       "--threads",
                                       "--watchdog", "--timeout",     "--max-memory", "--schedule-seed",
                                       "--quiet",    "--allow-paths", "--color",      NULL};
static const char *const opts_check[] = {
    "check",     "--out",          "--json",          "--threads",  "--watchdog",
    "--timeout", "--max-memory",   "--schedule-seed", "--quiet",    "--allow-paths",
    "--sarif",   "--max-findings", "--only",          "--severity", "--color",
    "--html",    "--source-root",  "--counters",      NULL};

static const char *const *command_options(const char *cmd) {
    if (!strcmp(cmd, "parse")) return opts_parse;
    if (!strcmp(cmd, "run")) return opts_run;
    if (!strcmp(cmd, "check")) return opts_check;
    return NULL;
}

/* `ptxsim help COMMAND` and `ptxsim COMMAND --help`. */
static int print_command_help(const char *cmd) {
    if (!strcmp(cmd, "parse")) {
        printf("usage: ptxsim parse FILE.ptx... [options]\n"
               "  validates PTX (several files are linked as one program)\n\n%s",
               usage_parse);
    } else if (!strcmp(cmd, "run") || !strcmp(cmd, "check")) {
        printf("usage: ptxsim %s CASE.json [options]\n  %s\n\n%s%s", cmd,
               cmd[0] == 'r' ? "simulates one launch described by a manifest and compares with its \"expect\""
                             : "simulates one launch with every checker and reports findings",
               usage_run, cmd[0] == 'c' ? usage_check : "");
    } else if (!strcmp(cmd, "exec")) {
        ptxsim_exec_help(stdout);
        return EXIT_OK;
    } else if (!strcmp(cmd, "regs")) {
        ptxsim_regs_help(stdout);
    } else if (!strcmp(cmd, "gpu-run") || !strcmp(cmd, "gpu-info") || !strcmp(cmd, "diff") || !strcmp(cmd, "init") ||
               !strcmp(cmd, "decode") || !strcmp(cmd, "test") || !strcmp(cmd, "isa-table") || !strcmp(cmd, "help") ||
               !strcmp(cmd, "version")) {
        fputs(usage_commands, stdout);
    } else {
        fprintf(stderr,
                "ptxsim: error: unknown command '%s' (commands: parse run check exec test init decode regs isa-table "
                "gpu-run gpu-info diff help version)\n",
                cmd);
        return EXIT_BAD_INPUT;
    }
    printf("\n%s", usage_exit);
    return EXIT_OK;
}

/* Levenshtein distance, for "did you mean" (short strings only). */
static int edit_distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63) return 99;
    int d[64][64];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

/* An option the command does not take: say why, and what was probably meant. */
static void unknown_option(const char *cmd, const char *a) {
    const char *const *own = command_options(cmd);
    const char *const *lists[] = {opts_parse, opts_run, opts_check};
    for (size_t l = 0; l < 3; l++)
        for (size_t k = 1; lists[l][k]; k++)
            if (!strcmp(lists[l][k], a)) {
                fprintf(stderr, "ptxsim: error: '%s' is an option of '%s', not of '%s' (ptxsim help %s)\n", a,
                        lists[l][0], cmd, cmd);
                return;
            }
    const char *best = NULL;
    int bestd = 3;
    for (size_t k = 1; own && own[k]; k++) {
        int dd = edit_distance(a, own[k]);
        if (dd < bestd) bestd = dd, best = own[k];
    }
    if (best) fprintf(stderr, "ptxsim: error: unknown option '%s' of '%s'; did you mean '%s'?\n", a, cmd, best);
    else fprintf(stderr, "ptxsim: error: unknown option '%s' of '%s' (ptxsim help %s)\n", a, cmd, cmd);
}

typedef struct {
    const char *out, *json, *target, *sarif, *html;
    int threads;
    uint64_t watchdog, schedule_seed;
    uint64_t max_memory; /* 0: the library's default */
    double timeout;      /* 0: the library's default; negative: none */
    bool quiet;
    bool ptx_counters;   /* check --counters ptx */
    int max_findings;    /* check: 0 = all */
    unsigned only_kinds; /* check: bit per finding kind (ptxsim_finding_kind_lookup); 0 = all */
    ptxsim_severity min_severity;
    const char *allow_paths[16]; /* --allow-paths */
    int n_allow_paths;
    char **files; /* the arguments that are not options, in order (before or after them) */
    int nfiles;
    FILE *txt;               /* where text for people goes: stdout, or stderr under --json - */
    const char *color;       /* --color: auto (default), always, never */
    const char *source_root; /* check --source-root: SARIF paths relative to it; NULL: "." */
} options;

/* A message that carries its own location and "error:" (the manifest's) is printed as it is. */
static void print_error(const char *msg) {
    if (strstr(msg, ": error: ")) fprintf(stderr, "%s\n", msg);
    else fprintf(stderr, "ptxsim: error: %s\n", msg);
}

/* "race,bank-conflict" → bits; -1 on an unknown kind */
static long parse_kinds(const char *list) {
    long bits = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save, *k = strtok_r(buf, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
        int id = ptxsim_finding_kind_lookup(k);
        if (id < 0) {
            fprintf(stderr, "ptxsim: error: unknown finding kind '%s' (kinds:", k);
            for (int i = 0; i < ptxsim_finding_kind_count(); i++) fprintf(stderr, " %s", ptxsim_finding_kind_name(i));
            fprintf(stderr, ")\n");
            return -1;
        }
        bits |= 1L << id;
    }
    return bits;
}

/* "4G", "512M", "100000": a positive byte count (K, M, G are powers of 1024). */
static bool parse_size(const char *v, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    if (end == v || *v == '-' || errno) return false;
    int shift = 0;
    if (*end == 'K' || *end == 'k') shift = 10, end++;
    else if (*end == 'M' || *end == 'm') shift = 20, end++;
    else if (*end == 'G' || *end == 'g') shift = 30, end++;
    if (*end || !n || n > (UINT64_MAX >> shift)) return false;
    *out = (uint64_t)n << shift;
    return true;
}

static int parse_options(const char *cmd, int argc, char **argv, int start, options *o) {
    const char *const *own = command_options(cmd);
    for (int i = start; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strncmp(a, "--color=", 8)) { /* the GNU spelling, as ls and gcc take it */
            a = "--color", v = argv[i] + 8;
            i--; /* the value is not the next argument */
        }
        bool known = false;
        for (size_t k = 1; own[k] && !known; k++) known = !strcmp(own[k], a);
        if (!known && (a[0] != '-' || !a[1])) {
            o->files[o->nfiles++] = argv[i];
            continue;
        }
        if (!known) {
            unknown_option(cmd, a);
            return -1;
        }
        if (!strcmp(a, "--quiet")) {
            o->quiet = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "ptxsim: error: option '%s' needs a value\n", a);
            return -1;
        }
        char *end;
        if (!strcmp(a, "--out")) o->out = v;
        else if (!strcmp(a, "--json")) o->json = v;
        else if (!strcmp(a, "--target")) o->target = v;
        else if (!strcmp(a, "--color")) {
            if (strcmp(v, "auto") && strcmp(v, "always") && strcmp(v, "never")) {
                fprintf(stderr, "ptxsim: error: --color takes auto, always or never\n");
                return -1;
            }
            o->color = v;
        } else if (!strcmp(a, "--sarif")) o->sarif = v;
        else if (!strcmp(a, "--source-root")) o->source_root = v;
        else if (!strcmp(a, "--html")) o->html = v;
        else if (!strcmp(a, "--counters")) {
            if (strcmp(v, "sass") && strcmp(v, "ptx")) {
                fprintf(stderr, "ptxsim: error: --counters takes sass or ptx\n");
                return -1;
            }
            o->ptx_counters = !strcmp(v, "ptx");
        } else if (!strcmp(a, "--allow-paths")) {
            if (o->n_allow_paths == (int)(sizeof o->allow_paths / sizeof o->allow_paths[0])) {
                fprintf(stderr, "ptxsim: error: at most 16 --allow-paths\n");
                return -1;
            }
            o->allow_paths[o->n_allow_paths++] = v;
        } else if (!strcmp(a, "--max-findings")) {
            o->max_findings = (int)strtol(v, &end, 10);
            if (*end || o->max_findings < 1) {
                fprintf(stderr, "ptxsim: error: --max-findings needs a positive number\n");
                return -1;
            }
        } else if (!strcmp(a, "--only")) {
            long bits = parse_kinds(v);
            if (bits < 0) return -1;
            o->only_kinds = (unsigned)bits;
        } else if (!strcmp(a, "--severity")) {
            if (!strcmp(v, "note")) o->min_severity = PTXSIM_SEV_NOTE;
            else if (!strcmp(v, "warning")) o->min_severity = PTXSIM_SEV_WARNING;
            else if (!strcmp(v, "error")) o->min_severity = PTXSIM_SEV_ERROR;
            else {
                fprintf(stderr, "ptxsim: error: --severity takes note, warning or error\n");
                return -1;
            }
        } else if (!strcmp(a, "--threads")) {
            o->threads = (int)strtol(v, &end, 10);
            if (*end || o->threads < 1) {
                fprintf(stderr, "ptxsim: error: --threads needs a positive number\n");
                return -1;
            }
        } else if (!strcmp(a, "--watchdog")) {
            o->watchdog = strtoull(v, &end, 10);
            if (*end || !o->watchdog) {
                fprintf(stderr, "ptxsim: error: --watchdog needs a positive number\n");
                return -1;
            }
        } else if (!strcmp(a, "--timeout")) {
            double t = strtod(v, &end);
            if (*end || !*v || !(t >= 0) || t > 1e9) {
                fprintf(stderr, "ptxsim: error: --timeout needs a number of seconds (0: no limit)\n");
                return -1;
            }
            o->timeout = t > 0 ? t : -1;
        } else if (!strcmp(a, "--max-memory")) {
            if (!parse_size(v, &o->max_memory)) {
                fprintf(stderr,
                        "ptxsim: error: --max-memory needs a positive size in bytes, or with a "
                        "K, M or G suffix (4G)\n");
                return -1;
            }
        } else if (!strcmp(a, "--schedule-seed")) {
            o->schedule_seed = strtoull(v, &end, 10);
            if (*end || !*v) {
                fprintf(stderr, "ptxsim: error: --schedule-seed needs a number\n");
                return -1;
            }
        } else {
            fprintf(stderr, "ptxsim: error: unknown option '%s'\n", a);
            return -1;
        }
        i++;
    }
    return 0;
}

/* The whole file, NUL-terminated; NULL with errno set on failure. */
static char *read_text(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
    }
    int err = ferror(f) ? errno : 0;
    fclose(f);
    if (err) {
        free(buf);
        errno = err;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* parse: one module, or several linked as one program (nvcc -rdc=true output). */
static int cmd_parse(char **files, int nfiles, const options *o) {
    ptxsim_context *ctx;
    if (ptxsim_context_create(o->target, &ctx, NULL) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: unknown target '%s'\n", o->target);
        return EXIT_BAD_INPUT;
    }
    ptxsim_options popt;
    ptxsim_context_get_options(ctx, &popt);
    popt.max_memory = o->max_memory; /* module variables meet the limit run would apply */
    ptxsim_context_set_options(ctx, &popt);
    ptxsim_source *srcs = calloc((size_t)nfiles, sizeof *srcs);
    int rc = EXIT_OK;
    for (int i = 0; i < nfiles && srcs; i++) {
        size_t n;
        char *src = read_text(files[i], &n);
        if (!src) {
            fprintf(stderr, "ptxsim: error: %s: %s\n", files[i], strerror(errno));
            rc = EXIT_BAD_INPUT;
            break;
        }
        srcs[i] = (ptxsim_source){files[i], src, n};
    }
    if (!srcs) rc = EXIT_BAD_INPUT;
    if (rc == EXIT_OK) {
        ptxsim_module_info info;
        ptxsim_diagnostics *d = NULL;
        ptxsim_status st = ptxsim_validate_linked(ctx, srcs, nfiles, &info, &d);
        ptxsim_diagnostics_print(d, stderr);
        int errors = ptxsim_diagnostics_errors(d);
        ptxsim_diagnostics_free(d);
        if (st != PTXSIM_OK) {
            fprintf(stderr, "ptxsim: %s\n", ptxsim_context_message(ctx));
            rc = EXIT_BAD_INPUT;
        } else if (errors) { /* never "ok" after an error, whatever the status said */
            fprintf(stderr, "ptxsim: %d errors\n", errors);
            rc = EXIT_BAD_INPUT;
        } else if (!o->quiet) {
            char checked[64] = "";
            if (o->target) snprintf(checked, sizeof checked, " for %s", o->target);
            printf("%s%s: ok%s (PTX %d.%d, .target %s, %d functions, %d instructions)\n", files[0],
                   nfiles > 1 ? " and the modules linked with it" : "", checked, info.ptx_version / 10,
                   info.ptx_version % 10, info.target, info.functions, info.instructions);
        }
    }
    for (int i = 0; i < nfiles && srcs; i++) free((char *)srcs[i].source);
    free(srcs);
    ptxsim_context_destroy(ctx);
    return rc;
}

/* check: the checkers' findings as text (to o->txt; under --quiet only when they fail the run)
 * and SARIF; returns the exit code the findings call for: 1 when an error-severity finding of the
 * reported kinds exists. */
static int check_report(const ptxsim_report *rep, const ptxsim_report_format *rf, const options *o) {
    bool errors = false;
    ptxsim_finding f;
    for (int i = 0; ptxsim_report_finding(rep, i, &f); i++) {
        int kind = ptxsim_finding_kind_lookup(f.kind);
        if (o->only_kinds && !(o->only_kinds & (1u << kind))) continue;
        errors |= f.severity == PTXSIM_SEV_ERROR;
    }
    if (!o->quiet || errors) ptxsim_report_write_text(rep, rf, o->txt);
    int rc = errors ? EXIT_MISMATCH : EXIT_OK;
    if (o->html) {
        char why[1024];
        ptxsim_html_launch hl = {.report = rep, .format = *rf};
        memcpy(hl.grid, rf->grid, sizeof hl.grid);
        memcpy(hl.block, rf->block, sizeof hl.block);
        if (ptxsim_report_write_html(&hl, 1, NULL, o->html, why, sizeof why) != PTXSIM_OK) {
            fprintf(stderr, "ptxsim: error: --html: %s\n", why);
            rc = EXIT_BAD_INPUT;
        }
    }
    return rc;
}

/* The report's JSON (docs/report.md): one writer for run and check, with the comparisons and the
 * exit status. */
static int write_report_json(const ptxsim_report *rep, ptxsim_report_format *rf, const ptxsim_case *cs,
                             const options *o, int rc) {
    int n = ptxsim_case_comparison_count(cs);
    ptxsim_comparison *cmp = calloc((size_t)n + 1, sizeof *cmp);
    for (int i = 0; i < n; i++) ptxsim_case_get_comparison(cs, i, &cmp[i]);
    rf->comparisons = cmp, rf->ncomparisons = n, rf->exit_status = rc;
    if (!strcmp(o->json, "-")) fflush(o->txt);
    ptxsim_status st = ptxsim_report_write_json(rep, rf, o->json);
    free(cmp);
    if (st == PTXSIM_OK) return rc;
    fprintf(stderr, "ptxsim: error: %s: %s\n", o->json, strerror(errno));
    return EXIT_BAD_INPUT;
}

/* The launches of a multi-launch manifest run so far, each with its report, format and
 * comparisons, for its JSON report. */
typedef struct {
    ptxsim_report **reps;
    ptxsim_report_format *fmts;
    int n;
} kept_launches;

static void keep_launch(kept_launches *k, const ptxsim_case *cs, ptxsim_report *rep, const ptxsim_report_format *rf) {
    k->reps = realloc(k->reps, (size_t)(k->n + 1) * sizeof *k->reps);
    k->fmts = realloc(k->fmts, (size_t)(k->n + 1) * sizeof *k->fmts);
    if (!k->reps || !k->fmts) abort();
    int n = ptxsim_case_comparison_count(cs);
    ptxsim_comparison *cmp = calloc((size_t)n + 1, sizeof *cmp);
    if (!cmp) abort();
    for (int i = 0; i < n; i++) ptxsim_case_get_comparison(cs, i, &cmp[i]);
    k->reps[k->n] = rep;
    k->fmts[k->n] = *rf;
    k->fmts[k->n].comparisons = cmp, k->fmts[k->n].ncomparisons = n, k->fmts[k->n].exit_status = -1;
    k->n++;
}

static void kept_free(kept_launches *k) {
    for (int i = 0; i < k->n; i++) ptxsim_report_free(k->reps[i]), free((void *)k->fmts[i].comparisons);
    free(k->reps), free(k->fmts);
}

/* check --html of a multi-launch manifest: one page, each launch in the sidebar */
static int write_launches_html(kept_launches *k, const char *path, const char *html) {
    ptxsim_html_launch *hl = calloc((size_t)k->n, sizeof *hl);
    char(*labels)[160] = calloc((size_t)k->n, sizeof *labels);
    if (!hl || !labels) abort();
    for (int i = 0; i < k->n; i++) {
        hl[i].report = k->reps[i];
        hl[i].format = k->fmts[i];
        memcpy(hl[i].grid, k->fmts[i].grid, sizeof hl[i].grid);
        memcpy(hl[i].block, k->fmts[i].block, sizeof hl[i].block);
        snprintf(labels[i], sizeof labels[i], "launch %d: %s", i, k->fmts[i].kernel ? k->fmts[i].kernel : "?");
        hl[i].label = labels[i];
    }
    char why[1024];
    ptxsim_html_options ho = {.title = path};
    int rc = EXIT_OK;
    if (ptxsim_report_write_html(hl, k->n, &ho, html, why, sizeof why) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: --html: %s\n", why);
        rc = EXIT_BAD_INPUT;
    }
    free(hl);
    free(labels);
    return rc;
}

/* --sarif of a multi-launch manifest: one run, every result naming its launch and kernel */
static int write_launches_sarif(kept_launches *k, const options *o, const char *version, int rc) {
    for (int i = 0; i < k->n; i++) k->fmts[i].source_root = o->source_root, k->fmts[i].tool_version = version;
    k->fmts[k->n - 1].exit_status = rc;
    ptxsim_status st =
        ptxsim_report_write_sarif_launches((const ptxsim_report *const *)k->reps, k->fmts, k->n, o->sarif);
    k->fmts[k->n - 1].exit_status = -1;
    if (st == PTXSIM_OK) return EXIT_OK;
    fprintf(stderr, "ptxsim: error: %s: %s\n", o->sarif, strerror(errno));
    return EXIT_BAD_INPUT;
}

static int write_launches_json(kept_launches *k, const options *o, int rc) {
    k->fmts[k->n - 1].exit_status = rc;
    if (!strcmp(o->json, "-")) fflush(o->txt);
    if (ptxsim_report_write_json_launches((const ptxsim_report *const *)k->reps, k->fmts, k->n, o->json) == PTXSIM_OK)
        return rc;
    fprintf(stderr, "ptxsim: error: %s: %s\n", o->json, strerror(errno));
    return EXIT_BAD_INPUT;
}

/* --color: always, never, or auto — a terminal's, unless $NO_COLOR is set (no-color.org). */
static bool use_color(const options *o) {
    if (o->color && strcmp(o->color, "auto")) return !strcmp(o->color, "always");
    const char *nc = getenv("NO_COLOR");
    return isatty(fileno(o->txt)) && !(nc && *nc);
}

/* run and check: one manifest on a libptxsim context. Text for people goes to o->txt; --quiet
 * keeps it for failures (the result lines), so a passing run prints nothing. */
static int cmd_run(const char *path, const options *o, bool check) {
    char err[2048];
    if (o->source_root && access(o->source_root, X_OK)) {
        fprintf(stderr, "ptxsim: error: --source-root %s: %s\n", o->source_root, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    ptxsim_case *cs;
    ptxsim_case_policy policy = {.allow_paths = o->allow_paths,
                                 .n_allow_paths = o->n_allow_paths,
                                 .max_bytes = o->max_memory};
    if (ptxsim_case_load_with(path, &policy, &cs, err, sizeof err) != PTXSIM_OK) {
        print_error(err);
        return EXIT_BAD_INPUT;
    }
    ptxsim_case_info ci;
    ptxsim_case_get_info(cs, &ci);
    ptxsim_context *ctx;
    if (ptxsim_context_create(ci.arch, &ctx, NULL) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s: unknown arch '%s'\n", path, ci.arch);
        ptxsim_case_free(cs);
        return EXIT_BAD_INPUT;
    }
    ptxsim_options opt = {.checks = check ? PTXSIM_CHECK_ALL | (o->html ? PTXSIM_CHECK_PROFILE : 0u) |
                                  (o->ptx_counters ? PTXSIM_CHECK_PTX_COUNTERS : 0u)
                                          : 0,
                          .threads = o->threads,
                          .watchdog = o->watchdog,
                          .schedule_seed = o->schedule_seed,
                          .max_memory = o->max_memory,
                          .timeout = o->timeout,
                          .progress = isatty(STDERR_FILENO)};
    ptxsim_context_set_options(ctx, &opt);
    int rc = EXIT_BAD_INPUT;
    ptxsim_module *m = NULL;
    ptxsim_report *rep = NULL;
    ptxsim_diagnostics *d = NULL;
    kept_launches kept = {0}; /* a multi-launch manifest's reports, for --json */
    char *said = NULL;        /* under --quiet: what a passing run would have printed, kept for a failure */
    size_t said_len = 0;
    FILE *say = o->quiet ? open_memstream(&said, &said_len) : o->txt;
    if (!say) say = o->txt;
    char ptx[1024];
    ps_path_tidy(ptx, sizeof ptx, ci.ptx_path);
    ptxsim_report_format rf = {.ptx_path = ptx,
                               .kernel = ci.kernel,
                               .max_findings = o->max_findings,
                               .only_kinds = o->only_kinds,
                               .min_severity = o->min_severity,
                               .command = check ? "check" : "run",
                               .shared_bytes = ci.shared_bytes,
                               .color = use_color(o)};
    memcpy(rf.grid, ci.grid, sizeof rf.grid);
    memcpy(rf.block, ci.block, sizeof rf.block);
    memcpy(rf.cluster, ci.cluster, sizeof rf.cluster);
    ptxsim_status st = ptxsim_module_link_files(ctx, ci.ptx_paths, ci.n_ptx, &m, &d);
    ptxsim_diagnostics_print(d, stderr);
    if (st == PTXSIM_ERR_PARSE) {
        fprintf(stderr, "ptxsim: %s\n", ptxsim_context_message(ctx));
        goto out;
    }
    if (st == PTXSIM_ERR_IO) {
        fprintf(stderr, "ptxsim: error: %s\n", ptxsim_context_message(ctx));
        goto out;
    }
    if (st != PTXSIM_OK) { /* e.g. an arch that is a target only (sm_35), or an unplaceable initialiser */
        fprintf(stderr, "ptxsim: error: %s: %s\n", path, ptxsim_context_message(ctx));
        goto out;
    }
    ptxsim_module_info mi;
    ptxsim_module_get_info(m, &mi);
    rf.arch = mi.machine[0] ? mi.machine : ci.arch ? ci.arch : mi.target;
    /* "launches": each runs on the buffers as the one before left them; every launch gets its own
     * block of output and its comparisons; rc is the worst of them */
    int li = 0, worst = EXIT_OK;
    char label[1100];
    snprintf(label, sizeof label, "%s", path);
next_launch:
    st = ptxsim_case_launch_at(ctx, cs, m, li, &rep);
    ptxsim_case_get_info(cs, &ci);
    rf.kernel = ci.kernel; /* its PTX name, when the manifest gives a C++ kernel's plain name */
    if (ci.launches > 1) {
        snprintf(label, sizeof label, "%s: launch %d of %d", path, li, ci.launches);
        rf.shared_bytes = ci.shared_bytes;
        memcpy(rf.grid, ci.grid, sizeof rf.grid);
        memcpy(rf.block, ci.block, sizeof rf.block);
        memcpy(rf.cluster, ci.cluster, sizeof rf.cluster);
    }
    if (st == PTXSIM_ERR_UNSUPPORTED) { /* the load printed what ptxsim cannot run, located */
        fprintf(stderr, "ptxsim: error: %s\n", ptxsim_context_message(ctx));
        goto out;
    }
    if (st == PTXSIM_ERR_INVALID_ARGUMENT) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", path, ptxsim_context_message(ctx));
        goto out;
    }
    if (st != PTXSIM_OK && st != PTXSIM_ERR_FAULT && st != PTXSIM_ERR_WATCHDOG) {
        print_error(ptxsim_context_message(ctx));
        goto out;
    }
    /* the kernel's own output first: printf on stdout (on stderr under --json -, where stdout is
     * the JSON's, which holds the output too), failed asserts on stderr, as the CUDA driver
     * writes them */
    size_t out_len;
    const char *out_text = ptxsim_report_output(rep, &out_len);
    if (out_len) {
        fwrite(out_text, 1, out_len, o->txt);
        fflush(o->txt);
    }
    out_text = ptxsim_report_error_output(rep, &out_len);
    if (out_len) {
        fwrite(out_text, 1, out_len, stderr);
        fflush(stderr);
    }
    const ptxsim_fault *fault = ptxsim_report_fault(rep);
    if (st != PTXSIM_OK && check) { /* the fault is an error finding of the report */
        fprintf(say, "%s: kernel %s, grid %ux%ux%u, block %ux%ux%u: %s\n", label, ci.kernel, ci.grid[0], ci.grid[1],
                ci.grid[2], ci.block[0], ci.block[1], ci.block[2],
                st == PTXSIM_ERR_WATCHDOG ? "hit the watchdog" : "faulted");
        options q = *o;
        q.quiet = false; /* a fault fails the run: its findings are the result */
        if (say != o->txt) fclose(say), say = o->txt, fwrite(said, 1, said_len, o->txt);
        rc = check_report(rep, &rf, &q);
        if (rc == EXIT_OK) rc = EXIT_MISMATCH; /* a fault filtered out by --only still fails */
        goto out;
    }
    if (st != PTXSIM_OK) { /* "k.ptx:62: error: kernel 'k' faulted: ... (k.cu:7; block ..., 24 lanes: 8-31)" */
        char where[1100] = "", lanes[200] = "";
        if (fault->source_file && fault->source_line)
            snprintf(where, sizeof where, "%s:%d; ", fault->source_file, fault->source_line);
        if (fault->lanes > 1) {
            char r[160];
            ps_lane_ranges(fault->lane_mask, r, sizeof r);
            snprintf(lanes, sizeof lanes, "; %d lanes of its warp: %s", fault->lanes, r);
        }
        char fpath[1024];
        ps_path_tidy(fpath, sizeof fpath, fault->ptx_file ? fault->ptx_file : ci.ptx_path);
        fprintf(stderr, "%s:%d: error: kernel '%s' %s: %s (%sblock (%u,%u,%u), thread (%u,%u,%u)%s)\n", fpath,
                fault->ptx_line, ci.kernel, st == PTXSIM_ERR_WATCHDOG ? "hit the watchdog" : "faulted", fault->message,
                where, fault->block[0], fault->block[1], fault->block[2], fault->thread[0], fault->thread[1],
                fault->thread[2], lanes);
        rc = EXIT_FAULT;
        goto out;
    }
    if (o->out && li + 1 == ci.launches && ptxsim_case_write_outputs(ctx, cs, o->out) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", ptxsim_context_message(ctx));
        goto out;
    }
    const ptxsim_stats *s = ptxsim_report_stats(rep);
    fprintf(say, "%s: kernel %s, grid %ux%ux%u, block %ux%ux%u", label, ci.kernel, ci.grid[0], ci.grid[1], ci.grid[2],
            ci.block[0], ci.block[1], ci.block[2]);
    if (ci.cluster[0]) fprintf(say, ", cluster %ux%ux%u", ci.cluster[0], ci.cluster[1], ci.cluster[2]);
    fprintf(say, "\n");
    if (!check)
        fprintf(say, "  %llu warp instructions, %llu thread instructions, %.3f s (%.1f M thread-inst/s)\n",
                (unsigned long long)s->warp_instructions, (unsigned long long)s->thread_instructions, s->seconds,
                s->seconds > 0 ? (double)s->thread_instructions / s->seconds / 1e6 : 0.0);
    else fprintf(say, "  simulated with every checker in %.3f s\n", s->seconds);
    int bad = ptxsim_case_compare(ctx, cs, say);
    if (bad < 0) {
        print_error(ptxsim_context_message(ctx));
        goto out;
    }
    if (bad && say != o->txt) fclose(say), say = o->txt, fwrite(said, 1, said_len, o->txt);
    options one = *o;
    if (ci.launches > 1) one.html = NULL; /* one page for all the launches, at the end */
    int frc = check ? check_report(rep, &rf, &one) : EXIT_OK;
    rc = bad ? EXIT_MISMATCH : frc;
    if (ci.launches > 1) {
        if (rc > worst) worst = rc;
        rc = worst;
        if (li + 1 < ci.launches) {
            if (o->json || o->sarif || (o->html && check)) keep_launch(&kept, cs, rep, &rf);
            else ptxsim_report_free(rep);
            rep = NULL;
            li++;
            rc = EXIT_BAD_INPUT; /* until the next launch has run */
            goto next_launch;
        }
    }
out:
    if (say != o->txt) fclose(say);
    free(said);
    char version[128];
    snprintf(version, sizeof version, "0.1 (git %s)", PTXSIM_REVISION);
    if (o->sarif && rep && ci.launches <= 1) { /* its invocation holds the exit status */
        rf.source_root = o->source_root, rf.tool_version = version, rf.exit_status = rc;
        if (ptxsim_report_write_sarif(rep, &rf, o->sarif) != PTXSIM_OK) {
            fprintf(stderr, "ptxsim: error: %s: %s\n", o->sarif, strerror(errno));
            rc = EXIT_BAD_INPUT;
        }
    }
    if ((o->json || o->sarif || (o->html && check)) && rep && ci.launches > 1) {
        keep_launch(&kept, cs, rep, &rf);
        rep = NULL;
        if (o->sarif && write_launches_sarif(&kept, o, version, rc) != EXIT_OK) rc = EXIT_BAD_INPUT;
        if (o->html && check && write_launches_html(&kept, path, o->html) != EXIT_OK) rc = EXIT_BAD_INPUT;
        if (o->json) rc = write_launches_json(&kept, o, rc); /* {last launch's report, "launches": [...]} */
    } else if (o->json && rep) rc = write_report_json(rep, &rf, cs, o, rc);
    kept_free(&kept);
    ptxsim_report_free(rep);
    ptxsim_diagnostics_free(d);
    ptxsim_module_unload(m);
    ptxsim_context_destroy(ctx);
    ptxsim_case_free(cs);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_BAD_INPUT;
    }
    const char *cmd = argv[1];
    /* --no-ptxas-model, for every command (exec passes it on to the program's libraries through
     * the environment): the PTX ISA's semantics as written, without what ptxas compiles them into
     * (contractions, folded constants; docs/numerics.md "What ptxas compiles") */
    for (int i = 2; i < argc && strcmp(argv[i - 1], "--"); i++)
        if (!strcmp(argv[i], "--no-ptxas-model")) {
            setenv("PTXSIM_PTXAS_MODEL", "0", 1);
            memmove(&argv[i], &argv[i + 1], sizeof *argv * (size_t)(argc - i));
            argc--;
            i--;
        }
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        if (argc > 2) return print_command_help(argv[2]);
        print_usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("ptxsim 0.1 (git %s)\n", PTXSIM_REVISION);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "isa-table")) {
        ptxsim_write_isa_table(stdout);
        return EXIT_OK;
    }
    if (!strcmp(cmd, "exec")) return ptxsim_cmd_exec(argc - 1, argv + 1); /* PROGRAM's own --help is its own */
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return print_command_help(cmd);
    if (!strcmp(cmd, "gpu-run")) return ptxsim_cmd_gpu_run(argc - 1, argv + 1);
    if (!strcmp(cmd, "gpu-info")) return ptxsim_cmd_gpu_info(argc - 1, argv + 1);
    if (!strcmp(cmd, "diff")) return ptxsim_cmd_diff(argc - 1, argv + 1);
    if (!strcmp(cmd, "init")) return ptxsim_cmd_init(argc - 1, argv + 1);
    if (!strcmp(cmd, "decode")) return ptxsim_cmd_decode(argc - 1, argv + 1);
    if (!strcmp(cmd, "regs")) return ptxsim_cmd_regs(argc - 1, argv + 1);
    if (!strcmp(cmd, "test")) return ptxsim_cmd_test(argc - 1, argv + 1);
    if (!command_options(cmd)) {
        fprintf(stderr, "ptxsim: error: unknown command '%s'\n", cmd);
        fputs(usage_commands, stderr);
        return EXIT_BAD_INPUT;
    }
    options o = {.files = calloc((size_t)argc, sizeof(char *)), .txt = stdout};
    int rc = EXIT_BAD_INPUT;
    bool parse = !strcmp(cmd, "parse"); /* parse takes several files: linked as one program */
    if (!o.files || parse_options(cmd, argc, argv, 2, &o)) goto done;
    if (!o.nfiles) {
        fprintf(stderr, "ptxsim: error: '%s' needs a %s\nusage: ptxsim %s %s [options] (ptxsim help %s)\n", cmd,
                parse ? "PTX file" : "manifest (CASE.json)", cmd, parse ? "FILE.ptx..." : "CASE.json", cmd);
        goto done;
    }
    if (!parse && o.nfiles > 1) {
        fprintf(stderr, "ptxsim: error: '%s' takes one manifest; a second: '%s' (ptxsim test runs several)\n", cmd,
                o.files[1]);
        goto done;
    }
    if (o.json && !strcmp(o.json, "-")) o.txt = stderr; /* stdout holds the JSON alone */
    rc = parse ? cmd_parse(o.files, o.nfiles, &o) : cmd_run(o.files[0], &o, !strcmp(cmd, "check"));
done:
    free(o.files);
    return rc;
}
