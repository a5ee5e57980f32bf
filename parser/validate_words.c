/* validate_words.c — the qualifiers of the forms isa/forms.def spells "*" (bulk copies, async
 * stores, textures and surfaces, cache policies, multimem, tensormap, cluster launch control,
 * istypep, wgmma's fence/commit/wait), read as ptxas 13 reads them: state spaces in order
 * (destination, then source), types in order, every other qualifier a member of one group, each
 * group at most once, in any order (ptxas takes cp.async.bulk.shared::cluster.mbarrier::
 * complete_tx::bytes.global and tex.2dms.s32.v4.s32). One table row per variant of a form; the
 * spelling passes when one variant of its form takes it. Found and checked by the spellings of
 * scripts/isa_audit.py (families bulk, bulk.tensor, bulk.reduce, async.store, tex, surf, policy,
 * multimem, tensormap, clc, wgmma; docs/ptxas-diff.md). Combinations inside a variant (which
 * types an operation takes, a vector width per type) are not modelled here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validate.h"
#include "validate_ctrl.h"

/* A group lists its words separated by spaces; a word ending "@100" needs sm_100a/f, sm_103a/f or
 * sm_110a/f, "@s100" any target from sm_100 on, "@a" an "a" or "f" target (in_list's sm: the
 * target's number, plus 1000 on those sm_10x/sm_110 targets, plus 10000 on "a" and "f" ones); a group
 * starting '+' brings one more operand (a cache policy, a CTA mask). need/may: groups separated
 * by ';'. dst/src/t1/t2: alternatives, NULL when the variant has none, a leading '?' when
 * optional. */
typedef struct {
    ps_form form;
    const char *lead; /* the words right after the mnemonic ("" none) */
    const char *dst, *src;
    const char *need, *may;
    const char *t1, *t2;
    int min_ops, max_ops; /* without the operands of '+' groups (each adds one) */
    const char *optypes;  /* "op:types|op:types": the types each operation takes, or NULL */
    unsigned flags;
} variant;

enum {
    W_IMM128 = 1,      /* the last operand is the constant 128 (discard, applypriority) */
    W_PRED0 = 2,       /* the first operand is a predicate (istypep) */
    W_IM2COL3 = 4,     /* im2col needs 3 dimensions or more */
    W_TEX = 8,         /* tex: .f16x2 with .v2, the others .v4; multisample geometries take .s32
                    * coordinates, cubes .f32 */
    W_STASYNC = 16,    /* st.async into .shared::cluster (the default) with 3 operands needs a
                     * completion mechanism */
    W_SEMSCOPE = 32,   /* .relaxed/.acquire/.release and a scope go together; .weak takes none */
    W_IM2COLOP = 256,  /* an im2col mode brings the im2col offsets operand */
    W_VALSIZE = 512,   /* the last operand is a register of the type's width */
    W_TCLDST = 1024,   /* tcgen05.ld/st: the vector's size from the shape and .xN, the offset of .16x32bx2 */
    W_ARCHSPEC = 2048, /* only on the "a" and "f" targets (tensormap.replace) */
    W_MMVAL = 4096,    /* multimem: the value operand's register width, or its vector size */
    W_FRACTION = 8192, /* createpolicy.fractional's fraction, in (0, 1] */
    W_TCMMA = 16384,   /* tcgen05.mma: the optional operands (a lane mask vector, a scale constant);
                        * no .kind::i8 on sm_103 nor on the "f" targets */
    W_AONLY = 32768,   /* only on the "a" targets, not the "f" ones (tcgen05.shift) */
    W_TMAP = 128,      /* tensormap.replace: the field's type, its ordinal operand, a constant for the
                      * enumerated fields */
};

#define MBAR    "mbarrier::complete_tx::bytes"
#define HINT    "L2::cache_hint"
#define DIMS    "1d 2d 3d 4d 5d"
#define REDOPS  "add min max inc dec and or xor"
#define EVICT   "L2::evict_last L2::evict_normal L2::evict_first L2::evict_unchanged"
#define TEXGEOM "1d 2d 3d a1d a2d cube acube 2dms a2dms"
#define SUGEOM  "1d 2d 3d a1d a2d"
#define CLAMP   "trap clamp zero"

#define RED_CLUSTER "add:u32 s32 u64|min:u32 s32|max:u32 s32|inc:u32|dec:u32|and:b32|or:b32|xor:b32"
#define RED_GLOBAL                                                                                                \
    "add:u32 s32 u64 f32 f64 f16 bf16|min:u32 s32 u64 s64 f16 bf16|max:u32 s32 u64 s64 f16 bf16|inc:u32|dec:u32|" \
    "and:b32 b64|or:b32 b64|xor:b32 b64"
#define MM_OPTYPES                                                                             \
    "add:u32 s32 u64 f32 f64 f16 f16x2 bf16 bf16x2|min:u32 s32 u64 s64 f16 f16x2 bf16 bf16x2|" \
    "max:u32 s32 u64 s64 f16 f16x2 bf16 bf16x2|and:b32 b64|or:b32 b64|xor:b32 b64"
#define CTAG     "cta_group::1 cta_group::2"
#define TCSHAPES "32x32b 16x64b 16x128b 16x256b 16x32bx2"
#define TCNUM    "x1 x2 x4 x8 x16 x32 x64 x128"
#define MM_RED_OPTYPES                                                                                         \
    "add:u32 s32 u64 f32 f64 f16 f16x2 bf16 bf16x2|min:u32 s32 u64 s64 f16 bf16|max:u32 s32 u64 s64 f16 bf16|" \
    "and:b32 b64|or:b32 b64|xor:b32 b64"
