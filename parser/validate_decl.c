/* validate_decl.c — the rules of directives and declarations that ptxas checks: the module header,
 * variables (state spaces, alignment, vectors, arrays, initialisers, linkage), functions and their
 * parameters (validate.h). The campaign's families header, decl and func (scripts/ptxas_diff) are
 * their judge; messages follow ptxas's wording. */
#include <stdio.h>

#include "validate.h"

/* ---- the module header ---------------------------------------------------- */

/* ptxas's header grammar: `.version`, then one or more `.target`, then an optional
 * `.address_size`, then the body, where none of the three may appear again. A module that strays
 * from it gets a fatal error and nothing after it is read. */
enum { H_START, H_VERSION, H_TARGET, H_BODY };

static void fatal_at(parser *p, const token *t, const char *msg) {
    p->failed_stmt = false;
    error_at(p, t, "%s", msg);
    p->fatal = true;
}

bool ps_decl_header(parser *p) {
    token *t = peek(p);
    bool version = tok_is(t, ".version"), target = tok_is(t, ".target"),
         asize = tok_is(t, ".address_size");
    switch (p->header) {
    case H_START:
        if (version) {
            p->header = H_VERSION;
            return true;
        }
        if (target) { /* ptxas reads ".target sm_XX" as one word and stops after it */
            next(p);
            while (peek(p)->kind == TOK_IDENT || is_punct(peek(p), ',')) next(p);
            t = peek(p);
        }
        fatal_at(p, t, "Missing .version directive at start of file (a module begins with "
                       "'.version 8.0', '.target sm_80', '.address_size 64', each on a line of its "
                       "own, with the target of your GPU)");
        return false;
    case H_VERSION:
        if (!target) {
            fatal_at(p, t, "Missing .target directive at start of file");
            return false;
        }
        p->header = H_TARGET;
        return true;
    case H_TARGET:
        if (target) return true; /* a later .target replaces the earlier one */
        p->header = H_BODY;
        if (!version) return true; /* .address_size, or the body */
        /* fall through */
    default:
        if (version || target || asize) {
            char msg[160];
            snprintf(msg, sizeof msg, "Parsing error near '%.*s': syntax error (the module header "
                                      "comes first, once)", t->len, t->text);
            fatal_at(p, t, msg);
            return false;
        }
        return true;
    }
}

/* The PTX ISA versions ptxas 13 knows. */
static bool known_version(int major, int minor) {
    static const char last_minor[] = {-1, 5, 3, 2, 3, 1, 5, 8, 8, 0}; /* by major; -1: none */
    return major >= 1 && major <= 9 && minor >= 0 && minor <= last_minor[major];
}

/* ".version 7.8": ptxas reads the number as part of the directive's word, so it must follow on
 * the same line with nothing but blanks between; "08.0" and "8.00" are 8.0, "7.80" is 7.80. */
void ps_decl_version(parser *p, const token *d) {
    token *t = peek(p);
    token num = *t;
    const char *gap = d->text + d->len;
    bool adjacent = t->line == d->line && t->text > gap;
    for (const char *c = gap; adjacent && c < t->text; c++)
        if (*c != ' ' && *c != '\t') adjacent = false;
    int major = 0, minor = 0, n = 0;
    char digits[32];
    snprintf(digits, sizeof digits, "%.*s", t->len < 31 ? t->len : 31, t->text);
    if (!adjacent || t->kind != TOK_F64 || sscanf(digits, "%d.%d%n", &major, &minor, &n) != 2 ||
        n != t->len || digits[0] == '.') {
        fatal_at(p, d, "Missing .version directive at start of file (expected '.version "
                       "MAJOR.MINOR', e.g. '.version 8.0', on one line)");
        return;
    }
    next(p);
    if (!known_version(major, minor)) { /* "7.80" is minor 80 */
        char msg[120];
        snprintf(msg, sizeof msg, "Unsupported .version %.*s; current version is '9.0'", num.len,
                 num.text);
        fatal_at(p, &num, msg);
        return;
    }
    p->m->version = major * 10 + minor;
}

