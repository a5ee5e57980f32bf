#!/usr/bin/env python3
"""corpus.py GPU_DIR — makes corpus/tma_i2c from the inputs gen.py wrote there, the launch list
and the H200's output files in GPU_DIR (NAME.*.gpu.bin as lab/tma/run.c wrote them): one manifest
case.NAME.json per launch (tensor maps as manifest "tensormap" parameters, im2col ones with
"mode": "im2col"), the recordings renamed BUFFER.NAME.gpu.bin, and gpu.provenance.json. Launches
that failed on the GPU (no output file) get no manifest; docs/tma.md lists them."""
import hashlib, json, os, shutil, sys

GPU = sys.argv[1]
C = "corpus/tma_i2c"
PTX = "tma_probe.sm_90a.ptx"
sha = lambda p: hashlib.sha256(open(p, "rb").read()).hexdigest()
env = open(os.path.join(GPU, "..", "env.txt")).read().split("\n") if os.path.exists(os.path.join(GPU, "..", "env.txt")) else []
prov = []
TYPES = {"f32": "f32", "f16": "u16", "bf16": "u16", "f64": "u64", "u32": "u32", "s32": "s32", "u64": "u64", "s64": "s64"}
for line in open(os.path.join(C, "launches.txt")):
    f = line.split()
    if not f:
        continue
    name, kern, grid, block, args = f[0], f[1], int(f[2]), int(f[3]), f[4:]
    bufs, params, expect, inputs, files = [], [], {}, {}, []
    argbuf = {}
    ok = True
    for i, a in enumerate(args):
        hidden = a.startswith("~")
        a = a.lstrip("~")
        kind, rest = a.split(":", 1)
        if kind in ("in", "io", "out"):
            bname = {0: "T"}.get(i, None) if hidden else None
            if kind == "in":
                src = rest
                bname = bname or ("tests" if "tests" in src else "src")
                bufs.append({"name": bname, "type": "u8", "count": os.path.getsize(os.path.join(C, src)), "init": {"file": src}})
                inputs[src] = sha(os.path.join(C, src))
            elif kind == "io":
                src, outf = rest.split(":")
                bname = "dst"
                bufs.append({"name": bname, "type": "u8", "count": os.path.getsize(os.path.join(C, src)), "init": {"file": src}})
                inputs[src] = sha(os.path.join(C, src))
                g = os.path.join(GPU, outf)
                if not os.path.exists(g):
                    ok = False
                    break
                rec = f"dst.{name}.gpu.bin"
                shutil.copy(g, os.path.join(C, rec))
                expect[bname] = {"file": rec}
                files.append(rec)
            else:
                size, outf = rest.split(":")
                bname = "out"
                bufs.append({"name": bname, "type": "u8", "count": int(size), "init": {"fill": 0}})
                g = os.path.join(GPU, outf)
                if not os.path.exists(g):
                    ok = False
                    break
                rec = f"out.{name}.gpu.bin"
                shutil.copy(g, os.path.join(C, rec))
                expect[bname] = {"file": rec}
                files.append(rec)
            argbuf[i] = bname
            if not hidden:
                params.append({"buffer": bname})
        elif kind == "i32":
            params.append({"s32": int(rest)})
        elif kind in ("tmap", "i2c"):
            p = rest.split(":")
            k, ty = int(p[0]), p[1]
            L = lambda s: [int(x) for x in s.split(",")] if s else []
            tm = {"buffer": argbuf[k], "type": ty, "dims": L(p[2])}
            if len(tm["dims"]) > 1:
                tm["strides"] = L(p[3])
            if kind == "tmap":
                tm["box"] = L(p[4])
                sw, fill = p[5], p[6]
            else:
                tm["mode"] = "im2col"
                tm["pixel_box_lower_corner"], tm["pixel_box_upper_corner"] = L(p[4]), L(p[5])
                tm["channels_per_pixel"], tm["pixels_per_column"] = int(p[6]), int(p[7])
                tm["element_strides"] = L(p[8])
                sw, fill = p[9], p[10]
            tm["swizzle"], tm["oob_fill"] = sw, fill
            params.append({"tensormap": tm})
            # the tensor's buffer holds elements of the map's type
            for b in bufs:
                if b["name"] == argbuf[k]:
                    es = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "u32": 4, "s32": 4, "u64": 8, "s64": 8}[ty]
                    b["type"], b["count"] = TYPES[ty], b["count"] // es
    if not ok:
        print(f"{name}: no GPU output (the launch failed), no manifest")
        continue
    man = {"ptx": PTX, "kernel": kern, "grid": [grid, 1, 1], "block": [block, 1, 1], "buffers": bufs,
           "params": params, "expect": expect}
    mpath = os.path.join(C, f"case.{name}.json")
    open(mpath, "w").write(json.dumps(man, indent=1) + "\n")
    cmd = "run " + PTX + " " + line.strip().split(None, 1)[1]
    prov.append('    {"manifest": "case.%s.json", "kernel": "%s", "ptx": "%s", "ptx_sha256": "%s", "manifest_sha256": "%s",\n'
                '     "inputs": {%s},\n     "command": "%s", "files": [%s],\n     "vs_expected": "the expected output is this recording"}'
                % (name, kern, PTX, sha(os.path.join(C, PTX)), sha(mpath),
                   ", ".join(f'"{k}": "{v}"' for k, v in inputs.items()), cmd, ", ".join(f'"{x}"' for x in files)))
head = """{
  "gpu": "NVIDIA H200",
  "sm": "sm_90a",
  "driver": "580.159.04",
  "cuda": "13.0",
  "cuda_toolkit_on_host": "13.0",
  "date": "2026-11-29T21:26:12Z",
  "how": "lab/tma/run.c (CUDA driver API; the PTX JIT-compiled by the driver as written; tensor maps made by cuTensorMapEncodeIm2col / cuTensorMapEncodeTiled from the description in the command, which the manifest repeats), one process per launch, launches from lab/tma/i2c/gen.py (launches.txt); tred_f32_min and tred_f32_max raised an illegal-instruction error and have no manifest; red2 and i2cN were recorded in a second run (2026-11-29T21:54:35Z, same GPU and driver), which also found that im2col starts outside the pixel bounding box raise an illegal-instruction error and that cuTensorMapEncodeIm2col refuses 8-byte pixels",
  "manifests": [
"""
open(os.path.join(C, "gpu.provenance.json"), "w").write(head + ",\n".join(prov) + "\n  ]\n}\n")
print(len(prov), "manifests")
