/*===- tofu_runtime.h - Tofu-MLIR communication runtime, C ABI -------------===*
 *
 * The library that SPMD programs produced by Tofu-MLIR call to communicate.
 * Every rank runs the same program on its own shards; the ranks form a device
 * grid k = k_0 x k_1 x ... x k_{L-1}, one axis per recursion level of the
 * partition plan. Rank r has grid coordinates (c_0, ..., c_{L-1}) in
 * row-major order, level 0 most significant:
 *
 *   r = c_0 * (k_1 * ... * k_{L-1}) + c_1 * (k_2 * ... * k_{L-1}) + ... +
 *c_{L-1}
 *
 * The group of level i holds the k_i ranks whose coordinates differ only in
 * axis i; inside it a rank's index is c_i. Every collective takes `level`:
 * 0 <= level < L names that group, TOFU_RT_WORLD (-1) the whole job (indices
 * are world ranks, which agree with the row-major order above).
 *
 * Buffers are contiguous row-major arrays of f32 unless a function takes
 * memref descriptors (the *_memref_* variants, see below). Counts are element
 * counts.
 *
 * Errors: every function returns 0 on success. On failure the runtime prints
 *   tofu_rt: rank R: <function>(<arguments>): <what failed>[: <MPI message>]
 * to stderr and, in the default abort mode, ends the whole job (MPI_Abort, or
 * exit(1) with the single-process backend), so a failure can never leave the
 * other ranks waiting. With tofu_rt_set_abort_on_error(0) the function prints
 * nothing and returns a non-zero code; tofu_rt_last_error() gives the message.
 *
 * Backends: "mpi" (OpenMPI; MPI_ERRORS_RETURN on every communicator, one
 * sub-communicator per level made once by MPI_Comm_split at init) and
 * "single" (one process, every group of size 1). tofu_rt_init picks "mpi"
 * when the process was started by an MPI launcher, "single" otherwise;
 * $TOFU_RT_BACKEND=mpi|single forces one.
 *===----------------------------------------------------------------------===*/
#ifndef TOFU_RUNTIME_H
#define TOFU_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TOFU_RT_WORLD (-1)

/* Reducers of all_reduce and reduce_scatter. */
#define TOFU_RT_SUM 0
#define TOFU_RT_MAX 1
#define TOFU_RT_MIN 2
#define TOFU_RT_PROD 3

/* Element types of the generic memref collectives (the `dtype` argument).
 * Data movement is bit for bit; reductions follow the arith combiner of the
 * unpartitioned program: integers wrap and max/min are signed; i1 (one byte
 * holding 0 or 1) sums as xor and multiplies as and, its signed max/min
 * (true is -1) are and/or; float max/min propagate NaN (arith.maximumf);
 * f16 and bf16 combine in f32 and round to nearest even once. */
#define TOFU_RT_F32 0
#define TOFU_RT_F64 1
#define TOFU_RT_F16 2
#define TOFU_RT_BF16 3
#define TOFU_RT_I1 4
#define TOFU_RT_I8 5
#define TOFU_RT_I16 6
#define TOFU_RT_I32 7
#define TOFU_RT_I64 8

/* Status codes. */
#define TOFU_RT_OK 0
#define TOFU_RT_ERR_ARGUMENT 1 /* invalid argument or call order */
#define TOFU_RT_ERR_MPI 2      /* an MPI call failed */

/*--- Set-up ---------------------------------------------------------------*/

/* Starts the runtime for a grid of `num_levels` axes of sizes `level_sizes`
 * (num_levels == 0: a grid of one rank). The product of the sizes must equal
 * the number of ranks of the job. Initializes MPI unless it already is. */
int32_t tofu_rt_init(int64_t num_levels, const int64_t *level_sizes);
/* Waits for this rank's pending sends (tofu_rt_send_memref), frees the
 * sub-communicators; finalizes MPI if tofu_rt_init initialized it. */
int32_t tofu_rt_finalize(void);

