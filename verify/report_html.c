/* report_html.c — the HTML source view (docs/html.md): one self-contained page (inline style and
 * script, a Content-Security-Policy that fetches nothing) with a sidebar of launches and, per
 * launch, the statistics, the findings, sortable tables of the hottest lines, and the CUDA source
 * beside the PTX with each line's counters as a heat bar and its findings inline. Every text
 * taken from the PTX, the sources, file names and messages is escaped (html_esc). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "html_internal.h"

enum { HOT_ROWS = 50 };

/* Counters of one line, the PTX's or summed over a CUDA line's PTX lines. */
typedef struct {
    uint64_t exec, thr, sh_exec, wf, ideal, req, sec, ideal_sec, br, div;
    unsigned way;
    int nfind[3];
} counters;

static void add_counters(counters *a, const ps_line_counters *l) {
    a->exec += l->warp_executions, a->thr += l->thread_executions;
    a->sh_exec += l->shared_executions, a->wf += l->shared_wavefronts;
    a->ideal += l->shared_ideal_wavefronts;
    a->req += l->global_requests, a->sec += l->global_sectors, a->ideal_sec += l->global_ideal_sectors;
    a->br += l->branch_executions, a->div += l->branch_divergent;
    if (l->shared_worst_way > a->way) a->way = l->shared_worst_way;
}

static bool any_counter(const counters *c) { return c->exec || c->sh_exec || c->req || c->br; }

/* 1234567 → "1,234,567" */
static const char *num(char *buf, uint64_t v) {
    char t[32];
    int n = snprintf(t, sizeof t, "%" PRIu64, v), j = 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) buf[j++] = ',';
        buf[j++] = t[i];
    }
    buf[j] = 0;
    return buf;
}

/* One launch being written: its texts and tables. */
typedef struct {
    const ps_html_launch *l;
    int k; /* 1-based launch number (ids L<k>-...) */
    html_text ptx;
    html_source *src;
    int nsrc;
    ps_line_counters *rows;
    int nrows;
    counters *ptx_c;   /* per PTX line [0..ptx.nlines] */
    int (*ptx_loc)[2]; /* per PTX line: .loc file and line of its first instruction */
    int *ptx_regs;     /* per PTX line: 32-bit registers live after it (regpressure.c), -1: none */
    counters **src_c;  /* per source file, per line */
    int *sel;          /* the findings shown, in report order */
    int nsel, hidden;
    bool profiled;
} page_launch;

static bool shown(const ps_finding *f, const ps_report_options *o) {
    if (o->only_kinds && !(o->only_kinds & (1u << f->kind))) return false;
    return f->severity >= o->min_severity;
}

