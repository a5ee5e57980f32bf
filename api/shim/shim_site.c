/* shim_site.c — allocations named by their call site. cuMemAlloc* (and ptxsim's cudaMalloc*,
 * through cuptxsim_alloc_site) name each allocation "API@0xRET", RET the host return address of
 * the program's call; only when a finding names an allocation is that address symbolised: dladdr
 * for the object and function, addr2line (binutils, when installed) for file:line from the
 * program's DWARF, else function+offset. The finding's text then reads "the allocation made by
 * cudaMalloc at prog.cu:42 in main()" (docs/exec.md, "Allocations"). */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <elf.h>
#include <execinfo.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shim.h"

enum {
    SITE_FRAMES = 3
}; /* the caller and two above it: a template wrapper of cuda_runtime.h
                          * (cudaMalloc<T>) sits between the program's line and the runtime */

static __thread struct {
    void *frames[SITE_FRAMES];
    int n;
    const char *api;
} pending; /* set by the runtime just before its cuMemAlloc* call */

/* ret and the return addresses above it, from the unwinder's backtrace (which reads the unwind
 * tables, so it is safe without frame pointers); ret alone when it is not in the backtrace. */
static int frames_from(void *ret, void **out) {
    void *bt[32];
    int n = backtrace(bt, 32), k = 0;
    for (int i = 0; i < n; i++)
        if (bt[i] == ret) {
            for (int j = i; j < n && k < SITE_FRAMES; j++) out[k++] = bt[j];
            return k;
        }
    out[0] = ret;
    return 1;
}

void cuptxsim_alloc_site(void *ret, const char *api) {
    pending.n = frames_from(ret, pending.frames);
    pending.api = api;
}

void shim_alloc_name(char *out, size_t n, const char *api, void *ret) {
    void *own[SITE_FRAMES], **fr = own;
    int nf;
    if (pending.n) fr = pending.frames, nf = pending.n, api = pending.api; /* the runtime's caller */
    else nf = frames_from(ret, own);
    pending.n = 0;
    int k = snprintf(out, n, "%s@", api);
    for (int i = 0; i < nf && k > 0 && (size_t)k < n; i++)
        k += snprintf(out + k, n - (size_t)k, "%s%p", i ? "," : "", fr[i]);
}

/* Whether the ELF object at path is position-dependent (ET_EXEC): addr2line then wants the
 * address itself, else the offset from where the object was loaded. */
static bool is_exec_elf(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    Elf64_Ehdr h;
    bool r = fread(&h, sizeof h, 1, f) == 1 && !memcmp(h.e_ident, ELFMAG, SELFMAG) && h.e_type == ET_EXEC;
    fclose(f);
    return r;
}

/* addr2line -f -C -e obj addr: the function and "file:line" (false when addr2line cannot run or
 * knows nothing). Run without LD_PRELOAD, so that ptxsim's libraries stay out of it. */
static bool addr2line(const char *obj, uintptr_t addr, char *fn, size_t fnlen, char *loc, size_t loclen) {
    extern char **environ;
    int ne = 0;
    while (environ[ne]) ne++;
    char **env = calloc((size_t)ne + 1, sizeof *env); /* made before fork: the child only execs */
    if (!env) return false;
    for (int i = 0, k = 0; i < ne; i++)
        if (strncmp(environ[i], "LD_PRELOAD=", 11)) env[k++] = environ[i];
    char a[32];
    snprintf(a, sizeof a, "0x%" PRIxPTR, addr);
    int p[2];
    if (pipe(p)) return free(env), false;
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]), close(p[1]);
        return free(env), false;
    }
    if (pid == 0) {
        dup2(p[1], STDOUT_FILENO);
        close(p[0]), close(p[1]);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) dup2(devnull, STDERR_FILENO);
        char *argv[] = {"addr2line", "-f", "-C", "-e", (char *)obj, a, NULL};
        execvpe("addr2line", argv, env);
        _exit(127);
    }
    free(env);
    close(p[1]);
    char buf[2048];
    size_t got = 0;
    for (ssize_t r; got < sizeof buf - 1 && (r = read(p[0], buf + got, sizeof buf - 1 - got)) != 0;)
        if (r > 0) got += (size_t)r;
        else break;
    buf[got] = 0;
    close(p[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0) {}
    char *nl = strchr(buf, '\n');
    if (!WIFEXITED(st) || WEXITSTATUS(st) || !nl) return false;
    *nl = 0;
    char *l2 = nl + 1, *e = strchr(l2, '\n');
    if (e) *e = 0;
    char *disc = strstr(l2, " (discriminator");
    if (disc) *disc = 0;
    size_t fl = strcmp(buf, "??") ? strlen(buf) : 0, ll = strlen(l2);
    bool has_line = ll && strncmp(l2, "??", 2) && !strstr(l2, ":?") && !strstr(l2, ":0");
    if (!has_line) ll = 0;
    if (fl >= fnlen || ll >= loclen) return false; /* names too long to keep whole: not shown cut */
    memcpy(fn, buf, fl), fn[fl] = 0;
    memcpy(loc, l2, ll), loc[ll] = 0;
    return fn[0] || loc[0];
}

