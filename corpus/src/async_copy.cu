// cp.async (PTX ISA 9.7.9.25): a double-buffered pipeline of 4-byte copies with zero fill past
// the end (src-size 0), commit_group / wait_group 1 / wait_all; then 16-byte .cg copies with
// src-size 4..16, 8-byte .ca copies with src-size 0 or 8, and 4-byte copies with the ignore-src
// predicate, into shared memory preset to a sentinel.
#define TILE 128
__device__ __forceinline__ unsigned smem(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cp4(void *dst, const void *src, unsigned src_bytes)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(smem(dst)), "l"(src),
                 "r"(src_bytes) : "memory");
}
__device__ __forceinline__ void cp8(void *dst, const void *src, unsigned src_bytes)
{
    asm volatile("cp.async.ca.shared.global.L2::64B [%0], [%1], 8, %2;" ::"r"(smem(dst)), "l"(src),
                 "r"(src_bytes) : "memory");
}
__device__ __forceinline__ void cp16(void *dst, const void *src, unsigned src_bytes)
{
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, %2;" ::"r"(smem(dst)),
                 "l"(src), "r"(src_bytes) : "memory");
}
__device__ __forceinline__ void cp4_ignore(void *dst, const void *src, unsigned ignore)
{
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"
                 "cp.async.ca.shared.global [%0], [%1], 4, p;\n\t}" ::"r"(smem(dst)),
                 "l"(src), "r"(ignore) : "memory");
}
__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
__device__ __forceinline__ void wait1() { asm volatile("cp.async.wait_group 1;" ::: "memory"); }
__device__ __forceinline__ void wait_all() { asm volatile("cp.async.wait_all;" ::: "memory"); }

extern "C" __global__ void async_copy(const unsigned *__restrict__ in, unsigned *__restrict__ out,
                                      unsigned *__restrict__ out2, int n)
{
    __shared__ unsigned buf[2][TILE];
    __shared__ uint4 b16[32];
    __shared__ uint2 b8[32];
    __shared__ unsigned b4[32];
    int t = threadIdx.x;
    int ntiles = (n + TILE - 1) / TILE;
    int tile = blockIdx.x;
    if (tile < ntiles) {
        int i = tile * TILE + t;
        cp4(&buf[0][t], in + (i < n ? i : 0), i < n ? 4 : 0);
    }
    commit();
    for (int it = 0; tile < ntiles; it++, tile += gridDim.x) {
        int next = tile + gridDim.x;
        if (next < ntiles) {
            int i = next * TILE + t;
            cp4(&buf[(it + 1) & 1][t], in + (i < n ? i : 0), i < n ? 4 : 0);
        }
        commit();
        wait1();
        __syncthreads();
        const unsigned *b = buf[it & 1];
        unsigned v = b[t] * 3u + b[(t + 1) & (TILE - 1)];
        int i = tile * TILE + t;
        if (i < n)
            out[i] = v;
        __syncthreads();
    }
    wait_all();
    if (t < 32) {
        b16[t] = make_uint4(0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu);
        b8[t] = make_uint2(0xdeadbeefu, 0xdeadbeefu);
        b4[t] = 0xdeadbeefu;
    }
    __syncthreads();
    int g = blockIdx.x * 32 + t;
    if (t < 32) {
        cp16(&b16[t], in + g * 4, (unsigned)(t % 4) * 4 + 4);
        cp8(&b8[t], in + 512 + g * 2, t % 3 == 0 ? 0 : 8);
        commit();
        cp4_ignore(&b4[t], in + 800 + g % 200, t & 1);
        wait_all();
        unsigned *o = out2 + g * 7;
        o[0] = b16[t].x, o[1] = b16[t].y, o[2] = b16[t].z, o[3] = b16[t].w;
        o[4] = b8[t].x, o[5] = b8[t].y;
        o[6] = b4[t];
    }
}
