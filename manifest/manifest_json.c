/* manifest_json.c — a strict JSON reader (RFC 8259) for manifests. cJSON gives no positions and
 * takes the last of two equal keys; here every value knows its line and column, a repeated key is
 * an error naming both places, and the work is linear in the text. */
#include "manifest_json.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

typedef struct {
    const char *p, *end, *line_start;
    int line;
    long values; /* read so far */
    int err_line, err_col;
    char *err;
    size_t errlen;
    bool failed;
} reader;

static int col_of(const reader *r, const char *at) { return (int)(at - r->line_start) + 1; }

static ps_json *vfail(reader *r, int line, int col, const char *fmt, va_list ap) {
    if (r->failed) return NULL;
    r->failed = true;
    r->err_line = line;
    r->err_col = col;
    vsnprintf(r->err, r->errlen, fmt, ap);
    return NULL;
}

/* An error at `at`, on the line being read. */
static ps_json *fail_at(reader *r, const char *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(r, r->line, col_of(r, at), fmt, ap);
    va_end(ap);
    return NULL;
}

/* An error at value v (which may have started on an earlier line). */
static ps_json *fail_val(reader *r, const ps_json *v, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(r, v->line, v->col, fmt, ap);
    va_end(ap);
    return NULL;
}

/* What is at p, for messages: "end of file", "'x'" or "byte 0x9f". */
static const char *describe(const reader *r, const char *p, char *buf, size_t n) {
    if (p >= r->end) snprintf(buf, n, "the end of the file");
    else if (*p >= 0x21 && *p < 0x7f) snprintf(buf, n, "'%c'", *p);
    else snprintf(buf, n, "byte 0x%02x", (unsigned char)*p);
    return buf;
}

static void skip_space(reader *r) {
    while (r->p < r->end) {
        char c = *r->p;
        if (c == '\n') {
            r->line++;
            r->line_start = ++r->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            r->p++;
        } else {
            break;
        }
    }
}

static ps_json *new_value(reader *r, ps_jtype t) {
    ps_json *v = ps_xcalloc(1, sizeof *v);
    v->type = t;
    v->line = r->line;
    v->col = col_of(r, r->p);
    return v;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int hex4(const char *p) {
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(p[i]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

static size_t put_utf8(char *o, uint32_t cp) {
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xc0 | cp >> 6), o[1] = (char)(0x80 | (cp & 63)), 2;
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 63)), o[2] = (char)(0x80 | (cp & 63));
        return 3;
    }
    o[0] = (char)(0xf0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 63));
    o[2] = (char)(0x80 | (cp >> 6 & 63)), o[3] = (char)(0x80 | (cp & 63));
    return 4;
}

/* Length of the well-formed UTF-8 sequence at p (1..4), or 0. */
static int utf8_len(const unsigned char *p, const unsigned char *end) {
    unsigned c = p[0];
    int n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (!n || end - p < n) return 0;
    for (int i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0))) return 0; /* overlong, surrogate */
    if (n == 4 && ((c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] >= 0x90))) return 0; /* overlong, > U+10FFFF */
    return n;
}

/* A string starting at the opening quote; the decoded text is never longer than the source. */
static char *parse_string(reader *r, size_t *len) {
    const char *start = r->p++;
    const char *q = r->p;
    while (q < r->end && *q != '"') q += *q == '\\' && q + 1 < r->end ? 2 : 1;
    if (q >= r->end) return fail_at(r, start, "unterminated string"), NULL;
    char *out = ps_xmalloc((size_t)(q - r->p) + 1), *o = out;
    while (*r->p != '"') {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20) {
            fail_at(r, r->p,
                    c == '\n' ? "unterminated string (a line break inside a string must be written \\n)"
                              : "control character 0x%02x inside a string (write it as \\u%04x)",
                    c, c);
            break;
        }
        if (c >= 0x80) {
            int n = utf8_len((const unsigned char *)r->p, (const unsigned char *)r->end);
            if (!n) {
                fail_at(r, r->p, "invalid UTF-8 (byte 0x%02x) inside a string", c);
                break;
            }
            memcpy(o, r->p, (size_t)n);
            o += n, r->p += n;
            continue;
        }
        if (c != '\\') {
            *o++ = *r->p++;
            continue;
        }
        const char *esc = r->p++;
        char e = *r->p++;
        switch (e) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            int cp = r->end - r->p >= 4 ? hex4(r->p) : -1;
            if (cp < 0) {
                fail_at(r, esc, "\\u must be followed by 4 hex digits");
                goto bad;
            }
            r->p += 4;
            if (cp >= 0xdc00 && cp <= 0xdfff) {
                fail_at(r, esc, "lone low surrogate \\u%04x", cp);
                goto bad;
            }
            if (cp >= 0xd800 && cp <= 0xdbff) { /* a pair encodes one code point above U+FFFF */
                int lo = r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u' ? hex4(r->p + 2) : -1;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    fail_at(r, esc, "high surrogate \\u%04x without its low half", cp);
                    goto bad;
                }
                r->p += 6;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            }
            if (cp == 0) {
                fail_at(r, esc, "\\u0000 (NUL) is not allowed in a manifest string");
                goto bad;
            }
            o += put_utf8(o, (uint32_t)cp);
            break;
        }
        default: {
            char d[24];
            fail_at(r, esc, "unknown escape \\%s in a string", describe(r, esc + 1, d, sizeof d));
            goto bad;
        }
        }
    }
    if (r->failed) goto bad;
    r->p++; /* closing quote */
    *o = 0;
    *len = (size_t)(o - out);
    return out;
