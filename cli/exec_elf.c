/* exec_elf.c — what a program's ELF file says about its CUDA runtime: a libcudart.so it needs
 * (then ptxsim's own runtime can stand in, found through LD_LIBRARY_PATH), or the runtime linked
 * in statically (nvcc's default), which talks to the driver through private tables ptxsim does
 * not provide. Every offset read from the file is checked against its size. */
#define _GNU_SOURCE /* memmem */
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exec.h"

typedef struct {
    const unsigned char *p;
    size_t n;
} image;

static bool in_file(const image *im, uint64_t off, uint64_t len) { return off <= im->n && len <= im->n - off; }

/* A NUL-terminated string at off (within the file), or NULL. */
static const char *str_at(const image *im, uint64_t off) {
    if (off >= im->n) return NULL;
    const char *s = (const char *)im->p + off;
    return memchr(s, 0, im->n - off) ? s : NULL;
}

/* The file offset of virtual address va, through the PT_LOAD segments; UINT64_MAX if none. */
static uint64_t va_to_off(const image *im, const Elf64_Ehdr *eh, uint64_t va) {
    for (unsigned i = 0; i < eh->e_phnum; i++) {
        Elf64_Phdr ph;
        memcpy(&ph, im->p + eh->e_phoff + (uint64_t)i * eh->e_phentsize, sizeof ph);
        if (ph.p_type == PT_LOAD && va >= ph.p_vaddr && va - ph.p_vaddr < ph.p_filesz)
            return ph.p_offset + (va - ph.p_vaddr);
    }
    return UINT64_MAX;
}

/* Whether a folder of a run path holds a CUDA driver or runtime library ($ORIGIN is the
 * program's folder). */
static bool folder_has_cuda(const char *dir, size_t len, const char *program) {
    char path[PATH_MAX];
    if (len >= 7 && !strncmp(dir, "$ORIGIN", 7)) {
        const char *slash = strrchr(program, '/');
        int plen = slash ? (int)(slash - program) : 1;
        snprintf(path, sizeof path, "%.*s%.*s", plen, slash ? program : ".", (int)(len - 7), dir + 7);
    } else {
        snprintf(path, sizeof path, "%.*s", (int)len, dir);
    }
    static const char *const libs[] = {"libcuda.so.1", "libcudart.so.13", "libcudart.so.12", "libcudart.so"};
    for (size_t i = 0; i < sizeof libs / sizeof *libs; i++) {
        char lib[PATH_MAX + 32];
        snprintf(lib, sizeof lib, "%s/%s", path, libs[i]);
        if (!access(lib, F_OK)) return true;
    }
    return false;
}

static void dynamic_section(const image *im, const Elf64_Ehdr *eh, const char *program, exec_elf_info *out) {
    uint64_t dyn_off = 0, dyn_size = 0;
    for (unsigned i = 0; i < eh->e_phnum; i++) {
        Elf64_Phdr ph;
        memcpy(&ph, im->p + eh->e_phoff + (uint64_t)i * eh->e_phentsize, sizeof ph);
        if (ph.p_type == PT_DYNAMIC) dyn_off = ph.p_offset, dyn_size = ph.p_filesz;
    }
    if (!dyn_size || !in_file(im, dyn_off, dyn_size)) return;
    uint64_t strtab_va = 0, strsz = 0;
    size_t ndyn = dyn_size / sizeof(Elf64_Dyn);
    for (size_t i = 0; i < ndyn; i++) {
        Elf64_Dyn d;
        memcpy(&d, im->p + dyn_off + i * sizeof d, sizeof d);
        if (d.d_tag == DT_NULL) break;
        if (d.d_tag == DT_STRTAB) strtab_va = d.d_un.d_ptr;
        if (d.d_tag == DT_STRSZ) strsz = d.d_un.d_val;
    }
    uint64_t strtab = va_to_off(im, eh, strtab_va);
    if (strtab == UINT64_MAX || !in_file(im, strtab, strsz)) return;
    for (size_t i = 0; i < ndyn; i++) {
        Elf64_Dyn d;
        memcpy(&d, im->p + dyn_off + i * sizeof d, sizeof d);
        if (d.d_tag == DT_NULL) break;
        if (d.d_tag != DT_NEEDED && d.d_tag != DT_RPATH) continue;
        if (d.d_un.d_val >= strsz) continue;
        const char *s = str_at(im, strtab + d.d_un.d_val);
        if (!s) continue;
        if (d.d_tag == DT_NEEDED && !strncmp(s, "libcudart.so", 12))
            snprintf(out->cudart_needed, sizeof out->cudart_needed, "%s", s);
        if (d.d_tag == DT_RPATH)
            for (const char *p = s; *p;) {
                size_t len = strcspn(p, ":");
                if (len && folder_has_cuda(p, len, program)) out->rpath_has_cuda = true;
                p += len;
                if (*p == ':') p++;
            }
    }
}

/* nvcc puts device code in these sections; with no libcudart.so needed, the runtime that
 * registers it is linked in. */
static bool has_fatbin_section(const image *im, const Elf64_Ehdr *eh) {
    if (!eh->e_shoff || eh->e_shentsize < sizeof(Elf64_Shdr) || eh->e_shstrndx >= eh->e_shnum ||
        !in_file(im, eh->e_shoff, (uint64_t)eh->e_shnum * eh->e_shentsize))
        return false;
    Elf64_Shdr names;
    memcpy(&names, im->p + eh->e_shoff + (uint64_t)eh->e_shstrndx * eh->e_shentsize, sizeof names);
    if (!in_file(im, names.sh_offset, names.sh_size)) return false;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        Elf64_Shdr sh;
        memcpy(&sh, im->p + eh->e_shoff + (uint64_t)i * eh->e_shentsize, sizeof sh);
        if (sh.sh_name >= names.sh_size) continue;
        const char *name = str_at(im, names.sh_offset + sh.sh_name);
        if (name && (!strcmp(name, ".nv_fatbin") || !strcmp(name, ".nvFatBinSegment"))) return true;
    }
    return false;
}

void exec_elf_inspect(const char *path, exec_elf_info *out) {
    memset(out, 0, sizeof *out);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0) return;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
        close(fd);
        return;
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return;
    image im = {map, (size_t)st.st_size};
    Elf64_Ehdr eh;
    memcpy(&eh, im.p, sizeof eh);
    if (!memcmp(eh.e_ident, ELFMAG, SELFMAG) && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
        eh.e_ident[EI_DATA] == ELFDATA2LSB && eh.e_phentsize >= sizeof(Elf64_Phdr) &&
        in_file(&im, eh.e_phoff, (uint64_t)eh.e_phnum * eh.e_phentsize)) {
        out->elf = true;
        dynamic_section(&im, &eh, path, out);
        /* the static runtime's entry point for the driver's private tables: its name is in every
         * program that links it, stripped or not */
        static const char marker[] = "cudaGetExportTable";
        out->static_cudart =
            !out->cudart_needed[0] && (memmem(im.p, im.n, marker, sizeof marker) || has_fatbin_section(&im, &eh));
    }
    munmap(map, im.n);
}
