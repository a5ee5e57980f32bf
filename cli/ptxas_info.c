/* ptxas_info.c — runs the toolkit's ptxas on a module to learn its real register allocation, spills
 * and shared/constant memory per kernel (the figures `ptxas -v` prints; docs/registers.md). The
 * module is copied into a private mkdtemp directory, compiled there and the directory removed: no
 * file the user did not name is touched. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"
#include "ptxas_info.h"

static bool executable(const char *path) {
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static char *join(const char *dir, size_t n, const char *name) {
    size_t m = strlen(name);
    char *p = malloc(n + m + 2);
    if (!p) return NULL;
    memcpy(p, dir, n);
    p[n] = '/';
    memcpy(p + n + 1, name, m + 1);
    return p;
}

char *ptxas_find(const char *explicit_path) {
    if (explicit_path) return executable(explicit_path) ? strdup(explicit_path) : NULL;
    const char *path = getenv("PATH");
    for (const char *p = path; p && *p;) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n) {
            char *c = join(p, n, "ptxas");
            if (executable(c)) return c;
            free(c);
        }
        p = e ? e + 1 : NULL;
    }
    const char *home = getenv("CUDA_HOME");
    if (home && *home) {
        char *c = join(home, strlen(home), "bin/ptxas");
        if (executable(c)) return c;
        free(c);
    }
    return executable("/usr/local/cuda/bin/ptxas") ? strdup("/usr/local/cuda/bin/ptxas") : NULL;
}

/* Runs argv with stdout and stderr into `log`; the exit status, or -1 when it could not start. */
static int run_to(char *const argv[], const char *log) {
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0) _exit(127);
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
        execv(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *append(char *s, const char *line, size_t n) {
    size_t have = s ? strlen(s) : 0;
    s = ps_xrealloc(s, have + n + 2);
    memcpy(s + have, line, n);
    s[have + n] = '\n';
    s[have + n + 1] = 0;
    return s;
}

static ptxas_kernel *kernel_named(ptxas_result *r, const char *name, size_t n) {
    for (int i = 0; i < r->nkernels; i++)
        if (strlen(r->kernels[i].name) == n && !strncmp(r->kernels[i].name, name, n)) return &r->kernels[i];
    r->kernels = ps_xrealloc(r->kernels, (size_t)(r->nkernels + 1) * sizeof *r->kernels);
    ptxas_kernel *k = &r->kernels[r->nkernels++];
    memset(k, 0, sizeof *k);
    k->name = ps_xmalloc(n + 1);
    memcpy(k->name, name, n);
    k->name[n] = 0;
    return k;
}

/* The name quoted 'like this' after `key`, as a pointer and length into line. */
static bool quoted_after(const char *line, const char *key, const char **name, size_t *n) {
    const char *p = strstr(line, key);
    if (!p) return false;
    p = strchr(p + strlen(key), '\'');
    const char *e = p ? strchr(p + 1, '\'') : NULL;
    if (!e) return false;
    *name = p + 1;
    *n = (size_t)(e - p - 1);
    return true;
}

/* "Used 27 registers, used 1 barriers, 100 bytes smem, 400 bytes cmem[0]" */
static void parse_used(const char *p, ptxas_kernel *k) {
    while (*p) {
        while (*p == ' ' || *p == ',') p++;
        if (!strncmp(p, "Used ", 5) || !strncmp(p, "used ", 5)) {
            int v = atoi(p + 5);
            const char *w = strchr(p + 5, ' ');
            if (w && !strncmp(w, " registers", 10)) k->registers = v;
            else if (w && !strncmp(w, " barriers", 9)) k->barriers = v;
        } else {
            int v = atoi(p);
            const char *w = strchr(p, ' ');
            if (w && !strncmp(w, " bytes smem", 11)) k->smem = v;
            else if (w && !strncmp(w, " bytes cmem[", 12)) {
                int bank = atoi(w + 12);
                if (bank >= 0 && bank < 4) k->cmem[bank] = v;
            }
        }
        const char *c = strchr(p, ',');
        if (!c) break;
        p = c + 1;
    }
}

void ptxas_parse(const char *text, ptxas_result *out) {
    ptxas_kernel *entry = NULL; /* the entry function the "Used" line belongs to */
    char *props = NULL;         /* the function the next frame line describes */
    for (const char *line = text; line && *line;) {
        const char *e = strchr(line, '\n');
        size_t n = e ? (size_t)(e - line) : strlen(line);
        char buf[1024];
        size_t m = n < sizeof buf - 1 ? n : sizeof buf - 1;
        memcpy(buf, line, m);
        buf[m] = 0;
        const char *name;
        size_t len;
        const char *used = strstr(buf, "Used ");
        if (quoted_after(buf, "Compiling entry function", &name, &len)) {
            entry = kernel_named(out, name, len);
        } else if (!strncmp(buf, "ptxas info", 10) && strstr(buf, "Function properties for ")) {
            free(props);
            props = strdup(strstr(buf, "Function properties for ") + 24);
        } else if (strstr(buf, "bytes stack frame")) {
            ptxas_kernel *k = NULL;
            for (int i = 0; props && i < out->nkernels; i++)
                if (!strcmp(out->kernels[i].name, props)) k = &out->kernels[i];
            if (k)
                sscanf(buf, " %d bytes stack frame, %d bytes spill stores, %d bytes spill loads", &k->stack_frame,
                       &k->spill_stores, &k->spill_loads);
        } else if (!strncmp(buf, "ptxas info", 10) && used && entry) {
            parse_used(used, entry);
            entry = NULL;
        } else if (!strncmp(buf, "ptxas warning", 13)) {
            out->warnings = append(out->warnings, line, n);
        } else if (!strncmp(buf, "ptxas error", 11) || !strncmp(buf, "ptxas fatal", 11) || strstr(buf, "error   :")) {
            out->error = append(out->error, line, n);
        }
        line = e ? e + 1 : NULL;
    }
    free(props);
}

static char *slurp(const char *path) {
    size_t len;
    return ps_read_file(path, &len);
}

bool ptxas_run(const char *ptxas, const char *source, size_t len, const char *target, ptxas_result *out) {
    memset(out, 0, sizeof *out);
    out->ptxas = strdup(ptxas);
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/ptxsim-regs-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) return false;
    char *in = join(dir, strlen(dir), "module.ptx"), *cubin = join(dir, strlen(dir), "module.cubin");
    char *log = join(dir, strlen(dir), "ptxas.log"), *vlog = join(dir, strlen(dir), "version.log");
    bool ok = false;
    FILE *f = fopen(in, "wb");
    if (f) {
        bool written = fwrite(source, 1, len, f) == len;
        if (fclose(f) == 0 && written) {
            char arch[64];
            snprintf(arch, sizeof arch, "-arch=%s", target);
            char *argv[] = {(char *)ptxas, "-v", arch, in, "-o", cubin, NULL};
            int rc = run_to(argv, log);
            if (rc >= 0 && rc != 127) {
                ok = true;
                char *text = slurp(log);
                if (text) ptxas_parse(text, out);
                if (rc != 0 && !out->error) out->error = text ? strdup(text) : strdup("ptxas failed\n");
                free(text);
                char *vargv[] = {(char *)ptxas, "--version", NULL};
                if (run_to(vargv, vlog) == 0) {
                    char *v = slurp(vlog), *last = NULL;
                    for (char *p = v ? strtok(v, "\n") : NULL; p; p = strtok(NULL, "\n"))
                        if (strstr(p, "release")) last = p;
                    if (last) out->version = strdup(last);
                    free(v);
                }
            }
        }
    }
    unlink(in);
    unlink(cubin);
    unlink(log);
    unlink(vlog);
    rmdir(dir);
    free(in);
    free(cubin);
    free(log);
    free(vlog);
    return ok;
}

const ptxas_kernel *ptxas_find_kernel(const ptxas_result *r, const char *name) {
    for (int i = 0; i < r->nkernels; i++)
        if (!strcmp(r->kernels[i].name, name)) return &r->kernels[i];
    return NULL;
}

void ptxas_result_free(ptxas_result *r) {
    for (int i = 0; i < r->nkernels; i++) free(r->kernels[i].name);
    free(r->kernels);
    free(r->ptxas);
    free(r->version);
    free(r->error);
    free(r->warnings);
    memset(r, 0, sizeof *r);
}