/* "/work/x/prog.cu:42" → "prog.cu:42" under the working folder; other paths as they are. */
static const char *under_cwd(const char *path) {
    static char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return path;
    size_t n = strlen(cwd);
    return !strncmp(path, cwd, n) && path[n] == '/' ? path + n + 1 : path;
}

static bool frame_text(const char *api, uintptr_t ret, char *text, size_t tlen);

/* "cudaMalloc at prog.cu:42 in main()" for "cudaMalloc@0x55d0c2a4b1c9"; NULL when the name is
 * not a call site's. Results are kept: the same site is symbolised once. */
static const char *site_text(const char *token, size_t len) {
    static struct { char *token, *text; } cache[64];
    static int ncache;
    for (int i = 0; i < ncache; i++)
        if (strlen(cache[i].token) == len && !strncmp(cache[i].token, token, len)) return cache[i].text;
    const char *at = memchr(token, '@', len);
    if (!at) return NULL;
    char api[64], *end, text[1024];
    snprintf(api, sizeof api, "%.*s", (int)(at - token), token);
    uintptr_t fr[SITE_FRAMES];
    int nf = 0;
    for (const char *p = at + 1; nf < SITE_FRAMES; p = end + 1) {
        fr[nf++] = (uintptr_t)strtoull(p, &end, 16);
        if (end == p || !fr[nf - 1] || (end != token + len && *end != ',')) return NULL;
        if (end == token + len) break;
    }
    if (end != token + len) return NULL;
    /* the first frame outside CUDA's own headers (cuda_runtime.h's templates call the runtime) */
    for (int i = 0; i < nf; i++)
        if (frame_text(api, fr[i], text, sizeof text) || i == nf - 1) break;
    if (ncache == (int)(sizeof cache / sizeof *cache)) return strdup(text); /* a leak bounded by findings */
    cache[ncache].token = strndup(token, len);
    cache[ncache].text = strdup(text);
    return cache[ncache++].text;
}

/* One return address as "API at FILE:LINE in FUNCTION()" (or function+offset, or object+offset)
 * into text; false when its line is in a CUDA toolkit header (then the frame above is wanted). */
static bool frame_text(const char *api, uintptr_t ret, char *text, size_t tlen) {
    char fn[512] = "", loc[1024] = "";
    Dl_info di;
    if (dladdr((void *)ret, &di) && di.dli_fname) {
        uintptr_t call = ret - 1; /* inside the call instruction: its line, not the next one's */
        uintptr_t rel = is_exec_elf(di.dli_fname) ? call : call - (uintptr_t)di.dli_fbase;
        addr2line(di.dli_fname, rel, fn, sizeof fn, loc, sizeof loc);
        if (!fn[0] && di.dli_sname) snprintf(fn, sizeof fn, "%s", di.dli_sname);
        const char *obj = strrchr(di.dli_fname, '/') ? strrchr(di.dli_fname, '/') + 1 : di.dli_fname;
        const char *paren = strchr(fn, '(') ? "" : "()";
        if (loc[0] && fn[0]) snprintf(text, tlen, "%s at %s in %s%s", api, under_cwd(loc), fn, paren);
        else if (loc[0]) snprintf(text, tlen, "%s at %s", api, under_cwd(loc));
        else if (fn[0] && di.dli_saddr && di.dli_sname && !strcmp(fn, di.dli_sname))
            snprintf(text, tlen, "%s in %s+0x%" PRIxPTR " (%s)", api, fn, ret - (uintptr_t)di.dli_saddr, obj);
        else if (fn[0]) /* no line (no -g): the function, and where in the object */
            snprintf(text, tlen, "%s in %s%s (%s+0x%" PRIxPTR ")", api, fn, paren, obj, ret - (uintptr_t)di.dli_fbase);
        else snprintf(text, tlen, "%s at %s+0x%" PRIxPTR, api, obj, ret - (uintptr_t)di.dli_fbase);
        /* cuda_runtime.h's templates (cudaMalloc<T>) call the runtime for the program: not its line */
        return !(strstr(loc, "/cuda_runtime.h:") || strstr(loc, "/cuda_runtime_api.h:") || strstr(loc, "/crt/") ||
                 (!loc[0] && !strncmp(fn, "cudaError cuda", 14)));
    }
    snprintf(text, tlen, "%s at 0x%" PRIxPTR, api, ret);
    return true;
}

