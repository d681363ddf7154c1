/*===- tofu_runtime_gpu.h - Tofu-MLIR GPU runtime, C ABI
 * --------------------===*
 *
 * libtofu_runtime_gpu.so runs the programs that `--tofu-gpu-library-calls`
 * and --tofu-lower-to-llvm-gpu produce (docs/gpu.md):
 *
 *  - the `mgpu*` functions that MLIR 22's `--gpu-to-llvm` output calls
 *    (module load, kernel launch, streams, events, allocation, copies), with
 *    the signatures LLVM 22 emits (see the definitions for each);
 *  - cuBLAS matrix products on row-major f32 memrefs;
 *  - cuDNN 2-D convolutions (forward, backward data, backward filter) and
 *    poolings (forward, backward) on f32 memrefs;
 *  - the collectives of tofu_runtime.h on device-accessible memrefs, either
 *    through NCCL (one communicator per grid level, bootstrapped through the
 *    CPU runtime's MPI communicators) or staged through the host and the CPU
 *    runtime's MPI collectives.
 *
 * Device: rank-local index (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID,
 * SLURM_LOCALID, else 0) modulo the number of visible devices, chosen at the
 * first GPU call (the kernel modules load from global constructors, before
 * main). Every CUDA, NCCL, cuBLAS and cuDNN error prints
 *   tofu_rt: rank R: <call>: <error string>
 * and ends the job (MPI_Abort when MPI runs, else exit(1)).
 *
 * Environment:
 *   TOFU_RT_GPU_TRANSPORT=nccl|staged  collectives' transport; default nccl
 *       unless more ranks share the node than it has devices (NCCL rejects
 *       two ranks on one GPU), then staged.
 *   TOFU_RT_GPU_DEVICE=N               use device N instead.
 *   TOFU_RT_GPU_SYNC=launch|stream     launch (default): the host waits for
 *       every kernel (as MLIR's synchronous gpu.launch_func promises) and
 *       every library call. stream: kernels, library calls and NCCL run in
 *       order on the compute stream and the host waits only where it reads
 *       memory itself (staged collectives, tofu_rt_gpu_synchronize, cached
 *       blocks handed to host code, the stats); for programs whose host code
 *       touches no buffer between kernels (the GPU pipeline's).
 *   TOFU_RT_GPU_CACHE=0                free managed blocks instead of keeping
 *       them for reuse.
 *===----------------------------------------------------------------------===*/
#ifndef TOFU_RUNTIME_GPU_H
#define TOFU_RUNTIME_GPU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Picks the device and creates the compute stream (idempotent; every other
 * function calls it). */
int32_t tofu_rt_gpu_init(void);
/* "nccl" or "staged" (valid after tofu_rt_init). */
const char *tofu_rt_gpu_transport(void);
/* Device index in use, and the number of visible devices. */
int32_t tofu_rt_gpu_device(void);
/* Waits for all work on the compute stream (and accounts the library calls
 * timed on it in stream mode). */
int32_t tofu_rt_gpu_synchronize(void);
/* Managed (host- and device-accessible) memory, as generated code allocates
 * it; fails if more is asked than the device has free. */
void *tofu_rt_gpu_alloc_managed(int64_t bytes);
void tofu_rt_gpu_free(void *ptr);
/* Moves managed memory to the device now (inputs written by the host), so
 * that the first kernel touching it does not fault the pages over. */
int32_t tofu_rt_gpu_prefetch(const void *ptr, int64_t bytes);

/* C = op(A) * op(B) + C on row-major f32 memrefs (rank 2), op = transpose
 * when trans_* != 0: A is MxK (KxM transposed), B is KxN (NxK), C is MxN.
 * Rows may be padded (stride[0] >= row length) but elements of a row must be
 * contiguous. Arguments are unranked memrefs: (rank, descriptor). */
int32_t tofu_rt_gpu_matmul_f32(int64_t a_rank, void *a, int64_t b_rank, void *b,
                               int64_t c_rank, void *c, int32_t trans_a,
                               int32_t trans_b);
/* The same per batch on rank-3 memrefs (batch dimension first). */
int32_t tofu_rt_gpu_batch_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                                     void *b, int64_t c_rank, void *c,
                                     int32_t trans_a, int32_t trans_b);

/* Time spent in cuBLAS products (host clock around the synchronized call,
 * or, with TOFU_RT_GPU_SYNC=stream, CUDA events on the stream), their
 * floating-point operations (2*M*N*K per product) and their number since the
 * last reset; reset != 0 zeroes them. TOFU_RT_GPU_PROFILE=FILE also writes one
 * line "batch M N K trans_a trans_b seconds" per product to FILE.<rank>. */
int32_t tofu_rt_gpu_matmul_stats(double *seconds, double *flops, int64_t *calls,
                                 int32_t reset);

