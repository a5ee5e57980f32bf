/* parser.c — recursive-descent PTX parser: module directives, declarations, functions and
 * instructions, with names resolved as they are read and recovery at ';' after an error. */
#include "ptx_parser.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "constexpr.h"
#include "parser_internal.h"
#include "spaces.h"
#include "validate.h"

/* ---- tokens ------------------------------------------------------------- */

void error_at(parser *p, const token *t, const char *fmt, ...) {
    if (p->failed_stmt) return; /* one diagnostic per statement */
    if (t->kind == TOK_ERROR && t->len == 1 && ((unsigned char)t->text[0] < 0x20 || t->text[0] == 0x7f)) {
        ps_diags_add(p->diags, PS_DIAG_ERROR, p->m->filename, t->line, t->col,
                     "invalid token: control character 0x%02x (ptxas allows it only in comments)",
                     (unsigned char)t->text[0]);
        p->failed_stmt = true;
        return;
    }
    if (t->kind == TOK_ERROR) { /* the lexer's finding says more than "expected X" */
        const char *what = t->text[0] == '"'     ? "unterminated string"
            : t->text[0] == '/'                  ? "unterminated comment"
            : isdigit((unsigned char)t->text[0]) ? "invalid number literal"
                                                 : "invalid token";
        ps_diags_add(p->diags, PS_DIAG_ERROR, p->m->filename, t->line, t->col, "%s '%.*s'", what,
                     t->len > 40 ? 40 : t->len, t->text);
        p->failed_stmt = true;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    ps_diags_vadd(p->diags, PS_DIAG_ERROR, p->m->filename, t->line, t->col, fmt, ap);
    va_end(ap);
    p->failed_stmt = true;
}

const char *tok_desc(const token *t, char *buf, size_t n) {
    switch (t->kind) {
    case TOK_EOF: return "end of file";
    case TOK_STRING: snprintf(buf, n, "string \"%.*s\"", t->len > 40 ? 40 : t->len, t->text); return buf;
    case TOK_ERROR:
        if (t->len == 1 && ((unsigned char)t->text[0] < 0x20 || t->text[0] == 0x7f)) {
            snprintf(buf, n, "control character 0x%02x (ptxas allows it only in comments)", (unsigned char)t->text[0]);
            return buf;
        }
        /* fall through */
    default: snprintf(buf, n, "'%.*s'", t->len > 40 ? 40 : t->len, t->text); return buf;
    }
}

bool expect_punct(parser *p, char c) {
    token *t = peek(p);
    if (is_punct(t, c)) {
        next(p);
        return true;
    }
    char b[64];
    error_at(p, t, "expected '%c' before %s", c, tok_desc(t, b, sizeof b));
    return false;
}

/* Directives that can only begin a module-scope statement: recovery at module scope stops
 * before them, so a missing ';' after a global does not swallow the next function. */
static bool starts_toplevel(const token *t) {
    static const char *const dirs[] = {".entry",   ".func",   ".visible",      ".extern", ".weak",
                                       ".version", ".target", ".address_size", ".file",   ".section"};
    if (t->kind != TOK_DIRECTIVE) return false;
    for (size_t i = 0; i < PS_ARRAY_LEN(dirs); i++)
        if (tok_is(t, dirs[i])) return true;
    return false;
}

/* Skips to the end of the current statement (';'), not past a closing '}'. A '}' followed by ','
 * or ';' in a function closes an operand list the error stood in ("{%q2, %q3};"), not a block. */
static void recover(parser *p) {
    int depth = 0;
    for (;;) {
        token *t = peek(p);
        if (t->kind == TOK_EOF) return;
        if (depth == 0 && !p->fn && starts_toplevel(t)) return;
        if (is_punct(t, '{')) depth++;
        if (is_punct(t, '}')) {
            bool list_end = p->fn && (is_punct(peek2(p), ',') || is_punct(peek2(p), ';'));
            if (depth == 0 && !list_end) return;
            if (depth > 0) depth--;
        }
        next(p);
        if (depth == 0 && is_punct(&p->tok, ';')) return;
    }
}

char *tok_str(parser *p, const token *t) { return ps_arena_strndup(&p->m->arena, t->text, (size_t)t->len); }

/* ---- symbols ------------------------------------------------------------ */

static sym *lookup_in(sym *table, const char *s, size_t n) {
    sym *e;
    HASH_FIND(hh, table, s, n, e);
    return e;
}

/* Splits "%r123" into prefix "%r" and 123; false if the name does not end in a register
 * number (digits without a leading zero, as %r<N> spells them). */
static bool split_reg_number(const char *s, size_t n, size_t *plen, int *num) {
    size_t i = n;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
    size_t nd = n - i;
    if (nd == 0 || nd > 9 || i == 0 || (nd > 1 && s[i] == '0')) return false;
    int v = 0;
    for (size_t k = i; k < n; k++) v = v * 10 + (s[k] - '0');
    *plen = i;
    *num = v;
    return true;
}

static reg_range *find_range(reg_range *list, const char *prefix, size_t plen) {
    for (reg_range *r = list; r; r = r->next)
        if ((size_t)r->plen == plen && r->prefix[plen - 1] == prefix[plen - 1] && memcmp(r->prefix, prefix, plen) == 0)
            return r;
    return NULL;
}

/* The range of scope list `list` that declares register s[0..n), if any. */
static reg_range *range_of(reg_range *list, const char *s, size_t n, int *num) {
    size_t plen;
    if (!list || !split_reg_number(s, n, &plen, num)) return NULL;
    reg_range *r = find_range(list, s, plen);
    return r && *num < r->count ? r : NULL;
}

/* A name never is both a range register and a symbol of the same scope (declare and
 * declare_range refuse that), so each scope can be asked in either order. */
sym *lookup(parser *p, const char *s, size_t n) {
    for (int i = p->nscopes - 1; i >= 0; i--) {
        int num;
        reg_range *r = range_of(p->ranges[i], s, n, &num);
        if (r) { /* callers only read kind and index before the next lookup */
            p->range_hit.kind = SYM_REG;
            p->range_hit.index = r->base + num;
            return &p->range_hit;
        }
        sym *e = lookup_in(p->scopes[i], s, n);
        if (e) return e;
    }
    return NULL;
}

/* Writes prefix followed by the decimal i and a NUL to dst; returns the length. */
static int reg_name(char *dst, const char *prefix, size_t plen, int i) {
    char digits[12];
    int nd = 0;
    for (int v = i; nd == 0 || v; v /= 10) digits[nd++] = (char)('0' + v % 10);
    memcpy(dst, prefix, plen);
    int n = (int)plen;
    while (nd) dst[n++] = digits[--nd];
    dst[n] = 0;
    return n;
}

static sym *declare(parser *p, const token *at, const char *name, sym_kind kind) {
    size_t n = strlen(name);
    int top = p->nscopes - 1, num;
    sym **scope = &p->scopes[top];
    sym *e = lookup_in(*scope, name, n);
    if (e || range_of(p->ranges[top], name, n, &num)) {
        if (e && kind == SYM_FUNC && e->kind == SYM_FUNC) return e; /* re-declaration / definition */
        if (e && kind == SYM_VAR && e->kind == SYM_VAR && e->var->is_extern) return e;
        error_at(p, at, "redefinition of '%s'", name);
        return NULL;
    }
    e = ps_arena_alloc(&p->m->arena, sizeof *e);
    e->name = name;
    e->kind = kind;
    HASH_ADD_KEYPTR(hh, *scope, e->name, n, e);
    return e;
}

/* Declares prefix<0> .. prefix<count-1> as registers base .. base+count-1 of the function. */
static bool declare_range(parser *p, const token *at, const char *prefix, size_t plen, int count, int base) {
    int top = p->nscopes - 1;
    reg_range *r = find_range(p->ranges[top], prefix, plen);
    if (r && r->count && count) {
        error_at(p, at, "redefinition of '%.*s0'", (int)plen, prefix);
        return false;
    }
    /* "%r1" declared alone, then "%r<4>": scan the scope's few symbols, not the range */
    const char *clash = NULL;
    int clash_num = count;
    for (sym *e = p->scopes[top]; e; e = e->hh.next) {
        size_t n = strlen(e->name), elen;
        int num;
        if (split_reg_number(e->name, n, &elen, &num) && elen == plen && memcmp(e->name, prefix, plen) == 0 &&
            num < clash_num)
            clash = e->name, clash_num = num;
    }
    if (clash) {
        error_at(p, at, "redefinition of '%s'", clash);
        return false;
    }
    if (r) { /* "%r<0>" before: nothing was declared */
        r->base = base;
        r->count = count;
        return true;
    }
    r = ps_arena_alloc(&p->m->arena, sizeof *r);
    r->prefix = ps_arena_strndup(&p->m->arena, prefix, plen);
    r->plen = (int)plen;
    r->base = base;
    r->count = count;
    r->next = p->ranges[top];
    p->ranges[top] = r;
    return true;
}

static void push_scope(parser *p) {
    if (p->nscopes == MAX_SCOPES) { /* deeper blocks share the innermost scope */
        p->scope_overflow++;
        return;
    }
    p->scopes[p->nscopes] = NULL;
    p->ranges[p->nscopes] = NULL;
    p->label_defs[p->nscopes] = p->label_pending[p->nscopes] = NULL;
    p->nscopes++;
}

static void labels_close_block(parser *p);

static void pop_scope(parser *p) {
    if (p->scope_overflow) {
        p->scope_overflow--;
        return;
    }
    if (p->fn && p->nscopes - 1 > p->label_base) labels_close_block(p);
    p->nscopes--;
    sym *table = p->scopes[p->nscopes];
    HASH_CLEAR(hh, table); /* the entries and ranges live in the arena */
}

/* ---- growable arrays in the module ---------------------------------------- */

#define PUSH(arr, n, cap, val)                                         \
    do {                                                               \
        if ((n) == (cap)) {                                            \
            (cap) = (cap) ? (cap)*2 : 16;                              \
            (arr) = ps_xrealloc((arr), (size_t)(cap) * sizeof *(arr)); \
        }                                                              \
        (arr)[(n)++] = (val);                                          \
    } while (0)

/* ---- numbers ------------------------------------------------------------ */

/* Reads an optionally negated integer literal. */
bool parse_int(parser *p, int64_t *out) {
    bool neg = false;
    if (is_punct(peek(p), '-')) {
        next(p);
        neg = true;
    }
    token t = next(p);
    if (t.kind != TOK_INT) {
        char b[64];
        error_at(p, &t, "expected an integer, found %s", tok_desc(&t, b, sizeof b));
        return false;
    }
    *out = neg ? -(int64_t)t.u : (int64_t)t.u;
    return true;
}

/* ---- declarations --------------------------------------------------------- */

static ps_space space_of(const token *t) {
    static const struct {
        const char *s;
        ps_space sp;
    } tab[] = {{".global", PS_SPACE_GLOBAL},      {".shared", PS_SPACE_SHARED},
               {".shared::cta", PS_SPACE_SHARED}, {".shared::cluster", PS_SPACE_SHARED},
               {".local", PS_SPACE_LOCAL},        {".const", PS_SPACE_CONST},
               {".param", PS_SPACE_PARAM},        {".tex", PS_SPACE_TEX}};
    for (size_t i = 0; i < PS_ARRAY_LEN(tab); i++)
        if (tok_is(t, tab[i].s)) return tab[i].sp;
    return PS_SPACE_NONE;
}

/* ".shared::cta" and ".shared::cluster" name windows of .shared in instructions; a variable is
 * declared .shared (ptxas: syntax error at ".shared::cta"). */
static bool refuse_qualified_space(parser *p, const token *d) {
    if (!tok_is(d, ".shared::cta") && !tok_is(d, ".shared::cluster")) return false;
    error_at(p, d,
             "variables are declared in .shared; '%.*s' names the space only in "
             "instructions (ptxas refuses it here)",
             d->len, d->text);
    return true;
}

static ps_type dir_type(const token *t) {
    if (t->kind != TOK_DIRECTIVE) return PS_T_NONE;
    return ps_type_lookup(t->text + 1, (size_t)t->len - 1);
}

typedef struct {
    bool is_extern, is_visible, is_weak, is_common;
} linkage;

static bool parse_linkage(parser *p, linkage *lk) {
    token *t = peek(p);
    if (t->kind != TOK_DIRECTIVE) return false;
    if (tok_is(t, ".extern")) lk->is_extern = true;
    else if (tok_is(t, ".visible")) lk->is_visible = true;
    else if (tok_is(t, ".weak")) lk->is_weak = true;
    else if (tok_is(t, ".common")) lk->is_common = true;
    else return false;
    next(p);
    return true;
}

static void write_le(uint8_t *dst, uint64_t v, int size) {
    for (int i = 0; i < size; i++) dst[i] = (uint8_t)(v >> (8 * i));
}

/* Converts a literal token's value to `type`'s representation. */
static uint64_t literal_as(parser *p, const token *t, bool neg, ps_type type) {
    ps_type_kind k = ps_type_kind_of(type);
    int size = ps_type_size(type);
    if (t->kind == TOK_INT) {
        uint64_t v = neg ? (uint64_t)(-(int64_t)t->u) : t->u;
        if (k == TK_FLOAT && type == PS_T_F32) {
            float f = neg ? -(float)t->u : (float)t->u;
            uint32_t b;
            memcpy(&b, &f, 4);
            return b;
        }
        if (k == TK_FLOAT && type == PS_T_F64) {
            double d = neg ? -(double)t->u : (double)t->u;
            uint64_t b;
            memcpy(&b, &d, 8);
            return b;
        }
        return v;
    }
    uint64_t bits = t->u;
    if (t->kind == TOK_F32) {
        /* in an 8-byte variable (.f64 or .b64) ptxas 13 stores the 32 bits zero-extended, not
         * the value widened: .f64 x = 0f3f8ccccd is 0x000000003f8ccccd (measured in its cubin) */
        if (neg) bits ^= 0x80000000u;
        return bits;
    }
    /* TOK_F64 */
    if (neg) bits ^= 0x8000000000000000ull;
    if (size == 4) {
        double d;
        memcpy(&d, &bits, 8);
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    (void)p;
    return bits;
}

#define MAX_INIT_DIMS 9

typedef struct {
    ps_var *v;
    uint64_t pos;  /* byte position of the next scalar */
    uint64_t hi;   /* end of the furthest scalar written */
    uint64_t elem; /* bytes per scalar */
    /* Brace levels: the array dimensions, then the vector length. dims[0] is 0 when unsized;
     * block[L] is how many bytes one item of a level-L list covers. */
    int ndims;
    uint64_t dims[MAX_INIT_DIMS + 1], block[MAX_INIT_DIMS + 1];
    ps_reloc *relocs;
    int nrelocs, cap;
    uint8_t *buf;
    uint64_t cap_bytes;
} init_state;

static void init_put(parser *p, init_state *s, const token *at, uint64_t bits) {
    uint64_t need = s->pos + s->elem;
    if (!s->v->unsized && need > s->v->size) {
        error_at(p, at, "too many initializers for '%s'", s->v->name);
        return;
    }
    if (need > s->cap_bytes) {
        uint64_t nc = s->cap_bytes ? s->cap_bytes * 2 : 64;
        while (nc < need) nc *= 2;
        s->buf = ps_xrealloc(s->buf, nc);
        memset(s->buf + s->cap_bytes, 0, nc - s->cap_bytes);
        s->cap_bytes = nc;
    }
    write_le(s->buf + s->pos, bits, (int)s->elem);
    s->pos += s->elem;
    if (s->pos > s->hi) s->hi = s->pos;
}

/* After an error inside "{ ... }" of an initialiser: skips past the matching '}' (stopping at
 * ';'), so statement recovery does not mistake it for the end of a block. */
static void skip_to_close(parser *p) {
    int depth = 0;
    for (;;) {
        token *t = peek(p);
        if (t->kind == TOK_EOF || (depth == 0 && is_punct(t, ';'))) return;
        next(p);
        if (is_punct(&p->tok, '{')) depth++;
        if (is_punct(&p->tok, '}') && depth-- == 0) return;
    }
}

/* One scalar at s->pos: a literal, or an address (sym, sym+N, generic(sym)[+N]). */
static void parse_init_scalar(parser *p, init_state *s) {
    token *t = peek(p);
    bool neg = false;
    if (cexpr_starts(p, true) &&
        !(is_punct(t, '-') && peek2(p)->kind != TOK_INT && peek2(p)->kind != TOK_F64 && !is_punct(peek2(p), '('))) {
        /* a constant expression (PTX ISA 4.6): "2*3", "7U/2", "-(1.5)" */
        token at = *t;
        ps_cval c;
        if (!cexpr_parse(p, &c)) return;
        if (!ps_decl_init_value(p, &at, s->v, c.is_float)) return;
        token lit = at;
        lit.kind = c.is_float ? TOK_F64 : TOK_INT;
        if (c.is_float) memcpy(&lit.u, &c.d, 8);
        else lit.u = c.i;
        init_put(p, s, &at, literal_as(p, &lit, false, s->v->type));
        return;
    }
    if (is_punct(t, '-')) {
        next(p);
        neg = true;
    }
    token v = next(p);
    if (neg && (v.kind == TOK_F32 || v.kind == TOK_F64)) { /* only hex floats get here */
        error_at(p, &v,
                 "a hex floating-point literal cannot be negated (ptxas refuses it); "
                 "write the negative value's bits");
        return;
    }
    if (v.kind == TOK_INT || v.kind == TOK_F32 || v.kind == TOK_F64) {
        if (!ps_decl_init_value(p, &v, s->v, v.kind != TOK_INT)) return;
        init_put(p, s, &v, literal_as(p, &v, neg, s->v->type));
        return;
    }
    if (v.kind == TOK_IDENT && !neg) {
        bool generic = false;
        token name = v;
        if (tok_is(&v, "generic") && is_punct(peek(p), '(')) {
            next(p);
            name = next(p);
            generic = true;
            if (!expect_punct(p, ')')) return;
        }
        int64_t addend = 0;
        if (is_punct(peek(p), '+')) {
            next(p);
            if (!cexpr_parse_int(p, &addend)) return;
        }
        sym *e = name.kind == TOK_IDENT ? lookup(p, name.text, (size_t)name.len) : NULL;
        if (!e || (e->kind != SYM_VAR && e->kind != SYM_FUNC)) {
            error_at(p, &name, "use of undeclared identifier '%.*s'", name.len, name.text);
            return;
        }
        if (!ps_decl_init_value(p, &name, s->v, 2)) return;
        if (e->kind == SYM_FUNC && e->func->is_entry) {
            error_at(p, &name, "Invalid initial value symbol '%.*s' (a kernel has no address)", name.len, name.text);
            return;
        }
        ps_reloc r = {s->pos, (int)s->elem, e->kind == SYM_VAR ? e->var : NULL, e->kind == SYM_FUNC ? e->func : NULL,
                      addend, generic};
        init_put(p, s, &name, 0);
        if (!p->failed_stmt) PUSH(s->relocs, s->nrelocs, s->cap, r);
        return;
    }
    char b[64];
    error_at(p, &v, "expected an initializer, found %s", tok_desc(&v, b, sizeof b));
}

/* "{ item, ... }" at brace level `level`, filling bytes from `base`. The nesting follows the
 * declaration (PTX ISA 5.4.4): in "u32 a[2][3]" a level-1 list is one row of 3, and a short
 * row is zero-filled. Scalars may also run flat across rows ("{1, 2, 3, 4, 5, 6}"). */
static void parse_init_list(parser *p, init_state *s, int level, uint64_t base) {
    uint64_t block = level < s->ndims ? s->block[level] : s->elem;
    uint64_t extent = level < s->ndims ? s->dims[level] * block : s->elem;
    bool unbounded = level < s->ndims && s->dims[level] == 0;
    uint64_t cur = 0, items = 0;
    token open = next(p); /* '{' */
    if (is_punct(peek(p), '}') && level == 0 && unbounded) {
        ps_decl_fatal(p, &open, "Initial value type mismatch (an unsized array needs an initialiser)");
        return;
    }
    if (!is_punct(peek(p), '}')) {
        for (;;) {
            token at = *peek(p);
            bool brace = is_punct(&at, '{');
            if (brace) cur = (cur + block - 1) / block * block;
            uint64_t len = brace ? block : s->elem;
            if (!unbounded && cur + len > extent) {
                error_at(p, &at, "too many initializers for '%s'", s->v->name);
                break;
            }
            if (brace) {
                parse_init_list(p, s, level + 1, base + cur);
            } else {
                s->pos = base + cur;
                parse_init_scalar(p, s);
            }
            cur += len;
            items++;
            if (p->failed_stmt || !is_punct(peek(p), ',')) break;
            next(p);
        }
    }
    /* a vector's own list names every element (ptxas) */
    if (!p->failed_stmt && s->v->vec > 1 && level == s->ndims - 1 && items != (uint64_t)s->v->vec) {
        ps_decl_fatal(p, &open, "Incorrect number of elements in vector initializer");
        return;
    }
    if (p->failed_stmt) skip_to_close(p); /* else recover() would stop at this '}' */
    else expect_punct(p, '}');
}

/* The initialiser after '=' of variable v with the given array dimensions (0: unsized). */
static void parse_initializer(parser *p, init_state *s, const uint64_t *dims, int ndims) {
    s->ndims = 0;
    for (int i = 0; i < ndims; i++) s->dims[s->ndims++] = dims[i];
    if (s->v->vec > 1) s->dims[s->ndims++] = (uint64_t)s->v->vec;
    uint64_t b = s->elem;
    for (int i = s->ndims - 1; i >= 0; i--) {
        s->block[i] = b;
        b *= s->dims[i] ? s->dims[i] : 1;
    }
    if (!ps_decl_init_shape(p, peek(p), s->v, is_punct(peek(p), '{'))) return;
    if (is_punct(peek(p), '{')) parse_init_list(p, s, 0, 0);
    else parse_init_scalar(p, s);
}

static int natural_align(ps_type t, int vec) {
    int s = ps_type_size(t) * vec;
    return s ? s : 1;
}

static ps_func *new_func(parser *p) {
    ps_func *f = ps_arena_alloc(&p->m->arena, sizeof *f);
    return f;
}

/* ".reg .v4 .f32 V;" (PTX ISA 5.4.2, 6.4.2): a vector register is its elements, registers named
 * V.x V.y V.z V.w (also V.r V.g V.b V.a); V alone stands for {V.x, V.y, ...}, which is what ptxas
 * compiles (mov.b64 %rd, V of a .v2 .u32 puts V.x in the low half: lab/ptxas_operands).
 * "V<N>" declares V0 .. V<N-1>. */
static bool declare_vreg(parser *p, const token *name, ps_type type, int vec) {
    if (type == PS_T_PRED) {
        error_at(p, name,
                 "a predicate register cannot be a vector (ptxas: Predicate type can only "
                 "be used to define scalar register variables)");
        return false;
    }
    if (vec > 4 || ps_type_size(type) * vec > 16) {
        error_at(p, name, "vector type too large: .v%d .%s exceeds 128 bits", vec, ps_type_name(type));
        return false;
    }
    int64_t count = -1;
    if (is_punct(peek(p), '<')) {
        next(p);
        if (!parse_int(p, &count) || !expect_punct(p, '>')) return false;
        if (count < 0 || count > 100000) {
            error_at(p, name, "bad register count");
            return false;
        }
    }
    ps_func *fn = p->fn;
    for (int64_t k = 0; k < (count < 0 ? 1 : count); k++) {
        char base[160];
        if (count < 0) snprintf(base, sizeof base, "%.*s", name->len, name->text);
        else snprintf(base, sizeof base, "%.*s%lld", name->len, name->text, (long long)k);
        const char *nm = ps_arena_strndup(&p->m->arena, base, strlen(base));
        sym *e = declare(p, name, nm, SYM_VREG);
        if (!e) return false;
        e->index = fn->nregs;
        e->count = vec;
        static const char xyzw[] = "xyzw", rgba[] = "rgba";
        for (int i = 0; i < vec; i++) {
            char en[168];
            for (int alias = 0; alias < 2; alias++) {
                snprintf(en, sizeof en, "%s.%c", base, (alias ? rgba : xyzw)[i]);
                const char *enm = ps_arena_strndup(&p->m->arena, en, strlen(en));
                sym *el = declare(p, name, enm, SYM_REG);
                if (!el) return false;
                el->index = fn->nregs;
            }
            snprintf(en, sizeof en, "%s.%c", base, xyzw[i]);
            ps_reg r = {ps_arena_strndup(&p->m->arena, en, strlen(en)), type};
            PUSH(fn->regs, fn->nregs, fn->cap_regs, r);
        }
    }
    return true;
}

static bool sreg_lookup(const token *t, ps_sreg *s, int *comp);

/* Parses one declaration after linkage and the state space: [.align N] [.vN] .type [.ptr ...]
 * name[<N>] [dims] [= init] (, name ...)* ;   Registers go into fn->regs. */
static void parse_decl(parser *p, const token *space_tok, ps_space space, bool is_reg, linkage lk, ps_var ***out_list,
                       int *out_n, int *out_cap) {
    bool single = space_tok == NULL; /* a parameter: one name, the comma belongs to the list */
    int align = 0, vec = 1;
    ps_type type = PS_T_NONE;
    bool ptr_attr = false, managed = false;
    token type_tok = {0}, vec_tok = {0}, attr_tok = {0};
    for (;;) {
        token *t = peek(p);
        if (t->kind != TOK_DIRECTIVE) break;
        if (type != PS_T_NONE && !ptr_attr && !tok_is(t, ".ptr")) {
            /* ptxas: [.align N] [.vN] .type, then only a parameter's .ptr attributes */
            char b[64];
            error_at(p, t, "Parsing error near %s: syntax error (the type comes last, once)", tok_desc(t, b, sizeof b));
            p->fatal = true;
            return;
        }
        if (tok_is(t, ".attribute") && type == PS_T_NONE && !single) {
            /* PTX ISA 5.4.8: .attribute(.managed) before the type of a .global variable */
            next(p);
            if (!expect_punct(p, '(')) return;
            token *a = peek(p);
            if (tok_is(a, ".unified")) {
                error_at(p, a, "ptxsim does not support .attribute(.unified(...)) variables");
                p->fatal = true;
                return;
            }
            if (!tok_is(a, ".managed")) {
                char b[64];
                error_at(p, a, "Parsing error near %s: syntax error", tok_desc(a, b, sizeof b));
                p->fatal = true;
                return;
            }
            attr_tok = next(p);
            managed = true;
            if (!expect_punct(p, ')')) return;
        } else if (tok_is(t, ".align")) {
            next(p);
            int64_t a;
            if (!parse_int(p, &a)) return;
            if (a <= 0 || (a & (a - 1))) {
                error_at(p, &p->tok, "alignment must be a power of two");
                return;
            }
            align = (int)a;
        } else if (t->len >= 3 && t->text[1] == 'v' && t->text[2] >= '0' && t->text[2] <= '9') {
            vec = atoi(t->text + 2);
            vec_tok = *t;
            next(p);
        } else if (tok_is(t, ".ptr")) {
            next(p);
            ptr_attr = true;
        } else if (ptr_attr && tok_is(t, ".param")) { /* .ptr names .global .shared .const .local */
            error_at(p, t,
                     "Parsing error near '.param': syntax error (.ptr takes .global, .shared, "
                     ".const or .local)");
            p->fatal = true;
            return;
        } else if (ptr_attr && (space_of(t) != PS_SPACE_NONE)) {
            next(p); /* .ptr .global / .shared ... */
        } else if (dir_type(t) != PS_T_NONE) {
            type = dir_type(t);
            type_tok = *t;
            next(p);
        } else {
            break;
        }
    }
    if (type == PS_T_NONE) {
        char b[64];
        error_at(p, peek(p), "expected a type in the declaration, found %s", tok_desc(peek(p), b, sizeof b));
        return;
    }
    bool fn_param = !single && space == PS_SPACE_PARAM && p->fn;
    if (!ps_decl_type(p, &type_tok, type, vec_tok.text ? &vec_tok : NULL, vec, space, is_reg, fn_param)) return;
    for (;;) {
        token name = next(p);
        if (name.kind != TOK_IDENT) {
            char b[64];
            error_at(p, &name, "expected a name, found %s", tok_desc(&name, b, sizeof b));
            return;
        }
        if (is_reg && memchr(name.text, '.', (size_t)name.len)) {
            ps_var nv = {.type = type, .space = space};
            if (!ps_decl_var(p, &name, &nv, false, false, false)) return;
        }
        if (is_reg && vec != 1) {
            if (!declare_vreg(p, &name, type, vec)) return;
        } else if (is_reg) {
            int64_t count = -1;
            if (is_punct(peek(p), '<')) {
                next(p);
                if (!parse_int(p, &count)) return;
                if (!expect_punct(p, '>')) return;
                if (count < 0 || count > 1000000) {
                    error_at(p, &name, "bad register count");
                    return;
                }
            }
            ps_func *fn = p->fn;
            if (count < 0) {
                const char *nm = tok_str(p, &name);
                sym *e = declare(p, &name, nm, SYM_REG);
                if (!e) return;
                e->index = fn->nregs;
                ps_reg r = {nm, type};
                PUSH(fn->regs, fn->nregs, fn->cap_regs, r);
            } else {
                if (!declare_range(p, &name, name.text, (size_t)name.len, (int)count, fn->nregs)) return;
                if (fn->nregs + count > fn->cap_regs) {
                    while (fn->nregs + count > fn->cap_regs) fn->cap_regs = fn->cap_regs ? fn->cap_regs * 2 : 16;
                    fn->regs = ps_xrealloc(fn->regs, (size_t)fn->cap_regs * sizeof *fn->regs);
                }
                /* the names, "%r0" .. "%r<count-1>", in one block */
                char *names = ps_arena_alloc(&p->m->arena, (size_t)count * ((size_t)name.len + 8));
                for (int i = 0; i < (int)count; i++) {
                    char *nm = names;
                    names += reg_name(names, name.text, (size_t)name.len, i) + 1;
                    fn->regs[fn->nregs++] = (ps_reg){nm, type};
                }
            }
        } else {
            ps_var *v = ps_arena_alloc(&p->m->arena, sizeof *v);
            v->name = tok_str(p, &name);
            v->file = p->m->filename;
            v->space = space;
            v->type = type;
            v->vec = vec;
            v->align = align ? align : natural_align(type, vec);
            v->is_extern = lk.is_extern;
            v->is_visible = lk.is_visible;
            v->is_weak = lk.is_weak;
            v->is_common = lk.is_common;
            v->ptr_attr = ptr_attr;
            v->managed = managed;
            if (managed && space != PS_SPACE_GLOBAL) { /* ptxas's words */
                error_at(p, &attr_tok, "Illegal attribute '.managed' for symbol '%s'", v->name);
                return;
            }
            v->line = name.line;
            v->col = name.col;
            uint64_t elems = 1, dims[MAX_INIT_DIMS];
            int ndims = 0;
            while (is_punct(peek(p), '[')) {
                next(p);
                if (single && ndims == 1) { /* a parameter has one dimension */
                    error_at(p, &p->tok,
                             "Parsing error near '[': syntax error (a parameter array "
                             "has one dimension)");
                    p->fatal = true;
                    return;
                }
                if (ndims == MAX_INIT_DIMS) {
                    error_at(p, &p->tok, "too many array dimensions");
                    return;
                }
                if (is_punct(peek(p), ']')) {
                    if (ndims) {
                        error_at(p, &p->tok, "only the first array dimension may be unsized");
                        return;
                    }
                    v->unsized = true;
                    dims[ndims++] = 0;
                    next(p);
                    continue;
                }
                int64_t d;
                if (!parse_int(p, &d)) return;
                if (d < 0) {
                    error_at(p, &p->tok, "negative array size");
                    return;
                }
                if (d == 0 && ndims == 0) { /* ptxas reads x[0] as x[] */
                    if (!expect_punct(p, ']')) return;
                    v->unsized = true;
                    dims[ndims++] = 0;
                    continue;
                }
                elems *= (uint64_t)d;
                dims[ndims++] = (uint64_t)d;
                if (!expect_punct(p, ']')) return;
            }
            v->is_array = ndims > 0;
            uint64_t esize = (uint64_t)ps_type_size(type) * (uint64_t)vec;
            v->size = v->unsized ? 0 : elems * esize;
            if (!single && !ps_decl_var(p, &name, v, !p->fn, is_punct(peek(p), '='), fn_param)) return;
            ps_sreg sr;
            int comp;
            char sx[80];
            token tx = name;
            snprintf(sx, sizeof sx, "%.*s.x", name.len < 70 ? name.len : 70, name.text);
            tx.text = sx, tx.len = (int)strlen(sx);
            if (!p->fn && name.text[0] == '%' &&
                (sreg_lookup(&name, &sr, &comp) || sreg_lookup(&tx, &sr, &comp))) { /* taken names */
                error_at(p, &name, "Inconsistent redefinition of variable '%s' (a special register)", v->name);
                return;
            }
            if (is_punct(peek(p), '=')) {
                next(p);
                /* a vector variable is initialised element by element: {1.0, 2.0, 3.0, 4.0} */
                init_state s = {.v = v, .elem = (uint64_t)ps_type_size(type)};
                if (!esize) {
                    error_at(p, &name, "cannot initialise a predicate variable");
                    return;
                }
                parse_initializer(p, &s, dims, ndims);
                if (v->unsized) { /* whole rows: "[][2] = {{1, 2}, {3}}" is 4 elements */
                    uint64_t row = s.ndims ? s.block[0] : s.elem;
                    v->size = (s.hi + row - 1) / row * row;
                    v->unsized = false;
                }
                if (!p->failed_stmt) {
                    v->init = ps_arena_alloc(&p->m->arena, v->size ? v->size : 1);
                    if (s.buf) memcpy(v->init, s.buf, PS_MIN(v->size, s.hi));
                    if (s.nrelocs) {
                        v->relocs = ps_arena_alloc(&p->m->arena, sizeof(ps_reloc) * (size_t)s.nrelocs);
                        memcpy(v->relocs, s.relocs, sizeof(ps_reloc) * (size_t)s.nrelocs);
                        v->nrelocs = s.nrelocs;
                    }
                }
                free(s.buf);
                free(s.relocs);
                if (p->failed_stmt) return;
            }
            sym *old = lookup_in(p->scopes[p->nscopes - 1], v->name, strlen(v->name));
            if (old && old->kind == SYM_VAR && old->var) {
                int r = ps_decl_redeclare(p, &name, old->var, v);
                if (r == 0) return;
                if (r == 1) goto next_name;
            }
            sym *e = declare(p, &name, v->name, SYM_VAR);
            if (!e) return;
            if (e->var && e->var != v) { /* definition of an .extern declaration */
                *e->var = *v;
            } else {
                e->var = v;
                if (out_list) PUSH(*out_list, *out_n, *out_cap, v);
            }
        }
    next_name:
        if (single || !is_punct(peek(p), ',')) break;
        next(p);
    }
}

/* ---- operands ----------------------------------------------------------- */

static sym *new_label(parser *p, const token *t, sym **table) {
    ps_func *fn = p->fn;
    ps_label l = {.name = tok_str(p, t), .insn = -1, .line = t->line, .col = t->col};
    PUSH(fn->labels, fn->nlabels, fn->cap_labels, l);
    if (fn->nlabels > p->cap_label_fwd) {
        p->cap_label_fwd = fn->cap_labels;
        p->label_fwd = ps_xrealloc(p->label_fwd, sizeof(int) * (size_t)p->cap_label_fwd);
    }
    p->label_fwd[fn->nlabels - 1] = -1;
    sym *e = ps_arena_alloc(&p->m->arena, sizeof *e);
    e->name = l.name;
    e->kind = SYM_LABEL;
    e->index = fn->nlabels - 1;
    HASH_ADD_KEYPTR(hh, *table, e->name, strlen(e->name), e);
    return e;
}

/* A use of label t: the definition in reach (innermost block first), else a placeholder of the
 * current block. */
static int label_ref(parser *p, const token *t) {
    sym *e;
    int top = p->nscopes - 1;
    for (int i = top; i >= p->label_base; i--) {
        HASH_FIND(hh, p->label_defs[i], t->text, (size_t)t->len, e);
        if (e) return e->index;
    }
    HASH_FIND(hh, p->label_pending[top], t->text, (size_t)t->len, e);
    if (e) return e->index;
    return new_label(p, t, &p->label_pending[top])->index;
}

/* The definition of label t in the current block (its placeholder, if it was used before);
 * -1 after a redefinition in the same block (ptxas allows the name again in other blocks). */
static int label_def(parser *p, const token *t) {
    sym *e;
    int top = p->nscopes - 1;
    HASH_FIND(hh, p->label_defs[top], t->text, (size_t)t->len, e);
    if (e) {
        error_at(p, t, "redefinition of label '%.*s'", t->len, t->text);
        return -1;
    }
    HASH_FIND(hh, p->label_pending[top], t->text, (size_t)t->len, e);
    if (e) {
        HASH_DEL(p->label_pending[top], e);
        HASH_ADD_KEYPTR(hh, p->label_defs[top], e->name, strlen(e->name), e);
        return e->index;
    }
    return new_label(p, t, &p->label_defs[top])->index;
}

/* Closing a block: its definitions go out of reach, its unresolved uses move to the enclosing
 * block (merged with a placeholder of the same name there). */
static void labels_close_block(parser *p) {
    int top = p->nscopes - 1;
    sym *e, *tmp;
    HASH_CLEAR(hh, p->label_defs[top]);
    HASH_ITER(hh, p->label_pending[top], e, tmp) {
        HASH_DEL(p->label_pending[top], e);
        sym *q = NULL;
        if (top > p->label_base) HASH_FIND(hh, p->label_pending[top - 1], e->name, strlen(e->name), q);
        if (q) p->label_fwd[e->index] = q->index;
        else if (top > p->label_base) HASH_ADD_KEYPTR(hh, p->label_pending[top - 1], e->name, strlen(e->name), e);
    }
}

static const struct {
    const char *name;
    int shape, bits, min_ptx, min_sm;
} sregs[] = {
#define X(id, name, shape, bits, ptx, sm) {name, shape, bits, ptx, sm},
    PS_SREG_LIST(X)
#undef X
};

/* %tid.x, %laneid, %envreg7, %pm3, %pm3_64: the special register and its component or number. A
 * vector register needs a component and a scalar one takes none (ptxas: "Unknown field '.x'"). */
static bool sreg_lookup(const token *t, ps_sreg *s, int *comp) {
    const char *txt = t->text;
    int len = t->len;
    *comp = 0;
    const char *dot = memchr(txt, '.', (size_t)len);
    int base = dot ? (int)(dot - txt) : len;
    if (dot) {
        if (len - base != 2) return false;
        switch (dot[1]) {
        case 'x': *comp = 0; break;
        case 'y': *comp = 1; break;
        case 'z': *comp = 2; break;
        case 'w': *comp = 3; break;
        default: return false;
        }
    }
    for (int i = 0; i < PS_SREG_COUNT; i++) {
        const char *n = sregs[i].name;
        int nl = (int)strlen(n), shape = sregs[i].shape;
        if (shape > PS_SR_VEC) {
            /* %envreg<N>, %pm<N>, %pm<N>_64 */
            bool is64 = i == PS_SREG_PM64;
            int stem = is64 ? nl - 3 : nl, tail = is64 ? 3 : 0;
            if (dot || base <= stem + tail || strncmp(txt, n, (size_t)stem) != 0) continue;
            if (is64 && memcmp(txt + base - 3, "_64", 3) != 0) continue;
            int digits = base - stem - tail, v = 0;
            if (digits > 2 || (digits == 2 && txt[stem] == '0')) continue;
            for (int k = 0; k < digits; k++) {
                char c = txt[stem + k];
                if (c < '0' || c > '9') {
                    v = -1;
                    break;
                }
                v = v * 10 + (c - '0');
            }
            if (v < 0 || v >= shape) continue;
            *s = (ps_sreg)i;
            *comp = v;
            return true;
        }
        if (nl != base || memcmp(n, txt, (size_t)nl) != 0) continue;
        if ((shape == PS_SR_VEC) != (dot != NULL)) return false;
        *s = (ps_sreg)i;
        return true;
    }
    return false;
}

const char *ps_sreg_unsupported(ps_sreg s, int comp, const ps_arch *arch, int ptx_version, char *buf, size_t buflen) {
    if (s >= PS_SREG_COUNT) return NULL;
    int ptx = sregs[s].min_ptx, sm = sregs[s].min_sm;
    char name[40];
    if (s == PS_SREG_PM && comp >= 4) ptx = 30, sm = 20; /* the second four counters came with Fermi */
    if (s == PS_SREG_ENVREG || s == PS_SREG_PM || s == PS_SREG_RESERVED_SMEM_OFFSET)
        snprintf(name, sizeof name, "%s%d", sregs[s].name, comp);
    else if (s == PS_SREG_PM64) snprintf(name, sizeof name, "%%pm%d_64", comp);
    else snprintf(name, sizeof name, "%s", sregs[s].name);
    if (ptx_version && ptx_version < ptx) {
        snprintf(buf, buflen, "Feature '%s' requires PTX ISA .version %d.%d or later", name, ptx / 10, ptx % 10);
        return buf;
    }
    if (arch && arch->sm < sm) {
        snprintf(buf, buflen, "Feature '%s' requires .target sm_%d or higher", name, sm);
        return buf;
    }
    return NULL;
}

int ps_sreg_bits(ps_sreg s) { return s < PS_SREG_COUNT ? sregs[s].bits : 0; }

static bool parse_operand(parser *p, ps_operand *o, bool branch);
static const ps_arch *check_arch(parser *p);

static bool parse_list(parser *p, ps_operand *o, char close, bool branch) {
    ps_operand items[128]; /* wgmma.mma_async m64n256k16 .f32 names 128 accumulator registers */
    int n = 0;
    if (!is_punct(peek(p), close)) {
        for (;;) {
            if (n == 128) {
                error_at(p, peek(p), "too many items in list");
                return false;
            }
            if (!parse_operand(p, &items[n++], branch)) return false;
            if (!is_punct(peek(p), ',')) break;
            next(p);
        }
    }
    if (!expect_punct(p, close)) return false;
    o->items = ps_arena_alloc(&p->m->arena, sizeof(ps_operand) * (size_t)(n ? n : 1));
    memcpy(o->items, items, sizeof(ps_operand) * (size_t)n);
    o->nitems = n;
    return true;
}

/* A video selector suffix (".b0", ".h10", ".b3210": 'b' with 1-4 digits 0-7 or 'h' with 1-2
 * digits 0-3); returns its PS_SEL_* encoding or 0. */
static uint16_t video_sel(const char *s, size_t n) {
    if (n < 2 || (s[0] != 'b' && s[0] != 'h')) return 0;
    bool half = s[0] == 'h';
    size_t nd = n - 1;
    if (nd > (half ? 2u : 4u)) return 0;
    unsigned v = half ? PS_SEL_HALF : PS_SEL_BYTE;
    for (size_t k = 0; k < nd; k++) {
        char c = s[1 + k];
        if (c < '0' || c > (half ? '3' : '7')) return 0;
        v |= (unsigned)(c - '0') << (3 * k);
    }
    return (uint16_t)(v | (unsigned)(nd - 1) << 12);
}

static bool resolve_ident(parser *p, const token *t, ps_operand *o, bool branch) {
    if (t->len == 1 && t->text[0] == '_') {
        o->kind = PS_OP_SINK;
        return true;
    }
    sym *e = lookup(p, t->text, (size_t)t->len);
    if (!e && t->text[0] == '%') { /* %r.b0: a register with a video selector */
        const char *dot = memchr(t->text, '.', (size_t)t->len);
        uint16_t sel = dot ? video_sel(dot + 1, (size_t)(t->text + t->len - dot - 1)) : 0;
        sym *base = sel ? lookup(p, t->text, (size_t)(dot - t->text)) : NULL;
        if (base && base->kind == SYM_REG) {
            o->kind = PS_OP_REG;
            o->reg = base->index;
            o->sel = sel;
            return true;
        }
        base = dot ? lookup(p, t->text, (size_t)(dot - t->text)) : NULL;
        ps_sreg sr;
        int comp;
        /* a register named like a special register (%tid) hides it: %tid.x is then a selector on
         * that register, which ptxas refuses ("Unknown video selector") */
        (void)sr, (void)comp;
        if (base && base->kind == SYM_REG) {
            error_at(p, t, "invalid selector '%.*s' on register '%.*s'", (int)(t->text + t->len - dot), dot,
                     (int)(dot - t->text), t->text);
            return false;
        }
    }
    if (e) {
        switch (e->kind) {
        case SYM_REG:
            o->kind = PS_OP_REG;
            o->reg = e->index;
            return true;
        case SYM_VAR:
            o->kind = PS_OP_VAR;
            o->var = e->var;
            return true;
        case SYM_FUNC:
            o->kind = PS_OP_FUNC;
            o->func = e->func;
            return true;
        case SYM_VREG: {
            int base = e->index, n = e->count;
            o->kind = PS_OP_VEC;
            o->vreg = true;
            o->items = ps_arena_alloc(&p->m->arena, sizeof(ps_operand) * (size_t)n);
            o->nitems = n;
            for (int i = 0; i < n; i++) {
                ps_operand *it = &o->items[i];
                it->kind = PS_OP_REG;
                it->reg = base + i;
                it->pair_reg = -1;
                it->line = t->line;
                it->col = t->col;
            }
            return true;
        }
        case SYM_LABEL: break;
        }
    }
    if (t->text[0] == '%') {
        ps_sreg sr;
        int comp;
        if (sreg_lookup(t, &sr, &comp)) {
            o->kind = PS_OP_SREG;
            o->sreg = sr;
            o->comp = (uint8_t)comp;
            char why[96];
            if (ps_sreg_unsupported(o->sreg, o->comp, p->m->arch, p->m->version, why, sizeof why)) {
                error_at(p, t, "%s", why);
                return false;
            }
            return true;
        }
        if (branch && p->fn) { /* a label may be spelled like a register: "%L1:", even "%tid:" */
            o->kind = PS_OP_LABEL;
            o->label = label_ref(p, t);
            return true;
        }
        error_at(p, t, "use of undeclared register '%.*s'", t->len, t->text);
        return false;
    }
    if (!p->fn) {
        error_at(p, t, "use of undeclared identifier '%.*s'", t->len, t->text);
        return false;
    }
    (void)branch;
    o->kind = PS_OP_LABEL;
    o->label = label_ref(p, t);
    return true;
}

/* "+ expr" after an address or variable base (PTX ISA 6.4.3: [reg+imm], [var+imm], var+imm).
 * ptxas takes '+' only: "[%rd1-4]" and "var-4" are syntax errors, "[%rd1+-4]" is the spelling. */
static bool parse_offset(parser *p, int64_t *off) {
    token *t = peek(p);
    if (is_punct(t, '-')) {
        error_at(p, t, "expected '+' before the offset: ptxas refuses '-' here; write '+-N'");
        return false;
    }
    if (!is_punct(t, '+')) return true;
    next(p);
    int64_t v;
    if (!cexpr_parse_int(p, &v)) return false;
    *off += v;
    return true;
}

/* "var[K]": the address of element K, counted in the variable's scalar type (ptxas adds
 * K * sizeof(type): a .v4 .f32 array steps by 4 bytes, a [R][C] array by one scalar; see
 * lab/ptxas_operands). A register index is legal PTX that ptxsim refuses (ptxas truncates it to
 * 32 bits before scaling, a detail not confirmed on hardware). */
static bool parse_index(parser *p, ps_operand *o, const token *name) {
    token open = next(p); /* '[' */
    if (!o->var->is_array) {
        error_at(p, &open, "'%.*s' is not an array: indexing needs an array variable", name->len, name->text);
        return false;
    }
    if (peek(p)->kind == TOK_IDENT) {
        error_at(p, peek(p),
                 "a register index into '%.*s' is not supported by ptxsim; compute "
                 "the address (mul.wide, add) and use [reg]",
                 name->len, name->text);
        return false;
    }
    int64_t k;
    if (!cexpr_parse_int(p, &k)) return false;
    o->offset += k * ps_type_size(o->var->type);
    o->indexed = true;
    return expect_punct(p, ']');
}

static bool parse_address(parser *p, ps_operand *o, bool branch) {
    o->kind = PS_OP_ADDR;
    token *b = peek(p);
    if (b->kind == TOK_IDENT) {
        token bt = next(p);
        ps_operand base;
        memset(&base, 0, sizeof base);
        if (bt.text[0] != '%' && !lookup(p, bt.text, (size_t)bt.len)) { /* not a label */
            error_at(p, &bt, "use of undeclared identifier '%.*s'", bt.len, bt.text);
            return false;
        }
        if (!resolve_ident(p, &bt, &base, false)) return false;
        if (base.kind == PS_OP_REG) o->reg = base.reg;
        else if (base.kind == PS_OP_VAR) o->var = base.var;
        else {
            error_at(p, &bt,
                     base.kind == PS_OP_LABEL ? "use of undeclared identifier '%.*s'" : "bad address base '%.*s'",
                     bt.len, bt.text);
            return false;
        }
        if (!parse_offset(p, &o->offset)) return false;
    } else {
        if (!cexpr_starts(p, true)) {
            char d[64];
            error_at(p, b, "expected an address, found %s", tok_desc(b, d, sizeof d));
            return false;
        }
        if (!cexpr_parse_int(p, &o->offset)) return false;
    }
    /* [tensorMap, {coordinates}] (cp.async.bulk.tensor) and [handle, {coordinates}] (tex, suld,
     * ...): the coordinates ride on the address operand as its items; [texture, sampler,
     * {coordinates}] (tex, tld4 in independent mode) marks it (parse_operands checks the rest) */
    if (is_punct(peek(p), ',') && o->reg >= 0) {
        next(p);
        if (peek(p)->kind == TOK_IDENT) {
            token st = next(p);
            ps_operand s;
            memset(&s, 0, sizeof s);
            if (!resolve_ident(p, &st, &s, false)) return false;
            ps_type t = s.kind == PS_OP_REG ? p->fn->regs[s.reg].type : PS_T_NONE;
            o->sampler = t == PS_T_B64 || t == PS_T_U64 || t == PS_T_S64 ? PS_SAMPLER_REG : PS_SAMPLER_BAD;
            if (is_punct(peek(p), ',')) next(p);
        }
        if (!is_punct(peek(p), '{')) {
            error_at(p, peek(p),
                     "expected '{' and coordinates after the address (ptxsim takes them in braces, "
                     "[a, {x}], also for one coordinate)");
            return false;
        }
        next(p);
        ps_operand v;
        memset(&v, 0, sizeof v);
        v.kind = PS_OP_VEC;
        if (!parse_list(p, &v, '}', branch)) return false;
        o->items = v.items;
        o->nitems = v.nitems;
    }
    return expect_punct(p, ']');
}

/* A constant expression as an immediate operand: integers as PS_OP_IMM, floating-point values
 * as PS_OP_IMM_F64 (their f64 bits, as a decimal float literal). */
static bool parse_imm_expr(parser *p, ps_operand *o) {
    ps_cval v;
    if (!cexpr_parse(p, &v)) return false;
    if (v.is_float) {
        o->kind = PS_OP_IMM_F64;
        memcpy(&o->imm, &v.d, 8);
    } else {
        o->kind = PS_OP_IMM;
        o->imm = v.i;
    }
    return true;
}

static bool parse_operand(parser *p, ps_operand *o, bool branch) {
    memset(o, 0, sizeof *o);
    o->reg = -1;
    o->pair_reg = -1;
    token *t = peek(p);
    o->line = t->line;
    o->col = t->col;
    if (is_punct(t, '{')) {
        next(p);
        o->kind = PS_OP_VEC;
        return parse_list(p, o, '}', branch);
    }
    if (is_punct(t, '(') && branch) { /* call argument lists; elsewhere '(' opens an expression */
        next(p);
        o->kind = PS_OP_LIST;
        return parse_list(p, o, ')', branch);
    }
    if (is_punct(t, '[')) {
        next(p);
        return parse_address(p, o, branch);
    }
    if (is_punct(t, '!') && peek2(p)->kind == TOK_IDENT) {
        next(p);
        if (peek(p)->kind == TOK_INT) { /* "!1": a negated immediate predicate (ptxas takes it) */
            token v = next(p);
            o->kind = PS_OP_IMM;
            o->imm = v.u;
            o->neg = true;
            return true;
        }
        token r = next(p);
        if (!resolve_ident(p, &r, o, branch) || o->kind != PS_OP_REG) {
            error_at(p, &r, "'!' must be followed by a predicate register");
            return false;
        }
        o->neg = true;
        return true;
    }
    if (is_punct(t, '-') && peek2(p)->kind == TOK_IDENT) { /* -%r: vmad only (checked later) */
        next(p);
        token v = next(p);
        if (!resolve_ident(p, &v, o, branch)) return false;
        if (o->kind != PS_OP_REG) {
            error_at(p, &v, "unary '-' applies only to literals");
            return false;
        }
        o->neg = true;
        o->minus = true;
        return true;
    }
    if (cexpr_starts(p, true)) return parse_imm_expr(p, o);
    token v = next(p);
    switch (v.kind) {
    case TOK_F32: /* hex floats are literals on their own: ptxas refuses -0f..., 0f...*2 */
        o->kind = PS_OP_IMM_F32;
        o->imm = v.u;
        return true;
    case TOK_F64:
        o->kind = PS_OP_IMM_F64;
        o->imm = v.u;
        return true;
    case TOK_IDENT:
        if (!resolve_ident(p, &v, o, branch)) return false;
        if ((o->kind == PS_OP_REG || o->kind == PS_OP_SINK) && is_punct(peek(p), '|')) {
            next(p);
            token q = next(p);
            ps_operand o2;
            memset(&o2, 0, sizeof o2);
            if (q.kind != TOK_IDENT || !resolve_ident(p, &q, &o2, false) ||
                (o2.kind != PS_OP_REG && o2.kind != PS_OP_SINK)) {
                error_at(p, &q, "expected a predicate register after '|'");
                return false;
            }
            o->pair_reg = o2.kind == PS_OP_SINK ? PS_PAIR_SINK : o2.reg;
        }
        if (o->kind == PS_OP_VAR) {
            if (is_punct(peek(p), '[')) return parse_index(p, o, &v);
            return parse_offset(p, &o->offset);
        }
        return true;
    default: {
        char b[64];
        error_at(p, &v, "expected an operand, found %s", tok_desc(&v, b, sizeof b));
        return false;
    }
    }
}

/* ---- instructions ------------------------------------------------------- */

static bool parse_shape(const char *s, size_t n, int *m, int *nn, int *k) {
    char buf[32];
    if (n >= sizeof buf || n < 4 || s[0] != 'm') return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    int a = 0, b = 0, c = 0, used = 0;
    if (sscanf(buf, "m%dn%dk%d%n", &a, &b, &c, &used) == 3 && (size_t)used == n) {
        *m = a, *nn = b, *k = c;
        return true;
    }
    if (sscanf(buf, "m%dn%d%n", &a, &b, &used) == 2 && (size_t)used == n) {
        *m = a, *nn = b, *k = 0;
        return true;
    }
    return false;
}

/* A shape modifier into the instruction; one that does not fit its 16-bit fields is no shape
 * (the modifier is then reported as unknown). */
static bool shape_of(const char *s, size_t n, ps_insn *in) {
    int m, nn, k;
    if (!parse_shape(s, n, &m, &nn, &k) || m < 0 || nn < 0 || k < 0 || m > INT16_MAX || nn > INT16_MAX || k > INT16_MAX)
        return false;
    in->shape_m = (int16_t)m, in->shape_n = (int16_t)nn, in->shape_k = (int16_t)k;
    return true;
}

/* Instructions are checked against the module's .target, as ptxas checks them whatever -arch
 * says (--target only has to be able to run that target: parse_target). */
static const ps_arch *check_arch(parser *p) { return p->m->arch; }

static uint32_t hash_bytes(const char *s, size_t n) { /* FNV-1a */
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static mn_entry *mn_find(struct mn_cache *c, const char *s, int len, uint32_t h) {
    if (!c->cap) return NULL;
    for (int i = (int)(h & (uint32_t)(c->cap - 1));; i = (i + 1) & (c->cap - 1)) {
        mn_entry *e = &c->slots[i];
        if (!e->text) return NULL;
        if (e->hash == h && e->len == len && memcmp(e->text, s, (size_t)len) == 0) return e;
    }
}

static void mn_insert(struct mn_cache *c, const mn_entry *x) {
    if (2 * (c->n + 1) > c->cap) {
        struct mn_cache old = *c;
        c->cap = c->cap ? c->cap * 2 : 256;
        c->slots = ps_xcalloc((size_t)c->cap, sizeof *c->slots);
        c->n = 0;
        for (int i = 0; i < old.cap; i++)
            if (old.slots[i].text) mn_insert(c, &old.slots[i]);
        free(old.slots);
    }
    int i = (int)(x->hash & (uint32_t)(c->cap - 1));
    while (c->slots[i].text) i = (i + 1) & (c->cap - 1);
    c->slots[i] = *x;
    c->n++;
}

static void mn_clear(struct mn_cache *c) {
    free(c->slots);
    memset(c, 0, sizeof *c);
}

static void parse_operands(parser *p, ps_insn *in, const token *mt);

static void parse_instruction(parser *p, int guard_reg, bool guard_neg) {
    token mt = next(p);
    uint32_t h = hash_bytes(mt.text, (size_t)mt.len);
    mn_entry *hit = mn_find(&p->mn, mt.text, mt.len, h);
    if (hit) {
        ps_insn in;
        memset(&in, 0, sizeof in);
        in.form = hit->info->op;
        in.info = hit->info;
        memcpy(in.types, hit->types, sizeof in.types);
        in.ntypes = hit->ntypes;
        in.mods = hit->mods;
        in.vec = hit->vec;
        in.shape_m = hit->shape_m, in.shape_n = hit->shape_n, in.shape_k = hit->shape_k;
        in.xnum = hit->xnum;
        in.guard_reg = guard_reg;
        in.guard_neg = guard_neg;
        in.line = mt.line;
        in.col = mt.col;
        in.loc_file = p->loc_file;
        in.loc_line = p->loc_line;
        in.text = hit->text;
        in.words = hit->words;
        in.nwords = (uint16_t)hit->nwords;
        parse_operands(p, &in, &mt);
        return;
    }
    size_t plen = ps_isa_match_prefix(mt.text, (size_t)mt.len);
    if (!plen) {
        error_at(p, &mt, "unknown instruction '%.*s'", mt.len, mt.text);
        recover(p);
        return;
    }
    ps_insn in;
    memset(&in, 0, sizeof in);
    in.guard_reg = guard_reg;
    in.guard_neg = guard_neg;
    in.vec = 1;
    in.line = mt.line;
    in.col = mt.col;
    in.loc_file = p->loc_file;
    in.loc_line = p->loc_line;

    /* Split the modifiers, recording each word in order (ps_insn.words). A W word of mods.def is
     * known only to rows that accept "*" modifiers: elsewhere it stays an unknown modifier. */
    int unknown_at = -1, unknown_len = 0, word_at = -1, word_len = 0, nwords = 0;
    ps_word words[UINT8_MAX];
    const char *s = mt.text + plen, *end = mt.text + mt.len;
    while (s < end) {
        s++; /* '.' */
        const char *e = s;
        while (e < end && *e != '.') e++;
        size_t n = (size_t)(e - s);
        ps_type ty = ps_type_lookup(s, n);
        int mod;
        ps_word w;
        if (ty != PS_T_NONE) {
            if (in.ntypes == 4) {
                error_at(p, &mt, "too many type suffixes");
                recover(p);
                return;
            }
            in.types[in.ntypes++] = ty;
            w = PS_WORD(PS_WK_TYPE, ty);
        } else if ((mod = ps_mod_lookup(s, n)) >= 0) {
            ps_modset_add(&in.mods, (ps_mod)mod);
            if (mod == PS_MOD_V2) in.vec = 2;
            if (mod == PS_MOD_V4) in.vec = 4;
            if (mod == PS_MOD_V8) in.vec = 8;
            if (mod >= PS_MOD_NTABLE && word_at < 0) word_at = (int)(s - mt.text), word_len = (int)n;
            w = PS_WORD(PS_WK_MOD, mod);
        } else if (shape_of(s, n, &in)) {
            w = PS_WORD(PS_WK_SHAPE, 0);
        } else if (n >= 2 && s[0] == 'x' && isdigit((unsigned char)s[1])) {
            in.xnum = 0; /* the digits of .x2, .x4: bounded by the modifier (no NUL after the text) */
            for (size_t k = 1; k < n && isdigit((unsigned char)s[k]) && in.xnum < 100000; k++)
                in.xnum = in.xnum * 10 + (s[k] - '0');
            w = PS_WORD(PS_WK_XNUM, 0);
        } else {
            if (unknown_at < 0) unknown_at = (int)(s - mt.text), unknown_len = (int)n;
            size_t at = (size_t)(s - mt.text);
            w = PS_WORD(PS_WK_OTHER, at < PS_WORD_VALUE_MAX ? at : PS_WORD_VALUE_MAX);
        }
        if (nwords < (int)PS_ARRAY_LEN(words)) words[nwords++] = w;
        s = e;
    }

    /* Select the form: the first row of this mnemonic that accepts the first type. */
    const ps_form *cands;
    int nc = ps_isa_lookup_mnemonic(mt.text, plen, &cands);
    const ps_form_info *info = NULL;
    for (int i = 0; i < nc && !info; i++) {
        const ps_form_info *f = ps_form_get(cands[i]);
        if (f->any_type || (in.ntypes == 0 && f->no_type) || (in.ntypes > 0 && (f->types >> in.types[0] & 1))) info = f;
    }
    if (!info) {
        if (in.ntypes)
            error_at(p, &mt, "instruction '%.*s' does not take type .%s", (int)plen, mt.text,
                     ps_type_name(in.types[0]));
        else error_at(p, &mt, "instruction '%.*s' requires a type", (int)plen, mt.text);
        recover(p);
        return;
    }
    in.form = info->op; /* the handler's key; info: the row (forms.def, XS) */
    in.info = info;
    if (!info->any_mod) {
        if (word_at >= 0 && (unknown_at < 0 || word_at < unknown_at)) unknown_at = word_at, unknown_len = word_len;
        if (unknown_at >= 0) {
            token at = mt;
            at.col += unknown_at - 1;
            error_at(p, &at, "unknown modifier '.%.*s' for '%s'", unknown_len, mt.text + unknown_at, info->mnemonic);
            recover(p);
            return;
        }
        /* a modifier the row lacks: refused now, or, where another row of the mnemonic takes it
         * (set.ftz on an integer source), after the groups' "one member" checks, as ptxas does */
        int lacked = -1;
        for (int w = 0; w < (int)PS_ARRAY_LEN(in.mods.w) && lacked < 0; w++) {
            uint64_t bad = in.mods.w[w] & ~info->mods.w[w];
            if (bad) lacked = w * 64 + __builtin_ctzll(bad);
        }
        bool other_row = false; /* (a word of the name, .wide on mul.u64, is refused at once) */
        for (int i = 0; i < nc && lacked >= 0 && !ps_isa_mod_in_name((ps_mod)lacked); i++)
            other_row |= ps_modset_has(&ps_form_get(cands[i])->mods, (ps_mod)lacked);
        if (lacked >= 0 && !other_row) {
            char why[160];
            error_at(p, &mt, "%s",
                     ps_isa_mod_refused(info, (ps_mod)lacked, in.types, in.ntypes, &in.mods, why, sizeof why));
            recover(p);
            return;
        }
        if (in.shape_m || in.xnum) {
            error_at(p, &mt, "unexpected shape modifier on '%s'", info->mnemonic);
            recover(p);
            return;
        }
        char why[160]; /* the group rules the row states (forms.def: GROUP, GROUP!) */
        if ((info->op == PS_F_BARRIER_CLUSTER &&
             ps_isa_cluster_barrier_words(mt.text, (size_t)mt.len, why, sizeof why)) ||
            (info->op == PS_F_SHF && ps_isa_shf_words(mt.text, (size_t)mt.len, why, sizeof why)) ||
            (info->op == PS_F_DIV_FLT && ps_isa_div_full_word(mt.text, (size_t)mt.len, why, sizeof why)) ||
            ps_isa_groups_unsupported(info, &in.mods, mt.text, (size_t)mt.len, why, sizeof why) ||
            (lacked >= 0 && ps_isa_mod_refused(info, (ps_mod)lacked, in.types, in.ntypes, &in.mods, why, sizeof why)) ||
            ps_isa_groups_required(info, &in.mods, mt.text, (size_t)mt.len, why, sizeof why)) {
            error_at(p, &mt, "%s", why);
            recover(p);
            return;
        }
        /* a state space written twice (the modifier set cannot show it) on a row with one space
         * (SPACE, ASPACE, CTASPACE...): ptxas 13's words for isspacep, cvta, prefetch, mapa, ld,
         * the mbarriers (cp.async, whose two spaces are its own, says "State space incorrect":
         * its validator's) */
        bool one_space = ps_isa_counts_spaces(info);
        for (int i = 0; i < nwords && one_space; i++)
            for (int j = 0; j < i; j++)
                if (words[i] == words[j] && ps_word_kind(words[i]) == PS_WK_MOD &&
                    ps_modset_has(ps_modgroup_mask(PS_MG_SPACE), (ps_mod)ps_word_value(words[i]))) {
                    error_at(p, &mt, "Unexpected number of state spaces specified in instruction '%s'", info->mnemonic);
                    recover(p);
                    return;
                }
    }
    char why[160];
    if (ps_isa_form_unsupported(info, check_arch(p), p->m->version, why, sizeof why) ||
        ps_isa_variant_unsupported(info, in.types, in.ntypes, &in.mods, check_arch(p), p->m->version, why,
                                   sizeof why) ||
        ps_isa_tensor_unsupported(in.form, in.types, in.ntypes, in.shape_m, in.shape_n, in.shape_k, check_arch(p),
                                  p->m->version, why, sizeof why) ||
        ps_isa_cvt_unsupported(in.form, in.types, in.ntypes, &in.mods, check_arch(p), p->m->version, why, sizeof why) ||
        ps_isa_set_unsupported(in.form, in.types, in.ntypes, &in.mods, check_arch(p), p->m->version, why, sizeof why) ||
        ps_isa_target_rules(info, in.types, in.ntypes, &in.mods, tok_str(p, &mt), check_arch(p), p->m->version, why,
                            sizeof why)) {
        error_at(p, &mt, "%s", why);
        recover(p);
        return;
    }
    in.text = tok_str(p, &mt);
    ps_word *kept = ps_arena_alloc(&p->m->arena, sizeof(ps_word) * (size_t)(nwords ? nwords : 1));
    memcpy(kept, words, sizeof(ps_word) * (size_t)nwords);
    in.words = kept;
    in.nwords = (uint16_t)nwords;
    mn_entry e = {in.text, mt.len,     h,          info,       {0},     in.ntypes, in.mods,
                  in.vec,  in.shape_m, in.shape_n, in.shape_k, in.xnum, in.words,  nwords};
    memcpy(e.types, in.types, sizeof e.types);
    mn_insert(&p->mn, &e);
    parse_operands(p, &in, &mt);
}

static bool flatten_call_list(parser *p, ps_operand *list) {
    for (int k = 0; k < list->nitems; k++)
        if (list->items[k].kind == PS_OP_VEC && !list->items[k].vreg) {
            token at = p->tok;
            at.line = list->items[k].line, at.col = list->items[k].col;
            error_at(p, &at,
                     "a brace list cannot be a call argument (ptxas refuses it); pass a "
                     "vector register");
            return false;
        }
    int n = 0;
    for (int k = 0; k < list->nitems; k++) n += list->items[k].kind == PS_OP_VEC ? list->items[k].nitems : 1;
    if (n == list->nitems) return true;
    ps_operand *items = ps_arena_alloc(&p->m->arena, sizeof(ps_operand) * (size_t)n);
    int j = 0;
    for (int k = 0; k < list->nitems; k++) {
        const ps_operand *it = &list->items[k];
        if (it->kind == PS_OP_VEC)
            for (int e = 0; e < it->nitems; e++) items[j++] = it->items[e];
        else items[j++] = *it;
    }
    list->items = items;
    list->nitems = n;
    return true;
}

/* The operands of an instruction whose mnemonic has been validated, then the instruction. */
static void parse_operands(parser *p, ps_insn *inp, const token *mtp) {
    ps_insn in = *inp;
    token mt = *mtp;
    const ps_form_info *info = in.info;
    ps_func *fn = p->fn;
    ps_operand ops[16];
    int nops = 0;
    bool branch = (info->props & (P_BRANCH | P_CALL)) != 0;
    if (!is_punct(peek(p), ';')) {
        for (;;) {
            if (nops == 16) {
                error_at(p, peek(p), "too many operands");
                recover(p);
                return;
            }
            if (!parse_operand(p, &ops[nops++], branch)) {
                recover(p);
                return;
            }
            if (!is_punct(peek(p), ',')) break;
            next(p);
        }
    }
    if (!expect_punct(p, ';')) {
        recover(p);
        return;
    }
    if ((info->min_ops >= 0 && nops < info->min_ops) || (info->max_ops >= 0 && nops > info->max_ops)) {
        if (info->min_ops == info->max_ops)
            error_at(p, &mt, "'%s' takes %d operands, %d given", info->mnemonic, info->min_ops, nops);
        else
            error_at(p, &mt, "'%s' takes %d to %d operands, %d given", info->mnemonic, info->min_ops, info->max_ops,
                     nops);
        return;
    }
    char why[192];
    if (ps_isa_operands_unsupported(in.form, &in.mods, nops, check_arch(p), p->m->version, why, sizeof why)) {
        error_at(p, &mt, "%s", why);
        return;
    }
    for (int i = 0; i < nops; i++)
        if (ops[i].minus && in.form != PS_F_VMAD) {
            token at = mt;
            at.line = ops[i].line, at.col = ops[i].col;
            error_at(p, &at, "unary '-' applies only to literals");
            return;
        }
    for (int i = 0; i < nops; i++)
        if (ops[i].sel && !(info->props & P_VIDEO)) {
            token at = mt;
            at.line = ops[i].line, at.col = ops[i].col;
            error_at(p, &at,
                     "operand selectors (.b0, .h1, ...) are only allowed on video "
                     "instructions, not on '%s'",
                     info->mnemonic);
            return;
        }
    for (int i = 0; i < nops; i++)
        if ((ops[i].pair_reg >= 0 || ops[i].pair_reg == PS_PAIR_SINK) && !(i == 0 && (info->props & P_PAIR_DEST))) {
            token at = mt;
            at.line = ops[i].line, at.col = ops[i].col;
            error_at(p, &at, "'%s' does not take a 'd|p' operand here", info->mnemonic);
            return;
        }
    /* a sampler operand (ps_operand.sampler): tex and tld4 only, a 64-bit register, and no cube
     * geometry (ptxas 13's verdicts and wording) */
    for (int i = 0; i < nops; i++)
        if (ops[i].kind == PS_OP_ADDR && ops[i].sampler) {
            bool tex = info->id == PS_F_TEX || info->id == PS_F_TLD4;
            if (!tex || ops[i].sampler == PS_SAMPLER_BAD) {
                error_at(p, &mt, "Arguments mismatch for instruction '%s'", info->mnemonic);
                return;
            }
            if (ps_insn_has(&in, PS_WM(CUBE)) || ps_insn_has(&in, PS_WM(ACUBE))) {
                error_at(p, &mt, "Illegal modifier '.%s' for instruction '%s'",
                         ps_insn_has(&in, PS_WM(CUBE)) ? "cube" : "acube", info->mnemonic);
                return;
            }
        }
    if (info->props & P_CALL) /* a vector argument is its elements (see vreg_param) */
        for (int i = 0; i < nops; i++)
            if (ops[i].kind == PS_OP_LIST && !flatten_call_list(p, &ops[i])) return;
    if (info->props & P_CALL) {
        ps_decl_call(p, &mt, ops, nops);
        if (p->failed_stmt) return;
    }
    for (int i = 0; i < nops; i++)
        if (ops[i].vreg && !(info->props & P_VECTOR_REG)) {
            token at = mt;
            at.line = ops[i].line, at.col = ops[i].col;
            error_at(p, &at,
                     "a vector register is not allowed as an operand of '%s' (ptxas: Vector "
                     "operand is not allowed for instruction '%s'); name its elements",
                     info->mnemonic, info->mnemonic);
            return;
        }
    if (in.form == PS_F_MOV && in.vec > 1) /* mov.v2 / mov.v4: element by element */
        for (int i = 0; i < nops; i++) {
            token at = mt;
            at.line = ops[i].line, at.col = ops[i].col;
            if (ops[i].kind != PS_OP_VEC) {
                error_at(p, &at,
                         "ptxsim does not run 'mov.v%d' with a scalar or immediate operand "
                         "(ptxas compiles it to values the PTX ISA does not define; "
                         "lab/ptxas_operands)",
                         in.vec);
                return;
            }
            if (ops[i].nitems != in.vec) {
                error_at(p, &at,
                         "'mov.v%d' needs %d elements here, not %d (ptxas: Argument vector "
                         "size mismatch)",
                         in.vec, in.vec, ops[i].nitems);
                return;
            }
        }
    /* "ld.global.u32 r, arr[2]" / "st.global.u32 arr[2], r": an indexed array is the address
     * (PTX ISA 6.4.3), as [arr+2*size] */
    if (in.form == PS_F_LD || in.form == PS_F_ST)
        for (int i = 0; i < nops; i++)
            if (ops[i].kind == PS_OP_VAR && ops[i].indexed) ops[i].kind = PS_OP_ADDR;
    check_spaces(p, &in, &mt, ops, nops);
    if (p->failed_stmt) return;
    ps_validate_operands(p, &in, &mt, ops, nops);
    if (p->failed_stmt) return;
    in.ops = ps_arena_alloc(&p->m->arena, sizeof(ps_operand) * (size_t)(nops ? nops : 1));
    memcpy(in.ops, ops, sizeof(ps_operand) * (size_t)nops);
    in.nops = nops;
    PUSH(fn->insns, fn->ninsns, fn->cap_insns, in);
}

/* ---- function bodies ---------------------------------------------------- */

static int define_label(parser *p, const token *t) {
    int idx = label_def(p, t);
    if (idx < 0) return -1;
    ps_label *l = &p->fn->labels[idx];
    l->defined = true;
    l->insn = p->fn->ninsns;
    l->line = t->line;
    l->col = t->col;
    return idx;
}

/* One formal of a .callprototype: ".param .align 16 .b8 _[16]", ".reg .b32 _" (its name is not
 * kept). Returns the variable, or NULL after an error. */
static ps_var *proto_formal(parser *p) {
    ps_var *v = ps_arena_alloc(&p->m->arena, sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = PS_T_NONE;
    v->vec = 1;
    token d = next(p);
    if (!tok_is(&d, ".param") && !tok_is(&d, ".reg")) {
        char b[64];
        error_at(p, &d, "expected '.param' or '.reg' in a .callprototype, found %s", tok_desc(&d, b, sizeof b));
        return NULL;
    }
    v->is_reg = tok_is(&d, ".reg");
    v->space = PS_SPACE_PARAM;
    uint64_t count = 1;
    for (;;) {
        token t = next(p);
        if (t.kind == TOK_EOF || is_punct(&t, ';')) {
            error_at(p, &t, "unterminated .callprototype");
            return NULL;
        }
        if (is_punct(&t, ',') || is_punct(&t, ')')) {
            unget(p, t);
            break;
        }
        int64_t n;
        if (tok_is(&t, ".align")) {
            if (!parse_int(p, &n)) return NULL;
            v->align = (int)n;
        } else if (tok_is(&t, ".v2") || tok_is(&t, ".v4")) {
            v->vec = t.text[2] - '0';
        } else if (dir_type(&t) != PS_T_NONE) {
            v->type = dir_type(&t);
        } else if (is_punct(&t, '[')) {
            if (!parse_int(p, &n) || !expect_punct(p, ']')) return NULL;
            v->is_array = true;
            count *= (uint64_t)(n > 0 ? n : 0);
        } else if (t.kind != TOK_IDENT && t.kind != TOK_DIRECTIVE) { /* the name, .ptr, spaces */
            char b[64];
            error_at(p, &t, "unexpected %s in a .callprototype", tok_desc(&t, b, sizeof b));
            return NULL;
        }
    }
    if (v->type == PS_T_NONE) {
        error_at(p, &d, "a .callprototype parameter needs a type");
        return NULL;
    }
    v->size = (uint64_t)ps_type_size(v->type) * (uint64_t)v->vec * count;
    if (!v->align) v->align = ps_type_size(v->type) * v->vec;
    return v;
}

/* "(formal, ...)" of a .callprototype into list/n (arena). */
static bool proto_list(parser *p, ps_var ***list, int *n) {
    ps_var *items[64];
    *n = 0;
    if (!expect_punct(p, '(')) return false;
    while (!is_punct(peek(p), ')')) {
        if (*n == 64) {
            error_at(p, peek(p), "too many parameters in a .callprototype");
            return false;
        }
        if (!(items[*n] = proto_formal(p))) return false;
        (*n)++;
        if (is_punct(peek(p), ',')) next(p);
    }
    next(p);
    *list = ps_arena_alloc(&p->m->arena, sizeof(ps_var *) * (size_t)(*n ? *n : 1));
    memcpy(*list, items, sizeof(ps_var *) * (size_t)*n);
    return true;
}

/* "label: .callprototype [(rets)] _ [(params)] [.noreturn];" — the header an indirect call through
 * this label must match (PTX ISA 9.7.14.3 call). */
static void parse_callprototype(parser *p, ps_label *lab) {
    ps_func *f = ps_arena_alloc(&p->m->arena, sizeof *f);
    memset(f, 0, sizeof *f);
    f->name = lab->name;
    if (is_punct(peek(p), '(') && !proto_list(p, &f->rets, &f->nrets)) return;
    token u = next(p);
    if (!tok_is(&u, "_")) {
        char b[64];
        error_at(p, &u, "expected '_' in a .callprototype, found %s", tok_desc(&u, b, sizeof b));
        return;
    }
    if (is_punct(peek(p), '(') && !proto_list(p, &f->params, &f->nparams)) return;
    if (peek(p)->kind == TOK_DIRECTIVE && tok_is(peek(p), ".noreturn")) {
        next(p);
        f->noreturn = true;
    }
    if (expect_punct(p, ';')) lab->proto = f;
}

/* "label: .calltargets f1, f2;" — the functions an indirect call through this label may reach. */
static void parse_calltargets(parser *p, ps_label *lab) {
    ps_func *fs[256];
    int n = 0;
    for (;;) {
        token t = next(p);
        sym *e = t.kind == TOK_IDENT ? lookup(p, t.text, (size_t)t.len) : NULL;
        if (!e || e->kind != SYM_FUNC || n == 256) {
            error_at(p, &t, "expected a declared function in .calltargets");
            return;
        }
        fs[n++] = e->func;
        if (!is_punct(peek(p), ',')) break;
        next(p);
    }
    if (!expect_punct(p, ';')) return;
    lab->calltargets = ps_arena_alloc(&p->m->arena, sizeof(ps_func *) * (size_t)n);
    memcpy(lab->calltargets, fs, sizeof(ps_func *) * (size_t)n);
    lab->ncalltargets = n;
}

static void skip_braced(parser *p);
static void parse_block(parser *p);

static void parse_statement(parser *p) {
    p->failed_stmt = false;
    token *t = peek(p);
    ps_func *fn = p->fn;
    if (t->kind == TOK_DIRECTIVE) {
        token d = next(p);
        if (tok_is(&d, ".reg")) {
            parse_decl(p, &d, PS_SPACE_NONE, true, (linkage){0}, NULL, NULL, NULL);
        } else if (tok_is(&d, ".loc")) {
            ps_decl_loc(p);
            if (p->failed_stmt) recover(p);
            return;
        } else if (tok_is(&d, ".pragma")) {
            token s = next(p);
            ps_decl_pragma(p, &s, 2);
        } else if (space_of(&d) != PS_SPACE_NONE) {
            if (refuse_qualified_space(p, &d)) {
                recover(p);
                return;
            }
            parse_decl(p, &d, space_of(&d), false, (linkage){0}, &fn->locals, &fn->nlocals, &fn->cap_locals);
        } else if (tok_is(&d, ".entry")) {
            error_at(p, &d,
                     "Parsing error near '.entry': syntax error (a kernel inside a function "
                     "body)");
        } else if (tok_is(&d, ".func")) {
            /* ptxas reads a function header here and stops at what follows it */
            while (peek(p)->kind != TOK_EOF && !is_punct(peek(p), '{') && !is_punct(peek(p), ';')) next(p);
            error_at(p, peek(p),
                     "a function cannot be declared or defined inside a function body "
                     "(ptxas: syntax error after '%.*s ...')",
                     d.len, d.text);
        } else {
            error_at(p, &d, "unexpected directive '%.*s' in a function body", d.len, d.text);
        }
        if (p->failed_stmt) {
            recover(p);
            return;
        }
        expect_punct(p, ';');
        if (p->failed_stmt) recover(p);
        return;
    }
    if (is_punct(t, '@')) {
        next(p);
        bool negp = false;
        if (is_punct(peek(p), '!')) {
            next(p);
            negp = true;
        }
        token r = next(p);
        sym *e = r.kind == TOK_IDENT ? lookup(p, r.text, (size_t)r.len) : NULL;
        if (!e || e->kind != SYM_REG || fn->regs[e->index].type != PS_T_PRED) {
            error_at(p, &r, "guard must be a predicate register");
            recover(p);
            return;
        }
        if (peek(p)->kind != TOK_IDENT) {
            error_at(p, peek(p), "expected an instruction after the guard");
            recover(p);
            return;
        }
        parse_instruction(p, e->index, negp);
        return;
    }
    if (t->kind == TOK_IDENT) {
        if (is_punct(peek2(p), ':')) {
            token name = next(p);
            next(p);
            int idx = define_label(p, &name);
            /* label: .branchtargets L1, L2;  or  label: .callprototype ...;  or .calltargets */
            token *d = peek(p);
            if (idx < 0) {
                if (d->kind == TOK_DIRECTIVE) recover(p);
                return;
            }
            if (d->kind == TOK_DIRECTIVE && tok_is(d, ".branchtargets")) {
                next(p);
                int targets[4096], n = 0;
                for (;;) {
                    token l = next(p);
                    if (l.kind != TOK_IDENT || n == 4096) {
                        error_at(p, &l, "expected a label in .branchtargets");
                        recover(p);
                        return;
                    }
                    targets[n++] = label_ref(p, &l);
                    if (!is_punct(peek(p), ',')) break;
                    next(p);
                }
                ps_label *lab = &fn->labels[idx];
                lab->targets = ps_arena_alloc(&p->m->arena, sizeof(int) * (size_t)n);
                memcpy(lab->targets, targets, sizeof(int) * (size_t)n);
                lab->ntargets = n;
                expect_punct(p, ';');
            } else if (d->kind == TOK_DIRECTIVE && tok_is(d, ".callprototype")) {
                next(p);
                parse_callprototype(p, &fn->labels[idx]);
                if (p->failed_stmt) recover(p);
            } else if (d->kind == TOK_DIRECTIVE && tok_is(d, ".calltargets")) {
                next(p);
                parse_calltargets(p, &fn->labels[idx]);
                if (p->failed_stmt) recover(p);
            }
            return;
        }
        parse_instruction(p, -1, false);
        return;
    }
    char b[64];
    error_at(p, t, "expected a statement, found %s", tok_desc(t, b, sizeof b));
    next(p);
    recover(p);
}

/* Blocks nest as deep as ptxas lets them: its parser stack runs out ("memory exhausted") past
 * 1,664 levels, the function body's included (ptxas 13.0, docs/limits.md). Nested blocks are
 * walked by this loop, not by recursion, so their depth costs no C stack. */
#define PS_MAX_BLOCK_DEPTH 1664

/* A function body, its '{' read: statements and nested blocks up to the matching '}'. */
static void parse_block(parser *p) {
    int depth = 1;
    for (;;) {
        token *t = peek(p);
        if (t->kind == TOK_EOF) {
            /* an unterminated comment swallowed the '}' and has been reported already */
            if (p->tok.kind == TOK_ERROR && p->tok.text[0] == '/') {
                while (--depth > 0) pop_scope(p);
                return;
            }
            p->failed_stmt = false;
            error_at(p, t, "expected '}' at end of input");
            while (--depth > 0) pop_scope(p); /* the blocks left open, so their tables are freed */
            return;
        }
        if (is_punct(t, '}')) {
            next(p);
            if (--depth == 0) return;
            pop_scope(p);
            continue;
        }
        if (is_punct(t, '{')) {
            p->failed_stmt = false;
            if (depth == PS_MAX_BLOCK_DEPTH) {
                error_at(p, t, "blocks nested more than %d deep (ptxas's limit)", PS_MAX_BLOCK_DEPTH);
                skip_braced(p);
                continue;
            }
            next(p);
            push_scope(p);
            depth++;
            continue;
        }
        parse_statement(p);
    }
}

/* A vector .reg parameter ".reg .v2 .f32 a" (the last variable of the list) becomes one scalar
 * .reg formal per element, a.x then a.y, and `a` the vector register made of them: a call passes
 * a vector argument element by element (call lists flatten vector operands), so the signature,
 * arity checks and the engine's copies stay those of scalar formals. */
static bool vreg_param(parser *p, const token *at, ps_var ***list, int *n, int *cap) {
    ps_var *v = (*list)[--*n];
    ps_func *fn = p->fn;
    if (v->is_array || v->init) {
        error_at(p, at, "a .reg parameter cannot be an array");
        return false;
    }
    if (ps_type_size(v->type) * v->vec > 16) {
        error_at(p, at, "vector type too large: .v%d .%s exceeds 128 bits", v->vec, ps_type_name(v->type));
        return false;
    }
    sym *e = lookup_in(p->scopes[p->nscopes - 1], v->name, strlen(v->name));
    e->kind = SYM_VREG;
    e->index = fn->nregs;
    e->count = v->vec;
    e->var = NULL;
    static const char xyzw[] = "xyzw", rgba[] = "rgba";
    for (int i = 0; i < v->vec; i++) {
        char en[168];
        ps_var *el = ps_arena_alloc(&p->m->arena, sizeof *el);
        *el = *v;
        snprintf(en, sizeof en, "%s.%c", v->name, xyzw[i]);
        el->name = ps_arena_strndup(&p->m->arena, en, strlen(en));
        el->vec = 1;
        el->size = (uint64_t)ps_type_size(v->type);
        el->align = (int)el->size;
        el->is_reg = true;
        el->reg = fn->nregs;
        for (int alias = 0; alias < 2; alias++) {
            snprintf(en, sizeof en, "%s.%c", v->name, (alias ? rgba : xyzw)[i]);
            sym *es = declare(p, at, ps_arena_strndup(&p->m->arena, en, strlen(en)), SYM_REG);
            if (!es) return false;
            es->index = fn->nregs;
        }
        ps_reg r = {el->name, v->type};
        PUSH(fn->regs, fn->nregs, fn->cap_regs, r);
        PUSH(*list, *n, *cap, el);
    }
    return true;
}

/* Parses "(.param .b32 a, .reg .u64 b, ...)" into a list of variables. */
static void parse_params(parser *p, ps_var ***list, int *n) {
    int cap = 0;
    if (!expect_punct(p, '(')) return;
    if (is_punct(peek(p), ')')) {
        next(p);
        return;
    }
    for (;;) {
        token d = next(p);
        ps_space sp = space_of(&d);
        bool is_reg = tok_is(&d, ".reg");
        if (sp != PS_SPACE_PARAM && !is_reg) {
            char b[64];
            error_at(p, &d, "expected '.param' or '.reg' in a parameter list, found %s", tok_desc(&d, b, sizeof b));
            return;
        }
        /* Parameters are variables in .param space (their size and alignment make the
         * signature). A .reg parameter is also a register of the function: its name resolves to
         * that register in the body, and calls copy values in and out of it (PTX ISA 5.1.6). */
        int before = *n;
        parse_decl(p, NULL, PS_SPACE_PARAM, false, (linkage){0}, list, n, &cap);
        if (p->failed_stmt) return;
        if (is_reg && *n > before && (*list)[*n - 1]->vec > 1) {
            if (!vreg_param(p, &d, list, n, &cap)) return;
        } else if (is_reg && *n > before) {
            ps_var *v = (*list)[*n - 1];
            if (v->vec != 1 || v->size != (uint64_t)ps_type_size(v->type)) {
                error_at(p, &d, "a .reg parameter is one scalar register");
                return;
            }
            sym *e = lookup_in(p->scopes[p->nscopes - 1], v->name, strlen(v->name));
            ps_func *fn = p->fn;
            v->is_reg = true;
            v->reg = fn->nregs;
            e->kind = SYM_REG;
            e->index = fn->nregs;
            e->var = NULL;
            ps_reg r = {v->name, v->type};
            PUSH(fn->regs, fn->nregs, fn->cap_regs, r);
        }
        if (!is_punct(peek(p), ',')) break;
        next(p);
    }
    expect_punct(p, ')');
}

/* Frees the parameter lists of a header that does not become (or stops being) the function's. */
static void discard_header(ps_func *f) {
    free(f->params);
    free(f->rets);
    free(f->regs); /* a header's registers are its .reg parameters */
    f->params = f->rets = NULL;
    f->regs = NULL;
    f->nparams = f->nrets = f->nregs = f->cap_regs = 0;
}

static void parse_function(parser *p, linkage lk, bool is_entry, const token *kw) {
    ps_func proto;
    memset(&proto, 0, sizeof proto);
    /* scope for the parameters, then the body */
    push_scope(p);
    ps_func *tmp = new_func(p);
    p->fn = tmp;
    if (!is_entry && is_punct(peek(p), '(')) parse_params(p, &tmp->rets, &tmp->nrets);
    token name = next(p);
    if (name.kind != TOK_IDENT) {
        char b[64];
        error_at(p, &name, "expected a function name, found %s", tok_desc(&name, b, sizeof b));
        discard_header(tmp);
        pop_scope(p);
        p->fn = NULL;
        recover(p);
        return;
    }
    if (is_punct(peek(p), '(')) parse_params(p, &tmp->params, &tmp->nparams);
    if (p->failed_stmt) {
        discard_header(tmp);
        pop_scope(p);
        p->fn = NULL;
        recover(p);
        return;
    }
    tmp->name = tok_str(p, &name);
    tmp->file = p->m->filename;
    tmp->is_entry = is_entry;
    tmp->is_extern = lk.is_extern;
    tmp->is_visible = lk.is_visible;
    tmp->is_weak = lk.is_weak;
    tmp->line = name.line;
    tmp->col = name.col;
    if (!ps_decl_func_header(p, tmp, is_entry, &name)) {
        discard_header(tmp);
        pop_scope(p);
        p->fn = NULL;
        recover(p);
        return;
    }
    /* performance directives (validate_decl.c) */
    bool directives = false;
    while (peek(p)->kind == TOK_DIRECTIVE) {
        token d = next(p);
        directives = true;
        if (tok_is(&d, ".pragma")) {
            token s = next(p);
            ps_decl_pragma(p, &s, 1);
            expect_punct(p, ';');
            if (!is_entry && !p->failed_stmt) { /* ptxas: a .func's header takes no .pragma */
                error_at(p, peek(p),
                         "Parsing error near %s: syntax error (a .pragma after a .func "
                         "header)",
                         is_punct(peek(p), '{') ? "'{'" : "the next token");
                p->fatal = true;
                break;
            }
            continue;
        }
        if (!ps_decl_perf(p, &d, tmp, is_entry)) break;
    }
    if (p->fatal || p->failed_stmt) {
        discard_header(tmp);
        pop_scope(p);
        p->fn = NULL;
        recover(p);
        return;
    }
    /* Declare (or find) the function at module scope. */
    sym *e = lookup_in(p->scopes[0], tmp->name, strlen(tmp->name));
    ps_func *fn;
    if (e && e->kind == SYM_FUNC) {
        fn = e->func;
        if (fn->is_entry != is_entry) error_at(p, &name, "'%s' redeclared as a different kind", tmp->name);
        else ps_decl_func_again(p, fn, tmp, is_punct(peek(p), '{'), peek(p));
    } else if (e) { /* ptxas reports it at the token after the header */
        error_at(p, is_entry ? &name : peek(p), "Inconsistent redefinition of variable '%s' (a function of that name)",
                 tmp->name);
        fn = tmp; /* kept in the module (which has an error now) so that it is freed */
        PUSH(p->m->funcs, p->m->nfuncs, p->m->cap_funcs, fn);
    } else {
        fn = tmp;
        e = ps_arena_alloc(&p->m->arena, sizeof *e);
        e->name = fn->name;
        e->kind = SYM_FUNC;
        e->func = fn;
        HASH_ADD_KEYPTR(hh, p->scopes[0], e->name, strlen(e->name), e);
        PUSH(p->m->funcs, p->m->nfuncs, p->m->cap_funcs, fn);
    }
    if (is_punct(peek(p), ';') && is_entry && directives) { /* ptxas: a kernel's directives go with its body */
        error_at(p, peek(p),
                 "Parsing error near ';': syntax error (a kernel declaration takes no "
                 "directives)");
        p->fatal = true;
    }
    if (is_punct(peek(p), ';')) {
        next(p);
        if (fn != tmp) discard_header(tmp); /* keep the first declaration's signature */
        pop_scope(p);
        p->fn = NULL;
        return;
    }
    if (!is_punct(peek(p), '{')) {
        char b[64];
        error_at(p, peek(p), "expected '{' or ';' after the function header, found %s", tok_desc(peek(p), b, sizeof b));
        if (fn != tmp) discard_header(tmp);
        pop_scope(p);
        p->fn = NULL;
        recover(p);
        return;
    }
    bool was_extern = lk.is_extern || (fn != tmp && fn->is_extern);
    if (fn->defined) error_at(p, peek(p), "Duplicate definition of function '%s'", fn->name);
    if (fn != tmp) { /* definition after a prototype: take the definition's header */
        discard_header(fn);
        fn->params = tmp->params, fn->nparams = tmp->nparams;
        fn->rets = tmp->rets, fn->nrets = tmp->nrets;
        fn->regs = tmp->regs, fn->nregs = tmp->nregs, fn->cap_regs = tmp->cap_regs;
        fn->is_extern = false;
        memcpy(fn->maxntid, tmp->maxntid, sizeof fn->maxntid);
        memcpy(fn->reqntid, tmp->reqntid, sizeof fn->reqntid);
        memcpy(fn->reqnctapercluster, tmp->reqnctapercluster, sizeof fn->reqnctapercluster);
        fn->maxclusterrank = tmp->maxclusterrank;
        fn->explicitcluster = tmp->explicitcluster;
        fn->line = tmp->line, fn->col = tmp->col;
    }
    fn->defined = true;
    p->fn = fn;
    p->label_base = p->nscopes - 1;
    next(p); /* '{' */
    p->loc_file = p->loc_line = 0;
    /* The body's instructions go to a buffer reused from function to function; the function
     * keeps an exact copy in the arena. Growing each function's array by doubling cost a tenth
     * of the parse time in realloc and first-touch page faults. */
    if (fn->ninsns > p->cap_scratch_insns) {
        p->cap_scratch_insns = fn->ninsns;
        p->scratch_insns = ps_xrealloc(p->scratch_insns, sizeof *fn->insns * (size_t)p->cap_scratch_insns);
    }
    if (fn->ninsns) memcpy(p->scratch_insns, fn->insns, sizeof *fn->insns * (size_t)fn->ninsns);
    fn->insns = p->scratch_insns;
    fn->cap_insns = p->cap_scratch_insns;
    parse_block(p);
    ps_decl_func_end(p, fn, &p->tok, was_extern);
    p->scratch_insns = fn->insns;
    p->cap_scratch_insns = fn->cap_insns;
    size_t insn_bytes = sizeof *fn->insns * (size_t)fn->ninsns;
    fn->insns = fn->ninsns ? ps_arena_alloc(&p->m->arena, insn_bytes) : NULL;
    if (fn->ninsns) memcpy(fn->insns, p->scratch_insns, insn_bytes);
    fn->cap_insns = fn->ninsns;
    if (fn->cap_regs > fn->nregs + 16) { /* grown by doubling: give the rest back */
        fn->regs = ps_xrealloc(fn->regs, (size_t)(fn->nregs + 1) * sizeof *fn->regs);
        fn->cap_regs = fn->nregs + 1;
    }
    /* labels must be defined; a placeholder merged into another is that label */
    for (int i = 0; i < fn->nlabels; i++)
        if (!fn->labels[i].defined && p->label_fwd[i] < 0) {
            token at = {.line = fn->labels[i].line, .col = fn->labels[i].col};
            p->failed_stmt = false;
            error_at(p, &at, "use of undeclared identifier '%s'", fn->labels[i].name);
        }
    for (int i = 0; i < fn->nlabels; i++) {
        int r = i;
        while (p->label_fwd[r] >= 0) r = p->label_fwd[r];
        if (r != i) fn->labels[i] = fn->labels[r];
    }
    HASH_CLEAR(hh, p->label_defs[p->label_base]);
    HASH_CLEAR(hh, p->label_pending[p->label_base]);
    pop_scope(p);
    p->fn = NULL;
    (void)kw;
}

/* ---- module ------------------------------------------------------------- */

static void skip_braced(parser *p) {
    int depth = 0;
    for (;;) {
        token t = next(p);
        if (t.kind == TOK_EOF) return;
        if (is_punct(&t, '{')) depth++;
        if (is_punct(&t, '}') && --depth <= 0) return;
    }
}

static void parse_version(parser *p) {
    token d = p->tok;
    ps_decl_version(p, &d);
}

/* .target sm_XX[, option...] (PTX ISA 11.3.2), checked as ptxas 13 checks it: the list starts with
 * a target; a later target replaces the earlier one (so does a later .target directive before any
 * function or variable); texmode_independent needs PTX ISA 1.5 and debug 3.0; the two texmodes
 * conflict; map_f64_to_f32 is only for targets below sm_13 (the one written before it); debug
 * requires debug information, i.e. some .section in the module (checked at the end). Under
 * --target (ps_parse_options.target) the target must be one that architecture can run
 * (ps_arch_cannot_run). Instructions are checked against the module's target, as ptxas does. */
static void parse_target(parser *p) {
    if (p->m->nfuncs || p->m->nglobals) {
        error_at(p, &p->tok, "'.target' must come before the module's functions and variables");
        recover(p);
        return;
    }
    bool first = true;
    token last_target = p->tok;
    for (;;) {
        token t = next(p);
        char b[64];
        if (t.kind != TOK_IDENT) {
            error_at(p, &t, "expected a target name, found %s", tok_desc(&t, b, sizeof b));
            return;
        }
        bool debug = tok_is(&t, "debug"), unified = tok_is(&t, "texmode_unified"),
             independent = tok_is(&t, "texmode_independent"), map = tok_is(&t, "map_f64_to_f32");
        if (first && (debug || unified || independent || map)) {
            error_at(p, &t, "'.target' must name a target architecture (sm_XX) before its options");
        } else if (debug) {
            if (p->m->version && p->m->version < 30)
                error_at(p, &t, "Feature 'debug' requires PTX ISA .version 3.0 or later");
            if (!p->m->target_debug) p->debug_tok = t;
            p->m->target_debug = true;
        } else if (unified || independent) {
            if (independent && p->m->version && p->m->version < 15)
                error_at(p, &t, "Feature 'texmode_independent' requires PTX ISA .version 1.5 or later");
            int mode = unified ? 1 : 2;
            if (p->m->texmode && p->m->texmode != mode)
                error_at(p, &t, "Conflicting .target option '%.*s'", t.len, t.text);
            p->m->texmode = mode;
        } else if (map) {
            if (p->m->arch && p->m->arch->sm >= 13)
                error_at(p, &t, "Directive map_f64_to_f32 is not supported with SM 1.3 or higher (.target %s)",
                         p->m->target);
            p->m->map_f64_to_f32 = true;
        } else {
            p->m->target = tok_str(p, &t);
            p->m->arch = ps_arch_lookup(p->m->target);
            last_target = t;
            if (!p->m->arch) error_at(p, &t, "unknown target '%s'", p->m->target);
            else if (p->m->version && p->m->version < p->m->arch->min_ptx) ps_decl_target_version(p, &t);
        }
        first = false;
        if (!is_punct(peek(p), ',')) break;
        next(p);
    }
    char why[200];
    if (p->opt && p->opt->target && p->m->arch && ps_arch_cannot_run(p->opt->target, p->m->arch, why, sizeof why))
        error_at(p, &last_target, "%s", why);
}

static void parse_toplevel(parser *p) {
    p->failed_stmt = false;
    token *t = peek(p);
    if (t->kind != TOK_DIRECTIVE) {
        char b[64];
        error_at(p, t, "expected a directive at module scope, found %s", tok_desc(t, b, sizeof b));
        next(p);
        recover(p);
        return;
    }
    token d = next(p);
    if (tok_is(&d, ".version") || tok_is(&d, ".target")) mn_clear(&p->mn); /* checks change */
    if (tok_is(&d, ".version")) return parse_version(p);
    if (tok_is(&d, ".target")) return parse_target(p);
    if (tok_is(&d, ".address_size")) {
        int64_t v;
        if (parse_int(p, &v)) {
            ps_decl_address_size(p, &d, v);
            p->m->address_size = (int)v;
        }
        return;
    }
    if (tok_is(&d, ".file")) return ps_decl_file(p);
    if (tok_is(&d, ".section")) {
        p->seen_section = true;
        return ps_decl_section(p);
    }
    if (tok_is(&d, ".pragma")) {
        token s = next(p);
        ps_decl_pragma(p, &s, 0);
        if (!p->failed_stmt) expect_punct(p, ';');
        if (p->failed_stmt) recover(p);
        return;
    }
    linkage lk = {0};
    unget(p, d); /* re-examine d as a linkage directive */
    for (int n = 0; parse_linkage(p, &lk); n++)
        if (n) { /* ptxas: one linkage directive */
            error_at(p, &p->tok,
                     "Parsing error near '%.*s': syntax error (one of .extern .visible "
                     ".weak .common)",
                     p->tok.len, p->tok.text);
            p->fatal = true;
            return;
        }
    token k = next(p);
    if (lk.is_common && (tok_is(&k, ".entry") || tok_is(&k, ".func"))) {
        error_at(p, &k, "Parsing error near '%.*s': syntax error (.common is for variables)", k.len, k.text);
        p->fatal = true;
        return;
    }
    if (tok_is(&k, ".entry")) return parse_function(p, lk, true, &k);
    if (tok_is(&k, ".func")) return parse_function(p, lk, false, &k);
    ps_space sp = space_of(&k);
    if (sp != PS_SPACE_NONE && sp != PS_SPACE_PARAM) {
        if (refuse_qualified_space(p, &k)) {
            recover(p);
            return;
        }
        parse_decl(p, &k, sp, false, lk, &p->m->globals, &p->m->nglobals, &p->m->cap_globals);
        if (p->failed_stmt) {
            recover(p);
            return;
        }
        expect_punct(p, ';');
        if (p->failed_stmt) recover(p);
        return;
    }
    char b[64];
    error_at(p, &k, "unexpected %s at module scope", tok_desc(&k, b, sizeof b));
    recover(p);
}

/* ptxas stops at the first byte outside ASCII, comments included ("Unexpected non-ASCII
 * character encountered on line N"): one diagnostic per such line. The lexer skips these
 * bytes, so a character in code is not reported twice. */
static void report_non_ascii(parser *p, const char *src, size_t len) {
    int line = 1;
    const char *line_start = src;
    bool reported = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)src[i];
        if (c == '\n') {
            line++;
            line_start = src + i + 1;
            reported = false;
        } else if (c == 0 && !reported) { /* ptxas: "Unexpected EOF encountered" */
            ps_diags_add(p->diags, PS_DIAG_ERROR, p->m->filename, line, (int)(src + i - line_start) + 1,
                         "NUL byte: ptxas takes it for the end of the file");
            reported = true;
        } else if (c >= 0x80 && !reported) {
            ps_diags_add(p->diags, PS_DIAG_ERROR, p->m->filename, line, (int)(src + i - line_start) + 1,
                         "non-ASCII character (byte 0x%02x): ptxas accepts only ASCII, comments "
                         "included",
                         c);
            reported = true;
        }
    }
}

/* Binary input (a cubin, a fat binary, random bytes) gets one diagnostic instead of one per
 * line with raw bytes in it: an ELF or fat-binary magic number, a NUL byte, or control
 * characters in the first 4 KiB, which PTX text never has. */
static bool refuse_binary(const char *filename, const char *src, size_t len, ps_diags *diags) {
    const unsigned char *u = (const unsigned char *)src;
    const char *what = NULL;
    if (len >= 4 &&
        !memcmp(src,
                "\x7f"
                "ELF",
                4))
        what = "an ELF file (a cubin or other object code), not PTX text";
    else if (len >= 4 && u[0] == 0x50 && u[1] == 0xed && u[2] == 0x55 && u[3] == 0xba)
        what = "a CUDA fat binary, not PTX text";
    size_t at = len, controls = 0, first_control = 0;
    for (size_t i = 0; i < len && !what; i++) {
        if (!u[i]) {
            at = i, what = "binary data (a NUL byte), not PTX text";
            break;
        }
        if (i < 4096 && u[i] < 0x20 && !strchr("\t\n\v\f\r", u[i])) {
            if (!controls++) first_control = i;
            if (controls == 8) at = first_control, what = "binary data (control characters), not PTX text";
        }
    }
    if (!what) return false;
    int line = 1, col = 1;
    for (size_t i = 0; i < at && i < len; i++) u[i] == '\n' ? (line++, col = 1) : col++;
    if (at == len) line = col = 1;
    ps_diags_add(diags, PS_DIAG_ERROR, filename, line, col,
                 "this is %s: ptxsim reads PTX (what nvcc -ptx writes; cuobjdump -ptx extracts it "
                 "from a fat binary)",
                 what);
    return true;
}

ps_status ps_parse(const char *filename, const char *src, size_t len, const ps_parse_options *opt, ps_diags *diags,
                   ps_module **out) {
    ps_module *m = ps_xcalloc(1, sizeof *m);
    ps_arena_init(&m->arena);
    m->filename = ps_arena_strndup(&m->arena, filename, strlen(filename));
    m->address_size = 64;
    parser p;
    memset(&p, 0, sizeof p);
    p.m = m;
    p.diags = diags;
    p.opt = opt;
    int errors_before = diags->errors;
    if (refuse_binary(m->filename, src, len, diags)) {
        *out = m;
        return PS_ERR_PARSE;
    }
    lex_init(&p.lx, m->filename, src, len, diags);
    report_non_ascii(&p, src, len);
    push_scope(&p);
    while (peek(&p)->kind != TOK_EOF && !p.fatal) {
        if (!ps_decl_header(&p)) break;
        if (peek(&p)->kind == TOK_ERROR) {
            token t = next(&p);
            p.failed_stmt = false;
            char b[96];
            error_at(&p, &t, "invalid token %s", tok_desc(&t, b, sizeof b));
            recover(&p);
            continue;
        }
        parse_toplevel(&p);
    }
    ps_decl_finish(&p, peek(&p), errors_before);
    if (!m->target && diags->errors == errors_before)
        ps_diags_add(diags, PS_DIAG_ERROR, m->filename, 0, 0, "missing .target directive");
    if (m->target_debug && !p.seen_section)
        ps_diags_add(diags, PS_DIAG_ERROR, m->filename, p.debug_tok.line, p.debug_tok.col,
                     "Debug information not found in presence of .target debug (a module for .target debug "
                     "carries its DWARF in .section blocks)");
    if (diags->errors == errors_before && !(opt && opt->relocatable)) ps_check_externs(m, diags);
    while (p.nscopes) pop_scope(&p);
    mn_clear(&p.mn);
    free(p.scratch_insns);
    free(p.label_fwd);
    *out = m;
    return diags->errors == errors_before ? PS_OK : PS_ERR_PARSE;
}

void ps_module_free(ps_module *m) {
    if (!m) return;
    if (m->nparts) { /* linked: the parts own the functions and variables */
        for (int i = 0; i < m->nparts; i++) ps_module_free(m->parts[i]);
        free(m->parts);
        free(m->files);
        free(m->globals);
        free(m->funcs);
        ps_arena_free(&m->arena);
        free(m);
        return;
    }
    for (int i = 0; i < m->nfuncs; i++) {
        ps_func *f = m->funcs[i];
        free(f->regs);
        free(f->locals);
        free(f->labels);
        free(f->params);
        free(f->rets);
    }
    free(m->globals);
    free(m->funcs);
    ps_arena_free(&m->arena);
    free(m);
}

const char *ps_sreg_name(ps_sreg s) { return s < PS_SREG_COUNT ? sregs[s].name : "?"; }

ps_func *ps_module_find_func(const ps_module *m, const char *name) {
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return m->funcs[i];
    return NULL;
}

const char *ps_space_name(ps_space s) {
    static const char *n[] = {"none", "global", "shared", "local", "const", "param", "tex", "generic"};
    return n[s];
}
