/* types.c — PTX type names for clients (ptxsim_type_query). Its own file because it needs only
 * isa/: tools that compare buffers without the simulator (scripts/fuzz's ptxfuzz, built from
 * sources by scripts/fuzz/campaign.sh) link it alone. */
#include <string.h>

#include "isa.h"
#include "ptxsim.h"

bool ptxsim_type_query(const char *name, int *bytes, ptxsim_type_class *cls) {
    ps_type t = name ? ps_type_lookup(name, strlen(name)) : PS_T_NONE;
    if (t == PS_T_NONE) return false;
    static const ptxsim_type_class classes[] = {
        [TK_BITS] = PTXSIM_TYPE_BITS,   [TK_UINT] = PTXSIM_TYPE_UINT,     [TK_SINT] = PTXSIM_TYPE_SINT,
        [TK_FLOAT] = PTXSIM_TYPE_FLOAT, [TK_PACKED] = PTXSIM_TYPE_PACKED, [TK_PRED] = PTXSIM_TYPE_PRED,
    };
    if (bytes) *bytes = ps_type_size(t);
    if (cls) *cls = classes[ps_type_kind_of(t)];
    return true;
}
