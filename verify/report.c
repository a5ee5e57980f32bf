/* report.c — the verifier's reports: text for people, JSON for tools (DESIGN §6), SARIF 2.1.0 for
 * code scanning. All three show the same findings, filtered by ps_report_options. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

/* One line on what a kind means and one on what usually fixes it. */
static const struct {
    const char *what, *hint;
} kind_text[PS_FIND_COUNT] = {
    [PS_FIND_RACE] = {"two threads access one location with nothing ordering them, and one writes",
                      "add bar.sync (__syncthreads()) between the write and the other access (between "
                      "lanes of one warp, __syncwarp() is enough; between blocks of a cluster, "
                      "barrier.cluster: cluster.sync()), or make the update atomic"},
    [PS_FIND_OUT_OF_BOUNDS] = {"an access outside every allocation, or outside the shared or local window",
                               "check the index against the buffer's size"},
    [PS_FIND_MISALIGNED] = {"an address that is not a multiple of the access size",
                            "align the buffer or offset to the size of the whole (vector) access"},
    [PS_FIND_UNINITIALIZED] = {"a read of memory, or of a register, that nothing wrote",
                               "write the data before reading it, or add the barrier that orders the "
                               "writes before the reads; give the variable a value on every path"},
    [PS_FIND_BARRIER_DIVERGENCE] = {"a barrier that not every thread that must reach it reaches",
                                    "keep bar.sync out of thread-dependent branches and early exits"},
    [PS_FIND_DEADLOCK] = {"every live warp of a CTA waits and none can proceed",
                          "all threads must reach the same barriers in the same order"},
    [PS_FIND_INVALID_WARP_SYNC] = {"a warp-synchronous instruction names lanes that did not arrive with it",
                                   "pass the mask of the lanes that really execute it (__activemask() "
                                   "before the branch)"},
    [PS_FIND_TRAP] = {"the kernel executed trap (assert or __trap())", "the message and line show which check failed"},
    [PS_FIND_WATCHDOG] = {"the launch ran past its instruction limit",
                          "look for a loop that never exits; raise --watchdog or --timeout for long kernels"},
    [PS_FIND_STACK_OVERFLOW] = {"the per-thread stack ran out (calls nested too deep, or alloca asked for more than "
                                "it holds), or stackrestore left the function's stack",
                                "bound the recursion and the alloca sizes; restore only values stacksave wrote"},
    [PS_FIND_UNSUPPORTED] = {"an instruction ptxsim cannot execute yet", "see docs/isa-support.md"},
    [PS_FIND_BANK_CONFLICT] = {"lanes of a warp hit different words of one shared-memory bank, so the "
                               "access takes several wavefronts",
                               "pad the tile row (e.g. float tile[32][33] instead of [32][32]) or "
                               "swizzle the index"},
    [PS_FIND_DIVERGENCE] = {"lanes of a warp take both sides of a branch, so the warp runs both paths",
                            "make the condition uniform per warp, or regroup the work by warp"},
    [PS_FIND_UNCOALESCED] = {"a warp's global accesses touch many more 32-byte sectors than the bytes "
                             "it asks for",
                             "let consecutive threads access consecutive addresses; transpose "
                             "through shared memory"},
};

static bool shown(const ps_finding *f, const ps_report_options *o) {
    if (!o) return true;
    if (o->only_kinds && !(o->only_kinds & (1u << f->kind))) return false;
    return f->severity >= o->min_severity;
}

/* Indices of the findings to report, grouped by kind (kinds in order of first appearance in
 * the sorted list, so errors come first), at most max_findings. */
static int select_findings(const ps_verifier *v, const ps_report_options *o, int *out) {
    int n = 0, limit = o && o->max_findings > 0 ? o->max_findings : INT32_MAX;
    bool done[PS_FIND_COUNT] = {0};
    for (int i = 0; i < v->nfindings && n < limit; i++) {
        int k = v->findings[i].kind;
        if (done[k] || !shown(&v->findings[i], o)) continue;
        done[k] = true;
        for (int j = i; j < v->nfindings && n < limit; j++)
            if ((int)v->findings[j].kind == k && shown(&v->findings[j], o)) out[n++] = j;
    }
    return n;
}

static const char *src_path(const ps_verifier *v, const ps_site *s) {
    const char *p = ps_verify_src_file(v, s->src_file);
    return p ? p : "?";
}

