/* lexer.c — splits PTX text into tokens; dotted words stay one token ("ld.global.v4.f32"). */
#include "lexer.h"

#include <stdlib.h>
#include <string.h>

void lex_init(lexer *lx, const char *file, const char *src, size_t len, ps_diags *diags) {
    lx->src = lx->p = lx->line_start = src;
    lx->end = src + len;
    lx->line = 1;
    lx->file = file;
    lx->diags = diags;
}

/* Character classes by table: the <ctype.h> calls cost a tenth of the lexing time. */
enum { C_SPACE = 1, C_START = 2, C_IDENT = 4, C_DIGIT = 8 };
static const unsigned char cls[256] = {
    /* ptxas's blanks: \v and the other control characters are errors outside comments, while
     * \f and ^Z (0x1a) are blanks */
    [' '] = C_SPACE,
    ['\t'] = C_SPACE,
    ['\n'] = C_SPACE,
    ['\r'] = C_SPACE,
    ['\f'] = C_SPACE,
    [0x1a] = C_SPACE,
#define R4(a) \
    [a] = C_START | C_IDENT, [a + 1] = C_START | C_IDENT, [a + 2] = C_START | C_IDENT, [a + 3] = C_START | C_IDENT
    R4('a'),
    R4('e'),
    R4('i'),
    R4('m'),
    R4('q'),
    R4('u'),
    ['y'] = C_START | C_IDENT,
    ['z'] = C_START | C_IDENT,
    R4('A'),
    R4('E'),
    R4('I'),
    R4('M'),
    R4('Q'),
    R4('U'),
    ['Y'] = C_START | C_IDENT,
    ['Z'] = C_START | C_IDENT,
#undef R4
    ['_'] = C_START | C_IDENT,
    ['$'] = C_START | C_IDENT,
    ['%'] = C_START,
    ['0'] = C_IDENT | C_DIGIT,
    ['1'] = C_IDENT | C_DIGIT,
    ['2'] = C_IDENT | C_DIGIT,
    ['3'] = C_IDENT | C_DIGIT,
    ['4'] = C_IDENT | C_DIGIT,
    ['5'] = C_IDENT | C_DIGIT,
    ['6'] = C_IDENT | C_DIGIT,
    ['7'] = C_IDENT | C_DIGIT,
    ['8'] = C_IDENT | C_DIGIT,
    ['9'] = C_IDENT | C_DIGIT,
};

static inline bool ident_start(int c) { return cls[c] & C_START; }
static inline bool ident_char(int c) { return cls[c] & C_IDENT; }
static inline bool is_space(int c) { return cls[c] & C_SPACE; }
static inline bool is_digit(int c) { return cls[c] & C_DIGIT; }

/* Skips whitespace and comments; returns false at end of input. */
static void skip_space(lexer *lx) {
    for (;;) {
        /* non-ASCII bytes were reported by the parser's first scan (ptxas refuses them
         * anywhere); skipping them here keeps them from causing a second diagnostic */
        while (lx->p < lx->end && (is_space((unsigned char)*lx->p) || (unsigned char)*lx->p >= 0x80)) {
            if (*lx->p == '\n') {
                lx->line++;
                lx->line_start = lx->p + 1;
            }
            lx->p++;
        }
        if (lx->p + 1 < lx->end && lx->p[0] == '/' && lx->p[1] == '/') {
            while (lx->p < lx->end && *lx->p != '\n') lx->p++;
            continue;
        }
        if (lx->p + 1 < lx->end && lx->p[0] == '/' && lx->p[1] == '*') {
            const char *q = lx->p + 2;
            while (q + 1 < lx->end && !(q[0] == '*' && q[1] == '/')) q++;
            if (q + 1 >= lx->end) return; /* unterminated: lex_next makes it an error token */
            for (const char *c = lx->p; c < q; c++)
                if (*c == '\n') {
                    lx->line++;
                    lx->line_start = c + 1;
                }
            lx->p = q + 2;
            continue;
        }
        return;
    }
}

