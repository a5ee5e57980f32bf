/* isa.h — the PTX instruction set and the architectures, declared once (forms.def, mods.def,
 * types.def, archs.def) and queried by the parser, the decoder and the docs generator. */
#ifndef PTXSIM_ISA_H
#define PTXSIM_ISA_H

#include "common.h"

typedef enum { TK_BITS, TK_UINT, TK_SINT, TK_FLOAT, TK_PACKED, TK_PRED } ps_type_kind;

typedef enum {
#define X(id, name, size, kind) PS_T_##id,
#include "types.def"
#undef X
    PS_T_COUNT,
    PS_T_NONE = -1
} ps_type;

/* The X rows of mods.def first (0 .. PS_MOD_NTABLE-1: the bits of ps_modset), then the W rows
 * (words only "*" rows take, read from ps_insn.words). */
typedef enum {
#define X(id, name) PS_MOD_##id,
#define W(id, name)
#include "mods.def"
#undef X
#undef W
    PS_MOD_NTABLE,
    PS_MOD_WORDS_BEFORE_ = PS_MOD_NTABLE - 1,
#define X(id, name)
#define W(id, name) PS_MOD_##id,
#include "mods.def"
#undef X
#undef W
    PS_MOD_COUNT,
    PS_MOD_NONE = PS_MOD_COUNT /* no modifier: what ps_modset_first finds in an empty intersection */
} ps_mod;

typedef struct {
    uint64_t w[(PS_MOD_NTABLE + 63) / 64];
} ps_modset;

/* Modifier groups (the G rows of mods.def): named sets of X modifiers. forms.def names them in
 * upper case; ps_insn_group (parser) finds the member an instruction carries. */
typedef enum {
#define X(id, name)
#define W(id, name)
#define G(id, members, one, need) PS_MG_##id,
#include "mods.def"
#undef X
#undef W
#undef G
    PS_MG_COUNT
} ps_modgroup;

/* The lowest modifier of s that is in mask (the first in mods.def's order), or PS_MOD_NONE. */
static inline ps_mod ps_modset_first(const ps_modset *s, const ps_modset *mask) {
    for (size_t i = 0; i < sizeof s->w / sizeof s->w[0]; i++) {
        uint64_t x = s->w[i] & mask->w[i];
        if (x) return (ps_mod)(i * 64 + (size_t)__builtin_ctzll(x));
    }
    return PS_MOD_NONE;
}

/* How many modifiers of s are in mask. */
static inline int ps_modset_count(const ps_modset *s, const ps_modset *mask) {
    int n = 0;
    for (size_t i = 0; i < sizeof s->w / sizeof s->w[0]; i++) n += __builtin_popcountll(s->w[i] & mask->w[i]);
    return n;
}

/* A W word is never in a modset (the parser records it in ps_insn.words only). */
static inline bool ps_modset_has(const ps_modset *s, ps_mod m) {
    return m < PS_MOD_NTABLE && ((s->w[m >> 6] >> (m & 63)) & 1);
}
static inline void ps_modset_add(ps_modset *s, ps_mod m) {
    if (m < PS_MOD_NTABLE) s->w[m >> 6] |= 1ull << (m & 63);
}

/* One word of an instruction after its mnemonic, as ps_insn.words records them in the order
 * written: a modifier (ps_mod, either kind), a type, a shape (.m16n8k16: its values are
 * ps_insn.shape_*), an .xN (ps_insn.xnum), or a word no row names (PS_WK_OTHER: the value is its
 * offset in ps_insn.text, for diagnostics; only rows accepting "*" keep such words). Compare with
 * PS_WM(GLOBAL), PS_WT(F32); 0 is no word. */
typedef uint16_t ps_word;
enum { PS_WK_NONE, PS_WK_MOD, PS_WK_TYPE, PS_WK_SHAPE, PS_WK_XNUM, PS_WK_OTHER }; /* 0: no word */
#define PS_WORD(kind, value) ((ps_word)((unsigned)(kind) << 12 | (unsigned)(value)))
#define PS_WM(id)            PS_WORD(PS_WK_MOD, PS_MOD_##id)
#define PS_WT(id)            PS_WORD(PS_WK_TYPE, PS_T_##id)
#define PS_WORD_VALUE_MAX    0xfffu
static inline int ps_word_kind(ps_word w) { return w >> 12; }
static inline int ps_word_value(ps_word w) { return w & PS_WORD_VALUE_MAX; }

