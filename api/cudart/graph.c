/* graph.c — stream capture and the replay of captured graphs (docs/cudart.md, "Graphs").
 *
 * Between cudaStreamBeginCapture and cudaStreamEndCapture, the work issued to the capturing
 * stream — and to streams that join the capture by waiting on an event recorded in it — is
 * recorded instead of run: kernel launches (with a copy of their parameters), 1D copies and
 * memsets, host functions. cudaGraphLaunch replays the nodes in the order they were issued, which
 * respects every dependency of the capture (each was issued after what it depends on). Work the
 * recorder does not handle is refused during capture (cudaErrorNotSupported, the capture
 * invalidated), and synchronous calls during a global or thread-local capture fail with
 * cudaErrorStreamCaptureUnsupported and invalidate it, as on a GPU: never run early or dropped. */
#include <stdlib.h>
#include <string.h>

#include "cudart_internal.h"

typedef enum { NODE_KERNEL, NODE_COPY, NODE_SET, NODE_HOST } node_kind;

typedef struct {
    node_kind kind;
    struct ps_cudart_func *f; /* kernel */
    dim3 grid, block;
    size_t shared;
    unsigned cluster[3];
    bool has_cluster;
    unsigned char *params; /* kernel: the parameters' bytes, packed at their offsets */
    size_t params_bytes;
    size_t *offsets;
    int nparams;
    void *dst; /* copy, set */
    const void *src;
    size_t bytes;
    enum cudaMemcpyKind copy_kind;
    int value;
    cudaHostFn_t fn; /* host */
    void *data;
} node;

struct ps_graph {
    node *nodes;
    int n, cap;
};

struct ps_rt_capture {
    struct ps_graph *graph;
    int mode; /* 0 global, 1 thread-local, 2 relaxed */
    bool invalid;
    unsigned long long id;
    cudaStream_t streams[16]; /* the origin stream first, then the ones that joined */
    int nstreams;
};

static struct {
    pthread_mutex_t lock;
    ps_rt_capture *active[16];
    int nactive;
    struct {
        cudaEvent_t event;
        ps_rt_capture *capture;
    } events[64]; /* events recorded in a capture: waiting on one joins it */
    int nevents;
    unsigned long long next_id;
} cap = {.lock = PTHREAD_MUTEX_INITIALIZER, .next_id = 1};
static int active_count; /* read without the lock on every stream operation: 0 in most programs */

static ps_rt_capture *find(cudaStream_t s) {
    for (int i = 0; i < cap.nactive; i++)
        for (int k = 0; k < cap.active[i]->nstreams; k++)
            if (cap.active[i]->streams[k] == s) return cap.active[i];
    return NULL;
}

ps_rt_capture *ps_rt_capturing(cudaStream_t s) {
    if (!__atomic_load_n(&active_count, __ATOMIC_ACQUIRE)) return NULL;
    if (!s || s == cudaStreamLegacy) return NULL; /* ps_rt_capture_legacy decides these */
    pthread_mutex_lock(&cap.lock);
    ps_rt_capture *c = find(s);
    pthread_mutex_unlock(&cap.lock);
    return c;
}

cudaError_t ps_rt_capture_guard(void) {
    if (!__atomic_load_n(&active_count, __ATOMIC_ACQUIRE)) return cudaSuccess;
    bool hit = false;
    pthread_mutex_lock(&cap.lock);
    for (int i = 0; i < cap.nactive; i++)
        if (cap.active[i]->mode != 2) cap.active[i]->invalid = hit = true;
    pthread_mutex_unlock(&cap.lock);
    return hit ? ps_rt_result(cudaErrorStreamCaptureUnsupported) : cudaSuccess;
}

/* Work on the legacy stream waits for every blocking stream; when one of them is capturing, that
 * is an implicit dependency on the capture: refused, and the capture invalidated. */
