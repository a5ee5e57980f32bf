/* gpu.h — differential testing against hardware (DESIGN §5): runs a manifest's launch on an NVIDIA
 * GPU through the CUDA driver API (libcuda.so.1, loaded at run time, so every build runs where
 * there is no GPU and says so), names the recorded outputs committed next to a case, and compares
 * buffers element by element with typed values and ULP distances.
 *
 * The harness is a client of libptxsim: it sees a case only through api/ptxsim.h (ptxsim_case),
 * and element types are PTX type names ("f32", "s32", "bf16"). This header and ptxsim.h are all
 * the CLI includes (tests/check_includes.sh). */
#ifndef PTXSIM_GPU_H
#define PTXSIM_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ptxsim.h"

typedef enum {
    PS_GPU_OK,
    PS_GPU_NO_DRIVER,    /* libcuda.so.1 cannot be loaded or lacks an entry point */
    PS_GPU_NO_DEVICE,    /* the driver loads but finds no usable GPU */
    PS_GPU_BAD_INPUT,    /* manifest, PTX file or parameters (ptxsim reads the manifest) */
    PS_GPU_JIT_ERROR,    /* the driver rejected the PTX; its log is in ps_gpu_jit_log */
    PS_GPU_LAUNCH_ERROR, /* the launch failed or the kernel faulted on the GPU */
    PS_GPU_CUDA_ERROR,   /* any other driver call failed */
} ps_gpu_status;

const char *ps_gpu_status_str(ps_gpu_status s);

typedef struct ps_gpu ps_gpu; /* a loaded driver, one device and a context on it */

typedef struct {
    char name[256]; /* cuDeviceGetName, e.g. "NVIDIA H200" */
    int ordinal;
    int sm_major, sm_minor;
    int driver_version; /* cuDriverGetVersion: the CUDA API version, 13000 = 13.0 */
    int shared_optin;   /* most dynamic shared memory a block may opt in to, bytes */
} ps_gpu_info;

/* Loads the driver (libcuda.so.1, or the library named by $PTXSIM_LIBCUDA) and creates a context
 * on device `ordinal`. Without a driver: PS_GPU_NO_DRIVER and "no CUDA driver found
 * (libcuda.so.1: <why>)" in err; with a driver but no GPU: PS_GPU_NO_DEVICE. */
ps_gpu_status ps_gpu_open(int ordinal, ps_gpu **out, char *err, size_t errlen);
void ps_gpu_close(ps_gpu *g);
const ps_gpu_info *ps_gpu_describe(const ps_gpu *g);
/* The driver's JIT log (info and error) of the latest ps_gpu_run; "" when empty. */
const char *ps_gpu_jit_log(const ps_gpu *g);

/* Final contents of every manifest buffer after a GPU launch, in manifest order. */
typedef struct {
    char *name;
    char *type; /* element type, PTX name ("f32") */
    uint64_t count, bytes;
    uint8_t *data;
} ps_gpu_buffer;

typedef struct {
    ps_gpu_buffer *bufs;
    int nbufs;
    double seconds; /* launch to synchronisation, wall clock */
} ps_gpu_output;

/* Runs one case on the GPU: its buffers are filled and its parameters packed by
 * ptxsim_case_prepare on a private simulator context, exactly as for the simulator (parameter
 * offsets from ptxsim's parser), the PTX file is JIT-compiled by the driver as written, launched,
 * synchronised and copied back. A failed launch leaves the context unusable; the next run
 * creates a fresh one. ps_gpu_run loads the manifest at manifest_path first. */
ps_gpu_status ps_gpu_run(ps_gpu *g, const char *manifest_path, ps_gpu_output *out, char *err, size_t errlen);
ps_gpu_status ps_gpu_run_case(ps_gpu *g, ptxsim_case *c, ps_gpu_output *out, char *err, size_t errlen);
void ps_gpu_output_free(ps_gpu_output *o);
const ps_gpu_buffer *ps_gpu_output_find(const ps_gpu_output *o, const char *name);
/* Writes DIR/<buffer>.bin for every buffer, like `ptxsim run --out DIR` (creates DIR);
 * PS_GPU_BAD_INPUT with the reason in err when a file cannot be written. */
