#!/usr/bin/env python3
"""make_dict.py OUTDIR — libFuzzer dictionaries for the harnesses of tests/fuzz (docs/fuzz.md).

ptx.dict: every instruction mnemonic (isa/forms.def), modifier (isa/mods.def, X and W rows), type (isa/types.def)
and target (isa/archs.def) ptxsim knows, the special registers (parser/ptx_parser.h), the
directives the parser looks for, and a few tokens of PTX's syntax. manifest.dict: the manifest's
keys as manifest/*.c reads them, the type names, and JSON punctuation."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def row_strings(rel, macro="X"):
    """The quoted strings of each X(...) row (comments left out)."""
    text = re.sub(r"/\*.*?\*/", "", read(rel), flags=re.S)
    rows = re.findall(r"\b%s\(([^()]*)\)" % macro, text)
    return [q for q in (re.findall(r'"([^"]*)"', r) for r in rows) if q]  # not the #define lines


def quote(tok):
    out = []
    for ch in tok.encode():
        if ch in (0x22, 0x5C):
            out.append("\\" + chr(ch))
        elif 0x20 <= ch < 0x7F:
            out.append(chr(ch))
        else:
            out.append("\\x%02X" % ch)
    return '"' + "".join(out) + '"'


def ptx_tokens():
    toks = set()
    for strs in row_strings("isa/forms.def") + row_strings("isa/forms.def", "XS"):
        toks.add(strs[0])                      # mnemonic
        for t in strs[1].split():              # its types
            if t not in "-*":
                toks.add("." + t)
        for m in strs[2].split():              # its lower-case modifiers (upper case: groups)
            if m.islower():
                toks.add("." + m)
    for strs in row_strings("isa/mods.def") + row_strings("isa/mods.def", "W"):
        toks.update("." + s for s in strs)
    for strs in row_strings("isa/types.def"):
        toks.update("." + s for s in strs)
    for strs in row_strings("isa/archs.def"):
        toks.update(strs)
    toks.update(re.findall(r'"(%[a-z_0-9.]+)"', read("parser/ptx_parser.h")))
    parser = "".join(read(os.path.join("parser", f)) for f in sorted(os.listdir(os.path.join(ROOT, "parser")))
                     if f.endswith(".c"))
    toks.update(re.findall(r'"(\.[a-z_][a-z_:0-9]*)"', parser))
    toks.update([".version 8.0", ".address_size 64", ".target sm_90", ".entry", ".func", ".param",
                 ".reg", ".local", ".global", ".const", ".shared", ".b8", ".u64", "%r", "%rd", "%p", "%f",
                 "<", ">", "[", "]", "{", "}", ";", ",", "@", "@!", "|", "+", "-", "::", "0f", "0d",
                 "0x", "$L__BB0_1", "ret;", "exit;", "bra", "\n", "//", "/*", "*/"])
    return toks


def manifest_tokens():
    toks = set()
    for f in sorted(os.listdir(os.path.join(ROOT, "manifest"))):
        if f.endswith(".c"):
            toks.update('"%s"' % k for k in re.findall(r'"([a-z_][a-z_0-9]*)"', read(os.path.join("manifest", f))))
    for strs in row_strings("isa/types.def"):
        toks.update('"%s"' % s for s in strs)
    toks.update(['"kernel.ptx"', '"in.bin"', '"case.json"', '"k"', '"k2"', '{', '}', '[', ']', ':',
                 ',', 'true', 'false', 'null', '1e300', '-1', '0.5', '4294967296', '"0011aabb"'])
    return toks


def write(path, toks):
    with open(path, "w", encoding="ascii") as f:
        for t in sorted(toks):
            if t and len(t.encode()) <= 64:
                f.write(quote(t) + "\n")
    return len(toks)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_dict.py OUTDIR")
    os.makedirs(sys.argv[1], exist_ok=True)
    n1 = write(os.path.join(sys.argv[1], "ptx.dict"), ptx_tokens())
    n2 = write(os.path.join(sys.argv[1], "manifest.dict"), manifest_tokens())
    print("make_dict: ptx.dict %d tokens, manifest.dict %d tokens" % (n1, n2))


if __name__ == "__main__":
    main()
