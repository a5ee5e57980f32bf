#!/usr/bin/env python3
"""pack.py IN_DIR GPU_OUT OUT_DIR — repacks a recording of the wgmma_types probe into the compact
replay set of tests/data/wgmma: of the variants with N <= 48, the adversarial fp8 tests (wide
ranges with specials, cancellation, exponent spread, c cancelling a product, the swizzled
layouts) and the extreme-value, layout and swizzled integer/.b1 tests; the first test of the
larger fp8 variants (their inputs, accumulators and the H200's outputs), with a new test table."""
import os, struct, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variants import VARIANTS

src, gpu_out, dst = sys.argv[1:4]
rd = lambda f: open(os.path.join(src, f), "rb").read()
tab, imgs, afr, cin, gpu = rd("tests.in.bin"), rd("imgs.in.bin"), rd("afrags.in.bin"), rd("cin.in.bin"), open(gpu_out, "rb").read()
o_tab, o_imgs, o_afr, o_cin, o_out = bytearray(), bytearray(), bytearray(), bytearray(), bytearray()
count = {}
for t in range(len(tab) // 64):
    f = list(struct.unpack_from("<8I4Q", tab, 64 * t))
    vi, ioff, ilen, sd, off, aoff = f[:6]
    v = VARIANTS[vi]
    i = count.get(vi, 0)
    count[vi] = i + 1
    keep = ({0} if v[3] in ("e4m3", "e5m2") else set()) if v[1] > 48 else {1, 2, 4, 5, 6, 7, 8} if v[3] in ("e4m3", "e5m2") else {1, 3, 4, 5}
    if i not in keep:
        continue
    nr = v[1] // 4 if v[2] == "f16" else v[1] // 2
    f[1] = len(o_imgs)
    o_imgs += imgs[ioff:ioff + ilen]
    if v[5]:
        f[5] = len(o_afr) // 4
        o_afr += afr[4 * aoff:4 * aoff + 128 * 4 * 4]
    else:
        f[5] = 0
    f[4] = len(o_cin) // 4
    o_cin += cin[4 * off:4 * (off + 128 * nr)]
    o_out += gpu[4 * off:4 * (off + 128 * nr)]
    o_tab += struct.pack("<8I4Q", *f)
os.makedirs(dst, exist_ok=True)
for name, data in (("tests.in.bin", o_tab), ("imgs.in.bin", o_imgs), ("afrags.in.bin", o_afr or bytes(2048)),
                   ("cin.in.bin", o_cin), ("out.gpu.bin", o_out)):
    open(os.path.join(dst, name), "wb").write(data)
print(f"{len(o_tab) // 64} tests, {len(o_out) // 4} accumulator registers")
