/* validate_decl.c — the rules of directives and declarations that ptxas checks: the module header,
 * variables (state spaces, alignment, vectors, arrays, initialisers, linkage), functions and their
 * parameters (validate.h). */
#include "validate.h"
