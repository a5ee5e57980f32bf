"""The ctypes view of libptxsim (api/ptxsim.h): the library, its structs and signatures."""
import ctypes
import ctypes.util
import os

c_u64, c_u32 = ctypes.c_uint64, ctypes.c_uint


class Options(ctypes.Structure):
    _fields_ = [("checks", ctypes.c_uint), ("threads", ctypes.c_int), ("watchdog", c_u64),
                ("schedule_seed", c_u64), ("max_memory", c_u64), ("timeout", ctypes.c_double),
                ("progress", ctypes.c_bool)]


class LaunchConfig(ctypes.Structure):
    _fields_ = [("grid", c_u32 * 3), ("block", c_u32 * 3), ("shared_bytes", c_u32),
                ("args", ctypes.POINTER(ctypes.c_void_p)), ("param_buffer", ctypes.c_void_p),
                ("param_buffer_size", ctypes.c_size_t), ("uninitialized", ctypes.c_void_p),
                ("n_uninitialized", ctypes.c_int), ("cluster", c_u32 * 3)]


class _Shared(ctypes.Structure):
    _fields_ = [("instructions", c_u64), ("wavefronts", c_u64), ("bank_conflicts", c_u64)]


class _Global(ctypes.Structure):
    _fields_ = [("requests", c_u64), ("sectors", c_u64)]


class Stats(ctypes.Structure):
    _fields_ = [("warp_instructions", c_u64), ("thread_instructions", c_u64), ("ctas", c_u64),
                ("branches", c_u64), ("divergent_branches", c_u64),
                ("shared_load", _Shared), ("shared_store", _Shared), ("shared_atomic", _Shared),
                ("global_load", _Global), ("global_store", _Global), ("seconds", ctypes.c_double)]


class Fault(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_char_p), ("fault_kind", ctypes.c_char_p), ("message", ctypes.c_char_p),
                ("ptx_line", ctypes.c_int), ("function", ctypes.c_char_p), ("block", c_u32 * 3),
                ("thread", c_u32 * 3), ("ptx_file", ctypes.c_char_p)]


class Finding(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_char_p), ("severity", ctypes.c_int), ("message", ctypes.c_char_p),
                ("ptx_line", ctypes.c_int), ("source_file", ctypes.c_int), ("source_line", ctypes.c_int),
                ("block", c_u32 * 3), ("thread", c_u32 * 3), ("address", c_u64), ("has_address", ctypes.c_bool),
                ("count", c_u64)]


class ParamDesc(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("type", ctypes.c_char_p), ("size", ctypes.c_size_t),
                ("align", ctypes.c_size_t), ("vector", ctypes.c_int), ("is_array", ctypes.c_bool),
                ("declared_pointer", ctypes.c_bool), ("used_as_address", ctypes.c_bool),
                ("access_type", ctypes.c_char_p), ("access_line", ctypes.c_int)]


class Diagnostic(ctypes.Structure):
    _fields_ = [("level", ctypes.c_int), ("file", ctypes.c_char_p), ("line", ctypes.c_int), ("col", ctypes.c_int),
                ("message", ctypes.c_char_p)]


def _find():
    """$PTXSIM_LIB, else the build tree next to this package (build*/api/libptxsim.so), else the
    system's library path."""
    env = os.environ.get("PTXSIM_LIB")
    if env:
        return env
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for b in ("build", "build-release"):
        p = os.path.join(root, b, "api", "libptxsim.so")
        if os.path.exists(p):
            return p
    found = ctypes.util.find_library("ptxsim")
    if not found:
        raise OSError("libptxsim.so not found: set PTXSIM_LIB to its path (it is built as build/api/libptxsim.so)")
    return found


P = ctypes.c_void_p
_SIGS = {
    "ptxsim_status_string": (ctypes.c_char_p, [ctypes.c_int]),
    "ptxsim_context_create": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(P), ctypes.POINTER(ctypes.c_char_p)]),
    "ptxsim_context_destroy": (None, [P]),
    "ptxsim_context_message": (ctypes.c_char_p, [P]),
    "ptxsim_context_get_options": (None, [P, ctypes.POINTER(Options)]),
    "ptxsim_context_set_options": (ctypes.c_int, [P, ctypes.POINTER(Options)]),
    "ptxsim_module_load": (ctypes.c_int, [P, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                                          ctypes.POINTER(P), ctypes.POINTER(P)]),
    "ptxsim_module_kernel_count": (ctypes.c_int, [P]),
    "ptxsim_module_kernel_name": (ctypes.c_char_p, [P, ctypes.c_int]),
    "ptxsim_module_kernel": (ctypes.c_int, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
    "ptxsim_kernel_param_count": (ctypes.c_int, [P]),
    "ptxsim_kernel_param": (ctypes.c_bool, [P, ctypes.c_int, ctypes.POINTER(ctypes.c_size_t),
                                            ctypes.POINTER(ctypes.c_size_t)]),
    "ptxsim_kernel_params_size": (ctypes.c_size_t, [P]),
    "ptxsim_kernel_param_desc": (ctypes.c_bool, [P, ctypes.c_int, ctypes.POINTER(ParamDesc)]),
    "ptxsim_diagnostics_count": (ctypes.c_int, [P]),
    "ptxsim_diagnostics_get": (ctypes.POINTER(Diagnostic), [P, ctypes.c_int]),
    "ptxsim_diagnostics_free": (None, [P]),
    "ptxsim_mem_alloc": (ctypes.c_int, [P, c_u64, ctypes.c_char_p, ctypes.POINTER(c_u64)]),
    "ptxsim_mem_free": (ctypes.c_int, [P, c_u64]),
    "ptxsim_mem_write": (ctypes.c_int, [P, c_u64, P, ctypes.c_size_t]),
    "ptxsim_mem_read": (ctypes.c_int, [P, P, c_u64, ctypes.c_size_t]),
    "ptxsim_launch": (ctypes.c_int, [P, P, ctypes.POINTER(LaunchConfig), ctypes.POINTER(P)]),
    "ptxsim_report_stats": (ctypes.POINTER(Stats), [P]),
    "ptxsim_report_fault": (ctypes.POINTER(Fault), [P]),
    "ptxsim_report_finding_count": (ctypes.c_int, [P]),
    "ptxsim_report_finding": (ctypes.c_bool, [P, ctypes.c_int, ctypes.POINTER(Finding)]),
    "ptxsim_report_has_errors": (ctypes.c_bool, [P]),
    "ptxsim_report_output": (ctypes.c_char_p, [P, ctypes.POINTER(ctypes.c_size_t)]),
    "ptxsim_report_free": (None, [P]),
}


def load():
    lib = ctypes.CDLL(_find())
    for name, (res, args) in _SIGS.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib
