/* ptxsim.h — libptxsim, the embedding interface: contexts for a simulated architecture, PTX
 * modules (diagnostics returned as data), device and registered host memory, kernel launches, and
 * the report of each launch (statistics, fault, checker findings) as structs. This is the only
 * header a client includes; everything behind it is private (docs/api.md).
 *
 * Conventions: every handle is opaque; every fallible call returns a ptxsim_status, and on failure
 * ptxsim_context_message() says why in words. Calls on one context are serialised by the context
 * (use a context from any thread; different contexts run in parallel). There is no global state. */
#ifndef PTXSIM_API_H
#define PTXSIM_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PTXSIM_API_VERSION 1

/* ---- status codes --------------------------------------------------------------------------- */
// clang-format off
#define PTXSIM_STATUS_LIST(X)                                                        \
    X(PTXSIM_OK, "ok")                                                               \
    X(PTXSIM_ERR_INVALID_ARGUMENT, "invalid argument")                               \
    X(PTXSIM_ERR_IO, "input/output error")                                           \
    X(PTXSIM_ERR_PARSE, "the PTX does not parse or validate")                        \
    X(PTXSIM_ERR_UNSUPPORTED, "unsupported by the target or by ptxsim")              \
    X(PTXSIM_ERR_NOT_FOUND, "no such kernel, variable or allocation")                \
    X(PTXSIM_ERR_OUT_OF_MEMORY, "out of memory")                                     \
    X(PTXSIM_ERR_INVALID_ADDRESS, "address outside every allocation")                \
    X(PTXSIM_ERR_FAULT, "the kernel faulted")                                        \
    X(PTXSIM_ERR_WATCHDOG, "the kernel hit the watchdog")                            \
    X(PTXSIM_ERR_CASE, "bad case manifest")                                          \
    X(PTXSIM_ERR_MISMATCH, "output differs from the expected output")
// clang-format on

typedef enum {
#define PTXSIM_X(id, text) id,
    PTXSIM_STATUS_LIST(PTXSIM_X)
#undef PTXSIM_X
} ptxsim_status;

const char *ptxsim_status_name(ptxsim_status s);   /* "PTXSIM_ERR_FAULT" */
const char *ptxsim_status_string(ptxsim_status s); /* "the kernel faulted" */

/* The per-architecture instruction support table (docs/isa-support.md), as Markdown. */
void ptxsim_write_isa_table(FILE *out);

/* ---- contexts ------------------------------------------------------------------------------- */
typedef struct ptxsim_context ptxsim_context;
typedef struct ptxsim_module ptxsim_module;
typedef struct ptxsim_kernel ptxsim_kernel; /* borrowed from its module */
typedef struct ptxsim_report ptxsim_report;
typedef struct ptxsim_diagnostics ptxsim_diagnostics;

/* Checkers (docs/checkers.md); PTXSIM_CHECK_ALL is what `ptxsim check` runs. */
enum {
    PTXSIM_CHECK_BANK = 1u << 0,
    PTXSIM_CHECK_COALESCE = 1u << 1,
    PTXSIM_CHECK_DIVERGENCE = 1u << 2,
    PTXSIM_CHECK_RACE = 1u << 3,
    PTXSIM_CHECK_BARRIER = 1u << 4,
    PTXSIM_CHECK_MEMORY = 1u << 5,
    PTXSIM_CHECK_INIT = 1u << 6,
    PTXSIM_CHECK_ALL = 0x7f,
    /* Not a checker: each PTX line's execution counts (ptxsim_line_counters.warp_executions),
     * which the HTML report shows. It costs an event per warp instruction, so it is not part of
     * PTXSIM_CHECK_ALL; `ptxsim check --html` adds it. */
    PTXSIM_CHECK_PROFILE = 1u << 7,
    /* Not a checker: count shared-memory accesses per PTX instruction (`ptxsim check --counters
     * ptx`) rather than as the SASS that ptxas makes of them, which merges neighbouring accesses
     * into 64- and 128-bit ones (the default; docs/verifier.md) */
    PTXSIM_CHECK_PTX_COUNTERS = 1u << 8
};

typedef struct {
    unsigned checks;        /* PTXSIM_CHECK_* bits; 0: a plain run (no checker costs anything) */
    int threads;            /* host threads for CTAs; 0: all cores */
    uint64_t watchdog;      /* warp instructions per launch before it is stopped; 0: the default (2e9) */
    uint64_t schedule_seed; /* 0: each CTA's warps in order, 256 instructions a turn; else a
                             * seeded random warp order and turn length, reproducible per seed,
                             * to shake out schedule-dependent results (docs/engine.md) */
    /* Resource policy (docs/limits.md). */
    uint64_t max_memory; /* bytes the context's device memory (allocations, module variables) and
                          * a launch's shared and local memory may take; 0: the default, 4 GiB */
    double timeout;      /* wall-clock seconds a launch may run before it is stopped as a
                          * watchdog fault; 0: the default (30 s); negative: no limit */
    bool progress;       /* report on stderr the progress of a launch running longer than 3 s */
} ptxsim_options;

#define PTXSIM_DEFAULT_MAX_MEMORY (4ull << 30)
#define PTXSIM_DEFAULT_TIMEOUT    30.0