bad:
    free(out);
    return NULL;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* RFC 8259 number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static ps_json *parse_number(reader *r) {
    const char *s = r->p, *q = s;
    if (*q == '-') q++;
    if (q >= r->end || !is_digit(*q)) return fail_at(r, s, "'-' must be followed by a digit");
    if (*q == '0' && q + 1 < r->end && is_digit(q[1])) return fail_at(r, s, "a number may not have a leading zero");
    while (q < r->end && is_digit(*q)) q++;
    if (q < r->end && *q == '.') {
        if (++q >= r->end || !is_digit(*q)) return fail_at(r, q, "a digit must follow the decimal point");
        while (q < r->end && is_digit(*q)) q++;
    }
    if (q < r->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < r->end && (*q == '+' || *q == '-')) q++;
        if (q >= r->end || !is_digit(*q)) return fail_at(r, q, "a digit must follow the exponent");
        while (q < r->end && is_digit(*q)) q++;
    }
    ps_json *v = new_value(r, PS_J_NUMBER);
    v->len = (size_t)(q - s);
    v->str = ps_xmalloc(v->len + 1);
    memcpy(v->str, s, v->len);
    v->str[v->len] = 0;
    errno = 0;
    v->num = strtod(v->str, NULL); /* the grammar above is a subset of strtod's */
    r->p = q;
    return v;
}

static ps_json *parse_value(reader *r, int depth);

static int key_cmp(const void *a, const void *b) {
    const ps_json *x = *(const ps_json *const *)a, *y = *(const ps_json *const *)b;
    int c = strcmp(x->key, y->key);
    if (c) return c;
    return x->key_line != y->key_line ? (x->key_line > y->key_line) - (x->key_line < y->key_line)
                                      : (x->key_col > y->key_col) - (x->key_col < y->key_col);
}

/* A repeated key is an error at its second place. Sorting keeps this O(n log n) for objects with
 * many members, where pairwise comparison would be quadratic. */
static bool check_duplicates(reader *r, ps_json *obj) {
    if (obj->n < 2) return true;
    ps_json **m = ps_xmalloc((size_t)obj->n * sizeof *m);
    int i = 0;
    for (ps_json *c = obj->child; c; c = c->next) m[i++] = c;
    qsort(m, (size_t)obj->n, sizeof *m, key_cmp);
    const ps_json *dup = NULL, *first = NULL;
    for (i = 1; i < obj->n; i++)
        if (!strcmp(m[i]->key, m[i - 1]->key)) {
            /* report the earliest second occurrence */
            if (!dup || m[i]->key_line < dup->key_line ||
                (m[i]->key_line == dup->key_line && m[i]->key_col < dup->key_col))
                dup = m[i], first = m[i - 1];
            while (i + 1 < obj->n && !strcmp(m[i + 1]->key, m[i]->key)) i++;
        }
    if (dup) {
        /* first: the earliest occurrence of that key */
        for (int k = 0; k < obj->n; k++)
            if (!strcmp(m[k]->key, dup->key)) {
                first = m[k];
                break;
            }
        r->failed = true;
        r->err_line = dup->key_line;
        r->err_col = dup->key_col;
        snprintf(r->err, r->errlen, "duplicate key \"%s\" (first at %d:%d)", dup->key, first->key_line, first->key_col);
    }
    free(m);
    return !dup;
}

