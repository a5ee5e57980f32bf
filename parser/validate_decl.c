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

void ps_decl_fatal(parser *p, const token *t, const char *msg) { fatal_at(p, t, msg); }

bool ps_decl_header(parser *p) {
    token *t = peek(p);
    bool version = tok_is(t, ".version"), target = tok_is(t, ".target"), asize = tok_is(t, ".address_size");
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
        fatal_at(p, t,
                 "Missing .version directive at start of file (a module begins with "
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
            snprintf(msg, sizeof msg,
                     "Parsing error near '%.*s': syntax error (the module header "
                     "comes first, once)",
                     t->len, t->text);
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
    if (!adjacent || t->kind != TOK_F64 || sscanf(digits, "%d.%d%n", &major, &minor, &n) != 2 || n != t->len ||
        digits[0] == '.') {
        fatal_at(p, d,
                 "Missing .version directive at start of file (expected '.version "
                 "MAJOR.MINOR', e.g. '.version 8.0', on one line)");
        return;
    }
    next(p);
    if (!known_version(major, minor)) { /* "7.80" is minor 80 */
        char msg[120];
        snprintf(msg, sizeof msg, "Unsupported .version %.*s; current version is '9.0'", num.len, num.text);
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
/* The module's .target needs a newer .version than it has (p->target_unsupported). */
static void target_mismatch(parser *p) {
    p->failed_stmt = false;
    error_at(p, &p->target_tok,
             "PTX .version %d.%d does not support .target %.*s (it needs "
             "PTX ISA .version %d.%d or later)",
             p->m->version / 10, p->m->version % 10, p->target_tok.len, p->target_tok.text,
             p->m->arch ? p->m->arch->min_ptx / 10 : 0, p->m->arch ? p->m->arch->min_ptx % 10 : 0);
}

void ps_decl_address_size(parser *p, const token *d, int64_t v) {
    if (v != 32 && v != 64) {
        error_at(p, &p->tok, ".address_size must be 32 or 64");
        return;
    }
    if (p->m->version && p->m->version < 23) {
        error_at(p, d, "Feature '.address_size directive' requires PTX ISA .version 2.3 or later");
        return;
    }
    if (v == 32 && p->target_unsupported) { /* ptxas stops at the mismatch first */
        target_mismatch(p);
        p->fatal = true;
    } else if (v == 32)
        error_at(p, &p->tok,
                 "32-bit compilation is no longer supported (ptxas 13 refuses "
                 ".address_size 32)");
}

/* What ptxas reports at the end of the module (at its end-of-file token `eof`). */
void ps_decl_finish(parser *p, const token *eof, int errors_before) {
    if (!p->fatal && p->const_bytes > 0x10000) { /* ptxas names no line: the end of the module */
        p->failed_stmt = false;
        error_at(p, eof, "File uses too much global constant data (0x%llx bytes, 0x10000 max)",
                 (unsigned long long)p->const_bytes);
    }
    if (!p->fatal && p->header < H_TARGET)
        fatal_at(p, eof,
                 p->header == H_START ? "Missing .version directive at start of file"
                                      : "Missing .target directive at start of file");
    /* only when nothing else is wrong: ptxas reports it last, and not at all after a syntax error */
    if (p->target_unsupported && !p->fatal && p->diags->errors == errors_before) target_mismatch(p);
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
        if ((size_t)s->len < n || memcmp(s->text, known[i].name, n) != 0 || ((size_t)s->len > n && s->text[n] != ' '))
            continue;
        if (scope < 2) error_at(p, s, "Pragma '%.*s' is allowed only within function scope", s->len, s->text);
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
    snprintf(msg, sizeof msg, "Parsing error near %s: syntax error (%s)", tok_desc(t, b, sizeof b), what);
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
            syntax_error(p, is_punct(&comma, ',') ? &in : &comma, "function_name is followed by ', inlined_at F L C'");
            return;
        }
        int64_t a, b, cc;
        token at = in;
        if (!plain_int(p, why, &a) || !plain_int(p, why, &b) || !plain_int(p, why, &cc)) return;
        if (!loc_seen(p, (uint64_t)a << 42 | (uint64_t)b << 21 | (uint64_t)cc, false))
            error_at(p, &at,
                     "Source location %lld %lld %lld used in inlined_at directive must be "
                     "used in a preceding .loc directive",
                     (long long)a, (long long)b, (long long)cc);
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
        if (u.kind == TOK_IDENT && is_punct(peek(p), ':') && p->m->version < 70) {
            error_at(p, &u, "Feature 'Defining labels in .section' requires PTX ISA .version 7.0 or later");
        }
        /* data directives (.b8 .b16 .b32 .b64) with numbers, labels and label arithmetic */
        if (u.kind == TOK_DIRECTIVE && !operand && !was_operand) {
            syntax_error(p, &u, "a .section holds .b8/.b16/.b32/.b64 data and labels");
            return;
        }
    }
}

/* ---- variables ------------------------------------------------------------ */

/* A scalar .b128 (an array of them is bytes to ptxas, which takes it on any target). */
static bool b128_ok(parser *p, const token *at, ps_type type) {
    if (type != PS_T_B128) return true;
    if (p->m->version < 83) {
        error_at(p, at, "Feature 'Type .b128' requires PTX ISA .version 8.3 or later");
        return false;
    }
    if (p->m->arch && p->m->arch->sm < 70) {
        error_at(p, at, "Feature 'Type .b128' requires .target sm_70 or higher");
        return false;
    }
    return true;
}

/* A declaration's type and vector prefix (tokens ty and vt, vt NULL without one), in space sp
 * (is_reg for .reg); fn_param: a .param declared in a function body. */
bool ps_decl_type(parser *p, const token *ty, ps_type type, const token *vt, int vec, ps_space sp, bool is_reg,
                  bool fn_param) {
    /* types ptxas's declaration grammar does not have at all */
    static const char *const no_decl[] = {".bf16", ".bf16x2", ".tf32", ".s4", ".u4", ".b1", ".s2", ".u2"};
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
    if (!basic && vt) {
        error_at(p, vt, "Vector type only allowed over basic types");
        return false;
    }
    if (!basic && is_reg) {
        error_at(p, ty, "Type .%s may only be used as an instruction type", ps_type_name(type));
        return false;
    }
    if (type == PS_T_PRED && vt) {
        error_at(p, vt, "Predicate type can only be used to define scalar register variables");
        return false;
    }
    if (is_reg && !b128_ok(p, ty, type)) return false;
    if (ps_type_size(type) * vec > 16) {
        error_at(p, vt ? vt : ty, "Vector type too large, exceeds 128 bit limit");
        return false;
    }
    if (type == PS_T_F16X2 && !vt && p->m->arch && p->m->arch->sm < 53) { /* ptxas skips vectors */
        error_at(p, ty, "Feature '.f16x2 packed data-type' requires .target sm_53 or higher");
        return false;
    }
    (void)sp;
    (void)fn_param;
    return true;
}

/* One variable (not a register) once its name, dimensions and initialiser are read: where each
 * kind may live. module: declared at module scope; has_init: '=' followed. */
bool ps_decl_var(parser *p, const token *name, const ps_var *v, bool module, bool has_init, bool fn_param) {
    ps_type_kind k = ps_type_kind_of(v->type);
    bool basic = (k != TK_PACKED || v->type == PS_T_F16X2) && v->type != PS_T_E4M3 && v->type != PS_T_E5M2;
    if (!basic && !v->is_array) { /* arrays of them are bytes to ptxas */
        error_at(p, name, "Type .%s may only be used as an instruction type", ps_type_name(v->type));
        return false;
    }
    if (!v->is_array && !b128_ok(p, name, v->type)) return false;
    if (!basic && (!module || v->space != PS_SPACE_SHARED)) { /* ptxas 13 crashes on these */
        error_at(p, name,
                 "an array of .%s outside module-scope .shared: ptxas 13 crashes on it "
                 "(segmentation fault); declare it .b8",
                 ps_type_name(v->type));
        return false;
    }
    if (!basic && has_init) {
        fatal_at(p, name, "Initial value type mismatch (a .fp8 or packed variable has no initialiser)");
        return false;
    }
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
        error_at(p, name, "Deprecated feature: '.tex' not supported as of PTX version 1.5");
        return false;
    }
    if (v->type == PS_T_PRED) {
        error_at(p, name, "Predicate variable '%s' must be in register state space", v->name);
        return false;
    }
    if (v->space == PS_SPACE_CONST && !v->is_extern) p->const_bytes += v->size;
    if (module && v->space == PS_SPACE_LOCAL) {
        error_at(p, name, "Module-scoped variables in .local state space are not allowed with ABI");
        return false;
    }
    if (v->is_common && v->space != PS_SPACE_GLOBAL) {
        error_at(p, name, ".common variables must be declared in .global space");
        return false;
    }
    if (fn_param && !v->is_array && (v->vec > 1 || v->type == PS_T_F16X2)) {
        error_at(p, name, "Variable '%s' cannot be allocated in .param state space", v->name);
        return false;
    }
    if (v->space == PS_SPACE_SHARED && !module && p->fn && p->fn->is_entry) {
        uint64_t bytes = v->size;
        for (int i = 0; i < p->fn->nlocals; i++)
            if (p->fn->locals[i]->space == PS_SPACE_SHARED) bytes += p->fn->locals[i]->size;
        if (bytes > 0xc000) {
            error_at(p, name,
                     "Entry function '%s' uses too much shared data (0x%llx bytes, 0xc000 "
                     "max)",
                     p->fn->name, (unsigned long long)bytes);
            return false;
        }
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
    } else if (!v->is_extern && v->is_array && v->size == 0) {
        error_at(p, name, "Non-external variable '%s' has incomplete type", v->name);
        return false;
    }
    return true;
}

