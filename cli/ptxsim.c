/* ptxsim.c — command-line front end: parse, run and check (DESIGN §6). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "manifest.h"
#include "sim.h"
#include "verify.h"

enum { EXIT_OK = 0, EXIT_MISMATCH = 1, EXIT_BAD_INPUT = 2, EXIT_FAULT = 3 };

static const char usage[] =
    "usage: ptxsim <command> [options]\n"
    "\n"
    "commands:\n"
    "  parse FILE.ptx [--target sm_XX]   validate PTX; diagnostics as file:line:col: error: ...\n"
    "  run CASE.json [options]           simulate one launch; compare with \"expect\"\n"
    "  check CASE.json [options]         simulate and report statistics and findings\n"
    "  isa-table                         print the per-architecture instruction support table\n"
    "  gpu-run CASE.json [--out DIR]     run the launch on a GPU (CUDA driver); compare with \"expect\"\n"
    "        [--record DIR] [--jit-log]  --record: write the recorded-truth files (docs/gpu.md)\n"
    "  gpu-info [--json]                 describe the GPU the CUDA driver sees\n"
    "  diff CASE.json|DIR [--gpu|--recorded]\n"
    "                                    compare the simulator's buffers with a GPU's, live or\n"
    "                                    recorded (<buffer>.gpu.bin beside the manifest)\n"
    "\n"
    "options for run and check:\n"
    "  --out DIR         write DIR/<buffer>.bin for every buffer (final contents)\n"
    "  --json FILE       write the report as JSON\n"
    "  --threads N       host threads for CTAs (default: all cores)\n"
    "  --watchdog N      stop after N warp instructions (default 2e9)\n"
    "  --quiet           print only problems\n"
    "options for check (docs/verifier.md):\n"
    "  --sarif FILE      write the findings as SARIF 2.1.0\n"
    "  --max-findings N  report at most N findings\n"
    "  --only KIND[,KIND]  report only these kinds (race, bank-conflict, uncoalesced, ...)\n"
    "  --severity LEVEL  report findings of LEVEL (note, warning, error) and worse\n"
    "\n"
    "exit codes: 0 ok, 1 mismatch or error findings, 2 bad input, 3 kernel fault or watchdog\n"
    "(diff: 1 also when the simulator cannot run or faults; 2 also without a GPU or recording)\n";

typedef struct {
    const char *out, *json, *target, *sarif;
    int threads;
    uint64_t watchdog;
    bool quiet;
    int max_findings;       /* check: 0 = all */
    unsigned only_kinds;    /* check: bit per ps_finding_kind; 0 = all */
    ps_severity min_severity;
} options;

/* "race,bank-conflict" → bits; -1 on an unknown kind */
static long parse_kinds(const char *list) {
    long bits = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save, *k = strtok_r(buf, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
        int id = ps_finding_kind_lookup(k);
        if (id < 0) {
            fprintf(stderr, "ptxsim: error: unknown finding kind '%s' (kinds:", k);
            for (int i = 0; i < PS_FIND_COUNT; i++)
                fprintf(stderr, " %s", ps_finding_kind_name((ps_finding_kind)i));
            fprintf(stderr, ")\n");
            return -1;
        }
        bits |= 1L << id;
    }
    return bits;
}

static int parse_options(int argc, char **argv, int start, options *o) {
    for (int i = start; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quiet")) {
            o->quiet = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "ptxsim: error: option '%s' needs a value (or is unknown)\n", a);
            return -1;
        }
        char *end;
        if (!strcmp(a, "--out")) o->out = v;
        else if (!strcmp(a, "--json")) o->json = v;
        else if (!strcmp(a, "--target")) o->target = v;
        else if (!strcmp(a, "--sarif")) o->sarif = v;
        else if (!strcmp(a, "--max-findings")) {
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
            if (!strcmp(v, "note")) o->min_severity = PS_SEV_NOTE;
            else if (!strcmp(v, "warning")) o->min_severity = PS_SEV_WARNING;
            else if (!strcmp(v, "error")) o->min_severity = PS_SEV_ERROR;
            else {
                fprintf(stderr, "ptxsim: error: --severity takes note, warning or error\n");
                return -1;
            }
        }
        else if (!strcmp(a, "--threads")) {
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
        } else {
            fprintf(stderr, "ptxsim: error: unknown option '%s'\n", a);
            return -1;
        }
        i++;
    }
    return 0;
}

