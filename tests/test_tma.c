/* test_tma.c — tensor maps and cp.async.bulk.tensor: the box geometry (global offsets,
 * out-of-bounds tests, shared-memory layout with the TMA swizzles) against implementations
 * written here from the CUDA documentation's description, the 128-byte encoding, the map
 * checks, and tensor loads and stores run on the simulator against a C model. The hardware
 * truth is corpus/tma_tile (recorded on an H200). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"
#include "tensormap.h"
#include "testutil.h"

static uint32_t rng = 2463534242u;
static uint32_t next(void) {
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

/* Reference layout: row `row` of the box (all outer indices flattened) starts at row * pitch,
 * where pitch is the innermost box extent in bytes or, with a swizzle, the swizzle span; within
 * each 128-byte line of shared memory, 16-byte chunk j moves to j XOR (line mod (span / 16)). */
static uint64_t ref_smem(unsigned span, unsigned inner_bytes, uint64_t base, uint64_t row, uint64_t byte) {
    uint64_t pitch = span > inner_bytes ? span : inner_bytes;
    uint64_t a = base + row * pitch + byte;
    if (!span) return a;
    uint64_t line = a / 128, chunk = a % 128 / 16;
    return line * 128 + (chunk ^ (line % (span / 16))) * 16 + a % 16;
}

static void swizzle_layout(void **state) {
    (void)state;
    static const unsigned spans[] = {0, 32, 64, 128}, sizes[] = {1, 2, 4, 8};
    for (int trial = 0; trial < 400; trial++) {
        ps_tmap m = {0};
        m.swizzle = (ps_tmap_swizzle)(trial % 4);
        unsigned span = spans[m.swizzle];
        int ti = (int)(next() % 4);
        m.type = ti == 0 ? PS_TMT_U8 : ti == 1 ? PS_TMT_U16 : ti == 2 ? PS_TMT_U32 : PS_TMT_U64;
        unsigned es = sizes[ti];
        unsigned max_inner = span ? span : 256;
        unsigned inner = 16 * (1 + next() % (max_inner / 16));
        if (inner / es > 256) inner = 256 * es;
        m.rank = 1 + next() % 3;
        m.box[0] = inner / es;
        for (unsigned i = 1; i < m.rank; i++) m.box[i] = 1 + next() % 5;
        uint64_t base = (uint64_t)(next() % 8) * 1024 + (trial & 8 ? 128u * (next() % 8) : 0);
        uint64_t n = ps_tmap_box_elems(&m), end = ps_tmap_smem_span(&m);
        uint8_t *seen = calloc(end, 1);
        for (uint64_t k = 0; k < n; k++) {
            uint64_t got = ps_tmap_smem_addr(&m, base, k);
            uint64_t want = ref_smem(span, inner, base, k / m.box[0], k % m.box[0] * es);
            if (got != want)
                fail_msg("swizzle %u es %u box[0] %u base %llu k %llu: %llu, want %llu", span, es, m.box[0],
                         (unsigned long long)base, (unsigned long long)k, (unsigned long long)got,
                         (unsigned long long)want);
            assert_true(got >= base && got + es <= base + end);
            for (unsigned b = 0; b < es; b++) {
                assert_int_equal(seen[got - base + b], 0); /* no two elements share a byte */
                seen[got - base + b] = 1;
            }
        }
        free(seen);
    }
}

/* Reference: nested loops over the box, outermost dimension first. */
static void global_offsets(void **state) {
    (void)state;
    for (int trial = 0; trial < 300; trial++) {
        ps_tmap m = {0};
        m.type = PS_TMT_U16;
        m.rank = 1 + next() % 5;
        m.strides[0] = 2;
        for (unsigned i = 0; i < m.rank; i++) {
            m.dims[i] = 1 + next() % 9;
            m.box[i] = 1 + next() % 6;
            if (i) m.strides[i] = m.strides[i - 1] * m.dims[i - 1] + 16 * (next() % 3);
        }
        int32_t c[PS_TMAP_MAX_RANK] = {0};
        for (unsigned i = 0; i < m.rank; i++) c[i] = (int32_t)(next() % 16) - 8;
        unsigned idx[5] = {0};
        uint64_t k = 0, n = ps_tmap_box_elems(&m);
        for (idx[4] = 0; idx[4] < (m.rank > 4 ? m.box[4] : 1); idx[4]++)
            for (idx[3] = 0; idx[3] < (m.rank > 3 ? m.box[3] : 1); idx[3]++)
                for (idx[2] = 0; idx[2] < (m.rank > 2 ? m.box[2] : 1); idx[2]++)
                    for (idx[1] = 0; idx[1] < (m.rank > 1 ? m.box[1] : 1); idx[1]++)
                        for (idx[0] = 0; idx[0] < m.box[0]; idx[0]++, k++) {
                            bool in = true;
                            uint64_t off = 0;
                            for (unsigned i = 0; i < m.rank; i++) {
                                long long at = (long long)c[i] + idx[i];
                                if (at < 0 || at >= (long long)m.dims[i]) in = false;
                                else off += (uint64_t)at * m.strides[i];
                            }
                            uint64_t got = 0;
                            bool gin = ps_tmap_global_offset(&m, c, k, &got);
                            assert_int_equal(gin, in);
                            if (in) assert_int_equal(got, off);
                        }
        assert_int_equal(k, n);
    }
}