typedef enum {
#define X(id, mn, ty, mods, ops, ptx, sm, props, family) PS_F_##id,
#include "forms.def"
#undef X
    PS_F_COUNT
} ps_form;

/* Form properties (forms.def column 9). */
enum {
    P_NOEXEC = 1u << 0, /* parsed and validated, not executed yet */
    P_BRANCH = 1u << 1,
    P_CALL = 1u << 2,
    P_RET = 1u << 3,
    P_EXIT = 1u << 4,
    P_LOAD = 1u << 5,
    P_STORE = 1u << 6,
    P_ATOMIC = 1u << 7,
    P_BARRIER = 1u << 8,
    P_WARPSYNC = 1u << 9,
    P_PAIR_DEST = 1u << 10,     /* first operand may be "d|p" */
    P_ARCH_SPECIFIC = 1u << 11, /* needs an sm_XXa target */
    P_VIDEO = 1u << 12,         /* operands may carry selectors (%r.b0, %r.h10, %r.b3210) */
    P_ASYNC = 1u << 13,         /* cp.async and mbarrier (sim/exec_async.c, exec_mbarrier.c) */
    P_OPT_IN = 1u << 14,        /* executed only when asked: known to differ from the GPU (docs) */
    P_MBARRIER = 1u << 15,      /* an mbarrier.* operation (isa/mem_rules.c, the .sem/.scope pairing) */
    P_TENSOR = 1u << 16,        /* tensor-core operands: fragments, shapes (parser/validate_tensor.c) */
    P_VECTOR_REG = 1u << 17,    /* takes a vector register as an operand (mov, ld, ldu, st) */
    P_SHARED_VAR = 1u << 18,    /* a variable's address ("a" operand) must be a .shared one (mapa, getctarank) */
};

/* Instruction families (forms.def column 10): the selector in sim/ that picks a form's handler
 * (sim/select.c maps each family to one; FLOW and BARRIER are the decoder's own). */
typedef enum {
    PS_FAM_NONE, /* not executed (P_NOEXEC) */
    PS_FAM_FLOW,
    PS_FAM_BARRIER,
    PS_FAM_INT,
    PS_FAM_DOT,
    PS_FAM_FLOAT,
    PS_FAM_HALF,
    PS_FAM_CVT,
    PS_FAM_MEM,
    PS_FAM_WARP,
    PS_FAM_VIDEO,
    PS_FAM_ASYNC,
    PS_FAM_CLUSTER,
    PS_FAM_STACK,
    PS_FAM_TEX,
    PS_FAM_SM90MISC,
    PS_FAM_MATRIX,
    PS_FAM_MMA,
    PS_FAM_WMMA,
    PS_FAM_WGMMA,
    PS_FAM_COUNT
} ps_family;

typedef struct {
    ps_form id;
    const char *mnemonic;  /* may contain dots: "cp.async.wait_group" */
    const char *types_src; /* as written in forms.def */
    const char *mods_src;
    const char *ops_src; /* the operands column: a shape ("dT sT sT") or a count ("2-3", "1+", "*") */
    uint64_t types;      /* bit per ps_type accepted as first type */
    ps_modset mods;      /* accepted modifiers */
    uint64_t groups;     /* bit per ps_modgroup the modifiers column names */
    uint64_t required;   /* bit per group written GROUP!: one member required */
    bool any_type, no_type, any_mod;
    bool shaped;          /* ops_src is a shape: ps_types_slots reads it */
    int min_ops, max_ops; /* from the operands column; -1: unchecked */
    int min_ptx;          /* major*10+minor */
    int min_sm;
    unsigned props;
    ps_family family;
    ps_form op; /* the operation: the row this one was split from (XS rows), else itself (forms.def) */
} ps_form_info;

typedef enum {
#define X(id, name, sm, a, ptx, thr, sh, shopt, regs) PS_ARCH_##id,
#include "archs.def"
#undef X
    PS_ARCH_COUNT
} ps_arch_id;

typedef struct {
    ps_arch_id id;
    const char *name;
    int sm;            /* 90 for sm_90 and sm_90a */
    int arch_specific; /* 1 for the "a" targets, 2 for "f" family targets */
    int min_ptx;
    int max_threads_per_block;
    int shared_default, shared_optin;
    int max_regs;
    int warp_size;
    int shared_banks, bank_bytes;
} ps_arch;

