"""fam_ldst.py — loads, stores and addresses: ld, st, ldu, prefetch, prefetchu, cvta, isspacep and
mov of an address, in every state space (generic, .global, .shared{::cta,::cluster}, .local, .const,
.param of a kernel and of a function), through symbols of each space declared at module and at
function scope, with the address forms [reg], [reg+imm], [sym], [sym+imm], [imm]; vectors, cache
operators, .volatile, .relaxed/.acquire/.release with a scope, .weak, .mmio, .nc, eviction
priorities, ::cache_hint and prefetch sizes. Mutations: an address in another space than the
instruction's, stores to .const and to a kernel's .param, vectors of the wrong width or over 128
bits, qualifiers on the instruction or space that does not take them, .volatile with a semantic,
semantics and qualifiers on targets or versions too old for them."""
import common
from common import Case, pick

FAMILY = "ldst"

# Module-scope symbols (one per space) and what a kernel and a function declare inside.
PRELUDE = """\
.global .align 16 .b8 g_arr[64];
.shared .align 16 .b8 s_arr[64];
.const .align 16 .b8 c_arr[64];
"""
KDECLS = """\
  .local .align 16 .b8 l_arr[64];
  .shared .align 16 .b8 s_fn[64];
"""

# type -> (register of that type, its size in bytes)
TYPES = {
    "b8": ("%c", 1), "u8": ("%r", 1), "s8": ("%r", 1),
    "b16": ("%h", 2), "u16": ("%us", 2), "s16": ("%ss", 2), "f16": ("%hf", 2),
    "b32": ("%r", 4), "u32": ("%u", 4), "s32": ("%s", 4), "f32": ("%f", 4),
    "b64": ("%rd", 8), "u64": ("%ul", 8), "s64": ("%sl", 8), "f64": ("%fd", 8),
    "b128": ("%q", 16), "f16x2": ("%hh", 4), "bf16": ("%h", 2), "bf16x2": ("%r", 4),
}
COMMON_TYPES = ["u32", "s32", "b32", "f32", "u64", "b64", "f64", "u16", "s16", "b16", "u8", "s8", "b8"]

SPACES = ["", ".global", ".shared", ".shared::cta", ".shared::cluster", ".local", ".const", ".param",
          ".param::entry", ".param::func"]
LD_CACHE = [".ca", ".cg", ".cs", ".lu", ".cv"]
ST_CACHE = [".wb", ".cg", ".cs", ".wt"]
SCOPES = [".cta", ".cluster", ".gpu", ".sys"]
EVICT_L1 = [".L1::evict_normal", ".L1::evict_unchanged", ".L1::evict_first", ".L1::evict_last",
            ".L1::no_allocate"]
EVICT_L2 = [".L2::evict_first", ".L2::evict_last", ".L2::evict_normal"]
PREF_SIZE = [".L2::64B", ".L2::128B", ".L2::256B"]

# The address of each space's symbol (module or function scope).
SYMS = {
    ".global": ["g_arr"], ".shared": ["s_arr", "s_fn"], ".shared::cta": ["s_arr", "s_fn"],
    ".shared::cluster": ["s_arr"], ".local": ["l_arr"], ".const": ["c_arr"],
    ".param": ["k_p0", "k_p1"], ".param::entry": ["k_p0", "k_p1"], ".param::func": ["k_p0"],
    "": ["g_arr", "s_arr", "l_arr"],
}


def reg(rng, t, n=8):
    r, _ = TYPES[t]
    return f"{r}{rng.randrange(1, n)}"


def address(rng, space, mutate):
    """An address operand for an instruction of `space` (a symbol of another space when mutate)."""
    form = pick(rng, ["reg", "reg+", "sym", "sym+", "sym", "imm", "reg32", "reg-"])
    if form == "reg":
        return "[%rd1]"
    if form == "reg+":
        return f"[%rd2+{pick(rng, [0, 4, 8, 16, 32, 1024])}]"
    if form == "reg-":
        return f"[%rd3+-{pick(rng, [4, 16])}]"
    if form == "reg32":
        return "[%r1]"
    if form == "imm":
        return f"[{pick(rng, [0, 16, 64])}]"
    if mutate:
        sym = pick(rng, ["g_arr", "s_arr", "c_arr", "l_arr", "k_p0", "s_fn"])
    else:
        sym = pick(rng, SYMS.get(space, ["g_arr"]))
    return f"[{sym}]" if form == "sym" else f"[{sym}+{pick(rng, [4, 8, 16])}]"


def vec_operand(rng, t, vec):
    r, _ = TYPES[t]
    if vec == 1:
        return reg(rng, t)
    base = 0
    return "{" + ", ".join(f"{r}{base + i}" for i in range(vec)) + "}"


