#!/usr/bin/env python3
"""ptx_run through ctypes, the way mock-GPU test suites call it (tinygrad's mock CUDA backend calls
gpuocelot's function of this signature): the corpus kernel vadd_f32 runs on Python-owned host
memory, checked against sums computed here (float32 addition through double then rounding to
float32 is correctly rounded: 53 >= 2*24+2). Usage: test_ptx_run.py LIBPTXSIM.so REPO_ROOT"""
import ctypes
import os
import random
import struct
import sys
import unittest

LIB = ctypes.CDLL(sys.argv[1])
ROOT = sys.argv[2]
del sys.argv[1:3]
LIB.ptx_run.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.c_int,
                        ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
LIB.ptx_run.restype = ctypes.c_int
LIB.ptx_register_host.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
LIB.ptx_unregister_host.argtypes = [ctypes.c_void_p]

with open(os.path.join(ROOT, "corpus/vadd/vadd.sm_90.ptx"), "rb") as f:
    VADD = f.read()

PTXSIM_ERR_FAULT = 8  # ptxsim.h: PTXSIM_STATUS_LIST order


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


class PtxRun(unittest.TestCase):
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
        return LIB.ptx_run(VADD, 4, args, 256, 1, 1, grid, 1, 1, 0)

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
        self.assertNotEqual(LIB.ptx_run(b".version 8.0\n.target sm_90\nthis is not ptx;\n", 0, args,
                                        1, 1, 1, 1, 1, 1, 0), 0)

    def test_wrong_parameter_count(self):
        args = (ctypes.c_void_p * 1)()
        self.assertNotEqual(LIB.ptx_run(VADD, 1, args, 32, 1, 1, 1, 1, 1, 0), 0)


if __name__ == "__main__":
    unittest.main(verbosity=2)
