#!/usr/bin/env python3
"""check_sim_text.py SRC_DIR [--self-test] — sim/ reads instructions as structures, never as text.

The parser records every word of a mnemonic in order (ps_insn.words, docs/parser.md "The
structured instruction"); sim/'s selectors compare enums. This check fails when a sim/*.c file
(other than builtins.c, whose printf reads format strings, and manifest*.c, JSON readers that
lived in sim/ before manifest/ took them)
  1. calls a string function (strcmp strncmp strstr strchr strrchr strspn strcspn strtok sscanf
     memcmp memchr) on a line naming an instruction's text (->text, .text, mnemonic),
  2. indexes the text or mnemonic (text[...], mnemonic[...]), keeps it in a variable, passes it
     to a function as the first argument (diagnostics pass it after their format), or looks for
     '.' in a string (a dot-splitter), or
  3. has more string-function calls than ALLOWED lists for it: those compare names that are not
     mnemonics (kernel, global and file names, environment variables, special-register,
     tensor-map and texture-format names), so a new call anywhere has to be looked at.
verify/*.c is held to rules 1 and 2 (its reports compare many names, so calls are not counted).
--self-test plants one violation of each kind in a copy of sim/ (and one in verify/) and fails
unless each is caught.
"""
import os
import re
import shutil
import sys
import tempfile

STRFN = r"\b(strcmp|strncmp|strstr|strchr|strrchr|strspn|strcspn|strtok|sscanf|memcmp|memchr)\s*\("
# an instruction's text or mnemonic; `mn` is the one name diagnostics may keep the mnemonic under
TEXT = r"(->|\.)text\b|\bmnemonic\b|\bmn\b"
# the string-function calls each file may have, and what they compare
ALLOWED = {
    "decode.c": 2,       # the kernel's name, a global's name
    "engine.c": 2,       # a module file's name, the kernel's name
    "exec_tex.c": 1,     # PTXSIM_TEXTURE_SAMPLING
    "listing.c": 6,      # special-register names, the kernel's name
    "ptxas_model.c": 2,  # an environment variable
    "tensormap.c": 1,    # a tensor-map type's name (manifest)
    "texture.c": 1,      # a texture format's name (manifest)
}


def exempt(name):
    return name.startswith("manifest") or name == "builtins.c" or not name.endswith(".c")


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), src, flags=re.S)
    return re.sub(r"//[^\n]*", "", src)


def strip_strings(line):
    return re.sub(r'"(\\.|[^"\\])*"', '""', line)


def check(sim_dir, counted=True, label="sim"):
    problems = []
    for name in sorted(os.listdir(sim_dir)):
        if exempt(name):
            continue
        with open(os.path.join(sim_dir, name), encoding="utf-8") as f:
            lines = strip_comments(f.read()).split("\n")
        calls = 0
        for no, raw in enumerate(lines, 1):
            line = strip_strings(raw)
            n = len(re.findall(STRFN, line))
            calls += n
            where = f"{label}/{name}:{no}: "
            if n and re.search(TEXT, line):
                problems.append(where + "a string function on an instruction's text: " + raw.strip())
            if re.search(r"((->|\.)text|\bmnemonic)\s*\[", line):
                problems.append(where + "indexes an instruction's text: " + raw.strip())
            if re.search(r"'\.'", raw) and (n or re.search(r"[!=]=\s*'\.'|'\.'\s*[!=]=", raw)):
                problems.append(where + "looks for '.' (a dot-splitter): " + raw.strip())
            if re.search(r"=\s*[\w>.()-]*((->|\.)text|\bmnemonic)\s*[;,]", line) and \
                    not re.fullmatch(r"\s*const char \*mn = in->info->mnemonic;\s*", line):
                problems.append(where + "keeps an instruction's text in a variable: " + raw.strip())
            if re.search(r"\w\s*\(\s*([\w>.-]*((->|\.)text|\bmnemonic)|mn)\s*,", line):
                problems.append(where + "passes an instruction's text to a function first: " + raw.strip())
        if counted and calls > ALLOWED.get(name, 0):
            problems.append(f"sim/{name}: {calls} string-function calls, {ALLOWED.get(name, 0)} allowed "
                            "(tests/check_sim_text.py ALLOWED: names, never mnemonics)")
    return problems


PLANTS = [
    ("exec_mma.c", "ps_exec_fn ps_select_mma(const ps_insn *in, ps_dinsn *d) {",
     '\n    if (strstr(in->text, ".sp.")) return NULL;'),
    ("exec_bulk.c", "ps_exec_fn ps_select_bulk(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {",
     '\n    const char *t = in->info->mnemonic; if (t[0] == \'c\') return NULL;'),
    ("exec_wgmma.c", "static bool imm_of(const ps_operand *o, int64_t *v) {",
     '\n    const char *w = "x"; if (!strcmp(w, "sync")) return false;'),
    ("exec_cluster.c", "#define WHY(",
     "static int split(const char *s) { int n = 0; for (; *s; s++) n += *s == '.'; return n; }\n"),
    ("exec_tex.c", "ps_exec_fn ps_select_tex(const ps_insn *in, ps_dinsn *d, char *why, size_t len) {",
     "\n    char w[8][24]; if (words(in->text, w, 8) > 7) return NULL;"),
]
BEFORE = {"exec_cluster.c"}  # plants that go before their anchor (at file scope)
VERIFY_PLANT = ("race_proxy.c", "static bool proxy_fence(const ps_insn *in) {",
                '\n    if (strstr(in->text, "proxy.async")) return true;')


def self_test(src):
    sim = os.path.join(src, "sim")
    failed = 0
    for i, (name, anchor, plant) in enumerate(PLANTS):
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "sim")
            shutil.copytree(sim, copy)
            path = os.path.join(copy, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if anchor not in text:
                print(f"FAIL self-test {i}: anchor not found in sim/{name}: {anchor}")
                failed = 1
                continue
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace(anchor, plant + anchor if name in BEFORE else anchor + plant, 1))
            if not check(copy):
                print(f"FAIL self-test {i}: a planted violation in sim/{name} was not caught")
                failed = 1
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "verify")
        shutil.copytree(os.path.join(src, "verify"), copy)
        name, anchor, plant = VERIFY_PLANT
        path = os.path.join(copy, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if anchor not in text:
            print(f"FAIL self-test verify: anchor not found in verify/{name}: {anchor}")
            return 1
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(anchor, anchor + plant, 1))
        if not check(copy, counted=False, label="verify"):
            print(f"FAIL self-test verify: a planted violation in verify/{name} was not caught")
            failed = 1
    return failed


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "."
    problems = check(os.path.join(src, "sim"))
    problems += check(os.path.join(src, "verify"), counted=False, label="verify")
    for p in problems:
        print("FAIL " + p)
    failed = 1 if problems else 0
    if "--self-test" in sys.argv:
        failed |= self_test(src)
    if not failed:
        print("ok: sim/ and verify/ read ps_insn.words; no string handling of instruction text")
    return failed


if __name__ == "__main__":
    sys.exit(main())
