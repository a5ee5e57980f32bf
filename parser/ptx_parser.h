/* ptx_parser.h — the PTX module as data (AST in one arena) and the parser that builds it.
 * Names are resolved while parsing: register operands carry dense per-function indices,
 * variables and functions point at their declarations, labels at instruction indices. */
#ifndef PTXSIM_PTX_PARSER_H
#define PTXSIM_PTX_PARSER_H

#include "common.h"
#include "isa.h"

typedef enum {
    PS_SPACE_NONE,
    PS_SPACE_GLOBAL,
    PS_SPACE_SHARED,
    PS_SPACE_LOCAL,
    PS_SPACE_CONST,
    PS_SPACE_PARAM, /* kernel params, device-function params and call-site .param decls */
    PS_SPACE_TEX,
    PS_SPACE_GENERIC,
} ps_space;

typedef struct ps_var ps_var;
typedef struct ps_func ps_func;

/* An address inside an initialiser: init bytes [offset, offset+size) hold &symbol + addend. */
typedef struct {
    uint64_t offset;
    int size;
    ps_var *var;    /* one of var/func is set */
    ps_func *func;
    int64_t addend;
    bool generic;   /* generic(sym): a generic address rather than a space offset */
} ps_reloc;

struct ps_var {
    const char *name;
    ps_space space;
    ps_type type;
    int vec;            /* 1, 2, 4 or 8 */
    int align;          /* bytes; natural alignment when not written */
    uint64_t size;      /* bytes; 0 for unsized arrays (extern .shared x[]) */
    bool is_extern, is_visible, is_weak, is_common, unsized;
    bool is_array;      /* declared with [dims]: name[K] operands index it */
    bool ptr_attr;      /* .ptr on kernel params (ignored semantically) */
    bool is_reg;        /* a .func parameter or return value declared .reg: register `reg` of
                         * the function (the name resolves to that register in the body) */
    int reg;
    uint8_t *init;      /* size bytes, or NULL */
    ps_reloc *relocs;
    int nrelocs;
    int line, col;
    /* Filled by the loader: offset within its space / frame. */
    uint64_t offset;
    int index;
};

typedef struct {
    const char *name;
    ps_type type;
} ps_reg;

/* Special registers (%tid.x ...). Component 0..3 = x,y,z,w where relevant. */
#define PS_SREG_LIST(X)                                                                   \
    X(TID, "%tid") X(NTID, "%ntid") X(CTAID, "%ctaid") X(NCTAID, "%nctaid")               \
    X(LANEID, "%laneid") X(WARPID, "%warpid") X(NWARPID, "%nwarpid") X(SMID, "%smid")     \
    X(NSMID, "%nsmid") X(GRIDID, "%gridid") X(LANEMASK_EQ, "%lanemask_eq")                \
    X(LANEMASK_LE, "%lanemask_le") X(LANEMASK_LT, "%lanemask_lt")                         \
    X(LANEMASK_GE, "%lanemask_ge") X(LANEMASK_GT, "%lanemask_gt") X(CLOCK, "%clock")      \
    X(CLOCK_HI, "%clock_hi") X(CLOCK64, "%clock64") X(GLOBALTIMER, "%globaltimer")        \
    X(GLOBALTIMER_LO, "%globaltimer_lo") X(GLOBALTIMER_HI, "%globaltimer_hi")             \
    X(DYNAMIC_SMEM_SIZE, "%dynamic_smem_size") X(TOTAL_SMEM_SIZE, "%total_smem_size")     \
    X(AGGR_SMEM_SIZE, "%aggr_smem_size") X(CLUSTERID, "%clusterid")                       \
    X(NCLUSTERID, "%nclusterid") X(CLUSTER_CTAID, "%cluster_ctaid")                       \
    X(CLUSTER_NCTAID, "%cluster_nctaid") X(CLUSTER_CTARANK, "%cluster_ctarank")           \
    X(CLUSTER_NCTARANK, "%cluster_nctarank") X(IS_EXPLICIT_CLUSTER, "%is_explicit_cluster") \
    X(ENVREG, "%envreg") X(PM, "%pm") X(RESERVED_SMEM_OFFSET_BEGIN, "%reserved_smem_offset_begin") \
    X(RESERVED_SMEM_OFFSET_END, "%reserved_smem_offset_end")                              \
    X(RESERVED_SMEM_OFFSET_CAP, "%reserved_smem_offset_cap")                              \
    X(CURRENT_GRAPH_EXEC, "%current_graph_exec")

typedef enum {
#define X(id, name) PS_SREG_##id,
    PS_SREG_LIST(X)
#undef X
    PS_SREG_COUNT
} ps_sreg;

