/* regs.c — `ptxsim regs FILE.ptx`: per kernel, the virtual registers PTX liveness keeps alive
 * (api: ptxsim_kernel_reg_usage), the allocation ptxas makes for each target when ptxas is on the
 * machine (ptxas_info.c), and the theoretical occupancy that follows (occupancy.c), with warnings
 * for spills and directives that cannot be met. Text or JSON (docs/registers.md). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common.h"
#include "occupancy.h"
#include "ptxas_info.h"
#include "ptxsim.h"
#include "regs.h"

#define DEFAULT_BLOCK 256

typedef struct {
    const char *file, *kernel, *ptxas;
    const char *targets[16];
    int ntargets;
    int blocks[16]; /* --block values; none: from the kernel's directives, else DEFAULT_BLOCK */
    int nblocks;
    long dynamic_smem[16];
    int ndynamic;
    bool json, lines, no_ptxas;
} regs_options;

void ptxsim_regs_help(FILE *out) {
    fputs("usage: ptxsim regs FILE.ptx [options]\n"
          "  register use from PTX liveness, ptxas's allocation (when ptxas is found) and theoretical\n"
          "  occupancy per kernel and target (docs/registers.md)\n\n"
          "  --kernel NAME        one kernel (default: every kernel)\n"
          "  --target sm_XX       a target to compile and compute occupancy for; repeat or separate\n"
          "                       with commas (default: the module's .target)\n"
          "  --block N[,N...]     threads per block (default: .reqntid, else .maxntid, else 256)\n"
          "  --dynamic-smem BYTES[,BYTES...]\n"
          "                       dynamic shared memory per block (default 0)\n"
          "  --ptxas PATH         the ptxas to run (default: PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)\n"
          "  --no-ptxas           liveness only; occupancy estimated from the liveness peak\n"
          "  --lines              the register pressure after every PTX line\n"
          "  --json               JSON on stdout instead of text\n",
          out);
}

static int parse_args(int argc, char **argv, regs_options *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool takes = !strcmp(a, "--kernel") || !strcmp(a, "--target") || !strcmp(a, "--block") ||
            !strcmp(a, "--dynamic-smem") || !strcmp(a, "--ptxas");
        if (takes && i + 1 >= argc) {
            fprintf(stderr, "ptxsim: error: %s needs a value (ptxsim help regs)\n", a);
            return 2;
        }
        if (!strcmp(a, "--kernel")) {
            o->kernel = argv[++i];
        } else if (!strcmp(a, "--ptxas")) {
            o->ptxas = argv[++i];
        } else if (!strcmp(a, "--target")) {
            for (char *t = strtok(argv[++i], ","); t; t = strtok(NULL, ","))
                if (o->ntargets < 16) o->targets[o->ntargets++] = t;
        } else if (!strcmp(a, "--block") || !strcmp(a, "--dynamic-smem")) {
            bool blk = a[2] == 'b';
            for (char *t = strtok(argv[++i], ","); t; t = strtok(NULL, ",")) {
                char *end;
                errno = 0;
                long v = strtol(t, &end, 0);
                if (errno || *end || v < (blk ? 1 : 0) || v > (blk ? 1024 : INT_MAX / 2)) {
                    fprintf(stderr, "ptxsim: error: %s wants %s, not '%s'\n", a,
                            blk ? "1 to 1024 threads" : "a byte count", t);
                    return 2;
                }
                if (blk && o->nblocks < 16) o->blocks[o->nblocks++] = (int)v;
                else if (!blk && o->ndynamic < 16) o->dynamic_smem[o->ndynamic++] = v;
            }
        } else if (!strcmp(a, "--json")) {
            o->json = true;
        } else if (!strcmp(a, "--lines")) {
            o->lines = true;
        } else if (!strcmp(a, "--no-ptxas")) {
            o->no_ptxas = true;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ptxsim: error: unknown option '%s' of 'regs' (ptxsim help regs)\n", a);
            return 2;
        } else if (o->file) {
            fprintf(stderr, "ptxsim: error: 'regs' takes one PTX file; a second: '%s'\n", a);
            return 2;
        } else {
            o->file = a;
        }
    }
    if (!o->file) {
        fputs("ptxsim: error: 'regs' needs a PTX file\n", stderr);
        ptxsim_regs_help(stderr);
        return 2;
    }
    return 0;
}

