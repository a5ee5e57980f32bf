#!/usr/bin/env python3
"""form_sweep.py — every spelling of every executable row of isa/forms.def, judged three ways.

    form_sweep.py [--ptxas PTXAS] [--ptxsim PTXSIM] [--target sm_90 ...] [--sample N]
                  [--run all|sample|none] [--write-list FILE] [--check-list FILE] [--list]

For each row of isa/forms.def with a declared type list and modifier list (rows spelled "*" and
P_NOEXEC rows are parsed-but-not-run by design and are not swept), the generator emits one
instruction per spelling: each type the row allows x each choice of at most MAX_MODS modifiers
(at most one member of a group such as ROUND or CMP), with representative operands of the
type's register class. Each spelling gets three verdicts:

  ptxas  -arch=TARGET accepts or rejects it (the oracle; ptxas reports every bad line; a target older
         than sm_75 in the module's .target, judged with -arch=sm_75);
  parse  `ptxsim parse`: error, "accepted, but ptxsim cannot run it" warning, or clean;
  run    `ptxsim run` of a one-thread kernel that branches around the instruction: ok or refused.

Disagreement kinds (each one a defect):
  over-clean  ptxas rejects, ptxsim parse accepts it silently
  over-warn   ptxas rejects, ptxsim parse accepts it with the "cannot run it" warning
  under       ptxas accepts, ptxsim parse rejects
  warn-runs   parse warns "cannot run it" but run executes the kernel
  silent-refuse  parse is clean but run refuses the kernel
Spellings ptxas accepts and ptxsim parses with the warning (and run refuses) are counted as
"accepted, not run": allowed, not a disagreement.

Batching: ptxas and the parse verdicts are taken on chunks of spellings (both report every bad
line with its line number; parse's decode warnings are taken on a second module that holds only
the spellings parse accepted); the run verdict runs one module per spelling.

--write-list records, per target, every spelling ptxas accepts and every Nth it rejects, with
the verdict (tests/forms/sweep.txt: --target sm_90 --target sm_80);
--check-list needs no ptxas: it re-judges the recorded spellings with ptxsim and fails on any
disagreement with the recorded ptxas verdict or between parse and run.
Exit: 0 no disagreement, 1 disagreements, 2 usage, 77 ptxas needed but absent."""
import argparse
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_MODS = 3
VERSION = "8.7"

def read_groups():
    """{name: members} of isa/mods.def's G rows (forms.def names them in upper case, '!' when one
    member is required)"""
    text = re.sub(r"/\*.*?\*/", "", open(os.path.join(ROOT, "isa", "mods.def")).read(), flags=re.S)
    out = {}
    for m in re.finditer(r'^GN?\((\w+),\s*((?:"[^"]*"\s*)+)', text, re.M):
        out[m.group(1)] = " ".join(re.findall(r'"([^"]*)"', m.group(2)))
    return out


GROUPS = read_groups()

# rows whose operands are not a plain list of registers and that this sweep does not model (their
# families are covered by scripts/isa_audit.py and scripts/ptxas_diff): memory, async copies,
# mbarriers, control flow
SKIP_ROWS = {"LD", "LDU", "ST", "CP_ASYNC", "BRA", "BRX_IDX", "CALL", "CVT", "CVT_PACK",
             "MBARRIER_INIT", "MBARRIER_INVAL", "MBARRIER_ARRIVE", "MBARRIER_ARRIVE_DROP",
             "MBARRIER_ARRIVE_EXPECT_TX", "MBARRIER_ARRIVE_DROP_EXPECT_TX", "MBARRIER_EXPECT_TX",
             "MBARRIER_COMPLETE_TX", "MBARRIER_TEST_WAIT", "MBARRIER_TRY_WAIT",
             "MBARRIER_PENDING_COUNT", "ATOM", "RED", "BAR", "BARRIER"}

# the order in which the manual writes a row's modifiers, where the row's order differs
MOD_ORDER = {"MATCH": "ANYALL sync"}

