//===- LowerStableHLO.cpp - Import StableHLO where there is any -----------===//
//
// --tofu-lower-stablehlo runs the import (inline JAX's private helpers, then
// --convert-stablehlo-to-linalg) on modules that hold StableHLO or chlo ops
// and nothing otherwise, so that pipelines over any front end can start
// with it; --tofu-import-stablehlo is the import itself, as a pipeline.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Support/ContainsDialect.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tofu {

#define GEN_PASS_DEF_TOFULOWERSTABLEHLO
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h.inc"

/// The import: JAX's private helpers inlined, then the conversion.
void buildStableHLOImportPipeline(OpPassManager &pm) {
  pm.addPass(createInlinerPass());
  pm.addPass(createConvertStableHLOToLinalg());
}

namespace {

struct TofuLowerStableHLOPass
    : public impl::TofuLowerStableHLOBase<TofuLowerStableHLOPass> {
  /// The nested import creates linalg, tensor, arith and math ops: their
  /// dialects must be loaded before the pass runs (run alone, nothing else
  /// in the pipeline loads them).
  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    buildStableHLOImportPipeline(pm);
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!containsDialectOp(module, {"stablehlo", "chlo"}))
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    buildStableHLOImportPipeline(pm);
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};

} // namespace

} // namespace mlir::tofu
