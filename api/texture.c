/* texture.c — texture and surface objects for clients (the shim's cuTexObjectCreate): a public
 * description checked and encoded as sim/texture.h's object, in its own 64-byte allocation. */
#include <string.h>

#include "api_internal.h"
#include "texture.h"

ptxsim_status ptxsim_texture_create(ptxsim_context *ctx, const ptxsim_texture *d, uint64_t *handle) {
    if (!d || !handle) return api_fail(ctx, PTXSIM_ERR_INVALID_ARGUMENT, "texture description and handle are required");
    ps_tex t;
    memset(&t, 0, sizeof t);
    t.surface = d->surface;
    t.format = (unsigned)d->format < PS_TXF_COUNT ? (ps_tex_format)d->format : PS_TXF_COUNT;
    t.channels = d->channels;
    t.dim = d->dim;
    t.layered = d->layered;
    t.cube = d->cube > 2 ? 3 : (uint8_t)d->cube; /* 3: refused by ps_tex_check */
    t.width = d->width, t.height = d->height, t.depth = d->depth, t.layers = d->layers;
    t.addr = d->addr;
    t.pitch = d->pitch;
    t.buffer = d->linear_memory;
    t.normalized_read = d->normalized_read;
    t.normalized_coords = d->normalized_coords;
    t.linear = d->linear_filter;
    for (int i = 0; i < 3; i++) t.address[i] = (ps_tex_addr)d->address[i];
    memcpy(t.border, d->border, sizeof t.border);
    char why[200];
    if (!ps_tex_check(&t, why, sizeof why)) return api_fail(ctx, PTXSIM_ERR_UNSUPPORTED, "%s", why);
    uint64_t n = ps_tex_bytes(&t), base = 0, size = 0;
    pthread_mutex_lock(&ctx->lock);
    bool found = ps_device_range(ctx->dev, t.addr, &base, &size, NULL);
    pthread_mutex_unlock(&ctx->lock);
    if (!found || n > size - (t.addr - base))
        return api_fail(ctx, PTXSIM_ERR_INVALID_ADDRESS,
                        "the %llu bytes of texels at 0x%llx are not inside one allocation", (unsigned long long)n,
                        (unsigned long long)t.addr);
    uint8_t enc[PS_TEX_BYTES];
    ps_tex_encode(&t, enc);
    ptxsim_status st = ptxsim_mem_alloc(ctx, PS_TEX_BYTES, t.surface ? "surface object" : "texture object", handle);
    if (st != PTXSIM_OK) return st;
    return ptxsim_mem_write(ctx, *handle, enc, sizeof enc);
}

ptxsim_status ptxsim_texture_destroy(ptxsim_context *ctx, uint64_t handle) {
    uint8_t enc[PS_TEX_BYTES];
    ps_tex t;
    char why[200];
    if (ptxsim_mem_read(ctx, enc, handle, sizeof enc) != PTXSIM_OK || !ps_tex_decode(enc, &t, why, sizeof why))
        return api_fail(ctx, PTXSIM_ERR_NOT_FOUND, "0x%llx is not a texture or surface object",
                        (unsigned long long)handle);
    return ptxsim_mem_free(ctx, handle);
}
