//===- AlpaStage.h - Alpa's intra-operator pass for one stage ---*- C++ -*-===//
//
// The `alpa` baseline's per-stage problem (Zheng et al., "Alpa", OSDI'22,
// section 4): each op chooses a parallel strategy on the stage's tensor
// axis of t devices (split one loop of its iteration space, or replicate);
// a strategy costs its compute (roofline) plus the collective it needs to
// finish (an all-reduce or reduce-scatter of a partial output), and each
// data-flow edge costs the resharding from the layout the producer leaves
// to the one the consumer reads. Tensors that enter the segment from
// outside (parameters, the previous layer's activation) are nodes whose
// choices are their layouts. The least total time is found with the
// project's assignment solver (TofuSolver: CBC's MILP first, proven
// optimal on these sizes), not a solver of its own. See docs/planner.md
// ("alpa") for how this follows and where it differs from Alpa.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PLANNER_ALPASTAGE_H
#define TOFU_PLANNER_ALPASTAGE_H

#include "Tofu/Partition/Graph.h"
#include "Tofu/Partition/Machine.h"
#include "Tofu/Planner/JointSearch.h"

#include <string>
#include <vector>

namespace mlir::tofu::planner {

/// What the stage problem is built from: one segment's subgraph as the
/// planner's StepModel makes it (batch already rescaled to the microbatch).
struct StageIlpInput {
  const PartitionGraph *graph = nullptr;
  const Machine *machine = nullptr;
  /// Devices of the tensor axis.
  unsigned degree = 1;
  std::string elementType = "f32";
  /// Multiplier on float tensors' bytes (0.5 for bf16).
  double floatBytesScale = 1;
  /// Per graph op: a forward op, an optimizer update (its compute is left
  /// to the planner's optimizer model, as for the other strategies).
  std::vector<bool> forward, update;
  /// Per tensor class: a float tensor.
  std::vector<bool> isFloat;
  /// Parameters read (class, elements), saved activations and the boundary
  /// (classes), as in SegmentCost.
  SmallVector<std::pair<int, double>> parameters;
  SmallVector<int> saved, boundary;
};

/// A layout on the tensor axis: -1 replicated, d >= 0 split along d.
using AxisLayout = int;

/// One choice of a node.
struct StageChoice {
  std::string name;
  /// Op nodes: the split loop (-1: replicated), whether it is a reduction
  /// finished by a reduce-scatter (else an all-reduce), the layout of each
  /// result after the finish and the layout each description input is read
  /// in. Tensor nodes: the layout.
  int loop = -1;
  bool reduceScatter = false;
  SmallVector<AxisLayout> results, inputs;
  AxisLayout layout = -1;
  /// Compute + finishing collective, seconds.
  double seconds = 0;
};

struct StageNode {
  /// An op class (its ops share one strategy, as unrolled timesteps do), or
  /// a tensor class entering from outside.
  bool isTensor = false;
  int opClass = -1, tensorClass = -1;
  SmallVector<StageChoice> choices;
};

/// A resharding table between two nodes, row-major (choice of u, of v).
struct StageEdge {
  unsigned u = 0, v = 0;
  std::vector<double> seconds;
};

/// One tensor flowing between two nodes (or within one): an op's result
/// (`fromResult`) or an outside tensor's layout (-1) read by an op's
/// description input, or an op's result leaving the segment into the layout
/// of its outside tensor (`toInput` -1). Edge tables sum their flows.
struct StageFlow {
  unsigned from = 0, to = 0;
  int fromResult = -1, toInput = -1;
  int tensorClass = -1;
};

struct StageIlp {
  SmallVector<StageNode> nodes;
  SmallVector<StageEdge> edges;
  SmallVector<StageFlow> flows;
  /// Per tensor class of the segment: the node whose choice gives its
  /// layout and which result (-1: a tensor node), for memory.
  DenseMap<int, std::pair<unsigned, int>> sourceOf;
  /// Total seconds of an assignment (one choice per node).
  double objective(ArrayRef<unsigned> choice) const;
};

struct StageIlpAnswer {
  SmallVector<unsigned> choice;
  double seconds = 0;
  /// The solver's bound is within 1e-6 of the answer (CBC's tolerance);
  /// which of its parts found it.
  bool optimal = false;
  std::string foundBy;
};

/// Builds the stage problem.
StageIlp buildStageIlp(const StageIlpInput &input);

/// Solves it with TofuSolver (costs in picoseconds); fails with `error`
/// when the solver returns no assignment.
FailureOr<StageIlpAnswer> solveStageIlp(const StageIlp &ilp,
                                        std::string &error);

/// Every assignment (tests; tiny problems only).
StageIlpAnswer bruteForceStageIlp(const StageIlp &ilp);

/// The segment's cost under an assignment, in the planner's terms:
/// forward and backward compute, tensor communication per link level (the
/// finishing collectives and every resharding), parameter elements, saved
/// activations and boundary per device, and the largest gathered buffer.
/// computeSeconds(false) + tensorComm() equals the objective.
SegmentCost stageCost(const StageIlpInput &input, const StageIlp &ilp,
                      ArrayRef<unsigned> choice);

} // namespace mlir::tofu::planner

#endif // TOFU_PLANNER_ALPASTAGE_H
