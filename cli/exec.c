/* exec.c — `ptxsim exec [options] [--] PROGRAM [ARGS...]`: runs an unmodified host program with
 * ptxsim's libcuda.so.1 and libcudart.so.13 (the folder next to this binary, first in
 * LD_LIBRARY_PATH), so that every kernel it launches is simulated; the options reach the
 * simulator as environment variables (api/shim). The simulator streams each launch into a
 * scratch folder; when the program has ended, exec_report.c prints the report kernel by kernel.
 * The exit status is the program's own (128+N when signal N killed it, as a shell says), or
 * --error-exitcode's when something went wrong in a kernel. docs/exec.md. */
#define _GNU_SOURCE /* pipe2 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec.h"

enum { EXEC_BAD_INPUT = 2, EXEC_CANNOT_RUN = 126, EXEC_NOT_FOUND = 127 };

static const char exec_usage[] =
    "usage: ptxsim exec [options] [--] PROGRAM [ARGS...]\n"
    "  runs PROGRAM with ptxsim as its GPU: every kernel it launches through the CUDA driver\n"
    "  or runtime API is simulated (built with nvcc -cudart shared, or on the Driver API), and\n"
    "  a report, kernel by kernel, follows when it ends (docs/exec.md)\n"
    "\n"
    "options for exec (before PROGRAM):\n"
    "  --check             run every checker (races, memory, barriers, uninitialised reads,\n"
    "                      bank conflicts, coalescing, divergence); without it kernels run plain\n"
    "                      and only faults are reported\n"
    "  --arch sm_XX        the simulated GPU (default sm_90)\n"
    "  --error-exitcode N  exit with N when a kernel faulted or an error was found\n"
    "                      (default: the program's own exit status)\n"
    "  --log FILE          write the report to FILE instead of stderr\n"
    "  --json FILE         write the whole run as JSON (every launch's report)\n"
    "  --sarif FILE        write the findings as SARIF 2.1.0 (for code scanning)\n"
    "  --source-root DIR   SARIF paths relative to DIR, the repository's root (default: .);\n"
    "                      --html looks for CUDA files there first\n"
    "  --html DIR          with --check: an HTML source view of every launch, and DIR/index.html\n"
    "  --html FILE.html    with --check: the same in one self-contained file\n"
    "  --kernel-filter RE  with --check: only kernels whose name (mangled or demangled) matches\n"
    "                      the extended regular expression RE run with the checkers\n"
    "  --only KIND[,KIND]  report only these kinds (race, out-of-bounds, bank-conflict, ...)\n"
    "  --severity LEVEL    report findings of LEVEL (note, warning, error) and worse\n"
    "  --counters MODE     with --check: shared-memory counters as the SASS executes them (sass,\n"
    "                      the default) or per PTX instruction (ptx)\n"
    "  --threads N         host threads for CTAs (default: all cores)\n"
    "  --watchdog N        stop a launch after N warp instructions (default 2e9)\n"
    "  --timeout SECONDS   stop a launch after SECONDS of wall-clock time (default 30; 0: none)\n"
    "  --schedule-seed N   run each CTA's warps in a random order seeded by N\n"
    "  --quiet             print nothing when nothing went wrong\n"
    "  --allow-static-cudart  run a program with the CUDA runtime linked in statically anyway\n"
    "\n"
    "exit codes: the program's own (128+N when killed by signal N), or --error-exitcode's;\n"
    "2 bad usage or a program ptxsim cannot serve, 126 PROGRAM cannot be executed, 127 not found\n";

void ptxsim_exec_help(FILE *out) { fputs(exec_usage, out); }

typedef struct {
    exec_report_options rep;
    bool has_error_exitcode, allow_static;
    int error_exitcode;
    const char *arch, *log, *kernel_filter;
    const char *threads, *watchdog, *timeout, *schedule_seed; /* checked, passed on as text */
} exec_options;

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ptxsim: error: exec: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (ptxsim help exec)\n");
    va_end(ap);
    return EXEC_BAD_INPUT;
}

static bool is_count(const char *v, bool zero_ok) {
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    return *v >= '0' && *v <= '9' && !*end && !errno && (zero_ok || n > 0);
}