static void prepare(page_launch *p) {
    const ps_verifier *v = p->l->v;
    const ps_module *m = v->module;
    int nl = p->ptx.nlines;
    p->profiled = (v->checks & PS_CHECK_PROFILE) != 0;
    p->nrows = ps_verifier_line_counters(v, &p->rows);
    p->ptx_c = ps_xcalloc((size_t)nl + 1, sizeof *p->ptx_c);
    p->ptx_loc = ps_xcalloc((size_t)nl + 1, sizeof *p->ptx_loc);
    for (int fi = 0; fi < m->nfuncs; fi++)
        for (int j = 0; j < m->funcs[fi]->ninsns; j++) {
            const ps_insn *in = &m->funcs[fi]->insns[j];
            if (in->line > 0 && in->line <= nl && !p->ptx_loc[in->line][1] && in->loc_line > 0)
                p->ptx_loc[in->line][0] = in->loc_file, p->ptx_loc[in->line][1] = in->loc_line;
        }
    /* register pressure per instruction line; a linked program's lines belong to several files */
    p->ptx_regs = ps_xmalloc(((size_t)nl + 1) * sizeof *p->ptx_regs);
    for (int ln = 0; ln <= nl; ln++) p->ptx_regs[ln] = -1;
    for (int fi = 0; fi < m->nfuncs && ps_verifier_single_file(v); fi++) {
        ps_regpressure rp;
        ps_regpressure_compute(m->funcs[fi], NULL, &rp);
        for (int j = 0; j < rp.ninsns; j++)
            if (rp.line[j] > 0 && rp.line[j] <= nl) p->ptx_regs[rp.line[j]] = rp.live32[j];
        ps_regpressure_free(&rp);
    }
    p->src_c = ps_xcalloc((size_t)(p->nsrc ? p->nsrc : 1), sizeof *p->src_c);
    for (int i = 0; i < p->nsrc; i++)
        if (p->src[i].found[0]) p->src_c[i] = ps_xcalloc((size_t)p->src[i].t.nlines + 1, sizeof **p->src_c);
    for (int i = 0; i < p->nrows; i++) {
        const ps_line_counters *r = &p->rows[i];
        if (r->ptx_line <= nl) add_counters(&p->ptx_c[r->ptx_line], r);
        int f = r->src_file, s = r->src_line;
        if (f > 0 && f < p->nsrc && p->src_c[f] && s > 0 && s <= p->src[f].t.nlines) add_counters(&p->src_c[f][s], r);
    }
    /* findings: the report's filters, grouped by kind as the text report does */
    const ps_report_options *o = &p->l->o;
    p->sel = ps_xcalloc((size_t)(v->nfindings ? v->nfindings : 1), sizeof *p->sel);
    int limit = o->max_findings > 0 ? o->max_findings : INT32_MAX, total = 0;
    bool done[PS_FIND_COUNT] = {0};
    for (int i = 0; i < v->nfindings; i++) {
        const ps_finding *f = &v->findings[i];
        if (!shown(f, o)) continue;
        total++;
        if (done[f->kind]) continue;
        done[f->kind] = true;
        for (int j = i; j < v->nfindings && p->nsel < limit; j++)
            if (v->findings[j].kind == f->kind && shown(&v->findings[j], o)) p->sel[p->nsel++] = j;
    }
    p->hidden = v->nfindings - p->nsel;
    (void)total;
    for (int i = 0; i < p->nsel; i++) {
        const ps_finding *f = &v->findings[p->sel[i]];
        if (f->at.ptx_line > 0 && f->at.ptx_line <= nl) p->ptx_c[f->at.ptx_line].nfind[f->severity]++;
        int sf = f->at.src_file, sl = f->at.src_line;
        if (sf > 0 && sf < p->nsrc && p->src_c[sf] && sl > 0 && sl <= p->src[sf].t.nlines)
            p->src_c[sf][sl].nfind[f->severity]++;
    }
}

static void release(page_launch *p) {
    html_text_free(&p->ptx);
    for (int i = 0; i < p->nsrc; i++) free(p->src_c[i]);
    free(p->src_c);
    html_sources_free(p->src, p->nsrc);
    free(p->rows);
    free(p->ptx_c);
    free(p->ptx_loc);
    free(p->ptx_regs);
    free(p->sel);
}

static const char *src_name(const page_launch *p, int file) {
    return file > 0 && file < p->nsrc ? p->src[file].written : "?";
}

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s && s[1] ? s + 1 : path;
}

/* data-* attributes of a line (what the script's heat bars and the tests read); a missing one
 * is 0, which keeps pages of long PTX files small */
static void data_attr(FILE *out, const char *name, uint64_t v) {
    if (v) fprintf(out, " data-%s=\"%" PRIu64 "\"", name, v);
}

static void data_attrs(FILE *out, const counters *c) {
    data_attr(out, "exec", c->exec);
    data_attr(out, "thr", c->thr);
    data_attr(out, "shx", c->sh_exec);
    data_attr(out, "wf", c->wf);
    data_attr(out, "bc", c->wf - c->ideal);
    data_attr(out, "req", c->req);
    data_attr(out, "sec", c->sec);
    data_attr(out, "xsec", c->sec > c->ideal_sec ? c->sec - c->ideal_sec : 0);
    data_attr(out, "br", c->br);
    data_attr(out, "div", c->div);
}

