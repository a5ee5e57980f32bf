/* validate_ctrl.c — control flow and warp-level instructions (bra, call, ret, exit, brx.idx, bar, shfl, vote, match, redux, activemask), stack manipulation (alloca, stackrestore), special registers, video and tensor-core operand rules (validate.h).
 * The operand kinds each instruction takes are ptxas 13's (scripts/ptxas_diff fam_ctrl, fam_warp,
 * fam_sreg); its wording where it has one. Video and tensor-core instructions: validate_video.c,
 * validate_tensor.c. */
#include <stdio.h>

#include "validate.h"
#include "validate_ctrl.h"

/* ---- operand kinds ------------------------------------------------------ */

unsigned ps_ctrl_op_kind(parser *p, const ps_operand *o) {
    switch (o->kind) {
    case PS_OP_IMM: return o->neg ? K_IMM | K_NOTIMM : K_IMM;
    case PS_OP_IMM_F32:
    case PS_OP_IMM_F64: return K_FIMM;
    case PS_OP_SINK: return K_SINK;
    case PS_OP_SREG: return K_SREG;
    case PS_OP_REG: break;
    default: return K_OTHER;
    }
    ps_type t = p->fn->regs[o->reg].type;
    if (t == PS_T_PRED) return o->neg ? K_NOTP : K_PRED;
    int size = ps_type_size(t);
    bool fl = ps_type_kind_of(t) == TK_FLOAT;
    switch (size) {
    case 1: return K_R8;
    case 2: return K_R16;
    case 4: return fl ? K_F32 : K_I32;
    case 8: return fl ? K_F64 : K_I64;
    default: return K_OTHER;
    }
}

void ps_ctrl_at(const token *mt, const ps_operand *o, token *at) {
    *at = *mt;
    at->line = o->line;
    at->col = o->col;
}

bool ps_ctrl_want(parser *p, const token *mt, const char *name, const ps_operand *o, unsigned allowed) {
    if (ps_ctrl_op_kind(p, o) & allowed) return true;
    token at;
    ps_ctrl_at(mt, o, &at);
    error_at(p, &at, "Arguments mismatch for instruction '%s'", name);
    return false;
}

static bool mismatch(parser *p, const token *mt, const char *name) {
    error_at(p, mt, "Arguments mismatch for instruction '%s'", name);
    return false;
}

static bool has(const ps_insn *in, ps_mod m) { return ps_modset_has(&in->mods, m); }

/* ---- special registers -------------------------------------------------- */

/* Special registers are operands of mov and cvt only, sources only; mov moves them whole into a
 * register of their width, with an integer or bit type (a predicate for %is_explicit_cluster). */
static bool check_sregs(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    ps_form f = in->form;
    for (int i = 0; i < nops; i++) {
        if (ops[i].kind != PS_OP_SREG) continue;
        token at;
        ps_ctrl_at(mt, &ops[i], &at);
        if (f != PS_F_MOV && f != PS_F_CVT) {
            error_at(p, &at, "Special register argument not allowed for instruction '%s'", in->info->mnemonic);
            return false;
        }
        /* cvt between integers only, from a source type no wider than the register */
        if (f == PS_F_CVT && in->ntypes == 2 && i == 1) {
            ps_type_kind k0 = ps_type_kind_of(in->types[0]), k1 = ps_type_kind_of(in->types[1]);
            if (k0 == TK_FLOAT || k0 == TK_PACKED || k1 == TK_FLOAT || k1 == TK_PACKED) {
                error_at(p, &at, "Special register argument not allowed for instruction 'cvt'");
                return false;
            }
            if (ps_type_size(in->types[1]) * 8 > ps_sreg_bits(ops[i].sreg)) return mismatch(p, mt, "cvt");
        }
        if (f == PS_F_MOV && in->ntypes == 1) {
            ps_type t = in->types[0];
            ps_type_kind k = ps_type_kind_of(t);
            if (k == TK_FLOAT || k == TK_PACKED) {
                error_at(p, &at, "Special register argument not allowed for instruction 'mov'");
                return false;
            }
            ps_sreg sr = ops[i].sreg;
            int bits = ps_sreg_bits(sr);
            int tb = t == PS_T_PRED ? 1 : ps_type_size(t) * 8;
            /* the widths they had in PTX ISA 1.x remain: 16-bit %tid, %ntid, %ctaid, %nctaid and a
             * 32-bit %gridid */
            bool legacy = (tb == 16 &&
                           (sr == PS_SREG_TID || sr == PS_SREG_NTID || sr == PS_SREG_CTAID || sr == PS_SREG_NCTAID)) ||
                ((tb == 16 || tb == 32) && sr == PS_SREG_GRIDID);
            if (bits != tb && !legacy) return mismatch(p, mt, "mov");
            /* the destination: a register of the move's width (any type for .bN, not a float for
             * .uN/.sN) */
            unsigned dk = k == TK_PRED ? K_PRED : tb == 16 ? K_R16 : tb == 32 ? K_I32 : K_I64;
            if (k == TK_BITS) dk |= tb == 32 ? K_F32 : tb == 64 ? K_F64 : 0;
            if (i == 1 && !ps_ctrl_want(p, mt, "mov", &ops[0], dk | K_SINK)) return false;
        }
        if (i == 0) {
            error_at(p, &at, "Read-only special register cannot be destination argument");
            return false;
        }
    }
    return true;
}