const char *ps_type_name(ps_type t);
int ps_type_size(ps_type t); /* bytes; pred = 0 */
ps_type_kind ps_type_kind_of(ps_type t);
ps_type ps_type_lookup(const char *s, size_t n); /* PS_T_NONE if not a type */

const char *ps_mod_name(ps_mod m);
int ps_mod_lookup(const char *s, size_t n); /* -1 if unknown */

const char *ps_modgroup_name(ps_modgroup g); /* "ROUND" */
const ps_modset *ps_modgroup_mask(ps_modgroup g);
/* The position of m among g's members as mods.def lists them (CMP: eq 0, ne 1, ...), or -1. */
int ps_modgroup_index(ps_modgroup g, ps_mod m);
/* The group rules forms.def states for form f's row, in ptxas 13's order: the GN groups (one
 * member, in the name where required), then at most one member of each other group (ptxas's
 * wording, mods.def); then (ps_isa_groups_required, after the parser has refused a modifier that
 * another row of the mnemonic takes) one member of each GROUP! group. text[0..len): the mnemonic
 * and modifiers as written, which give the name the wordings use ('mad.wide'; may be NULL). NULL
 * if mods keeps them, else the reason in buf. */
const char *ps_isa_groups_unsupported(const ps_form_info *f, const ps_modset *mods, const char *text, size_t len,
                                      char *buf, size_t buflen);
/* Is m a member of a GN group (a word of an instruction's name: .wide, .hi, .l, .arrive)? */
bool ps_isa_mod_in_name(ps_mod m);
const char *ps_isa_groups_required(const ps_form_info *f, const ps_modset *mods, const char *text, size_t len,
                                   char *buf, size_t buflen);

/* Does f's row name a group of state spaces that takes one at most (SPACE, CTASPACE...)? Then a
 * space written twice is refused too (parser.c: the modifier set cannot show it). */
bool ps_isa_counts_spaces(const ps_form_info *f);

const ps_form_info *ps_form_get(ps_form f);
/* The mbarrier.* forms (P_MBARRIER): one family for the validator, the listing and the checkers. */
static inline bool ps_form_is_mbarrier(ps_form f) { return (ps_form_get(f)->props & P_MBARRIER) != 0; }
/* Forms sharing a mnemonic are contiguous in the sorted index: returns the number of forms
 * whose mnemonic equals the first `ncomp` dot-separated components of s, and their ids. */
int ps_isa_lookup_mnemonic(const char *s, size_t n, const ps_form **forms);
/* Longest dotted prefix of `word` that is a mnemonic; returns its length (0 if none). */
size_t ps_isa_match_prefix(const char *word, size_t n);

const ps_arch *ps_arch_get(ps_arch_id id);
const ps_arch *ps_arch_lookup(const char *name); /* "sm_90a" or "compute_90a"; NULL if unknown */
/* Does ptxsim model `a` as a machine (limits, bank model), or only as a .target? */
bool ps_arch_is_machine(const ps_arch *a);
/* The machine a module for `target` runs on when neither manifest nor context names one: the target
 * itself when it is a machine, else the oldest machine that can run it (sm_50 for sm_10..sm_37). */
const ps_arch *ps_arch_default_machine(const ps_arch *target);
/* Can `machine` run PTX written for `target`, as ptxas -arch=machine decides for .target target
 * (a newer machine runs an older target; an "a" target runs only on itself; an "f" target on newer
 * members of its family)? NULL if yes, else the reason (in buf when buf is not NULL). */
const char *ps_arch_cannot_run(const ps_arch *machine, const ps_arch *target, char *buf, size_t buflen);
/* Can `arch` run `form`? Returns NULL if yes, else a reason for the diagnostic. */
const char *ps_isa_form_unsupported(const ps_form_info *f, const ps_arch *arch, int ptx_version, char *buf,
                                    size_t buflen);
/* The targets of an arch-specific form (P_ARCH_SPECIFIC; isa/arch_forms.c): every "a" or "f"
 * target from the row's min_sm up to the last family (sm / 10) that takes it. NULL if `arch` does,
 * else ptxas-like wording in buf. */