int64_t tofu_rt_rank(void);                /* world rank, -1 before init */
int64_t tofu_rt_size(void);                /* world size, -1 before init */
int64_t tofu_rt_num_levels(void);          /* L */
int64_t tofu_rt_level_size(int64_t level); /* k_level; size() for WORLD */
int64_t tofu_rt_coord(int64_t level);      /* c_level; rank() for WORLD */
const char *tofu_rt_backend(void);         /* "mpi", "single" or "none" */

/* Error mode: 1 (default) ends the job on the first error, 0 returns codes. */
void tofu_rt_set_abort_on_error(int32_t enable);
/* The message of the last error of this process ("" if none). */
const char *tofu_rt_last_error(void);
/* Reports an error raised by the caller (e.g. generated code) the same way. */
int32_t tofu_rt_fail(const char *message);

/*--- Collectives on contiguous f32 buffers --------------------------------*/

/* Also waits until this rank's pending sends have been received. */
int32_t tofu_rt_barrier(int64_t level);
/* In place: buf[i] = reduce over the group of buf[i]. */
int32_t tofu_rt_all_reduce_f32(float *buf, int64_t count, int64_t level,
                               int32_t reducer);
/* out = concatenation of every member's `in` (count_per_rank each), in group
 * index order; out holds group_size * count_per_rank elements. `in` may be
 * the member's own block of `out` (in place). */
int32_t tofu_rt_all_gather_f32(const float *in, float *out,
                               int64_t count_per_rank, int64_t level);
/* `in` holds group_size blocks of count_per_rank; out = reduction over the
 * group of block c (c = this member's index). */
int32_t tofu_rt_reduce_scatter_f32(const float *in, float *out,
                                   int64_t count_per_rank, int64_t level,
                                   int32_t reducer);
/* `in` holds group_size blocks; block j goes to member j, and block j of
 * `out` comes from member j. */
int32_t tofu_rt_all_to_all_f32(const float *in, float *out,
                               int64_t count_per_rank, int64_t level);
/* buf of member `root` is copied to every member. */
int32_t tofu_rt_broadcast_f32(float *buf, int64_t count, int64_t root,
                              int64_t level);
/* Sends `send_count` elements to member `dest` and receives `recv_count`
 * elements from member `source` at the same time (a halo exchange step);
 * -1 for dest or source means no send or no receive. The receive count must
 * equal what the source sends. */
int32_t tofu_rt_send_recv_f32(const float *send, int64_t send_count,
                              int64_t dest, float *recv, int64_t recv_count,
                              int64_t source, int64_t level);

/*--- Collectives on MLIR memrefs ------------------------------------------
 * For generated code: declare e.g.
 *   func.func private @tofu_rt_all_reduce_memref_f32(memref<*xf32>, i64, i32)
 *-> i32 and pass `memref.cast %m : memref<4x8xf32> to memref<*xf32>`. An
 *unranked memref argument is lowered (without llvm.emit_c_interface) to the
 *pair (int64_t rank, void *descriptor) where the descriptor is { float
 **allocated, float *aligned, int64_t offset, int64_t sizes[rank], int64_t
 *strides[rank] }. Any strides are accepted (non-contiguous memrefs are packed).
 *`axis` says along which dimension blocks are concatenated or split.
 *-------------------------------------------------------------------------*/

int32_t tofu_rt_all_reduce_memref_f32(int64_t rank, void *buf, int64_t level,
                                      int32_t reducer);
/* The same on f64 data (memref<*xf64>). */
int32_t tofu_rt_all_reduce_memref_f64(int64_t rank, void *buf, int64_t level,
                                      int32_t reducer);
/* out.sizes[axis] == group_size * in.sizes[axis], other sizes equal. */
int32_t tofu_rt_all_gather_memref_f32(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out, int64_t axis,
                                      int64_t level);
/* in.sizes[axis] == group_size * out.sizes[axis]; member c gets part c. */
int32_t tofu_rt_reduce_scatter_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t axis, int64_t level,
                                          int32_t reducer);
