/* shim_report.c — what the checkers found in the shim's launches. Three destinations:
 * - $PTXSIM_REPORT_DIR (set by `ptxsim exec`, cli/exec.c): each launch is appended, as it
 *   finishes, as one JSON line to DIR/launches.<pid>.jsonl (so a program that crashes or calls
 *   _exit loses nothing, and each process of a program writes its own file); nothing is printed.
 * - $PTXSIM_REPORT=FILE: every launch as one JSON document, written when the program exits.
 * - otherwise a summary on stderr at exit.
 * $PTXSIM_KERNEL_FILTER=REGEX (POSIX extended) runs the checkers only on kernels whose mangled or
 * demangled name matches; the others run without checkers.
 * $PTXSIM_ERROR_EXITCODE=N (0-255; not under `ptxsim exec`, which has --error-exitcode): when a
 * launch faulted or a checker found an error, the process exits with N once the report is out. */
#define _GNU_SOURCE /* memfd_create */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common.h"
#include "shim.h"

typedef struct {
    char *kernel;
    unsigned grid[3], block[3];
    ptxsim_stats stats;
    ptxsim_finding *findings; /* strings copied */
    char **sources;           /* per finding, the CUDA file of its .loc line; NULL when none */
    char **ptx_files;         /* per finding, its module's file (module<N>.ptx from memory); NULL: unknown */
    int nfindings;
    char *fault; /* the fault's message, NULL when none */
} launch_record;

static struct {
    launch_record *l;
    int n, cap;
    bool hooked;
    bool any_error; /* a launch faulted or had an error finding: $PTXSIM_ERROR_EXITCODE */
} rec;