const char *ps_isa_arch_form_unsupported(const ps_form_info *f, const ps_arch *arch, char *buf, size_t buflen);
int ps_isa_arch_form_last_family(const ps_form_info *f);
/* A paragraph of docs/isa-support.md: the arch-specific mnemonics and their last family. */
void ps_isa_write_arch_forms(void *stream);
/* Tensor-core forms (mma, wmma.*) whose element types or shape need a later target than the
 * form's row says (PTX ISA 9.7.14: .bf16/.tf32/.f64 and most integer shapes sm_80, fp8 sm_89,
 * m16n8k8 .f16 and the first integer shapes sm_75), or a later PTX ISA version (ptx_version, 0:
 * unknown; mma fp8 .m16n8k16 and fp8 with an .f16 accumulator 8.7, .f64 .m16n8k4/k8/k16 7.8 and
 * sm_90). Writes ptxas-like wording to buf and returns it, or NULL. */
const char *ps_isa_tensor_unsupported(ps_form form, const ps_type *types, int ntypes, int m, int n, int k,
                                      const ps_arch *arch, int ptx_version, char *buf, size_t buflen);

/* Modifier m, which form f's row does not list (used with these types and modifiers): ptxas's
 * reason for refusing it, in buf. */
const char *ps_isa_mod_refused(const ps_form_info *f, ps_mod m, const ps_type *types, int ntypes, const ps_modset *mods,
                               char *buf, size_t buflen);

/* Can `arch` / `ptx_version` run this use of form f, given its types and modifiers
 * (isa/variants.def: e.g. cvt to .e4m3x2 needs sm_89)? NULL if yes, else the reason. */
const char *ps_isa_variant_unsupported(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods,
                                       const ps_arch *arch, int ptx_version, char *buf, size_t buflen);

/* Requirements that depend on the operands: `mbarrier.arrive{_drop}` with a count operand and
 * without `.noComplete` needs PTX ISA 7.8 and sm_90 (9.7.13.15.13, Target ISA Notes). nops counts
 * every operand (state, [addr], count). Writes ptxas's wording to buf and returns it, or NULL. */
const char *ps_isa_operands_unsupported(ps_form form, const ps_modset *mods, int nops, const ps_arch *arch,
                                        int ptx_version, char *buf, size_t buflen);

/* cvt between floating-point types (f16 bf16 tf32 f32 f64 f16x2 bf16x2 e4m3x2 e5m2x2): is the
 * combination of rounding, .ftz, .sat, .relu and .satfinite one that exists (isa/cvt_forms.def,
 * what ptxas 13 accepts), and on this target and .version (ptx_version, 0: unchecked)? NULL if yes, else the reason. */
const char *ps_isa_cvt_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods,
                                   const ps_arch *arch, int ptx_version, char *buf, size_t buflen);

/* set with its two types: is the pair one ptxas accepts (.f16/.bf16/.f16x2/.bf16x2 sources and
 * destinations included), .ftz only with f16/f16x2/f32 sources, and what the half-precision pairs
 * need (sm_53 and PTX ISA 4.2, 6.5 for an integer result of an f16 comparison, sm_90 and 7.8 for
 * bf16)? NULL if fine, else the reason. */
const char *ps_isa_set_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods,
                                   const ps_arch *arch, int ptx_version, char *buf, size_t buflen);

/* Combinations of modifier, type and state space an instruction needs a target or version for (atom
 * and red by operation, type and space, the sm_1x rounding rules, mad's required rounding, shfl and
 * vote without .sync on sm_70, .cc on 64-bit types, ...): isa/target_rules.c. text: the mnemonic as
 * written (for modifiers ptxsim does not name). NULL if fine, else ptxas's reason in buf. */
const char *ps_isa_target_rules(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods,
                                const char *text, const ps_arch *arch, int ptx_version, char *buf, size_t buflen);

/* ---- types_rules.c: operand types by instruction type ---- */

/* An operand slot of an instruction: the type its register or immediate must fit, and its role. */
typedef enum {
    PS_TS_DST,   /* destination register */
    PS_TS_SRC,   /* register or immediate */
    PS_TS_IMM,   /* immediate only (lop3's LUT, a group count) */
    PS_TS_BYTE,  /* register or an immediate in [0, 255] (bfe's and bfi's position and length) */
    PS_TS_ADDR,  /* an address in brackets: [reg], [reg+off], [var], [var+off], [imm] (type PS_T_NONE) */
    PS_TS_AVAL,  /* an address as a value: register, immediate or a variable's name (cvta, mapa, getctarank) */
    PS_TS_LABEL, /* a label (bra's target; type PS_T_NONE) */
} ps_slot_role;

