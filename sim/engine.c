/* engine.c — runs a grid: the launch (its checks, the host threads for the grid's clusters, the
 * kernel's output and result) and faults, which every part of the engine raises. The rest of the
 * engine (engine_internal.h): engine_sched.c (CTAs and warps scheduled on a host thread),
 * engine_warp.c (the warp loop), engine_frame.c (frames and calls), engine_barrier.c (CTA
 * barriers, bar.warp.sync), engine_cluster.c (barrier.cluster). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine_internal.h"
#include "pool.h"

#define DEFAULT_WATCHDOG 2000000000ull /* warp instructions per launch */

/* ---- faults ------------------------------------------------------------------ */

const char *ps_fault_kind_name(ps_fault_kind k) {
    static const char *n[] = {"none",     "out-of-bounds", "misaligned", "trap",           "watchdog",
                              "deadlock", "unsupported",   "bad-launch", "stack-overflow", "invalid-warp-sync"};
    return k <= PS_FAULT_INVALID_WARP_SYNC ? n[k] : "?";
}

/* The fault's CUDA line: the .loc of its instruction, with the path from the .file table of the
 * module the function came from (a linked program's part). */
static void fault_source(ps_fault *f, const ps_module *m, const ps_warp *w, const ps_dinsn *d) {
    f->src_file = NULL, f->src_line = 0;
    if (!d || !d->src || !d->src->loc_line || !m) return;
    const char *file = w->nframes ? w->frames[w->nframes - 1].fp->func->file : NULL;
    for (int i = 0; file && m->parts && i < m->nparts; i++)
        if (m->parts[i]->filename && !strcmp(m->parts[i]->filename, file)) {
            m = m->parts[i];
            break;
        }
    int idx = d->src->loc_file;
    if (idx <= 0 || idx >= m->nfiles || !m->files || !m->files[idx]) return;
    f->src_file = m->files[idx];
    f->src_line = d->src->loc_line;
}

void ps_fault_raise(ps_warp *w, ps_fault_kind kind, int lane, const char *fmt, ...) {
    if (w->probing) { /* ps_fault_lanes asks whether this lane faults too */
        w->probe_kind = kind;
        return;
    }
    ps_cta *c = w->cta;
    ps_launch_ctx *L = c->L;
    c->faulted = true;
    pthread_mutex_lock(&L->lock);
    if (L->fault.kind == PS_FAULT_NONE) {
        ps_fault *f = &L->fault;
        f->kind = kind;
        f->lanes = lane >= 0 && lane < WARP ? 1u << lane : 0;
        w->fault_owner = true;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->message, sizeof f->message, fmt, ap);
        va_end(ap);
        f->ptx_line = c->cur ? c->cur->line : 0;
        fault_source(f, L->prog->module, w, c->cur);
        memcpy(f->block, c->ctaid, sizeof f->block);
        if (lane >= 0) memcpy(f->thread, w->tid[lane], sizeof f->thread);
        f->function = w->nframes ? w->frames[w->nframes - 1].fp->func->name : NULL;
        f->file = w->nframes ? w->frames[w->nframes - 1].fp->func->file : NULL;
    }
    pthread_mutex_unlock(&L->lock);
    atomic_store(&L->stop, 1);
}

void ps_fault_lanes(ps_warp *w, int space, const uint64_t *addr, uint64_t imm, unsigned size, bool write, int first) {
    if (!w->fault_owner || first < 0 || first >= WARP) return;
    ps_launch_ctx *L = w->cta->L;
    pthread_mutex_lock(&L->lock);
    ps_fault_kind kind = L->fault.kind;
    pthread_mutex_unlock(&L->lock);
    uint32_t lanes = 1u << first;
    w->probing = true; /* the lanes below `first` resolved; each lane above is asked alone */
    for (uint32_t m = first == WARP - 1 ? 0 : w->exec & ~((2u << first) - 1); m; m &= m - 1) {
        int l = __builtin_ctz(m);
        w->probe_kind = PS_FAULT_NONE;
        if (!ps_mem_resolve(w, space, addr[l] + imm, size, l, write) && w->probe_kind == kind) lanes |= 1u << l;
    }
    w->probing = false;
    pthread_mutex_lock(&L->lock);
    L->fault.lanes = lanes;
    pthread_mutex_unlock(&L->lock);
}

