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
    ps_var *var; /* one of var/func is set */
    ps_func *func;
    int64_t addend;
    bool generic; /* generic(sym): a generic address rather than a space offset */
} ps_reloc;

struct ps_var {
    const char *name;
    ps_space space;
    ps_type type;
    int vec;       /* 1, 2, 4 or 8 */
    int align;     /* bytes; natural alignment when not written */
    uint64_t size; /* bytes; 0 for unsized arrays (extern .shared x[]) */
    bool is_extern, is_visible, is_weak, is_common, unsized;
    bool is_array; /* declared with [dims]: name[K] operands index it */
    bool ptr_attr; /* .ptr on kernel params (ignored semantically) */
    bool managed;  /* .attribute(.managed): a __managed__ variable (PTX ISA 5.4.8); ptxsim
                         * allocates it like any .global, the runtime maps it for the host */
    bool is_reg;   /* a .func parameter or return value declared .reg: register `reg` of
                         * the function (the name resolves to that register in the body) */
    int reg;
    uint8_t *init; /* size bytes, or NULL */
    ps_reloc *relocs;
    int nrelocs;
    int line, col;
    const char *file; /* the module file it was declared in (linked programs have several) */
    /* Filled by the loader: offset within its space / frame. */
    uint64_t offset;
    int index;
};

typedef struct {
    const char *name;
    ps_type type;
} ps_reg;

/* Special registers (PTX ISA chapter 10), one row each:
 *   X(ID, "name", shape, bits, min_ptx, min_sm)
 * shape: PS_SR_SCALAR; PS_SR_VEC for the .x/.y/.z/.w vectors (ps_operand.comp 0..3); n > 1 for a
 * numbered family %name0..%name<n-1> (comp = the number). bits: the register's width (1: .pred).
 * min_ptx/min_sm: what ptxas 13 requires of the module (.version, .target) to name it ("Feature
 * '%aggr_smem_size' requires PTX ISA .version 8.1 or later"); %pm4..%pm7 need PTX ISA 3.0 and sm_20
 * on top of their row (ps_sreg_unsupported). */
enum { PS_SR_SCALAR = 0, PS_SR_VEC = 1 };
// clang-format off
#define PS_SREG_LIST(X)                                                                           \
    X(TID, "%tid", PS_SR_VEC, 32, 10, 10) X(NTID, "%ntid", PS_SR_VEC, 32, 10, 10)                 \
    X(CTAID, "%ctaid", PS_SR_VEC, 32, 10, 10) X(NCTAID, "%nctaid", PS_SR_VEC, 32, 10, 10)         \
    X(LANEID, "%laneid", PS_SR_SCALAR, 32, 13, 10) X(WARPID, "%warpid", PS_SR_SCALAR, 32, 13, 10) \
    X(NWARPID, "%nwarpid", PS_SR_SCALAR, 32, 20, 20) X(SMID, "%smid", PS_SR_SCALAR, 32, 13, 10)   \
    X(NSMID, "%nsmid", PS_SR_SCALAR, 32, 20, 20) X(GRIDID, "%gridid", PS_SR_SCALAR, 64, 10, 10)   \
    X(LANEMASK_EQ, "%lanemask_eq", PS_SR_SCALAR, 32, 20, 20)                                      \
    X(LANEMASK_LE, "%lanemask_le", PS_SR_SCALAR, 32, 20, 20)                                      \
    X(LANEMASK_LT, "%lanemask_lt", PS_SR_SCALAR, 32, 20, 20)                                      \
    X(LANEMASK_GE, "%lanemask_ge", PS_SR_SCALAR, 32, 20, 20)                                      \
    X(LANEMASK_GT, "%lanemask_gt", PS_SR_SCALAR, 32, 20, 20)                                      \
    X(CLOCK, "%clock", PS_SR_SCALAR, 32, 10, 10) X(CLOCK_HI, "%clock_hi", PS_SR_SCALAR, 32, 50, 20) \
    X(CLOCK64, "%clock64", PS_SR_SCALAR, 64, 20, 20)                                              \
    X(GLOBALTIMER, "%globaltimer", PS_SR_SCALAR, 64, 31, 30)                                      \
    X(GLOBALTIMER_LO, "%globaltimer_lo", PS_SR_SCALAR, 32, 31, 30)                                \
    X(GLOBALTIMER_HI, "%globaltimer_hi", PS_SR_SCALAR, 32, 31, 30)                                \
    X(DYNAMIC_SMEM_SIZE, "%dynamic_smem_size", PS_SR_SCALAR, 32, 41, 20)                          \
    X(TOTAL_SMEM_SIZE, "%total_smem_size", PS_SR_SCALAR, 32, 41, 20)                              \
    X(AGGR_SMEM_SIZE, "%aggr_smem_size", PS_SR_SCALAR, 32, 81, 90)                                \
    X(CLUSTERID, "%clusterid", PS_SR_VEC, 32, 78, 90)                                             \
    X(NCLUSTERID, "%nclusterid", PS_SR_VEC, 32, 78, 90)                                           \
    X(CLUSTER_CTAID, "%cluster_ctaid", PS_SR_VEC, 32, 78, 90)                                     \
    X(CLUSTER_NCTAID, "%cluster_nctaid", PS_SR_VEC, 32, 78, 90)                                   \
    X(CLUSTER_CTARANK, "%cluster_ctarank", PS_SR_SCALAR, 32, 78, 90)                              \
    X(CLUSTER_NCTARANK, "%cluster_nctarank", PS_SR_SCALAR, 32, 78, 90)                            \
    X(IS_EXPLICIT_CLUSTER, "%is_explicit_cluster", PS_SR_SCALAR, 1, 78, 90)                       \
    X(ENVREG, "%envreg", 32, 32, 10, 10) X(PM, "%pm", 8, 32, 13, 10)                              \
    X(PM64, "%pm_64", 8, 64, 40, 50) /* spelled %pm0_64 .. %pm7_64 */                             \
    X(RESERVED_SMEM_OFFSET_BEGIN, "%reserved_smem_offset_begin", PS_SR_SCALAR, 32, 76, 80)        \
    X(RESERVED_SMEM_OFFSET_END, "%reserved_smem_offset_end", PS_SR_SCALAR, 32, 76, 80)            \
    X(RESERVED_SMEM_OFFSET_CAP, "%reserved_smem_offset_cap", PS_SR_SCALAR, 32, 76, 80)            \
    X(RESERVED_SMEM_OFFSET, "%reserved_smem_offset_", 2, 32, 76, 80) /* _0, _1: comp */          \
    X(CURRENT_GRAPH_EXEC, "%current_graph_exec", PS_SR_SCALAR, 64, 80, 50)
