/* exec_report.c — the report of `ptxsim exec`: reads the launches the simulator streamed
 * (api/shim/shim_report.c: one JSON line per launch, each holding the launch's report in the
 * DESIGN §6 shape), groups the findings kernel by kernel, by kind and by line, and prints them
 * the way compute-sanitizer does at the end of a run; --json keeps every launch, --sarif the
 * grouped findings. */
#define _GNU_SOURCE /* strsignal */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "exec.h"
#include "revision.h"

#define PREFIX "==ptxsim== "

/* Findings of one kernel at one place: the first one seen stands for the rest. */
typedef struct {
    const cJSON *first;
    const char *kind;
    int severity;
    double count; /* occurrences, summed over the launches */
    int launches; /* launches that had it */
    int last_launch;
} group;

typedef struct {
    group *g;
    int n, cap;
} groups;

typedef struct {
    const char *name;  /* as the PTX names it (mangled) */
    char pretty[1024]; /* demangled */
    int launches, failed, checked;
    unsigned grid[3], block[3]; /* of the first launch */
    bool shapes_vary;
    groups shown, hidden;   /* hidden: by --only and --severity */
    int by_sev[3];          /* places with findings, by severity */
    const cJSON **failures; /* failed launches without a report (unsupported, refused) */
    int nfail;
} kernel;

struct exec_run {
    const exec_report_options *o;
    cJSON *launches; /* every launch record, in the order each process made them */
    int processes;
    char arch[32];
    unsigned checks;
    kernel *k;
    int nk;
    exec_summary sum;
    int hidden; /* places with findings the --only and --severity filters hid */
    cJSON *hidden_findings;
    int unreadable; /* lines that did not parse (a process killed while writing) */
};

static const char *const sev_names[3] = {"note", "warning", "error"};

static int severity_of(const cJSON *f) {
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(f, "severity"));
    for (int i = 0; s && i < 3; i++)
        if (!strcmp(s, sev_names[i])) return i;
    return 2; /* unknown: the worst, never hidden */
}

static const char *str_item(const cJSON *o, const char *key) {
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static double num_item(const cJSON *o, const char *key) {
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(n) ? n->valuedouble : 0;
}

static void triple_of(const cJSON *o, const char *key, unsigned out[3]) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    for (int i = 0; i < 3; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        out[i] = cJSON_IsNumber(v) && v->valuedouble >= 0 ? (unsigned)v->valuedouble : 0;
    }
}

static bool shown(const exec_run *r, const cJSON *f) {
    const char *kind = str_item(f, "kind");
    int id = kind ? ptxsim_finding_kind_lookup(kind) : -1;
    if (r->o->only_kinds && id >= 0 && !(r->o->only_kinds & (1u << id))) return false;
    return severity_of(f) >= (int)r->o->min_severity;
}

/* Two messages that differ in numbers only (addresses, sizes, offsets) say the same thing. */
static bool same_words(const char *a, const char *b) {
    if (!a || !b) return a == b;
    for (;;) {
        bool na = (*a >= '0' && *a <= '9'), nb = (*b >= '0' && *b <= '9');
        if (na != nb) return false;
        if (na) { /* a number: decimal, or hexadecimal after 0x */
            if (a[0] == '0' && a[1] == 'x') a += 2;
            if (b[0] == '0' && b[1] == 'x') b += 2;
            while ((*a >= '0' && *a <= '9') || (*a >= 'a' && *a <= 'f')) a++;
            while ((*b >= '0' && *b <= '9') || (*b >= 'a' && *b <= 'f')) b++;
            continue;
        }
        if (*a != *b) return false;
        if (!*a) return true;
        a++, b++;
    }
}

/* The same place: kind, severity, both locations, and a message in the same words (one line may
 * hold two races: between lanes of a warp and between warps). */
static bool same_place(const cJSON *a, const cJSON *b) {
    static const char *const keys[] = {"ptx", "source"};
    if (strcmp(str_item(a, "kind") ? str_item(a, "kind") : "", str_item(b, "kind") ? str_item(b, "kind") : "") ||
        severity_of(a) != severity_of(b) || !same_words(str_item(a, "message"), str_item(b, "message")))
        return false;
    for (int i = 0; i < 2; i++) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(a, keys[i]),
                    *y = cJSON_GetObjectItemCaseSensitive(b, keys[i]);
        const char *fx = str_item(x, "file"), *fy = str_item(y, "file");
        if (num_item(x, "line") != num_item(y, "line") || !fx != !fy || (fx && strcmp(fx, fy))) return false;
    }
    return true;
}

