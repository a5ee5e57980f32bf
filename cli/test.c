/* test.c — `ptxsim test`: a folder of manifests as a test suite, the way ctest and pytest run
 * theirs. Each case runs as its own `ptxsim run` (or `check`) process — so a case that crashes or
 * hangs cannot take the suite with it — up to -j at a time; one line per case as it finishes, a
 * summary, JUnit XML and JSON for CI, a deterministic --shard K/N slice, and --merge to combine
 * the slices' JSON. docs/test.md. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"
#include "common.h"
#include "test.h"

enum { T_OK = 0, T_FAILED = 1, T_BAD_INPUT = 2 };

typedef struct {
    char *path;
    pid_t pid;
    int exit_code, signal;
    double t0, seconds;
    char log[PATH_MAX], json[PATH_MAX];
    bool done;
} tcase;

typedef struct {
    char **inputs;
    int ninputs;
    int jobs, shard_k, shard_n;
    bool check, quiet, merge;
    const char *junit, *json, *timeout;
} topts;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What a run's exit status means (DESIGN §6 exit codes). */
static const char *status_name(int exit_code, int sig) {
    if (sig) return "crash";
    switch (exit_code) {
    case 0: return "pass";
    case 1: return "fail";
    case 3: return "fault";
    default: return "error";
    }
}

static int usage(const char *msg, const char *arg) {
    fprintf(stderr,
            "ptxsim: error: %s%s%s\nusage: ptxsim test [DIR|CASE.json]... [-j N] [--check] [--junit FILE] "
            "[--json FILE] [--shard K/N] [--timeout S] [--quiet]\n       ptxsim test --merge SLICE.json... "
            "[--junit FILE] [--json FILE]\n",
            msg, arg ? " " : "", arg ? arg : "");
    return T_BAD_INPUT;
}

static int parse_opts(int argc, char **argv, topts *o) {
    o->inputs = ps_xcalloc((size_t)argc + 1, sizeof *o->inputs);
    o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (o->jobs < 1) o->jobs = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool val = !strcmp(a, "-j") || !strcmp(a, "--jobs") || !strcmp(a, "--junit") || !strcmp(a, "--json") ||
            !strcmp(a, "--shard") || !strcmp(a, "--timeout");
        if (val && i + 1 >= argc) return usage("option needs a value:", a);
        if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
            char *end;
            long j = strtol(argv[++i], &end, 10);
            if (*end || j < 1 || j > 1024) return usage("-j needs a number from 1 to 1024, not", argv[i]);
            o->jobs = (int)j;
        } else if (!strcmp(a, "--junit")) {
            o->junit = argv[++i];
        } else if (!strcmp(a, "--json")) {
            o->json = argv[++i];
        } else if (!strcmp(a, "--timeout")) {
            o->timeout = argv[++i];
        } else if (!strcmp(a, "--shard")) {
            const char *s = argv[++i];
            if (sscanf(s, "%d/%d", &o->shard_k, &o->shard_n) != 2 || o->shard_n < 1 || o->shard_k < 1 ||
                o->shard_k > o->shard_n || !strchr(s, '/'))
                return usage("--shard needs K/N with 1 <= K <= N, not", s);
        } else if (!strcmp(a, "--check")) {
            o->check = true;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = true;
        } else if (!strcmp(a, "--merge")) {
            o->merge = true;
        } else if (a[0] == '-' && a[1]) {
            return usage("unknown option for test:", a);
        } else {
            o->inputs[o->ninputs++] = argv[i];
        }
    }
    if (!o->ninputs)
        return usage(o->merge ? "--merge needs the slices' JSON files" : "test needs a folder or manifests", NULL);
    if (o->merge && (o->shard_n || o->check))
        return usage("--merge combines finished slices; it takes no --shard or --check", NULL);
    return 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The cases named: files as given, folders' case*.json sorted; then this shard's slice. */