/* arch: "sm_90", "sm_80", … (isa/archs.def): the machine modules run on, which must be able to run
 * each module's .target (an sm_80 runs .target sm_35 PTX; an sm_90a module needs sm_90a). NULL: each
 * module runs on its own .target, or, for a target ptxsim does not model as a machine (sm_10 to sm_37,
 * sm_88), on the oldest machine that can run it (sm_50, sm_89). A target that is not a machine is
 * accepted here for ptxsim_validate (ptxsim parse --target sm_35) but module loads on it fail. Fails
 * with PTXSIM_ERR_INVALID_ARGUMENT for an unknown name (message in *error when error is not NULL). */
ptxsim_status ptxsim_context_create(const char *arch, ptxsim_context **out, const char **error);
void ptxsim_context_destroy(ptxsim_context *ctx); /* frees its modules, memory and reports */
/* Why the latest failing call on ctx failed ("" when none); valid until the next call on ctx. */
const char *ptxsim_context_message(const ptxsim_context *ctx);
/* The architecture's name ("sm_90"), NULL for "each module's .target". */
const char *ptxsim_context_arch(const ptxsim_context *ctx);

/* Architecture facts (for device queries): NULL arch means the context's. Returns false for an
 * unknown architecture and for a target ptxsim does not model as a machine (sm_10 ... sm_37, sm_88). */
typedef struct {
    const char *name; /* "sm_90" */
    int sm;           /* 90 */
    int warp_size;
    int max_threads_per_block;
    int shared_per_block; /* without opt-in */
    int shared_per_block_optin;
    int max_registers_per_thread;
} ptxsim_arch_info;
bool ptxsim_arch_query(const char *arch, ptxsim_arch_info *out);

void ptxsim_context_get_options(const ptxsim_context *ctx, ptxsim_options *out);
ptxsim_status ptxsim_context_set_options(ptxsim_context *ctx, const ptxsim_options *o);

/* ---- diagnostics (data, not text) ----------------------------------------------------------- */
typedef enum { PTXSIM_DIAG_ERROR, PTXSIM_DIAG_WARNING, PTXSIM_DIAG_NOTE } ptxsim_diag_level;

typedef struct {
    ptxsim_diag_level level;
    const char *file; /* the name the module was loaded under; NULL when not tied to one */
    int line, col;    /* 1-based; 0 when unknown */
    const char *message;
} ptxsim_diagnostic;

int ptxsim_diagnostics_count(const ptxsim_diagnostics *d);
int ptxsim_diagnostics_errors(const ptxsim_diagnostics *d);
const ptxsim_diagnostic *ptxsim_diagnostics_get(const ptxsim_diagnostics *d, int i);
/* "file:line:col: error: message" lines, like a compiler. */
void ptxsim_diagnostics_print(const ptxsim_diagnostics *d, FILE *out);
void ptxsim_diagnostics_free(ptxsim_diagnostics *d);

/* ---- modules -------------------------------------------------------------------------------- */
typedef struct {
    int ptx_version; /* major*10+minor */
    char target[24]; /* .target as written */
    int functions, instructions, kernels;
    char machine[24]; /* the architecture it runs on: the context's, else the .target's when ptxsim
                        * models that machine, else the oldest one that can run it ("sm_50" for an
                        * sm_35 module); "" when none can */
} ptxsim_module_info;

/* Parses and validates PTX as `ptxas -arch=<the context's architecture>` would (instructions are
 * checked against the module's .target, which the context's architecture must be able to run), then
 * decodes it for that machine without preparing it to run: `ptxsim parse`. diags (optional)
 * receives every diagnostic, with a located warning for each instruction ptxsim accepts but cannot
 * execute ("accepted, but ptxsim cannot run it: ..."); info (optional) the module's summary.
 * PTXSIM_ERR_PARSE when there is an error (warnings are not errors). */
ptxsim_status ptxsim_validate(ptxsim_context *ctx, const char *name, const char *source, size_t len,
                              ptxsim_module_info *info, ptxsim_diagnostics **diags);

/* Parses, validates and decodes a module; its .global/.const variables are allocated in the
 * context's memory. name is for locations; source need not be NUL-terminated (len bytes).
 * diags (optional) receives the diagnostics, also on success (warnings). PTXSIM_ERR_PARSE for
 * PTX with errors, PTXSIM_ERR_UNSUPPORTED for PTX ptxsim cannot prepare. */
ptxsim_status ptxsim_module_load(ptxsim_context *ctx, const char *name, const char *source, size_t len,
                                 ptxsim_module **out, ptxsim_diagnostics **diags);
/* The same from a file (PTXSIM_ERR_IO when it cannot be read). */
ptxsim_status ptxsim_module_load_file(ptxsim_context *ctx, const char *path, ptxsim_module **out,
                                      ptxsim_diagnostics **diags);
/* Several PTX modules (nvcc -rdc=true output of separate translation units) linked into one
 * module, as cuLinkCreate, cuLinkAddData per module and cuLinkComplete then cuModuleLoadData do:
 * each .extern function and variable resolves to the .visible (or .weak / .common) definition
 * in another module; a multiple or missing definition is a PTXSIM_ERR_PARSE with diagnostics
 * located in the module concerned (docs/api.md, "Linking"). With n == 1 this is
 * ptxsim_module_load. Loading a single module makes ptxas's whole-program check: a call to a
 * function no module defines (other than the device runtime's vprintf, malloc, free,
 * __assertfail) is an error. */
typedef struct {
    const char *name;   /* for locations */
    const char *source; /* need not be NUL-terminated */
    size_t len;
} ptxsim_source;
ptxsim_status ptxsim_module_link(ptxsim_context *ctx, const ptxsim_source *sources, int n, ptxsim_module **out,
                                 ptxsim_diagnostics **diags);
