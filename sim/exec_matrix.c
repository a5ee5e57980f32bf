/* exec_matrix.c — ldmatrix, stmatrix and movmatrix (PTX ISA 9.7.9.x "Warp-level matrix load,
 * store and transpose"): 8x8 matrices of 16-bit elements, each row 16 contiguous bytes at an
 * address one lane supplies (lanes 8i..8i+7 for matrix i). In registers, lane l holds elements
 * (row l/4, columns 2(l%4) and 2(l%4)+1) of matrix i in register i; .trans holds the transpose.
 * The 8-bit shapes (.m16n16, .m8n16, stmatrix .m16n8; sm_100a) are in exec_matrix_b8.c. Also
 * the helpers the tensor-core families share (tensor.h). */
#include <string.h>

#include "tensor.h"

bool tc_full_warp(ps_warp *w, const ps_dinsn *d) {
    (void)d;
    if (w->exec == FULL_MASK) return true;
    uint32_t missing = ~w->exec;
    ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, __builtin_ctz(missing),
                   "warp-synchronous matrix instruction executed by lanes 0x%08x of the warp: every "
                   "lane must execute it together (.sync.aligned)",
                   w->exec);
    return false;
}

bool tc_access(ps_warp *w, const ps_dinsn *d, uint32_t mask, const uint64_t *addr, unsigned size, bool write,
               uint8_t **ptr) {
    const ps_observer *o = w->cta->obs;
    ps_mem_event ev, *evp = NULL;
    if (o && o->mem) {
        ps_event_where_fill(&ev.at, w, d);
        ev.kind = write ? PS_ACC_STORE : PS_ACC_LOAD;
        ev.size = size;
        ev.elem = size < 4 ? size : 4;
        ev.mask = mask;
        ev.remote = 0;
        ev.hint = 0;
        ev.values = NULL; /* not recorded; was stack garbage that the race checker's same-value
                           * test read for stmatrix lanes storing to one address */
        evp = &ev;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        uint64_t a = addr[l] + (uint64_t)d->imm;
        ptr[l] = evp ? ps_mem_resolve_ev(w, d->space, a, size, l, write, evp)
                     : ps_mem_resolve(w, d->space, a, size, l, write);
        if (!ptr[l]) return false;
    }
    if (evp) o->mem(o->ctx, evp);
    return true;
}

/* d->nmat: number of matrices (1, 2, 4); flags DF_HI marks .trans (reused bit) */
#define TRANS(d) (((d)->flags & DF_HI) != 0)

/* element (r, c) of an 8x8 matrix held in registers: lane 4r + c/2, half c%2 */
static inline uint16_t frag_get(const uint64_t *reg, int r, int c) {
    return (uint16_t)(reg[4 * r + c / 2] >> (16 * (c % 2)));
}

static void ldmatrix(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const uint16_t *s = tc_slots(w, d);
    int nm = d->nmat;
    const uint64_t *addr = R(w, s[nm]);
    uint8_t *row[WARP];
    uint32_t lanes = nm == 4 ? FULL_MASK : (1u << (8 * nm)) - 1;
    if (!tc_access(w, d, lanes, addr, 16, false, row)) return;
    uint16_t m[4][8][8];
    for (int i = 0; i < nm; i++)
        for (int r = 0; r < 8; r++) memcpy(m[i][r], row[8 * i + r], 16);
    for (int i = 0; i < nm; i++) {
        uint64_t *D = R(w, s[i]);
        for (int l = 0; l < WARP; l++) {
            int r = l / 4, c = 2 * (l % 4);
            uint32_t lo = TRANS(d) ? m[i][c][r] : m[i][r][c];
            uint32_t hi = TRANS(d) ? m[i][c + 1][r] : m[i][r][c + 1];
            D[l] = lo | hi << 16;
        }
    }
}

static void stmatrix(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const uint16_t *s = tc_slots(w, d);
    int nm = d->nmat;
    const uint64_t *addr = R(w, s[0]);
    uint8_t *row[WARP];
    uint32_t lanes = nm == 4 ? FULL_MASK : (1u << (8 * nm)) - 1;
    if (!tc_access(w, d, lanes, addr, 16, true, row)) return;
    for (int i = 0; i < nm; i++) {
        const uint64_t *S = R(w, s[1 + i]);
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++) {
                uint16_t v = TRANS(d) ? frag_get(S, c, r) : frag_get(S, r, c);
                memcpy(row[8 * i + r] + 2 * c, &v, 2);
            }
    }
}

static void movmatrix(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const uint16_t *s = tc_slots(w, d);
    const uint64_t *A = R(w, s[1]);
    uint32_t out[WARP];
    for (int l = 0; l < WARP; l++) {
        int r = l / 4, c = 2 * (l % 4);
        out[l] = frag_get(A, c, r) | (uint32_t)frag_get(A, c + 1, r) << 16;
    }
    uint64_t *D = R(w, s[0]);
    for (int l = 0; l < WARP; l++) D[l] = out[l];
}

ps_exec_fn ps_select_matrix(const ps_insn *in, ps_dinsn *d) {
    bool trans = ps_insn_mod(in, PS_MOD_TRANS);
    if (in->form != PS_F_MOVMATRIX && (in->shape_m != 8 || in->shape_n != 8))
        return ps_select_matrix_b8(in, d);                                     /* the 8-bit shapes */
    if (in->shape_m != 8 || in->shape_n != 8 || in->shape_k != 0) return NULL; /* .m8n8 only */
    if (in->ntypes != 1 || in->types[0] != PS_T_B16) return NULL;
    if (trans) d->flags |= DF_HI;
    switch (in->form) {
    case PS_F_LDMATRIX:
    case PS_F_STMATRIX: {
        int nm = in->xnum;
        bool ld = in->form == PS_F_LDMATRIX;
        if ((nm != 1 && nm != 2 && nm != 4) || in->nops != 2 || d->o[ld ? 0 : 1] != nm) return NULL;
        if (d->space != SP_SHARED && d->space != SP_GENERIC) return NULL;
        d->nmat = (uint8_t)nm;
        return ld ? ldmatrix : stmatrix;
    }
    case PS_F_MOVMATRIX:
        if (!trans || in->nops != 2 || d->o[0] != 1 || d->o[1] != 1) return NULL;
        return movmatrix;
    default: return NULL;
    }
}