/* A dotted word: ident ( '.' ident | '::' ident )*. A directive is one word of its own
 * (ident ( '::' ident )*): PTX lexes ".reg.u64" as ".reg" ".u64" and ".visible.entry" as two
 * directives, while "ld.global.u32" stays one instruction token. */
static const char *scan_word(const char *p, const char *end, bool directive) {
    while (p < end && ident_char((unsigned char)*p)) p++;
    for (;;) {
        if (!directive && p + 1 < end && p[0] == '.' && (ident_char((unsigned char)p[1]))) {
            p++;
            while (p < end && ident_char((unsigned char)*p)) p++;
        } else if (p + 2 < end && p[0] == ':' && p[1] == ':' && ident_char((unsigned char)p[2])) {
            p += 2;
            while (p < end && ident_char((unsigned char)*p)) p++;
        } else {
            return p;
        }
    }
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static token scan_number(lexer *lx, token t) {
    const char *p = lx->p, *end = lx->end;
    if (p + 1 < end && p[0] == '0' && (p[1] == 'f' || p[1] == 'F' || p[1] == 'd' || p[1] == 'D')) {
        int digits = (p[1] == 'f' || p[1] == 'F') ? 8 : 16;
        uint64_t v = 0;
        const char *q = p + 2;
        int n = 0;
        while (q < end && hexval((unsigned char)*q) >= 0) {
            v = v << 4 | (uint64_t)hexval((unsigned char)*q);
            q++;
            n++;
        }
        if (n != digits) {
            t.kind = TOK_ERROR;
            t.len = (int)(q - p);
            lx->p = q;
            return t;
        }
        t.kind = digits == 8 ? TOK_F32 : TOK_F64;
        t.u = v;
        t.len = (int)(q - p);
        lx->p = q;
        return t;
    }
    /* decimal float? digits '.' digits [e[+-]digits] or digits e digits */
    const char *q = p;
    while (q < end && is_digit((unsigned char)*q)) q++;
    bool is_float = false;
    /* "1.5", "4." and ".5" are decimal floats (ptxas reads "4.u32" as "4." then "u32") */
    if (q < end && *q == '.' && !(q + 1 < end && q[1] == '.')) is_float = true;
    if (q < end && (*q == 'e' || *q == 'E') && !(p[0] == '0' && p + 1 < end && (p[1] == 'x' || p[1] == 'X')))
        is_float = true;
    if (is_float) {
        /* strtod on a copy: the text need not end in a NUL (the API passes the caller's buffer,
         * not a copy of a 100 MB module); a literal longer than the copy ends early and the
         * parser reports what follows */
        char buf[512], *e;
        size_t n = (size_t)(end - p) < sizeof buf - 1 ? (size_t)(end - p) : sizeof buf - 1;
        memcpy(buf, p, n);
        buf[n] = 0;
        double d = strtod(buf, &e);
        memcpy(&t.u, &d, 8);
        t.kind = TOK_F64;
        t.len = (int)(e - buf);
        lx->p = p + t.len;
        return t;
    }
    uint64_t v = 0;
    q = p;
    bool overflow = false;
    bool no_digits = false; /* "0x" / "0b" alone */
    if (q + 1 < end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
        q += 2;
        no_digits = !(q < end && hexval((unsigned char)*q) >= 0);
        while (q < end && hexval((unsigned char)*q) >= 0) {
            if (v > (uint64_t)INT64_MAX) overflow = true; /* as decimals below: 0x1 followed by 16 zeros reads as 0 */
            v = v << 4 | (uint64_t)hexval((unsigned char)*q++);
        }
    } else if (q + 1 < end && q[0] == '0' && (q[1] == 'b' || q[1] == 'B')) {
        q += 2;
        no_digits = !(q < end && (*q == '0' || *q == '1'));
        while (q < end && (*q == '0' || *q == '1')) {
            if (v > (uint64_t)INT64_MAX) overflow = true;
            v = v << 1 | (uint64_t)(*q++ - '0');
        }
    } else if (q[0] == '0') {
        while (q < end && *q >= '0' && *q <= '7') {
            if (v > (uint64_t)INT64_MAX) overflow = true;
            v = v << 3 | (uint64_t)(*q++ - '0');
        }
    } else {
        /* ptxas 13 wraps decimals modulo 2^64 and calls "Constant overflow" only when the digits
         * read so far exceed INT64_MAX (2^64 + 5 reads as 5, 9.5e19 overflows; lab notes in
         * docs/parser.md "Operand types") */
        while (q < end && is_digit((unsigned char)*q)) {
            if (v > (uint64_t)INT64_MAX) overflow = true;
            v = v * 10 + (uint64_t)(*q - '0');
            q++;
        }
    }
    if (q < end && *q == 'U') q++;                  /* ptxas takes 'U' alone: "5u" is a syntax error */
    if (q < end && ident_char((unsigned char)*q)) { /* 12abc */
        while (q < end && ident_char((unsigned char)*q)) q++;
        t.kind = TOK_ERROR;
    } else {
        t.kind = overflow || no_digits ? TOK_ERROR : TOK_INT;
    }
    t.u = v;
    t.len = (int)(q - p);
    lx->p = q;
    return t;
}

token lex_next(lexer *lx) {
    skip_space(lx);
    token t = {0};
    t.line = lx->line;
    t.col = (int)(lx->p - lx->line_start) + 1;
    t.text = lx->p;
    if (lx->p >= lx->end) {
        t.kind = TOK_EOF;
        return t;
    }
    unsigned char c = (unsigned char)*lx->p;
    if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') { /* left by skip_space: no end */
        const char *q = lx->p;
        while (q < lx->end && *q != '\n') q++;
        t.kind = TOK_ERROR;
        t.len = (int)(q - lx->p);
        lx->p = lx->end;
        return t;
    }
    if (ident_start(c) && !(c == '%' && !(lx->p + 1 < lx->end && ident_char((unsigned char)lx->p[1])))) {
        /* "%" alone is the remainder operator of constant expressions */
        const char *q = scan_word(lx->p + 1, lx->end, false);
        t.kind = TOK_IDENT;
        t.len = (int)(q - lx->p);
        lx->p = q;
        /* WARP_SZ, the PTX ISA's one predefined constant (section 4.4, "Identifiers"; nvcc's
         * warpSize): ptxas takes it wherever an integer literal may stand (operands, constant
         * expressions, initialisers, array sizes, .reqntid) and never as a name, so it is one. */
        if (t.len == 7 && memcmp(t.text, "WARP_SZ", 7) == 0) {
            t.kind = TOK_INT;
            t.u = 32;
        }
        return t;
    }
    if (c == '.' && lx->p + 1 < lx->end &&
        (ident_start((unsigned char)lx->p[1]) && lx->p[1] != '%' && lx->p[1] != '$')) {
        const char *q = scan_word(lx->p + 1, lx->end, true);
        t.kind = TOK_DIRECTIVE;
        t.len = (int)(q - lx->p);
        lx->p = q;
        return t;
    }
    if (is_digit(c) || (c == '.' && lx->p + 1 < lx->end && is_digit((unsigned char)lx->p[1])))
        return scan_number(lx, t);
    if (c == '"') {
        const char *q = lx->p + 1;
        while (q < lx->end && *q != '"' && *q != '\n') q++; /* ptxas: no escapes */
        if (q >= lx->end || *q != '"') {
            t.kind = TOK_ERROR;
            t.len = (int)(q - lx->p);
            lx->p = q;
            return t;
        }
        t.kind = TOK_STRING;
        t.text = lx->p + 1;
        t.len = (int)(q - lx->p - 1);
        lx->p = q + 1;
        return t;
    }
    if (c < 0x20 || c == 0x7f) { /* a control character outside a comment (ptxas: syntax error) */
        t.kind = TOK_ERROR;
        t.len = 1;
        lx->p++;
        return t;
    }
    t.kind = TOK_PUNCT;
    t.c = (char)c;
    t.len = 1;
    lx->p++;
    return t;
}
