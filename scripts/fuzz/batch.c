/* batch.c — ptxfuzz: random differential campaigns of ptxsim against a GPU (docs/fuzz.md).
 *
 *   ptxfuzz gen  --seed S [--programs N]          print the PTX module of N programs
 *   ptxfuzz run  --seed S --programs N [options]   generate, run on ptxsim and on the GPU,
 *                                                  compare, shrink, write a summary
 *
 * The programs are batched: CHUNK kernels per PTX module, one JIT per module, every kernel of
 * a module launched before one synchronisation. The simulator runs in the same process (host
 * threads over modules) while the GPU works. A module the driver rejects is split in halves
 * until the rejected kernels are found. Mismatches are shrunk on the spot, which needs the GPU:
 * each mismatching item is cut out of its program with the register values it read (known from
 * the GPU's output, see fuzz.h), run again on both sides, and its lines removed one at a time
 * while the mismatch persists. Each shrunk case is written as a manifest directory
 * (case.json, kernel.ptx, in.bin, out.gpu.bin, out.sim.bin, report.txt) that `ptxsim run`
 * checks against the GPU's output. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cuda_api.h"
#include "fakegpu.h"
#include "fuzz.h"
#include "gpu.h"
#include "sim.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- units: one kernel to run on both sides ------------------------------------------------ */

enum { ST_NOTRUN, ST_OK, ST_REJECT, ST_FAULT };
static const char *const st_name[] = {"not run", "ok", "rejected", "fault"};

typedef struct {
    const fz_prog *p;
    char kname[64];
    fz_layout lay;
    bool *keep_items;  /* NULL: all */
    bool **keep_lines; /* NULL: all */
    uint64_t *in;      /* nslots * threads */
    size_t words;
    uint64_t *sim_out, *gpu_out;
    int sim_st, gpu_st;
    char sim_err[640], gpu_err[640];
    uint64_t sim_tinstr;
} unit;

static void unit_free(unit *u) {
    fz_layout_free(&u->lay);
    free(u->keep_items);
    if (u->keep_lines)
        for (int i = 0; i < u->p->nitems; i++) free(u->keep_lines[i]);
    free(u->keep_lines);
    free(u->in);
    free(u->sim_out);
    free(u->gpu_out);
}

static char *compose(unit **us, int n) {
    fz_buf b = {0};
    fz_ptx_header(&b);
    for (int i = 0; i < n; i++)
        fz_ptx_kernel(&b, us[i]->p, us[i]->kname, &us[i]->lay, us[i]->keep_items, us[i]->keep_lines);
    return b.s;
}

/* ---- the simulator side ------------------------------------------------------------------- */

/* Runs n units as one module; returns false when the module itself cannot be parsed or built
 * (message in err), so that the caller splits it. */
static bool sim_module(unit **us, int n, char *err, size_t errlen) {
    char *src = compose(us, n);
    ps_diags d = {0};
    ps_module *m = NULL;
    const ps_arch *arch = ps_arch_lookup("sm_90");
    ps_parse_options po = {.target = arch};
    ps_device *dev = ps_device_create();
    ps_program *prog = NULL;
    bool ok = false;
    if (ps_parse("fuzz.ptx", src, strlen(src), &po, &d, &m) != PS_OK) {
        for (int i = 0; i < d.count; i++)
            if (d.items[i].level == PS_DIAG_ERROR) {
                snprintf(err, errlen, "ptxsim parse: line %d: %s", d.items[i].line, d.items[i].msg);
                break;
            }
        goto out;
    }
    if (ps_program_build(m, arch, dev, &d, &prog) != PS_OK) {
        snprintf(err, errlen, "ptxsim: cannot build the program");
        goto out;
    }
    ok = true;
    for (int i = 0; i < n; i++) {
        unit *u = us[i];
        size_t bytes = u->words * 8;
        uint64_t ain = ps_device_alloc(dev, bytes ? bytes : 8, "in"), aout = ps_device_alloc(dev, bytes ? bytes : 8, "out");
        memcpy(ps_device_ptr(dev, ain, bytes), u->in, bytes);
        const ps_var *const *vars;
        int np = ps_program_kernel_params(prog, u->kname, &vars);
        uint8_t params[16] = {0};
        if (np == 2) {
            memcpy(params + vars[0]->offset, &ain, 8);
            memcpy(params + vars[1]->offset, &aout, 8);
        }
        ps_launch_config cfg = {.grid = {1, 1, 1}, .block = {(unsigned)u->p->threads, 1, 1}, .params = params,
                                .params_size = sizeof params, .threads = 1, .watchdog = 20000000};
        ps_launch_result res;
        memset(&res, 0, sizeof res);
        ps_status st = ps_launch(prog, dev, u->kname, &cfg, &res);
        if (st != PS_OK) {
            u->sim_st = ST_FAULT;
            snprintf(u->sim_err, sizeof u->sim_err, "%s (PTX line %d)", res.fault.message, res.fault.ptx_line);
            continue;
        }
        u->sim_out = malloc(bytes + 8);
        memcpy(u->sim_out, ps_device_ptr(dev, aout, bytes), bytes);
        u->sim_st = ST_OK;
        u->sim_tinstr = res.stats.thread_instructions;
    }
out:
    ps_program_free(prog);
    ps_module_free(m);
    ps_device_destroy(dev);
    ps_diags_free(&d);
    free(src);
    return ok;
}

static void sim_run(unit **us, int n) {
    char err[320] = "";
    if (sim_module(us, n, err, sizeof err)) return;
    if (n == 1) {
        us[0]->sim_st = ST_REJECT;
        snprintf(us[0]->sim_err, sizeof us[0]->sim_err, "%s", err);
        return;
    }
    sim_run(us, n / 2);
    sim_run(us + n / 2, n - n / 2);
}

/* ---- the GPU side ------------------------------------------------------------------------- */

typedef struct {
    ps_cuda_api api;
    void *lib;
    ps_cu_device dev;
    ps_cu_context ctx;
    char name[256];
    int sm_major, sm_minor, driver_version;
    char errlog[16384], infolog[16384];
    int jit_calls;
    double jit_seconds, run_seconds;
} gpu_t;

static void cu_err(gpu_t *g, ps_cu_result r, const char *what, char *err, size_t errlen) {
    const char *name = NULL;
    if (g->api.get_error_name) g->api.get_error_name(r, &name);
    snprintf(err, errlen, "%s: %s", what, name ? name : "CUDA error");
}

static bool gpu_open(gpu_t *g, bool fake, const char *plant, char *err, size_t errlen) {
    memset(g, 0, sizeof *g);
    if (fake) {
        fz_fake_api(&g->api, plant);
    } else {
        const char *path = getenv("PTXSIM_LIBCUDA");
        if (!path || !*path) path = "libcuda.so.1";
        g->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!g->lib) {
            snprintf(err, errlen, "no CUDA driver found (%s)", dlerror());
            return false;
        }
#define X(field, symbol, required, ret, args)                                                  \
    *(void **)&g->api.field = dlsym(g->lib, symbol);                                           \
    if (!g->api.field && required) {                                                           \
        snprintf(err, errlen, "no CUDA driver found (no %s)", symbol);                         \
        return false;                                                                          \
    }
        PS_CUDA_API_LIST(X)
#undef X
    }
    ps_cu_result r;
    int count = 0;
    if ((r = g->api.init(0)) || (r = g->api.device_get_count(&count)) || count < 1 ||
        (r = g->api.device_get(&g->dev, 0))) {
        snprintf(err, errlen, "no CUDA device (%d devices, error %d)", count, r);
        return false;
    }
    g->api.device_get_name(g->name, sizeof g->name, g->dev);
    g->api.device_get_attribute(&g->sm_major, PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, g->dev);
    g->api.device_get_attribute(&g->sm_minor, PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, g->dev);
    g->api.driver_get_version(&g->driver_version);
    if ((r = g->api.ctx_create(&g->ctx, 0, g->dev))) {
        cu_err(g, r, "cuCtxCreate", err, errlen);
        return false;
    }
    return true;
}