static ps_tmap sample_map(void) {
    ps_tmap m = {.type = PS_TMT_U32,
                 .rank = 2,
                 .addr = 0x1000,
                 .dims = {20, 12},
                 .strides = {4, 128},
                 .box = {16, 8},
                 .estrides = {1, 1},
                 .swizzle = PS_TMS_128B};
    return m;
}

static void encoding(void **state) {
    (void)state;
    ps_tmap m = sample_map(), back;
    m.l2 = PS_TML2_256B;
    uint8_t bytes[PS_TMAP_BYTES];
    ps_tmap_encode(&m, bytes);
    char why[300];
    assert_true(ps_tmap_decode(bytes, &back, why, sizeof why));
    assert_int_equal(back.type, m.type);
    assert_int_equal(back.rank, m.rank);
    assert_int_equal(back.addr, m.addr);
    assert_int_equal(back.swizzle, m.swizzle);
    assert_int_equal(back.l2, m.l2);
    assert_int_equal(back.fill, m.fill);
    for (unsigned i = 0; i < m.rank; i++) {
        assert_int_equal(back.dims[i], m.dims[i]);
        assert_int_equal(back.strides[i], m.strides[i]);
        assert_int_equal(back.box[i], m.box[i]);
        assert_int_equal(back.estrides[i], m.estrides[i]);
    }
    uint32_t magic;
    memcpy(&magic, bytes, 4);
    assert_int_equal(magic, PS_TMAP_MAGIC);
    /* a garbage map (the driver's encoding, or random bytes) is diagnosed */
    memset(bytes, 0xab, sizeof bytes);
    assert_false(ps_tmap_decode(bytes, &back, why, sizeof why));
    assert_non_null(strstr(why, "not a tensor map made by ptxsim"));
    ps_tmap_encode(&m, bytes);
    bytes[7] = 9; /* swizzle */
    assert_false(ps_tmap_decode(bytes, &back, why, sizeof why));
    assert_non_null(strstr(why, "corrupt"));
}

/* cuTensorMapEncodeTiled's rules (CUDA driver API documentation) */
static void checks(void **state) {
    (void)state;
    char why[200];
    ps_tmap m = sample_map();
    assert_true(ps_tmap_check(&m, why, sizeof why));
    m.box[0] = 40; /* 160 bytes > 128B span */
    assert_false(ps_tmap_check(&m, why, sizeof why));
    assert_non_null(strstr(why, "swizzle span"));
    m = sample_map();
    m.swizzle = PS_TMS_NONE;
    m.box[0] = 6; /* 24 bytes */
    assert_false(ps_tmap_check(&m, why, sizeof why));
    assert_non_null(strstr(why, "multiple of 16"));
    m = sample_map();
    m.strides[1] = 120;
    assert_false(ps_tmap_check(&m, why, sizeof why));
    m = sample_map();
    m.fill = PS_TMF_NAN; /* u32 */
    assert_false(ps_tmap_check(&m, why, sizeof why));
    m.type = PS_TMT_F32;
    assert_true(ps_tmap_check(&m, why, sizeof why));
    m.box[1] = 257;
    assert_false(ps_tmap_check(&m, why, sizeof why));
}

/* im2col maps: encoding round trip, cuTensorMapEncodeIm2col's limits, and the traversal against
 * a reference written here from the CUDA/PTX documentation's description (pixels walk W by its
 * stride inside [lower, dims - 1 + upper], carrying into H and then N; read at pixel + offset). */
static void im2col_maps(void **state) {
    (void)state;
    ps_tmap m = {.type = PS_TMT_F32,
                 .rank = 4,
                 .addr = 0x1000,
                 .dims = {8, 5, 4, 2},
                 .strides = {4, 32, 160, 640},
                 .estrides = {1, 2, 1, 1},
                 .mode = PS_TMM_IM2COL,
                 .lower = {-1, 0},
                 .upper = {0, -1},
                 .cpp = 8,
                 .ppc = 40,
                 .box = {8, 40, 1, 1}};
    char why[300];
    assert_true(ps_tmap_check(&m, why, sizeof why));
    uint8_t bytes[PS_TMAP_BYTES];
    ps_tmap_encode(&m, bytes);
    ps_tmap back;
    assert_true(ps_tmap_decode(bytes, &back, why, sizeof why));
    assert_int_equal(back.mode, PS_TMM_IM2COL);
    assert_int_equal(back.cpp, 8);
    assert_int_equal(back.ppc, 40);
    assert_int_equal(back.lower[0], -1);
    assert_int_equal(back.upper[1], -1);
    assert_int_equal(back.box[1], 40);
    assert_int_equal(back.estrides[1], 2);
    int32_t coord[5] = {0, -1, 1, 0, 0}, off[3] = {1, 2, 0}, row[1024][5];
    ps_tmap_im2col_pixels(&m, coord, off, row);
    int w = -1, h = 1, n = 0;
    for (unsigned p = 0; p < m.ppc; p++) {
        assert_int_equal(row[p][1], w + 1);
        assert_int_equal(row[p][2], h + 2);
        assert_int_equal(row[p][3], n);
        w += 2;
        if (w > 5 - 1 + 0) {
            w = -1;
            if (++h > 4 - 1 - 1) h = 0, n++;
        }
    }
    ps_tmap bad = m;
    bad.lower[0] = -129; /* rank 4: -128..127 */
    assert_false(ps_tmap_check(&bad, why, sizeof why));
    assert_non_null(strstr(why, "corner"));
    bad = m;
    bad.upper[1] = -5; /* H box [0, 4 - 1 - 5]: empty */
    assert_false(ps_tmap_check(&bad, why, sizeof why));
    assert_non_null(strstr(why, "empty"));
    bad = m;
    bad.estrides[3] = 9; /* 1..8 */
    assert_false(ps_tmap_check(&bad, why, sizeof why));
    bad = m;
    bad.rank = 2;
    assert_false(ps_tmap_check(&bad, why, sizeof why));
    bad = m;
    bad.ppc = 1025, bad.box[1] = 1025;
    assert_false(ps_tmap_check(&bad, why, sizeof why));
}

