#!/usr/bin/env python3
"""ptx_run and ptxsim_ptx_run through ctypes, the way mock-GPU test suites call them.

ptx_run is gpuocelot's ABI, bound here exactly as tinygrad's test/mockgpu/helpers.py binds it
(restype None; args[i] is the parameter's value; block before grid). ptxsim_ptx_run takes pointers
to the values. Kernels run on Python-owned host memory; expected values are computed here: the
corpus kernel vadd_f32 against float32 sums (addition through double then rounding to float32 is
correctly rounded: 53 >= 2*24+2), and a hand-written kernel (REV) against integer arithmetic done
in Python. Usage: test_ptx_run.py LIBPTXSIM.so REPO_ROOT"""
import ctypes
import os
import random
import struct
import sys
import unittest

LIB = ctypes.CDLL(sys.argv[1])
ROOT = sys.argv[2]
del sys.argv[1:3]
RUN_ARGTYPES = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_int,
                ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
LIB.ptx_run.argtypes = RUN_ARGTYPES
LIB.ptx_run.restype = None
LIB.ptxsim_ptx_run.argtypes = RUN_ARGTYPES
LIB.ptxsim_ptx_run.restype = ctypes.c_int
LIB.ptxsim_ptx_run_last_status.restype = ctypes.c_int
LIB.ptx_register_host.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
LIB.ptx_unregister_host.argtypes = [ctypes.c_void_p]

with open(os.path.join(ROOT, "corpus/vadd/vadd.sm_90.ptx"), "rb") as f:
    VADD = f.read()

# ptxsim.h: PTXSIM_STATUS_LIST order
PTXSIM_ERR_INVALID_ARGUMENT, PTXSIM_ERR_PARSE, PTXSIM_ERR_UNSUPPORTED, PTXSIM_ERR_FAULT = 1, 3, 4, 8

# out[g] = in[b*B + B-1-t] * k + hi32(c) + h for g = b*B + t: each block reverses its slice of `in`
# through dynamic shared memory (B words of it). k is an s32, c a u64 that is no pointer, h a u16.
REV = b"""
.version 7.0
.target sm_35
.address_size 64
.extern .shared .align 4 .b8 smem[];
.visible .entry rev(.param .u64 out, .param .u64 in, .param .s32 k, .param .u64 c, .param .u16 h)
{
    .reg .b16 %h<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    ld.param.s32 %r1, [k];
    ld.param.u64 %rd3, [c];
    ld.param.u16 %h1, [h];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %ctaid.x;
    mad.lo.s32 %r5, %r4, %r3, %r2;
    mul.wide.s32 %rd4, %r5, 4;
    add.s64 %rd5, %rd2, %rd4;
    ld.global.s32 %r6, [%rd5];
    mov.u32 %r7, smem;
    shl.b32 %r8, %r2, 2;
    add.s32 %r8, %r7, %r8;
    st.shared.s32 [%r8], %r6;
    bar.sync 0;
    sub.s32 %r9, %r3, %r2;
    sub.s32 %r9, %r9, 1;
    shl.b32 %r9, %r9, 2;
    add.s32 %r9, %r7, %r9;
    ld.shared.s32 %r10, [%r9];
    shr.u64 %rd6, %rd3, 32;
    cvt.u32.u64 %r11, %rd6;
    mad.lo.s32 %r10, %r10, %r1, %r11;
    cvt.u32.u16 %r11, %h1;
    add.s32 %r10, %r10, %r11;
    add.s64 %rd7, %rd1, %rd4;
    st.global.s32 [%rd7], %r10;
    ret;
}
"""

# a 16-byte parameter: gpuocelot's form has no way to pass it
WIDE = b"""
.version 7.0
.target sm_50
.address_size 64
.visible .entry wide(.param .align 8 .b8 s[16])
{
    ret;
}
"""


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


