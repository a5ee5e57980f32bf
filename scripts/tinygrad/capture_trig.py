# capture_trig.py OUT.json — run from a tinygrad checkout with OCELOT_PATH=<build>/api/libptxsim.so
# DEV=MOCK+CUDA:PTX PYTHONPATH=. : records every kernel tinygrad's mock CUDA GPU launches (PTX, block,
# grid, argument values) while it computes sin/cos/tan of test_ops.py's large inputs, with the results
# (tests/data/tinygrad/ holds the kernels recorded this way).
import ctypes, json, math, os, sys
import test.mockgpu.helpers as h
import test.mockgpu.cuda.cuda as mc
rec = []
orig = h.ptx_run
def spy(src, n, args, bx, by, bz, gx, gy, gz, sh):
    ptx = ctypes.cast(src, ctypes.c_char_p).value.decode()
    vals = [args[i] or 0 for i in range(n)]
    rec.append({"ptx": ptx, "args": vals, "block": [bx, by, bz], "grid": [gx, gy, gz], "shared": sh})
    return orig(src, n, args, bx, by, bz, gx, gy, gz, sh)
mc.ptx_run = spy
from tinygrad import Tensor
import numpy as np
vals = [1e1, 1e2, 1e3, 1e4, 1e5, 1e6, -1e1, -1e2, -1e3, -1e4, -1e5, -1e6]
res = {}
for op in ("sin", "cos", "tan"):
    start = len(rec)
    t = getattr(Tensor(vals), op)().numpy()
    res[op] = {"tinygrad": [float(x) for x in t], "libm": [getattr(math, op)(np.float32(v)) for v in vals],
               "kernels": rec[start:]}
json.dump(res, open(sys.argv[1], "w"), indent=1)
for op in res:
    print(op, len(res[op]["kernels"]), "kernels")
