//===- Pipelines.h - The CPU and GPU lowering pipelines ---------*- C++ -*-===//
//
// The two pipelines that take a (partitioned or not) module of tensors,
// linalg, tensor, arith, math, func, StableHLO or TOSA and shard collectives
// down to the LLVM dialect: one for the CPU, one for NVIDIA GPUs (NVVM
// kernels embedded as fatbins). tofu-run, tofu-jit, --tofu-coverage and
// python/tofu/mlir_exec.py (through tofu-opt) all build them from here, so
// every user lowers the same way. See docs/runtime.md and docs/gpu.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PIPELINES_PIPELINES_H
#define TOFU_PIPELINES_PIPELINES_H

#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h"

#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::tofu {

/// Options of --tofu-lower-to-llvm-cpu.
struct CPULoweringOptions : public PassPipelineOptions<CPULoweringOptions> {
  PassOptions::Option<bool> loopOrder{
      *this, "loop-order",
      llvm::cl::desc("Reorder products' loops for LLVM's loop vectorizer "
                     "(--tofu-cpu-loop-order; tofu-run --cpu-opt none turns "
                     "it off)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> blas{
      *this, "blas",
      llvm::cl::desc("Matrix products as OpenBLAS calls of libtofu_runtime "
                     "(--tofu-cpu-library-calls; false: loops, as every "
                     "other linalg op; tofu-run --cpu-blas off)"),
      llvm::cl::init(true)};
};

/// Options of --tofu-lower-to-llvm-gpu.
struct GPULoweringOptions : public PassPipelineOptions<GPULoweringOptions> {
  PassOptions::Option<GPUMemory> memory{
      *this, "memory",
      llvm::cl::desc("Where buffers live (--tofu-gpu-library-calls memory=)"),
      llvm::cl::init(GPUMemory::Managed),
      llvm::cl::values(
          clEnumValN(GPUMemory::Managed, "managed", "CUDA managed memory"),
          clEnumValN(GPUMemory::Device, "device",
                     "device memory for what the function does not return"))};
  /// What the NVVM kernels become.
  enum class CubinFormat { Bin, Isa };
  PassOptions::Option<CubinFormat> cubinFormat{
      *this, "cubin-format", llvm::cl::desc("What the kernels become"),
      llvm::cl::init(CubinFormat::Bin),
      llvm::cl::values(
          clEnumValN(CubinFormat::Bin, "bin",
                     "one cubin per chip, packed into a fatbin"),
          clEnumValN(CubinFormat::Isa, "isa",
                     "PTX text per chip, no fatbin (for tests that read it)"))};
  /// Where the pipeline stops (tests look at the IR in between).
  enum class Stop { All, LibraryCalls, Kernels };
  PassOptions::Option<Stop> stopAfter{
      *this, "stop-after", llvm::cl::desc("Stop early (tests)"),
      llvm::cl::init(Stop::All),
      llvm::cl::values(
          clEnumValN(Stop::All, "all", "the whole pipeline (default)"),
          clEnumValN(Stop::LibraryCalls, "library-calls",
                     "after --tofu-gpu-library-calls"),
          clEnumValN(Stop::Kernels, "kernels",
                     "host code and gpu.module kernels, before NVVM"))};
  PassOptions::Option<bool> hostMemory{
      *this, "host-memory",
      llvm::cl::desc("Library calls on host memory (no managed memory, no GPU "
                     "collectives) and no deallocation passes: with "
                     "stop-after=library-calls, a program the CPU lowering "
                     "can finish against libtofu_runtime_gpu_reference"),
      llvm::cl::init(false)};
};

/// Adds the CPU lowering to `pm` (anchored on builtin.module).
void buildCPULoweringPipeline(OpPassManager &pm,
                              const CPULoweringOptions &options);

/// Adds the GPU lowering to `pm` (anchored on builtin.module). CUDA's
/// ptxas and fatbinary must be on PATH when it runs (cubin-format=bin).
void buildGPULoweringPipeline(OpPassManager &pm,
                              const GPULoweringOptions &options);

/// Registers every pipeline of tofu-opt, in pipeline order: the imports
/// (--tofu-import-stablehlo, --tofu-import-tosa), --tofu-partition and
/// --tofu-report (PartitionPipelines.cpp), and the lowerings
/// (--tofu-lower-to-llvm-cpu, --tofu-lower-to-llvm-gpu). This is the one
/// place pipelines are registered.
void registerTofuPipelines();

} // namespace mlir::tofu

#endif // TOFU_PIPELINES_PIPELINES_H
