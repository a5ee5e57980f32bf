// Per-thread arrays indexed with run-time values, which forces them into .local memory:
// a scratch table updated at data-dependent positions and a small insertion sort.
extern "C" __global__ void local_array(const int *__restrict__ idx, const int *__restrict__ vals,
                                       int *__restrict__ out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int buf[32];
    for (int k = 0; k < 32; k++)
        buf[k] = vals[(t + k) % n] ^ k;
    int acc = 0;
    for (int k = 0; k < 16; k++) {
        int j = idx[t * 16 + k] & 31;
        buf[j] += k;
        acc += buf[(j * 7 + 3) & 31];
    }
    int srt[12];
    for (int k = 0; k < 12; k++)
        srt[k] = buf[idx[t * 16 + k] & 31];
    for (int k = 1; k < 12; k++) {
        int v = srt[k], m = k - 1;
        while (m >= 0 && srt[m] > v) {
            srt[m + 1] = srt[m];
            m--;
        }
        srt[m + 1] = v;
    }
    out[t * 4 + 0] = acc;
    out[t * 4 + 1] = srt[0];
    out[t * 4 + 2] = srt[idx[t * 16] & 7];
    out[t * 4 + 3] = srt[11];
}