/* The counters shown on a line, each in a span the tests find by class. */
static void counter_spans(FILE *out, const counters *c) {
    char a[32], b[32];
    if (c->exec)
        fprintf(out, "<span class=\"c-exec\" title=\"warp-level executions (%s active lanes)\">%s</span>",
                num(b, c->thr), num(a, c->exec));
    if (c->sh_exec) {
        fprintf(out, "<span class=\"c-wf\" title=\"shared-memory wavefronts of %s instructions\">%s wf</span>",
                num(b, c->sh_exec), num(a, c->wf));
        if (c->wf > c->ideal)
            fprintf(out, "<span class=\"c-bc\" title=\"bank conflicts (worst %u-way)\">%s bc</span>", c->way,
                    num(a, c->wf - c->ideal));
    }
    if (c->req)
        fprintf(out,
                "<span class=\"c-sec%s\" title=\"global 32-byte sectors / requests = %.2f\">%s sec / %s req</span>",
                c->sec > c->ideal_sec ? " bad" : "", (double)c->sec / (double)c->req, num(a, c->sec), num(b, c->req));
    if (c->br)
        fprintf(out, "<span class=\"c-div%s\" title=\"divergent / executed branches\">%s / %s div</span>",
                c->div ? " bad" : "", num(a, c->div), num(b, c->br));
}

static void site_text(FILE *out, const page_launch *p, const ps_site *s) {
    const unsigned *b = p->l->block;
    unsigned bx = b[0] ? b[0] : 1, by = b[1] ? b[1] : 1;
    uint64_t lin = s->thread[0] + (uint64_t)s->thread[1] * bx + (uint64_t)s->thread[2] * bx * by;
    fprintf(out, "block (%u,%u,%u) thread (%u,%u,%u) = warp %" PRIu64 " lane %" PRIu64, s->block[0], s->block[1],
            s->block[2], s->thread[0], s->thread[1], s->thread[2], lin / 32, lin % 32);
    if (s->has_address) fprintf(out, ", address 0x%" PRIx64, s->address);
}

static void line_link(FILE *out, const page_launch *p, const ps_site *s) {
    fprintf(out, "<a href=\"#L%d-p%d\" class=\"goto\">PTX line %d</a>", p->k, s->ptx_line, s->ptx_line);
    if (s->src_line) {
        fputs(" (", out);
        if (s->src_file > 0 && s->src_file < p->nsrc && p->src[s->src_file].found[0])
            fprintf(out, "<a href=\"#L%d-s%d-%d\" class=\"goto\">", p->k, s->src_file, s->src_line);
        else fputs("<span>", out);
        html_escz(out, src_name(p, s->src_file));
        fprintf(out, ":%d%s)", s->src_line,
                s->src_file > 0 && s->src_file < p->nsrc && p->src[s->src_file].found[0] ? "</a>" : "</span>");
    }
}

static void finding_div(FILE *out, const page_launch *p, const ps_finding *f, int idx) {
    fprintf(out,
            "<div class=\"finding sev-%s\" data-kind=\"%s\" data-severity=\"%s\" data-ptx-line=\"%d\""
            " data-count=\"%" PRIu64 "\" data-index=\"%d\">",
            ps_severity_name(f->severity), ps_finding_kind_name(f->kind), ps_severity_name(f->severity), f->at.ptx_line,
            f->count, idx);
    fprintf(out, "<span class=\"kind\">%s</span> <span class=\"sev\">%s</span> ", ps_finding_kind_name(f->kind),
            ps_severity_name(f->severity));
    fputs("<span class=\"msg\">", out);
    html_escz(out, f->message);
    fputs("</span><div class=\"who\">at ", out);
    line_link(out, p, &f->at);
    fputs(": ", out);
    site_text(out, p, &f->at);
    if (f->count > 1) fprintf(out, "; %" PRIu64 " occurrences", f->count);
    fputs("</div>", out);
    if (f->has_other) {
        fprintf(out, "<div class=\"other\" data-other-line=\"%d\">other access (%s): ", f->other.ptx_line,
                f->other.is_write ? "write" : "read");
        line_link(out, p, &f->other);
        fputs(": ", out);
        site_text(out, p, &f->other);
        fputs("</div>", out);
    }
    fputs("</div>", out);
}

