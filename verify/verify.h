/* verify.h — the verifier: checkers attached to the engine's events (sim/observer.h) that count
 * what hurts (bank conflicts, divergence, uncoalesced accesses) and find what breaks (races,
 * barrier misuse, out-of-bounds and uninitialised accesses), then report it (DESIGN §4, §6). */
#ifndef PTXSIM_VERIFY_H
#define PTXSIM_VERIFY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sim.h"

/* Finding kinds (DESIGN §6), in report order. */
// clang-format off
#define PS_FINDING_KINDS(X)                              \
    X(RACE, "race")                                      \
    X(OUT_OF_BOUNDS, "out-of-bounds")                    \
    X(MISALIGNED, "misaligned")                          \
    X(UNINITIALIZED, "uninitialized")                    \
    X(BARRIER_DIVERGENCE, "barrier-divergence")          \
    X(DEADLOCK, "deadlock")                              \
    X(INVALID_WARP_SYNC, "invalid-warp-sync")            \
    X(TRAP, "trap")                                      \
    X(WATCHDOG, "watchdog")                              \
    X(STACK_OVERFLOW, "stack-overflow")                  \
    X(UNSUPPORTED, "unsupported")                        \
    X(BANK_CONFLICT, "bank-conflict")                    \
    X(DIVERGENCE, "divergence")                          \
    X(UNCOALESCED, "uncoalesced")
// clang-format on

typedef enum {
#define X(id, name) PS_FIND_##id,
    PS_FINDING_KINDS(X)
#undef X
        PS_FIND_COUNT
} ps_finding_kind;

typedef enum { PS_SEV_NOTE, PS_SEV_WARNING, PS_SEV_ERROR } ps_severity;

/* One side of a finding: where and who. */
typedef struct {
    int ptx_line;           /* 0 = unknown */
    int src_file, src_line; /* .loc; 0 = none */
    unsigned block[3], thread[3];
    uint64_t address;
    bool has_address;
    bool is_write;
} ps_site;

typedef struct {
    ps_finding_kind kind;
    ps_severity severity;
    char message[400];
    ps_site at;    /* the access / instruction found */
    ps_site other; /* races: the conflicting access; has_other says whether set */
    bool has_other;
    uint64_t count; /* occurrences folded into this finding (deduplicated by kind+lines) */
    uint32_t lanes; /* a fault: the lanes of its warp instruction that fault (ps_fault.lanes); 0: not counted */
} ps_finding;

/* Per-instruction shared-memory statistics (bank conflicts), per PTX line. */
typedef struct {
    int ptx_line, src_line;
    int kind; /* PS_ACC_* */
    uint64_t executions, wavefronts, ideal_wavefronts;
    unsigned worst_way; /* worst n-way conflict seen */
    unsigned size;      /* bytes per lane of the access (the whole vector) */
    /* counters as the SASS executes them: the PTX lines (this one included, by address) that
     * ptxas merges into one access of merged_bytes per lane; nmerged 0: not merged. The group's
     * first instruction carries its counts, the others count nothing. */
    int merged_lines[4], nmerged;
    unsigned merged_bytes;
} ps_line_bank_stats;

/* Per-instruction global-memory statistics (coalescing), per PTX line. */
typedef struct {
    int ptx_line, src_line;
    int kind;      /* PS_ACC_* */
    unsigned size; /* bytes per lane */
    uint64_t requests, sectors, ideal_sectors;
} ps_line_global_stats;

/* Per-branch statistics (divergence), per PTX line. */
typedef struct {
    int ptx_line, src_line;
    uint64_t executions, divergent;
    uint64_t taken_lanes, not_taken_lanes; /* summed over executions */
} ps_line_branch_stats;

/* Per-instruction execution counts (PS_CHECK_PROFILE), per PTX line. */
typedef struct {
    int ptx_line, src_file, src_line;
    uint64_t warp_executions;   /* times a warp executed it */
    uint64_t thread_executions; /* active lanes at it, summed (guarded-off lanes included, as in
                                 * the launch's thread_instructions) */
} ps_line_exec_stats;

/* The per-line tables of a launch merged by PTX line (report_lines.c): what the HTML report and
 * ptxsim_report_line show. A field is 0 when its checker did not run or saw nothing there. */
typedef struct {
    int ptx_line, src_file, src_line;            /* .loc of the line's instruction; 0 = none */
    uint64_t warp_executions, thread_executions; /* PS_CHECK_PROFILE */
    uint64_t shared_executions, shared_wavefronts, shared_ideal_wavefronts; /* PS_CHECK_BANK */
    unsigned shared_worst_way;
    uint64_t global_requests, global_sectors, global_ideal_sectors;             /* PS_CHECK_COALESCE */
    uint64_t branch_executions, branch_divergent, taken_lanes, not_taken_lanes; /* DIVERGENCE */
} ps_line_counters;

