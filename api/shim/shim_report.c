/* shim_report.c — what the checkers found in the shim's launches: kept per launch, printed to
 * stderr when the program exits, or written as JSON to $PTXSIM_REPORT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shim.h"

typedef struct {
    char *kernel;
    unsigned grid[3], block[3];
    ptxsim_stats stats;
    ptxsim_finding *findings; /* strings copied */
    int nfindings;
    char *fault;              /* the fault's message, NULL when none */
} launch_record;

static struct {
    launch_record *l;
    int n, cap;
    bool hooked;
} rec;

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
        fprintf(f, ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u],\n", l->grid[0], l->grid[1],
                l->grid[2], l->block[0], l->block[1], l->block[2]);
        fprintf(f, "     \"stats\": {\"warp_instructions\": %llu, \"thread_instructions\": %llu},\n",
                (unsigned long long)l->stats.warp_instructions,
                (unsigned long long)l->stats.thread_instructions);
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
            fprintf(f, ", \"ptx_line\": %d, \"block\": [%u, %u, %u], \"thread\": [%u, %u, %u], \"count\": %llu}",
                    g->ptx_line, g->block[0], g->block[1], g->block[2], g->thread[0], g->thread[1],
                    g->thread[2], (unsigned long long)g->count);
        }
        fprintf(f, "%s]}", l->nfindings ? "\n     " : "");
    }
    fprintf(f, "%s]\n}\n", rec.n ? "\n  " : "");
    fclose(f);
}

static void release(void) { /* at exit, or when a program dlcloses the shim */
    for (int i = 0; i < rec.n; i++) {
        for (int k = 0; k < rec.l[i].nfindings; k++) free((char *)rec.l[i].findings[k].message);
        free(rec.l[i].findings);
        free(rec.l[i].kernel);
        free(rec.l[i].fault);
    }
    free(rec.l);
    rec.l = NULL, rec.n = rec.cap = 0;
    if (shim.primary) shim_context_free(shim.primary);
    shim.primary = NULL;
}

static void at_exit(void) {
    const char *path = getenv("PTXSIM_REPORT");
    if (path && *path) {
        write_json(path);
        release();
        return;
    }
    int findings = 0;
    for (int i = 0; i < rec.n; i++) findings += rec.l[i].nfindings;
    fprintf(stderr, "ptxsim libcuda: %d launch%s simulated on %s, %d finding%s\n", rec.n,
            rec.n == 1 ? "" : "es", shim.arch, findings, findings == 1 ? "" : "s");
    static const char *const sev[] = {"note", "warning", "error"};
    for (int i = 0; i < rec.n; i++)
        for (int k = 0; k < rec.l[i].nfindings; k++) {
            const ptxsim_finding *g = &rec.l[i].findings[k];
            fprintf(stderr, "  %s: ptx line %d: %s: %s [%s] (block %u,%u,%u thread %u,%u,%u)\n",
                    rec.l[i].kernel, g->ptx_line, sev[g->severity], g->message, g->kind, g->block[0],
                    g->block[1], g->block[2], g->thread[0], g->thread[1], g->thread[2]);
        }
    release();
}

void shim_hook_exit(void) {
    shim_lock();
    if (!rec.hooked) atexit(at_exit);
    rec.hooked = true;
    shim_unlock();
}

void shim_record_launch(const char *kernel, const unsigned grid[3], const unsigned block[3],
                        const ptxsim_report *r) {
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
    const ptxsim_fault *f = ptxsim_report_fault(r);
    if (f) l->fault = strdup(f->message);
    l->nfindings = ptxsim_report_finding_count(r);
    l->findings = calloc((size_t)l->nfindings + 1, sizeof *l->findings);
    for (int i = 0; i < l->nfindings; i++) {
        ptxsim_report_finding(r, i, &l->findings[i]);
        l->findings[i].message = strdup(l->findings[i].message);
        /* kind names are static strings of the library */
    }
    shim_unlock();
}