/* The shape of v's initialiser: braces for an array or a vector, none for a scalar (at: its first
 * token). */
bool ps_decl_init_shape(parser *p, const token *at, const ps_var *v, bool braces) {
    if (braces != (v->is_array || v->vec > 1)) {
        fatal_at(p, at,
                 braces ? "Initial value type mismatch (a scalar takes no braces)"
                        : "Initial value type mismatch (an array or vector is initialised "
                          "with braces)");
        return false;
    }
    return true;
}

/* One scalar of an initialiser: what = 0 an integer, 1 a floating-point literal, 2 an address. */
bool ps_decl_init_value(parser *p, const token *at, const ps_var *v, int what) {
    ps_type_kind k = ps_type_kind_of(v->type);
    /* a .bN variable takes either: a float literal's own bits, converted to f32 for .b32 and
     * cut to the low bytes for .b8/.b16, as ptxas stores them (literal_as) */
    bool ok = what == 2 ? (v->type == PS_T_U32 || v->type == PS_T_U64) : k == TK_BITS || (what == 1) == (k == TK_FLOAT);
    if (!ok) {
        p->failed_stmt = false;
        fatal_at(p, at,
                 what == 2 ? "Initial value type mismatch (an address initialises a .u32 or "
                             ".u64 variable)"
                           : "Initial value type mismatch (an integer variable takes integer "
                             "values, a floating-point one floating-point literals)");
        return false;
    }
    return true;
}

