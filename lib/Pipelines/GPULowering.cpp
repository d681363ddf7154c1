//===- GPULowering.cpp - The GPU lowering pipeline ------------------------===//
//
// Tensors + linalg/tensor/arith/math/func, optionally calling the runtime's
// @tofu_rt_*_memref_f32 collectives, to the LLVM dialect with NVVM kernels
// embedded as fatbins for sm_80 and sm_90 (docs/gpu.md); tofu-run --backend
// gpu and tofu-opt --tofu-lower-to-llvm-gpu. Checked against MLIR 22.1.
// cubin-format=isa keeps PTX text instead (one object per chip, no fatbin;
// tests do). ptxas and fatbinary (CUDA's bin/) must be on PATH.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"

#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h"
#include "Tofu/Conversion/SPMDToRuntime/Passes.h"
#include "Tofu/Conversion/TOSAToLinalg/Passes.h"
#include "Tofu/Dialect/Tofu/Transforms/Passes.h"
#include "Tofu/Pipelines/Pipelines.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

// Up to and including the library calls: tensors to buffers that live on
// the device, cuBLAS/cuDNN calls and GPU collectives.
void addBufferizationAndLibraryCalls(OpPassManager &pm,
                                     const GPULoweringOptions &options) {
  // TOSA -> linalg (if any), shard collectives -> runtime calls (if any).
  addPass(pm, createTofuLowerTosa());
  addPass(pm, createTofuLowerSPMD());
  // The plan is carried out; LLVM's translation could not parse it.
  addPass(pm, createTofuDropPlan());
  addPass(pm, createConvertElementwiseToLinalgPass());
  // Element-wise chains become one op (one kernel, no intermediate buffers)
  // where no element is computed twice; products and convolutions keep their
  // operands for cuBLAS/cuDNN.
  addPass(pm, createTofuFuseElementwise());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  addPass(pm, bufferization::createOneShotBufferizePass(bufferize));
  // Every op's loops run on the device: parallel loops first (else a bias
  // gradient is a host loop over the batch, one launch per row), full
  // reductions (the loss sum) split into parallel partials, 0-d ops in
  // one-thread kernels; the host never touches a buffer between kernels.
  addPass(pm, createTofuGPUSerialOps());
  // Frees every buffer the function does not return (memref.dealloc, which
  // becomes gpu.dealloc: the runtime keeps freed managed blocks for reuse, so
  // a step's buffers serve the next one). host-memory leaves deallocation to
  // the CPU lowering that follows.
  if (!options.hostMemory) {
    addPass(pm, bufferization::createOwnershipBasedBufferDeallocationPass());
    addPass(pm, bufferization::createBufferDeallocationSimplificationPass());
    addPass(pm, bufferization::createLowerDeallocationsPass());
  }
  // cuBLAS products, GPU collectives, managed memory, copies as linalg.copy.
  TofuGPULibraryCallsOptions calls;
  calls.memory = options.memory;
  calls.hostMemory = options.hostMemory;
  addPass(pm, createTofuGPULibraryCalls(calls));
}

// Every remaining linalg op -> scf.parallel (reductions: scf.for inside),
// tiled into blocks of 256 threads (64 along the innermost dimension, which
// maps to threadIdx.x), tile loops to blocks; constant steps for the
// conversion (not canonicalize: it would merge the tile loops again).
void addKernels(OpPassManager &pm) {
  addPass(pm, createConvertLinalgToParallelLoopsPass());
  TofuGPUMapParallelLoopsOptions map;
  map.threads = 256;
  map.innerTile = 64;
  addPass(pm, createTofuGPUMapParallelLoops(map));
  addPass(pm, createSCCPPass());
  addPass(pm, createConvertParallelLoopToGpuPass());
  addPass(pm, createGpuKernelOutliningPass());
  addPass(pm, createLowerAffinePass());
  addPass(pm, createCanonicalizerPass());
}

// NVVM kernels for two chips: A100 (sm_80, attached here) and H100/H200
// (sm_90, attached by the pipeline); host calls to the mgpu* runtime ABI
// (libtofu_runtime_gpu). Each chip gets a cubin; tofu-gpu-fatbin packs them
// into one fatbin per module, from which the driver loads the image of the
// GPU it runs on. Add a chip with another attach-target pass.
void addNVVM(OpPassManager &pm, const GPULoweringOptions &options) {
  GpuNVVMAttachTargetOptions attach;
  attach.chip = "sm_80";
  attach.features = "+ptx80";
  attach.optLevel = 3;
  addPass(pm, createGpuNVVMAttachTarget(attach));
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = "sm_90";
  nvvm.cubinFeatures = "+ptx80";
  // Upstream's option takes the format by name.
  nvvm.cubinFormat = options.cubinFormat == GPULoweringOptions::CubinFormat::Bin
                         ? "bin"
                         : "isa";
  nvvm.optLevel = 3;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
  // PTX text (cubin-format=isa) stays one object per chip.
  if (options.cubinFormat == GPULoweringOptions::CubinFormat::Bin)
    addPass(pm, createTofuGPUFatbin());
}

} // namespace

void mlir::tofu::buildGPULoweringPipeline(OpPassManager &pm,
                                          const GPULoweringOptions &options) {
  using Stop = GPULoweringOptions::Stop;
  addBufferizationAndLibraryCalls(pm, options);
  if (options.stopAfter == Stop::LibraryCalls)
    return;
  addKernels(pm);
  if (options.stopAfter == Stop::Kernels)
    return;
  addNVVM(pm, options);
}
