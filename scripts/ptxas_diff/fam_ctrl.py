"""fam_ctrl.py — control flow: bra (.uni, guarded), brx.idx over .branchtargets, call and ret with
.func prototypes (direct, indirect through .callprototype and .calltargets), exit, trap, brkpt,
nanosleep, pmevent, and labels (duplicates, scope of nested blocks, undefined ones), each with
mutations ptxas must reject (wrong operand count or kind, arguments that do not match the callee,
a label out of scope, a guard that is not a predicate)."""
from common import Case, header, kernel, pick, sm_number, version_number

FAMILY = "ctrl"


def t_bra(rng, t, v):
    m = rng.randrange(8)
    guard = pick(rng, ["", "@%p1 ", "@!%p1 ", "@%r1 ", "@p "])
    uni = pick(rng, ["", ".uni"])
    if m == 0:
        return "bra_reg", kernel(t, v, ["bra%s %%r1;" % uni, "L1:"])
    if m == 1:
        return "bra_two", kernel(t, v, ["bra%s L1, L2;" % uni, "L1:", "L2:"])
    if m == 2:
        return "bra_undef", kernel(t, v, ["bra%s L9;" % uni, "L1:"])
    if m == 3:
        return "bra_type", kernel(t, v, ["bra%s.u32 L1;" % uni, "L1:"])
    if m == 4:
        return "bra_guard", kernel(t, v, ["setp.eq.u32 %p1, %r1, 0;", guard + "bra%s L1;" % uni, "L1:"])
    if m == 5:
        return "bra_back", kernel(t, v, ["L0:", "add.u32 %r1, %r1, 1;", "setp.lt.u32 %p1, %r1, 8;",
                                         f"@%p1 bra{uni} L0;"])
    if m == 6:
        return "bra_none", kernel(t, v, ["bra%s;" % uni])
    return "bra_imm", kernel(t, v, ["bra%s 4;" % uni])


def t_labels(rng, t, v):
    m = rng.randrange(10)
    if m == 0:
        return "lab_dup", kernel(t, v, ["L1:", "mov.u32 %r1, 1;", "L1:", "bra L1;"])
    if m == 1:  # a label defined in a nested block, used outside it
        return "lab_inner_out", kernel(t, v, ["{", "L2:", "mov.u32 %r1, 1;", "}", "bra L2;"])
    if m == 2:  # used inside the block that defines it
        return "lab_inner_in", kernel(t, v, ["{", "L2:", "mov.u32 %r1, 1;", "bra L2;", "}"])
    if m == 3:  # outer label used from an inner block
        return "lab_outer_in", kernel(t, v, ["L3:", "{", "mov.u32 %r1, 1;", "@%p1 bra L3;", "}"])
    if m == 4:  # the same name in two sibling blocks
        return "lab_siblings", kernel(t, v, ["{", "L4:", "bra L4;", "}", "{", "L4:", "bra L4;", "}"])
    if m == 5:  # the same name in an inner block and outside
        return "lab_shadow", kernel(t, v, ["L5:", "{", "L5:", "bra L5;", "}", "bra L5;"])
    if m == 6:  # a forward branch into a later inner block
        return "lab_fwd_inner", kernel(t, v, ["bra L6;", "{", "L6:", "mov.u32 %r1, 1;", "}"])
    if m == 7:  # a label named like a register or a keyword
        name = pick(rng, ["%L7", "$L7", "_L7", "L_7$", "bra", "ret", "add", "%r1", "%tid"])
        return "lab_name", kernel(t, v, [f"{name}:", "mov.u32 %r2, 1;", f"bra {name};"])
    if m == 8:  # a label with the name of a register of the function
        return "lab_regname", kernel(t, v, ["bra %p1;", "%p1:"])
    # a label at the end of the body, used by a guarded branch
    return "lab_end", kernel(t, v, ["@%p1 bra $Lend;", "mov.u32 %r1, 1;", "$Lend:"])


def t_brx(rng, t, v):
    m = rng.randrange(9)
    uni = pick(rng, ["", ".uni"])
    cases = ["La:", "mov.u32 %r2, 1;", "Lb:", "mov.u32 %r2, 2;"]
    if m == 0:
        return "brx_ok", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"brx.idx{uni} %r1, Lt;"] + cases)
    if m == 1:
        return "brx_u64", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"brx.idx{uni} %rd1, Lt;"] + cases)
    if m == 2:
        return "brx_imm", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"brx.idx{uni} 1, Lt;"] + cases)
    if m == 3:
        return "brx_plain_label", kernel(t, v, [f"brx.idx{uni} %r1, La;"] + cases)
    if m == 4:
        return "brx_undef_target", kernel(t, v, ["Lt: .branchtargets La, Lz;", f"brx.idx{uni} %r1, Lt;"] + cases)
    if m == 5:
        return "brx_guard", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"@%p1 brx.idx{uni} %r1, Lt;"] + cases)
    if m == 6:
        return "brx_one_op", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"brx.idx{uni} Lt;"] + cases)
    if m == 7:
        return "brx_type", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"brx.idx.u32 %r1, Lt;"] + cases)
    return "brx_s32", kernel(t, v, ["Lt: .branchtargets La, Lb;", f"brx.idx{uni} %s1, Lt;"] + cases)