class PointerForm(unittest.TestCase):
    def setUp(self):
        rnd = random.Random(8)
        self.n = 3000
        self.a = (ctypes.c_float * self.n)(*[f32(rnd.uniform(-1e3, 1e3)) for _ in range(self.n)])
        self.b = (ctypes.c_float * self.n)(*[f32(rnd.uniform(-1.0, 1.0)) for _ in range(self.n)])
        self.c = (ctypes.c_float * self.n)()
        self.registered = []

    def tearDown(self):
        for buf in self.registered:
            LIB.ptx_unregister_host(ctypes.addressof(buf))

    def register(self, buf, size=None):
        self.assertEqual(LIB.ptx_register_host(ctypes.addressof(buf), size or ctypes.sizeof(buf)), 0)
        self.registered.append(buf)

    def launch(self, n, grid):
        # args[i] points at parameter i's value; the buffer parameters' values are host pointers
        vals = [ctypes.c_void_p(ctypes.addressof(x)) for x in (self.a, self.b, self.c)] + [ctypes.c_int32(n)]
        args = (ctypes.c_void_p * 4)(*[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in vals])
        return LIB.ptxsim_ptx_run(VADD, 4, args, 256, 1, 1, grid, 1, 1, 0)

    def check_sums(self, n):
        for i in range(n):
            self.assertEqual(bits(self.c[i]), bits(f32(self.a[i] + self.b[i])), f"element {i}")

    def test_registered_buffers(self):
        for buf in (self.a, self.b, self.c):
            self.register(buf)
        self.assertEqual(self.launch(self.n, (self.n + 255) // 256), 0)
        self.check_sums(self.n)

    def test_unregistered_buffers(self):
        # without registrations the host mappings bound the accesses
        self.assertEqual(self.launch(self.n, (self.n + 255) // 256), 0)
        self.check_sums(self.n)

    def test_bounds_of_registered_memory(self):
        # c registered as 1000 elements: the kernel's store to c[1000] is out of bounds, reported
        # as a fault (no crash), and nothing past the registration is written
        self.register(self.a)
        self.register(self.b)
        self.register(self.c, 1000 * 4)
        self.assertEqual(self.launch(self.n, (self.n + 255) // 256), PTXSIM_ERR_FAULT)
        self.assertTrue(all(self.c[i] == 0.0 for i in range(1000, self.n)))

    def test_bad_ptx(self):
        args = (ctypes.c_void_p * 0)()
        self.assertEqual(LIB.ptxsim_ptx_run(b".version 8.0\n.target sm_90\nthis is not ptx;\n", 0, args,
                                            1, 1, 1, 1, 1, 1, 0), PTXSIM_ERR_PARSE)

    def test_wrong_parameter_count(self):
        args = (ctypes.c_void_p * 1)()
        self.assertEqual(LIB.ptxsim_ptx_run(VADD, 1, args, 32, 1, 1, 1, 1, 1, 0), PTXSIM_ERR_INVALID_ARGUMENT)



def slots(*values):
    """args[] as tinygrad's mock cuLaunchKernel builds it: ctypes.cast(value, c_void_p) per field."""
    return (ctypes.c_void_p * len(values))(*[ctypes.cast(v, ctypes.c_void_p) for v in values])


def wrap32(x):
    return (x + 2**31) % 2**32 - 2**31


class GpuocelotForm(unittest.TestCase):
    """ptx_run(ptx, n, args, block_x, block_y, block_z, grid_x, grid_y, grid_z, shared): args[i] is
    the value; returns nothing; ptxsim_ptx_run_last_status says how it went."""

    def rev_expected(self, inp, block, k, c, h):
        out = []
        for g in range(len(inp)):
            b, t = divmod(g, block)
            out.append(wrap32(inp[b * block + block - 1 - t] * k + (c >> 32) + h))
        return out

    def run_rev(self, block, grid, shared, k, c, h):
        n = block * grid
        rnd = random.Random(14)
        inp = (ctypes.c_int32 * n)(*[rnd.randrange(-2**31, 2**31) for _ in range(n)])
        out = (ctypes.c_int32 * n)()
        args = slots(ctypes.addressof(out), ctypes.addressof(inp), k, c, h)
        self.assertIsNone(LIB.ptx_run(REV, 5, args, block, 1, 1, grid, 1, 1, shared))
        return list(inp), list(out)

    def test_values_in_slots_block_then_grid(self):
        # 3 blocks of 64: were block and grid swapped, each "block" would reverse 3 elements.
        # k = -3 arrives as the 64-bit slot 0xffff...fffd; the kernel's s32 sees its low half.
        c, h = (7 << 32) | 0xDEADBEEF, 0xBEEF
        inp, out = self.run_rev(64, 3, 64 * 4, -3, c, h)
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), 0)
        self.assertEqual(out, self.rev_expected(inp, 64, -3, c, h))

    def test_shared_memory_is_the_size_given(self):
        # 64 threads need 256 bytes: with 128 the upper half of the block stores out of bounds
        inp, out = self.run_rev(64, 1, 128, 1, 0, 0)
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), PTXSIM_ERR_FAULT)
        self.assertEqual(out, [0] * 64)  # the fault stopped the kernel before any global store

    def test_vadd_buffers_and_u32(self):
        rnd = random.Random(9)
        n = 1000
        a = (ctypes.c_float * n)(*[f32(rnd.uniform(-1e3, 1e3)) for _ in range(n)])
        b = (ctypes.c_float * n)(*[f32(rnd.uniform(-1.0, 1.0)) for _ in range(n)])
        c = (ctypes.c_float * n)()
        LIB.ptx_run(VADD, 4, slots(ctypes.addressof(a), ctypes.addressof(b), ctypes.addressof(c), n),
                    128, 1, 1, (n + 127) // 128, 1, 1, 0)
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), 0)
        for i in range(n):
            self.assertEqual(bits(c[i]), bits(f32(a[i] + b[i])), f"element {i}")

    def test_wide_parameter_refused(self):
        LIB.ptx_run(WIDE, 1, slots(0), 1, 1, 1, 1, 1, 1, 0)
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), PTXSIM_ERR_UNSUPPORTED)

    def test_errors_leave_a_status(self):
        LIB.ptx_run(b".version 8.0\n.target sm_90\nthis is not ptx;\n", 0, slots(), 1, 1, 1, 1, 1, 1, 0)
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), PTXSIM_ERR_PARSE)
        LIB.ptx_run(VADD, 3, slots(0, 0, 0), 32, 1, 1, 1, 1, 1, 0)
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT)
        LIB.ptx_run(VADD, 4, slots(0, 0, 0, 0), 0, 1, 1, 1, 1, 1, 0)  # a block of 0 threads
        self.assertEqual(LIB.ptxsim_ptx_run_last_status(), PTXSIM_ERR_INVALID_ARGUMENT)


if __name__ == "__main__":
    unittest.main(verbosity=2)
