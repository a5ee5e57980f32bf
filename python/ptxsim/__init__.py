"""ptxsim for Python: PTX kernels run on the CPU by libptxsim, with numpy arrays in and out and the
checkers' report as an object. The shape is PyCUDA's and CuPy's::

    import numpy as np, ptxsim
    vadd = ptxsim.Module(open("vadd.ptx").read()).get_function("vadd")
    a = np.arange(1000, dtype=np.float32); b = np.ones(1000, np.float32); c = np.zeros(1000, np.float32)
    res = vadd((4, 1, 1), (256, 1, 1), (a, b, c, np.int32(1000)), check=True)
    res.outputs[2]            # c after the kernel (c itself is updated in place too)
    res.report.findings       # races, out-of-bounds accesses, bank conflicts ... (docs/checkers.md)

Arrays are copied to simulated device memory before the launch and back afterwards (In(a): only
to the device, Out(a): only back); scalars are packed to their parameter's size, and a value
that does not fit it is refused. ctypes only, no compiled extension (docs/python.md)."""
import ctypes
import struct

from . import _lib

__all__ = ["Module", "Kernel", "Result", "Report", "Finding", "In", "Out", "InOut", "PtxsimError", "CHECKS"]

CHECKS = {"bank": 1, "coalesce": 2, "divergence": 4, "race": 8, "barrier": 16, "memory": 32, "init": 64}
_SEVERITY = ("note", "warning", "error")
_lib_handle = None


def _L():
    global _lib_handle
    if _lib_handle is None:
        _lib_handle = _lib.load()
    return _lib_handle


class PtxsimError(Exception):
    """A libptxsim call failed; .status is its ptxsim_status, .diagnostics the located messages."""

    def __init__(self, message, status=None, diagnostics=()):
        super().__init__(message)
        self.status, self.diagnostics = status, list(diagnostics)


class _Dir:
    def __init__(self, array):
        self.array = array


class In(_Dir):
    """Copy the array to the device only."""
    to_dev, from_dev = True, False


class Out(_Dir):
    """Copy the array back only (the device buffer starts as zero bytes)."""
    to_dev, from_dev = False, True


class InOut(_Dir):
    """Copy both ways (what a bare array does)."""
    to_dev, from_dev = True, True


class Finding:
    """One checker finding (DESIGN §6 kinds): kind, severity, message, PTX line, CUDA source
    (file index, line), block and thread, address, how many occurrences it folds."""

    def __init__(self, f):
        self.kind = f.kind.decode()
        self.severity = _SEVERITY[f.severity] if 0 <= f.severity < 3 else str(f.severity)
        self.message = f.message.decode() if f.message else ""
        self.ptx_line = f.ptx_line
        self.source = (f.source_file, f.source_line) if f.source_line else None
        self.block, self.thread = tuple(f.block), tuple(f.thread)
        self.address = f.address if f.has_address else None
        self.count = f.count

    def __repr__(self):
        return f"<Finding {self.severity} {self.kind} line {self.ptx_line}: {self.message}>"


class Report:
    """A launch's statistics, fault, findings and printed output."""

    def __init__(self, lib, r):
        s = lib.ptxsim_report_stats(r).contents
        self.stats = {f: getattr(s, f) for f in ("warp_instructions", "thread_instructions", "ctas", "branches",
                                                  "divergent_branches")}
        for grp in ("shared_load", "shared_store", "shared_atomic"):
            g = getattr(s, grp)
            self.stats[grp] = {"instructions": g.instructions, "wavefronts": g.wavefronts,
                               "bank_conflicts": g.bank_conflicts}
        for grp in ("global_load", "global_store"):
            g = getattr(s, grp)
            self.stats[grp] = {"requests": g.requests, "sectors": g.sectors}
        fp = lib.ptxsim_report_fault(r)
        self.fault = None
        if fp:
            f = fp.contents
            self.fault = {"kind": (f.fault_kind or f.kind or b"").decode(),
                          "message": (f.message or b"").decode(), "ptx_line": f.ptx_line,
                          "block": tuple(f.block), "thread": tuple(f.thread)}
        self.findings = []
        for i in range(lib.ptxsim_report_finding_count(r)):
            f = _lib.Finding()
            if lib.ptxsim_report_finding(r, i, ctypes.byref(f)):
                self.findings.append(Finding(f))
        n = ctypes.c_size_t()
        out = lib.ptxsim_report_output(r, ctypes.byref(n))
        self.output = out[:n.value].decode(errors="replace") if out else ""
        self.has_errors = bool(lib.ptxsim_report_has_errors(r))

    def __repr__(self):
        return (f"<Report {self.stats['warp_instructions']} warp instructions, {len(self.findings)} findings"
                f"{', fault ' + self.fault['kind'] if self.fault else ''}>")