/* ---- barriers ----------------------------------------------------------- */

/* The order ptxas reads (scripts/isa_audit.py's bar spellings): .cta first, .aligned after the
 * operation and once; .sync may be repeated (bar.sync.sync passes). */
static bool bar_order(parser *p, const ps_insn *in, const token *mt, const char *bn) {
    if (!in->text) return true;
    char w[8][24];
    int n = 0;
    for (const char *s = strchr(in->text, '.'); s && n < 8; s = strchr(s + 1, '.')) {
        size_t len = strcspn(s + 1, ".");
        snprintf(w[n++], sizeof w[0], "%.*s", (int)(len < 23 ? len : 23), s + 1);
    }
    bool cta = n && !strcmp(w[0], "cta"), op = false, aligned = false;
    const char *first = NULL;
    for (int i = cta; i < n; i++) {
        if (!strcmp(w[i], "cta")) {
            error_at(p, mt, "Illegal modifier '.cta' for instruction '%s%s'", bn, cta ? ".cta" : "");
            return false;
        }
        if (!strcmp(w[i], "aligned")) {
            if (aligned) {
                error_at(p, mt, "Multiple .aligned modifiers specified");
                return false;
            }
            aligned = true;
        } else if (!strcmp(w[i], "sync") || !strcmp(w[i], "arrive") || !strcmp(w[i], "red")) {
            /* ptxas reads one of them as part of the name and refuses another as unknown (the
             * same one again it takes: bar.sync.sync) */
            if ((aligned && !op) || (first && strcmp(first, w[i]))) {
                error_at(p, mt, "Unknown modifier '.%s'", w[i]);
                return false;
            }
            op = true;
            first = w[i];
        }
    }
    return true;
}

/* The dot-separated words of the mnemonic as written after its first `skip` characters. */
static int words_after(const char *text, size_t skip, char w[][24], int max) {
    int n = 0;
    if (!text || strlen(text) < skip) return 0;
    for (const char *s = strchr(text + skip, '.'); s && n < max; s = strchr(s + 1, '.')) {
        size_t len = strcspn(s + 1, ".");
        snprintf(w[n++], 24, "%.*s", (int)(len < 23 ? len : 23), s + 1);
    }
    return n;
}

static bool type_word(const char *w) {
    static const char *const types[] = {"b8", "b16", "b32", "b64", "b128", "u8",  "u16", "u32", "u64",
                                        "s8", "s16", "s32", "s64", "f16",  "f32", "f64", "pred"};
    for (size_t i = 0; i < PS_ARRAY_LEN(types); i++)
        if (!strcmp(w, types[i])) return true;
    return false;
}