/* ---- the environment `ptxsim exec` sets ------------------------------------------------------ */
static struct {
    pthread_once_t once;
    pthread_mutex_t lock;    /* the stream files; launches while a kernel filter swaps checkers */
    const char *dir;         /* $PTXSIM_REPORT_DIR, NULL when unset */
    const char *html_dir;    /* $PTXSIM_HTML_DIR (with dir): a page per checked launch goes there */
    const char *source_root; /* $PTXSIM_SOURCE_ROOT: where the pages look for CUDA files first */
    bool has_filter;
    regex_t filter;
    unsigned long seq; /* launches recorded by this process */
    pid_t header_pid;  /* the process whose stream file has its header line */
    int fd, scratch;   /* the stream file and the scratch memory file, of process *_pid */
    pid_t fd_pid, scratch_pid;
    bool write_failed;
    int error_exitcode; /* $PTXSIM_ERROR_EXITCODE; -1 when unset */
} ex = {.error_exitcode = -1, .once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

static void read_env(void) {
    const char *d = getenv("PTXSIM_REPORT_DIR");
    ex.dir = d && *d ? d : NULL;
    const char *h = getenv("PTXSIM_HTML_DIR");
    ex.html_dir = ex.dir && h && *h ? h : NULL;
    const char *sr = getenv("PTXSIM_SOURCE_ROOT");
    ex.source_root = sr && *sr ? sr : NULL;
    const char *e = getenv("PTXSIM_ERROR_EXITCODE");
    if (e && *e && !ex.dir) {
        char *end;
        errno = 0;
        long n = strtol(e, &end, 10);
        if (*end || errno || n < 0 || n > 255 || !(*e >= '0' && *e <= '9')) {
            /* a CI job that asked for a failing status must not pass by accident */
            fprintf(stderr, "ptxsim libcuda: error: PTXSIM_ERROR_EXITCODE='%s' is not a number from 0 to 255\n", e);
            _exit(2);
        }
        ex.error_exitcode = (int)n;
    }
    const char *f = getenv("PTXSIM_KERNEL_FILTER");
    if (f && *f) {
        int rc = regcomp(&ex.filter, f, REG_EXTENDED | REG_NOSUB);
        if (rc) {
            char why[256];
            regerror(rc, &ex.filter, why, sizeof why);
            /* checking more kernels than asked is safe; checking fewer would hide findings */
            fprintf(stderr,
                    "ptxsim libcuda: PTXSIM_KERNEL_FILTER='%s' is not a regular expression (%s); "
                    "every kernel runs with the checkers\n",
                    f, why);
        } else {
            ex.has_filter = true;
        }
    }
}

static void env_once(void) { pthread_once(&ex.once, read_env); }

const char *shim_html_dir(void) {
    env_once();
    return ex.html_dir;
}

static bool filter_matches(const char *kernel) {
    if (!regexec(&ex.filter, kernel, 0, NULL, 0)) return true;
    char plain[1024];
    return ps_demangle(kernel, plain, sizeof plain) && !regexec(&ex.filter, plain, 0, NULL, 0);
}

/* ---- the stream of JSON lines ($PTXSIM_REPORT_DIR) ------------------------------------------- */

/* This process's stream file (a forked child opens its own); -1 until opened. */
static int stream_fd(void) {
    if (ex.fd_pid != getpid()) {
        char path[4096];
        snprintf(path, sizeof path, "%s/launches.%ld.jsonl", ex.dir, (long)getpid());
        ex.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        ex.fd_pid = getpid();
        if (ex.fd < 0 && !ex.write_failed) {
            ex.write_failed = true;
            fprintf(stderr, "ptxsim libcuda: cannot write the report for ptxsim exec to %s: %s\n", path,
                    strerror(errno));
        }
    }
    return ex.fd;
}

/* Appends one line to this process's file, in one write (the kernel has it at once, so a crash
 * of the program later loses nothing); the caller holds ex.lock. Takes obj. */
static void stream_line(cJSON *obj) {
    char *text = cJSON_PrintUnformatted(obj);
    cJSON_Delete(obj);
    int fd = stream_fd();
    if (!text || fd < 0) {
        free(text);
        return;
    }
    size_t n = strlen(text);
    text[n] = '\n'; /* replaces the NUL: the buffer is not a string any more */
    for (size_t done = 0; done <= n;) {
        ssize_t w = write(fd, text + done, n + 1 - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            if (!ex.write_failed)
                fprintf(stderr, "ptxsim libcuda: writing the report for ptxsim exec: %s\n", strerror(errno));
            ex.write_failed = true;
            break;
        }
        done += (size_t)w;
    }
    free(text);
}

/* The first line of each process's file says who wrote it (a forked child writes its own). */
static void stream_header(void) {
    if (ex.header_pid == getpid()) return;
    ex.header_pid = getpid();
    ex.seq = 0;
    cJSON *h = cJSON_CreateObject();
    cJSON_AddStringToObject(h, "record", "process");
    cJSON_AddNumberToObject(h, "pid", (double)getpid());
    cJSON_AddStringToObject(h, "arch", shim.arch);
    ptxsim_options o;
    shim_context_options(&o);
    cJSON_AddNumberToObject(h, "checks", o.checks);
    stream_line(h);
}

static cJSON *triple(const unsigned v[3]) {
    int a[3] = {(int)v[0], (int)v[1], (int)v[2]};
    return cJSON_CreateIntArray(a, 3);
}

/* The library's own JSON report of a launch, with checkers or without (DESIGN §6: kernel, arch, stats,
 * findings with PTX and CUDA locations, per-line tables), read back from a scratch file. */
/* The launch's report as libptxsim writes it (docs/report.md; with or without checkers), through a
 * scratch file; NULL when that fails. */
static cJSON *launch_report(const char *kernel, const ptxsim_report *r) {
    /* the scratch file is a memory file where the system has them (no disk traffic per launch) */
    if (ex.scratch_pid != getpid()) {
        ex.scratch_pid = getpid();
        ex.scratch = memfd_create("ptxsim-launch-report", MFD_CLOEXEC);
    }
    char path[4096];
    if (ex.scratch >= 0) snprintf(path, sizeof path, "/proc/self/fd/%d", ex.scratch);
    else if (ex.dir) snprintf(path, sizeof path, "%s/.launch.%ld.json", ex.dir, (long)getpid());
    else return NULL;
    ptxsim_report_format rf = {
        .kernel = kernel, .arch = shim.arch, .min_severity = PTXSIM_SEV_NOTE, .command = "exec", .exit_status = -1};
    cJSON *j = NULL;
    if (ptxsim_report_write_json(r, &rf, path) == PTXSIM_OK) {
        size_t len;
        char *text = ps_read_file(path, &len);
        j = text ? cJSON_Parse(text) : NULL;
        free(text);
    }
    if (ex.scratch < 0) unlink(path);
    return j;
}

static const char *status_word(ptxsim_status st) {
    switch (st) {
    case PTXSIM_OK: return "ok";
    case PTXSIM_ERR_FAULT: return "fault";
    case PTXSIM_ERR_WATCHDOG: return "watchdog";
    case PTXSIM_ERR_UNSUPPORTED: return "unsupported";
    default: return "refused"; /* a configuration the driver refuses too */
    }
}

/* exec --html: the launch's HTML source view (docs/html.md) as HTML_DIR/launch-<pid>-<seq>.html,
 * named in the launch's line ("html"), or why there is none ("html_error"). */
static void html_page(cJSON *j, ptxsim_context *sim, const struct CUmod_st *mod, const char *kernel,
                      const ptxsim_launch_config *cfg, const ptxsim_report *r, unsigned long seq) {
    char why[1024] = "";
    if (!r) snprintf(why, sizeof why, "the launch did not run (%s)", ptxsim_context_message(sim));
    else if (!ptxsim_report_checked(r)) snprintf(why, sizeof why, "the launch ran without checkers (--kernel-filter)");
    else if (!mod || !mod->ptx) snprintf(why, sizeof why, "a program linked from several PTX units (cuLink*)");
    if (!why[0]) {
        char name[64], path[4200], label[1200];
        snprintf(name, sizeof name, "launch-%ld-%lu.html", (long)getpid(), seq);
        snprintf(path, sizeof path, "%s/%s", ex.html_dir, name);
        char pretty[1024];
        snprintf(label, sizeof label, "%s #%lu", ps_demangle(kernel, pretty, sizeof pretty) ? pretty : kernel, seq);
        ptxsim_html_launch hl = {.report = r,
                                 .ptx_text = mod->ptx,
                                 .ptx_len = mod->ptx_len,
                                 .label = label,
                                 .format = {.ptx_path = mod->ptx_name,
                                            .kernel = kernel,
                                            .arch = shim.arch,
                                            .min_severity = PTXSIM_SEV_NOTE}};
        memcpy(hl.grid, cfg->grid, sizeof hl.grid);
        memcpy(hl.block, cfg->block, sizeof hl.block);
        ptxsim_html_options ho = {.title = label, .source_root = ex.source_root};
        if (ptxsim_report_write_html(&hl, 1, &ho, path, why, sizeof why) == PTXSIM_OK) {
            size_t len;
            char *page = ps_read_file(path, &len), *named = shim_name_sites_html(page);
            FILE *f = named ? fopen(path, "w") : NULL; /* the allocations named by call site */
            if (f) fputs(named, f), fclose(f);
            free(page), free(named);
            cJSON_AddStringToObject(j, "html", name);
            return;
        }
    }
    cJSON_AddStringToObject(j, "html_error", why);
}

/* obj's "message" with its allocations named by call site (shim_site.c). A finding on global
 * memory whose address lies in an allocation the program made (a race, an uninitialised read)
 * says which one and where in it. */
static void name_sites(ptxsim_context *sim, cJSON *obj) {
    const char *msg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, "message"));
    const char *addr = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, "address"));
    char *more = NULL, name[256];
    uint64_t base, bytes;
    if (msg && addr && strstr(msg, " global memory") && !strstr(msg, "@0x") &&
        shim_site_find(sim, strtoull(addr, NULL, 16), &base, &bytes, name, sizeof name)) {
        size_t n = strlen(msg) + strlen(name) + 96;
        more = malloc(n);
        if (more)
            snprintf(more, n, "%s (byte %llu of '%s', %llu bytes)", msg,
                     (unsigned long long)(strtoull(addr, NULL, 16) - base), name, (unsigned long long)bytes);
    }
    char *t = shim_name_sites(more ? more : msg);
    if (t) cJSON_ReplaceItemInObjectCaseSensitive(obj, "message", cJSON_CreateString(t));
    free(t);
    free(more);
}