FUNC_ADD = """.func (.param .b32 rv) f1 (.param .b32 a0, .param .b32 a1)
{
  .reg .b32 %q<3>;
  ld.param.b32 %q1, [a0];
  ld.param.b32 %q2, [a1];
  add.s32 %q1, %q1, %q2;
  st.param.b32 [rv], %q1;
  ret;
}
.func f0 ()
{
  ret;
}
"""

FUNC_REG = """.func (.reg .b32 rr) g1 (.reg .b32 ra, .reg .b64 rb)
{
  add.s32 rr, ra, 1;
  ret;
}
"""


def t_call(rng, t, v):
    m = rng.randrange(16)
    uni = pick(rng, ["", ".uni"])
    pre = FUNC_ADD
    dec = "  .param .b32 pa;\n  .param .b32 pb;\n  .param .b32 pr;\n"
    def mk(body, prelude=pre, decls=dec):
        return kernel(t, v, body, decls=decls, prelude=prelude)
    if m == 0:
        return "call_ok", mk(["st.param.b32 [pa], %r1;", "st.param.b32 [pb], %r2;",
                              f"call{uni} (pr), f1, (pa, pb);", "ld.param.b32 %r3, [pr];"])
    if m == 1:
        return "call_noargs", mk([pick(rng, [f"call{uni} f0;", f"call{uni} f0, ();", f"call{uni} (), f0, ();"])])
    if m == 2:
        return "call_too_few", mk([f"call{uni} (pr), f1, (pa);"])
    if m == 3:
        return "call_too_many", mk([f"call{uni} (pr), f1, (pa, pb, pa);"])
    if m == 4:
        return "call_no_ret", mk([f"call{uni} f1, (pa, pb);"])
    if m == 5:
        return "call_extra_ret", mk([f"call{uni} (pr), f0;"])
    if m == 6:
        return "call_undef", mk([f"call{uni} (pr), f9, (pa, pb);"])
    if m == 7:
        return "call_size", mk([f"call{uni} (pr), f1, (pa, pq);"],
                               decls=dec + "  .param .b64 pq;\n")
    if m == 8:
        return "call_regs", mk([f"call{uni} (%r1), f1, (%r2, %r3);"])
    if m == 9:
        return "call_regfunc", mk([f"call{uni} (%r1), g1, (%r2, %rd1);"], prelude=pre + FUNC_REG)
    if m == 10:
        return "call_regfunc_type", mk([f"call{uni} (%r1), g1, (%r2, %r3);"], prelude=pre + FUNC_REG)
    if m == 11:
        return "call_label", mk([f"call{uni} L1;", "L1:"])
    if m == 12:
        return "call_entry", mk([f"call{uni} k;"])
    if m == 13:
        return "call_ret_type", mk([f"call{uni}.b32 f0;"])
    if m == 14:  # recursion
        text = header(t, v) + ".func r0 ()\n{\n  call r0;\n  ret;\n}\n" + \
            ".visible .entry k()\n{\n  call r0;\n  ret;\n}\n"
        return "call_recursive", text
    # an undefined but declared function
    return "call_extern_decl", kernel(t, v, [f"call{uni} fx;"], prelude=".extern .func fx ();\n")


def t_indirect(rng, t, v):
    m = rng.randrange(12)
    uni = pick(rng, ["", ".uni"])
    pre = FUNC_ADD
    dec = "  .param .b32 pa;\n  .param .b32 pb;\n  .param .b32 pr;\n"
    proto = "P1: .callprototype (.param .b32 _) _ (.param .b32 _, .param .b32 _);"
    ct = "T1: .calltargets f1;"
    def mk(body):
        return kernel(t, v, body, decls=dec, prelude=pre)
    if m == 0:
        return "ind_proto", mk(["mov.u64 %rd1, f1;", proto, f"call{uni} (pr), %rd1, (pa, pb), P1;"])
    if m == 1:
        return "ind_targets", mk(["mov.u64 %rd1, f1;", ct, f"call{uni} (pr), %rd1, (pa, pb), T1;"])
    if m == 2:
        return "ind_none", mk(["mov.u64 %rd1, f1;", f"call{uni} (pr), %rd1, (pa, pb);"])
    if m == 3:
        return "ind_proto_count", mk(["mov.u64 %rd1, f1;", proto, f"call{uni} (pr), %rd1, (pa), P1;"])
    if m == 4:
        return "ind_proto_undef", mk(["mov.u64 %rd1, f1;", f"call{uni} (pr), %rd1, (pa, pb), P9;"])
    if m == 5:
        return "ind_u32reg", mk(["mov.u32 %r1, f1;", proto, f"call{uni} (pr), %r1, (pa, pb), P1;"])
    if m == 6:
        return "ind_proto_noret", mk(["mov.u64 %rd1, f1;", "P2: .callprototype _ (.param .b32 _);",
                                      f"call{uni} %rd1, (pa), P2;"])
    if m == 7:
        return "ind_proto_plain_label", mk(["mov.u64 %rd1, f1;", f"call{uni} (pr), %rd1, (pa, pb), L1;", "L1:"])
    if m == 8:
        return "ind_targets_undef", mk(["mov.u64 %rd1, f1;", "T2: .calltargets f1, f9;",
                                        f"call{uni} (pr), %rd1, (pa, pb), T2;"])
    if m == 9:
        return "ind_proto_top", kernel(t, v, ["mov.u64 %rd1, f1;", f"call{uni} (pr), %rd1, (pa, pb), P1;"],
                                       decls=dec, prelude=pre) .replace(".visible .entry", proto + "\n.visible .entry", 1)
    if m == 10:
        return "ind_proto_reg", mk(["mov.u64 %rd1, f1;", "P3: .callprototype (.reg .b32 _) _ (.reg .b32 _);",
                                    f"call{uni} (%r2), %rd1, (%r3), P3;"])
    return "ind_proto_dup", mk([proto, proto, "mov.u64 %rd1, f1;", f"call{uni} (pr), %rd1, (pa, pb), P1;"])


