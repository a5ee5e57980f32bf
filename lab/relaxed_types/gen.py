#!/usr/bin/env python3
"""gen.py OUTDIR — the relaxed type-checking study (lab/relaxed_types/README.md): writes kernel.ptx,
case.json, in.bin and out.expected.bin, the result the PTX ISA's tables 27 and 28 (section 9.4.1,
"Operand Size Exceeding Instruction-Type Size") give for every case: a source register wider than the
instruction type is truncated ("chop"), a destination register wider than it is sign-extended for
signed integer instruction types and zero-extended otherwise. The cases are every pairing of ld and
st instruction type with a wider register type that ptxas 13 accepts, and cvt with a wider source or
destination register (integer-integer, float-integer, integer-float, float-float). Each of the 32
threads runs every case on its own 64-bit input pattern; each case writes one u64 per thread, the
destination register stored at its own width (the bytes above stay 0)."""
import math
import os
import struct
import sys

REG = {8: None, 16: ("b16", "u16", "s16", "f16"), 32: ("b32", "u32", "s32", "f32"),
       64: ("b64", "u64", "s64", "f64")}
NREG = {"b16": "%h", "u16": "%hu", "s16": "%hs", "f16": "%hf", "b32": "%r", "u32": "%ru", "s32": "%rs",
        "f32": "%f", "b64": "%rd", "u64": "%rdu", "s64": "%rds", "f64": "%fd"}


def size(t):
    return int(t[1:]) if t[0] in "bsuf" and t[1:].isdigit() else None


def ld_ok(it, rt):
    """Table 28 (destination) as ptxas 13 accepts it for ld (scripts: ptxas probe in the README)"""
    si, sr = size(it), size(rt)
    if sr < si:
        return False
    if it[0] == "b":
        return True
    if it[0] in "su":
        return rt[0] in "bsu"
    return rt[0] == "b" or rt == it  # f32: b32, f32, b64 (f64 registers need the same size)


def st_ok(it, rt):
    return ld_ok(it, rt)  # Table 27 has the same shape for st's source


def ext(v, frm, to, signed):
    v &= (1 << frm) - 1
    if signed and v >> (frm - 1) & 1:
        v -= 1 << frm
    return v & ((1 << to) - 1)


PATTERNS = [0x0000000000000000, 0xFFFFFFFFFFFFFFFF, 0x0000000000000080, 0x000000000000007F,
            0x0000000000008000, 0x0000000000007FFF, 0x0000000080000000, 0x000000007FFFFFFF,
            0x8000000000000000, 0x7FFFFFFFFFFFFFFF, 0x0123456789ABCDEF, 0xFEDCBA9876543210,
            0x3FF0000040490FDB, 0xC00921FB54442D18, 0x00000000BF800000, 0x000000003C003555,
            0xFFFFFFFF3F800000, 0x1234567880000001, 0x00000000FFFF8001, 0xDEADBEEFCAFEF00D,
            0x0000000042F6E979, 0x00000000C2F6E979, 0x00000000477FE000, 0x0000000033800000,
            0x4040000000000000, 0xC0FFFFFF00000000, 0x00000000000000FF, 0x000000000000FFFF,
            0x00000000FFFFFFFF, 0x8080808080808080, 0x0102030405060708, 0x00000000C7800000]


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def f64(bits):
    return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]


def f16(bits):
    return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]


def to_bits(x, t):
    """x rounded to nearest even in format t (struct's packing rounds that way; past the largest
    finite value it raises, and the rounded result is an infinity)"""
    fmt, code, inf = {"f32": ("<f", "<I", 0x7F800000), "f64": ("<d", "<Q", 0x7FF0000000000000),
                      "f16": ("<e", "<H", 0x7C00)}[t]
    try:
        return struct.unpack(code, struct.pack(fmt, x))[0]
    except OverflowError:
        sign = {"f32": 1 << 31, "f64": 1 << 63, "f16": 1 << 15}[t] if x < 0 else 0
        return inf | sign


