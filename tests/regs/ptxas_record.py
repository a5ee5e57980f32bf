#!/usr/bin/env python3
"""ptxas_record.py record ROOT OUT | check PTXSIM ROOT RECORDED — ptxas's own allocation as the
oracle of `ptxsim regs` (docs/registers.md).

record: runs `ptxas -v -arch=T FILE -o /dev/null` for every corpus file and target
(corpus_targets.py) and writes what ptxas printed, verbatim, after a line naming the command.
check: parses that recording with its own reader and compares registers, stack frame, spill
stores/loads, shared and cmem[0] bytes and barriers per kernel with `ptxsim regs --json`, which
runs ptxas itself. Skipped (77) without ptxas, or when its version differs from the recording's."""
import json, os, pathlib, re, shutil, subprocess, sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from corpus_targets import corpus_targets


def find_ptxas():
    p = shutil.which("ptxas")
    if p:
        return p
    for c in [os.path.join(os.environ.get("CUDA_HOME", ""), "bin/ptxas"), "/usr/local/cuda/bin/ptxas"]:
        if os.access(c, os.X_OK):
            return c
    return None


def version(ptxas):
    out = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if "release" in l][-1].strip()


def record(root, out):
    ptxas = find_ptxas()
    lines = [f"# ptxas -v per corpus file and target, recorded by tests/regs/ptxas_record.py record "
             f"(ptxas: {version(ptxas)})"]
    for ptx, targets in corpus_targets(root):
        rel = ptx.relative_to(root)
        for t in targets:
            r = subprocess.run([ptxas, "-v", f"-arch={t}", str(rel), "-o", "/dev/null"], cwd=root,
                               capture_output=True, text=True)
            lines.append(f"=== ptxas -v -arch={t} {rel} -o /dev/null (exit {r.returncode})")
            lines += [l for l in (r.stdout + r.stderr).splitlines() if "Compile time" not in l]
    pathlib.Path(out).write_text("\n".join(lines) + "\n")


def parse_recording(path):
    """{(file, target): {kernel: figures}} and the ptxas version line."""
    runs, cur, entry, props = {}, None, None, None
    text = pathlib.Path(path).read_text().splitlines()
    ver = re.search(r"\(ptxas: (.*)\)", text[0]).group(1)
    for line in text[1:]:
        m = re.match(r"=== ptxas -v -arch=(\S+) (\S+) -o /dev/null \(exit (\d+)\)", line)
        if m:
            cur = runs.setdefault((m.group(2), m.group(1)), {}) if m.group(3) == "0" else None
            continue
        if cur is None:
            continue
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            entry = m.group(1)
            cur[entry] = {"registers": 0, "stack_frame_bytes": 0, "spill_store_bytes": 0, "spill_load_bytes": 0,
                          "shared_bytes": 0, "cmem0": 0, "barriers": 0}
            continue
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            props = m.group(1)
            continue
        m = re.match(r"\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and props in cur:
            k = cur[props]
            k["stack_frame_bytes"], k["spill_store_bytes"], k["spill_load_bytes"] = map(int, m.groups())
            continue
        if "Used" in line and entry in cur:
            k = cur[entry]
            for pat, key in [(r"Used (\d+) registers", "registers"), (r"used (\d+) barriers", "barriers"),
                             (r"(\d+) bytes smem", "shared_bytes"), (r"(\d+) bytes cmem\[0\]", "cmem0")]:
                mm = re.search(pat, line)
                if mm:
                    k[key] = int(mm.group(1))
            entry = None
    return runs, ver


def check(ptxsim, root, recorded):
    ptxas = find_ptxas()
    if not ptxas:
        print("skipped: no ptxas on this machine")
        return 77
    runs, ver = parse_recording(recorded)
    if version(ptxas) != ver:
        print(f"skipped: ptxas is '{version(ptxas)}', the recording's '{ver}'")
        return 77
    by_file = {}
    for (f, t) in runs:
        by_file.setdefault(f, []).append(t)
    fail = compared = 0
    for f, targets in sorted(by_file.items()):
        r = subprocess.run([ptxsim, "regs", f, "--json", "--target", ",".join(targets)], cwd=root,
                           capture_output=True, text=True)
        if r.returncode:
            print(f"FAIL {f}: ptxsim regs exit {r.returncode}: {r.stderr.strip()}")
            fail = 1
            continue
        doc = json.loads(r.stdout)
        for k in doc["kernels"]:
            for tj in k["targets"]:
                want = runs.get((f, tj["target"]), {}).get(k["kernel"])
                if want is None:
                    continue
                got = tj["ptxas"]
                if got is None:
                    print(f"FAIL {f} {tj['target']} {k['kernel']}: no ptxas figures")
                    fail = 1
                    continue
                got = dict(got, cmem0=got["cmem_bytes"][0])
                compared += 1
                for key, v in want.items():
                    if got[key] != v:
                        print(f"FAIL {f} {tj['target']} {k['kernel']}: {key} {got[key]}, ptxas -v {v}")
                        fail = 1
    print(f"{compared} kernel/target pairs compared with the recorded ptxas -v; {'FAIL' if fail else 'ok'}")
    return 1 if fail or not compared else 0


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(pathlib.Path(sys.argv[2]).resolve(), sys.argv[3])
    else:
        sys.exit(check(sys.argv[2], pathlib.Path(sys.argv[3]).resolve(), sys.argv[4]))
