/* register.c — what nvcc's host code registers at start-up (fat binaries, kernels, variables,
 * managed variables) and the lazy loading of each fat binary's PTX into the primary context: once
 * per fat binary, at the first launch or symbol access that needs it (docs/cudart.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart_internal.h"

/* ---- the kernel table: open addressing keyed by the host stub's address ------------------------ */
static size_t hash_ptr(const void *p) {
    uint64_t x = (uintptr_t)p;
    x ^= x >> 33, x *= 0xff51afd7ed558ccdull, x ^= x >> 33;
    return (size_t)x;
}

static struct ps_cudart_func **slot(const void *host_fun) {
    size_t mask = ps_rt.cap_funcs - 1;
    for (size_t i = hash_ptr(host_fun) & mask;; i = (i + 1) & mask)
        if (!ps_rt.funcs[i] || ps_rt.funcs[i]->host_fun == host_fun) return &ps_rt.funcs[i];
}

static bool grow_funcs(void) {
    size_t cap = ps_rt.cap_funcs ? 2 * ps_rt.cap_funcs : 64;
    struct ps_cudart_func **old = ps_rt.funcs;
    size_t oldcap = ps_rt.cap_funcs;
    ps_rt.funcs = calloc(cap, sizeof *ps_rt.funcs);
    if (!ps_rt.funcs) {
        ps_rt.funcs = old;
        return false;
    }
    ps_rt.cap_funcs = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i]) *slot(old[i]->host_fun) = old[i];
    free(old);
    return true;
}

static struct ps_cudart_func *lookup(const void *host_fun) {
    if (!ps_rt.cap_funcs) return NULL;
    return *slot(host_fun);
}

/* ---- registration ----------------------------------------------------------------------------- */
PS_CUDART_API void **__cudaRegisterFatBinary(void *wrapper) {
    ps_cudart_fatbin *fb = calloc(1, sizeof *fb);
    if (!fb) {
        ps_rt_say("out of memory registering a fat binary");
        abort(); /* the runtime cannot report this to the program: registration returns no error */
    }
    fb->wrapper = wrapper;
    fb->generation = -1;
    fb->failed_generation = -1;
    const uint32_t *w = wrapper;
    if (w && w[0] == PS_FATBIN_WRAPPER_MAGIC && (w[1] == 1 || w[1] == 2)) {
        const void *data;
        memcpy(&data, (const char *)wrapper + 8, sizeof data);
        fb->data = data;
        /* version 2 (nvcc -rdc=true, crt/link.stub): the device-linked fat binary holds SASS only;
         * the fourth field lists the units' own fat binaries, whose PTX the runtime links */
        const void *const *units = NULL;
        if (w[1] == 2) memcpy(&units, (const char *)wrapper + 16, sizeof units);
        fb->prelinked = units;
    }
    pthread_mutex_lock(&ps_rt.lock);
    fb->next = ps_rt.fatbins;
    ps_rt.fatbins = fb;
    pthread_mutex_unlock(&ps_rt.lock);
    return (void **)fb;
}

PS_CUDART_API void __cudaRegisterFatBinaryEnd(void **handle) { (void)handle; }

/* A shared library with device code that is unloaded (dlclose), or the program at exit: its
 * kernels and variables are forgotten, so that a library loaded later at the same addresses
 * cannot reach them, and its module is unloaded unless the process is exiting (when the shim
 * frees every context itself). The record of the fat binary itself stays, emptied. */
