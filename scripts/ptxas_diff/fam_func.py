"""fam_func.py — .func and .entry declarations: parameter lists (.param and .reg parameters, return
values, .ptr/.align on kernel parameters, arrays, many parameters), prototypes then definitions
(matching and not), .noreturn, the performance directives (.maxntid .reqntid .minnctapersm
.maxnreg .maxclusterrank .reqnctapercluster .explicitcluster ...) and the target/version each
needs, nesting, and calls with wrong argument counts or types."""
import common

FAMILY = "func"

PTYPES = ["u32", "u64", "s32", "b32", "b64", "f32", "f64", "u8", "s8", "b16", "f16", "pred", "b128",
          "u16", "bf16", "f16x2"]


def param(rng, kernel, i):
    sp = ".param" if rng.random() < 0.85 else ".reg"
    t = common.pick(rng, PTYPES[:8]) if rng.random() < 0.7 else common.pick(rng, PTYPES)
    s = f"{sp} "
    if rng.random() < 0.2:
        s += ".align " + common.pick(rng, ["4", "8", "16", "3", "0"]) + " "
    if rng.random() < 0.07:
        s += common.pick(rng, [".v2 ", ".v4 "])
    s += "." + t
    if rng.random() < 0.15:
        ptr = common.pick(rng, [".ptr.global", ".ptr.shared", ".ptr.const", ".ptr.local", ".ptr",
                                ".ptr.global.align 16", ".ptr.align 8", ".ptr.shared.align 3",
                                ".ptr.param", ".ptr.global.align 0"])
        s += " " + ptr
    s += f" p{i}"
    if rng.random() < 0.12:
        s += common.pick(rng, ["[4]", "[16]", "[]", "[0]", "[2][2]"])
    return s


def header(rng, kind, name):
    r = []
    if rng.random() < 0.35:
        r.append(common.pick(rng, [".visible", ".extern", ".weak", ".visible", ".common", ".extern .visible"]))
    r.append(kind)
    return " ".join(r)


DIRECTIVES = [".maxntid 256", ".maxntid 16, 16", ".maxntid 8, 8, 4", ".reqntid 128", ".reqntid 32, 4",
              ".reqntid 4, 4, 4", ".minnctapersm 4", ".maxnreg 64", ".maxnctapersm 2", ".maxclusterrank 8",
              ".reqnctapercluster 2", ".reqnctapercluster 2, 1, 1", ".explicitcluster", ".noreturn",
              ".maxntid 0", ".maxntid 1, 2, 3, 4", ".reqntid 2048", ".maxnreg 0", ".maxnreg 300",
              ".maxntid -1", ".pragma \"nounroll\";", ".blocksareclusters", ".maxntid 256\n.reqntid 256",
              ".maxntid 64\n.maxntid 64", ".minnctapersm 0", ".maxclusterrank 0",
              ".reqnctapercluster 0", ".maxntid x", ".maxntid 1025, 1, 1", ".reqntid 1024, 2"]


def case_entry_params(rng, target, version):
    n = common.pick(rng, [0, 1, 2, 3, 5, 8])
    ps = ", ".join(param(rng, True, i) for i in range(n))
    head = header(rng, ".entry", "k")
    ret = ""
    if rng.random() < 0.08:
        ret = "(.param .u32 r) "
    text = common.header(target, version) + f"{head} {ret}k({ps})\n{{\n  ret;\n}}\n"
    return "entry", text


def case_func_params(rng, target, version):
    n = common.pick(rng, [0, 1, 2, 3])
    ps = ", ".join(param(rng, False, i) for i in range(n))
    ret = ""
    if rng.random() < 0.5:
        nr = common.pick(rng, [1, 1, 2])
        ret = "(" + ", ".join(param(rng, False, 10 + i) for i in range(nr)) + ") "
    head = header(rng, ".func", "f")
    body = "{\n  ret;\n}" if ".extern" not in head or rng.random() < 0.3 else ";"
    text = common.header(target, version) + f"{head} {ret}f({ps})\n{body}\n"
    if rng.random() < 0.5 and "[" not in ps + ret and ".reg" not in ps + ret:
        args = ", ".join("a" + str(i) for i in range(n))
        decls = "".join(f"  .param .{common.pick(rng, PTYPES[:6])} a{i};\n" for i in range(n))
        rr = ""
        if ret:
            rr = "(rv), "
            decls += "  .param .u32 rv;\n"
        call = f"  call.uni {rr}f" + (f", ({args})" if n else "") + ";\n"
        text += f".visible .entry k()\n{{\n{decls}{call}  ret;\n}}\n"
    return "func", text


def case_directives(rng, target, version):
    kind = common.pick(rng, [".entry", ".entry", ".func"])
    ds = [common.pick(rng, DIRECTIVES) for _ in range(common.pick(rng, [1, 1, 2]))]
    v = version if rng.random() < 0.7 else common.pick(rng, ["2.0", "2.3", "3.0", "4.0", "6.0", "7.0", "7.8",
                                                             "8.0", "8.1"])
    where = "\n".join(ds)
    name = "k" if kind == ".entry" else "f"
    text = common.header(target, v) + f".visible {kind} {name}()\n{where}\n{{\n  ret;\n}}\n"
    if rng.random() < 0.15:  # directive on the prototype too
        text = common.header(target, v) + f".visible {kind} {name}()\n{where};\n" + text.split("\n\n", 1)[1]
    return "directive", text