static bool blocking(cudaStream_t s) {
    unsigned flags = 0;
    return cuStreamGetFlags(s, &flags) == CUDA_SUCCESS && !(flags & CU_STREAM_NON_BLOCKING);
}

cudaError_t ps_rt_capture_legacy(void) {
    if (!__atomic_load_n(&active_count, __ATOMIC_ACQUIRE)) return cudaSuccess;
    bool hit = false;
    pthread_mutex_lock(&cap.lock);
    for (int i = 0; i < cap.nactive; i++)
        for (int k = 0; k < cap.active[i]->nstreams; k++)
            if (blocking(cap.active[i]->streams[k])) cap.active[i]->invalid = hit = true;
    pthread_mutex_unlock(&cap.lock);
    return hit ? ps_rt_result(cudaErrorStreamCaptureImplicit) : cudaSuccess;
}

cudaError_t ps_rt_capture_refuse(ps_rt_capture *c, const char *what) {
    pthread_mutex_lock(&cap.lock);
    c->invalid = true;
    pthread_mutex_unlock(&cap.lock);
    return ps_rt_unsupported(what, "ptxsim records kernels, 1D copies and memsets and host functions in a capture");
}

static node *add(ps_rt_capture *c) {
    struct ps_graph *g = c->graph;
    if (g->n == g->cap) {
        int ncap = g->cap ? 2 * g->cap : 16;
        node *nn = realloc(g->nodes, (size_t)ncap * sizeof *nn);
        if (!nn) return NULL;
        g->nodes = nn, g->cap = ncap;
    }
    node *n = &g->nodes[g->n++];
    memset(n, 0, sizeof *n);
    return n;
}

cudaError_t ps_rt_record_kernel(ps_rt_capture *c, struct ps_cudart_func *f, dim3 grid, dim3 block, size_t shared,
                                const unsigned cluster[3], void **args) {
    size_t off[256], size[256], total = 0;
    int np = 0;
    while (np < 256 && cuFuncGetParamInfo(f->f, (size_t)np, &off[np], &size[np]) == CUDA_SUCCESS) {
        if (off[np] + size[np] > total) total = off[np] + size[np];
        np++;
    }
    if (np == 256) return ps_rt_capture_refuse(c, "a captured kernel with more than 255 parameters");
    if (np && !args) return ps_rt_result(cudaErrorInvalidValue);
    pthread_mutex_lock(&cap.lock);
    node *n = add(c);
    unsigned char *buf = n ? malloc(total ? total : 1) : NULL;
    size_t *offs = n ? malloc(sizeof *offs * (size_t)(np ? np : 1)) : NULL;
    if (!n || !buf || !offs) {
        free(buf), free(offs);
        if (n) c->graph->n--;
        c->invalid = true;
        pthread_mutex_unlock(&cap.lock);
        return ps_rt_result(cudaErrorMemoryAllocation);
    }
    for (int i = 0; i < np; i++) {
        memcpy(buf + off[i], args[i], size[i]); /* the values at capture time, as the GPU's graph keeps them */
        offs[i] = off[i];
    }
    *n = (node){.kind = NODE_KERNEL,
                .f = f,
                .grid = grid,
                .block = block,
                .shared = shared,
                .params = buf,
                .params_bytes = total ? total : 1,
                .offsets = offs,
                .nparams = np,
                .has_cluster = cluster != NULL};
    if (cluster) memcpy(n->cluster, cluster, sizeof n->cluster);
    pthread_mutex_unlock(&cap.lock);
    return cudaSuccess;
}

cudaError_t ps_rt_record_copy(ps_rt_capture *c, void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind) {
    pthread_mutex_lock(&cap.lock);
    node *n = add(c);
    if (n) *n = (node){.kind = NODE_COPY, .dst = dst, .src = src, .bytes = bytes, .copy_kind = kind};
    else c->invalid = true;
    pthread_mutex_unlock(&cap.lock);
    return n ? cudaSuccess : ps_rt_result(cudaErrorMemoryAllocation);
}