void ps_event_where_fill(ps_event_where *at, const ps_warp *w, const ps_dinsn *d) {
    const ps_cta *c = w->cta;
    memcpy(at->ctaid, c->ctaid, sizeof at->ctaid);
    memcpy(at->block, c->L->cfg.block, sizeof at->block);
    at->warp = w->id;
    at->worker = c->worker;
    at->insn = d ? d->src : NULL;
    at->function = w->nframes ? w->frames[w->nframes - 1].fp->func->name : NULL;
}

/* ---- launch ------------------------------------------------------------------ */

static int cmp_out(const void *a, const void *b) {
    const struct ps_out_rec *x = a, *y = b;
    return x->cta < y->cta ? -1 : x->cta > y->cta;
}

/* The CTAs' device-runtime output of one stream, in CTA order (each CTA's records are whole: it
 * ran on one thread); NULL when there is none. */
static char *collect_stream(ps_launch_ctx *L, int stream, size_t *len) {
    size_t n = 0;
    for (int i = 0; i < L->nouts; i++)
        if (L->outs[i].stream == stream) n += L->outs[i].len;
    *len = n;
    if (!n) return NULL;
    char *s = ps_xmalloc(n + 1);
    n = 0;
    for (int i = 0; i < L->nouts; i++) {
        if (L->outs[i].stream != stream) continue;
        memcpy(s + n, L->outs[i].text, L->outs[i].len);
        n += L->outs[i].len;
    }
    s[n] = 0;
    return s;
}

static void collect_output(ps_launch_ctx *L, ps_launch_result *res) {
    if (!L->nouts) return;
    qsort(L->outs, (size_t)L->nouts, sizeof *L->outs, cmp_out);
    res->output = collect_stream(L, PS_OUT_STDOUT, &res->output_len);
    res->error_output = collect_stream(L, PS_OUT_STDERR, &res->error_output_len);
    for (int i = 0; i < L->nouts; i++) free(L->outs[i].text);
    free(L->outs);
    L->outs = NULL;
    L->nouts = 0;
}

void ps_launch_result_release(ps_launch_result *res) {
    free(res->output);
    free(res->error_output);
    res->output = res->error_output = NULL;
    res->output_len = res->error_output_len = 0;
}

/* Functions reachable from f (indirect calls reach every function). */
static void reach(const ps_program *p, int f, char *seen) {
    if (seen[f]) return;
    seen[f] = 1;
    const ps_fprog *fp = &p->funcs[f];
    for (int i = 0; i < fp->ncode; i++) {
        const ps_dinsn *d = &fp->code[i];
        if (d->ctl != CTL_CALL) continue;
        if (d->indirect)
            for (int k = 0; k < p->nfuncs; k++) reach(p, k, seen);
        else if (d->target >= 0) reach(p, d->target, seen);
    }
}

/* Deepest local-memory use along call chains; -1 for recursion. */
static int64_t stack_depth(const ps_program *p, int f, char *onpath) {
    if (onpath[f]) return -1;
    onpath[f] = 1;
    const ps_fprog *fp = &p->funcs[f];
    int64_t best = 0;
    for (int i = 0; i < fp->ncode && best >= 0; i++) {
        const ps_dinsn *d = &fp->code[i];
        if (d->ctl != CTL_CALL) continue;
        if (d->indirect) {
            best = -1;
            break;
        }
        if (d->target < 0) continue;
        int64_t s = stack_depth(p, d->target, onpath);
        if (s < 0) best = -1;
        else if (s > best) best = s;
    }
    onpath[f] = 0;
    return best < 0 ? -1 : best + (int64_t)fp->frame_bytes;
}

static void set_error(ps_launch_result *res, ps_fault_kind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_error(ps_launch_result *res, ps_fault_kind k, const char *fmt, ...) {
    res->fault.kind = k;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->fault.message, sizeof res->fault.message, fmt, ap);
    va_end(ap);
}

/* The launch limits of CUDA's compute capabilities 5.0 and later (cuLaunchKernel refuses the
 * rest); the message names the one broken. */
