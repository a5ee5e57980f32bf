#!/usr/bin/env python3
"""check_h200.py — the special registers whose values the PTX ISA leaves to the machine, as ptxsim
gives them for an H200 (arch sm_90), against the H200's own record (lab/sregs/h200/sregs.txt, driver
580.159.04). Runs the probe nvcc made (lab/sregs/h200/sregs_probe.ptx) in the record's launch shapes
that a manifest can express, and compares every register the record shows as fixed by the machine.

Left out because the hardware gives no fixed value: %warpid and %smid (the slot and SM the scheduler
picked), the clocks and timers. %gridid is compared for the record's first launch only (it counts
the context's launches; each `ptxsim run` is a context of its own).

  check_h200.py PTXSIM"""
import json
import pathlib
import struct
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAB = ROOT / "lab" / "sregs" / "h200"
SLOTS = 96  # u64 slots per thread (sregs_probe.cu N_PER_THREAD)
NAMES = ([f"envreg{i}" for i in range(32)] + [f"pm{i}" for i in range(8)] + [f"pm{i}_64" for i in range(8)] +
         ["warpid", "nwarpid", "smid", "nsmid", "gridid", "total_smem_size", "aggr_smem_size",
          "dynamic_smem_size", "current_graph_exec", "clusterid.x", "clusterid.y", "clusterid.z", "clusterid.w",
          "nclusterid.x", "nclusterid.w", "cluster_ctaid.x", "cluster_ctaid.w", "cluster_nctaid.x",
          "cluster_nctaid.w", "cluster_ctarank", "cluster_nctarank", "is_explicit_cluster", "tid.w", "ntid.w",
          "ctaid.w", "nctaid.w", "tid.x(u16)", "ntid.x(u16)", "gridid(u32)", "lanemask_eq", "lanemask_lt",
          "laneid", "globaltimer_lo", "globaltimer_hi", "globaltimer", "clock", "clock_hi", "clock64",
          "reserved_smem_offset_begin", "reserved_smem_offset_end", "reserved_smem_offset_cap"])
NOT_FIXED = {"warpid", "smid", "globaltimer_lo", "globaltimer_hi", "globaltimer", "clock", "clock_hi", "clock64"}
# the record's launches: name -> (template argument = static bytes, dynamic bytes)
SHAPES = {"plain": (0, 0), "static1": (1, 0), "static100": (100, 0), "static4097": (4097, 0),
          "dyn1": (0, 1), "dyn1000": (0, 1000), "static100dyn1000": (100, 1000), "dyn100k": (0, 102400),
          "block1024": (0, 0), "grid3d": (0, 0)}


def record():
    """{(shape, block, thread): {name: value}} and each shape's grid and block."""
    out, dims = {}, {}
    for ln in (LAB / "sregs.txt").read_text().splitlines():
        f = ln.split()
        if len(f) < 10 or f[0] not in SHAPES or "graph=0" not in f:
            continue
        kv = dict(x.split("=", 1) for x in f if "=" in x)
        block, thread = int(f[f.index("block", 6) + 1]), int(f[f.index("thread") + 1].rstrip(":"))
        dims[f[0]] = ([int(v) for v in kv["grid"].split("x")], [int(v) for v in kv["block"].split("x")])
        out[(f[0], block, thread)] = {k: int(v) for k, v in kv.items() if k in NAMES}
    return out, dims


def main():
    ptxsim = sys.argv[1]
    rec, dims = record()
    if not rec:
        print("no records parsed")
        return 1
    bad = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        t = pathlib.Path(tmp)
        # cuobjdump -ptx output: the fat binary's description, then the PTX from .version on
        dump = (LAB / "sregs_probe.ptx").read_text()
        (t / "probe.ptx").write_text(dump[dump.index(".version"):])
        for shape, (static, dyn) in SHAPES.items():
            if shape not in dims:
                continue
            grid, block = dims[shape]
            nthreads = grid[0] * grid[1] * grid[2] * block[0] * block[1] * block[2]
            case = {"ptx": "probe.ptx", "kernel": f"_Z5probeILi{static}EEvPmi", "arch": "sm_90",
                    "grid": grid, "block": block, "shared_bytes": dyn,
                    "buffers": [{"name": "out", "type": "u64", "count": nthreads * SLOTS, "init": {"fill": 0}}],
                    "params": [{"buffer": "out"}, {"s32": 0}]}
            (t / f"{shape}.json").write_text(json.dumps(case))
            r = subprocess.run([ptxsim, "run", str(t / f"{shape}.json"), "--out", str(t / shape), "--quiet"],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print(f"{shape}: ptxsim run failed ({r.returncode}): {r.stdout}{r.stderr}")
                bad += 1
                continue
            data = (t / shape / "out.bin").read_bytes()
            nt = block[0] * block[1] * block[2]
            for (s, b, th), want in rec.items():
                if s != shape:
                    continue
                base = (b * nt + th) * SLOTS
                got = struct.unpack_from(f"<{SLOTS}Q", data, base * 8)
                for i, name in enumerate(NAMES):
                    if name in NOT_FIXED or name not in want:
                        continue
                    if name.startswith("gridid") and shape != "plain":
                        continue
                    checked += 1
                    if got[i] != want[name]:
                        bad += 1
                        print(f"{shape} block {b} thread {th}: %{name} = {got[i]}, the H200 gave {want[name]}")
    print(f"sregs_h200: {checked} values compared with the H200's record, {bad} differ")
    return 1 if bad or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