/* ".target sm_XX" with a .version too old for it: ptxas reports it after the module's other
 * errors (a syntax error further down hides it), so it is kept until ps_decl_finish. */
void ps_decl_target_version(parser *p, const token *t) {
    if (p->target_unsupported) return;
    p->target_unsupported = true;
    p->target_tok = *t;
}

/* ".address_size N" (the token after the directive). */
void ps_decl_address_size(parser *p, const token *d, int64_t v) {
    if (v != 32 && v != 64) {
        error_at(p, &p->tok, ".address_size must be 32 or 64");
        return;
    }
    if (p->m->version && p->m->version < 23) {
        error_at(p, d, "Feature '.address_size directive' requires PTX ISA .version 2.3 or later");
        return;
    }
    if (v == 32)
        error_at(p, &p->tok, "32-bit compilation is no longer supported (ptxas 13 refuses "
                             ".address_size 32)");
}

/* What ptxas reports at the end of the module (at its end-of-file token `eof`). */
void ps_decl_finish(parser *p, const token *eof, int errors_before) {
    if (!p->fatal && p->header < H_TARGET)
        fatal_at(p, eof, p->header == H_START ? "Missing .version directive at start of file"
                                              : "Missing .target directive at start of file");
    /* only when nothing else is wrong: ptxas reports it last, and not at all after a syntax error */
    if (p->target_unsupported && !p->fatal && p->diags->errors == errors_before) {
        p->failed_stmt = false;
        error_at(p, &p->target_tok, "PTX .version %d.%d does not support .target %.*s (it needs "
                 "PTX ISA .version %d.%d or later)", p->m->version / 10, p->m->version % 10,
                 p->target_tok.len, p->target_tok.text, p->m->arch ? p->m->arch->min_ptx / 10 : 0,
                 p->m->arch ? p->m->arch->min_ptx % 10 : 0);
    }
}

/* ---- directives ----------------------------------------------------------- */

/* `.pragma "..."` (PTX ISA 11.3): scope is 0 at module scope, 1 between a function's header and
 * its body, 2 in a body. ptxas knows "nounroll" everywhere; the other pragmas it knows are for
 * function bodies and need a PTX ISA version; an unknown pragma is an error at module scope (and
 * ignored with a warning in a function). */
void ps_decl_pragma(parser *p, const token *s, int scope) {
    static const struct {
        const char *name;
        int version;
    } known[] = {{"enable_smem_spilling", 87}, {"used_bytes_mask", 83}, {"frequency", 90}};
    if (s->kind != TOK_STRING) {
        char b[64];
        error_at(p, s, "expected a string after .pragma, found %s", tok_desc(s, b, sizeof b));
        return;
    }
    if (s->len == 8 && memcmp(s->text, "nounroll", 8) == 0) return;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t n = strlen(known[i].name);
        if ((size_t)s->len < n || memcmp(s->text, known[i].name, n) != 0 ||
            ((size_t)s->len > n && s->text[n] != ' '))
            continue;
        if (scope < 2)
            error_at(p, s, "Pragma '%.*s' is allowed only within function scope", s->len, s->text);
        else if (p->m->version < known[i].version)
            error_at(p, s, "Feature '%s' requires PTX ISA .version %d.%d or later", known[i].name,
                     known[i].version / 10, known[i].version % 10);
        return;
    }
    if (scope == 0 && !(s->len == 9 && memcmp(s->text, "coroutine", 9) == 0))
        error_at(p, s, "Pragma '%.*s' not supported", s->len, s->text);
}

/* A syntax error at t, as ptxas reports one (fatal: it reads no further). */
static void syntax_error(parser *p, const token *t, const char *what) {
    char b[64], msg[200];
    snprintf(msg, sizeof msg, "Parsing error near %s: syntax error (%s)", tok_desc(t, b, sizeof b),
             what);
    fatal_at(p, t, msg);
}