/* Adds finding f of launch `index` to its place's group; true when the place is new. */
static bool add_to_group(groups *gs, const cJSON *f, int index) {
    group *g = NULL;
    bool fresh = false;
    for (int i = 0; i < gs->n && !g; i++)
        if (same_place(gs->g[i].first, f)) g = &gs->g[i];
    if (!g) {
        if (gs->n == gs->cap) {
            gs->cap = gs->cap ? 2 * gs->cap : 8;
            gs->g = ps_xrealloc(gs->g, (size_t)gs->cap * sizeof *gs->g);
        }
        g = &gs->g[gs->n++];
        *g = (group){.first = f, .kind = str_item(f, "kind"), .severity = severity_of(f), .last_launch = -1};
        fresh = true;
    }
    double c = num_item(f, "count");
    g->count += c > 0 ? c : 1;
    if (g->last_launch != index) g->launches++, g->last_launch = index;
    return fresh;
}

static kernel *kernel_of(exec_run *r, const char *name) {
    for (int i = 0; i < r->nk; i++)
        if (!strcmp(r->k[i].name, name)) return &r->k[i];
    r->k = ps_xrealloc(r->k, (size_t)(r->nk + 1) * sizeof *r->k);
    kernel *k = &r->k[r->nk++];
    memset(k, 0, sizeof *k);
    k->name = name;
    ps_demangle(name, k->pretty, sizeof k->pretty);
    return k;
}

/* Adds one launch record to its kernel; drops the findings the filters hide. */
static void add_launch(exec_run *r, cJSON *l, int index) {
    const char *name = str_item(l, "kernel");
    kernel *k = kernel_of(r, name ? name : "?");
    unsigned grid[3], block[3];
    triple_of(l, "grid", grid);
    triple_of(l, "block", block);
    if (!k->launches) memcpy(k->grid, grid, sizeof grid), memcpy(k->block, block, sizeof block);
    else if (memcmp(k->grid, grid, sizeof grid) || memcmp(k->block, block, sizeof block)) k->shapes_vary = true;
    k->launches++;
    r->sum.launches++;
    const char *status = str_item(l, "status");
    bool failed = status && strcmp(status, "ok");
    if (failed) k->failed++, r->sum.failed_launches++;
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "checked"))) k->checked++;
    cJSON *rep = cJSON_GetObjectItemCaseSensitive(l, "report");
    if (!rep) {
        if (failed) {
            k->failures = ps_xrealloc(k->failures, (size_t)(k->nfail + 1) * sizeof *k->failures);
            k->failures[k->nfail++] = l;
        }
        return;
    }
    cJSON *fs = cJSON_GetObjectItemCaseSensitive(rep, "findings");
    for (int i = cJSON_GetArraySize(fs) - 1; i >= 0; i--) {
        cJSON *f = cJSON_GetArrayItem(fs, i);
        const char *kind = str_item(f, "kind");
        int id = kind ? ptxsim_finding_kind_lookup(kind) : -1;
        /* an error counts for --error-exitcode unless --only leaves its kind out */
        if (severity_of(f) == 2 && !(r->o->only_kinds && id >= 0 && !(r->o->only_kinds & (1u << id))))
            r->sum.any_error = true;
        if (!shown(r, f)) { /* kept aside, counted by place as the shown ones are */
            cJSON_AddItemToArray(r->hidden_findings, cJSON_DetachItemFromArray(fs, i));
            if (add_to_group(&k->hidden, f, index)) r->hidden++;
        }
    }
    cJSON *f;
    cJSON_ArrayForEach(f, fs) {
        if (add_to_group(&k->shown, f, index)) k->by_sev[severity_of(f)]++;
    }
}

