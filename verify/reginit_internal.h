/* reginit_internal.h — the static half of the `uninitialized` register checker (reginit_static.c)
 * as check_reginit.c, its run-time half, uses it. Not public. */
#ifndef PTXSIM_REGINIT_INTERNAL_H
#define PTXSIM_REGINIT_INTERNAL_H

#include "verify_internal.h"

/* How an instruction uses a register. */
enum { RO_VAL, RO_ADDR /* an address (component) of a memory access */, RO_GUARD, RO_WR };

/* What an instruction does with the definedness of its operands (check_reginit.c). */
enum {
    IC_DATA,      /* each lane's destinations from its own sources */
    IC_SELP,      /* selp: from the source the (defined) selector picks */
    IC_SHFL,      /* shfl.sync: from the source lane */
    IC_WARP,      /* a warp collective (vote, match, redux, mma, ...): from every lane's sources */
    IC_LOAD,      /* ld: an address use; the value from memory (shared memory keeps a shadow) */
    IC_WARP_LOAD, /* ldmatrix, wmma.load: the same, the lanes' data mixed */
    IC_STORE,     /* st: an address use; the value goes to memory */
    IC_ATOM,      /* atom, red: every operand is a use; the result is defined */
    IC_CONTROL,   /* bra, brx.idx, call, ret, exit: every operand is a use */
    IC_EFFECT,    /* anything else acting outside the thread (barriers, async copies, ...) */
};

typedef struct {
    int reg;     /* the function's register; its carry-flag pseudo-register is nregs */
    uint8_t how; /* RO_* */
} regop;

typedef struct {
    regop *ops; /* the instruction's operations on tainted registers, reads before writes */
    int nops;
    int func;    /* index into reginit_static.funcs */
    uint8_t cls; /* IC_* */
    bool watched;
} reginit_insn;

typedef struct {
    const ps_func *func;
    int nregs;     /* the function's registers, plus one: the carry flag */
    bool *tainted; /* per register: may hold an undefined value */
    int *slot;     /* per register: its place in ps_insn_event.regs / .preds */
} reginit_func;

typedef struct {
    reginit_func *funcs;
    int nfuncs;
    reginit_insn *insns; /* by ps_verify_insn_index */
    bool stores_tainted; /* some store may write an undefined value to memory */
} reginit_static;

/* The analysis of v's module (reginit_static.c); free with reginit_static_free. */
void reginit_static_build(reginit_static *s, ps_verifier *v);
void reginit_static_free(reginit_static *s, int ninsns);

#endif
