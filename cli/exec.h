/* exec.h — `ptxsim exec`: an unmodified host program run with ptxsim as its CUDA driver and
 * runtime (exec.c), the ELF facts it checks first (exec_elf.c), and the report of every launch
 * the program made (exec_report.c). docs/exec.md describes the command. */
#ifndef PTXSIM_CLI_EXEC_H
#define PTXSIM_CLI_EXEC_H

#include <stdbool.h>
#include <stdio.h>

#include "ptxsim.h"

/* `ptxsim exec ...`: argv[0] is "exec". Returns the exit status. */
int ptxsim_cmd_exec(int argc, char **argv);
/* The usage text of `ptxsim help exec`. */
void ptxsim_exec_help(FILE *out);

/* ---- exec_elf.c ------------------------------------------------------------------------------ */
typedef struct {
    bool elf;               /* a 64-bit ELF file whose headers could be read */
    char cudart_needed[64]; /* the DT_NEEDED libcudart.so.N, "" when none */
    bool static_cudart;     /* the CUDA runtime is linked in (nvcc's default -cudart static) */
    bool rpath_has_cuda;    /* a DT_RPATH folder (searched before LD_LIBRARY_PATH) holds a
                             * libcuda.so.1 or libcudart.so.* */
} exec_elf_info;

/* What the program file says about how it reaches CUDA. Never fails: a file that is not a
 * readable 64-bit ELF (a script, say) gives elf = false and nothing else. */
void exec_elf_inspect(const char *path, exec_elf_info *out);

/* ---- exec_report.c --------------------------------------------------------------------------- */
typedef struct {
    bool check;          /* --check: every checker ran */
    bool ptx_counters;   /* --counters ptx: shared accesses counted per PTX instruction */
    bool quiet;          /* --quiet: nothing on success */
    unsigned only_kinds; /* --only: bit per ptxsim_finding_kind_lookup; 0 = all */
    ptxsim_severity min_severity;
    const char *json, *sarif; /* --json, --sarif: NULL when not asked */
    const char *source_root;  /* --source-root: SARIF paths relative to it; NULL: "." */
    const char *html;         /* --html DIR: the launches' HTML pages and an index; NULL: none */
    char *const *program;     /* the program's argv (NULL-terminated) */
    /* how the program ended */
    bool signaled;
    int code; /* exit status, or the signal's number */
} exec_report_options;

typedef struct {
    int processes, launches, kernels;
    int errors, warnings, notes; /* findings reported (after --only and --severity) */
    int failed_launches;         /* faulted, hit the watchdog, unsupported or refused */
    bool any_error;              /* an error finding or a failed launch: --error-exitcode */
} exec_summary;

/* Reads every DIR/launches.*.jsonl the simulator wrote and groups the findings (filtered by
 * --only and --severity); NULL when the folder cannot be read (message printed). Then
 * exec_report_print prints the per-kernel report, and exec_report_write writes --json and
 * --sarif with the exit status ptxsim exec returns (which the caller computes from *sum). */
typedef struct exec_run exec_run;
exec_run *exec_report_load(const char *dir, const exec_report_options *o, exec_summary *sum);
void exec_report_print(const exec_run *r, FILE *out);
/* --json and --sarif; false when a file cannot be written (message on stderr). */
bool exec_report_write(const exec_run *r, int exit_code);
void exec_report_free(exec_run *r);
/* Every launch record the simulator streamed, in report order (a cJSON array). */
const struct cJSON *exec_report_launches(const exec_run *r);
/* --html FILE.html: every launch's "html" becomes FILE.html#launch-N, its section of the one file */
void exec_report_html_in_file(exec_run *r, const char *file);

/* ---- exec_html.c ----------------------------------------------------------------------------- */
/* --html DIR: DIR/index.html, linking the page the simulator wrote for each checked launch
 * (launch-<pid>-<seq>.html) and saying why a launch has none; false when it cannot be written
 * (message on stderr). */
bool exec_html_index(const exec_run *r, const exec_report_options *o, const char *dir, int exit_code);
/* --html FILE.html: one self-contained file, the index above with every launch's page from dir
 * embedded (an iframe's srcdoc, shown when its row is followed); false when it cannot be written */
bool exec_html_file(const exec_run *r, const exec_report_options *o, const char *dir, const char *file, int exit_code);

#endif