/* A variable v declared again under its name (old: the earlier one, in the same scope). Returns
 * 0 after an error, 1 when v adds nothing (an .extern of a variable already defined), 2 when v
 * defines what an .extern declared. ptxas: the shapes must agree ("Inconsistent redefinition"),
 * and an .extern is resolved only by a .visible, .weak or .common definition. */
int ps_decl_redeclare(parser *p, const token *name, const ps_var *old, const ps_var *v) {
    bool same = old->type == v->type && old->vec == v->vec && old->is_array == v->is_array &&
        (old->unsized || v->unsized || old->size == v->size);
    if (!old->is_extern && !v->is_extern) {
        error_at(p, name, "Duplicate definition of variable '%s'", v->name);
        return 0;
    }
    if (!same || old->space != v->space) {
        error_at(p, name, "Inconsistent redefinition of variable '%s'", v->name);
        return 0;
    }
    if (v->is_extern) return 1;
    if (!v->is_visible && !v->is_weak && !v->is_common) {
        error_at(p, name,
                 "'.extern' variable '%s' cannot be resolved by a '.static' (define it "
                 ".visible, .weak or .common)",
                 v->name);
        return 0;
    }
    return 2;
}

/* ---- functions ------------------------------------------------------------ */

/* A performance directive d after a function header (fn: the header being read): its values,
 * where it may stand, and the PTX ISA version and target it needs. false after an error. */
