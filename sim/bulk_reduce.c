/* bulk_reduce.c — the floating-point element operations of cp.reduce.async.bulk and
 * cp.reduce.async.bulk.tensor (exec_bulk.c, exec_tma.c): dst = dst OP src, measured on the H200
 * (lab/tma/i2c, tests/data/tma_i2c):
 *  - .add.f32: round to nearest even, subnormal inputs and results kept (no flush), a NaN result
 *    is 0x7fffffff;
 *  - .add.noftz.f16 / .add.noftz.bf16: round to nearest even, subnormals kept, NaN 0x7fff;
 *  - .min/.max .f16/.bf16: a NaN operand yields the other one, two NaNs 0x7fff, -0 < +0;
 *  - .add.f64: round to nearest even; a NaN src is stored as it is (not quieted: 0x7ff0000000000001
 *    stays), else a NaN dst stays as it is; inf - inf gives 0xfff8000000000000; no flush. */
#include "async.h"
#include "fp.h"
#include "fp_half.h"

static bool nan64(uint64_t x) { return (x & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }

uint64_t ps_bulk_reduce_float(int op, int ty, uint64_t a, uint64_t b) {
    switch (ty) {
    case RT_F32: return ps_f32_add((uint32_t)a, (uint32_t)b, PS_RND_RN, false, false);
    case RT_F64:
        if (nan64(b)) return b;
        if (nan64(a)) return a;
        return ps_f64_add(a, b, PS_RND_RN);
    default: {
        ps_half_fmt f = ty == RT_F16 ? PS_HALF_F16 : PS_HALF_BF16;
        uint16_t x = (uint16_t)a, y = (uint16_t)b;
        return op == RO_ADD ? ps_half_add(f, x, y, 0)
            : op == RO_MIN  ? ps_half_min(f, x, y, 0)
                            : ps_half_max(f, x, y, 0);
    }
    }
}