/* "k.ptx:42 (k.cu:17)" */
static void where(char *buf, size_t n, const ps_verifier *v, const ps_report_options *o, const ps_site *s) {
    const char *ptx = o && o->ptx_path ? o->ptx_path : v->module->filename ? v->module->filename : "?";
    int len = snprintf(buf, n, "%s:%d", ptx, s->ptx_line);
    if (s->src_line && len > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, " (%s:%d)", src_path(v, s), s->src_line);
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

/* "merged with lines 51, 53, 55 into one 128-bit load" (the access's own line is left out once:
 * accesses on one line, inline assembly's, name it for each other one) */
static void merged_text(char *buf, size_t n, const ps_line_bank_stats *l) {
    int used = snprintf(buf, n, "merged with line%s", l->nmerged > 2 ? "s" : "");
    bool first = true, self = false;
    for (int k = 0; k < l->nmerged && used > 0 && (size_t)used < n; k++) {
        if (l->merged_lines[k] == l->ptx_line && !self) {
            self = true;
            continue;
        }
        used += snprintf(buf + used, n - (size_t)used, "%s %d", first ? "" : ",", l->merged_lines[k]);
        first = false;
    }
    if (used > 0 && (size_t)used < n)
        snprintf(buf + used, n - (size_t)used, " into one %u-bit %s", 8 * l->merged_bytes,
                 l->kind == PS_ACC_LOAD ? "load" : "store");
}

void ps_report_text(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o, FILE *out) {
    const ps_verify_stats *st = &v->stats;
    if (o && o->kernel) fprintf(out, "kernel %s (%s)\n", o->kernel, o->arch ? o->arch : "?");
    if (res) {
        const ps_stats *rs = &res->stats;
        fprintf(out, "  %" PRIu64 " warp instructions, %" PRIu64 " thread instructions, warp efficiency %.1f%%\n",
                rs->warp_instructions, rs->thread_instructions,
                100.0 * ratio(rs->thread_instructions, 32 * rs->warp_instructions));
    }
    static const char *const acc[3] = {"loads", "stores", "atomics"};
    if (v->checks & PS_CHECK_BANK) {
        fprintf(out, "  shared memory    instructions   wavefronts  bank conflicts\n");
        for (int k = 0; k < 3; k++)
            fprintf(out, "    %-8s   %14" PRIu64 " %12" PRIu64 " %15" PRIu64 "\n", acc[k], st->shared[k].instructions,
                    st->shared[k].wavefronts, st->shared[k].bank_conflicts);
    }
    if (v->checks & PS_CHECK_COALESCE) {
        fprintf(out, "  global memory        requests      sectors  sectors/request\n");
        for (int k = 0; k < 2; k++)
            fprintf(out, "    %-8s   %14" PRIu64 " %12" PRIu64 " %16.2f\n", acc[k], st->global[k].requests,
                    st->global[k].sectors, ratio(st->global[k].sectors, st->global[k].requests));
    }
    fprintf(out, "  branches: %" PRIu64 " executed, %" PRIu64 " divergent (%.1f%%)\n", st->branches,
            st->divergent_branches, 100.0 * ratio(st->divergent_branches, st->branches));
    /* per-instruction shared-memory breakdown, where it matters */
    int conflicted = 0;
    for (int i = 0; i < v->nlines; i++) conflicted += v->lines[i].wavefronts > v->lines[i].ideal_wavefronts;
    if (conflicted) {
        fprintf(out, "  shared-memory lines with bank conflicts:\n");
        int shownl = 0;
        for (int i = 0; i < v->nlines && shownl < 20; i++) {
            const ps_line_bank_stats *l = &v->lines[i];
            if (l->wavefronts <= l->ideal_wavefronts) continue;
            shownl++;
            char w[300];
            ps_site s = {.ptx_line = l->ptx_line};
            where(w, sizeof w, v, o, &s);
            fprintf(out,
                    "    %-28s %2u-bit %-7s %8" PRIu64 " executions %10" PRIu64 " wavefronts (ideal %" PRIu64
                    ", worst %u-way)%s\n",
                    w, 8 * l->size, acc[l->kind], l->executions, l->wavefronts, l->ideal_wavefronts, l->worst_way,
                    l->src_line ? "" : "");
        }
        if (conflicted > 20) fprintf(out, "    ... %d more\n", conflicted - 20);
    }
    /* the accesses ptxas merges (counters as the SASS executes them), once per group */
    int groups = 0;
    for (int i = 0; i < v->nlines; i++)
        groups += v->lines[i].nmerged && v->lines[i].merged_lines[0] == v->lines[i].ptx_line;
    if (groups) {
        fprintf(out, "  shared-memory accesses ptxas merges (counted as the SASS executes them):\n");
        int shown = 0;
        for (int i = 0; i < v->nlines && shown < 20; i++) {
            const ps_line_bank_stats *l = &v->lines[i];
            if (!l->nmerged || l->merged_lines[0] != l->ptx_line) continue;
            shown++;
            char w[300], text[160];
            ps_site s = {.ptx_line = l->ptx_line};
            where(w, sizeof w, v, o, &s);
            merged_text(text, sizeof text, l);
            fprintf(out, "    %s: %s\n", w, text);
        }
        if (groups > 20) fprintf(out, "    ... %d more\n", groups - 20);
    }

    int *sel = ps_xcalloc((size_t)(v->nfindings ? v->nfindings : 1), sizeof *sel);
    int n = select_findings(v, o, sel);
    int by_sev[3] = {0};
    for (int i = 0; i < v->nfindings; i++)
        if (shown(&v->findings[i], o)) by_sev[v->findings[i].severity]++;
    fprintf(out, "findings: %d error%s, %d warning%s, %d note%s", by_sev[PS_SEV_ERROR],
            by_sev[PS_SEV_ERROR] == 1 ? "" : "s", by_sev[PS_SEV_WARNING], by_sev[PS_SEV_WARNING] == 1 ? "" : "s",
            by_sev[PS_SEV_NOTE], by_sev[PS_SEV_NOTE] == 1 ? "" : "s");
    int total = by_sev[0] + by_sev[1] + by_sev[2];
    if (n < total) fprintf(out, " (%d shown)", n);
    if (v->nfindings > total) fprintf(out, " (and %d hidden by --only or --severity)", v->nfindings - total);
    if (v->dropped) fprintf(out, " (+%" PRIu64 " beyond the limit of distinct findings)", v->dropped);
    fputc('\n', out);
    int prev = -1;
    for (int i = 0; i < n; i++) {
        const ps_finding *f = &v->findings[sel[i]];
        if ((int)f->kind != prev) {
            prev = (int)f->kind;
            int cnt = 0;
            for (int j = i; j < n && v->findings[sel[j]].kind == f->kind; j++) cnt++;
            fprintf(out, "\n%s%s (%d)%s: %s\n  hint: %s\n", o && o->color ? "\033[1m" : "",
                    ps_finding_kind_name(f->kind), cnt, o && o->color ? "\033[0m" : "", kind_text[f->kind].what,
                    kind_text[f->kind].hint);
        }
        char w[300];
        where(w, sizeof w, v, o, &f->at);
        /* the colours compilers use: bold red errors, bold magenta warnings, bold cyan notes */
        static const char *const sev_color[3] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
        bool c = o && o->color;
        fprintf(out, "  %s: %s%s:%s %s\n", w, c ? sev_color[f->severity] : "", ps_severity_name(f->severity),
                c ? "\033[0m" : "", f->message);
        fprintf(out, "      block (%u,%u,%u) thread (%u,%u,%u)", f->at.block[0], f->at.block[1], f->at.block[2],
                f->at.thread[0], f->at.thread[1], f->at.thread[2]);
        if (f->at.has_address) fprintf(out, ", address 0x%" PRIx64, f->at.address);
        if (f->count > 1) fprintf(out, ", %" PRIu64 " times", f->count);
        if (f->lanes) {
            char lr[160];
            int nl = ps_lane_ranges(f->lanes, lr, sizeof lr);
            /* a fault's or an access's lanes; a divergent branch's: those that jumped */
            fprintf(out, "; %d lane%s of the warp%s: %s", nl, nl == 1 ? "" : "s",
                    f->kind == PS_FIND_DIVERGENCE ? " jumped" : "", lr);
        }
        fputc('\n', out);
        if (f->has_other) {
            where(w, sizeof w, v, o, &f->other);
            fprintf(out, "      other access: %s, block (%u,%u,%u) thread (%u,%u,%u)", w, f->other.block[0],
                    f->other.block[1], f->other.block[2], f->other.thread[0], f->other.thread[1], f->other.thread[2]);
            if (f->other.has_address) fprintf(out, ", address 0x%" PRIx64, f->other.address);
            fprintf(out, " (%s)\n", f->other.is_write ? "write" : "read");
        }
    }
    free(sel);
}

/* ---- JSON ------------------------------------------------------------------------------------ */

static cJSON *uint_array(const unsigned a[3]) {
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < 3; i++) cJSON_AddItemToArray(arr, cJSON_CreateNumber(a[i]));
    return arr;
}