bool ps_decl_perf(parser *p, const token *d, ps_func *fn, bool is_entry) {
    static const struct {
        const char *name;
        int nvals, version, sm;
        bool entry_only, positive;
    } dirs[] = {
        {".maxntid", 3, 0, 0, true, true},
        {".reqntid", 3, 0, 0, true, true},
        {".minnctapersm", 1, 0, 0, true, true},
        {".maxnreg", 1, 0, 0, true, true},
        {".maxclusterrank", 1, 78, 90, true, false},
        {".reqnctapercluster", 3, 78, 90, true, false},
        {".explicitcluster", 0, 78, 90, true, false},
        {".blocksareclusters", 0, 90, 90, true, false},
        {".noreturn", 0, 64, 0, false, false},
        {".maxnctapersm", 1, 0, 0, true, false},
    };
    size_t i = 0;
    while (i < sizeof dirs / sizeof dirs[0] && !tok_is(d, dirs[i].name)) i++;
    if (i == sizeof dirs / sizeof dirs[0]) {
        syntax_error(p, d, "not a directive of a function header");
        return false;
    }
    if (dirs[i].entry_only != is_entry) {
        syntax_error(p, d, is_entry ? ".noreturn is for .func" : "a .func takes only .noreturn");
        return false;
    }
    int vals[3] = {0, 0, 0}, n = 0;
    token last = *d;
    for (; n < dirs[i].nvals; n++) {
        token v = next(p);
        if (v.kind != TOK_INT || v.u > INT32_MAX) {
            syntax_error(p, &v, "expected a positive number");
            return false;
        }
        vals[n] = (int)v.u;
        last = v;
        if (n + 1 < dirs[i].nvals) {
            last = *peek(p); /* ptxas reports at the token it looked at */
            if (!is_punct(peek(p), ',')) {
                n++;
                break;
            }
            next(p);
        }
    }
    if (tok_is(d, ".maxnctapersm")) {
        error_at(p, d,
                 "Deprecated feature: '.maxnctapersm directive' not supported as of PTX "
                 "version 2.1");
        return false;
    }
    if (dirs[i].version && p->m->version < dirs[i].version) {
        error_at(p, dirs[i].nvals == 3 ? &last : d, "Feature '%s' requires PTX ISA .version %d.%d or later",
                 dirs[i].name, dirs[i].version / 10, dirs[i].version % 10);
        return false;
    }
    if (dirs[i].sm && p->m->arch && p->m->arch->sm < dirs[i].sm) {
        error_at(p, dirs[i].nvals == 3 ? &last : d, "Feature '%s' requires .target sm_%d or higher", dirs[i].name,
                 dirs[i].sm);
        return false;
    }
    for (int k = 0; dirs[i].positive && k < n; k++)
        if (vals[k] == 0) {
            error_at(p, dirs[i].nvals == 3 ? &last : d, "Positive non-zero value expected for %s", dirs[i].name + 1);
            return false;
        }
    if (tok_is(d, ".blocksareclusters")) {
        error_at(p, d, "ptxsim does not model .blocksareclusters (a grid counted in clusters)");
        return false;
    }
    int *dst = tok_is(d, ".maxntid")      ? fn->maxntid
        : tok_is(d, ".reqntid")           ? fn->reqntid
        : tok_is(d, ".reqnctapercluster") ? fn->reqnctapercluster
        : tok_is(d, ".minnctapersm")      ? &fn->minnctapersm
        : tok_is(d, ".maxnreg")           ? &fn->maxnreg
        : tok_is(d, ".maxclusterrank")    ? &fn->maxclusterrank
                                          : NULL;
    if (dst) {
        for (int k = 0; k < n; k++) dst[k] = vals[k];
    }
    if (tok_is(d, ".noreturn")) fn->noreturn = true;
    if (tok_is(d, ".explicitcluster")) fn->explicitcluster = true;
    return true;
}

/* At a function's closing brace `end`. */
static uint64_t param_bytes(const ps_func *fn);

void ps_decl_func_end(parser *p, const ps_func *fn, const token *end, bool was_extern) {
    if (was_extern) {
        p->failed_stmt = false;
        error_at(p, end, "Function definition conflicts with '.extern' declaration for function '%s'", fn->name);
        return;
    }
    /* PTX ISA 8.1 raised the limit from 4352 bytes to 32764 */
    uint64_t max = p->m->version >= 81 ? 0x7ffc : 0x1100, bytes = param_bytes(fn);
    if (fn->is_entry && bytes > 0x1100 && max > 0x1100 && p->m->arch && p->m->arch->sm < 70) {
        p->failed_stmt = false;
        error_at(p, end,
                 "Feature 'Kernel parameter size larger than 4352 bytes' requires .target sm_70 "
                 "or higher");
    } else if (fn->is_entry && bytes > max) {
        p->failed_stmt = false;
        error_at(p, end,
                 "Entry function '%s' uses too much parameter space (0x%llx bytes, 0x%llx "
                 "max).",
                 fn->name, (unsigned long long)bytes, (unsigned long long)max);
    }
    if (fn->maxntid[0] && fn->reqntid[0]) {
        p->failed_stmt = false;
        error_at(p, end, "Conflicting directives: .maxntid and .reqntid cannot both be specified");
    }
}