static void gpu_reset(gpu_t *g) {
    if (g->ctx) g->api.ctx_destroy(g->ctx);
    g->ctx = NULL;
    g->api.ctx_create(&g->ctx, 0, g->dev);
}

/* 0: ran (statuses in the units); 1: the JIT rejected the module (log in g->errlog);
 * 2: a launch or the synchronisation failed (context reset; the caller runs units alone). */
static int gpu_module(gpu_t *g, unit **us, int n, char *err, size_t errlen) {
    char *src = compose(us, n);
    int opts[] = {PS_CU_JIT_INFO_LOG_BUFFER, PS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, PS_CU_JIT_ERROR_LOG_BUFFER,
                  PS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    g->errlog[0] = g->infolog[0] = 0;
    void *vals[] = {g->infolog, (void *)(uintptr_t)(sizeof g->infolog - 1), g->errlog,
                    (void *)(uintptr_t)(sizeof g->errlog - 1)};
    ps_cu_module mod = NULL;
    double t0 = now();
    ps_cu_result r = g->api.module_load_data_ex(&mod, src, 4, opts, vals);
    g->jit_seconds += now() - t0;
    g->jit_calls++;
    free(src);
    if (r) {
        cu_err(g, r, "cuModuleLoadDataEx", err, errlen);
        if (r != PS_CU_ERROR_INVALID_PTX && !g->errlog[0]) snprintf(g->errlog, sizeof g->errlog, "%s", err);
        return 1;
    }
    size_t total = 0;
    for (int i = 0; i < n; i++) total += us[i]->words;
    ps_cu_deviceptr din = 0, dout = 0;
    int rc = 2;
    uint64_t *host = calloc(total + 1, 8);
    t0 = now();
    if ((r = g->api.mem_alloc(&din, total * 8 + 8)) || (r = g->api.mem_alloc(&dout, total * 8 + 8))) {
        cu_err(g, r, "cuMemAlloc", err, errlen);
        goto fail;
    }
    size_t off = 0;
    for (int i = 0; i < n; i++) memcpy(host + off, us[i]->in, us[i]->words * 8), off += us[i]->words;
    if ((r = g->api.memcpy_htod(din, host, total * 8))) goto failr;
    memset(host, 0, total * 8);
    if ((r = g->api.memcpy_htod(dout, host, total * 8))) goto failr;
    off = 0;
    for (int i = 0; i < n; i++) {
        ps_cu_function fn;
        if ((r = g->api.module_get_function(&fn, mod, us[i]->kname))) goto failr;
        ps_cu_deviceptr pin = din + off * 8, pout = dout + off * 8;
        void *args[] = {&pin, &pout};
        if ((r = g->api.launch_kernel(fn, 1, 1, 1, (unsigned)us[i]->p->threads, 1, 1, 0, NULL, args, NULL)))
            goto failr;
        off += us[i]->words;
    }
    if ((r = g->api.ctx_synchronize())) goto failr;
    if ((r = g->api.memcpy_dtoh(host, dout, total * 8))) goto failr;
    off = 0;
    for (int i = 0; i < n; i++) {
        us[i]->gpu_out = malloc(us[i]->words * 8 + 8);
        memcpy(us[i]->gpu_out, host + off, us[i]->words * 8);
        us[i]->gpu_st = ST_OK;
        off += us[i]->words;
    }
    g->api.mem_free(din);
    g->api.mem_free(dout);
    g->api.module_unload(mod);
    g->run_seconds += now() - t0;
    free(host);
    return 0;
failr:
    cu_err(g, r, "launch", err, errlen);
fail:
    free(host);
    gpu_reset(g);
    g->run_seconds += now() - t0;
    return rc;
}

static void gpu_run(gpu_t *g, unit **us, int n) {
    char err[320] = "";
    int rc = gpu_module(g, us, n, err, sizeof err);
    if (rc == 0) return;
    if (n == 1) {
        us[0]->gpu_st = rc == 1 ? ST_REJECT : ST_FAULT;
        const char *log = rc == 1 && g->errlog[0] ? g->errlog : err;
        /* the first line of the JIT log that names an error */
        const char *e = strstr(log, "error");
        if (e) {
            while (e > log && e[-1] != '\n') e--;
            log = e;
        }
        snprintf(us[0]->gpu_err, sizeof us[0]->gpu_err, "%.*s", (int)strcspn(log, "\n"), log);
        return;
    }
    if (rc == 2) { /* a failed launch: every unit alone */
        for (int i = 0; i < n; i++) gpu_run(g, us + i, 1);
        return;
    }
    gpu_run(g, us, n / 2);
    gpu_run(g, us + n / 2, n - n / 2);
}

/* ---- comparison ---------------------------------------------------------------------------- */

static uint64_t cls_mask(fz_rclass c) {
    return c == RC_B16 ? 0xffffull : c == RC_B64 ? ~0ull : 0xffffffffull;
}

static _Atomic uint64_t nan_tolerated; /* abs/neg results where both sides gave a NaN */
static _Atomic uint64_t nan_pick_tolerated; /* f64 results from two NaN operands */

static bool f64_nan(uint64_t v) { return (v & ~(1ull << 63)) > 0x7ff0000000000000ull; }

/* How many source operands of the f64 line writing register r were NaN in lane t (values as
 * the unit's GPU output holds them: sources are written before the item and never after, but
 * for a loop's accumulator, the destination itself). */
static int nan_sources(const unit *u, int r, int t) {
    const fz_prog *p = u->p;
    const fz_reg *rg = &p->regs[r];
    const char *s = p->items[rg->writer].lines[rg->nan_pick_line].text;
    s = strchr(s, ','); /* past the destination */
    int n = 0, T = p->threads;
    while (s && *s) {
        while (*s == ',' || *s == ' ') s++;
        if (!*s || *s == ';') break;
        uint64_t v = 0;
        bool known = false;
        if (s[0] == '%' && s[1] == 'd') {
            int src = atoi(s + 2);
            if (src >= p->nregs || u->lay.slot_of[src] < 0) return 0;
            /* a loop's accumulator: the result is NaN, so from the second iteration on the
             * accumulator is a NaN operand too */
            v = src == r ? 0x7ff8000000000000ull : u->gpu_out[(size_t)u->lay.slot_of[src] * T + t];
            known = true;
        } else if (s[0] == '0' && s[1] == 'd') {
            v = strtoull(s + 2, NULL, 16);
            known = true;
        }
        if (known && f64_nan(v)) n++;
        s += strcspn(s, ",;");
    }
    return n;
}

/* Whether two values of register r differ (two NaNs out of abs/neg do not: fuzz.h). */
static bool vals_differ(const fz_reg *rg, uint64_t a, uint64_t b) {
    uint64_t m = cls_mask(rg->cls);
    if ((a & m) == (b & m)) return false;
    if (rg->nan_unspec) {
        bool an, bn;
        if (rg->cls == RC_B64) {
            an = (a & ~(1ull << 63)) > 0x7ff0000000000000ull, bn = (b & ~(1ull << 63)) > 0x7ff0000000000000ull;
        } else {
            an = (a & 0x7fffffffu) > 0x7f800000u, bn = (b & 0x7fffffffu) > 0x7f800000u;
        }
        if (an && bn) {
            nan_tolerated++;
            return false;
        }
    }
    return true;
}

/* Whether slot s differs in lane t, with the tolerances of fuzz.h. */
static bool lane_differs(const unit *u, int s, int t) {
    const fz_prog *p = u->p;
    int r = u->lay.reg_of[s];
    const fz_reg *rg = &p->regs[r];
    size_t i = (size_t)s * (size_t)p->threads + (size_t)t;
    if (!vals_differ(rg, u->sim_out[i], u->gpu_out[i])) return false;
    /* f64 results from two NaN operands: sim/ptxas_model.c models the operand order ptxas gives
     * them, which matches every isolated case but not every one inside loops and branches
     * (register allocation decides there); the misses are counted and tolerated */
    if (rg->nan_pick_line >= 0 && f64_nan(u->sim_out[i]) && f64_nan(u->gpu_out[i]) && nan_sources(u, r, t) >= 2) {
        nan_pick_tolerated++;
        return false;
    }
    return true;
}

/* Lanes of slot s that differ. */
/* Lanes of slot s whose bits differ at all, tolerated NaN differences included. */
static uint64_t slot_raw_diff_lanes(const unit *u, int s) {
    const fz_prog *p = u->p;
    uint64_t m = cls_mask(p->regs[u->lay.reg_of[s]].cls), n = 0;
    for (int t = 0; t < p->threads; t++) {
        size_t i = (size_t)s * (size_t)p->threads + (size_t)t;
        n += (u->sim_out[i] & m) != (u->gpu_out[i] & m);
    }
    return n;
}

static uint64_t slot_diff_lanes(const unit *u, int s, uint64_t *lanes_mask /* may be NULL */) {
    const fz_prog *p = u->p;
    int T = p->threads;
    const fz_reg *rg = &p->regs[u->lay.reg_of[s]];
    uint64_t n = 0;
    if (lanes_mask) *lanes_mask = 0;
    for (int t = 0; t < T; t++) {
        (void)rg;
        if (lane_differs(u, s, t)) {
            n++;
            if (lanes_mask) *lanes_mask |= 1ull << t;
        }
    }
    return n;
}

static bool unit_mismatch(const unit *u) {
    for (int s = 0; s < u->lay.nslots; s++)
        if (slot_diff_lanes(u, s, NULL)) return true;
    return false;
}

/* ---- campaign statistics ------------------------------------------------------------------- */

typedef struct {
    uint64_t lanes;        /* lane-executions */
    uint64_t guarded;
    uint64_t values;       /* register results compared (registers x lanes) */
    uint64_t bad_root;     /* differing results written by root-mismatching items */
    uint64_t bad_prop;     /* differing results downstream of another mismatch */
    uint64_t root_items;
} famstat;

typedef struct {
    char sig[96];
    int fam;
    uint64_t values, bad, max_ulp;
    int shrunk;            /* cases shrunk for this signature */
    int roots;
    uint64_t ex_gpu, ex_sim; /* one example */
} sigstat;

typedef struct {
    famstat fam[FZ_NFAM + 1];
    sigstat *sigs;
    int nsigs, cap_sigs;
    int programs, compared, sim_errors, gpu_errors, count_check_failed;
    uint64_t thread_instructions, nan_tolerated, nan_pick_tolerated;
} stats_t;

static sigstat *sig_get(stats_t *st, const char *sig, int fam) {
    for (int i = 0; i < st->nsigs; i++)
        if (!strcmp(st->sigs[i].sig, sig) && st->sigs[i].fam == fam) return &st->sigs[i];
    if (st->nsigs == st->cap_sigs) {
        st->cap_sigs = st->cap_sigs ? 2 * st->cap_sigs : 64;
        st->sigs = realloc(st->sigs, (size_t)st->cap_sigs * sizeof *st->sigs);
    }
    sigstat *s = &st->sigs[st->nsigs++];
    memset(s, 0, sizeof *s);
    snprintf(s->sig, sizeof s->sig, "%s", sig);
    s->fam = fam;
    return s;
}

/* The opcode of the line that writes register r (its signature for approximate forms). */
static void writer_sig(const fz_prog *p, int r, char out[96]) {
    snprintf(out, 96, "?");
    const fz_reg *rg = &p->regs[r];
    if (rg->writer < 0) return;
    const fz_item *it = &p->items[rg->writer];
    char name[16];
    snprintf(name, sizeof name, "%s%d", fz_rclass_prefix(rg->cls), r);
    size_t nl = strlen(name);
    for (int j = 0; j < it->nlines; j++) {
        const char *s = it->lines[j].text;
        if (it->lines[j].core) continue;
        const char *q = strstr(s, name);
        if (!q || (q[nl] >= '0' && q[nl] <= '9')) continue;
        fz_line_sig(s, out);
        return;
    }
}

typedef struct {
    unit *u;      /* the full program */
    int item;
    int fam;      /* family of the first differing register's writer */
    char sig[96]; /* and its form */
} root_ref;

static void compare_program(stats_t *st, unit *u, root_ref **roots, int *nroots, int *cap_roots, FILE *errs) {
    const fz_prog *p = u->p;
    int T = p->threads;
    uint64_t counts[FZ_NFAM + 1] = {0}, guarded = 0;
    fz_prog_counts(p, counts, &guarded);
    uint64_t expect = fz_frame_lanes(p, &u->lay, NULL, NULL);
    for (int f = 0; f <= FZ_NFAM; f++) expect += counts[f];
    if (expect != u->sim_tinstr) {
        st->count_check_failed++;
        if (errs) fprintf(errs, "count %s: expected %llu thread instructions, ptxsim %llu\n", u->kname,
                          (unsigned long long)expect, (unsigned long long)u->sim_tinstr);
    }
    st->thread_instructions += u->sim_tinstr;
    for (int f = 0; f <= FZ_NFAM; f++) st->fam[f].lanes += counts[f];
    /* per register: differing lanes */
    uint64_t *bad = calloc((size_t)p->nregs + 1, sizeof *bad);
    uint64_t *raw = calloc((size_t)p->nregs + 1, sizeof *raw); /* tolerated differences too */
    for (int s = 0; s < u->lay.nslots; s++) {
        bad[u->lay.reg_of[s]] = slot_diff_lanes(u, s, NULL);
        raw[u->lay.reg_of[s]] = slot_raw_diff_lanes(u, s);
    }
    for (int r = 0; r < p->nregs; r++) {
        const fz_reg *rg = &p->regs[r];
        if (rg->writer < 0) {
            if (bad[r]) { /* an input changed: load/store trouble */
                st->count_check_failed++;
                if (errs) fprintf(errs, "input %s%d of %s differs after the run\n", fz_rclass_prefix(rg->cls), r, u->kname);
            }
            continue;
        }
        if (rg->wfam >= 0) st->fam[rg->wfam].values += (uint64_t)T;
        if (rg->wfam >= 0 && !fz_family_exact[rg->wfam]) {
            char sig[96];
            writer_sig(p, r, sig);
            sigstat *ss = sig_get(st, sig, rg->wfam);
            ss->values += (uint64_t)T;
            ss->bad += bad[r];
            int s = u->lay.slot_of[r];
            const char *ty = rg->cls == RC_B64 ? "f64" : "f32";
            for (int t = 0; t < T && bad[r]; t++) {
                uint64_t a = u->sim_out[(size_t)s * T + t], b = u->gpu_out[(size_t)s * T + t];
                if (a == b) continue;
                uint64_t d = ps_gpu_ulp_distance(a, b, ty);
                if (d != UINT64_MAX && d > ss->max_ulp) ss->max_ulp = d;
                if (!ss->ex_gpu && !ss->ex_sim) ss->ex_gpu = b, ss->ex_sim = a;
            }
        }
    }
    for (int k = 0; k < p->nitems; k++) {
        const fz_item *it = &p->items[k];
        bool wbad = false, rbad = false;
        for (int j = 0; j < it->nwrites; j++) wbad |= bad[it->writes[j]] != 0;
        if (!wbad) continue;
        for (int j = 0; j < it->nreads; j++) {
            int r = it->reads[j], w = p->regs[r].writer;
            /* an input that differs, even by a tolerated NaN (whose payload or sign later
             * instructions may expose), makes this item's mismatch a downstream one */
            if (w >= 0 && w < k && raw[r]) rbad = true;
        }
        for (int j = 0; j < it->nwrites; j++) {
            int r = it->writes[j];
            int f = p->regs[r].wfam >= 0 ? p->regs[r].wfam : it->fam;
            if (rbad) st->fam[f].bad_prop += bad[r];
            else st->fam[f].bad_root += bad[r];
        }
        if (rbad) continue;
        root_ref rr = {u, k, it->fam, ""};
        for (int j = 0; j < it->nwrites; j++) {
            int r = it->writes[j];
            if (!bad[r]) continue;
            if (p->regs[r].wfam >= 0) rr.fam = p->regs[r].wfam;
            writer_sig(p, r, rr.sig);
            break;
        }
        st->fam[rr.fam].root_items++;
        sigstat *ss = sig_get(st, rr.sig, rr.fam);
        ss->roots++;
        if (*nroots == *cap_roots) {
            *cap_roots = *cap_roots ? 2 * *cap_roots : 64;
            *roots = realloc(*roots, (size_t)*cap_roots * sizeof **roots);
        }
        (*roots)[(*nroots)++] = rr;
    }
    free(bad);
    free(raw);
}

/* ---- shrinking ------------------------------------------------------------------------------ */

/* The item cut out of its program: only its registers, loaded with what they held before it. */
static unit *make_slice(const unit *full, int k, int idx) {
    const fz_prog *p = full->p;
    int T = p->threads;
    unit *u = calloc(1, sizeof *u);
    u->p = p;
    snprintf(u->kname, sizeof u->kname, "fz_slice_%d", idx);
    u->keep_items = calloc((size_t)p->nitems, 1);
    u->keep_items[k] = true;
    u->keep_lines = calloc((size_t)p->nitems, sizeof *u->keep_lines);
    u->keep_lines[k] = malloc((size_t)p->items[k].nlines + 1);
    memset(u->keep_lines[k], 1, (size_t)p->items[k].nlines);
    fz_layout_items(p, u->keep_items, &u->lay);
    u->words = (size_t)u->lay.nslots * (size_t)T;
    u->in = calloc(u->words + 1, 8);
    for (int s = 0; s < u->lay.nslots; s++) {
        int r = u->lay.reg_of[s], w = p->regs[r].writer;
        const uint64_t *src = w >= 0 && w < k ? full->gpu_out + (size_t)full->lay.slot_of[r] * T
                                              : p->init + (size_t)r * T;
        memcpy(u->in + (size_t)s * T, src, (size_t)T * 8);
    }
    return u;
}

static void reset_outputs(unit *u) {
    free(u->sim_out);
    free(u->gpu_out);
    u->sim_out = u->gpu_out = NULL;
    u->sim_st = u->gpu_st = ST_NOTRUN;
}

static bool both_ok(const unit *u) { return u->sim_st == ST_OK && u->gpu_st == ST_OK; }

/* Removes non-control lines one at a time while the mismatch persists. */
static int shrink_lines(gpu_t *g, unit *u, int k, double deadline) {
    const fz_item *it = &u->p->items[k];
    int tries = 0;
    bool *keep = u->keep_lines[k];
    for (int j = it->nlines - 1; j >= 0 && now() < deadline && tries < 16; j--) {
        if (it->lines[j].core || !keep[j]) continue;
        if (it->kind == IT_CHAIN) { /* the carry flag flows down the chain: trim its tail only */
            bool tail = true;
            for (int i = j + 1; i < it->nlines; i++) tail &= !keep[i];
            if (!tail) break;
        }
        int others = 0;
        for (int i = 0; i < it->nlines; i++) others += keep[i] && !it->lines[i].core && i != j;
        if (!others) break;
        keep[j] = false;
        unit *one = u;
        uint64_t *so = u->sim_out, *go = u->gpu_out;
        int ss = u->sim_st, gs = u->gpu_st;
        u->sim_out = u->gpu_out = NULL;
        u->sim_st = u->gpu_st = ST_NOTRUN;
        sim_run(&one, 1);
        gpu_run(g, &one, 1);
        tries++;
        if (both_ok(u) && unit_mismatch(u)) {
            free(so);
            free(go);
            continue;
        }
        reset_outputs(u);
        u->sim_out = so, u->gpu_out = go, u->sim_st = ss, u->gpu_st = gs;
        keep[j] = true;
    }
    return tries;
}

/* Runs one unit again on both sides (its outputs replaced). */
static void rerun(gpu_t *g, unit *u) {
    reset_outputs(u);
    sim_run(&u, 1);
    gpu_run(g, &u, 1);
}

/* With one instruction left in a branch or loop item, tries it alone on every lane. */
static void drop_control(gpu_t *g, unit *u, int k) {
    const fz_item *it = &u->p->items[k];
    bool *keep = u->keep_lines[k], *saved = malloc((size_t)it->nlines + 1);
    memcpy(saved, keep, (size_t)it->nlines);
    int kept = 0;
    for (int j = 0; j < it->nlines; j++) {
        if (it->lines[j].core) keep[j] = false;
        else kept += keep[j];
    }
    uint64_t *so = u->sim_out, *go = u->gpu_out;
    int ss = u->sim_st, gs = u->gpu_st;
    if (kept == 0 || kept == it->nlines) {
        memcpy(keep, saved, (size_t)it->nlines);
        free(saved);
        return;
    }
    u->sim_out = u->gpu_out = NULL;
    rerun(g, u);
    if (both_ok(u) && unit_mismatch(u)) {
        free(so);
        free(go);
    } else {
        reset_outputs(u);
        u->sim_out = so, u->gpu_out = go, u->sim_st = ss, u->gpu_st = gs;
        memcpy(keep, saved, (size_t)it->nlines);
    }
    free(saved);
}

/* Keeps only the registers the kept lines name, then runs again (the outputs of the case are
 * those of this final form; when it no longer differs, the previous form is kept). */
static void relayout(gpu_t *g, unit *u, int k) {
    const fz_prog *p = u->p;
    const fz_item *it = &p->items[k];
    int T = p->threads;
    bool *use = calloc((size_t)p->nregs + 1, 1);
    for (int j = 0; j < it->nlines; j++) {
        if (!u->keep_lines[k][j]) continue;
        for (const char *s = it->lines[j].text; (s = strchr(s, '%')); s++) {
            char c = s[1];
            if ((c == 'r' || c == 'd' || c == 'h' || c == 'p') && s[2] >= '0' && s[2] <= '9') {
                int r = atoi(s + 2);
                if (r >= 0 && r < p->nregs) use[r] = true;
            }
        }
    }
    fz_layout nl;
    fz_layout_mask(p, use, &nl);
    free(use);
    if (nl.nslots == u->lay.nslots) {
        fz_layout_free(&nl);
        return;
    }
    unit v = *u;
    v.lay = nl;
    v.words = (size_t)nl.nslots * (size_t)T;
    v.in = calloc(v.words + 1, 8);
    for (int s = 0; s < nl.nslots; s++)
        memcpy(v.in + (size_t)s * T, u->in + (size_t)u->lay.slot_of[nl.reg_of[s]] * T, (size_t)T * 8);
    v.sim_out = v.gpu_out = NULL;
    v.sim_st = v.gpu_st = ST_NOTRUN;
    unit *vp = &v;
    sim_run(&vp, 1);
    gpu_run(g, &vp, 1);
    if (both_ok(&v) && unit_mismatch(&v)) {
        fz_layout_free(&u->lay);
        free(u->in);
        free(u->sim_out);
        free(u->gpu_out);
        u->lay = v.lay, u->in = v.in, u->words = v.words;
        u->sim_out = v.sim_out, u->gpu_out = v.gpu_out, u->sim_st = v.sim_st, u->gpu_st = v.gpu_st;
    } else {
        fz_layout_free(&v.lay);
        free(v.in);
        free(v.sim_out);
        free(v.gpu_out);
    }
}

/* The opcode of the first kept non-control line of item k. */
static void kept_sig(const unit *u, int k, char out[96]) {
    const fz_item *it = &u->p->items[k];
    snprintf(out, 96, "%s", it->sig);
    for (int j = 0; j < it->nlines; j++) {
        if (it->lines[j].core || (u->keep_lines && u->keep_lines[k] && !u->keep_lines[k][j])) continue;
        fz_line_sig(it->lines[j].text, out);
        return;
    }
}

static void sanitize(char *s) {
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            *s = '_';
}

static int mkdir_p(const char *dir) {
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *q = tmp + 1; *q; q++)
        if (*q == '/') {
            *q = 0;
            mkdir(tmp, 0777);
            *q = '/';
        }
    return mkdir(tmp, 0777) && errno != EEXIST ? -1 : 0;
}