def cvt_value(dt, st, v):
    """cvt.dt.st on the low size(st) bits of v (already chopped); None when the ISA leaves it to NaN rules"""
    ss, ds = size(st), size(dt)
    if st[0] in "su" and dt[0] in "su":  # integer narrowing chops, widening extends by the source type
        return ext(v, ss, ds, st[0] == "s") if ds > ss else v & ((1 << ds) - 1)
    if st[0] == "f" and dt[0] in "su":  # .rzi, saturating (9.7.9.21: float-to-integer saturates)
        x = {16: f16, 32: f32, 64: f64}[ss](v)
        if math.isnan(x):
            return 0
        lo, hi = (-(1 << (ds - 1)), (1 << (ds - 1)) - 1) if dt[0] == "s" else (0, (1 << ds) - 1)
        n = max(lo, min(hi, math.trunc(x))) if math.isfinite(x) else (hi if x > 0 else lo)
        return n & ((1 << ds) - 1)
    if st[0] in "su" and dt[0] == "f":  # .rn; sources of at most 32 bits convert exactly through double
        x = ext(v, ss, 64, st[0] == "s")
        if x >> 63:
            x -= 1 << 64
        return to_bits(float(x), dt)
    x = {16: f16, 32: f32, 64: f64}[ss](v)  # float to float, .rn; NaNs avoided by the caller
    return to_bits(x, dt)


def cases():
    out = []
    its = ["b8", "u8", "s8", "b16", "u16", "s16", "b32", "u32", "s32", "f32", "b64", "u64", "s64", "f64"]
    regs = [t for w in (16, 32, 64) for t in REG[w]]
    for it in its:
        for rt in regs:
            if size(rt) > size(it) and ld_ok(it, rt):
                out.append(("ld", it, rt))
    for it in its:
        for rt in regs:
            if size(rt) > size(it) and st_ok(it, rt):
                out.append(("st", it, rt))
    # cvt with a wider destination register (Notes of 9.7.9.21)
    for dt, st, rnd in [("s8", "s32", ""), ("u8", "s32", ""), ("s16", "s32", ""), ("u16", "u64", ""),
                        ("s16", "u32", ""), ("s32", "s64", ""), ("u32", "s64", ""), ("s8", "u16", ""),
                        ("s16", "f32", ".rzi"), ("u16", "f32", ".rzi"), ("s8", "f32", ".rzi"),
                        ("s32", "f64", ".rzi"), ("u8", "f64", ".rzi"), ("f16", "f32", ".rn"),
                        ("f32", "f64", ".rn"), ("f16", "s32", ".rn"), ("f32", "s16", ".rn")]:
        for rt in regs:
            if size(rt) > size(dt) and (rt[0] in "bsu" if dt[0] in "su" else rt[0] == "b"):
                out.append(("cvtd", dt, st, rnd, rt))
    # cvt with a wider source register
    for dt, st, rnd in [("s32", "s8", ""), ("u32", "s8", ""), ("s32", "s16", ""), ("u64", "u16", ""),
                        ("s64", "s32", ""), ("f32", "s16", ".rn"), ("f32", "u8", ".rn"),
                        ("f64", "s32", ".rn"), ("f32", "f16", ""), ("f64", "f32", ""),
                        ("s32", "f32", ".rzi")]:
        for rt in regs:
            if size(rt) > size(st) and (rt[0] in "bsu" if st[0] in "su" else rt[0] == "b"):
                out.append(("cvts", dt, st, rnd, rt))
    return out