static int linkage_of(bool ext, bool vis, bool weak) { return ext ? 2 : vis ? 1 : weak ? 3 : 0; }

/* A function declared again: `fn` the earlier declaration, `tmp` this header (linkage lk_*),
 * `at` the token after it (where ptxas reports), `is_def`: a body follows. */
bool ps_decl_func_again(parser *p, const ps_func *fn, const ps_func *tmp, bool is_def, const token *at) {
    int old = linkage_of(fn->is_extern && !fn->defined, fn->is_visible, fn->is_weak),
        now = linkage_of(tmp->is_extern, tmp->is_visible, tmp->is_weak);
    if (fn->defined && fn->is_extern) old = 2;
    bool same_noreturn = fn->noreturn == tmp->noreturn;
    if ((now != old && !(now == 0 && (old == 1 || old == 3) && same_noreturn)) || (!same_noreturn && !is_def)) {
        error_at(p, at, "Inconsistent redefinition of variable '%s' (declared %s before)", tmp->name,
                 (const char *[]){"without linkage", ".visible", ".extern", ".weak"}[old]);
        return false;
    }
    if (fn->nparams + fn->nrets != tmp->nparams + tmp->nrets || fn->nrets != tmp->nrets) {
        error_at(p, at, "Inconsistent prototypes of '%s', number of parameters differ", tmp->name);
        return false;
    }
    for (int i = 0; i < fn->nparams + fn->nrets; i++) {
        const ps_var *a = i < fn->nparams ? fn->params[i] : fn->rets[i - fn->nparams],
                     *b = i < tmp->nparams ? tmp->params[i] : tmp->rets[i - tmp->nparams];
        if (a->is_reg != b->is_reg) {
            error_at(p, at, "Inconsistent prototypes of '%s', parameter state space differ", tmp->name);
            return false;
        }
        if (a->type != b->type || a->vec != b->vec || a->size != b->size || a->is_array != b->is_array) {
            error_at(p, at, "Inconsistent prototypes of '%s', parameter types differ", tmp->name);
            return false;
        }
        if (a->align != b->align) {
            error_at(p, at, "Inconsistent prototypes of '%s', parameter alignment differ", tmp->name);
            return false;
        }
    }
    /* the parameters agree; a definition without the prototype's .noreturn (ptxas reports this
     * one at the first declaration) */
    if (!same_noreturn) {
        token first = *at;
        first.line = fn->line, first.col = fn->col;
        error_at(p, &first,
                 "Invalid directive '.noreturn' for function '%s' (its declarations "
                 "disagree)",
                 tmp->name);
        return false;
    }
    return true;
}

/* A function header's parameter lists (at: the function's name, where ptxas reports). */
bool ps_decl_func_header(parser *p, const ps_func *fn, bool is_entry, const token *at) {
    for (int i = 0; i < fn->nparams + fn->nrets; i++) {
        bool ret = i >= fn->nparams;
        const ps_var *v = ret ? fn->rets[i - fn->nparams] : fn->params[i];
        if (v->ptr_attr && !is_entry) {
            error_at(p, at,
                     "Illegal placement of kernel parameter attribute (.ptr is for .entry "
                     "parameters)");
            return false;
        }
        if (is_entry && v->is_reg) {
            error_at(p, at, "Entry parameter '%s' must have .param state space", v->name);
            return false;
        }
        if (!v->is_reg && v->type == PS_T_PRED) {
            error_at(p, at, "Predicate variable '%s' must be in register state space", v->name);
            return false;
        }
        if (!v->is_reg && !v->is_array && (v->vec > 1 || v->type == PS_T_F16X2)) {
            error_at(p, at, "Variable '%s' cannot be allocated in .param state space", v->name);
            return false;
        }
        if (v->unsized && is_entry) {
            error_at(p, at, "Parameter to entry function cannot be an incomplete array.");
            return false;
        }
        if (v->unsized && (ret || i != fn->nparams - 1)) {
            error_at(p, at, "Only the last input parameter can be an incomplete array.");
            return false;
        }
        if (!v->is_array && !b128_ok(p, at, v->type)) return false;
        if (ret && fn->nrets > 1 && !v->is_reg) {
            error_at(p, peek(p), "Multiple return parameters require .register state space");
            return false;
        }
    }
    return true;
}

