//===- MaterializePass.cpp - The --tofu-materialize pass ------------------===//
//
// Rewrites the function a plan names into the SPMD program every rank runs
// (Materialize.cpp), and records what that did in the plan.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
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
  TofuDialect::PartitionAttrHelper planAttr(module.getContext());
  PlanAttr plan = planAttr.getAttr(module);
  // One worker: the function is already what the single rank runs.
  if (plan.getLevels().empty())
    return success();
  MaterializeStats stats;
  if (failed(materializePlan(module, func, stats)))
    return failure();
  planAttr.setAttr(module, plan.withMaterialized(MaterializedAttr::get(
                               module.getContext(), stats.partitionedOps,
                               stats.replicatedOps, stats.collectives)));
  return success();
}

struct TofuMaterializePass
    : public tofu::impl::TofuMaterializeBase<TofuMaterializePass> {
  using TofuMaterializeBase::TofuMaterializeBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto plan = module->getAttrOfType<PlanAttr>(kPartitionAttrName);
    if (!plan) {
      module.emitError("no tofu.partition plan on the module (run "
                       "--tofu-partition=materialize=false first)");
      return signalPassFailure();
    }
    if (plan.getMaterialized()) {
      module.emitError("the module is already materialized");
      return signalPassFailure();
    }
    std::string name = entry;
    if (name.empty())
      if (StringAttr f = plan.getFunction())
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