static const char *const value_options[] = {"--arch",    "--error-exitcode", "--log",      "--json",
                                            "--sarif",   "--source-root",    "--html",     "--kernel-filter",
                                            "--only",    "--severity",       "--threads",  "--watchdog",
                                            "--timeout", "--schedule-seed",  "--counters", NULL};
static const char *const flag_options[] = {"--check", "--quiet", "--allow-static-cudart", NULL};

/* The closest option name, for "did you mean" (NULL when nothing is close). */
static const char *closest_option(const char *a) {
    const char *best = NULL;
    size_t best_d = 4;
    for (int l = 0; l < 2; l++)
        for (const char *const *o = l ? flag_options : value_options; *o; o++) {
            size_t la = strlen(a), lo = strlen(*o), d[64];
            if (la > 62 || lo > 62) continue;
            for (size_t j = 0; j <= lo; j++) d[j] = j;
            for (size_t i = 1; i <= la; i++) {
                size_t prev = d[0];
                d[0] = i;
                for (size_t j = 1; j <= lo; j++) {
                    size_t keep = d[j], c = prev + (a[i - 1] != (*o)[j - 1]);
                    if (d[j] + 1 < c) c = d[j] + 1;
                    if (d[j - 1] + 1 < c) c = d[j - 1] + 1;
                    d[j] = c, prev = keep;
                }
            }
            if (d[lo] < best_d) best_d = d[lo], best = *o;
        }
    return best;
}

static long parse_kinds(const char *list) {
    long bits = 0;
    char buf[512];
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf) {
        fprintf(stderr, "ptxsim: error: exec: --only: the list is too long\n");
        return -1;
    }
    for (char *save, *k = strtok_r(buf, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
        int id = ptxsim_finding_kind_lookup(k);
        if (id < 0) {
            fprintf(stderr, "ptxsim: error: exec: --only: unknown finding kind '%s' (kinds:", k);
            for (int i = 0; i < ptxsim_finding_kind_count(); i++) fprintf(stderr, " %s", ptxsim_finding_kind_name(i));
            fprintf(stderr, ")\n");
            return -1;
        }
        bits |= 1L << id;
    }
    if (!bits)
        fprintf(stderr, "ptxsim: error: exec: --only needs at least one finding kind (race, out-of-bounds, ...)\n");
    return bits ? bits : -1;
}

