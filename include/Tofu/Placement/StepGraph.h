//===- StepGraph.h - The placement problem of an MLIR training step -*- C++
//-*-//
//
// --tofu-place sees a training step (a func.func made by --tofu-autodiff) as
// the operator graph of Tarnawski et al.'s placement problem
// (Tofu/Placement/Problem.h): one node per op with tensor results, except
// the cheap ones (operand-free ops such as arith.constant and tensor.empty,
// and ops that only read their results, such as the linalg.fill of an init),
// which every stage can recompute and which follow their first user.
//
// The costs come from the machine description, per microbatch:
//  - a node's time is its FLOPs (the partition graph's: iteration points
//    times arithmetic body ops) / M / the device's FLOP/s;
//  - its size is 3 x the bytes of the parameters it is the first reader of
//    (weights, gradient, one optimizer slot), plus, for a forward op, the
//    bytes of the results backward ops read (saved activations) / M times
//    the microbatches in flight on a stage;
//  - the cost of its out-edges is the bytes of its tensor results / M / the
//    bandwidth of the machine's innermost link.
// Backward ops (tofu.fwd) share the colour class of their forward op, a
// parameter update (tofu.update_of) the class of its gradient; accumulation
// adds and the loss seed (tofu.grad_of without tofu.fwd) are orphan backward
// nodes.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_STEPGRAPH_H
#define TOFU_PLACEMENT_STEPGRAPH_H

#include "Tofu/Partition/Machine.h"
#include "Tofu/Placement/Problem.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <vector>

namespace mlir::tofu {

struct StepGraphOptions {
  unsigned stages = 1;
  unsigned microbatches = 1;
  /// Microbatches whose activations a stage keeps at once: the stage count
  /// for 1F1B, every microbatch for GPipe (capped by the microbatch count).
  unsigned inFlight = 1;
  /// Bytes per accelerator; ::tofu::placement::kInfinity for no limit.
  double memoryLimit = ::tofu::placement::kInfinity;
};

/// Whether `op` is backward or update work (tofu.fwd, tofu.grad_of or
/// tofu.update_of).
bool isBackwardOp(Operation *op);

class StepGraph {
public:
  /// Builds the placement problem of `func` (one block, static shapes);
  /// emits a located error and fails on ops it cannot cost.
  static FailureOr<StepGraph> build(func::FuncOp func, const Machine &machine,
                                    const StepGraphOptions &options);

  /// The problem's times are in units of `secondsPerUnit` seconds, chosen so
  /// that the step's total is about 1000 units: the MILP fallback's absolute
  /// tolerances (CBC's 1e-7) would swamp times in seconds (nanoseconds for
  /// small models), and scaling all times alike does not move the optimum.
  /// They are multiples of 2^-20 units, so that the solvers' sums are exact.
  ::tofu::placement::Problem problem;
  double secondsPerUnit = 1;
  /// The op of each node, in program order.
  std::vector<Operation *> nodeOps;
  DenseMap<Operation *, unsigned> nodeOf;
  /// FLOPs of each node for one step (the whole batch).
  std::vector<double> flops;
  /// Ops of the function body that are not nodes (cheap ops, ops without
  /// tensor results), without the terminator, in program order.
  std::vector<Operation *> attachedOps;
  /// The gradient node an update node reads: the backward node feeding it
  /// that names the same value (tofu.grad_of == tofu.update_of), else the
  /// last backward node feeding it; none for a node without one.
  std::optional<unsigned> gradientOf(unsigned update) const;

  /// Whether the FLOPs came from the partition graph (else from counting
  /// linalg iteration spaces directly).
  bool partitionGraphFlops = false;
};

} // namespace mlir::tofu

#endif // TOFU_PLACEMENT_STEPGRAPH_H
