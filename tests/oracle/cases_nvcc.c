/* Oracles for the nvcc-feature cases: warpSize, cooperative groups, the device runtime (printf,
 * assert, malloc), C++ (templates, lambdas, virtual calls) and separate compilation (rdc). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"

#define NVCC_ARCHS "sm_75 sm_80 sm_90 sm_120"

/* corpus/src/warpsize.cu */
void case_warpsize(oc_case *c) {
    enum { BS = 224, NB = 3, N = BS * NB, W = 32 };
    oc_kernel(c, "warpsize");
    oc_archs(c, NVCC_ARCHS);
    oc_grid(c, NB, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_range(c, -1000, 1000);
    oc_fill(c, "scan", OT_S32, N, 0);
    oc_fill(c, "half", OT_S32, N, 0);
    oc_fill(c, "info", OT_S32, 4 * NB, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "scan");
    oc_p_buf(c, "half");
    oc_p_buf(c, "info");
    int32_t *scan = oc_out(c, "scan"), *half = oc_out(c, "half"), *info = oc_out(c, "info");
    for (int b = 0; b < NB; b++) {
        uint32_t run = 0; /* warp scans plus earlier warps' totals: the block's inclusive scan */
        for (int t = 0; t < BS; t++) {
            run += (uint32_t)in[b * BS + t];
            scan[b * BS + t] = (int32_t)run;
        }
        for (int t = 0; t < BS; t++) {
            int seg = t / 16 * 16, m = in[b * BS + seg];
            for (int k = 1; k < 16; k++)
                if (in[b * BS + seg + k] > m) m = in[b * BS + seg + k];
            half[b * BS + t] = m;
        }
        info[4 * b + 0] = W;
        info[4 * b + 1] = BS / W;
        info[4 * b + 2] = 0;
        info[4 * b + 3] = 1;
    }
}

/* corpus/src/coop_groups.cu: NOUT results per thread */
void case_coop_groups(oc_case *c) {
    enum { BS = 256, NB = 2, N = BS * NB, NOUT = 12 };
    oc_kernel(c, "coop_groups");
    oc_archs(c, NVCC_ARCHS);
    oc_grid(c, NB, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_range(c, -50, 50);
    oc_fill(c, "out", OT_S32, (size_t)N * NOUT, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    int32_t *out = oc_out(c, "out");
    for (int g = 0; g < N; g++) {
        int b = g / BS, r = g % BS, v = in[g];
        const int32_t *blk = in + b * BS;
        int32_t *o = out + (size_t)g * NOUT;
        int b64 = r / 64 * 64, b128 = r / 128 * 128, b16 = r / 16 * 16, w0 = r / 32 * 32, lane = r % 32;
        const int32_t *wv = blk + w0;
        int s = 0, m = blk[b128], x = 0;
        for (int k = 0; k < 64; k++) s += blk[b64 + k];
        for (int k = 0; k < 128; k++) m = blk[b128 + k] > m ? blk[b128 + k] : m;
        for (int k = 0; k < 16; k++) x ^= blk[b16 + k];
        o[0] = s;
        o[1] = r / 64 * 1000 + r % 64;
        o[2] = m;
        o[3] = blk[b64 + 37] * 1000 + blk[b128 + 100];
        o[4] = x;
        o[5] = r % 8 * 100 + 8;
        uint32_t ballot = 0;
        for (int k = 0; k < 32; k++) ballot |= (uint32_t)(wv[k] & 1) << k;
        o[6] = (lane + 3 < 32 ? wv[lane + 3] : v) + (int32_t)ballot;
        /* labeled_partition by v & 3, binary_partition by v > 0 */
        int lsum = 0, lsize = 0, brank = 0, bsize = 0;
        for (int k = 0; k < 32; k++) {
            if ((wv[k] & 3) == (v & 3)) lsum += wv[k], lsize++;
            if ((wv[k] > 0) == (v > 0)) {
                bsize++;
                if (k < lane) brank++;
            }
        }
        o[7] = lsum * 100 + lsize;
        o[8] = brank * 100 + bsize;
        /* coalesced_threads() of the branch v % 3 == 0 */
        if (v % 3 == 0) {
            int rank = 0, size = 0, last = 0, mn = v;
            for (int k = 0; k < 32; k++) {
                if (wv[k] % 3) continue;
                if (k < lane) rank++;
                size++;
                last = wv[k];
                if (wv[k] < mn) mn = wv[k];
            }
            o[9] = rank * 100 + size;
            o[10] = last + mn;
        } else {
            o[9] = -1;
            o[10] = -1;
        }
        o[11] = BS * 10 + 1 + 1;
    }
}

/* The text corpus/src/printf_assert.cu prints without a failing assertion; *ret receives what
 * each of thread 0's printf calls returns (the number of arguments). */
static size_t printf_assert_text(char **text, int32_t *ret) {
    size_t n;
    FILE *f = open_memstream(text, &n);
    int k = 0;
    fprintf(f, "printf from block %d thread %d\n", 0, 0);
    ret[k++] = 2;
    fprintf(f, "ints: [%d] [%i] [%5d] [%-5d] [%+d] [% d] [%05d] [%.3d]\n", 42, -42, 42, 42, 42, 42, -42, 7);
    ret[k++] = 8;
    fprintf(f, "unsigned: [%u] [%x] [%X] [%o] [%#x] [%#o] [%08x]\n", 4000000000u, 0xbeefu, 0xbeefu, 8u, 255u, 8u,
            0xabcu);
    ret[k++] = 7;
    fprintf(f, "sizes: [%hd] [%hu] [%ld] [%lld] [%llu] [%llx] [%lx]\n", (short)-3, (unsigned short)65535,
            -1234567890123L, -9000000000000000000LL, 18000000000000000000ULL, 0x123456789abcdefULL,
            0xfedcba9876543210UL);
    ret[k++] = 7;
    fprintf(f, "floats: [%f] [%.2f] [%10.3f] [%-10.1f|] [%e] [%.3E] [%g] [%G] [%g]\n", 3.14159265, (double)2.5f,
            -1.0 / 3.0, 1e3, 12345.678, 0.000123, 1e-5, 1e20, 100.0);
    ret[k++] = 9;
    fprintf(f, "special: [%f] [%f] [%e] [%g] [%a] [%A] [%.1a]\n", INFINITY, -INFINITY, -0.0, -0.0, 1.0, (double)0.5f,
            3.0);
    ret[k++] = 7;
    fprintf(f, "chars and strings: [%c%c%c] [%s] [%10s] [%-10s] [%.3s] [%s]\n", 'g', 'p', 'u', "hello", "right", "left",
            "truncated", "(null)");
    ret[k++] = 8;
    fprintf(f, "percent: [100%%] [%5.1f%%] star width: [%*d] [%-*d]\n", 99.5, 6, 17, 4, 5);
    ret[k++] = 5; /* a '*' width is an argument too */
    fprintf(f, "no arguments\n");
    ret[k++] = 0;
    fprintf(f, "%d%d%d%d%d%d%d%d%d%d\n", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    ret[k++] = 10;
    ret[k++] = 0; /* printf("") */
    for (int t = 32; t < 36; t++)
        fprintf(f, "lane %d of warp %d: %s %.1f\n", t % 32, t / 32, t & 1 ? "odd" : "even", t * 0.5);
    fclose(f);
    return n;
}

/* corpus/src/printf_assert.cu; variant assert_fail: thread 43 of block 0 holds `bad` */
void case_printf_assert(oc_case *c) {
    enum { BS = 64, NB = 2, N = BS * NB, FAIL_THREAD = 43, ASSERT_LINE = 42 };
    oc_kernel(c, "printf_assert");
    oc_archs(c, NVCC_ARCHS);
    oc_grid(c, NB, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = i * 37 - 1000; /* distinct */
    oc_fill(c, "out", OT_S32, 64 + N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    oc_p_s32(c, 1 << 30); /* held by no thread */
    int32_t *out = oc_out(c, "out");
    char *text;
    size_t n = printf_assert_text(&text, out);
    for (int g = 0; g < N; g++) out[64 + g] = in[g] * 2;
    oc_expect_output(c, text, n);
    /* the printf lines before the failing assert on stdout; the assert's message on stderr, as the
   * CUDA driver writes them (an H200: lab/nvcc_features/README.md) */
    oc_fault_variant(c, "assert_fail", 2, in[FAIL_THREAD], text, n);
    char fail[256];
    int fn = snprintf(fail, sizeof fail,
                      "printf_assert.cu:%d: void printf_assert(const int *, int *, int): "
                      "block: [0,0,0], thread: [%d,0,0] Assertion `v != bad` failed.\n",
                      ASSERT_LINE, FAIL_THREAD);
    oc_fault_variant_stderr(c, fail, (size_t)fn);
    free(text);
}

/* corpus/src/device_malloc.cu */
void case_device_malloc(oc_case *c) {
    enum { BS = 128, NB = 2, N = BS * NB };
    oc_kernel(c, "device_malloc");
    oc_archs(c, NVCC_ARCHS);
    oc_grid(c, NB, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_range(c, -1000, 1000);
    oc_fill(c, "out", OT_S32, 3 * N, -1);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    int32_t *out = oc_out(c, "out");
    for (int g = 0; g < N; g++) {
        int b = g / BS, t = g % BS, n = 1 + (in[g] & 15);
        uint32_t s = 0;
        for (int i = n - 1; i >= 0; i--) s += ((uint32_t)in[g] * (uint32_t)(i + 1)) ^ (uint32_t)i;
        out[3 * g] = (int32_t)s;
        int32_t prefix = 0;
        for (int i = 0; i <= t; i++) prefix += in[b * BS + i] + i;
        out[3 * g + 1] = prefix + 1000000; /* malloc's pointers are 16-byte aligned */
        if (t == 0) out[3 * g + 2] = 1;    /* 64 MiB is more than the 8 MiB heap: NULL */
    }
}

/* corpus/src/cxx_kernels.cu */
void case_cxx_kernels(oc_case *c) {
    enum { BS = 96, NB = 2, N = BS * NB };
    oc_kernel(c, "cxx_kernels");
    oc_archs(c, NVCC_ARCHS);
    oc_grid(c, NB, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, 8 * N);
    for (int i = 0; i < 8 * N; i++) in[i] = (int32_t)oc_range(c, -200, 300);
    oc_fill(c, "iout", OT_S32, 6 * N, 0);
    oc_fill(c, "dout", OT_F64, 2 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "iout");
    oc_p_buf(c, "dout");
    int32_t *iout = oc_out(c, "iout");
    double *dout = oc_out(c, "dout");
    for (int g = 0; g < N; g++) {
        const int32_t *r = in + 8 * g;
        int32_t *o = iout + 6 * g;
        int t = g % BS;
        o[0] = r[0] * r[4] + r[1] * r[5];
        /* products and sums of small integers and powers of two: exact, fma or not */
        dout[2 * g] = r[2] * 0.5 * 1.5 + r[3] * 0.25 * -2.0;
        int c6 = r[6] < -100 ? -100 : r[6] > 100 ? 100 : r[6];
        uint32_t u7 = (uint32_t)r[7], c7 = u7 < 10u ? 10u : u7 > 1000u ? 1000u : u7;
        o[1] = c6 + (int32_t)c7;
        uint32_t acc = 1;
        for (int i = 0; i < 8; i++) acc = acc * 3u + (uint32_t)r[i];
        o[2] = (int32_t)acc;
        int bias = g % 7, best = 0;
        for (int i = 0; i < 8; i++) best = best > r[i] + bias ? best : r[i] + bias;
        o[3] = best;
        double sum = 0.0;
        for (int i = 0; i < 8; i++) sum += r[i] * 0.125;
        dout[2 * g + 1] = sum;
        int area[3] = {(r[0] & 15) * (r[1] & 15), (r[2] & 15) * (r[3] & 15) / 2, (r[4] & 15) * (r[4] & 15)};
        int sides[3] = {4, 3, 40}; /* Rect, Tri, Square */
        int w = t / 32 % 3, l = t % 3;
        o[4] = area[w] * 100 + sides[w];
        o[5] = area[l] - sides[l];
    }
}

/* corpus/src/rdc_link.cu linked with corpus/src/rdc/rdc_link_lib.cu */
void case_rdc_link(oc_case *c) {
    enum { BS = 128, NB = 2, N = BS * NB };
    static const int weights[8] = {3, 1, 4, 1, 5, 9, 2, 6}, offsets[4] = {100, 200, 300, 400};
    oc_kernel(c, "rdc_link");
    oc_archs(c, NVCC_ARCHS);
    oc_link(c, "rdc_link_lib");
    oc_grid(c, NB, 1, 1);
    oc_block(c, BS, 1, 1);
    int32_t *in = oc_in(c, "in", OT_S32, N);
    for (int i = 0; i < N; i++) in[i] = (int32_t)oc_range(c, -500, 500);
    oc_fill(c, "out", OT_S32, 5 * N, 0);
    oc_p_buf(c, "in");
    oc_p_buf(c, "out");
    int32_t *out = oc_out(c, "out");
    for (int g = 0; g < N; g++) {
        int t = g % BS, v = in[g], k = g % 3, off = offsets[t & 3];
        int32_t *o = out + 5 * g;
        o[0] = (v * 7 + 1) * weights[t & 7]; /* the library's helper */
        o[1] = k == 0 ? v + off : k == 1 ? v - off : (v > off ? v : off);
        o[2] = (2 * v + (v - 5) * 2) + 2 * (v - 5); /* the main unit's helper */
        o[3] = weights[(v & 0x7fffffff) % 8];
        o[4] = t - 5;
    }
}
