"""common.py — what every generator family shares: the targets of the campaign, the module
header, and a Case record. A family module (fam_<name>.py) defines FAMILY (its name) and
generate(rng, target, count) -> list[Case]; run.py finds the families by file name.

A Case is one small PTX module. Its verdict is not predicted here: ptxas decides it, and run.py
compares ptxsim's verdict with ptxas's."""
import dataclasses
import random

# (module .target, ptxas/ptxsim -arch, .version) — every target ptxas 13 can judge. Targets below
# sm_75 are judged with -arch=sm_75, the oldest ptxas 13 knows (it accepts PTX for older targets).
TARGETS = [
    ("sm_30", "sm_75", "6.0"),
    ("sm_35", "sm_75", "6.0"),
    ("sm_50", "sm_75", "7.0"),
    ("sm_52", "sm_75", "7.0"),
    ("sm_60", "sm_75", "7.0"),
    ("sm_61", "sm_75", "7.0"),
    ("sm_70", "sm_75", "7.4"),
    ("sm_75", "sm_75", "7.4"),
    ("sm_80", "sm_80", "7.8"),
    ("sm_86", "sm_86", "7.8"),
    ("sm_89", "sm_89", "8.1"),
    ("sm_90", "sm_90", "8.3"),
    ("sm_90a", "sm_90a", "8.3"),
    ("sm_100a", "sm_100a", "8.7"),
    ("sm_120", "sm_120", "8.7"),
    ("sm_120a", "sm_120a", "8.7"),
]


def sm_number(target):
    """80 for 'sm_80', 90 for 'sm_90a'."""
    return int("".join(c for c in target[3:] if c.isdigit()))


def version_number(version):
    """78 for '7.8'."""
    major, minor = version.split(".")
    return int(major) * 10 + int(minor)


@dataclasses.dataclass
class Case:
    name: str  # unique within the family and target: "<family>/<target>/<what>"
    text: str  # the whole module
    arch: str = ""  # filled in by run.py from the target


def header(target, version, address_size=64):
    return f".version {version}\n.target {target}\n.address_size {address_size}\n\n"


# The registers a kernel body can use; declared by kernel() below.
REG_DECLS = """\
  .reg .pred %p<8>;
  .reg .b16 %h<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  .reg .f32 %f<16>;
  .reg .f64 %fd<8>;
  .reg .u16 %us<8>;
  .reg .s16 %ss<8>;
  .reg .u32 %u<8>;
  .reg .s32 %s<8>;
  .reg .u64 %ul<8>;
  .reg .s64 %sl<8>;
  .reg .b8 %c<4>;
"""
# half-precision registers: .f16x2 needs sm_53 (ptxas: "Feature '.f16x2 packed data-type'")
HALF_DECLS = """\
  .reg .f16 %hf<8>;
  .reg .f16x2 %hh<8>;
"""


def kernel(target, version, body, decls="", params=".param .u64 k_p0, .param .u32 k_p1", prelude="",
           address_size=64):
    """A module with one .entry whose body (instruction lines, already indented or not) follows the
    standard register declarations. The body's first line is at a known place, but families
    should not depend on it: ptxas reports the line and run.py compares lines."""
    lines = [header(target, version, address_size), prelude,
             f".visible .entry k({params})\n{{\n", REG_DECLS,
             HALF_DECLS if sm_number(target) >= 53 else "", decls]
    for ln in body if isinstance(body, list) else body.splitlines():
        lines.append("  " + ln.strip() + "\n")
    lines.append("  ret;\n}\n")
    return "".join(lines)


def pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def weighted_cases(family, kinds, rng, target, count):
    """count cases from kinds, a list of (make, weight): make(rng, target, version) returns
    (what, text); the case is named "<family>/<target>/<what>-<i>"."""
    tname, version = target
    pool = [k for k, w in kinds for _ in range(w)]
    out = []
    for i in range(count):
        what, text = pick(rng, pool)(rng, tname, version)
        out.append(Case(f"{family}/{tname}/{what}-{i}", text))
    return out
