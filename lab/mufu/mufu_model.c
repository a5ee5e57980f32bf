/* mufu_model.c — ptxsim's models of the approximate instructions behind one switch, for the
 * device-side checker mufu_check.cu (compiled with sim/fp.c, sim/mufu*.c, common/common.c). */
#include <stdbool.h>
#include <stdint.h>

#include "fp.h"
#include "mufu_ops.h"

uint32_t model_f32(int op, uint32_t x)
{
    switch (op) {
    case 0: return ps_f32_rcp_approx(x, true);
    case 1: return ps_f32_rcp_approx(x, false);
    case 2: return ps_f32_ex2_approx(x, true);
    case 3: return ps_f32_ex2_approx(x, false);
    case 4: return ps_f32_rsqrt_approx(x, true);
    case 5: return ps_f32_rsqrt_approx(x, false);
    case 6: return ps_f32_sqrt_approx(x, true);
    case 7: return ps_f32_sqrt_approx(x, false);
    case 8: return ps_f32_lg2_approx(x, true);
    case 9: return ps_f32_lg2_approx(x, false);
    case 10: return ps_f32_sin_approx(x, true);
    case 11: return ps_f32_sin_approx(x, false);
    case 12: return ps_f32_cos_approx(x, true);
    case 13: return ps_f32_cos_approx(x, false);
    case 14: return ps_f32_tanh_approx(x);
    }
    return 0;
}

uint64_t model_f64(int op, uint64_t x)
{
    switch (op) {
    case 0: return ps_f64_rcp_approx_ftz(x);
    case 1: return ps_f64_rsqrt_approx_ftz(x);
    case 2: return ps_f64_rsqrt_approx(x);
    }
    return 0;
}

uint32_t model_div(int op, uint32_t a, uint32_t b)
{
    switch (op) {
    case 0: return ps_f32_div_approx(a, b, true);
    case 1: return ps_f32_div_approx(a, b, false);
    case 2: return ps_f32_div_full(a, b, true);
    case 3: return ps_f32_div_full(a, b, false);
    }
    return 0;
}