ptxsim_status ptxsim_module_link_files(ptxsim_context *ctx, const char *const *paths, int n, ptxsim_module **out,
                                       ptxsim_diagnostics **diags);
/* ptxsim_validate for several modules linked together (`ptxsim parse a.ptx b.ptx`). */
ptxsim_status ptxsim_validate_linked(ptxsim_context *ctx, const ptxsim_source *sources, int n, ptxsim_module_info *info,
                                     ptxsim_diagnostics **diags);
void ptxsim_module_unload(ptxsim_module *m);
void ptxsim_module_get_info(const ptxsim_module *m, ptxsim_module_info *out);
int ptxsim_module_kernel_count(const ptxsim_module *m);
const char *ptxsim_module_kernel_name(const ptxsim_module *m, int i);
/* Whether `want` names the kernel whose PTX name is `name`: that name itself, its unqualified C++
 * name ("block_scan" for _Z10block_scanPKiPii; several overloads share one) or its whole
 * demangled signature ("block_scan(int const*, int*, int)", spaces aside). */
bool ptxsim_kernel_name_matches(const char *name, const char *want);
/* What ptxsim cannot execute in this module (launching such a kernel fails with
 * PTXSIM_ERR_UNSUPPORTED), NULL when everything can run. Owned by the module. */
const ptxsim_diagnostics *ptxsim_module_unsupported(const ptxsim_module *m);
/* The decoded program as text (`ptxsim decode`, docs/decode.md): kernel `kernel` and the functions
 * it calls, or every defined function when kernel is NULL; per record its pc, PTX line (quoted
 * from source[0..len) when given), handler family and variant, operand slots, guard, branch
 * target and reconvergence point. PTXSIM_ERR_NOT_FOUND when no kernel has that PTX name. */
ptxsim_status ptxsim_module_listing(const ptxsim_module *m, const char *kernel, const char *source, size_t len,
                                    FILE *out);
/* A module-scope .global or .const variable: its device address and size. */
ptxsim_status ptxsim_module_global(ptxsim_module *m, const char *name, uint64_t *addr, uint64_t *bytes);

/* Kernels (entry functions); NULL name: the module's first kernel. */
ptxsim_status ptxsim_module_kernel(ptxsim_module *m, const char *name, ptxsim_kernel **out);
const char *ptxsim_kernel_name(const ptxsim_kernel *k);
int ptxsim_kernel_param_count(const ptxsim_kernel *k);
/* Size and offset of parameter i in the packed parameter buffer; false when i is out of range. */
bool ptxsim_kernel_param(const ptxsim_kernel *k, int i, size_t *size, size_t *offset);
size_t ptxsim_kernel_params_size(const ptxsim_kernel *k); /* the packed buffer's size */
/* What parameter i is, as declared and as used: for templates of launches (ptxsim init). Strings
 * are borrowed from the module. */
typedef struct {
    const char *name, *type; /* "vadd_param_0", "u64" */
    size_t size, align;      /* bytes */
    int vector;              /* .v2/.v4: 2/4; 1 otherwise */
    bool is_array;           /* declared name[K] (a by-value struct or array) */
    bool declared_pointer;   /* .ptr attribute */
    bool used_as_address;    /* the kernel accesses memory through the value (a 64-bit parameter
                               * followed through the registers it is copied into) */
    const char *access_type; /* the type of the first such access ("f32"), or NULL */
    int access_line;         /* its PTX line */
} ptxsim_param_desc;
bool ptxsim_kernel_param_desc(const ptxsim_kernel *k, int i, ptxsim_param_desc *out);
typedef struct {
    uint64_t static_shared_bytes; /* .shared variables the kernel declares or names */
    int ptx_version;              /* of its module, major*10+minor */
    int reqntid[3], maxntid[3];   /* 0 when not given */
} ptxsim_kernel_info;
void ptxsim_kernel_get_info(const ptxsim_kernel *k, ptxsim_kernel_info *out);
/* Register use from PTX liveness alone (docs/registers.md): virtual registers declared and the
 * most live at once, per width (8/16-bit, 32, 64, 128-bit, predicates) and in 32-bit equivalents
 * (a 64-bit register counts 2, 128-bit 4, predicates 0); per instruction, the 32-bit equivalents
 * and predicates live after it. The kernel body only (called .funcs not included). Free the
 * arrays with ptxsim_reg_usage_free. */
typedef struct {
    int declared_pred, declared_16, declared_32, declared_64, declared_128, declared_regs32;
    int peak_pred, peak_16, peak_32, peak_64, peak_128, peak_regs32;
    int peak_line;                           /* PTX line where peak_regs32 is first reached */
    int maxnreg, minnctapersm, maxnctapersm; /* the kernel's directives; 0 when not given */
    int ninsns;
    int *line, *live32, *live_pred; /* per instruction */
} ptxsim_reg_usage;
ptxsim_status ptxsim_kernel_reg_usage(const ptxsim_kernel *k, ptxsim_reg_usage *out);
void ptxsim_reg_usage_free(ptxsim_reg_usage *u);

/* ---- memory --------------------------------------------------------------------------------- */
/* Device allocations live in a simulated address space; every kernel access is bounds-checked
 * against the allocation it falls in. */