/* ---- one kernel on one target ------------------------------------------------------------- */

static int product(const int d[3]) {
    if (!d[0]) return 0;
    return d[0] * (d[1] ? d[1] : 1) * (d[2] ? d[2] : 1);
}

typedef struct {
    const char *target;
    const occ_arch *arch;
    const ptxas_result *px; /* NULL: ptxas not run */
} target_ctx;

typedef struct {
    cJSON *warnings; /* strings */
} notes;

static void warn(notes *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(notes *n, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    cJSON_AddItemToArray(n->warnings, cJSON_CreateString(buf));
}

static cJSON *limits_json(const occ_result *r) {
    cJSON *l = cJSON_CreateObject();
    static const char *const keys[OCC_LIM_COUNT] = {"warps", "blocks", "registers", "shared_memory", "barriers"};
    for (int k = 0; k < OCC_LIM_COUNT; k++)
        if (r->limit[k] == INT_MAX) cJSON_AddNullToObject(l, keys[k]);
        else cJSON_AddNumberToObject(l, keys[k], r->limit[k]);
    return l;
}

static cJSON *occupancy_json(const occ_arch *a, const occ_input *in, const occ_result *r, const char *block_from,
                             const char *source) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "registers_from", source);
    cJSON_AddNumberToObject(o, "registers_per_thread", in->regs_per_thread);
    cJSON_AddNumberToObject(o, "block", in->block);
    cJSON_AddStringToObject(o, "block_from", block_from);
    cJSON_AddNumberToObject(o, "static_shared_bytes", in->static_smem);
    cJSON_AddNumberToObject(o, "dynamic_shared_bytes", in->dynamic_smem);
    cJSON_AddNumberToObject(o, "barriers", in->barriers);
    cJSON_AddNumberToObject(o, "blocks_per_sm", r->blocks_per_sm);
    cJSON_AddNumberToObject(o, "warps_per_sm", r->warps_per_sm);
    cJSON_AddNumberToObject(o, "max_warps_per_sm", a->max_warps);
    cJSON_AddNumberToObject(o, "occupancy_percent", r->occupancy_pct);
    cJSON *lim = cJSON_AddArrayToObject(o, "limited_by");
    for (int k = 0; k < OCC_LIM_COUNT; k++)
        if (r->limiting >> k & 1) cJSON_AddItemToArray(lim, cJSON_CreateString(occ_limit_name(k)));
    cJSON_AddItemToObject(o, "limits", limits_json(r));
    cJSON_AddNumberToObject(o, "registers_per_block", r->regs_per_block);
    cJSON_AddNumberToObject(o, "shared_bytes_per_block", r->smem_per_block);
    cJSON_AddNumberToObject(o, "shared_bytes_per_sm", r->smem_config);
    cJSON_AddBoolToObject(o, "shared_optin", r->optin);
    if (r->error) cJSON_AddStringToObject(o, "error", r->error);
    else cJSON_AddNullToObject(o, "error");
    return o;
}

static cJSON *ptxas_kernel_json(const ptxas_kernel *k) {
    cJSON *p = cJSON_CreateObject();
    cJSON_AddNumberToObject(p, "registers", k->registers);
    cJSON_AddNumberToObject(p, "stack_frame_bytes", k->stack_frame);
    cJSON_AddNumberToObject(p, "spill_store_bytes", k->spill_stores);
    cJSON_AddNumberToObject(p, "spill_load_bytes", k->spill_loads);
    cJSON_AddNumberToObject(p, "shared_bytes", k->smem);
    cJSON *c = cJSON_AddArrayToObject(p, "cmem_bytes");
    for (int b = 0; b < 4; b++) cJSON_AddItemToArray(c, cJSON_CreateNumber(k->cmem[b]));
    cJSON_AddNumberToObject(p, "barriers", k->barriers);
    return p;
}

