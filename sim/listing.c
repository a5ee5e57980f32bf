/* listing.c — the decoded program of a function as text (`ptxsim decode`, docs/decode.md): per
 * record its PTX line, handler family and variant, operand slots, guard, branch target and
 * reconvergence point. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static const char *const form_ids[] = {
#define X(ID, ...) #ID,
#include "forms.def"
#undef X
};

static const char *const ctl_names[] = {"",     "bra",  "brx.idx", "call",          "ret",
                                        "exit", "trap", "barrier", "bar.warp.sync", "barrier.cluster.wait",
                                        "end"};
static const char *const space_names[] = {"generic", "global", "shared", "local", "const", "param", "shared::cluster"};
static const char *const rnd_names[] = {"rn", "rz", "rm", "rp", "rna"};
static const struct {
    uint32_t bit;
    const char *name;
} flag_names[] = {{DF_FTZ, "ftz"},
                  {DF_SAT, "sat"},
                  {DF_HI, "hi"},
                  {DF_LO, "lo"},
                  {DF_WIDE, "wide"},
                  {DF_CC, "cc"},
                  {DF_APPROX, "approx"},
                  {DF_FULL, "full"},
                  {DF_NAN, "NaN"},
                  {DF_XORSIGN, "xorsign"},
                  {DF_RELU, "relu"},
                  {DF_SATFINITE, "satfinite"},
                  {DF_INTEGRAL, "integral"},
                  {DF_SIGNED, "signed"},
                  {DF_NAN_A_WINS, "nan-a-wins"},
                  {DF_ST_F32_U64, "st-f32-u64"}};

/* Register names by slot and by predicate index: decode numbers a function's registers in
 * declaration order, predicates into the predicate file and the others into the first slots
 * (decode_function). */
typedef struct {
    const ps_func *fn;
    const ps_fprog *fp;
    const char **slot_reg; /* nslots */
    const char **pred_reg; /* npreds */
} names;

static void print_slot(FILE *out, const names *nm, uint16_t s) {
    if (s == NO_SLOT) {
        fputs(" _", out);
        return;
    }
    if (s >= nm->fp->nslots) {
        fprintf(out, " s%u(?)", s);
        return;
    }
    const ps_slot_info *si = &nm->fp->slots[s];
    switch (si->kind) {
    case SK_REG: fprintf(out, " s%u(%s)", s, nm->slot_reg[s] ? nm->slot_reg[s] : "?"); return;
    case SK_IMM: fprintf(out, " s%u(#0x%llx)", s, (unsigned long long)si->value); return;
    case SK_SREG: {
        const char *n = ps_sreg_name((ps_sreg)si->sreg);
        if (si->comp < 3 &&
            (strstr(n, "tid") || strstr(n, "ntid") || strstr(n, "ctaid") || strstr(n, "nctaid") ||
             strstr(n, "cluster")))
            fprintf(out, " s%u(%s.%c)", s, n, "xyz"[si->comp]);
        else fprintf(out, " s%u(%s)", s, n);
        return;
    }
    case SK_SHARED_SYM:
    case SK_LOCAL_SYM: fprintf(out, " s%u(&%s%+lld)", s, si->var ? si->var->name : "?", (long long)si->addend); return;
    case SK_ZERO: fprintf(out, " s%u(#0)", s); return;
    default: fprintf(out, " s%u(scratch)", s); return;
    }
}

static void print_pred(FILE *out, const names *nm, int p, bool neg) {
    if (p < 0 || p == NO_SLOT) {
        fputs(" _", out);
        return;
    }
    const char *n = p < nm->fp->npreds ? nm->pred_reg[p] : NULL;
    if (p == nm->fp->pred_true) n = "true";
    if (p == nm->fp->pred_false) n = "false";
    fprintf(out, " %sp%d(%s)", neg ? "!" : "", p, n ? n : "?");
}

/* Which entries of d->o[] are predicate indices, read off the PTX operands (sim_internal.h's
 * operand convention); false where the record does not follow it one to one. */
