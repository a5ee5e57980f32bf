"""corpus_targets.py — which corpus PTX files the register/occupancy tests compile, for which
targets: a file generated for sm_XX (<name>.sm_XX.ptx) for sm_XX and, when older than sm_90, for
sm_90 too (the driver JIT-compiles it so on an H200); other files (hand-written, LLVM) by their
.target for sm_80 and sm_90. Files whose .target is newer than sm_90 are left out."""
import pathlib, re


def corpus_targets(root):
    pairs = []
    for ptx in sorted(pathlib.Path(root, "corpus").glob("*/*.ptx")):
        text = ptx.read_text(errors="replace")
        if not re.search(r"^\s*(\.visible\s+|\.weak\s+)?\.entry\b", text, re.M):
            continue
        m = re.search(r"^\s*\.target\s+sm_(\d+)(a?)", text, re.M)
        if not m:
            continue
        sm, suffix = int(m.group(1)), m.group(2)
        if sm > 90:
            continue
        if sm == 90:
            targets = ["sm_90" + suffix]
        elif sm == 80:
            targets = ["sm_80", "sm_90"]
        else:
            targets = ["sm_80", "sm_90"]
        pairs.append((ptx, targets))
    return pairs
