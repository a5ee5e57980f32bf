// A struct with mixed member sizes and padding passed to the kernel by value
// (.param .align 8 .b8 p[32]).
struct Params {
    int n;            // 0
    float scale;      // 4
    double offset;    // 8
    unsigned char flag; // 16
    short delta;      // 18
    long long big;    // 24
};

extern "C" __global__ void struct_param(Params p, const float *__restrict__ in,
                                        double *__restrict__ out, long long *__restrict__ out2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n)
        return;
    float s = in[i] * p.scale;
    out[i] = (double)s + p.offset;
    out2[i] = p.big + (long long)i * p.delta + (p.flag ? 1 : -1);
}