ptxsim_status ptxsim_mem_alloc(ptxsim_context *ctx, uint64_t bytes, const char *name, uint64_t *addr);
/* Frees an allocation, or forgets a registration, by its start address. */
ptxsim_status ptxsim_mem_free(ptxsim_context *ctx, uint64_t addr);
ptxsim_status ptxsim_mem_write(ptxsim_context *ctx, uint64_t dst, const void *src, size_t bytes);
ptxsim_status ptxsim_mem_read(ptxsim_context *ctx, void *dst, uint64_t src, size_t bytes);
ptxsim_status ptxsim_mem_copy(ptxsim_context *ctx, uint64_t dst, uint64_t src, size_t bytes);
/* Writes `count` copies of a pattern of 1, 2, 4 or 8 bytes from dst on. */
ptxsim_status ptxsim_mem_fill(ptxsim_context *ctx, uint64_t dst, const void *pattern, size_t pattern_bytes,
                              size_t count);
/* Host-memory mode: caller-owned host memory becomes an allocation at its own address, so a
 * kernel given the host pointer reads and writes it directly (bounds-checked like any
 * allocation). It must not overlap another allocation or registration. */
ptxsim_status ptxsim_mem_register_host(ptxsim_context *ctx, void *host, size_t bytes, const char *name);
/* The allocation holding addr: start, size, and whether it is registered host memory. */
ptxsim_status ptxsim_mem_range(ptxsim_context *ctx, uint64_t addr, uint64_t *base, uint64_t *bytes, bool *is_host);

/* ---- texture and surface objects (docs/textures.md) ------------------------------------------ */
/* What a texture or surface object reads: texels of `format` (channels values each), x fastest,
 * rows `pitch` bytes apart (0: dense; 2D textures only), from device address addr on. */
typedef enum {
    PTXSIM_TEX_U8,
    PTXSIM_TEX_S8,
    PTXSIM_TEX_U16,
    PTXSIM_TEX_S16,
    PTXSIM_TEX_U32,
    PTXSIM_TEX_S32,
    PTXSIM_TEX_F16,
    PTXSIM_TEX_F32
} ptxsim_tex_format;
typedef enum { PTXSIM_TEX_WRAP, PTXSIM_TEX_CLAMP, PTXSIM_TEX_MIRROR, PTXSIM_TEX_BORDER } ptxsim_tex_address;
typedef struct {
    bool surface; /* a surface object (suld, sust, sured, suq) rather than a texture object */
    ptxsim_tex_format format;
    unsigned channels, dim; /* 1, 2 or 4 channels; 1, 2 or 3 dimensions */
    bool layered;           /* 1D or 2D, `layers` images */
    /* textures only: 1 a cubemap, 2 a cubemap array (layered 2D, square faces, six a cube:
     * +x, -x, +y, -y, +z, -z; sampled with tex.cube / tex.acube) */
    unsigned cube;
    uint32_t width, height, depth, layers; /* the sizes a texture lacks are 1 */
    uint64_t addr;
    uint32_t pitch;
    bool linear_memory; /* a 1D texture over linear memory: zeros outside it, whatever the address mode */
    /* textures only */
    bool normalized_read, normalized_coords, linear_filter;
    ptxsim_tex_address address[3];
    float border[4];
} ptxsim_texture;
/* Creates the object in the context's memory; *handle is what a kernel receives (the device
 * address of ptxsim's description). PTXSIM_ERR_UNSUPPORTED for a description ptxsim cannot run,
 * PTXSIM_ERR_INVALID_ADDRESS when the texels are not inside one allocation (message says why). */
ptxsim_status ptxsim_texture_create(ptxsim_context *ctx, const ptxsim_texture *t, uint64_t *handle);
ptxsim_status ptxsim_texture_destroy(ptxsim_context *ctx, uint64_t handle);

/* ---- launches and reports ------------------------------------------------------------------- */
typedef struct {
    uint64_t addr, bytes;
} ptxsim_range;

typedef struct {
    unsigned grid[3], block[3];
    unsigned shared_bytes; /* dynamic shared memory */
    /* Parameters, one of two forms (cuLaunchKernel's): args[i] points at parameter i's value
     * (ptxsim_kernel_param gives its size), or param_buffer holds the packed buffer. */
    void *const *args;
    const void *param_buffer;
    size_t param_buffer_size;
    /* With PTXSIM_CHECK_INIT: memory that counts as never written before the launch. */
    const ptxsim_range *uninitialized;
    int n_uninitialized;
    /* Thread-block cluster shape (sm_90; docs/clusters.md), like cuLaunchKernelEx's
     * CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION. All 0: the kernel's .reqnctapercluster, else
     * clusters of one CTA. The grid must be a whole number of clusters of at most 8 CTAs. */
    unsigned cluster[3];
    /* A cooperative launch, like cuLaunchCooperativeKernel (CU_LAUNCH_ATTRIBUTE_COOPERATIVE):
     * every CTA of the grid is resident at once (they take scheduling rounds in turn on one host
     * thread) and %envreg1:%envreg2 hold the address of a grid workspace, so cooperative groups'
     * this_grid().sync() works (docs/engine.md "Cooperative launches"). Without it, grid.sync()
     * traps, as on a GPU. */
    bool cooperative;
} ptxsim_launch_config;

/* Runs a kernel to completion with the context's options. On PTXSIM_OK, PTXSIM_ERR_FAULT and
 * PTXSIM_ERR_WATCHDOG, *report (optional) receives the launch's report; free it with
 * ptxsim_report_free. A bad configuration is PTXSIM_ERR_INVALID_ARGUMENT, a kernel using what
 * ptxsim cannot execute PTXSIM_ERR_UNSUPPORTED (message in ptxsim_context_message). */