/* One launch as a JSON line; the caller holds ex.lock. */
static void stream_launch(ptxsim_context *sim, const struct CUmod_st *mod, const char *kernel,
                          const ptxsim_launch_config *cfg, ptxsim_status st, const ptxsim_report *r) {
    stream_header();
    cJSON *j = cJSON_CreateObject();
    unsigned long seq = ex.seq++;
    cJSON_AddStringToObject(j, "record", "launch");
    cJSON_AddNumberToObject(j, "seq", (double)seq);
    cJSON_AddStringToObject(j, "kernel", kernel);
    cJSON_AddItemToObject(j, "grid", triple(cfg->grid));
    cJSON_AddItemToObject(j, "block", triple(cfg->block));
    cJSON_AddNumberToObject(j, "shared_bytes", cfg->shared_bytes);
    if (cfg->cluster[0]) cJSON_AddItemToObject(j, "cluster", triple(cfg->cluster));
    cJSON_AddStringToObject(j, "status", status_word(st));
    if (st != PTXSIM_OK) cJSON_AddStringToObject(j, "message", ptxsim_context_message(sim));
    if (r) {
        cJSON_AddBoolToObject(j, "checked", ptxsim_report_checked(r));
        cJSON_AddNumberToObject(j, "seconds", ptxsim_report_stats(r)->seconds);
        cJSON *rep = launch_report(kernel, r);
        cJSON *f;
        cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(rep, "findings")) name_sites(sim, f);
        cJSON_AddItemToObject(j, "report", rep ? rep : cJSON_CreateNull()); /* null: the scratch file failed */
    }
    name_sites(sim, j);
    if (ex.html_dir) html_page(j, sim, mod, kernel, cfg, r, seq);
    stream_line(j);
}