/* Options up to "--" or the first argument that is not one; *first receives PROGRAM's index. */
static int parse_exec_options(int argc, char **argv, exec_options *o, int *first) {
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || !a[1]) break; /* PROGRAM */
        if (!strcmp(a, "--check")) {
            o->rep.check = true;
            continue;
        }
        if (!strcmp(a, "--quiet")) {
            o->rep.quiet = true;
            continue;
        }
        if (!strcmp(a, "--allow-static-cudart")) {
            o->allow_static = true;
            continue;
        }
        bool known = false;
        for (const char *const *v = value_options; *v; v++) known |= !strcmp(*v, a);
        if (!known) {
            const char *near = closest_option(a);
            if (near) return usage_error("unknown option '%s'; did you mean '%s'?", a, near);
            return usage_error("unknown option '%s'", a);
        }
        if (i + 1 >= argc || !strcmp(argv[i + 1], "--")) return usage_error("option '%s' needs a value", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--arch")) {
            ptxsim_arch_info info;
            if (!ptxsim_arch_query(v, &info))
                return usage_error("--arch: '%s' is not an architecture ptxsim simulates", v);
            o->arch = v;
        } else if (!strcmp(a, "--error-exitcode")) {
            if (!is_count(v, true) || atoi(v) > 255)
                return usage_error("--error-exitcode needs a number from 0 to 255, not '%s'", v);
            o->has_error_exitcode = true;
            o->error_exitcode = atoi(v);
        } else if (!strcmp(a, "--log")) {
            o->log = v;
        } else if (!strcmp(a, "--json") || !strcmp(a, "--sarif")) {
            if (!strcmp(v, "-"))
                return usage_error("%s needs a file: on stdout the report would mix with %s", a,
                                   "the program's output");
            if (a[2] == 'j') o->rep.json = v;
            else o->rep.sarif = v;
        } else if (!strcmp(a, "--html")) {
            o->rep.html = v;
        } else if (!strcmp(a, "--counters")) {
            if (strcmp(v, "sass") && strcmp(v, "ptx")) return usage_error("--counters takes sass or ptx, not '%s'", v);
            o->rep.ptx_counters = !strcmp(v, "ptx");
        } else if (!strcmp(a, "--source-root")) {
            if (access(v, X_OK)) return usage_error("--source-root %s: %s", v, strerror(errno));
            o->rep.source_root = v;
        } else if (!strcmp(a, "--kernel-filter")) {
            regex_t re;
            int rc = regcomp(&re, v, REG_EXTENDED | REG_NOSUB);
            if (rc) {
                char why[256];
                regerror(rc, &re, why, sizeof why);
                return usage_error("--kernel-filter: '%s' is not an extended regular expression: %s", v, why);
            }
            regfree(&re);
            o->kernel_filter = v;
        } else if (!strcmp(a, "--only")) {
            long bits = parse_kinds(v);
            if (bits < 0) return EXEC_BAD_INPUT;
            o->rep.only_kinds = (unsigned)bits;
        } else if (!strcmp(a, "--severity")) {
            if (!strcmp(v, "note")) o->rep.min_severity = PTXSIM_SEV_NOTE;
            else if (!strcmp(v, "warning")) o->rep.min_severity = PTXSIM_SEV_WARNING;
            else if (!strcmp(v, "error")) o->rep.min_severity = PTXSIM_SEV_ERROR;
            else return usage_error("--severity takes note, warning or error, not '%s'", v);
        } else if (!strcmp(a, "--threads") || !strcmp(a, "--watchdog")) {
            if (!is_count(v, false)) return usage_error("%s needs a positive number, not '%s'", a, v);
            if (a[2] == 't' && strtoull(v, NULL, 10) > 4096) return usage_error("--threads: at most 4096, not %s", v);
            if (a[2] == 't') o->threads = v;
            else o->watchdog = v;
        } else if (!strcmp(a, "--schedule-seed")) {
            if (!is_count(v, true)) return usage_error("--schedule-seed needs a number, not '%s'", v);
            o->schedule_seed = v;
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            double t = strtod(v, &end);
            if (*end || !*v || !(t >= 0) || t > 1e9)
                return usage_error("--timeout needs a number of seconds (0: no limit), not '%s'", v);
            o->timeout = v;
        }
    }
    if (o->kernel_filter && !o->rep.check)
        return usage_error("--kernel-filter chooses the kernels the checkers watch: it needs --check");
    if (i >= argc) return usage_error("no PROGRAM to run: ptxsim exec [options] [--] PROGRAM [ARGS...]");
    *first = i;
    return 0;
}

/* PROGRAM as execvp would find it: a path with a slash as it is, else the first PATH entry that
 * holds an executable file of that name. Returns the exit status on failure (message printed). */
static int resolve_program(const char *prog, char *out, size_t n) {
    struct stat st;
    if (strchr(prog, '/')) {
        snprintf(out, n, "%s", prog);
    } else {
        const char *path = getenv("PATH");
        if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
        bool found = false;
        for (const char *p = path; !found;) {
            size_t len = strcspn(p, ":");
            snprintf(out, n, "%.*s/%s", len ? (int)len : 1, len ? p : ".", prog); /* "": the current folder */
            if (!stat(out, &st) && S_ISREG(st.st_mode) && !access(out, X_OK)) found = true;
            p += len;
            if (!*p) break;
            p++;
        }
        if (!found) {
            fprintf(stderr, "ptxsim: error: exec: %s: command not found (not in PATH)\n", prog);
            return EXEC_NOT_FOUND;
        }
    }
    if (stat(out, &st)) {
        fprintf(stderr, "ptxsim: error: exec: %s: %s\n", prog, strerror(errno));
        return errno == ENOENT ? EXEC_NOT_FOUND : EXEC_CANNOT_RUN;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(stderr, "ptxsim: error: exec: %s: is a directory\n", prog);
        return EXEC_CANNOT_RUN;
    }
    if (access(out, X_OK)) {
        fprintf(stderr, "ptxsim: error: exec: %s: not executable (%s)\n", prog, strerror(errno));
        return EXEC_CANNOT_RUN;
    }
    return 0;
}

/* The folder holding ptxsim's libcuda.so.1: $PTXSIM_LIB_DIR, or next to this binary — shim/ in
 * the build tree (build/cli/ptxsim, build/shim/) or lib/ptxsim/ of an installation
 * (PREFIX/bin/ptxsim, PREFIX/lib/ptxsim/). */