/* The JSON of kernel `name` on target t; n collects its warnings. */
static cJSON *kernel_target(const regs_options *o, const char *name, const ptxsim_reg_usage *u,
                            const ptxsim_kernel_info *ki, const target_ctx *t, notes *n) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "target", t->target);
    const ptxas_kernel *pk = t->px && !t->px->error ? ptxas_find_kernel(t->px, name) : NULL;
    if (pk) cJSON_AddItemToObject(j, "ptxas", ptxas_kernel_json(pk));
    else cJSON_AddNullToObject(j, "ptxas");
    if (pk && (pk->spill_stores || pk->spill_loads))
        warn(n, "%s spills on %s: %d bytes stored, %d bytes loaded (ptxas -v; stack frame %d bytes)", name, t->target,
             pk->spill_stores, pk->spill_loads, pk->stack_frame);
    if (pk && u->maxnreg && pk->registers > u->maxnreg)
        warn(n, "%s: .maxnreg %d cannot be met on %s: ptxas allocates %d registers", name, u->maxnreg, t->target,
             pk->registers);
    if (!t->arch) {
        cJSON_AddArrayToObject(j, "occupancy");
        warn(n, "no occupancy for %s: its per-SM limits are not tabulated (docs/registers.md)", t->target);
        return j;
    }
    int reqntid = product(ki->reqntid), maxntid = product(ki->maxntid);
    const char *from = o->nblocks ? "option" : reqntid ? "reqntid" : maxntid ? "maxntid" : "default";
    occ_input in = {.regs_per_thread = pk ? pk->registers : u->peak_regs32,
                    .static_smem = pk ? pk->smem : (int)ki->static_shared_bytes,
                    .block = reqntid ? reqntid
                        : maxntid    ? maxntid
                                     : DEFAULT_BLOCK,
                    .barriers = pk ? pk->barriers : 0};
    cJSON *occ = cJSON_AddArrayToObject(j, "occupancy");
    for (int b = 0; b < (o->nblocks ? o->nblocks : 1); b++)
        for (int d = 0; d < (o->ndynamic ? o->ndynamic : 1); d++) {
            occ_input x = in;
            if (o->nblocks) x.block = o->blocks[b];
            x.dynamic_smem = o->ndynamic ? (int)o->dynamic_smem[d] : 0;
            occ_result r;
            occ_compute(t->arch, &x, &r);
            cJSON_AddItemToArray(occ, occupancy_json(t->arch, &x, &r, from, pk ? "ptxas" : "liveness"));
            if (r.error)
                warn(n, "%s cannot launch on %s with %d threads and %d bytes of dynamic shared memory per block: %s",
                     name, t->target, x.block, x.dynamic_smem, r.error);
            if (o->nblocks && reqntid && x.block != reqntid && !d)
                warn(n, "%s: --block %d differs from .reqntid (%d threads): the launch would fail", name, x.block,
                     reqntid);
            if (o->nblocks && maxntid && x.block > maxntid && !d)
                warn(n, "%s: --block %d exceeds .maxntid (%d threads): the launch would fail", name, x.block, maxntid);
        }
    if (u->minnctapersm && t->arch) {
        /* the directive promises minnctapersm blocks of the largest block the kernel allows */
        occ_input d = in;
        if (reqntid || maxntid) d.block = reqntid ? reqntid : maxntid;
        occ_result dr;
        occ_compute(t->arch, &d, &dr);
        if (dr.blocks_per_sm < u->minnctapersm)
            warn(n, "%s: .minnctapersm %d cannot be met on %s: %d block(s) of %d threads fit per SM (limited by %s)",
                 name, u->minnctapersm, t->target, dr.blocks_per_sm, d.block,
                 occ_limit_name(__builtin_ctz(dr.limiting ? dr.limiting : 1)));
    }
    return j;
}

static cJSON *counts_json(int pred, int b16, int b32, int b64, int b128, int regs32) {
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "pred", pred);
    cJSON_AddNumberToObject(c, "b16", b16);
    cJSON_AddNumberToObject(c, "b32", b32);
    cJSON_AddNumberToObject(c, "b64", b64);
    cJSON_AddNumberToObject(c, "b128", b128);
    cJSON_AddNumberToObject(c, "regs32", regs32);
    return c;
}

