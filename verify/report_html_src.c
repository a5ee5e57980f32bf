/* report_html_src.c — the texts an HTML report shows: the PTX (checked to be the module's) and
 * the CUDA files its .file directives name, found as docs/html.md describes. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "html_internal.h"

/* A CUDA source larger than this is named, not shown. */
enum { MAX_SOURCE_BYTES = 16 << 20, MAX_PARENTS = 8 };

void html_text_split(html_text *t, char *text, size_t len) {
    *t = (html_text){.text = text, .len = len};
    int n = 1;
    for (size_t i = 0; i < len; i++) n += text[i] == '\n';
    t->line = ps_xcalloc((size_t)n + 1, sizeof *t->line);
    t->line_len = ps_xcalloc((size_t)n + 1, sizeof *t->line_len);
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '\n') continue;
        if (i == len && start == len && t->nlines) break; /* no empty line after a final '\n' */
        size_t e = i;
        if (e > start && text[e - 1] == '\r') e--;
        t->nlines++;
        t->line[t->nlines] = text + start;
        t->line_len[t->nlines] = e - start;
        start = i + 1;
    }
}

void html_text_free(html_text *t) {
    free(t->text);
    free(t->line);
    free(t->line_len);
    *t = (html_text){0};
}

static bool line_has(const html_text *t, int line, const char *word) {
    if (line < 1 || line > t->nlines || !word || !*word) return false;
    size_t wl = strlen(word), ll = t->line_len[line];
    const char *s = t->line[line];
    for (size_t i = 0; i + wl <= ll; i++)
        if (!memcmp(s + i, word, wl)) return true;
    return false;
}

int html_load_ptx(const ps_verifier *v, const char *path, const char *ptx_text, size_t ptx_len, html_text *out,
                  char *err, size_t errlen) {
    char *text;
    size_t len;
    if (ptx_text) {
        text = ps_xmalloc(ptx_len + 1);
        memcpy(text, ptx_text, ptx_len);
        text[ptx_len] = 0;
        len = ptx_len;
    } else {
        text = path ? ps_read_file(path, &len) : NULL;
        if (!text) {
            snprintf(err, errlen, "%s: %s", path ? path : "(no PTX path)", path ? strerror(errno) : "not given");
            return -1;
        }
    }
    html_text_split(out, text, len);
    const ps_module *m = v->module;
    for (int fi = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        for (int j = 0; j < f->ninsns; j++) {
            const ps_insn *in = &f->insns[j];
            if (in->line <= 0 || !in->text) continue;
            if (!line_has(out, in->line, in->text)) {
                snprintf(err, errlen,
                         "%s is not the PTX the kernel was loaded from: line %d should hold '%s' "
                         "(function %s)",
                         path ? path : "the PTX text", in->line, in->text, f->name ? f->name : "?");
                html_text_free(out);
                return -2;
            }
        }
    }
    return 0;
}

/* Reads a regular file of at most MAX_SOURCE_BYTES: READ_OK, READ_ABSENT (look further), or
 * READ_UNUSABLE (it is there but cannot be shown: why says so, and the search stops). */
enum { READ_OK, READ_ABSENT, READ_UNUSABLE };
static int try_read(html_source *s, const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return READ_ABSENT;
        snprintf(s->why, sizeof s->why, "%s: %s", path, strerror(errno));
        return READ_UNUSABLE;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(s->why, sizeof s->why, "%s is not a regular file", path);
        return READ_UNUSABLE;
    }
    size_t len = 0;
    char *text = st.st_size > MAX_SOURCE_BYTES ? NULL : ps_read_file(path, &len);
    if (!text && st.st_size <= MAX_SOURCE_BYTES) {
        snprintf(s->why, sizeof s->why, "%s: %s", path, strerror(errno));
        return READ_UNUSABLE;
    }
    if (st.st_size > MAX_SOURCE_BYTES || len > MAX_SOURCE_BYTES) { /* (or grew since stat) */
        free(text);
        snprintf(s->why, sizeof s->why, "%s is larger than %d MiB", path, MAX_SOURCE_BYTES >> 20);
        return READ_UNUSABLE;
    }
    html_text_split(&s->t, text, len);
    snprintf(s->found, sizeof s->found, "%s", path);
    return READ_OK;
}

/* dir/rel into buf; false when it does not fit. */
static bool join(char *buf, size_t n, const char *dir, const char *rel) {
    int k = snprintf(buf, n, "%s%s%s", dir, *dir && dir[strlen(dir) - 1] != '/' ? "/" : "", rel);
    return k > 0 && (size_t)k < n;
}

static void find_source(html_source *s, const char *ptx_path, const char *source_root) {
    const char *p = s->written;
    if (!*p) {
        snprintf(s->why, sizeof s->why, "the .file path is empty");
        return;
    }
    if (p[0] == '/') {
        if (try_read(s, p) == READ_ABSENT) snprintf(s->why, sizeof s->why, "no such file");
        return;
    }
    char buf[4096];
    if (source_root && join(buf, sizeof buf, source_root, p) && try_read(s, buf) != READ_ABSENT) return;
    /* the PTX file's folder, then its parents (nvcc writes the path it was given, relative to
     * the folder it ran in) */
    char dir[PATH_MAX];
    const char *slash = ptx_path ? strrchr(ptx_path, '/') : NULL;
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "%.*s", slash ? (int)(slash - ptx_path) : 1, slash ? ptx_path : ".");
    if (!realpath(rel[0] ? rel : "/", dir)) {
        snprintf(s->why, sizeof s->why, "not found (the PTX file's folder: %s)", strerror(errno));
        return;
    }
    for (int up = 0; up <= MAX_PARENTS; up++) {
        if (join(buf, sizeof buf, dir, p) && try_read(s, buf) != READ_ABSENT) return;
        char *e = strrchr(dir, '/');
        if (!e || !strcmp(dir, "/")) break;
        if (e == dir) e[1] = 0; /* "/corpus" -> "/" */
        else *e = 0;
    }
    snprintf(s->why, sizeof s->why, "not found under %s%s the PTX file's folder or the %d above it",
             source_root ? source_root : "", source_root ? "," : "", MAX_PARENTS);
}

int html_load_sources(const ps_verifier *v, const char *ptx_path, const char *source_root, html_source **out) {
    const ps_module *m = v->module;
    int n = m->files && m->nfiles > 1 ? m->nfiles : 0;
    html_source *s = ps_xcalloc((size_t)(n ? n : 1), sizeof *s);
    for (int i = 0; i < n; i++) {
        s[i].index = i;
        s[i].written = m->files[i] ? m->files[i] : "";
    }
    for (int fi = 0; fi < m->nfuncs; fi++) {
        const ps_func *f = m->funcs[fi];
        for (int j = 0; j < f->ninsns; j++) {
            int k = f->insns[j].loc_file;
            if (k > 0 && k < n && f->insns[j].loc_line > 0) s[k].used = true;
        }
    }
    for (int i = 1; i < n; i++)
        if (s[i].used && m->files[i]) find_source(&s[i], ptx_path, source_root);
    *out = s;
    return n;
}

void html_sources_free(html_source *s, int n) {
    for (int i = 0; i < n; i++) html_text_free(&s[i].t);
    free(s);
}

void html_esc(FILE *out, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default:
            if ((c < 0x20 && c != '\t') || c == 0x7f) fputs("\xEF\xBF\xBD", out);
            else fputc(c, out);
        }
    }
}

void html_escz(FILE *out, const char *s) { html_esc(out, s, s ? strlen(s) : 0); }
