// Planted defect (race): global memory shared between blocks of one launch. Block b writes
// buf[b] and reads buf[b+1], which the next block writes; blocks are never ordered.
// Block of 32 threads, grid of 4.
extern "C" __global__ void race_global_cta(float *buf, float *out) {
    int b = blockIdx.x;
    if (threadIdx.x == 0) {
        buf[b] = (float)(b + 1);
        out[b] = buf[(b + 1) % gridDim.x];
    }
}