static ps_module *load_module(const char *path, const ps_arch *target, ps_diags *d) {
    size_t n;
    char *src = ps_read_file(path, &n);
    if (!src) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    ps_module *m;
    ps_parse_options po = {.target = target};
    ps_status st = ps_parse(path, src, n, &po, d, &m);
    free(src);
    ps_diags_print(d, stderr);
    if (st != PS_OK) {
        fprintf(stderr, "ptxsim: %d error%s in %s\n", d->errors, d->errors == 1 ? "" : "s", path);
        ps_module_free(m);
        return NULL;
    }
    return m;
}

static int cmd_parse(const char *file, const options *o) {
    const ps_arch *target = NULL;
    if (o->target && !(target = ps_arch_lookup(o->target))) {
        fprintf(stderr, "ptxsim: error: unknown target '%s'\n", o->target);
        return EXIT_BAD_INPUT;
    }
    ps_diags d = {0};
    ps_module *m = load_module(file, target, &d);
    ps_diags_free(&d);
    if (!m) return EXIT_BAD_INPUT;
    if (!o->quiet) {
        int n = 0;
        for (int i = 0; i < m->nfuncs; i++) n += m->funcs[i]->ninsns;
        printf("%s: ok (PTX %d.%d, %s, %d functions, %d instructions)\n", file, m->version / 10,
               m->version % 10, m->target ? m->target : "?", m->nfuncs, n);
    }
    ps_module_free(m);
    return EXIT_OK;
}

static void write_json(const char *path, const ps_manifest *man, const ps_program *prog,
                       const ps_launch_result *res) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "kernel", man->kernel);
    cJSON_AddStringToObject(root, "arch", man->arch ? man->arch : prog ? ps_arch_get(0)->name : "?");
    cJSON *stats = cJSON_AddObjectToObject(root, "stats");
    cJSON_AddNumberToObject(stats, "warp_instructions", (double)res->stats.warp_instructions);
    cJSON_AddNumberToObject(stats, "thread_instructions", (double)res->stats.thread_instructions);
    cJSON *br = cJSON_AddObjectToObject(stats, "branches");
    cJSON_AddNumberToObject(br, "executed", (double)res->stats.branches);
    cJSON_AddNumberToObject(br, "divergent", (double)res->stats.divergent_branches);
    cJSON_AddNumberToObject(stats, "seconds", res->seconds);
    cJSON *findings = cJSON_AddArrayToObject(root, "findings");
    if (res->fault.kind != PS_FAULT_NONE) {
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "kind", ps_fault_kind_name(res->fault.kind));
        cJSON_AddStringToObject(f, "severity", "error");
        cJSON_AddStringToObject(f, "message", res->fault.message);
        if (res->fault.ptx_line) {
            cJSON *ptx = cJSON_AddObjectToObject(f, "ptx");
            cJSON_AddStringToObject(ptx, "file", man->ptx);
            cJSON_AddNumberToObject(ptx, "line", res->fault.ptx_line);
        }
        int blk[3] = {(int)res->fault.block[0], (int)res->fault.block[1], (int)res->fault.block[2]};
        int thr[3] = {(int)res->fault.thread[0], (int)res->fault.thread[1], (int)res->fault.thread[2]};
        cJSON_AddItemToObject(f, "block", cJSON_CreateIntArray(blk, 3));
        cJSON_AddItemToObject(f, "thread", cJSON_CreateIntArray(thr, 3));
        cJSON_AddItemToArray(findings, f);
    }
    char *text = cJSON_Print(root);
    FILE *fp = fopen(path, "w");
    if (!fp || fputs(text, fp) < 0) fprintf(stderr, "ptxsim: error: %s: %s\n", path, strerror(errno));
    if (fp) fclose(fp);
    free(text);
    cJSON_Delete(root);
}