/* `in` is split along split_axis into group_size parts, part j goes to
 * member j; the parts received are concatenated along concat_axis in member
 * order. in.sizes[split_axis] == g * out.sizes[split_axis] and
 * out.sizes[concat_axis] == g * in.sizes[concat_axis] (split_axis !=
 * concat_axis), or equal shapes with g blocks along split_axis when the two
 * axes are the same. */
int32_t tofu_rt_all_to_all_memref_f32(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out,
                                      int64_t split_axis, int64_t concat_axis,
                                      int64_t level);
int32_t tofu_rt_broadcast_memref_f32(int64_t rank, void *buf, int64_t root,
                                     int64_t level);
/* Empty sends/receives: pass dest/source -1 (the memref is then ignored). */
int32_t tofu_rt_send_recv_memref_f32(int64_t send_rank, void *send,
                                     int64_t dest, int64_t recv_rank,
                                     void *recv, int64_t source, int64_t level);

/* The same collectives on memrefs of any element type of the list above
 * (memref<*xT>, `dtype` its TOFU_RT_<T> code); the f32 functions above are
 * these with dtype TOFU_RT_F32. */
int32_t tofu_rt_all_reduce_memref(int64_t rank, void *buf, int64_t level,
                                  int32_t reducer, int32_t dtype);
int32_t tofu_rt_all_gather_memref(int64_t in_rank, void *in, int64_t out_rank,
                                  void *out, int64_t axis, int64_t level,
                                  int32_t dtype);
int32_t tofu_rt_reduce_scatter_memref(int64_t in_rank, void *in,
                                      int64_t out_rank, void *out, int64_t axis,
                                      int64_t level, int32_t reducer,
                                      int32_t dtype);
int32_t tofu_rt_all_to_all_memref(int64_t in_rank, void *in, int64_t out_rank,
                                  void *out, int64_t split_axis,
                                  int64_t concat_axis, int64_t level,
                                  int32_t dtype);
int32_t tofu_rt_broadcast_memref(int64_t rank, void *buf, int64_t root,
                                 int64_t level, int32_t dtype);
int32_t tofu_rt_send_recv_memref(int64_t send_rank, void *send, int64_t dest,
                                 int64_t recv_rank, void *recv, int64_t source,
                                 int64_t level, int32_t dtype);

/*--- Point-to-point messages on MLIR memrefs --------------------------------
 * For pipelined programs: stage ranks send activations forward and
 * gradients backward. `dest` and `source` are in-group indices on `level`
 * (TOFU_RT_WORLD: world ranks); the memref ABI and `dtype` are those of the
 * collectives above, and 0-d memrefs carry one element.
 *
 * tofu_rt_send_memref does not wait for the receiver: it copies the data
 * into a buffer of the runtime and starts the send (MPI_Isend), so every
 * rank of a schedule may send before it receives. Finished sends are
 * released by later sends and receives; tofu_rt_barrier and
 * tofu_rt_finalize wait until all of this rank's sends have been received
 * (so the matching receives must come before the barrier on the other
 * ranks). Between two members of one level, messages are received in the
 * order they were sent (one tag: MPI's non-overtaking rule).
 *
 * tofu_rt_recv_memref blocks until the oldest message from `source` has
 * arrived in `buf`. A message whose element count differs from the
 * memref's is an error that names both sizes (the message stays queued).
 * Under MPI dest and source must be another member (a rank never messages
 * itself); the single-process backend's only member is itself: a send to
 * itself queues the data and a later receive from itself takes it.
 *-------------------------------------------------------------------------*/
int32_t tofu_rt_send_memref(int64_t rank, void *buf, int64_t level,
                            int64_t dest, int32_t dtype);
int32_t tofu_rt_recv_memref(int64_t rank, void *buf, int64_t level,
                            int64_t source, int32_t dtype);
/* The same per element type, for generated code (T = f32, f64, f16, bf16,
 * i1, i8, i16, i32, i64). */
