#!/usr/bin/env python3
"""compare.py CASE_DIR GPU_OUT [GPU_ECHO] — runs `build/cli/ptxsim run` on CASE_DIR/case.json and
compares its `out` and `echo` buffers with the H200's, test by test (one CTA per test; the test
table in tests.in.bin gives each test's variant, descriptors and output offset). Prints one line
per test: registers compared, mismatches, and the first mismatch."""
import os, struct, subprocess, sys, tempfile

VARIANTS = ["n8_f16_areg", "n256_f16_adesc", "n64_bf16_tt_nega", "n32_f16acc_areg_negab_tb",
            "n128_bf16_areg_negb", "n16_f16_chain", "n24_f16acc_ta", "n8_tf32"]
NREGS = [4, 128, 32, 8, 64, 8, 6, 4]

def main():
    case, gpu_out = sys.argv[1], sys.argv[2]
    gpu_echo = sys.argv[3] if len(sys.argv) > 3 else None
    tmp = tempfile.mkdtemp()
    ptxsim = os.path.join(os.path.dirname(__file__), "../../build/cli/ptxsim")
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
    print(f"all: {total - bad_total}/{total} registers match")
    if gpu_echo:
        e_sim = open(os.path.join(tmp, "echo.bin"), "rb").read()
        e_gpu = open(gpu_echo, "rb").read()
        print("echo (bulk copies):", "match" if e_sim == e_gpu else "DIFFER")
    return 0 if bad_total == 0 else 1

sys.exit(main())
