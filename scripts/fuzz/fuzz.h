/* fuzz.h — random differential testing of ptxsim against a GPU (docs/fuzz.md).
 *
 * A program is one kernel over one CTA of `threads` threads. Every register it computes lives in
 * a per-lane "register image": slot s of lane t is 8 bytes at (s * threads + t) * 8 of the input
 * and output buffers. The prologue loads every slot into its register, the body is a list of
 * items (one instruction, a carry chain, a forward branch over a few instructions, a small loop,
 * a warp-level operation), and the epilogue stores every register back. Each register is written
 * by at most one item, so the state before item k is known from the final state of the items
 * before it: that is what lets the shrinker cut a mismatching item out of its program with the
 * exact values it saw (fz_slice). */
#ifndef PTXSIM_FUZZ_H
#define PTXSIM_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Instruction families: counted and compared separately. The approximate ones (FZ_APPROX_*) are
 * not expected to be bit-exact yet; their results never feed another instruction. */
// clang-format off
#define FZ_FAMILIES(X)                                                                          \
    X(INT_ADD, "int.add", 1)         /* add sub (16/32/64, .sat, 16x2) */                        \
    X(INT_CARRY, "int.carry", 1)     /* add.cc addc sub.cc subc mad.cc madc chains */            \
    X(INT_MUL, "int.mul", 1)         /* mul mad .lo/.hi/.wide, mul24 mad24, sad */               \
    X(INT_DIV, "int.div", 1)         /* div rem */                                               \
    X(INT_MISC, "int.misc", 1)       /* abs neg min max popc clz bfind brev fns cnot */          \
    X(BITFIELD, "bitfield", 1)       /* bfe bfi bmsk szext */                                    \
    X(LOGIC, "logic", 1)             /* and or xor not lop3 */                                   \
    X(SHIFT, "shift", 1)             /* shl shr shf */                                           \
    X(PRMT, "prmt", 1)                                                                          \
    X(DOT, "dp4a/dp2a", 1)                                                                      \
    X(SETP, "setp/set", 1)                                                                      \
    X(SELP, "selp/slct", 1)                                                                     \
    X(F32, "f32.arith", 1)           /* add sub mul fma mad .f32 */                              \
    X(F64, "f64.arith", 1)                                                                      \
    X(FDIV, "div.rnd", 1)            /* div.{rn,rz,rm,rp} f32 f64 */                             \
    X(FSQRT, "sqrt/rcp.rnd", 1)                                                                 \
    X(FMINMAX, "fmin/fmax", 1)                                                                  \
    X(FMISC, "fabs/fneg/copysign/testp", 1)                                                     \
    X(CVT_II, "cvt.int.int", 1)                                                                 \
    X(CVT_FI, "cvt.float.int", 1)    /* float to integer */                                      \
    X(CVT_IF, "cvt.int.float", 1)    /* integer to float */                                      \
    X(CVT_FF, "cvt.f32.f64", 1)      /* f32 <-> f64, round to integral */                        \
    X(CVT_HALF, "cvt.f16/bf16/tf32", 1)                                                         \
    X(MOV, "mov/pack", 1)                                                                       \
    X(SHFL, "shfl.sync", 1)                                                                     \
    X(VOTE, "vote/elect/activemask", 1)                                                         \
    X(REDUX, "redux.sync", 1)                                                                   \
    X(MATCH, "match.sync", 1)                                                                   \
    X(APPROX_RCP, "approx.rcp/sqrt/rsqrt", 0)                                                   \
    X(APPROX_TRANS, "approx.sin/cos/lg2/ex2/tanh", 0)                                           \
    X(APPROX_DIV, "div.approx/div.full", 0)                                                     \
    X(CONTRACT, "contract", 1)       /* mul + add/sub without .rnd: ptxas's fma contraction */
// clang-format on

typedef enum {
#define X(id, name, exact) FZ_##id,
    FZ_FAMILIES(X)
#undef X
    FZ_NFAM,
    FZ_CONTROL = FZ_NFAM, /* loop counters, branch conditions: counted, not a family */
} fz_family;

extern const char *const fz_family_name[FZ_NFAM + 1];
extern const bool fz_family_exact[FZ_NFAM + 1];

typedef enum { RC_B16, RC_B32, RC_B64, RC_PRED } fz_rclass;

/* What a register's values look like, which guides the choice of sources and inputs. */
typedef enum { FL_INT, FL_F32, FL_F64, FL_HALF, FL_FEW, FL_SHIFT, FL_PRED, FL_ANY } fz_flavor;

