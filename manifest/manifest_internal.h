/* manifest_internal.h — what the manifest loader's files share: the located error, strict value
 * readers (manifest_values.c) and the path policy (manifest_paths.c). Not for other modules. */
#ifndef PTXSIM_MANIFEST_INTERNAL_H
#define PTXSIM_MANIFEST_INTERNAL_H

#include "manifest.h"
#include "manifest_json.h"

typedef struct {
    const char *path;   /* the manifest, for messages */
    const char *jp_pre; /* prefixed to JSON paths, e.g. "launches[1]" (NULL: none) */
    char *err;
    size_t errlen;
    uint64_t max_bytes; /* the buffers' budget (policy or default) */
    char *real_dir;     /* the manifest's folder, symbolic links resolved */
    char **real_allow;  /* --allow-paths folders, resolved */
    int nallow;
} ps_mctx;

/* Records "PATH:LINE:COL: error: JP: message" at v (a member's key when at_key), and returns
 * false; v NULL leaves out the position, jp NULL or "" the JSON path. */
bool ps_mfail(ps_mctx *c, const ps_json *v, const char *jp, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
bool ps_mfail_key(ps_mctx *c, const ps_json *member, const char *jp, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* v must be of JSON type t ("what" names what was expected, e.g. "a file name"). */
bool ps_mwant_type(ps_mctx *c, const ps_json *v, const char *jp, ps_jtype t, const char *what);
/* Every member of obj must be one of keys; an unknown one is an error with "did you mean". */
bool ps_mkeys(ps_mctx *c, const ps_json *obj, const char *jp, const char *const *keys, int nkeys);
/* " (did you mean \"x\"?)" (or "x" or "y" on a tie) when word is a plausible misspelling of a
 * candidate, else ""; written to buf. */
const char *ps_mhint(const char *word, const char *const *cands, int n, char *buf, size_t len);

/* An integer written in JSON (exactly, never through a double), within lo..hi; `why` (may be
 * NULL) names the limit in the message. */
bool ps_muint(ps_mctx *c, const ps_json *v, const char *jp, uint64_t lo, uint64_t hi, const char *why, uint64_t *out);
/* A scalar of type t (a JSON number, or a string: decimal, 0x hex, or for floats also inf/nan)
 * as t's bits; integers must fit t's range, floats t's finite range. */
bool ps_mvalue(ps_mctx *c, const ps_json *v, const char *jp, ps_type t, uint64_t *bits, bool *is_int, bool *neg,
               uint64_t *mag);
/* The types a buffer element or a scalar parameter may have. */
bool ps_mtype_ok(ps_type t);
extern const char ps_mtype_list[];
/* "bytes": a hex string of whole bytes, decoded in one pass. */
bool ps_mhex(ps_mctx *c, const ps_json *v, const char *jp, uint8_t **out, size_t *n);

/* Resolves a file reference under the path policy (docs/limits.md); NULL after an error. */
char *ps_mpath(ps_mctx *c, const ps_json *v, const char *jp, const char *dir);
/* Sets up c->real_dir and the allowed folders; false after an error. */
bool ps_mpaths_init(ps_mctx *c, const char *dir, const ps_manifest_policy *p);
void ps_mpaths_free(ps_mctx *c);
/* A buffer name must be a plain file name: --out writes DIR/<name>.bin. */
bool ps_mname(ps_mctx *c, const ps_json *v, const char *jp);
/* Reads a regular file of at most max bytes (want != UINT64_MAX: exactly want bytes, as `whose`
 * holds, e.g. "buffer 'out'"), refusing devices and FIFOs before reading; NULL with the reason
 * (without the path) in err. */
char *ps_mread(const char *path, uint64_t max, uint64_t want, const char *whose, size_t *len, char *err, size_t errlen);
/* The same for a file m references: the file opened must still lie inside m's folders (a link
 * swapped in after loading is caught). */
char *ps_mread_ref(const ps_manifest *m, const char *path, uint64_t max, uint64_t want, const char *whose, size_t *len,
                   char *err, size_t errlen);
/* Hands c's resolved folders to m (m->roots). */
void ps_mpaths_keep(ps_mctx *c, ps_manifest *m);

/* manifest_tmap.c: a "tensormap" parameter's object. */
bool ps_manifest_tmap_parse(ps_mctx *c, const ps_json *o, const char *jp, const ps_manifest *m, ps_mparam *mp);

/* manifest_tex.c: a "texture" or "surface" parameter's object. */
bool ps_manifest_tex_parse(ps_mctx *c, const ps_json *o, const char *jp, const ps_manifest *m, ps_mparam *mp,
                           bool surface);

#endif
