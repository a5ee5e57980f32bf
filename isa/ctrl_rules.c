/* ctrl_rules.c — the ISA's rules on control, warp, video and tensor-core rules, as ptxas 13 applies them (isa.h). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
