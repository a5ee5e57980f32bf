"""fam_tensor.py — tensor-core and matrix instructions: mma.sync shapes x types x layouts by target,
wmma.load / store / mma basics, ldmatrix / stmatrix (.x1 .x2 .x4, .trans) and movmatrix, with
mutations ptxas must reject (mixed A/B types, an accumulator type the shape lacks, a layout other
than .row.col where only that exists, vectors of the wrong length, registers of the wrong width,
a missing .sync/.aligned, the shape or type on a target too old)."""
from common import Case, kernel, pick

FAMILY = "tensor"

# (shape, atype, btype, ctype, dtype, #a regs, #b regs, #c regs, #d regs, reg kind a/b, c/d, layouts)
# reg kinds: r = .b32 (%r), f = .f32 (%f), d = .f64 (%fd)
MMA = [
    ("m8n8k4", "f16", "f16", "f16", "f16", 2, 2, 4, 4, "r", "r", "any"),
    ("m8n8k4", "f16", "f16", "f32", "f32", 2, 2, 8, 8, "r", "f", "any"),
    ("m8n8k4", "f16", "f16", "f16", "f32", 2, 2, 4, 8, "r", "rf", "any"),
    ("m8n8k4", "f64", "f64", "f64", "f64", 1, 1, 2, 2, "d", "d", "rc"),
    ("m16n8k8", "f16", "f16", "f16", "f16", 2, 1, 2, 2, "r", "r", "rc"),
    ("m16n8k8", "f16", "f16", "f32", "f32", 2, 1, 4, 4, "r", "f", "rc"),
    ("m16n8k16", "f16", "f16", "f32", "f32", 4, 2, 4, 4, "r", "f", "rc"),
    ("m16n8k16", "f16", "f16", "f16", "f16", 4, 2, 2, 2, "r", "r", "rc"),
    ("m16n8k8", "bf16", "bf16", "f32", "f32", 2, 1, 4, 4, "r", "f", "rc"),
    ("m16n8k16", "bf16", "bf16", "f32", "f32", 4, 2, 4, 4, "r", "f", "rc"),
    ("m16n8k4", "tf32", "tf32", "f32", "f32", 2, 1, 4, 4, "r", "f", "rc"),
    ("m16n8k8", "tf32", "tf32", "f32", "f32", 4, 2, 4, 4, "r", "f", "rc"),
    ("m8n8k16", "s8", "s8", "s32", "s32", 1, 1, 2, 2, "r", "r", "rc"),
    ("m8n8k16", "u8", "s8", "s32", "s32", 1, 1, 2, 2, "r", "r", "rc"),
    ("m16n8k16", "s8", "u8", "s32", "s32", 2, 1, 4, 4, "r", "r", "rc"),
    ("m16n8k32", "s8", "s8", "s32", "s32", 4, 2, 4, 4, "r", "r", "rc"),
    ("m8n8k32", "s4", "s4", "s32", "s32", 1, 1, 2, 2, "r", "r", "rc"),
    ("m16n8k32", "u4", "s4", "s32", "s32", 2, 1, 4, 4, "r", "r", "rc"),
    ("m16n8k64", "s4", "s4", "s32", "s32", 4, 2, 4, 4, "r", "r", "rc"),
    ("m8n8k128", "b1", "b1", "s32", "s32", 1, 1, 2, 2, "r", "r", "rc"),
    ("m16n8k128", "b1", "b1", "s32", "s32", 2, 1, 4, 4, "r", "r", "rc"),
    ("m16n8k256", "b1", "b1", "s32", "s32", 4, 2, 4, 4, "r", "r", "rc"),
    ("m16n8k32", "e4m3", "e4m3", "f32", "f32", 4, 2, 4, 4, "r", "f", "rc"),
    ("m16n8k32", "e5m2", "e4m3", "f32", "f32", 4, 2, 4, 4, "r", "f", "rc"),
    ("m16n8k16", "e4m3", "e5m2", "f32", "f32", 2, 1, 4, 4, "r", "f", "rc"),
    ("m16n8k4", "f64", "f64", "f64", "f64", 2, 1, 4, 4, "d", "d", "rc"),
    ("m16n8k8", "f64", "f64", "f64", "f64", 4, 2, 4, 4, "d", "d", "rc"),
]
TYPES = ["f16", "bf16", "tf32", "f32", "f64", "s8", "u8", "s4", "u4", "b1", "s32", "e4m3", "e5m2", "b16"]