/* The map lives in global memory (p0); the kernel writes the tensor's address (p1) into it.
 * Thread 0 loads the box at (LX, LY) into shared memory, copies the shared bytes to p2, and
 * stores the box back to the tensor at (SX, SY). */
static const char *kernel_text =
    ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2) {\n"
    "  .reg .pred %%p<3>; .reg .b32 %%r<20>; .reg .b64 %%rd<10>;\n"
    "  .shared .align 1024 .b8 sh[1024];\n"
    "  .shared .align 8 .b64 mb;\n"
    "  ld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1]; ld.param.u64 %%rd3, [p2];\n"
    "  mov.u32 %%r1, %%tid.x; setp.ne.u32 %%p1, %%r1, 0; @%%p1 bra end;\n"
    "  st.global.u64 [%%rd1+16], %%rd2;\n"
    "  mov.u32 %%r2, sh; mov.u32 %%r3, mb;\n"
    "  mbarrier.init.shared::cta.b64 [%%r3], 1;\n"
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r3], 512;\n"
    "  mov.u32 %%r4, %d; mov.u32 %%r5, %d;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%%r2], [%%rd1, {%%r4, %%r5}], "
    "[%%r3];\n"
    "w: mbarrier.try_wait.parity.shared::cta.b64 %%p2, [%%r3], 0; @!%%p2 bra w;\n"
    "  mov.u32 %%r6, 0;\n"
    "cp: add.u32 %%r7, %%r2, %%r6; cvt.u64.u32 %%rd4, %%r6; add.u64 %%rd5, %%rd3, %%rd4;\n"
    "  ld.shared.v4.u32 {%%r10, %%r11, %%r12, %%r13}, [%%r7]; st.global.v4.u32 [%%rd5], {%%r10, %%r11, %%r12, %%r13};\n"
    "  add.u32 %%r6, %%r6, 16; setp.lt.u32 %%p2, %%r6, 1024; @%%p2 bra cp;\n"
    "  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%%rd1, {%d, %d}], [%%r2];\n"
    "  cp.async.bulk.commit_group; cp.async.bulk.wait_group 0;\n"
    "end: ret; }\n";

typedef struct {
    ps_status st;
    ps_launch_result res;
    char diag[2048];
    uint32_t tensor[32 * 12], before[32 * 12];
    uint8_t raw[1024];
} run_out;

static void run_box(ps_tmap_swizzle swz, int lx, int ly, int sx, int sy, bool garbage, run_out *o) {
    char ptx[4096];
    int n = snprintf(ptx, sizeof ptx, TU_HEADER);
    snprintf(ptx + n, sizeof ptx - (size_t)n, kernel_text, lx, ly, sx, sy);
    ps_tmap m = sample_map();
    m.swizzle = swz;
    uint8_t map[PS_TMAP_BYTES];
    ps_tmap_encode(&m, map);
    if (garbage) memset(map, 0x5a, sizeof map);
    for (int i = 0; i < 32 * 12; i++) o->tensor[i] = o->before[i] = next();
    memset(o->raw, 0, sizeof o->raw);
    tu_buf b[3] = {{map, sizeof map}, {o->tensor, sizeof o->tensor}, {o->raw, sizeof o->raw}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
    o->diag[0] = 0;
    o->st = tu_run(ptx, "k", &cfg, b, 3, &o->res, o->diag, sizeof o->diag);
}

static void load_store(void **state) {
    (void)state;
    static const unsigned spans[] = {0, 0, 64, 128};
    for (ps_tmap_swizzle swz = PS_TMS_NONE; swz <= PS_TMS_128B; swz++) {
        if (swz == PS_TMS_32B) continue; /* the 64-byte box rows exceed 32B */
        run_out *o = calloc(1, sizeof *o);
        run_box(swz, 8, 8, 12, 0, false, o);
        if (o->st != PS_OK) fail_msg("%s%s", o->diag, o->res.fault.message);
        uint32_t tile[8][16];
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 16; c++) {
                int x = 8 + c, y = 8 + r;
                uint32_t want = x < 20 && y < 12 ? o->before[y * 32 + x] : 0;
                uint64_t at = ref_smem(spans[swz], 64, 0, (uint64_t)r, (uint64_t)c * 4);
                uint32_t got;
                memcpy(&got, o->raw + at, 4);
                if (got != want)
                    fail_msg("swizzle %u element (%d, %d): 0x%08x, want 0x%08x", spans[swz], c, r, got, want);
                tile[r][c] = want;
            }
        /* the store writes columns 12..19 of rows 0..7 and nothing past the tensor's edge
         * (columns 20..31 of each 32-element row are outside the 20-element dimension) */
        for (int y = 0; y < 12; y++)
            for (int x = 0; x < 32; x++) {
                uint32_t want = o->before[y * 32 + x];
                if (y < 8 && x >= 12 && x < 20) want = tile[y][x - 12];
                assert_int_equal(o->tensor[y * 32 + x], want);
            }
        free(o);
    }
}

