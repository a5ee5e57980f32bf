#!/usr/bin/env python3
"""compare.py CASE_DIR GPU_OUT [GPU_ECHO | --base] — runs `build/cli/ptxsim run` on CASE_DIR/case.json and
compares its `out` and `echo` buffers with the H200's, test by test (one CTA per test; the test
table in tests.in.bin gives each test's variant, descriptors and output offset). Prints one line
per test: registers compared, mismatches, and the first mismatch."""
import os, struct, subprocess, sys, tempfile

VARIANTS = ["n8_f16_areg", "n256_f16_adesc", "n64_bf16_tt_nega", "n32_f16acc_areg_negab_tb",
            "n128_bf16_areg_negb", "n16_f16_chain", "n24_f16acc_ta", "n8_tf32"]
NREGS = [4, 128, 32, 8, 64, 8, 6, 4]

def f16_val(h):
    return struct.unpack("<e", struct.pack("<H", h))[0]

def d_pos(t, e):
    l = t % 32
    return 16 * (t // 32) + l // 4 + 8 * ((e // 2) % 2), 8 * (e // 4) + 2 * (l % 4) + e % 2

def model_addr(desc, mn, k, eb, mn_major):
    """sim/exec_wgmma.c wg_elem_addr, for reading the probes"""
    start, lbo, sbo = (desc & 0x3fff) << 4, (desc >> 16 & 0x3fff) << 4, (desc >> 32 & 0x3fff) << 4
    base, w = desc >> 49 & 7, [0, 128, 64, 32][desc >> 62]
    t = 16 // eb
    if not w:
        if mn_major:
            return start + mn // t * sbo + mn % t * eb + k // 8 * lbo + k % 8 * 16
        return start + mn // 8 * sbo + mn % 8 * 16 + k // t * lbo + k % t * eb
    per = w // eb
    if mn_major:
        a = start + mn // per * lbo + mn % per * eb + k // 8 * sbo + k % 8 * w
    else:
        a = start + mn // 8 * sbo + mn % 8 * w + k // per * lbo + k % per * eb
    return a ^ ((((a >> 7) - base) & (w // 16 - 1)) << 4)

def layout_probe(t, v, img, sd, db, af, g, nr):
    """Tests with A one-hot in registers (A[m][k] = 1 where k = m % 16), scale-d 0 and the f16
    code image (element i holds i % 1024): D[m][n] is the code of B(k = m % 16, n), i.e. the
    shared address the GPU read, modulo 2048. Prints the addresses where ptxsim's model differs."""
    if af != 1 or img != 1 or sd != 0 or v not in (0, 3):
        return
    f32 = v == 0
    shown = 0
    for tid in range(128):
        for e in range(nr if f32 else 2 * nr):
            m, n = d_pos(tid, e)
            if f32:
                val = struct.unpack("<f", struct.pack("<I", g[tid * nr + e]))[0]
            else:
                val = f16_val((g[tid * nr + e // 2] >> (16 * (e % 2))) & 0xffff)
            got = int(val) * 2 % 2048  # variant 3 negates A and B: the product keeps its sign
            k = m % 16
            want = model_addr(db, n, k, 2, v == 3) % 2048
            if got != want and shown < 8:
                print(f"    layout: B(k={k}, n={n}): the GPU read shared address {got}, ptxsim's "
                      f"model {want} (both mod 2048)")
                shown += 1

def base_report(case, gpu_out):
    """The base-offset launch (tests_base.in.bin; ptxsim refuses nonzero base offsets): for each
    test, how many of the B(k, n) addresses the GPU read fit the swizzle row index plus the base
    offset, minus it, or without it (absolute address bits)."""
    gpu = open(gpu_out, "rb").read()
    table = open(os.path.join(case, "tests_base.in.bin"), "rb").read()
    for t in range(len(table) // 64):
        v, img, sd, off, da, db, da2, db2, af, _, _, _ = struct.unpack_from("<4I4Q4I", table, 64 * t)
        g = struct.unpack_from("<512I", gpu, 4 * off)
        fits = {"+base": 0, "-base": 0, "none": 0}
        for tid in range(128):
            for e in range(4):
                m, n = d_pos(tid, e)
                f = struct.unpack("<f", struct.pack("<I", g[tid * 4 + e]))[0]
                got = int(f) * 2 % 2048 if f == f and abs(f) < 1e9 else -1
                base = db >> 49 & 7
                for name, b in (("+base", base), ("-base", -base), ("none", 0)):
                    d2 = (db & ~(7 << 49)) | ((b & 7) << 49)
                    if model_addr(d2, n, m % 16, 2, False) % 2048 == got:
                        fits[name] += 1
        print(f"base test {t}: descB {db:016x}: of 512 addresses, {fits}")

def main():
    if len(sys.argv) > 3 and sys.argv[3] == "--base":
        base_report(sys.argv[1], sys.argv[2])
        return 0
    case, gpu_out = sys.argv[1], sys.argv[2]
    gpu_echo = sys.argv[3] if len(sys.argv) > 3 else None
    tmp = tempfile.mkdtemp()
    ptxsim = os.environ.get("PTXSIM", os.path.join(os.path.dirname(__file__), "../../build/cli/ptxsim"))
    subprocess.run([ptxsim, "run", os.path.join(case, "case.json"), "--out", tmp],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sim = open(os.path.join(tmp, "out.bin"), "rb").read()
    gpu = open(gpu_out, "rb").read()
    table = open(os.path.join(case, "tests.in.bin"), "rb").read()
    total = bad_total = 0
    for t in range(len(table) // 64):
        v, img, sd, off, da, db, da2, db2, af, _, _, _ = struct.unpack_from("<4I4Q4I", table, 64 * t)
        nr = NREGS[v]
        s = struct.unpack_from(f"<{128 * nr}I", sim, 4 * off)
        g = struct.unpack_from(f"<{128 * nr}I", gpu, 4 * off)
        bad = [i for i in range(128 * nr) if s[i] != g[i]]
        total += 128 * nr
        bad_total += len(bad)
        first = ""
        if bad:
            i = bad[0]
            first = f" first: thread {i // nr} reg {i % nr}: sim {s[i]:08x} gpu {g[i]:08x}"
        print(f"test {t:2d} {VARIANTS[v]:26s} img {img} descA {da:016x} descB {db:016x} "
              f"{128 * nr - len(bad)}/{128 * nr} match{first}")
        if bad:
            layout_probe(t, v, img, sd, db, af, g, nr)
    print(f"all: {total - bad_total}/{total} registers match")
    if gpu_echo:
        e_sim = open(os.path.join(tmp, "echo.bin"), "rb").read()
        e_gpu = open(gpu_echo, "rb").read()
        print("echo (bulk copies):", "match" if e_sim == e_gpu else "DIFFER")
    return 0 if bad_total == 0 else 1

sys.exit(main())