// clang-format on

typedef enum {
#define X(id, name, shape, bits, ptx, sm) PS_SREG_##id,
    PS_SREG_LIST(X)
#undef X
        PS_SREG_COUNT
} ps_sreg;

typedef enum {
    PS_OP_REG,     /* reg */
    PS_OP_IMM,     /* imm: integer bits (or f64 bits of a decimal float, is_float) */
    PS_OP_IMM_F32, /* imm: 0fXXXXXXXX bits */
    PS_OP_IMM_F64, /* imm: 0dXXXXXXXXXXXXXXXX or decimal float bits */
    PS_OP_SREG,    /* sreg, comp */
    PS_OP_VAR,     /* var (+ offset): the variable's address as a value */
    PS_OP_FUNC,    /* func */
    PS_OP_LABEL,   /* label */
    PS_OP_ADDR,    /* [reg + offset] | [var + offset] | [offset] */
    PS_OP_VEC,     /* {items} */
    PS_OP_LIST,    /* (items) — call argument lists */
    PS_OP_SINK,    /* _ */
} ps_opkind;

/* Video selectors: PS_SEL_HALF for .hN…, PS_SEL_BYTE for .bN…; the digit count minus one in
 * bits 12..13; digit k (k = 0 the leftmost as written) in bits 3k..3k+2. ".b3210" = BYTE |
 * 3 << 12 | digits 3,2,1,0. A selector is never 0, so 0 means "none". */
#define PS_SEL_BYTE        0x8000u
#define PS_SEL_HALF        0x4000u
#define PS_SEL_COUNT(s)    ((((s) >> 12) & 3u) + 1)
#define PS_SEL_DIGIT(s, k) (((s) >> (3 * (k))) & 7u)

#define PS_PAIR_SINK (-2)

enum { PS_SAMPLER_NONE, PS_SAMPLER_REG, PS_SAMPLER_BAD };
typedef struct ps_operand ps_operand;
/* 72 bytes (96 before): a 100 MB module holds about 15 million of them (docs/limits.md, "Parse
 * memory"), so the small fields are packed at the front. */