#define LOADMODES "tile im2col im2col::w@100 im2col::w::128@100 tile::gather4@100"

static const variant VARIANTS[] = {
    /* 9.7.9.25.4 cp.async.bulk */
    {PS_F_CP_ASYNC_BULK, "", "shared::cluster", "global", MBAR, "+multicast::cluster;+" HINT, NULL, NULL, 4, 4, NULL,
     0},
    {PS_F_CP_ASYNC_BULK, "", "shared::cta", "global", MBAR, "+" HINT, NULL, NULL, 4, 4, NULL, 0},
    {PS_F_CP_ASYNC_BULK, "", "shared::cluster", "shared::cta", MBAR, "", NULL, NULL, 4, 4, NULL, 0},
    {PS_F_CP_ASYNC_BULK, "", "global", "shared::cta", "bulk_group", "+" HINT ";+cp_mask@s100", NULL, NULL, 3, 3, NULL,
     0},
    {PS_F_CP_ASYNC_BULK_PREFETCH, "", "global", NULL, "L2", "+" HINT, NULL, NULL, 2, 2, NULL, 0},
    {PS_F_CP_ASYNC_BULK_PREFETCH, "tensor", "global", NULL, DIMS ";L2", LOADMODES ";+" HINT, NULL, NULL, 1, 1, NULL,
     W_IM2COL3 | W_IM2COLOP},
    {PS_F_CP_ASYNC_BULK_WAIT, "", NULL, NULL, "", "read", NULL, NULL, 1, 1, NULL, 0},
    {PS_F_CP_ASYNC_BULK_TENSOR, "", "shared::cluster", "global", DIMS ";" MBAR,
     LOADMODES ";+multicast::cluster;cta_group::1@100 cta_group::2@100;+" HINT, NULL, NULL, 3, 3, NULL,
     W_IM2COL3 | W_IM2COLOP},
    {PS_F_CP_ASYNC_BULK_TENSOR, "", "shared::cta", "global", DIMS ";" MBAR,
     "tile im2col im2col::w@s100 im2col::w::128@100 tile::gather4@s100;cta_group::1@100 cta_group::2@100;+" HINT, NULL,
     NULL, 3, 3, NULL, W_IM2COL3 | W_IM2COLOP},
    {PS_F_CP_ASYNC_BULK_TENSOR, "", "global", "shared::cta", DIMS ";bulk_group",
     "tile im2col_no_offs tile::scatter4@100;+" HINT, NULL, NULL, 2, 2, NULL, W_IM2COL3},
    {PS_F_CP_REDUCE_ASYNC_BULK, "", "shared::cluster", "shared::cta", MBAR ";" REDOPS, "", "b32 u32 s32 b64 u64 s64",
     NULL, 4, 4, RED_CLUSTER, 0},
    {PS_F_CP_REDUCE_ASYNC_BULK, "", "global", "shared::cta", "bulk_group;" REDOPS, "+" HINT ";noftz",
     "b32 u32 s32 b64 u64 s64 f32 f64 f16 bf16", NULL, 3, 3, RED_GLOBAL, 0},
    {PS_F_CP_REDUCE_ASYNC_BULK, "tensor", "global", "shared::cta", DIMS ";" REDOPS ";bulk_group",
     "tile im2col_no_offs;+" HINT, NULL, NULL, 2, 2, NULL, W_IM2COL3},
    /* 9.7.9.12 st.async, 9.7.13.7 red.async */
    {PS_F_ST_ASYNC, "", "?shared::cluster shared::cta", NULL, "", "weak;" MBAR ";v2 v4",
     "b32 b64 u32 u64 s32 s64 f32 f64", NULL, 2, 3, NULL, W_STASYNC},
    {PS_F_RED_ASYNC, "", "?shared::cluster", NULL, "relaxed;cluster;" MBAR ";" REDOPS, "", "u32 s32 u64 b32 b64", NULL,
     2, 3, RED_CLUSTER, 0},
    /* PTX ISA 8.7: the global forms without an mbarrier, from sm_100 on (ptxas also takes .weak or
     * no semantics on st.async) */
    {PS_F_ST_ASYNC, "", "?global@s100", NULL, "", "weak@s100 release@s100;gpu@s100 sys@s100;mmio@s100",
     "b8 b16 b32 b64 u8 u16 u32 u64 s8 s16 s32 s64 f32 f64", NULL, 2, 2, NULL, W_STASYNC | W_SEMSCOPE},
    {PS_F_RED_ASYNC, "", "?global@s100", NULL, "relaxed@s100 release@s100;gpu@s100 sys@s100;" REDOPS, "mmio@s100",
     "u32 s32 u64 b32 b64", NULL, 2, 2, RED_CLUSTER, 0},
    /* 9.7.10.3-4 tex, tld4, txq (texture objects; the .f16x2 results with .v2) */
    {PS_F_TEX, "", NULL, NULL, TEXGEOM ";v4 v2", "base level grad", "u32 s32 f16 f32 f16x2", "s32 f32", 2, 5, NULL,
     W_TEX},
    {PS_F_TLD4, "", NULL, NULL, "r g b a;2d a2d cube acube;v4", "", "u32 s32 f32", "f32", 2, 4, NULL, 0},
    {PS_F_TXQ, "level", NULL, NULL, "width height depth", "", "b32", NULL, 3, 3, NULL, 0},
    {PS_F_TXQ, "", NULL, NULL,
     "width height depth channel_data_type channel_order normalized_coords filter_mode addr_mode_0 addr_mode_1 "
     "addr_mode_2 array_size num_mipmap_levels num_samples force_unnormalized_coords",
     "", "b32", NULL, 2, 2, NULL, 0},
    /* 9.7.11 suld, sust, sured, suq (sust.p: .b32 only, as ptxas 13 reads it) */
    {PS_F_SULD, "b", NULL, NULL, SUGEOM ";" CLAMP, "ca cg cs cv;v2 v4", "b8 b16 b32 b64", NULL, 2, 2, NULL, 0},
    {PS_F_SUST, "b", NULL, NULL, SUGEOM ";" CLAMP, "wb cg cs wt;v2 v4", "b8 b16 b32 b64", NULL, 2, 2, NULL, 0},
    {PS_F_SUST, "p", NULL, NULL, SUGEOM ";" CLAMP, "wb cg cs wt;v2 v4", "b32", NULL, 2, 2, NULL, 0},
    {PS_F_SURED, "b", NULL, NULL, "add min max and or;1d 2d 3d;" CLAMP, "", "u32 u64 s32 s64 b32 b64", NULL, 2, 2,
     "add:u32 u64 s32|min:u32 s32 u64 s64|max:u32 s32 u64 s64|and:b32|or:b32", W_VALSIZE},
    {PS_F_SURED, "p", NULL, NULL, "add min max and or;1d 2d 3d;" CLAMP, "", "b32 b64", NULL, 2, 2,
     "add:b32|min:b32 b64|max:b32 b64|and:b32|or:b32", 0},
    {PS_F_SUQ, "", NULL, NULL, "width height depth channel_data_type channel_order array_size memory_layout", "", "b32",
     NULL, 2, 2, NULL, 0},
    /* 9.7.9.15-17 createpolicy, discard, applypriority */
    {PS_F_CREATEPOLICY, "fractional", NULL, NULL, EVICT, "L2::evict_first L2::evict_unchanged", "b64", NULL, 1, 2, NULL,
     W_FRACTION},
    {PS_F_CREATEPOLICY, "range", "?global", NULL, EVICT, "L2::evict_first L2::evict_unchanged", "b64", NULL, 4, 4, NULL,
     0},
    {PS_F_CREATEPOLICY, "cvt", NULL, NULL, "L2", "", "b64", NULL, 2, 2, NULL, 0},
    {PS_F_DISCARD, "", "?global", NULL, "L2", "", NULL, NULL, 2, 2, NULL, W_IMM128},
    {PS_F_APPLYPRIORITY, "", "?global", NULL, "L2::evict_normal", "", NULL, NULL, 2, 2, NULL, W_IMM128},
    /* 9.7.9.16 multimem */
    {PS_F_MULTIMEM, "ld_reduce", "?global", NULL, "add min max and or xor",
     "weak relaxed acquire;cta cluster gpu sys;acc::f32 acc::f16;v2 v4 v8",
     "b32 b64 u32 u64 s32 s64 f32 f64 f16 f16x2 bf16 bf16x2 e5m2 e5m2x2 e5m2x4 e4m3 e4m3x2 e4m3x4", NULL, 2, 2,
     MM_OPTYPES, W_SEMSCOPE | W_MMVAL},
    {PS_F_MULTIMEM, "st", "?global", NULL, "", "weak relaxed release;cta cluster gpu sys;v2 v4 v8",
     "b32 b64 u32 u64 s32 s64 f32 f64 f16 f16x2 bf16 bf16x2 e5m2 e5m2x2 e5m2x4 e4m3 e4m3x2 e4m3x4", NULL, 2, 2, NULL,
     W_SEMSCOPE | W_MMVAL},
    {PS_F_MULTIMEM, "red", "?global", NULL, "add min max and or xor", "relaxed release;cta cluster gpu sys;v2 v4 v8",
     "b32 b64 u32 u64 s32 s64 f32 f64 f16 f16x2 bf16 bf16x2 e5m2 e5m2x2 e5m2x4 e4m3 e4m3x2 e4m3x4", NULL, 2, 2,
     MM_RED_OPTYPES, W_SEMSCOPE | W_MMVAL},
    /* 9.7.9.26 tensormap */
    {PS_F_TENSORMAP, "replace", "?global shared::cta", NULL,
     "tile im2col;global_address rank box_dim global_dim global_stride element_stride elemtype interleave_layout "
     "swizzle_mode swizzle_atomicity fill_mode",
     "", "b1024", "b32 b64", 2, 3, NULL, W_TMAP | W_ARCHSPEC},
    {PS_F_TENSORMAP, "cp_fenceproxy", "global", "shared::cta",
     "tensormap::generic;release;cta cluster gpu sys;sync;aligned", "", NULL, NULL, 3, 3, NULL, 0},
    /* 9.7.13.16 clusterlaunchcontrol, 9.7.10.6 istypep */
    {PS_F_CLUSTERLAUNCHCONTROL, "try_cancel", "shared::cta", NULL, "async;" MBAR, "multicast::cluster::all@a", "b128",
     NULL, 2, 2, NULL, 0},
    {PS_F_CLUSTERLAUNCHCONTROL, "query_cancel", NULL, NULL,
     "is_canceled get_first_ctaid get_first_ctaid::x get_first_ctaid::y get_first_ctaid::z", "v4", "pred b32", "b128",
     2, 2, NULL, 0},
    {PS_F_ISTYPEP, "", NULL, NULL, "texref samplerref surfref", "", NULL, NULL, 2, 2, NULL, W_PRED0},
    /* 9.7.16 tcgen05 (the forms of its sections 9.7.16.7-9: alloc, dealloc, relinquish_alloc_permit,
     * commit, mma, cp, shift, fence, wait, ld, st) */
    {PS_F_TCGEN05, "alloc", "shared::cta", NULL, CTAG ";sync;aligned", "", "b32", NULL, 2, 2, NULL, 0},
    {PS_F_TCGEN05, "dealloc", NULL, NULL, CTAG ";sync;aligned", "", "b32", NULL, 2, 2, NULL, 0},
    {PS_F_TCGEN05, "relinquish_alloc_permit", NULL, NULL, CTAG ";sync;aligned", "", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_TCGEN05, "commit", "?shared::cluster", NULL, CTAG ";mbarrier::arrive::one", "+multicast::cluster", "b64",
     NULL, 1, 1, NULL, 0},
    {PS_F_TCGEN05, "mma", NULL, NULL, CTAG ";kind::f16 kind::tf32 kind::f8f6f4 kind::i8", "", NULL, NULL, 5, 7, NULL,
     W_TCMMA},
    {PS_F_TCGEN05, "cp", NULL, NULL, CTAG ";128x256b 4x256b 128x128b 64x128b 32x128b",
     "warpx2::02_13 warpx2::01_23 warpx4;b8x16 b6x16_p32 b4x16_p64", NULL, NULL, 2, 2, NULL, 0},
    {PS_F_TCGEN05, "shift", NULL, NULL, CTAG ";down", "", NULL, NULL, 1, 1, NULL, W_AONLY},
    {PS_F_TCGEN05, "fence::before_thread_sync", NULL, NULL, "", "", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_TCGEN05, "fence::after_thread_sync", NULL, NULL, "", "", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_TCGEN05, "wait::ld", NULL, NULL, "sync;aligned", "", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_TCGEN05, "wait::st", NULL, NULL, "sync;aligned", "", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_TCGEN05, "ld", NULL, NULL, "sync;aligned;" TCSHAPES ";" TCNUM, "pack::16b", "b32", NULL, 2, 3, NULL,
     W_TCLDST},
    {PS_F_TCGEN05, "st", NULL, NULL, "sync;aligned;" TCSHAPES ";" TCNUM, "unpack::16b", "b32", NULL, 2, 3, NULL,
     W_TCLDST},
    /* 9.7.15.6-8 wgmma.fence, commit_group, wait_group */
    {PS_F_WGMMA_FENCE, "", NULL, NULL, "sync", "aligned", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_WGMMA_COMMIT, "", NULL, NULL, "sync", "aligned", NULL, NULL, 0, 0, NULL, 0},
    {PS_F_WGMMA_WAIT, "", NULL, NULL, "sync", "aligned", NULL, NULL, 1, 1, NULL, 0}, /* count: "iu" */
};

