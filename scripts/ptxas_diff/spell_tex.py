"""spell_tex.py — one-line spellings of the texture and surface instructions on texture and
surface objects (PTX ISA 9.7.10-11: tex with base/level/grad, tld4, txq, suld, sust, sured, suq)
for scripts/isa_audit.py. Handles are 64-bit registers (%rd1), as bindless code writes them."""
from spell import pick, vec, with_mutants

GEOMS = ["1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "2dms", "a2dms"]
NCOORD = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4, "cube": 4, "acube": 4, "2dms": 4, "a2dms": 4}
GRADN = {"1d": 1, "a1d": 1, "2d": 2, "a2d": 2, "3d": 4, "cube": 4, "acube": 4}


def coord(g, wrong=0):
    n = NCOORD[g] + wrong
    return "{%r10}" if n == 1 else vec("%r", n, 10)


def gen_tex():
    out = []
    for mode, g, v, dt, ct in pick([["", "base", "level", "grad"], GEOMS, ["v4", "v2", ""],
                                    ["u32", "s32", "f16", "f32", "f16x2", "b32"], ["s32", "f32", "u32"]], 450, 401):
        n = {"v4": 4, "v2": 2, "": 1}[v]
        d = vec("%r", n, 1) if n > 1 else "%r1"
        ops = [d, "[%rd1, " + coord(g) + "]"]
        if mode == "level":
            ops.append("%r20")
        if mode == "grad" and g in GRADN:
            ops += [vec("%r", GRADN[g], 20), vec("%r", GRADN[g], 30)]
        out.append((["tex", mode, g, v, dt, ct], ops))
    for g, ct in pick([["2d", "3d", "a2d"], ["s32", "f32"]], 6, 402):
        out.append((["tex", g, "v4.f32", ct], [vec("%r", 4), "[%rd1, " + coord(g) + "]", "%p1"]))
        out.append((["tex", g, "v4.f32", ct], ["%r1|%p1", "[%rd1, " + coord(g) + "]"]))
        out.append((["tex", g, "v4.f32", ct], [vec("%r", 4), "[%rd1, " + coord(g, 1) + "]"]))
        out.append((["tex", g, "v4.f32", ct], [vec("%r", 4), "[%rd1, %rd2, " + coord(g) + "]"]))
    for comp, g, dt, ct in pick([["r", "g", "b", "a", "x"], ["2d", "a2d", "cube", "acube", "3d", "1d"],
                                 ["u32", "s32", "f32"], ["f32", "s32"]], 100, 403):
        out.append((["tld4", comp, g, "v4", dt, ct], [vec("%r", 4), "[%rd1, " + coord(g) + "]"]))
    for q in ["width", "height", "depth", "channel_data_type", "channel_order", "normalized_coords",
              "filter_mode", "addr_mode_0", "array_size", "num_mipmap_levels", "num_samples", "force_unnormalized_coords",
              "nosuch"]:
        for t in ["b32", "u32"]:
            out.append((["txq", q, t], ["%r1", "[%rd1]"]))
        out.append((["txq.level", q, "b32"], ["%r1", "[%rd1]", "%r2"]))
    return with_mutants(out, 8, 404)


SGEOMS = ["1d", "2d", "3d", "a1d", "a2d", "cube"]
SNC = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4, "cube": 4}
STYPES = ["b8", "b16", "b32", "b64", "u32", "s32", "f32", "f16"]
CLAMP = ["trap", "clamp", "zero", ""]


def scoord(g):
    n = SNC[g]
    return "{%r10}" if n == 1 else vec("%r", n, 10)


def sreg(t, n):
    r = "%rd" if t == "b64" else "%h" if t in ("b8", "b16", "f16") else "%r"
    return r + "1" if n == 1 else vec(r, n, 1)


def gen_surf():
    out = []
    for bp, g, cop, v, t, cl in pick([["b", "p"], SGEOMS, ["", "ca", "cg", "cs", "cv", "wb", "wt"], ["", "v2", "v4"],
                                      STYPES, CLAMP], 450, 405):
        n = {"": 1, "v2": 2, "v4": 4}[v]
        out.append((["suld", bp, g, cop, v, t, cl], [sreg(t, n), "[%rd1, " + scoord(g) + "]"]))
        out.append((["sust", bp, g, cop, v, t, cl], ["[%rd1, " + scoord(g) + "]", sreg(t, n)]))
    for op, g, t, cl in pick([["add", "min", "max", "and", "or", "inc", "dec", "xor"], SGEOMS[:3] + ["a1d"],
                              ["u32", "s32", "b32", "u64", "s64", "b64", "f32"], CLAMP], 150, 406):
        out.append((["sured", "b", op, g, t, cl], ["[%rd1, " + scoord(g) + "]", sreg(t, 1)]))
        out.append((["sured", "p", op, g, t, cl], ["[%rd1, " + scoord(g) + "]", sreg(t, 1)]))
    for q in ["width", "height", "depth", "channel_data_type", "channel_order", "array_size", "memory_layout",
              "nosuch"]:
        for t in ["b32", "u32"]:
            out.append((["suq", q, t], ["%r1", "[%rd1]"]))
    return with_mutants(out, 8, 407)