#define TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(T)                                \
  int32_t tofu_rt_send_memref_##T(int64_t rank, void *buf, int64_t level,      \
                                  int64_t dest);                               \
  int32_t tofu_rt_recv_memref_##T(int64_t rank, void *buf, int64_t level,      \
                                  int64_t source);
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(f32)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(f64)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(f16)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(bf16)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(i1)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(i8)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(i16)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(i32)
TOFU_RT_DECLARE_TYPED_POINT_TO_POINT(i64)

/* One set of typed entry points per element type, for generated code (an
 * MLIR module declares each function once, so the element type is in the
 * name rather than an argument): tofu_rt_<collective>_memref_<T> for T in
 * f64, f16, bf16, i1, i8, i16, i32, i64, with the arguments of the f32
 * functions above (tofu_rt_all_reduce_memref_f64 is declared there). */
#define TOFU_RT_DECLARE_TYPED_COLLECTIVES(T)                                   \
  int32_t tofu_rt_all_gather_memref_##T(int64_t in_rank, void *in,             \
                                        int64_t out_rank, void *out,           \
                                        int64_t axis, int64_t level);          \
  int32_t tofu_rt_reduce_scatter_memref_##T(                                   \
      int64_t in_rank, void *in, int64_t out_rank, void *out, int64_t axis,    \
      int64_t level, int32_t reducer);                                         \
  int32_t tofu_rt_all_to_all_memref_##T(                                       \
      int64_t in_rank, void *in, int64_t out_rank, void *out,                  \
      int64_t split_axis, int64_t concat_axis, int64_t level);                 \
  int32_t tofu_rt_broadcast_memref_##T(int64_t rank, void *buf, int64_t root,  \
                                       int64_t level);                         \
  int32_t tofu_rt_send_recv_memref_##T(                                        \
      int64_t send_rank, void *send, int64_t dest, int64_t recv_rank,          \
      void *recv, int64_t source, int64_t level);
#define TOFU_RT_DECLARE_TYPED_ALL_REDUCE(T)                                    \
  int32_t tofu_rt_all_reduce_memref_##T(int64_t rank, void *buf,               \
                                        int64_t level, int32_t reducer);
TOFU_RT_DECLARE_TYPED_COLLECTIVES(f64)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(f16)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(bf16)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(i1)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(i8)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(i16)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(i32)
TOFU_RT_DECLARE_TYPED_COLLECTIVES(i64)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(f16)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(bf16)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(i1)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(i8)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(i16)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(i32)
TOFU_RT_DECLARE_TYPED_ALL_REDUCE(i64)

/*--- Driver support (tofu-run) --------------------------------------------*/

/* Gathers `bytes` bytes from every world rank into `out` on world rank 0, in
 * rank order; `bytes` must be the same on every rank. `out` (size() * bytes)
 * is only written on rank 0 and may be NULL elsewhere. */
int32_t tofu_rt_gather_bytes_to_root(const void *in, int64_t bytes, void *out);
/* Max over world ranks of `value`, result on every rank. */
int32_t tofu_rt_max_i64(int64_t *value);
/* Wall seconds this rank has spent inside tofu_rt_recv_memref (and its
 * typed variants: from the call to the message being in the buffer) and
 * inside broadcasts (tofu_rt_broadcast_f32, tofu_rt_broadcast_memref*)
 * since the process started or the last reset. In a pipelined step this is
 * the stage's idle time (bubble), plus transfer time and waiting caused by
 * load imbalance between stages. Not synchronized: each rank its own. */
double tofu_rt_wait_seconds(void);
void tofu_rt_reset_wait_seconds(void);

/* f16 and bf16 from and to f32 (round to nearest even, NaN kept quiet), as
 * the reductions above combine them; for drivers that print or generate
 * such data. */
float tofu_rt_f16_to_f32(uint16_t bits);
uint16_t tofu_rt_f32_to_f16(float value);
float tofu_rt_bf16_to_f32(uint16_t bits);
uint16_t tofu_rt_f32_to_bf16(float value);

