/* gpu.c — the GPU harness: loads the CUDA driver with dlopen, JIT-compiles a manifest's PTX as
 * written, launches it with the buffers and parameters the simulator would get, and copies the
 * buffers back (DESIGN §5). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cuda_api.h"
#include "gpu.h"
#include "common.h"

#define JIT_LOG_BYTES 16384

struct ps_gpu {
    ps_cuda_api api;
    void *lib; /* dlopen handle; NULL for a table given by ps_gpu_open_api */
    ps_gpu_info info;
    ps_cu_device dev;
    ps_cu_context ctx;
    bool ctx_broken; /* a launch failed: the context's errors are sticky, make a fresh one */
    char info_log[JIT_LOG_BYTES], error_log[JIT_LOG_BYTES];
    char jit_log[2 * JIT_LOG_BYTES + 2];
};

const char *ps_gpu_status_str(ps_gpu_status s) {
    static const char *const names[] = {
        [PS_GPU_OK] = "ok",
        [PS_GPU_NO_DRIVER] = "no CUDA driver",
        [PS_GPU_NO_DEVICE] = "no CUDA device",
        [PS_GPU_BAD_INPUT] = "bad input",
        [PS_GPU_JIT_ERROR] = "PTX rejected by the driver",
        [PS_GPU_LAUNCH_ERROR] = "launch failed",
        [PS_GPU_CUDA_ERROR] = "CUDA error",
    };
    return (unsigned)s < PS_ARRAY_LEN(names) ? names[s] : "?";
}

/* "cuXxx: CUDA_ERROR_NAME (description)" into err. */
static void cu_error(const ps_gpu *g, ps_cu_result r, const char *what, char *err, size_t errlen) {
    const char *name = NULL, *text = NULL;
    if (g->api.get_error_name) g->api.get_error_name(r, &name);
    if (g->api.get_error_string) g->api.get_error_string(r, &text);
    snprintf(err, errlen, "%s: %s (%s)", what, name ? name : "unknown CUDA error", text ? text : "no description");
    if (!name) {
        size_t n = strlen(err);
        snprintf(err + n, errlen - n, " [%d]", r);
    }
}

static ps_gpu_status create_context(ps_gpu *g, char *err, size_t errlen) {
    ps_cu_result r = g->api.ctx_create(&g->ctx, 0, g->dev);
    if (r != PS_CU_SUCCESS) {
        g->ctx = NULL;
        cu_error(g, r, "cuCtxCreate", err, errlen);
        return PS_GPU_CUDA_ERROR;
    }
    g->ctx_broken = false;
    return PS_GPU_OK;
}

ps_gpu_status ps_gpu_open_api(const ps_cuda_api *api, int ordinal, ps_gpu **out, char *err, size_t errlen) {
    *out = NULL;
    ps_gpu *g = ps_xcalloc(1, sizeof *g);
    g->api = *api;
    ps_cu_result r = g->api.init(0);
    if (r != PS_CU_SUCCESS) {
        char why[300];
        cu_error(g, r, "cuInit", why, sizeof why);
        snprintf(err, errlen, "no CUDA device: the driver loads but %s", why);
        free(g);
        return PS_GPU_NO_DEVICE;
    }
    int count = 0;
    if ((r = g->api.device_get_count(&count)) != PS_CU_SUCCESS || count <= ordinal || ordinal < 0) {
        snprintf(err, errlen, "no CUDA device: the driver sees %d device%s, device %d was asked for", count,
                 count == 1 ? "" : "s", ordinal);
        free(g);
        return PS_GPU_NO_DEVICE;
    }
    if ((r = g->api.device_get(&g->dev, ordinal)) != PS_CU_SUCCESS) {
        cu_error(g, r, "cuDeviceGet", err, errlen);
        free(g);
        return PS_GPU_NO_DEVICE;
    }
    ps_gpu_info *in = &g->info;
    in->ordinal = ordinal;
    if (g->api.device_get_name(in->name, (int)sizeof in->name, g->dev) != PS_CU_SUCCESS)
        snprintf(in->name, sizeof in->name, "CUDA device %d", ordinal);
    g->api.device_get_attribute(&in->sm_major, PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, g->dev);
    g->api.device_get_attribute(&in->sm_minor, PS_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, g->dev);
    g->api.device_get_attribute(&in->shared_optin, PS_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, g->dev);
    g->api.driver_get_version(&in->driver_version);
    ps_gpu_status st = create_context(g, err, errlen);
    if (st != PS_GPU_OK) {
        free(g);
        return st;
    }
    *out = g;
    return PS_GPU_OK;
}

