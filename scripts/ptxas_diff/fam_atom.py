"""fam_atom.py — atom and red: every operation by type and state space (generic, .global,
.shared{::cta,::cluster}), with .sem and .scope, .noftz, the half-precision and bf16 additions,
cas and exch (b128 on sm_90), vector atom/red on sm_90, ::cache_hint. Mutations: operations the
type does not define (atom.add.b32, atom.and.f32, atom.inc.s32), spaces atom does not take (.local,
.const, .param), an address in another space, semantics atom does not have, scopes and types on
targets too old, vectors over 128 bits or on the wrong type, a missing or extra operand."""
import common
from common import Case, pick

FAMILY = "atom"

PRELUDE = """\
.global .align 16 .b8 g_arr[64];
.shared .align 16 .b8 s_arr[64];
.const .align 16 .b8 c_arr[64];
"""
KDECLS = """\
  .local .align 16 .b8 l_arr[64];
"""

OPS = ["add", "inc", "dec", "min", "max", "exch", "cas", "and", "or", "xor"]
TYPES = ["b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64", "f16", "f16x2", "bf16", "bf16x2", "b128"]
REG = {"b32": "%r", "u32": "%u", "s32": "%s", "f32": "%f", "b64": "%rd", "u64": "%ul", "s64": "%sl",
       "f64": "%fd", "f16": "%hf", "f16x2": "%hh", "bf16": "%h", "bf16x2": "%r", "b128": "%q", "b16": "%h"}
# the types the PTX ISA gives each operation (9.7.13.5)
LEGAL = {
    "add": ["u32", "s32", "u64", "f32", "f64", "f16", "f16x2", "bf16", "bf16x2"],
    "inc": ["u32"], "dec": ["u32"],
    "min": ["u32", "s32", "u64", "s64", "f16", "f16x2", "bf16", "bf16x2"],
    "max": ["u32", "s32", "u64", "s64", "f16", "f16x2", "bf16", "bf16x2"],
    "exch": ["b32", "b64", "b128"], "cas": ["b32", "b64", "b128", "b16"],
    "and": ["b32", "b64"], "or": ["b32", "b64"], "xor": ["b32", "b64"],
}
SPACES = ["", ".global", ".shared", ".shared::cta", ".shared::cluster"]
BAD_SPACES = [".local", ".const", ".param"]
SEMS = [".relaxed", ".acquire", ".release", ".acq_rel"]
SCOPES = [".cta", ".cluster", ".gpu", ".sys"]
SYMS = {"": ["g_arr", "s_arr"], ".global": ["g_arr"], ".shared": ["s_arr"], ".shared::cta": ["s_arr"],
        ".shared::cluster": ["s_arr"], ".local": ["l_arr"], ".const": ["c_arr"], ".param": ["k_p0"]}


def address(rng, space, mutate):
    form = pick(rng, ["reg", "reg+", "sym", "sym+"])
    if form == "reg":
        return "[%rd1]"
    if form == "reg+":
        return f"[%rd2+{pick(rng, [4, 8, 16])}]"
    syms = ["g_arr", "s_arr", "c_arr", "l_arr", "k_p0"] if mutate else SYMS.get(space, ["g_arr"])
    sym = pick(rng, syms)
    return f"[{sym}]" if form == "sym" else f"[{sym}+8]"


def one(rng, target, version, op_kind):
    sm = common.sm_number(target)
    ver = common.version_number(version)
    mutate = rng.random() < 0.25
    op = pick(rng, OPS)
    t = pick(rng, LEGAL[op])
    if mutate and rng.random() < 0.5:
        t = pick(rng, TYPES)
    if t in ("f16", "f16x2") and sm < 53:
        t = "f32" if not mutate else "b32"
    if t == "b128" and ver < 83:
        t = "b64"
    if op_kind == "red" and op in ("exch", "cas"):
        op = "add" if not mutate else op
    space = pick(rng, SPACES)
    if mutate and rng.random() < 0.2:
        space = pick(rng, BAD_SPACES)
    sem, scope = "", ""
    r = rng.random()
    if r < 0.3:
        sem = pick(rng, SEMS + ([".weak", ".volatile", ".mmio", ".sc"] if mutate else []))
    if rng.random() < 0.35:
        scope = pick(rng, SCOPES)
    noftz = ".noftz" if (t in ("f16", "f16x2", "bf16", "bf16x2") and op == "add" and rng.random() < 0.6) or \
        (mutate and rng.random() < 0.1) else ""
    vec = 1
    if rng.random() < 0.15 and sm >= 90:
        vec = pick(rng, [2, 4, 8])
        if not mutate:
            t = pick(rng, ["f32", "f16", "f16x2", "bf16", "bf16x2"])
            op = pick(rng, ["add", "min", "max"]) if t != "f32" else "add"
            space = ".global"
            if t in ("f16", "bf16") and vec < 8 and rng.random() < 0.5:
                vec = 8
    hint = rng.random() < 0.1
    parts = [op_kind, sem, scope, space]
    if mutate and rng.random() < 0.2:
        rng.shuffle(parts[1:])
    mn = "".join(parts) + f".{op}{noftz}" + (f".v{vec}" if vec > 1 else "") + f".{t}" + \
        (".L2::cache_hint" if hint else "")
    rb = REG.get(t, "%r")
    d = f"{rb}1" if vec == 1 else "{" + ", ".join(f"{rb}{i}" for i in range(vec)) + "}"
    b = f"{rb}2" if vec == 1 else "{" + ", ".join(f"{rb}{i + 8 - vec}" for i in range(vec)) + "}"
    if vec == 8:
        b = "{" + ", ".join(f"{rb}{i}" for i in range(vec)) + "}"
    a = address(rng, space, mutate)
    ops = [d, a, b] if op_kind == "atom" else [a, b]
    if op == "cas":
        ops.append(f"{rb}3")
    if mutate and rng.random() < 0.1:
        if len(ops) > 2:
            ops.pop()
        else:
            ops.append(f"{rb}3")
    if t == "b128":
        ops = [o if not o.startswith("%q") else o for o in ops]
    if hint:
        ops.append("%rd9")
    if mutate and rng.random() < 0.15:  # operand shapes
        form = pick(rng, ["imm_dest", "nobracket", "sink", "red_dest"])
        ai = 1 if op_kind == "atom" else 0
        if form == "imm_dest" and op_kind == "atom":
            ops[0] = "5"
        elif form == "nobracket":
            ops[ai] = ops[ai].strip("[]")
        elif form == "sink" and op_kind == "atom" and vec == 1:
            ops[0] = "_"
        elif form == "red_dest" and op_kind == "red":
            ops.insert(0, f"{rb}1")
    if mutate and rng.random() < 0.1 and t in ("u32", "s32", "b32"):
        ops[-1] = pick(rng, ["1", "-1", "%rd5", "%f5"])  # immediates, wrong register size/type
    return mn + " " + ", ".join(ops) + ";", f"{op_kind}_{op}"


def generate(rng, target_version, count):
    target, version = target_version
    out = []
    for i in range(count):
        line, what = one(rng, target, version, pick(rng, ["atom", "atom", "red"]))
        decls = KDECLS + ("  .reg .b128 %q<8>;\n" if "%q" in line else "")
        text = common.kernel(target, version, [line], decls=decls, prelude=PRELUDE)
        out.append(Case(f"{FAMILY}/{target}/{i}_{what}", text))
    return out
