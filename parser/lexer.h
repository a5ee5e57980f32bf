/* lexer.h — PTX tokens (internal to the parser module). */
#ifndef PTXSIM_LEXER_H
#define PTXSIM_LEXER_H

#include "common.h"

typedef enum {
    TOK_EOF,
    TOK_IDENT,     /* ld.global.f32, %r1, %tid.x, $L__BB0_1, _Z3fooPf */
    TOK_DIRECTIVE, /* .reg .b32 .shared::cta */
    TOK_INT,       /* value in u */
    TOK_F32,       /* 0fXXXXXXXX: bits in u */
    TOK_F64,       /* 0dXXXX... or decimal float: bits in u */
    TOK_STRING,    /* "..." without quotes in text/len */
    TOK_PUNCT,     /* one character in c */
    TOK_ERROR,
} tok_kind;

typedef struct {
    tok_kind kind;
    const char *text;
    int len;
    int line, col;
    uint64_t u;
    char c;
} token;

typedef struct {
    const char *src, *p, *end;
    const char *line_start;
    int line;
    const char *file;
    ps_diags *diags;
} lexer;

void lex_init(lexer *lx, const char *file, const char *src, size_t len, ps_diags *diags);
token lex_next(lexer *lx);

#endif
