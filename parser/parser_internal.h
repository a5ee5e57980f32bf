/* parser_internal.h — the parser's state, symbols and token helpers, shared by the files of
 * the parser module (parser.c, constexpr.c, operand.c). Not part of the public API. */
#ifndef PTXSIM_PARSER_INTERNAL_H
#define PTXSIM_PARSER_INTERNAL_H

#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "lexer.h"
#include "ptx_parser.h"

typedef enum { SYM_REG, SYM_VAR, SYM_FUNC, SYM_LABEL, SYM_VREG /* vector register */ } sym_kind;

typedef struct sym {
    const char *name;
    sym_kind kind;
    int index; /* reg or label index; SYM_VREG: its first element register */
    int count; /* SYM_VREG: elements (2 or 4) */
    ps_var *var;
    ps_func *func;
    UT_hash_handle hh;
} sym;

#define MAX_SCOPES 64

typedef struct reg_range reg_range;
struct reg_range {
    const char *prefix; /* "%r" */
    int plen;
    int base, count; /* %r0 is register `base` of the function, %r<count-1> the last */
    reg_range *next; /* a scope has a handful: a list beats hashing */
};

/* Memo of the work done on an instruction's mnemonic token ("ld.global.nc.v4.f32"): splitting,
 * form selection, modifier and target checks. Most statements repeat a few hundred spellings,
 * so each spelling is worked out once per module. Only spellings that passed every check are
 * stored; the cache is emptied when .version or .target changes. */
typedef struct {
    const char *text; /* arena copy, shared as ps_insn.text */
    int len;
    uint32_t hash;
    const ps_form_info *info;
    ps_type types[4]; /* as ps_insn.types */
    int ntypes;
    ps_modset mods;
    int vec, shape_m, shape_n, shape_k, xnum;
    const ps_word *words; /* arena copy, shared as ps_insn.words */
    int nwords;
} mn_entry;

struct mn_cache {
    mn_entry *slots; /* open addressing, power-of-two size */
    int cap, n;
};

typedef struct {
    lexer lx;
    token tok;
    token la[2]; /* lookahead */
    int nla;
    ps_module *m;
    ps_diags *diags;
    const ps_parse_options *opt;
    sym *scopes[MAX_SCOPES];
    int nscopes, scope_overflow;
    /* ".reg .b32 %r<N>" is kept as one range per scope instead of N symbols (nvcc declares
     * thousands of registers per kernel: a symbol each cost a quarter of the parse time). */
    reg_range *ranges[MAX_SCOPES];
    sym range_hit;          /* what lookup() returns for a register of a range */
    struct mn_cache mn;     /* mnemonic token → validated form (see parse_instruction) */
    ps_insn *scratch_insns; /* instructions of the function being parsed */
    int cap_scratch_insns;
    ps_func *fn; /* function being parsed */
    /* Labels have block scope: each open block of fn has the labels it defines, and the names it
     * used before a definition in reach (placeholders, resolved when a definition comes in the
     * block or an enclosing one; label_fwd maps a placeholder merged into another to it). */
    sym *label_defs[MAX_SCOPES], *label_pending[MAX_SCOPES];
    int label_base; /* the scope of fn's body */
    int *label_fwd; /* by label index: the label it is, or -1 */
    int cap_label_fwd;
    int loc_file, loc_line;
    bool failed_stmt;  /* an error was reported in the current statement */
    bool seen_section; /* a .section (debug information, for .target debug) */
    token debug_tok;   /* where .target named debug */
    /* validate_decl.c's state: how far the module header has come (ps_decl_header), a fatal
     * error (ptxas stops at it: the rest of the module is skipped), and the .version/.target
     * mismatch, which ptxas reports after the module's other errors. */
    int header;
    bool fatal;
    uint64_t const_bytes; /* the module's .const variables, against ptxas's 64 KiB */
    bool target_unsupported;
    token target_tok;
    uint64_t loc_seen[4096]; /* .loc positions seen (a hash set; key+1, 0 = empty), for inlined_at */
    int cap_files;           /* entries allocated for ps_module.files */
} parser;

/* ---- tokens ------------------------------------------------------------- */

static inline token next(parser *p) {
    if (p->nla) {
        p->tok = p->la[0];
        p->la[0] = p->la[1];
        p->nla--;
    } else {
        p->tok = lex_next(&p->lx);
    }
    return p->tok;
}

static inline token *peek(parser *p) {
    if (!p->nla) p->la[p->nla++] = lex_next(&p->lx);
    return &p->la[0];
}

static inline token *peek2(parser *p) {
    while (p->nla < 2) p->la[p->nla++] = lex_next(&p->lx);
    return &p->la[1];
}

/* Puts the token just consumed back in front of the lookahead. */
static inline void unget(parser *p, token t) {
    if (p->nla == 2) abort(); /* never needed: callers unget right after next() */
    p->la[1] = p->la[0];
    p->la[0] = t;
    p->nla++;
}

static inline bool is_punct(const token *t, char c) { return t->kind == TOK_PUNCT && t->c == c; }
static inline bool tok_is(const token *t, const char *s) {
    return (int)strlen(s) == t->len && memcmp(t->text, s, (size_t)t->len) == 0;
}

/* Shared helpers of parser.c; the macros keep their short names in the code while the linker
 * sees prefixed symbols. */
#define error_at     ps_p_error_at
#define tok_desc     ps_p_tok_desc
#define expect_punct ps_p_expect_punct
#define tok_str      ps_p_tok_str
#define lookup       ps_p_lookup
#define parse_int    ps_p_parse_int

/* Reports an error at t (once per statement: later calls are ignored until the next one). */
void error_at(parser *p, const token *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *tok_desc(const token *t, char *buf, size_t n);
bool expect_punct(parser *p, char c);
char *tok_str(parser *p, const token *t);
sym *lookup(parser *p, const char *s, size_t n);
bool parse_int(parser *p, int64_t *out);

/* .file indices index a table (ps_module.files): this bounds it (docs/limits.md). */
#define PS_MAX_FILE_INDEX (1 << 20)

#endif
