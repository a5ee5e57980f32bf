#!/usr/bin/env python3
"""ncu_launch.py — runs ptxsim manifests (DESIGN §6) on a GPU through the CUDA driver API, so that
Nsight Compute can profile exactly the PTX that ptxsim simulates (scripts/ncu_calibrate.sh).

    python3 scripts/ncu_launch.py CASE.json...

Needs only libcuda.so.1 (ctypes): the driver JIT-compiles the PTX. Supports what the
calibration manifests use: buffers with {"fill": V} or {"file": F} (or none), buffer and scalar
parameters, dynamic shared memory. Prints one line per launch.
"""
import ctypes
import json
import os
import struct
import sys

TYPES = {  # type -> (bytes, struct code)
    "u8": (1, "B"), "s8": (1, "b"), "u16": (2, "H"), "s16": (2, "h"), "u32": (4, "I"),
    "s32": (4, "i"), "u64": (8, "Q"), "s64": (8, "q"), "f16": (2, "e"), "bf16": (2, None),
    "f32": (4, "f"), "f64": (8, "d"),
}

cuda = ctypes.CDLL("libcuda.so.1")


def check(rc, what):
    if rc != 0:
        msg = ctypes.c_char_p()
        cuda.cuGetErrorString(rc, ctypes.byref(msg))
        sys.exit(f"ncu_launch: {what}: CUDA error {rc} ({msg.value.decode() if msg.value else '?'})")


def fill_bytes(t, count, v):
    size, code = TYPES[t]
    if code is None:  # bf16: upper half of the f32
        one = struct.pack("<f", float(v))[2:]
    elif code in "efd":
        one = struct.pack("<" + code, float(v))
    else:
        one = struct.pack("<" + code, int(v))
    return one * count


def main(paths):
    check(cuda.cuInit(0), "cuInit")
    dev = ctypes.c_int()
    check(cuda.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    ctx = ctypes.c_void_p()
    check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    check(cuda.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    modules = {}
    for path in paths:
        with open(path) as f:
            m = json.load(f)
        d = os.path.dirname(os.path.abspath(path))
        if isinstance(m["ptx"], list):  # linked modules: not supported here (ptxsim gpu-run links them)
            sys.exit("%s links several PTX modules; ncu_launch.py loads one" % path)
        ptx = os.path.normpath(os.path.join(d, m["ptx"]))
        if ptx not in modules:
            with open(ptx, "rb") as f:
                src = f.read() + b"\0"
            mod = ctypes.c_void_p()
            check(cuda.cuModuleLoadData(ctypes.byref(mod), src), f"cuModuleLoadData {ptx}")
            modules[ptx] = mod
        fn = ctypes.c_void_p()
        check(cuda.cuModuleGetFunction(ctypes.byref(fn), modules[ptx], m["kernel"].encode()),
              f"cuModuleGetFunction {m['kernel']}")
        bufs = {}
        for b in m.get("buffers", []):
            size, _ = TYPES[b["type"]]
            nbytes = size * b["count"]
            ptr = ctypes.c_uint64()
            check(cuda.cuMemAlloc_v2(ctypes.byref(ptr), max(nbytes, 1)), "cuMemAlloc")
            init = b.get("init")
            data = None
            if isinstance(init, dict) and "fill" in init:
                data = fill_bytes(b["type"], b["count"], init["fill"])
            elif isinstance(init, dict) and "file" in init:
                with open(os.path.join(d, init["file"]), "rb") as f:
                    data = f.read()[:nbytes]
            if data:
                check(cuda.cuMemcpyHtoD_v2(ptr, data, len(data)), "cuMemcpyHtoD")
            bufs[b["name"]] = ptr
        holders = []
        for p in m.get("params", []):
            if "buffer" in p:
                holders.append(ctypes.c_uint64(bufs[p["buffer"]].value))
            elif "bytes" in p:
                holders.append(ctypes.create_string_buffer(bytes.fromhex(p["bytes"])))
            else:
                (t, v), = p.items()
                size, code = TYPES[t]
                raw = struct.pack("<" + code, float(v) if code in "efd" else int(v))
                holders.append(ctypes.create_string_buffer(raw, size))
        args = (ctypes.c_void_p * max(len(holders), 1))(
            *[ctypes.cast(ctypes.byref(h), ctypes.c_void_p) for h in holders])
        g, b = m["grid"], m["block"]
        check(cuda.cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2],
                                  m.get("shared_bytes", 0), None, args, None),
              f"cuLaunchKernel {m['kernel']}")
        check(cuda.cuCtxSynchronize(), f"kernel {m['kernel']}")
        for ptr in bufs.values():
            cuda.cuMemFree_v2(ptr)
        print(f"ran {m['kernel']} ({path})", flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
