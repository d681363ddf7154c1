//===- DropPlan.cpp - The --tofu-drop-plan pass ---------------------------===//
//
// The plan is carried out by the time a program is lowered to LLVM; what is
// left of it would only stop tools that do not know the Tofu dialect.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Dialect/Tofu/Transforms/Passes.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUDROPPLAN
#include "Tofu/Dialect/Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {
struct TofuDropPlanPass
    : public tofu::impl::TofuDropPlanBase<TofuDropPlanPass> {
  void runOnOperation() override { tofu::dropPlan(getOperation()); }
};
} // namespace