HEADER = """.version {ver}
.target {target}
.address_size 64
.visible .entry k(.param .u64 p0) {{
.reg .pred %p<8>;
.reg .b16 %h<60>;
.reg .b32 %r<80>;
.reg .b64 %rd<60>;
.reg .f64 %fd<40>;
{b128}.shared .align 16 .b8 smem[256];
mov.u32 %r9, %tid.x;
setp.ne.u32 %p7, %r9, 12345;
@%p7 bra END;
"""
FOOTER = "END:\nret;\n}\n"

ROW_RE = re.compile(r'^(?:X\((\w+)|XS\((\w+), (\w+)), "([^"]*)", "([^"]*)", "([^"]*)", "([^"]*)", (\d+), (\d+), '
                    r'([^)]*)\)', re.M)


def operand_counts(col):
    """the least and most operands of forms.def's operands column (-1: unchecked): a count "2",
    "2-3", "1+", "*", or a shape whose tokens ending '?', '&', '^' or '=' may be left out"""
    if col == "*":
        return -1, -1
    m = re.match(r"^(\d+)(?:-(\d+)|(\+))?$", col)
    if m:
        lo = int(m.group(1))
        return lo, -1 if m.group(3) else int(m.group(2) or lo)
    toks = col.split()
    return sum(1 for t in toks if len(t) == 2), len(toks)


def type_order():
    """the types in isa/types.def's order"""
    with open(os.path.join(ROOT, "isa", "types.def")) as f:
        return re.findall(r'^X\(\w+, "(\w+)"', f.read(), re.M)


def rows():
    """one entry per operation: an X row of isa/forms.def with the XS rows split from it (their types
    and modifiers joined; "row_of" names the row of each type, the form a spelling selects)"""
    with open(os.path.join(ROOT, "isa", "forms.def")) as f:
        text = f.read()
    out, by_op = [], {}
    for m in ROW_RE.finditer(text):
        xid, sid, op, mn, types, mods, ops, ptx, sm, props = m.groups()
        nmin, nmax = operand_counts(ops)
        rid, op = (xid, xid) if xid else (sid, op)
        if op in by_op:
            r = by_op[op]
            r["types"] += [t for t in types.split() if t not in r["types"]]
            r["mods"] += [x for x in mods.split() if x not in r["mods"] and x != "-"]
            r["row_of"].update((t, rid) for t in types.split())
            r["split"] = True
            continue
        r = dict(id=rid, mn=mn, types=types.split(), mods=mods.split(), nmin=int(nmin), nmax=int(nmax),
                 props=props, row_of={t: rid for t in types.split()}, split=False)
        by_op[op] = r
        out.append(r)
    order = type_order()
    for r in out:
        if r["split"]:  # the types in the order the row had before its split: types.def's
            r["types"].sort(key=order.index)
        if len(r["mods"]) > 1 and "-" in r["mods"]:
            r["mods"].remove("-")
    return out


def sweepable(r):
    return (r["id"] not in SKIP_ROWS and "*" not in r["types"] and "*" not in r["mods"]
            and "P_NOEXEC" not in r["props"] and "P_BRANCH" not in r["props"] and "P_CALL" not in r["props"])


def width(t):
    if t == "pred":
        return 1
    if t in ("b128",):
        return 128
    if t.endswith("x2") or t in ("b32", "u32", "s32", "f32"):
        return 32
    if t in ("b64", "u64", "s64", "f64"):
        return 64
    return 16


def reg(t, i):
    return {1: "%p", 16: "%h", 32: "%r", 64: "%rd", 128: "%q"}[width(t)] + str(i)


def reg_w(bits, i):
    return {16: "%h", 32: "%r", 64: "%rd", 128: "%q"}[bits] + str(i)


def mod_choices(r):
    """lists of alternatives per modifier group (a lone modifier is a group of one)"""
    mods = r["mods"] if r["mods"] != ["-"] else []
    if r["id"] in MOD_ORDER:
        mods = MOD_ORDER[r["id"]].split()
    mods = [m.rstrip("!") for m in mods]
    return [GROUPS[m].split() if m in GROUPS else [m] for m in mods]