PS_CUDART_API void __cudaUnregisterFatBinary(void **handle) {
    ps_cudart_fatbin *fb = (ps_cudart_fatbin *)handle;
    if (!fb) return;
    pthread_mutex_lock(&ps_rt.lock);
    struct ps_cudart_func **old = ps_rt.funcs;
    size_t oldcap = ps_rt.cap_funcs;
    bool any = false;
    for (size_t i = 0; i < oldcap; i++) any |= old[i] && old[i]->fb == fb;
    if (any) { /* rebuild the open-addressing table without them */
        struct ps_cudart_func **keep = calloc(oldcap, sizeof *keep);
        if (keep) {
            ps_rt.funcs = keep;
            ps_rt.nfuncs = 0;
            for (size_t i = 0; i < oldcap; i++) {
                if (!old[i]) continue;
                if (old[i]->fb == fb) {
                    free(old[i]->device_name);
                    free(old[i]);
                    continue;
                }
                *slot(old[i]->host_fun) = old[i];
                ps_rt.nfuncs++;
            }
            free(old);
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < ps_rt.nvars; i++) {
        if (ps_rt.vars[i].fb == fb) {
            free(ps_rt.vars[i].device_name);
            if (!ps_rt_unloading()) free(ps_rt.vars[i].mirror); /* at exit host code may still read it */
            continue;
        }
        ps_rt.vars[k++] = ps_rt.vars[i];
    }
    ps_rt.nvars = k;
    if (fb->mod && fb->generation == ps_rt.generation && !ps_rt_unloading()) cuModuleUnload(fb->mod);
    fb->mod = NULL;
    fb->data = NULL;
    fb->prelinked = NULL;
    fb->failed_generation = -1;
    pthread_mutex_unlock(&ps_rt.lock);
}

PS_CUDART_API void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun,
                                          const char *device_name, int thread_limit, void *tid, void *bid, void *bdim,
                                          void *gdim, int *wsize) {
    struct ps_cudart_func *f = calloc(1, sizeof *f);
    char *name = device_name ? strdup(device_name) : NULL;
    if (!f || !name) {
        ps_rt_say("out of memory registering kernel %s", device_name ? device_name : "(null)");
        abort();
    }
    f->host_fun = host_fun;
    f->device_name = name;
    f->fb = (ps_cudart_fatbin *)handle;
    f->generation = -1;
    pthread_mutex_lock(&ps_rt.lock);
    if ((ps_rt.nfuncs + 1) * 2 > ps_rt.cap_funcs && !grow_funcs()) {
        pthread_mutex_unlock(&ps_rt.lock);
        ps_rt_say("out of memory registering kernel %s", device_name);
        abort();
    }
    struct ps_cudart_func **s = slot(host_fun);
    if (!*s) ps_rt.nfuncs++;
    *s = f; /* a later registration of the same stub wins, as in the real runtime */
    pthread_mutex_unlock(&ps_rt.lock);
}

static ps_cudart_var *add_var(void **handle, const void *host_var, const char *name, size_t size, int constant) {
    pthread_mutex_lock(&ps_rt.lock);
    if (ps_rt.nvars == ps_rt.cap_vars) {
        size_t cap = ps_rt.cap_vars ? 2 * ps_rt.cap_vars : 16;
        ps_cudart_var *v = realloc(ps_rt.vars, cap * sizeof *v);
        if (!v) {
            pthread_mutex_unlock(&ps_rt.lock);
            ps_rt_say("out of memory registering variable %s", name);
            abort();
        }
        ps_rt.vars = v, ps_rt.cap_vars = cap;
    }
    ps_cudart_var *v = &ps_rt.vars[ps_rt.nvars++];
    *v = (ps_cudart_var){.host_var = host_var,
                         .device_name = strdup(name ? name : ""),
                         .fb = (ps_cudart_fatbin *)handle,
                         .size = size,
                         .constant = constant != 0};
    pthread_mutex_unlock(&ps_rt.lock);
    return v;
}

PS_CUDART_API void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name,
                                     int ext, size_t size, int constant, int global) {
    add_var(handle, host_var, device_name, size, constant);
}

PS_CUDART_API void __cudaRegisterManagedVar(void **handle, void **host_ptr_address, char *device_address,
                                            const char *device_name, int ext, size_t size, int constant, int global) {
    void *mirror = calloc(1, size ? size : 1);
    if (!mirror) {
        ps_rt_say("out of memory registering managed variable %s", device_name);
        abort();
    }
    ps_cudart_var *v = add_var(handle, host_ptr_address, device_name, size, constant);
    v->managed = true;
    v->managed_ptr = host_ptr_address;
    v->mirror = mirror;
    *host_ptr_address = mirror; /* valid (zeroed) even if the module never loads */
}

