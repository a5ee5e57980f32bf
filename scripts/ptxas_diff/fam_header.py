"""fam_header.py — the module header: .version (known, unknown and malformed numbers), .target
(every sm_XX with a/f suffixes, texmode_*, map_f64_to_f32, debug, lists, unknown names),
.address_size, the order of the three directives (missing, duplicated, after code), target/version
combinations, comments, bytes outside ASCII and control characters, .file/.loc/.section/.pragma.
Each module carries a small kernel so that the header is all that varies."""
import common

FAMILY = "header"

KNOWN_VERSIONS = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "2.0", "2.1", "2.2", "2.3", "3.0", "3.1",
                  "3.2", "4.0", "4.1", "4.2", "4.3", "5.0", "6.0", "6.1", "6.2", "6.3", "6.4", "6.5",
                  "7.0", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "8.0", "8.1", "8.2",
                  "8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "9.0"]
UNKNOWN_VERSIONS = ["1.6", "2.4", "3.3", "4.4", "5.1", "6.6", "7.9", "8.9", "9.1", "9.2", "10.0", "0.9"]
MALFORMED_VERSIONS = ["8", "8.", ".8", "08.0", "8.00", "8.0.1", "8e0", "x", "8.0a", "-8.0", "0x8", "9.00",
                      "7.80", "\"8.0\"", "8,0", ""]

SM = ["10", "11", "12", "13", "20", "21", "30", "32", "35", "37", "50", "52", "53", "60", "61", "62",
      "70", "72", "75", "80", "86", "87", "88", "89", "90", "100", "101", "103", "110", "120", "121"]
OTHER_TARGETS = ["sm_22", "sm_31", "sm_99", "sm_130", "compute_80", "compute_90a", "sm_80", "SM_80",
                 "sm_", "sm_8O", "sm_80a", "sm_75f", "sm_91"]
# ptxas 13 ignores a suffix letter it does not know ("sm_90b" is sm_90); ptxsim refuses these names
JUNK_SUFFIX = ["sm_90b", "sm_100x", "sm_80c", "sm_75z"]
OPTIONS = ["texmode_unified", "texmode_independent", "map_f64_to_f32", "debug"]

BODY = """.visible .entry k(.param .u64 k_p0)
{
  .reg .b32 %r<4>;
  mov.u32 %r1, 7;
  ret;
}
"""


def some_target(rng, target):
    """the campaign's target most of the time, else any sm_XX[a|f]"""
    r = rng.random()
    if r < 0.4:
        return target
    sm = common.pick(rng, SM)
    suffix = common.pick(rng, ["", "", "", "a", "f"])
    return f"sm_{sm}{suffix}"


def header_lines(rng, target, version):
    return [f".version {version}", f".target {target}", ".address_size 64"]


def case_version(rng, target, version):
    r = rng.random()
    if r < 0.55:
        v = common.pick(rng, KNOWN_VERSIONS)
    elif r < 0.75:
        v = common.pick(rng, UNKNOWN_VERSIONS)
    else:
        v = common.pick(rng, MALFORMED_VERSIONS)
    asz = "" if rng.random() < 0.3 else ".address_size 64\n"
    return "version", f".version {v}\n.target {target}\n{asz}\n{BODY}"


def case_target(rng, target, version):
    r = rng.random()
    if r < 0.6:
        t = some_target(rng, target)
    elif r < 0.72:
        t = common.pick(rng, OTHER_TARGETS)
    elif r < 0.75:
        t = common.pick(rng, JUNK_SUFFIX)
        return "target_junk_suffix", f".version {version}\n.target {t}\n.address_size 64\n\n{BODY}"
    else:
        t = some_target(rng, target)
        opts = [common.pick(rng, OPTIONS) for _ in range(rng.randrange(1, 3))]
        if rng.random() < 0.2:
            opts.insert(0, some_target(rng, target))
        if rng.random() < 0.15:
            t = ", ".join([common.pick(rng, OPTIONS), t])
        else:
            t = ", ".join([t] + opts)
    v = version if rng.random() < 0.6 else common.pick(rng, KNOWN_VERSIONS[18:])
    sect = ""
    if "debug" in t and rng.random() < 0.5:
        sect = '\n.section .debug_abbrev\n{\n.b8 1\n.b8 0\n}\n'
    return "target", f".version {v}\n.target {t}\n.address_size 64\n\n{BODY}{sect}"