ptxsim_status ptxsim_launch(ptxsim_context *ctx, ptxsim_kernel *k, const ptxsim_launch_config *cfg,
                            ptxsim_report **report);

typedef struct {
    uint64_t warp_instructions, thread_instructions, ctas;
    uint64_t branches, divergent_branches;
    /* With the checkers that count them (bank, coalescing): Nsight Compute's metrics. */
    struct {
        uint64_t instructions, wavefronts, bank_conflicts;
    } shared_load, shared_store, shared_atomic;
    struct {
        uint64_t requests, sectors;
    } global_load, global_store;
    double seconds;
} ptxsim_stats;

typedef enum { PTXSIM_SEV_NOTE, PTXSIM_SEV_WARNING, PTXSIM_SEV_ERROR } ptxsim_severity;

typedef struct {
    const char *kind;       /* "race", "out-of-bounds", … (DESIGN §6) */
    const char *fault_kind; /* the engine's name for a fault ("out-of-bounds", "watchdog") */
    const char *message;
    int ptx_line;         /* 0 when not tied to an instruction */
    const char *function; /* NULL when unknown */
    unsigned block[3], thread[3];
    const char *ptx_file;    /* the module file of ptx_line (linked modules); NULL: unknown */
    const char *source_file; /* the CUDA line of ptx_line's instruction (.loc); NULL / 0: none */
    int source_line;
    /* The lanes of the faulting warp instruction (bit l = lane l of the warp of `thread`) that
     * fault the same way: every active lane of an ld, st or atom is checked (an out-of-bounds
     * access by 24 lanes reads "24 lanes: 8-31"); other faults name their one lane. 0: none. */
    uint32_t lane_mask;
    int lanes; /* the bits set in lane_mask */
} ptxsim_fault;

typedef struct {
    const char *kind; /* DESIGN §6 finding kinds */
    ptxsim_severity severity;
    const char *message;
    int ptx_line;                 /* 0 = unknown */
    int source_file, source_line; /* .loc; 0 = none */
    unsigned block[3], thread[3];
    uint64_t address;
    bool has_address;
    uint64_t count; /* occurrences folded into this finding */
} ptxsim_finding;

const ptxsim_stats *ptxsim_report_stats(const ptxsim_report *r);
/* The fault that stopped the kernel, NULL when it completed. */
const ptxsim_fault *ptxsim_report_fault(const ptxsim_report *r);
int ptxsim_report_finding_count(const ptxsim_report *r);
bool ptxsim_report_finding(const ptxsim_report *r, int i, ptxsim_finding *out);
bool ptxsim_report_has_errors(const ptxsim_report *r); /* an error-severity finding or a fault */
/* What the kernel printed with printf (a CUDA program's stdout): CTA by CTA in the order of
 * their linear index, each CTA's lines in the order it printed them, a warp's lanes in lane order
 * (docs/engine.md, "Device runtime"). NUL-terminated; "" when nothing was printed; *len
 * (optional) receives the length. Owned by the report. */
const char *ptxsim_report_output(const ptxsim_report *r, size_t *len);
/* The same for the messages of failed asserts, which the CUDA driver writes to stderr. */
const char *ptxsim_report_error_output(const ptxsim_report *r, size_t *len);
bool ptxsim_report_checked(const ptxsim_report *r); /* ran with checkers */

/* One "expect" entry's outcome (ptxsim_case_get_comparison), for reports: elements compared, how
 * many differ, the first that does (index and bits), and for f32/f64 buffers the largest distance
 * in ulps among the differing finite elements. */
typedef struct {
    const char *buffer, *type;
    uint64_t elements, mismatches, first_mismatch;
    uint64_t got_bits, expected_bits; /* of the first mismatch (the element's bytes, little-endian) */
    bool has_max_ulp;
    uint64_t max_ulp;
    bool tolerance; /* the expectation declares a tolerance */
    /* Set by a comparer that counts them (ptxsim diff): the elements whose bits differ but that
     * pass the tolerance. ptxsim_case_get_comparison leaves has_tolerated false. */
    bool has_tolerated;
    uint64_t tolerated;
} ptxsim_comparison;

/* Written reports (docs/verifier.md): text and SARIF for launches with checkers, JSON for any. */
typedef struct {
    const char *ptx_path; /* for locations */
    const char *kernel, *arch;
    int max_findings;    /* 0 = all */
    unsigned only_kinds; /* bit (1 << ptxsim_finding_kind_lookup(kind)) per kind; 0 = all */
    ptxsim_severity min_severity;
    /* For the JSON report (docs/report.md, schema tests/verify/schema/report.schema.json), all
     * optional: the command that made it ("run", "check"), the launch's shape, the comparisons
     * with "expect" (ptxsim_case_get_comparison) and the process's exit status (-1: none; 0 in
     * a zero-initialised format means status 0 only when command is set). */
    const char *command;
    unsigned grid[3], block[3], cluster[3], shared_bytes;
    const ptxsim_comparison *comparisons;
    int ncomparisons;
    int exit_status;
    bool color; /* text: ANSI colours for severities (a terminal's, like a compiler's) */
    /* SARIF: artifact paths under source_root are written relative to it (uriBaseId %SRCROOT%;
     * NULL: the working directory); tool_version is tool.driver.version (NULL: "0.1"); the
     * invocation's exitCode is exit_status. */
    const char *source_root, *tool_version;
} ptxsim_report_format;
void ptxsim_report_write_text(const ptxsim_report *r, const ptxsim_report_format *f, FILE *out);
ptxsim_status ptxsim_report_write_json(const ptxsim_report *r, const ptxsim_report_format *f, const char *path);
/* The same JSON report as one line of text, for a client that embeds it in a document of its own
 * (ptxsim diff --json, docs/report.md). malloc'd: free it with free(); NULL when out of memory. */
