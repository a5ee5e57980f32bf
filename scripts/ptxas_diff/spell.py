"""spell.py — helpers for the one-line spelling generators (spell_*.py) that scripts/isa_audit.py
and scripts/form_sweep.py --audit FAMILY judge against ptxas, one instruction a line.

A spelling is built from parts (the mnemonic's dot-separated words, empty ones dropped) and
operands. Generators pick combinations deterministically (a fixed seed per family), so a
recorded list (tests/forms/sweep.txt) stays reproducible, and mutate every few of them the ways
a writer gets PTX wrong: two modifiers swapped, one dropped or doubled, an operand missing or
one too many. ptxas decides which of them are valid; nothing here predicts a verdict.

The operands use the registers of form_sweep.py's kernel header: %p0-7, %h0-59 (b16),
%r0-79 (b32), %rd0-59 (b64), %fd0-39 (f64), %q0-3 (b128), the .shared array smem and the
kernel parameter p0."""
import itertools
import random


def text(parts, ops):
    head = ".".join(p for p in parts if p)
    return head + (" " + ", ".join(ops) if ops else "") + ";"


def vec(prefix, n, start=1):
    """a brace list of n registers (wrapping inside the declared range)"""
    top = {"%r": 78, "%rd": 58, "%h": 58, "%fd": 38, "%p": 6, "%q": 3}[prefix]
    return "{" + ", ".join("%s%d" % (prefix, 1 + (start + i - 1) % top) for i in range(n)) + "}"


def pick(space, n, seed):
    """at most n combinations of one choice from each list of space: all of them when there are
    no more than n, else n distinct ones drawn with a fixed seed, in a stable order"""
    total = 1
    for s in space:
        total *= len(s)
    if total <= n:
        return list(itertools.product(*space))
    rng = random.Random(seed)
    out = {}
    while len(out) < n:
        c = tuple(rng.choice(s) for s in space)
        out.setdefault(c, len(out))
    return sorted(out, key=out.get)


def mutants(parts, ops, seed, fixed=1):
    """wrong spellings of (parts, ops): the first `fixed` parts form the mnemonic and stay"""
    rng = random.Random(seed)
    words = [p for p in parts if p]
    out = []
    mods = list(range(fixed, len(words)))
    if len(mods) >= 2:
        i = rng.randrange(len(mods) - 1)
        w = words[:]
        w[mods[i]], w[mods[i + 1]] = w[mods[i + 1]], w[mods[i]]
        out.append(text(w, ops))
    if mods:
        i = rng.choice(mods)
        out.append(text(words[:i] + words[i + 1:], ops))
        out.append(text(words[:i + 1] + words[i:], ops))
    if ops:
        out.append(text(words, ops[:-1]))
    out.append(text(words, ops + [rng.choice(["%r70", "%rd50", "%p6", "0"])]))
    return out


def with_mutants(spellings, every, seed):
    """spellings: [(parts, ops)] -> texts, with the mutants of every `every`-th one"""
    out = []
    for k, (parts, ops) in enumerate(spellings):
        out.append(text(parts, ops))
        if every and k % every == 0:
            out += mutants(parts, ops, seed * 7919 + k)
    return list(dict.fromkeys(out))


def reg_for(t):
    """a register of the width of PTX type t (8-bit types in 16-bit registers)"""
    if t in ("pred",):
        return "%p"
    if t.endswith("128"):
        return "%q"
    if t.endswith("64") or t == "f64":
        return "%rd"
    if t.endswith("x2") or t.endswith("32") or t == "tf32":
        return "%r"
    return "%h"


def value(t, n=1, start=1):
    """a register (n == 1) or brace list of n registers fitting type t"""
    r = reg_for(t)
    return vec(r, 1, start)[1:-1] if n == 1 else vec(r, n, start)