/* Reads a non-negative integer literal (no sign: ptxas's .file and .loc take none). */
static bool plain_int(parser *p, const char *what, int64_t *v) {
    token t = next(p);
    if (t.kind != TOK_INT || t.u > INT32_MAX) {
        syntax_error(p, &t, what);
        return false;
    }
    *v = (int64_t)t.u;
    return true;
}

/* `.file N "name" [, timestamp [, size]]` (no ';'); an index given twice is an error ptxas
 * reports at the next token. */
void ps_decl_file(parser *p) {
    int64_t idx;
    if (!plain_int(p, ".file takes an index, then a file name in quotes", &idx)) return;
    token s = next(p);
    if (s.kind != TOK_STRING) {
        syntax_error(p, &s, ".file takes an index, then a file name in quotes");
        return;
    }
    for (int i = 0; i < 2 && is_punct(peek(p), ','); i++) {
        int64_t v;
        next(p);
        if (!plain_int(p, "expected a number after ',' in .file", &v)) return;
    }
    token *after = peek(p);
    if (after->kind != TOK_DIRECTIVE && after->kind != TOK_EOF) {
        syntax_error(p, after, ".file ends at its file name, timestamp and size, without ';'");
        return;
    }
    if (idx < p->m->nfiles && p->m->files[idx]) {
        error_at(p, after, "Duplicate file index #%lld (at the .file before this line)", (long long)idx);
        return;
    }
    if (idx >= PS_MAX_FILE_INDEX) { /* the table is indexed by it: `.file 2000000000` was 16 GB */
        error_at(p, &s, ".file index %lld is past ptxsim's limit of %d (docs/limits.md)", (long long)idx,
                 PS_MAX_FILE_INDEX - 1);
        return;
    }
    if (idx >= p->m->nfiles) { /* the table grows geometrically: a copy per .file was quadratic */
        int n = (int)idx + 1, cap = p->m->nfiles ? 2 * p->m->nfiles : 8;
        if (cap < n) cap = n;
        if (cap > PS_MAX_FILE_INDEX) cap = PS_MAX_FILE_INDEX;
        if (!p->m->files || n > p->cap_files) {
            const char **f = ps_arena_alloc(&p->m->arena, sizeof(char *) * (size_t)cap);
            memset(f, 0, sizeof(char *) * (size_t)cap);
            if (p->m->nfiles) memcpy(f, p->m->files, sizeof(char *) * (size_t)p->m->nfiles);
            p->m->files = f;
            p->cap_files = cap;
        }
        p->m->nfiles = n;
    }
    p->m->files[idx] = tok_str(p, &s);
}

/* Looks up (or adds) a .loc position; a full table answers yes (no false error). */
static bool loc_seen(parser *p, uint64_t key, bool add) {
    const size_t n = sizeof p->loc_seen / sizeof p->loc_seen[0];
    key++;
    for (size_t i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 52) % n, k = 0; k < n; i = (i + 1) % n, k++) {
        if (p->loc_seen[i] == key) return true;
        if (!p->loc_seen[i]) {
            if (add) p->loc_seen[i] = key;
            return add;
        }
    }
    return true;
}

/* `.loc F L C [, function_name LABEL[+N], inlined_at F L C]` in a body (no ';'); inlined_at
 * names a position an earlier .loc gave. */
