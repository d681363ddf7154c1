//===- TOSAToLinalg.cpp - The one TOSA import pipeline --------------------===//
//
// TOSA ops reach linalg, tensor and arith through the upstream conversions,
// always in this order; the partition pipeline, the CPU lowering and
// --tofu-coverage all run this one pipeline.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/TOSAToLinalg/Passes.h"
#include "Tofu/Support/ContainsDialect.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToMLProgram/TosaToMLProgram.h"
#include "mlir/Conversion/TosaToSCF/TosaToSCF.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFULOWERTOSA
#include "Tofu/Conversion/TOSAToLinalg/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

void mlir::tofu::buildTosaToLinalgPipeline(OpPassManager &pm) {
  // Variables first (module level), then control flow to scf, so that the
  // linalg conversions see straight-line bodies; apply_rescale (quantized
  // TOSA) lowers to arith like everything else.
  pm.addPass(createTosaToMLProgram());
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(createTosaToSCFPass());
  funcPm.addPass(tosa::createTosaOptionalDecompositionsPass());
  funcPm.addPass(tosa::createTosaToLinalgNamed());
  funcPm.addPass(tosa::createTosaToLinalg());
  TosaToArithPassOptions arith;
  arith.includeApplyRescale = true;
  funcPm.addPass(createTosaToArithPass(arith));
  funcPm.addPass(createTosaToTensorPass());
  pm.addPass(createCanonicalizerPass());
}

namespace {
struct TofuLowerTosaPass
    : public tofu::impl::TofuLowerTosaBase<TofuLowerTosaPass> {
  /// The nested conversions create linalg, tensor, arith, scf and
  /// ml_program ops: their dialects must be loaded before the pass runs
  /// (run alone, nothing else in the pipeline loads them).
  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    buildTosaToLinalgPipeline(pm);
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!containsDialectOp(module, {"tosa"}))
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    buildTosaToLinalgPipeline(pm);
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};
} // namespace
