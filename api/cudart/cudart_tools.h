/* cudart_tools.h — the part of ptxsim's CUDA runtime that other tools use: reading the fat
 * binaries nvcc embeds in host programs (entries, PTX extraction with zstd/LZ4 decompression, the
 * choice among several PTX versions), and recognising a program that links the CUDA runtime
 * statically (docs/cudart.md). Library ps_cudart_tools; no CUDA headers needed. */
#ifndef PTXSIM_CUDART_TOOLS_H
#define PTXSIM_CUDART_TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PS_FATBIN_MAGIC         0xBA55ED50u /* the fat binary's header */
#define PS_FATBIN_WRAPPER_MAGIC 0x466243B1u /* __fatBinC_Wrapper_t, what __cudaRegisterFatBinary gets */

enum { PS_FATBIN_PTX = 1, PS_FATBIN_ELF = 2 };
/* Entry flags (measured on nvcc 13.0 output: docs/cudart.md, "Fat binaries"). */
#define PS_FATBIN_FLAG_LZ4  0x2000u
#define PS_FATBIN_FLAG_ZSTD 0x8000u

typedef struct {
    int kind;                         /* PS_FATBIN_PTX, PS_FATBIN_ELF, or another number */
    int arch;                         /* 90 for compute_90 / sm_90 */
    int version_major, version_minor; /* PTX ISA version of a PTX entry */
    uint64_t flags;
    const uint8_t *payload;
    size_t payload_bytes; /* stored bytes (compressed size when compressed) */
    size_t plain_bytes;   /* decompressed size (0 when not compressed) */
} ps_fatbin_entry;

/* Reads the fat binary at `data` (its header says how long it is; `limit` bounds that when it is
 * not 0). Fills up to max entries and returns how many there are, or -1 with a message in err
 * when the bytes are not a well-formed fat binary. */
int ps_fatbin_entries(const void *data, size_t limit, ps_fatbin_entry *out, int max, char *err, size_t errlen);

/* The PTX text of a PTX entry, decompressed when it is compressed (zstd or LZ4), NUL-terminated,
 * malloc'ed (the caller frees); NULL with a message in err when it cannot be read. */
char *ps_fatbin_ptx(const ps_fatbin_entry *e, size_t *len, char *err, size_t errlen);

/* Which PTX entry runs on an sm_<sm> machine: among the PTX entries for an architecture not newer
 * than sm, the newest architecture, then the newest PTX version. -1 when there is none. */
int ps_fatbin_choose_ptx(const ps_fatbin_entry *e, int n, int sm);

/* Whether the ELF executable or shared object at path carries its own copy of the CUDA runtime
 * (nvcc's default, -cudart static): it defines __cudaRegisterFatBinary itself instead of importing
 * it from libcudart.so. 1: static, 0: not (shared cudart, or no CUDA at all), -1: the file cannot
 * be read as a 64-bit little-endian ELF (docs/cudart.md, "Static cudart"). */
int ps_cudart_is_static(const char *elf_path);

#ifdef __cplusplus
}
#endif

#endif
