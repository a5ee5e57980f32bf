// warp_intrinsics.cu — warp-level primitives: __shfl_sync (idx, up, down, xor), __ballot_sync,
// __any/__all_sync, __match_any_sync, __reduce_add/min/max_sync, __activemask in a divergent
// branch, and integer intrinsics (__popc, __clz, __ffs, __brev, __byte_perm, __funnelshift_l,
// __umulhi), each compared with a host model of the warp.
#include <vector>
#include "common.h"

__global__ void warp_ops(const unsigned *in, unsigned *out) {
    unsigned lane = threadIdx.x % 32, w = threadIdx.x / 32;
    unsigned v = in[threadIdx.x];
    unsigned *o = out + threadIdx.x * 16;
    o[0] = __shfl_sync(0xffffffffu, v, (lane * 7) % 32);
    o[1] = __shfl_up_sync(0xffffffffu, v, 3);
    o[2] = __shfl_down_sync(0xffffffffu, v, 5);
    o[3] = __shfl_xor_sync(0xffffffffu, v, 6);
    o[4] = __ballot_sync(0xffffffffu, v & 1);
    o[5] = (__any_sync(0xffffffffu, v == 12345u) ? 2 : 0) | (__all_sync(0xffffffffu, v != 0) ? 1 : 0);
    o[6] = __match_any_sync(0xffffffffu, v % 5);
    o[7] = __reduce_add_sync(0xffffffffu, v & 0xffff);
    o[8] = __reduce_min_sync(0xffffffffu, v);
    o[9] = __reduce_max_sync(0xffffffffu, v);
    o[10] = (v & 3) == 0 ? __activemask() : 0u;
    o[11] = __popc(v) | (__clz(v) << 8) | (__ffs(v) << 16);
    o[12] = __brev(v);
    o[13] = __byte_perm(v, v * 3u, 0x5173);
    o[14] = __funnelshift_l(v, v * 7u, lane);
    o[15] = __umulhi(v, 0x9e3779b9u) + w;
}

static unsigned host_byte_perm(unsigned x, unsigned y, unsigned s) {
    unsigned long long b = ((unsigned long long)y << 32) | x;
    unsigned r = 0;
    for (int k = 0; k < 4; k++) {
        unsigned sel = (s >> (4 * k)) & 7;
        r |= (unsigned)((b >> (8 * sel)) & 0xff) << (8 * k);
    }
    return r;
}

int main() {
    const int threads = 128;
    std::vector<unsigned> h(threads), back(threads * 16);
    for (int i = 0; i < threads; i++) h[i] = xs32(i * 2654435761u + 1) >> (i % 7);
    h[40] = 12345u;
    unsigned *in, *out;
    CK(cudaMalloc(&in, threads * 4));
    CK(cudaMalloc(&out, threads * 16 * 4));
    CK(cudaMemcpy(in, h.data(), threads * 4, cudaMemcpyHostToDevice));
    warp_ops<<<1, threads>>>(in, out);
    CK(cudaGetLastError());
    CK(cudaMemcpy(back.data(), out, threads * 16 * 4, cudaMemcpyDeviceToHost));
    unsigned x = 0;
    for (int w = 0; w < threads / 32; w++) {
        const unsigned *v = &h[w * 32];
        unsigned ballot = 0, sum = 0, mn = ~0u, mx = 0, active = 0;
        bool any = false, all = true;
        for (int l = 0; l < 32; l++) {
            ballot |= (v[l] & 1u) << l;
            any |= v[l] == 12345u;
            all &= v[l] != 0;
            sum += v[l] & 0xffff;
            mn = v[l] < mn ? v[l] : mn;
            mx = v[l] > mx ? v[l] : mx;
            active |= ((v[l] & 3) == 0 ? 1u : 0u) << l;
        }
        for (int l = 0; l < 32; l++) {
            const unsigned *o = &back[(w * 32 + l) * 16];
            unsigned want[16];
            want[0] = v[(l * 7) % 32];
            want[1] = l >= 3 ? v[l - 3] : v[l];
            want[2] = l + 5 < 32 ? v[l + 5] : v[l];
            want[3] = v[l ^ 6];
            want[4] = ballot;
            want[5] = (any ? 2 : 0) | (all ? 1 : 0);
            unsigned match = 0;
            for (int k = 0; k < 32; k++) match |= (v[k] % 5 == v[l] % 5 ? 1u : 0u) << k;
            want[6] = match;
            want[7] = sum;
            want[8] = mn;
            want[9] = mx;
            want[10] = (v[l] & 3) == 0 ? active : 0u;
            unsigned pc = __builtin_popcount(v[l]), clz = v[l] ? __builtin_clz(v[l]) : 32,
                     ffs = __builtin_ffs((int)v[l]);
            want[11] = pc | (clz << 8) | (ffs << 16);
            unsigned br = 0;
            for (int k = 0; k < 32; k++) br |= ((v[l] >> k) & 1u) << (31 - k);
            want[12] = br;
            want[13] = host_byte_perm(v[l], v[l] * 3u, 0x5173);
            unsigned long long cat = ((unsigned long long)v[l] * 7u & 0xffffffffu) << 32 | v[l];
            want[14] = (unsigned)((cat << (l & 31)) >> 32);
            want[15] = (unsigned)(((unsigned long long)v[l] * 0x9e3779b9ull) >> 32) + w;
            for (int k = 0; k < 16; k++) {
                EXPECT(o[k] == want[k], "warp %d lane %d op %d: %08x, expected %08x", w, l, k, o[k], want[k]);
                x = xs32(x ^ o[k]);
            }
        }
    }
    std::printf("warp intrinsics: %d lanes x 16 results, hash %08x\n", threads, x);
    CK(cudaFree(in));
    CK(cudaFree(out));
    return finish();
}