static int cmp_group(const void *pa, const void *pb) {
    const group *a = pa, *b = pb;
    if (a->severity != b->severity) return b->severity - a->severity;
    int c = strcmp(a->kind ? a->kind : "", b->kind ? b->kind : "");
    if (c) return c;
    const cJSON *sa = cJSON_GetObjectItemCaseSensitive(a->first, "source");
    const cJSON *sb = cJSON_GetObjectItemCaseSensitive(b->first, "source");
    if (num_item(sa, "line") != num_item(sb, "line")) return num_item(sa, "line") < num_item(sb, "line") ? -1 : 1;
    const cJSON *pa2 = cJSON_GetObjectItemCaseSensitive(a->first, "ptx");
    const cJSON *pb2 = cJSON_GetObjectItemCaseSensitive(b->first, "ptx");
    return num_item(pa2, "line") < num_item(pb2, "line") ? -1 : num_item(pa2, "line") > num_item(pb2, "line");
}

/* One process's file: a header line, then a line per launch. */
static void read_stream(exec_run *r, const char *path) {
    size_t len;
    char *text = ps_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "ptxsim: error: exec: cannot read %s: %s\n", path, strerror(errno));
        r->unreadable++;
        return;
    }
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        cJSON *j = cJSON_Parse(line);
        const char *what = str_item(j, "record");
        if (!what) {
            r->unreadable++;
            cJSON_Delete(j);
        } else if (!strcmp(what, "process")) {
            r->processes++;
            snprintf(r->arch, sizeof r->arch, "%s", str_item(j, "arch") ? str_item(j, "arch") : "?");
            r->checks = (unsigned)num_item(j, "checks");
            cJSON_Delete(j);
        } else {
            cJSON_AddItemToArray(r->launches, j);
        }
    }
    free(text);
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

exec_run *exec_report_load(const char *dir, const exec_report_options *o, exec_summary *sum) {
    exec_run *r = ps_xcalloc(1, sizeof *r);
    r->o = o;
    r->launches = cJSON_CreateArray();
    r->hidden_findings = cJSON_CreateArray();
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "ptxsim: error: exec: cannot read the simulator's records in %s: %s\n", dir, strerror(errno));
        exec_report_free(r);
        return NULL;
    }
    /* files in a fixed order (by name: launches.<pid>.jsonl) so that reports compare */
    char **names = NULL;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (strncmp(e->d_name, "launches.", 9) || l < 15 || strcmp(e->d_name + l - 6, ".jsonl")) continue;
        names = ps_xrealloc(names, (size_t)(n + 1) * sizeof *names);
        names[n++] = ps_xstrdup(e->d_name);
    }
    closedir(d);
    if (n > 1) qsort(names, (size_t)n, sizeof *names, cmp_name);
    for (int i = 0; i < n; i++) {
        char path[PATH_MAX + 256];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        read_stream(r, path);
        free(names[i]);
    }
    free(names);
    int idx = 0;
    cJSON *l;
    cJSON_ArrayForEach(l, r->launches) add_launch(r, l, idx++);
    for (int i = 0; i < r->nk; i++) {
        kernel *k = &r->k[i];
        if (k->shown.n > 1) qsort(k->shown.g, (size_t)k->shown.n, sizeof *k->shown.g, cmp_group);
        r->sum.errors += k->by_sev[2], r->sum.warnings += k->by_sev[1], r->sum.notes += k->by_sev[0];
    }
    r->sum.processes = r->processes;
    r->sum.kernels = r->nk;
    if (r->sum.failed_launches) r->sum.any_error = true;
    *sum = r->sum;
    return r;
}

const struct cJSON *exec_report_launches(const exec_run *r) { return r->launches; }

void exec_report_html_in_file(exec_run *r, const char *file) {
    int i = 0;
    cJSON *l;
    cJSON_ArrayForEach(l, r->launches) {
        if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(l, "html"))) {
            char *anchor = malloc(strlen(file) + 32);
            if (!anchor) abort();
            sprintf(anchor, "%s#launch-%d", file, i);
            cJSON_ReplaceItemInObjectCaseSensitive(l, "html", cJSON_CreateString(anchor));
            free(anchor);
        }
        i++;
    }
}

void exec_report_free(exec_run *r) {
    if (!r) return;
    for (int i = 0; i < r->nk; i++) free(r->k[i].shown.g), free(r->k[i].hidden.g), free(r->k[i].failures);
    cJSON_Delete(r->hidden_findings);
    free(r->k);
    cJSON_Delete(r->launches);
    free(r);
}

/* ---- text ------------------------------------------------------------------------------------- */

