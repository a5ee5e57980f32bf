#!/usr/bin/env python3
"""compare.py — the merge model (sim/sass_merge.c, through predict.c) against the SASS ptxas made of
every corpus kernel (corpus_sass.sm_90.tar.gz). Per function: the LDS/LDS.64/LDS.128/STS/STS.64/
STS.128 counts the model predicts (each PTX access once, a merged group once) and the SASS's; then
the functions where the model merges or forwards global accesses, with its LDG/STG counts and the
SASS's.

usage: compare.py PREDICT SASS_DIR [CORPUS_DIR]   (SASS_DIR: the archive's sass/ folder)
Prints one line per function that has shared accesses in the PTX or the SASS, then a summary."""
import os, re, subprocess, sys

OPS = ["LDS", "LDS.64", "LDS.128", "STS", "STS.64", "STS.128"]
GOPS = ["LDG", "STG"]  # every width and cache form of LDG and STG counted together
opcode = re.compile(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)")


def sass_counts(path):
    funcs, cur = {}, None
    for line in open(path, errors="replace"):
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = funcs.setdefault(m.group(1), dict.fromkeys(OPS, 0))
            continue
        m = opcode.search(line)
        if m and cur is not None:
            op = m.group(1)
            if op in cur:
                cur[op] += 1
            elif op.split(".")[0] in GOPS:
                cur[op.split(".")[0]] = cur.get(op.split(".")[0], 0) + 1
    return funcs


def predictions(predict, ptx, nomerge):
    out = subprocess.run([predict] + (["--no-merge"] if nomerge else []) + [ptx], capture_output=True, text=True).stdout
    res = {}
    for line in out.splitlines():
        w = line.split()
        if len(w) < 3 or w[0] != "FUNC":
            continue
        vals = dict(zip(w[3::2], map(int, w[4::2])))
        res[w[2]] = vals
    return res


def main():
    predict, sass_dir = sys.argv[1], sys.argv[2]
    corpus = sys.argv[3] if len(sys.argv) > 3 else "corpus"
    rows, grows = [], []
    for root, _, files in os.walk(corpus):
        for fn in sorted(files):
            if not fn.endswith(".ptx"):
                continue
            rel = os.path.relpath(os.path.join(root, fn), corpus)
            sass = os.path.join(sass_dir, rel.replace("/", "_")[:-4] + ".sass")
            if not os.path.exists(sass) or os.path.getsize(sass) == 0:
                continue
            got = sass_counts(sass)
            pred = predictions(predict, os.path.join(root, fn), False)
            base = predictions(predict, os.path.join(root, fn), True)
            for name, p in pred.items():
                s = got.get(name)
                if s is None:
                    continue
                if p.get("GMERGED", 0):
                    grows.append((rel, name, p, base[name], s))
                if not any(p[o] for o in OPS) and not any(s.get(o, 0) for o in OPS):
                    continue
                rows.append((rel, name, p, base[name], s))
    equal = merged_equal = over = 0
    for rel, name, p, b, s in sorted(rows):
        same = all(p[o] == s[o] for o in OPS)
        was = all(b[o] == s[o] for o in OPS)
        # the model merges more than ptxas: fewer narrow / more wide accesses than the SASS has
        too_many = any(p[o] > s[o] for o in ("LDS.64", "LDS.128", "STS.64", "STS.128") if p[o] != b[o])
        equal += same
        merged_equal += same and p["MERGED"] > 0
        over += too_many
        verdict = "equal" if same else ("MODEL MERGES MORE" if too_many else "differs")
        print(f"{rel} {name}: model " + " ".join(f"{o}={p[o]}" for o in OPS) + f" merged={p['MERGED']}"
              f" | sass " + " ".join(f"{o}={s[o]}" for o in OPS) + f" | {verdict}" + (" (ptx count equal)" if was and not same else "")
              + (" (newly equal)" if same and not was else ""))
    print(f"SUMMARY functions={len(rows)} equal={equal} equal_with_merges={merged_equal} model_merges_more={over}")
    # global memory: the functions where the model merges or forwards ld/st.global
    gequal = gover = 0
    for rel, name, p, b, s in sorted(grows):
        same = all(p[o] == s.get(o, 0) for o in GOPS)
        more = any(p[o] < s.get(o, 0) for o in GOPS)
        gequal += same
        gover += more
        print(f"{rel} {name}: model LDG={p['LDG']} STG={p['STG']} removed={p['GMERGED']} | sass LDG={s.get('LDG', 0)} "
              f"STG={s.get('STG', 0)} | " + ("equal" if same else "MODEL REMOVES MORE" if more else "differs"))
    print(f"GLOBAL functions_with_global_rules={len(grows)} equal={gequal} model_removes_more={gover}")


main()