struct ps_operand {
    ps_opkind kind : 8;
    bool neg : 1;        /* !%p (predicate negation) or -x for immediates already folded */
    bool minus : 1;      /* -%r: a negated register (vmad only) */
    bool indexed : 1;    /* written var[K] (PS_OP_VAR; ld/st take it as the address [var+K*size]) */
    bool vreg : 1;       /* PS_OP_VEC written as a vector register's name (its elements are items) */
    uint8_t sampler : 2; /* PS_OP_ADDR written [t, s, {c}] (tex, tld4 with a sampler: independent-mode
                          * textures): PS_SAMPLER_REG, or PS_SAMPLER_BAD when s is no 64-bit register */
    ps_sreg sreg : 8;
    uint8_t comp; /* the special register's component or number (%tid.y: 1, %envreg9: 9) */
    uint16_t sel; /* video-instruction selector on a register (%r.b0, %r.h10, %r.b3210):
                      * 0 = none, else PS_SEL_* (see below) */
    int line, col;
    int reg;      /* PS_OP_REG, PS_OP_ADDR base register (-1 if none) */
    int pair_reg; /* "d|p": the second destination, -1 if none, PS_PAIR_SINK for "d|_" */
    int label;    /* index into the function's label table */
    int nitems;
    uint64_t imm;
    int64_t offset;
    ps_var *var;
    ps_func *func;
    ps_operand *items;
};

typedef struct {
    /* Packed, 112 bytes (136, then 104 before the word list): a 100 MB module holds 1.5 million
     * (docs/limits.md). */
    const ps_form_info *info;
    ps_operand *ops;
    const char *text;     /* mnemonic as written */
    const ps_word *words; /* the nwords words after the mnemonic in the order written (one arena
                           * copy per spelling, shared; the accessors below read it) */
    ps_modset mods;
    ps_form form;
    int guard_reg;          /* -1: unguarded */
    int line, col;          /* of the mnemonic in the PTX file */
    int loc_file, loc_line; /* CUDA source location from .loc; 0 = none */
    int xnum;
    int16_t shape_m, shape_n, shape_k;
    uint16_t nwords;
    ps_type types[4]; /* kept as the enum: the validators pass them on as ps_type arrays */
    uint8_t ntypes;
    uint8_t vec; /* .v2/.v4/.v8 → 2/4/8; 1 otherwise */
    uint8_t nops;
    bool guard_neg;
} ps_insn;

typedef struct {
    const char *name;
    int insn;     /* instruction index the label precedes */
    int *targets; /* .branchtargets: label indices */
    int ntargets;
    ps_func *proto;        /* .callprototype: the header it declares (params, rets; arena) */
    ps_func **calltargets; /* .calltargets: the functions it names */
    int ncalltargets;
    bool defined;
    int line, col; /* first reference, for "undefined label" */
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
    ps_var **locals; /* .local, .param, .shared declared in the body */
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
    const char *file; /* the module file it was declared in (linked programs have several) */
};

typedef struct ps_module {
    ps_arena arena;
    const char *filename;
    int version;         /* major*10+minor */
    const char *target;  /* as written, e.g. "sm_90a" */
    const ps_arch *arch; /* NULL if the target is unknown */
    bool target_debug;   /* .target ..., debug */
    bool map_f64_to_f32; /* .target sm_1x, map_f64_to_f32: .f64 instructions run as .f32 */
    int texmode;         /* 0: default, 1: texmode_unified, 2: texmode_independent */
    int address_size;    /* 32 or 64 */
    ps_var **globals;    /* module-scope variables */
    int nglobals, cap_globals;
    ps_func **funcs;
    int nfuncs, cap_funcs;
    const char **files; /* .file index → path */
    int nfiles;
    /* a linked program (ps_link): the modules it was linked from, which own the functions and
     * variables; funcs and globals list what the program keeps of them */
    struct ps_module **parts;
    int nparts;
} ps_module;

typedef struct {
    const ps_arch *target; /* --target override: check every form against it (NULL: .target) */
    /* a unit to be linked with others (ptxas -c): leaves out ps_check_externs, which ps_parse
     * otherwise makes, as ptxas does of a module compiled alone; ps_link makes it after linking */
    bool relocatable;
} ps_parse_options;

/* Parses src (NUL-terminated, len bytes). On return *out holds the module (even with errors, for
 * tooling) and diags every problem; the status is PS_OK only when diags has no error. */
ps_status ps_parse(const char *filename, const char *src, size_t len, const ps_parse_options *opt, ps_diags *diags,
                   ps_module **out);
void ps_module_free(ps_module *m);

/* Links parsed modules (parts[0..n-1], n >= 1, each parsed without errors) into one program, as
 * cuLinkAddData + cuLinkComplete do with nvcc -rdc=true PTX (link.c, docs/parser.md "Linking"):
 * .extern functions and variables resolve to the definitions other modules export (.visible, or
 * .weak / .common when nothing stronger exists). The result owns the parts (ps_module_free frees
 * them); on errors it is still returned, for ps_module_free. */
