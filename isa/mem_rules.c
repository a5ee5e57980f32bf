/* mem_rules.c — the ISA's rules on memory instructions: spaces, qualifiers, vector widths by target, as ptxas 13 applies them (isa.h). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