/* "a/b/../c.ptx" → "a/c.ptx" (lexically, for locations in reports). */
static void tidy_path(char *out, size_t n, const char *path) {
    const char *parts[128];
    size_t lens[128];
    int np = 0;
    bool abs = path[0] == '/';
    for (const char *p = path; *p && np < 128;) {
        while (*p == '/') p++;
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (!len) break;
        if (len == 1 && p[0] == '.') {
        } else if (len == 2 && !strncmp(p, "..", 2) && np > 0 &&
                   !(lens[np - 1] == 2 && !strncmp(parts[np - 1], "..", 2))) {
            np--;
        } else {
            parts[np] = p;
            lens[np++] = len;
        }
        p += len;
    }
    size_t j = 0;
    if (abs && j + 1 < n) out[j++] = '/';
    for (int i = 0; i < np && j + lens[i] + 2 < n; i++) {
        if (i) out[j++] = '/';
        memcpy(out + j, parts[i], lens[i]);
        j += lens[i];
    }
    out[j] = 0;
}

/* check: reports the verifier's findings (text on stdout, --json, --sarif); returns the exit code
 * the findings call for: 1 when an error-severity finding of the reported kinds exists. */
static int check_report(ps_verifier *ver, const ps_manifest *man, const ps_module *m,
                        const ps_launch_result *res, const options *o) {
    ps_verifier_finish(ver, res);
    char ptx[1024];
    tidy_path(ptx, sizeof ptx, man->ptx);
    ps_report_options ro = {.ptx_path = ptx, .kernel = man->kernel,
                            .arch = man->arch ? man->arch : m->target ? m->target : "?",
                            .max_findings = o->max_findings, .only_kinds = o->only_kinds,
                            .min_severity = o->min_severity};
    bool errors = false, any = false;
    for (int i = 0; i < ps_verifier_finding_count(ver); i++) {
        const ps_finding *f = ps_verifier_finding(ver, i);
        if (o->only_kinds && !(o->only_kinds & (1u << f->kind))) continue;
        errors |= f->severity == PS_SEV_ERROR;
        any |= f->severity >= o->min_severity;
    }
    if (!o->quiet || any) ps_report_text(ver, res, &ro, stdout);
    int rc = errors ? EXIT_MISMATCH : EXIT_OK;
    if (o->json && ps_report_json(ver, res, &ro, o->json)) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", o->json, strerror(errno));
        rc = EXIT_BAD_INPUT;
    }
    if (o->sarif && ps_report_sarif(ver, res, &ro, o->sarif)) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", o->sarif, strerror(errno));
        rc = EXIT_BAD_INPUT;
    }
    return rc;
}