/* `.attribute(.managed)` asks the driver to place a variable in managed memory; here the
 * runtime keeps the host copy itself (bind_managed), so the variable is declared as the plain
 * .global it is to the kernels. Blanks keep every line and column of the PTX. */
static void unmark_managed(char *ptx) {
    static const char mark[] = ".attribute(.managed)";
    for (char *p = strstr(ptx, mark); p; p = strstr(p, mark)) memset(p, ' ', sizeof mark - 1);
}

/* ---- loading ---------------------------------------------------------------------------------- */
static void arch_list(const ps_fatbin_entry *e, int n, int kind, char *buf, size_t cap) {
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used + 16 < cap; i++)
        if (e[i].kind == kind)
            used += (size_t)snprintf(buf + used, cap - used, "%s%s_%d", used ? ", " : "",
                                     kind == PS_FATBIN_PTX ? "compute" : "sm", e[i].arch);
    if (!used) snprintf(buf, cap, "none");
}

/* Managed variables of fb: their addresses in the module, their initial contents into the host
 * copies, and the host pointers the program reads them through. Lock held, fb loaded. */
static void bind_managed(ps_cudart_fatbin *fb) {
    for (size_t i = 0; i < ps_rt.nvars; i++) {
        ps_cudart_var *v = &ps_rt.vars[i];
        if (v->fb != fb || !v->managed) continue;
        CUdeviceptr a;
        size_t n;
        if (cuModuleGetGlobal_v2(&a, &n, fb->mod, v->device_name) == CUDA_SUCCESS)
            cuMemcpyDtoH_v2(v->mirror, a, n < v->size ? n : v->size);
        *v->managed_ptr = v->mirror;
    }
}

/* The PTX of fat binary `data` that sm runs, decompressed (malloc'ed), or NULL after saying why. */
static char *unit_ptx(const void *data, const char *who, int sm, size_t *len, cudaError_t *r) {
    char err[256] = "";
    ps_fatbin_entry e[64];
    int n = ps_fatbin_entries(data, 0, e, 64, err, sizeof err);
    *r = cudaErrorInvalidKernelImage;
    if (n < 0 || n > 64) {
        ps_rt_say("%s: bad fat binary: %s", who, n < 0 ? err : "more than 64 entries");
        return NULL;
    }
    int pick = ps_fatbin_choose_ptx(e, n, sm);
    if (pick < 0) {
        char sass[200], ptx[200];
        arch_list(e, n, PS_FATBIN_ELF, sass, sizeof sass); /* "sm_90, sm_80" */
        arch_list(e, n, PS_FATBIN_PTX, ptx, sizeof ptx);
        ps_rt_say("%s: the fat binary has no PTX that sm_%d can run (it holds SASS for %s and PTX for %s); ptxsim "
                  "runs PTX only: rebuild with -gencode arch=compute_%d,code=compute_%d (or -arch=sm_%d, "
                  "which embeds both)",
                  who, sm, sass, ptx, sm, sm, sm);
        *r = cudaErrorNoKernelImageForDevice;
        return NULL;
    }
    char *text = ps_fatbin_ptx(&e[pick], len, err, sizeof err);
    if (!text) {
        ps_rt_say("%s: cannot read the PTX (compute_%d) of the fat binary: %s", who, e[pick].arch, err);
        return NULL;
    }
    unmark_managed(text);
    *r = cudaSuccess;
    return text;
}

/* -rdc=true: every unit's PTX, linked into one module as cuLink* does (lock held). The link state
 * stays alive with the module. */
