#!/usr/bin/env python3
"""Cross-check the corpus oracles against real hardware (needs an NVIDIA GPU and driver).

    python3 tests/oracle/gpu_check.py [--save DIR] [MANIFEST...]

Runs every corpus manifest (default: corpus/*/case*.json) through the CUDA driver API
(libcuda.so.1 via ctypes: the PTX is JIT-compiled by the driver exactly as written), compares
each checked buffer with its .expected.bin under the manifest's tolerance, and prints one line
per manifest plus the first differing elements. With --save, the final contents of every
checked buffer are written to DIR/<case dir>/<buffer>.gpu.bin.

This is a development aid for validating the oracles (docs/corpus.md); it is not part of the
simulator and is not run by CTest. Exit status: 0 when everything matched, 1 otherwise.
"""
import ctypes as C
import glob
import json
import math
import os
import struct
import sys

TYPES = {  # name: (size, struct code)
    "u8": (1, "B"), "s8": (1, "b"), "u16": (2, "H"), "s16": (2, "h"), "u32": (4, "I"),
    "s32": (4, "i"), "u64": (8, "Q"), "s64": (8, "q"), "f16": (2, "e"), "bf16": (2, "H"),
    "f32": (4, "f"), "f64": (8, "d"),
}

cu = C.CDLL("libcuda.so.1")


def check(res, what):
    if res != 0:
        msg = C.c_char_p()
        cu.cuGetErrorString(res, C.byref(msg))
        raise RuntimeError("%s failed: %d %s" % (what, res, msg.value.decode() if msg.value else ""))