static bool operand_kinds(const ps_dinsn *d, const ps_func *fn, char *kind) {
    const ps_insn *in = d->src;
    int n = 0;
    for (int i = 0; i < in->nops; i++) {
        const ps_operand *o = &in->ops[i];
        if (o->kind == PS_OP_VEC || o->kind == PS_OP_LIST) {
            for (int k = 0; k < o->nitems && n < 12; k++) {
                const ps_operand *it = &o->items[k];
                kind[n++] = it->kind == PS_OP_REG && it->reg >= 0 && fn->regs[it->reg].type == PS_T_PRED ? 'p' : 's';
            }
        } else if (n < 12) {
            kind[n++] = o->kind == PS_OP_REG && o->reg >= 0 && fn->regs[o->reg].type == PS_T_PRED ? 'p' : 's';
        }
        if (i == 0 && (ps_form_get(in->form)->props & P_PAIR_DEST) && n < 12) kind[n++] = 'p';
    }
    return n == d->nops;
}

/* An add or sub into which ptxas's model contracted the mul feeding it (decode_insn): the record
 * runs fma.rn with the product's two factors and the addend, four operands where the PTX has three. */
static bool contracted(const ps_dinsn *d) {
    ps_form f = d->src->form;
    return d->ctl == CTL_NONE && d->nops == 4 && d->src->nops == 3 &&
        (f == PS_F_ADD_FLT || f == PS_F_SUB_FLT || f == PS_F_ADD_F16 || f == PS_F_SUB_F16);
}

static void print_handler(FILE *out, const ps_dinsn *d) {
    char buf[160];
    size_t k = 0;
#define PUT(...) (k += (size_t)snprintf(buf + k, k < sizeof buf ? sizeof buf - k : 0, __VA_ARGS__))
    if (d->ctl != CTL_NONE) {
        PUT("%s", d->ctl < PS_ARRAY_LEN(ctl_names) ? ctl_names[d->ctl] : "?");
    } else {
        bool half = d->src->form == PS_F_ADD_F16 || d->src->form == PS_F_SUB_F16;
        PUT("%s", contracted(d) ? (half ? "FMA_F16" : "FMA_FLT") : d->fn ? form_ids[d->src->form] : "(none)");
        if (d->type != 0xff && d->type < PS_T_COUNT) PUT(".%s", ps_type_name(d->type));
        if (d->type2 != 0xff && d->type2 < PS_T_COUNT && d->type2 != d->type) PUT(".%s", ps_type_name(d->type2));
        if ((d->flags & DF_HAS_RND) && d->rnd < PS_ARRAY_LEN(rnd_names)) PUT(".%s", rnd_names[d->rnd]);
        for (size_t i = 0; i < PS_ARRAY_LEN(flag_names); i++)
            if (d->flags & flag_names[i].bit) PUT(".%s", flag_names[i].name);
    }
#undef PUT
    fprintf(out, "%-26s", buf);
}

/* ---- the record's payload, by member name (docs/engine.md, "Record payloads") ---------------- */

/* The payload unions carry no tag: which member a record holds is its selector's choice, made
 * from the form and, for a few families, its types. These helpers name the member the record's
 * selector wrote; each prints "name=value" (packed fields in hex). */
static void pm(FILE *out, bool *first, const char *name, long long v, bool hex) {
    fputs(*first ? "; " : " ", out);
    *first = false;
    if (hex) fprintf(out, "%s=0x%llx", name, (unsigned long long)v);
    else fprintf(out, "%s=%lld", name, v);
}

static bool half_type(int t) { return t == PS_T_F16 || t == PS_T_BF16 || t == PS_T_F16X2 || t == PS_T_BF16X2; }

/* cvt (exec_cvt.c, ps_select_cvt): fp8 pairs, f32 to a half pair, integer to integer without
 * .sat, a same-type f32/f64 copy (no payload), or the generic path */
static void cvt_payload(FILE *out, bool *first, const ps_dinsn *d) {
    bool fp8 = d->type == PS_T_E4M3X2 || d->type == PS_T_E5M2X2 || d->type2 == PS_T_E4M3X2 || d->type2 == PS_T_E5M2X2;
    if (fp8) {
        pm(out, first, "fp8_fmt", d->fp8_fmt, false);
        pm(out, first, "relu", d->relu, false);
    } else if (d->type == PS_T_F16X2 || d->type == PS_T_BF16X2) {
        pm(out, first, "cvt_params", d->cvt_params, true);
    } else if (d->cvt_params || d->sext_shift) { /* generic path (ext_shifts shares these bytes) */
        ps_type_kind kd = ps_type_kind_of((ps_type)d->type), ka = ps_type_kind_of((ps_type)d->type2);
        bool ints = (kd == TK_UINT || kd == TK_SINT) && (ka == TK_UINT || ka == TK_SINT);
        if (ints && !(d->flags & DF_SAT)) {
            pm(out, first, "ext_shifts", d->ext_shifts, true);
        } else {
            pm(out, first, "cvt_params", d->cvt_params, true);
            pm(out, first, "sext_shift", d->sext_shift, false);
        }
    }
}

