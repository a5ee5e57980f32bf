#!/bin/sh
# run.sh OUTDIR — runs the relaxed type-checking case (tests/relaxed_types, made by gen.py) on the GPU
# through ptxsim gpu-run, records what the H200 wrote and compares it with the PTX ISA's tables.
set -e
out=${1:-${OUT:-/tmp}}
ptxsim=${PTXSIM:-build/cli/ptxsim}
python3 lab/relaxed_types/gen.py "$out/case" > /dev/null
cmp "$out/case/kernel.ptx" tests/relaxed_types/kernel.ptx # the committed case is the generated one
"$ptxsim" gpu-info > "$out/relaxed_types.txt" 2>&1 || true
"$ptxsim" gpu-run tests/relaxed_types/case.json --record "$out" >> "$out/relaxed_types.txt" 2>&1
# which cases differ from the ISA, by case number (tests/relaxed_types/cases.txt names them)
python3 - "$out/out.gpu.bin" tests/relaxed_types/out.expected.bin tests/relaxed_types/cases.txt \
    >> "$out/relaxed_types.txt" <<'PY'
import struct, sys
gpu, exp = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
names = [l.rstrip("\n") for l in open(sys.argv[3])]
bad = 0
for k, name in enumerate(names):
    for t in range(32):
        i = (k * 32 + t) * 8
        g, e = struct.unpack("<Q", gpu[i:i + 8])[0], struct.unpack("<Q", exp[i:i + 8])[0]
        if g != e:
            bad += 1
            print("case %s thread %d: gpu %#018x isa %#018x" % (name, t, g, e))
print("%d of %d words differ from the PTX ISA's tables" % (bad, len(exp) // 8))
PY
cat "$out/relaxed_types.txt" | tail -3
