// bank_kernels.cu — calibration kernels for ptxsim's shared-memory bank model and global
// coalescing counters, measured with Nsight Compute on an H200 (scripts/ncu_calibrate.sh).
//
// Every kernel has the signature (unsigned *out, const unsigned *in) so one launcher runs them
// all. The access under test is written in inline PTX so ptxas cannot merge, widen or remove it:
// the SASS holds exactly one LDS/STS/ATOMS (or LDG/STG) per PTX access. Each thread finally
// stores one word to out[global thread index] (a coalesced STG that both sides count too).
//
//   nvcc -ptx -arch=sm_90 -O3 bank_kernels.cu -o ../bank_kernels.sm_90.ptx
//
// The expected counts under the model of docs/verifier.md are noted per kernel as
// "wf/warp" (wavefronts per warp-level instruction); ncu_h200.json holds what the H200 said.

#include "bank_macros.cuh"

// ---- loads: one shared load per thread ----------------------------------------------------------

// 32-bit loads at word stride s: gcd(s, 32) wf/warp
LD32(k_ld32_s1, 4 * tid)                       // 1
LD32(k_ld32_s2, 8 * tid)                       // 2
LD32(k_ld32_s3, 12 * tid)                      // 1
LD32(k_ld32_s4, 16 * tid)                      // 4
LD32(k_ld32_s8, 32 * tid)                      // 8
LD32(k_ld32_s16, 64 * tid)                     // 16
LD32(k_ld32_s32, 128 * tid)                    // 32
LD32(k_ld32_s33, 132 * tid)                    // 1
LD32(k_ld32_s4_3blk, 16 * tid)                 // 4, grid of 3 CTAs of 3 warps
LD32(k_ld32_bcast, 0)                          // 1: every lane reads one word
LD32(k_ld32_bcast2, 128 * (lane & 1))          // 2: words 0 and 32, both bank 0
LD32(k_ld32_bcast_half, (lane < 16 ? 0 : 128)) // 2
LD32(k_ld32_pair, (lane < 2 ? 128 * lane : 4 * lane)) // 2: lanes 0,1 on words 0,32
LD32(k_ld32_hash, 4 * ((lane * 37u + 11u) & 127u))    // irregular
LD32(k_ld32_rev, 4 * (31 - lane) + 128 * warp)        // 1: a permutation
LD32(k_ld32_s2_partial, 8 * tid)              // 20-thread block: 2
LD32P(k_ld32_pred8_s32, 128 * lane, lane < 8) // 8: 8 lanes active, same bank
LD32P(k_ld32_pred_odd_s2, 8 * lane, lane & 1) // 1: 16 odd lanes, banks 2,6,..: distinct words
LD32P(k_ld32_pred_warp_off, 4 * lane, warp == 0) // warp 1 issues with no active lane
// sub-word loads: lanes in one word share it
LD8(k_ld8_s1, tid)                             // 1
LD8(k_ld8_s2, 2 * tid)                         // 1
LD8(k_ld8_s4, 4 * tid)                         // 1
LD8(k_ld8_s128, 128 * tid)                     // 32
LD16(k_ld16_s1, 2 * tid)                       // 1
LD16(k_ld16_s3, 6 * tid)                       // 2 (words 0..46)
LD16(k_ld16_s32, 64 * tid)                     // 16 (banks 0 and 16)
// 64-bit loads
LD64(k_ld64_s1, 8 * tid)                       // 2, no conflict
LD64V(k_ld64v_s1, 8 * tid)                     // 2, no conflict
LD64(k_ld64_s2, 16 * tid)                      // 4
LD64(k_ld64_s4, 32 * tid)                      // 8
LD64(k_ld64_s8, 64 * tid)                      // 16
LD64(k_ld64_s9, 72 * tid)                      // 2: padded
LD64(k_ld64_s16, 128 * tid)                    // 32
LD64(k_ld64_bcast, 0)                          // all lanes one 8-byte word
LD64(k_ld64_half_same, 8 * (lane & 15))        // both half-warps read the same 128 bytes
LD64(k_ld64_rev_halves, 8 * (lane ^ 16))       // half-warps swapped: still 2
LD64(k_ld64_mix, 8 * ((lane & 15) * 2 + (lane >> 4)))  // lanes i, i+16 adjacent words
LD64P(k_ld64_pred_half0, 8 * lane, lane < 16)  // only the first half-warp
LD64P(k_ld64_pred_quarters, 8 * lane, (lane & 8) == 0) // lanes 0-7 and 16-23
// 128-bit loads
LD128(k_ld128_s1, 16 * tid)                    // 4, no conflict
LD128(k_ld128_s2, 32 * tid)                    // 8
LD128(k_ld128_s5, 80 * tid)                    // 4: padded
LD128(k_ld128_s8, 128 * tid)                   // 32
LD128(k_ld128_bcast, 0)                        // all lanes one 16-byte chunk
LD128(k_ld128_q_same, 16 * (lane & 7))         // every quarter-warp reads the same 128 bytes
LD128(k_ld128_quad, 16 * (lane >> 2))          // 4 lanes per chunk, 8 chunks = 128 bytes
LD128P(k_ld128_pred8, 16 * lane, lane < 8)     // one quarter-warp: 1
LD128P(k_ld128_pred_spread, 16 * lane, (lane & 3) == 0) // 2 lanes in each quarter
// generic addressing into the shared window
LDGEN32(k_ldgen32_s1, 4 * tid)                 // 1
LDGEN32(k_ldgen32_s2, 8 * tid)                 // 2