typedef struct {
    struct {
        uint64_t instructions, wavefronts, bank_conflicts;
    } shared[3]; /* load, store, atomic */
    struct {
        uint64_t requests, sectors;
    } global[2]; /* load, store */
    uint64_t branches, divergent_branches;
} ps_verify_stats;

enum {
    PS_CHECK_BANK = 1u << 0,
    PS_CHECK_COALESCE = 1u << 1,
    PS_CHECK_DIVERGENCE = 1u << 2,
    PS_CHECK_RACE = 1u << 3,
    PS_CHECK_BARRIER = 1u << 4,
    PS_CHECK_MEMORY = 1u << 5,
    PS_CHECK_INIT = 1u << 6,
    PS_CHECK_ALL = 0x7f,
    /* per-instruction execution counts (check_profile.c): an event per warp instruction, so
        * not part of PS_CHECK_ALL; the HTML report asks for it */
    PS_CHECK_PROFILE = 1u << 7,
    /* not a checker: count shared-memory accesses per PTX instruction (`check --counters ptx`)
     * instead of as the SASS that ptxas makes of them (sim/sass_merge.c, the default) */
    PS_CHECK_PTX_COUNTERS = 1u << 8
};

typedef struct ps_verifier ps_verifier;

/* A verifier for one launch of a kernel of `m` on `arch` (bank model per architecture). */
ps_verifier *ps_verifier_create(const ps_module *m, const ps_arch *arch, unsigned checks);
void ps_verifier_destroy(ps_verifier *v);
/* Declares [addr, addr+bytes) of device memory as never written (manifest "init": "none"), so
 * reads before writes are reported as uninitialised. Call before the launch. */
void ps_verifier_mark_uninitialized(ps_verifier *v, uint64_t addr, uint64_t bytes);
/* The observer to put in ps_launch_config.observer. */
const ps_observer *ps_verifier_observer(ps_verifier *v);
/* After the launch: turns the launch's fault (if any) into a finding and sorts findings. */
void ps_verifier_finish(ps_verifier *v, const ps_launch_result *res);

const ps_verify_stats *ps_verifier_stats(const ps_verifier *v);
int ps_verifier_finding_count(const ps_verifier *v);
const ps_finding *ps_verifier_finding(const ps_verifier *v, int i);
/* Per-line tables, sorted by PTX line; each returns the row count. */
int ps_verifier_line_stats(const ps_verifier *v, const ps_line_bank_stats **rows);
int ps_verifier_global_lines(const ps_verifier *v, const ps_line_global_stats **rows);
int ps_verifier_branch_lines(const ps_verifier *v, const ps_line_branch_stats **rows);
int ps_verifier_exec_lines(const ps_verifier *v, const ps_line_exec_stats **rows);
/* All of them merged by PTX line, sorted by line, into *rows (the caller frees it); returns the
 * row count. Only lines of the module's own PTX file: a linked program's other parts have line
 * numbers of other files (ps_verifier_single_file says whether there are any). */
int ps_verifier_line_counters(const ps_verifier *v, ps_line_counters **rows);
bool ps_verifier_single_file(const ps_verifier *v);
const ps_module *ps_verifier_module(const ps_verifier *v);
/* Findings dropped because too many distinct ones were found (each still counted here). */
uint64_t ps_verifier_dropped_findings(const ps_verifier *v);
const char *ps_finding_kind_name(ps_finding_kind k);
/* "race" → PS_FIND_RACE; -1 when unknown. */
int ps_finding_kind_lookup(const char *name);
const char *ps_severity_name(ps_severity s);
bool ps_verifier_has_errors(const ps_verifier *v);

/* Reports. */
typedef struct {
    const char *ptx_path; /* for locations */
    const char *kernel;
    const char *arch;
    int max_findings;    /* 0 = all */
    unsigned only_kinds; /* bit per ps_finding_kind; 0 = all */
    ps_severity min_severity;
    /* For the JSON report of DESIGN §6 (one model for run, check and exec; docs/report.md). */
    const char *command;                                  /* "run", "check", ...; NULL: not written */
    unsigned grid[3], block[3], cluster[3], shared_bytes; /* grid[0] == 0: no "launch" */
    const struct ps_report_comparison *comparisons;
    int ncomparisons;
    int exit_status;          /* -1: not written */
    bool color;               /* text: ANSI colours for severities and kinds */
    const char *source_root;  /* SARIF: paths relative to it; NULL: the working directory */
    const char *tool_version; /* SARIF: tool.driver.version; NULL: "0.1" */
} ps_report_options;