static void print_payload(FILE *out, const ps_dinsn *d) {
    bool first = true;
    ps_form f = d->src->form;
    bool imm_done = false;
    switch (ps_form_is_mbarrier(f) ? PS_F_MBARRIER : f) {
    case PS_F_SET:
    case PS_F_SETP:
        if (half_type(d->type2)) {
            pm(out, &first, "half_op", d->half_op, true);
            pm(out, &first, "half_setp", d->half_setp, true);
            pm(out, &first, "imm", d->imm, true); /* 1.0 in the destination format */
            imm_done = true;
        } else {
            pm(out, &first, "boolop", d->boolop, false);
            pm(out, &first, "cmp_index", d->cmp_index, false);
        }
        break;
    case PS_F_SETP_HALF: pm(out, &first, "half_setp", d->half_setp, true); break;
    case PS_F_ADD_F16:
    case PS_F_SUB_F16:
    case PS_F_MUL_F16:
    case PS_F_FMA_F16:
    case PS_F_NEG_F16:
    case PS_F_ABS_F16:
    case PS_F_MIN_F16:
    case PS_F_MAX_F16:
    case PS_F_ADD_BF16:
    case PS_F_SUB_BF16:
    case PS_F_MUL_BF16:
    case PS_F_FMA_BF16:
    case PS_F_NEG_BF16:
    case PS_F_ABS_BF16:
    case PS_F_MIN_BF16:
    case PS_F_MAX_BF16:
    case PS_F_EX2_HALF:
    case PS_F_TANH_HALF:
        pm(out, &first, "half_op", d->half_op, true);
        pm(out, &first, "half_flags", d->half_flags, true);
        break;
    case PS_F_ADD_FLT:
    case PS_F_SUB_FLT:
        if (contracted(d)) pm(out, &first, "ct_flags", d->ct_flags, false);
        break;
    case PS_F_MIN_FLT:
    case PS_F_MAX_FLT:
        if (d->type == PS_T_F32) pm(out, &first, "mm_flags", d->mm_flags, false);
        break;
    case PS_F_TESTP: pm(out, &first, "testp_op", d->testp_op, false); break;
    case PS_F_PRMT: pm(out, &first, "prmt_mode", d->prmt_mode, false); break;
    case PS_F_DP4A:
    case PS_F_DP2A: pm(out, &first, "dot_signs", d->dot_signs, false); break;
    case PS_F_MOV:
        if (d->fn == ps_exec_clock) pm(out, &first, "sreg", d->sreg, false);
        if (d->nitems) {
            pm(out, &first, "item_bits", d->item_bits, false);
            pm(out, &first, "nitems", d->nitems, false);
        }
        break;
    case PS_F_CVT: cvt_payload(out, &first, d); break;
    case PS_F_CVT_PACK:
        pm(out, &first, "item_bits", d->item_bits, false);
        pm(out, &first, "is_signed", d->is_signed, false);
        break;
    case PS_F_SHFL: pm(out, &first, "shfl_mode", d->shfl_mode, false); break;
    case PS_F_CVTA:
    case PS_F_ISSPACEP:
        if (d->imm) pm(out, &first, "imm", d->imm, true); /* the state space's window in generic addresses */
        imm_done = true;
        break;
    case PS_F_VOTE:
        if (ps_insn_group(d->src, PS_MG_VOTE) != PS_MOD_BALLOT) pm(out, &first, "vote_mode", d->vote_mode, false);
        break;
    case PS_F_REDUX: pm(out, &first, "redux_op", d->redux_op, false); break;
    case PS_F_ATOM:
    case PS_F_RED:
        pm(out, &first, "atom_op", d->atom_op, false);
        pm(out, &first, "atom_bits", d->atom_bits, false);
        break;
    case PS_F_RED_ASYNC: pm(out, &first, "atom_op", d->atom_op, false); /* FALLTHROUGH */
    case PS_F_ST_ASYNC: pm(out, &first, "elem_bytes", d->elem_bytes, false); break;
    case PS_F_CP_ASYNC:
        pm(out, &first, "src_mode", d->src_mode, false);
        pm(out, &first, "off2", d->off2, false);
        break;
    case PS_F_CP_ASYNC_BULK:
    case PS_F_CP_REDUCE_ASYNC_BULK:
        pm(out, &first, "bulk_kind", d->bulk_kind, false);
        pm(out, &first, "off2", d->off2, false);
        break;
    case PS_F_CP_ASYNC_BULK_TENSOR:
        pm(out, &first, "tma_kind", d->tma_kind, false);
        pm(out, &first, "off2", d->off2, false);
        break;
    case PS_F_MBARRIER: /* every mbarrier.* form (the switch's key) */
        pm(out, &first, "mbar_op", d->mbar_op, false);
        pm(out, &first, "mbar_flags", d->mbar_flags, true);
        break;
    case PS_F_LDMATRIX:
    case PS_F_STMATRIX: pm(out, &first, "nmat", d->nmat, false); break;
    case PS_F_TEX:
    case PS_F_TLD4:
        pm(out, &first, "geom", d->geom, false);
        pm(out, &first, "gather", d->gather, false);
        break;
    case PS_F_SULD:
    case PS_F_SUST:
        pm(out, &first, "geom", d->geom, false);
        pm(out, &first, "is_store", d->is_store, false);
        break;
    case PS_F_SURED: pm(out, &first, "geom", d->geom, false); break;
    case PS_F_TXQ:
    case PS_F_SUQ:
        pm(out, &first, "query", d->query, false);
        pm(out, &first, "is_txq", d->is_txq, false);
        break;
    case PS_F_MMA:
        pm(out, &first, "mma.m", d->mma.m, false);
        pm(out, &first, "mma.n", d->mma.n, false);
        pm(out, &first, "mma.k", d->mma.k, false);
        pm(out, &first, "mma.ka", d->mma.ka, false);
        pm(out, &first, "mma.kb", d->mma.kb, false);
        pm(out, &first, "mma.kc", d->mma.kc, false);
        pm(out, &first, "mma.kd", d->mma.kd, false);
        pm(out, &first, "mma_sp", d->mma_sp, false);
        imm_done = true;
        break;
    case PS_F_WGMMA_MMA_ASYNC:
        pm(out, &first, "wgmma.n", d->wgmma.n, false);
        pm(out, &first, "wgmma.k", d->wgmma.k, false);
        pm(out, &first, "wgmma.dt", d->wgmma.dt, false);
        pm(out, &first, "wgmma.at", d->wgmma.at, false);
        pm(out, &first, "wgmma.bt", d->wgmma.bt, false);
        pm(out, &first, "wgmma.flags", d->wgmma.flags, true);
        pm(out, &first, "wgmma.index", d->wgmma.index, false);
        pm(out, &first, "scale_d", d->scale_d, false);
        imm_done = true;
        break;
    case PS_F_WMMA_MMA:
        pm(out, &first, "wmma.la", d->wmma.la, false);
        pm(out, &first, "wmma.lb", d->wmma.lb, false);
        pm(out, &first, "wmma.lc", d->wmma.lc, false);
        pm(out, &first, "wmma.ld", d->wmma.ld, false);
        pm(out, &first, "wmma.fa", d->wmma.fa, false);
        pm(out, &first, "wmma.fc", d->wmma.fc, false);
        pm(out, &first, "wmma.fd", d->wmma.fd, false);
        pm(out, &first, "wmma.ua", d->wmma.ua, false);
        imm_done = true;
        break;
    case PS_F_WMMA_LOAD:
    case PS_F_WMMA_STORE: pm(out, &first, "frag_layout", d->frag_layout, false); break;
    case PS_F_VADD:
    case PS_F_VSUB:
    case PS_F_VABSDIFF:
    case PS_F_VMIN:
    case PS_F_VMAX:
    case PS_F_VSHL:
    case PS_F_VSHR:
    case PS_F_VMAD:
    case PS_F_VSET:
    case PS_F_VADD2:
    case PS_F_VSUB2:
    case PS_F_VAVRG2:
    case PS_F_VABSDIFF2:
    case PS_F_VMIN2:
    case PS_F_VMAX2:
    case PS_F_VSET2:
    case PS_F_VADD4:
    case PS_F_VSUB4:
    case PS_F_VAVRG4:
    case PS_F_VABSDIFF4:
    case PS_F_VMIN4:
    case PS_F_VMAX4:
    case PS_F_VSET4:
        pm(out, &first, "video_op", d->video_op, false);
        pm(out, &first, "video_params", d->video_params, true);
        pm(out, &first, "imm", d->imm, true); /* the operand selectors, 16 bits each */
        imm_done = true;
        break;
    default: break;
    }
    if (d->fn == ps_exec_builtin) pm(out, &first, "builtin", d->builtin, false);
    if (d->src->nops && ps_family_get(d->src->info->family)->operands == PS_OPS_TENSOR)
        pm(out, &first, "slot_list", d->slot_list, false);
    /* the 8-byte member everywhere else: an address offset, an immediate operand or a selector */
    if (!imm_done && d->imm) pm(out, &first, "imm", d->imm, false);
}