typedef struct {
    fz_rclass cls;
    fz_flavor fl;
    int writer;      /* item that writes it, -1 for an input */
    int wfam;        /* family of the instruction that writes it, -1 for an input */
    int uncond_line; /* line of its writer item that writes it on every lane, or -1 (then the
                      * prologue loads its initial value: guarded, branch or loop writes) */
    bool no_source;  /* result of an approximate instruction (or of an unfused mul): not read */
    bool norn_mul;   /* written by mul.f32/f64 without a rounding modifier (may fuse into add) */
    bool nan_unspec; /* abs/neg.f32/f64: which NaN comes out depends on ptxas's code selection,
                      * so two NaNs compare equal (and the value feeds nothing) */
    int nan_pick_line; /* an f64 add/sub/mul/fma/mad/min/max (its line in the item, else
                        * -1): with two NaN operands, which one comes out depends on the order
                        * ptxas gives the operands (docs/fuzz.md), so two NaNs compare equal */
    uint64_t few[3]; /* FL_FEW: the values lanes pick from */
} fz_reg;

typedef struct {
    char *text;      /* one PTX line without the newline ("\tadd.s32 %r3, %r1, %r2;" or "L5_0:") */
    int fam;         /* fz_family or FZ_CONTROL; -1 for a label */
    bool core;       /* control line the shrinker keeps (labels, loop control, branches) */
    bool guarded;    /* guarded by a data predicate */
    uint64_t lanes;  /* lane-executions (lanes active when it issues, times trips) */
} fz_line;

enum { IT_SINGLE, IT_CHAIN, IT_BRANCH, IT_IFELSE, IT_LOOP, IT_WARP };

typedef struct {
    int kind;
    int fam;               /* family the item is attributed to */
    fz_line *lines;
    int nlines, cap_lines;
    int *reads, nreads, cap_reads;
    int *writes, nwrites, cap_writes;
    char sig[96];          /* form signature: the opcode with its modifiers and types */
} fz_item;

typedef struct {
    uint64_t seed;
    char name[48];
    int threads;           /* one CTA of this many threads (32 to 256) */
    fz_reg *regs;
    int nregs, cap_regs;
    fz_item *items;
    int nitems, cap_items;
    uint64_t *init;        /* initial register image: nregs * threads values */
    int nscratch;          /* contraction products: %ct<i> / %cd<i>, written once, never stored */
} fz_prog;
#define FZ_SCRATCH 1024

typedef struct {
    int nitems_min, nitems_max;
    unsigned fam_mask_off[(FZ_NFAM + 31) / 32]; /* families left out */
    int only_fam;          /* -1, or generate only this family */
} fz_gen_opts;

void fz_gen_default_opts(fz_gen_opts *o);
fz_prog *fz_generate(uint64_t seed, const char *name, const fz_gen_opts *o);
void fz_prog_free(fz_prog *p);

/* Which registers a kernel has, in image-slot order. */
typedef struct {
    int nslots;
    int *reg_of;  /* slot -> register */
    int *slot_of; /* register -> slot, -1 when absent */
} fz_layout;

void fz_layout_all(const fz_prog *p, fz_layout *l);
/* The registers read or written by the kept items (keep NULL: all). */
void fz_layout_items(const fz_prog *p, const bool *keep_items, fz_layout *l);
/* The registers marked in use[] (nregs flags). */
void fz_layout_mask(const fz_prog *p, const bool *use, fz_layout *l);
void fz_layout_free(fz_layout *l);
/* Whether the prologue loads register r (it does unless the kept code writes r on every lane
 * before any read). */
bool fz_reg_loaded(const fz_prog *p, int r, const bool *keep_items, bool *const *keep_lines);

/* Appends a kernel named `kname` to a PTX text. keep_items/keep_lines (per item, per line;
 * either may be NULL: everything) choose what of the body is emitted. */
typedef struct {
    char *s;
    size_t n, cap;
} fz_buf;
void fz_buf_printf(fz_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fz_buf_free(fz_buf *b);
void fz_ptx_header(fz_buf *b);
void fz_ptx_kernel(fz_buf *b, const fz_prog *p, const char *kname, const fz_layout *l,
                   const bool *keep_items, bool *const *keep_lines);
/* The initial image of the slots of l, from the program's initial image. */
uint64_t *fz_image_init(const fz_prog *p, const fz_layout *l);

/* Lane-executions per family of the whole body and of the prologue and epilogue that
 * fz_ptx_kernel emits for layout l (the check against the simulator's thread_instructions). */
void fz_prog_counts(const fz_prog *p, uint64_t counts[FZ_NFAM + 1], uint64_t *guarded);
uint64_t fz_frame_lanes(const fz_prog *p, const fz_layout *l, const bool *keep_items,
                        bool *const *keep_lines);

/* The opcode of a PTX line (guard and tab skipped), with "+imm" appended when an operand is an
 * immediate (not counting a warp operation's member mask): ptxas treats some immediates
 * differently from registers, so forms are told apart by it. */
void fz_line_sig(const char *text, char out[96]);

/* The byte width a register class occupies in its 8-byte image slot. */
int fz_rclass_bytes(fz_rclass c);
const char *fz_rclass_prefix(fz_rclass c);

#endif