cudaError_t ps_rt_record_set(ps_rt_capture *c, void *dst, int value, size_t bytes) {
    pthread_mutex_lock(&cap.lock);
    node *n = add(c);
    if (n) *n = (node){.kind = NODE_SET, .dst = dst, .value = value, .bytes = bytes};
    else c->invalid = true;
    pthread_mutex_unlock(&cap.lock);
    return n ? cudaSuccess : ps_rt_result(cudaErrorMemoryAllocation);
}

cudaError_t ps_rt_record_host(ps_rt_capture *c, cudaHostFn_t fn, void *data) {
    pthread_mutex_lock(&cap.lock);
    node *n = add(c);
    if (n) *n = (node){.kind = NODE_HOST, .fn = fn, .data = data};
    else c->invalid = true;
    pthread_mutex_unlock(&cap.lock);
    return n ? cudaSuccess : ps_rt_result(cudaErrorMemoryAllocation);
}

/* An event recorded in a capture marks a point other streams may join at. */
void ps_rt_capture_event(ps_rt_capture *c, cudaEvent_t e) {
    pthread_mutex_lock(&cap.lock);
    int i = 0;
    while (i < cap.nevents && cap.events[i].event != e) i++;
    if (i == cap.nevents && cap.nevents < 64) cap.nevents++;
    if (i < 64) cap.events[i].event = e, cap.events[i].capture = c;
    else c->invalid = true; /* more fork points than this table holds: refuse at the end */
    pthread_mutex_unlock(&cap.lock);
}

/* cudaStreamWaitEvent(s, e): when e was recorded in a capture, s joins it. */
bool ps_rt_capture_join(cudaStream_t s, cudaEvent_t e) {
    if (!__atomic_load_n(&active_count, __ATOMIC_ACQUIRE) || !s || s == cudaStreamLegacy) return false;
    bool joined = false;
    pthread_mutex_lock(&cap.lock);
    for (int i = 0; i < cap.nevents; i++) {
        ps_rt_capture *c = cap.events[i].capture;
        if (cap.events[i].event != e || !c) continue;
        bool active = false;
        for (int k = 0; k < cap.nactive; k++) active |= cap.active[k] == c;
        if (!active) continue;
        if (find(s) != c) {
            if (find(s) || c->nstreams == 16) c->invalid = true;
            else c->streams[c->nstreams++] = s;
        }
        joined = true;
    }
    pthread_mutex_unlock(&cap.lock);
    return joined;
}

static void forget_events(ps_rt_capture *c) {
    for (int i = 0; i < cap.nevents; i++)
        if (cap.events[i].capture == c) cap.events[i] = cap.events[--cap.nevents], i--;
}

static void graph_free(struct ps_graph *g) {
    if (!g) return;
    for (int i = 0; i < g->n; i++) free(g->nodes[i].params), free(g->nodes[i].offsets);
    free(g->nodes);
    free(g);
}