/* A matrix form's operands (decode.c's tensor_flatten): o[i] counts the slots of PTX operand i,
 * which lie in the function's call_slots from d->slot_list on; a vector prints as {...}. */
static void print_tensor_operands(FILE *out, const names *nm, const ps_dinsn *d) {
    int e = d->slot_list;
    for (int i = 0; i < d->src->nops && i < (int)PS_ARRAY_LEN(d->o); i++) {
        bool vec = d->src->ops[i].kind == PS_OP_VEC;
        if (vec) fputs(" {", out);
        for (int k = 0; k < d->o[i]; k++, e++)
            if (e < nm->fp->ncall_slots) print_slot(out, nm, nm->fp->call_slots[e]);
        if (vec) fputs(" }", out);
    }
}

/* The source text and where each of its lines starts (lines[l - 1] for line l). */
typedef struct {
    const char *src;
    size_t len;
    size_t *lines;
    int nlines;
} source;

static void source_index(source *s) {
    int cap = 0;
    s->lines = NULL;
    s->nlines = 0;
    if (!s->src) return;
    for (size_t i = 0; i <= s->len; i++) {
        if (i && s->src[i - 1] != '\n') continue;
        if (s->nlines == cap) s->lines = ps_xrealloc(s->lines, sizeof *s->lines * (size_t)(cap = cap ? 2 * cap : 256));
        s->lines[s->nlines++] = i;
    }
}

