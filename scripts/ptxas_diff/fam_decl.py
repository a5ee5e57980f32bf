"""fam_decl.py — variable declarations at module and function scope: every state space, every
type (b128, f16/bf16/f16x2/bf16x2, the fp8 types ...), .align, vectors, arrays, initialisers of
every kind, linkage, duplicate names, .reg with <N>, names. Mutations that must be rejected: a type
a target or .version lacks, a bad alignment, a vector too large, an initialiser in a space that has
none, too many initialisers, linkage where it is not allowed, a name declared twice."""
import common

FAMILY = "decl"

TYPES = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
         "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "pred", "e4m3", "e5m2", "e4m3x2", "e5m2x2",
         "tf32", "f8", "u128", "s128", "b4", "e2m1", "e2m1x2", "e3m2", "e2m3", "ue8m0", "f80"]
COMMON_TYPES = ["b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
                "f32", "f64"]
MOD_SPACES = ["global", "const", "shared", "local", "param", "reg", "tex", "surf", "sampler"]
FN_SPACES = ["reg", "local", "shared", "param", "global", "const", "tex"]

INIT_INT = ["0", "1", "-1", "255", "256", "65535", "0x7fffffff", "0xffffffff", "4294967296",
            "0xffffffffffffffff", "-2147483648", "07", "0b101", "1U", "2*3", "(1<<4)"]
INIT_FLT = ["1.5", "0f3f800000", "0d3ff0000000000000", "-2.5", "1e3", "0.0"]
INIT_OTHER = ["g", "generic(g)", "g+4", "generic(g)+4", "k", "undefined_name", "WARP_SZ", "\"s\"",
              "0f3f80", "%r1", "1.", "-g"]


def scalar_init(rng):
    r = rng.random()
    if r < 0.55:
        return common.pick(rng, INIT_INT)
    if r < 0.8:
        return common.pick(rng, INIT_FLT)
    return common.pick(rng, INIT_OTHER)


def some_type(rng):
    return common.pick(rng, COMMON_TYPES) if rng.random() < 0.55 else common.pick(rng, TYPES)


def initialiser(rng, dims, vec):
    """a matching list most of the time, then mutations"""
    r = rng.random()
    if r < 0.2:
        return scalar_init(rng)
    # lists stay short: a [65536][65536] array gets a mismatched list, not four billion items
    n = min(dims[0], 9) if dims and dims[0] else rng.randrange(1, 5)
    if dims and len(dims) > 1 and rng.random() < 0.7:
        m = min(dims[1], 9) if dims[1] else 2
        rows = [", ".join(scalar_init(rng) for _ in range(rng.randrange(1, m + 2)))
                for _ in range(rng.randrange(1, n + 2))]
        return "{" + ", ".join("{" + x + "}" for x in rows) + "}"
    if vec > 1 and rng.random() < 0.6:
        items = ["{" + ", ".join(scalar_init(rng) for _ in range(rng.randrange(1, vec + 2))) + "}"
                 for _ in range(rng.randrange(1, max(n, 1) + 2))]
        return "{" + ", ".join(items) + "}"
    k = n + common.pick(rng, [0, 0, 0, -1, 1])
    return "{" + ", ".join(scalar_init(rng) for _ in range(max(k, 0))) + "}"


