/* common.h — status codes, diagnostics and the arena shared by every ptxsim module. */
#ifndef PTXSIM_COMMON_H
#define PTXSIM_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdarg.h>

/* ---- status codes ------------------------------------------------------ */
// clang-format off
#define PS_STATUS_LIST(X)                                              \
    X(PS_OK, "ok")                                                     \
    X(PS_ERR_USAGE, "bad usage")                                       \
    X(PS_ERR_IO, "input/output error")                                 \
    X(PS_ERR_PARSE, "PTX syntax error")                                \
    X(PS_ERR_UNSUPPORTED, "unsupported by the target or by ptxsim")    \
    X(PS_ERR_MANIFEST, "bad manifest")                                 \
    X(PS_ERR_LINK, "unresolved symbol")                                \
    X(PS_ERR_FAULT, "kernel fault")                                    \
    X(PS_ERR_WATCHDOG, "watchdog expired")                             \
    X(PS_ERR_MISMATCH, "output mismatch")                              \
    X(PS_ERR_NOMEM, "out of memory")
// clang-format on

typedef enum {
#define X(name, msg) name,
    PS_STATUS_LIST(X)
#undef X
} ps_status;

const char *ps_status_str(ps_status s);

/* ---- out of memory goes through one function ----------------------------- */
void *ps_xmalloc(size_t n);
void *ps_xcalloc(size_t n, size_t size);
void *ps_xrealloc(void *p, size_t n);
char *ps_xstrdup(const char *s);
_Noreturn void ps_oom(void);

/* ---- arena: many small allocations freed together ------------------------ */
typedef struct ps_arena_block ps_arena_block;
typedef struct {
    ps_arena_block *head;
} ps_arena;

void ps_arena_init(ps_arena *a);
void *ps_arena_alloc(ps_arena *a, size_t n); /* zeroed, 16-byte aligned */
char *ps_arena_strndup(ps_arena *a, const char *s, size_t n);
void ps_arena_free(ps_arena *a);

/* ---- diagnostics -------------------------------------------------------- */
typedef enum { PS_DIAG_ERROR, PS_DIAG_WARNING, PS_DIAG_NOTE } ps_diag_level;

typedef struct {
    ps_diag_level level;
    const char *file; /* borrowed: lives as long as the module */
    int line, col;    /* 1-based; 0 when unknown */
    char *msg;        /* owned */
} ps_diag;

typedef struct {
    ps_diag *items;
    int count, cap;
    int errors; /* every error, kept or not */
} ps_diags;

/* Diagnostics kept per list; past it one note says the rest were dropped (their errors still
 * count), so a bad input cannot print the same line a million times. */
#define PS_DIAGS_MAX 100

void ps_diags_add(ps_diags *d, ps_diag_level lvl, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void ps_diags_vadd(ps_diags *d, ps_diag_level lvl, const char *file, int line, int col, const char *fmt, va_list ap);
/* Prints "file:line:col: error: msg" lines, like a compiler. */
void ps_diags_print(const ps_diags *d, void *stream /* FILE* */);
void ps_diags_free(ps_diags *d);

/* ---- small helpers ------------------------------------------------------ */
/* Hot handler families are compiled twice, for baseline x86-64 and for x86-64-v3 (AVX2, FMA,
 * BMI2), and the loader picks one per function on the running CPU (GCC function multiversioning,
 * an ifunc per handler). Integer results are the same by construction; floating-point lanes use
 * the same IEEE operations (fmaf becomes the FMA instruction instead of a libm call), so results
 * are bit-identical. Used by sim/exec_int.c, exec_float.c and fp.c; docs/performance.md has
 * the measurements. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(PS_NO_MULTIVERSION)
#define PS_CLONES __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define PS_CLONES
#endif
/* GCC's per-function optimisation switch; clang has none (it vectorises at -O2 anyway). */
#if defined(__GNUC__) && !defined(__clang__)
#define PS_VECTORIZE __attribute__((optimize("tree-vectorize")))
#else
#define PS_VECTORIZE
#endif

#define PS_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define PS_MIN(a, b)    ((a) < (b) ? (a) : (b))
#define PS_MAX(a, b)    ((a) > (b) ? (a) : (b))

/* Reads a whole file; returns NULL and sets errno on failure. *len excludes the NUL added. */
char *ps_read_file(const char *path, size_t *len);

/* "a/b/../c.ptx" → "a/c.ptx", lexically: how reports name a file (never how it is opened). */
void ps_path_tidy(char *out, size_t n, const char *path);

/* A warp's lane mask as ranges: "8-31", "0, 2-5, 7" ("" for 0); returns the number of lanes. */
int ps_lane_ranges(uint32_t mask, char *buf, size_t n);

/* A C++ (Itanium ABI) symbol as people read it: "_Z10block_scanPKiPii" becomes
 * "block_scan(int const*, int*, int)" (common/demangle.c). Returns false and copies the name
 * unchanged when it is not mangled or libstdc++'s demangler is not available; out is always
 * NUL-terminated (truncated to n bytes). */
bool ps_demangle(const char *name, char *out, size_t n);

#endif