/* The PTX line `line` (1-based), trimmed, after a bar; nothing without the source. */
static void print_source_line(FILE *out, const source *s, int line) {
    if (line < 1 || line > s->nlines) return;
    size_t i = s->lines[line - 1], len = s->len;
    while (i < len && (s->src[i] == ' ' || s->src[i] == '\t')) i++;
    size_t e = i;
    while (e < len && s->src[e] != '\n' && s->src[e] != '\r') e++;
    while (e > i && (s->src[e - 1] == ' ' || s->src[e - 1] == '\t')) e--;
    fprintf(out, "  | %.*s", (int)(e - i), s->src + i);
}

static void list_function(const ps_program *p, int fi, const source *src, FILE *out) {
    const ps_fprog *fp = &p->funcs[fi];
    const ps_func *fn = fp->func;
    names nm = {fn, fp, ps_xcalloc((size_t)fp->nslots + 1, sizeof(char *)),
                ps_xcalloc((size_t)fp->npreds + 1, sizeof(char *))};
    for (int i = 0, s = 0, q = 0; i < fn->nregs; i++) {
        if (fn->regs[i].type == PS_T_PRED) {
            if (q < fp->npreds) nm.pred_reg[q++] = fn->regs[i].name;
        } else if (s < fp->nslots) {
            nm.slot_reg[s++] = fn->regs[i].name;
        }
    }
    fprintf(out, "%s %s: %d records, %d slots, %d predicates\n", fn->is_entry ? ".entry" : ".func", fn->name, fp->ncode,
            fp->nslots, fp->npreds);
    fprintf(out, "  %4s %5s %-12s %-26s %s\n", "pc", "line", "guard", "handler", "operands; flow  | PTX");
    for (int pc = 0; pc < fp->ncode; pc++) {
        const ps_dinsn *d = &fp->code[pc];
        char guard[48] = "";
        if (d->guard >= 0) {
            const char *g = d->guard < fp->npreds ? nm.pred_reg[d->guard] : "?";
            snprintf(guard, sizeof guard, "@%sp%d(%s)", d->guard_neg ? "!" : "", d->guard, g ? g : "?");
        }
        fprintf(out, "  %4d %5d %-12s ", pc, d->line, guard);
        print_handler(out, d);
        if (d->ctl == CTL_CALL) {
            if (d->indirect) {
                fputs(" callee", out);
                print_slot(out, &nm, d->o[0]);
            } else {
                fprintf(out, " %s", d->target >= 0 && d->target < p->nfuncs ? p->funcs[d->target].func->name : "?");
            }
            int nargs = d->o[1], nrets = d->o[2];
            fputs(" (", out);
            for (int k = 0; k < nargs + nrets; k++) {
                if (k == nargs) fputs(" ) -> (", out);
                int e = d->slot_list + k;
                if (e < fp->ncall_slots && fp->call_pred[e]) print_pred(out, &nm, fp->call_slots[e], false);
                else if (e < fp->ncall_slots) print_slot(out, &nm, fp->call_slots[e]);
            }
            fputs(nargs + nrets > nargs ? " )" : " ) -> ( )", out);
        } else if (d->ctl == CTL_BRA) {
            fprintf(out, " -> %d", d->target);
        } else if (d->ctl == CTL_NONE && d->src && ps_family_get(d->src->info->family)->operands == PS_OPS_TENSOR) {
            print_tensor_operands(out, &nm, d);
            if (d->space != SP_GENERIC && d->space < PS_ARRAY_LEN(space_names))
                fprintf(out, "; %s", space_names[d->space]);
            print_payload(out, d);
        } else if (d->ctl == CTL_NONE || d->ctl == CTL_BRX || d->ctl == CTL_BAR) {
            char kind[12];
            bool known = d->src && operand_kinds(d, fn, kind);
            if (!known && contracted(d)) { /* d = a*b + c: four register or constant slots */
                memset(kind, 's', sizeof kind);
                known = true;
            }
            for (int i = 0; i < d->nops && i < 12; i++) {
                if (known && kind[i] == 'p') print_pred(out, &nm, d->o[i], (d->negmask >> i) & 1);
                else if (known) print_slot(out, &nm, d->o[i]);
                else fprintf(out, " #%u", d->o[i]);
            }
            if (d->ctl == CTL_NONE && d->space != SP_GENERIC && d->space < PS_ARRAY_LEN(space_names))
                fprintf(out, "; %s", space_names[d->space]);
            if (d->ctl == CTL_NONE && d->src) print_payload(out, d);
        }
        if (d->ctl == CTL_BRA || d->ctl == CTL_BRX) {
            if (d->reconv >= fp->ncode) fputs("; reconverge at exit", out);
            else fprintf(out, "; reconverge %d", d->reconv);
        }
        print_source_line(out, src, d->line);
        fputc('\n', out);
    }
    free(nm.slot_reg);
    free(nm.pred_reg);
}