def case_address_size(rng, target, version):
    a = common.pick(rng, ["32", "64", "64", "16", "0", "128", "-64", "0x40", "64.0", "", "32 64"])
    v = version if rng.random() < 0.8 else common.pick(rng, KNOWN_VERSIONS)
    body = BODY
    if a == "32" and rng.random() < 0.5:
        body = body.replace(".u64", ".u32")
    return "address_size", f".version {v}\n.target {target}\n.address_size {a}\n\n{body}"


def case_order(rng, target, version):
    lines = header_lines(rng, target, version)
    r = rng.randrange(7)
    if r == 0:
        rng.shuffle(lines)
    elif r == 1:  # one missing
        del lines[rng.randrange(3)]
    elif r == 2:  # one duplicated, same or other value
        i = rng.randrange(3)
        dup = lines[i]
        if rng.random() < 0.5:
            dup = header_lines(rng, some_target(rng, target), common.pick(rng, KNOWN_VERSIONS[18:]))[i]
        lines.insert(rng.randrange(i + 1, 4), dup)
    elif r == 3:  # a directive after code
        i = rng.randrange(3)
        late = lines.pop(i)
        return "order", "\n".join(lines) + "\n\n" + BODY + late + "\n"
    elif r == 4:  # a directive after a variable
        i = rng.randrange(3)
        late = lines.pop(i)
        return "order", "\n".join(lines) + "\n.global .u32 g;\n" + late + "\n" + BODY
    elif r == 5:  # two directives on one line, or split over lines
        j = rng.randrange(2)
        sep = common.pick(rng, [" ", "; ", "\n\n", " // c\n"])
        lines[j] = lines[j] + sep + lines[j + 1]
        del lines[j + 1]
    else:  # nothing but the header, or no header
        if rng.random() < 0.5:
            return "order", "\n".join(lines) + "\n"
        return "order", BODY
    return "order", "\n".join(lines) + "\n\n" + BODY


def case_combo(rng, target, version):
    """a target with a version near its minimum"""
    sm = common.pick(rng, SM)
    t = f"sm_{sm}" + common.pick(rng, ["", "", "a", "f"])
    v = common.pick(rng, KNOWN_VERSIONS)
    return "combo", f".version {v}\n.target {t}\n.address_size 64\n\n{BODY}"


def case_comment(rng, target, version):
    lines = header_lines(rng, target, version)
    r = rng.randrange(8)
    if r == 0:
        lines.insert(rng.randrange(4), "// a comment")
    elif r == 1:
        lines.insert(rng.randrange(4), "/* a\n  block comment */")
    elif r == 2:
        i = rng.randrange(3)
        k, _, v = lines[i].partition(" ")
        lines[i] = f"{k} /* c */ {v}"
    elif r == 3:
        lines.append("/* unterminated")
    elif r == 4:
        lines[rng.randrange(3)] += " // trailing"
    elif r == 5:
        lines.insert(rng.randrange(4), "/* nested /* */ */")
    elif r == 6:
        lines.insert(rng.randrange(4), "# not a comment")
    else:
        lines.insert(rng.randrange(4), "//")
    return "comment", "\n".join(lines) + "\n\n" + BODY


BYTES = ["\v", "\f", "\x01", "\x00", "\x7f", "\x1b", "\r", "\t", "\xe9", "\u00a0", "\u2028", "\x08"]


def case_bytes(rng, target, version):
    b = common.pick(rng, BYTES)
    lines = header_lines(rng, target, version) + [""] + BODY.splitlines()
    where = rng.randrange(5)
    if where == 0:  # in a comment
        lines.insert(rng.randrange(len(lines)), f"// x{b}y")
    elif where == 1:  # at a line's start
        i = rng.randrange(len(lines))
        lines[i] = b + lines[i]
    elif where == 2:  # at a line's end
        i = rng.randrange(len(lines))
        lines[i] = lines[i] + b
    elif where == 3:  # between tokens in the body
        i = rng.randrange(4, len(lines))
        lines[i] = lines[i].replace(" ", " " + b, 1)
    else:  # in a block comment
        lines.insert(rng.randrange(len(lines)), f"/* x{b}y */")
    return "bytes", "\n".join(lines) + "\n"