static bool launch_shape_ok(const ps_arch *arch, const ps_launch_config *cfg, uint64_t nthreads,
                            ps_launch_result *res) {
    static const uint64_t grid_max[3] = {2147483647u, 65535, 65535}, block_max[3] = {1024, 1024, 64};
    static const char *const grid_name[3] = {"grid.x", "grid.y", "grid.z"},
                             *const block_name[3] = {"block.x", "block.y", "block.z"};
    const char *what = NULL;
    uint64_t got = 0, limit = 0;
    for (int i = 0; i < 3 && !what; i++) {
        if (!cfg->grid[i] || cfg->grid[i] > grid_max[i]) what = grid_name[i], got = cfg->grid[i], limit = grid_max[i];
        else if (!cfg->block[i] || cfg->block[i] > block_max[i])
            what = block_name[i], got = cfg->block[i], limit = block_max[i];
    }
    uint64_t tmax = (uint64_t)(arch ? arch->max_threads_per_block : 1024);
    if (!what && nthreads > tmax) what = "threads per block", got = nthreads, limit = tmax;
    if (!what) return true;
    char bound[64];
    if (got) snprintf(bound, sizeof bound, "the limit is %llu", (unsigned long long)limit);
    else snprintf(bound, sizeof bound, "it must be at least 1");
    set_error(res, PS_FAULT_BAD_LAUNCH, "invalid launch configuration: grid %ux%ux%u, block %ux%ux%u: %s is %llu; %s",
              cfg->grid[0], cfg->grid[1], cfg->grid[2], cfg->block[0], cfg->block[1], cfg->block[2], what,
              (unsigned long long)got, bound);
    return false;
}

/* The cluster shape of a launch (docs/clusters.md): the launch's, else the kernel's
 * .reqnctapercluster, else 1x1x1; checked against the grid, the kernel's directives and the
 * target. False (message in res) when the launch cannot run. */
static bool cluster_shape(const ps_program *p, const ps_func *kf, const ps_launch_config *cfg, unsigned cd[3],
                          bool *explicit_cluster, ps_launch_result *res) {
    const ps_arch *arch = p->arch;
    bool given = cfg->cluster[0] || cfg->cluster[1] || cfg->cluster[2];
    bool req = kf->reqnctapercluster[0] > 0;
    unsigned rq[3];
    for (int i = 0; i < 3; i++) rq[i] = kf->reqnctapercluster[i] > 0 ? (unsigned)kf->reqnctapercluster[i] : 1;
    for (int i = 0; i < 3; i++) cd[i] = given ? (cfg->cluster[i] ? cfg->cluster[i] : 1) : req ? rq[i] : 1;
    *explicit_cluster = given || req;
    if ((given || req || kf->explicitcluster) && arch && arch->sm < 90) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "thread-block clusters need sm_90 or later; the target is %s", arch->name);
        return false;
    }
    if (given && req && (cd[0] != rq[0] || cd[1] != rq[1] || cd[2] != rq[2])) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "cluster %ux%ux%u given for kernel '%s', which requires .reqnctapercluster %u,%u,%u", cd[0], cd[1],
                  cd[2], kf->name, rq[0], rq[1], rq[2]);
        return false;
    }
    if (kf->explicitcluster && !given && !req) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "kernel '%s' is declared .explicitcluster: launch it with cluster dimensions", kf->name);
        return false;
    }
    uint64_t n = (uint64_t)cd[0] * cd[1] * cd[2];
    if (n > 8) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "cluster %ux%ux%u has %llu CTAs; at most 8 are portable (non-portable sizes up "
                  "to 16 are not modelled)",
                  cd[0], cd[1], cd[2], (unsigned long long)n);
        return false;
    }
    if (kf->maxclusterrank > 0 && n > (uint64_t)kf->maxclusterrank) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "cluster %ux%ux%u has %llu CTAs; kernel '%s' allows .maxclusterrank %d",
                  cd[0], cd[1], cd[2], (unsigned long long)n, kf->name, kf->maxclusterrank);
        return false;
    }
    for (int i = 0; i < 3; i++)
        if (cfg->grid[i] % cd[i]) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "grid %ux%ux%u is not a whole number of %ux%ux%u clusters (%c: %u %% %u = %u)", cfg->grid[0],
                      cfg->grid[1], cfg->grid[2], cd[0], cd[1], cd[2], "xyz"[i], cfg -> grid[i], cd[i],
                      cfg -> grid[i] % cd[i]);
            return false;
        }
    return true;
}

/* The host's online CPUs, read once per process: sysconf reads /sys/devices/system/cpu/online
 * each time, a cost every launch paid (docs/performance.md "Per-launch cost"). */