ptxsim_status shim_launch_recorded(ptxsim_context *sim, const struct CUmod_st *mod, ptxsim_kernel *k,
                                   const ptxsim_launch_config *cfg, ptxsim_report **report) {
    env_once();
    const char *name = ptxsim_kernel_name(k);
    ptxsim_report *rep = NULL;
    ptxsim_options keep;
    ptxsim_context_get_options(sim, &keep);
    bool unchecked = ex.has_filter && keep.checks && !filter_matches(name);
    /* With a filter every launch holds the lock, so that no launch of a matching kernel runs
     * while another thread has switched its context's checkers off. */
    if (ex.has_filter) pthread_mutex_lock(&ex.lock);
    if (unchecked) {
        ptxsim_options off = keep;
        off.checks = 0;
        ptxsim_context_set_options(sim, &off);
    }
    ptxsim_status st = ptxsim_launch(sim, k, cfg, &rep);
    if (unchecked) ptxsim_context_set_options(sim, &keep);
    if (ex.dir) {
        if (!ex.has_filter) pthread_mutex_lock(&ex.lock);
        stream_launch(sim, mod, name, cfg, st, rep);
        if (!ex.has_filter) pthread_mutex_unlock(&ex.lock);
    }
    if (ex.has_filter) pthread_mutex_unlock(&ex.lock);
    if (rep && !ex.dir) shim_record_launch(name, cfg->grid, cfg->block, rep);
    if (report) *report = rep;
    else ptxsim_report_free(rep);
    return st;
}

/* ---- $PTXSIM_REPORT and the summary on stderr ------------------------------------------------- */
static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