static void faults(void **state) {
    (void)state;
    run_out *o = calloc(1, sizeof *o);
    run_box(PS_TMS_NONE, 8, 8, 12, 0, true, o);
    assert_int_equal(o->st, PS_ERR_FAULT);
    assert_non_null(strstr(o->res.fault.message, "not a tensor map made by ptxsim"));
    /* measured on an H200: a box starting 8 bytes into a row, and a store at a negative
     * coordinate, raise illegal-instruction errors */
    run_box(PS_TMS_NONE, 2, 0, 12, 0, false, o);
    assert_int_equal(o->res.fault.kind, PS_FAULT_MISALIGNED);
    run_box(PS_TMS_NONE, 8, 8, -4, 0, false, o);
    assert_int_equal(o->res.fault.kind, PS_FAULT_OUT_OF_BOUNDS);
    assert_non_null(strstr(o->res.fault.message, "negative coordinate"));
    free(o);
}

/* An im2col load through the simulator: a 3D map (C 16, W 10, N 3 of f32, box [-2, 8] in W,
 * 8 channels x 24 pixels) in global memory, the tensor's address patched in by the kernel; the
 * shared bytes against the traversal written here; a start outside the box faults (an H200
 * raises an illegal-instruction error, measured for w = 9 and w = -3). */
static int im2col_run(int c0, int w0, int n0, int ow, uint32_t *sh, ps_launch_result *res) {
    ps_tmap m = {.type = PS_TMT_F32,
                 .rank = 3,
                 .dims = {16, 10, 3},
                 .strides = {4, 64, 640},
                 .estrides = {1, 1, 1},
                 .mode = PS_TMM_IM2COL,
                 .lower = {-2},
                 .upper = {-1},
                 .cpp = 8,
                 .ppc = 24,
                 .box = {8, 24, 1}};
    static uint8_t map[PS_TMAP_BYTES];
    ps_tmap_encode(&m, map);
    static float tensor[480];
    for (int i = 0; i < 480; i++) tensor[i] = (float)(i + 1);
    char ptx[4096];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90a\n.address_size 64\n"
             ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2) {\n"
             ".reg .b32 %%r<16>; .reg .b64 %%rd<8>; .reg .b16 %%rs<4>; .reg .pred %%p<2>;\n"
             ".shared .align 1024 .b8 sh[768]; .shared .align 8 .b64 bar;\n"
             "ld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1]; ld.param.u64 %%rd3, [p2];\n"
             "st.global.u64 [%%rd1+16], %%rd2;\n"
             "mov.u32 %%r1, sh; mov.u32 %%r2, bar;\n"
             "mbarrier.init.shared::cta.b64 [%%r2], 1;\n"
             "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r2], 768;\n"
             "mov.u32 %%r3, %d; mov.u32 %%r4, %d; mov.u32 %%r5, %d; mov.u16 %%rs1, %d;\n"
             "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%%r1], [%%rd1, "
             "{%%r3, %%r4, %%r5}], [%%r2], {%%rs1};\n"
             "W1: mbarrier.try_wait.parity.shared::cta.b64 %%p1, [%%r2], 0; @!%%p1 bra W1;\n"
             "mov.u32 %%r6, 0;\n"
             "L: shl.b32 %%r7, %%r6, 2; add.u32 %%r8, %%r1, %%r7; ld.shared.u32 %%r9, [%%r8];\n"
             "cvt.u64.u32 %%rd4, %%r7; add.s64 %%rd5, %%rd3, %%rd4; st.global.u32 [%%rd5], %%r9;\n"
             "add.u32 %%r6, %%r6, 1; setp.lt.u32 %%p1, %%r6, 192; @%%p1 bra L;\n"
             "ret; }\n",
             c0, w0, n0, ow);
    tu_buf b[3] = {{map, sizeof map}, {tensor, sizeof tensor}, {sh, 768}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
    char diag[2048] = "";
    ps_status st = tu_run(ptx, "k", &cfg, b, 3, res, diag, sizeof diag);
    if (st != PS_OK && st != PS_ERR_FAULT) fail_msg("%s", diag);
    return st;
}

