/* exec_stack.c — alloca, stacksave and stackrestore (PTX ISA "Stack Manipulation Instructions"):
 * each thread's stack pointer (ps_warp.sp) in its local memory.
 *
 * Layout of a thread's local memory (local_per_thread bytes): the frames of the call chain grow
 * up from 0 (engine_frame.c); the stack of alloca grows down from local_per_thread, as the ISA
 * says it grows ("the updated stack pointer contains a lower address"). The returned pointer is
 * the new stack pointer, a .local address (cvta.local makes it generic). What alloca takes, the
 * function's return gives back (ps_frame.sp_entry), or a stackrestore to a value stacksave wrote.
 * A stack pointer that would meet the top frame is a located stack-overflow fault, before any
 * lane changes, and so is a stackrestore to a value outside the function's own stack: the ISA
 * leaves both undefined, and ptxsim runs nothing it cannot run exactly. */
#include <stdio.h>

#include "sim_internal.h"

/* The end of the executing function's frame: no stack pointer may go below it. */
static uint64_t frame_end(const ps_warp *w) {
    const ps_frame *f = &w->frames[w->nframes - 1];
    return f->local_base + f->fp->frame_bytes;
}

/* alloca.type d, size, align (align in d->imm, at least 8: the ISA's minimum guaranteed alignment). */
static void exec_alloca(ps_warp *w, const ps_dinsn *d) {
    bool narrow = d->type == PS_T_U32;
    uint64_t align = (uint64_t)d->imm, lo = frame_end(w);
    uint64_t next[WARP];
    uint32_t m = w->exec;
    while (m) {
        int l = __builtin_ctz(m);
        m &= m - 1;
        uint64_t size = R(w, d->o[1])[l], sp = w->sp[l];
        if (narrow) size = (uint32_t)size;
        /* sp >= lo always holds; the allocation fits when sp - size, aligned down, stays >= lo */
        uint64_t room = sp - lo;
        uint64_t p = size <= room ? (sp - size) & ~(align - 1) : 0;
        if (size > room || p < lo) {
            ps_fault_raise(w, PS_FAULT_STACK_OVERFLOW, l,
                           "alloca of %llu bytes (alignment %llu) overflows the stack: %llu bytes are left "
                           "between the stack pointer and the end of the frames (%llu bytes of local memory "
                           "per thread, docs/engine.md)",
                           (unsigned long long)size, (unsigned long long)align, (unsigned long long)room,
                           (unsigned long long)w->cta->L->local_per_thread);
            return;
        }
        next[l] = p;
    }
    uint64_t *dst = R(w, d->o[0]);
    LANES(w, {
        w->sp[l] = next[l];
        dst[l] = next[l];
    });
}

static void exec_stacksave(ps_warp *w, const ps_dinsn *d) {
    uint64_t *dst = R(w, d->o[0]);
    LANES(w, dst[l] = w->sp[l]);
}

/* stackrestore: the value must lie within the function's own stack, between the end of its frame
 * and the stack pointer it was called with (what a stacksave in it can have written). */
static void exec_stackrestore(ps_warp *w, const ps_dinsn *d) {
    bool narrow = d->type == PS_T_U32;
    const ps_frame *f = &w->frames[w->nframes - 1];
    uint64_t lo = frame_end(w);
    const uint64_t *src = R(w, d->o[0]);
    uint32_t m = w->exec;
    while (m) {
        int l = __builtin_ctz(m);
        m &= m - 1;
        uint64_t v = narrow ? (uint32_t)src[l] : src[l];
        if (v < lo || v > f->sp_entry[l]) {
            ps_fault_raise(w, PS_FAULT_STACK_OVERFLOW, l,
                           "stackrestore to 0x%llx, outside this function's stack [0x%llx, 0x%llx] (use a "
                           "value stacksave wrote in the same function)",
                           (unsigned long long)v, (unsigned long long)lo, (unsigned long long)f->sp_entry[l]);
            return;
        }
    }
    LANES(w, w->sp[l] = narrow ? (uint32_t)src[l] : src[l]);
}

ps_exec_fn ps_select_stack(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {
    switch (in->form) {
    case PS_F_ALLOCA: {
        uint64_t align = in->nops > 2 ? in->ops[2].imm : 8;
        d->imm = (int64_t)(align < 8 ? 8 : align);
        const ps_operand *size = &in->ops[1];
        if (size->kind == PS_OP_IMM && d->type == PS_T_U32 && size->imm > UINT32_MAX) {
            /* ptxas takes it; the ISA does not say whether the size wraps */
            snprintf(why, len, "alloca.u32 of %llu bytes: the size does not fit .u32", (unsigned long long)size->imm);
            return NULL;
        }
        return exec_alloca;
    }
    case PS_F_STACKSAVE: return exec_stacksave;
    case PS_F_STACKRESTORE: return exec_stackrestore;
    default: snprintf(why, len, "not a stack instruction"); return NULL;
    }
}
