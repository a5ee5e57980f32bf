#!/usr/bin/env python3
"""arch_forms_verdicts.py — records ptxas's verdict on the arch-specific instructions (setmaxnreg,
wgmma, tcgen05: isa/arch_forms.c) on every target ptxas knows, one one-line kernel each, into
tests/forms/arch_specific_ptxas.txt, which test_isa's arch_specific_forms_match_ptxas checks
`ptxsim`'s target rule against.

    arch_forms_verdicts.py [--ptxas /usr/local/cuda/bin/ptxas] [--out tests/forms/arch_specific_ptxas.txt]

The kernel is HEADER + the instruction + FOOTER (tests/test_isa.c builds the same text)."""
import argparse
import datetime
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from audit_table import TARGETS  # noqa: E402

HEADER = (".version 9.0\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n"
          ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n")
FOOTER = "ret;\n}\n"

# two or more forms per instruction, so a rule per mnemonic is checked on more than one spelling
INSTRUCTIONS = [
    "setmaxnreg.inc.sync.aligned.u32 240;",
    "setmaxnreg.dec.sync.aligned.u32 40;",
    "wgmma.fence.sync.aligned;",
    "wgmma.commit_group.sync.aligned;",
    "wgmma.wait_group.sync.aligned 0;",
    "tcgen05.fence::before_thread_sync;",
    "tcgen05.wait::ld.sync.aligned;",
    "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], 32;",
    "tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd1];",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--out", default=os.path.join(HERE, "..", "..", "tests", "forms", "arch_specific_ptxas.txt"))
    a = ap.parse_args()
    version = subprocess.run([a.ptxas, "--version"], capture_output=True, text=True).stdout
    version = [ln for ln in version.splitlines() if "release" in ln][0].strip()
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for ins in INSTRUCTIONS:
            for t in TARGETS:
                path = os.path.join(tmp, "k.ptx")
                with open(path, "w") as f:
                    f.write(HEADER.format(target=t) + ins + "\n" + FOOTER)
                r = subprocess.run([a.ptxas, "-arch=" + t, path, "-o", os.devnull], capture_output=True, text=True)
                if r.returncode < 0:
                    sys.exit("ptxas crashed on %s for %s" % (ins, t))
                lines.append("%s\t%s\t%s\n" % (t, "accept" if r.returncode == 0 else "reject", ins))
    with open(a.out, "w") as f:
        f.write("# ptxas verdicts on the arch-specific instructions (isa/arch_forms.c), one kernel per line:\n"
                "# TARGET<tab>accept|reject<tab>INSTRUCTION. Recorded on %s with ptxas (%s)\n"
                "# by scripts/ptxas_diff/arch_forms_verdicts.py (the kernel text is in that script and in\n"
                "# tests/test_isa.c). ptxas 13 knows no sm_101 (renamed sm_110), so it has no line here.\n"
                % (datetime.date.today().isoformat(), version))
        f.writelines(lines)


if __name__ == "__main__":
    main()