#define MAXW 16
#define WLEN 48

static const char *const SPACE_WORDS[] = {"global", "shared", "shared::cta", "shared::cluster",
                                          "local",  "const",  "param"};
static const char *const TYPE_WORDS[] = {"b8",   "b16",  "b32",    "b64",    "b128",   "b1024",  "u8",
                                         "u16",  "u32",  "u64",    "s8",     "s16",    "s32",    "s64",
                                         "f16",  "f32",  "f64",    "f16x2",  "bf16",   "bf16x2", "tf32",
                                         "e4m3", "e5m2", "e4m3x2", "e5m2x2", "e4m3x4", "e5m2x4", "pred"};

static bool in_words(const char *w, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(w, list[i])) return true;
    return false;
}

/* Is w one of the space-separated words of list (words "x@100" only where sm >= 100)? */
static bool in_list(const char *list, const char *w, int sm) {
    size_t n = strlen(w);
    for (const char *s = list; *s;) {
        size_t len = strcspn(s, " ;");
        bool later = len > n && s[n] == '@' && /* s[n] is inside the word (a shorter last word: the end) */
            (s[n + 1] == 's'       ? sm % 1000 >= 100
                 : s[n + 1] == 'a' ? sm >= 10000
                                   : sm / 1000 % 10 == 1 && sm % 1000 >= 100);
        if (len >= n && !strncmp(s, w, n) && (len == n || later)) return true;
        s += len;
        while (*s == ' ') s++;
        if (*s == ';') break;
    }
    return false;
}

