/* manifest.h — the manifest module's public header: one kernel launch described in JSON
 * (DESIGN §6): buffers, parameters, expected outputs. Loading checks it strictly
 * (docs/limits.md); preparing allocates and fills the buffers in a device. The module sits
 * between sim/ and api/ (docs/api.md, "Layering"): the simulator itself knows nothing of JSON. */
#ifndef PTXSIM_MANIFEST_H
#define PTXSIM_MANIFEST_H

#include "sim.h"
#include "tensormap.h"
#include "texture.h"

typedef enum { MB_FILL, MB_FILE, MB_NONE } ps_mbuf_init;

typedef struct {
    char *name;
    ps_type type;
    uint64_t count, bytes;
    ps_mbuf_init init;
    double fill;
    uint64_t fill_bits;      /* MB_FILL: one element's bits, checked against the type when loaded */
    char *file;              /* resolved path */
    int file_line, file_col; /* where "file" is written */
    uint64_t addr;           /* device address once loaded */
} ps_mbuf;

/* MP_TENSORMAP: a tiled tensor map over buffer `buf` (ptxsim encodes its own 128 bytes; the GPU
 * harness builds the driver's with cuTensorMapEncodeTiled). */
/* MP_TEXTURE / MP_SURFACE: a texture or surface object over buffer `buf` (docs/textures.md); the
 * kernel parameter receives the handle, the address of the object's 64-byte description. */
typedef enum { MP_BUFFER, MP_SCALAR, MP_BYTES, MP_TENSORMAP, MP_TEXTURE, MP_SURFACE } ps_mparam_kind;

typedef struct {
    ps_mparam_kind kind;
    int buf;
    ps_type type;
    uint64_t bits;
    uint8_t *bytes;
    size_t nbytes;
    ps_tmap tmap;    /* MP_TENSORMAP; tmap.addr is filled when the buffers are allocated */
    ps_tex tex;      /* MP_TEXTURE, MP_SURFACE */
    uint64_t handle; /* MP_TEXTURE, MP_SURFACE: the object's device address once prepared */
    int line, col;   /* where the parameter's value is written */
    bool is_int;     /* MP_SCALAR: an integer value, -mag when neg (checked against the
                          * kernel's parameter type when prepared) */
    bool neg;
    uint64_t mag;
} ps_mparam;

typedef struct {
    int buf;
    char *file;
    bool has_tol;
    double abs, rel;
    uint64_t ulp;
    int line, col; /* where "file" is written */
} ps_mexpect;

/* One kernel launch of a manifest: a single-launch manifest has one, made of its top-level keys;
 * "launches": [...] gives several over the same buffers, run in order (docs/manifest.md). The last
 * launch's expectations include the top-level "expect". */
typedef struct {
    char *kernel;
    unsigned grid[3], block[3], shared_bytes, cluster[3];
    bool cooperative;
    ps_mparam *params;
    int nparams;
    ps_mexpect *expect;
    int nexpect;
} ps_mlaunch;

typedef struct {
    char *path, *dir;
    char *ptx;   /* resolved path (the first module's when several are linked) */
    char **ptxs; /* every module's resolved path: "ptx": ["a.ptx", "b.ptx"] links them */
    int nptx;
    char *expect_output; /* "expect_output": {"file": F}, the kernel's printed text; NULL: none */
    char *kernel;
    char *arch; /* NULL: the module's .target */
    unsigned grid[3], block[3], shared_bytes;
    unsigned cluster[3]; /* "cluster": thread-block cluster shape; all 0 when not given */
    bool cooperative;    /* "cooperative": true, a cooperative launch (all CTAs resident) */
    ps_mbuf *bufs;
    int nbufs;
    ps_mparam *params;
    int nparams;
    ps_mexpect *expect;
    int nexpect;
    int eo_line, eo_col;  /* where expect_output's "file" is written */
    ps_mlaunch *launches; /* owns the per-launch fields; kernel..nexpect above are views of the */
    int nlaunches;        /* selected one (ps_manifest_select), launch 0 after loading */
    int cur;
    bool multi;   /* written as "launches": [...] */
    char **roots; /* the folders references may reach (its own, --allow-paths), resolved:
                          * checked again on the file actually opened */
    int nroots;
} ps_manifest;

/* What a manifest may ask for (docs/limits.md). */
#define PS_MANIFEST_MAX_BYTES (4ull << 30) /* device memory of all buffers together, by default */
#define PS_MANIFEST_MAX_TEXT  (64u << 20)  /* the manifest file itself */
#define PS_MANIFEST_MAX_ITEMS 4096         /* buffers, parameters, and launches */

typedef struct {
    /* Folders that file references may reach besides the manifest's own (--allow-paths). */
    const char *const *allow_paths;
    int n_allow_paths;
    uint64_t max_bytes; /* the most the buffers may total; 0: PS_MANIFEST_MAX_BYTES */
} ps_manifest_policy;

/* Loads and validates under the default policy; on error returns PS_ERR_MANIFEST (PS_ERR_IO when
 * the file cannot be read) with "PATH:LINE:COL: error: JSON.PATH: what" in err. */
ps_status ps_manifest_load(const char *path, ps_manifest **out, char *err, size_t errlen);
ps_status ps_manifest_load_with(const char *path, const ps_manifest_policy *policy, ps_manifest **out, char *err,
                                size_t errlen);
void ps_manifest_free(ps_manifest *m);
/* Makes launch i (0 <= i < m->nlaunches) the one kernel..nexpect describe. */
void ps_manifest_select(ps_manifest *m, int i);

/* Allocates and fills the buffers, and packs the kernel parameters for `prog`. */
ps_status ps_manifest_prepare(ps_manifest *m, ps_program *prog, ps_device *dev, uint8_t **params, size_t *params_size,
                              char *err, size_t errlen);
/* Packs the selected launch's parameters only (the buffers already allocated by prepare). */
ps_status ps_manifest_pack(ps_manifest *m, ps_program *prog, uint8_t **params, size_t *params_size, char *err,
                           size_t errlen);

/* Compares the device buffers with the expected files; prints mismatches to `out` (FILE*).
 * Returns the number of buffers that differ, or -1 on an I/O error (message in err). */
/* One expectation's outcome (for reports): elements compared, how many differ, the first that
 * does (its bits, got and expected), and for f32/f64 buffers the largest distance in ulps among the
 * differing finite elements. */
typedef struct {
    int buf;
    uint64_t elements, mismatches, first;
    uint64_t got_bits, want_bits;
    uint64_t max_ulp;
    bool has_ulp, tolerance;
} ps_mcompare;
/* results (optional) receives m->nexpect entries. */
int ps_manifest_compare(const ps_manifest *m, ps_device *dev, void *out, char *err, size_t errlen,
                        ps_mcompare *results);

/* Compares the kernel's printed output (printf, assert) with "expect_output"; prints the result
 * to `out`. Returns 1 when they differ, 0 when they agree or nothing is expected, -1 on an I/O
 * error (message in err). */
int ps_manifest_compare_output(const ps_manifest *m, const char *got, size_t len, void *out, char *err, size_t errlen);

/* Writes every buffer to DIR/<name>.bin (names are plain file names; an existing link or
 * non-regular file there is refused, so nothing outside DIR is written). */
ps_status ps_manifest_write_outputs(const ps_manifest *m, ps_device *dev, const char *dir, char *err, size_t errlen);

#endif