def init():
    check(cu.cuInit(0), "cuInit")
    dev = C.c_int()
    check(cu.cuDeviceGet(C.byref(dev), 0), "cuDeviceGet")
    ctx = C.c_void_p()
    check(cu.cuDevicePrimaryCtxRetain(C.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    check(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    name = C.create_string_buffer(256)
    cu.cuDeviceGetName(name, 256, dev)
    ver = C.c_int()
    cu.cuDriverGetVersion(C.byref(ver))
    return "%s, CUDA driver API %d.%d" % (name.value.decode(), ver.value // 1000, (ver.value % 1000) // 10)


def ordered(bits, size):
    """Map float bits to integers whose order matches the float order (for ulp distance)."""
    sign = 1 << (8 * size - 1)
    return -(bits & (sign - 1)) if bits & sign else bits


def compare(buf, got, exp, tol):
    size, code = TYPES[buf["type"]]
    n = buf["count"]
    bad = []
    if got == exp:
        return bad
    ucode = {1: "B", 2: "H", 4: "I", 8: "Q"}[size]
    gi = struct.unpack("<%d%s" % (n, ucode), got)
    ei = struct.unpack("<%d%s" % (n, ucode), exp)
    gv = struct.unpack("<%d%s" % (n, code), got)
    ev = struct.unpack("<%d%s" % (n, code), exp)
    for k in range(n):
        if gi[k] == ei[k]:
            continue
        ok = False
        if tol and buf["type"] in ("f32", "f64", "f16"):
            g, e = gv[k], ev[k]
            if not (math.isnan(g) or math.isnan(e)):
                if "ulp" in tol and abs(ordered(gi[k], size) - ordered(ei[k], size)) <= tol["ulp"]:
                    ok = True
                if "abs" in tol and abs(g - e) <= tol["abs"]:
                    ok = True
                if "rel" in tol and abs(g - e) <= tol["rel"] * abs(e):
                    ok = True
        if not ok:
            bad.append((k, gi[k], ei[k], gv[k], ev[k]))
    return bad


def run_case(path, save_dir):
    d = os.path.dirname(path)
    m = json.load(open(path))
    if isinstance(m["ptx"], list):  # linked modules (nvcc -rdc=true): ptxsim gpu-run links them
        raise SystemExit("%s links %d modules; use `ptxsim gpu-run %s`" % (path, len(m["ptx"]), path))
    ptx = open(os.path.join(d, m["ptx"]), "rb").read() + b"\0"
    mod = C.c_void_p()
    check(cu.cuModuleLoadDataEx(C.byref(mod), C.c_char_p(ptx), 0, None, None), "cuModuleLoadDataEx")
    fn = C.c_void_p()
    check(cu.cuModuleGetFunction(C.byref(fn), mod, m["kernel"].encode()), "cuModuleGetFunction")
    shared = m.get("shared_bytes", 0)
    if shared > 48 * 1024:
        check(cu.cuFuncSetAttribute(fn, 8, shared), "cuFuncSetAttribute")
    ptrs = {}
    for b in m["buffers"]:
        size, code = TYPES[b["type"]]
        nbytes = size * b["count"]
        if "file" in b["init"]:
            data = open(os.path.join(d, b["init"]["file"]), "rb").read()
            assert len(data) == nbytes, "%s: %s has %d bytes, want %d" % (path, b["name"], len(data), nbytes)
        else:
            v = b["init"]["fill"]
            if code in "fde":
                data = struct.pack("<" + code, v) * b["count"]
            else:
                data = struct.pack("<" + {1: "B", 2: "H", 4: "I", 8: "Q"}[size], int(v) & ((1 << (8 * size)) - 1)) * b["count"]
        p = C.c_uint64()
        check(cu.cuMemAlloc_v2(C.byref(p), C.c_size_t(max(nbytes, 1))), "cuMemAlloc")
        check(cu.cuMemcpyHtoD_v2(p, data, C.c_size_t(nbytes)), "cuMemcpyHtoD")
        ptrs[b["name"]] = (p, nbytes, b)
    keep = []
    for prm in m["params"]:
        (k, v), = prm.items()
        if k == "buffer":
            obj = C.c_uint64(ptrs[v][0].value)
        elif k == "bytes":
            raw = bytes.fromhex(v)
            obj = C.create_string_buffer(raw, len(raw))
        else:
            obj = {"u32": C.c_uint32, "s32": C.c_int32, "u64": C.c_uint64, "s64": C.c_int64,
                   "f32": C.c_float, "f64": C.c_double, "u16": C.c_uint16, "s16": C.c_int16,
                   "u8": C.c_uint8, "s8": C.c_int8}[k](v)
        keep.append(obj)
    params = (C.c_void_p * max(len(keep), 1))(*[C.cast(C.pointer(o), C.c_void_p) for o in keep])
    g, bl = m["grid"], m["block"]
    check(cu.cuLaunchKernel(fn, g[0], g[1], g[2], bl[0], bl[1], bl[2], shared, None, params, None),
          "cuLaunchKernel")
    check(cu.cuCtxSynchronize(), "cuCtxSynchronize")
    fails = []
    for name, spec in m.get("expect", {}).items():
        p, nbytes, b = ptrs[name]
        got = C.create_string_buffer(max(nbytes, 1))
        check(cu.cuMemcpyDtoH_v2(got, p, C.c_size_t(nbytes)), "cuMemcpyDtoH")
        got = got.raw[:nbytes]
        if save_dir:
            od = os.path.join(save_dir, os.path.basename(d))
            os.makedirs(od, exist_ok=True)
            open(os.path.join(od, name + ".gpu.bin"), "wb").write(got)
        exp = open(os.path.join(d, spec["file"]), "rb").read()
        bad = compare(b, got, exp, spec.get("tolerance"))
        if bad:
            fails.append((name, bad))
    for p, _, _ in ptrs.values():
        cu.cuMemFree_v2(p)
    cu.cuModuleUnload(mod)
    return fails


def main():
    args = sys.argv[1:]
    save = None
    if args[:1] == ["--save"]:
        save, args = args[1], args[2:]
    paths = args or sorted(glob.glob("corpus/*/case*.json"))
    print("device:", init())
    nfail = 0
    for path in paths:
        try:
            fails = run_case(path, save)
        except Exception as e:  # keep going: report every case
            print("ERROR %s: %s" % (path, e))
            nfail += 1
            continue
        if not fails:
            print("ok    %s" % path)
            continue
        nfail += 1
        print("FAIL  %s" % path)
        for name, bad in fails:
            print("  %s: %d elements differ" % (name, len(bad)))
            for k, gi, ei, gv, ev in bad[:8]:
                print("    [%d] gpu %#x (%r)  expected %#x (%r)" % (k, gi, gv, ei, ev))
    print("%d passed, %d failed" % (len(paths) - nfail, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