/* The k-th ';'-separated group of groups (copied into g), or false. */
static bool group(const char *groups, int k, char *g, size_t glen) {
    const char *s = groups;
    for (int i = 0; i < k; i++) {
        s = strchr(s, ';');
        if (!s) return false;
        s++;
    }
    if (!*s && k) return false;
    size_t len = strcspn(s, ";");
    if (!len) return false;
    snprintf(g, glen, "%.*s", (int)len, s);
    return true;
}

/* Does the space or type list `alts` ('?' prefix: optional) take w (NULL: absent)? */
static bool slot_takes(const char *alts, const char *w, int sm) {
    if (!alts) return w == NULL;
    bool opt = alts[0] == '?';
    if (!w) return opt;
    return in_list(alts + opt, w, sm);
}

static bool has_word(char w[][WLEN], int n, const char *x) {
    for (int i = 0; i < n; i++)
        if (!strcmp(w[i], x)) return true;
    return false;
}

/* What a variant's groups cannot say: a vector of 64-bit elements is at most .v2; the types of
 * each operation (optypes); .noftz only on .add; im2col needs 3 dimensions or more. */
static const char *combination(const variant *v, char w[][WLEN], int n, const char *t, int sm, const char *mn,
                               char *buf, size_t buflen) {
    (void)sm;
    if (t && (has_word(w, n, "v4") || has_word(w, n, "v8")) && strstr(t, "64")) {
        snprintf(buf, buflen, "Vector type too large, exceeds 128 bit limit");
        return buf;
    }
    const char *op = NULL;
    for (int i = 0; i < n && !op; i++)
        if (in_list(REDOPS, w[i], 0)) op = w[i];
    if (op && strcmp(op, "add") && has_word(w, n, "noftz")) {
        snprintf(buf, buflen, "Illegal modifier '.noftz' for instruction '%s' with '.%.40s'", mn, op);
        return buf;
    }
    if (op && t && v->optypes) {
        size_t len = strlen(op);
        for (const char *s = v->optypes; s && *s; s = strchr(s, '|') ? strchr(s, '|') + 1 : NULL) {
            if (strncmp(s, op, len) || s[len] != ':') continue;
            char list[128];
            snprintf(list, sizeof list, "%.*s", (int)strcspn(s + len + 1, "|"), s + len + 1);
            if (!in_list(list, t, 0)) {
                if (v->form == PS_F_SURED) snprintf(buf, buflen, "Unexpected instruction types specified for '%s'", mn);
                else
                    snprintf(buf, buflen, "Incorrect type '.%.40s' for operation '.%.40s' in instruction '%s'", t, op,
                             mn);
                return buf;
            }
        }
    }
    if (v->flags & W_TEX) {
        const char *ct = NULL;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (in_words(w[i], TYPE_WORDS, PS_ARRAY_LEN(TYPE_WORDS)) && k++ == 1) ct = w[i];
        bool f16x2 = t && !strcmp(t, "f16x2");
        if (f16x2 ? !has_word(w, n, "v2") : !has_word(w, n, "v4")) {
            snprintf(buf, buflen, "Instruction '%s.%s' requires .%s type", mn, t ? t : "", f16x2 ? "v2" : "v4");
            return buf;
        }
        bool ms = has_word(w, n, "2dms") || has_word(w, n, "a2dms");
        for (int i = 1; i < n; i++)
            if (in_list("base level grad", w[i], 0)) { /* the mode comes first: tex.1d.grad is refused */
                snprintf(buf, buflen, "Unknown modifier '.%.40s'", w[i]);
                return buf;
            }
        if (ms && (has_word(w, n, "level") || has_word(w, n, "grad"))) {
            snprintf(buf, buflen, "Illegal modifier 'Multi-sample geometry' for instruction '%s.%s'", mn,
                     has_word(w, n, "level") ? "level" : "grad");
            return buf;
        }
        bool cube = has_word(w, n, "cube") || has_word(w, n, "acube");
        if (ct && ms && strcmp(ct, "s32")) {
            snprintf(buf, buflen, "Integer coordinates require .s32 instruction type");
            return buf;
        }
        if (ct && cube && strcmp(ct, "f32")) {
            snprintf(buf, buflen, "Floating-point coordinates required");
            return buf;
        }
    }
    if (v->flags & W_SEMSCOPE) {
        bool order = has_word(w, n, "relaxed") || has_word(w, n, "acquire") || has_word(w, n, "release");
        const char *scope = NULL;
        for (int i = 0; i < n; i++)
            if (in_list("cta cluster gpu sys", w[i], 0)) scope = w[i];
        if (scope && !order) {
            snprintf(buf, buflen, "Modifier '.%.40s' requires order with '%s' instruction", scope, mn);
            return buf;
        }
        if (order && !scope) {
            snprintf(buf, buflen, "Memory order modifier requires scope with '%s' instruction", mn);
            return buf;
        }
    }
    for (int i = 0; i < n; i++)
        if ((!strcmp(w[i], "tile::gather4") || !strcmp(w[i], "tile::scatter4")) && !has_word(w, n, "2d"))
            for (int j = 0; j < n; j++)
                if (in_list(DIMS, w[j], 0)) {
                    snprintf(buf, buflen, "Modifier '.%.40s' cannot be combined with modifier '.%.40s'", w[j], w[i]);
                    return buf;
                }
    if (v->flags & W_IM2COL3)
        for (int i = 0; i < n; i++)
            if (!strncmp(w[i], "im2col", 6) && (has_word(w, n, "1d") || has_word(w, n, "2d"))) {
                snprintf(buf, buflen, "Modifier '.%s' cannot be combined with modifier '.%.40s'",
                         has_word(w, n, "1d") ? "1d" : "2d", w[i]);
                return buf;
            }
    return NULL;
}