/* One line of a code pane: number, heat bar, counters, text; then its findings. */
static void code_row(FILE *out, const page_launch *p, const char *id, const counters *c, int line, const char *text,
                     size_t len, const char *link_attr, int regs) {
    fprintf(out, "<tr class=\"line%s\" id=\"%s\" data-line=\"%d\"%s", any_counter(c) ? " hot" : "", id, line,
            link_attr);
    data_attrs(out, c);
    if (regs >= 0) fprintf(out, " data-regs=\"%d\"", regs);
    /* the heat bar lies behind the counters, as in Nsight Compute's source view */
    fprintf(out, "><td class=\"ln\">%d</td><td class=\"cnt\"><div class=\"bar\"></div>", line);
    counter_spans(out, c);
    if (regs >= 0) fprintf(out, "<span class=\"c-regs\">%d regs</span>", regs); /* explained by the pane's title */
    if (c->nfind[2] + c->nfind[1] + c->nfind[0])
        fprintf(out, "<span class=\"c-find sev-%s\">%d finding%s</span>",
                c->nfind[2]       ? "error"
                    : c->nfind[1] ? "warning"
                                  : "note",
                c->nfind[0] + c->nfind[1] + c->nfind[2], c->nfind[0] + c->nfind[1] + c->nfind[2] == 1 ? "" : "s");
    fputs("</td><td class=\"code\">", out);
    html_esc(out, text, len);
    fputs("</td></tr>\n", out);
    (void)p;
}

static void ptx_pane(FILE *out, const page_launch *p) {
    const ps_verifier *v = p->l->v;
    fputs("<div class=\"pane ptx\"><h4 title=\"N regs: 32-bit registers live after the line (PTX liveness, as ptxsim "
          "regs "
          "counts them)\">PTX <span class=\"path\">",
          out);
    html_escz(out, p->l->o.ptx_path ? p->l->o.ptx_path : "(PTX text)");
    fputs("</span></h4><div class=\"scroll\"><table class=\"code\">\n", out);
    for (int ln = 1; ln <= p->ptx.nlines; ln++) {
        char id[64], link[64] = "";
        snprintf(id, sizeof id, "L%d-p%d", p->k, ln);
        if (p->ptx_loc[ln][1]) snprintf(link, sizeof link, " data-src=\"%d:%d\"", p->ptx_loc[ln][0], p->ptx_loc[ln][1]);
        code_row(out, p, id, &p->ptx_c[ln], ln, p->ptx.line[ln], p->ptx.line_len[ln], link, p->ptx_regs[ln]);
        int nf = p->ptx_c[ln].nfind[0] + p->ptx_c[ln].nfind[1] + p->ptx_c[ln].nfind[2];
        bool other = false; /* the other access of a race reported elsewhere */
        for (int i = 0; i < p->nsel && !other; i++) {
            const ps_finding *f = &v->findings[p->sel[i]];
            other = f->has_other && f->other.ptx_line == ln;
        }
        if (!nf && !other) continue;
        fputs("<tr class=\"findings-row\"><td colspan=\"3\">", out);
        for (int i = 0; i < p->nsel; i++) {
            const ps_finding *f = &v->findings[p->sel[i]];
            if (f->at.ptx_line == ln) finding_div(out, p, f, i);
        }
        for (int i = 0; i < p->nsel; i++) {
            const ps_finding *f = &v->findings[p->sel[i]];
            if (!f->has_other || f->other.ptx_line != ln) continue;
            fprintf(out,
                    "<div class=\"other-ref\" data-of-line=\"%d\">the other access (%s) of the %s at "
                    "<a href=\"#L%d-p%d\" class=\"goto\">PTX line %d</a></div>",
                    f->at.ptx_line, f->other.is_write ? "write" : "read", ps_finding_kind_name(f->kind), p->k,
                    f->at.ptx_line, f->at.ptx_line);
        }
        fputs("</td></tr>\n", out);
    }
    fputs("</table></div></div>\n", out);
}

