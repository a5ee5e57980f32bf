#!/usr/bin/env python3
"""target_sweep.py [--ptxas PTXAS] [--ptxsim PTXSIM] [--targets sm_10,sm_35,...] [--jobs N] [FILE|DIR ...]

Compares ptxsim's per-line verdicts with ptxas's over every PTX file given (default: tests/ and corpus/),
each re-targeted to older and newer targets: the `.target` line is replaced by `.target sm_XX` (its
options kept) and the module goes through `ptxas -arch=sm_75` (or -arch=the target when ptxas knows it)
and `ptxsim parse`. Lines that one rejects and the other accepts are printed with both messages,
grouped by message, so the gating of instructions and special registers by the module's target can
be audited target by target (issue 13: ptxas is the judge of what is legal).

--forms runs scripts/target_probes.txt instead: one instruction per kernel, each on every target (the
defaults plus sm_75, sm_80, sm_86, sm_89, sm_90), at the lowest .version that has the target and at
.version 9.0, and prints the instructions whose verdict differs.

--versions instead prints, for every target ptxsim knows, the lowest .version ptxas accepts it with.

Needs ptxas (CUDA 13) and a built ptxsim; no GPU. Files ptxsim does not accept as written are skipped
(their own errors are someone else's business)."""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TARGETS = "sm_10,sm_12,sm_13,sm_20,sm_30,sm_32,sm_35,sm_37,sm_50,sm_52,sm_53,sm_60,sm_61,sm_62,sm_70,sm_72"
PTXAS_ARCHS = {"sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a",
               "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a", "sm_110f", "sm_120", "sm_120a",
               "sm_120f", "sm_121", "sm_121a", "sm_121f"}
LINE_RE = re.compile(r"^(?:ptxas )?(?P<file>[^,:]+)(?:, line |:)(?P<line>\d+)(?::\d+)?[;:] *(?P<kind>error|fatal|warning)[ :]*(?P<msg>.*)$")


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def verdicts(out, path, want_kinds=("error", "fatal")):
    """{line: message} of the errors in a tool's output (line 0: a fatal without a line)"""
    res = {}
    for l in out.splitlines():
        l = l.replace(path, "F")
        m = LINE_RE.match(l.strip())
        if m and m.group("kind") in want_kinds:
            res.setdefault(int(m.group("line")), m.group("msg").strip())
        elif "fatal" in l and "aborted" not in l and "line" not in l:
            res.setdefault(0, l.strip())
    return res


def retarget(src, target):
    def sub(m):
        opts = [o.strip() for o in m.group(1).split(",")[1:] if o.strip() and not o.strip().startswith(("sm_", "compute_"))]
        if int(re.sub(r"\D", "", target)[:3] or 0) >= 13 or True:
            opts = [o for o in opts if o != "map_f64_to_f32"]
        return ".target " + ", ".join([target] + opts)
    return re.sub(r"^[ \t]*\.target[ \t]+([^\n]*)", sub, src, count=1, flags=re.M)


def sweep_one(args, path, target):
    src = open(path, encoding="utf-8", errors="replace").read()
    new = retarget(src, target)
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(new)
        tmp = f.name
    try:
        arch = target if target in PTXAS_ARCHS else "sm_75"
        _, pa = run([args.ptxas, "-arch=" + arch, tmp, "-o", "/dev/null"])
        _, ps = run([args.ptxsim, "parse", tmp, "--quiet"])
        lines = new.split("\n")
        a, s = verdicts(pa, tmp), verdicts(ps, tmp)
        # ptxas stops at a fatal error: lines after it are not judged
        stop = min([ln for ln, m in a.items() if "fatal" in m.lower() or "Parsing error" in m] or [10 ** 9])
        if 0 in a:
            return [(path, target, 0, "(module)", a[0], "accepted" if not s else next(iter(s.values())))] if not s else []
        out = []
        for ln in sorted(set(a) | set(s)):
            if ln > stop or ln == 0:
                continue
            if (ln in a) != (ln in s):
                text = lines[ln - 1].strip() if 0 < ln <= len(lines) else ""
                out.append((path, target, ln, text, a.get(ln, "accepted"), s.get(ln, "accepted")))
        return out
    finally:
        os.unlink(tmp)


def ptxsim_accepts(args, path):
    rc, _ = run([args.ptxsim, "parse", path, "--quiet"])
    return rc == 0


FORM_HEADER = """.version {ver}
.target {target}
{asz}
.global .align 8 .b8 gvar[64];
.visible .entry k{params}
{{
.reg .b32 %r<20>;
.reg .b64 %rd<20>;
.reg .b16 %h<10>;
.reg .f32 %f<10>;
.reg .f64 %fd<10>;
.reg .pred %p<4>;
.shared .align 16 .b8 smem[256];
{insn}
ret;
}}
"""
MIN_VERSION = {}