static void im2col_load(void **state) {
    (void)state;
    static const int starts[][4] = {{0, -2, 0, 0}, {8, 5, 1, 2}, {4, 8, 0, 1}, {0, -2, 2, 3}};
    for (size_t t = 0; t < sizeof starts / sizeof starts[0]; t++) {
        uint32_t sh[192];
        memset(sh, 0xab, sizeof sh);
        ps_launch_result res;
        assert_int_equal(im2col_run(starts[t][0], starts[t][1], starts[t][2], starts[t][3], sh, &res), PS_OK);
        int w = starts[t][1], n = starts[t][2];
        for (int p = 0; p < 24; p++) {
            for (int ch = 0; ch < 8; ch++) {
                int x = w + starts[t][3], c = starts[t][0] + ch;
                float want = (x >= 0 && x < 10 && n < 3) ? (float)(n * 160 + x * 16 + c + 1) : 0.0f;
                float got;
                memcpy(&got, &sh[p * 8 + ch], 4);
                if (got != want) fail_msg("start %zu pixel %d channel %d: %g, want %g", t, p, ch, got, want);
            }
            if (++w > 10 - 1 - 1) w = -2, n++;
        }
    }
    uint32_t sh[192];
    ps_launch_result res;
    assert_int_equal(im2col_run(0, 9, 0, 0, sh, &res), PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "outside the pixel bounding box"));
    assert_int_equal(im2col_run(0, -3, 0, 0, sh, &res), PS_ERR_FAULT);
}

/* An im2col store or reduction (.im2col_no_offs) through the simulator, on im2col_run's map with
 * pixel box corners lo, hi. The H200 raised an illegal-instruction error for all 13 launches of
 * lab/tma/i2c/store rounds 1-2 (lower corners -2/-1, walks over padding) and executed all 5 of
 * round 3 (lower corners 0, walks inside the tensor; recorded bytes: corpus/tma_i2cstore). ptxsim
 * runs the second kind and faults (unsupported, tensor untouched) for anything else (docs/tma.md). */
static int im2col_store_run(const char *op, int lo, int hi, int c0, int w0, int n0, float *tensor,
                            ps_launch_result *res) {
    ps_tmap m = {.type = PS_TMT_F32,
                 .rank = 3,
                 .dims = {16, 10, 3},
                 .strides = {4, 64, 640},
                 .estrides = {1, 1, 1},
                 .mode = PS_TMM_IM2COL,
                 .lower = {lo},
                 .upper = {hi},
                 .cpp = 8,
                 .ppc = 24,
                 .box = {8, 24, 1}};
    static uint8_t map[PS_TMAP_BYTES];
    ps_tmap_encode(&m, map);
    for (int i = 0; i < 480; i++) tensor[i] = (float)(i + 1);
    char ptx[4096];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90a\n.address_size 64\n"
             ".visible .entry k(.param .u64 p0, .param .u64 p1) {\n"
             ".reg .b32 %%r<16>; .reg .b64 %%rd<8>; .reg .f32 %%f<2>; .reg .pred %%p<2>;\n"
             ".shared .align 1024 .b8 sh[768];\n"
             "ld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1];\n"
             "st.global.u64 [%%rd1+16], %%rd2;\n"
             "mov.u32 %%r1, sh; mov.u32 %%r6, 0;\n"
             "L: shl.b32 %%r7, %%r6, 2; add.u32 %%r8, %%r1, %%r7; add.u32 %%r9, %%r6, 1000;\n"
             "cvt.rn.f32.u32 %%f1, %%r9; st.shared.f32 [%%r8], %%f1;\n"
             "add.u32 %%r6, %%r6, 1; setp.lt.u32 %%p1, %%r6, 192; @%%p1 bra L;\n"
             "fence.proxy.async.shared::cta;\n"
             "mov.u32 %%r3, %d; mov.u32 %%r4, %d; mov.u32 %%r5, %d;\n"
             "%s [%%rd1, {%%r3, %%r4, %%r5}], [%%r1];\n"
             "cp.async.bulk.commit_group; cp.async.bulk.wait_group 0;\n"
             "ret; }\n",
             c0, w0, n0, op);
    tu_buf b[2] = {{map, sizeof map}, {tensor, 480 * sizeof(float)}};
    tu_launch cfg = {.grid = {1, 1, 1}, .block = {1, 1, 1}};
    char diag[2048] = "";
    ps_status st = tu_run(ptx, "k", &cfg, b, 2, res, diag, sizeof diag);
    if (st != PS_OK && st != PS_ERR_FAULT) fail_msg("%s", diag);
    return st;
}