def var_decl(rng, space, scope):
    """one declaration statement (without ';') and the variable's name"""
    parts = []
    if scope == "module" and rng.random() < 0.35:
        parts.append(common.pick(rng, [".extern", ".visible", ".weak", ".common", ".visible",
                                       ".extern .visible", ".weak .visible"]))
    elif scope == "func" and rng.random() < 0.08:
        parts.append(common.pick(rng, [".extern", ".visible", ".weak", ".common"]))
    parts.append("." + space)
    if rng.random() < 0.3:
        parts.append(".align " + common.pick(rng, ["1", "2", "4", "8", "16", "32", "64", "128", "256",
                                                   "0", "3", "6", "-4", "0x10", "1024"]))
    vec = 1
    if rng.random() < 0.25:
        v = common.pick(rng, ["v2", "v4", "v4", "v8", "v3", "v16"])
        parts.append("." + v)
        vec = int(v[1:])
    t = some_type(rng)
    parts.append("." + t)
    if rng.random() < 0.06:  # two types, or a type before .align
        parts.append(common.pick(rng, [".u32", ".align 4"]))
    name = common.pick(rng, ["x", "x", "var_1", "$v", "_v", "%v", "v$1", "a.b", "1v", "bra", "reg",
                             "ld", "x__", "%r9", "WARP_SZ", "%tid", "\\x", "v" * 40])
    s = " ".join(parts) + " " + name
    dims = []
    if space == "reg" and rng.random() < 0.3:
        s += "<" + common.pick(rng, ["4", "1", "0", "100", "-1", "x"]) + ">"
    elif rng.random() < 0.45:
        nd = 1 if rng.random() < 0.7 else 2
        for i in range(nd):
            d = common.pick(rng, ["4", "2", "1", "16", "0", "", "", "3", "-1", "2*2", "x", "65536"])
            dims.append(int(d) if d.isdigit() else (0 if d == "" else 2))
            s += f"[{d}]"
    if rng.random() < 0.4:
        s += " = " + initialiser(rng, dims, vec)
    if rng.random() < 0.08:
        s += ", y" + ("[2]" if dims and rng.random() < 0.5 else "")
    return s, name


def module_with(target, version, top, fn_decls="", body="", arch=None):
    return common.header(target, version) + top + "\n" + (
        ".visible .entry k(.param .u64 k_p0)\n{\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n"
        + fn_decls + body + "  ret;\n}\n")


def case_module(rng, target, version):
    sp = common.pick(rng, MOD_SPACES)
    d, _ = var_decl(rng, sp, "module")
    pre = ""
    if "g" in d and rng.random() < 0.7:
        pre = ".global .u32 g[4];\n"
    use = ""
    if rng.random() < 0.3 and sp in ("global", "const", "shared"):
        use = f"  mov.u64 %rd1, x;\n"
    return "module", module_with(target, version, pre + d + ";\n", body=use)


def case_func(rng, target, version):
    sp = common.pick(rng, FN_SPACES)
    d, _ = var_decl(rng, sp, "func")
    pre = ".global .u32 g[4];\n" if rng.random() < 0.5 else ""
    return "func", module_with(target, version, pre, fn_decls="  " + d + ";\n")


def case_half(rng, target, version):
    """the half, bf16 and fp8 types in each space, to find which target/version each needs"""
    t = common.pick(rng, ["f16", "f16x2", "bf16", "bf16x2", "e4m3", "e5m2", "e4m3x2", "e5m2x2", "b128",
                          "tf32", "e2m1x2", "e3m2x2", "e2m3x2", "ue8m0x2", "b16", "f16", "f16x2"])
    sp = common.pick(rng, ["reg", "reg", "reg", "global", "shared", "local", "const", "param"])
    v = version if rng.random() < 0.7 else common.pick(rng, ["6.0", "6.3", "6.4", "7.0", "7.8", "8.3",
                                                             "8.6", "8.7"])
    vec = common.pick(rng, ["", "", "", ".v2 ", ".v4 "])
    init = ""
    if sp in ("global", "const") and rng.random() < 0.4:
        init = " = " + common.pick(rng, ["0", "1", "0f3f800000", "1.0", "{0, 1}"])
    arr = "[2]" if rng.random() < 0.3 and sp != "reg" else ""
    what = "half_f16x2_init" if t == "f16x2" and init else "half"
    if sp in ("reg", "local", "param") or rng.random() < 0.5:
        return what, module_with(target, v, "", fn_decls=f"  .{sp} {vec}.{t} x{arr}{init};\n")
    return what, module_with(target, v, f".{sp} {vec}.{t} x{arr}{init};\n")


