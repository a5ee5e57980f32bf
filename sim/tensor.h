/* tensor.h — what the warp-level matrix instructions share (exec_matrix.c: ldmatrix, stmatrix,
 * movmatrix; exec_mma.c: mma.sync; exec_wmma.c: wmma.load/store/mma). Not part of the API.
 *
 * Their operand lists are longer than a decoded record holds (wmma.mma with f32 accumulators
 * names 32 registers), so the decoder puts every operand slot of these forms in the function's
 * call_slots array: d->slot_list is the first, d->nops the count, and d->o[i] the number of slots of
 * PTX operand i (a vector counts its elements; an address or a scalar counts one). The address
 * operand's offset is in d->imm and its space in d->space, as for ld and st. */
#ifndef PTXSIM_TENSOR_H
#define PTXSIM_TENSOR_H

#include "sim_internal.h"

/* The slots of the executing instruction. */
static inline const uint16_t *tc_slots(const ps_warp *w, const ps_dinsn *d) {
    return w->frames[w->nframes - 1].fp->call_slots + d->slot_list;
}

/* .sync.aligned: every lane of the warp executes the instruction together. Faults otherwise
 * (the PTX ISA leaves the result undefined; ptxsim reports it instead of guessing). */
bool tc_full_warp(ps_warp *w, const ps_dinsn *d);

/* One warp memory access of `size` bytes per lane for the lanes in `mask`, lane l at addr[l]
 * (plus d->imm): resolves each address (bounds and alignment checked, faults reported) into
 * ptr[l] and tells a listening checker about it as one access. Returns false after a fault. */
bool tc_access(ps_warp *w, const ps_dinsn *d, uint32_t mask, const uint64_t *addr, unsigned size, bool write,
               uint8_t **ptr);

ps_exec_fn ps_select_matrix(const ps_insn *in, ps_dinsn *d);
/* exec_matrix_b8.c: ldmatrix .m16n16/.m8n16 and stmatrix .m16n8 (8-bit elements, sm_100a) */
ps_exec_fn ps_select_matrix_b8(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_mma(const ps_insn *in, ps_dinsn *d);
ps_exec_fn ps_select_wmma(const ps_insn *in, ps_dinsn *d);
/* exec_wgmma.c: wgmma.mma_async / fence / commit_group / wait_group (why: the reason for NULL) */
ps_exec_fn ps_select_wgmma(const ps_insn *in, ps_dinsn *d, const ps_func *fn, char *why, size_t len);
/* Once a function is decoded: wraps every record that names registers of one of its
 * wgmma.mma_async instructions with the check for accesses before wgmma.wait_group. */
void ps_wgmma_install_checks(ps_fprog *fp);

#endif