typedef struct {
    ps_type type;
    ps_slot_role role;
    bool strict;   /* the type is the operand's own, not the instruction's: no .f16x2 register */
    bool optional; /* may be left out (alloca's alignment) */
    bool sink;     /* a destination that may be '_' (setp's, lop3's, mbarrier.arrive's state) */
    bool data;     /* a memory instruction's value: a register, or with .vN a brace list of N (v, o, x) */
    bool wider;    /* ld/st's size rule (M): a register at least as wide as the type */
    bool addr32;   /* G: a 32-bit integer register fits too (isspacep's address) */
    bool or_pred;  /* N: a predicate fits too (cp.async's ignore-src beside its src-size) */
    bool anyvec;   /* z: a brace list of 1, 2 or 4 with or without .vN, a scalar with .vN (st.async) */
    bool plain;    /* k: a register or immediate that ptxas reads as a plain argument (bar.warp.sync's
                    * mask, brx.idx's index): a variable or a brace list is "Arguments mismatch", '_'
                    * "Result discard mode is not allowed" */
    bool targets;  /* lb: a label of a .branchtargets list (brx.idx) */
} ps_type_slot;

/* Immediate notations, as the type check tells them apart (PTX ISA 4.5.1). */
typedef enum { PS_IMM_INT, PS_IMM_F32 /* 0fXXXXXXXX */, PS_IMM_F64 /* 0d..., decimal floats */ } ps_imm_kind;

/* The operand slots of a form whose operands column is a shape (forms.def's header lists the
 * tokens and the rows without one), for these types and modifiers: writes one per operand into
 * out (room for 8) and returns their count, or -1 for a form without a shape (or whose shape names
 * a type the instruction does not give). */
int ps_types_slots(const ps_form_info *f, const ps_type *types, int ntypes, const ps_modset *mods, ps_type_slot *out);
/* Does a memory instruction's value of type reg (a register, or a brace list's merged element
 * type: vec) fit a data slot of type slot (ptxas: Arguments mismatch)? Sizes equal, or with wider
 * (ld/st) the register at least as wide; any register for a .bN slot; .bN, .uN, .sN or .f16x2
 * for an integer slot; for a float slot the same type or .bN, and in a brace list also an integer
 * of its size; never a predicate. */
bool ps_types_data_fits(ps_type slot, ps_type reg, bool wider, bool vec);
/* Does a register of type reg fit a slot of type slot, as ptxas checks it ("Arguments mismatch")?
 * Same size, and: any register for a .bN slot; .bN, .uN, .sN (and .f16x2 at 32 bits unless
 * strict) for an integer slot and for .u16x2/.s16x2 (.bN too, not .uN/.sN); the same float type
 * or .bN for the others; .pred only for .pred. */
bool ps_types_reg_fits(ps_type slot, ps_type reg, bool strict);
/* Does an immediate of this notation fit a slot of type slot? */
bool ps_types_imm_fits(ps_type slot, ps_imm_kind kind);
/* setp/set: is the comparison (a CMP modifier in mods) one that the source type takes? NULL if
 * yes, else ptxas's reason. */
const char *ps_types_cmp_unsupported(ps_type src, const ps_modset *mods);

/* ---- mod_rules.c: modifier combinations of the arithmetic families ---- */

/* The modifiers of an f32/f64, half-precision or cvt instruction (form with its types and nops
 * operands; text: the mnemonic as written, where a repeated modifier shows): roundings (one at most, required where ptxas requires one), .ftz, .sat, .approx,
 * .full, .NaN, .xorsign.abs, .relu, .satfinite on the types that take them, and what a
 * combination needs of target and .version (ptx_version 0: unchecked). NULL if ptxas accepts
 * the combination, else its reason. */
const char *ps_isa_mods_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods, int nops,
                                    const char *text, const ps_arch *arch, int ptx_version, char *buf, size_t buflen);

/* ---- form_rules.c: modifier rules of the integer, comparison, warp-level and cluster forms ---- */