def forms(args):
    probes = [l.strip() for l in open(os.path.join(ROOT, "scripts/target_probes.txt"))
              if l.strip() and not l.startswith("#")]
    for l in open(os.path.join(ROOT, "isa/archs.def")):
        m = re.match(r'X\(\w+, "(sm_\w+)", \d+, \d, (\d+),', l)
        if m:
            MIN_VERSION[m.group(1)] = int(m.group(2))
    targets = args.targets.split(",") + ["sm_75", "sm_80", "sm_86", "sm_89", "sm_90"]
    jobs = []
    for t in targets:
        mv = MIN_VERSION[t]
        for ver in sorted({mv, 90}):
            for insn in probes:
                jobs.append((t, "%d.%d" % (ver // 10, ver % 10), insn))

    def one(job):
        t, ver, insn = job
        asz = ".address_size 64" if float(ver) >= 2.3 else ""
        params = "(.param .u64 pp)" if float(ver) >= 1.4 else "()"  # kernel parameters: PTX ISA 1.4
        src = FORM_HEADER.format(ver=ver, target=t, asz=asz, insn=insn, params=params)
        with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
            f.write(src)
            tmp = f.name
        try:
            arch = t if t in PTXAS_ARCHS else "sm_75"
            _, pa = run([args.ptxas, "-arch=" + arch, tmp, "-o", "/dev/null"])
            _, ps = run([args.ptxsim, "parse", tmp, "--quiet"])
            a, s = verdicts(pa, tmp), verdicts(ps, tmp)
            return (t, ver, insn, " / ".join(a.values()), " / ".join(s.values()))
        finally:
            os.unlink(tmp)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        res = list(ex.map(one, jobs))
    bad = [r for r in res if bool(r[3]) != bool(r[4])]
    print("%d probes x %d targets: %d modules, %d verdicts differ" % (len(probes), len(targets), len(res), len(bad)))
    for t, ver, insn, a, s in bad:
        print("%-7s %s  %-48s ptxas: %s | ptxsim: %s" % (t, ver, insn, a or "accepted", s or "accepted"))
    return 1 if bad else 0


def versions(args):
    vers = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "2.0", "2.1", "2.2", "2.3", "3.0", "3.1", "3.2", "4.0", "4.1",
            "4.2", "4.3", "5.0", "6.0", "6.1", "6.2", "6.3", "6.4", "6.5"] + ["7.%d" % i for i in range(9)] + \
           ["8.%d" % i for i in range(9)] + ["9.0"]
    names = re.findall(r'X\(\w+, "(sm_\w+)"', open(os.path.join(ROOT, "isa/archs.def")).read())
    for t in names:
        first = None
        for v in vers:
            with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
                f.write(".version %s\n.target %s\n.entry k() { ret; }\n" % (v, t))
                tmp = f.name
            _, out = run([args.ptxas, "-arch=sm_75", tmp, "-o", "/dev/null"])
            os.unlink(tmp)
            if "does not support .target" not in out and "Unsupported .target" not in out:
                first = v
                break
        print(t, first)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--ptxsim", default=os.path.join(ROOT, "build/cli/ptxsim"))
    ap.add_argument("--targets", default=DEFAULT_TARGETS)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--versions", action="store_true")
    ap.add_argument("--forms", action="store_true")
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()
    if not os.access(args.ptxas, os.X_OK):
        print("target_sweep: no ptxas at %s; skipped" % args.ptxas)
        return 0
    if args.versions:
        versions(args)
        return 0
    if args.forms:
        return forms(args)
    paths = args.paths or [os.path.join(ROOT, "tests"), os.path.join(ROOT, "corpus")]
    files = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, fs in os.walk(p):
                files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".ptx")]
        else:
            files.append(p)
    files = [f for f in files if ptxsim_accepts(args, f)]
    jobs = [(f, t) for f in files for t in args.targets.split(",")]
    diffs = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for r in ex.map(lambda j: sweep_one(args, *j), jobs):
            diffs += r
    groups = collections.defaultdict(list)
    for path, target, ln, text, a, s in diffs:
        key = (a if "requires .target" in a else re.sub(r"sm_\d+\w*", "sm_X", a), re.sub(r"sm_\d+\w*", "sm_X", s))
        groups[key].append((target, os.path.relpath(path, ROOT), ln, text))
    print("%d files x %d targets: %d disagreeing lines" % (len(files), len(args.targets.split(",")), len(diffs)))
    for (a, s), items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print("\n[%d] ptxas: %s\n     ptxsim: %s" % (len(items), a, s))
        seen = set()
        for target, path, ln, text in items:
            k = (target, text.split()[0] if text else "")
            if k in seen:
                continue
            seen.add(k)
            print("   %-7s %s:%d  %s" % (target, path, ln, text[:100]))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
