/* constexpr.c — PTX constant expressions (PTX ISA 4.6): integer (.s64/.u64) and floating-point
 * (.f64) operands with C's operators and precedence, in immediates, address offsets, array
 * indices and initialisers. What ptxas refuses is refused the same way: mixing integer and
 * floating-point operands ("Constant expression type mismatch"), division by zero, hex float
 * literals (0f/0d) inside an expression. */
#include "constexpr.h"

#include <stdio.h>

static bool cond_expr(parser *p, ps_cval *v);

static bool is_hex_float(const token *t) {
    return (t->kind == TOK_F32 || t->kind == TOK_F64) && t->len > 1 && t->text[0] == '0' &&
        (t->text[1] == 'f' || t->text[1] == 'F' || t->text[1] == 'd' || t->text[1] == 'D');
}

bool cexpr_starts(parser *p, bool paren) {
    token *t = peek(p);
    if (t->kind == TOK_INT || (t->kind == TOK_F64 && !is_hex_float(t))) return true;
    if (t->kind != TOK_PUNCT) return false;
    return (paren && t->c == '(') || t->c == '-' || t->c == '+' || t->c == '!' || t->c == '~';
}

static ps_cval cint(int64_t v) { return (ps_cval){.i = (uint64_t)v}; }

static bool need_int(parser *p, const token *at, const ps_cval *v) {
    if (!v->is_float) return true;
    error_at(p, at, "integer constant expression expected");
    return false;
}

/* Both operands must be integers or both floating point (ptxas: "Constant expression type
 * mismatch"); integers are unsigned when either is. */
static bool same_kind(parser *p, const token *at, ps_cval *a, const ps_cval *b) {
    if (a->is_float != b->is_float) {
        error_at(p, at, "constant expression type mismatch: integer and floating-point operands");
        return false;
    }
    if (!a->is_float) a->is_unsigned = a->is_unsigned || b->is_unsigned;
    return true;
}

static bool unary(parser *p, ps_cval *v) {
    token *t = peek(p);
    if (is_punct(t, '-') || is_punct(t, '+') || is_punct(t, '!') || is_punct(t, '~')) {
        token op = next(p);
        if (!unary(p, v)) return false;
        switch (op.c) {
        case '-':
            if (v->is_float) v->d = -v->d;
            else v->i = 0 - v->i;
            return true;
        case '+': return true;
        case '!': *v = cint(v->is_float ? v->d == 0 : v->i == 0); return true;
        default:
            if (!need_int(p, &op, v)) return false;
            v->i = ~v->i;
            return true;
        }
    }
    if (is_punct(t, '(')) {
        token open = next(p);
        token *c = peek(p);
        if (c->kind == TOK_DIRECTIVE && (tok_is(c, ".s64") || tok_is(c, ".u64"))) { /* cast */
            bool u = tok_is(c, ".u64");
            next(p);
            if (!expect_punct(p, ')') || !unary(p, v)) return false;
            if (!need_int(p, &open, v)) return false;
            v->is_unsigned = u;
            return true;
        }
        if (is_hex_float(c) && is_punct(peek2(p), ')')) {
            /* "(0f3F800000)": ptxas takes a hex float in parentheses as a floating-point
             * constant (never with an operator inside them) */
            token h = next(p);
            next(p);
            double d;
            if (h.kind == TOK_F32) {
                uint32_t b32 = (uint32_t)h.u;
                float f;
                memcpy(&f, &b32, 4);
                d = f;
            } else {
                memcpy(&d, &h.u, 8);
            }
            *v = (ps_cval){.is_float = true, .d = d};
            return true;
        }
        if (!cond_expr(p, v)) return false;
        return expect_punct(p, ')');
    }
    token l = next(p);
    if (l.kind == TOK_INT) {
        /* .u64 with a U suffix, or when the value does not fit .s64 (PTX ISA 4.5.1) */
        bool u = (l.text[l.len - 1] == 'U' || l.text[l.len - 1] == 'u') || l.u > INT64_MAX;
        *v = (ps_cval){.is_unsigned = u, .i = l.u};
        return true;
    }
    if (l.kind == TOK_F64 && !is_hex_float(&l)) {
        double d;
        memcpy(&d, &l.u, 8);
        *v = (ps_cval){.is_float = true, .d = d};
        return true;
    }
    char b[64];
    if (is_hex_float(&l))
        error_at(p, &l, "a hex floating-point literal (%s) cannot be part of a constant expression",
                 tok_desc(&l, b, sizeof b));
    else error_at(p, &l, "expected a constant, found %s", tok_desc(&l, b, sizeof b));
    return false;
}

/* Binary operators by precedence level, lowest first (C's table without assignment). */
enum { L_LOR, L_LAND, L_BOR, L_BXOR, L_BAND, L_EQ, L_REL, L_SHIFT, L_ADD, L_MUL, L_UNARY };

/* The operator at the lookahead if it belongs to `level`: its code ('<' for "<<" is 'l', ">>"
 * 'r', "<=" 'L', ">=" 'G', "==" '=', "!=" 'n', "&&" 'a', "||" 'o'), and how many tokens it
 * takes; 0 if none. */