static void im2col_store(void **state) {
    (void)state;
    static const char *ops[] = {"cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group",
                                "cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.im2col_no_offs.bulk_group"};
    /* (c, w, n, op) on the rounds 1-2 map (lower -2, upper -1): fault, tensor untouched */
    static const int starts[][4] = {{0, 0, 0, 0}, {8, 5, 1, 0}, {8, 5, 1, 1}, {0, 1, 0, 1}};
    for (size_t t = 0; t < sizeof starts / sizeof starts[0]; t++) {
        static float tensor[480];
        ps_launch_result res;
        assert_int_equal(im2col_store_run(ops[starts[t][3]], -2, -1, starts[t][0], starts[t][1], starts[t][2], tensor,
                                          &res),
                         PS_ERR_FAULT);
        if (res.fault.kind != PS_FAULT_UNSUPPORTED || !strstr(res.fault.message, "negative lower corner"))
            fail_msg("start %zu: fault %d %s", t, (int)res.fault.kind, res.fault.message);
        for (int i = 0; i < 480; i++)
            if (tensor[i] != (float)(i + 1))
                fail_msg("start %zu element %d: %g, want untouched %d", t, i, tensor[i], i + 1);
    }
    {
        static float tensor[480];
        ps_launch_result res; /* a negative start: out of bounds, as for tiled stores */
        assert_int_equal(im2col_store_run(ops[0], -2, -1, 0, -1, 0, tensor, &res), PS_ERR_FAULT);
        assert_non_null(strstr(res.fault.message, "negative coordinate"));
    }
    /* lower corner 0: walks of 24 pixels (W 0..9 then the next N) inside the tensor run; the
     * reference walk is written here (PTX ISA: W then N, shared box pixel-major, 8 channels) */
    static const int in[][4] = {{0, 0, 0, 0}, {8, 5, 0, 0}, {8, 5, 0, 1}, {4, 3, 0, 1}};
    for (size_t t = 0; t < sizeof in / sizeof in[0]; t++) {
        static float tensor[480];
        float want[480];
        ps_launch_result res;
        int add = in[t][3];
        assert_int_equal(im2col_store_run(ops[add], 0, 0, in[t][0], in[t][1], in[t][2], tensor, &res), PS_OK);
        for (int i = 0; i < 480; i++) want[i] = (float)(i + 1);
        int w = in[t][1], n = in[t][2];
        for (int p = 0; p < 24; p++) {
            for (int ch = 0; ch < 8; ch++) {
                float v = (float)(1000 + p * 8 + ch);
                int at = n * 160 + w * 16 + in[t][0] + ch;
                want[at] = add ? want[at] + v : v;
            }
            if (++w == 10) w = 0, n++;
        }
        for (int i = 0; i < 480; i++)
            if (tensor[i] != want[i]) fail_msg("start %zu element %d: %g, want %g", t, i, tensor[i], want[i]);
    }
    /* lower corner 0 but the walk leaves the tensor (past N; through W = 10 with upper corner 1;
     * channels past C): fault, tensor untouched */
    static const int out[][5] = {{0, 0, 2, 0, 0}, {0, 0, 0, 0, 1}, {12, 0, 0, 0, 0}};
    static const char *why[] = {"outside the tensor", "outside the tensor", "channels"};
    for (size_t t = 0; t < sizeof out / sizeof out[0]; t++) {
        static float tensor[480];
        ps_launch_result res;
        assert_int_equal(im2col_store_run(ops[0], 0, out[t][4], out[t][0], out[t][1], out[t][2], tensor, &res),
                         PS_ERR_FAULT);
        assert_int_equal(res.fault.kind, PS_FAULT_UNSUPPORTED);
        assert_non_null(strstr(res.fault.message, why[t]));
        for (int i = 0; i < 480; i++)
            if (tensor[i] != (float)(i + 1))
                fail_msg("case %zu element %d: %g, want untouched %d", t, i, tensor[i], i + 1);
    }
}

/* Tensor loads into other CTAs of a cluster of 4 (PTX ISA 9.7.9.25.5.1): rank 0 multicasts the
 * box at (MX, MY) to ranks 0 and 1 (ctaMask 0x3); rank 1 loads the box at (NX, NY) into rank
 * 2's shared memory through mapa'd destination and mbarrier addresses; rank 3 loads the box at
 * (TX, TY) to a plain offset, completing on its mbarrier through a mapa'd address of its own. Every CTA waits on its own
 * mbarrier (expect_tx of one box) and copies its 1024 shared bytes out; the oracle is the
 * reference layout above over the tensor written here (128B swizzle, zero fill outside). */
