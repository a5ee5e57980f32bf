"""fam_mov.py — mov (PTX ISA 9.7.9.1-2): between registers of every type (relaxed typing),
immediates in every notation (decimal, hex, octal, binary, the U suffix, negative, 0f/0d float
bits, decimal floats, too large, malformed), the address of a variable, and the pack/unpack forms
(mov.b16/.b32/.b64/.b128 with a brace list of 2 or 4 elements on either side). About half the
modules carry a mutation (typeops.mutate, a brace list of the wrong size or element types, a
malformed literal). Special registers as sources are the ctrl family's."""
import common
import typeops as to
from common import pick

FAMILY = "mov"

TYPES = ["pred", "b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"]
PACK = {"b16": ("b8", 2), "b32": ("b16", 2), "b64": ("b32", 2), "b128": ("b64", 2)}
PACK4 = {"b32": "b8", "b64": "b16", "b128": "b32"}


def pack_elems(rng, et, n, target):
    return [to.ok_reg(rng, et, target) if et != "b8" else to.reg(rng, "b8") for _ in range(n)]


def generate(rng, tv, count):
    target, version = tv
    decls = "  .reg .b64 %q<4>;\n" if False else ""
    prelude = ".global .u32 gv;\n.global .f32 gf[4];\n.const .b64 cv = 5;\n"
    out = []
    for i in range(count):
        kind = pick(rng, ["reg", "reg", "imm", "imm", "imm", "pack", "unpack", "var"])
        t = pick(rng, TYPES)
        what = kind
        if kind == "reg":
            ops = [to.ok_reg(rng, t, target), to.ok_reg(rng, t, target)]
            mn = f"mov.{t}"
        elif kind == "imm":
            mn = f"mov.{t}"
            r = rng.random()
            if t in ("f32", "f64"):
                src = to.float_imm(rng) if r < 0.7 else to.int_imm(rng, "b32")
            elif r < 0.75:
                form = pick(rng, to.INT_FORMS)
                src = to.int_imm(rng, t, form)
                what += "_" + form
            elif r < 0.9:
                src = to.float_imm(rng)
            else:
                src = pick(rng, to.ODD_LITERALS)
                what += "_odd"
            ops = [to.ok_reg(rng, t, target), src]
        elif kind in ("pack", "unpack"):
            t = pick(rng, ["b16", "b32", "b64", "b64", "b128"])
            if rng.random() < 0.7 or t == "b16":
                et, n = PACK[t]
            else:
                et, n = PACK4[t], 4
            wide = to.reg(rng, "b64") if t == "b128" else to.ok_reg(rng, t, target)
            if t == "b128" and rng.random() < 0.5:
                wide = "%q1"
            elems = pack_elems(rng, et, n, target)
            if kind == "unpack" and rng.random() < 0.2:
                elems[rng.randrange(n)] = "_"
            if kind == "pack" and rng.random() < 0.2:
                elems[rng.randrange(n)] = to.int_imm(rng, "b16", "dec")
            lst = "{" + ", ".join(elems) + "}"
            ops = [wide, lst] if kind == "pack" else [lst, wide]
            mn = f"mov.{t}"
            if t == "b128" and rng.random() < 0.5:
                version = "8.3" if common.version_number(version) < 83 else version
                what += "_v83"
        else:  # the address of a variable
            t = pick(rng, ["u64", "b64", "s64", "u32", "b32", "f32"])
            mn = f"mov.{t}"
            ops = [to.ok_reg(rng, t, target), pick(rng, ["gv", "gf", "cv", "gv+4", "gf[2]", "k_p0"])]
        slots = [("d", t), ("s", t)]
        r = rng.random()
        if r < 0.4:
            ops, m = to.mutate(rng, slots, ops, target, sreg_src=False)
            what += "-" + m
        elif r < 0.5 and kind in ("pack", "unpack"):
            k = 1 if kind == "pack" else 0
            elems = ops[k][1:-1].split(", ")
            m = pick(rng, ["size", "mixed", "count"])
            if m == "size":
                elems[0] = to.wrong_reg(rng, "b32", target)
            elif m == "mixed":
                elems[-1] = to.reg(rng, pick(rng, ["u32", "f32", "s16", "f16"] if common.sm_number(target) >= 53 else ["u32", "f32", "s16"]))
            else:
                elems = elems + elems[:1] if rng.random() < 0.5 else elems[:1]
            ops[k] = "{" + ", ".join(elems) + "}"
            what += "-list_" + m
        elif r < 0.55:
            mn = mn.replace("mov.", "mov." + pick(rng, ["f16.", "bf16.", "f16x2.", "b8.", "u8.", "v2."]) , 1)
            what += "-type"
        if any(o.startswith("{") and "%p" in o for o in ops):  # ptxas takes it, ptxsim refuses (explained)
            what += "_predelem"
        decl = "  .reg .b128 %q<4>;\n" if "%q" in " ".join(ops) else ""
        body = f"{mn} {', '.join(ops)};"
        out.append(common.Case(f"{FAMILY}/{target}/{i:03d}-{what}",
                               common.kernel(target, version, [body], decls=decl, prelude=prelude)))
        version = tv[1]
    return out
