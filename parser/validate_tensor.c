/* validate_tensor.c — tensor-core and matrix instructions (mma, ldmatrix, stmatrix, movmatrix):
 * modifiers, shapes, types and fragments (vector sizes, register kinds) as ptxas 13 checks them
 * (scripts/ptxas_diff/fam_tensor.py; PTX ISA 9.7.14.5). Targets and versions of the shapes and
 * types: ps_isa_tensor_unsupported (isa.c). */
#include <stdio.h>
#include <string.h>

#include "validate.h"
#include "validate_ctrl.h"

static bool has(const ps_insn *in, ps_mod m) { return ps_modset_has(&in->mods, m); }

/* The dot-separated components of the mnemonic as written: the k-th ".row"/".col" (0 or 1) and
 * how many there are. */
static int layouts(const char *text, char out[2]) {
    int n = 0;
    for (const char *s = strchr(text, '.'); s; s = strchr(s + 1, '.')) {
        if ((!strncmp(s, ".row", 4) || !strncmp(s, ".col", 4)) && (s[4] == '.' || s[4] == 0)) {
            if (n < 2) out[n] = s[1];
            n++;
        }
    }
    return n;
}

static bool vec_of(parser *p, const token *mt, const char *name, const ps_operand *o, int arg, int n, unsigned kinds) {
    token at;
    ps_ctrl_at(mt, o, &at);
    if (o->kind != PS_OP_VEC || o->nitems != n) {
        error_at(p, &at, "Vector of size %d is expected for argument %d of instruction '%s'", n, arg, name);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (!ps_ctrl_want(p, mt, name, &o->items[i], kinds)) return false;
    return true;
}

typedef enum { FAM_NONE, FAM_F16, FAM_BF16, FAM_TF32, FAM_F64, FAM_I8, FAM_I4, FAM_B1, FAM_F8 } mma_family;

static mma_family family_of(ps_type t) {
    switch (t) {
    case PS_T_F16: return FAM_F16;
    case PS_T_BF16: return FAM_BF16;
    case PS_T_TF32: return FAM_TF32;
    case PS_T_F64: return FAM_F64;
    case PS_T_S8:
    case PS_T_U8: return FAM_I8;
    case PS_T_S4:
    case PS_T_U4: return FAM_I4;
    case PS_T_B1: return FAM_B1;
    case PS_T_E4M3:
    case PS_T_E5M2: return FAM_F8;
    default: return FAM_NONE;
    }
}

/* mma.sync.aligned.shape.alayout.blayout{.satfinite}{.op}.dtype.atype.btype.ctype (PTX ISA
 * 9.7.14.5.14): the dense forms. */
static void check_mma(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    /* sparse (mma.sp) and the sm_120 kinds (.kind::f8f6f4, block scaling): the decoder's */
    if (strstr(in->text, ".sp") || strstr(in->text, "kind::") || strstr(in->text, "block_scale")) return;
    if (!has(in, PS_MOD_SYNC)) {
        error_at(p, mt, ".sync modifier required for instruction 'mma'");
        return;
    }
    if (!has(in, PS_MOD_ALIGNED)) {
        error_at(p, mt, ".aligned modifier required for instruction 'mma'");
        return;
    }
    /* what may be spelled besides the shape and the types */
    static const char *const known[] = {"sync", "aligned", "row", "col", "satfinite", "xor",
                                        "and",  "popc",    "rn",  "rz",  "rm",        "rp"};
    for (const char *q = strchr(in->text, '.'); q; q = strchr(q + 1, '.')) {
        const char *e = strchr(q + 1, '.');
        size_t len = e ? (size_t)(e - q - 1) : strlen(q + 1);
        bool ok = ps_type_lookup(q + 1, len) != PS_T_NONE || q[1] == 'm';
        for (size_t i = 0; i < sizeof known / sizeof known[0] && !ok; i++)
            ok = strlen(known[i]) == len && !strncmp(q + 1, known[i], len);
        if (!ok) {
            error_at(p, mt, "Illegal modifier '.%.*s' for instruction 'mma'", (int)len, q + 1);
            return;
        }
    }
    int m = in->shape_m, n = in->shape_n, k = in->shape_k;
    char shape[32];
    snprintf(shape, sizeof shape, ".m%dn%dk%d", m, n, k);
    if (in->ntypes != 4) {
        error_at(p, mt, "Unexpected instruction types specified for 'mma'");
        return;
    }
    ps_type d = in->types[0], a = in->types[1], b = in->types[2], c = in->types[3];
    mma_family fa = family_of(a), fb = family_of(b);
    if (fa == FAM_NONE || fa != fb) {
        error_at(p, mt, "Unexpected instruction types specified for 'mma'");
        return;
    }
    /* the shapes of each family */
    bool shape_ok;
    switch (fa) {
    case FAM_F16: shape_ok = (m == 8 && n == 8 && k == 4) || (m == 16 && n == 8 && (k == 8 || k == 16)); break;
    case FAM_BF16: shape_ok = m == 16 && n == 8 && (k == 8 || k == 16); break;
    case FAM_TF32: shape_ok = m == 16 && n == 8 && (k == 4 || k == 8); break;
    case FAM_F64:
        shape_ok = (m == 8 && n == 8 && k == 4) || (m == 16 && n == 8 && (k == 4 || k == 8 || k == 16));
        break;
    case FAM_I8: shape_ok = (m == 8 && n == 8 && k == 16) || (m == 16 && n == 8 && (k == 16 || k == 32)); break;
    case FAM_I4: shape_ok = (m == 8 && n == 8 && k == 32) || (m == 16 && n == 8 && (k == 32 || k == 64)); break;
    case FAM_B1: shape_ok = (m == 8 && n == 8 && k == 128) || (m == 16 && n == 8 && (k == 128 || k == 256)); break;
    case FAM_F8: shape_ok = m == 16 && n == 8 && (k == 16 || k == 32); break;
    default: shape_ok = false;
    }
    bool f16 = fa == FAM_F16 || fa == FAM_F8;
    bool cd_ok = f16                       ? (c == PS_T_F16 || c == PS_T_F32) && (d == PS_T_F16 || d == PS_T_F32)
        : fa == FAM_F64                    ? c == PS_T_F64 && d == PS_T_F64
        : fa == FAM_BF16 || fa == FAM_TF32 ? c == PS_T_F32 && d == PS_T_F32
                                           : c == PS_T_S32 && d == PS_T_S32;
    if (!shape_ok || !cd_ok) {
        error_at(p, mt, "Incorrect instruction type specified for mma with shape '%s'", shape);
        return;
    }
    bool quad = m == 8 && n == 8 && k == 4; /* the sm_70 shape: any layouts, quad-pair fragments */
    if (f16 && c != d && !(quad && c == PS_T_F16)) {
        error_at(p, mt, ".dtype must be '.%s' when .ctype is '.%s' for 'mma' instruction with shape '%s'",
                 ps_type_name(c), ps_type_name(c), shape);
        return;
    }
    char lay[2];
    int nl = layouts(in->text, lay);
    if (nl != 2) {
        error_at(p, mt, "'.alayout.blayout' modifier required for instruction 'mma'");
        return;
    }
    if (!(quad && fa == FAM_F16)) {
        if (lay[0] != 'r') {
            error_at(p, mt, "Illegal alayout '.col' for instruction 'mma'");
            return;
        }
        if (lay[1] != 'c') {
            error_at(p, mt, "Illegal blayout '.row' for instruction 'mma'");
            return;
        }
    }
    bool bitop = has(in, PS_MOD_POPC);
    if ((fa == FAM_B1 && !bitop) || (bitop && fa != FAM_B1 && fa != FAM_I4)) { /* ptxas takes it on .s4/.u4 */
        error_at(p, mt, "Unexpected number of operations specified for mma with shape '%s'", shape);
        return;
    }
    bool rnd = has(in, PS_MOD_RN) || has(in, PS_MOD_RZ) || has(in, PS_MOD_RM) || has(in, PS_MOD_RP);
    if (rnd && fa != FAM_F64) { /* .f64 alone takes a rounding */
        error_at(p, mt, "Illegal rounding modifier for instruction 'mma'");
        return;
    }
    if (has(in, PS_MOD_SATFINITE) && fa != FAM_I8 && fa != FAM_I4) {
        error_at(p, mt, "Illegal modifier '.satfinite' for instruction 'mma'");
        return;
    }
    if (fa == FAM_F8 && p->m->version && p->m->version < 84) {
        error_at(p, mt, "Feature 'mma with FP8 floating point type' requires PTX ISA .version 8.4 or later");
        return;
    }
    if (nops != 4) {
        error_at(p, mt, "Arguments mismatch for instruction 'mma'");
        return;
    }
    /* fragment sizes per thread (32-bit registers; f64 elements for .f64) */
    int bits = fa == FAM_F64           ? 64
        : fa == FAM_TF32               ? 32
        : fa == FAM_I8 || fa == FAM_F8 ? 8
        : fa == FAM_I4                 ? 4
        : fa == FAM_B1                 ? 1
                                       : 16;
    int na, nb;
    if (fa == FAM_F64) na = m * k / 32, nb = n * k / 32;
    else na = m * k * bits / 1024, nb = n * k * bits / 1024;
    if (quad && fa == FAM_F16) na = nb = 2;
    int nacc = quad && fa == FAM_F16 ? 8 : m * n / 32; /* accumulator elements */
    int nd = d == PS_T_F16 ? nacc / 2 : nacc, nc = c == PS_T_F16 ? nacc / 2 : nacc;
    bool ints = fa == FAM_I8 || fa == FAM_I4 || fa == FAM_B1;
    /* .f32 registers hold integer fragments of the m16 shapes (not of sm_75's m8n8 ones) and fp8 ones */
    unsigned kab = fa == FAM_F64 ? K_F64 : (ints && m == 16) || fa == FAM_F8 ? K_I32 | K_F32 : K_I32;
    unsigned kd = d == PS_T_F64 ? K_F64 : d == PS_T_F32 ? K_F32 | K_I32 : K_I32;
    unsigned kc = c == PS_T_F64 ? K_F64 : c == PS_T_F32 ? K_F32 | K_I32 : K_I32;
    if (vec_of(p, mt, "mma", &ops[0], 0, nd, kd) && vec_of(p, mt, "mma", &ops[1], 1, na, kab) &&
        vec_of(p, mt, "mma", &ops[2], 2, nb, kab))
        vec_of(p, mt, "mma", &ops[3], 3, nc, kc);
}

/* ldmatrix / stmatrix .sync.aligned.m8n8.x1|x2|x4{.trans}{.shared{::cta}}.b16, and movmatrix
 * .sync.aligned.m8n8.trans.b16 (9.7.14.5.15-17); the 8-bit shapes of sm_100a are left to the
 * target rules. */
static void check_matrix(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *mn = in->info->mnemonic;
    if (!has(in, PS_MOD_SYNC)) {
        error_at(p, mt, ".sync modifier required for instruction '%s'", mn);
        return;
    }
    if (!has(in, PS_MOD_ALIGNED)) {
        error_at(p, mt, ".aligned modifier required for instruction '%s'", mn);
        return;
    }
    if (in->form == PS_F_MOVMATRIX) {
        if (in->ntypes != 1 || in->types[0] != PS_T_B16 || in->shape_m != 8 || in->shape_n != 8 || in->shape_k) {
            error_at(p, mt, "Unexpected instruction types specified for 'movmatrix'");
            return;
        }
        if (!has(in, PS_MOD_TRANS)) {
            error_at(p, mt, "'.trans' modifier required for instruction 'movmatrix'");
            return;
        }
        if (in->xnum || nops != 2) {
            error_at(p, mt, "Arguments mismatch for instruction 'movmatrix'");
            return;
        }
        if (ps_ctrl_want(p, mt, mn, &ops[0], K_I32 | K_F32)) ps_ctrl_want(p, mt, mn, &ops[1], K_I32 | K_F32);
        return;
    }
    /* the 8-bit shapes (.m16n16, .m8n16 with .b8x16 types, sm_100a): the target rules and the decoder */
    if (in->shape_m != 8 || in->shape_n != 8 || in->shape_k) {
        if (in->ntypes == 1 && in->types[0] != PS_T_B8)
            error_at(p, mt, "Illegal matrix shape '.m%dn%d' for instruction '%s'", in->shape_m, in->shape_n, mn);
        return;
    }
    if (in->ntypes != 1 || in->types[0] != PS_T_B16) {
        error_at(p, mt, "Unexpected instruction types specified for '%s'", mn);
        return;
    }
    int x = in->xnum;
    if (x != 1 && x != 2 && x != 4) {
        error_at(p, mt, "Incorrect no. of matrix: %d for %s with shape '.m8n8'", x, mn);
        return;
    }
    if (has(in, PS_MOD_GLOBAL) || has(in, PS_MOD_LOCAL) || has(in, PS_MOD_CONST) || has(in, PS_MOD_PARAM) ||
        has(in, PS_MOD_SHARED_CLUSTER)) {
        error_at(p, mt, "State space incorrect for instruction '%s'", mn);
        return;
    }
    if (has(in, PS_MOD_SHARED_CTA) && p->m->version && p->m->version < 78) {
        error_at(p, mt, "Feature '::cta' requires PTX ISA .version 7.8 or later");
        return;
    }
    bool ld = in->form == PS_F_LDMATRIX;
    const ps_operand *v = &ops[ld ? 0 : 1], *a = &ops[ld ? 1 : 0];
    if (a->kind != PS_OP_ADDR) {
        error_at(p, mt, "Arguments mismatch for instruction '%s'", mn);
        return;
    }
    if (a->reg >= 0) {
        ps_operand base = *a;
        base.kind = PS_OP_REG;
        unsigned kk = p->m->address_size == 32 ? K_I32 : K_I64 | K_I32;
        if (!ps_ctrl_want(p, mt, mn, &base, kk)) return;
    }
    vec_of(p, mt, mn, v, ld ? 0 : 1, x, K_I32 | K_F32);
}

/* Does the mnemonic as written have the component .w (exactly)? */
static bool word(const char *text, const char *w) {
    size_t n = strlen(w);
    for (const char *q = strchr(text, '.'); q; q = strchr(q + 1, '.'))
        if (!strncmp(q + 1, w, n) && (q[1 + n] == '.' || q[1 + n] == 0)) return true;
    return false;
}

/* Registers per lane of a wmma fragment ('a', 'b', 'c'/'d') of element type t and shape m n k
 * (PTX ISA 9.7.14.4.1; 0 when the type has no such fragment at that shape). */
static int wmma_regs(char frag, ps_type t, int m, int n, int k) {
    bool big = k == 16 && ((m == 16 && n == 16) || (m == 32 && n == 8) || (m == 8 && n == 32));
    int rows = frag == 'a' ? m : n; /* A is m x k, B is k x n */
    switch (frag == 'd' ? 'c' : frag) {
    case 'c':
        if (t == PS_T_F16) return big ? 4 : 0;
        if (t == PS_T_F32) return big || (m == 16 && n == 16 && k == 8) ? 8 : 0;
        if (t == PS_T_S32) return big ? 8 : m == 8 && n == 8 && (k == 32 || k == 128) ? 2 : 0;
        if (t == PS_T_F64) return m == 8 && n == 8 && k == 4 ? 2 : 0;
        return 0;
    default:
        if (t == PS_T_F16) return big ? 8 : 0;
        if (t == PS_T_BF16) return big ? rows * k / 64 : 0;
        if (t == PS_T_S8 || t == PS_T_U8) return big ? rows * k / 128 : 0;
        if (t == PS_T_TF32) return m == 16 && n == 16 && k == 8 ? 4 : 0;
        if (t == PS_T_F64) return m == 8 && n == 8 && k == 4 ? 1 : 0;
        if (t == PS_T_S4 || t == PS_T_U4) return m == 8 && n == 8 && k == 32 ? 1 : 0;
        if (t == PS_T_B1) return m == 8 && n == 8 && k == 128 ? 1 : 0;
        return 0;
    }
}

static unsigned wmma_kinds(char frag, ps_type t) {
    if (t == PS_T_F64) return K_F64 | K_I64;
    if ((frag == 'c' || frag == 'd') && t == PS_T_F32) return K_F32 | K_I32;
    return K_I32;
}

/* wmma.load / wmma.store / wmma.mma .sync.aligned (PTX ISA 9.7.14.4). */
static void check_wmma(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    const char *tx = in->text;
    bool mma = in->form == PS_F_WMMA_MMA, store = in->form == PS_F_WMMA_STORE;
    char frag = 0;
    if (!mma) {
        const char *q = tx + (store ? 10 : 9); /* after "wmma.load" / "wmma.store" */
        if (q[0] == '.' && q[1] && (q[2] == '.' || q[2] == 0)) frag = q[1];
        if (store ? frag != 'd' : frag != 'a' && frag != 'b' && frag != 'c') {
            error_at(p, mt, "Unknown modifier '.%s'", store ? "store" : "load");
            return;
        }
    }
    char name[24];
    snprintf(name, sizeof name, mma ? "wmma.mma" : "wmma.%s.%c", store ? "store" : "load", frag);
    if (!has(in, PS_MOD_SYNC)) {
        error_at(p, mt, ".sync modifier required for instruction '%s'", name);
        return;
    }
    if (!has(in, PS_MOD_ALIGNED)) {
        error_at(p, mt, ".aligned modifier required for instruction '%s'", name);
        return;
    }
    char lay[2];
    if (layouts(tx, lay) != (mma ? 2 : 1)) {
        error_at(p, mt, "layout modifier required for instruction '%s'", name);
        return;
    }
    int m = in->shape_m, n = in->shape_n, k = in->shape_k;
    char shape[32];
    snprintf(shape, sizeof shape, ".m%dn%dk%d", m, n, k);
    /* the sub-byte and single-bit shapes (m8n8k32, m8n8k128): A row-major, B column-major */
    if (m == 8 && n == 8 && (k == 32 || k == 128)) {
        if (mma && lay[0] != 'r') {
            error_at(p, mt, "Illegal alayout '.col' for instruction 'wmma.mma'");
            return;
        }
        if (mma && lay[1] != 'c') {
            error_at(p, mt, "Illegal blayout '.row' for instruction 'wmma.mma'");
            return;
        }
        if ((frag == 'a' && lay[0] != 'r') || (frag == 'b' && lay[0] != 'c')) {
            error_at(p, mt, "Illegal alayout '.%s' for instruction '%s'", lay[0] == 'c' ? "col" : "row", name);
            return;
        }
    }
    /* the sub-byte and single-bit shapes (sm_75), the tf32 and f64 ones (sm_80), whatever the
     * fragment's type (wmma.store.d.m8n8k32.s32) */
    const ps_arch *arch = p->m->arch;
    if (arch && arch->sm < 75 && m == 8 && n == 8 && (k == 32 || k == 128)) {
        error_at(p, mt, "Modifier '%s' requires .target sm_75 or higher", shape);
        return;
    }
    if (arch && arch->sm < 80 && ((m == 16 && n == 16 && k == 8) || (m == 8 && n == 8 && k == 4))) {
        error_at(p, mt, "Modifier '%s' requires .target sm_80 or higher", shape);
        return;
    }
    for (int i = 0; i < in->ntypes && arch && arch->sm < 72; i++)
        if (in->types[i] == PS_T_S32 || in->types[i] == PS_T_S8 || in->types[i] == PS_T_U8) {
            error_at(p, mt, "Feature 'WMMA with integer types' requires .target sm_72 or higher");
            return;
        }
    if (!mma) {
        if (has(in, PS_MOD_LOCAL) || has(in, PS_MOD_CONST) || has(in, PS_MOD_PARAM) || word(tx, "shared::cluster")) {
            error_at(p, mt, "State space incorrect for instruction '%s'", name);
            return;
        }
        ps_type t = in->ntypes == 1 ? in->types[0] : PS_T_NONE;
        bool ab = frag == 'a' || frag == 'b';
        if (ab && t == PS_T_F32) {
            error_at(p, mt, "Illegal type for %s", name);
            return;
        }
        bool known = ab ? t == PS_T_F16 || t == PS_T_BF16 || t == PS_T_S8 || t == PS_T_U8 || t == PS_T_TF32 ||
                t == PS_T_F64 || t == PS_T_S4 || t == PS_T_U4 || t == PS_T_B1
                        : t == PS_T_F16 || t == PS_T_F32 || t == PS_T_S32 || t == PS_T_F64;
        if (!known) {
            error_at(p, mt, "Unexpected instruction types specified for '%s'", name);
            return;
        }
        int nr = wmma_regs(frag, t, m, n, k);
        if (!nr) {
            error_at(p, mt, "Incorrect instruction type specified for %s with shape '%s'", name, shape);
            return;
        }
        if (nops < 2 || nops > 3) {
            error_at(p, mt, "Arguments mismatch for instruction '%s'", name);
            return;
        }
        const ps_operand *v = &ops[store ? 1 : 0], *a = &ops[store ? 0 : 1];
        if (a->kind != PS_OP_ADDR || (nops == 3 && !ps_ctrl_want(p, mt, name, &ops[2], K_I32 | K_IMM))) {
            if (!p->failed_stmt) error_at(p, mt, "Arguments mismatch for instruction '%s'", name);
            return;
        }
        if (v->kind != PS_OP_VEC || v->nitems != nr) {
            error_at(p, mt, "Argument vector size mismatch for instruction '%s'", name);
            return;
        }
        for (int i = 0; i < nr; i++)
            if (!ps_ctrl_want(p, mt, name, &v->items[i], wmma_kinds(frag, t))) return;
        return;
    }
    /* wmma.mma: .dtype.ctype for f16, .dtype.atype.btype.ctype for the others */
    ps_type d, a, b, c;
    if (in->ntypes == 2 && (in->types[0] == PS_T_F16 || in->types[0] == PS_T_F32) &&
        (in->types[1] == PS_T_F16 || in->types[1] == PS_T_F32)) {
        d = in->types[0], c = in->types[1], a = b = PS_T_F16;
    } else if (in->ntypes == 4 && in->types[1] != PS_T_F16) {
        d = in->types[0], a = in->types[1], b = in->types[2], c = in->types[3];
    } else {
        error_at(p, mt, "Unexpected instruction types specified for 'wmma.mma'");
        return;
    }
    /* ptxas 13 takes no mixed signedness in wmma (s8 with u8, s4 with u4), unlike mma */
    if (a != b &&
        ((a == PS_T_S8 && b == PS_T_U8) || (a == PS_T_U8 && b == PS_T_S8) || (a == PS_T_S4 && b == PS_T_U4) ||
         (a == PS_T_U4 && b == PS_T_S4))) {
        error_at(p, mt, "Unexpected instruction types specified for 'wmma.mma'");
        return;
    }
    bool same = a == b;
    bool ints = a == PS_T_S8 || a == PS_T_U8 || a == PS_T_S4 || a == PS_T_U4 || a == PS_T_B1;
    bool cd = a == PS_T_F16 ? true
        : a == PS_T_F64     ? c == PS_T_F64 && d == PS_T_F64
        : ints              ? c == PS_T_S32 && d == PS_T_S32
                            : c == PS_T_F32 && d == PS_T_F32;
    int na = wmma_regs('a', a, m, n, k), nb = wmma_regs('b', b, m, n, k);
    int nc = wmma_regs('c', c, m, n, k), nd = wmma_regs('d', d, m, n, k);
    if (!same || !cd || !na || !nb || !nc || !nd) {
        error_at(p, mt, "Incorrect instruction type specified for wmma.mma with shape '%s'", shape);
        return;
    }
    if (has(in, PS_MOD_SATFINITE) && !ints) {
        error_at(p, mt, "Instruction ''wmma.mma' with floating point type' with '.satfinite' is not supported");
        return;
    }
    if ((a == PS_T_B1) != has(in, PS_MOD_POPC)) {
        error_at(p, mt, "Unexpected number of operations specified for wmma.mma with shape '%s'", shape);
        return;
    }
    if (nops != 4) {
        error_at(p, mt, "Arguments mismatch for instruction 'wmma.mma'");
        return;
    }
    const int counts[4] = {nd, na, nb, nc};
    const ps_type types[4] = {d, a, b, c};
    const char frags[4] = {'d', 'a', 'b', 'c'};
    for (int i = 0; i < 4; i++) {
        if (ops[i].kind != PS_OP_VEC || ops[i].nitems != counts[i]) {
            error_at(p, mt, "Argument vector size mismatch for instruction 'wmma.mma'");
            return;
        }
        for (int e = 0; e < counts[i]; e++)
            if (!ps_ctrl_want(p, mt, "wmma.mma", &ops[i].items[e], wmma_kinds(frags[i], types[i]))) return;
    }
}

/* wgmma.mma_async{.sp}.sync{.aligned}.m64nNkK.dtype.atype.btype{.satfinite} (PTX ISA 9.7.15.5),
 * from the words as written: the type combinations and their k, n per type, the fragment sizes and
 * the immediate operands (scripts/isa_audit.py's wgmma spellings; ptxas's messages). */
static void check_wgmma(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    static const char MN[] = "wgmma.mma_async";
    if (!in->text || strncmp(in->text, MN, sizeof MN - 1)) return;
    char w[12][24];
    int n = 0;
    for (const char *s = strchr(in->text + sizeof MN - 1, '.'); s && n < 12; s = strchr(s + 1, '.')) {
        size_t len = strcspn(s + 1, ".");
        snprintf(w[n++], sizeof w[0], "%.*s", (int)(len < 23 ? len : 23), s + 1);
    }
    int nsync = 0, naligned = 0, nsp = 0, nshape = 0, nt = 0, nsat = 0, npopc = 0, M = 0, N = 0, K = 0;
    const char *t[3] = {"", "", ""};
    for (int i = 0; i < n; i++) {
        int m2, n2, k2;
        char tail;
        if (!strcmp(w[i], "sync")) nsync++;
        else if (!strcmp(w[i], "aligned")) naligned++;
        else if (!strcmp(w[i], "sp")) nsp++;
        else if (!strcmp(w[i], "satfinite")) nsat++;
        else if (!strcmp(w[i], "and") || !strcmp(w[i], "popc")) npopc++;
        else if (sscanf(w[i], "m%dn%dk%d%c", &m2, &n2, &k2, &tail) == 3) nshape++, M = m2, N = n2, K = k2;
        else if (!strcmp(w[i], "f16") || !strcmp(w[i], "f32") || !strcmp(w[i], "bf16") || !strcmp(w[i], "tf32") ||
                 !strcmp(w[i], "e4m3") || !strcmp(w[i], "e5m2") || !strcmp(w[i], "s8") || !strcmp(w[i], "u8") ||
                 !strcmp(w[i], "s32") || !strcmp(w[i], "b1")) {
            if (nt < 3) t[nt] = w[i];
            nt++;
        } else {
            error_at(p, mt, "Unknown modifier '.%s'", w[i]);
            return;
        }
    }
    if (naligned > 1) return (void)error_at(p, mt, "Multiple .aligned modifiers specified");
    if (nshape > 1) return (void)error_at(p, mt, "Multiple matrix shape modifiers specified");
    if (nsp > 1) return (void)error_at(p, mt, "Multiple sparsity modifiers specified");
    if (!nsync) return (void)error_at(p, mt, ".sync modifier required for instruction '%s'", MN);
    if (!nshape) return (void)error_at(p, mt, "Shape modifier required for instruction '%s'", MN);
    if (nt != 3) return (void)error_at(p, mt, "Unexpected instruction types specified for '%s'", MN);
    const char *d = t[0], *a = t[1], *b = t[2];
    bool f8a = !strcmp(a, "e4m3") || !strcmp(a, "e5m2"), f8b = !strcmp(b, "e4m3") || !strcmp(b, "e5m2");
    bool i8a = !strcmp(a, "s8") || !strcmp(a, "u8"), i8b = !strcmp(b, "s8") || !strcmp(b, "u8");
    int k; /* the dense k of the type family */
    bool types_ok, integer = false, half = false, b1 = false;
    if (!strcmp(a, "f16"))
        k = 16, half = true, types_ok = !strcmp(b, "f16") && (!strcmp(d, "f16") || !strcmp(d, "f32"));
    else if (!strcmp(a, "bf16")) k = 16, half = true, types_ok = !strcmp(b, "bf16") && !strcmp(d, "f32");
    else if (!strcmp(a, "tf32")) k = 8, types_ok = !strcmp(b, "tf32") && !strcmp(d, "f32");
    else if (f8a) k = 32, types_ok = f8b && (!strcmp(d, "f16") || !strcmp(d, "f32"));
    else if (i8a) k = 32, integer = true, types_ok = i8b && !strcmp(d, "s32");
    else if (!strcmp(a, "b1")) k = 256, integer = b1 = true, types_ok = !strcmp(b, "b1") && !strcmp(d, "s32");
    else k = 0, types_ok = false;
    if (!types_ok || (nsat && !(integer && !b1)) || (npopc && !b1) || (b1 && (npopc != 2 || nsp)))
        return (void)error_at(p, mt, "Unexpected instruction types specified for '%s'", MN);
    if (M != 64 || K != k * (nsp ? 2 : 1))
        return (void)error_at(p, mt, "Illegal matrix shape '.m%dn%dk%d' for instruction '%s'", M, N, K, MN);
    bool n_ok = N >= 8 && N <= 256 && N % 8 == 0;
    if (integer && N > 32) n_ok = n_ok && N % 16 == 0;
    if (!n_ok) return (void)error_at(p, mt, "Illegal matrix shape '.m%dn%dk%d' for instruction '%s'", M, N, K, MN);
    /* d, a (descriptor or 4 registers), b, {sp-meta, sp-sel,} scale-d, then imm-scale-a/b for the
     * float types and imm-trans-a/b for f16/bf16 (imm-trans-a only with a descriptor) */
    bool areg = nops > 1 && ops[1].kind == PS_OP_VEC;
    int want = 4 + (nsp ? 2 : 0) + (integer ? 0 : 2) + (half ? (areg ? 1 : 2) : 0);
    if (nops != want) return (void)error_at(p, mt, "Arguments mismatch for instruction '%s'", MN);
    int nd = !strcmp(d, "f16") ? N / 4 : N / 2;
    if (ops[0].kind != PS_OP_VEC || ops[0].nitems != nd || (areg && ops[1].nitems != 4))
        return (void)error_at(p, mt, "Argument vector size mismatch for instruction '%s'", MN);
    int first_imm = 4 + (nsp ? 2 : 0);
    for (int i = first_imm; i < nops; i++) {
        bool scale = i < first_imm + 2;
        const ps_operand *o = &ops[i];
        if (o->kind != PS_OP_IMM) return (void)error_at(p, mt, "Arguments mismatch for instruction '%s'", MN);
        long long v = (long long)o->imm;
        if (scale ? (v != 1 && v != -1) : (v != 0 && v != 1))
            return (void)error_at(p, mt, "Argument %d of instruction '%s': unexpected value '%lld', expected to be %s",
                                  i, MN, v, scale ? "-1 or 1" : "0 or 1");
    }
}

void ps_check_tensor(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    switch (in->form) {
    case PS_F_WGMMA_MMA_ASYNC: check_wgmma(p, in, mt, ops, nops); return;
    case PS_F_WMMA_LOAD:
    case PS_F_WMMA_STORE:
    case PS_F_WMMA_MMA: check_wmma(p, in, mt, ops, nops); return;
    case PS_F_MMA: check_mma(p, in, mt, ops, nops); return;
    case PS_F_LDMATRIX:
    case PS_F_STMATRIX:
    case PS_F_MOVMATRIX: check_matrix(p, in, mt, ops, nops); return;
    default: return;
    }
}