ps_status ps_link(ps_module **parts, int n, ps_diags *diags, ps_module **out);
/* ptxas's whole-program check of a module about to run: a call to, or the address of, a function
 * no module defines (other than the device runtime's vprintf, malloc, free, __assertfail) is an
 * error. Returns the number of errors added. */
int ps_check_externs(const ps_module *m, ps_diags *diags);

/* Does the instruction carry modifier m (an X row of mods.def)? The one question sim/'s selectors
 * ask of a single flag (.ftz, .full, .trans, .po, .popc...), where no group holds it. */
static inline bool ps_insn_mod(const ps_insn *in, ps_mod m) { return ps_modset_has(&in->mods, m); }
/* The member of modifier group g (mods.def's G rows) the instruction carries, or PS_MOD_NONE; the
 * lowest in mods.def's order where a group the row does not limit to one holds several. */
static inline ps_mod ps_insn_group(const ps_insn *in, ps_modgroup g) {
    return ps_modset_first(&in->mods, ps_modgroup_mask(g));
}
/* That member's position in the group as mods.def lists it (CMP: eq 0, ne 1, ...), or -1. */
static inline int ps_insn_group_index(const ps_insn *in, ps_modgroup g) {
    return ps_modgroup_index(g, ps_insn_group(in, g));
}
/* How many members of group g the instruction carries: where its row lists members one by one
 * instead of naming the group (forms.def), the selector's own "one at most" or "exactly one". */
static inline int ps_insn_group_count(const ps_insn *in, ps_modgroup g) {
    return ps_modset_count(&in->mods, ps_modgroup_mask(g));
}

/* The structured instruction: questions sim/'s selectors ask of ps_insn.words (insn_words.c).
 * ps_insn_find: the index of the first word equal to w at or after index `from`, or -1. */
int ps_insn_find(const ps_insn *in, ps_word w, int from);
static inline bool ps_insn_has(const ps_insn *in, ps_word w) { return ps_insn_find(in, w, 0) >= 0; }
/* The first word of in that is one of the n words of `set`, or 0 when none is. */
ps_word ps_insn_first_of(const ps_insn *in, const ps_word *set, int n);
/* The i-th state-space word (.global .shared .shared::cta .shared::cluster .local .const .param…)
 * in the order written (a copy's destination is 0, its source 1), or PS_MOD_COUNT when fewer. */
ps_mod ps_insn_space(const ps_insn *in, int i);
/* .1d to .5d: 1 to 5; 0 when none is written. */
int ps_insn_dims(const ps_insn *in);
/* A copy's completion mechanism: PS_MOD_MBARRIER_COMPLETE_TX_BYTES, PS_MOD_BULK_GROUP, or
 * PS_MOD_COUNT when none is written. */
ps_mod ps_insn_completion(const ps_insn *in);
/* .sp or .sp::ordered_metadata (sparse tensor-core forms). */
bool ps_insn_sparse(const ps_insn *in);
/* A barrier's modifiers (bar, barrier, barrier.cluster), read the same way by the decoder, the
 * engine's record (sim) and the barrier checks (verify). The rows list .sync .arrive .red one by
 * one and take .red with .arrive, so each is its own bit. */
enum {
    PS_BAR_RED = 1 << 0,     /* .red: a reduction, its predicate the last operand, its result the first */
    PS_BAR_ARRIVE = 1 << 1,  /* .arrive: the threads do not wait */
    PS_BAR_ALIGNED = 1 << 2, /* bar (always aligned) or .aligned: the whole warp executes it together */
    PS_BAR_POPC = 1 << 3,    /* .red.popc: a count; else a predicate: .and, or .or (also when neither) */
    PS_BAR_AND = 1 << 4      /* .red.and: the BOOL group's first member */
};
unsigned ps_insn_barrier(const ps_insn *in);
/* Word k as written, for diagnostics ("'%s': unexpected .%s"): its spelling copied into buf. */
const char *ps_insn_word_text(const ps_insn *in, int k, char *buf, size_t len);

const char *ps_sreg_name(ps_sreg s);
/* Width in bits of a special register (1 for %is_explicit_cluster, a predicate). */
int ps_sreg_bits(ps_sreg s);
/* Can a module of PTX ISA `ptx_version` for `arch` name the special register (s, comp)? NULL if yes,
 * else ptxas's reason in buf ("Feature '%aggr_smem_size' requires .target sm_90 or higher"). */
const char *ps_sreg_unsupported(ps_sreg s, int comp, const ps_arch *arch, int ptx_version, char *buf, size_t buflen);
ps_func *ps_module_find_func(const ps_module *m, const char *name);
const char *ps_space_name(ps_space s);

#endif