/* "kernels.cu:10 (ptx:49)", "ptx:49", or "ptx line 49" when the module has no name. */
static void where(char *buf, size_t n, const cJSON *f) {
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(f, "ptx"), *s = cJSON_GetObjectItemCaseSensitive(f, "source");
    char ptx[512] = "";
    if (p && str_item(p, "file")) snprintf(ptx, sizeof ptx, "%s:%.0f", str_item(p, "file"), num_item(p, "line"));
    else if (p) snprintf(ptx, sizeof ptx, "ptx line %.0f", num_item(p, "line"));
    if (s && str_item(s, "file"))
        snprintf(buf, n, "%s:%.0f%s%s%s", str_item(s, "file"), num_item(s, "line"), *ptx ? " (" : "", ptx,
                 *ptx ? ")" : "");
    else snprintf(buf, n, "%s", *ptx ? ptx : "(no instruction)");
}

static void who(FILE *out, const cJSON *f) {
    unsigned b[3], t[3];
    triple_of(f, "block", b);
    triple_of(f, "thread", t);
    fprintf(out, "block (%u,%u,%u) thread (%u,%u,%u)", b[0], b[1], b[2], t[0], t[1], t[2]);
    const char *addr = str_item(f, "address");
    if (addr) fprintf(out, ", address %s", addr);
}

static void print_kernel(const exec_run *r, const kernel *k, FILE *out) {
    fprintf(out, PREFIX "\n" PREFIX "kernel %s", k->pretty);
    if (strcmp(k->pretty, k->name)) fprintf(out, " [%s]", k->name);
    fprintf(out, "\n" PREFIX "  %d launch%s, grid (%u,%u,%u) block (%u,%u,%u)%s", k->launches,
            k->launches == 1 ? "" : "es", k->grid[0], k->grid[1], k->grid[2], k->block[0], k->block[1], k->block[2],
            k->shapes_vary ? " and others" : "");
    if (r->o->check && k->checked < k->launches)
        fprintf(out, ", %d without checkers (--kernel-filter)", k->launches - k->checked);
    if (k->failed) fprintf(out, ", %d failed", k->failed);
    if (!k->shown.n) fprintf(out, ": no findings\n");
    else
        fprintf(out, ": %d error%s, %d warning%s, %d note%s\n", k->by_sev[2], k->by_sev[2] == 1 ? "" : "s",
                k->by_sev[1], k->by_sev[1] == 1 ? "" : "s", k->by_sev[0], k->by_sev[0] == 1 ? "" : "s");
    for (int i = 0; i < k->nfail; i++)
        fprintf(out, PREFIX "  launch not simulated (%s): %s\n", str_item(k->failures[i], "status"),
                str_item(k->failures[i], "message") ? str_item(k->failures[i], "message") : "");
    const char *kind = NULL;
    for (int i = 0; i < k->shown.n; i++) {
        const group *g = &k->shown.g[i];
        if (!kind || strcmp(kind, g->kind ? g->kind : "")) {
            kind = g->kind ? g->kind : "";
            int same = 0;
            for (int j = i; j < k->shown.n && !strcmp(kind, k->shown.g[j].kind ? k->shown.g[j].kind : ""); j++) same++;
            fprintf(out, PREFIX "  %s (%d place%s):\n", kind, same, same == 1 ? "" : "s");
        }
        char w[1200];
        where(w, sizeof w, g->first);
        const char *msg = str_item(g->first, "message");
        fprintf(out, PREFIX "    %s: %s: %s\n" PREFIX "      ", w, sev_names[g->severity], msg ? msg : "");
        who(out, g->first);
        /* a fault's lanes (its first launch's): "32 lanes of its warp: 0-31" */
        const cJSON *lanes = cJSON_GetObjectItemCaseSensitive(g->first, "lanes");
        int nl = (int)num_item(lanes, "count");
        if (nl > 1) {
            fprintf(out, "; %d lanes of its warp:", nl);
            const cJSON *rg;
            int q = 0;
            cJSON_ArrayForEach(rg, cJSON_GetObjectItemCaseSensitive(lanes, "ranges")) {
                int a0 = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(rg, 0)),
                    a1 = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(rg, 1));
                if (a0 == a1) fprintf(out, "%s %d", q++ ? "," : "", a0);
                else fprintf(out, "%s %d-%d", q++ ? "," : "", a0, a1);
            }
        }
        fprintf(out, "; in %d of %d launch%s, %.0f time%s\n", g->launches, k->launches, k->launches == 1 ? "" : "es",
                g->count, g->count == 1 ? "" : "s");
        const cJSON *other = cJSON_GetObjectItemCaseSensitive(g->first, "other");
        if (other) {
            where(w, sizeof w, other);
            fprintf(out, PREFIX "      other access (%s): %s, ",
                    str_item(other, "access") ? str_item(other, "access") : "?", w);
            who(out, other);
            fputc('\n', out);
        }
    }
}

