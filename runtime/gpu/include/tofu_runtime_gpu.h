/*===- tofu_runtime_gpu.h - Tofu-MLIR GPU runtime, C ABI --------------------===*
 *
 * libtofu_runtime_gpu.so runs the programs that `--tofu-gpu-library-calls`
 * and python/tofu/gpu_lowering_passes.txt produce (docs/gpu.md):
 *
 *  - the `mgpu*` functions that MLIR 22's `--gpu-to-llvm` output calls
 *    (module load, kernel launch, streams, events, allocation, copies), with
 *    the signatures LLVM 22 emits (see the definitions for each);
 *  - cuBLAS matrix products on row-major f32 memrefs;
 *  - the collectives of tofu_runtime.h on device-accessible memrefs, either
 *    through NCCL (one communicator per grid level, bootstrapped through the
 *    CPU runtime's MPI communicators) or staged through the host and the CPU
 *    runtime's MPI collectives.
 *
 * Device: rank-local index (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID,
 * SLURM_LOCALID, else 0) modulo the number of visible devices, chosen at the
 * first GPU call (the kernel modules load from global constructors, before
 * main). Every CUDA, NCCL and cuBLAS error prints
 *   tofu_rt: rank R: <call>: <error string>
 * and ends the job (MPI_Abort when MPI runs, else exit(1)).
 *
 * Environment:
 *   TOFU_RT_GPU_TRANSPORT=nccl|staged  collectives' transport; default nccl
 *       unless more ranks share the node than it has devices (NCCL rejects
 *       two ranks on one GPU), then staged.
 *   TOFU_RT_GPU_DEVICE=N               use device N instead.
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
/* Waits for all work on the compute stream. */
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
int32_t tofu_rt_gpu_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                               void *b, int64_t c_rank, void *c,
                               int32_t trans_a, int32_t trans_b);
/* The same per batch on rank-3 memrefs (batch dimension first). */
int32_t tofu_rt_gpu_batch_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                                     void *b, int64_t c_rank, void *c,
                                     int32_t trans_a, int32_t trans_b);

/* Time spent in (synchronized) cuBLAS products, their floating-point
 * operations (2*M*N*K per product) and their number since the last reset;
 * reset != 0 zeroes them. TOFU_RT_GPU_PROFILE=FILE also writes one line
 * "batch M N K trans_a trans_b seconds" per product to FILE.<rank>. */
int32_t tofu_rt_gpu_matmul_stats(double *seconds, double *flops,
                                 int64_t *calls, int32_t reset);

/* The memref collectives of tofu_runtime.h on device-accessible memory; same
 * arguments and semantics (docs/runtime.md). */
int32_t tofu_rt_gpu_all_reduce_memref_f32(int64_t rank, void *buf,
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

#ifdef __cplusplus
}
#endif

#endif /* TOFU_RUNTIME_GPU_H */