def ldst_case(rng, target, version, op):
    sm = common.sm_number(target)
    mutate = rng.random() < 0.25
    space = pick(rng, SPACES)
    if op == "ldu":
        space = pick(rng, ["", ".global", ".global", ".shared", ".local"])
    t = pick(rng, COMMON_TYPES + ["b128", "f16", "f16x2", "bf16"] if rng.random() < 0.2 else COMMON_TYPES)
    if t in ("f16", "f16x2") and sm < 53:
        t = "b16" if t == "f16" else "b32"
    if t == "b128" and common.version_number(version) < 83:
        t = "b64"  # a .b128 register needs PTX ISA 8.3
    vec = 1
    if rng.random() < 0.3:
        vec = pick(rng, [2, 4, 2, 4, 8])
    quals = []
    r = rng.random()
    if op in ("ld", "st"):
        cache = LD_CACHE if op == "ld" else ST_CACHE
        if r < 0.2:
            quals.append(pick(rng, cache + (ST_CACHE if op == "ld" else LD_CACHE) if mutate else cache))
        elif r < 0.3:
            quals.append(".volatile")
        elif r < 0.5:
            sem = pick(rng, [".relaxed", ".acquire", ".release", ".weak", ".relaxed", ".mmio"])
            if mutate and rng.random() < 0.5:
                sem = pick(rng, [".acquire", ".release"])  # the wrong one for ld/st, or right
            quals.append(sem)
            if sem not in (".weak",):
                if not (mutate and rng.random() < 0.3):
                    quals.append(pick(rng, SCOPES))
            if sem == ".mmio":
                quals[:] = [".mmio", ".relaxed", ".sys"] if not mutate else quals
            if mutate and rng.random() < 0.3:
                quals.insert(0, ".volatile")
        elif r < 0.6 and op == "ld":
            quals.append(".nc")
            if not mutate:
                space = ".global"
        elif r < 0.6 and mutate:
            quals.append(".nc")
    if op in ("ld", "st") and rng.random() < 0.15:
        # L2 priorities on ld/st are for 256-bit vectors only: mostly L1 ones
        quals.append(pick(rng, EVICT_L1 + EVICT_L2 if mutate else EVICT_L1))
    hint = op in ("ld", "st") and rng.random() < 0.12
    if hint:
        quals.append(".L2::cache_hint")
    if op == "ld" and rng.random() < 0.12:
        quals.append(pick(rng, PREF_SIZE))
    if mutate and rng.random() < 0.3:
        rng.shuffle(quals)
    # the ISA writes the space after the semantics and before the cache operator
    sem_part = [q for q in quals if q in (".volatile", ".relaxed", ".acquire", ".release", ".weak", ".mmio")
                or q in SCOPES]
    rest = [q for q in quals if q not in sem_part]
    if op == "ld" and ".nc" in rest:
        rest.remove(".nc")
        nc = [".nc"]
    else:
        nc = []
    if op == "st" and ".nc" in rest:
        rest.remove(".nc")
        nc = [".nc"]
    mn = op + "".join(sem_part) + space + "".join(nc) + "".join(rest)
    if vec > 1:
        mn += f".v{vec}"
    mn += "." + t
    if t == "b128":
        v = vec_operand(rng, t, vec)
    else:
        v = vec_operand(rng, t, vec)
    a = address(rng, space, mutate)
    ops = [v, a] if op in ("ld", "ldu") else [a, v]
    if hint:
        ops.append("%rd9")
    form = ""
    if mutate and rng.random() < 0.3:  # operand shapes
        form = pick(rng, ["nobracket", "swap", "imm", "sink", "count", "pred", "extra_addr"])
        d, s_ = (0, 1) if op in ("ld", "ldu") else (1, 0)
        if form == "nobracket":
            ops[s_] = ops[s_].strip("[]").replace("+-", "-")
        elif form == "swap":
            ops[0], ops[1] = ops[1], ops[0]
        elif form == "imm":
            ops[d] = "5" if vec == 1 else "{" + ", ".join(["5"] + [f"{TYPES[t][0]}{i}" for i in range(1, vec)]) + "}"
        elif form == "sink":
            ops[d] = "_" if vec == 1 else "{" + ", ".join(["_"] + [f"{TYPES[t][0]}{i}" for i in range(1, vec)]) + "}"
        elif form == "count":
            n = vec + pick(rng, [-1, 1]) if vec > 1 else 2
            ops[d] = "{" + ", ".join(f"{TYPES[t][0]}{i}" for i in range(n)) + "}"
        elif form == "pred":
            ops[d] = "%p1"
        else:
            ops.append("[%rd4]")
    what = f"{op}{len(quals)}" + (f"_{form}" if form else "")
    # tags for what ptxas 13 crashes on (explained/mem.txt)
    if op == "ld" and vec == 8 and TYPES[t][1] < 4:
        what += "_v8narrow"
    if op == "st" and space.startswith(".param") and not a.startswith("[k_"):
        what += "_kparamreg"
    return mn + " " + ", ".join(ops) + ";", what