static void add_site(cJSON *obj, const ps_verifier *v, const ps_report_options *o, const ps_site *s) {
    const char *ptx = o && o->ptx_path ? o->ptx_path : v->module->filename ? v->module->filename : "?";
    cJSON *p = cJSON_AddObjectToObject(obj, "ptx");
    cJSON_AddStringToObject(p, "file", ptx);
    cJSON_AddNumberToObject(p, "line", s->ptx_line);
    if (s->src_line) {
        cJSON *src = cJSON_AddObjectToObject(obj, "source");
        cJSON_AddStringToObject(src, "file", src_path(v, s));
        cJSON_AddNumberToObject(src, "line", s->src_line);
    }
    cJSON_AddItemToObject(obj, "block", uint_array(s->block));
    cJSON_AddItemToObject(obj, "thread", uint_array(s->thread));
    if (s->has_address) {
        char hex[24];
        snprintf(hex, sizeof hex, "0x%" PRIx64, s->address);
        cJSON_AddStringToObject(obj, "address", hex);
    }
}

/* "lanes": {"count": 24, "ranges": [[8, 31]]} — the lanes of a warp instruction that fault. */
static void add_lanes(cJSON *obj, uint32_t mask) {
    if (!mask) return;
    cJSON *l = cJSON_AddObjectToObject(obj, "lanes");
    cJSON_AddNumberToObject(l, "count", __builtin_popcount(mask));
    cJSON *rs = cJSON_AddArrayToObject(l, "ranges");
    for (int a = 0; a < 32;) {
        if (!(mask >> a & 1)) {
            a++;
            continue;
        }
        int e = a;
        while (e + 1 < 32 && (mask >> (e + 1) & 1)) e++;
        cJSON *r = cJSON_CreateArray();
        cJSON_AddItemToArray(r, cJSON_CreateNumber(a));
        cJSON_AddItemToArray(r, cJSON_CreateNumber(e));
        cJSON_AddItemToArray(rs, r);
        a = e + 1;
    }
}