// ---- stores ---------------------------------------------------------------------------------
ST32(k_st32_s1, 4 * tid)                       // 1
ST32(k_st32_s2, 8 * tid)                       // 2
ST32(k_st32_s32, 128 * tid)                    // 32
ST32(k_st32_same, 0)                           // every lane one word
ST32(k_st32_bcast2, 128 * (lane & 1))          // words 0 and 32
ST8(k_st8_s1, tid)                             // bytes of 8 words
ST16(k_st16_s32, 64 * tid)                     // 16
ST64(k_st64_s1, 8 * tid)                       // 2
ST64(k_st64_s2, 16 * tid)                      // 4
ST64(k_st64_same, 0)                           // every lane one 8-byte word
ST128(k_st128_s1, 16 * tid)                    // 4
ST128(k_st128_s2, 32 * tid)                    // 8

// ---- shared atomics ------------------------------------------------------------------------
ATOM32(k_atom_s1, 4 * tid)
ATOM32(k_atom_s2, 8 * tid)
ATOM32(k_atom_s32, 128 * tid)
ATOM32(k_atom_same, 0)
ATOM32(k_atom_4words, 4 * (lane & 3))
RED32(k_red_s1, 4 * tid)
CAS32(k_cas_s1, 4 * tid)

// ---- a 32x32 transpose through a shared tile (plain CUDA, not inline PTX) -------------------
// block (32, 8): each thread moves 4 elements. Rows of 32 words: the column reads are 32-way
// conflicts; rows of 33 words make them conflict-free.
TRANSPOSE(k_transpose32, 32)
TRANSPOSE(k_transpose33, 33)

// ---- global loads and stores: requests and 32-byte sectors -----------------------------------
GLD32(k_gld32_s1, tid)                         // 4 sectors/request
GLD32(k_gld32_s2, 2 * tid)                     // 8
GLD32(k_gld32_s8, 8 * tid)                     // 32
GLD32(k_gld32_s32, 32 * tid)                   // 32
GLD32(k_gld32_off1, tid + 1)                   // 5: misaligned by 4 bytes
GLD32(k_gld32_bcast, 0)                        // 1
GLD32(k_gld32_partial, tid)                    // 20-thread block: 3
GLD8(k_gld8_s1, tid)                           // 1
GLD64(k_gld64_s1, 2 * tid)                     // 8
GLD128(k_gld128_s1, 4 * tid)                   // 16
GST32(k_gst32_s1, tid)                         // 4
GST32(k_gst32_s4, 4 * tid)                     // 16
GST128(k_gst128_s1, 4 * tid)                   // 16
