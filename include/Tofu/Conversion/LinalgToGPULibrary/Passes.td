//===- Passes.td - linalg to cuBLAS/cuDNN calls ------------*- tablegen -*-===//
#ifndef TOFU_CONVERSION_LINALGTOGPULIBRARY_PASSES_TD
#define TOFU_CONVERSION_LINALGTOGPULIBRARY_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuGPULibraryCalls : Pass<"tofu-gpu-library-calls", "ModuleOp"> {
  let summary = "Prepare a bufferized program for the GPU: cuBLAS calls, "
                "GPU collectives, device-accessible allocations";
  let description = [{
    Runs after `--one-shot-bufferize` and before the upstream passes that map
    the remaining linalg ops to GPU kernels
    (`--tofu-lower-to-llvm-gpu`, `docs/gpu.md`). In every function:

    - `linalg.matmul` (also with transposed operand maps),
      `linalg.batch_matmul` and `linalg.generic` contractions of the same
      form (`C[i,j] += A[i,k] * B[k,j]` with either operand transposed, with
      or without a leading batch loop) on f32 memrefs with contiguous rows
      become calls to `@tofu_rt_gpu_matmul_f32` /
      `@tofu_rt_gpu_batch_matmul_f32` (cuBLAS, `C = op(A) op(B) + C`);
    - 2-D convolutions on f32 memrefs -- `linalg.conv_2d_nchw_fchw`,
      `linalg.conv_2d_nhwc_fhwc` and generics of the same index maps and
      body, autodiff's input gradients (gather form over the padded output
      gradient with the flipped filter, or scatter form) and weight
      gradients -- become `@tofu_rt_gpu_conv2d_{fwd,bwd_data,bwd_filter}_f32`
      (cuDNN), when the filter is packed; `linalg.pooling_{nchw,nhwc}_{max,
      sum}` (no dilation) and the scatter-form gradient of a sum pooling
      become `@tofu_rt_gpu_pool2d_{fwd,bwd}_f32`;
    - calls to the CPU runtime's collectives `@tofu_rt_<name>_memref_f32`
      become calls to `@tofu_rt_gpu_<name>_memref_f32` (same operands; NCCL
      or staged through the host, see `runtime/gpu/`);
    - `memref.alloc`/`memref.alloca` become `gpu.alloc host_shared` (managed
      memory: kernels, cuBLAS, NCCL and host code all reach it), or with
      `memory=device` a device `gpu.alloc` unless the buffer may reach the
      function's results, and `memref.dealloc` an asynchronous `gpu.dealloc`
      that is waited for; constants (`memref.get_global`) are copied into
      managed memory once at their use (`memory=device`: into device memory
      with `gpu.memcpy`);
    - `memref.copy` becomes `linalg.copy` so that it runs as a kernel.

    Function arguments must be device-accessible (tofu-run's GPU driver
    passes managed memory). Other ops are left to the upstream passes.
  }];
  let options = [
    Option<"cublas", "cublas", "bool", /*default=*/"true",
           "Rewrite matrix products into cuBLAS calls (false: they become "
           "kernels like every other linalg op)">,
    Option<"cudnn", "cudnn", "bool", /*default=*/"true",
           "Rewrite convolutions and poolings into cuDNN calls (false: "
           "kernels)">,
    Option<"memory", "memory", "::mlir::tofu::GPUMemory",
           /*default=*/"::mlir::tofu::GPUMemory::Managed",
           "Where buffers live",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::GPUMemory::Managed, "managed",
                        "every allocation is CUDA managed memory"),
             clEnumValN(::mlir::tofu::GPUMemory::Device, "device",
                        "device memory for buffers the function does not "
                        "return, constants copied to the device with "
                        "gpu.memcpy; returned buffers stay managed so the "
                        "caller can read them"))}]>,
    Option<"hostMemory", "host-memory", "bool", /*default=*/"false",
           "Only the library calls (cuBLAS, cuDNN): leave allocations, "
           "copies and collectives as they are, so that the program runs on "
           "the CPU against a reference library of the same entry points "
           "(tests)">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect", "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::arith::ArithDialect"
  ];
}

#endif // TOFU_CONVERSION_LINALGTOGPULIBRARY_PASSES_TD
