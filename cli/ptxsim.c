/* ptxsim.c — command-line front end: parse, run and check (DESIGN §6). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "manifest.h"
#include "sim.h"

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
    "\n"
    "exit codes: 0 ok, 1 mismatch or error findings, 2 bad input, 3 kernel fault or watchdog\n"
    "(diff: 1 also when the simulator cannot run or faults; 2 also without a GPU or recording)\n";

typedef struct {
    const char *out, *json, *target;
    int threads;
    uint64_t watchdog;
    bool quiet;
} options;

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
    ps_launch_config cfg = {.shared_bytes = man->shared_bytes, .params = params, .params_size = psize,
                            .threads = o->threads, .watchdog = o->watchdog};
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
    if (o->json) write_json(o->json, man, prog, &res);
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
        printf("  %llu warp instructions, %llu thread instructions, %.3f s (%.1f M thread-inst/s)\n",
               (unsigned long long)res.stats.warp_instructions,
               (unsigned long long)res.stats.thread_instructions, res.seconds,
               res.seconds > 0 ? (double)res.stats.thread_instructions / res.seconds / 1e6 : 0.0);
        if (check) {
            uint64_t b = res.stats.branches, dv = res.stats.divergent_branches;
            printf("  branches: %llu executed, %llu divergent (%.1f%%)\n", (unsigned long long)b,
                   (unsigned long long)dv, b ? 100.0 * (double)dv / (double)b : 0.0);
            printf("  warp execution efficiency: %.1f%%\n",
                   res.stats.warp_instructions
                       ? 100.0 * (double)res.stats.thread_instructions /
                             (32.0 * (double)res.stats.warp_instructions)
                       : 0.0);
            printf("  findings: none (checkers for races, bank conflicts and memory come with `check`'s "
                   "verifier)\n");
        }
    }
    int bad = ps_manifest_compare(man, dev, o->quiet ? stderr : stdout, err, sizeof err);
    if (bad < 0) {
        fprintf(stderr, "ptxsim: error: %s\n", err);
        goto out;
    }
    rc = bad ? EXIT_MISMATCH : EXIT_OK;
out:
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