static cJSON *kernel_json(const regs_options *o, ptxsim_kernel *k, const target_ctx *ts, int nt) {
    const char *name = ptxsim_kernel_name(k);
    ptxsim_reg_usage u;
    ptxsim_kernel_info ki;
    ptxsim_kernel_reg_usage(k, &u);
    ptxsim_kernel_get_info(k, &ki);
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "kernel", name);
    cJSON *d = cJSON_AddObjectToObject(j, "directives");
    cJSON_AddNumberToObject(d, "maxnreg", u.maxnreg);
    cJSON_AddItemToObject(d, "maxntid", cJSON_CreateIntArray(ki.maxntid, 3));
    cJSON_AddItemToObject(d, "reqntid", cJSON_CreateIntArray(ki.reqntid, 3));
    cJSON_AddNumberToObject(d, "minnctapersm", u.minnctapersm);
    cJSON *l = cJSON_AddObjectToObject(j, "liveness");
    cJSON_AddItemToObject(l, "peak",
                          counts_json(u.peak_pred, u.peak_16, u.peak_32, u.peak_64, u.peak_128, u.peak_regs32));
    cJSON_AddNumberToObject(l, "peak_line", u.peak_line);
    cJSON_AddItemToObject(l, "declared",
                          counts_json(u.declared_pred, u.declared_16, u.declared_32, u.declared_64, u.declared_128,
                                      u.declared_regs32));
    cJSON_AddNumberToObject(l, "static_shared_bytes", (double)ki.static_shared_bytes);
    if (o->lines) {
        cJSON *lines = cJSON_AddArrayToObject(l, "lines");
        for (int i = 0; i < u.ninsns; i++) {
            int row[3] = {u.line[i], u.live32[i], u.live_pred[i]};
            cJSON_AddItemToArray(lines, cJSON_CreateIntArray(row, 3));
        }
    }
    notes n = {cJSON_CreateArray()};
    if (u.maxnreg && u.peak_regs32 > u.maxnreg)
        warn(&n, "%s: %d 32-bit registers are live at once (line %d), more than .maxnreg %d: expect spills", name,
             u.peak_regs32, u.peak_line, u.maxnreg);
    cJSON *targets = cJSON_AddArrayToObject(j, "targets");
    for (int t = 0; t < nt; t++) cJSON_AddItemToArray(targets, kernel_target(o, name, &u, &ki, &ts[t], &n));
    cJSON_AddItemToObject(j, "warnings", n.warnings);
    ptxsim_reg_usage_free(&u);
    return j;
}

/* ---- text --------------------------------------------------------------------------------- */

static int num(const cJSON *o, const char *k) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

/* Line `line` (1-based) of src, without its newline: pointer and length. */
static const char *source_line(const char *src, size_t len, int line, int *n) {
    const char *p = src, *end = src + len;
    for (int l = 1; l < line && p < end; l++) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        p = e ? e + 1 : end;
    }
    const char *e = memchr(p, '\n', (size_t)(end - p));
    *n = (int)((e ? e : end) - p);
    while (*n > 0 && (*p == ' ' || *p == '\t')) p++, (*n)--;
    return p;
}