def nanmask(st, width):
    """a float source never NaN or infinite (NaN payloads are another study's subject): the top bit
    of its exponent cleared, the register's other bits kept so the truncation still shows"""
    top = {16: 14, 32: 30, 64: 62}[size(st)]
    return ((1 << width) - 1) & ~(1 << top)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "."
    cs = cases()
    body = []
    expect = []
    for k, c in enumerate(cs):
        off = k * 256  # 32 threads x 8 bytes
        body.append("\t// case %d: %s" % (k, " ".join(c)))
        exp = []
        if c[0] == "ld":
            _, it, rt = c
            w = size(rt)
            body.append("\tld.global.%s %s1, [%%ain];" % (it, NREG[rt]))
            body.append("\tst.global.b%d [%%aout+%d], %s1;" % (w, off, NREG[rt]))
            for p in PATTERNS:
                exp.append(ext(p, size(it), w, it[0] == "s"))
        elif c[0] == "st":
            _, it, rt = c
            w = size(rt)
            body.append("\tld.global.b%d %s2, [%%ain];" % (w, NREG[rt]))
            body.append("\tst.global.%s [%%aout+%d], %s2;" % (it, off, NREG[rt]))
            for p in PATTERNS:
                exp.append(p & ((1 << size(it)) - 1))
        else:
            kind, dt, st, rnd, rt = c
            if kind == "cvtd":  # natural source register, wider destination
                sreg = NREG[{16: "b16", 32: "b32", 64: "b64"}[size(st)]] if st[0] != "f" else NREG[st]
                if st[0] != "f" and size(st) >= 16:
                    sreg = NREG[st]
                body.append("\tld.global.b%d %s3, [%%ain];" % (size(st), sreg))
                if st[0] == "f":  # no NaN or infinity: clear the exponent's top bit
                    body.append("\tand.b%d %s3, %s3, %s;" % (size(st), sreg, sreg, hex(nanmask(st, size(st)))))
                body.append("\tcvt%s.%s.%s %s3, %s3;" % (rnd, dt, st, NREG[rt], sreg))
                body.append("\tst.global.b%d [%%aout+%d], %s3;" % (size(rt), off, NREG[rt]))
                for p in PATTERNS:
                    v = p & ((1 << size(st)) - 1)
                    if st[0] == "f":
                        v &= nanmask(st, size(st))
                    r = cvt_value(dt, st, v)
                    exp.append(ext(r, size(dt), size(rt), dt[0] == "s"))
            else:  # wider source register, natural destination
                dreg = NREG[dt] if size(dt) >= 16 else NREG["b16"]
                body.append("\tld.global.b%d %s4, [%%ain];" % (size(rt), NREG[rt]))
                if st[0] == "f":
                    body.append("\tand.b%d %s4, %s4, %s;" % (size(rt), NREG[rt], NREG[rt], hex(nanmask(st, size(rt)))))
                body.append("\tcvt%s.%s.%s %s4, %s4;" % (rnd, dt, st, dreg, NREG[rt]))
                body.append("\tst.global.b%d [%%aout+%d], %s4;" % (max(16, size(dt)), off, dreg))
                for p in PATTERNS:
                    v = p & ((1 << size(st)) - 1)
                    if st[0] == "f":
                        v &= nanmask(st, size(st))
                    exp.append(cvt_value(dt, st, v))
        expect.append(exp)
    ptx = [".version 8.0", ".target sm_80", ".address_size 64", "",
           "// generated by lab/relaxed_types/gen.py: %d cases (PTX ISA 9.4.1, tables 27 and 28)" % len(cs),
           ".visible .entry relaxed(.param .u64 pin, .param .u64 pout)", "{"]
    for t, n in NREG.items():
        ptx.append("\t.reg .%s %s<5>;" % (t, n))
    ptx += ["\t.reg .b32 %t;", "\t.reg .b64 %ain, %aout, %off;", "\tmov.u32 %t, %tid.x;",
            "\tld.param.u64 %ain, [pin];", "\tld.param.u64 %aout, [pout];",
            "\tmul.wide.u32 %off, %t, 8;", "\tadd.u64 %ain, %ain, %off;", "\tadd.u64 %aout, %aout, %off;"]
    ptx += body + ["\tret;", "}", ""]
    src = "\n".join(ptx)
    os.makedirs(outdir, exist_ok=True)
    open(os.path.join(outdir, "kernel.ptx"), "w").write(src)
    open(os.path.join(outdir, "in.bin"), "wb").write(b"".join(struct.pack("<Q", p) for p in PATTERNS))
    exp_bytes = b"".join(struct.pack("<Q", v) for e in expect for v in e)
    open(os.path.join(outdir, "out.expected.bin"), "wb").write(exp_bytes)
    case = ('{\n  "ptx": "kernel.ptx",\n  "kernel": "relaxed",\n  "grid": [1, 1, 1], "block": [32, 1, 1],\n'
            '  "buffers": [\n    {"name": "in", "type": "u64", "count": 32, "init": {"file": "in.bin"}},\n'
            '    {"name": "out", "type": "u64", "count": %d, "init": {"fill": 0}}\n  ],\n'
            '  "params": [{"buffer": "in"}, {"buffer": "out"}],\n'
            '  "expect": {"out": {"file": "out.expected.bin"}}\n}\n') % (32 * len(cs))
    open(os.path.join(outdir, "case.json"), "w").write(case)
    with open(os.path.join(outdir, "cases.txt"), "w") as f:
        for k, c in enumerate(cs):
            f.write("%d %s\n" % (k, " ".join(c)))
    print("%d cases" % len(cs))


if __name__ == "__main__":
    main()