def regs(kind, n, base):
    pre, top = {"r": ("%r", 16), "f": ("%f", 16), "d": ("%fd", 8), "l": ("%rd", 16)}[kind]
    return "{" + ", ".join(f"{pre}{(base + i) % top}" for i in range(n)) + "}"


def t_mma(rng, t, v):
    shape, at, bt, ct, dt, na, nb, nc, nd, kab, kcd, lay = pick(rng, MMA)
    layouts = pick(rng, [".row.col", ".row.row", ".col.col", ".col.row", "", ".row"])
    if rng.random() < (.5 if lay == "any" else .85):
        layouts = ".row.col"
    kd, kc = (kcd[0], kcd[-1]) if len(kcd) == 2 else (kcd, kcd)
    m = rng.randrange(24)  # 0-8 a mutation, else as the table says
    what = "ok"
    sync = ".sync.aligned"
    extra = ""
    if at == "b1":
        extra = pick(rng, [".xor.popc", ".and.popc", ".and.popc", ".xor.popc", ".xor.popc", "", ".or.popc"])
    if at in ("s8", "u8", "s4", "u4") and rng.random() < .4:
        extra = ".satfinite"
    if m == 0:  # A and B of different families
        what, bt = "mixAB", pick(rng, TYPES)
    elif m == 1:
        what, ct = "ctype", pick(rng, TYPES)
    elif m == 2:
        what, dt = "dtype", pick(rng, TYPES)
    elif m == 3:
        what, na = "acount", na + pick(rng, [-1, 1, 2])
    elif m == 4:
        what, nd = "dcount", nd + pick(rng, [-1, 1])
    elif m == 5:
        what, kab = "areg", pick(rng, ["l", "f", "d"])
    elif m == 6:
        what, sync = "sync", pick(rng, [".sync", ".aligned", "", ".aligned.sync"])
    elif m == 7:
        what, kd = "dreg", pick(rng, ["r", "l", "d", "f"])
    elif m == 8:
        what, extra = "extra", pick(rng, [".satfinite", ".ftz", ".rn", ".xor.popc", ".relu"])
    dtypes = f".{dt}.{at}.{bt}.{ct}"
    if at == "f16" and at == bt and rng.random() < .2:  # the short spelling of the f16 forms
        dtypes = f".{dt}.{ct}"
    ops = [regs(kd, max(nd, 1), 0), regs(kab, max(na, 1), 4), regs(kab, max(nb, 1), 8), regs(kc, max(nc, 1), 0)]
    if kc == "f" and nc > 8:
        ops[3] = regs("f", 8, 0)
    return f"mma_{shape}_{what}", kernel(t, v, [f"mma{sync}.{shape}{layouts}{extra}{dtypes} {', '.join(ops)};"])


def rare(rng, good, bad, p=.07):
    """one of good, or now and then one of bad (a case makes several such choices)"""
    return pick(rng, bad) if rng.random() < p else pick(rng, good)


# wmma: (shape, A/B type, C/D types, regs of A, of B, of C/D by type)
WMMA = [
    ("m16n16k16", "f16", ["f16", "f32"], 8, 8, {"f16": 4, "f32": 8}),
    ("m32n8k16", "f16", ["f16", "f32"], 8, 8, {"f16": 4, "f32": 8}),
    ("m8n32k16", "f16", ["f16", "f32"], 8, 8, {"f16": 4, "f32": 8}),
    ("m16n16k16", "bf16", ["f32"], 4, 4, {"f32": 8}),
    ("m32n8k16", "bf16", ["f32"], 8, 2, {"f32": 8}),
    ("m16n16k16", "s8", ["s32"], 2, 2, {"s32": 8}),
    ("m8n32k16", "u8", ["s32"], 1, 4, {"s32": 8}),
    ("m16n16k8", "tf32", ["f32"], 4, 4, {"f32": 8}),
    ("m8n8k4", "f64", ["f64"], 1, 1, {"f64": 2}),
]


