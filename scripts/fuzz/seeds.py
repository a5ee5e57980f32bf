#!/usr/bin/env python3
"""seeds.py OUTDIR — seed corpora for the libFuzzer harnesses of tests/fuzz (docs/fuzz.md).

OUTDIR/module: every PTX file under corpus/ and tests/, and the PTX snippets the C tests hold in
  string literals (a literal, or adjacent ones, naming .entry/.func): as they are when they fit
  in MAX_MODULE bytes, else without comments, .loc/.file lines and repeated blanks (nvcc's output
  shrinks to about half) when that fits;
OUTDIR/launch: those that declare an .entry and fit in MAX_LAUNCH bytes the same way, each twice,
  with the harness's last selector byte 'p' (plain run) and 'a' (every checker);
OUTDIR/manifest: every manifest (JSON naming "ptx" and "kernel") under corpus/ and tests/ as it
  is, the same pointed at the harness's kernel.ptx / kernel k, and a few made for kernels k and k2.
Files are named by the SHA-1 of their contents, as libFuzzer names its own."""
import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# libfuzzer.sh's -max_len per harness: longer seeds would be cut short
MAX_MODULE = 8192
MAX_LAUNCH = 4095
MAX_JSON = 4096


def put(d, data):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def files(pattern):
    return sorted(p for top in ("corpus", "tests")
                  for p in glob.glob(os.path.join(ROOT, top, "**", pattern), recursive=True))


ESC = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0", "r": "\r"}


def c_snippets(text):
    """PTX held in C string literals: runs of adjacent literals, concatenated and unescaped."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = []
    for run in re.finditer(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+', text):
        parts = re.findall(r'"((?:[^"\\\n]|\\.)*)"', run.group(0))
        s = re.sub(r"\\(.)", lambda m: ESC.get(m.group(1), m.group(1)), "".join(parts))
        if ".entry" in s or ".func" in s:
            out.append(s)
    return out


def ptx_seeds():
    seen = set()
    for p in files("*.ptx"):
        with open(p, "rb") as f:
            seen.add(f.read())
    for p in files("*.c"):
        with open(p, encoding="utf-8", errors="replace") as f:
            for s in c_snippets(f.read()):
                seen.add(s.encode())
    return sorted(seen)


def minified(ptx):
    """PTX without comment-only, .loc and .file lines, runs of blanks and empty lines."""
    out = []
    for line in ptx.split(b"\n"):
        t = line.strip()
        if t and not t.startswith((b"//", b".loc", b".file")):
            out.append(re.sub(rb"\s+", b" ", t))
    return b"\n".join(out) + b"\n"


def fitting(ptx, limit):
    """ptx as it is, or minified, when it fits in limit bytes; else None."""
    if len(ptx) <= limit:
        return ptx
    m = minified(ptx)
    return m if len(m) <= limit else None


def harness_manifests():
    """Manifests for the harness's own module (tests/fuzz/fuzz_manifest.c)."""
    k = {"ptx": "kernel.ptx", "kernel": "k", "grid": [2, 1, 1], "block": [32, 1, 1]}
    bufs = [{"name": "in", "type": "f32", "count": 64, "init": {"file": "in.bin"}},
            {"name": "out", "type": "f32", "count": 64, "init": {"fill": 0}}]
    params = [{"buffer": "in"}, {"buffer": "out"}, {"u32": 64}, {"f32": 1.5}]
    yield dict(k, buffers=bufs, params=params)
    yield dict(k, buffers=bufs, params=params, expect={"out": {"file": "in.bin"}})
    yield dict(k, buffers=bufs, params=params,
               expect={"out": {"file": "in.bin", "tolerance": {"abs": 0.5, "rel": 0.01, "ulp": 4}}})
    yield dict(k, buffers=[dict(bufs[0]), {"name": "out", "type": "f32", "count": 64, "init": "none"}],
               params=params, shared_bytes=256, arch="sm_80")
    yield dict(k, buffers=bufs, params=params, expect_output={"file": "in.bin"})
    for t in ("u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f16", "bf16", "f32", "f64"):
        yield dict(k, buffers=[{"name": "in", "type": t, "count": 32, "init": {"fill": -1.5}},
                               {"name": "out", "type": t, "count": 32, "init": {"fill": 7}}],
                   params=[{"buffer": "in"}, {"buffer": "out"}, {t: 3}, {"f32": -0.0}])
    yield {"ptx": "kernel.ptx", "kernel": "k2", "grid": [1, 1, 1], "block": [4, 1, 1],
           "buffers": [{"name": "out", "type": "u64", "count": 4, "init": {"fill": 0}}],
           "params": [{"bytes": "0102030405060708090a0b0c0d0e0f10"}, {"buffer": "out"}]}
    yield {"ptx": ["kernel.ptx"], "kernel": "k2", "grid": [1, 1, 1], "block": [4, 1, 1],
           "cluster": [1, 1, 1],
           "buffers": [{"name": "out", "type": "u64", "count": 4, "init": {"fill": 0}}],
           "params": [{"bytes": "00000000000000000000000000000000"}, {"buffer": "out"}]}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: seeds.py OUTDIR")
    out = sys.argv[1]
    ptx = ptx_seeds()
    n_launch = 0
    n_module = 0
    for s in ptx:
        m = fitting(s, MAX_MODULE)
        if m:
            put(os.path.join(out, "module"), m)
            n_module += 1
        m = fitting(s, MAX_LAUNCH)
        if m and b".entry" in m:
            put(os.path.join(out, "launch"), m + b"p")
            put(os.path.join(out, "launch"), m + b"a")
            n_launch += 2
    n_man = 0
    for p in files("*.json"):
        if os.path.getsize(p) > MAX_JSON:
            continue
        with open(p, "rb") as f:
            raw = f.read()
        try:
            j = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(j, dict) or "ptx" not in j or "kernel" not in j:
            continue
        put(os.path.join(out, "manifest"), raw)
        j["ptx"], j["kernel"] = "kernel.ptx", "k"
        put(os.path.join(out, "manifest"), json.dumps(j).encode())
        n_man += 2
    for j in harness_manifests():
        put(os.path.join(out, "manifest"), json.dumps(j, indent=1).encode())
        n_man += 1
    print("seeds: module %d, launch %d, manifest %d (before duplicates)" % (n_module, n_launch, n_man))


if __name__ == "__main__":
    main()
