#!/usr/bin/env python3
"""gen_probe.py — writes probe_kernels.inc: one CUDA kernel per tensor-core form the H200 probe
(lab/mma/probe.cu) measures, plus the table that describes them. Run: python3 gen_probe.py."""

# (name, ptx, m, n, k, atype, btype, ctype, dtype, na, nb, nc, nd, row_a, col_b, ntests)
# na..nd: 32-bit words per lane. Types name element formats known to probe.cu.
MMA = []
def mma(name, ptx, m, n, k, at, bt, ct, dt, na, nb, nc, nd, ntests, row_a=1, col_b=1):
    MMA.append((name, ptx, m, n, k, at, bt, ct, dt, na, nb, nc, nd, row_a, col_b, ntests))

F = 512   # tests per main floating-point form
S = 96    # tests per secondary form
I = 48    # tests per integer form
mma("m16n8k16_f32_f16_f16_f32", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 16,8,16, "f16","f16","f32","f32", 4,2,4,4, F)
mma("m16n8k16_f16_f16_f16_f16", "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 16,8,16, "f16","f16","f16","f16", 4,2,2,2, F)
mma("m16n8k16_f32_bf16_bf16_f32", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 16,8,16, "bf16","bf16","f32","f32", 4,2,4,4, F)
mma("m16n8k8_f32_f16_f16_f32", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", 16,8,8, "f16","f16","f32","f32", 2,1,4,4, F)
mma("m16n8k8_f16_f16_f16_f16", "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", 16,8,8, "f16","f16","f16","f16", 2,1,2,2, S)
mma("m16n8k8_f32_bf16_bf16_f32", "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", 16,8,8, "bf16","bf16","f32","f32", 2,1,4,4, F)
mma("m16n8k4_f32_tf32_tf32_f32", "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", 16,8,4, "tf32","tf32","f32","f32", 2,1,4,4, F)
mma("m16n8k8_f32_tf32_tf32_f32", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 16,8,8, "tf32","tf32","f32","f32", 4,2,4,4, F)
mma("m16n8k32_f32_e4m3_e4m3_f32", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32", 16,8,32, "e4m3","e4m3","f32","f32", 4,2,4,4, F)
mma("m16n8k32_f32_e5m2_e5m2_f32", "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32", 16,8,32, "e5m2","e5m2","f32","f32", 4,2,4,4, S)
mma("m16n8k32_f32_e4m3_e5m2_f32", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32", 16,8,32, "e4m3","e5m2","f32","f32", 4,2,4,4, S)
mma("m8n8k4_f32_f16_f16_f32_rc", "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32", 8,8,4, "f16","f16","f32","f32", 2,2,8,8, F, 1, 1)
mma("m8n8k4_f32_f16_f16_f32_rr", "mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32", 8,8,4, "f16","f16","f32","f32", 2,2,8,8, S, 1, 0)
mma("m8n8k4_f32_f16_f16_f32_cc", "mma.sync.aligned.m8n8k4.col.col.f32.f16.f16.f32", 8,8,4, "f16","f16","f32","f32", 2,2,8,8, S, 0, 1)
mma("m8n8k4_f32_f16_f16_f32_cr", "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32", 8,8,4, "f16","f16","f32","f32", 2,2,8,8, S, 0, 0)
mma("m8n8k4_f32_f16_f16_f16_rc", "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f16", 8,8,4, "f16","f16","f16","f32", 2,2,4,8, S)
mma("m8n8k4_f16_f16_f16_f16_rc", "mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16", 8,8,4, "f16","f16","f16","f16", 2,2,4,4, S)
mma("m8n8k4_f64", "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", 8,8,4, "f64","f64","f64","f64", 2,2,4,4, F)
for sat in ("", ".satfinite"):
    tag = "_sat" if sat else ""
    mma("m8n8k16_s8_s8"+tag, "mma.sync.aligned.m8n8k16.row.col%s.s32.s8.s8.s32" % sat, 8,8,16, "s8","s8","s32","s32", 1,1,2,2, I)
    mma("m8n8k16_u8_s8"+tag, "mma.sync.aligned.m8n8k16.row.col%s.s32.u8.s8.s32" % sat, 8,8,16, "u8","s8","s32","s32", 1,1,2,2, I)
    mma("m16n8k16_s8_u8"+tag, "mma.sync.aligned.m16n8k16.row.col%s.s32.s8.u8.s32" % sat, 16,8,16, "s8","u8","s32","s32", 2,1,4,4, I)
    mma("m16n8k32_u8_u8"+tag, "mma.sync.aligned.m16n8k32.row.col%s.s32.u8.u8.s32" % sat, 16,8,32, "u8","u8","s32","s32", 4,2,4,4, I)
    mma("m16n8k32_s8_s8"+tag, "mma.sync.aligned.m16n8k32.row.col%s.s32.s8.s8.s32" % sat, 16,8,32, "s8","s8","s32","s32", 4,2,4,4, I)
    mma("m8n8k32_s4_s4"+tag, "mma.sync.aligned.m8n8k32.row.col%s.s32.s4.s4.s32" % sat, 8,8,32, "s4","s4","s32","s32", 1,1,2,2, I)
    mma("m16n8k32_u4_s4"+tag, "mma.sync.aligned.m16n8k32.row.col%s.s32.u4.s4.s32" % sat, 16,8,32, "u4","s4","s32","s32", 2,1,4,4, I)
    mma("m16n8k64_s4_u4"+tag, "mma.sync.aligned.m16n8k64.row.col%s.s32.s4.u4.s32" % sat, 16,8,64, "s4","u4","s32","s32", 4,2,4,4, I)
mma("m8n8k128_b1_xor", "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc", 8,8,128, "b1","b1","s32","s32", 1,1,2,2, I)
mma("m8n8k128_b1_and", "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc", 8,8,128, "b1","b1","s32","s32", 1,1,2,2, I)
mma("m16n8k128_b1_and", "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc", 16,8,128, "b1","b1","s32","s32", 2,1,4,4, I)
mma("m16n8k256_b1_xor", "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc", 16,8,256, "b1","b1","s32","s32", 4,2,4,4, I)
mma("m16n8k256_b1_and", "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc", 16,8,256, "b1","b1","s32","s32", 4,2,4,4, I)

# wmma: (name, shape m n k, atype, ctype/dtype, regs a b c d)
WM = []
def wm(name, m, n, k, at, ct, ra, rb, rc, ntests):
    WM.append((name, m, n, k, at, ct, ra, rb, rc, ntests))
for (m, n, k) in ((16,16,16), (32,8,16), (8,32,16)):
    s = "m%dn%dk%d" % (m, n, k)
    wm(s+"_f16_f32", m,n,k, "f16", "f32", 8, 8, 8, 64)
    wm(s+"_f16_f16", m,n,k, "f16", "f16", 8, 8, 4, 32)
    ra, rb = {(16,16,16): (4,4), (32,8,16): (8,2), (8,32,16): (2,8)}[(m,n,k)]
    wm(s+"_bf16_f32", m,n,k, "bf16", "f32", ra, rb, 8, 64)
    ra, rb = {(16,16,16): (2,2), (32,8,16): (4,1), (8,32,16): (1,4)}[(m,n,k)]
    wm(s+"_s8_s32", m,n,k, "s8", "s32", ra, rb, 8, 32)
    wm(s+"_u8_s32", m,n,k, "u8", "s32", ra, rb, 8, 16)
wm("m16n16k8_tf32_f32", 16,16,8, "tf32", "f32", 4, 4, 8, 64)
wm("m8n8k4_f64_f64", 8,8,4, "f64", "f64", 2, 2, 4, 32)   # words: one f64 = 2 words

out = ["// probe_kernels.inc — GENERATED by gen_probe.py (do not edit): the probe's kernels and tables."]
w = out.append
def regs(prefix, n):
    return ["%s%d" % (prefix, i) for i in range(n)]

# ---- mma.sync kernels: fragments in, fragments out ---------------------------------------
for (name, ptx, m, n, k, at, bt, ct, dt, na, nb, nc, nd, ra, cb, nt) in MMA:
    nin = na + nb + nc
    w("__global__ void k_%s(const unsigned *in, unsigned *out, int ntests) {" % name)
    w("  int t = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, l = threadIdx.x & 31;")
    w("  if (t >= ntests) return;")
    w("  const unsigned *p = in + (size_t)t * %d * 32 + l;" % nin)
    w("  unsigned *q = out + (size_t)t * %d * 32 + l;" % nd)
    f64 = at == "f64"
    if f64:
        # one f64 per 2 words
        names_in = []
        for (tag, cnt, off) in (("a", na, 0), ("b", nb, na), ("c", nc, na + nb)):
            for i in range(cnt // 2):
                w("  double %s%d = __hiloint2double(p[%d * 32], p[%d * 32]);" % (tag, i, off + 2*i + 1, off + 2*i))
        w("  double " + ", ".join(regs("d", nd // 2)) + ";")
        ops = []
        idx = 0
        dl = "{" + ", ".join("%%%d" % (i) for i in range(nd // 2)) + "}"; idx = nd // 2
        al = "{" + ", ".join("%%%d" % (idx + i) for i in range(na // 2)) + "}"; idx += na // 2
        bl = "{" + ", ".join("%%%d" % (idx + i) for i in range(nb // 2)) + "}"; idx += nb // 2
        cl = "{" + ", ".join("%%%d" % (idx + i) for i in range(nc // 2)) + "}"; idx += nc // 2
        w('  asm volatile("%s %s, %s, %s, %s;" : %s : %s);' % (ptx, dl, al, bl, cl,
          ", ".join('"=d"(d%d)' % i for i in range(nd // 2)),
          ", ".join(['"d"(a%d)' % i for i in range(na // 2)] + ['"d"(b%d)' % i for i in range(nb // 2)] + ['"d"(c%d)' % i for i in range(nc // 2)])))
        for i in range(nd // 2):
            w("  q[%d * 32] = __double2loint(d%d); q[%d * 32] = __double2hiint(d%d);" % (2*i, i, 2*i+1, i))
    else:
        w("  unsigned " + ", ".join("x%d = p[%d * 32]" % (i, i) for i in range(nin)) + ";")
        w("  unsigned " + ", ".join(regs("d", nd)) + ";")
        dl = "{" + ", ".join("%%%d" % i for i in range(nd)) + "}"
        idx = nd
        al = "{" + ", ".join("%%%d" % (idx + i) for i in range(na)) + "}"; idx += na
        bl = "{" + ", ".join("%%%d" % (idx + i) for i in range(nb)) + "}"; idx += nb
        cl = "{" + ", ".join("%%%d" % (idx + i) for i in range(nc)) + "}"
        w('  asm volatile("%s %s, %s, %s, %s;" : %s : %s);' % (ptx, dl, al, bl, cl,
          ", ".join('"=r"(d%d)' % i for i in range(nd)), ", ".join('"r"(x%d)' % i for i in range(nin))))
        for i in range(nd):
            w("  q[%d * 32] = d%d;" % (i, i))
    w("}")

w("static const mma_cfg MMA_CFGS[] = {")
for (name, ptx, m, n, k, at, bt, ct, dt, na, nb, nc, nd, ra, cb, nt) in MMA:
    w('  {"%s", "%s", %d, %d, %d, T_%s, T_%s, T_%s, T_%s, %d, %d, %d, %d, %d, %d, %d, k_%s},' % (
        name, ptx, m, n, k, at.upper(), bt.upper(), ct.upper(), dt.upper(), na, nb, nc, nd, ra, cb, nt, name))
w("};")

# ---- wmma: load (layout discovery), store (layout discovery), mma (memory in, memory out) ---
def ptxt(t):
    return t
for (name, m, n, k, at, ct, ra, rb, rc, nt) in WM:
    shape = "m%dn%dk%d" % (m, n, k)
    f64 = at == "f64"
    rtype = "l" if f64 else "r"
    ctype = "unsigned long long" if f64 else "unsigned"
    nra, nrb, nrc = (ra // 2, rb // 2, rc // 2) if f64 else (ra, rb, rc)
    for frag, nr, typ in (("a", nra, at), ("b", nrb, at), ("c", nrc, ct)):
        for lay in ("row", "col"):
            kn = "wl_%s_%s_%s" % (name, frag, lay)
            w("__global__ void %s(const void *mem, unsigned ld, %s *out) {" % (kn, ctype))
            w("  int l = threadIdx.x & 31;")
            w("  %s %s;" % (ctype, ", ".join(regs("r", nr))))
            lst = "{" + ", ".join("%%%d" % i for i in range(nr)) + "}"
            w('  asm volatile("wmma.load.%s.sync.aligned.%s.%s.global.%s %s, [%%%d], %%%d;" : %s : "l"(mem), "r"(ld));' % (
                frag, lay, shape, typ, lst, nr, nr + 1, ", ".join('"=%s"(r%d)' % (rtype, i) for i in range(nr))))
            for i in range(nr):
                w("  out[%d * 32 + l] = r%d;" % (i, i))
            w("}")
    for lay in ("row", "col"):
        kn = "ws_%s_%s" % (name, lay)
        w("__global__ void %s(void *mem, unsigned ld, const %s *in) {" % (kn, ctype))
        w("  int l = threadIdx.x & 31;")
        w("  %s %s;" % (ctype, ", ".join("r%d = in[%d * 32 + l]" % (i, i) for i in range(nrc))))
        lst = "{" + ", ".join("%%%d" % (i + 2) for i in range(nrc)) + "}"
        w('  asm volatile("wmma.store.d.sync.aligned.%s.%s.global.%s [%%0], %s, %%1;" :: "l"(mem), "r"(ld), %s : "memory");' % (
            lay, shape, ct, lst, ", ".join('"%s"(r%d)' % (rtype, i) for i in range(nrc))))
        w("}")
    # mma: A row-major (ld k), B col-major (ld k), C and D row-major (ld n); one test per warp
    mty = {"f16": ".f16.f16", "bf16": ".bf16.bf16", "tf32": ".tf32.tf32", "s8": ".s8.s8", "u8": ".u8.u8", "f64": ".f64.f64"}[at]
    if at in ("s8", "u8"):
        mptx = "wmma.mma.sync.aligned.row.col.%s.s32%s.s32" % (shape, mty)
    elif at == "f16":
        mptx = "wmma.mma.sync.aligned.row.col.%s.%s.%s" % (shape, ct, ct)
    else:
        mptx = "wmma.mma.sync.aligned.row.col.%s.%s%s.%s" % (shape, ct, mty, ct)
    esz = {"f16": 2, "bf16": 2, "tf32": 4, "s8": 1, "u8": 1, "f64": 8}[at]
    csz = {"f32": 4, "f16": 2, "s32": 4, "f64": 8}[ct]
    w("__global__ void wm_%s(const unsigned char *in, unsigned char *out, int ntests) {" % name)
    w("  int t = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;")
    w("  if (t >= ntests) return;")
    w("  const unsigned char *A = in + (size_t)t * %d, *B = A + %d, *C = B + %d;" % (m*k*esz + k*n*esz + m*n*csz, m*k*esz, k*n*esz))
    w("  unsigned char *D = out + (size_t)t * %d;" % (m*n*csz))
    w("  %s %s, %s, %s, %s;" % (ctype, ", ".join(regs("a", nra)), ", ".join(regs("b", nrb)), ", ".join(regs("c", nrc)), ", ".join(regs("d", nrc))))
    for frag, nr, typ, ptr, lay, ld in (("a", nra, at, "A", "row", k), ("b", nrb, at, "B", "col", k), ("c", nrc, ct, "C", "row", n)):
        lst = "{" + ", ".join("%%%d" % i for i in range(nr)) + "}"
        w('  asm volatile("wmma.load.%s.sync.aligned.%s.%s.global.%s %s, [%%%d], %d;" : %s : "l"(%s));' % (
            frag, lay, shape, typ, lst, nr, ld, ", ".join('"=%s"(%s%d)' % (rtype, frag, i) for i in range(nr)), ptr))
    dl = "{" + ", ".join("%%%d" % i for i in range(nrc)) + "}"
    idx = nrc
    al = "{" + ", ".join("%%%d" % (idx + i) for i in range(nra)) + "}"; idx += nra
    bl = "{" + ", ".join("%%%d" % (idx + i) for i in range(nrb)) + "}"; idx += nrb
    cl = "{" + ", ".join("%%%d" % (idx + i) for i in range(nrc)) + "}"
    w('  asm volatile("%s %s, %s, %s, %s;" : %s : %s);' % (mptx, dl, al, bl, cl,
      ", ".join('"=%s"(d%d)' % (rtype, i) for i in range(nrc)),
      ", ".join(['"%s"(a%d)' % (rtype, i) for i in range(nra)] + ['"%s"(b%d)' % (rtype, i) for i in range(nrb)] + ['"%s"(c%d)' % (rtype, i) for i in range(nrc)])))
    lst = "{" + ", ".join("%%%d" % (i + 1) for i in range(nrc)) + "}"
    w('  asm volatile("wmma.store.d.sync.aligned.row.%s.global.%s [%%0], %s, %d;" :: "l"(D), %s : "memory");' % (
        shape, ct, lst, n, ", ".join('"%s"(d%d)' % (rtype, i) for i in range(nrc))))
    w("}")

w("static const wmma_cfg WMMA_CFGS[] = {")
for (name, m, n, k, at, ct, ra, rb, rc, nt) in WM:
    w('  {"%s", %d, %d, %d, T_%s, T_%s, %d, %d, %d, %d, {(const void *)wl_%s_a_row, (const void *)wl_%s_a_col, (const void *)wl_%s_b_row, (const void *)wl_%s_b_col, (const void *)wl_%s_c_row, (const void *)wl_%s_c_col}, {(const void *)ws_%s_row, (const void *)ws_%s_col}, (const void *)wm_%s},' % (
        name, m, n, k, at.upper(), ct.upper(), ra, rb, rc, nt, *([name] * 9)))
w("};")
open("probe_kernels.inc", "w").write("\n".join(out) + "\n")

# wmma.mma with every .alayout/.blayout pair (m16n16k16 f16 -> f32): A and B stored in memory as
# the qualifiers say; does the product depend on them? (it must not)
out2 = []
w2 = out2.append
for la in ("row", "col"):
    for lb in ("row", "col"):
        w2("__global__ void wx_%s_%s(const unsigned char *in, unsigned char *out, int ntests) {" % (la, lb))
        w2("  int t = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;")
        w2("  if (t >= ntests) return;")
        w2("  const unsigned char *A = in + (size_t)t * 2048, *B = A + 512, *C = B + 512;")
        w2("  unsigned char *D = out + (size_t)t * 1024;")
        w2("  unsigned %s, %s, %s, %s;" % (", ".join(regs("a", 8)), ", ".join(regs("b", 8)), ", ".join(regs("c", 8)), ", ".join(regs("d", 8))))
        for frag, ptr, lay in (("a", "A", la), ("b", "B", lb)):
            lst = "{" + ", ".join("%%%d" % i for i in range(8)) + "}"
            w2('  asm volatile("wmma.load.%s.sync.aligned.%s.m16n16k16.global.f16 %s, [%%8], 16;" : %s : "l"(%s));' % (
                frag, lay, lst, ", ".join('"=r"(%s%d)' % (frag, i) for i in range(8)), ptr))
        lst = "{" + ", ".join("%%%d" % i for i in range(8)) + "}"
        w2('  asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 %s, [%%8], 16;" : %s : "l"(C));' % (
            lst, ", ".join('"=r"(c%d)' % i for i in range(8))))
        dl = "{" + ", ".join("%%%d" % i for i in range(8)) + "}"
        al = "{" + ", ".join("%%%d" % (8 + i) for i in range(8)) + "}"
        bl = "{" + ", ".join("%%%d" % (16 + i) for i in range(8)) + "}"
        cl = "{" + ", ".join("%%%d" % (24 + i) for i in range(8)) + "}"
        w2('  asm volatile("wmma.mma.sync.aligned.%s.%s.m16n16k16.f32.f32 %s, %s, %s, %s;" : %s : %s);' % (la, lb, dl, al, bl, cl,
           ", ".join('"=r"(d%d)' % i for i in range(8)),
           ", ".join(['"r"(a%d)' % i for i in range(8)] + ['"r"(b%d)' % i for i in range(8)] + ['"r"(c%d)' % i for i in range(8)])))
        lst = "{" + ", ".join("%%%d" % (i + 1) for i in range(8)) + "}"
        w2('  asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%%0], %s, 16;" :: "l"(D), %s : "memory");' % (
            lst, ", ".join('"r"(d%d)' % i for i in range(8))))
        w2("}")
w2("static const void *WX_KERNELS[4] = {(const void *)wx_row_row, (const void *)wx_row_col, (const void *)wx_col_row, (const void *)wx_col_col};")
open("probe_kernels.inc", "a").write("\n".join(out2) + "\n")