static pthread_once_t cpus_once = PTHREAD_ONCE_INIT;
static int cpus_online = 1;
static void count_cpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cpus_online = n > 0 ? (n > 4096 ? 4096 : (int)n) : 1;
}
static int online_cpus(void) {
    pthread_once(&cpus_once, count_cpus);
    return cpus_online;
}

ps_status ps_launch(ps_program *p, ps_device *dev, const char *name, const ps_launch_config *cfg,
                    ps_launch_result *res) {
    memset(res, 0, sizeof *res);
    int ki = -1;
    for (int i = 0; i < p->nfuncs; i++)
        if (p->module->funcs[i]->is_entry && strcmp(p->module->funcs[i]->name, name) == 0) ki = i;
    if (ki < 0 || !p->module->funcs[ki]->defined) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "no kernel named '%s' in the module", name);
        return PS_ERR_USAGE;
    }
    const ps_arch *arch = p->arch;
    uint64_t nthreads = (uint64_t)cfg->block[0] * cfg->block[1] * cfg->block[2];
    uint64_t ncta = (uint64_t)cfg->grid[0] * cfg->grid[1] * cfg->grid[2];
    if (!launch_shape_ok(arch, cfg, nthreads, res)) return PS_ERR_USAGE;
    const ps_func *kf = p->module->funcs[ki];
    if (kf->reqntid[0] &&
        ((unsigned)kf->reqntid[0] != cfg->block[0] ||
         (unsigned)(kf->reqntid[1] ? kf->reqntid[1] : 1) != cfg->block[1] ||
         (unsigned)(kf->reqntid[2] ? kf->reqntid[2] : 1) != cfg->block[2])) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "kernel '%s' requires .reqntid %d,%d,%d", name, kf->reqntid[0],
                  kf->reqntid[1], kf->reqntid[2]);
        return PS_ERR_USAGE;
    }
    unsigned cdim[3];
    bool explicit_cluster;
    if (!cluster_shape(p, kf, cfg, cdim, &explicit_cluster, res)) return PS_ERR_USAGE;
    if (cfg->params_size < p->funcs[ki].kparam_bytes) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "kernel '%s' takes %llu bytes of parameters, %zu given", name,
                  (unsigned long long)p->funcs[ki].kparam_bytes, cfg->params_size);
        return PS_ERR_USAGE;
    }
    char *seen = ps_xcalloc((size_t)p->nfuncs + 1, 1);
    reach(p, ki, seen);
    for (int i = 0; i < p->nfuncs; i++)
        if (seen[i] && p->funcs[i].diags.errors) {
            set_error(res, PS_FAULT_UNSUPPORTED, "kernel '%s' uses instructions ptxsim cannot run", name);
            free(seen);
            return PS_ERR_UNSUPPORTED;
        }
    ps_launch_ctx *L = aligned_alloc(_Alignof(ps_launch_ctx), sizeof *L); /* 64: see its fields */
    if (!L) ps_oom();
    memset(L, 0, sizeof *L);
    L->prog = p;
    L->dev = dev;
    L->kernel = &p->funcs[ki];
    L->cfg = *cfg;
    L->nthreads = (unsigned)nthreads;
    memcpy(L->cluster, cdim, sizeof L->cluster);
    L->cluster_size = cdim[0] * cdim[1] * cdim[2];
    L->explicit_cluster = explicit_cluster;
    L->ncta = ncta / L->cluster_size; /* clusters: the unit a host thread takes */
    L->watchdog = cfg->watchdog ? cfg->watchdog : DEFAULT_WATCHDOG;
    pthread_mutex_init(&L->lock, NULL);
    /* shared memory: every .shared variable used by reachable functions, then dynamic */
    L->shared_off = ps_xcalloc((size_t)p->nshared + 1, sizeof(uint64_t));
    char *used = ps_xcalloc((size_t)p->nshared + 1, 1);
    for (int i = 0; i < p->nfuncs; i++) {
        if (!seen[i]) continue;
        for (int s = 0; s < p->funcs[i].nslots; s++)
            if (p->funcs[i].slots[s].kind == SK_SHARED_SYM) used[p->funcs[i].slots[s].value] = 1;
    }
    /* sm_80 and later reserve the first KiB of a CTA's shared memory for the system
     * (%reserved_smem_offset_*); the CTA's own variables follow it, as on an H200 */
    L->reserved_smem = ps_reserved_smem(arch);
    /* %gridid: 2 for a context's first launch, +2 for each later one (lab/sregs/h200) */
    L->gridid = ps_device_next_gridid(dev);
    L->envreg_h200 = arch && arch->sm == 90;
    /* after the device's first cooperative launch every launch sees its workspace (lab/coop_ws) */
    L->grid_ws = ps_device_grid_workspace(dev, false);
    uint64_t off = L->reserved_smem, dyn_align = 16;
    for (int i = 0; i < p->nshared; i++) {
        const ps_var *v = p->shared_vars[i];
        if (!used[i] || v->unsized) continue;
        off = (off + (uint64_t)v->align - 1) / (uint64_t)v->align * (uint64_t)v->align;
        L->shared_off[i] = off;
        off += v->size;
    }
    bool has_dyn = false;
    for (int i = 0; i < p->nshared; i++)
        if (used[i] && p->shared_vars[i]->unsized) {
            has_dyn = true;
            uint64_t a = (uint64_t)p->shared_vars[i]->align;
            if (a > dyn_align) dyn_align = a;
        }
    uint64_t static_end = off;
    off = (off + dyn_align - 1) / dyn_align * dyn_align;
    for (int i = 0; i < p->nshared; i++)
        if (used[i] && p->shared_vars[i]->unsized) L->shared_off[i] = off;
    L->shared_static = off;
    uint64_t shared_total = off + cfg->shared_bytes;
    /* %total_smem_size: the static bytes as ptxas counts them (padded to the dynamic variable's
     * alignment, at least 16, when the kernel has one) plus the dynamic ones, rounded up to whole
     * allocation units; 64 static + 256 dynamic bytes gave 384 on an H200 */
    uint64_t unit = ps_smem_alloc_unit(arch);
    uint64_t own = (has_dyn ? off : static_end) - L->reserved_smem + cfg->shared_bytes;
    L->total_smem = (own + unit - 1) / unit * unit;
    /* %aggr_smem_size: the reserved KiB plus those bytes, not rounded (1344 for 64 + 256 with a
     * dynamic variable; 1152 for 100 static + 28 dynamic bytes without one: no padding) */
    L->aggr_smem = L->reserved_smem + own;
    if (cfg->observer && cfg->observer->shared_layout) {
        uint64_t *offs = ps_xcalloc((size_t)p->nshared + 1, sizeof *offs);
        for (int i = 0; i < p->nshared; i++) offs[i] = used[i] ? L->shared_off[i] : UINT64_MAX;
        cfg->observer->shared_layout(cfg->observer->ctx, (const ps_var *const *)p->shared_vars, offs, p->nshared);
        free(offs);
    }
    free(used);
    uint64_t limit = arch ? (uint64_t)arch->shared_optin : 49152;
    if (shared_total - L->reserved_smem > limit) {
        set_error(res, PS_FAULT_BAD_LAUNCH, "kernel '%s' needs %llu bytes of shared memory; %s allows %llu per block",
                  name, (unsigned long long)(shared_total - L->reserved_smem), arch ? arch->name : "the target",
                  (unsigned long long)limit);
        free(seen), free(L->shared_off), free(L);
        return PS_ERR_USAGE;
    }
    char *onpath = ps_xcalloc((size_t)p->nfuncs + 1, 1);
    int64_t depth = stack_depth(p, ki, onpath);
    free(onpath);
    bool allocas = false; /* a reachable alloca: its stack above the frames (exec_stack.c) */
    for (int i = 0; i < p->nfuncs; i++) allocas |= seen[i] && p->funcs[i].allocas;
    L->local_per_thread = depth < 0 ? DEFAULT_STACK : (uint64_t)depth;
    if (allocas && L->local_per_thread <= PS_MAX_LOCAL_PER_THREAD) {
        L->local_per_thread += PS_ALLOCA_STACK;
        if (L->local_per_thread > PS_MAX_LOCAL_PER_THREAD) L->local_per_thread = PS_MAX_LOCAL_PER_THREAD;
    }
    if (L->local_per_thread > PS_MAX_LOCAL_PER_THREAD) {
        set_error(res, PS_FAULT_BAD_LAUNCH,
                  "%s:%d:%d: kernel '%s' needs %llu bytes of local memory per thread (its .local "
                  "variables and those of the functions it calls); CUDA allows at most %u (512 KiB)",
                  kf->file ? kf->file : "<input>", kf->line, kf->col, name, (unsigned long long)L->local_per_thread,
                  PS_MAX_LOCAL_PER_THREAD);
        free(seen), free(L->shared_off), free(L);
        return PS_ERR_USAGE;
    }
    /* host threads: as many as asked (all cores by default), fewer when the shared and local
     * memory of that many CTAs at once would not fit in what --max-memory leaves */
    int nthr = cfg->threads > 0 ? cfg->threads : online_cpus();
    if ((uint64_t)nthr > L->ncta) nthr = (int)L->ncta;
    int csize = (int)L->cluster_size;
    uint64_t cta_bytes = (shared_total + 16 + nthreads * L->local_per_thread) * (uint64_t)csize;
    if (cfg->cooperative) {
        /* every CTA resident at once: a worker (its CTAs' state) per cluster of the grid */
        if (L->ncta > PS_MAX_COOPERATIVE_CTAS ||
            (cfg->max_launch_bytes && cta_bytes * L->ncta > cfg->max_launch_bytes)) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "cooperative launch of kernel '%s': %llu CTAs must be resident at once, which "
                      "needs %llu bytes of host memory for their shared and local memory; the limit is "
                      "%u CTAs and %llu bytes (--max-memory, docs/limits.md)",
                      name, (unsigned long long)ncta, (unsigned long long)(cta_bytes * L->ncta),
                      PS_MAX_COOPERATIVE_CTAS, (unsigned long long)cfg->max_launch_bytes);
            free(seen), free(L->shared_off), free(L);
            return PS_ERR_USAGE;
        }
        /* the grid workspace of cooperative_groups/details/driver_abi.h: { wsSize, barrier } */
        L->grid_ws = ps_device_grid_workspace(dev, true);
        if (!L->grid_ws) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "cooperative launch of kernel '%s': no device memory "
                      "left for the grid workspace (--max-memory, docs/limits.md)",
                      name);
            free(seen), free(L->shared_off), free(L);
            return PS_ERR_USAGE;
        }
        nthr = (int)L->ncta;
    } else if (cfg->max_launch_bytes) {
        if (cta_bytes > cfg->max_launch_bytes) {
            set_error(res, PS_FAULT_BAD_LAUNCH,
                      "kernel '%s' needs %llu bytes of host memory for the shared and local memory of "
                      "one %s (%llu bytes of local memory per thread, %llu of shared memory); only %llu "
                      "are left under the memory limit (--max-memory, docs/limits.md)",
                      name, (unsigned long long)cta_bytes, csize > 1 ? "cluster" : "CTA",
                      (unsigned long long)L->local_per_thread, (unsigned long long)shared_total,
                      (unsigned long long)cfg->max_launch_bytes);
            free(seen), free(L->shared_off), free(L);
            return PS_ERR_USAGE;
        }
        if ((uint64_t)nthr > cfg->max_launch_bytes / cta_bytes) nthr = (int)(cfg->max_launch_bytes / cta_bytes);
    }
    ps_worker *wks = aligned_alloc(_Alignof(ps_worker), sizeof(ps_worker) * (size_t)nthr);
    if (!wks) ps_oom();
    memset(wks, 0, sizeof(ps_worker) * (size_t)nthr);
    int nwarps = (int)((nthreads + WARP - 1) / WARP);
    struct timespec t0, t1;
    /* per-instruction events: the observer picks the records once per launch, of the functions
     * the kernel reaches (the others do not run in this launch) */
    const ps_observer *ob = cfg->observer;
    bool can_watch = ob && ob->insn && ob->watch_insn, watch = false;
    for (int i = 0; i < p->nfuncs; i++)
        for (int k = 0; seen[i] && k < p->funcs[i].ncode; k++) {
            ps_dinsn *d = &p->funcs[i].code[k];
            d->flags &= ~(uint32_t)DF_WATCH;
            if (can_watch && d->src && ob->watch_insn(ob->ctx, d->src)) {
                d->flags |= DF_WATCH;
                watch = true; /* else the plain warp loop runs, even under checkers */
            }
        }
    free(seen);
    if (cfg->observer && cfg->observer->launch_begin) /* a worker slot per CTA of a cluster */
        cfg->observer->launch_begin(cfg->observer->ctx, nthr * csize, name);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int t = 0; t < nthr; t++) {
        ps_worker *wk = &wks[t];
        wk->L = L;
        wk->ctas = aligned_alloc(_Alignof(ps_cta), sizeof(ps_cta) * (size_t)csize);
        if (!wk->ctas) ps_oom();
        memset(wk->ctas, 0, sizeof(ps_cta) * (size_t)csize);
        wk->cl.n = csize;
        memcpy(wk->cl.dim, cdim, sizeof wk->cl.dim);
        wk->cl.explicit_launch = explicit_cluster;
        for (int r = 0; r < csize; r++) {
            ps_cta *c = &wk->ctas[r];
            wk->cl.cta[r] = c;
            c->L = L;
            c->cluster = &wk->cl;
            c->rank = (unsigned)r;
            c->obs = cfg->observer;
            c->watch = watch;
            c->worker = t * csize + r;
            c->shared_size = shared_total;
            c->shared = ps_xcalloc(1, shared_total + 16);
            c->local = L->local_per_thread ? ps_xcalloc(nthreads, L->local_per_thread) : NULL;
            c->nwarps = nwarps;
            c->warps = ps_xcalloc((size_t)nwarps, sizeof(ps_warp));
        }
    }
    ps_monitor *mon = ps_monitor_start(L);
    if (cfg->cooperative) ps_cooperative_main(wks, nthr);
    else if (nthr == 1) ps_worker_main(&wks[0]);
    else { /* workers 1.. on pool threads, worker 0 on this one (pool.c) */
        void **args = ps_xcalloc((size_t)nthr, sizeof *args);
        for (int t = 1; t < nthr; t++) args[t - 1] = &wks[t];
        ps_pool_job *jobs = ps_pool_start(ps_worker_main, args, nthr - 1);
        ps_worker_main(&wks[0]);
        ps_pool_finish(jobs);
        free(args);
    }
    ps_monitor_stop(mon);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    for (int t = 0; t < nthr; t++)
        for (int r = 0; r < csize; r++) {
            ps_cta *c = &wks[t].ctas[r];
            ps_stats *s = &c->stats;
            res->stats.warp_instructions += s->warp_instructions;
            res->stats.thread_instructions += s->thread_instructions;
            res->stats.branches += s->branches;
            res->stats.divergent_branches += s->divergent_branches;
            res->stats.ctas += s->ctas;
            for (int i = 0; i < nwarps; i++) {
                ps_warp *w = &c->warps[i];
                for (int k = 0; k < w->cap_frames; k++) {
                    free(w->frames[k].r);
                    free(w->frames[k].p);
                    free(w->frames[k].stack);
                }
                free(w->frames);
            }
            free(c->warps);
            ps_async_free(c);
            free(c->out[PS_OUT_STDOUT]);
            free(c->out[PS_OUT_STDERR]);
            free(c->shared);
            free(c->local);
        }
    for (int t = 0; t < nthr; t++) free(wks[t].ctas);
    res->fault = L->fault;
    collect_output(L, res);
    free(wks);
    free(L->shared_off);
    pthread_mutex_destroy(&L->lock);
    ps_fault_kind k = L->fault.kind;
    free(L);
    if (k == PS_FAULT_NONE) return PS_OK;
    return k == PS_FAULT_WATCHDOG ? PS_ERR_WATCHDOG : PS_ERR_FAULT;
}

/* mov from %clock / %clock64 / %globaltimer: a counter that only moves forward. */
void ps_exec_clock(ps_warp *w, const ps_dinsn *d) {
    ps_cta *c = w->cta;
    c->clock += 8;
    uint64_t v = c->clock + c->stats.warp_instructions * 4;
    switch ((ps_sreg)d->sreg) {
    case PS_SREG_CLOCK: v &= 0xffffffffu; break;
    case PS_SREG_CLOCK_HI: v >>= 32; break;
    case PS_SREG_GLOBALTIMER: {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
        break;
    }
    case PS_SREG_GLOBALTIMER_LO: v &= 0xffffffffu; break;
    case PS_SREG_GLOBALTIMER_HI: v >>= 32; break;
    default: break;
    }
    LANES(w, R(w, d->o[0])[l] = v);
}
