/* exec_mma.c — mma.sync.aligned (PTX ISA 9.7.14.5 "Warp-level MMA") and the sparse
 * mma.sp{::ordered_metadata}.sync.aligned (9.7.14.6; A 2:4 sparse, the products of its stored
 * elements with the B elements the metadata selects, in K order, through the dense model of
 * k/2): fragments gathered into
 * the logical matrices (mma_frag.h), every output element computed as the H200 computes it
 * (mma_model.h for floating point; exact integer arithmetic with wrap-around or .satfinite;
 * popcount of and/xor for .b1), and scattered back. One handler serves every shape and type;
 * the decoded record carries the shape, the element kinds and the register counts. */
#include <string.h>

#include "mma_frag.h"
#include "mma_model.h"
#include "tensor.h"

enum { EK_F16, EK_BF16, EK_TF32, EK_F32, EK_F64, EK_E4M3, EK_E5M2, EK_S8, EK_U8, EK_S4, EK_U4, EK_B1, EK_S32 };

/* The record's payload d->mma (ps_mma_payload, sim_internal.h) holds the shape and element
 * kinds. Options are flags: DF_HI .row A, DF_LO .col B (m8n8k4 .f16), DF_SATFINITE, DF_XORSIGN
 * .xor.popc (else .and). */

typedef struct {
    int na, nb, nc, nd; /* registers per operand */
} mma_regs;

static int ek_bits(int k) {
    static const int b[] = {16, 16, 32, 32, 64, 8, 8, 8, 8, 4, 4, 1, 32};
    return b[k];
}
/* floating-point kinds only (k <= EK_E5M2) */
static mma_fmt ek_fmt(int k) {
    static const mma_fmt f[] = {MF_F16, MF_BF16, MF_TF32, MF_F32, MF_F64, MF_E4M3, MF_E5M2};
    return k <= EK_E5M2 ? f[k] : MF_F32;
}

/* element e of a lane's fragment, whose registers are slots s[0..) */
static uint64_t frag_elem(ps_warp *w, const uint16_t *s, int bits, int lane, int e) {
    if (bits == 64) return R(w, s[e])[lane];
    int per = 32 / bits, sh = (e % per) * bits;
    uint64_t v = (R(w, s[e / per])[lane] & 0xffffffffu) >> sh;
    return bits == 32 ? v : v & ((1u << bits) - 1);
}

static mma_regs regs_of_sp(const ps_mma_payload *md, bool sp) {
    /* m8n8k4 .f16: four products, one per quad pair */
    int groups = md->m == 8 && md->n == 8 && md->k == 4 && md->ka == EK_F16 ? 4 : 1;
    int ab = ek_bits(md->ka), cb = ek_bits(md->kc), db = ek_bits(md->kd);
    int ea = md->m * md->k * groups / 32 / (sp ? 2 : 1), eb = md->k * md->n * groups / 32;
    int ec = md->m * md->n * groups / 32;
    return (mma_regs){ab == 64 ? ea : ea * ab / 32, ab == 64 ? eb : eb * ab / 32, cb == 64 ? ec : ec * cb / 32,
                      db == 64 ? ec : ec * db / 32};
}

static int64_t int_val(int kind, uint64_t v) {
    switch (kind) {
    case EK_S8: return (int8_t)v;
    case EK_S4: return (int64_t)(v & 7) - (int64_t)(v & 8);
    case EK_S32: return (int32_t)v;
    default: return (int64_t)v;
    }
}

/* mma.sp (PTX ISA 9.7.14.6): d->mma_sp bit 0 .sp, bits 2:1 the sparsity selector. */
enum { SPF_SP = 1 };

/* Sparse A: 2:4 in K (.tf32 1:2), k/2 stored elements per row in the dense fragment layout of
 * k/2; 4-bit metadata fields, one per chunk of 4 K positions (.tf32: 2), bits 1:0 and 3:2 the
 * positions of the chunk's stored elements (.tf32: 0x4 the first, 0xe the second). Rows g and g+8
 * of lanes 4g..4g+3: a row's fields in 16-bit pieces (4 fields), piece p of row g in the low and
 * of row g+8 in the high half of lane 4g + sel*P + p (P pieces a row, 1 or 2; the selector picks
 * the lanes); with 4 pieces (8-bit k64) row g's fields 0..7 fill lane 4g, row g+8's 4g+1, fields
 * 8..15 lanes 4g+2 and 4g+3. Measured on the H200 (tests/data/wgmma_sp/mma_sp.*). Fills
 * KI[r][i], the K index of stored element i of row r. */