static void write_file(const char *dir, const char *name, const void *data, size_t n) {
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fwrite(data, 1, n, f);
    fclose(f);
}

static void fmt_val(char *b, size_t n, uint64_t v, fz_rclass c) {
    switch (c) {
    case RC_B16: snprintf(b, n, "0x%04llx", (unsigned long long)(v & 0xffff)); break;
    case RC_B32: snprintf(b, n, "0x%08llx", (unsigned long long)(v & 0xffffffff)); break;
    case RC_B64: snprintf(b, n, "0x%016llx", (unsigned long long)v); break;
    default: snprintf(b, n, "%llu", (unsigned long long)(v & 1)); break;
    }
}

/* Writes a case directory: manifest, PTX, input, both outputs and a report. */
static void write_case(const char *dir, unit *u, int k, const char *why, FILE *index) {
    const fz_prog *p = u->p;
    int T = p->threads;
    mkdir_p(dir);
    char kname_saved[64];
    snprintf(kname_saved, sizeof kname_saved, "%s", u->kname);
    snprintf(u->kname, sizeof u->kname, "fuzz_case");
    char *src = compose(&u, 1);
    snprintf(u->kname, sizeof u->kname, "%s", kname_saved);
    write_file(dir, "kernel.ptx", src, strlen(src));
    free(src);
    write_file(dir, "in.bin", u->in, u->words * 8);
    if (u->gpu_out) write_file(dir, "out.gpu.bin", u->gpu_out, u->words * 8);
    if (u->sim_out) write_file(dir, "out.sim.bin", u->sim_out, u->words * 8);
    fz_buf j = {0};
    fz_buf_printf(&j,
                  "{\n  \"ptx\": \"kernel.ptx\",\n  \"kernel\": \"fuzz_case\",\n  \"arch\": \"sm_90\",\n"
                  "  \"grid\": [1, 1, 1], \"block\": [%d, 1, 1],\n  \"buffers\": [\n"
                  "    {\"name\": \"in\", \"type\": \"u64\", \"count\": %zu, \"init\": {\"file\": \"in.bin\"}},\n"
                  "    {\"name\": \"out\", \"type\": \"u64\", \"count\": %zu, \"init\": {\"fill\": 0}}\n  ],\n"
                  "  \"params\": [{\"buffer\": \"in\"}, {\"buffer\": \"out\"}],\n"
                  "  \"expect\": {\"out\": {\"file\": \"out.gpu.bin\"}}\n}\n",
                  T, u->words, u->words);
    write_file(dir, "case.json", j.s, j.n);
    fz_buf_free(&j);

    /* report */
    fz_buf r = {0};
    const fz_item *it = &p->items[k];
    int fam = it->fam;
    for (int s = 0; s < u->lay.nslots && u->sim_out && u->gpu_out; s++)
        if (slot_diff_lanes(u, s, NULL) && p->regs[u->lay.reg_of[s]].wfam >= 0) {
            fam = p->regs[u->lay.reg_of[s]].wfam;
            break;
        }
    char sig[96];
    kept_sig(u, k, sig);
    fz_buf_printf(&r, "family: %s\nform: %s\nfrom: program seed %llu, item %d (%s)\nresult: %s\n\ncode:\n",
                  fz_family_name[fam], sig, (unsigned long long)p->seed, k,
                  it->kind == IT_SINGLE ? "one instruction" : it->kind == IT_CHAIN ? "carry chain"
                  : it->kind == IT_LOOP ? "loop" : it->kind == IT_WARP ? "warp operation" : "branch",
                  why);
    for (int i = 0; i < it->nlines; i++)
        if (!u->keep_lines || !u->keep_lines[k] || u->keep_lines[k][i]) fz_buf_printf(&r, "%s\n", it->lines[i].text);
    fz_buf_printf(&r, "\nimage slots (8 bytes per lane; slot s of lane t at (s*%d+t)*8):", T);
    for (int s = 0; s < u->lay.nslots; s++) {
        int reg = u->lay.reg_of[s];
        fz_buf_printf(&r, " %d=%s%d", s, fz_rclass_prefix(p->regs[reg].cls), reg);
    }
    fz_buf_printf(&r, "\n\n");
    if (u->sim_out && u->gpu_out) {
        int shown = 0;
        for (int t = 0; t < T && shown < 6; t++) {
            bool lane_bad = false;
            for (int s = 0; s < u->lay.nslots; s++)
                if (lane_differs(u, s, t)) lane_bad = true;
            if (!lane_bad) continue;
            shown++;
            fz_buf_printf(&r, "lane %d:\n", t);
            for (int s = 0; s < u->lay.nslots; s++) {
                int reg = u->lay.reg_of[s];
                fz_rclass c = p->regs[reg].cls;
                size_t i = (size_t)s * T + t;
                char a[40], b[40], c0[40];
                fmt_val(c0, sizeof c0, u->in[i], c);
                fmt_val(a, sizeof a, u->gpu_out[i], c);
                fmt_val(b, sizeof b, u->sim_out[i], c);
                fz_buf_printf(&r, "  %s%d: in %s  gpu %s  ptxsim %s%s\n", fz_rclass_prefix(c), reg, c0, a, b,
                              lane_differs(u, s, t) ? "   <-- differs" : "");
            }
        }
        int nbad = 0;
        for (int t = 0; t < T; t++)
            for (int s = 0; s < u->lay.nslots; s++)
                if (lane_differs(u, s, t)) nbad++;
        fz_buf_printf(&r, "\n%d differing values in all\n", nbad);
    }
    write_file(dir, "report.txt", r.s, r.n);
    if (index) {
        fprintf(index, "== %s\n%s\n", dir, r.s);
    }
    fz_buf_free(&r);
}