static const char *mc_kernel =
    ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2) {\n"
    "  .reg .pred %%p<4>; .reg .b32 %%r<24>; .reg .b64 %%rd<10>; .reg .b16 %%rs<2>;\n"
    "  .shared .align 1024 .b8 sh[1024];\n"
    "  .shared .align 8 .b64 mb;\n"
    "  ld.param.u64 %%rd1, [p0]; ld.param.u64 %%rd2, [p1]; ld.param.u64 %%rd3, [p2];\n"
    "  mov.u32 %%r1, %%tid.x; mov.u32 %%r20, %%cluster_ctarank; mov.u32 %%r2, sh; mov.u32 %%r3, mb;\n"
    "  setp.ne.u32 %%p1, %%r1, 0; @%%p1 bra sync;\n"
    "  st.global.u64 [%%rd1+16], %%rd2;\n"
    "  mbarrier.init.shared::cta.b64 [%%r3], 1;\n"
    "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r3], 512;\n"
    "sync: barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
    "  @%%p1 bra w;\n"
    "  setp.eq.u32 %%p2, %%r20, 0; @!%%p2 bra one;\n"
    "  mov.u32 %%r4, %d; mov.u32 %%r5, %d; mov.b16 %%rs1, %d;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%%r2], "
    "[%%rd1, {%%r4, %%r5}], [%%r3], %%rs1;\n"
    "  bra w;\n"
    "one: setp.eq.u32 %%p2, %%r20, 3; @!%%p2 bra two;\n"
    "  mapa.shared::cluster.u32 %%r7, %%r3, %%r20;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%%r2], [%%rd1, {%d, %d}], "
    "[%%r7];\n"
    "  bra w;\n"
    "two: setp.eq.u32 %%p2, %%r20, 1; @!%%p2 bra w;\n"
    "  mov.u32 %%r6, 2; mapa.shared::cluster.u32 %%r7, %%r2, %%r6; mapa.shared::cluster.u32 %%r8, %%r3, %%r6;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%%r7], [%%rd1, {%d, %d}], "
    "[%%r8];\n"
    "w: mbarrier.try_wait.parity.shared::cta.b64 %%p2, [%%r3], 0; @!%%p2 bra w;\n"
    "  shl.b32 %%r9, %%r1, 4; add.u32 %%r10, %%r2, %%r9;\n"
    "  ld.shared.v4.u32 {%%r11, %%r12, %%r13, %%r14}, [%%r10];\n"
    "  shl.b32 %%r15, %%r20, 10; add.u32 %%r15, %%r15, %%r9; cvt.u64.u32 %%rd4, %%r15; add.u64 %%rd5, %%rd3, %%rd4;\n"
    "  st.global.v4.u32 [%%rd5], {%%r11, %%r12, %%r13, %%r14};\n"
    "  barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;\n"
    "  ret; }\n";

static void multicast_load(void **state) {
    (void)state;
    enum { MX = 8, MY = 6, NX = 0, NY = 1, TX = 4, TY = 3 };
    char ptx[8192];
    int n = snprintf(ptx, sizeof ptx, TU_HEADER);
    snprintf(ptx + n, sizeof ptx - (size_t)n, mc_kernel, MX, MY, 0x3, TX, TY, NX, NY);
    ps_tmap m = sample_map(); /* u32 20 x 12, row pitch 128 bytes, box 16 x 8, 128B swizzle */
    uint8_t map[PS_TMAP_BYTES];
    ps_tmap_encode(&m, map);
    static uint32_t tensor[32 * 12];
    static uint8_t raw[4][1024];
    for (int i = 0; i < 32 * 12; i++) tensor[i] = next();
    memset(raw, 0xee, sizeof raw);
    tu_buf b[3] = {{map, sizeof map}, {tensor, sizeof tensor}, {raw, sizeof raw}};
    tu_launch cfg = {.grid = {4, 1, 1}, .block = {64, 1, 1}, .cluster = {4, 1, 1}};
    ps_launch_result res;
    char diag[2048] = "";
    ps_status st = tu_run(ptx, "k", &cfg, b, 3, &res, diag, sizeof diag);
    if (st != PS_OK) fail_msg("%s%s", diag, res.fault.message);
    for (int rank = 0; rank < 4; rank++) {
        int bx = rank == 2 ? NX : rank == 3 ? TX : MX, by = rank == 2 ? NY : rank == 3 ? TY : MY;
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 16; c++) {
                int x = bx + c, y = by + r;
                uint32_t want = x < 20 && y < 12 ? tensor[y * 32 + x] : 0, got;
                memcpy(&got, raw[rank] + ref_smem(128, 64, 0, (uint64_t)r, (uint64_t)c * 4), 4);
                if (got != want) fail_msg("rank %d element (%d, %d): 0x%08x, want 0x%08x", rank, c, r, got, want);
            }
    }
    /* a ctaMask naming a rank beyond the cluster faults */
    snprintf(ptx + n, sizeof ptx - (size_t)n, mc_kernel, MX, MY, 0x13, TX, TY, NX, NY);
    st = tu_run(ptx, "k", &cfg, b, 3, &res, diag, sizeof diag);
    assert_int_equal(st, PS_ERR_FAULT);
    assert_non_null(strstr(res.fault.message, "ctaMask 0x0013"));
}

static void refused_forms(void **state) {
    (void)state;
    static const struct {
        const char *insn, *msg;
    } cases[] = {
        /* all but one refused at parse time now, with ptxas 13's words */
        {"cp.async.bulk.tensor.2d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r2], [%rd1, {%r4, "
         "%r5}], [%r3], {%rs1};",
         "Modifier '.2d' cannot be combined with modifier '.im2col'"},
        {"cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r2], [%rd1, {%r4, %r5, "
         "%r6}], [%r3];",
         "Arguments mismatch for instruction 'cp.async.bulk.tensor'"},
        {"cp.async.bulk.tensor.3d.global.shared::cta.im2col.bulk_group [%rd1, {%r4, %r5, %r6}], [%r3];",
         "Illegal modifier '.im2col' for instruction 'cp.async.bulk.tensor'"},
        {"cp.async.bulk.tensor.3d.shared::cluster.global.im2col_no_offs.mbarrier::complete_tx::bytes [%r2], [%rd1, "
         "{%r4, %r5, %r6}], [%r3];",
         "Illegal modifier '.im2col_no_offs' for instruction 'cp.async.bulk.tensor'"},
        {"cp.async.bulk.tensor.2d.global.shared::cta.im2col_no_offs.bulk_group [%rd1, {%r4, %r5}], [%r3];",
         "Modifier '.2d' cannot be combined with modifier '.im2col_no_offs'"},
        {"cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.im2col_w.bulk_group [%rd1, {%r4, %r5, %r6}], [%r3];",
         "Illegal modifier '.im2col_w'"},
        {"cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd1, {%r4, %r5}], "
         "[%r3];",
         "takes 3 coordinates"},
        {"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r2], "
         "[%rd1, {%r4, %r5}], [%r3];",
         "Arguments mismatch for instruction 'cp.async.bulk.tensor'"},
        {"cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.multicast::cluster [%rd1, {%r4, %r5}], [%r3], "
         "%rs1;",
         "Illegal modifier '.multicast::cluster'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char ptx[2048], diag[2048] = "";
        snprintf(ptx, sizeof ptx,
                 TU_HEADER
                 ".visible .entry k(.param .u64 p0) {\n .reg .b32 %%r<8>; .reg .b64 %%rd<4>; .reg .b16 %%rs<2>;\n"
                 " %s\n ret; }\n",
                 cases[i].insn);
        ps_launch_result res;
        uint8_t buf[16];
        tu_buf b = {buf, sizeof buf};
        tu_launch cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}};
        ps_status st = tu_run(ptx, "k", &cfg, &b, 1, &res, diag, sizeof diag);
        assert_int_not_equal(st, PS_OK);
        if (!strstr(diag, cases[i].msg))
            fail_msg("'%s': diagnostic '%s' lacks '%s'", cases[i].insn, diag, cases[i].msg);
    }
}