/* Matrix products of the CPU lowering (--tofu-cpu-library-calls), computed
 * by OpenBLAS's cblas_sgemm: C = op(A) * op(B) + C on row-major f32 memrefs
 * of rank 2, op = transpose when trans_* != 0: A is MxK (KxM transposed), B
 * is KxN (NxK), C is MxN. Elements of a row must be contiguous; rows may
 * have any stride (a stride the BLAS cannot take, such as a broadcast row,
 * is computed by plain loops). Arguments are unranked memrefs (rank,
 * descriptor), as in the GPU runtime's tofu_rt_gpu_matmul_f32. The batch
 * variant does the same per index of the leading dimension of rank-3
 * memrefs. Threads: $TOFU_THREADS (tofu-run sets it to the cores per rank,
 * or --threads), read at the first product; unset, OpenBLAS's default (all
 * cores, or $OPENBLAS_NUM_THREADS). Returns 0, or TOFU_RT_ERR_ARGUMENT for
 * operands whose ranks or sizes do not form a product. */
int32_t tofu_rt_cpu_matmul_f32(int64_t a_rank, void *a, int64_t b_rank, void *b,
                               int64_t c_rank, void *c, int32_t trans_a,
                               int32_t trans_b);
int32_t tofu_rt_cpu_batch_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                                     void *b, int64_t c_rank, void *c,
                                     int32_t trans_a, int32_t trans_b);
/* The BLAS threads the products use (after $TOFU_THREADS is applied). */
int32_t tofu_rt_cpu_blas_threads(void);

/* Convolutions and poolings of the CPU lowering (--tofu-cpu-library-calls):
 * the entry points, operands and semantics of tofu_runtime_gpu.h's
 * tofu_rt_gpu_conv2d_{fwd,bwd_data,bwd_filter}_f32 and
 * tofu_rt_gpu_pool2d_{fwd,bwd}_f32 (cross-correlation accumulating into the
 * output; layout 0 NCHW/FCHW, 1 NHWC/FHWC; per spatial dimension stride s,
 * padding p, dilation d, input position o * s + k * d - p, padding reads
 * zeros). Every operand may have any strides, the filter too. Convolutions
 * are one cblas_sgemm over the whole batch on im2col columns (threads as
 * for the products): fwd y += W[F x CRS] * col[CRS x N*OH*OW], bwd_data
 * dcol = W^T * dy then col2im into dx, bwd_filter dw += dy * col^T. Pooling
 * modes 0 (max: y = max(y, window), NaN propagates), 1 (sum), 2 (average,
 * padding counted); pool2d_bwd takes modes 1 and 2 only (y and x unread)
 * and fails for 0. Returns 0, or TOFU_RT_ERR_ARGUMENT for operands whose
 * ranks or sizes do not form the call. */
int32_t tofu_rt_cpu_conv2d_fwd_f32(int64_t x_rank, void *x, int64_t w_rank,
                                   void *w, int64_t y_rank, void *y,
                                   int32_t layout, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w, int64_t dil_h, int64_t dil_w);
int32_t tofu_rt_cpu_conv2d_bwd_data_f32(
    int64_t dy_rank, void *dy, int64_t w_rank, void *w, int64_t dx_rank,
    void *dx, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w);
int32_t tofu_rt_cpu_conv2d_bwd_filter_f32(
    int64_t x_rank, void *x, int64_t dy_rank, void *dy, int64_t dw_rank,
    void *dw, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w);
int32_t tofu_rt_cpu_pool2d_fwd_f32(int64_t x_rank, void *x, int64_t y_rank,
                                   void *y, int32_t layout, int32_t mode,
                                   int64_t window_h, int64_t window_w,
                                   int64_t stride_h, int64_t stride_w,
                                   int64_t pad_h, int64_t pad_w);
int32_t tofu_rt_cpu_pool2d_bwd_f32(int64_t y_rank, void *y, int64_t dy_rank,
                                   void *dy, int64_t x_rank, void *x,
                                   int64_t dx_rank, void *dx, int32_t layout,
                                   int32_t mode, int64_t window_h,
                                   int64_t window_w, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w);

#ifdef __cplusplus
}
#endif

#endif /* TOFU_RUNTIME_H */