def mod_sets(r):
    groups = mod_choices(r)
    out = []
    for k in range(0, min(MAX_MODS, len(groups)) + 1):
        for picked in itertools.combinations(range(len(groups)), k):
            for members in itertools.product(*(groups[g] for g in picked)):
                if len(set(members)) == len(members):  # overlapping groups (vote's ANYALL VOTE)
                    out.append(list(members))
    return out


def operands(r, t, mods):
    """representative operands of row r with type t and modifiers mods (None: not modelled)"""
    rid, mn, n = r["id"], r["mn"], r["nmin"]
    if t == "-":
        t = "b32"
    if n == 0:
        return []
    if rid in ("SETP", "SETP_HALF"):
        d = "%p1|%p2" if t.endswith("x2") else "%p1"
        ops = [d, reg(t, 2), reg(t, 3)]
        return ops + (["%p3"] if set(mods) & {"and", "or", "xor"} else [])
    if rid == "SET":
        ops = ["%r1", reg(t, 2), reg(t, 3)]
        return ops + (["%p3"] if set(mods) & {"and", "or", "xor"} else [])
    if rid == "SELP":
        return [reg(t, 1), reg(t, 2), reg(t, 3), "%p3"]
    if rid == "SLCT":
        return [reg(t, 1), reg(t, 2), reg(t, 3), "%r4"]
    if rid in ("MUL_INT", "MAD_INT") and "wide" in mods:
        w = min(2 * width(t), 128)
        return [reg_w(w, 1), reg(t, 2), reg(t, 3)] + ([reg_w(w, 4)] if rid == "MAD_INT" else [])
    if rid in ("SHL", "SHR"):
        return [reg(t, 1), reg(t, 2), "%r3"]
    if rid == "BFE":
        return [reg(t, 1), reg(t, 2), "%r3", "%r4"]
    if rid == "BFI":
        return [reg(t, 1), reg(t, 2), reg(t, 3), "%r4", "%r5"]
    if rid in ("POPC", "CLZ", "BFIND"):
        return ["%r1", reg(t, 2)]
    if rid == "TESTP":
        return ["%p1", reg(t, 2)]
    if rid == "LOP3":
        return ["%r1", "%r2", "%r3", "%r4", "0x80"]
    if rid == "SHFL":
        return ["%r1", "%r2", "%r3", "%r4"] + (["-1"] if "sync" in mods else [])
    if rid == "VOTE":
        d = "%r1" if t == "b32" else "%p1"
        return [d, "%p2"] + (["-1"] if "sync" in mods else [])
    if rid == "MATCH":
        return ["%r1", reg(t, 2), "-1"]
    if rid == "REDUX":
        return ["%r1", "%r2", "-1"]
    if rid == "ELECT":
        return ["%r1|%p1", "-1"]
    if rid in ("BAR_WARP_SYNC",):
        return ["-1"]
    if rid == "PMEVENT":
        return ["1"]
    if rid == "CP_ASYNC_WAIT":
        return ["0"]
    if rid == "CP_ASYNC_MBARRIER_ARRIVE":
        return ["[smem]"]
    if rid in ("PREFETCH", "PREFETCHU"):
        return ["[%rd1]"]
    if rid == "ISSPACEP":
        return ["%p1", "%rd2"]
    if rid == "MAPA":
        return [reg(t, 1), reg(t, 2), "%r3"]
    if rid == "GETCTARANK":
        return ["%r1", reg(t, 2)]
    return [reg(t, i + 1) for i in range(n)]


