/* mufu_half_exc.c — dev tool: the exception lists of tanh.approx.{f16,bf16} (sim/mufu/
 * tanh_{f16,bf16}.exc). On the H200 the half result is MUFU.TANH's f32 result truncated to the
 * half format (docs/numerics.md 11.4); the inputs where the truncated f32 model differs (by one
 * unit of the magnitude) are listed, in the varint format of mufu_fit.c (none since the f32
 * model is the H200's table). Regenerate whenever ps_f32_tanh_approx changes:
 *   gcc -O2 -I sim -I common mufu_half_exc.c sim/fp.c sim/fp_half.c sim/mufu.c sim/mufu_tanh.c sim/mufu_data.c \
 *       common/common.c -DPS_MUFU_DATA_DIR=\"$PWD/sim/mufu\" -lm -lpthread -o mufu_half_exc
 *   ./mufu_half_exc tests/data/mufu sim/mufu */
#include <stdio.h>
#include <stdlib.h>

#include "fp.h"

int main(int argc, char **argv)
{
    if (argc != 3) return 2;
    static const char *fmt[2] = {"f16", "bf16"};
    for (int f = 0; f < 2; f++) {
        char path[512];
        snprintf(path, sizeof path, "%s/h_tanh_%s.u32", argv[1], fmt[f]);
        FILE *in = fopen(path, "rb");
        static unsigned g[65536];
        if (!in || fread(g, 4, 65536, in) != 65536) return 1;
        fclose(in);
        snprintf(path, sizeof path, "%s/tanh_%s.exc", argv[2], fmt[f]);
        FILE *out = fopen(path, "wb");
        ps_cvt_type ht = f ? PS_CVT_BF16 : PS_CVT_F16;
        long prev = -1, n = 0, bad = 0;
        for (long i = 0; i < 65536; i++) {
            unsigned hw = g[i] & 0xffff;
            bool nan = f ? ((i & 0x7fff) > 0x7f80) : ((i & 0x7fff) > 0x7c00);
            if (nan) continue;
            unsigned x = (unsigned)ps_cvt(PS_CVT_F32, ht, (uint64_t)i, PS_RND_RN, 0);
            unsigned base = (unsigned)ps_cvt(ht, PS_CVT_F32, ps_f32_tanh_approx(x), PS_RND_RZ, 0);
            int c = (int)(hw & 0x7fff) - (int)(base & 0x7fff);
            if (!c && hw == base) continue;
            if ((hw ^ base) & 0x8000 || (c != 1 && c != -1)) { bad++; continue; }
            unsigned long v = ((unsigned long)(i - prev - 1) << 1) | (c > 0);
            prev = i;
            n++;
            do { fputc((int)((v & 0x7f) | (v > 0x7f ? 0x80 : 0)), out); v >>= 7; } while (v);
        }
        fclose(out);
        fprintf(stderr, "tanh %s: %ld exceptions, %ld not +-1\n", fmt[f], n, bad);
        if (bad) return 1;
    }
    return 0;
}