static void print_text(const cJSON *doc, const char *src, size_t len, FILE *out) {
    const cJSON *k;
    cJSON_ArrayForEach(k, cJSON_GetObjectItemCaseSensitive(doc, "kernels")) {
        const cJSON *l = cJSON_GetObjectItemCaseSensitive(k, "liveness");
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(l, "peak"),
                    *d = cJSON_GetObjectItemCaseSensitive(l, "declared");
        fprintf(out, "%s\n", cJSON_GetObjectItemCaseSensitive(k, "kernel")->valuestring);
        fprintf(out,
                "  PTX liveness: at most %d 32-bit registers live at once (line %d); peaks by width: %d x 32-bit, "
                "%d x 64-bit, %d x 16-bit, %d x 128-bit, %d predicates (declared: %d registers, %d predicates)\n",
                num(p, "regs32"), num(l, "peak_line"), num(p, "b32"), num(p, "b64"), num(p, "b16"), num(p, "b128"),
                num(p, "pred"), num(d, "b16") + num(d, "b32") + num(d, "b64") + num(d, "b128"), num(d, "pred"));
        const cJSON *t;
        cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(k, "targets")) {
            const char *tg = cJSON_GetObjectItemCaseSensitive(t, "target")->valuestring;
            const cJSON *px = cJSON_GetObjectItemCaseSensitive(t, "ptxas");
            if (cJSON_IsObject(px)) {
                const cJSON *cm = cJSON_GetObjectItemCaseSensitive(px, "cmem_bytes");
                fprintf(out,
                        "  ptxas %s: %d registers, %d bytes stack frame, %d bytes spill stores, %d bytes spill loads, "
                        "%d bytes shared, %d bytes cmem[0], %d barriers\n",
                        tg, num(px, "registers"), num(px, "stack_frame_bytes"), num(px, "spill_store_bytes"),
                        num(px, "spill_load_bytes"), num(px, "shared_bytes"), cJSON_GetArrayItem(cm, 0)->valueint,
                        num(px, "barriers"));
            }
            const cJSON *oc;
            cJSON_ArrayForEach(oc, cJSON_GetObjectItemCaseSensitive(t, "occupancy")) {
                const char *bf = cJSON_GetObjectItemCaseSensitive(oc, "block_from")->valuestring;
                const char *rf = cJSON_GetObjectItemCaseSensitive(oc, "registers_from")->valuestring;
                fprintf(
                    out,
                    "  occupancy %s: %d threads per block (%s), %d registers per thread (%s), %d + %d bytes shared: "
                    "%d blocks, %d of %d warps per SM (%d%%), limited by",
                    tg, num(oc, "block"),
                    !strcmp(bf, "option")        ? "--block"
                        : !strcmp(bf, "default") ? "default; --block N to choose"
                                                 : bf,
                    num(oc, "registers_per_thread"), !strcmp(rf, "ptxas") ? "ptxas" : "liveness peak, an estimate",
                    num(oc, "static_shared_bytes"), num(oc, "dynamic_shared_bytes"), num(oc, "blocks_per_sm"),
                    num(oc, "warps_per_sm"), num(oc, "max_warps_per_sm"), num(oc, "occupancy_percent"));
                const cJSON *s;
                int i = 0;
                cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(oc, "limited_by"))
                    fprintf(out, "%s %s", i++ ? "," : "", s->valuestring);
                fputc('\n', out);
            }
        }
        const cJSON *w;
        cJSON_ArrayForEach(w, cJSON_GetObjectItemCaseSensitive(k, "warnings"))
            fprintf(out, "  warning: %s\n", w->valuestring);
        const cJSON *lines = cJSON_GetObjectItemCaseSensitive(l, "lines");
        if (cJSON_IsArray(lines)) {
            fprintf(out, "  %6s %6s %5s  %s\n", "line", "live32", "preds", "PTX");
            const cJSON *row;
            cJSON_ArrayForEach(row, lines) {
                int line = cJSON_GetArrayItem(row, 0)->valueint, n = 0;
                const char *text = source_line(src, len, line, &n);
                fprintf(out, "  %6d %6d %5d  %.*s\n", line, cJSON_GetArrayItem(row, 1)->valueint,
                        cJSON_GetArrayItem(row, 2)->valueint, n, text);
            }
        }
    }
    const cJSON *note_items = cJSON_GetObjectItemCaseSensitive(doc, "notes");
    const cJSON *s;
    cJSON_ArrayForEach(s, note_items) fprintf(out, "note: %s\n", s->valuestring);
}

/* ---- the command ---------------------------------------------------------------------------- */

