// thrust_ops.cu — Thrust on 1M elements: sort (32-bit keys), sort_by_key, reduce, inclusive and
// exclusive scan, transform, count_if; each checked against the host's std:: algorithms.
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <algorithm>
#include <numeric>
#include <vector>
#include "common.h"

struct square_plus {
    __host__ __device__ unsigned operator()(unsigned a, unsigned b) const { return a * a + b; }
};
struct is_odd {
    __host__ __device__ bool operator()(unsigned v) const { return v & 1; }
};

int main() {
    const int n = 1 << 20;
    std::vector<unsigned> h(n);
    unsigned x = 12345;
    for (int i = 0; i < n; i++) h[i] = x = xs32(x);

    // sort
    thrust::device_vector<unsigned> d(h.begin(), h.end());
    thrust::sort(d.begin(), d.end());
    std::vector<unsigned> ref = h;
    std::sort(ref.begin(), ref.end());
    thrust::host_vector<unsigned> back = d;
    int bad = 0;
    for (int i = 0; i < n; i++) bad += back[i] != ref[i];
    EXPECT(bad == 0, "sort: %d positions differ", bad);
    std::printf("sort: %d keys, first %08x, last %08x\n", n, (unsigned)back[0], (unsigned)back[n - 1]);

    // sort_by_key with 16-bit keys (stable: equal keys keep their order)
    std::vector<unsigned> k16(n), vals(n);
    for (int i = 0; i < n; i++) k16[i] = h[i] >> 16, vals[i] = i;
    thrust::device_vector<unsigned> dk(k16.begin(), k16.end()), dv(vals.begin(), vals.end());
    thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
    std::vector<unsigned> idx(n);
    std::iota(idx.begin(), idx.end(), 0u);
    std::stable_sort(idx.begin(), idx.end(), [&](unsigned a, unsigned b) { return k16[a] < k16[b]; });
    thrust::host_vector<unsigned> bv = dv;
    bad = 0;
    for (int i = 0; i < n; i++) bad += bv[i] != idx[i];
    EXPECT(bad == 0, "sort_by_key: %d positions differ", bad);
    std::printf("sort_by_key: value at 0 %u, at %d %u\n", (unsigned)bv[0], n / 2, (unsigned)bv[n / 2]);

    // reduce (wrapping unsigned sum) and max
    thrust::device_vector<unsigned> d2(h.begin(), h.end());
    unsigned sum = thrust::reduce(d2.begin(), d2.end(), 0u);
    unsigned mx = thrust::reduce(d2.begin(), d2.end(), 0u, thrust::maximum<unsigned>());
    unsigned rsum = std::accumulate(h.begin(), h.end(), 0u);
    unsigned rmx = *std::max_element(h.begin(), h.end());
    EXPECT(sum == rsum, "reduce %08x != %08x", sum, rsum);
    EXPECT(mx == rmx, "max %08x != %08x", mx, rmx);
    std::printf("reduce: sum %08x, max %08x\n", sum, mx);

    // scans of small values
    std::vector<unsigned> small(n);
    for (int i = 0; i < n; i++) small[i] = h[i] & 15;
    thrust::device_vector<unsigned> ds(small.begin(), small.end()), dsc(n);
    thrust::inclusive_scan(ds.begin(), ds.end(), dsc.begin());
    std::vector<unsigned> rsc(n);
    std::partial_sum(small.begin(), small.end(), rsc.begin());
    thrust::host_vector<unsigned> bsc = dsc;
    bad = 0;
    for (int i = 0; i < n; i++) bad += bsc[i] != rsc[i];
    EXPECT(bad == 0, "inclusive_scan: %d positions differ", bad);
    thrust::exclusive_scan(ds.begin(), ds.end(), dsc.begin(), 100u);
    bsc = dsc;
    bad = 0;
    for (int i = 0; i < n; i++) bad += bsc[i] != 100u + (i ? rsc[i - 1] : 0u);
    EXPECT(bad == 0, "exclusive_scan: %d positions differ", bad);
    std::printf("scan: last inclusive %u\n", rsc[n - 1]);

    // transform and count_if
    thrust::device_vector<unsigned> dt(n);
    thrust::transform(d2.begin(), d2.end(), ds.begin(), dt.begin(), square_plus());
    thrust::host_vector<unsigned> bt = dt;
    bad = 0;
    unsigned tx = 0;
    for (int i = 0; i < n; i++) {
        bad += bt[i] != h[i] * h[i] + small[i];
        tx ^= bt[i];
    }
    EXPECT(bad == 0, "transform: %d positions differ", bad);
    long odd = thrust::count_if(dt.begin(), dt.end(), is_odd());
    long rodd = 0;
    for (int i = 0; i < n; i++) rodd += (h[i] * h[i] + small[i]) & 1;
    EXPECT(odd == rodd, "count_if %ld != %ld", odd, rodd);
    std::printf("transform: xor %08x, odd %ld\n", tx, odd);
    return finish();
}
