// 3D grid of 3D blocks: every thread records its special registers (tid, ntid, ctaid,
// nctaid, laneid) at its linear global index, plus a value computed from its coordinates.
extern "C" __global__ void grid3d(unsigned *__restrict__ out)
{
    unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
    unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    unsigned block = (bz * gridDim.y + by) * gridDim.x + bx;
    unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    unsigned local = (tz * blockDim.y + ty) * blockDim.x + tx;
    unsigned lin = block * nthreads + local;
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    unsigned *o = out + 6 * lin;
    o[0] = tx | (ty << 8) | (tz << 16);
    o[1] = blockDim.x | (blockDim.y << 8) | (blockDim.z << 16);
    o[2] = bx | (by << 8) | (bz << 16);
    o[3] = gridDim.x | (gridDim.y << 8) | (gridDim.z << 16);
    o[4] = lane | (local >> 5) << 8;
    o[5] = (bx * 7 + by * 11 + bz * 13) * (tx + 2 * ty + 3 * tz + 1);
}