static void src_pane(FILE *out, const page_launch *p) {
    fputs("<div class=\"pane src\">", out);
    int shown_files = 0;
    for (int i = 1; i < p->nsrc; i++) {
        const html_source *s = &p->src[i];
        if (!s->used) continue;
        shown_files++;
        fprintf(out, "<h4>CUDA <span class=\"path\" data-file=\"%d\">", i);
        html_escz(out, s->written);
        fputs("</span>", out);
        if (!s->found[0]) {
            fputs("</h4><p class=\"missing\" data-file=\"", out);
            fprintf(out, "%d\">cannot show ", i);
            html_escz(out, s->written);
            fputs(": ", out);
            html_escz(out, s->why);
            fputs("; the PTX is shown alone</p>\n", out);
            continue;
        }
        if (strcmp(s->found, s->written)) {
            fputs(" <span class=\"found\">read from ", out);
            html_escz(out, s->found);
            fputs("</span>", out);
        }
        fprintf(out, "</h4><div class=\"scroll\"><table class=\"code\" data-file=\"%d\">\n", i);
        for (int ln = 1; ln <= s->t.nlines; ln++) {
            char id[64], link[64];
            snprintf(id, sizeof id, "L%d-s%d-%d", p->k, i, ln);
            snprintf(link, sizeof link, " data-src=\"%d:%d\"", i, ln);
            code_row(out, p, id, &p->src_c[i][ln], ln, s->t.line[ln], s->t.line_len[ln], link, -1);
        }
        fputs("</table></div>\n", out);
    }
    if (!shown_files)
        fputs("<p class=\"missing\">the PTX has no .loc line information (compile with nvcc -lineinfo "
              "to see the CUDA source here); the PTX is shown alone</p>",
              out);
    fputs("</div>\n", out);
}

/* The hottest lines as a sortable table: PTX lines (src = false) or CUDA lines. */
typedef struct {
    const counters *c;
    int file, line;
    uint64_t heat; /* what the table is ordered by at first */
} hot_item;

static uint64_t heat_of(const counters *c, bool profiled) { return profiled ? c->exec : c->wf + c->sec + c->br; }

