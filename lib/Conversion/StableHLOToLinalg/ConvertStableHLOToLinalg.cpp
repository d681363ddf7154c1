//===- ConvertStableHLOToLinalg.cpp - The conversion pass -----------------===//
//
// Rejects what no pattern handles (ops outside the subset, dynamic shapes)
// with located errors before converting, reads unsigned integers as
// signless bits (Unsigned.cpp), flattens case and while (Control.cpp), then
// runs the patterns of every op family with stablehlo and chlo illegal.
// --tofu-lower-stablehlo and the --tofu-import-stablehlo pipeline are in
// LowerStableHLO.cpp.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"

#include "Utils.h"

#include "Tofu/Dialect/StableHLO/IR/CHLO.h"

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
  hlo::populateDynamicSlicePatterns(patterns);
  hlo::populateSortPatterns(patterns);
}

namespace {

/// Reports ops the conversion cannot handle; returns false if any.
static bool checkSupported(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns == "mhlo" || ns == "sdy" ||
        isa<stablehlo_subset::CustomCallOp>(op) ||
        ((ns == "stablehlo" || ns == "chlo") && !op->isRegistered())) {
      op->emitError() << "'" << op->getName().getStringRef()
                      << "' is not in the StableHLO subset Tofu supports";
      ok = false;
      return;
    }
    if (ns != "stablehlo" && ns != "chlo")
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
    if (!checkSupported(module) || failed(hlo::eraseUnsignedTypes(module)) ||
        failed(hlo::flattenControlFlow(module)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalDialect<stablehlo_subset::StableHLODialect,
                             chlo_subset::CHLODialect>();
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

} // namespace mlir::tofu