/* The manifest's "tensormap" parameter: accepted forms and diagnostics. */
static void manifest_param(void **state) {
    (void)state;
    static const struct {
        const char *map, *msg; /* msg NULL: loads */
    } cases[] = {
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40, 24], \"strides\": [192], \"box\": [32, 8], "
         "\"swizzle\": \"128B\", \"l2_promotion\": \"256B\"",
         NULL},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40, 25], \"strides\": [192], \"box\": [32, 8]",
         "the tensor spans 4768 bytes but buffer 'A' holds 4608"},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40, 24], \"strides\": [192], \"box\": [32, 8], "
         "\"oob_fill\": \"nan\"",
         "NaN out-of-bounds fill is supported for f32 only"},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40, 24], \"strides\": [190], \"box\": [32, 8]",
         "strides[0] = 190 bytes is not a multiple of 16"},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40, 24], \"strides\": [192], \"box\": [32, 8], "
         "\"swizzle\": \"16B\"",
         "\"swizzle\" must be one of none, 32B, 64B, 128B"},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40, 24], \"strides\": [192], \"box\": [32, 8], "
         "\"element_strides\": [1, 2]",
         "element strides other than 1"},
        {"\"buffer\": \"B\", \"type\": \"u32\", \"dims\": [40], \"box\": [32]", "must name a buffer"},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [40], \"box\": [32], \"pad\": 1", "unknown key \"pad\""},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [8, 6, 4, 6], \"strides\": [32, 192, 768], \"mode\": "
         "\"im2col\", "
         "\"box\": [8, 4, 1, 1]",
         "an im2col map has no \"box\""},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [8, 6, 4, 6], \"strides\": [32, 192, 768], \"mode\": "
         "\"im2col\", "
         "\"pixel_box_lower_corner\": [-1, 200], \"pixel_box_upper_corner\": [0, 0], \"channels_per_pixel\": 8, "
         "\"pixels_per_column\": 16",
         "outside -128..127"},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [8, 6, 4, 6], \"strides\": [32, 192, 768], \"box\": [8, 4, "
         "1, 1], "
         "\"channels_per_pixel\": 8",
         "belongs to \"mode\": \"im2col\""},
        {"\"buffer\": \"A\", \"type\": \"u32\", \"dims\": [8, 6, 4, 6], \"strides\": [32, 192, 768], \"mode\": "
         "\"im2col\", "
         "\"pixel_box_lower_corner\": [-1, 0], \"pixel_box_upper_corner\": [0, -1], \"channels_per_pixel\": 8, "
         "\"pixels_per_column\": 2000",
         "pixels_per_column"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[] = "/tmp/ptxsim_tma_XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        FILE *f = fdopen(fd, "w");
        fprintf(f,
                "{\"ptx\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [32], "
                "\"buffers\": [{\"name\": \"A\", \"type\": \"u32\", \"count\": 1152}], "
                "\"params\": [{\"tensormap\": {%s}}]}",
                cases[i].map);
        fclose(f);
        ps_manifest *m = NULL;
        char err[600] = "";
        ps_status st = ps_manifest_load(path, &m, err, sizeof err);
        unlink(path);
        if (!cases[i].msg) {
            if (st != PS_OK) fail_msg("case %zu: %s", i, err);
            assert_int_equal(m->params[0].kind, MP_TENSORMAP);
            assert_int_equal(m->params[0].tmap.swizzle, PS_TMS_128B);
            assert_int_equal(m->params[0].tmap.l2, PS_TML2_256B);
            assert_int_equal(m->params[0].tmap.strides[1], 192);
        } else {
            assert_int_not_equal(st, PS_OK);
            if (!strstr(err, cases[i].msg)) fail_msg("case %zu: '%s' lacks '%s'", i, err, cases[i].msg);
        }
        ps_manifest_free(m);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(swizzle_layout), cmocka_unit_test(global_offsets), cmocka_unit_test(encoding),
        cmocka_unit_test(checks),         cmocka_unit_test(im2col_maps),    cmocka_unit_test(im2col_load),
        cmocka_unit_test(im2col_store),   cmocka_unit_test(load_store),     cmocka_unit_test(faults),
        cmocka_unit_test(refused_forms),  cmocka_unit_test(multicast_load), cmocka_unit_test(manifest_param),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
