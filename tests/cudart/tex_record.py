#!/usr/bin/env python3
"""tex_record.py LIBDIR RECORD_PROG PTX RECORDING_TGZ — lab/textures/record.cu, built with
`nvcc -cudart shared`, run against ptxsim's libcudart and libcuda: the CUDA program that recorded
tests/data/tex/h200_recording.tar.gz on the H200 (cudaMalloc3DArray, cudaMemcpy3D to and from
arrays, cudaCreateTextureObject, cudaCreateSurfaceObject, every format, filter and address mode)
now creates its objects through ptxsim's runtime. Every recorded case must get the same inputs;
every case both ran must give the H200's bytes (kernel outputs, and surfaces' texels after); the
cases ptxsim refuses by default (docs/textures.md, "Status") are counted."""
import filecmp
import os
import subprocess
import sys
import tarfile
import tempfile

lib, prog, ptx, tgz = sys.argv[1:5]
with tempfile.TemporaryDirectory() as tmp:
    with tarfile.open(tgz) as t:
        t.extractall(tmp)
    rec = os.path.join(tmp, "tex_h200")
    out = os.path.join(tmp, "ptxsim")
    os.mkdir(out)
    env = dict(os.environ, LD_LIBRARY_PATH=lib, PTXSIM_CUDA_QUIET="1")
    r = subprocess.run([prog, ptx, out], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        print(r.stderr[-4000:])
        print(f"FAIL: {prog} exited with {r.returncode}")
        sys.exit(1)

    def cases(d):
        m = {}
        for line in open(os.path.join(d, "cases.txt")):
            name, rest = line.split(" ", 1)
            desc, result = rest.strip().rsplit(" result=", 1)
            m[name] = (desc, result)
        return m

    gpu, sim = cases(rec), cases(out)
    equal, differ, refused, gpu_failed = 0, [], 0, 0
    for name, (desc, result) in sorted(gpu.items()):
        if name not in sim or sim[name][0] != desc:
            print(f"FAIL {name}: not the recorded case ({desc})")
            sys.exit(1)
        for f in ("texels.bin", "in.bin"):
            if not filecmp.cmp(f"{rec}/{name}.{f}", f"{out}/{name}.{f}", shallow=False):
                print(f"FAIL {name}: {f} differs from the recording's input")
                sys.exit(1)
        if result != "ok":
            gpu_failed += 1
            continue
        if sim[name][1] != "ok":
            refused += 1
            continue
        same = filecmp.cmp(f"{rec}/{name}.out.gpu.bin", f"{out}/{name}.out.gpu.bin", shallow=False)
        if os.path.exists(f"{rec}/{name}.texels.gpu.bin"):
            same = same and filecmp.cmp(f"{rec}/{name}.texels.gpu.bin", f"{out}/{name}.texels.gpu.bin", shallow=False)
        if same:
            equal += 1
        else:
            differ.append(f"{name} ({desc})")
    print(f"{len(gpu)} recorded cases: {equal} equal to the H200, {len(differ)} differ, "
          f"{refused} refused by ptxsim, {gpu_failed} failed on the GPU")
    for d in differ:
        print(f"FAIL differs: {d}")
    sys.exit(1 if differ or equal == 0 else 0)
