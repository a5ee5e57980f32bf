// Shared-memory tiled transpose with a padded tile (33 columns) to avoid bank conflicts.
// Block 32x8; each thread moves four rows of the tile.
#define TILE 32
#define ROWS 8
extern "C" __global__ void transpose_tiled(const float *__restrict__ in, float *__restrict__ out,
                                           int w, int h)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < w && y + j < h)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < h && y + j < w)
            out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}