static int collect(const topts *o, char ***out, int *nout) {
    char **all = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < o->ninputs; i++) {
        struct stat sb;
        if (stat(o->inputs[i], &sb) != 0) {
            fprintf(stderr, "ptxsim: error: %s: %s\n", o->inputs[i], strerror(errno));
            return T_BAD_INPUT;
        }
        if (S_ISDIR(sb.st_mode)) {
            int before = n;
            ps_cli_collect_cases(o->inputs[i], &all, &n, &cap);
            if (n - before > 1) qsort(all + before, (size_t)(n - before), sizeof *all, cmp_str);
            if (n == before) {
                fprintf(stderr, "ptxsim: error: %s: no case*.json manifests below it\n", o->inputs[i]);
                return T_BAD_INPUT;
            }
        } else {
            if (n == cap) all = ps_xrealloc(all, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *all);
            all[n++] = ps_xstrdup(o->inputs[i]);
        }
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!o->shard_n || i % o->shard_n == o->shard_k - 1) all[k++] = all[i];
        else free(all[i]);
    }
    *out = all, *nout = k;
    return T_OK;
}

static void start(tcase *c, const topts *o, const char *self, const char *tmp, int idx) {
    snprintf(c->log, sizeof c->log, "%s/%d.log", tmp, idx);
    snprintf(c->json, sizeof c->json, "%s/%d.json", tmp, idx);
    c->t0 = now_s();
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(c->log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        const char *argv[16];
        int n = 0;
        argv[n++] = "ptxsim";
        argv[n++] = o->check ? "check" : "run";
        argv[n++] = c->path;
        argv[n++] = "--json";
        argv[n++] = c->json;
        if (o->jobs > 1) argv[n++] = "--threads", argv[n++] = "1";
        if (o->timeout) argv[n++] = "--timeout", argv[n++] = o->timeout;
        argv[n] = NULL;
        execv(self, (char *const *)argv);
        fprintf(stderr, "ptxsim test: cannot run %s: %s\n", self, strerror(errno));
        _exit(127);
    }
    c->pid = pid;
    if (pid < 0) c->done = true, c->exit_code = 127;
}

/* The log's first lines, for the terminal and the JUnit failure text. */
static char *read_log(const char *path, size_t max) {
    FILE *f = fopen(path, "rb");
    if (!f) return ps_xstrdup("");
    char *b = ps_xmalloc(max + 1);
    size_t n = fread(b, 1, max, f);
    b[n] = 0;
    fclose(f);
    return b;
}

static cJSON *case_json(const tcase *c) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "path", c->path);
    cJSON_AddStringToObject(j, "status", status_name(c->exit_code, c->signal));
    cJSON_AddNumberToObject(j, "exit_code", c->signal ? 128 + c->signal : c->exit_code);
    cJSON_AddNumberToObject(j, "seconds", c->seconds);
    char *log = read_log(c->log, 64 * 1024);
    cJSON_AddStringToObject(j, "log", log);
    free(log);
    char *rep = read_log(c->json, 16u << 20);
    cJSON *r = rep[0] ? cJSON_Parse(rep) : NULL;
    free(rep);
    cJSON_AddItemToObject(j, "report", r ? r : cJSON_CreateNull());
    return j;
}

static void xml_escaped(FILE *f, const char *s) {
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '<') fputs("&lt;", f);
        else if (ch == '>') fputs("&gt;", f);
        else if (ch == '&') fputs("&amp;", f);
        else if (ch == '"') fputs("&quot;", f);
        else if (ch < 0x20 && ch != '\n' && ch != '\t') fprintf(f, "&#x%x;", ch == '\r' ? ch : 0xfffd);
        else fputc(ch, f);
    }
}

/* JUnit XML (the schema Jenkins, GitLab and GitHub test reporters read): one testcase per case,
 * classname its folder, a failure for fail/fault and an error for error/crash. */
