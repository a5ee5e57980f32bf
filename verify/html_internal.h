/* html_internal.h — what the files of the HTML report (report_html*.c) share: the escaped
 * writer, the source texts of a page, and the page's style and script. */
#ifndef PTXSIM_HTML_INTERNAL_H
#define PTXSIM_HTML_INTERNAL_H

#include <stdio.h>

#include "verify_internal.h"

/* A text split into lines (the text itself is owned by the struct). */
typedef struct {
    char *text;
    size_t len;
    const char **line; /* line[i] (1-based i up to nlines) starts there */
    size_t *line_len;  /* without its '\n' (and '\r') */
    int nlines;
} html_text;

/* A CUDA source file named by .file: found (text) or not (why). */
typedef struct {
    int index;           /* .file index */
    const char *written; /* the path as the PTX writes it */
    char found[4096];    /* where it was read from; "" when not */
    char why[512];       /* why not, when not */
    html_text t;
    bool used; /* some .loc of the module names it */
} html_source;

/* Splits text (taken over) into lines. */
void html_text_split(html_text *t, char *text, size_t len);
void html_text_free(html_text *t);
/* Reads the PTX (or takes a copy of ptx_text) and checks that it is the module's: every
 * instruction's mnemonic on its line. Returns 0, -1 when it cannot be read, -2 when it is not
 * the module's (reason in err). */
int html_load_ptx(const ps_verifier *v, const char *path, const char *ptx_text, size_t ptx_len, html_text *out,
                  char *err, size_t errlen);
/* The module's .file entries that its .loc lines name, each looked up as docs/html.md says:
 * absolute, else under source_root, the PTX file's folder and its parents. Returns the count;
 * *out is owned by the caller (html_sources_free). */
int html_load_sources(const ps_verifier *v, const char *ptx_path, const char *source_root, html_source **out);
void html_sources_free(html_source *s, int n);

/* Writes s[0..n) with & < > " ' escaped (NUL and other control bytes but tab as U+FFFD). */
void html_esc(FILE *out, const char *s, size_t n);
void html_escz(FILE *out, const char *s);

extern const char html_style[], html_script[];

#endif