/* ---- the campaign ---------------------------------------------------------------------------- */

typedef struct {
    unit **units;
    int n, chunk;
    atomic_int next;
    double deadline;
} sim_pool;

static void *sim_worker(void *arg) {
    sim_pool *sp = arg;
    for (;;) {
        int c = atomic_fetch_add(&sp->next, 1);
        int lo = c * sp->chunk;
        if (lo >= sp->n || now() > sp->deadline) break;
        int n = sp->n - lo < sp->chunk ? sp->n - lo : sp->chunk;
        sim_run(sp->units + lo, n);
    }
    return NULL;
}

typedef struct {
    uint64_t seed;
    int programs, chunk, threads, shrink_max, per_sig;
    double time_limit, shrink_time;
    bool gpu, fake, shrink_approx;
    const char *plant, *out;
    fz_gen_opts go;
} opts_t;

static void usage(void) {
    fprintf(stderr,
            "usage: ptxfuzz gen --seed S [--programs N] [--family NAME]\n"
            "       ptxfuzz run --seed S --programs N [--gpu | --fake-gpu [--plant 'FROM=>TO']]\n"
            "                   [--chunk K] [--threads N] [--time-limit SEC] [--shrink-time SEC]\n"
            "                   [--shrink-max N] [--per-sig N] [--shrink-approx] [--family NAME]\n"
            "                   [--out DIR]\n"
            "       ptxfuzz merge OUTDIR DIR...                add up campaign directories\n");
    exit(2);
}