static cudaError_t load_linked(ps_cudart_fatbin *fb, const char *who, int sm) {
    CUlinkState ls = NULL;
    if (cuLinkCreate_v2(0, NULL, NULL, &ls) != CUDA_SUCCESS) return cudaErrorMemoryAllocation;
    cudaError_t r = cudaSuccess;
    for (int i = 0; fb->prelinked[i] && r == cudaSuccess; i++) {
        size_t len = 0;
        char *ptx = unit_ptx(fb->prelinked[i], who, sm, &len, &r);
        if (!ptx) break;
        char name[32];
        snprintf(name, sizeof name, "unit%d.ptx", i);
        if (cuLinkAddData_v2(ls, CU_JIT_INPUT_PTX, ptx, len + 1, name, 0, NULL, NULL) != CUDA_SUCCESS)
            r = cudaErrorInvalidKernelImage;
        free(ptx);
    }
    void *image = NULL;
    size_t size = 0;
    CUmodule m = NULL;
    if (r == cudaSuccess && cuLinkComplete(ls, &image, &size) != CUDA_SUCCESS) r = cudaErrorInvalidKernelImage;
    if (r == cudaSuccess) {
        CUresult cr = cuModuleLoadData(&m, image);
        if (cr != CUDA_SUCCESS) r = (cudaError_t)cr;
    }
    if (r != cudaSuccess) {
        cuLinkDestroy(ls);
        return r;
    }
    fb->mod = m;
    fb->generation = ps_rt.generation;
    fb->failed_generation = -1;
    bind_managed(fb);
    return cudaSuccess;
}

/* Loads fb's PTX into the current context; lock held. `who` names the kernel or variable that
 * needs it, for the messages. */
static cudaError_t load(ps_cudart_fatbin *fb, const char *who) {
    if (fb->mod && fb->generation == ps_rt.generation) return cudaSuccess;
    if (fb->failed_generation == ps_rt.generation) return fb->load_error;
    int major = 0, minor = 0;
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0);
    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0);
    int sm = major * 10 + minor;
    cudaError_t r = cudaErrorInvalidKernelImage;
    if (fb->prelinked && fb->prelinked[0]) {
        if ((r = load_linked(fb, who, sm)) == cudaSuccess) return r;
    } else if (!fb->data) {
        ps_rt_say("%s: its fat binary wrapper is not one ptxsim reads (magic 0x%08x)", who,
                  fb->wrapper ? *(const uint32_t *)fb->wrapper : 0);
    } else {
        size_t len = 0;
        char *ptx = unit_ptx(fb->data, who, sm, &len, &r);
        if (ptx) {
            CUmodule m = NULL;
            CUresult cr = cuModuleLoadData(&m, ptx);
            free(ptx);
            if (cr == CUDA_SUCCESS) {
                fb->mod = m;
                fb->generation = ps_rt.generation;
                fb->failed_generation = -1;
                bind_managed(fb);
                return cudaSuccess;
            }
            r = (cudaError_t)cr; /* the shim said why */
        }
    }
    fb->load_error = r;
    fb->failed_generation = ps_rt.generation;
    return r;
}

PS_CUDART_API char __cudaInitModule(void **handle) {
    if (ps_rt_enter() != cudaSuccess) return 0;
    ps_cudart_fatbin *fb = (ps_cudart_fatbin *)handle;
    pthread_mutex_lock(&ps_rt.lock);
    cudaError_t r = load(fb, "managed variables");
    pthread_mutex_unlock(&ps_rt.lock);
    return r == cudaSuccess;
}

struct ps_cudart_func *ps_rt_prepare(struct ps_cudart_func *f, cudaError_t *err) {
    pthread_mutex_lock(&ps_rt.lock);
    if (f->f && f->generation == ps_rt.generation) {
        pthread_mutex_unlock(&ps_rt.lock);
        *err = cudaSuccess;
        return f;
    }
    cudaError_t r = load(f->fb, f->device_name);
    if (r == cudaSuccess) {
        CUresult cr = cuModuleGetFunction(&f->f, f->fb->mod, f->device_name);
        if (cr != CUDA_SUCCESS) r = cudaErrorInvalidDeviceFunction;
        else f->generation = ps_rt.generation;
    }
    pthread_mutex_unlock(&ps_rt.lock);
    *err = r;
    return r == cudaSuccess ? f : NULL;
}