static bool sp_index(ps_warp *w, const uint16_t *ms, const ps_mma_payload *md, int sel, uint8_t KI[16][64]) {
    bool tf32 = md->ka == EK_TF32;
    int nchunks = tf32 ? md->k / 2 : md->k / 4, pieces = nchunks / 4;
    for (int r = 0; r < 16; r++)
        for (int j = 0; j < nchunks; j++) {
            int lane = 4 * (r % 8) + sel * pieces + j / 4, bit = 16 * (r / 8) + 4 * (j % 4);
            if (pieces == 4) /* 8-bit k64: row g's chunks 0..7 in lane 4g, g+8's in 4g+1; 8..15 in 4g+2, 4g+3 */
                lane = 4 * (r % 8) + r / 8 + 2 * (j / 8), bit = 4 * (j % 8);
            unsigned f = (unsigned)(R(w, ms[0])[lane] >> bit) & 15u, i0 = f & 3u, i1 = f >> 2;
            if (tf32 ? f != 0x4 && f != 0xe : i0 >= i1) {
                ps_fault_raise(w, PS_FAULT_INVALID_WARP_SYNC, lane,
                               "mma.sp: metadata field 0x%x (lane %d, bits %d..%d, row %d, K %d..%d) is "
                               "not %s",
                               f, lane, bit + 3, bit, r, tf32 ? 2 * j : 4 * j, tf32 ? 2 * j + 1 : 4 * j + 3,
                               tf32 ? "0x4 or 0xe (.tf32 is 1:2 sparse)"
                                    : "0x4 0x8 0x9 0xc 0xd or 0xe (0x0 0x5 0xa 0xf are undefined in the "
                                      "PTX ISA; decreasing index pairs are not modelled by ptxsim)");
                return false;
            }
            if (tf32) KI[r][j] = (uint8_t)(2 * j + (int)(i0 >> 1));
            else KI[r][2 * j] = (uint8_t)(4 * j + (int)i0), KI[r][2 * j + 1] = (uint8_t)(4 * j + (int)i1);
        }
    return true;
}