/* griddepcontrol.launch_dependents and griddepcontrol.wait (PTX ISA 9.7.13.17), no operands */
static void check_griddepcontrol(parser *p, const ps_insn *in, const token *mt) {
    char w[8][24];
    int n = words_after(in->text, strlen("griddepcontrol"), w, 8);
    if (!n) {
        error_at(p, mt, "'.launch_dependents' or '.wait' modifier required for instruction 'griddepcontrol'");
        return;
    }
    for (int i = 0; i < n; i++) {
        bool known = !strcmp(w[i], "launch_dependents") || !strcmp(w[i], "wait");
        if (!known && i == 0) error_at(p, mt, "Unknown modifier '.%s'", w[i]);
        else if (!known || (i && strcmp(w[i], w[0])))
            error_at(p, mt, "Illegal modifier '.%s' for instruction 'griddepcontrol'", w[i]);
        else if (i) error_at(p, mt, "Duplicate .%s modifier", w[i]);
        else continue;
        return;
    }
}

/* setmaxnreg.{inc,dec}.sync.aligned.{u32,s32} imm (PTX ISA 9.7.17.1): .inc or .dec first, then
 * .sync, .aligned and the type once each (ptxas takes the type before .aligned too); the count a
 * multiple of 8 in 24..256 */
static void check_setmaxnreg(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    char w[8][24];
    int n = words_after(in->text, strlen("setmaxnreg"), w, 8);
    if (!n || (strcmp(w[0], "inc") && strcmp(w[0], "dec"))) {
        error_at(p, mt, "Not a name of any known instruction: 'setmaxnreg'");
        return;
    }
    char name[40];
    snprintf(name, sizeof name, "setmaxnreg.%s", w[0]);
    int nsync = 0, naligned = 0, ntype = 0;
    bool bad_type = false;
    for (int i = 1; i < n; i++) {
        if (!strcmp(w[i], "sync")) nsync++;
        else if (!strcmp(w[i], "aligned")) naligned++;
        else if (!strcmp(w[i], "u32") || !strcmp(w[i], "s32")) ntype++;
        else if (type_word(w[i])) bad_type = true;
        else {
            error_at(p, mt, "Illegal modifier '.%s' for instruction '%s'", w[i], name);
            return;
        }
    }
    if (naligned > 1) error_at(p, mt, "Multiple .aligned modifiers specified");
    else if (nsync > 1) error_at(p, mt, "Duplicate .sync modifier");
    else if (ntype != 1 || bad_type) error_at(p, mt, "Unexpected instruction types specified for '%s'", name);
    else if (!nsync) error_at(p, mt, ".sync modifier required for instruction '%s'", name);
    else if (!naligned) error_at(p, mt, ".aligned modifier required for instruction '%s'", name);
    else if (nops != 1 || ops[0].kind != PS_OP_IMM) error_at(p, mt, "Arguments mismatch for instruction '%s'", name);
    else if (ops[0].imm % 8)
        error_at(p, mt, "Argument 1 of instruction '%s': unexpected value '%lld', expected to be multiple of 8", name,
                 (long long)ops[0].imm);
    else if ((long long)ops[0].imm < 24 || (long long)ops[0].imm > 256)
        error_at(p, mt, "Argument 1 of instruction '%s': value '%lld' out of range, expected to be in range [24..256]",
                 name, (long long)ops[0].imm);
}

/* bar{.cta}.sync|.arrive|.red and barrier{.cta}.sync|.arrive|.red{.aligned} (PTX ISA 9.7.13.1):
 * the qualifiers, which ptxas judges before the operands; .red takes one type, .u32 with .popc and
 * .pred with .and/.or. The operands' kinds and types are the rows' shapes (forms.def). */