struct ps_cudart_func *ps_rt_func(const void *host_fun, cudaError_t *err) {
    pthread_mutex_lock(&ps_rt.lock);
    struct ps_cudart_func *f = lookup(host_fun);
    pthread_mutex_unlock(&ps_rt.lock);
    if (!f) {
        *err = cudaErrorInvalidDeviceFunction;
        return NULL;
    }
    return ps_rt_prepare(f, err);
}

cudaError_t ps_rt_symbol(const void *symbol, CUdeviceptr *addr, size_t *size, ps_cudart_var **var) {
    pthread_mutex_lock(&ps_rt.lock);
    ps_cudart_var *v = NULL;
    for (size_t i = 0; i < ps_rt.nvars && !v; i++)
        if (ps_rt.vars[i].host_var == symbol || (ps_rt.vars[i].managed && ps_rt.vars[i].mirror == symbol))
            v = &ps_rt.vars[i]; /* host code names a managed variable by its host copy */
    if (!v) {
        pthread_mutex_unlock(&ps_rt.lock);
        return cudaErrorInvalidSymbol;
    }
    cudaError_t r = load(v->fb, v->device_name);
    if (r == cudaSuccess) {
        if (cuModuleGetGlobal_v2(addr, size, v->fb->mod, v->device_name) != CUDA_SUCCESS) r = cudaErrorInvalidSymbol;
    }
    if (var) *var = v;
    pthread_mutex_unlock(&ps_rt.lock);
    return r;
}

static void managed_copy(bool to_device) {
    pthread_mutex_lock(&ps_rt.lock);
    for (size_t i = 0; i < ps_rt.nvars; i++) {
        ps_cudart_var *v = &ps_rt.vars[i];
        if (!v->managed || !v->fb->mod || v->fb->generation != ps_rt.generation) continue;
        CUdeviceptr a;
        size_t n;
        if (cuModuleGetGlobal_v2(&a, &n, v->fb->mod, v->device_name) != CUDA_SUCCESS) continue;
        if (n > v->size) n = v->size;
        if (to_device) cuMemcpyHtoD_v2(a, v->mirror, n);
        else cuMemcpyDtoH_v2(v->mirror, a, n);
    }
    pthread_mutex_unlock(&ps_rt.lock);
}
void ps_rt_managed_push(void) { managed_copy(true); }
void ps_rt_managed_pull(void) { managed_copy(false); }

void ps_rt_reset_modules(void) {
    pthread_mutex_lock(&ps_rt.lock);
    ps_rt.generation++;
    for (ps_cudart_fatbin *fb = ps_rt.fatbins; fb; fb = fb->next) fb->mod = NULL;
    pthread_mutex_unlock(&ps_rt.lock);
}

/* ---- kernels by handle (CUDA 13's launch path) ------------------------------------------------ */
PS_CUDART_API cudaError_t __cudaGetKernel(cudaKernel_t *out, const void *host_fun) {
    if (!out) return ps_rt_result(cudaErrorInvalidValue);
    pthread_mutex_lock(&ps_rt.lock);
    struct ps_cudart_func *f = lookup(host_fun);
    pthread_mutex_unlock(&ps_rt.lock);
    if (!f) return ps_rt_result(cudaErrorInvalidDeviceFunction);
    *out = f;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaGetKernel(cudaKernel_t *out, const void *host_fun) {
    return __cudaGetKernel(out, host_fun);
}

PS_CUDART_API cudaError_t cudaGetFuncBySymbol(cudaFunction_t *out, const void *host_fun) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) return ps_rt_result(r);
    struct ps_cudart_func *f = ps_rt_func(host_fun, &r);
    if (!f) return ps_rt_result(r);
    if (out) *out = f->f;
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaFuncGetName(const char **name, const void *host_fun) {
    if (!name) return ps_rt_result(cudaErrorInvalidValue);
    pthread_mutex_lock(&ps_rt.lock);
    struct ps_cudart_func *f = lookup(host_fun);
    pthread_mutex_unlock(&ps_rt.lock);
    if (!f) return ps_rt_result(cudaErrorInvalidDeviceFunction);
    *name = f->device_name;
    return cudaSuccess;
}
