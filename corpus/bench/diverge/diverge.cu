// diverge — divergent control flow: each thread picks one of four loop bodies by its data and
// runs a data-dependent number of iterations (lanes of a warp disagree on both).
extern "C" __global__ void bench_diverge(const unsigned *in, unsigned *out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = in[i];
    unsigned n = 16 + (x & 63);
    unsigned acc = 0;
    for (unsigned k = 0; k < n; k++) {
        switch ((x >> 7) & 3) {
        case 0: acc += x * k; x = x * 3u + 1u; break;
        case 1: acc ^= x >> (k & 7); x += 0x9e37u; break;
        case 2: if (x & 1) { x = 3u * x + 1u; acc += 7u; } else { x >>= 1; acc -= 3u; } break;
        default: for (unsigned j = 0; j < (k & 3); j++) acc = acc * 33u + x; x ^= acc; break;
        }
    }
    out[i] = acc ^ x;
}