/* One "expect" entry's outcome, as the report shows it. */
typedef struct ps_report_comparison {
    const char *buffer, *type;
    uint64_t elements, mismatches, first_mismatch, got_bits, expected_bits, max_ulp;
    bool has_max_ulp, tolerance;
    bool has_tolerated; /* the comparer counted the elements a tolerance let pass (diff) */
    uint64_t tolerated; /* elements whose bits differ but pass the tolerance */
} ps_report_comparison;

void ps_report_text(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o, FILE *out);
/* The JSON report; v NULL for a launch without checkers (its statistics and fault only). */
int ps_report_json(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o, const char *path);
/* The same report as compact JSON text, malloc'd, for a client that embeds it in its own document
 * (ptxsim diff --json); NULL when out of memory. */
char *ps_report_json_text(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o);
/* A multi-launch manifest's JSON report: the last launch's report (os[n-1].exit_status the whole
 * run's) with "launches": every launch's report in order (docs/report.md). */
int ps_report_json_launches(const ps_verifier *const *vs, const ps_launch_result *const *res,
                            const ps_report_options *os, int n, const char *path);
int ps_report_sarif(const ps_verifier *v, const ps_launch_result *res, const ps_report_options *o, const char *path);
/* n launches run in order, as one SARIF run: with n > 1 each finding carries "kernel" and
 * "launch" (its index); the invocation's exit code is os[n-1].exit_status. */
int ps_report_sarif_launches(const ps_verifier *const *vs, const ps_launch_result *const *res,
                             const ps_report_options *os, int n, const char *path);

/* SARIF 2.1.0 from findings as the JSON report holds them (report_sarif.c): every client writes
 * one shape. A finding may carry "kernel", "launch" and "launches" besides DESIGN §6's keys. Returns 0; -1
 * with errno when the source root cannot be resolved or the file cannot be written. */
typedef struct {
    const char *source_root;  /* paths under it are written relative to %SRCROOT%; NULL: "." */
    const char *tool_version; /* tool.driver.version; NULL: "0.1" */
    int exit_code;            /* invocations[0].exitCode; -1: not written */
    bool execution_successful;
    const char *const *arguments; /* NULL-terminated; NULL: not written */
} ps_sarif_options;
struct cJSON;
int ps_sarif_write(const struct cJSON *findings, const ps_sarif_options *so, const char *path);

/* The HTML source view (report_html.c, docs/html.md): one self-contained page for one or more
 * launches, the CUDA source and the PTX side by side with each line's counters and findings. */
typedef struct {
    const ps_verifier *v;
    const ps_launch_result *res;
    ps_report_options o;  /* o.ptx_path: the PTX file shown (read again; it must be the one
                             * the module was loaded from) */
    const char *ptx_text; /* the PTX itself instead of reading o.ptx_path; NULL: read it */
    size_t ptx_len;
    unsigned grid[3], block[3];
    const char *label; /* what the sidebar calls the launch; NULL: "launch N" */
} ps_html_launch;
typedef struct {
    const char *title;       /* NULL: "ptxsim report" */
    const char *source_root; /* looked in first for .file paths; NULL: none */
} ps_html_options;
/* Writes the page to path ("-": stdout). Returns 0; -1 when a file cannot be read or written,
 * -2 when the PTX is not the module's (the reason in err). Launches of linked programs (several
 * PTX files) are the caller's to refuse (ps_verifier_single_file). */
int ps_report_html(const ps_html_launch *launches, int n, const ps_html_options *ho, const char *path, char *err,
                   size_t errlen);

/* ---- register pressure (regpressure.c, docs/registers.md) ---------------------------------- */
/* Register width classes: predicates, 8/16-bit, 32-bit, 64-bit, 128-bit. */
enum { PS_RC_PRED, PS_RC_16, PS_RC_32, PS_RC_64, PS_RC_128, PS_RC_COUNT };
typedef struct {
    int declared[PS_RC_COUNT], declared32; /* registers the function declares */
    int peak[PS_RC_COUNT];                 /* per class, the most live at once */
    int peak32;                            /* the most 32-bit equivalents live at once (64-bit: 2) */
    int peak_line;                         /* the PTX line where peak32 is first reached */
    int ninsns;
    int *line, *live32, *live_pred; /* per instruction: PTX line, live after it */
} ps_regpressure;
/* Liveness of f's virtual registers over the control-flow graph g (sim/cfg.h; NULL: f's, built
 * here). */
void ps_regpressure_compute(const ps_func *f, const ps_cfg *g, ps_regpressure *out);
void ps_regpressure_free(ps_regpressure *p);

#endif
