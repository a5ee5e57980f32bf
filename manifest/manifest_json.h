/* manifest_json.h — the strict JSON reader behind manifests: every value keeps its line and
 * column, an object may not repeat a key, nesting and size are bounded (docs/limits.md). */
#ifndef PTXSIM_MANIFEST_JSON_H
#define PTXSIM_MANIFEST_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { PS_J_NULL, PS_J_BOOL, PS_J_NUMBER, PS_J_STRING, PS_J_ARRAY, PS_J_OBJECT } ps_jtype;

typedef struct ps_json ps_json;
struct ps_json {
    ps_jtype type;
    int line, col;         /* the value's first character, 1-based (columns count bytes) */
    char *key;             /* a member of an object: its key, else NULL */
    int key_line, key_col; /* where that key starts */
    char *str;             /* PS_J_STRING: the decoded text; PS_J_NUMBER: the number as written */
    size_t len;            /* strlen(str) */
    double num;            /* PS_J_NUMBER: the nearest double (±HUGE_VAL past the range) */
    bool boolean;          /* PS_J_BOOL */
    ps_json *child;        /* arrays and objects: the first element or member */
    ps_json *next;         /* the next sibling */
    int n;                 /* arrays and objects: how many elements or members */
};

#define PS_JSON_MAX_DEPTH  64        /* manifests need 5 levels; this keeps the reader's recursion shallow */
#define PS_JSON_MAX_VALUES (1 << 18) /* about 100 bytes of tree each: a bound on the reader's memory */

/* Parses text[0..len) (NUL-terminated at len) into a tree; NULL on a syntax error, with the
 * message in err and its position in *line, *col. */
ps_json *ps_json_parse(const char *text, size_t len, int *line, int *col, char *err, size_t errlen);
void ps_json_free(ps_json *v);

const ps_json *ps_json_get(const ps_json *obj, const char *key); /* NULL: absent or not an object */
const char *ps_json_type_name(ps_jtype t);                       /* "a string", "an array", … */

#endif