char *ptxsim_report_json_text(const ptxsim_report *r, const ptxsim_report_format *f);
/* The JSON report of n launches run in order (a multi-launch manifest, docs/report.md): the last
 * launch's report, its exit_status the whole run's, with "launches": each one's report. */
ptxsim_status ptxsim_report_write_json_launches(const ptxsim_report *const *r, const ptxsim_report_format *f, int n,
                                                const char *path);
ptxsim_status ptxsim_report_write_sarif(const ptxsim_report *r, const ptxsim_report_format *f, const char *path);
/* The SARIF of n launches run in order, as one run (docs/verifier.md): with n > 1 every result
 * names its launch and kernel; the invocation's exit code is f[n-1].exit_status. */
ptxsim_status ptxsim_report_write_sarif_launches(const ptxsim_report *const *r, const ptxsim_report_format *f, int n,
                                                 const char *path);
void ptxsim_report_free(ptxsim_report *r);

/* SARIF 2.1.0 for findings a client gathered itself (ptxsim exec): findings_json is a JSON array of
 * findings as the JSON report holds them (docs/report.md), each optionally with "kernel" and
 * "launches"; the log has the same shape as ptxsim_report_write_sarif's (docs/verifier.md). */
typedef struct {
    const char *source_root;  /* NULL: the working directory */
    const char *tool_version; /* NULL: "0.1" */
    int exit_code;            /* invocations[0].exitCode; -1: not written */
    bool execution_successful;
    const char *const *arguments; /* NULL-terminated command line; NULL: not written */
} ptxsim_sarif_info;
ptxsim_status ptxsim_sarif_write_findings(const char *findings_json, const ptxsim_sarif_info *info, const char *path);

/* The counters of one PTX line of a checked launch, Nsight Compute's source-page metrics: every
 * per-line table of the checkers merged. A counter is 0 when its checker was off or saw nothing
 * on the line. Lines of the module's own PTX file only (a linked program's report has none). */
typedef struct {
    int ptx_line;
    int source_file, source_line; /* .loc of the line's instruction; 0 = none */
    /* PTXSIM_CHECK_PROFILE: warp-level executions, and the active lanes summed over them */
    uint64_t warp_executions, thread_executions;
    /* PTXSIM_CHECK_BANK: shared-memory instructions executed, their wavefronts, the wavefronts
     * they would take without bank conflicts (bank conflicts = the difference), worst n-way */
    uint64_t shared_executions, shared_wavefronts, shared_ideal_wavefronts;
    unsigned shared_worst_way;
    /* PTXSIM_CHECK_COALESCE: global requests, 32-byte sectors, and the fewest sectors the bytes
     * asked for could take */
    uint64_t global_requests, global_sectors, global_ideal_sectors;
    /* PTXSIM_CHECK_DIVERGENCE: conditional branches executed (warp level), of which divergent;
     * lanes that jumped and lanes that fell through, summed */
    uint64_t branch_executions, branch_divergent, taken_lanes, not_taken_lanes;
} ptxsim_line_counters;
/* Lines with any counter, in PTX line order; 0 for a report without checkers. */
int ptxsim_report_line_count(const ptxsim_report *r);
bool ptxsim_report_line(const ptxsim_report *r, int i, ptxsim_line_counters *out);
/* The path .file `index` of the launch's module names (as written), NULL when none. */
const char *ptxsim_report_source_file(const ptxsim_report *r, int index);

/* The HTML source view (docs/html.md): one self-contained page (inline CSS and script, nothing
 * fetched) with a sidebar of the launches and, per launch, the CUDA source and the PTX side by
 * side, each line with its counters as a heat bar and its findings inline, and sortable tables
 * of the hottest lines. CUDA files come from the module's .file paths: absolute, or looked up
 * under source_root, the PTX file's folder and the folders above it; a file that cannot be read
 * is named on the page and the PTX is shown alone. */
typedef struct {
    const ptxsim_report *report; /* of a launch with checkers */
    ptxsim_report_format format; /* ptx_path: the file shown (read again; it must be the PTX the
                                   * module was loaded from, checked line by line) */
    const char *ptx_text;        /* the PTX itself, instead of reading format.ptx_path */
    size_t ptx_len;
    unsigned grid[3], block[3];
    const char *label; /* the sidebar's name for it; NULL: the kernel's */
} ptxsim_html_launch;
typedef struct {
    const char *title;       /* NULL: "ptxsim report" */
    const char *source_root; /* NULL: none */
} ptxsim_html_options;
/* Writes the page to path ("-": stdout). PTXSIM_ERR_IO when a file cannot be read or written,
 * PTXSIM_ERR_INVALID_ARGUMENT for a launch without checkers or PTX that is not the module's,
 * PTXSIM_ERR_UNSUPPORTED for a linked program; the reason goes to err (errlen bytes). */
ptxsim_status ptxsim_report_write_html(const ptxsim_html_launch *launches, int n, const ptxsim_html_options *o,
                                       const char *path, char *err, size_t errlen);