def spell(r, t, mods):
    """the instruction text, or None where the row's operands are not modelled"""
    ops = operands(r, t, mods)
    if ops is None:
        return None
    rid, mn = r["id"], r["mn"]
    m = "".join("." + x for x in mods)
    if t == "-":
        head = mn + m
    elif rid == "PRMT":
        head = mn + "." + t + m
    elif "P_VIDEO" in r["props"]:
        head = mn + ("." + t) * 3 + m
    elif rid in ("DP4A", "DP2A"):
        return None  # two type suffixes: spelled per second type in spellings()
    elif rid == "SET":
        head = mn + m + ".u32." + t
    elif rid == "SLCT":
        head = mn + m + "." + t + (".f32" if "ftz" in mods else ".s32")
    else:
        head = mn + m + "." + t
    return head + (" " + ", ".join(ops) if ops else "") + ";"


def spellings(audit_families=(), rows_too=True):
    out = []  # (row id, text)
    for r in rows():
        if not sweepable(r) or not rows_too:
            continue
        for t in r["types"]:
            for mods in mod_sets(r):
                if r["id"] in ("DP4A", "DP2A"):
                    for t2 in ("u32", "s32"):
                        m = "".join("." + x for x in mods)
                        n = r["nmin"]
                        out.append((r["row_of"][t], "%s%s.%s.%s %s;" % (r["mn"], m, t, t2,
                                                                   ", ".join("%%r%d" % (i + 1) for i in range(n)))))
                    continue
                s = spell(r, t, mods)
                if s:
                    out.append((r["row_of"][t], s))
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import isa_audit
    if "all" in audit_families:
        audit_families = list(isa_audit.FAMILIES)
    for fam in audit_families:  # scripts/isa_audit.py's generators (ptxas_diff/spell_*.py)
        for s in isa_audit.FAMILIES[fam]():
            out.append(("audit:" + fam, s))
    seen = set()
    uniq = []
    for rid, s in out:
        if s not in seen:
            seen.add(s)
            uniq.append((rid, s))
    return uniq


