//===- InferStepRoles.cpp - The --tofu-infer-step-roles pass --------------===//
//
// Tags a training step that --tofu-autodiff did not make with the roles
// TrainingStep finds in its dataflow, or prints them, or checks them
// against the tags of a step that has them.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/TrainingStep.h"
#include "Tofu/Autodiff/Passes.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUINFERSTEPROLES
#include "Tofu/Autodiff/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

void printRoles(llvm::raw_ostream &os, const TrainingStep &step, bool ops) {
  func::FuncOp func = step.func;
  os << "@" << func.getSymName() << ": training step; loss: result "
     << step.lossResult << "\n";
  for (auto [i, a] : llvm::enumerate(step.arguments)) {
    os << "  arg" << i << ": " << stringifyArgumentRole(a.role);
    if (a.updatedBy)
      os << ", updated by result " << *a.updatedBy;
    if (a.role == ArgumentRole::Data)
      os << ", batch dimension " << a.batchDim;
    os << "\n";
  }
  Block &body = func.getBody().front();
  DenseMap<Operation *, unsigned> position;
  unsigned counts[4] = {0, 0, 0, 0};
  for (Operation &op : body.without_terminator()) {
    position[&op] = position.size();
    ++counts[static_cast<unsigned>(step.roles.lookup(&op))];
  }
  os << "  ops: " << counts[unsigned(OpRole::Forward)] << " forward, "
     << counts[unsigned(OpRole::Backward)] << " backward, "
     << counts[unsigned(OpRole::Update)] << " update, "
     << counts[unsigned(OpRole::Constant)] << " constant\n";
  if (!ops)
    return;
  for (Operation &op : body.without_terminator()) {
    OpRole role = step.roles.lookup(&op);
    os << "  op " << position[&op] << " " << op.getName() << ": "
       << stringifyOpRole(role);
    if (Operation *fwd = step.forwardOf.lookup(&op))
      os << ", with op " << position[fwd];
    if (auto it = step.gradientOf.find(&op); it != step.gradientOf.end())
      os << ", gradient of arg" << it->second;
    if (auto it = step.updateOf.find(&op); it != step.updateOf.end())
      os << ", of arg" << it->second;
    os << "\n";
  }
}

/// The role --tofu-autodiff's tags give `op`.
OpRole taggedRole(Operation *op) {
  if (op->hasAttr(kUpdateOfAttrName))
    return OpRole::Update;
  if (op->hasAttr(kFwdAttrName) || op->hasAttr(kGradOfAttrName))
    return OpRole::Backward;
  return OpRole::Forward;
}

/// Compares the roles found with the tags; ops that depend on no argument
/// (constants, empty tensors, the loss's seed) are cheap in every consumer
/// and are not compared.
LogicalResult checkAgainstTags(llvm::raw_ostream &os,
                               const TrainingStep &step) {
  func::FuncOp func = step.func;
  unsigned args = 0, ops = 0, constants = 0;
  for (auto [i, a] : llvm::enumerate(step.arguments)) {
    bool tagged = func.getArgAttr(i, kParamAttrName) != nullptr;
    if (tagged != (a.role == ArgumentRole::Parameter))
      return func.emitOpError("argument ")
             << i << ": the dataflow finds " << stringifyArgumentRole(a.role)
             << ", the tags say " << (tagged ? "parameter" : "not a parameter");
    ++args;
  }
  for (Operation &op : func.getBody().front().without_terminator()) {
    OpRole found = step.roles.lookup(&op);
    if (found == OpRole::Constant) {
      ++constants;
      continue;
    }
    if (found != taggedRole(&op))
      return op.emitOpError("the dataflow finds a ")
             << stringifyOpRole(found) << " op, the tags say "
             << stringifyOpRole(taggedRole(&op));
    ++ops;
  }
  os << "@" << func.getSymName() << ": the roles agree with the tags on "
     << args << " arguments and " << ops << " ops (" << constants
     << " constant ops not compared)\n";
  return success();
}

struct TofuInferStepRolesPass
    : public tofu::impl::TofuInferStepRolesBase<TofuInferStepRolesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs;
    if (!entry.empty()) {
      auto func = module.lookupSymbol<func::FuncOp>(entry);
      if (!func || func.isExternal()) {
        module.emitError("no function named '")
            << entry << "' with a body (set entry=)";
        return signalPassFailure();
      }
      funcs.push_back(func);
    } else {
      for (auto func : module.getOps<func::FuncOp>())
        if (func.isPublic() && !func.isExternal())
          funcs.push_back(func);
    }
    for (func::FuncOp func : funcs) {
      FailureOr<TrainingStep> step = TrainingStep::analyze(func);
      if (failed(step))
        return signalPassFailure();
      if (print != StepRolesPrint::None)
        printRoles(llvm::outs(), *step, print == StepRolesPrint::Ops);
      bool tagged = TrainingStep::hasTags(func);
      if (checkTags) {
        if (!tagged) {
          func.emitOpError("has no tags to check the roles against "
                           "(check-tags=true compares with the tags of "
                           "--tofu-autodiff)");
          return signalPassFailure();
        }
        if (failed(checkAgainstTags(llvm::outs(), *step)))
          return signalPassFailure();
        continue;
      }
      if (!tagged)
        step->annotate();
    }
  }
};

} // namespace
