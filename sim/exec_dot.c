/* exec_dot.c — integer dot products dp4a and dp2a (PTX ISA 9.7.1.23-24): byte and half-word
 * lanes of a 32-bit register, each sign- or zero-extended per its type, summed into c. */
#include "sim_internal.h"

static inline int32_t byte_of(uint32_t v, int i, bool s) {
    uint32_t b = (v >> (8 * i)) & 0xff;
    return s ? (int32_t)(int8_t)b : (int32_t)b;
}
static inline int32_t half_of(uint32_t v, int i, bool s) {
    uint32_t h = (v >> (16 * i)) & 0xffff;
    return s ? (int32_t)(int16_t)h : (int32_t)h;
}

/* d->dot_signs bit 0: a signed, bit 1: b signed; for dp2a bit 2: .hi */
static void dp4a(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]), *B = R(w, d->o[2]), *C = R(w, d->o[3]);
    bool sa = d->dot_signs & 1, sb = d->dot_signs & 2;
    LANES(w, {
        uint32_t acc = (uint32_t)C[l];
        for (int i = 0; i < 4; i++) acc += (uint32_t)(byte_of((uint32_t)A[l], i, sa) * byte_of((uint32_t)B[l], i, sb));
        D[l] = acc;
    });
}

static void dp2a(ps_warp *w, const ps_dinsn *d) {
    uint64_t *D = R(w, d->o[0]);
    const uint64_t *A = R(w, d->o[1]), *B = R(w, d->o[2]), *C = R(w, d->o[3]);
    bool sa = d->dot_signs & 1, sb = d->dot_signs & 2;
    int base = (d->dot_signs & 4) ? 2 : 0;
    LANES(w, {
        uint32_t acc = (uint32_t)C[l];
        for (int i = 0; i < 2; i++)
            acc += (uint32_t)(half_of((uint32_t)A[l], i, sa) * byte_of((uint32_t)B[l], base + i, sb));
        D[l] = acc;
    });
}

ps_exec_fn ps_select_dot(const ps_insn *in, ps_dinsn *d) {
    if ((in->form != PS_F_DP4A && in->form != PS_F_DP2A) || in->ntypes != 2 || d->nops != 4) return NULL;
    d->dot_signs = (uint8_t)((in->types[0] == PS_T_S32 ? 1 : 0) | (in->types[1] == PS_T_S32 ? 2 : 0) |
                             ((d->flags & DF_HI) ? 4 : 0));
    return in->form == PS_F_DP4A ? dp4a : dp2a;
}