static ps_json *parse_container(reader *r, int depth, bool object) {
    ps_json *v = new_value(r, object ? PS_J_OBJECT : PS_J_ARRAY);
    r->p++;
    ps_json **tail = &v->child;
    char close = object ? '}' : ']', d[24];
    skip_space(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return v;
    }
    for (;;) {
        skip_space(r);
        char *key = NULL;
        int kl = 0, kc = 0;
        if (object) {
            if (r->p >= r->end || *r->p != '"') {
                fail_at(r, r->p, "expected a key (a string in double quotes), found %s",
                        describe(r, r->p, d, sizeof d));
                break;
            }
            kl = r->line, kc = col_of(r, r->p);
            size_t kn;
            key = parse_string(r, &kn);
            if (!key) break;
            skip_space(r);
            if (r->p >= r->end || *r->p != ':') {
                free(key);
                fail_at(r, r->p, "expected ':' after the key, found %s", describe(r, r->p, d, sizeof d));
                break;
            }
            r->p++;
            skip_space(r);
        }
        ps_json *e = parse_value(r, depth + 1);
        if (!e) {
            free(key);
            break;
        }
        e->key = key, e->key_line = kl, e->key_col = kc;
        *tail = e, tail = &e->next;
        v->n++;
        skip_space(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            skip_space(r);
            if (r->p < r->end && *r->p == close) {
                fail_at(r, r->p, "trailing comma before '%c'", close);
                break;
            }
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            if (object && !check_duplicates(r, v)) break;
            return v;
        }
        if (r->p >= r->end)
            fail_val(r, v, "this %s is never closed (expected '%c')", object ? "object" : "array", close);
        else fail_at(r, r->p, "expected ',' or '%c', found %s", close, describe(r, r->p, d, sizeof d));
        break;
    }
    ps_json_free(v);
    return NULL;
}

static bool literal(reader *r, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n)) return false;
    r->p += n;
    return true;
}

static ps_json *parse_value(reader *r, int depth) {
    char d[24];
    if (depth > PS_JSON_MAX_DEPTH) return fail_at(r, r->p, "nested deeper than %d levels", PS_JSON_MAX_DEPTH);
    if (++r->values > PS_JSON_MAX_VALUES)
        return fail_at(r, r->p, "more than %d values (the limit for a manifest)", PS_JSON_MAX_VALUES);
    if (r->p >= r->end) return fail_at(r, r->p, "expected a value, found the end of the file");
    switch (*r->p) {
    case '{': return parse_container(r, depth, true);
    case '[': return parse_container(r, depth, false);
    case '"': {
        ps_json *v = new_value(r, PS_J_STRING);
        v->str = parse_string(r, &v->len);
        if (!v->str) return ps_json_free(v), NULL;
        return v;
    }
    case 't':
    case 'f':
    case 'n': {
        ps_json *v = new_value(r, PS_J_NULL);
        if (literal(r, "true")) v->type = PS_J_BOOL, v->boolean = true;
        else if (literal(r, "false")) v->type = PS_J_BOOL;
        else if (!literal(r, "null")) {
            ps_json_free(v);
            return fail_at(r, r->p, "expected a value, found %s", describe(r, r->p, d, sizeof d));
        }
        return v;
    }
    default:
        if (*r->p == '-' || is_digit(*r->p)) return parse_number(r);
        return fail_at(r, r->p, "expected a value, found %s%s", describe(r, r->p, d, sizeof d),
                       *r->p == '\'' ? " (JSON strings take double quotes)" : "");
    }
}

ps_json *ps_json_parse(const char *text, size_t len, int *line, int *col, char *err, size_t errlen) {
    reader r = {.p = text, .end = text + len, .line_start = text, .line = 1, .err = err, .errlen = errlen};
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) r.p += 3, r.line_start += 3; /* a UTF-8 byte order mark */
    skip_space(&r);
    ps_json *v = NULL;
    char d[24];
    if (r.p >= r.end) fail_at(&r, r.p, "the file is empty (a manifest is a JSON object)");
    else if (*r.p != '{')
        fail_at(&r, r.p, "expected '{' (a manifest is a JSON object), found %s", describe(&r, r.p, d, sizeof d));
    else v = parse_value(&r, 1);
    if (v) {
        skip_space(&r);
        if (r.p < r.end) {
            fail_at(&r, r.p, "unexpected %s after the manifest's closing '}'", describe(&r, r.p, d, sizeof d));
            ps_json_free(v);
            v = NULL;
        }
    }
    if (!v) *line = r.err_line, *col = r.err_col;
    return v;
}

void ps_json_free(ps_json *v) {
    while (v) { /* siblings iteratively; children recurse at most PS_JSON_MAX_DEPTH deep */
        ps_json *next = v->next;
        ps_json_free(v->child);
        free(v->key);
        free(v->str);
        free(v);
        v = next;
    }
}

const ps_json *ps_json_get(const ps_json *obj, const char *key) {
    if (!obj || obj->type != PS_J_OBJECT) return NULL;
    for (const ps_json *c = obj->child; c; c = c->next)
        if (!strcmp(c->key, key)) return c;
    return NULL;
}

const char *ps_json_type_name(ps_jtype t) {
    static const char *const names[] = {"null", "a boolean", "a number", "a string", "an array", "an object"};
    return names[t];
}