static void check_bar_quals(parser *p, const ps_insn *in, const token *mt) {
    bool barrier = in->form == PS_F_BARRIER;
    bool red = has(in, PS_MOD_RED), arrive = has(in, PS_MOD_ARRIVE), sync = has(in, PS_MOD_SYNC);
    const char *bn = barrier ? "barrier" : "bar";
    if (!bar_order(p, in, mt, bn)) return;
    char name[32];
    snprintf(name, sizeof name, "%s%s", bn, red ? ".red" : arrive ? ".arrive" : "");
    if (!barrier && has(in, PS_MOD_ALIGNED)) error_at(p, mt, "Illegal modifier '.aligned' for instruction '%s'", name);
    else if (!red && !arrive && !sync) error_at(p, mt, "Barrier modifier required for instruction '%s'", bn);
    else if (has(in, PS_MOD_CTA) && p->m->version && p->m->version < 78)
        error_at(p, mt, "Feature '%s.cta' requires PTX ISA .version 7.8 or later", bn);
    else if (!red) {
        if (in->ntypes) error_at(p, mt, "Unexpected instruction types specified for '%s'", name);
    } else {
        bool popc = has(in, PS_MOD_POPC);
        ps_type t = in->ntypes ? in->types[0] : PS_T_NONE;
        int nop = popc + has(in, PS_MOD_AND) + has(in, PS_MOD_OR);
        if (in->ntypes != 1 || (t != PS_T_U32 && t != PS_T_PRED))
            error_at(p, mt, "Unexpected instruction types specified for '%s'", name);
        else if (nop > 1) error_at(p, mt, "Multiple instruction post-operation flags set");
        else if (!nop) error_at(p, mt, "Illegal reduction operation for instruction '%s.%s'", name, ps_type_name(t));
        else if (popc && t != PS_T_U32) error_at(p, mt, "Operation requires .u32 type");
        else if (!popc && t != PS_T_PRED) error_at(p, mt, "Operation requires .pred type");
    }
}

/* After the shape ("dT% ku ku? kP%": .red's destination and predicate around the barrier id and
 * the optional thread count): the id 0..15, the count a multiple of the warp size when immediate,
 * required and non-zero for .arrive. */
static void check_bar(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    bool red = has(in, PS_MOD_RED), arrive = has(in, PS_MOD_ARRIVE);
    const char *name = in->form == PS_F_BARRIER ? (arrive ? "barrier.arrive" : "barrier")
        : arrive                                ? "bar.arrive"
                                                : "bar";
    const ps_operand *id = &ops[red], *count = nops == 2 + 2 * red ? &ops[red + 1] : NULL;
    if (arrive && !count) mismatch(p, mt, name);
    else if (id->kind == PS_OP_IMM && id->imm > 15) {
        token at;
        ps_ctrl_at(mt, id, &at);
        error_at(p, &at, "Barrier number '%llu' out of range, expected to be in range [0..15]",
                 (unsigned long long)id->imm);
    } else if (count && count->kind == PS_OP_IMM && count->imm % 32)
        error_at(p, mt, "Number of threads participating in barrier must be in multiple of warp size");
    else if (arrive && count->kind == PS_OP_IMM && count->imm == 0)
        error_at(p, mt, "Instruction '%s' requires a non-zero thread count argument", name);
}

void ps_check_ctrl_quals(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    if (in->form == PS_F_BAR || in->form == PS_F_BARRIER) check_bar_quals(p, in, mt);
    else if (in->info->props & P_VIDEO) ps_check_video_quals(p, in, mt, ops, nops);
}

/* ---- warp-level --------------------------------------------------------- */

/* A "d|p" destination (ps_operand.pair_reg; -2 for a sink "d|_"): p must be a predicate where
 * need_p, and is refused where !allow_p. */
static bool pair_dest(parser *p, const token *mt, const char *name, const ps_operand *o, unsigned dest, bool need_p,
                      bool allow_p) {
    bool paired = o->pair_reg >= 0 || o->pair_reg == PS_PAIR_SINK;
    if (paired && !allow_p) {
        error_at(p, mt, "Predicate output not allowed for instruction '%s'", name);
        return false;
    }
    if ((need_p && (!paired || o->pair_reg == PS_PAIR_SINK)) ||
        (o->pair_reg >= 0 && p->fn->regs[o->pair_reg].type != PS_T_PRED)) {
        error_at(p, mt, "Predicate output expected for instruction '%s'", name);
        return false;
    }
    return ps_ctrl_want(p, mt, name, o, dest);
}