void exec_report_print(const exec_run *r, FILE *out) {
    const exec_report_options *o = r->o;
    bool trouble = r->sum.any_error || r->sum.warnings || r->sum.notes || o->signaled || r->unreadable;
    if (o->quiet && !trouble) return;
    char *const *argv = o->program;
    fprintf(out, PREFIX "ptxsim exec %s", argv[0]);
    if (!r->processes) {
        fprintf(out,
                ": the program never called ptxsim's CUDA driver (no CUDA, or a CUDA library "
                "ptxsim does not replace)\n");
    } else if (!r->sum.launches) {
        fprintf(out, ": it used ptxsim's CUDA driver (a simulated %s) but launched no kernel\n", r->arch);
    } else {
        fprintf(out, ": %d launch%s of %d kernel%s on a simulated %s, %s", r->sum.launches,
                r->sum.launches == 1 ? "" : "es", r->nk, r->nk == 1 ? "" : "s", r->arch,
                (r->checks & ~(unsigned)PTXSIM_CHECK_PTX_COUNTERS) == PTXSIM_CHECK_ALL ? "every checker on"
                    : r->checks                                                        ? "some checkers on"
                                                                                       : "no checkers");
        if (r->processes > 1) fprintf(out, ", in %d processes", r->processes);
        fputc('\n', out);
    }
    for (int i = 0; i < r->nk; i++) print_kernel(r, &r->k[i], out);
    fprintf(out, PREFIX "\n");
    if (r->unreadable)
        fprintf(out, PREFIX "%d record%s of the simulator could not be read (a process killed while writing?)\n",
                r->unreadable, r->unreadable == 1 ? "" : "s");
    if (o->signaled) fprintf(out, PREFIX "the program was killed by signal %d (%s)\n", o->code, strsignal(o->code));
    else fprintf(out, PREFIX "the program exited with status %d\n", o->code);
    fprintf(out, PREFIX "ERROR SUMMARY: %d error%s, %d warning%s, %d note%s", r->sum.errors,
            r->sum.errors == 1 ? "" : "s", r->sum.warnings, r->sum.warnings == 1 ? "" : "s", r->sum.notes,
            r->sum.notes == 1 ? "" : "s");
    if (r->sum.failed_launches)
        fprintf(out, ", %d failed launch%s", r->sum.failed_launches, r->sum.failed_launches == 1 ? "" : "es");
    if (r->hidden) fprintf(out, " (%d more hidden by --only/--severity)", r->hidden);
    fputc('\n', out);
    fflush(out);
}

/* ---- JSON and SARIF --------------------------------------------------------------------------- */

static bool write_text_file(const char *path, cJSON *root) {
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    FILE *f = text ? fopen(path, "w") : NULL;
    bool ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f && fclose(f)) ok = false;
    if (!ok) fprintf(stderr, "ptxsim: error: exec: %s: %s\n", path, text ? strerror(errno) : "out of memory");
    free(text);
    return ok;
}

static cJSON *program_array(const exec_report_options *o) {
    cJSON *a = cJSON_CreateArray();
    for (char *const *p = o->program; *p; p++) cJSON_AddItemToArray(a, cJSON_CreateString(*p));
    return a;
}