static int cmp_hot(const void *a, const void *b) {
    const hot_item *x = a, *y = b;
    if (x->heat != y->heat) return x->heat > y->heat ? -1 : 1;
    if (x->file != y->file) return x->file < y->file ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

static void cell_u64(FILE *out, uint64_t v) {
    char a[32];
    fprintf(out, "<td data-v=\"%" PRIu64 "\">%s</td>", v, num(a, v));
}

static void hot_table(FILE *out, const page_launch *p, bool src) {
    hot_item *items = NULL;
    int n = 0, cap = 0;
    if (!src) {
        for (int ln = 1; ln <= p->ptx.nlines; ln++)
            if (any_counter(&p->ptx_c[ln])) {
                if (n == cap) items = ps_xrealloc(items, sizeof *items * (size_t)(cap = cap ? cap * 2 : 64));
                items[n++] = (hot_item){&p->ptx_c[ln], 0, ln, 0};
            }
    } else {
        for (int f = 1; f < p->nsrc; f++)
            for (int ln = 1; p->src_c[f] && ln <= p->src[f].t.nlines; ln++)
                if (any_counter(&p->src_c[f][ln])) {
                    if (n == cap) items = ps_xrealloc(items, sizeof *items * (size_t)(cap = cap ? cap * 2 : 64));
                    items[n++] = (hot_item){&p->src_c[f][ln], f, ln, 0};
                }
    }
    for (int i = 0; i < n; i++) items[i].heat = heat_of(items[i].c, p->profiled);
    if (n > 1) qsort(items, (size_t)n, sizeof *items, cmp_hot);
    fprintf(out, "<details open><summary><h3>Hottest %s lines</h3></summary>", src ? "CUDA" : "PTX");
    if (!n) {
        fprintf(out, "<p class=\"none\">no %s line has counters%s</p></details>\n", src ? "CUDA" : "PTX",
                src ? " (no readable source with .loc lines)" : "");
        free(items);
        return;
    }
    fprintf(out, "<table class=\"hot sortable\" data-kind=\"%s\"><thead><tr>", src ? "src" : "ptx");
    fprintf(out, "<th data-type=\"num\">%s</th>", src ? "CUDA line" : "PTX line");
    fputs(src ? "<th data-type=\"text\">source</th>"
              : "<th data-type=\"text\">CUDA</th><th data-type=\"text\">instruction</th>",
          out);
    fputs("<th data-type=\"num\" title=\"warp-level executions\">executions</th>"
          "<th data-type=\"num\" title=\"active lanes, summed\">thread executions</th>"
          "<th data-type=\"num\">shared wavefronts</th><th data-type=\"num\">bank conflicts</th>"
          "<th data-type=\"num\">global requests</th><th data-type=\"num\">sectors</th>"
          "<th data-type=\"num\">sectors / request</th><th data-type=\"num\">branches</th>"
          "<th data-type=\"num\">divergent</th></tr></thead><tbody>\n",
          out);
    for (int i = 0; i < n && i < HOT_ROWS; i++) {
        const counters *c = items[i].c;
        int ln = items[i].line;
        if (src) {
            const html_text *t = &p->src[items[i].file].t;
            fprintf(out,
                    "<tr data-file=\"%d\" data-line=\"%d\"><td data-v=\"%d\"><a href=\"#L%d-s%d-%d\" class=\"goto\">",
                    items[i].file, ln, ln, p->k, items[i].file, ln);
            html_escz(out, base_name(src_name(p, items[i].file)));
            fprintf(out, ":%d</a></td><td class=\"code\">", ln);
            html_esc(out, t->line[ln], t->line_len[ln] > 100 ? 100 : t->line_len[ln]);
            fputs("</td>", out);
        } else {
            fprintf(out, "<tr data-line=\"%d\"><td data-v=\"%d\"><a href=\"#L%d-p%d\" class=\"goto\">%d</a></td><td>",
                    ln, ln, p->k, ln, ln);
            if (p->ptx_loc[ln][1]) {
                html_escz(out, base_name(src_name(p, p->ptx_loc[ln][0])));
                fprintf(out, ":%d", p->ptx_loc[ln][1]);
            }
            fputs("</td><td class=\"code\">", out);
            const char *s = p->ptx.line[ln];
            size_t len = p->ptx.line_len[ln];
            while (len && (*s == ' ' || *s == '\t')) s++, len--;
            html_esc(out, s, len > 100 ? 100 : len);
            fputs("</td>", out);
        }
        cell_u64(out, c->exec);
        cell_u64(out, c->thr);
        cell_u64(out, c->wf);
        cell_u64(out, c->wf - c->ideal);
        cell_u64(out, c->req);
        cell_u64(out, c->sec);
        if (c->req)
            fprintf(out, "<td data-v=\"%.6f\">%.2f</td>", (double)c->sec / (double)c->req,
                    (double)c->sec / (double)c->req);
        else fputs("<td data-v=\"0\"></td>", out);
        cell_u64(out, c->br);
        cell_u64(out, c->div);
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table>", out);
    if (n > HOT_ROWS) fprintf(out, "<p class=\"more\">%d more lines have counters</p>", n - HOT_ROWS);
    fputs("</details>\n", out);
    free(items);
}

static void summary(FILE *out, const page_launch *p) {
    const ps_verifier *v = p->l->v;
    const ps_verify_stats *st = &v->stats;
    const ps_launch_result *res = p->l->res;
    char a[32], b[32], c[32];
    fputs("<table class=\"summary\">", out);
    if (res)
        fprintf(out,
                "<tr><th>instructions</th><td colspan=\"3\"><span id=\"L%d-warp-insts\">%s</span> warp, %s "
                "thread</td></tr>",
                p->k, num(a, res->stats.warp_instructions), num(b, res->stats.thread_instructions));
    fputs("<tr><th></th><th>instructions</th><th>wavefronts</th><th>bank conflicts</th></tr>", out);
    static const char *const acc[3] = {"load", "store", "atomic"};
    for (int k = 0; k < 3; k++)
        fprintf(out, "<tr class=\"shared-%s\"><th>shared %s</th><td>%s</td><td>%s</td><td>%s</td></tr>", acc[k], acc[k],
                num(a, st->shared[k].instructions), num(b, st->shared[k].wavefronts),
                num(c, st->shared[k].bank_conflicts));
    fputs("<tr><th></th><th>requests</th><th>sectors</th><th>sectors / request</th></tr>", out);
    for (int k = 0; k < 2; k++)
        fprintf(out, "<tr class=\"global-%s\"><th>global %s</th><td>%s</td><td>%s</td><td>%.2f</td></tr>", acc[k],
                acc[k], num(a, st->global[k].requests), num(b, st->global[k].sectors),
                st->global[k].requests ? (double)st->global[k].sectors / (double)st->global[k].requests : 0.0);
    fprintf(out, "<tr class=\"branches\"><th>branches</th><td>%s</td><td colspan=\"2\">%s divergent</td></tr>",
            num(a, st->branches), num(b, st->divergent_branches));
    fputs("</table>\n", out);
    if (!p->profiled)
        fputs("<p class=\"note\">execution counts were not collected for this launch (PTXSIM_CHECK_PROFILE); "
              "lines show the memory and branch counters only</p>\n",
              out);
}

static void write_launch(FILE *out, const page_launch *p) {
    const ps_html_launch *l = p->l;
    const ps_verifier *v = l->v;
    fprintf(out, "<section class=\"launch\" id=\"L%d\" data-kernel=\"", p->k);
    html_escz(out, l->o.kernel);
    fprintf(out, "\" data-metric=\"%s\">\n<h2>", p->profiled ? "exec" : "wf");
    html_escz(out, l->o.kernel ? l->o.kernel : "?");
    fputs("</h2><p class=\"meta\">", out);
    html_escz(out, l->o.arch ? l->o.arch : v->arch ? v->arch->name : "?");
    fprintf(out, ", grid (%u,%u,%u), block (%u,%u,%u), PTX ", l->grid[0], l->grid[1], l->grid[2], l->block[0],
            l->block[1], l->block[2]);
    html_escz(out, l->o.ptx_path ? l->o.ptx_path : "(text)");
    if (l->res && l->res->fault.kind != PS_FAULT_NONE) {
        fputs("; <span class=\"fault\">the kernel stopped: ", out);
        html_escz(out, l->res->fault.message);
        fputs("</span>", out);
    }
    fputs("</p>\n", out);
    summary(out, p);
    int by_sev[3] = {0};
    for (int i = 0; i < p->nsel; i++) by_sev[v->findings[p->sel[i]].severity]++;
    /* a long list starts folded: the source view is what the page is for */
    fprintf(out,
            "<details%s><summary><h3>Findings</h3> <span class=\"findings-count\">%d error%s, %d warning%s, %d note%s",
            p->nsel <= 4 ? " open" : "", by_sev[2], by_sev[2] == 1 ? "" : "s", by_sev[1], by_sev[1] == 1 ? "" : "s",
            by_sev[0], by_sev[0] == 1 ? "" : "s");
    if (p->hidden) fprintf(out, " (%d more hidden by the report's filters)", p->hidden);
    if (v->dropped) fprintf(out, " (+%" PRIu64 " beyond the limit of distinct findings)", v->dropped);
    fputs("</span></summary>\n<div class=\"findings\">", out);
    for (int i = 0; i < p->nsel; i++) finding_div(out, p, &v->findings[p->sel[i]], i);
    fputs("</div></details>\n", out);
    fprintf(out,
            "<h3>Source</h3><div class=\"toolbar\">heat bar: <select class=\"metric\">"
            "<option value=\"exec\"%s>executions</option><option value=\"wf\"%s>shared wavefronts</option>"
            "<option value=\"bc\">bank conflicts</option><option value=\"sec\">global sectors</option>"
            "<option value=\"xsec\">excess sectors</option><option value=\"div\">divergent branches</option>"
            "</select> <span class=\"hint\">click a line to see its CUDA or PTX counterpart</span></div>\n",
            p->profiled ? " selected" : "", p->profiled ? "" : " selected");
    fputs("<div class=\"panes\">", out);
    src_pane(out, p);
    ptx_pane(out, p);
    fputs("</div>\n", out);
    hot_table(out, p, true);
    hot_table(out, p, false);
    fputs("</section>\n", out);
}

static void sidebar(FILE *out, const page_launch *ps, int n) {
    fputs("<nav id=\"sidebar\"><div class=\"brand\">ptxsim</div><ul>", out);
    for (int i = 0; i < n; i++) {
        const page_launch *p = &ps[i];
        int by_sev[3] = {0};
        for (int j = 0; j < p->nsel; j++) by_sev[p->l->v->findings[p->sel[j]].severity]++;
        fprintf(out, "<li><a href=\"#L%d\" class=\"launch-link\" data-launch=\"L%d\"><span class=\"kname\">", p->k,
                p->k);
        html_escz(out, p->l->label ? p->l->label : p->l->o.kernel ? p->l->o.kernel : "?");
        fprintf(out, "</span><span class=\"shape\">grid (%u,%u,%u) block (%u,%u,%u)</span>", p->l->grid[0],
                p->l->grid[1], p->l->grid[2], p->l->block[0], p->l->block[1], p->l->block[2]);
        static const char *const sev[3] = {"note", "warning", "error"};
        for (int s = 2; s >= 0; s--)
            if (by_sev[s]) fprintf(out, "<span class=\"badge sev-%s\">%d</span>", sev[s], by_sev[s]);
        fputs("</a></li>", out);
    }
    fputs("</ul></nav>\n", out);
}

/* A nonce for the Content-Security-Policy, so that only the page's own script runs even if
 * something slipped through the escaping. */
static void make_nonce(char *buf, size_t n) {
    unsigned char r[16] = {0};
    FILE *f = fopen("/dev/urandom", "rb");
    size_t got = f ? fread(r, 1, sizeof r, f) : 0;
    if (f) fclose(f);
    if (got != sizeof r) {
        uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^ (uint64_t)(uintptr_t)buf;
        for (size_t i = 0; i < sizeof r; i++)
            x = x * 6364136223846793005ull + 1442695040888963407ull, r[i] = (unsigned char)(x >> 56);
    }
    size_t j = 0;
    for (size_t i = 0; i < sizeof r && j + 2 < n; i++) j += (size_t)snprintf(buf + j, n - j, "%02x", r[i]);
}

int ps_report_html(const ps_html_launch *launches, int n, const ps_html_options *ho, const char *path, char *err,
                   size_t errlen) {
    page_launch *ps = ps_xcalloc((size_t)(n > 0 ? n : 1), sizeof *ps);
    int rc = 0, loaded = 0;
    for (int i = 0; i < n && !rc; i++, loaded++) {
        page_launch *p = &ps[i];
        p->l = &launches[i];
        p->k = i + 1;
        rc = html_load_ptx(p->l->v, p->l->o.ptx_path, p->l->ptx_text, p->l->ptx_len, &p->ptx, err, errlen);
        if (rc) break;
        p->nsrc = html_load_sources(p->l->v, p->l->o.ptx_path, ho ? ho->source_root : NULL, &p->src);
        prepare(p);
    }
    FILE *out = NULL;
    if (!rc) {
        out = strcmp(path, "-") ? fopen(path, "w") : stdout;
        if (!out) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            rc = -1;
        }
    }
    if (!rc) {
        char nonce[40];
        make_nonce(nonce, sizeof nonce);
        const char *title = ho && ho->title ? ho->title : "ptxsim report";
        fprintf(out,
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                "style-src 'unsafe-inline'; script-src 'nonce-%s'\">\n<title>",
                nonce);
        html_escz(out, title);
        fprintf(out, "</title>\n<style>%s</style></head>\n<body>\n", html_style);
        sidebar(out, ps, n);
        fputs("<main>\n<h1>", out);
        html_escz(out, title);
        fputs("</h1>\n", out);
        for (int i = 0; i < n; i++) write_launch(out, &ps[i]);
        fprintf(out, "</main>\n<script nonce=\"%s\">%s</script>\n</body></html>\n", nonce, html_script);
        if (ferror(out)) {
            snprintf(err, errlen, "%s: write error", path);
            rc = -1;
        }
        if (out != stdout && fclose(out) && !rc) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            rc = -1;
        }
    }
    for (int i = 0; i < loaded; i++) release(&ps[i]);
    free(ps);
    return rc;
}