void ps_decl_loc(parser *p) {
    int64_t f, l, c;
    const char *why = ".loc takes a file index, a line and a column";
    if (!plain_int(p, why, &f) || !plain_int(p, why, &l) || !plain_int(p, why, &c)) return;
    p->loc_file = (int)f;
    p->loc_line = (int)l;
    if (is_punct(peek(p), ',')) {
        next(p);
        token k = next(p);
        if (!tok_is(&k, "function_name")) {
            syntax_error(p, &k, "after .loc's position comes ', function_name LABEL, inlined_at F L C'");
            return;
        }
        token lab = next(p);
        if (lab.kind != TOK_IDENT) {
            syntax_error(p, &lab, "function_name takes a label");
            return;
        }
        if (is_punct(peek(p), '+')) {
            int64_t d;
            next(p);
            if (!plain_int(p, "function_name LABEL+N takes a number", &d)) return;
        }
        token comma = next(p), in = next(p);
        if (!is_punct(&comma, ',') || !tok_is(&in, "inlined_at")) {
            syntax_error(p, is_punct(&comma, ',') ? &in : &comma,
                         "function_name is followed by ', inlined_at F L C'");
            return;
        }
        int64_t a, b, cc;
        token at = in;
        if (!plain_int(p, why, &a) || !plain_int(p, why, &b) || !plain_int(p, why, &cc)) return;
        if (!loc_seen(p, (uint64_t)a << 42 | (uint64_t)b << 21 | (uint64_t)cc, false))
            error_at(p, &at, "Source location %lld %lld %lld used in inlined_at directive must be "
                     "used in a preceding .loc directive", (long long)a, (long long)b, (long long)cc);
    }
    loc_seen(p, (uint64_t)f << 42 | (uint64_t)l << 21 | (uint64_t)c, true);
    token *after = peek(p);
    if (is_punct(after, ';')) syntax_error(p, after, ".loc ends without ';'");
}

/* `.section .name { ... }` (debug information): the name is one directive word ("nv.foo" is not),
 * then a braced block, which must close. */
void ps_decl_section(parser *p) {
    token name = next(p);
    if (name.kind != TOK_DIRECTIVE) {
        syntax_error(p, &name, ".section takes a name like .debug_info");
        return;
    }
    token *t = peek(p);
    if (!is_punct(t, '{')) {
        syntax_error(p, t, ".section's name is followed by '{'");
        return;
    }
    int depth = 0;
    bool operand = false; /* after .bN or ',': a label or another section's name may follow */
    for (;;) {
        token u = next(p);
        bool was_operand = operand;
        operand = is_punct(&u, ',') || is_punct(&u, '+') || tok_is(&u, ".b8") || tok_is(&u, ".b16") ||
                  tok_is(&u, ".b32") || tok_is(&u, ".b64");
        if (u.kind == TOK_EOF) {
            syntax_error(p, &u, "the .section's '{' is not closed");
            return;
        }
        if (is_punct(&u, '{')) depth++;
        if (is_punct(&u, '}') && --depth <= 0) return;
        /* data directives (.b8 .b16 .b32 .b64) with numbers, labels and label arithmetic */
        if (u.kind == TOK_DIRECTIVE && !operand && !was_operand) {
            syntax_error(p, &u, "a .section holds .b8/.b16/.b32/.b64 data and labels");
            return;
        }
    }
}

/* ---- variables ------------------------------------------------------------ */

/* A declaration's type and vector prefix (tokens ty and vt, vt NULL without one), in space sp
 * (is_reg for .reg); fn_param: a .param declared in a function body. */
bool ps_decl_type(parser *p, const token *ty, ps_type type, const token *vt, int vec, ps_space sp,
                  bool is_reg, bool fn_param) {
    /* types ptxas's declaration grammar does not have at all */
    static const char *const no_decl[] = {".bf16", ".bf16x2", ".tf32", ".s4", ".u4", ".b1", ".s2",
                                          ".u2"};
    for (size_t i = 0; i < sizeof no_decl / sizeof no_decl[0]; i++)
        if (tok_is(ty, no_decl[i])) {
            syntax_error(p, ty, "variables cannot have this type; declare them .b16/.b32");
            return false;
        }
    if (vt && vec != 2 && vec != 4) {
        syntax_error(p, vt, "vectors are .v2 or .v4");
        return false;
    }
    ps_type_kind k = ps_type_kind_of(type);
    bool basic = (k != TK_PACKED || type == PS_T_F16X2) && type != PS_T_E4M3 && type != PS_T_E5M2;
    if (!basic) {
        if (vt) error_at(p, vt, "Vector type only allowed over basic types");
        else error_at(p, ty, "Type .%s may only be used as an instruction type", ps_type_name(type));
        return false;
    }
    if (type == PS_T_PRED && vt) {
        error_at(p, vt, "Predicate type can only be used to define scalar register variables");
        return false;
    }
    if (type == PS_T_B128 && p->m->version < 83) {
        error_at(p, ty, "Feature 'Type .b128' requires PTX ISA .version 8.3 or later");
        return false;
    }
    if (ps_type_size(type) * vec > 16) {
        error_at(p, vt ? vt : ty, "Vector type too large, exceeds 128 bit limit");
        return false;
    }
    if (type == PS_T_F16X2 && p->m->arch && p->m->arch->sm < 53) {
        error_at(p, ty, "Feature '.f16x2 packed data-type' requires .target sm_53 or higher");
        return false;
    }
    (void)sp;
    (void)is_reg;
    (void)fn_param;
    return true;
}