static bool write_json(const exec_run *r, int exit_code) {
    const exec_report_options *o = r->o;
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "command", "exec");
    cJSON_AddItemToObject(root, "program", program_array(o));
    cJSON_AddStringToObject(root, "arch", r->processes ? r->arch : "");
    cJSON_AddBoolToObject(root, "checked", o->check);
    cJSON *ex = cJSON_AddObjectToObject(root, "exit");
    if (o->signaled) cJSON_AddNumberToObject(ex, "program_signal", o->code);
    else cJSON_AddNumberToObject(ex, "program_status", o->code);
    cJSON_AddNumberToObject(ex, "status", exit_code);
    cJSON *s = cJSON_AddObjectToObject(root, "summary");
    cJSON_AddNumberToObject(s, "processes", r->sum.processes);
    cJSON_AddNumberToObject(s, "launches", r->sum.launches);
    cJSON_AddNumberToObject(s, "kernels", r->sum.kernels);
    cJSON_AddNumberToObject(s, "failed_launches", r->sum.failed_launches);
    cJSON_AddNumberToObject(s, "errors", r->sum.errors);
    cJSON_AddNumberToObject(s, "warnings", r->sum.warnings);
    cJSON_AddNumberToObject(s, "notes", r->sum.notes);
    cJSON_AddNumberToObject(s, "hidden", r->hidden);
    cJSON *ks = cJSON_AddArrayToObject(root, "kernels");
    for (int i = 0; i < r->nk; i++) {
        const kernel *k = &r->k[i];
        cJSON *kj = cJSON_CreateObject();
        cJSON_AddStringToObject(kj, "kernel", k->name);
        cJSON_AddStringToObject(kj, "name", k->pretty);
        cJSON_AddNumberToObject(kj, "launches", k->launches);
        cJSON_AddNumberToObject(kj, "failed_launches", k->failed);
        cJSON *fs = cJSON_AddArrayToObject(kj, "findings");
        for (int j = 0; j < k->shown.n; j++) {
            cJSON *f = cJSON_Duplicate(k->shown.g[j].first, 1);
            cJSON_ReplaceItemInObjectCaseSensitive(f, "count", cJSON_CreateNumber(k->shown.g[j].count));
            cJSON_AddNumberToObject(f, "launches", k->shown.g[j].launches);
            cJSON_AddItemToArray(fs, f);
        }
        cJSON_AddItemToArray(ks, kj);
    }
    cJSON *ls = cJSON_Duplicate(r->launches, 1);
    cJSON *l;
    cJSON_ArrayForEach(l, ls) cJSON_DeleteItemFromObjectCaseSensitive(l, "record");
    cJSON_AddItemToObject(root, "launches", ls);
    return write_text_file(o->json, root);
}

/* SARIF through the library's writer (one shape with `check --sarif`): each grouped finding as
 * the JSON report holds it, with its kernel, its count over the run and the launches it was in. */
static bool write_sarif(const exec_run *r, int exit_code) {
    const exec_report_options *o = r->o;
    cJSON *fs = cJSON_CreateArray();
    for (int i = 0; i < r->nk; i++) {
        const kernel *k = &r->k[i];
        for (int j = 0; j < k->shown.n; j++) {
            const group *g = &k->shown.g[j];
            cJSON *f = cJSON_Duplicate(g->first, 1);
            cJSON_ReplaceItemInObjectCaseSensitive(f, "count", cJSON_CreateNumber(g->count));
            cJSON_DeleteItemFromObjectCaseSensitive(f, "kernel");
            cJSON_AddStringToObject(f, "kernel", k->pretty);
            cJSON_AddNumberToObject(f, "launches", g->launches);
            cJSON_AddItemToArray(fs, f);
        }
    }
    char *text = cJSON_PrintUnformatted(fs);
    cJSON_Delete(fs);
    char version[128];
    snprintf(version, sizeof version, "0.1 (git %s)", PTXSIM_REVISION);
    ptxsim_sarif_info info = {.source_root = o->source_root,
                              .tool_version = version,
                              .exit_code = exit_code,
                              .execution_successful = !o->signaled && !r->unreadable,
                              .arguments = (const char *const *)o->program};
    ptxsim_status st = text ? ptxsim_sarif_write_findings(text, &info, o->sarif) : PTXSIM_ERR_OUT_OF_MEMORY;
    free(text);
    if (st != PTXSIM_OK)
        fprintf(stderr, "ptxsim: error: exec: %s: %s\n", o->sarif,
                st == PTXSIM_ERR_IO ? strerror(errno) : "out of memory");
    return st == PTXSIM_OK;
}

bool exec_report_write(const exec_run *r, int exit_code) {
    bool ok = true;
    if (r->o->json) ok &= write_json(r, exit_code);
    if (r->o->sarif) ok &= write_sarif(r, exit_code);
    return ok;
}