/* The version of the JSON report's layout (tests/verify/schema/report.schema.json); raised when a
 * key changes meaning, not when one is added. */
#define PS_REPORT_SCHEMA_VERSION 2

static void json_launch_and_outcome(cJSON *root, const ps_launch_result *res, const ps_report_options *o) {
    if (!o) return;
    if (o->grid[0]) {
        cJSON *l = cJSON_AddObjectToObject(root, "launch");
        cJSON_AddItemToObject(l, "grid", uint_array(o->grid));
        cJSON_AddItemToObject(l, "block", uint_array(o->block));
        if (o->cluster[0]) cJSON_AddItemToObject(l, "cluster", uint_array(o->cluster));
        cJSON_AddNumberToObject(l, "shared_bytes", o->shared_bytes);
    }
    if (o->ncomparisons > 0 ||
        (o->command && (!strcmp(o->command, "run") || !strcmp(o->command, "check") || !strcmp(o->command, "diff")))) {
        cJSON *cs = cJSON_AddArrayToObject(root, "comparisons");
        for (int i = 0; i < o->ncomparisons; i++) {
            const ps_report_comparison *c = &o->comparisons[i];
            cJSON *j = cJSON_CreateObject();
            cJSON_AddStringToObject(j, "buffer", c->buffer);
            cJSON_AddStringToObject(j, "type", c->type);
            cJSON_AddBoolToObject(j, "match", c->mismatches == 0);
            cJSON_AddNumberToObject(j, "elements", (double)c->elements);
            cJSON_AddNumberToObject(j, "mismatches", (double)c->mismatches);
            cJSON_AddBoolToObject(j, "tolerance", c->tolerance);
            if (c->has_tolerated) cJSON_AddNumberToObject(j, "tolerated", (double)c->tolerated);
            if (c->mismatches) {
                cJSON *f = cJSON_AddObjectToObject(j, "first_mismatch");
                char hex[24];
                cJSON_AddNumberToObject(f, "index", (double)c->first_mismatch);
                snprintf(hex, sizeof hex, "0x%" PRIx64, c->got_bits);
                cJSON_AddStringToObject(f, "got", hex);
                snprintf(hex, sizeof hex, "0x%" PRIx64, c->expected_bits);
                cJSON_AddStringToObject(f, "expected", hex);
                if (c->has_max_ulp) cJSON_AddNumberToObject(j, "max_ulp", (double)c->max_ulp);
            }
            cJSON_AddItemToArray(cs, j);
        }
    }
    if (res && res->output_len) cJSON_AddStringToObject(root, "output", res->output);
    if (o->exit_status >= 0) {
        static const char *const why[] = {"ok", "mismatch or error findings", "bad input", "fault or watchdog"};
        cJSON *e = cJSON_AddObjectToObject(root, "exit");
        cJSON_AddNumberToObject(e, "status", o->exit_status);
        cJSON_AddStringToObject(e, "meaning", o->exit_status <= 3 ? why[o->exit_status] : "other");
    }
}