/* setp/set (a comparison, .ftz only on f32/f16/f16x2), add/sub/mad .cc, min/max .relu, redux's .sync
 * and one operation, one mode of shfl/vote/match, elect.sync, barrier.cluster's .arrive/.wait
 * and semantics, and the state spaces of cvta, isspacep, prefetch, mapa, getctarank and
 * cp.async.mbarrier.arrive, one shift of vmad and one of .clamp/.wrap of vshl/vshr. NULL if ptxas accepts the combination, else its reason in buf.
 * Called by ps_isa_mods_unsupported. */
const char *ps_isa_form_mods_unsupported(ps_form form, const ps_type *types, int ntypes, const ps_modset *mods,
                                         char *buf, size_t buflen);

/* ---- mem_rules.c: memory instructions: spaces, qualifiers, vector widths by target ---- */

/* The state space an instruction names (PS_MOD_GLOBAL, PS_MOD_SHARED_CTA, ...; PS_MOD_GENERIC when
 * it names none). */
ps_mod ps_mem_space(const ps_modset *m);
/* ld, ldu and st: types, vector width, memory-model qualifiers, cache operators, .nc, eviction
 * priorities, prefetch sizes and ::cache_hint by space, target (arch may be NULL) and version (ptx,
 * 0: unchecked); the operands are the rows' shapes (forms.def). NULL if fine, else ptxas's reason
 * in buf. */
const char *ps_mem_ldst_rules(ps_form form, const ps_type *types, int ntypes, const ps_modset *m, int vec,
                              const ps_arch *arch, int ptx, char *buf, size_t buflen);
/* What the spaces spelled with "::" need of target and version (.shared::cta, .shared::cluster,
 * .param::entry, .param::func), for any instruction that names one. */
const char *ps_mem_space_rules(ps_form form, const ps_modset *m, const ps_arch *arch, int ptx, char *buf,
                               size_t buflen);
/* atom and red: operations by type, .noftz, vectors, semantics and ::cache_hint (the operands: the
 * rows' shapes). */
const char *ps_mem_atomic_rules(ps_form form, const ps_type *types, int ntypes, const ps_modset *m, int vec,
                                const ps_arch *arch, int ptx, char *buf, size_t buflen);
/* membar and fence, from the mnemonic as written (text) and the operand count. */
const char *ps_mem_fence_rules(ps_form form, const char *text, int nops, const ps_arch *arch, int ptx, char *buf,
                               size_t buflen);
/* cp.async: spaces, cache operator and copy size (size: the immediate cp-size, -1 if none). */
const char *ps_mem_cp_async_rules(const ps_modset *m, long long size, char *buf, size_t buflen);
/* mbarrier: what its qualifiers need of target and version. */
const char *ps_mem_mbarrier_rules(ps_form form, const ps_modset *m, const ps_arch *arch, int ptx, char *buf,
                                  size_t buflen);
/* cp.async.bulk (not .tensor, .prefetch, ...): the destination and source spaces, from the mnemonic. */
const char *ps_mem_bulk_rules(const char *text, int ptx, char *buf, size_t buflen);
/* prefetch and prefetchu: the cache level, eviction priorities, .tensormap by space and target. */
const char *ps_mem_prefetch_rules(ps_form form, const ps_modset *m, const ps_arch *arch, int ptx, char *buf,
                                  size_t buflen);

/* ---- ctrl_rules.c: the words of barrier.cluster, shf and div, which the groups cannot state ---- */

/* barrier.cluster's words as ptxas reads them one by one (text[0..len): the mnemonic and modifiers
 * as written): a word written twice, .arrive after the name; checked before the row's groups (as
 * ps_isa_shf_words).
 * NULL if none, else ptxas's first error in buf. */
const char *ps_isa_cluster_barrier_words(const char *text, size_t len, char *buf, size_t buflen);
/* shf's words the same way: .l after the name, a second .r, .clamp or .wrap. */
const char *ps_isa_shf_words(const char *text, size_t len, char *buf, size_t buflen);
/* div's .full anywhere but right after 'div' (ptxas: "Unknown modifier '.full'"). */
const char *ps_isa_div_full_word(const char *text, size_t len, char *buf, size_t buflen);

/* Markdown table of forms × architectures (stream is a FILE*). */
void ps_isa_write_markdown(void *stream);

#endif