static void mma_exec(ps_warp *w, const ps_dinsn *d) {
    if (!tc_full_warp(w, d)) return;
    const ps_mma_payload md = d->mma;
    mma_regs rg = regs_of_sp(&md, d->mma_sp & SPF_SP);
    int row_a = (d->flags & DF_HI) != 0, col_b = (d->flags & DF_LO) != 0;
    const uint16_t *s = tc_slots(w, d);
    const uint16_t *sd = s, *sa = s + rg.nd, *sb = sa + rg.na, *sc = sb + rg.nb;
    int m = md.m, n = md.n, k = md.k;
    int ab = ek_bits(md.ka), bb = ek_bits(md.kb), cb = ek_bits(md.kc), db = ek_bits(md.kd);
    bool f16_884 = m == 8 && n == 8 && k == 4 && ab == 16;
    int groups = f16_884 ? 4 : 1;
    /* element counts per lane */
    int nea = ab == 64 ? rg.na : rg.na * 32 / ab, neb = bb == 64 ? rg.nb : rg.nb * 32 / bb;
    int nec = cb == 64 ? rg.nc : rg.nc * 32 / cb, ned = db == 64 ? rg.nd : rg.nd * 32 / db;
    static _Thread_local uint64_t A[4][16 * 256], B[4][256 * 8], C[4][16 * 8], D[4][16 * 8];
    bool sp = d->mma_sp & SPF_SP;
    int ka = sp ? k / 2 : k; /* A's stored elements per row */
    if (sp) memset(A[0], 0, sizeof(uint64_t) * (size_t)(m * k));
    static _Thread_local uint8_t KI[16][64];
    if (sp && !sp_index(w, s + rg.nd + rg.na + rg.nb + rg.nc, &md, (d->mma_sp >> 1) & 3, KI)) return;
    for (int l = 0; l < WARP; l++) {
        int r, c, g;
        for (int e = 0; e < nea; e++) {
            mma_frag_coord(m, n, ka, ab, MMA_OP_A, l, e, row_a, col_b, &r, &c, &g);
            A[g][r * k + (sp ? KI[r][c] : c)] = frag_elem(w, sa, ab, l, e);
        }
        for (int e = 0; e < neb; e++) {
            mma_frag_coord(m, n, k, bb, MMA_OP_B, l, e, row_a, col_b, &r, &c, &g);
            B[g][r * n + c] = frag_elem(w, sb, bb, l, e);
        }
        for (int e = 0; e < nec; e++) {
            mma_frag_coord(m, n, k, cb, MMA_OP_C, l, e, row_a, col_b, &r, &c, &g);
            C[g][r * n + c] = frag_elem(w, sc, cb, l, e);
        }
    }
    mma_acc_model model = mma_model_for(ek_fmt(md.ka), ka);
    for (int g = 0; g < groups; g++)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                uint64_t out;
                if (md.ka == EK_F64) {
                    uint64_t a[16], b[16];
                    for (int kk = 0; kk < k; kk++) a[kk] = A[g][i * k + kk], b[kk] = B[g][kk * n + j];
                    out = mma_dot_f64(a, b, k, C[g][i * n + j]);
                } else if (md.ka <= EK_E5M2) {
                    uint32_t a[32], b[32];
                    /* .sp: the products of A's stored elements, in K order */
                    if (sp)
                        for (int kk = 0; kk < ka; kk++)
                            a[kk] = (uint32_t)A[g][i * k + KI[i][kk]], b[kk] = (uint32_t)B[g][KI[i][kk] * n + j];
                    else
                        for (int kk = 0; kk < k; kk++)
                            a[kk] = (uint32_t)A[g][i * k + kk], b[kk] = (uint32_t)B[g][kk * n + j];
                    int kn = sp ? ka : k;
                    if ((md.ka == EK_E4M3 || md.ka == EK_E5M2) && md.kd == EK_F16)
                        out = mma_dot_fp8_f16(ek_fmt(md.ka), ek_fmt(md.kb), a, b, kn, (uint32_t)C[g][i * n + j]);
                    else if (md.ka == EK_E4M3 || md.ka == EK_E5M2)
                        out = mma_dot_fp8(ek_fmt(md.ka), ek_fmt(md.kb), a, b, kn, (uint32_t)C[g][i * n + j]);
                    else if (f16_884) out = mma_dot_884(a, b, ek_fmt(md.kc), (uint32_t)C[g][i * n + j], ek_fmt(md.kd));
                    else
                        out = mma_dot_float(model, ek_fmt(md.ka), ek_fmt(md.kb), a, b, kn, ek_fmt(md.kc),
                                            (uint32_t)C[g][i * n + j], ek_fmt(md.kd));
                } else {
                    int64_t acc = (int32_t)C[g][i * n + j];
                    for (int kk = 0; kk < k; kk++) {
                        uint64_t x = A[g][i * k + kk], y = B[g][kk * n + j];
                        if (md.ka == EK_B1) acc += (d->flags & DF_XORSIGN) ? (x ^ y) : (x & y);
                        else acc += int_val(md.ka, x) * int_val(md.kb, y);
                    }
                    if (d->flags & DF_SATFINITE) acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
                    out = (uint32_t)acc;
                }
                D[g][i * n + j] = out;
            }
    /* D may share registers with A, B or C: everything was read above */
    for (int l = 0; l < WARP; l++) {
        uint64_t regs[8] = {0};
        for (int e = 0; e < ned; e++) {
            int r, c, g;
            mma_frag_coord(m, n, k, db, MMA_OP_C, l, e, row_a, col_b, &r, &c, &g);
            uint64_t v = D[g][r * n + c];
            if (db == 64) regs[e] = v;
            else if (db == 32) regs[e] = v;
            else regs[e / 2] |= (v & 0xffff) << (16 * (e % 2));
        }
        for (int i = 0; i < rg.nd; i++) R(w, sd[i])[l] = regs[i];
    }
}