static bool check_shfl(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    bool sync = has(in, PS_MOD_SYNC); /* one mode: SHFL! (forms.def) */
    if (nops != (sync ? 5 : 4)) {
        if (!sync && nops == 5) error_at(p, mt, ".sync modifier required for instruction 'shfl'");
        else mismatch(p, mt, "shfl");
        return false;
    }
    return pair_dest(p, mt, "shfl", &ops[0], ~0u, false, true); /* the kinds: "dB sB sB sB su?" (forms.def) */
}

static bool check_vote(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    bool ballot = has(in, PS_MOD_BALLOT), sync = has(in, PS_MOD_SYNC); /* one mode: VOTE! (forms.def) */
    ps_type t = in->ntypes ? in->types[0] : PS_T_NONE;
    if (ballot && t != PS_T_B32) {
        error_at(p, mt, "Instruction 'vote' requires '.b32' type with '.ballot' modifier.");
        return false;
    }
    if (!ballot && t != PS_T_PRED) {
        const char *m = has(in, PS_MOD_ALL) ? "all" : has(in, PS_MOD_ANY) ? "any" : "uni";
        error_at(p, mt, "Instruction 'vote' requires '.pred' type with '.%s' modifier.", m);
        return false;
    }
    if (nops != (sync ? 3 : 2)) { /* the kinds: "dT sP su?" (forms.def) */
        if (!sync && nops == 3) error_at(p, mt, ".sync modifier required for instruction 'vote'");
        else mismatch(p, mt, "vote");
        return false;
    }
    return true;
}

static bool check_match(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    bool all = has(in, PS_MOD_ALL); /* .any or .all: ANYALL! (forms.def) */
    if (!has(in, PS_MOD_SYNC)) {
        error_at(p, mt, ".sync modifier required for instruction 'match'");
        return false;
    }
    if (nops != 3) return mismatch(p, mt, "match");
    if (!pair_dest(p, mt, all ? "match.all" : "match.any", &ops[0], ~0u, false, all)) return false;
    /* the kinds: "wu sT su" (forms.def); '_' only beside a predicate ("_|p", match.all) */
    if (ops[0].kind == PS_OP_SINK && ops[0].pair_reg < 0 && ops[0].pair_reg != PS_PAIR_SINK) {
        token at;
        ps_ctrl_at(mt, &ops[0], &at);
        error_at(p, &at,
                 "'match' cannot discard its result into '_' (ptxas: Result discard mode is not allowed for "
                 "instruction 'match')");
        return false;
    }
    return true;
}

/* redux.sync (9.7.13.10): add/min/max on .u32/.s32, and/or/xor on .b32; .f32 min/max (with .abs,
 * .NaN) on sm_100a-family targets from PTX ISA 8.6. */
static bool check_redux(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    static const struct {
        ps_mod m;
        const char *n;
        bool arith;
    } opsx[] = {{PS_MOD_ADD, "add", true},  {PS_MOD_MIN, "min", true}, {PS_MOD_MAX, "max", true},
                {PS_MOD_AND, "and", false}, {PS_MOD_OR, "or", false},  {PS_MOD_XOR, "xor", false}};
    int op = -1;
    for (int i = 0; i < 6; i++)
        if (has(in, opsx[i].m)) op = i;
    ps_type t = in->types[0];
    bool f32 = t == PS_T_F32;
    const ps_arch *a = p->m->arch;
    if (f32) {
        if (a && !(a->arch_specific && a->sm >= 100 && a->sm < 110)) {
            error_at(p, mt, "Instruction 'redux.f32' not supported on .target '%s'", a->name);
            return false;
        }
        if (p->m->version && p->m->version < 86) {
            error_at(p, mt, "Feature 'redux.f32' requires PTX ISA .version 8.6 or later");
            return false;
        }
    }
    if ((has(in, PS_MOD_ABS) || has(in, PS_MOD_NAN_MANUAL)) && !f32) {
        error_at(p, mt, "Instruction 'redux' requires '.f32' type with '%s' modifier.",
                 has(in, PS_MOD_ABS) ? ".abs" : ".NaN");
        return false;
    }
    if (op >= 0) {
        bool ok = f32        ? (opsx[op].m == PS_MOD_MIN || opsx[op].m == PS_MOD_MAX)
            : opsx[op].arith ? t == PS_T_U32 || t == PS_T_S32
                             : t == PS_T_B32;
        if (!ok) {
            error_at(p, mt, "Incorrect type '.%s' for operation '.%s' in instruction 'redux'", ps_type_name(t),
                     opsx[op].n);
            return false;
        }
    }
    return nops == 3 || mismatch(p, mt, "redux"); /* the operands: "dt st su" (forms.def) */
}

