//===- StatePairing.h - Which results replace which arguments ---*- C++ -*-===//
//
// `tofu-run --steps N` runs a training step N times with its parameters and
// optimizer state resident on the ranks: every result that is the update of
// an argument feeds that argument in the next step. This file finds those
// pairs by dataflow, from the step's IR alone (no option, no autodiff
// attribute), and the loss; docs/runtime.md ("Training runs") states the
// rule.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_STATEPAIRING_H
#define TOFU_RUN_STATEPAIRING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tofu_run {

/// What the training loop needs to know about the step's results.
struct StatePairing {
  /// Per result: the argument it replaces in the next step, or -1.
  std::vector<int64_t> argOfResult;
  /// The loss: the first result that is a floating-point scalar or 0-d
  /// tensor and replaces no argument; -1 if there is none.
  int64_t lossResult = -1;
};

/// Pairs the results of `func` with the arguments they update. A result is
/// a candidate update of every argument of the same type; its distance to
/// one is the length of the shortest use-def chain from the returned value
/// back to the argument (0: the argument itself is returned), followed
/// through region yields, func.call callees and linalg bodies (docs/
/// runtime.md, "Training runs", says how). Pairs are
/// fixed shortest distance first, a result taking the one argument at its
/// least distance, an argument going to the one result nearest to it; a
/// result whose nearest free arguments stay tied is an error (returned as
/// the message, located at the function). A result that reaches no free
/// argument of its type is not state.
bool pairStateResults(mlir::func::FuncOp func, StatePairing &out,
                      std::string &error);

} // namespace tofu_run

#endif // TOFU_RUN_STATEPAIRING_H