static bool find_lib_dir(char *out, size_t n) {
    const char *env = getenv("PTXSIM_LIB_DIR");
    char probe[PATH_MAX + 32];
    if (env && *env) {
        snprintf(out, n, "%s", env);
        snprintf(probe, sizeof probe, "%s/libcuda.so.1", out);
        return !access(probe, R_OK);
    }
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) return false;
    self[len] = 0;
    char *slash = strrchr(self, '/');
    if (!slash) return false;
    *slash = 0;
    static const char *const rel[] = {"../shim", "../lib/ptxsim"};
    for (size_t i = 0; i < sizeof rel / sizeof *rel; i++) {
        char dir[PATH_MAX + 16];
        snprintf(dir, sizeof dir, "%s/%s", self, rel[i]);
        snprintf(probe, sizeof probe, "%s/libcuda.so.1", dir);
        if (!access(probe, R_OK) && realpath(dir, out)) return true;
    }
    return false;
}

/* "VAR=value:old" (value first, then the old value when there was one). */
static int prepend_env(const char *var, const char *value, char sep) {
    const char *old = getenv(var);
    if (!old || !*old) return setenv(var, value, 1);
    size_t n = strlen(value) + strlen(old) + 2;
    char *s = malloc(n);
    if (!s) return -1;
    snprintf(s, n, "%s%c%s", value, sep, old);
    int rc = setenv(var, s, 1);
    free(s);
    return rc;
}

/* ---- running the program ---------------------------------------------------------------------- */
static volatile sig_atomic_t child_pid;

/* A signal someone sent to ptxsim exec itself goes on to the program. One the terminal sent
 * (Ctrl-C) reached the program already, as the whole foreground group gets it: not twice. */
static void forward(int sig, siginfo_t *info, void *uc) {
    (void)uc;
    if (child_pid > 0 && info->si_code <= 0) kill((pid_t)child_pid, sig);
}

static const int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM};

/* Starts argv, waits for it; *status receives the wait status. Returns 0, or the exit status of
 * ptxsim exec when it could not start (message printed). */
static int run_program(const char *path, char *const *argv, int *status) {
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC)) {
        fprintf(stderr, "ptxsim: error: exec: pipe: %s\n", strerror(errno));
        return EXEC_CANNOT_RUN;
    }
    sigset_t all, old;
    sigemptyset(&all);
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) sigaddset(&all, forwarded[i]);
    sigprocmask(SIG_BLOCK, &all, &old);
    struct sigaction sa = {.sa_sigaction = forward, .sa_flags = SA_SIGINFO | SA_RESTART};
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) sigaction(forwarded[i], &sa, NULL);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "ptxsim: error: exec: fork: %s\n", strerror(errno));
        sigprocmask(SIG_SETMASK, &old, NULL);
        return EXEC_CANNOT_RUN;
    }
    if (pid == 0) {
        struct sigaction dfl = {.sa_handler = SIG_DFL};
        for (size_t i = 0; i < sizeof forwarded / sizeof *forwarded; i++) sigaction(forwarded[i], &dfl, NULL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        close(pipefd[0]);
        execv(path, argv);
        int err = errno;
        if (write(pipefd[1], &err, sizeof err) < 0) _exit(EXEC_CANNOT_RUN);
        _exit(err == ENOENT ? EXEC_NOT_FOUND : EXEC_CANNOT_RUN);
    }
    child_pid = pid;
    sigprocmask(SIG_SETMASK, &old, NULL);
    close(pipefd[1]);
    int err = 0;
    ssize_t got;
    while ((got = read(pipefd[0], &err, sizeof err)) < 0 && errno == EINTR) {}
    close(pipefd[0]);
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "ptxsim: error: exec: waitpid: %s\n", strerror(errno));
            return EXEC_CANNOT_RUN;
        }
    child_pid = 0;
    if (got == (ssize_t)sizeof err) {
        fprintf(stderr, "ptxsim: error: exec: cannot execute %s: %s\n", path, strerror(err));
        return err == ENOENT ? EXEC_NOT_FOUND : EXEC_CANNOT_RUN;
    }
    return 0;
}

static void remove_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char p[PATH_MAX + 256];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

