//===- ConvertStableHLOToLinalg.cpp - The conversion pass -----------------===//
//
// Rejects what no pattern handles (ops outside the subset, dynamic shapes)
// with located errors before converting, then runs the patterns of every op
// family with stablehlo illegal.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"

#include "Utils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tofu {

#define GEN_PASS_DEF_CONVERTSTABLEHLOTOLINALG
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h.inc"

void populateStableHLOToLinalgPatterns(RewritePatternSet &patterns) {
  hlo::populateElementwisePatterns(patterns);
  hlo::populateDataMovementPatterns(patterns);
  hlo::populateLinearPatterns(patterns);
  hlo::populateReductionPatterns(patterns);
  hlo::populateScatterPatterns(patterns);
}

namespace {

/// Reports ops the conversion cannot handle; returns false if any.
static bool checkSupported(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns == "chlo" || ns == "mhlo" || ns == "sdy" ||
        (ns == "stablehlo" && !op->isRegistered())) {
      op->emitError() << "'" << op->getName().getStringRef()
                      << "' is not in the StableHLO subset Tofu supports";
      ok = false;
      return;
    }
    if (ns != "stablehlo")
      return;
    auto isDynamic = [](Type t) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      return ranked && !ranked.hasStaticShape();
    };
    for (Type t :
         llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isDynamic(t)) {
        op->emitOpError() << "has the dynamic shape " << t
                          << "; the conversion needs static shapes";
        ok = false;
        return;
      }
  });
  return ok;
}

struct ConvertStableHLOToLinalgPass
    : public impl::ConvertStableHLOToLinalgBase<ConvertStableHLOToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!checkSupported(module))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalDialect<stablehlo_subset::StableHLODialect>();
    target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                           math::MathDialect, tensor::TensorDialect,
                           func::FuncDialect>();
    RewritePatternSet patterns(ctx);
    populateStableHLOToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void registerTofuStableHLOPipelines() {
  PassPipelineRegistration<>(
      "tofu-import-stablehlo",
      "Inline JAX's private helpers, then convert the StableHLO subset to "
      "linalg, tensor, arith and math",
      [](OpPassManager &pm) {
        pm.addPass(createInlinerPass());
        pm.addPass(createConvertStableHLOToLinalg());
      });
}

} // namespace mlir::tofu
