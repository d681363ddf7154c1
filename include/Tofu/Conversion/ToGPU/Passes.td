//===- Passes.td - Lowering bufferized programs to the GPU --*- tablegen -*-===//
#ifndef TOFU_CONVERSION_TOGPU_PASSES_TD
#define TOFU_CONVERSION_TOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuGPULibraryCalls : Pass<"tofu-gpu-library-calls", "ModuleOp"> {
  let summary = "Prepare a bufferized program for the GPU: cuBLAS calls, "
                "GPU collectives, device-accessible allocations";
  let description = [{
    Runs after `--one-shot-bufferize` and before the upstream passes that map
    the remaining linalg ops to GPU kernels
    (`python/tofu/gpu_lowering_passes.txt`, `docs/gpu.md`). In every function:

    - `linalg.matmul` (also with transposed operand maps),
      `linalg.batch_matmul` and `linalg.generic` contractions of the same
      form (`C[i,j] += A[i,k] * B[k,j]` with either operand transposed, with
      or without a leading batch loop) on f32 memrefs with contiguous rows
      become calls to `@tofu_rt_gpu_matmul_f32` /
      `@tofu_rt_gpu_batch_matmul_f32` (cuBLAS, `C = op(A) op(B) + C`);
    - calls to the CPU runtime's collectives `@tofu_rt_<name>_memref_f32`
      become calls to `@tofu_rt_gpu_<name>_memref_f32` (same operands; NCCL
      or staged through the host, see `runtime/gpu/`);
    - `memref.alloc`/`memref.alloca` become `gpu.alloc host_shared` (managed
      memory: kernels, cuBLAS, NCCL and host code all reach it) and
      `memref.dealloc` an asynchronous `gpu.dealloc` that is waited for;
      constants (`memref.get_global`) are copied into managed memory once
      at their use;
    - `memref.copy` becomes `linalg.copy` so that it runs as a kernel.

    Function arguments must be device-accessible (tofu-run's GPU driver
    passes managed memory). Other ops are left to the upstream passes.
  }];
  let options = [
    Option<"cublas", "cublas", "bool", /*default=*/"true",
           "Rewrite matrix products into cuBLAS calls (false: they become "
           "kernels like every other linalg op)">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect", "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::arith::ArithDialect"
  ];
}

#endif // TOFU_CONVERSION_TOGPU_PASSES_TD
