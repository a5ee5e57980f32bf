/* mufu_data.c — the MUFU model's data (sim/mufu/, generated from H200 dumps by
 * lab/mufu/mufu_fit.c; provenance in sim/mufu/README.md): per-segment quadratic coefficients
 * (*.inc, C initialisers) and exception lists (*.exc, binary, embedded with .incbin). */
#include <stdint.h>

#ifndef PS_MUFU_DATA_DIR
#error "PS_MUFU_DATA_DIR (the directory sim/mufu) must be defined by the build"
#endif

#define K_TABLE(name) const int64_t ps_mufu_##name##_k[][3] = {
#define K_END \
    }         \
    ;
K_TABLE(rcp)
#include "mufu/rcp.inc"
K_END
K_TABLE(ex2p)
#include "mufu/ex2p.inc"
K_END
K_TABLE(ex2n)
#include "mufu/ex2n.inc"
K_END
K_TABLE(rsq)
#include "mufu/rsq.inc"
K_END
K_TABLE(sqrt)
#include "mufu/sqrt.inc"
K_END
K_TABLE(rcp64)
#include "mufu/rcp64.inc"
K_END
K_TABLE(rsq64)
#include "mufu/rsq64.inc"
K_END
K_TABLE(sinq)
#include "mufu/sinq.inc"
K_END
K_TABLE(lg2a)
#include "mufu/lg2a.inc"
K_END
K_TABLE(lg2b)
#include "mufu/lg2b.inc"
K_END

/* name: symbols ps_mufu_<name>_exc and ps_mufu_<name>_exc_end around the file's bytes */
#define INCBIN(name)                                                                \
    __asm__(".section .rodata\n"                                                    \
            ".globl ps_mufu_" #name "_exc\n.hidden ps_mufu_" #name "_exc\n"         \
            "ps_mufu_" #name "_exc:\n"                                              \
            ".incbin \"" PS_MUFU_DATA_DIR "/" #name ".exc\"\n"                      \
            ".globl ps_mufu_" #name "_exc_end\n.hidden ps_mufu_" #name "_exc_end\n" \
            "ps_mufu_" #name "_exc_end:\n"                                          \
            ".previous\n");
INCBIN(rcp)
INCBIN(ex2p)
INCBIN(ex2n)
INCBIN(rsq)
INCBIN(sqrt)
INCBIN(rcp64)
INCBIN(rsq64)
INCBIN(sinq)
INCBIN(lg2a)
INCBIN(lg2b)
INCBIN(tanh32)
INCBIN(tanh_f16)
INCBIN(tanh_bf16)
