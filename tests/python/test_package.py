"""The python/ptxsim package (issue 16 item 7) under pytest: numpy in and out, scalars packed to
their parameters, reports as objects. Expected values come from numpy; the race and the
out-of-bounds write are by construction."""
import os
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
import ptxsim  # noqa: E402

HEAD = ".version 8.0\n.target sm_80\n.address_size 64\n"
# out[i] = out[i] + in[i] * s for i < n (a mangled C++ name, as nvcc writes it)
AXPY = HEAD + """
.visible .entry _Z4axpyPfPKffi(.param .u64 o, .param .u64 x, .param .f32 s, .param .u32 n)
{
  .reg .pred %p; .reg .b32 %r<5>; .reg .f32 %f<5>; .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [o]; ld.param.u64 %rd2, [x]; ld.param.f32 %f1, [s]; ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %tid.x; mad.lo.s32 %r2, %r2, %r3, %r4;
  setp.ge.u32 %p, %r2, %r1; @%p bra DONE;
  cvta.to.global.u64 %rd1, %rd1; cvta.to.global.u64 %rd2, %rd2;
  mul.wide.u32 %rd3, %r2, 4; add.s64 %rd4, %rd1, %rd3; add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f2, [%rd5]; ld.global.f32 %f3, [%rd4]; fma.rn.f32 %f4, %f2, %f1, %f3;
  st.global.f32 [%rd4], %f4;
DONE:
  ret;
}
"""
# every thread writes shared word 0, then thread 0 reads it: a race between the writers
RACE = HEAD + """
.visible .entry racy(.param .u64 out)
{
  .reg .b32 %r<3>; .reg .b64 %rd<2>; .shared .u32 s;
  mov.u32 %r1, %tid.x; st.shared.u32 [s], %r1; bar.sync 0; ld.shared.u32 %r2, [s];
  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1; st.global.u32 [%rd1], %r2;
  ret;
}
"""
# writes out[tid] for 64 threads: past the end of a smaller buffer
OOB = HEAD + """
.visible .entry oob(.param .u64 out)
{
  .reg .b32 %r<2>; .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd1, %rd1; mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4; add.s64 %rd3, %rd1, %rd2; st.global.u32 [%rd3], %r1;
  ret;
}
"""


def test_axpy_matches_numpy():
    rng = np.random.default_rng(7)
    n = 1000
    x = rng.standard_normal(n).astype(np.float32)
    o = rng.standard_normal(n).astype(np.float32)
    want = (o + x * np.float32(1.5)).astype(np.float32)  # one rounding each: fma differs, so compare
    want_fma = np.array([np.float32(np.float64(a) * 1.5 + np.float64(b)) for a, b in zip(x, o)], np.float32)
    f = ptxsim.Module(AXPY).get_function("axpy")  # the plain C++ name
    assert f.name == "_Z4axpyPfPKffi"
    assert [p["pointer"] for p in f.params] == [True, True, False, False]
    res = f((4, 1, 1), (256, 1, 1), (o, ptxsim.In(x), 1.5, np.uint32(n)))
    assert res.report.fault is None
    assert res.outputs[1] is None and res.outputs[2] is None
    # fma rounds once: float64 holds x*1.5 exactly (24+2 bits), so the f32 rounding of the f64 sum is the fma's
    assert np.array_equal(res.outputs[0], want_fma)
    assert np.array_equal(o, want_fma)  # updated in place
    assert np.abs(want - want_fma).max() <= 1e-5 * np.abs(want).max() + 1e-6
    assert res.report.stats["ctas"] == 4


def test_scalar_checks():
    f = ptxsim.Module(AXPY).get_function("_Z4axpyPfPKffi")
    x = np.zeros(4, np.float32)
    with pytest.raises(ptxsim.PtxsimError, match="is 4 bytes"):
        f(1, 4, (x, x, np.float64(1.0), np.uint32(4)))
    with pytest.raises(ptxsim.PtxsimError, match="does not fit"):
        f(1, 4, (x, x, 1.0, 1 << 40))
    with pytest.raises(ptxsim.PtxsimError, match="takes 4 parameters"):
        f(1, 4, (x, x))
    with pytest.raises(ptxsim.PtxsimError, match="not an address"):
        f(1, 4, (x, x, x, np.uint32(4)))


def test_race_found_with_checkers():
    f = ptxsim.Module(RACE).get_function("racy")
    out = np.zeros(1, np.uint32)
    res = f(1, 64, (ptxsim.Out(out),), check=True)
    kinds = {x.kind for x in res.report.findings}
    assert "race" in kinds, res.report.findings
    assert res.report.has_errors
    res = f(1, 64, (ptxsim.Out(out),))  # without checkers: no findings
    assert res.report.findings == []


def test_out_of_bounds_is_a_fault_not_an_exception():
    f = ptxsim.Module(OOB).get_function("oob")
    small = np.full(16, 7, np.uint32)
    res = f(1, 64, (small,))
    assert res.report.fault is not None and "bounds" in res.report.fault["kind"]
    assert res.outputs[0] is None and (small == 7).all()  # not copied back after a fault
    ok = np.zeros(64, np.uint32)
    assert np.array_equal(f(1, 64, (ok,)).outputs[0], np.arange(64, dtype=np.uint32))


def test_bad_ptx_and_names():
    with pytest.raises(ptxsim.PtxsimError) as e:
        ptxsim.Module(HEAD + ".visible .entry k() { frob.u32 %r1; ret; }")
    assert any(":error:" in d.replace(" ", "") for d in e.value.diagnostics)
    m = ptxsim.Module(AXPY)
    with pytest.raises(ptxsim.PtxsimError, match="_Z4axpyPfPKffi"):
        m.get_function("saxpy")
    with pytest.raises(ptxsim.PtxsimError, match="arch"):
        ptxsim.Module(AXPY, arch="sm_999")