/* A launch without checkers: the fault, if any, is its only finding. */
static void json_fault_finding(cJSON *fs, const ps_launch_result *res, const ps_report_options *o) {
    const ps_fault *f = &res->fault;
    if (f->kind == PS_FAULT_NONE) return;
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "kind", ps_fault_kind_name(f->kind));
    cJSON_AddStringToObject(j, "severity", "error");
    cJSON_AddStringToObject(j, "message", f->message);
    if (f->ptx_line) {
        cJSON *p = cJSON_AddObjectToObject(j, "ptx");
        char tidy[1024];
        ps_path_tidy(tidy, sizeof tidy, f->file ? f->file : o && o->ptx_path ? o->ptx_path : "?");
        cJSON_AddStringToObject(p, "file", tidy);
        cJSON_AddNumberToObject(p, "line", f->ptx_line);
    }
    if (f->src_line && f->src_file) {
        cJSON *src = cJSON_AddObjectToObject(j, "source");
        cJSON_AddStringToObject(src, "file", f->src_file);
        cJSON_AddNumberToObject(src, "line", f->src_line);
    }
    cJSON_AddItemToObject(j, "block", uint_array(f->block));
    cJSON_AddItemToObject(j, "thread", uint_array(f->thread));
    cJSON_AddNumberToObject(j, "count", 1);
    add_lanes(j, f->lanes);
    cJSON_AddItemToArray(fs, j);
}