def target_version(target):
    """the module's .version: VERSION, or the first PTX ISA version that has the target (isa/archs.def's
    min_ptx column: sm_100f, sm_103 and sm_121 need 8.8, sm_110 9.0)"""
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "isa", "archs.def")) as f:
        for m in re.finditer(r'^X\(\w+, "(\w+)", \d+, \d+, (\d+),', f.read(), re.M):
            if m.group(1) == target:
                need = int(m.group(2))
                have = int(VERSION.replace(".", ""))
                return VERSION if need <= have else "%d.%d" % (need // 10, need % 10)
    sys.exit("form_sweep: unknown target %s" % target)


def header(target):
    m = re.match(r"sm_(\d+)", target)
    b128 = ".reg .b128 %q<4>;\n" if not m or int(m.group(1)) >= 70 else ""  # .b128 needs sm_70
    return HEADER.format(ver=target_version(target), target=target, b128=b128)


def header_refused(found, first, who):
    """a diagnostic located in the header means the module itself is refused (a .version too old
    for the target, say): every verdict would be wrong, so stop"""
    for level, line, msg in found:
        if level == "error" and line < first:
            sys.exit("form_sweep: %s refuses the sweep's header (line %d: %s)" % (who, line, msg))


# ptxas killed by a signal on a line alone (it segfaults on st.param in a kernel and on
# ld.v8.b16, for one): not a verdict, so such a spelling counts neither way
CRASH = "ptxas crashed on it"
LINE_RE = re.compile(r":(\d+):\d+: (error|warning): (.*)")


def chunked(lines, target, tmp, run_one, size=300):
    """run_one(path) -> ([(level, line, msg)], truncated); returns {index: [(level, msg)]} for the
    lines of `lines`. A truncated answer (ptxsim shows the first 100 diagnostics) is taken up to
    its last located line; the chunk goes on from the next one."""
    first = header(target).count("\n") + 1
    out = defaultdict(list)
    start = 0
    while start < len(lines):
        chunk = lines[start:start + size]
        path = os.path.join(tmp, "chunk.ptx")
        with open(path, "w") as f:
            f.write(header(target) + "\n".join(chunk) + "\n" + FOOTER)
        found, truncated = run_one(path)
        header_refused(found, first, "the judged tool")
        last = -1
        for level, line, msg in found:
            i = line - first
            if 0 <= i < len(chunk):
                last = max(last, i)
        for level, line, msg in found:
            i = line - first
            if 0 <= i < len(chunk) and (not truncated or i < last):
                out[start + i].append((level, msg))
        start += (last if truncated and last > 0 else len(chunk))
    return out


def ptxas_arch(target):
    """the -arch ptxas judges TARGET's module with: the target, or sm_75 for an older one (the oldest
    ptxas 13 takes as -arch; it gates features by the module's .target, which stays TARGET)"""
    m = re.match(r"sm_(\d+)", target)
    return "sm_75" if m and int(m.group(1)) < 75 else target


def ptxas_verdicts(ptxas, lines, target, tmp):
    """ptxas reports every bad line ("line N; error"), or, for a 32-bit address in a 64-bit
    module, a warning naming the line and a fatal error, a check it makes only on a module
    without errors: the lines left after a refusal are judged again; a chunk refused without any
    located reason is split until the refused line stands alone"""

    crashed = [False]

    def one(path):
        r = subprocess.run([ptxas, "-arch=" + ptxas_arch(target), path, "-o", os.devnull], capture_output=True,
                           text=True)
        crashed[0] = r.returncode < 0
        found = [("error", int(m.group(1)), m.group(2))
                 for m in re.finditer(r"line (\d+); error\s*: (.*)", r.stderr)]
        if r.returncode:
            found += [("error", int(m.group(2)), m.group(1) + " (and the module is refused)")
                      for m in re.finditer(r"warning\s*: (.*on line '(\d+)'.*)", r.stderr)]
        return found, (r.returncode != 0 and not found)

    def judge(idx):
        """{index: message} of the refused lines among lines[i] for i in idx"""
        if not idx:
            return {}
        first = header(target).count("\n") + 1
        path = os.path.join(tmp, "ptxas.ptx")
        with open(path, "w") as f:
            f.write(header(target) + "\n".join(lines[i] for i in idx) + "\n" + FOOTER)
        found, unlocated = one(path)
        header_refused(found, first, "ptxas")
        if unlocated:
            if len(idx) == 1:
                return {idx[0]: CRASH if crashed[0] else "refused without a located error"}
            half = len(idx) // 2
            return {**judge(idx[:half]), **judge(idx[half:])}
        out = {}
        for _, line, msg in found:
            k = line - first
            if 0 <= k < len(idx):
                out.setdefault(idx[k], msg)
        if out:  # some checks (the 32-bit address) come only after a module without errors
            out.update(judge([i for i in idx if i not in out]))
        return out

    bad = {}
    for start in range(0, len(lines), 300):
        bad.update(judge(list(range(start, min(start + 300, len(lines))))))
    return [("crash", bad[i]) if bad.get(i) == CRASH else ("reject", bad[i]) if i in bad else ("accept", "")
            for i in range(len(lines))]


def ptxsim_parse(ptxsim, path):
    r = subprocess.run([ptxsim, "parse", path], capture_output=True, text=True)
    found = []
    for ln in (r.stderr + r.stdout).splitlines():
        m = LINE_RE.search(ln)
        if m:
            found.append((m.group(2), int(m.group(1)), m.group(3)))
    if r.returncode not in (0, 2) or (r.returncode == 2 and not any(f[0] == "error" for f in found)):
        sys.exit("ptxsim parse failed without a located error (rc %d): %s" % (r.returncode, r.stderr[:400]))
    return found, "too many diagnostics" in r.stderr + r.stdout


def parse_verdicts(ptxsim, lines, target, tmp):
    """'error' / 'warn' / 'clean' per line, with the message"""
    d1 = chunked(lines, target, tmp, lambda p: ptxsim_parse(ptxsim, p))
    verdict = [None] * len(lines)
    for i in range(len(lines)):
        errs = [m for lv, m in d1.get(i, []) if lv == "error"]
        if errs:
            verdict[i] = ("error", errs[0])
    ok = [i for i in range(len(lines)) if verdict[i] is None]
    d2 = chunked([lines[i] for i in ok], target, tmp, lambda p: ptxsim_parse(ptxsim, p))
    for j, i in enumerate(ok):
        diags = d2.get(j, [])
        errs = [m for lv, m in diags if lv == "error"]
        warns = [m for lv, m in diags if lv == "warning" and "cannot run it" in m]
        if errs:  # an error only in company: judge it alone
            verdict[i] = single_parse(ptxsim, lines[i], target, tmp)
        elif warns:
            verdict[i] = ("warn", warns[0].split("cannot run it: ", 1)[-1])
        else:
            verdict[i] = ("clean", "")
    return verdict


def single_parse(ptxsim, line, target, tmp):
    path = os.path.join(tmp, "one.ptx")
    with open(path, "w") as f:
        f.write(header(target) + line + "\n" + FOOTER)
    diags, _ = ptxsim_parse(ptxsim, path)
    errs = [m for lv, _, m in diags if lv == "error"]
    warns = [m for lv, _, m in diags if lv == "warning" and "cannot run it" in m]
    if errs:
        return ("error", errs[0])
    if warns:
        return ("warn", warns[0].split("cannot run it: ", 1)[-1])
    return ("clean", "")


def run_verdict(ptxsim, line, target, tmp):
    """'ok' when a one-thread launch of the module runs, else 'refused' with the reason"""
    with open(os.path.join(tmp, "one.ptx"), "w") as f:
        f.write(header(target) + line + "\n" + FOOTER)
    with open(os.path.join(tmp, "one.json"), "w") as f:
        f.write('{"ptx": "one.ptx", "kernel": "k", "grid": [1,1,1], "block": [1,1,1], '
                '"buffers": [{"name": "b", "type": "u32", "count": 4, "init": {"fill": 0}}], '
                '"params": [{"buffer": "b"}]}')
    r = subprocess.run([ptxsim, "run", "one.json", "--out", "out"], capture_output=True, text=True, cwd=tmp)
    if r.returncode == 0:
        return ("ok", "")
    msg = [x for x in (r.stderr + r.stdout).splitlines() if x.strip()]
    return ("refused", msg[-1] if msg else "rc %d" % r.returncode)


def classify(ptxas, parse, run):
    if ptxas == "crash":  # no verdict: ptxas died on the line (a signal), judged neither way
        return None
    a = ptxas == "accept"
    if not a and parse != "error":
        return "over-" + parse  # over-clean: parse silent; over-warn: parse warns that run refuses
    if a and parse == "error":
        return "under"
    if parse == "warn" and run == "ok":
        return "warn-runs"
    if parse == "clean" and run == "refused":
        return "silent-refuse"
    return None


def judge(ptxsim, items, target, tmp, run_mode, sample):
    """items: [(row, text, ptxas verdict, ptxas msg)] -> list of result dicts"""
    lines = [it[1] for it in items]
    pv = parse_verdicts(ptxsim, lines, target, tmp)
    res = []
    for k, (rid, text, av, am) in enumerate(items):
        p, pm = pv[k]
        run, rm = None, ""
        if p != "error" and (run_mode == "all" or (run_mode == "sample" and (k % sample == 0 or p == "warn"))):
            run, rm = run_verdict(ptxsim, text, target, tmp)
        res.append(dict(row=rid, text=text, ptxas=av, ptxas_msg=am, parse=p, parse_msg=pm, run=run,
                        run_msg=rm, kind=classify(av, p, run)))
    return res


def report(results, target, verbose):
    bad = [x for x in results if x["kind"]]
    for x in bad:
        why = x["ptxas_msg"] if x["kind"].startswith("over") else (x["parse_msg"] or x["run_msg"])
        print("%-13s %-7s %-14s %s   -- %s" % (x["kind"].upper(), target, x["row"], x["text"], why))
    if verbose:
        for x in results:
            if not x["kind"]:
                print("agree  %-7s %-14s %s  ptxas=%s parse=%s run=%s" % (target, x["row"], x["text"], x["ptxas"],
                                                                      x["parse"], x["run"]))
    kinds = Counter(x["kind"] for x in bad)
    ran = sum(1 for x in results if x["run"])
    notrun = sum(1 for x in results if x["ptxas"] == "accept" and x["parse"] == "warn")
    crashes = sum(1 for x in results if x["ptxas"] == "crash")
    acc = sum(1 for x in results if x["ptxas"] == "accept")
    print("%s: %d spellings (%d rows), ptxas accepts %d%s; accepted-not-run %d; run verdicts %d; "
          "disagreements %d: %s" % (target, len(results), len({x["row"] for x in results}), acc,
                                    ", crashes on %d" % crashes if crashes else "", notrun, ran,
                                    len(bad), ", ".join("%s %d" % kv for kv in sorted(kinds.items())) or "none"))
    return len(bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--ptxsim", default=os.path.join(ROOT, "build", "cli", "ptxsim"))
    ap.add_argument("--target", action="append", help="default: sm_90 sm_80 sm_120")
    ap.add_argument("--sample", type=int, default=0, help="judge every Nth spelling only")
    ap.add_argument("--run", choices=["all", "sample", "none"], default="sample",
                    help="which parse-accepted spellings also get a run verdict (sample: every 25th and "
                         "every one parse warns about)")
    ap.add_argument("--write-list", metavar="FILE")
    ap.add_argument("--list-rejects", type=int, default=5, metavar="N",
                    help="--write-list keeps every spelling ptxas accepts and every Nth it rejects")
    ap.add_argument("--check-list", metavar="FILE", action="append")
    ap.add_argument("--list", action="store_true", help="print the agreeing spellings too")
    ap.add_argument("--audit", action="append", metavar="FAMILY",
                    help="add the spellings of scripts/isa_audit.py's family (cvt, video, half, dot, ...; "
                         "'all': every family)")
    ap.add_argument("--audit-only", action="store_true", help="only the --audit families' spellings")
    a = ap.parse_args()
    ptxsim = os.path.abspath(a.ptxsim)
    if not os.access(ptxsim, os.X_OK):
        sys.exit("no ptxsim at %s" % ptxsim)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        if a.check_list:
            for path in a.check_list:
                by_target = defaultdict(list)
                with open(path) as f:
                    for ln in f:
                        if not ln.strip() or ln.startswith("#"):
                            continue
                        target, verdict, rid, text = ln.rstrip("\n").split("\t")
                        by_target[target].append((rid, text, verdict, "(recorded)"))
                for target, items in by_target.items():
                    bad += report(judge(ptxsim, items, target, tmp, a.run, 25), target, a.list)
            return 1 if bad else 0
        if not shutil.which(a.ptxas):
            print("form_sweep: no ptxas: skipped")
            return 77
        sp = spellings(a.audit or (), not a.audit_only)
        if a.sample > 1:
            sp = sp[::a.sample]
        listing = []
        for target in a.target or ["sm_90", "sm_80", "sm_120"]:
            av = ptxas_verdicts(a.ptxas, [s for _, s in sp], target, tmp)
            items = [(rid, s, v, m) for (rid, s), (v, m) in zip(sp, av)]
            bad += report(judge(ptxsim, items, target, tmp, a.run, 25), target, a.list)
            rejected = [it for it in items if it[2] == "reject"][::a.list_rejects]  # crashes: not listed
            listing += ["%s\t%s\t%s\t%s" % (target, v, rid, s) for rid, s, v, _ in items
                        if v == "accept"] + ["%s\t%s\t%s\t%s" % (target, v, rid, s) for rid, s, v, _ in rejected]
        if a.write_list:
            with open(a.write_list, "w") as f:
                f.write("# scripts/form_sweep.py --write-list: target, verdict of ptxas %s, forms.def row, "
                        "spelling (tab-separated)\n"
                        % subprocess.run([a.ptxas, "--version"], capture_output=True, text=True)
                        .stdout.strip().splitlines()[-1])
                f.write("\n".join(listing) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