int ptxsim_finding_kind_count(void);
const char *ptxsim_finding_kind_name(int kind);
int ptxsim_finding_kind_lookup(const char *name); /* -1 when unknown */

/* ---- cases: one launch described by a manifest (DESIGN §6), as `ptxsim run` uses them -------- */
typedef struct ptxsim_case ptxsim_case;
typedef struct {
    const char *path, *ptx_path, *kernel; /* ptx_path: the first module's */
    const char *arch;                     /* NULL: the module's .target */
    unsigned grid[3], block[3], shared_bytes;
    int buffers;
    unsigned cluster[3]; /* all 0 when the manifest gives no "cluster" */
    /* every module's path ("ptx": ["a.ptx", "b.ptx"] links them: ptxsim_module_link_files) */
    const char *const *ptx_paths;
    int n_ptx;
    const char *expect_output; /* "expect_output" file (the kernel's printed text), or NULL */
    /* "launches": [...] (docs/manifest.md): how many, and which one kernel..cluster describe (the
     * latest ptxsim_case_launch_at's, 0 before any); 1 and 0 for a single-launch manifest */
    int launches, launch;
} ptxsim_case_info;

/* Reads and validates a manifest strictly (docs/limits.md); on failure the message goes to err as
 * "PATH:LINE:COL: error: JSON.PATH: what". File references stay inside the manifest's folder. */
ptxsim_status ptxsim_case_load(const char *path, ptxsim_case **out, char *err, size_t errlen);
/* What a manifest may reach and ask for. */
typedef struct {
    const char *const *allow_paths; /* folders references may reach besides the manifest's own */
    int n_allow_paths;
    uint64_t max_bytes; /* the most the buffers may total; 0: 4 GiB */
} ptxsim_case_policy;
ptxsim_status ptxsim_case_load_with(const char *path, const ptxsim_case_policy *policy, ptxsim_case **out, char *err,
                                    size_t errlen);
void ptxsim_case_free(ptxsim_case *c);
void ptxsim_case_get_info(const ptxsim_case *c, ptxsim_case_info *out);
/* Allocates and fills the case's buffers in ctx and launches its kernel of m with them
 * (uninitialised buffers marked for the init checker). Statuses as ptxsim_launch. A case with
 * several launches is refused (PTXSIM_ERR_INVALID_ARGUMENT): run those with ptxsim_case_launch_at. */
ptxsim_status ptxsim_case_launch(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, ptxsim_report **report);
/* How many launches the case holds ("launches": [...]; 1 for a single-launch manifest). */
int ptxsim_case_launch_count(const ptxsim_case *c);
/* Runs launch i of the case: i == 0 allocates and fills the buffers (as ptxsim_case_launch); each
 * later launch must follow the one before it (i == the previous launch + 1) and runs on the
 * buffers as that one left them, its own parameters packed. ptxsim_case_compare then checks that
 * launch's "expect" (the last one's includes the top-level "expect"), and ptxsim_case_get_info
 * describes it. Only launch 0 marks "init": "none" buffers for the init checker; later launches
 * see every buffer as initialised. */
ptxsim_status ptxsim_case_launch_at(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, int i,
                                    ptxsim_report **report);
/* After ptxsim_case_launch: the final buffers as DIR/<buffer>.bin. */
ptxsim_status ptxsim_case_write_outputs(ptxsim_context *ctx, const ptxsim_case *c, const char *dir);
/* After ptxsim_case_launch: compares with the manifest's "expect" files, printing one line per
 * buffer (and mismatches) to out, and the kernel's printed output with "expect_output". Returns
 * the number of buffers (and output) that differ, -1 on an I/O error (message in
 * ptxsim_context_message). */
int ptxsim_case_compare(ptxsim_context *ctx, const ptxsim_case *c, FILE *out);
/* The latest ptxsim_case_compare's outcome per "expect" entry (ptxsim_comparison, above); count 0
 * before a compare. */
int ptxsim_case_comparison_count(const ptxsim_case *c);
bool ptxsim_case_get_comparison(const ptxsim_case *c, int i, ptxsim_comparison *out);
/* After ptxsim_case_launch: the device address of buffer `name`, and its size. */
ptxsim_status ptxsim_case_buffer(const ptxsim_case *c, const char *name, uint64_t *addr, uint64_t *bytes);

/* What a case holds, for clients that run it elsewhere (the GPU harness, gpu/gpu.h): its
 * buffers, parameters and expected outputs. Strings are owned by the case. */
typedef struct {
    const char *name;
    const char *type; /* element type as PTX names it: "f32", "s32", "b16", … */
    int elem_bytes;   /* 1, 2, 4 or 8 */
    uint64_t count, bytes;
    bool initialized; /* false for "init": "none" (contents undefined before the launch) */
    uint64_t addr;    /* device address in the context once prepared, else 0 */
} ptxsim_case_buffer_info;
/* Buffer i (0 <= i < ptxsim_case_info.buffers), in manifest order; false when out of range. */
bool ptxsim_case_get_buffer(const ptxsim_case *c, int i, ptxsim_case_buffer_info *out);

/* One "expect" entry: buffer index, expected file, and tolerance (docs/gpu.md). */
typedef struct {
    int buffer;
    const char *file;   /* resolved path */
    bool has_tolerance; /* false: bit for bit */
    double abs, rel;    /* |got-want| <= abs + rel·|want|; negative: not given */
    uint64_t ulp;       /* at most this many units in the last place; 0: not given */
} ptxsim_case_expect;
int ptxsim_case_expect_count(const ptxsim_case *c);
bool ptxsim_case_get_expect(const ptxsim_case *c, int i, ptxsim_case_expect *out);
/* Kernel parameter i passes the device address of buffer ptxsim_case_param_buffer(c, i); -1 when
 * it is a value (or i is out of range). Offsets and sizes come from ptxsim_kernel_param. */