def other_case(rng, target, version, op):
    mutate = rng.random() < 0.25
    if op == "prefetch":
        space = pick(rng, ["", ".global", ".local", ".shared", ".const", ".param"] if mutate else
                     ["", ".global", ".local", ""])
        lvl = pick(rng, [".L1", ".L2", ".L2::evict_last", ".L2::evict_normal"])
        if mutate and rng.random() < 0.4:
            lvl = pick(rng, [".L3", "", ".L2::evict_first", ".L1::evict_last"])
        if rng.random() < 0.1:
            return f"prefetch{space}.tensormap [%rd1];", "tensormap"
        a = address(rng, space, mutate)
        # ptxas 13 -arch=sm_75 crashes on a generic prefetch of a .shared variable (explained/mem.txt)
        what = "prefetch"
        if space == "" and a.startswith("[s_"):
            what = "prefetch_shsym"
        if space == "" and a.startswith("[l_"):
            what = "prefetch_locsym"
        return f"prefetch{space}{lvl} {a};", what
    if op == "prefetchu":
        lvl = ".L1" if not mutate else pick(rng, [".L2", ".global.L1", ""])
        return f"prefetchu{lvl} {address(rng, '', mutate)};", "prefetchu"
    if op == "cvta":
        space = pick(rng, [".global", ".shared", ".shared::cta", ".shared::cluster", ".local", ".const",
                           ".param", ".param::entry"])
        to = rng.random() < 0.5
        size = pick(rng, ["u64", "u64", "u32"] if not mutate else ["u64", "u32", "b64", "s64"])
        d = "%rd4" if size != "u32" else "%r4"
        if to:
            src = "%rd5" if size != "u32" else "%r5"
            return f"cvta.to{space}.{size} {d}, {src};", "cvta_to"
        if rng.random() < 0.5:
            sym = pick(rng, SYMS[space] if not mutate else ["g_arr", "s_arr", "c_arr", "l_arr", "k_p0"])
            src = pick(rng, [sym, f"{sym}+8"])
        else:
            src = "%rd5" if size != "u32" else "%r5"
        return f"cvta{space}.{size} {d}, {src};", "cvta"
    if op == "isspacep":
        space = pick(rng, [".global", ".shared", ".shared::cta", ".shared::cluster", ".local", ".const",
                           ".param", ".param::entry"] + ([".generic", ""] if mutate else []))
        a = "%rd5" if not mutate else pick(rng, ["%rd5", "%r5", "g_arr", "5"])
        return f"isspacep{space} %p1, {a};", "isspacep"
    # mov of an address
    sym = pick(rng, ["g_arr", "s_arr", "c_arr", "l_arr", "k_p0", "s_fn", "g_arr+8"])
    size = pick(rng, ["u64", "b64", "u64"] if not mutate else ["u32", "u64", "f64", "s64"])
    d = "%rd4" if size != "u32" else "%r4"
    if mutate and rng.random() < 0.3:
        return f"mov.{size} {d}, generic({sym});", "mov_generic"
    return f"mov.{size} {d}, {sym};", "mov"


def func_case(rng, target, version):
    """ld/st on a .func's own .param (params and return value): ld.param::func, st.param::func."""
    mutate = rng.random() < 0.4
    t = pick(rng, ["u32", "b32", "f32"])
    r = reg(rng, t)
    space = pick(rng, [".param", ".param::func", ".param::entry", ".param"])
    kind = pick(rng, ["ld_in", "st_ret", "st_in", "ld_ret"] if mutate else ["ld_in", "st_ret"])
    body = {"ld_in": f"ld{space}.{t} {r}, [f_in];", "st_ret": f"st{space}.{t} [f_out], {r};",
            "st_in": f"st{space}.{t} [f_in], {r};", "ld_ret": f"ld{space}.{t} {r}, [f_out];"}[kind]
    sm = common.sm_number(target)
    text = (common.header(target, version) +
            f".func (.param .{t} f_out) f(.param .{t} f_in)\n{{\n" + common.REG_DECLS +
            (common.HALF_DECLS if sm >= 53 else "") + f"  {body}\n  ret;\n}}\n")
    return text, f"func_{kind}"


def generate(rng, target_version, count):
    target, version = target_version
    sm = common.sm_number(target)
    out = []
    for i in range(count):
        op = pick(rng, ["ld", "ld", "ld", "st", "st", "st", "ldu", "prefetch", "prefetchu", "cvta", "isspacep",
                        "mov", "func"])
        if op == "func":
            text, what = func_case(rng, target, version)
        else:
            if op in ("ld", "st", "ldu"):
                line, what = ldst_case(rng, target, version, op)
            else:
                line, what = other_case(rng, target, version, op)
            decls = KDECLS + "  .reg .b128 %q<8>;\n" if "%q" in line else KDECLS
            text = common.kernel(target, version, [line], decls=decls, prelude=PRELUDE)
        out.append(Case(f"{FAMILY}/{target}/{i}_{what}", text))
    return out