static void write_json(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ptxsim libcuda: cannot write PTXSIM_REPORT=%s\n", path);
        return;
    }
    fprintf(f, "{\n  \"arch\": \"%s\",\n  \"launches\": [", shim.arch);
    for (int i = 0; i < rec.n; i++) {
        const launch_record *l = &rec.l[i];
        fprintf(f, "%s\n    {\"kernel\": ", i ? "," : "");
        json_string(f, l->kernel);
        fprintf(f, ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u],\n", l->grid[0], l->grid[1], l->grid[2],
                l->block[0], l->block[1], l->block[2]);
        fprintf(f, "     \"stats\": {\"warp_instructions\": %llu, \"thread_instructions\": %llu},\n",
                (unsigned long long)l->stats.warp_instructions, (unsigned long long)l->stats.thread_instructions);
        fprintf(f, "     \"fault\": ");
        if (l->fault) json_string(f, l->fault);
        else fprintf(f, "null");
        fprintf(f, ",\n     \"findings\": [");
        for (int k = 0; k < l->nfindings; k++) {
            const ptxsim_finding *g = &l->findings[k];
            static const char *const sev[] = {"note", "warning", "error"};
            fprintf(f, "%s\n       {\"kind\": \"%s\", \"severity\": \"%s\", \"message\": ", k ? "," : "", g->kind,
                    sev[g->severity]);
            json_string(f, g->message);
            if (l->ptx_files[k]) {
                fprintf(f, ", \"ptx_file\": ");
                json_string(f, l->ptx_files[k]);
            }
            if (l->sources[k]) {
                fprintf(f, ", \"source\": {\"file\": ");
                json_string(f, l->sources[k]);
                fprintf(f, ", \"line\": %d}", g->source_line);
            }
            fprintf(f, ", \"ptx_line\": %d, \"block\": [%u, %u, %u], \"thread\": [%u, %u, %u], \"count\": %llu}",
                    g->ptx_line, g->block[0], g->block[1], g->block[2], g->thread[0], g->thread[1], g->thread[2],
                    (unsigned long long)g->count);
        }
        fprintf(f, "%s]}", l->nfindings ? "\n     " : "");
    }
    fprintf(f, "%s]\n}\n", rec.n ? "\n  " : "");
    fclose(f);
}

static void release(void) { /* at exit, or when a program dlcloses the shim */
    for (int i = 0; i < rec.n; i++) {
        for (int k = 0; k < rec.l[i].nfindings; k++) {
            free((char *)rec.l[i].findings[k].message);
            free(rec.l[i].sources[k]);
            free(rec.l[i].ptx_files[k]);
        }
        free(rec.l[i].ptx_files);
        free(rec.l[i].findings);
        free(rec.l[i].sources);
        free(rec.l[i].kernel);
        free(rec.l[i].fault);
    }
    free(rec.l);
    rec.l = NULL, rec.n = rec.cap = 0;
    if (shim.primary) shim_context_free(shim.primary);
    shim.primary = NULL;
}

/* $PTXSIM_ERROR_EXITCODE: the status the program exits with when something went wrong. exit()
 * cannot be called again from an atexit handler: stdio is flushed and the process ends here
 * (handlers registered before the shim's first call, and destructors, do not run). */
static void error_exit(bool any_error) {
    if (ex.error_exitcode < 0 || !any_error) return;
    fprintf(stderr, "ptxsim libcuda: exiting with PTXSIM_ERROR_EXITCODE=%d: a launch faulted or an error was found\n",
            ex.error_exitcode);
    fflush(NULL);
    _exit(ex.error_exitcode);
}

static void at_exit(void) {
    if (ex.dir) { /* ptxsim exec reports; every launch is in the stream already */
        release();
        return;
    }
    bool any_error = rec.any_error;
    const char *path = getenv("PTXSIM_REPORT");
    if (path && *path) {
        write_json(path);
        release();
        error_exit(any_error);
        return;
    }
    int findings = 0;
    for (int i = 0; i < rec.n; i++) findings += rec.l[i].nfindings;
    fprintf(stderr, "ptxsim libcuda: %d launch%s simulated on %s, %d finding%s%s\n", rec.n, rec.n == 1 ? "" : "es",
            shim.arch, findings, findings == 1 ? "" : "s",
            findings ? " (`ptxsim exec --check PROGRAM` groups them kernel by kernel: docs/exec.md)" : "");
    static const char *const sev[] = {"note", "warning", "error"};
    for (int i = 0; i < rec.n; i++) {
        char name[1024];
        ps_demangle(rec.l[i].kernel, name, sizeof name);
        for (int k = 0; k < rec.l[i].nfindings; k++) {
            const ptxsim_finding *g = &rec.l[i].findings[k];
            char where[2400];
            const char *pf = rec.l[i].ptx_files[k] ? rec.l[i].ptx_files[k] : "ptx";
            if (rec.l[i].sources[k])
                snprintf(where, sizeof where, "%s:%d (%s:%d)", rec.l[i].sources[k], g->source_line, pf, g->ptx_line);
            else snprintf(where, sizeof where, "%s:%d", pf, g->ptx_line);
            fprintf(stderr, "  %s: %s: %s: %s [%s] (block %u,%u,%u thread %u,%u,%u)\n", name, where, sev[g->severity],
                    g->message, g->kind, g->block[0], g->block[1], g->block[2], g->thread[0], g->thread[1],
                    g->thread[2]);
        }
    }
    release();
    error_exit(any_error);
}