def case_directives(rng, target, version):
    lines = header_lines(rng, target, version)
    body = BODY.splitlines()
    r = rng.randrange(10)
    top = []
    if r == 0:
        top.append(common.pick(rng, ['.file 1 "a.cu"', '.file 1 "a.cu", 1700000000, 42', ".file 1",
                                     '.file "a.cu"', '.file 0 "a.cu"', '.file -1 "a.cu"',
                                     '.file 1 "a.cu"\n.file 1 "b.cu"', '.file 2 "a.cu"']))
    elif r == 1:
        top.append('.file 1 "a.cu"')
        loc = common.pick(rng, [".loc 1 3 5", ".loc 1 3 0", ".loc 2 3 5", ".loc 1 3", ".loc 1 -3 5",
                                ".loc 1 3 5, function_name k", ".loc x 3 5", ".loc 0 0 0"])
        body.insert(4, "  " + loc)
    elif r == 2:
        body.insert(4, "  " + common.pick(rng, [".loc 1 3 5", ".loc 1 3 5;"]))
    elif r == 3:
        top.append(common.pick(rng, ['.section .debug_abbrev\n{\n.b8 1\n.b8 0\n}',
                                     '.section .debug_info\n{\n.b32 5\n.b8 0\n}',
                                     '.section .debug_str\n{\n$str:\n.b8 65,0\n}',
                                     '.section .debug_loc { }', '.section .text\n{\n}',
                                     '.section .debug_abbrev\n{\n.b8 1\n',
                                     '.section .debug_line\n{\n.b16 1\n.b64 2\n}',
                                     '.section\n{\n}', '.section .nv.foo\n{\n.b8 1\n}']))
    elif r == 4:
        top.append(common.pick(rng, ['.pragma "nounroll";', '.pragma "nounroll"', '.pragma nounroll;',
                                     '.pragma "foo";', '.pragma "used_bytes_mask 0xf";',
                                     '.pragma "nounroll", "x";', '.pragma;']))
    elif r == 5:
        body.insert(4, "  " + common.pick(rng, ['.pragma "nounroll";', '.pragma "nounroll"',
                                               '.pragma nounroll;', '.pragma "enable_smem_spilling";',
                                               '.pragma "foo";']))
    elif r == 6:
        d = common.pick(rng, ['.file 1 "a.cu"', ".version 7.0", ".target sm_80", ".address_size 64",
                              ".section .debug_info { }"])
        body.insert(2, "  " + d)
        if d.startswith(".target"):
            return "directive_target_in_body", "\n".join(lines + top) + "\n\n" + "\n".join(body) + "\n"
    elif r == 7:
        top.append(common.pick(rng, [".loc 1 1 1", ".branchtargets L;", ".callprototype _ ();",
                                     ".reg .b32 r;", ".maxntid 32;", ".ident \"x\"",
                                     "ret;", ".entry", ".func", ".alias a, b;"]))
    elif r == 8:
        top.append(common.pick(rng, ['.file 1 "a.cu"\n.file 2 "b.h"', '.file 1 "a.cu" 12',
                                     '.file 1 "a.cu", 1, 2, 3', '.file 1 "a\\"b.cu"']))
    else:
        body.insert(4, "  .loc 1 3 5")
        top.append('.file 1 "a.cu"')
        top.append(common.pick(rng, ['.section .debug_info\n{\n.b32 5\n}', '']))
    return "directive", "\n".join(lines + top) + "\n\n" + "\n".join(body) + "\n"


KINDS = [(case_version, 3), (case_target, 3), (case_address_size, 1), (case_order, 3), (case_combo, 2),
         (case_comment, 1), (case_bytes, 2), (case_directives, 3)]


def generate(rng, target, count):
    return common.weighted_cases(FAMILY, KINDS, rng, target, count)