ps_gpu_status ps_gpu_open(int ordinal, ps_gpu **out, char *err, size_t errlen) {
    *out = NULL;
    const char *path = getenv("PTXSIM_LIBCUDA");
    if (!path || !*path) path = "libcuda.so.1";
    dlerror();
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        /* dlerror() usually starts with the path already; keep only the reason. */
        if (why && !strncmp(why, path, strlen(path)) && why[strlen(path)] == ':') why += strlen(path) + 1;
        while (why && *why == ' ') why++;
        snprintf(err, errlen, "no CUDA driver found (%s: %s)", path, why ? why : "cannot be loaded");
        return PS_GPU_NO_DRIVER;
    }
    ps_cuda_api api = {0};
#define X(field, symbol, required, ret, args)                                                            \
    *(void **)&api.field = dlsym(lib, symbol);                                                           \
    if (!api.field && required) {                                                                        \
        snprintf(err, errlen, "no CUDA driver found (%s: it has no %s; driver too old?)", path, symbol); \
        dlclose(lib);                                                                                    \
        return PS_GPU_NO_DRIVER;                                                                         \
    }
    PS_CUDA_API_LIST(X)
#undef X
    ps_gpu_status st = ps_gpu_open_api(&api, ordinal, out, err, errlen);
    if (st != PS_GPU_OK) {
        dlclose(lib);
        return st;
    }
    (*out)->lib = lib;
    return PS_GPU_OK;
}

void ps_gpu_close(ps_gpu *g) {
    if (!g) return;
    if (g->ctx) g->api.ctx_destroy(g->ctx);
    if (g->lib) dlclose(g->lib);
    free(g);
}

const ps_gpu_info *ps_gpu_describe(const ps_gpu *g) { return &g->info; }

const char *ps_gpu_jit_log(const ps_gpu *g) { return g->jit_log; }

void ps_gpu_output_free(ps_gpu_output *o) {
    if (!o) return;
    for (int i = 0; i < o->nbufs; i++) free(o->bufs[i].name), free(o->bufs[i].type), free(o->bufs[i].data);
    free(o->bufs);
    memset(o, 0, sizeof *o);
}

const ps_gpu_buffer *ps_gpu_output_find(const ps_gpu_output *o, const char *name) {
    for (int i = 0; i < o->nbufs; i++)
        if (!strcmp(o->bufs[i].name, name)) return &o->bufs[i];
    return NULL;
}

static int mkdir_p(const char *dir) {
    char *p = ps_xstrdup(dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        mkdir(p, 0777);
        *s = '/';
    }
    int r = mkdir(p, 0777);
    free(p);
    return r == 0 || errno == EEXIST ? 0 : -1;
}

/* DIR/<name>.bin for writing: never through a symbolic link, never anything but a regular file,
 * so --out DIR touches nothing outside DIR (buffer names are plain file names: docs/limits.md). */
static FILE *open_output(const char *path) {
    int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
    if (fd < 0) return NULL;
    struct stat st;
    int e = 0;
    if (fstat(fd, &st) != 0) e = errno;
    else if (!S_ISREG(st.st_mode)) e = EINVAL; /* a device or FIFO someone put there */
    else if (ftruncate(fd, 0) != 0) e = errno;
    if (e) {
        close(fd);
        errno = e;
        return NULL;
    }
    FILE *f = fdopen(fd, "wb");
    if (!f) close(fd);
    return f;
}

ps_gpu_status ps_gpu_write_outputs(const ps_gpu_output *o, const char *dir, char *err, size_t errlen) {
    if (mkdir_p(dir)) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return PS_GPU_BAD_INPUT;
    }
    for (int i = 0; i < o->nbufs; i++) {
        const ps_gpu_buffer *b = &o->bufs[i];
        size_t n = strlen(dir) + strlen(b->name) + 8;
        char *path = ps_xmalloc(n);
        snprintf(path, n, "%s/%s.bin", dir, b->name);
        FILE *f = open_output(path);
        if (!f || fwrite(b->data, 1, b->bytes, f) != b->bytes || fclose(f)) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            free(path);
            return PS_GPU_BAD_INPUT;
        }
        free(path);
    }
    return PS_GPU_OK;
}