def case_duplicate(rng, target, version):
    a = common.pick(rng, [".global .u32 x;", ".shared .u32 x;", ".const .u32 x = 1;", ".extern .global .u32 x;",
                          ".visible .global .u32 x;", ".weak .global .u32 x;", ".common .global .u32 x;"])
    b = common.pick(rng, [".global .u32 x;", ".global .u64 x;", ".shared .u32 x;", ".global .u32 x = 2;",
                          ".extern .global .u32 x;", ".visible .global .u32 x;", ".global .u32 x[2];",
                          ".weak .global .u32 x;", ".common .global .u32 x;", ".common .global .u32 x[4];"])
    r = rng.randrange(4)
    if r == 0:
        # an .extern naming a variable already defined in another space: ptxas lets it pass
        odd = ".extern" in b and ".extern" not in a and a.split()[-3] != b.split()[-3]
        return "duplicate_extern_space" if odd else "duplicate", module_with(target, version, a + "\n" + b + "\n")
    if r == 1:  # module variable and function-scope variable of the same name (shadowing)
        return "duplicate", module_with(target, version, a + "\n", fn_decls="  " + b.replace(".extern ", "")
                                        .replace(".visible ", "").replace(".weak ", "")
                                        .replace(".common ", "") + "\n")
    if r == 2:  # two in one function scope, or register vs variable
        x = common.pick(rng, ["  .reg .u32 x;\n", "  .local .u32 x;\n", "  .reg .b32 %r<2>;\n",
                              "  .reg .b32 %r1;\n", "  .reg .b32 %r4;\n", "  .shared .u32 x;\n"])
        y = common.pick(rng, ["  .reg .u32 x;\n", "  .local .u32 x;\n", "  .reg .b32 %r9;\n", "  .reg .b32 %r3;\n"])
        return "duplicate", module_with(target, version, "", fn_decls=x + y)
    # a variable named like the kernel or a function
    return "duplicate", module_with(target, version, common.pick(rng, [".global .u32 k;", ".func f()\n{\n ret;\n}\n.global .u32 f;",
                                                                       ".global .u32 f;\n.func f()\n{\n ret;\n}"]) + "\n")


def case_reg(rng, target, version):
    t = some_type(rng)
    n = common.pick(rng, ["<4>", "<1>", "<0>", "<100000>", "<-1>", "<x>", "<4", "", "", "<2><2>", "<0x10>"])
    name = common.pick(rng, ["%q", "%q", "q", "%q_", "%$q", "%1", "%", "%q.x", "$q"])
    vec = common.pick(rng, ["", "", "", ".v2 ", ".v4 ", ".v8 "])
    more = common.pick(rng, ["", "", ", %z", ", %z<2>", ", %q"])
    return "reg", module_with(target, version, "", fn_decls=f"  .reg {vec}.{t} {name}{n}{more};\n")


def case_texsurf(rng, target, version):
    d = common.pick(rng, [".global .texref t;", ".global .surfref s;", ".global .samplerref r;",
                          ".tex .u32 t;", ".tex .texref t;", ".surf .u32 s;", ".sampler .u32 r;",
                          ".global .texref t = { filter_mode = nearest };",
                          ".global .samplerref r = { addr_mode_0 = clamp_to_edge, filter_mode = linear };",
                          ".global .samplerref r = { filter_mode = bogus };", ".const .texref t;",
                          ".shared .texref t;", ".global .texref t[2];", ".param .texref t;"])
    v = version if rng.random() < 0.8 else common.pick(rng, ["1.4", "1.5", "2.0", "3.0"])
    what = "texsurf_ref" if "ref " in d else "texsurf"
    if rng.random() < 0.5:
        return what, module_with(target, v, d + "\n")
    return what, module_with(target, v, "", fn_decls="  " + d + "\n")


KINDS = [(case_module, 4), (case_func, 3), (case_half, 3), (case_duplicate, 2), (case_reg, 2),
         (case_texsurf, 1)]


def generate(rng, target, count):
    return common.weighted_cases(FAMILY, KINDS, rng, target, count)
