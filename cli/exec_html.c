/* exec_html.c — `ptxsim exec --check --html DIR|FILE.html`: the index page of a run. The
 * simulator inside the program writes one HTML source view per checked launch
 * (api/shim/shim_report.c, docs/html.md) and names it in the launch's record; this page lists
 * every launch in the order of the report, with its kernel, shape, status and findings, and links
 * its page or says why it has none. As one file, the pages are embedded after the index. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "exec.h"

/* Text as HTML: the five characters that matter escaped. */
static void esc(FILE *f, const char *s) {
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*s, f);
        }
    }
}

static const char *str_of(const cJSON *o, const char *key) {
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static void dim3(FILE *f, const cJSON *o, const char *key) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    fputc('(', f);
    for (int i = 0; i < 3; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        fprintf(f, "%s%.0f", i ? "," : "", cJSON_IsNumber(v) ? v->valuedouble : 0.0);
    }
    fputc(')', f);
}

static const char style[] =
    "body{font:14px system-ui,sans-serif;margin:24px;color:#222}h1{font-size:20px}"
    "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}"
    "th{background:#f0f0f0}td.n{text-align:right}tr.failed td{background:#fde8e8}"
    ".error{color:#b00020;font-weight:600}.warning{color:#a05a00}.note{color:#555}.why{color:#666}"
    "code{font-size:12px;color:#555}";
/* one file: a launch's section shows when the URL names it (its row's link) */
static const char embedded_style[] = "section.launch{display:none}section.launch:target{display:block}"
                                     "section.launch iframe{width:100%;height:85vh;border:1px solid #ccc}";

/* The index: a launch's row links its page (DIR) or its section of the one file (#launch-N). */
static void write_index(FILE *f, const exec_run *r, const exec_report_options *o, int exit_code, bool one_file) {
    const cJSON *ls = exec_report_launches(r);
    fprintf(f,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ptxsim exec</title>"
            "<style>%s%s</style></head>\n<body>\n<h1>ptxsim exec",
            style, one_file ? embedded_style : "");
    fputs("</h1>\n<p class=\"program\">", f);
    for (char *const *p = o->program; p && *p; p++) {
        if (p != o->program) fputc(' ', f);
        esc(f, *p);
    }
    fprintf(f,
            "</p>\n<p class=\"summary\" data-launches=\"%d\" data-exit=\"%d\">%d launch%s; ptxsim exec "
            "exited with status %d</p>\n",
            cJSON_GetArraySize(ls), exit_code, cJSON_GetArraySize(ls), cJSON_GetArraySize(ls) == 1 ? "" : "es",
            exit_code);
    fputs("<table class=\"launches\"><thead><tr><th>#</th><th>kernel</th><th>grid</th><th>block</th>"
          "<th>status</th><th>errors</th><th>warnings</th><th>notes</th><th>source view</th></tr></thead>"
          "<tbody>\n",
          f);
    int i = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, ls) {
        const char *kernel = str_of(l, "kernel"), *status = str_of(l, "status"), *page = str_of(l, "html");
        int sev[3] = {0}; /* the findings the report kept (--only and --severity applied) */
        const cJSON *fnd;
        cJSON_ArrayForEach(fnd,
                           cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(l, "report"),
                                                            "findings")) {
            const char *s = str_of(fnd, "severity");
            sev[s && !strcmp(s, "note") ? 0 : s && !strcmp(s, "warning") ? 1 : 2]++;
        }
        char pretty[1024];
        bool dm = kernel && ps_demangle(kernel, pretty, sizeof pretty);
        fprintf(f, "<tr class=\"launch%s\" data-index=\"%d\" data-kernel=\"",
                status && strcmp(status, "ok") ? " failed" : "", i);
        esc(f, kernel);
        fprintf(f, "\" data-status=\"");
        esc(f, status);
        fprintf(f, "\" data-errors=\"%d\" data-warnings=\"%d\" data-notes=\"%d\"><td class=\"n\">%d</td><td>", sev[2],
                sev[1], sev[0], i);
        esc(f, dm ? pretty : kernel);
        if (dm) {
            fputs(" <code>", f);
            esc(f, kernel);
            fputs("</code>", f);
        }
        fputs("</td><td>", f);
        dim3(f, l, "grid");
        fputs("</td><td>", f);
        dim3(f, l, "block");
        fputs("</td><td>", f);
        esc(f, status);
        for (int k = 2; k >= 0; k--) /* coloured where there are some */
            fprintf(f, "</td><td class=\"n%s\">%d",
                    sev[k] ? (k == 2       ? " error"
                                  : k == 1 ? " warning"
                                           : " note")
                           : "",
                    sev[k]);
        fputs("</td><td>", f);
        if (page && one_file) {
            fprintf(f, "<a href=\"#launch-%d\">launch %d</a>", i, i);
        } else if (page) {
            fputs("<a href=\"", f);
            esc(f, page);
            fputs("\">", f);
            esc(f, page);
            fputs("</a>", f);
        } else {
            fputs("<span class=\"why\">", f);
            esc(f, str_of(l, "html_error") ? str_of(l, "html_error") : "no page");
            fputs("</span>", f);
        }
        fputs("</td></tr>\n", f);
        i++;
    }
    fputs("</tbody></table>\n", f);
}

bool exec_html_index(const exec_run *r, const exec_report_options *o, const char *dir, int exit_code) {
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/index.html", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ptxsim: error: exec: --html %s: %s\n", path, strerror(errno));
        return false;
    }
    write_index(f, r, o, exit_code, false);
    fputs("</body></html>\n", f);
    if (fclose(f)) {
        fprintf(stderr, "ptxsim: error: exec: --html %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

/* A file's bytes as an HTML attribute value; false when it cannot be read. */
static bool embed(FILE *f, const char *path) {
    FILE *in = fopen(path, "r");
    if (!in) return false;
    char buf[1 << 14];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf - 1, in)) > 0) {
        buf[n] = 0;
        if (strlen(buf) != n) break; /* a NUL: not a page the simulator wrote */
        esc(f, buf);
    }
    bool ok = !ferror(in) && feof(in);
    fclose(in);
    return ok;
}

bool exec_html_file(const exec_run *r, const exec_report_options *o, const char *dir, const char *file, int exit_code) {
    FILE *f = fopen(file, "w");
    if (!f) {
        fprintf(stderr, "ptxsim: error: exec: --html %s: %s\n", file, strerror(errno));
        return false;
    }
    write_index(f, r, o, exit_code, true);
    bool ok = true;
    int i = 0;
    const cJSON *l;
    cJSON_ArrayForEach(l, exec_report_launches(r)) {
        const char *page = str_of(l, "html"), *kernel = str_of(l, "kernel");
        if (page && !strchr(page, '/')) {
            char path[PATH_MAX + 300];
            snprintf(path, sizeof path, "%s/%s", dir, page);
            fprintf(f, "<section class=\"launch\" id=\"launch-%d\"><h2>launch %d: ", i, i);
            esc(f, kernel);
            fprintf(f, "</h2><iframe title=\"launch %d\" srcdoc=\"", i);
            if (!embed(f, path)) {
                fprintf(stderr, "ptxsim: error: exec: --html %s: the page of launch %d (%s) cannot be read\n", file, i,
                        path);
                ok = false;
            }
            fputs("\"></iframe></section>\n", f);
        }
        i++;
    }
    fputs("</body></html>\n", f);
    if (fclose(f)) {
        fprintf(stderr, "ptxsim: error: exec: --html %s: %s\n", file, strerror(errno));
        return false;
    }
    return ok;
}
