// Global and shared atomics whose final results do not depend on the order in which threads
// run: add (u32, u64, and f32/f64 on integer values), min/max, and/or/xor, inc/dec with wrap,
// exchange into a slot chosen by an atomicAdd ticket, a CAS loop (64-bit product), and a spin
// lock taken by one lane per warp (atomicCAS to take, atomicExch to release).
struct Acc {
    unsigned add32;
    unsigned inc;
    unsigned dec;
    unsigned and32;
    unsigned or32;
    unsigned xor32;
    int max32;
    int min32;
    unsigned umax32;
    unsigned ticket_sum;
    unsigned lock;
    unsigned locked_count;
    unsigned long long add64;
    unsigned long long prod64;
    unsigned long long locked_sum;
    float addf;
    unsigned xchg_sum;
    double addd;
};

extern "C" __global__ void atomics(const int *__restrict__ v, Acc *acc, unsigned *slots,
                                   unsigned *shared_out)
{
    __shared__ unsigned sh_sum;
    __shared__ int sh_max;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int x = v[t];
    if (threadIdx.x == 0) {
        sh_sum = 0;
        sh_max = -2147483647 - 1;
    }
    __syncthreads();
    atomicAdd(&sh_sum, (unsigned)x);
    atomicMax(&sh_max, x);

    atomicAdd(&acc->add32, (unsigned)x);
    atomicInc(&acc->inc, 100u);
    atomicDec(&acc->dec, 50u);
    atomicAnd(&acc->and32, ~(1u << (t & 31)) | (unsigned)x);
    atomicOr(&acc->or32, 1u << ((unsigned)x % 29u));
    atomicXor(&acc->xor32, (unsigned)x * 2654435761u);
    atomicMax(&acc->max32, x);
    atomicMin(&acc->min32, x);
    atomicMax(&acc->umax32, (unsigned)x ^ 0x80000000u);
    atomicAdd(&acc->add64, (unsigned long long)(long long)x);
    atomicAdd(&acc->addf, (float)(x & 1023));
    atomicAdd(&acc->addd, (double)(x % 100000));

    unsigned ticket = atomicAdd(&slots[0], 1u);
    atomicAdd(&acc->ticket_sum, ticket);
    unsigned prev = atomicExch(&slots[1 + ticket], ticket * 3u);
    atomicAdd(&acc->xchg_sum, prev);

    unsigned long long f = ((unsigned long long)(unsigned)x << 1) | 1ull;
    unsigned long long old = acc->prod64, assumed;
    do {
        assumed = old;
        old = atomicCAS(&acc->prod64, assumed, assumed * f);
    } while (old != assumed);

    if ((threadIdx.x & 31) == 0) {
        while (atomicCAS(&acc->lock, 0u, 1u) != 0u)
            ;
        __threadfence();
        volatile Acc *va = acc;
        va->locked_sum = va->locked_sum + (unsigned long long)(unsigned)x;
        va->locked_count = va->locked_count + 1;
        __threadfence();
        atomicExch(&acc->lock, 0u);
    }

    __syncthreads();
    if (threadIdx.x == 0) {
        shared_out[2 * blockIdx.x] = sh_sum;
        shared_out[2 * blockIdx.x + 1] = (unsigned)sh_max;
    }
}