static int ek_of(ps_type t) {
    switch (t) {
    case PS_T_F16: return EK_F16;
    case PS_T_BF16: return EK_BF16;
    case PS_T_TF32: return EK_TF32;
    case PS_T_F32: return EK_F32;
    case PS_T_F64: return EK_F64;
    case PS_T_E4M3: return EK_E4M3;
    case PS_T_E5M2: return EK_E5M2;
    case PS_T_S8: return EK_S8;
    case PS_T_U8: return EK_U8;
    case PS_T_S4: return EK_S4;
    case PS_T_U4: return EK_U4;
    case PS_T_B1: return EK_B1;
    case PS_T_S32: return EK_S32;
    default: return -1;
    }
}

/* Is (shape, a, b, c, d) a combination the PTX ISA defines for mma.sync up to sm_90? */
static bool mma_valid(int m, int n, int k, int a, int b, int c, int dd, bool layouts_rc) {
    bool f16acc = (c == EK_F16 || c == EK_F32) && (dd == EK_F16 || dd == EK_F32);
    bool i8 = (a == EK_S8 || a == EK_U8) && (b == EK_S8 || b == EK_U8);
    bool i4 = (a == EK_S4 || a == EK_U4) && (b == EK_S4 || b == EK_U4);
    bool f8 = (a == EK_E4M3 || a == EK_E5M2) && (b == EK_E4M3 || b == EK_E5M2);
    bool s32 = c == EK_S32 && dd == EK_S32, f32 = c == EK_F32 && dd == EK_F32;
    bool f16 = c == EK_F16 && dd == EK_F16;
    bool f64 = a == EK_F64 && b == EK_F64 && c == EK_F64 && dd == EK_F64;
    if (m == 8 && n == 8 && k == 4) {
        if (a == EK_F64) return b == EK_F64 && c == EK_F64 && dd == EK_F64 && layouts_rc;
        /* "When .ctype is .f32, .dtype must also be .f32" (PTX ISA mma, m8n8k4) */
        return a == EK_F16 && b == EK_F16 && f16acc && !(c == EK_F32 && dd == EK_F16);
    }
    if (!layouts_rc) return false;
    if (m == 16 && n == 8 && (k == 8 || k == 16)) {
        if (a == EK_F16) return b == EK_F16 && f16acc && c == dd;
        if (a == EK_BF16) return b == EK_BF16 && f32;
        if (a == EK_TF32 && k == 8) return b == EK_TF32 && f32;
        if (a == EK_F64) return f64;                             /* sm_90 */
        if (k == 16) return (i8 && s32) || (f8 && (f32 || f16)); /* fp8 k16: PTX ISA 8.7 */
        return false;
    }
    if (m == 16 && n == 8 && k == 4) return (a == EK_TF32 && b == EK_TF32 && f32) || f64;
    if (m == 16 && n == 8 && k == 32) return (f8 && (f32 || f16)) || ((i8 || i4) && s32);
    if (m == 8 && n == 8 && k == 16) return i8 && s32;
    if (m == 8 && n == 8 && k == 32) return i4 && s32;
    if (m == 16 && n == 8 && k == 64) return i4 && s32;
    if ((m == 8 && n == 8 && k == 128) || (m == 16 && n == 8 && (k == 128 || k == 256)))
        return a == EK_B1 && b == EK_B1 && s32;
    return false;
}

/* Is (shape, a, c, d) one the PTX ISA defines for mma.sp (sm_80+) and ptxsim models (.s4/.u4 and
 * 8-bit k32 are not)? */
static bool mma_sp_valid(int m, int n, int k, int a, int b, int c, int dd) {
    if (m != 16 || n != 8) return false;
    bool f32 = c == EK_F32 && dd == EK_F32, s32 = c == EK_S32 && dd == EK_S32;
    bool i8 = (a == EK_S8 || a == EK_U8) && (b == EK_S8 || b == EK_U8);
    bool f8 = (a == EK_E4M3 || a == EK_E5M2) && (b == EK_E4M3 || b == EK_E5M2);
    if (k == 16 || k == 32) {
        if (a == EK_F16) return b == EK_F16 && (c == EK_F16 || c == EK_F32) && c == dd;
        if (a == EK_BF16) return b == EK_BF16 && f32;
    }
    if ((k == 8 || k == 16) && a == EK_TF32) return b == EK_TF32 && f32;
    /* 8-bit k32 (two metadata lanes a row pair) is refused: its layout is not measured, and the
     * 8-bit k64 one differs from the 16-bit rule */
    if (k == 64 && i8) return s32;
    if (k == 64 && f8) return f32 || (c == EK_F16 && dd == EK_F16);
    return false;
}