ps_gpu_status ps_gpu_write_outputs(const ps_gpu_output *o, const char *dir, char *err, size_t errlen);

/* ---- recorded outputs ----------------------------------------------------------------------
 * A GPU's output for buffer B of manifest DIR/case.json is committed as DIR/B.gpu.bin. When DIR
 * holds several case*.json manifests (one per architecture: case.sm_80.json, case.sm_90.json),
 * each gets its own file, named by the manifest's tag (the name between "case." and ".json"):
 * DIR/B.sm_80.gpu.bin. Provenance is DIR/gpu.provenance.json. */
char *ps_gpu_recording_name(const char *manifest_path, const char *buffer); /* file name, malloc'd */
char *ps_gpu_recording_path(const char *manifest_path, const char *buffer); /* beside the manifest */

/* ---- comparison ---------------------------------------------------------------------------
 * `type` is a PTX type name of 1 to 8 bytes (a case buffer's ptxsim_case_buffer_info.type); a
 * name that is not a type counts as raw bytes of 1. */
bool ps_gpu_type_is_float(const char *type); /* f16, bf16, f32, f64: compared with ULPs and tolerances */
int ps_gpu_type_size(const char *type);      /* bytes per element */
/* Value of one element as a double (floats decoded, integers converted). */
double ps_gpu_elem_value(uint64_t bits, const char *type);
/* Distance in units in the last place between two values of float type t (bits as stored):
 * the number of representable values between them, +0 and -0 being one value. UINT64_MAX when
 * either is a NaN or t is not a float type. */
uint64_t ps_gpu_ulp_distance(uint64_t a, uint64_t b, const char *type);
/* Whether `got` matches `want`: bit for bit, or within tol (NULL or !has_tolerance: exact) the
 * way `ptxsim run` applies an expect tolerance: two NaNs match, |got-want| <= abs + rel·|want|,
 * or both finite and at most `ulp` apart. */
bool ps_gpu_elem_match(uint64_t got, uint64_t want, const char *type, const ptxsim_case_expect *tol);

enum { PS_GPU_SHOWN = 8 };

typedef struct {
    uint64_t index, got, want; /* element bits */
    uint64_t ulp;              /* ps_gpu_ulp_distance, UINT64_MAX when not defined */
} ps_gpu_diff;

typedef struct {
    uint64_t mismatches;        /* elements that do not match */
    uint64_t first;             /* index of the first, when any */
    uint64_t max_ulp;           /* largest defined ULP distance among mismatches (floats), 0 if none */
    uint64_t tolerated;         /* elements that differ in their bits but pass the tolerance */
    uint64_t tolerated_max_ulp; /* largest defined ULP distance among those */
    int nshown;
    ps_gpu_diff shown[PS_GPU_SHOWN]; /* the first mismatches */
} ps_gpu_cmp;

/* Compares `count` little-endian elements of type t. */
void ps_gpu_compare(const void *got, const void *want, const char *type, uint64_t count, const ptxsim_case_expect *tol,
                    ps_gpu_cmp *res);
/* "-3 (0xfffffffd)", "1.5 (0x3fc00000)", …: the typed value and its bits. */
void ps_gpu_format_elem(char *buf, size_t n, uint64_t bits, const char *type);

/* gpu/tensormap.c: the driver's CUtensorMap for a manifest tensor map over device address dptr,
 * made with cuTensorMapEncodeTiled from the driver library `lib` (dlopen handle). */
ps_gpu_status ps_gpu_tensormap_encode(void *lib, const ptxsim_tensormap *t, uint64_t dptr, uint8_t out[128], char *err,
                                      size_t errlen);

#endif