def t_wmma(rng, t, v):
    shape, ab, cds, na, nb, ncs = pick(rng, WMMA)
    if rng.random() < .06:
        shape = pick(rng, ["m16n16k8", "m8n8k4", "m16n16k16", "m8n8k32"])
    lay = rare(rng, ["row", "col"], [""])
    ln = f".{lay}" if lay else ""
    sp = rare(rng, [".global", ".shared", ""], [".local", ".const"])
    stride = rare(rng, [", %r1", ", 16", "", ""], [", %rd2"])
    sync = rare(rng, [".sync.aligned"], [".sync", ".aligned"])
    kind = lambda ty: "d" if ty == "f64" else "f" if ty == "f32" else "r"
    m = rng.randrange(3)
    if m == 0:
        frag = rare(rng, ["a", "b", "c"], ["d"])
        ty = ab if frag != "c" else pick(rng, cds)
        ty = rare(rng, [ty], ["f32", "s32", "f16", "s8", "b16"])
        n = {"a": na, "b": nb}.get(frag) or ncs.get(ty, 8)
        n = rare(rng, [n], [n + 1, max(1, n // 2), 16])
        return "wmma_load", kernel(t, v, [f"wmma.load.{frag}{sync}{ln}.{shape}{sp}.{ty} {regs(kind(ty), n, 0)}, [%rd1]{stride};"])
    if m == 1:
        ty = rare(rng, [pick(rng, cds)], ["s8", "bf16", "f16"])
        n = rare(rng, [ncs.get(ty, 8)], [2, 4, 16])
        return "wmma_store", kernel(t, v, [f"wmma.store.d{sync}{ln}.{shape}{sp}.{ty} [%rd1], {regs(kind(ty), n, 0)}{stride};"])
    la, lb = rare(rng, ["row"], ["col"]), rare(rng, ["col"], ["row"])
    dt, ct = pick(rng, cds), pick(rng, cds)
    if rng.random() < .07:
        dt = pick(rng, ["f16", "f32", "s32"])
    tys = f".{dt}.{ct}" if ab == "f16" else f".{dt}.{ab}.{ab}.{ct}"
    sat = rare(rng, [""], [".satfinite"]) if ab not in ("s8", "u8") else pick(rng, ["", ".satfinite"])
    nd, nc = ncs.get(dt, 8), ncs.get(ct, 8)
    nd = rare(rng, [nd], [nd // 2, 16])
    return "wmma_mma", kernel(t, v, [f"wmma.mma{sync}.{la}.{lb}.{shape}{tys}{sat} "
                                      f"{regs(kind(dt), nd, 0)}, {regs(kind(ab), na, 8)}, {regs(kind(ab), nb, 8)}, "
                                      f"{regs(kind(ct), nc, 0)};"])


def t_ldmatrix(rng, t, v):
    x = rare(rng, [1, 2, 4], [3, 8])
    n = rare(rng, [x], [x + 1, 16])
    trans = pick(rng, ["", "", ".trans"])
    ty = rare(rng, [".b16"], [".b32", ".u16", ""])
    sp = rare(rng, [".shared", ".shared::cta", ""], [".global"])
    shape = rare(rng, ["m8n8"], ["m16n16", "m8n16"])
    sync = rare(rng, [".sync.aligned"], [".sync", ""])
    rk = rare(rng, ["r"], ["l", "f"])
    addr = rare(rng, ["[%rd1]", "[%rd1+16]", "[%r5]"], ["[%f5]"])
    if rng.random() < .5:
        return "ldmatrix", kernel(t, v, [f"ldmatrix{sync}.{shape}.x{x}{trans}{sp}{ty} {regs(rk, n, 0)}, {addr};"])
    return "stmatrix", kernel(t, v, [f"stmatrix{sync}.{shape}.x{x}{trans}{sp}{ty} {addr}, {regs(rk, n, 0)};"])


def t_movmatrix(rng, t, v):
    trans = pick(rng, [".trans", ".trans", ".trans", ""])
    ty = pick(rng, [".b16", ".b16", ".b32"])
    shape = pick(rng, ["m8n8", "m8n8", "m16n16"])
    sync = pick(rng, [".sync.aligned", ".sync.aligned", ".sync"])
    d, a = pick(rng, [("%r1", "%r2"), ("%r1", "%r2"), ("%rd1", "%r2"), ("{%r1}", "{%r2}"), ("%r1", "%h2")])
    return "movmatrix", kernel(t, v, [f"movmatrix{sync}.{shape}{trans}{ty} {d}, {a};"])


TEMPLATES = [t_mma, t_mma, t_mma, t_mma, t_wmma, t_wmma, t_ldmatrix, t_ldmatrix, t_movmatrix]


def generate(rng, target, count):
    t, v = target
    out = []
    for i in range(count):
        what, text = pick(rng, TEMPLATES)(rng, t, v)
        out.append(Case(f"{FAMILY}/{t}/{i:03d}-{what}", text))
    return out
