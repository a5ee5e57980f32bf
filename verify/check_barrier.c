/* check_barrier.c — placeholder checker (filled in by the barrier checker work). */
#include "verify_internal.h"

const ps_checker ps_checker_barrier = {.name = "barrier", .check = 0};