static int family_by_name(const char *s) {
    for (int f = 0; f < FZ_NFAM; f++)
        if (!strcmp(fz_family_name[f], s)) return f;
    fprintf(stderr, "ptxfuzz: unknown family '%s'; families:", s);
    for (int f = 0; f < FZ_NFAM; f++) fprintf(stderr, " %s", fz_family_name[f]);
    fprintf(stderr, "\n");
    exit(2);
}

static void print_summary(FILE *f, const opts_t *o, const stats_t *st, const gpu_t *g, double secs,
                          int shrunk, int reproduced) {
    fprintf(f, "ptxfuzz campaign: seed %llu, %d programs generated, %d compared (sim errors %d, GPU errors %d)\n",
            (unsigned long long)o->seed, st->programs, st->compared, st->sim_errors, st->gpu_errors);
    if (g) fprintf(f, "device: %s (sm_%d%d, CUDA driver API %d); %d JIT calls, %.1f s JIT, %.1f s run\n", g->name,
                   g->sm_major, g->sm_minor, g->driver_version, g->jit_calls, g->jit_seconds, g->run_seconds);
    fprintf(f, "thread instructions simulated: %llu; programs whose count check failed: %d\n",
            (unsigned long long)st->thread_instructions, st->count_check_failed);
    fprintf(f, "NaN results not counted as mismatches (docs/fuzz.md): abs/neg %llu; f64 results from two NaN operands that ptxas ordered unlike sim/ptxas_model.c %llu\n",
            (unsigned long long)st->nan_tolerated, (unsigned long long)st->nan_pick_tolerated);
    fprintf(f, "wall time %.1f s; %d mismatching items shrunk, %d reproduced in isolation\n\n", secs, shrunk, reproduced);
    fprintf(f, "| family | exact | lane-executions | guarded | results compared | differing (root) | differing (downstream) | root items |\n");
    fprintf(f, "|---|---|---|---|---|---|---|---|\n");
    for (int fa = 0; fa <= FZ_NFAM; fa++) {
        const famstat *s = &st->fam[fa];
        fprintf(f, "| %s | %s | %llu | %llu | %llu | %llu | %llu | %llu |\n", fz_family_name[fa],
                fz_family_exact[fa] ? "yes" : "no", (unsigned long long)s->lanes, (unsigned long long)s->guarded,
                (unsigned long long)s->values, (unsigned long long)s->bad_root, (unsigned long long)s->bad_prop,
                (unsigned long long)s->root_items);
    }
    fprintf(f, "\napproximate forms (not compared for exactness; results never feed another instruction):\n");
    fprintf(f, "| form | results | differing | max ULP | example gpu / ptxsim |\n|---|---|---|---|---|\n");
    for (int i = 0; i < st->nsigs; i++) {
        const sigstat *s = &st->sigs[i];
        if (fz_family_exact[s->fam] || !s->values) continue;
        fprintf(f, "| %s | %llu | %llu (%.2f%%) | %llu | 0x%llx / 0x%llx |\n", s->sig, (unsigned long long)s->values,
                (unsigned long long)s->bad, 100.0 * (double)s->bad / (double)s->values,
                (unsigned long long)s->max_ulp, (unsigned long long)s->ex_gpu, (unsigned long long)s->ex_sim);
    }
    fprintf(f, "\nexact forms with root mismatches:\n");
    for (int i = 0; i < st->nsigs; i++) {
        const sigstat *s = &st->sigs[i];
        if (!fz_family_exact[s->fam] || !s->roots) continue;
        fprintf(f, "  %-40s %-24s %d items\n", s->sig, fz_family_name[s->fam], s->roots);
    }
}