int ptxsim_cmd_regs(int argc, char **argv) {
    regs_options o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc) return rc;
    size_t len = 0;
    char *src = ps_read_file(o.file, &len);
    if (!src) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", o.file, strerror(errno));
        return 2;
    }
    ptxsim_context *ctx = NULL;
    const char *why = NULL;
    ptxsim_module *m = NULL;
    ptxsim_diagnostics *diag = NULL;
    cJSON *doc = NULL;
    target_ctx ts[16];
    ptxas_result px[16];
    int nt = 0;
    memset(px, 0, sizeof px);
    rc = 2;
    if (ptxsim_context_create(NULL, &ctx, &why) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s\n", why ? why : "cannot create a context");
        goto done;
    }
    ptxsim_status s = ptxsim_module_load(ctx, o.file, src, len, &m, &diag);
    ptxsim_diagnostics_print(diag, stderr);
    ptxsim_diagnostics_free(diag);
    if (s != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s: %s\n", o.file, ptxsim_context_message(ctx));
        goto done;
    }
    ptxsim_kernel *only = NULL;
    if (o.kernel && ptxsim_module_kernel(m, o.kernel, &only) != PTXSIM_OK) {
        fprintf(stderr, "ptxsim: error: %s has no kernel '%s'\n", o.file, o.kernel);
        goto done;
    }
    ptxsim_module_info mi;
    ptxsim_module_get_info(m, &mi);
    static char module_target[24];
    if (!o.ntargets) {
        /* the module's .target, or the machine ptxsim runs it on when that has no row (sm_35 -> sm_50) */
        snprintf(module_target, sizeof module_target, "%s",
                 occ_arch_lookup(mi.target) || !mi.machine[0] ? mi.target : mi.machine);
        o.targets[o.ntargets++] = module_target;
    }
    doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "schema_version", 1);
    cJSON_AddStringToObject(doc, "command", "regs");
    cJSON_AddStringToObject(doc, "file", o.file);
    cJSON_AddStringToObject(doc, "ptx_target", mi.target);
    cJSON *note_arr = cJSON_CreateArray();
    char *ptxas = o.no_ptxas ? NULL : ptxas_find(o.ptxas);
    if (o.ptxas && !ptxas) {
        fprintf(stderr, "ptxsim: error: --ptxas %s: not an executable file\n", o.ptxas);
        cJSON_Delete(note_arr);
        goto done;
    }
    cJSON *pj = cJSON_AddObjectToObject(doc, "ptxas");
    cJSON_AddItemToObject(pj, "path", ptxas ? cJSON_CreateString(ptxas) : cJSON_CreateNull());
    if (!ptxas)
        cJSON_AddItemToArray(note_arr,
                             cJSON_CreateString(
                                 o.no_ptxas
                                     ? "ptxas not run (--no-ptxas): occupancy estimated from the liveness peak"
                                     : "ptxas not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin; --ptxas PATH): "
                                       "occupancy estimated from the liveness peak"));
    cJSON *perr = cJSON_AddArrayToObject(pj, "runs");
    for (int t = 0; t < o.ntargets; t++, nt++) {
        ts[t] = (target_ctx){.target = o.targets[t], .arch = occ_arch_lookup(o.targets[t]), .px = NULL};
        if (!ptxas) continue;
        cJSON *run = cJSON_CreateObject();
        cJSON_AddStringToObject(run, "target", o.targets[t]);
        if (!ptxas_run(ptxas, src, len, o.targets[t], &px[t])) {
            cJSON_AddStringToObject(run, "error", "could not run ptxas");
        } else {
            ts[t].px = &px[t];
            if (!cJSON_GetObjectItemCaseSensitive(pj, "version") && px[t].version)
                cJSON_AddStringToObject(pj, "version", px[t].version);
            if (px[t].error) {
                cJSON_AddStringToObject(run, "error", px[t].error);
                char note[600];
                int el = (int)strlen(px[t].error);
                while (el > 0 && px[t].error[el - 1] == '\n') el--;
                snprintf(
                    note, sizeof note,
                    "ptxas failed for %s (occupancy estimated from the liveness peak; --target names another): %.*s",
                    o.targets[t], el > 480 ? 480 : el, px[t].error);
                cJSON_AddItemToArray(note_arr, cJSON_CreateString(note));
            } else {
                cJSON_AddNullToObject(run, "error");
            }
            if (px[t].warnings) {
                cJSON_AddStringToObject(run, "warnings", px[t].warnings);
                for (const char *w = px[t].warnings; *w;) { /* also among the notes, one per line */
                    const char *e = strchr(w, '\n');
                    int wl = (int)(e ? e - w : (long)strlen(w));
                    char note[600];
                    snprintf(note, sizeof note, "%.*s (for %s)", wl > 480 ? 480 : wl, w, o.targets[t]);
                    cJSON_AddItemToArray(note_arr, cJSON_CreateString(note));
                    w = e ? e + 1 : w + wl;
                }
            }
        }
        cJSON_AddItemToArray(perr, run);
    }
    free(ptxas);
    cJSON *ks = cJSON_AddArrayToObject(doc, "kernels");
    if (only) {
        cJSON_AddItemToArray(ks, kernel_json(&o, only, ts, nt));
    } else {
        for (int i = 0; i < ptxsim_module_kernel_count(m); i++) {
            ptxsim_kernel *k;
            if (ptxsim_module_kernel(m, ptxsim_module_kernel_name(m, i), &k) == PTXSIM_OK)
                cJSON_AddItemToArray(ks, kernel_json(&o, k, ts, nt));
        }
    }
    cJSON_AddItemToObject(doc, "notes", note_arr);
    if (o.json) {
        char *text = cJSON_Print(doc);
        puts(text);
        free(text);
    } else {
        print_text(doc, src, len, stdout);
    }
    rc = 0;
done:
    for (int t = 0; t < nt; t++) ptxas_result_free(&px[t]);
    cJSON_Delete(doc);
    if (ctx) ptxsim_context_destroy(ctx);
    free(src);
    return rc;
}