PS_CUDART_API cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) return ps_rt_result(r);
    if (!s || s == cudaStreamLegacy) return ps_rt_result(cudaErrorStreamCaptureUnsupported);
    if (mode < 0 || mode > 2) return ps_rt_result(cudaErrorInvalidValue);
    ps_rt_capture *c = calloc(1, sizeof *c);
    struct ps_graph *g = calloc(1, sizeof *g);
    pthread_mutex_lock(&cap.lock);
    if (!c || !g || cap.nactive == 16 || find(s)) {
        bool busy = c && g && find(s);
        pthread_mutex_unlock(&cap.lock);
        free(c), free(g);
        return ps_rt_result(busy ? cudaErrorIllegalState : cudaErrorMemoryAllocation);
    }
    *c = (ps_rt_capture){.graph = g, .mode = mode, .id = cap.next_id++, .streams = {s}, .nstreams = 1};
    cap.active[cap.nactive++] = c;
    __atomic_store_n(&active_count, cap.nactive, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&cap.lock);
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *out) {
    if (!out) return ps_rt_result(cudaErrorInvalidValue);
    pthread_mutex_lock(&cap.lock);
    int i = 0;
    while (i < cap.nactive && cap.active[i]->streams[0] != s) i++;
    if (i == cap.nactive) {
        bool joined = find(s) != NULL;
        pthread_mutex_unlock(&cap.lock);
        return ps_rt_result(joined ? cudaErrorStreamCaptureUnmatched : cudaErrorIllegalState);
    }
    ps_rt_capture *c = cap.active[i];
    cap.active[i] = cap.active[--cap.nactive];
    __atomic_store_n(&active_count, cap.nactive, __ATOMIC_RELEASE);
    forget_events(c);
    pthread_mutex_unlock(&cap.lock);
    bool invalid = c->invalid;
    if (invalid) graph_free(c->graph), *out = NULL;
    else *out = c->graph;
    free(c);
    return invalid ? ps_rt_result(cudaErrorStreamCaptureInvalidated) : cudaSuccess;
}

PS_CUDART_API cudaError_t cudaStreamIsCapturing(cudaStream_t s, int *status) {
    if (!status) return ps_rt_result(cudaErrorInvalidValue);
    pthread_mutex_lock(&cap.lock);
    ps_rt_capture *c = s && s != cudaStreamLegacy ? find(s) : NULL;
    *status = !c ? 0 : c->invalid ? 2 : 1; /* None, Active, Invalidated */
    pthread_mutex_unlock(&cap.lock);
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, int *status, unsigned long long *id,
                                                   cudaGraph_t *graph, const void **deps, const void **edges,
                                                   size_t *ndeps) {
    if (!status) return ps_rt_result(cudaErrorInvalidValue);
    pthread_mutex_lock(&cap.lock);
    ps_rt_capture *c = s && s != cudaStreamLegacy ? find(s) : NULL;
    *status = !c ? 0 : c->invalid ? 2 : 1;
    if (c && id) *id = c->id;
    if (c && graph) *graph = c->graph;
    if (c && deps) *deps = NULL;
    if (c && edges) *edges = NULL;
    if (c && ndeps) *ndeps = 0;
    pthread_mutex_unlock(&cap.lock);
    return cudaSuccess;
}

PS_CUDART_API cudaError_t cudaThreadExchangeStreamCaptureMode(int *mode) {
    static __thread int capture_mode;
    if (!mode) return ps_rt_result(cudaErrorInvalidValue);
    int old = capture_mode;
    capture_mode = *mode;
    *mode = old;
    return cudaSuccess;
}

/* ---- graphs ----------------------------------------------------------------------------------- */
PS_CUDART_API cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec, cudaGraph_t g, unsigned long long flags) {
    if (!exec || !g) return ps_rt_result(cudaErrorInvalidValue);
    if (flags) return ps_rt_unsupported("cudaGraphInstantiate with flags", NULL);
    struct ps_graph *x = calloc(1, sizeof *x);
    node *nodes = g->n ? calloc((size_t)g->n, sizeof *nodes) : NULL;
    if (!x || (g->n && !nodes)) {
        free(x), free(nodes);
        return ps_rt_result(cudaErrorMemoryAllocation);
    }
    x->nodes = nodes, x->cap = g->n;
    for (int i = 0; i < g->n; i++) { /* a copy: the graph may be destroyed or captured again */
        node n = g->nodes[i];
        if (n.kind == NODE_KERNEL) {
            unsigned char *p = malloc(n.params_bytes);
            size_t *o = malloc(sizeof *o * (size_t)(n.nparams ? n.nparams : 1));
            if (!p || !o) {
                free(p), free(o);
                graph_free(x);
                return ps_rt_result(cudaErrorMemoryAllocation);
            }
            memcpy(p, n.params, n.params_bytes);
            memcpy(o, n.offsets, sizeof *o * (size_t)n.nparams);
            n.params = p, n.offsets = o;
        }
        x->nodes[x->n++] = n;
    }
    *exec = x;
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec, cudaGraph_t g,
                                                        unsigned long long flags) {
    return cudaGraphInstantiate(exec, g, flags);
}

