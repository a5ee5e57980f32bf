// transpose2d: a tiled matrix transpose on a 2D grid (threadIdx.y, blockIdx.y) through a
// padded shared tile, with edge guards for a 70 x 45 matrix of doubles; clang-14, -O2.
#include "ptx_min.h"

#define TILE 16

extern "C" __global__ void transpose2d(const double *in, double *out, int rows, int cols) {
  __shared__ double tile[TILE][TILE + 1];
  int x = (int)(ctaid_x() * TILE + tid_x()), y = (int)(ctaid_y() * TILE + tid_y());
  if (x < cols && y < rows) tile[tid_y()][tid_x()] = in[y * cols + x];
  syncthreads();
  int tx = (int)(ctaid_y() * TILE + tid_x()), ty = (int)(ctaid_x() * TILE + tid_y());
  if (tx < rows && ty < cols) out[ty * rows + tx] = tile[tid_x()][tid_y()];
}