static int write_junit(const char *path, cJSON *cases, double seconds) {
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ptxsim: error: cannot write %s: %s\n", path, strerror(errno));
        return T_BAD_INPUT;
    }
    int n = cJSON_GetArraySize(cases), failures = 0, errors = 0;
    cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));
        failures += !strcmp(st, "fail") || !strcmp(st, "fault");
        errors += !strcmp(st, "error") || !strcmp(st, "crash");
    }
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"%d\" failures=\"%d\" errors=\"%d\" "
            "time=\"%.3f\">\n  <testsuite name=\"ptxsim\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"0\" "
            "time=\"%.3f\">\n",
            n, failures, errors, seconds, n, failures, errors, seconds);
    cJSON_ArrayForEach(c, cases) {
        const char *p = cJSON_GetStringValue(cJSON_GetObjectItem(c, "path"));
        const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));
        const char *slash = strrchr(p, '/');
        fputs("    <testcase classname=\"", f);
        if (slash) {
            char *dir = ps_xstrdup(p);
            dir[slash - p] = 0;
            xml_escaped(f, dir);
            free(dir);
        } else {
            fputs(".", f);
        }
        fputs("\" name=\"", f);
        xml_escaped(f, slash ? slash + 1 : p);
        fprintf(f, "\" time=\"%.3f\"", cJSON_GetNumberValue(cJSON_GetObjectItem(c, "seconds")));
        if (!strcmp(st, "pass")) {
            fputs("/>\n", f);
            continue;
        }
        const char *tag = !strcmp(st, "fail") || !strcmp(st, "fault") ? "failure" : "error";
        fprintf(f, ">\n      <%s message=\"%s (exit %d)\" type=\"%s\">", tag, st,
                (int)cJSON_GetNumberValue(cJSON_GetObjectItem(c, "exit_code")), st);
        xml_escaped(f, cJSON_GetStringValue(cJSON_GetObjectItem(c, "log")));
        fprintf(f, "</%s>\n    </testcase>\n", tag);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
    return fclose(f) ? T_BAD_INPUT : T_OK;
}

/* Counts per status and the suite's exit status: 0 when every case passed. */
static int summarise(cJSON *cases, double seconds, bool quiet) {
    int n = 0, pass = 0, fail = 0, fault = 0, error = 0, crash = 0;
    cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));
        n++;
        pass += !strcmp(st, "pass"), fail += !strcmp(st, "fail"), fault += !strcmp(st, "fault");
        error += !strcmp(st, "error"), crash += !strcmp(st, "crash");
    }
    if (!quiet || pass < n) {
        printf("%s%d%% of %d cases passed: %d passed, %d failed, %d faulted, %d errors, %d crashed (%.2f s)\n",
               quiet ? "" : "\n", n ? 100 * pass / n : 100, n, pass, fail, fault, error, crash, seconds);
        if (pass < n) {
            printf("not passed:\n");
            cJSON_ArrayForEach(c, cases) {
                const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));
                if (strcmp(st, "pass")) printf("  %-6s %s\n", st, cJSON_GetStringValue(cJSON_GetObjectItem(c, "path")));
            }
        }
    }
    return pass == n ? T_OK : T_FAILED;
}

static int write_outputs(const topts *o, cJSON *cases, double seconds) {
    int rc = T_OK;
    if (o->junit && write_junit(o->junit, cases, seconds) != T_OK) rc = T_BAD_INPUT;
    if (o->json) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "schema", "ptxsim-test/1");
        cJSON_AddNumberToObject(root, "seconds", seconds);
        if (o->shard_n) {
            cJSON *sh = cJSON_AddArrayToObject(root, "shard");
            cJSON_AddItemToArray(sh, cJSON_CreateNumber(o->shard_k));
            cJSON_AddItemToArray(sh, cJSON_CreateNumber(o->shard_n));
        }
        cJSON_AddItemReferenceToObject(root, "cases", cases);
        char *text = cJSON_Print(root);
        FILE *f = fopen(o->json, "w");
        if (!f || fputs(text, f) < 0 || fputc('\n', f) < 0) rc = T_BAD_INPUT;
        if (f && fclose(f)) rc = T_BAD_INPUT;
        if (rc) fprintf(stderr, "ptxsim: error: cannot write %s: %s\n", o->json, strerror(errno));
        free(text);
        cJSON_Delete(root);
    }
    return rc;
}

