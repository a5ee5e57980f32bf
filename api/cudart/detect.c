/* detect.c — ps_cudart_is_static: does an ELF file carry its own copy of the CUDA runtime?
 *
 * The rule (docs/cudart.md, "Static cudart"): a program with device code has a .nvFatBinSegment
 * section (the wrappers it hands to __cudaRegisterFatBinary). Built with -cudart shared it imports
 * __cudaRegisterFatBinary from libcudart.so (an undefined dynamic symbol); built with nvcc's
 * default static runtime it does not, because the runtime's copy inside it defines the function.
 * An unstripped file that defines __cudaRegisterFatBinary in .symtab is static whatever its
 * sections say. */
#include <elf.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cudart_tools.h"

typedef struct {
    const uint8_t *b;
    size_t n;
} image;

static bool in(const image *im, uint64_t off, uint64_t len) { return off <= im->n && len <= im->n - off; }

/* Section header i, copied (a crafted file may misalign it). */
static bool section(const image *im, const Elf64_Ehdr *eh, unsigned i, Elf64_Shdr *out) {
    if (i >= eh->e_shnum || eh->e_shoff > im->n) return false;
    uint64_t off = eh->e_shoff + (uint64_t)i * eh->e_shentsize;
    if (!in(im, off, sizeof *out)) return false;
    memcpy(out, im->b + off, sizeof *out);
    return true;
}

/* In symbol table `sh` (with its string table), whether `name` appears: *defined says whether a
 * matching entry is defined. Returns false when it does not appear. */
static bool find_symbol(const image *im, const Elf64_Ehdr *eh, const Elf64_Shdr *sh, const char *name, bool *defined) {
    Elf64_Shdr strh, *str = &strh;
    if (!section(im, eh, sh->sh_link, str) || !in(im, sh->sh_offset, sh->sh_size) ||
        !in(im, str->sh_offset, str->sh_size) || sh->sh_entsize != sizeof(Elf64_Sym))
        return false;
    bool found = false;
    size_t len = strlen(name);
    for (uint64_t k = 0; k < sh->sh_size / sizeof(Elf64_Sym); k++) {
        Elf64_Sym s;
        memcpy(&s, im->b + sh->sh_offset + k * sizeof s, sizeof s);
        if (s.st_name >= str->sh_size || str->sh_size - s.st_name <= len) continue;
        const char *p = (const char *)im->b + str->sh_offset + s.st_name;
        if (memcmp(p, name, len) || (p[len] && p[len] != '@')) continue;
        found = true;
        if (s.st_shndx != SHN_UNDEF) *defined = true;
    }
    return found;
}

static int classify(const image *im) {
    if (im->n < sizeof(Elf64_Ehdr)) return -1;
    Elf64_Ehdr ehdr, *eh = &ehdr;
    memcpy(eh, im->b, sizeof *eh);
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_ident[EI_DATA] != ELFDATA2LSB || eh->e_shentsize != sizeof(Elf64_Shdr))
        return -1;
    Elf64_Shdr namesh, *names = &namesh;
    if (!section(im, eh, eh->e_shstrndx, names) || !in(im, names->sh_offset, names->sh_size)) return -1;
    bool fatbins = false, imported = false, defined = false;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        Elf64_Shdr shdr, *sh = &shdr;
        if (!section(im, eh, i, sh)) return -1;
        if (sh->sh_name < names->sh_size) {
            const char *nm = (const char *)im->b + names->sh_offset + sh->sh_name;
            size_t room = names->sh_size - sh->sh_name;
            if (strnlen(nm, room) < room && !strcmp(nm, ".nvFatBinSegment")) fatbins = true;
        }
        if (sh->sh_type == SHT_DYNSYM || sh->sh_type == SHT_SYMTAB) {
            bool def = false;
            if (find_symbol(im, eh, sh, "__cudaRegisterFatBinary", &def)) {
                if (def) defined = true;
                else if (sh->sh_type == SHT_DYNSYM) imported = true;
            }
        }
    }
    if (defined) return 1;
    return fatbins && !imported ? 1 : 0;
}

int ps_cudart_is_static(const char *elf_path) {
    int fd = elf_path ? open(elf_path, O_RDONLY | O_CLOEXEC) : -1;
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0) {
        close(fd);
        return -1;
    }
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (m == MAP_FAILED) return -1;
    image im = {m, (size_t)st.st_size};
    int r = classify(&im);
    munmap(m, (size_t)st.st_size);
    return r;
}