class Result:
    """What a launch gives back: .outputs (one entry per parameter: the array after the kernel, or
    None for scalars and In arrays) and .report."""

    def __init__(self, outputs, report):
        self.outputs, self.report = outputs, report


class Kernel:
    def __init__(self, module, handle, name):
        self._m, self._k, self.name = module, handle, name
        lib = _L()
        self.params = []
        for i in range(lib.ptxsim_kernel_param_count(handle)):
            d = _lib.ParamDesc()
            lib.ptxsim_kernel_param_desc(handle, i, ctypes.byref(d))
            self.params.append({"name": d.name.decode(), "type": d.type.decode(), "size": d.size,
                                "pointer": bool(d.used_as_address or d.declared_pointer)})

    def __call__(self, grid, block, args, shared=0, check=False, cluster=(0, 0, 0)):
        """Runs the kernel. grid/block: up to three ints; args: one per parameter (numpy array,
        In/Out/InOut, numpy scalar, int, float or bytes); check: True for every checker, or an
        iterable of CHECKS names. Raises PtxsimError when the launch cannot run; a kernel fault
        is not an exception but result.report.fault, as on a GPU (the arrays are then not
        copied back)."""
        import numpy as np
        lib, ctx = _L(), self._m._ctx
        if len(args) != len(self.params):
            raise PtxsimError(f"{self.name} takes {len(self.params)} parameters, {len(args)} given")
        opts = _lib.Options()
        lib.ptxsim_context_get_options(ctx, ctypes.byref(opts))
        opts.checks = 0x7F if check is True else (sum(CHECKS[c] for c in check) if check else 0)
        lib.ptxsim_context_set_options(ctx, ctypes.byref(opts))
        values, allocs, copies = [], [], []
        try:
            for i, (a, p) in enumerate(zip(args, self.params)):
                values.append(self._pack(i, a, p, np, allocs, copies))
            arr = (ctypes.c_void_p * len(values))(*[ctypes.cast(v, ctypes.c_void_p) for v in values])
            cfg = _lib.LaunchConfig()
            cfg.grid[:] = _dim3(grid)
            cfg.block[:] = _dim3(block)
            cfg.shared_bytes = shared
            cfg.args = arr
            cfg.cluster[:] = tuple(cluster)
            rep = ctypes.c_void_p()
            st = lib.ptxsim_launch(ctx, self._k, ctypes.byref(cfg), ctypes.byref(rep))
            if not rep.value:
                raise PtxsimError(f"{self.name}: {lib.ptxsim_status_string(st).decode()}: "
                                  f"{lib.ptxsim_context_message(ctx).decode()}", st)
            report = Report(lib, rep)
            lib.ptxsim_report_free(rep)
            outputs = [None] * len(args)
            if report.fault is None:
                for i, addr, host, nbytes in copies:
                    _check(lib, ctx, lib.ptxsim_mem_read(ctx, host.ctypes.data, addr, nbytes), "copy back")
                    outputs[i] = host
            return Result(outputs, report)
        finally:
            for addr in allocs:
                lib.ptxsim_mem_free(ctx, addr)

    def _pack(self, i, a, p, np, allocs, copies):
        lib, ctx = _L(), self._m._ctx
        d = a if isinstance(a, _Dir) else None
        arr = d.array if d else a
        if isinstance(arr, np.ndarray):
            if not arr.flags["C_CONTIGUOUS"]:
                raise PtxsimError(f"parameter {i} ({p['name']}): the array must be C-contiguous")
            if p["size"] != 8:
                raise PtxsimError(f"parameter {i} ({p['name']}) is a .{p['type']}, not an address: pass a scalar")
            addr = ctypes.c_uint64()
            _check(lib, ctx, lib.ptxsim_mem_alloc(ctx, max(arr.nbytes, 1), p["name"].encode(), ctypes.byref(addr)),
                   f"parameter {i}")
            allocs.append(addr.value)
            if d is None or d.to_dev:
                _check(lib, ctx, lib.ptxsim_mem_write(ctx, addr.value, arr.ctypes.data, arr.nbytes), f"parameter {i}")
            else:
                zero = bytes(arr.nbytes)
                _check(lib, ctx, lib.ptxsim_mem_write(ctx, addr.value, zero, arr.nbytes), f"parameter {i}")
            if d is None or d.from_dev:
                copies.append((i, addr.value, arr, arr.nbytes))
            return ctypes.pointer(ctypes.c_uint64(addr.value))
        if isinstance(arr, (bytes, bytearray)):
            raw = bytes(arr)
        elif isinstance(arr, np.generic):
            raw = arr.tobytes()
        elif isinstance(arr, bool) or not isinstance(arr, (int, float)):
            raise PtxsimError(f"parameter {i} ({p['name']}): cannot pass a {type(arr).__name__}")
        else:
            raw = _pack_python(i, arr, p)
        if len(raw) != p["size"]:
            raise PtxsimError(f"parameter {i} ({p['name']}) is {p['size']} bytes (.{p['type']}); "
                              f"the value given is {len(raw)} bytes")
        return ctypes.create_string_buffer(raw, len(raw))


