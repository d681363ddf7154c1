//===- Pipelines.cpp - Registration of the lowering pipelines -------------===//
//
// tofu-opt --tofu-lower-to-llvm-cpu and --tofu-lower-to-llvm-gpu, with the
// options of Pipelines.h (e.g. --tofu-lower-to-llvm-gpu="memory=device").
//
//===----------------------------------------------------------------------===//

#include "Tofu/Pipelines/Pipelines.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tofu;

void mlir::tofu::registerTofuLoweringPipelines() {
  PassPipelineRegistration<CPULoweringOptions>(
      "tofu-lower-to-llvm-cpu",
      "Lower tensors, linalg, StableHLO, TOSA and shard collectives to the "
      "LLVM dialect for the CPU (the pipeline of tofu-run and tofu-jit)",
      buildCPULoweringPipeline);
  PassPipelineRegistration<GPULoweringOptions>(
      "tofu-lower-to-llvm-gpu",
      "Lower tensors, linalg, TOSA and shard collectives to the LLVM dialect "
      "with NVVM kernels in fatbins for sm_80 and sm_90, cuBLAS/cuDNN calls "
      "and GPU collectives (tofu-run --backend gpu; docs/gpu.md)",
      buildGPULoweringPipeline);
}
