/* types_rules.c — the ISA's rules on operand types by instruction type, as ptxas 13 applies them (isa.h). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