/* The bytes of an entry's parameters, each at its alignment. */
static uint64_t param_bytes(const ps_func *fn) {
    uint64_t off = 0;
    for (int i = 0; i < fn->nparams; i++) {
        const ps_var *v = fn->params[i];
        uint64_t a = v->align > 0 ? (uint64_t)v->align : 1;
        off = (off + a - 1) / a * a + v->size;
    }
    return off;
}

/* ---- calls ------------------------------------------------------------------ */

/* Can a value of type a (an array when a_arr, of a_size bytes) stand for formal f? Sizes agree,
 * and integers take integers (either signedness), floats floats, bit types either. */
static bool arg_fits(const ps_var *f, ps_type a, bool a_arr, uint64_t a_size) {
    if (f->is_array || a_arr) return f->is_array && a_arr && f->type == a && f->size == a_size;
    if (ps_type_size(f->type) * f->vec != (int)a_size) return false;
    ps_type_kind fk = ps_type_kind_of(f->type), ak = ps_type_kind_of(a);
    if (fk == TK_BITS || ak == TK_BITS) return true;
    bool fi = fk == TK_UINT || fk == TK_SINT, ai = ak == TK_UINT || ak == TK_SINT;
    return fi ? ai : fk == ak;
}

/* One argument (or result) o for formal f of the call at mt. */
static bool check_arg(parser *p, const token *mt, const ps_operand *o, const ps_var *f) {
    token at = *mt;
    at.line = o->line, at.col = o->col;
    bool ok = true;
    if (o->kind == PS_OP_VAR && o->var && o->var->space == PS_SPACE_PARAM) {
        if (f->is_reg && o->var->is_array) {
            error_at(p, &at, "Inconsistent state space for parameter '%s'", f->name);
            return false;
        }
        ok = arg_fits(f, o->var->type, o->var->is_array,
                      o->var->is_array ? o->var->size : (uint64_t)ps_type_size(o->var->type) * (uint64_t)o->var->vec);
    } else if (o->kind == PS_OP_REG && p->fn && o->reg >= 0 && o->reg < p->fn->nregs) {
        ps_type t = p->fn->regs[o->reg].type;
        ok = arg_fits(f, t, false, (uint64_t)ps_type_size(t));
    } else if (o->kind == PS_OP_IMM) {
        ps_type_kind fk = ps_type_kind_of(f->type);
        ok = !f->is_array && fk != TK_FLOAT;
    } else {
        return true; /* other operand kinds are the operand checks' business */
    }
    if (!ok) error_at(p, &at, "Type of argument does not match formal parameter '%s'", f->name);
    return ok;
}

/* `call [(rets),] f [, (args)]` to a known function: as many arguments and results as its
 * header has, each of a fitting type. */
void ps_decl_call(parser *p, const token *mt, const ps_operand *ops, int nops) {
    int i = 0;
    const ps_operand *rets = NULL, *args = NULL, *callee = NULL;
    if (i < nops && ops[i].kind == PS_OP_LIST) rets = &ops[i++];
    if (i < nops) callee = &ops[i++];
    if (i < nops && ops[i].kind == PS_OP_LIST) args = &ops[i++];
    /* a kernel as callee is the call checks' (validate_call.c: "Illegal call target") */
    if (!callee || callee->kind != PS_OP_FUNC || !callee->func || callee->func->is_entry) return;
    const ps_func *cf = callee->func;
    int nargs = args ? args->nitems : 0, nrets = rets ? rets->nitems : 0;
    if (nargs != cf->nparams || nrets != cf->nrets) {
        error_at(p, mt,
                 "Call has wrong number of parameters ('%s' takes %d arguments and %d "
                 "results, the call gives %d and %d)",
                 cf->name, cf->nparams, cf->nrets, nargs, nrets);
        return;
    }
    for (int k = 0; k < nrets; k++)
        if (!check_arg(p, mt, &rets->items[k], cf->rets[k])) return;
    for (int k = 0; k < nargs; k++)
        if (!check_arg(p, mt, &args->items[k], cf->params[k])) return;
}