static pthread_mutex_t site_lock = PTHREAD_MUTEX_INITIALIZER; /* the cache of site_text, the table */

/* The program's allocations with their call-site names, per simulator context (two contexts may
 * hand out the same addresses), for findings that give an address only. */
static struct site_alloc {
    const void *ctx;
    uint64_t base, bytes;
    char *name;
} * allocs;
static int nallocs, cap_allocs;

void shim_site_allocated(const void *ctx, uint64_t base, uint64_t bytes, const char *name) {
    pthread_mutex_lock(&site_lock);
    if (nallocs == cap_allocs) {
        int cap = cap_allocs ? 2 * cap_allocs : 64;
        struct site_alloc *grown = realloc(allocs, (size_t)cap * sizeof *allocs);
        if (!grown) {
            pthread_mutex_unlock(&site_lock);
            return; /* the finding then names no allocation: less said, nothing wrong */
        }
        allocs = grown, cap_allocs = cap;
    }
    char *copy = strdup(name);
    if (copy) allocs[nallocs++] = (struct site_alloc){ctx, base, bytes, copy};
    pthread_mutex_unlock(&site_lock);
}

void shim_site_freed(const void *ctx, uint64_t base) {
    pthread_mutex_lock(&site_lock);
    for (int i = nallocs - 1; i >= 0; i--)
        if (allocs[i].ctx == ctx && allocs[i].base == base) {
            free(allocs[i].name);
            allocs[i] = allocs[--nallocs];
            break;
        }
    pthread_mutex_unlock(&site_lock);
}

void shim_site_forget(const void *ctx) {
    pthread_mutex_lock(&site_lock);
    for (int i = nallocs - 1; i >= 0; i--)
        if (allocs[i].ctx == ctx) free(allocs[i].name), allocs[i] = allocs[--nallocs];
    pthread_mutex_unlock(&site_lock);
}

bool shim_site_find(const void *ctx, uint64_t addr, uint64_t *base, uint64_t *bytes, char *name, size_t n) {
    bool found = false;
    pthread_mutex_lock(&site_lock);
    for (int i = 0; i < nallocs && !found; i++)
        if (allocs[i].ctx == ctx && addr >= allocs[i].base && addr - allocs[i].base < allocs[i].bytes) {
            *base = allocs[i].base, *bytes = allocs[i].bytes;
            snprintf(name, n, "%s", allocs[i].name);
            found = true;
        }
    pthread_mutex_unlock(&site_lock);
    return found;
}

/* msg with every call-site name between quotes q (a quote character, or "&#39;" in HTML) replaced
 * by "the allocation made by ..." (HTML-escaped when html); NULL when there is none. */
static char *name_sites_quoted(const char *msg, const char *q, bool html) {
    if (!msg || !strstr(msg, "@0x")) return NULL;
    size_t ql = strlen(q), len = 0;
    char *out = NULL;
    FILE *f = open_memstream(&out, &len);
    if (!f) return NULL;
    bool changed = false;
    pthread_mutex_lock(&site_lock);
    for (const char *p = msg; *p;) {
        const char *end = !strncmp(p, q, ql) ? strstr(p + ql, q) : NULL;
        const char *text = end ? site_text(p + ql, (size_t)(end - p - ql)) : NULL;
        if (!text) {
            fputc(*p++, f);
            continue;
        }
        fputs("the allocation made by ", f);
        for (const char *t = text; *t; t++) /* a demangled name may hold < > & */
            if (html && (*t == '<' || *t == '>' || *t == '&'))
                fputs(*t == '<' ? "&lt;" : *t == '>' ? "&gt;" : "&amp;", f);
            else fputc(*t, f);
        p = end + ql;
        changed = true;
    }
    pthread_mutex_unlock(&site_lock);
    if (fclose(f) || !changed) return free(out), NULL;
    return out;
}

char *shim_name_sites(const char *msg) { return name_sites_quoted(msg, "'", false); }

char *shim_name_sites_html(const char *page) { return name_sites_quoted(page, "&#39;", true); }
