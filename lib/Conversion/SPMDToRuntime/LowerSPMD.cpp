//===- LowerSPMD.cpp - the --tofu-lower-spmd pass -------------------------===//
//
// Checks every shard op first (so that an unsupported collective is one
// located error, not a half-converted module), then converts them with the
// SPMDToRuntime patterns and erases the grids nothing refers to any more.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/SPMDToRuntime/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFULOWERSPMD
#include "Tofu/Conversion/SPMDToRuntime/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

struct TofuLowerSPMDPass
    : public tofu::impl::TofuLowerSPMDBase<TofuLowerSPMDPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool valid = true;
    module.walk([&](Operation *op) {
      if (isa<shard::ShardDialect>(op->getDialect()))
        valid &= succeeded(tofu::checkLowerableToRuntime(op));
    });
    if (!valid)
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addIllegalDialect<shard::ShardDialect>();
    target.addLegalOp<shard::GridOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    tofu::populateSPMDToRuntimePatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    for (auto grid : llvm::make_early_inc_range(module.getOps<shard::GridOp>()))
      if (SymbolTable::symbolKnownUseEmpty(grid, module))
        grid.erase();
  }
};

} // namespace