PS_CUDART_API cudaError_t cudaGraphLaunch(cudaGraphExec_t x, cudaStream_t s) {
    cudaError_t r = ps_rt_enter();
    if (r != cudaSuccess) return ps_rt_result(r);
    if (!x) return ps_rt_result(cudaErrorInvalidValue);
    ps_rt_capture *c = ps_rt_capturing(s);
    if (c) return ps_rt_capture_refuse(c, "cudaGraphLaunch into a capturing stream");
    for (int i = 0; i < x->n && r == cudaSuccess; i++) {
        node *n = &x->nodes[i];
        switch (n->kind) {
        case NODE_KERNEL: {
            void *args[256];
            for (int k = 0; k < n->nparams; k++) args[k] = n->params + n->offsets[k];
            r = ps_rt_launch(n->f, n->grid, n->block, args, n->shared, n->has_cluster ? n->cluster : NULL, NULL);
            break;
        }
        case NODE_COPY: r = ps_rt_copy(n->dst, n->src, n->bytes, n->copy_kind); break;
        case NODE_SET:
            r = n->bytes ? ps_rt_cu(cuMemsetD8_v2((uintptr_t)n->dst, (unsigned char)n->value, n->bytes)) : cudaSuccess;
            break;
        case NODE_HOST: n->fn(n->data); break;
        }
    }
    return r;
}
extern __typeof(cudaGraphLaunch) cudaGraphLaunch_ptsz __attribute__((alias("cudaGraphLaunch"), visibility("default")));

/* Nothing to upload: the replay reads the graph where it is. */
PS_CUDART_API cudaError_t cudaGraphUpload(cudaGraphExec_t x, cudaStream_t s) {
    return x ? cudaSuccess : ps_rt_result(cudaErrorInvalidValue);
}
extern __typeof(cudaGraphUpload) cudaGraphUpload_ptsz __attribute__((alias("cudaGraphUpload"), visibility("default")));

PS_CUDART_API cudaError_t cudaGraphDestroy(cudaGraph_t g) {
    graph_free(g);
    return cudaSuccess;
}
PS_CUDART_API cudaError_t cudaGraphExecDestroy(cudaGraphExec_t x) {
    graph_free(x);
    return cudaSuccess;
}

/* The number of nodes (the nodes themselves are not handed out). */
PS_CUDART_API cudaError_t cudaGraphGetNodes(cudaGraph_t g, void **nodes, size_t *n) {
    if (!g || !n) return ps_rt_result(cudaErrorInvalidValue);
    if (nodes) return ps_rt_unsupported("cudaGraphGetNodes with a node array", "graph nodes are not handed out");
    *n = (size_t)g->n;
    return cudaSuccess;
}

/* The per-thread default stream's names (a capture is per stream anyway). */
extern __typeof(cudaStreamBeginCapture) cudaStreamBeginCapture_ptsz
    __attribute__((alias("cudaStreamBeginCapture"), visibility("default")));
extern __typeof(cudaStreamEndCapture) cudaStreamEndCapture_ptsz
    __attribute__((alias("cudaStreamEndCapture"), visibility("default")));
extern __typeof(cudaStreamIsCapturing) cudaStreamIsCapturing_ptsz
    __attribute__((alias("cudaStreamIsCapturing"), visibility("default")));
extern __typeof(cudaStreamGetCaptureInfo) cudaStreamGetCaptureInfo_ptsz
    __attribute__((alias("cudaStreamGetCaptureInfo"), visibility("default")));
