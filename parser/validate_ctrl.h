/* validate_ctrl.h — what the files of the ctrl area share (validate_ctrl.c, validate_call.c,
 * validate_video.c, validate_tensor.c): operand kinds as ptxas tells them apart, and the checks
 * each file makes. Internal to the parser. */
#ifndef PTXSIM_VALIDATE_CTRL_H
#define PTXSIM_VALIDATE_CTRL_H

#include "parser_internal.h"

/* Operand kinds (a bit each): registers by width and float-ness, predicates, immediates. */
enum {
    K_R8 = 1u << 0,
    K_R16 = 1u << 1,
    K_I32 = 1u << 2, /* .b32 .u32 .s32 (and packed 32-bit) registers */
    K_F32 = 1u << 3,
    K_I64 = 1u << 4,
    K_F64 = 1u << 5,
    K_PRED = 1u << 6,
    K_NOTP = 1u << 7,   /* !%p */
    K_IMM = 1u << 8,    /* integer immediate */
    K_NOTIMM = 1u << 9, /* !1 */
    K_FIMM = 1u << 10,  /* floating-point immediate */
    K_SINK = 1u << 11,  /* _ */
    K_SREG = 1u << 12,
    K_OTHER = 1u << 13, /* addresses, vectors, symbols, labels */
};

unsigned ps_ctrl_op_kind(parser *p, const ps_operand *o);
/* The token for a diagnostic at operand o of the instruction whose mnemonic is mt. */
void ps_ctrl_at(const token *mt, const ps_operand *o, token *at);
/* Is o one of the kinds `allowed`? Else reports ptxas's "Arguments mismatch" at o. */
bool ps_ctrl_want(parser *p, const token *mt, const char *name, const ps_operand *o, unsigned allowed);

/* validate_call.c: call against its callee's or prototype's header; labels of .branchtargets */
bool ps_ctrl_check_call(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);
bool ps_ctrl_label_is_branchtargets(parser *p, int label);

/* validate_video.c: the video instructions' qualifiers (types, the modifiers some need, vmad's
 * negations), which ptxas judges before the operands, and their selectors after the shape */
void ps_check_video_quals(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);
void ps_check_video(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* validate_words.c: the qualifiers of the forms forms.def spells "*" (bulk copies, textures,
 * surfaces, cache policies, multimem, tensormap, ...), group by group as ptxas reads them */
void ps_check_words(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* validate_tensor.c */
void ps_check_tensor(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

#endif