/* The JIT log as one text: the error log, then the info log. */
static void collect_jit_log(ps_gpu *g) {
    g->info_log[sizeof g->info_log - 1] = g->error_log[sizeof g->error_log - 1] = 0;
    snprintf(g->jit_log, sizeof g->jit_log, "%s%s%s", g->error_log, g->error_log[0] && g->info_log[0] ? "\n" : "",
             g->info_log);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The first error among diagnostics (else the first diagnostic), NULL when there is none. */
static const ptxsim_diagnostic *first_error(const ptxsim_diagnostics *d) {
    int n = d ? ptxsim_diagnostics_count(d) : 0;
    for (int i = 0; i < n; i++)
        if (ptxsim_diagnostics_get(d, i)->level == PTXSIM_DIAG_ERROR) return ptxsim_diagnostics_get(d, i);
    return n ? ptxsim_diagnostics_get(d, 0) : NULL;
}

ps_gpu_status ps_gpu_run_case(ps_gpu *g, ptxsim_case *c, ps_gpu_output *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    g->jit_log[0] = g->info_log[0] = g->error_log[0] = 0;
    ps_gpu_status st = PS_GPU_BAD_INPUT;
    if (g->ctx_broken || !g->ctx) {
        if (g->ctx) g->api.ctx_destroy(g->ctx);
        g->ctx = NULL;
        if ((st = create_context(g, err, errlen)) != PS_GPU_OK) return st;
        st = PS_GPU_BAD_INPUT;
    }
    ptxsim_case_info ci;
    ptxsim_case_get_info(c, &ci);
    /* The simulator's own preparation, on a private context, gives the buffers' initial contents
     * and the packed parameters; only the buffer addresses are replaced by the GPU's. */
    ptxsim_context *sim;
    if (ptxsim_context_create(ci.arch, &sim, NULL) != PTXSIM_OK) {
        snprintf(err, errlen, "%s: unknown arch '%s'", ci.path, ci.arch);
        return PS_GPU_BAD_INPUT;
    }
    /* every module of the case ("ptx": [...] lists the units of a separate compilation) */
    size_t srclen;
    char *src = ps_read_file(ci.ptx_path, &srclen);
    if (!src) {
        snprintf(err, errlen, "%s: %s", ci.ptx_path, strerror(errno));
        ptxsim_context_destroy(sim);
        return PS_GPU_BAD_INPUT;
    }
    char **srcs = ps_xcalloc((size_t)ci.n_ptx + 1, sizeof *srcs);
    size_t *lens = ps_xcalloc((size_t)ci.n_ptx + 1, sizeof *lens);
    srcs[0] = src, lens[0] = srclen;
    for (int i = 1; i < ci.n_ptx; i++)
        if (!(srcs[i] = ps_read_file(ci.ptx_paths[i], &lens[i]))) {
            snprintf(err, errlen, "%s: %s", ci.ptx_paths[i], strerror(errno));
            for (int j = 0; j < i; j++) free(srcs[j]);
            free(srcs), free(lens);
            ptxsim_context_destroy(sim);
            return PS_GPU_BAD_INPUT;
        }
    ptxsim_diagnostics *diags = NULL;
    ptxsim_module *mod = NULL;
    ptxsim_kernel *k = NULL;
    const void *params = NULL;
    uint8_t *host = NULL;
    ps_cu_module cmod = NULL;
    ps_cu_deviceptr *dptr = ps_xcalloc((size_t)ci.buffers + 1, sizeof *dptr);
    void **kparams = NULL;
    ptxsim_status ps = ptxsim_module_link_files(sim, ci.ptx_paths, ci.n_ptx, &mod, &diags);
    if (ps == PTXSIM_ERR_PARSE) {
        const ptxsim_diagnostic *d = first_error(diags);
        snprintf(err, errlen, "%s:%d:%d: %s (ptxsim reads the PTX for the parameter layout)", ci.ptx_path,
                 d ? d->line : 0, d ? d->col : 0, d ? d->message : "cannot parse");
        goto out;
    }
    if (ps != PTXSIM_OK) {
        snprintf(err, errlen, "%s: cannot lay out the module's variables", ci.ptx_path);
        goto out;
    }
    size_t psize;
    if (ptxsim_case_prepare(sim, c, mod, &params, &psize) != PTXSIM_OK) {
        snprintf(err, errlen, "%s", ptxsim_context_message(sim));
        goto out;
    }
    /* preparing resolves a C++ kernel written by its plain name or signature to its PTX name
     * (docs/manifest.md): the GPU's module knows only the latter */
    ptxsim_case_get_info(c, &ci);
    ptxsim_module_kernel(mod, ci.kernel, &k); /* prepared: it exists */
    int nparams = ptxsim_kernel_param_count(k);
    kparams = ps_xcalloc((size_t)nparams + 1, sizeof *kparams);
    host = ps_xmalloc(psize + 8);
    memcpy(host, params, psize);

    /* JIT: the driver compiles the PTX text exactly as written (NUL-terminated). */
    int opts[] = {PS_CU_JIT_INFO_LOG_BUFFER, PS_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, PS_CU_JIT_ERROR_LOG_BUFFER,
                  PS_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, PS_CU_JIT_LOG_VERBOSE};
    void *vals[] = {g->info_log, (void *)(uintptr_t)(sizeof g->info_log - 1), g->error_log,
                    (void *)(uintptr_t)(sizeof g->error_log - 1), (void *)(uintptr_t)1};
    ps_cu_result r;
    const char *jit_call = "cuModuleLoadDataEx";
    if (ci.n_ptx == 1) {
        r = g->api.module_load_data_ex(&cmod, src, (unsigned)PS_ARRAY_LEN(opts), opts, vals);
    } else { /* separate compilation: cuLinkAddData per module, cuLinkComplete, load the cubin */
        ps_cu_link_state ls = NULL;
        if (!g->api.link_create || !g->api.link_add_data || !g->api.link_complete) {
            snprintf(err, errlen, "the CUDA driver has no cuLinkCreate_v2 / cuLinkAddData_v2 / cuLinkComplete");
            st = PS_GPU_JIT_ERROR;
            goto out;
        }
        jit_call = "cuLinkCreate_v2";
        r = g->api.link_create((unsigned)PS_ARRAY_LEN(opts), opts, vals, &ls);
        for (int i = 0; r == PS_CU_SUCCESS && i < ci.n_ptx; i++) {
            jit_call = "cuLinkAddData_v2";
            r = g->api.link_add_data(ls, PS_CU_JIT_INPUT_PTX, srcs[i], lens[i] + 1, ci.ptx_paths[i], 0, NULL, NULL);
        }
        void *cubin = NULL;
        size_t cubin_size = 0;
        if (r == PS_CU_SUCCESS) {
            jit_call = "cuLinkComplete";
            r = g->api.link_complete(ls, &cubin, &cubin_size);
        }
        if (r == PS_CU_SUCCESS) {
            jit_call = "cuModuleLoadDataEx";
            r = g->api.module_load_data_ex(&cmod, cubin, 0, NULL, NULL);
        }
        if (ls && g->api.link_destroy) g->api.link_destroy(ls);
    }
    collect_jit_log(g);
    if (r != PS_CU_SUCCESS) {
        cmod = NULL;
        cu_error(g, r, jit_call, err, errlen);
        st = PS_GPU_JIT_ERROR;
        goto out;
    }
    st = PS_GPU_CUDA_ERROR;
    ps_cu_function fn;
    if ((r = g->api.module_get_function(&fn, cmod, ci.kernel)) != PS_CU_SUCCESS) {
        cu_error(g, r, "cuModuleGetFunction", err, errlen);
        st = PS_GPU_BAD_INPUT;
        goto out;
    }
    if (ci.shared_bytes > PS_CU_DEFAULT_SHARED_LIMIT &&
        (r = g->api.func_set_attribute(fn, PS_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)ci.shared_bytes)) !=
            PS_CU_SUCCESS) {
        char why[300];
        cu_error(g, r, "cuFuncSetAttribute", why, sizeof why);
        snprintf(err, errlen, "%s (%u bytes of dynamic shared memory; the device allows %d)", why, ci.shared_bytes,
                 g->info.shared_optin);
        goto out;
    }
    for (int i = 0; i < ci.buffers; i++) {
        ptxsim_case_buffer_info b;
        ptxsim_case_get_buffer(c, i, &b);
        if ((r = g->api.mem_alloc(&dptr[i], b.bytes)) != PS_CU_SUCCESS) {
            dptr[i] = 0;
            cu_error(g, r, "cuMemAlloc", err, errlen);
            goto out;
        }
        uint8_t *init = ps_xmalloc(b.bytes);
        if (ptxsim_mem_read(sim, init, b.addr, b.bytes) != PTXSIM_OK) {
            snprintf(err, errlen, "%s", ptxsim_context_message(sim));
            free(init);
            goto out;
        }
        r = g->api.memcpy_htod(dptr[i], init, b.bytes);
        free(init);
        if (r != PS_CU_SUCCESS) {
            cu_error(g, r, "cuMemcpyHtoD", err, errlen);
            goto out;
        }
    }
    for (int i = 0; i < nparams; i++) {
        size_t size, offset;
        ptxsim_kernel_param(k, i, &size, &offset);
        int buf = ptxsim_case_param_buffer(c, i);
        if (ptxsim_case_param_texture(c, i)) { /* lab/textures records textures on a GPU instead */
            snprintf(err, errlen,
                     "%s: params[%d]: texture and surface parameters are not supported by the GPU "
                     "harness (lab/textures/ records them)",
                     ci.path, i);
            st = PS_GPU_BAD_INPUT;
            goto out;
        }
        if (buf >= 0) memcpy(host + offset, &dptr[buf], 8);
        ptxsim_tensormap tm;
        if (ptxsim_case_param_tensormap(c, i, &tm)) { /* the driver's map: gpu/tensormap.c */
            st = ps_gpu_tensormap_encode(g->lib, &tm, dptr[tm.buffer], host + offset, err, errlen);
            if (st != PS_GPU_OK) goto out;
        }
        kparams[i] = host + offset;
    }
    bool cluster = ci.cluster[0] || ci.cluster[1] || ci.cluster[2];
    if (cluster && !g->api.launch_kernel_ex) {
        snprintf(err, errlen, "%s: a cluster launch needs cuLaunchKernelEx, which this driver lacks", ci.path);
        st = PS_GPU_LAUNCH_ERROR;
        goto out;
    }
    double t0 = now_seconds();
    if (cluster) { /* the manifest's "cluster": CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION */
        ps_cu_launch_attribute attr = {.id = PS_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION};
        attr.value.cluster_dim.x = ci.cluster[0] ? ci.cluster[0] : 1;
        attr.value.cluster_dim.y = ci.cluster[1] ? ci.cluster[1] : 1;
        attr.value.cluster_dim.z = ci.cluster[2] ? ci.cluster[2] : 1;
        ps_cu_launch_config lc = {ci.grid[0],  ci.grid[1],      ci.grid[2], ci.block[0], ci.block[1],
                                  ci.block[2], ci.shared_bytes, NULL,       &attr,       1};
        r = g->api.launch_kernel_ex(&lc, fn, kparams, NULL);
    } else {
        r = g->api.launch_kernel(fn, ci.grid[0], ci.grid[1], ci.grid[2], ci.block[0], ci.block[1], ci.block[2],
                                 ci.shared_bytes, NULL, kparams, NULL);
    }
    if (r != PS_CU_SUCCESS) {
        cu_error(g, r, cluster ? "cuLaunchKernelEx" : "cuLaunchKernel", err, errlen);
        g->ctx_broken = true;
        st = PS_GPU_LAUNCH_ERROR;
        goto out;
    }
    if ((r = g->api.ctx_synchronize()) != PS_CU_SUCCESS) {
        cu_error(g, r, "kernel execution (cuCtxSynchronize)", err, errlen);
        g->ctx_broken = true;
        st = PS_GPU_LAUNCH_ERROR;
        goto out;
    }
    out->seconds = now_seconds() - t0;
    out->bufs = ps_xcalloc((size_t)ci.buffers + 1, sizeof *out->bufs);
    for (int i = 0; i < ci.buffers; i++) {
        ptxsim_case_buffer_info b;
        ptxsim_case_get_buffer(c, i, &b);
        ps_gpu_buffer *ob = &out->bufs[out->nbufs++];
        ob->name = ps_xstrdup(b.name);
        ob->type = ps_xstrdup(b.type);
        ob->count = b.count;
        ob->bytes = b.bytes;
        ob->data = ps_xmalloc(b.bytes ? b.bytes : 1);
        if ((r = g->api.memcpy_dtoh(ob->data, dptr[i], b.bytes)) != PS_CU_SUCCESS) {
            cu_error(g, r, "cuMemcpyDtoH", err, errlen);
            ps_gpu_output_free(out);
            g->ctx_broken = true;
            goto out;
        }
    }
    st = PS_GPU_OK;
out:
    if (!g->ctx_broken) {
        for (int i = 0; i < ci.buffers; i++)
            if (dptr[i]) g->api.mem_free(dptr[i]);
        if (cmod) g->api.module_unload(cmod);
    } /* else: destroying the context frees everything */
    free(dptr);
    free(kparams);
    free(host);
    ptxsim_diagnostics_free(diags);
    ptxsim_context_destroy(sim); /* and with it the module, its buffers and the packed parameters */
    for (int i = 0; i < ci.n_ptx; i++) free(srcs[i]); /* srcs[0] is src */
    free(srcs), free(lens);
    return st;
}

ps_gpu_status ps_gpu_run(ps_gpu *g, const char *manifest_path, ps_gpu_output *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    ptxsim_case *c;
    if (ptxsim_case_load(manifest_path, &c, err, errlen) != PTXSIM_OK) return PS_GPU_BAD_INPUT;
    ps_gpu_status st = ps_gpu_run_case(g, c, out, err, errlen);
    ptxsim_case_free(c);
    return st;
}
