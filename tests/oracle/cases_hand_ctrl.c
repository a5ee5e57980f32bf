/* Oracles for the hand-written warp and control-flow PTX kernels (corpus/src/hand/): shuffles,
 * match/redux, barriers, loops, jump tables, calls and recursion, special registers,
 * predicated code, reductions and scans. */
#include "oracle.h"

/* ---------------- shfl_modes ---------------- */
enum { SH_UP, SH_DOWN, SH_BFLY, SH_IDX };
/* shfl.sync as the PTX ISA defines it (9.7.8.6): source lane and the in-range predicate */
static uint32_t shfl(int mode, const uint32_t *a, uint32_t lane, uint32_t b, uint32_t c, int *pred) {
  uint32_t bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
  int32_t maxl = (int32_t)((lane & segmask) | (cval & ~segmask)), minl = (int32_t)(lane & segmask);
  int32_t j;
  int p;
  switch (mode) {
  case SH_UP: j = (int32_t)lane - (int32_t)bval; p = j >= maxl; break;
  case SH_DOWN: j = (int32_t)(lane + bval); p = j <= maxl; break;
  case SH_BFLY: j = (int32_t)(lane ^ bval); p = j <= maxl; break;
  default: j = minl | (int32_t)(bval & ~segmask); p = j <= maxl; break;
  }
  if (!p) j = (int32_t)lane;
  *pred = p;
  return a[j];
}

void case_shfl_modes(oc_case *c) {
  enum { G = 2, BS = 128, N = G * BS };
  oc_kernel(c, "shfl_modes");
  oc_grid(c, G, 1, 1);
  oc_block(c, BS, 1, 1);
  uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
  for (int i = 0; i < N; i++) {
    in[2 * i] = oc_rand32(c);
    in[2 * i + 1] = oc_rand32(c);
  }
  oc_fill(c, "out", OT_U32, 12 * N, 0);
  oc_p_buf(c, "in");
  oc_p_buf(c, "out");
  uint32_t *o = oc_out(c, "out");
  for (int w = 0; w < N / 32; w++) {
    uint32_t a[32], b[32];
    for (int l = 0; l < 32; l++) {
      a[l] = in[2 * (32 * w + l)];
      b[l] = in[2 * (32 * w + l) + 1];
    }
    for (uint32_t l = 0; l < 32; l++) {
      uint32_t *r = o + 12 * (32 * w + l), bits = 0;
      int p;
#define SH(k, mode, bb, cc)                                                                        \
  do {                                                                                             \
    r[k] = shfl(mode, a, l, bb, cc, &p);                                                           \
  } while (0)
      SH(0, SH_UP, 1, 0);
      bits |= (uint32_t)p;
      SH(1, SH_UP, 3, 0x1800);
      bits |= (uint32_t)p << 1;
      SH(2, SH_DOWN, 2, 0x1f);
      bits |= (uint32_t)p << 2;
      SH(3, SH_DOWN, 5, 0x181f);
      bits |= (uint32_t)p << 3;
      SH(4, SH_BFLY, 16, 0x1f);
      bits |= (uint32_t)p << 4;
      SH(5, SH_BFLY, 6, 0x1c1f);
      bits |= (uint32_t)p << 5;
      SH(6, SH_IDX, b[l] & 31, 0x1f);
      bits |= (uint32_t)p << 6;
      SH(7, SH_IDX, b[l], 0x101f);
      bits |= (uint32_t)p << 7;
      SH(8, SH_DOWN, b[l] & 7, 0x1c1f);
      bits |= (uint32_t)p << 8;
      SH(9, SH_DOWN, 1, 3);
      bits |= (uint32_t)p << 9;
#undef SH
      uint32_t src = (l + 7) % 32;
      r[10] = a[src] ^ b[src];
      r[11] = bits;
    }
  }
}

/* ---------------- match_redux ---------------- */
void case_match_redux(oc_case *c) {
  enum { G = 2, BS = 128, N = G * BS };
  oc_kernel(c, "match_redux");
  oc_grid(c, G, 1, 1);
  oc_block(c, BS, 1, 1);
  uint32_t *in = oc_in(c, "in", OT_U32, 2 * N);
  for (int i = 0; i < N; i++) {
    int w = i / 32;
    uint32_t key = (uint32_t)oc_range(c, 0, 5), val = oc_rand32(c);
    if (w == 1) key = 3;                 /* all equal and odd */
    if (w == 2) key = 4;                 /* all equal and even: nobody branches */
    if (w == 3) val = (uint32_t)oc_range(c, -3, 3);
    if (w == 4) key = (uint32_t)(i & 1); /* alternate lanes branch */
    in[2 * i] = key;
    in[2 * i + 1] = val;
  }
  oc_fill(c, "out", OT_U32, 12 * N, 0);
  oc_p_buf(c, "in");
  oc_p_buf(c, "out");
  uint32_t *o = oc_out(c, "out");
  for (int w = 0; w < N / 32; w++) {
    const uint32_t *k = in + 64 * w;
    uint32_t sum = 0, mx = 0, xr = 0, all_and = 0xffffffffu, odd = 0;
    int32_t mn = INT32_MAX, omax = INT32_MIN;
    uint32_t oor = 0;
    for (int l = 0; l < 32; l++) {
      uint32_t v = k[2 * l + 1];
      sum += v;
      if ((int32_t)v < mn) mn = (int32_t)v;
      if (v > mx) mx = v;
      xr ^= v;
      all_and &= k[2 * l];
      if (k[2 * l] & 1) {
        odd |= 1u << l;
        if ((int32_t)v > omax) omax = (int32_t)v;
        oor |= k[2 * l];
      }
    }
    for (int l = 0; l < 32; l++) {
      uint32_t *r = o + 12 * (32 * w + l), key = k[2 * l], v = k[2 * l + 1];
      uint32_t same = 0, same64 = 0, samev = 0;
      for (int q = 0; q < 32; q++) {
        if (k[2 * q] == key) same |= 1u << q;
        if (k[2 * q] == key && (k[2 * q + 1] & 1) == (v & 1)) same64 |= 1u << q;
        if ((odd >> q & 1) && k[2 * q + 1] == v) samev |= 1u << q;
      }
      int alleq = same == 0xffffffffu;
      r[0] = same;
      r[1] = alleq ? 0xffffffffu : 0;
      r[2] = (uint32_t)alleq;
      r[3] = same64;
      r[4] = sum;
      r[5] = (uint32_t)mn;
      r[6] = mx;
      r[7] = xr;
      if (key & 1) {
        r[8] = odd;
        r[9] = samev;
        r[10] = (uint32_t)omax;
        r[11] = oor ^ all_and;
      } else {
        r[11] = all_and;
      }
    }
  }
}