int ptxsim_case_param_buffer(const ptxsim_case *c, int i);

/* A tensor map (manifest parameter kind "tensormap", docs/tma.md): the description a GPU
 * harness gives cuTensorMapEncodeTiled (im2col 0) or cuTensorMapEncodeIm2col (im2col 1: the
 * box is unused; lower/upper corners W first, channels per pixel, pixels per column). Enumerations are numbered as CUtensorMapDataType,
 * CUtensorMapSwizzle, CUtensorMapL2promotion and CUtensorMapFloatOOBfill number them. */
typedef struct {
    int type;
    unsigned rank;       /* 1..5 */
    uint64_t dims[5];    /* elements per dimension, innermost first */
    uint64_t strides[5]; /* bytes; strides[0] is the element size */
    uint32_t box[5], estrides[5];
    int swizzle, l2, fill;
    int buffer; /* the case buffer holding element (0, ..., 0) */
    int im2col;
    int lower[3], upper[3];
    uint32_t cpp, ppc;
} ptxsim_tensormap;
/* Whether kernel parameter i is a tensor map; if so fills *out. */
bool ptxsim_case_param_tensormap(const ptxsim_case *c, int i, ptxsim_tensormap *out);
/* Whether kernel parameter i is a texture or surface object (manifest kinds "texture" and
 * "surface", docs/textures.md): its value is a handle only ptxsim understands. */
bool ptxsim_case_param_texture(const ptxsim_case *c, int i);

/* The first half of ptxsim_case_launch: allocates the case's buffers in ctx, fills them, and packs
 * the kernel's parameters (buffer parameters hold the buffers' device addresses) for kernel
 * ptxsim_case_info.kernel of m. *params (valid until the case is prepared, launched or freed
 * again) and *params_size receive the packed buffer; either may be NULL. PTXSIM_ERR_CASE when the
 * manifest does not fit the kernel (message in ptxsim_context_message). */
ptxsim_status ptxsim_case_prepare(ptxsim_context *ctx, ptxsim_case *c, ptxsim_module *m, const void **params,
                                  size_t *params_size);
/* ptxsim_case_prepare refuses a case with several launches (PTXSIM_ERR_INVALID_ARGUMENT). */

/* A PTX fundamental type by name ("f32", "s8", "bf16", "f16x2", …): its size in bytes and its
 * class. False when the name is not a type. */
typedef enum {
    PTXSIM_TYPE_BITS,
    PTXSIM_TYPE_UINT,
    PTXSIM_TYPE_SINT,
    PTXSIM_TYPE_FLOAT,
    PTXSIM_TYPE_PACKED,
    PTXSIM_TYPE_PRED
} ptxsim_type_class;
bool ptxsim_type_query(const char *name, int *bytes, ptxsim_type_class *cls);

/* ---- one call for mock-GPU test suites ------------------------------------------------------ */
/* gpuocelot's ptx_run, the function tinygrad's mock CUDA backend loads: runs the first kernel of
 * ptx_source on a fresh context (the module's .target, or $PTXSIM_ARCH) with blocks of
 * (block_x, block_y, block_z) threads in a grid of (grid_x, grid_y, grid_z) — block first — and
 * shared_mem bytes of dynamic shared memory, and returns when it has finished. args[i] IS kernel
 * parameter i's value, not a pointer to it: a parameter of n <= 8 bytes receives the low n bytes
 * of the pointer-sized slot (an s32 parameter the low 32 bits); a wider parameter is refused.
 * A buffer parameter's value is a host pointer the caller owns: host-memory mode, where the kernel
 * reads and writes that memory in place. A pointer into memory registered with
 * ptx_register_host is bounds-checked against the registration; any other pointer only against
 * the host memory holding it (its /proc/self/maps mapping and the read-write mappings that
 * continue it without a gap). An access outside is a fault (reported, never a
 * crash). Returns nothing, as gpuocelot's does: an error is printed on stderr ("ptx_run: error:
 * ...") and ptxsim_ptx_run_last_status tells this thread's last outcome. Thread-safe. */
void ptx_run(const char *ptx_source, int n_args, void **args, int block_x, int block_y, int block_z, int grid_x,
             int grid_y, int grid_z, int shared_mem);
/* The same launch with args[i] pointing at parameter i's value (as cuLaunchKernel's
 * kernelParams, so parameters of any size, structs included). Returns 0 (PTXSIM_OK) or a
 * ptxsim_status with the reason on stderr. */
int ptxsim_ptx_run(const char *ptx_source, int n_args, void **args, int block_x, int block_y, int block_z, int grid_x,
                   int grid_y, int grid_z, int shared_mem);
/* The status of the calling thread's last ptx_run or ptxsim_ptx_run (PTXSIM_OK before any). */
int ptxsim_ptx_run_last_status(void);
/* Declares [host, host+bytes) one buffer for ptx_run's bounds checks (process-wide, until
 * unregistered); fails on an overlap with another registration. */
int ptx_register_host(void *host, size_t bytes);
int ptx_unregister_host(void *host);

#ifdef __cplusplus
}
#endif

#endif