void shim_hook_exit(void) {
    env_once();
    if (ex.dir) { /* ptxsim exec learns that this process loaded the simulator */
        pthread_mutex_lock(&ex.lock);
        stream_header();
        pthread_mutex_unlock(&ex.lock);
    }
    shim_lock();
    if (!rec.hooked) atexit(at_exit);
    rec.hooked = true;
    shim_unlock();
}

void shim_record_launch(const char *kernel, const unsigned grid[3], const unsigned block[3], const ptxsim_report *r) {
    shim_lock();
    if (rec.n == rec.cap) {
        rec.cap = rec.cap ? 2 * rec.cap : 16;
        rec.l = realloc(rec.l, (size_t)rec.cap * sizeof *rec.l);
    }
    launch_record *l = &rec.l[rec.n++];
    memset(l, 0, sizeof *l);
    l->kernel = strdup(kernel);
    memcpy(l->grid, grid, sizeof l->grid);
    memcpy(l->block, block, sizeof l->block);
    l->stats = *ptxsim_report_stats(r);
    rec.any_error |= ptxsim_report_has_errors(r);
    const ptxsim_fault *f = ptxsim_report_fault(r);
    if (f) l->fault = shim_name_sites(f->message), l->fault = l->fault ? l->fault : strdup(f->message);
    l->nfindings = ptxsim_report_finding_count(r);
    l->findings = calloc((size_t)l->nfindings + 1, sizeof *l->findings);
    l->sources = calloc((size_t)l->nfindings + 1, sizeof *l->sources);
    l->ptx_files = calloc((size_t)l->nfindings + 1, sizeof *l->ptx_files);
    for (int i = 0; i < l->nfindings; i++) {
        ptxsim_report_finding(r, i, &l->findings[i]);
        char *named = shim_name_sites(l->findings[i].message);
        l->findings[i].message = named ? named : strdup(l->findings[i].message);
        /* kind names are static strings of the library */
    }
    shim_unlock();
    if (!l->nfindings) return;
    /* The CUDA file of each .loc line: the finding struct numbers it, the library's JSON names it. */
    pthread_mutex_lock(&ex.lock);
    cJSON *j = launch_report(kernel, r);
    pthread_mutex_unlock(&ex.lock);
    const cJSON *fs = cJSON_GetObjectItemCaseSensitive(j, "findings"), *jf;
    shim_lock();
    for (int i = 0; i < l->nfindings; i++) {
        const ptxsim_finding *g = &l->findings[i];
        cJSON_ArrayForEach(jf, fs) {
            const cJSON *src = cJSON_GetObjectItemCaseSensitive(jf, "source");
            const cJSON *ptx = cJSON_GetObjectItemCaseSensitive(jf, "ptx");
            const char *file = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(src, "file"));
            const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(jf, "kind"));
            const char *pfile = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ptx, "file"));
            if (kind && !strcmp(kind, g->kind) &&
                (!g->source_line ||
                 (file && cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(src, "line")) == g->source_line)) &&
                cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(ptx, "line")) == g->ptx_line) {
                if (g->source_line) l->sources[i] = strdup(file);
                if (pfile) l->ptx_files[i] = strdup(pfile);
                break;
            }
        }
    }
    shim_unlock();
    cJSON_Delete(j);
}