static int merge(const topts *o) {
    cJSON *cases = cJSON_CreateArray();
    double seconds = 0;
    int rc = T_OK;
    for (int i = 0; i < o->ninputs && rc == T_OK; i++) {
        size_t len;
        char *text = ps_read_file(o->inputs[i], &len);
        cJSON *root = text ? cJSON_ParseWithLength(text, len) : NULL;
        cJSON *list = root ? cJSON_GetObjectItem(root, "cases") : NULL;
        const char *schema = root ? cJSON_GetStringValue(cJSON_GetObjectItem(root, "schema")) : NULL;
        if (!text) {
            fprintf(stderr, "ptxsim: error: %s: %s\n", o->inputs[i], strerror(errno));
            rc = T_BAD_INPUT;
        } else if (!cJSON_IsArray(list) || !schema || strcmp(schema, "ptxsim-test/1")) {
            fprintf(stderr, "ptxsim: error: %s: not a `ptxsim test --json` report (schema ptxsim-test/1)\n",
                    o->inputs[i]);
            rc = T_BAD_INPUT;
        } else {
            seconds += cJSON_GetNumberValue(cJSON_GetObjectItem(root, "seconds"));
            cJSON *c;
            cJSON_ArrayForEach(c, list) cJSON_AddItemToArray(cases, cJSON_Duplicate(c, true));
        }
        cJSON_Delete(root);
        free(text);
    }
    if (rc == T_OK) {
        rc = summarise(cases, seconds, o->quiet);
        if (write_outputs(o, cases, seconds) != T_OK) rc = T_BAD_INPUT;
    }
    cJSON_Delete(cases);
    return rc;
}

int ptxsim_cmd_test(int argc, char **argv) {
    topts o = {0};
    if (parse_opts(argc, argv, &o)) {
        free(o.inputs);
        return T_BAD_INPUT;
    }
    if (o.merge) {
        int rc = merge(&o);
        free(o.inputs);
        return rc;
    }
    char **paths = NULL;
    int n = 0;
    int rc = collect(&o, &paths, &n);
    char self[PATH_MAX];
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    char tmp[] = "/tmp/ptxsim-test-XXXXXX";
    if (rc == T_OK && (sl <= 0 || !mkdtemp(tmp))) {
        fprintf(stderr, "ptxsim: error: cannot prepare the run: %s\n", strerror(errno));
        rc = T_BAD_INPUT;
    }
    if (rc != T_OK) {
        for (int i = 0; i < n; i++) free(paths[i]);
        free(paths), free(o.inputs);
        return rc;
    }
    self[sl] = 0;
    tcase *cs = ps_xcalloc((size_t)n + 1, sizeof *cs);
    for (int i = 0; i < n; i++) cs[i].path = paths[i];
    double t0 = now_s();
    int next = 0, running = 0, finished = 0;
    while (finished < n) {
        while (running < o.jobs && next < n) {
            start(&cs[next], &o, self, tmp, next);
            if (cs[next].done) finished++;
            else running++;
            next++;
        }
        int status;
        pid_t pid = wait(&status);
        if (pid < 0) break;
        for (int i = 0; i < next; i++) {
            tcase *c = &cs[i];
            if (c->done || c->pid != pid) continue;
            c->done = true;
            c->seconds = now_s() - c->t0;
            c->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
            c->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            running--, finished++;
            const char *st = status_name(c->exit_code, c->signal);
            if (!o.quiet || strcmp(st, "pass"))
                printf("[%*d/%d] %-5s %s (%.2f s)\n",
                       n >= 100      ? 3
                           : n >= 10 ? 2
                                     : 1,
                       finished, n, st, c->path, c->seconds);
            if (strcmp(st, "pass")) {
                char *log = read_log(c->log, 2000);
                for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n")) printf("    %s\n", line);
                free(log);
            }
            fflush(stdout);
        }
    }
    double seconds = now_s() - t0;
    cJSON *cases = cJSON_CreateArray();
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(cases, case_json(&cs[i]));
    rc = summarise(cases, seconds, o.quiet);
    if (write_outputs(&o, cases, seconds) != T_OK) rc = T_BAD_INPUT;
    cJSON_Delete(cases);
    for (int i = 0; i < n; i++) {
        unlink(cs[i].log), unlink(cs[i].json);
        free(cs[i].path);
    }
    rmdir(tmp);
    free(cs), free(paths), free(o.inputs);
    return rc;
}