/* Marks function fi and every function it calls directly. */
static void reach(const ps_program *p, int fi, char *seen) {
    if (fi < 0 || fi >= p->nfuncs || seen[fi]) return;
    seen[fi] = 1;
    const ps_fprog *fp = &p->funcs[fi];
    for (int pc = 0; pc < fp->ncode; pc++)
        if (fp->code[pc].ctl == CTL_CALL && !fp->code[pc].indirect) reach(p, fp->code[pc].target, seen);
}

ps_status ps_program_listing(const ps_program *p, const char *kernel, const char *src, size_t len, FILE *out) {
    char *seen = ps_xcalloc((size_t)p->nfuncs + 1, 1);
    bool found = false;
    for (int i = 0; i < p->nfuncs; i++) {
        const ps_func *fn = p->funcs[i].func;
        if (!fn || !fn->defined) continue;
        if (!kernel || (fn->is_entry && !strcmp(fn->name, kernel))) {
            reach(p, i, seen);
            found = true;
        }
    }
    /* the kernels first, then the functions they call, each group in module order */
    source text = {src, len, NULL, 0};
    source_index(&text);
    bool first = true;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < p->nfuncs; i++) {
            if (!seen[i] || !p->funcs[i].func->defined || p->funcs[i].func->is_entry != (pass == 0)) continue;
            if (!first) fputc('\n', out);
            first = false;
            list_function(p, i, &text, out);
        }
    free(text.lines);
    free(seen);
    return found ? PS_OK : PS_ERR_USAGE;
}