typedef enum {
    PS_OP_REG,      /* reg */
    PS_OP_IMM,      /* imm: integer bits (or f64 bits of a decimal float, is_float) */
    PS_OP_IMM_F32,  /* imm: 0fXXXXXXXX bits */
    PS_OP_IMM_F64,  /* imm: 0dXXXXXXXXXXXXXXXX or decimal float bits */
    PS_OP_SREG,     /* sreg, comp */
    PS_OP_VAR,      /* var (+ offset): the variable's address as a value */
    PS_OP_FUNC,     /* func */
    PS_OP_LABEL,    /* label */
    PS_OP_ADDR,     /* [reg + offset] | [var + offset] | [offset] */
    PS_OP_VEC,      /* {items} */
    PS_OP_LIST,     /* (items) — call argument lists */
    PS_OP_SINK,     /* _ */
} ps_opkind;

/* Video selectors: PS_SEL_HALF for .hN…, PS_SEL_BYTE for .bN…; the digit count minus one in
 * bits 12..13; digit k (k = 0 the leftmost as written) in bits 3k..3k+2. ".b3210" = BYTE |
 * 3 << 12 | digits 3,2,1,0. A selector is never 0, so 0 means "none". */
#define PS_SEL_BYTE 0x8000u
#define PS_SEL_HALF 0x4000u
#define PS_SEL_COUNT(s) ((((s) >> 12) & 3u) + 1)
#define PS_SEL_DIGIT(s, k) (((s) >> (3 * (k))) & 7u)

typedef struct ps_operand ps_operand;
struct ps_operand {
    ps_opkind kind;
    bool neg;        /* !%p (predicate negation) or -x for immediates already folded */
    bool minus;      /* -%r: a negated register (vmad only) */
    bool indexed;    /* written var[K] (PS_OP_VAR; ld/st take it as the address [var+K*size]) */
    bool vreg;       /* PS_OP_VEC written as a vector register's name (its elements are items) */
    int line, col;
    int reg;         /* PS_OP_REG, PS_OP_ADDR base register (-1 if none) */
    int pair_reg;    /* "d|p": the second destination, -1 if none */
    uint64_t imm;
    ps_sreg sreg;
    int comp;
    uint16_t sel;    /* video-instruction selector on a register (%r.b0, %r.h10, %r.b3210):
                      * 0 = none, else PS_SEL_* (see below) */
    ps_var *var;
    ps_func *func;
    int label;       /* index into the function's label table */
    int64_t offset;
    ps_operand *items;
    int nitems;
};

typedef struct {
    ps_form form;
    const ps_form_info *info;
    ps_type types[4];
    int ntypes;
    ps_modset mods;
    int vec;              /* .v2/.v4/.v8 → 2/4/8; 1 otherwise */
    int shape_m, shape_n, shape_k, xnum;
    int guard_reg;        /* -1: unguarded */
    bool guard_neg;
    ps_operand *ops;
    int nops;
    int line, col;        /* of the mnemonic in the PTX file */
    int loc_file, loc_line; /* CUDA source location from .loc; 0 = none */
    const char *text;     /* mnemonic as written */
} ps_insn;

typedef struct {
    const char *name;
    int insn;            /* instruction index the label precedes */
    int *targets;        /* .branchtargets: label indices */
    int ntargets;
    bool defined;
    int line, col;       /* first reference, for "undefined label" */
} ps_label;

struct ps_func {
    const char *name;
    bool is_entry, is_extern, is_visible, is_weak, noreturn, defined;
    ps_var **params;
    int nparams;
    ps_var **rets;
    int nrets;
    ps_reg *regs;
    int nregs, cap_regs;
    ps_var **locals;     /* .local, .param, .shared declared in the body */
    int nlocals, cap_locals;
    ps_insn *insns;
    int ninsns, cap_insns;
    ps_label *labels;
    int nlabels, cap_labels;
    int maxntid[3], reqntid[3], minnctapersm, maxnreg, maxnctapersm;
    /* cluster directives (sm_90): .reqnctapercluster x, y, z (0: none), .maxclusterrank n (0:
     * none), .explicitcluster (the kernel must be launched with cluster dimensions) */
    int reqnctapercluster[3], maxclusterrank;
    bool explicitcluster;
    int line, col;
};

typedef struct {
    ps_arena arena;
    const char *filename;
    int version;            /* major*10+minor */
    const char *target;     /* as written, e.g. "sm_90a" */
    const ps_arch *arch;    /* NULL if the target is unknown */
    bool target_debug;
    int address_size;       /* 32 or 64 */
    ps_var **globals;       /* module-scope variables */
    int nglobals, cap_globals;
    ps_func **funcs;
    int nfuncs, cap_funcs;
    const char **files;     /* .file index → path */
    int nfiles;
} ps_module;

typedef struct {
    const ps_arch *target; /* --target override: check every form against it (NULL: .target) */
} ps_parse_options;

/* Parses src (NUL-terminated, len bytes). On return *out holds the module (even with errors, for
 * tooling) and diags every problem; the status is PS_OK only when diags has no error. */
ps_status ps_parse(const char *filename, const char *src, size_t len, const ps_parse_options *opt,
                   ps_diags *diags, ps_module **out);
void ps_module_free(ps_module *m);

const char *ps_sreg_name(ps_sreg s);
ps_func *ps_module_find_func(const ps_module *m, const char *name);
const char *ps_space_name(ps_space s);

#endif