/* ---- control flow ------------------------------------------------------- */

/* alloca d, size{, immAlign}: the alignment is a power of two no larger than 2^23 (PTX ISA, stack
 * manipulation instructions; ptxas's wording). Operand types: validate_types.c. */
static void check_alloca(parser *p, const token *mt, const ps_operand *ops, int nops) {
    if (nops < 3 || ops[2].kind != PS_OP_IMM) return;
    token at;
    ps_ctrl_at(mt, &ops[2], &at);
    uint64_t a = ops[2].imm;
    if (a == 0 || (a & (a - 1)))
        error_at(p, &at, "alloca's alignment %lld is not a power of two (ptxas: Alignment must be a power of two)",
                 (long long)a);
    else if (a > (1u << 23))
        error_at(p, &at, "alloca's alignment %llu is larger than 2^23 (ptxas: Alignment value too large, exceeds 2^23)",
                 (unsigned long long)a);
}

void ps_check_ctrl(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops) {
    if (!check_sregs(p, in, mt, ops, nops)) return;
    switch (in->form) {
    case PS_F_BAR:
    case PS_F_BARRIER: check_bar(p, in, mt, ops, nops); return;
    case PS_F_GRIDDEPCONTROL: check_griddepcontrol(p, in, mt); return;
    case PS_F_SETMAXNREG: check_setmaxnreg(p, in, mt, ops, nops); return;
    case PS_F_BAR_WARP_SYNC: return; /* its mask: "ku" (forms.def) */
    case PS_F_SHFL: check_shfl(p, in, mt, ops, nops); return;
    case PS_F_VOTE: check_vote(p, in, mt, ops, nops); return;
    case PS_F_MATCH: check_match(p, in, mt, ops, nops); return;
    case PS_F_REDUX: check_redux(p, in, mt, ops, nops); return;
    case PS_F_ELECT: pair_dest(p, mt, "elect", &ops[0], ~0u, true, true); return; /* kinds: "wu su" */
    case PS_F_PMEVENT:
        if (!has(in, PS_MOD_MASK) && ops[0].imm > 15)
            error_at(p, mt,
                     "Argument 0 of instruction 'pmevent': value '%lld' out of range, expected to be in range "
                     "[0..15]",
                     (long long)ops[0].imm);
        return;
    case PS_F_BRA:
    case PS_F_BRX_IDX: return; /* their labels: "l-", "ku lb" (forms.def) */
    case PS_F_CALL: ps_ctrl_check_call(p, in, mt, ops, nops); return;
    case PS_F_ALLOCA: check_alloca(p, mt, ops, nops); return;
    case PS_F_CVT: ps_check_cvt_regs(p, in, mt, ops, nops); break; /* then its words */
    case PS_F_STACKRESTORE:
        if (ops[0].kind != PS_OP_REG) {
            token at;
            ps_ctrl_at(mt, &ops[0], &at);
            error_at(p, &at,
                     "stackrestore takes the register a stacksave wrote (ptxas: Result register "
                     "required for instruction 'stackrestore')");
        }
        return;
    default: break;
    }
    if (p->failed_stmt) return;
    if (in->info->props & P_VIDEO) ps_check_video(p, in, mt, ops, nops);
    else if (in->info->props & P_TENSOR) ps_check_tensor(p, in, mt, ops, nops);
    else ps_check_words(p, in, mt, ops, nops);
}
