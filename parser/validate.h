/* validate.h — the checks of an instruction's operands that ptxas makes and the grammar does not:
 * operand and register types, immediates, and the rules of each family (validate.c dispatches to
 * one file per area). Internal to the parser; the campaign in scripts/ptxas_diff is their judge. */
#ifndef PTXSIM_VALIDATE_H
#define PTXSIM_VALIDATE_H

#include "parser_internal.h"

/* Checks instruction `in` (mnemonic token mt) with its nops operands, after their state spaces
 * (check_spaces); reports the first problem with error_at (p->failed_stmt is then set). */
void ps_validate_operands(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* The checks of one area; each reports with error_at and returns at its first problem. */

/* ---- types: validate_types.c ---- */
/* operand and register types: which register and immediate types each instruction type takes (relaxed type checking as ptxas applies it), immediates' notation and range. */
void ps_check_types(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);
/* The number of type suffixes a shaped row's instructions take (forms.def: 1 with T, A, W or V,
 * 2 with Q, 3 with R), -1 where the shape does not say (or the row has none). */
int ps_shape_type_count(const ps_form_info *f);
/* cvt between the integers, .f16, .f32, .f64 and .bf16 (a row without a shape): its two
 * registers' types and kinds, as ptxas checks them (after the modifiers: ps_check_ctrl). */
void ps_check_cvt_regs(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* ---- mods: validate_mods.c ---- */
/* modifier combinations of the arithmetic families (float, half, cvt): rounding, .ftz, .sat, .approx/.full, .relu, .nan, .xorsign, and which types take them. */
void ps_check_mods(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* ---- mem: validate_mem.c ---- */
/* ld, ldu, st, atom and red: their qualifiers (types, vectors, memory order, cache operators,
 * spaces), which ptxas judges before the operands; ps_check_mem has the rest. */
void ps_check_mem_quals(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);
/* memory instructions (ld, st, atom, red, cp.async, fences, barriers on memory): state spaces of symbols and addresses, vector widths, cache and ordering qualifiers. */
void ps_check_mem(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* ---- ctrl: validate_ctrl.c ---- */
/* the qualifiers ptxas judges before the operands (and so before their shapes) of bar, barrier
 * and the video instructions: types, the modifiers some need, their order. */
void ps_check_ctrl_quals(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);
/* control flow and warp-level instructions (bra, call, ret, exit, brx.idx, bar, shfl, vote, match, redux, activemask), special registers, video and tensor-core operand rules. */
void ps_check_ctrl(parser *p, const ps_insn *in, const token *mt, const ps_operand *ops, int nops);

/* ---- decl: validate_decl.c ---- */
/* A fatal error (ptxas stops reading the module there): message msg at t. */
void ps_decl_fatal(parser *p, const token *t, const char *msg);
/* Directives and declarations: the module header, variables, functions and their parameters. */
/* Before each module-scope statement: the header's order (.version, .target..., [.address_size],
 * then none of them again); false after a fatal error (p->fatal: parsing stops). */
bool ps_decl_header(parser *p);
/* After ".version" (token d): the number, known to ptxas 13; sets p->m->version. */
void ps_decl_version(parser *p, const token *d);
/* A .target the module's .version does not support (reported by ps_decl_finish). */
void ps_decl_target_version(parser *p, const token *t);
/* ".address_size" (token d) with value v (the value's token is p->tok). */
void ps_decl_address_size(parser *p, const token *d, int64_t v);
/* `.pragma` string s at module scope (0), after a function header (1) or in a body (2). */
void ps_decl_pragma(parser *p, const token *s, int scope);
/* `.file`, `.loc` (in a body) and `.section`, after their directive. */
void ps_decl_file(parser *p);
void ps_decl_loc(parser *p);
void ps_decl_section(parser *p);
/* A declaration's type ty (vt: its vector token or NULL) in space sp (is_reg: .reg; fn_param: a
 * .param in a function body); false after reporting. */
bool ps_decl_type(parser *p, const token *ty, ps_type type, const token *vt, int vec, ps_space sp, bool is_reg,
                  bool fn_param);
/* A variable v named `name`, its dimensions read; module: at module scope; has_init: '=' follows. */
bool ps_decl_var(parser *p, const token *name, const ps_var *v, bool module, bool has_init, bool fn_param);
/* v's initialiser starts at `at`, with braces or not. */
bool ps_decl_init_shape(parser *p, const token *at, const ps_var *v, bool braces);
/* A scalar of v's initialiser at `at`: what = 0 integer, 1 floating-point literal, 2 address. */
bool ps_decl_init_value(parser *p, const token *at, const ps_var *v, int what);
/* v declared again (old: the earlier variable of that name in the scope): 0 error, 1 v adds
 * nothing, 2 v defines the .extern old. */
int ps_decl_redeclare(parser *p, const token *name, const ps_var *old, const ps_var *v);
/* A performance directive d of function header fn (.maxntid ... .noreturn): values, place, version
 * and target; fills fn. false after an error. */
bool ps_decl_perf(parser *p, const token *d, ps_func *fn, bool is_entry);
/* Function header fn's parameter lists (at: its name). */
bool ps_decl_func_header(parser *p, const ps_func *fn, bool is_entry, const token *at);
/* fn's closing brace `end` has been read (was_extern: a header of it said .extern). */
void ps_decl_func_end(parser *p, const ps_func *fn, const token *end, bool was_extern);
/* Function header tmp declares again fn (at: the token after the header). */
bool ps_decl_func_again(parser *p, const ps_func *fn, const ps_func *tmp, bool is_def, const token *at);
/* A call instruction (mnemonic mt, operands ops): arguments and results against the callee's header. */
void ps_decl_call(parser *p, const token *mt, const ps_operand *ops, int nops);
/* At the end of the module (eof: the end-of-file token): what ptxas reports last. */
void ps_decl_finish(parser *p, const token *eof, int errors_before);

#endif
