/* constexpr.h — constant expressions of PTX (PTX ISA 4.6), evaluated while parsing. Internal to
 * the parser module. */
#ifndef PTXSIM_CONSTEXPR_H
#define PTXSIM_CONSTEXPR_H

#include "parser_internal.h"

/* A constant's value: .s64, .u64 or .f64 (PTX ISA 4.6.1). */
typedef struct {
    bool is_float, is_unsigned;
    uint64_t i; /* integers: the 64 bits */
    double d;   /* floats */
} ps_cval;

/* Whether the next token can begin a constant expression: an integer or decimal float literal,
 * '(' (when parens may begin one here), or a unary operator. */
bool cexpr_starts(parser *p, bool paren);
/* Parses and evaluates a whole expression (conditional, lowest precedence); false after an
 * error was reported. */
bool cexpr_parse(parser *p, ps_cval *v);
/* The same, for an integer (reports a floating-point result as an error). */
bool cexpr_parse_int(parser *p, int64_t *v);

#endif