/* Checks words w[0..n) against variant v; NULL when it passes, else why (in buf). `depth` tells
 * how far it got (the most telling variant's reason is reported). */
static const char *match(const variant *v, char w[][WLEN], int n, int nops, int sm, const char *mnemonic, char *buf,
                         size_t buflen, int *depth) {
    int k = 0;
    *depth = 0;
    if (v->lead[0]) {
        if (n < 1 || strcmp(w[0], v->lead)) {
            snprintf(buf, buflen, "Unknown modifier '.%.40s'", n ? w[0] : "");
            return buf;
        }
        k = 1;
    }
    /* ptxas names the instruction with its leading word (suld.b, multimem.ld_reduce) */
    char mn[64];
    snprintf(mn, sizeof mn, "%s%s%s", mnemonic, v->lead[0] ? "." : "", v->lead);
    *depth = 1;
    const char *spaces[MAXW], *types[MAXW];
    int nsp = 0, nty = 0;
    for (int i = k; i < n; i++) {
        if (in_words(w[i], SPACE_WORDS, PS_ARRAY_LEN(SPACE_WORDS))) spaces[nsp++] = w[i];
        else if (in_words(w[i], TYPE_WORDS, PS_ARRAY_LEN(TYPE_WORDS))) types[nty++] = w[i];
    }
    if (nsp > 2 || !slot_takes(v->dst, nsp > 0 ? spaces[0] : NULL, sm) ||
        !slot_takes(v->src, nsp > 1 ? spaces[1] : NULL, sm)) {
        snprintf(buf, buflen, "State space incorrect for instruction '%s'", mn);
        return buf;
    }
    char with[80] = "";
    if (nsp == 2) snprintf(with, sizeof with, " with '.%s.%s'", spaces[0], spaces[1]);
    *depth = 2;
    bool used_need[12] = {false}, used_may[12] = {false};
    char g[512];
    for (int i = k; i < n; i++) {
        if (in_words(w[i], SPACE_WORDS, PS_ARRAY_LEN(SPACE_WORDS)) ||
            in_words(w[i], TYPE_WORDS, PS_ARRAY_LEN(TYPE_WORDS)))
            continue;
        bool placed = false, dup = false;
        for (int pass = 0; pass < 2 && !placed; pass++) {
            const char *gs = pass ? v->may : v->need;
            bool *used = pass ? used_may : used_need;
            for (int j = 0; j < 12 && group(gs, j, g, sizeof g); j++) {
                if (!in_list(g + (g[0] == '+'), w[i], sm)) continue;
                if (used[j]) {
                    dup = true;
                    continue;
                }
                used[j] = placed = true;
                break;
            }
        }
        if (!placed) {
            bool twice = false;
            for (int j = 0; j < i; j++) twice |= !strcmp(w[j], w[i]);
            if (twice) snprintf(buf, buflen, "Duplicate .%.40s modifier", w[i]);
            else if (dup) snprintf(buf, buflen, "Conflicting modifier '.%.40s' for instruction '%s'", w[i], mn);
            else snprintf(buf, buflen, "Illegal modifier '.%.40s' for instruction '%s'%s", w[i], mn, with);
            return buf;
        }
    }
    *depth = 3;
    for (int j = 0; j < 12 && group(v->need, j, g, sizeof g); j++)
        if (!used_need[j]) {
            if (!strcmp(g, CLAMP)) snprintf(buf, buflen, "Clamp modifier required for instruction '%s'", mn);
            else snprintf(buf, buflen, "'.%.*s' modifier required for instruction '%s'", (int)strcspn(g, " @"), g, mn);
            return buf;
        }
    *depth = 4;
    if (nty > 2 || !slot_takes(v->t1, nty > 0 ? types[0] : NULL, sm) ||
        !slot_takes(v->t2, nty > 1 ? types[1] : NULL, sm)) {
        snprintf(buf, buflen, "Unexpected instruction types specified for '%s'", mn);
        return buf;
    }
    *depth = 5;
    int extra = 0;
    for (int j = 0; j < 12 && group(v->may, j, g, sizeof g); j++) extra += used_may[j] && g[0] == '+';
    if (v->flags & W_IM2COLOP)
        for (int i = 0; i < n; i++) extra += !strncmp(w[i], "im2col", 6) && strcmp(w[i], "im2col_no_offs");
    if (nops - extra < v->min_ops || nops - extra > v->max_ops) {
        snprintf(buf, buflen, "Arguments mismatch for instruction '%s'", mn);
        return buf;
    }
    return combination(v, w, n, nty ? types[0] : NULL, sm, mn, buf, buflen);
}