/* stats.tsv: what `ptxfuzz merge` adds up over several campaign processes. */
static void write_stats(const char *dir, const stats_t *st, const gpu_t *g, double secs, int shrunk, int reproduced) {
    char path[1200];
    snprintf(path, sizeof path, "%s/stats.tsv", dir);
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "meta\t%d\t%d\t%d\t%d\t%d\t%llu\t%d\t%.3f\t%.3f\t%.3f\t%d\t%d\n", st->programs, st->compared,
            st->sim_errors, st->gpu_errors, st->count_check_failed, (unsigned long long)st->thread_instructions,
            g ? g->jit_calls : 0, g ? g->jit_seconds : 0.0, g ? g->run_seconds : 0.0, secs, shrunk, reproduced);
    fprintf(f, "tol\t%llu\t%llu\n", (unsigned long long)st->nan_tolerated, (unsigned long long)st->nan_pick_tolerated);
    if (g) fprintf(f, "device\t%s\t%d\t%d\t%d\n", g->name, g->sm_major, g->sm_minor, g->driver_version);
    for (int fa = 0; fa <= FZ_NFAM; fa++) {
        const famstat *s = &st->fam[fa];
        fprintf(f, "fam\t%s\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n", fz_family_name[fa], (unsigned long long)s->lanes,
                (unsigned long long)s->guarded, (unsigned long long)s->values, (unsigned long long)s->bad_root,
                (unsigned long long)s->bad_prop, (unsigned long long)s->root_items);
    }
    for (int i = 0; i < st->nsigs; i++) {
        const sigstat *s = &st->sigs[i];
        fprintf(f, "sig\t%s\t%s\t%llu\t%llu\t%llu\t%d\t%llx\t%llx\n", fz_family_name[s->fam], s->sig,
                (unsigned long long)s->values, (unsigned long long)s->bad, (unsigned long long)s->max_ulp, s->roots,
                (unsigned long long)s->ex_gpu, (unsigned long long)s->ex_sim);
    }
    fclose(f);
}

static int fam_index(const char *name) {
    for (int f = 0; f <= FZ_NFAM; f++)
        if (!strcmp(fz_family_name[f], name)) return f;
    return -1;
}