/* cuDNN convolutions of rank-4 f32 memrefs (unranked: rank, descriptor),
 * cross-correlation as linalg's conv ops, accumulating into the output:
 *   layout 0: activations NCHW, filter FCHW (linalg.conv_2d_nchw_fchw);
 *   layout 1: activations NHWC, filter FHWC (linalg.conv_2d_nhwc_fhwc).
 * Activations may have any positive strides (they are described to cuDNN
 * as they are, no copies); the filter must be packed. With stride s,
 * padding p and dilation d per spatial dimension:
 *   fwd:         y[n,f,oh,ow] += sum_{c,kh,kw} x[n,c,oh*s+kh*d-p, ..] *
 * w[f,c,kh,kw] bwd_data:    dx[n,c,h,w] += sum over the (oh, kh) with h =
 * oh*s+kh*d-p of dy[n,f,oh,ow] * w[f,c,kh,kw] bwd_filter:  dw[f,c,kh,kw] +=
 * sum_{n,oh,ow} x[n,c,oh*s+kh*d-p, ..] * dy[n,f,oh,ow] (padding reads zeros).
 * Input rows past the last window are not read. Plain fp32 (CUDNN_FMA_MATH, no
 * TF32); descriptors and the algorithm (cuDNN's heuristics) are made once per
 * shape. */
int32_t tofu_rt_gpu_conv2d_fwd_f32(int64_t x_rank, void *x, int64_t w_rank,
                                   void *w, int64_t y_rank, void *y,
                                   int32_t layout, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w, int64_t dil_h, int64_t dil_w);
int32_t tofu_rt_gpu_conv2d_bwd_data_f32(
    int64_t dy_rank, void *dy, int64_t w_rank, void *w, int64_t dx_rank,
    void *dx, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w);
int32_t tofu_rt_gpu_conv2d_bwd_filter_f32(
    int64_t x_rank, void *x, int64_t dy_rank, void *dy, int64_t dw_rank,
    void *dw, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w);
/* Pooling modes. */
enum {
  TOFU_RT_POOL_MAX =
      0, /* y = max(y, max over the window) (linalg pooling_*_max) */
  TOFU_RT_POOL_SUM = 1, /* y += sum over the window (linalg pooling_*_sum) */
  TOFU_RT_POOL_AVG = 2  /* y += average over the window, padding counted */
};
/* 2-D pooling (layout as above; window, stride, padding per spatial
 * dimension; no dilation). */
int32_t tofu_rt_gpu_pool2d_fwd_f32(int64_t x_rank, void *x, int64_t y_rank,
                                   void *y, int32_t layout, int32_t mode,
                                   int64_t window_h, int64_t window_w,
                                   int64_t stride_h, int64_t stride_w,
                                   int64_t pad_h, int64_t pad_w);
/* dx += the gradient of the pooling given y, dy and x (cudnnPoolingBackward).
 * SUM/AVG spread dy evenly over each window (y and x are not read); MAX gives
 * each window's dy to one maximal element (cuDNN's rule), unlike a gradient
 * that gives it to every tied maximum. */
int32_t tofu_rt_gpu_pool2d_bwd_f32(int64_t y_rank, void *y, int64_t dy_rank,
                                   void *dy, int64_t x_rank, void *x,
                                   int64_t dx_rank, void *dx, int32_t layout,
                                   int32_t mode, int64_t window_h,
                                   int64_t window_w, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w);
/* Time in cuDNN calls (as for cuBLAS above), their FLOPs (2*N*K*OH*OW*C*R*S per
 * convolution, one per window element for poolings) and their number since
 * the last reset. TOFU_RT_GPU_PROFILE writes a line per call, "conv_fwd|
 * conv_bwd_data|conv_bwd_filter|pool_fwd|pool_bwd <shape key> seconds". */
int32_t tofu_rt_gpu_dnn_stats(double *seconds, double *flops, int64_t *calls,
                              int32_t reset);

/* The memref collectives of tofu_runtime.h on device-accessible memory; same
 * arguments and semantics (docs/runtime.md). */
int32_t tofu_rt_gpu_all_reduce_memref_f32(int64_t rank, void *buf,
                                          int64_t level, int32_t reducer);
/* f64 all-reduce (tofu_rt_all_reduce_memref_f64; ncclDouble). */
int32_t tofu_rt_gpu_all_reduce_memref_f64(int64_t rank, void *buf,
                                          int64_t level, int32_t reducer);
int32_t tofu_rt_gpu_all_gather_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t axis, int64_t level);
int32_t tofu_rt_gpu_reduce_scatter_memref_f32(int64_t in_rank, void *in,
                                              int64_t out_rank, void *out,
                                              int64_t axis, int64_t level,
                                              int32_t reducer);
int32_t tofu_rt_gpu_all_to_all_memref_f32(int64_t in_rank, void *in,
                                          int64_t out_rank, void *out,
                                          int64_t split_axis,
                                          int64_t concat_axis, int64_t level);
int32_t tofu_rt_gpu_broadcast_memref_f32(int64_t rank, void *buf, int64_t root,
                                         int64_t level);
int32_t tofu_rt_gpu_send_recv_memref_f32(int64_t send_rank, void *send,
                                         int64_t dest, int64_t recv_rank,
                                         void *recv, int64_t source,
                                         int64_t level);
/* Point-to-point messages (tofu_rt_send_memref_f32, tofu_rt_recv_memref_f32),
 * staged through host memory so that a send never waits for its receive. */
int32_t tofu_rt_gpu_send_memref_f32(int64_t rank, void *buf, int64_t level,
                                    int64_t dest);
int32_t tofu_rt_gpu_recv_memref_f32(int64_t rank, void *buf, int64_t level,
                                    int64_t source);

#ifdef __cplusplus
}
#endif

#endif /* TOFU_RUNTIME_GPU_H */