/* The k-th type word of w, or "". */
static const char *nth_type(char w[][WLEN], int n, int k) {
    for (int i = 0; i < n; i++)
        if (in_words(w[i], TYPE_WORDS, PS_ARRAY_LEN(TYPE_WORDS)) && k-- == 0) return w[i];
    return "";
}

/* tensormap.replace.mode.field{.ss}.b1024.type [a], {ordinal,} value (PTX ISA 9.7.9.26) */
static void tensormap_replace(parser *p, char w[][WLEN], int n, const token *mt, const ps_operand *ops, int nops) {
    static const char MN[] = "tensormap.replace";
    const char *field = "";
    for (int i = 0; i < n; i++)
        if (in_list("global_address rank box_dim global_dim global_stride element_stride elemtype interleave_layout "
                    "swizzle_mode swizzle_atomicity fill_mode",
                    w[i], 0))
            field = w[i];
    const char *t = nth_type(w, n, 1);
    bool wide = !strcmp(field, "global_address") || !strcmp(field, "global_stride");
    if (strcmp(t, wide ? "b64" : "b32")) {
        error_at(p, mt, "Illegal modifier '.%s' for instruction '%s' with type '.%s'", field, MN, t);
        return;
    }
    bool ordinal = in_list("box_dim global_dim global_stride element_stride", field, 0);
    if (nops != (ordinal ? 3 : 2)) {
        error_at(p, mt, "Arguments mismatch for instruction '%s'", MN);
        return;
    }
    const ps_operand *v = &ops[nops - 1];
    bool enumerated = in_list("elemtype interleave_layout swizzle_mode swizzle_atomicity fill_mode", field, 0);
    if (enumerated && v->kind != PS_OP_IMM) error_at(p, mt, "Integer constant expression expected");
    else if (!enumerated) ps_ctrl_want(p, mt, MN, v, (wide ? K_I64 : K_I32) | K_IMM);
}