/* ptxfuzz merge OUT DIR...: adds up the stats.tsv of campaign directories into OUT/summary.txt. */
static int cmd_merge(int argc, char **argv) {
    if (argc < 4) usage();
    stats_t st;
    memset(&st, 0, sizeof st);
    gpu_t g;
    memset(&g, 0, sizeof g);
    bool have_g = false;
    double secs = 0;
    int shrunk = 0, reproduced = 0, ndirs = 0;
    for (int i = 3; i < argc; i++) {
        char path[1200], line[2048];
        snprintf(path, sizeof path, "%s/stats.tsv", argv[i]);
        FILE *f = fopen(path, "r");
        if (!f) {
            fprintf(stderr, "ptxfuzz merge: %s: %s\n", path, strerror(errno));
            continue;
        }
        ndirs++;
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = 0;
            char *fld[16];
            int n = 0;
            for (char *s = line, *t; n < 16 && s; s = t) {
                t = strchr(s, '\t');
                if (t) *t++ = 0;
                fld[n++] = s;
            }
            if (!strcmp(fld[0], "meta") && n >= 13) {
                st.programs += atoi(fld[1]), st.compared += atoi(fld[2]), st.sim_errors += atoi(fld[3]);
                st.gpu_errors += atoi(fld[4]), st.count_check_failed += atoi(fld[5]);
                st.thread_instructions += strtoull(fld[6], NULL, 10);
                g.jit_calls += atoi(fld[7]), g.jit_seconds += atof(fld[8]), g.run_seconds += atof(fld[9]);
                if (atof(fld[10]) > secs) secs = atof(fld[10]);
                shrunk += atoi(fld[11]), reproduced += atoi(fld[12]);
            } else if (!strcmp(fld[0], "tol") && n >= 3) {
                st.nan_tolerated += strtoull(fld[1], NULL, 10);
                st.nan_pick_tolerated += strtoull(fld[2], NULL, 10);
            } else if (!strcmp(fld[0], "device") && n >= 5) {
                snprintf(g.name, sizeof g.name, "%s", fld[1]);
                g.sm_major = atoi(fld[2]), g.sm_minor = atoi(fld[3]), g.driver_version = atoi(fld[4]);
                have_g = true;
            } else if (!strcmp(fld[0], "fam") && n >= 8) {
                int fa = fam_index(fld[1]);
                if (fa < 0) continue;
                famstat *s = &st.fam[fa];
                s->lanes += strtoull(fld[2], NULL, 10), s->guarded += strtoull(fld[3], NULL, 10);
                s->values += strtoull(fld[4], NULL, 10), s->bad_root += strtoull(fld[5], NULL, 10);
                s->bad_prop += strtoull(fld[6], NULL, 10), s->root_items += strtoull(fld[7], NULL, 10);
            } else if (!strcmp(fld[0], "sig") && n >= 9) {
                int fa = fam_index(fld[1]);
                if (fa < 0) continue;
                sigstat *s = sig_get(&st, fld[2], fa);
                s->values += strtoull(fld[3], NULL, 10), s->bad += strtoull(fld[4], NULL, 10);
                uint64_t mu = strtoull(fld[5], NULL, 10);
                if (mu > s->max_ulp) s->max_ulp = mu;
                s->roots += atoi(fld[6]);
                if (!s->ex_gpu && !s->ex_sim) s->ex_gpu = strtoull(fld[7], NULL, 16), s->ex_sim = strtoull(fld[8], NULL, 16);
            }
        }
        fclose(f);
    }
    opts_t o = {.seed = 0};
    mkdir_p(argv[2]);
    char path[1200];
    snprintf(path, sizeof path, "%s/summary.txt", argv[2]);
    FILE *sf = fopen(path, "w");
    printf("merged %d campaign directories\n", ndirs);
    print_summary(stdout, &o, &st, have_g ? &g : NULL, secs, shrunk, reproduced);
    if (sf) {
        fprintf(sf, "merged %d campaign directories\n", ndirs);
        print_summary(sf, &o, &st, have_g ? &g : NULL, secs, shrunk, reproduced);
        fclose(sf);
    }
    write_stats(argv[2], &st, have_g ? &g : NULL, secs, shrunk, reproduced);
    return 0;
}

