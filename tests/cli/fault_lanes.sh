#!/usr/bin/env bash
# A fault names every lane of its warp instruction that faults (issue 16): a kernel where the test
# chooses which lanes store (or load) out of bounds — the oracle is that choice — and `run` must
# say how many lanes and which ("24 lanes of its warp: 8-31"), in the text and in the JSON report
# ("lanes": {"count", "ranges"}), name the PTX path normalised (d/../d/k.ptx → d/k.ptx) and the
# CUDA line of the instruction (.loc), and the JSON must fit tests/verify/schema/report.schema.json.
set -uo pipefail
ptxsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
schema=$(cd "$(dirname "$0")/../verify/schema" && pwd)/report.schema.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" && mkdir d
python3 - "$ptxsim" "$schema" <<'PY'
import json, os, random, subprocess, sys
ptxsim, schema_path = sys.argv[1:]
try:
    import jsonschema
    schema = json.load(open(schema_path))
    validator = jsonschema.validators.validator_for(schema)(schema)
except ImportError:
    validator = None  # the schema check is verify_report_schemas'; the lanes are checked anyway
PTX = """.version 8.0
.target sm_90
.address_size 64
.file 1 "lanes.cu"
.visible .entry k(.param .u64 p_out, .param .u64 p_idx)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [p_out];
  ld.param.u64 %rd2, [p_idx];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.u32 %r2, [%rd4];
  mul.wide.u32 %rd5, %r2, 4;
  add.s64 %rd6, %rd1, %rd5;
  .loc 1 12 5
  ACCESS
  ret;
}
"""
ACCESS = {"st": "st.global.u32 [%rd6], %r1;", "ld": "ld.global.u32 %r3, [%rd6];",
          "atom": "atom.global.add.u32 %r3, [%rd6], 1;"}
access_line = PTX.splitlines().index("  ACCESS") + 1


def ranges(lanes):
    out = []
    for l in sorted(lanes):
        if out and out[-1][1] == l - 1:
            out[-1][1] = l
        else:
            out.append([l, l])
    return out


def text_of(rs):
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in rs)


rng = random.Random(16)
cases = [("st", set(range(8, 32))), ("ld", {3} | set(range(8, 20)) | {31}), ("atom", {0}),
         ("st", set(rng.sample(range(32), 11))), ("ld", set(range(32)))]
bad = 0
for op, oob in cases:
    with open("d/k.ptx", "w") as f:
        f.write(PTX.replace("ACCESS", ACCESS[op]))
    # lanes in bounds write their own element; the chosen ones an index 2^28 elements past the end
    idx = [(1 << 28) + l if l in oob else l for l in range(32)]
    with open("d/idx.bin", "wb") as f:
        f.write(b"".join(i.to_bytes(4, "little") for i in idx))
    with open("d/case.json", "w") as f:
        json.dump({"ptx": "../d/k.ptx", "kernel": "k", "grid": [1, 1, 1], "block": [32, 1, 1],
                   "buffers": [{"name": "out", "type": "u32", "count": 32, "init": {"fill": 0}},
                               {"name": "idx", "type": "u32", "count": 32, "init": {"file": "idx.bin"}}],
                   "params": [{"buffer": "out"}, {"buffer": "idx"}]}, f)
    p = subprocess.run([ptxsim, "run", "d/case.json", "--json", "r.json", "--allow-paths", "."],
                       capture_output=True, text=True)
    want_rs = ranges(oob)
    first = min(oob)
    want_text = f"; {len(oob)} lanes of its warp: {text_of(want_rs)})" if len(oob) > 1 else ")"
    head = f"d/k.ptx:{access_line}: error: kernel 'k' faulted: "
    doc = json.load(open("r.json"))
    f = doc["findings"][0] if doc["findings"] else {}
    errs = list(validator.iter_errors(doc)) if validator else []
    got = (p.returncode, p.stderr.startswith(head), f"(lanes.cu:12; block (0,0,0), thread ({first},0,0)" in p.stderr,
           p.stderr.rstrip().endswith(want_text), f.get("lanes"), f.get("source"), f.get("ptx"), f.get("thread"), errs)
    want = (3, True, True, True, {"count": len(oob), "ranges": want_rs}, {"file": "lanes.cu", "line": 12},
            {"file": "d/k.ptx", "line": access_line}, [first, 0, 0], [])
    if got != want:
        print(f"{op} lanes {sorted(oob)}:\n  got  {got}\n  want {want}\n  stderr {p.stderr!r}")
        bad += 1
    else:
        print(f"{op}: {len(oob)} lanes {text_of(want_rs)}: ok")
    # check: the fault is an error finding with the same lanes
    p = subprocess.run([ptxsim, "check", "d/case.json", "--json", "c.json", "--allow-paths", "."],
                       capture_output=True, text=True)
    faults = [x for x in json.load(open("c.json"))["findings"] if x.get("lanes")]
    if p.returncode == 2 or [x["lanes"] for x in faults] != [{"count": len(oob), "ranges": want_rs}]:
        print(f"check {op} lanes {sorted(oob)}: exit {p.returncode}, findings with lanes {faults}")
        bad += 1
sys.exit(1 if bad else 0)
PY