/* tcgen05.ld/st.sync.aligned.shape.num.b32: 1, 2 or 4 registers per .xN step (32x32b, 16x64b and
 * 16x32bx2; 16x128b; 16x256b), and the immediate offset of 16x32bx2 */
static void tcgen05_ldst(parser *p, char w[][WLEN], int n, const token *mt, const ps_operand *ops, int nops) {
    bool ld = !strcmp(w[0], "ld");
    const char *mn = ld ? "tcgen05.ld" : "tcgen05.st";
    int per = has_word(w, n, "16x128b") ? 2 : has_word(w, n, "16x256b") ? 4 : 1, num = 0;
    for (int i = 0; i < n; i++)
        if (w[i][0] == 'x' && w[i][1] >= '1' && w[i][1] <= '9') num = atoi(w[i] + 1);
    bool x2 = has_word(w, n, "16x32bx2");
    if (nops != (x2 ? 3 : 2)) {
        error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
        return;
    }
    const ps_operand *v = &ops[ld ? 0 : nops - 1];
    if (v->kind != PS_OP_VEC || v->nitems != per * num)
        error_at(p, mt, "Argument %d of instruction '%s': Argument vector size mismatch", ld ? 0 : nops - 1, mn);
}

/* multimem.ld_reduce d, [a] / multimem.st|red [a], b: a register of the type's width, or a brace
 * list of .vN registers */
static void multimem_value(parser *p, const variant *v, char w[][WLEN], int n, const token *mt, const ps_operand *ops,
                           int nops) {
    char mn[40];
    snprintf(mn, sizeof mn, "multimem.%s", v->lead);
    int k = strcmp(v->lead, "ld_reduce") ? 1 : 0;
    if (nops <= k) return;
    const ps_operand *o = &ops[k];
    int vec = has_word(w, n, "v2") ? 2 : has_word(w, n, "v4") ? 4 : has_word(w, n, "v8") ? 8 : 0;
    if (vec) {
        if (o->kind != PS_OP_VEC || o->nitems != vec)
            error_at(p, mt, "Vector of size %d is expected for argument %d of instruction '%s'", vec, k, mn);
        return;
    }
    const char *t = nth_type(w, n, 0);
    unsigned kinds = strstr(t, "64")                ? K_I64 | K_F64
        : (!strcmp(t, "f16") || !strcmp(t, "bf16")) ? K_R16
                                                    : K_I32 | K_F32;
    ps_ctrl_want(p, mt, mn, o, kinds);
}