def _pack_python(i, v, p):
    t, n = p["type"], p["size"]
    if isinstance(v, float) or t.startswith("f"):
        if t not in ("f32", "f64"):
            raise PtxsimError(f"parameter {i} ({p['name']}) is .{t}; pass a numpy scalar of that type")
        return struct.pack("<f" if n == 4 else "<d", v)
    lo, hi = (-(1 << (8 * n - 1)), (1 << (8 * n)) - 1)
    if not lo <= v <= hi:
        raise PtxsimError(f"parameter {i} ({p['name']}): {v} does not fit .{t}")
    return (v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")


def _dim3(d):
    d = (d,) if isinstance(d, int) else tuple(d)
    if not 1 <= len(d) <= 3:
        raise PtxsimError("a grid or block has one to three dimensions")
    return d + (1,) * (3 - len(d))


def _check(lib, ctx, st, what):
    if st != 0:
        raise PtxsimError(f"{what}: {lib.ptxsim_status_string(st).decode()}: {lib.ptxsim_context_message(ctx).decode()}",
                          st)


class Module:
    """A PTX module on its own simulated device (arch: "sm_90" …; None: the module's .target)."""

    def __init__(self, ptx, arch=None, name="module.ptx"):
        lib = _L()
        self._ctx = ctypes.c_void_p()
        err = ctypes.c_char_p()
        st = lib.ptxsim_context_create(arch.encode() if arch else None, ctypes.byref(self._ctx), ctypes.byref(err))
        if st != 0:
            self._ctx = None
            raise PtxsimError(f"arch {arch!r}: {(err.value or b'').decode()}", st)
        src = ptx.encode() if isinstance(ptx, str) else bytes(ptx)
        self._mod, diags = ctypes.c_void_p(), ctypes.c_void_p()
        st = lib.ptxsim_module_load(self._ctx, name.encode(), src, len(src), ctypes.byref(self._mod),
                                    ctypes.byref(diags))
        msgs = []
        if diags.value:
            for i in range(lib.ptxsim_diagnostics_count(diags)):
                d = lib.ptxsim_diagnostics_get(diags, i).contents
                level = ("error", "warning", "note")[d.level] if 0 <= d.level < 3 else "?"
                msgs.append(f"{(d.file or b'').decode()}:{d.line}:{d.col}: {level}: {d.message.decode()}")
            lib.ptxsim_diagnostics_free(diags)
        self.diagnostics = msgs
        if st != 0:
            lib.ptxsim_context_destroy(self._ctx)
            self._ctx = None
            raise PtxsimError(f"{name}: {lib.ptxsim_status_string(st).decode()}" +
                              "".join("\n" + m for m in msgs if ": error:" in m), st, msgs)

    @classmethod
    def from_file(cls, path, arch=None):
        with open(path, "rb") as f:
            return cls(f.read(), arch, name=path)

    @property
    def kernels(self):
        lib = _L()
        return [lib.ptxsim_module_kernel_name(self._mod, i).decode()
                for i in range(lib.ptxsim_module_kernel_count(self._mod))]

    def get_function(self, name):
        """The kernel by its name as in the PTX, or by its plain C++ name when that names one
        kernel (block_scan for _Z10block_scanPKiPii)."""
        lib, names = _L(), self.kernels
        hits = [n for n in names if n == name] or [n for n in names if _base_name(n) == name]
        if len(hits) != 1:
            what = "no kernel" if not hits else f"{len(hits)} kernels"
            raise PtxsimError(f"{what} named {name!r}; the module's kernels: {', '.join(names) or 'none'}")
        k = ctypes.c_void_p()
        _check(lib, self._ctx, lib.ptxsim_module_kernel(self._mod, hits[0].encode(), ctypes.byref(k)), hits[0])
        return Kernel(self, k, hits[0])

    def __del__(self):
        if getattr(self, "_ctx", None):
            _L().ptxsim_context_destroy(self._ctx)
            self._ctx = None


def _base_name(m):
    """The unqualified name of an Itanium-mangled function name (the last component)."""
    if not m.startswith("_Z"):
        return m
    i, nested, last = 2, m[2:3] == "N", None
    i += nested
    while i < len(m) and m[i] in "KVr":
        i += 1
    while i < len(m) and m[i].isdigit():
        j = i
        while j < len(m) and m[j].isdigit():
            j += 1
        n = int(m[i:j])
        last, i = m[j:j + n], j + n
        if not nested:
            break
    return last or m