/* One variable (not a register) once its name, dimensions and initialiser are read: where each
 * kind may live. module: declared at module scope; has_init: '=' followed. */
bool ps_decl_var(parser *p, const token *name, const ps_var *v, bool module, bool has_init,
                 bool fn_param) {
    if (memchr(name->text, '.', (size_t)name->len)) {
        token at = *name;
        const char *dot = memchr(name->text, '.', (size_t)name->len);
        at.col += (int)(dot - name->text);
        at.text = dot;
        at.len = name->len - (int)(dot - name->text);
        syntax_error(p, &at, "a name has no '.'");
        return false;
    }
    if (v->space == PS_SPACE_TEX && p->m->version >= 15) {
        error_at(p, name, "Deprecated feature: '.tex' not supported as of PTX version 1.5 (declare "
                          "a .global .texref)");
        return false;
    }
    if (v->type == PS_T_PRED) {
        error_at(p, name, "Predicate variable '%s' must be in register state space", v->name);
        return false;
    }
    if (module && v->space == PS_SPACE_LOCAL) {
        error_at(p, name, "Module-scoped variables in .local state space are not allowed with ABI");
        return false;
    }
    if (v->is_common && v->space != PS_SPACE_GLOBAL) {
        error_at(p, name, ".common variables must be declared in .global space");
        return false;
    }
    if (fn_param && (v->vec > 1 || v->type == PS_T_F16X2)) {
        error_at(p, name, "Variable '%s' cannot be allocated in .param state space", v->name);
        return false;
    }
    if (has_init) {
        if (v->is_extern) {
            error_at(p, name, "No initial value is allowed for external symbol '%s'", v->name);
            return false;
        }
        if (v->space != PS_SPACE_GLOBAL && v->space != PS_SPACE_CONST) {
            error_at(p, name, "No initial value is allowed for '%s' in this state space", v->name);
            return false;
        }
        if (v->type == PS_T_F16 || v->type == PS_T_F16X2) {
            error_at(p, name, "No initial value is allowed for .%s type", ps_type_name(v->type));
            return false;
        }
    } else if (!v->is_extern && v->is_array && v->size == 0 && v->space != PS_SPACE_SHARED) {
        error_at(p, name, "Non-external variable '%s' has incomplete type", v->name);
        return false;
    }
    return true;
}

/* One scalar of an initialiser: what = 0 an integer, 1 a floating-point literal, 2 an address. */
bool ps_decl_init_value(parser *p, const token *at, const ps_var *v, int what) {
    ps_type_kind k = ps_type_kind_of(v->type);
    bool ok = what == 2 ? (v->type == PS_T_U32 || v->type == PS_T_U64)
                        : (what == 1) == (k == TK_FLOAT);
    if (!ok) {
        p->failed_stmt = false;
        fatal_at(p, at, what == 2 ? "Initial value type mismatch (an address initialises a .u32 or "
                                    ".u64 variable)"
                                  : "Initial value type mismatch (an integer variable takes integer "
                                    "values, a floating-point one floating-point literals)");
        return false;
    }
    return true;
}
