//===- MaterializePass.cpp - The --tofu-materialize pass ------------------===//
//
// Rewrites the function a plan names into the SPMD program every rank runs
// (Materialize.cpp), and records what that did in the plan.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/Materialize.h"
#include "Tofu/SPMD/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUMATERIALIZE
#include "Tofu/SPMD/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

/// Rewrites `func` into its SPMD form and records what that did.
LogicalResult materializeFunction(ModuleOp module, func::FuncOp func) {
  auto partition = module->getAttrOfType<DictionaryAttr>("tofu.partition");
  auto levels =
      partition ? partition.getAs<DenseI64ArrayAttr>("levels") : nullptr;
  // One worker: the function is already what the single rank runs.
  if (levels && levels.empty())
    return success();
  MaterializeStats stats;
  if (failed(materializePlan(module, func, stats)))
    return failure();
  NamedAttrList attrs(partition);
  Builder b(module.getContext());
  attrs.set("materialized", b.getUnitAttr());
  attrs.set("partitioned_ops", b.getI64IntegerAttr(stats.partitionedOps));
  attrs.set("replicated_ops", b.getI64IntegerAttr(stats.replicatedOps));
  attrs.set("collectives", b.getI64IntegerAttr(stats.collectives));
  module->setAttr("tofu.partition", attrs.getDictionary(module.getContext()));
  return success();
}

struct TofuMaterializePass
    : public tofu::impl::TofuMaterializeBase<TofuMaterializePass> {
  using TofuMaterializeBase::TofuMaterializeBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto partition = module->getAttrOfType<DictionaryAttr>("tofu.partition");
    if (!partition) {
      module.emitError("no tofu.partition plan on the module (run "
                       "--tofu-partition=materialize=false first)");
      return signalPassFailure();
    }
    if (partition.get("materialized")) {
      module.emitError("the module is already materialized");
      return signalPassFailure();
    }
    std::string name = entry;
    if (name.empty())
      if (auto f = partition.getAs<StringAttr>("function"))
        name = f.str();
    auto func =
        name.empty() ? func::FuncOp() : module.lookupSymbol<func::FuncOp>(name);
    if (!func || func.isExternal()) {
      module.emitError("no function '")
          << name << "' with a body to materialize (tofu.partition "
          << "'function' or the 'entry' option names it)";
      return signalPassFailure();
    }
    if (failed(materializeFunction(module, func)))
      signalPassFailure();
  }
};
} // namespace