ps_exec_fn ps_select_mma(const ps_insn *in, ps_dinsn *d) {
    /* mma.sp / mma.sp::ordered_metadata: two more operands, the metadata and the selector */
    bool sp = ps_insn_sparse(in);
    d->mma_sp = 0;
    if (sp) {
        if (in->ntypes != 4 || in->nops != 6 || in->ops[5].kind != PS_OP_IMM) return NULL;
        if (in->ops[4].kind != PS_OP_REG && in->ops[4].kind != PS_OP_IMM) return NULL;
        ps_mma_payload q = {.m = (uint8_t)in->shape_m, .n = (uint8_t)in->shape_n, .k = (uint16_t)in->shape_k};
        int ek2[4];
        for (int i = 0; i < 4; i++)
            if ((ek2[i] = ek_of(in->types[i])) < 0) return NULL;
        if (!mma_sp_valid(q.m, q.n, q.k, ek2[1], ek2[2], ek2[3], ek2[0])) return NULL;
        int chunks = ek2[1] == EK_TF32 ? q.k / 2 : q.k / 4, pieces = chunks / 4;
        uint64_t sel = in->ops[5].imm;
        if (pieces < 1 || sel >= (uint64_t)(4 / pieces)) return NULL;
        d->mma_sp = (uint8_t)(SPF_SP | sel << 1);
    } else if (in->ntypes != 4 || in->nops != 4) {
        return NULL;
    }
    int lay[2] = {-1, -1}, nl = 0;
    bool sync = false, aligned = false;
    for (int i = 0; i < in->nwords; i++) {
        ps_word w = in->words[i];
        if (w == PS_WM(ROW) || w == PS_WM(COL)) {
            if (nl < 2) lay[nl] = w == PS_WM(ROW);
            nl++;
        } else if (w == PS_WM(SYNC)) sync = true;
        else if (w == PS_WM(ALIGNED)) aligned = true;
        /* .f64 mma's directed roundings (ptxas takes them): not modelled; .rn is what runs */
        else if (w == PS_WM(RZ) || w == PS_WM(RM) || w == PS_WM(RP)) return NULL;
    }
    if (!sync || !aligned || nl != 2) return NULL;
    ps_mma_payload md = {0};
    int ek[4];
    for (int i = 0; i < 4; i++)
        if ((ek[i] = ek_of(in->types[i])) < 0) return NULL;
    md.m = (uint8_t)in->shape_m, md.n = (uint8_t)in->shape_n, md.k = (uint16_t)in->shape_k;
    md.kd = (uint8_t)ek[0], md.ka = (uint8_t)ek[1], md.kb = (uint8_t)ek[2], md.kc = (uint8_t)ek[3];
    d->flags &= ~(uint32_t)(DF_HI | DF_LO | DF_SAT | DF_XORSIGN);
    if (lay[0]) d->flags |= DF_HI;
    if (!lay[1]) d->flags |= DF_LO;
    if (!sp && !mma_valid(md.m, md.n, md.k, ek[1], ek[2], ek[3], ek[0], lay[0] == 1 && lay[1] == 0)) return NULL;
    if (sp && !(lay[0] == 1 && lay[1] == 0)) return NULL;
    if ((d->flags & DF_SATFINITE) && md.kc != EK_S32) return NULL;
    /* .b1: .xor.popc or .and.popc (one member of BOOL; the parser refuses .or), else neither */
    bool popc = ps_insn_mod(in, PS_MOD_POPC);
    int nbool = ps_insn_group_count(in, PS_MG_BOOL);
    if (md.ka == EK_B1) {
        if (!popc || nbool != 1) return NULL;
        if (ps_insn_group(in, PS_MG_BOOL) == PS_MOD_XOR) d->flags |= DF_XORSIGN;
    } else if (popc || nbool) {
        return NULL;
    }
    mma_regs rg = regs_of_sp(&md, sp);
    if (sp && d->o[4] != 1) return NULL;
    if (d->o[0] != rg.nd || d->o[1] != rg.na || d->o[2] != rg.nb || d->o[3] != rg.nc) return NULL;
    d->mma = md;
    return mma_exec;
}