static int op_at(parser *p, int level, int *ntok) {
    token *a = peek(p);
    if (a->kind != TOK_PUNCT) return 0;
    token *b = peek2(p);
    bool b_adj = b->kind == TOK_PUNCT && b->line == a->line && b->col == a->col + 1;
    char c = a->c, c2 = b_adj ? b->c : 0;
    *ntok = 1;
    switch (level) {
    case L_LOR: return c == '|' && c2 == '|' ? (*ntok = 2, 'o') : 0;
    case L_LAND: return c == '&' && c2 == '&' ? (*ntok = 2, 'a') : 0;
    case L_BOR: return c == '|' && c2 != '|' ? '|' : 0;
    case L_BXOR: return c == '^' ? '^' : 0;
    case L_BAND: return c == '&' && c2 != '&' ? '&' : 0;
    case L_EQ:
        if (c == '=' && c2 == '=') return *ntok = 2, '=';
        if (c == '!' && c2 == '=') return *ntok = 2, 'n';
        return 0;
    case L_REL:
        if ((c == '<' || c == '>') && c2 == '=') return *ntok = 2, c == '<' ? 'L' : 'G';
        if ((c == '<' || c == '>') && c2 != c) return c;
        return 0;
    case L_SHIFT:
        if ((c == '<' || c == '>') && c2 == c) return *ntok = 2, c == '<' ? 'l' : 'r';
        return 0;
    case L_ADD: return c == '+' || c == '-' ? c : 0;
    case L_MUL: return c == '*' || c == '/' || c == '%' ? c : 0;
    }
    return 0;
}

static bool apply(parser *p, const token *at, int op, ps_cval *a, ps_cval b) {
    if (op == 'a' || op == 'o') {
        bool x = a->is_float ? a->d != 0 : a->i != 0, y = b.is_float ? b.d != 0 : b.i != 0;
        *a = cint(op == 'a' ? x && y : x || y);
        return true;
    }
    if (op == 'l' || op == 'r') { /* the left operand's type; counts taken modulo 64 */
        if (!need_int(p, at, a) || !need_int(p, at, &b)) return false;
        unsigned n = (unsigned)(b.i & 63);
        if (op == 'l') a->i <<= n;
        else a->i = a->is_unsigned ? a->i >> n : (uint64_t)((int64_t)a->i >> n);
        return true;
    }
    if (!same_kind(p, at, a, &b)) return false;
    if (a->is_float) {
        double x = a->d, y = b.d;
        switch (op) {
        case '+': a->d = x + y; return true;
        case '-': a->d = x - y; return true;
        case '*': a->d = x * y; return true;
        case '/': a->d = x / y; return true;
        case '<': *a = cint(x < y); return true;
        case '>': *a = cint(x > y); return true;
        case 'L': *a = cint(x <= y); return true;
        case 'G': *a = cint(x >= y); return true;
        case '=': *a = cint(x == y); return true;
        case 'n': *a = cint(x != y); return true;
        default: return need_int(p, at, a);
        }
    }
    uint64_t x = a->i, y = b.i;
    bool u = a->is_unsigned;
    int64_t sx = (int64_t)x, sy = (int64_t)y;
    switch (op) {
    case '+': a->i = x + y; return true;
    case '-': a->i = x - y; return true;
    case '*': a->i = x * y; return true;
    case '/':
    case '%':
        if (y == 0) {
            error_at(p, at, "division by zero in a constant expression");
            return false;
        }
        if (u) a->i = op == '/' ? x / y : x % y;
        else if (sx == INT64_MIN && sy == -1) a->i = op == '/' ? x : 0; /* wraps, as in two's complement */
        else a->i = (uint64_t)(op == '/' ? sx / sy : sx % sy);
        return true;
    case '&': a->i = x & y; return true;
    case '|': a->i = x | y; return true;
    case '^': a->i = x ^ y; return true;
    case '<': *a = cint(u ? x < y : sx < sy); return true;
    case '>': *a = cint(u ? x > y : sx > sy); return true;
    case 'L': *a = cint(u ? x <= y : sx <= sy); return true;
    case 'G': *a = cint(u ? x >= y : sx >= sy); return true;
    case '=': *a = cint(x == y); return true;
    case 'n': *a = cint(x != y); return true;
    }
    return false;
}

static bool binary(parser *p, int level, ps_cval *v) {
    if (level == L_UNARY) return unary(p, v);
    if (!binary(p, level + 1, v)) return false;
    for (;;) {
        int ntok, op = op_at(p, level, &ntok);
        if (!op) return true;
        token at = next(p);
        if (ntok == 2) next(p);
        ps_cval r;
        if (!binary(p, level + 1, &r) || !apply(p, &at, op, v, r)) return false;
    }
}

static bool cond_expr(parser *p, ps_cval *v) {
    if (!binary(p, L_LOR, v)) return false;
    if (!is_punct(peek(p), '?')) return true;
    token q = next(p);
    ps_cval a, b;
    if (!cond_expr(p, &a) || !expect_punct(p, ':') || !cond_expr(p, &b)) return false;
    if (!need_int(p, &q, v) || !same_kind(p, &q, &a, &b)) return false;
    b.is_unsigned = a.is_unsigned;
    *v = v->i ? a : b;
    return true;
}

bool cexpr_parse(parser *p, ps_cval *v) { return cond_expr(p, v); }

bool cexpr_parse_int(parser *p, int64_t *v) {
    token at = *peek(p);
    ps_cval c;
    if (!cond_expr(p, &c) || !need_int(p, &at, &c)) return false;
    *v = (int64_t)c.i;
    return true;
}
