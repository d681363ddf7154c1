//===- CPULowering.cpp - The CPU lowering pipeline ------------------------===//
//
// Tensors + linalg/tensor/arith/math/func (and StableHLO, TOSA and the
// runtime collectives of partitioned programs) to the LLVM dialect. The
// pipeline of tofu-run, tofu-jit, --tofu-coverage and
// python/tofu/mlir_exec.py (tofu-opt --tofu-lower-to-llvm-cpu); checked
// against MLIR 22.1.
//
//===----------------------------------------------------------------------===//

#include "PipelineUtils.h"

#include "Tofu/Conversion/LinalgToCPULibrary/Passes.h"
#include "Tofu/Conversion/SPMDToRuntime/Passes.h"
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Conversion/TOSAToLinalg/Passes.h"
#include "Tofu/Dialect/Tofu/Transforms/Passes.h"
#include "Tofu/Pipelines/Pipelines.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::tofu;

void mlir::tofu::buildCPULoweringPipeline(OpPassManager &pm,
                                          const CPULoweringOptions &options) {
  // StableHLO/chlo (JAX exports) and TOSA -> linalg (if any), shard
  // collectives -> runtime calls (if any).
  addPass(pm, createTofuLowerStableHLO());
  addPass(pm, createTofuLowerTosa());
  addPass(pm, createTofuLowerSPMD());
  // The plan is carried out; LLVM's translation could not parse it.
  addPass(pm, createTofuDropPlan());
  addPass(pm, createConvertElementwiseToLinalgPass());
  // Element-wise chains become one loop nest (no intermediate buffers).
  addPass(pm, createTofuFuseElementwise());
  // A parallel loop innermost in reductions (products), for LLVM's
  // vectorizer.
  if (options.loopOrder)
    addPass(pm, createTofuCPULoopOrder());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  addPass(pm, bufferization::createOneShotBufferizePass(bufferize));
  bufferization::buildBufferDeallocationPipeline(
      pm, bufferization::BufferDeallocationPipelineOptions());
  addPass(pm, createConvertBufferizationToMemRefPass());
  // Free each buffer after its last use, not at the end of the function.
  addPass(pm, createTofuEarlyDealloc());
  // Products the BLAS computes (C += op(A) op(B) on f32) become runtime
  // calls; the rest become loops.
  if (options.blas)
    addPass(pm, createTofuCPULibraryCalls());
  addPass(pm, createConvertLinalgToLoopsPass());
  addPass(pm, memref::createExpandStridedMetadataPass());
  addPass(pm, createLowerAffinePass());
  addPass(pm, createSCFToControlFlowPass());
  // f16 and bf16: math functions computed in f32; bf16 arithmetic in f32 and
  // rounded back after every op (as XLA's CPU back end does), and its
  // conversions as integer code, so nothing needs compiler-rt's bf16 helpers.
  addPass(pm, math::createMathExtendToSupportedTypes());
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  emulate.targetTypeStr = "f32";
  addPass(pm, arith::createArithEmulateUnsupportedFloats(emulate));
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  addPass(pm, arith::createArithExpandOpsPass(expand));
  addPass(pm, createConvertMathToLLVMPass());
  addPass(pm, createConvertMathToLibmPass());
  addPass(pm, createConvertToLLVMPass());
  addPass(pm, createFinalizeMemRefToLLVMConversionPass());
  addPass(pm, createReconcileUnrealizedCastsPass());
}