static int cmd_run(const opts_t *o) {
    double t_start = now();
    stats_t st;
    memset(&st, 0, sizeof st);
    char err[512];
    gpu_t g;
    bool have_gpu = false;
    if (o->gpu || o->fake) {
        if (!gpu_open(&g, o->fake, o->plant, err, sizeof err)) {
            fprintf(stderr, "ptxfuzz: %s\n", err);
            return 2;
        }
        have_gpu = true;
        fprintf(stderr, "ptxfuzz: device %s\n", g.name);
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", o->out ? o->out : "fuzz-out");
    mkdir_p(dir);

    /* generate */
    int N = o->programs;
    fz_prog **progs = calloc((size_t)N, sizeof *progs);
    unit *units = calloc((size_t)N, sizeof *units);
    unit **up = calloc((size_t)N, sizeof *up);
    for (int i = 0; i < N; i++) {
        char name[48];
        uint64_t seed = o->seed + (uint64_t)i;
        snprintf(name, sizeof name, "fz_%llu", (unsigned long long)seed);
        progs[i] = fz_generate(seed, name, &o->go);
        unit *u = &units[i];
        u->p = progs[i];
        snprintf(u->kname, sizeof u->kname, "%s", name);
        fz_layout_all(u->p, &u->lay);
        u->in = fz_image_init(u->p, &u->lay);
        u->words = (size_t)u->lay.nslots * (size_t)u->p->threads;
        up[i] = u;
    }
    st.programs = N;
    double t_gen = now();
    fprintf(stderr, "ptxfuzz: generated %d programs in %.1f s\n", N, t_gen - t_start);

    /* simulator (worker threads) and GPU (this thread) at once */
    sim_pool sp = {.units = up, .n = N, .chunk = o->chunk, .deadline = t_start + o->time_limit};
    atomic_init(&sp.next, 0);
    int nth = o->threads > 0 ? o->threads : 1;
    pthread_t *th = calloc((size_t)nth, sizeof *th);
    for (int i = 0; i < nth; i++) pthread_create(&th[i], NULL, sim_worker, &sp);
    int gpu_done = 0;
    if (have_gpu) {
        for (int lo = 0; lo < N && now() < t_start + o->time_limit; lo += o->chunk) {
            int n = N - lo < o->chunk ? N - lo : o->chunk;
            gpu_run(&g, up + lo, n);
            gpu_done = lo + n;
            if ((lo / o->chunk) % 10 == 0)
                fprintf(stderr, "ptxfuzz: GPU %d/%d programs, %.1f s\n", gpu_done, N, now() - t_start);
        }
    }
    for (int i = 0; i < nth; i++) pthread_join(th[i], NULL);
    free(th);
    fprintf(stderr, "ptxfuzz: simulator and GPU done in %.1f s\n", now() - t_gen);

    /* errors, then the comparison */
    FILE *errs = NULL;
    {
        char path[1200];
        snprintf(path, sizeof path, "%s/errors.txt", dir);
        errs = fopen(path, "w");
    }
    root_ref *roots = NULL;
    int nroots = 0, cap_roots = 0;
    for (int i = 0; i < N; i++) {
        unit *u = up[i];
        if (u->sim_st != ST_OK && u->sim_st != ST_NOTRUN) {
            st.sim_errors++;
            if (errs) fprintf(errs, "sim %s %s: %s\n", u->kname, st_name[u->sim_st], u->sim_err);
        }
        if (have_gpu && u->gpu_st != ST_OK && u->gpu_st != ST_NOTRUN) {
            st.gpu_errors++;
            if (errs) fprintf(errs, "gpu %s %s: %s\n", u->kname, st_name[u->gpu_st], u->gpu_err);
        }
        if (u->sim_st != ST_OK) continue;
        if (!have_gpu) { /* simulator only: counts and the count check */
            uint64_t counts[FZ_NFAM + 1] = {0}, guarded = 0;
            fz_prog_counts(u->p, counts, &guarded);
            uint64_t expect = fz_frame_lanes(u->p, &u->lay, NULL, NULL);
            for (int f = 0; f <= FZ_NFAM; f++) expect += counts[f], st.fam[f].lanes += counts[f];
            if (expect != u->sim_tinstr) {
                st.count_check_failed++;
                if (errs) fprintf(errs, "count %s: expected %llu thread instructions, ptxsim %llu\n", u->kname,
                                  (unsigned long long)expect, (unsigned long long)u->sim_tinstr);
            }
            st.thread_instructions += u->sim_tinstr;
            st.compared++;
            continue;
        }
        if (u->gpu_st != ST_OK) continue;
        st.compared++;
        uint64_t counts[FZ_NFAM + 1] = {0}, guarded = 0;
        fz_prog_counts(u->p, counts, &guarded);
        for (int k = 0; k < u->p->nitems; k++)
            for (int j = 0; j < u->p->items[k].nlines; j++)
                if (u->p->items[k].lines[j].guarded) st.fam[u->p->items[k].lines[j].fam].guarded += u->p->items[k].lines[j].lanes;
        compare_program(&st, u, &roots, &nroots, &cap_roots, errs);
    }
    if (errs) fclose(errs);
    st.nan_tolerated = nan_tolerated;
    st.nan_pick_tolerated = nan_pick_tolerated;

    /* shrink: the root items of exact families, a few per form */
    int shrunk = 0, reproduced = 0;
    char casedir[1200], idxpath[1200];
    snprintf(idxpath, sizeof idxpath, "%s/cases.txt", dir);
    FILE *index = fopen(idxpath, "w");
    if (have_gpu && nroots) {
        double deadline = now() + o->shrink_time;
        unit **slices = calloc((size_t)nroots, sizeof *slices);
        int *slice_item = calloc((size_t)nroots, sizeof *slice_item);
        int ns = 0;
        for (int i = 0; i < nroots && ns < o->shrink_max; i++) {
            if (!fz_family_exact[roots[i].fam] && !o->shrink_approx) continue;
            sigstat *ss = sig_get(&st, roots[i].sig, roots[i].fam);
            if (ss->shrunk >= (fz_family_exact[roots[i].fam] ? o->per_sig : 1)) continue;
            ss->shrunk++;
            slice_item[ns] = roots[i].item;
            slices[ns] = make_slice(roots[i].u, roots[i].item, ns);
            ns++;
        }
        /* one module for every slice, then lines removed per slice */
        sim_run(slices, ns);
        gpu_run(&g, slices, ns);
        for (int i = 0; i < ns; i++) {
            unit *u = slices[i];
            int k = slice_item[i];
            const fz_item *it = &u->p->items[k];
            shrunk++;
            const char *why;
            if (!both_ok(u)) why = "the slice did not run on both sides";
            else if (!unit_mismatch(u)) why = "NOT reproduced in isolation (depends on the surrounding program)";
            else {
                reproduced++;
                why = "reproduced in isolation";
                if (it->nlines > 1 && now() < deadline) shrink_lines(&g, u, k, deadline);
                if (it->nlines > 1 && now() < deadline) drop_control(&g, u, k);
                relayout(&g, u, k);
            }
            char sig[96];
            kept_sig(u, k, sig);
            sanitize(sig);
            snprintf(casedir, sizeof casedir, "%s/cases/%s_%llu_%d", dir, sig, (unsigned long long)u->p->seed, k);
            write_case(casedir, u, k, why, index);
            if (!unit_mismatch(u) || !both_ok(u)) {
                /* keep the whole program as the evidence */
                unit *full = NULL;
                for (int r = 0; r < nroots; r++)
                    if (roots[r].u->p == u->p) full = roots[r].u;
                if (full) {
                    char fd[1300];
                    snprintf(fd, sizeof fd, "%s/full", casedir);
                    write_case(fd, full, k, "the whole program", NULL);
                }
            }
        }
        for (int i = 0; i < ns; i++) unit_free(slices[i]), free(slices[i]);
        free(slices);
        free(slice_item);
    }
    if (index) fclose(index);

    double secs = now() - t_start;
    char path[1200];
    snprintf(path, sizeof path, "%s/summary.txt", dir);
    FILE *sf = fopen(path, "w");
    print_summary(stdout, o, &st, have_gpu ? &g : NULL, secs, shrunk, reproduced);
    if (sf) print_summary(sf, o, &st, have_gpu ? &g : NULL, secs, shrunk, reproduced), fclose(sf);
    write_stats(dir, &st, have_gpu ? &g : NULL, secs, shrunk, reproduced);
    int exact_bad = 0;
    for (int f = 0; f < FZ_NFAM; f++)
        if (fz_family_exact[f]) exact_bad += st.fam[f].root_items != 0;
    for (int i = 0; i < N; i++) unit_free(&units[i]), fz_prog_free(progs[i]);
    free(units);
    free(up);
    free(progs);
    free(roots);
    free(st.sigs);
    if (have_gpu) {
        if (g.ctx) g.api.ctx_destroy(g.ctx);
        if (g.lib) dlclose(g.lib);
    }
    return exact_bad || st.sim_errors || st.gpu_errors || st.count_check_failed ? 1 : 0;
}

static int cmd_gen(const opts_t *o) {
    fz_buf b = {0};
    fz_ptx_header(&b);
    for (int i = 0; i < o->programs; i++) {
        char name[48];
        uint64_t seed = o->seed + (uint64_t)i;
        snprintf(name, sizeof name, "fz_%llu", (unsigned long long)seed);
        fz_prog *p = fz_generate(seed, name, &o->go);
        fz_layout l;
        fz_layout_all(p, &l);
        fz_ptx_kernel(&b, p, name, &l, NULL, NULL);
        fz_layout_free(&l);
        fz_prog_free(p);
    }
    fwrite(b.s, 1, b.n, stdout);
    fz_buf_free(&b);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) usage();
    if (!strcmp(argv[1], "merge")) return cmd_merge(argc, argv);
    opts_t o = {.seed = 1, .programs = 1, .chunk = 128, .threads = 0, .shrink_max = 60, .per_sig = 2,
                .time_limit = 1e9, .shrink_time = 60};
    fz_gen_default_opts(&o.go);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
#define ARG() (i + 1 < argc ? argv[++i] : (usage(), ""))
        if (!strcmp(a, "--seed")) o.seed = strtoull(ARG(), NULL, 0);
        else if (!strcmp(a, "--programs")) o.programs = atoi(ARG());
        else if (!strcmp(a, "--chunk")) o.chunk = atoi(ARG());
        else if (!strcmp(a, "--threads")) o.threads = atoi(ARG());
        else if (!strcmp(a, "--time-limit")) o.time_limit = atof(ARG());
        else if (!strcmp(a, "--shrink-time")) o.shrink_time = atof(ARG());
        else if (!strcmp(a, "--shrink-max")) o.shrink_max = atoi(ARG());
        else if (!strcmp(a, "--per-sig")) o.per_sig = atoi(ARG());
        else if (!strcmp(a, "--shrink-approx")) o.shrink_approx = true;
        else if (!strcmp(a, "--gpu")) o.gpu = true;
        else if (!strcmp(a, "--fake-gpu")) o.fake = true;
        else if (!strcmp(a, "--plant")) o.plant = ARG();
        else if (!strcmp(a, "--out")) o.out = ARG();
        else if (!strcmp(a, "--family")) o.go.only_fam = family_by_name(ARG());
        else if (!strcmp(a, "--items")) {
            o.go.nitems_min = o.go.nitems_max = atoi(ARG());
        } else usage();
    }
    if (o.programs < 1 || o.chunk < 1) usage();
    if (o.threads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        o.threads = n > 1 ? (int)n - (o.gpu ? 1 : 0) : 1;
    }
    if (!strcmp(argv[1], "gen")) return cmd_gen(&o);
    if (!strcmp(argv[1], "run")) return cmd_run(&o);
    usage();
}