static int cmd_run(const char *path, const options *o, bool check) {
    char err[600];
    ps_manifest *man;
    if (ps_manifest_load(path, &man, err, sizeof err) != PS_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    const ps_arch *arch = NULL;
    if (man->arch && !(arch = ps_arch_lookup(man->arch))) {
        fprintf(stderr, "ptxsim: error: %s: unknown arch '%s'\n", path, man->arch);
        ps_manifest_free(man);
        return EXIT_BAD_INPUT;
    }
    int rc = EXIT_BAD_INPUT;
    ps_diags d = {0};
    ps_device *dev = ps_device_create();
    ps_program *prog = NULL;
    ps_verifier *ver = NULL;
    uint8_t *params = NULL;
    size_t psize = 0;
    ps_module *m = load_module(man->ptx, arch, &d);
    if (!m) goto out;
    if (ps_program_build(m, arch, dev, &d, &prog) != PS_OK) {
        ps_diags_print(&d, stderr);
        goto out;
    }
    if (ps_manifest_prepare(man, prog, dev, &params, &psize, err, sizeof err) != PS_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        goto out;
    }
    if (check) { /* every checker; buffers with "init": "none" start uninitialised */
        ver = ps_verifier_create(m, arch, PS_CHECK_ALL);
        for (int i = 0; i < man->nbufs; i++)
            if (man->bufs[i].init == MB_NONE)
                ps_verifier_mark_uninitialized(ver, man->bufs[i].addr, man->bufs[i].bytes);
    }
    ps_launch_config cfg = {.shared_bytes = man->shared_bytes, .params = params, .params_size = psize,
                            .threads = o->threads, .watchdog = o->watchdog,
                            .observer = ver ? ps_verifier_observer(ver) : NULL};
    memcpy(cfg.grid, man->grid, sizeof cfg.grid);
    memcpy(cfg.block, man->block, sizeof cfg.block);
    ps_launch_result res;
    ps_status st = ps_launch(prog, dev, man->kernel, &cfg, &res);
    if (st == PS_ERR_UNSUPPORTED) {
        ps_diags all = {0};
        for (int i = 0; i < m->nfuncs; i++) {
            const ps_diags *fd = ps_program_function_diags(prog, i);
            if (fd) ps_diags_print(fd, stderr);
        }
        ps_diags_free(&all);
        fprintf(stderr, "ptxsim: error: %s\n", res.fault.message);
        goto out;
    }
    if (st == PS_ERR_USAGE) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", path, res.fault.message);
        goto out;
    }
    if (o->json && !check) write_json(o->json, man, prog, &res);
    if (st != PS_OK && check) { /* the fault is an error finding of the report */
        if (!o->quiet)
            printf("%s: kernel %s, grid %ux%ux%u, block %ux%ux%u: %s\n", path, man->kernel,
                   man->grid[0], man->grid[1], man->grid[2], man->block[0], man->block[1],
                   man->block[2], st == PS_ERR_WATCHDOG ? "hit the watchdog" : "faulted");
        rc = check_report(ver, man, m, &res, o);
        if (rc == EXIT_OK) rc = EXIT_MISMATCH; /* a fault filtered out by --only still fails */
        goto out;
    }
    if (st != PS_OK) {
        fprintf(stderr, "%s:%d: error: kernel '%s' %s: %s (block (%u,%u,%u), thread (%u,%u,%u))\n",
                man->ptx, res.fault.ptx_line, man->kernel,
                st == PS_ERR_WATCHDOG ? "hit the watchdog" : "faulted", res.fault.message,
                res.fault.block[0], res.fault.block[1], res.fault.block[2], res.fault.thread[0],
                res.fault.thread[1], res.fault.thread[2]);
        rc = EXIT_FAULT;
        goto out;
    }
    if (o->out && ps_manifest_write_outputs(man, dev, o->out, err, sizeof err) != PS_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        goto out;
    }
    if (!o->quiet) {
        printf("%s: kernel %s, grid %ux%ux%u, block %ux%ux%u\n", path, man->kernel, man->grid[0],
               man->grid[1], man->grid[2], man->block[0], man->block[1], man->block[2]);
        if (!check)
            printf("  %llu warp instructions, %llu thread instructions, %.3f s (%.1f M thread-inst/s)\n",
               (unsigned long long)res.stats.warp_instructions,
               (unsigned long long)res.stats.thread_instructions, res.seconds,
               res.seconds > 0 ? (double)res.stats.thread_instructions / res.seconds / 1e6 : 0.0);
        else
            printf("  simulated with every checker in %.3f s\n", res.seconds);
    }
    int frc = check ? check_report(ver, man, m, &res, o) : EXIT_OK;
    int bad = ps_manifest_compare(man, dev, o->quiet ? stderr : stdout, err, sizeof err);
    if (bad < 0) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        goto out;
    }
    rc = bad ? EXIT_MISMATCH : frc;
out:
    ps_verifier_destroy(ver);
    free(params);
    ps_program_free(prog);
    ps_module_free(m);
    ps_device_destroy(dev);
    ps_diags_free(&d);
    ps_manifest_free(man);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_BAD_INPUT : EXIT_OK;
    }
    if (!strcmp(argv[1], "isa-table")) {
        ps_isa_write_markdown(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        puts("ptxsim 0.1");
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "gpu-run")) return ptxsim_cmd_gpu_run(argc - 1, argv + 1);
    if (!strcmp(argv[1], "gpu-info")) return ptxsim_cmd_gpu_info(argc - 1, argv + 1);
    if (!strcmp(argv[1], "diff")) return ptxsim_cmd_diff(argc - 1, argv + 1);
    options o = {0};
    if (argc < 3) {
        fprintf(stderr, "ptxsim: error: '%s' needs a file\n%s", argv[1], usage);
        return EXIT_BAD_INPUT;
    }
    if (parse_options(argc, argv, 3, &o)) return EXIT_BAD_INPUT;
    if (!strcmp(argv[1], "parse")) return cmd_parse(argv[2], &o);
    if (!strcmp(argv[1], "run")) return cmd_run(argv[2], &o, false);
    if (!strcmp(argv[1], "check")) return cmd_run(argv[2], &o, true);
    fprintf(stderr, "ptxsim: error: unknown command '%s'\n%s", argv[1], usage);
    return EXIT_BAD_INPUT;
}