def t_misc(rng, t, v):
    m = rng.randrange(16)
    if m == 0:
        return "exit", kernel(t, v, [pick(rng, ["exit;", "@%p1 exit;", "exit.uni;", "exit %r1;"])])
    if m == 1:
        return "trap", kernel(t, v, [pick(rng, ["trap;", "@%p1 trap;", "trap.uni;", "trap 1;"])])
    if m == 2:
        return "brkpt", kernel(t, v, [pick(rng, ["brkpt;", "@%p1 brkpt;", "brkpt 1;"])])
    if m == 3:
        op = pick(rng, ["%r1", "100", "%u1", "%s1", "%rd1", "0", "4294967295", "-1", "1000000", "%f1", "%h1"])
        ty = pick(rng, [".u32", ".u32", ".b32", ".s32", ".u64", ""])
        return "nanosleep", kernel(t, v, [f"nanosleep{ty} {op};"])
    if m == 4:
        return "ret", kernel(t, v, [pick(rng, ["ret.uni;", "@%p1 ret;", "ret %r1;", "ret.u32;"])])
    if m == 5:
        return "pmevent", kernel(t, v, [pick(rng, ["pmevent 1;", "pmevent 15;", "pmevent 16;", "pmevent.mask 3;",
                                                  "pmevent.mask 0xff;", "pmevent.mask 0x100;", "pmevent %r1;",
                                                  "pmevent -1;"])])
    if m == 6:
        return "func_ret", header(t, v) + ".func (.param .b32 rv) f ()\n{\n  " + \
            pick(rng, ["ret;", "ret.uni;", "exit;", "st.param.b32 [rv], 1;\n  ret;"]) + "\n}\n" + \
            ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n  .param .b32 x;\n  call (x), f;\n  ret;\n}\n"
    if m == 7:
        return "guard_kind", kernel(t, v, [pick(rng, ["@%r1 mov.u32 %r2, 1;", "@%p1 mov.u32 %r2, 1;",
                                                     "@!%p1 mov.u32 %r2, 1;", "@%p9 mov.u32 %r2, 1;",
                                                     "@!%rd1 mov.u32 %r2, 1;", "@ %p1 mov.u32 %r2, 1;",
                                                     "@%p1 @%p2 mov.u32 %r2, 1;", "@1 mov.u32 %r2, 1;"])])
    if m == 8:
        return "noreturn", header(t, v) + ".func f () .noreturn\n{\n  " + \
            pick(rng, ["trap;", "exit;", "ret;"]) + "\n}\n.visible .entry k()\n{\n  call f;\n  ret;\n}\n"
    if m == 9:
        return "nanosleep_guard", kernel(t, v, ["@%p1 nanosleep.u32 %r1;"])
    if m == 10:  # code after ret / unreachable label
        return "after_ret", kernel(t, v, ["ret;", "L1:", "mov.u32 %r1, 2;"])
    if m == 11:
        return "empty_label", kernel(t, v, ["L1: ;"])
    if m == 12:  # a guarded call
        return "call_guard", kernel(t, v, ["@%p1 call f0;"], prelude=FUNC_ADD)
    if m == 13:
        return "bra_into_func", kernel(t, v, ["bra Lf;"], prelude=".func ff ()\n{\nLf:\n  ret;\n}\n")
    if m == 14:  # a label shared across two functions
        return "label_two_funcs", kernel(t, v, ["bra Lx;", "Lx:"], prelude=".func ff ()\n{\nLx:\n  ret;\n}\n")
    return "trap_in_func", kernel(t, v, ["call f0;"], prelude=".func f0 ()\n{\n  trap;\n  ret;\n}\n")


TEMPLATES = [t_bra, t_labels, t_brx, t_call, t_call, t_indirect, t_indirect, t_misc, t_misc]


def generate(rng, target, count):
    t, v = target
    out = []
    for i in range(count):
        what, text = pick(rng, TEMPLATES)(rng, t, v)
        out.append(Case(f"{FAMILY}/{t}/{i:03d}-{what}", text))
    return out