def case_proto(rng, target, version):
    a = common.pick(rng, ["(.param .u32 a)", "(.param .u32 a, .param .u64 b)", "()", "(.reg .u32 a)",
                          "(.param .b8 a[8])", "(.param .align 8 .b8 a[8])"])
    b = a if rng.random() < 0.5 else common.pick(rng, ["(.param .u32 a)", "(.param .u32 x)", "(.param .s32 a)",
                                                      "(.param .u64 a)", "()", "(.param .u32 a, .param .u32 b)",
                                                      "(.reg .u32 a)", "(.param .b8 a[4])",
                                                      "(.param .align 4 .b8 a[8])"])
    ra = common.pick(rng, ["", "", "(.param .u32 r) "])
    rb = ra if rng.random() < 0.7 else common.pick(rng, ["", "(.param .u32 r) ", "(.param .u64 r) "])
    la = common.pick(rng, ["", "", ".extern ", ".visible ", ".weak "])
    lb = common.pick(rng, ["", "", ".visible ", ".weak ", ".extern "])
    kind_a = ".func"
    kind_b = ".func" if rng.random() < 0.9 else ".entry"
    noret = ".noreturn" if rng.random() < 0.1 else ""
    twice = rng.random() < 0.1
    text = common.header(target, version) + f"{la}{kind_a} {ra}f{a}{noret};\n"
    if twice:
        text += f"{la}{kind_a} {ra}f{a};\n"
    if kind_b == ".entry":
        rb = ""
    text += f"{lb}{kind_b} {rb}f{b}\n{{\n  ret;\n}}\n"
    if rng.random() < 0.15:
        text += f"{lb}{kind_b} {rb}f{b}\n{{\n  ret;\n}}\n"
    return "proto", text


def case_nested(rng, target, version):
    inner = common.pick(rng, [".entry j()\n  {\n    ret;\n  }", ".func g()\n  {\n    ret;\n  }",
                              ".func g();", ".visible .func g();", ".extern .func g();",
                              "{\n    ret;\n  }", ".version 7.0", ".global .u32 gg;",
                              ".extern .global .u32 gg;", ".extern .shared .u32 gg[];",
                              ".visible .global .u32 gg;", ".weak .global .u32 gg;"])
    kind = common.pick(rng, [".entry k", ".func f"])
    text = common.header(target, version) + f".visible {kind}()\n{{\n  {inner}\n  ret;\n}}\n"
    # a function declared inside a body (ptxas takes a prototype there)
    return "nested_proto" if inner.endswith("g();") else "nested", text


def case_calls(rng, target, version):
    fp = common.pick(rng, ["(.param .u32 a)", "(.param .u32 a, .param .u64 b)", "()", "(.reg .u32 a)",
                           "(.param .b8 a[8])", "(.param .f32 a)"])
    fr = common.pick(rng, ["", "(.param .u32 r) ", "(.reg .u32 r) ", "(.param .b8 r[8]) "])
    args = common.pick(rng, ["", "(%r1)", "(%r1, %rd1)", "(pa)", "(pa, pb)", "(%f1)", "(%rd1)", "(pc)",
                             "(1)", "(pa, pa, pa)", "(%r1, %r2)"])
    rets = common.pick(rng, ["", "(%r2), ", "(pr), ", "(%rd2), ", "(pr, pr), ", "(prc), "]) if fr or rng.random() < 0.2 else ""
    call = f"call.uni {rets}f" + (f", {args}" if args else "")
    if rng.random() < 0.1:
        call = common.pick(rng, ["call.uni g;", "call f", "call.uni (%r2) f, (%r1);"]).rstrip(";")
    decls = ("  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  .reg .f32 %f<4>;\n  .param .u32 pa;\n"
             "  .param .u64 pb;\n  .param .b8 pc[8];\n  .param .u32 pr;\n  .param .b8 prc[8];\n")
    text = (common.header(target, version) + f".func {fr}f{fp}\n{{\n  ret;\n}}\n"
            f".visible .entry k()\n{{\n{decls}  {call};\n  ret;\n}}\n")
    return "call", text


def case_many(rng, target, version):
    n = common.pick(rng, [16, 64, 255, 256, 600, 1100])
    t = common.pick(rng, ["u32", "u64", "b8"])
    arr = "[512]" if rng.random() < 0.3 else ""
    kind = common.pick(rng, [".entry k", ".func f"])
    ps = ", ".join(f".param .{t} p{i}{arr}" for i in range(n))
    return "many", common.header(target, version) + f".visible {kind}({ps})\n{{\n  ret;\n}}\n"


KINDS = [(case_entry_params, 3), (case_func_params, 3), (case_directives, 4), (case_proto, 3),
         (case_nested, 1), (case_calls, 3), (case_many, 1)]


def generate(rng, target, count):
    return common.weighted_cases(FAMILY, KINDS, rng, target, count)