int ptxsim_cmd_exec(int argc, char **argv) {
    for (int i = 1; i < argc && strcmp(argv[i], "--") && argv[i][0] == '-'; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            ptxsim_exec_help(stdout);
            return 0;
        }
    exec_options o = {0};
    int first = 0;
    int rc = parse_exec_options(argc, argv, &o, &first);
    if (rc) return rc;
    char *const *prog_argv = argv + first;
    o.rep.program = prog_argv;

    char path[PATH_MAX];
    if ((rc = resolve_program(prog_argv[0], path, sizeof path))) return rc;
    char lib_dir[PATH_MAX];
    if (!find_lib_dir(lib_dir, sizeof lib_dir)) {
        fprintf(stderr,
                "ptxsim: error: exec: cannot find ptxsim's libcuda.so.1 (looked in $PTXSIM_LIB_DIR, "
                "and in shim/ and lib/ptxsim/ next to the ptxsim binary's folder)\n");
        return EXEC_BAD_INPUT;
    }
    exec_elf_info elf;
    exec_elf_inspect(path, &elf);
    if (elf.static_cudart && !o.allow_static) {
        fprintf(stderr,
                "ptxsim: error: exec: %s has the CUDA runtime linked in statically (nvcc's default), "
                "which ptxsim cannot serve: rebuild it with `nvcc -cudart shared` (CMake: "
                "set_target_properties(T PROPERTIES CUDA_RUNTIME_LIBRARY Shared)); "
                "--allow-static-cudart runs it anyway\n",
                prog_argv[0]);
        return EXEC_BAD_INPUT;
    }
    if (elf.cudart_needed[0]) {
        char lib[PATH_MAX + 80];
        snprintf(lib, sizeof lib, "%s/%s", lib_dir, elf.cudart_needed);
        if (access(lib, R_OK)) {
            fprintf(stderr,
                    "ptxsim: error: exec: %s needs %s, which this ptxsim does not provide "
                    "(%s has no %s)\n",
                    prog_argv[0], elf.cudart_needed, lib_dir, elf.cudart_needed);
            return EXEC_BAD_INPUT;
        }
    }
    /* --html DIR: made if missing, absolute (the program may change folders); --html FILE.html:
     * the pages go to a scratch folder and into one file at the end */
    char html_dir[PATH_MAX] = "";
    size_t hl = o.rep.html ? strlen(o.rep.html) : 0;
    bool html_file = hl > 5 && !strcmp(o.rep.html + hl - 5, ".html");
    if (o.rep.html && html_file) {
        if (!o.rep.check) return usage_error("--html needs --check: the pages show the checkers' counters");
        FILE *probe = fopen(o.rep.html, "a"); /* writable before the program runs, not after */
        if (!probe) {
            fprintf(stderr, "ptxsim: error: exec: --html %s: %s\n", o.rep.html, strerror(errno));
            return EXEC_BAD_INPUT;
        }
        fclose(probe);
        const char *t = getenv("TMPDIR");
        char d[PATH_MAX];
        snprintf(d, sizeof d, "%s/ptxsim-html.XXXXXX", t && *t ? t : "/tmp");
        if (!mkdtemp(d) || !realpath(d, html_dir)) {
            fprintf(stderr, "ptxsim: error: exec: cannot create a scratch folder %s: %s\n", d, strerror(errno));
            return EXEC_BAD_INPUT;
        }
    } else if (o.rep.html) {
        struct stat sb;
        if (!o.rep.check) return usage_error("--html needs --check: the pages show the checkers' counters");
        if (mkdir(o.rep.html, 0777) && errno != EEXIST) {
            fprintf(stderr, "ptxsim: error: exec: --html %s: %s\n", o.rep.html, strerror(errno));
            return EXEC_BAD_INPUT;
        }
        if (stat(o.rep.html, &sb) || !S_ISDIR(sb.st_mode) || !realpath(o.rep.html, html_dir)) {
            fprintf(stderr, "ptxsim: error: exec: --html %s: not a folder ptxsim can write in\n", o.rep.html);
            return EXEC_BAD_INPUT;
        }
    }
    FILE *log = stderr;
    if (o.log && !(log = fopen(o.log, "we"))) { /* not inherited by the program */
        fprintf(stderr, "ptxsim: error: exec: --log %s: %s\n", o.log, strerror(errno));
        return EXEC_BAD_INPUT;
    }

    const char *tmp = getenv("TMPDIR");
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/ptxsim-exec.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char made[PATH_MAX];
    if (!mkdtemp(dir) || !realpath(dir, made)) { /* absolute: the program may change folders */
        fprintf(stderr, "ptxsim: error: exec: cannot create a scratch folder %s: %s\n", dir, strerror(errno));
        if (log != stderr) fclose(log);
        return EXEC_BAD_INPUT;
    }
    snprintf(dir, sizeof dir, "%s", made);
    /* the program's environment: ptxsim's libraries first, and the simulator's options */
    prepend_env("LD_LIBRARY_PATH", lib_dir, ':');
    if (elf.rpath_has_cuda) { /* a DT_RPATH folder would win over LD_LIBRARY_PATH */
        char pre[2 * PATH_MAX + 64];
        snprintf(pre, sizeof pre, "%s/libcuda.so.1", lib_dir);
        if (elf.cudart_needed[0]) {
            size_t l = strlen(pre);
            snprintf(pre + l, sizeof pre - l, " %s/%s", lib_dir, elf.cudart_needed);
        }
        prepend_env("LD_PRELOAD", pre, ' ');
    }
    setenv("PTXSIM_REPORT_DIR", dir, 1);
    setenv("PTXSIM_CHECKS",
           !o.rep.check     ? "none"
               : o.rep.html ? (o.rep.ptx_counters ? "all,profile,ptx-counters" : "all,profile")
                            : (o.rep.ptx_counters ? "all,ptx-counters" : "all"),
           1);
    if (o.rep.html) setenv("PTXSIM_HTML_DIR", html_dir, 1);
    else unsetenv("PTXSIM_HTML_DIR");
    char root[PATH_MAX];
    if (o.rep.html && o.rep.source_root && realpath(o.rep.source_root, root)) setenv("PTXSIM_SOURCE_ROOT", root, 1);
    else unsetenv("PTXSIM_SOURCE_ROOT");
    if (o.arch) setenv("PTXSIM_ARCH", o.arch, 1);
    if (o.threads) setenv("PTXSIM_THREADS", o.threads, 1);
    if (o.watchdog) setenv("PTXSIM_WATCHDOG", o.watchdog, 1);
    if (o.timeout) setenv("PTXSIM_TIMEOUT", o.timeout, 1);
    if (o.schedule_seed) setenv("PTXSIM_SCHEDULE_SEED", o.schedule_seed, 1);
    if (o.kernel_filter) setenv("PTXSIM_KERNEL_FILTER", o.kernel_filter, 1);
    else unsetenv("PTXSIM_KERNEL_FILTER");

    int status = 0;
    rc = run_program(path, prog_argv, &status);
    if (rc) {
        remove_dir(dir);
        if (html_file) remove_dir(html_dir);
        if (log != stderr) fclose(log);
        return rc;
    }
    o.rep.signaled = WIFSIGNALED(status);
    o.rep.code = o.rep.signaled ? WTERMSIG(status) : WEXITSTATUS(status);
    int exit_code = o.rep.signaled ? 128 + o.rep.code : o.rep.code;

    exec_summary sum;
    exec_run *run = exec_report_load(dir, &o.rep, &sum);
    remove_dir(dir);
    if (!run) {
        if (html_file) remove_dir(html_dir);
        if (log != stderr) fclose(log);
        return EXEC_BAD_INPUT;
    }
    if (o.has_error_exitcode && sum.any_error) exit_code = o.error_exitcode;
    exec_report_print(run, log);
    bool written = true;
    if (o.rep.html && html_file) { /* the pages' names first, then the JSON names the file's sections */
        written &= exec_html_file(run, &o.rep, html_dir, o.rep.html, exit_code);
        remove_dir(html_dir);
        exec_report_html_in_file(run, o.rep.html);
    }
    written &= exec_report_write(run, exit_code);
    if (o.rep.html && !html_file) written &= exec_html_index(run, &o.rep, html_dir, exit_code);
    exec_report_free(run);
    if (log != stderr && fclose(log)) {
        fprintf(stderr, "ptxsim: error: exec: --log %s: %s\n", o.log, strerror(errno));
        written = false;
    }
    return written ? exit_code : EXEC_BAD_INPUT;
}