static cJSON *json_report(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "schema_version", PS_REPORT_SCHEMA_VERSION);
    if (o && o->command) cJSON_AddStringToObject(root, "command", o->command);
    cJSON_AddStringToObject(root, "kernel", o && o->kernel ? o->kernel : "?");
    cJSON_AddStringToObject(root, "arch", o && o->arch ? o->arch : v && v->arch ? v->arch->name : "?");
    cJSON_AddBoolToObject(root, "checked", v != NULL);
    cJSON *stats = cJSON_AddObjectToObject(root, "stats");
    cJSON_AddNumberToObject(stats, "warp_instructions", res ? (double)res->stats.warp_instructions : 0);
    cJSON_AddNumberToObject(stats, "thread_instructions", res ? (double)res->stats.thread_instructions : 0);
    cJSON_AddNumberToObject(stats, "ctas", res ? (double)res->stats.ctas : 0);
    static const char *const acc[3] = {"load", "store", "atomic"};
    if (!v) { /* shared and global counters come from the checkers: not measured */
        cJSON *br = cJSON_AddObjectToObject(stats, "branches");
        cJSON_AddNumberToObject(br, "executed", res ? (double)res->stats.branches : 0);
        cJSON_AddNumberToObject(br, "divergent", res ? (double)res->stats.divergent_branches : 0);
        cJSON_AddNumberToObject(stats, "seconds", res ? res->seconds : 0);
        cJSON *fs = cJSON_AddArrayToObject(root, "findings");
        if (res) json_fault_finding(fs, res, o);
        cJSON_AddNumberToObject(root, "hidden_findings", 0);
        json_launch_and_outcome(root, res, o);
        return root;
    }
    const ps_verify_stats *st = &v->stats;
    cJSON *sh = cJSON_AddObjectToObject(stats, "shared");
    for (int k = 0; k < 3; k++) {
        cJSON *a = cJSON_AddObjectToObject(sh, acc[k]);
        cJSON_AddNumberToObject(a, "instructions", (double)st->shared[k].instructions);
        cJSON_AddNumberToObject(a, "wavefronts", (double)st->shared[k].wavefronts);
        cJSON_AddNumberToObject(a, "bank_conflicts", (double)st->shared[k].bank_conflicts);
    }
    cJSON *gl = cJSON_AddObjectToObject(stats, "global");
    for (int k = 0; k < 2; k++) {
        cJSON *a = cJSON_AddObjectToObject(gl, acc[k]);
        cJSON_AddNumberToObject(a, "requests", (double)st->global[k].requests);
        cJSON_AddNumberToObject(a, "sectors", (double)st->global[k].sectors);
    }
    cJSON *br = cJSON_AddObjectToObject(stats, "branches");
    cJSON_AddNumberToObject(br, "executed", (double)st->branches);
    cJSON_AddNumberToObject(br, "divergent", (double)st->divergent_branches);
    cJSON_AddNumberToObject(stats, "seconds", res ? res->seconds : 0);

    cJSON *fs = cJSON_AddArrayToObject(root, "findings");
    int *sel = ps_xcalloc((size_t)(v->nfindings ? v->nfindings : 1), sizeof *sel);
    int n = select_findings(v, o, sel);
    cJSON_AddNumberToObject(root, "hidden_findings", v->nfindings - n); /* by --only, --severity, --max-findings */
    for (int i = 0; i < n; i++) {
        const ps_finding *f = &v->findings[sel[i]];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "kind", ps_finding_kind_name(f->kind));
        cJSON_AddStringToObject(j, "severity", ps_severity_name(f->severity));
        cJSON_AddStringToObject(j, "message", f->message);
        add_site(j, v, o, &f->at);
        if (f->has_other) {
            cJSON *oth = cJSON_AddObjectToObject(j, "other");
            add_site(oth, v, o, &f->other);
            cJSON_AddStringToObject(oth, "access", f->other.is_write ? "write" : "read");
        }
        cJSON_AddNumberToObject(j, "count", (double)f->count);
        add_lanes(j, f->lanes);
        cJSON_AddItemToArray(fs, j);
    }
    free(sel);

    /* per-line tables (an extension of DESIGN §6's report; docs/verifier.md) */
    cJSON *lines = cJSON_AddObjectToObject(root, "lines");
    cJSON *ls = cJSON_AddArrayToObject(lines, "shared");
    for (int i = 0; i < v->nlines; i++) {
        const ps_line_bank_stats *l = &v->lines[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "ptx_line", l->ptx_line);
        if (l->src_line) cJSON_AddNumberToObject(j, "source_line", l->src_line);
        cJSON_AddStringToObject(j, "op", acc[l->kind]);
        cJSON_AddNumberToObject(j, "bytes", l->size);
        cJSON_AddNumberToObject(j, "executions", (double)l->executions);
        cJSON_AddNumberToObject(j, "wavefronts", (double)l->wavefronts);
        cJSON_AddNumberToObject(j, "ideal_wavefronts", (double)l->ideal_wavefronts);
        cJSON_AddNumberToObject(j, "worst_way", l->worst_way);
        if (l->nmerged) { /* counters as the SASS executes them (docs/verifier.md) */
            cJSON *mj = cJSON_AddObjectToObject(j, "merged");
            cJSON *ml = cJSON_AddArrayToObject(mj, "lines");
            for (int k = 0; k < l->nmerged; k++) cJSON_AddItemToArray(ml, cJSON_CreateNumber(l->merged_lines[k]));
            cJSON_AddNumberToObject(mj, "bytes", l->merged_bytes);
            char text[160];
            merged_text(text, sizeof text, l);
            cJSON_AddStringToObject(mj, "text", text);
        }
        cJSON_AddItemToArray(ls, j);
    }
    cJSON *lg = cJSON_AddArrayToObject(lines, "global");
    for (int i = 0; i < v->nglines; i++) {
        const ps_line_global_stats *l = &v->glines[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "ptx_line", l->ptx_line);
        if (l->src_line) cJSON_AddNumberToObject(j, "source_line", l->src_line);
        cJSON_AddStringToObject(j, "op", acc[l->kind]);
        cJSON_AddNumberToObject(j, "bytes", l->size);
        cJSON_AddNumberToObject(j, "requests", (double)l->requests);
        cJSON_AddNumberToObject(j, "sectors", (double)l->sectors);
        cJSON_AddNumberToObject(j, "ideal_sectors", (double)l->ideal_sectors);
        cJSON_AddItemToArray(lg, j);
    }
    cJSON *lb = cJSON_AddArrayToObject(lines, "branches");
    for (int i = 0; i < v->nblines; i++) {
        const ps_line_branch_stats *l = &v->blines[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "ptx_line", l->ptx_line);
        if (l->src_line) cJSON_AddNumberToObject(j, "source_line", l->src_line);
        cJSON_AddNumberToObject(j, "executions", (double)l->executions);
        cJSON_AddNumberToObject(j, "divergent", (double)l->divergent);
        cJSON_AddNumberToObject(j, "taken_lanes", (double)l->taken_lanes);
        cJSON_AddNumberToObject(j, "not_taken_lanes", (double)l->not_taken_lanes);
        cJSON_AddItemToArray(lb, j);
    }
    json_launch_and_outcome(root, res, o);
    return root;
}

