//===- Pipelines.cpp - Registration of every pipeline ---------------------===//
//
// The one place tofu-opt's pipelines are registered: the imports, the
// partition pipelines and the lowerings, with the options of Pipelines.h
// (e.g. --tofu-lower-to-llvm-gpu="memory=device").
//
//===----------------------------------------------------------------------===//

#include "Tofu/Pipelines/Pipelines.h"

#include "PipelineUtils.h"
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Conversion/TOSAToLinalg/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tofu;

void mlir::tofu::registerTofuPipelines() {
  PassPipelineRegistration<>(
      "tofu-import-stablehlo",
      "Inline JAX's private helpers, then convert the StableHLO subset to "
      "linalg, tensor, arith and math",
      buildStableHLOImportPipeline);
  PassPipelineRegistration<>(
      "tofu-import-tosa",
      "Convert TOSA to linalg, tensor, arith, scf and ml_program "
      "(tosa-to-mlprogram, then per function tosa-to-scf, "
      "tosa-optional-decompositions, tosa-to-linalg-named, tosa-to-linalg, "
      "tosa-to-arith{include-apply-rescale=true}, tosa-to-tensor; then "
      "canonicalize)",
      buildTosaToLinalgPipeline);
  registerPartitionPipelines();
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
