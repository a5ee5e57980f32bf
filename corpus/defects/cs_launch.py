#!/usr/bin/env python3
"""Launches one planted defect (defect.json, the manifest format of DESIGN.md section 6) on a GPU
through the CUDA driver API (ctypes on libcuda.so.1), so that compute-sanitizer can watch it:
    compute-sanitizer --tool racecheck python3 cs_launch.py race_smem_raw/defect.json
Buffers with "init": "none" are allocated and never written (what initcheck looks for). The PTX
is JIT-compiled by the driver, as `ptxsim gpu-run` does. Prints the launch's CUDA status."""
import ctypes
import json
import os
import struct
import sys

cuda = ctypes.CDLL("libcuda.so.1")
SIZES = {"u8": 1, "s8": 1, "u16": 2, "s16": 2, "u32": 4, "s32": 4, "u64": 8, "s64": 8,
         "f16": 2, "bf16": 2, "f32": 4, "f64": 8}
PACK = {"u8": "B", "s8": "b", "u16": "H", "s16": "h", "u32": "I", "s32": "i", "u64": "Q",
        "s64": "q", "f16": "e", "f32": "f", "f64": "d"}
CTYPES = {"u8": ctypes.c_uint8, "s8": ctypes.c_int8, "u16": ctypes.c_uint16,
          "s16": ctypes.c_int16, "u32": ctypes.c_uint32, "s32": ctypes.c_int32,
          "u64": ctypes.c_uint64, "s64": ctypes.c_int64, "f32": ctypes.c_float,
          "f64": ctypes.c_double}


def check(rc, what):
    if rc:
        s = ctypes.c_char_p()
        cuda.cuGetErrorName(rc, ctypes.byref(s))
        print(f"cs_launch: {what}: CUDA error {rc} {s.value.decode() if s.value else ''}")
        sys.exit(1)


def pack_fill(typ, value, count):
    if typ == "bf16":
        bits = struct.unpack("<I", struct.pack("<f", float(value)))[0] >> 16
        return struct.pack("<H", bits) * count
    v = float(value) if typ[0] == "f" else int(value)
    return struct.pack("<" + PACK[typ], v) * count


def main():
    path = sys.argv[1]
    man = json.load(open(path))
    base = os.path.dirname(os.path.abspath(path))
    ptx = open(os.path.join(base, man["ptx"]), "rb").read() + b"\0"
    check(cuda.cuInit(0), "cuInit")
    dev = ctypes.c_int()
    check(cuda.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    ctx = ctypes.c_void_p()
    check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    check(cuda.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    mod = ctypes.c_void_p()
    check(cuda.cuModuleLoadDataEx(ctypes.byref(mod), ctypes.c_char_p(ptx), 0, None, None),
          "cuModuleLoadDataEx")
    fn = ctypes.c_void_p()
    check(cuda.cuModuleGetFunction(ctypes.byref(fn), mod, man["kernel"].encode()),
          "cuModuleGetFunction")
    bufs = {}
    for b in man["buffers"]:
        nbytes = SIZES[b["type"]] * b["count"]
        d = ctypes.c_uint64()
        check(cuda.cuMemAlloc_v2(ctypes.byref(d), ctypes.c_size_t(nbytes)), "cuMemAlloc")
        init = b.get("init")
        if isinstance(init, dict) and "fill" in init:
            data = pack_fill(b["type"], init["fill"], b["count"])
        elif isinstance(init, dict) and "file" in init:
            data = open(os.path.join(base, init["file"]), "rb").read()[:nbytes]
        else:
            data = None  # "none": left unwritten on purpose
        if data:
            check(cuda.cuMemcpyHtoD_v2(d, data, ctypes.c_size_t(len(data))), "cuMemcpyHtoD")
        bufs[b["name"]] = d
    holders = []
    for p in man["params"]:
        if "buffer" in p:
            holders.append(ctypes.c_uint64(bufs[p["buffer"]].value))
        elif "bytes" in p:
            raw = bytes.fromhex(p["bytes"])
            holders.append(ctypes.create_string_buffer(raw, len(raw)))
        else:
            (typ, val), = p.items()
            holders.append(CTYPES[typ](val))
    params = (ctypes.c_void_p * max(1, len(holders)))(
        *[ctypes.cast(ctypes.byref(h), ctypes.c_void_p) for h in holders])
    g, b = man["grid"], man["block"]
    rc = cuda.cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2],
                             man.get("shared_bytes", 0), None, params, None)
    check(rc, "cuLaunchKernel")
    check(cuda.cuCtxSynchronize(), "kernel")
    print("cs_launch: kernel completed")


if __name__ == "__main__":
    main()