void ps_finding_kind_text(int k, const char **what, const char **hint) {
    *what = kind_text[k].what;
    *hint = kind_text[k].hint;
}

int ps_write_json_file(cJSON *root, const char *path) {
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) return -1;
    FILE *fp = strcmp(path, "-") ? fopen(path, "w") : stdout;
    int rc = 0;
    if (!fp || fputs(text, fp) < 0 || fputc('\n', fp) < 0) rc = -1;
    if (fp && fp != stdout && fclose(fp)) rc = -1;
    free(text);
    return rc;
}

int ps_report_json(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o, const char *path) {
    return ps_write_json_file(json_report(v, res, o), path);
}

char *ps_report_json_text(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o) {
    cJSON *root = json_report(v, res, o);
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return text;
}

int ps_report_json_launches(const ps_verifier *const *vs, const ps_launch_result *const *res,
                            const ps_report_options *os, int n, const char *path) {
    cJSON *root = json_report(vs[n - 1], res[n - 1], &os[n - 1]);
    cJSON *ls = cJSON_AddArrayToObject(root, "launches");
    for (int i = 0; i < n; i++) {
        ps_report_options o = os[i];
        o.exit_status = -1; /* the run's status is the top level's */
        cJSON_AddItemToArray(ls, json_report(vs[i], res[i], &o));
    }
    return ps_write_json_file(root, path);
}

/* ---- SARIF 2.1.0 (report_sarif.c) ---------------------------------------------------------- */

int ps_report_sarif(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o, const char *path) {
    return ps_report_sarif_launches(&v, &res, o, 1, path);
}

/* One run for all the launches (GitHub code scanning takes one run per tool and category): a
 * multi-launch manifest's findings carry their kernel and launch index. */
int ps_report_sarif_launches(const ps_verifier *const *vs, const ps_launch_result *const *res,
                             const ps_report_options *os, int n, const char *path) {
    cJSON *all = cJSON_CreateArray(), *roots = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        ps_report_options only = os ? os[i] : (ps_report_options){.exit_status = -1};
        only.ncomparisons = 0, only.comparisons = NULL; /* SARIF holds findings only */
        cJSON *root = json_report(vs[i], res[i], &only);
        cJSON_AddItemToArray(roots, root);
        cJSON *f;
        cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(root, "findings")) {
            cJSON *c = cJSON_Duplicate(f, 1);
            if (n > 1) {
                if (only.kernel && !cJSON_HasObjectItem(c, "kernel")) cJSON_AddStringToObject(c, "kernel", only.kernel);
                cJSON_AddNumberToObject(c, "launch", i);
            }
            cJSON_AddItemToArray(all, c);
        }
    }
    const ps_report_options *last = os ? &os[n - 1] : NULL;
    ps_sarif_options so = {.source_root = last ? last->source_root : NULL,
                           .tool_version = last ? last->tool_version : NULL,
                           .exit_code = last ? last->exit_status : -1,
                           /* the analysis completed: findings, mismatches and faults are its results */
                           .execution_successful = !last || last->exit_status != 2};
    int rc = ps_sarif_write(all, &so, path);
    cJSON_Delete(all);
    cJSON_Delete(roots);
    return rc;
}