/* The operand rules of a variant that passed (flags). */
static void operands(parser *p, const variant *v, char w[][WLEN], int n, const token *mt, const ps_operand *ops,
                     int nops) {
    const char *mn = ps_form_get(v->form)->mnemonic;
    if ((v->flags & W_PRED0) && nops > 0) ps_ctrl_want(p, mt, mn, &ops[0], K_PRED);
    if ((v->flags & W_ARCHSPEC) && p->m->arch && !p->m->arch->arch_specific) {
        error_at(p, mt, "Instruction '%s.%s' not supported on .target '%s'", mn, v->lead, p->m->arch->name);
        return;
    }
    if ((v->flags & W_AONLY) && p->m->arch && p->m->arch->arch_specific == 2) {
        error_at(p, mt, "Instruction '%s.%s' not supported on .target '%s'", mn, v->lead, p->m->arch->name);
        return;
    }
    const char *t0 = nth_type(w, n, 0); /* tex's .f16 and .f16x2 results, as ptxas names them */
    if ((v->flags & W_TEX) && p->m->arch && p->m->arch->sm < 53 && t0 && (!strcmp(t0, "f16") || !strcmp(t0, "f16x2"))) {
        error_at(p, mt, "Feature 'f16 arithemetic and compare instructions' requires .target sm_53 or higher");
        return;
    }
    if ((v->flags & W_FRACTION) && nops == 2 && (ops[1].kind == PS_OP_IMM_F64 || ops[1].kind == PS_OP_IMM_F32)) {
        double f;
        if (ops[1].kind == PS_OP_IMM_F64) {
            memcpy(&f, &ops[1].imm, sizeof f);
        } else {
            uint32_t bits = (uint32_t)ops[1].imm;
            float g;
            memcpy(&g, &bits, sizeof g);
            f = g;
        }
        if (!(f > 0 && f <= 1))
            error_at(p, mt,
                     "Argument 2 of instruction 'createpolicy.fractional': value '%f' out of range, expected to "
                     "be in range (0.000000 .. 1.000000]",
                     f);
    }
    if (v->flags & W_TCMMA) {
        /* .kind::i8: sm_100a and sm_110a, not sm_103 nor the "f" targets */
        if (p->m->arch && (p->m->arch->sm == 103 || p->m->arch->arch_specific == 2) && has_word(w, n, "kind::i8")) {
            error_at(p, mt, "Feature '.kind::i8' not supported on .target '%s'", p->m->arch->name);
            return;
        }
        for (int i = 5; i < nops; i++)
            if (ops[i].kind != PS_OP_VEC && ops[i].kind != PS_OP_IMM) {
                error_at(p, mt, "Arguments mismatch for instruction 'tcgen05.mma'");
                return;
            }
    }
    if (v->flags & W_TMAP) tensormap_replace(p, w, n, mt, ops, nops);
    if (v->flags & W_MMVAL) multimem_value(p, v, w, n, mt, ops, nops);
    /* tex and tld4: the coordinates' count per geometry (ptxas: "Illegal vector size: 3") */
    if ((v->form == PS_F_TEX || v->form == PS_F_TLD4) && nops > 1 && ops[1].kind == PS_OP_ADDR && ops[1].nitems) {
        static const char *const geoms[] = {"1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "2dms", "a2dms"};
        static const int coords[] = {1, 2, 4, 2, 4, 4, 4, 4, 4};
        int c = ops[1].nitems, want = 0;
        for (size_t g = 0; g < PS_ARRAY_LEN(geoms); g++)
            if (has_word(w, n, geoms[g])) want = coords[g];
        if (c != 1 && c != 2 && c != 4) {
            error_at(p, mt, "Illegal vector size: %d", c);
            return;
        }
        if (want && c != want) {
            error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
            return;
        }
    }
    /* tld4's optional operands after [a, c]: vectors or 32-bit values */
    for (int i = 2; v->form == PS_F_TLD4 && i < nops && !p->failed_stmt; i++)
        if (ops[i].kind != PS_OP_VEC) ps_ctrl_want(p, mt, mn, &ops[i], K_I32 | K_F32 | K_IMM);
    if ((v->flags & W_TEX) && nops > 0 && ops[0].kind == PS_OP_VEC) {
        /* the destination's registers: 16-bit ones for .f16 (ptxas: Arguments mismatch) */
        unsigned kinds = !strcmp(nth_type(w, n, 0), "f16") ? K_R16 : K_I32 | K_F32;
        for (int i = 0; i < ops[0].nitems && !p->failed_stmt; i++) ps_ctrl_want(p, mt, mn, &ops[0].items[i], kinds);
        /* d, [a, c], then the lod (.level) or two gradients (.grad), then an offset vector and a
         * depth-compare value, both optional */
        int need = 2 + has_word(w, n, "level") + 2 * has_word(w, n, "grad");
        if (!p->failed_stmt && (nops < need || nops > need + 2))
            error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
        for (int i = need; i < nops && !p->failed_stmt; i++)
            if (ops[i].kind != PS_OP_VEC) ps_ctrl_want(p, mt, mn, &ops[i], K_I32 | K_F32 | K_IMM);
    }
    if (v->flags & W_TCLDST) tcgen05_ldst(p, w, n, mt, ops, nops);
    if ((v->flags & W_VALSIZE) && nops > 0)
        ps_ctrl_want(p, mt, mn, &ops[nops - 1], strstr(nth_type(w, n, 0), "64") ? K_I64 | K_F64 : K_I32 | K_F32);
    if ((v->flags & W_STASYNC) && nops == 2) {
        /* the forms without an mbarrier store one value (the value itself: the row's shape, "zT") */
        int vec = has_word(w, n, "v2") ? 2 : has_word(w, n, "v4") ? 4 : 0;
        if (vec || ops[1].kind == PS_OP_VEC) {
            error_at(p, mt, "Vector qualifier is not allowed for instruction 'st.async'");
            return;
        }
    }
    if ((v->flags & W_STASYNC) && nops == 3 && !has_word(w, n, MBAR) && !has_word(w, n, "shared::cta"))
        error_at(p, mt,
                 "Modifier '.shared::cluster' requires modifier '.completion_mechanism' for instruction "
                 "'st.async'");
    if ((v->flags & W_IMM128) && nops > 0) {
        const ps_operand *o = &ops[nops - 1];
        if (o->kind != PS_OP_IMM) error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
        else if (o->imm != 128)
            error_at(p, mt, "Argument %d of instruction '%s': unexpected value '%lld', expected to be 128", nops, mn,
                     (long long)o->imm);
    }
}

void ps_check_words(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    if (!in->text) return;
    const char *mn = in->info->mnemonic;
    size_t skip = strlen(mn);
    if (strncmp(in->text, mn, skip)) return;
    char w[MAXW][WLEN];
    int n = 0;
    for (const char *s = strchr(in->text + skip, '.'); s && n < MAXW; s = strchr(s + 1, '.')) {
        /* "::" inside a word is no separator, a '.' is */
        size_t len = strcspn(s + 1, ".");
        snprintf(w[n++], WLEN, "%.*s", (int)(len < WLEN - 1 ? len : WLEN - 1), s + 1);
    }
    /* the "@100" words: the sm_100a/f, sm_103a/f and sm_110a/f targets (ptxas: "Feature
     * '.cta_group::1' not supported on .target 'sm_100'", nor on sm_120) */
    const ps_arch *arch = p->m->arch;
    bool family = arch && arch->arch_specific && (arch->sm == 100 || arch->sm == 103 || arch->sm == 110);
    int sm = !arch ? 11999 : arch->sm + (family ? 1000 : 0) + (arch->arch_specific ? 10000 : 0);
    char why[256] = "", best[256] = "";
    int best_depth = -1, seen = 0;
    for (size_t i = 0; i < PS_ARRAY_LEN(VARIANTS); i++) {
        if (VARIANTS[i].form != in->form) continue;
        seen++;
        int depth;
        if (!match(&VARIANTS[i], w, n, nops, sm, mn, why, sizeof why, &depth)) {
            operands(p, &VARIANTS[i], w, n, mt, ops, nops);
            return;
        }
        depth = 2 * depth + (VARIANTS[i].lead[0] != 0); /* ties: the variant whose leading word matched */
        if (depth > best_depth) {
            best_depth = depth;
            snprintf(best, sizeof best, "%s", why);
        }
    }
    if (seen) error_at(p, mt, "%s", best);
}
