//===- StepModel.h - A training step as the planner sees it ------*- C++
//-*-===//
//
// The planner works on segments of the step: the ops before the layers,
// each layer, the ops after them, in pipeline order. A layer is the set of
// ops whose names (tofu.name, or for backward ops and updates the forward
// op or parameter they belong to) start with one tag like `l7`; layers with
// the same ops, names and shapes are one *kind* and are costed once, on a
// subgraph of one representative layer. In that subgraph the layer's input
// activation and its output activation (with their gradients) form one
// tensor class, so the plan found is one that every layer can repeat
// without a relayout between layers.
//
// A segment's cost for t devices, one of the tensor options and a
// microbatch of b samples comes from Tofu's search on the subgraph with its
// batch dimension rescaled to b, costed with the time model of
// CostModel.h; see docs/cost-model.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PLANNER_STEPMODEL_H
#define TOFU_PLANNER_STEPMODEL_H

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Graph.h"
#include "Tofu/Partition/Machine.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/Planner/JointSearch.h"

#include <map>
#include <memory>
#include <set>

namespace mlir::tofu::planner {

/// A backward op of a training step (tofu.grad_of or tofu.fwd, as
/// --tofu-autodiff and --tofu-infer-step-roles tag it).
inline bool isBackward(Operation *op) {
  return op->hasAttr(kGradOfAttrName) || op->hasAttr(kFwdAttrName);
}

/// An update of a training step (tofu.update_of).
inline bool isUpdate(Operation *op) { return op->hasAttr(kUpdateOfAttrName); }

struct StepSegment {
  std::string name;
  unsigned kind = 0;
  /// Graph ops of the segment, in search order.
  SmallVector<unsigned> ops;
  bool isLayer = false;
};

struct SegmentKind {
  std::string name;
  unsigned representative = 0;
  unsigned count = 0;
};

struct StepStructure {
  SmallVector<StepSegment> segments;
  SmallVector<SegmentKind> kinds;
  /// Per tensor class its batch dimension, per op its batch loop (-1:
  /// none), followed from the batched data arguments along the access maps.
  std::vector<int> batchDim, batchLoop;
  /// The step's batch in samples: the smallest extent of any tensor's batch
  /// dimension (a transformer's [batch * sequence] token rows count
  /// `batch`, its [batch, sequence, ...] tensors say it).
  int64_t batch = 1;
};

/// Splits the step into segments; fails with `error` when the graph has no
/// batched data argument.
FailureOr<StepStructure> buildStepStructure(const PartitionGraph &graph,
                                            std::string &error);

/// The arithmetic the planner assumes: "f32" as the graph says, or "bf16"
/// (mixed precision: every 4-byte float tensor held in 2 bytes, arithmetic
/// at the device's bf16 peak).
struct Precision {
  std::string elementType = "f32";
  /// Multiplier on the graph's 4-byte float tensor bytes.
  double floatBytesScale = 1;
};

class SegmentEvaluator {
public:
  /// `objective`: what the Tofu searches behind the tensor options minimize
  /// (the planner's time; the tofu-bytes baseline's bytes).
  SegmentEvaluator(const PartitionGraph &graph, const StepStructure &step,
                   const Machine &machine, Precision precision,
                   SearchObjective objective = SearchObjective::Time);
  ~SegmentEvaluator();

  /// The tensor options for `degree` devices: Tofu's plan for every
  /// factorization of the degree ("tofu 4x2"), the prime-factor recursion
  /// first.
  SmallVector<TensorOption> options(unsigned degree) const;

  std::optional<SegmentCost> cost(unsigned kind, unsigned degree,
                                  unsigned option, int64_t batch);
  /// Runs the Tofu searches of options [0, numOptions) of every kind at
  /// (degree, batch) that are not cached yet, in parallel on the IR's
  /// context threads; cost() then answers from the cache, as if it had
  /// searched them one by one.
  void prefetch(unsigned degree, int64_t batch, unsigned numOptions);

  /// Megatron-LM's per-layer splits for `degree` devices, as one option
  /// ("megatron"; "whole" for one device), and its cost: the layer's
  /// compute divided by the degree (every GEMM and the attention split),
  /// four all-reduces of the residual-stream activation per layer and
  /// microbatch (two forward, two backward; Narayanan et al., SC'21), the
  /// stream-shaped saved activations and the stream-sized 1-D parameters
  /// (layer norms, output biases) replicated, everything else divided.
  /// Megatron-LM can split a layer `degree` ways only when the degree
  /// divides its hidden size and its attention heads (each device holds
  /// whole heads); nullopt then, and megatronRefusal() says why.
  SmallVector<TensorOption> megatronOptions(unsigned degree) const;
  std::optional<SegmentCost> megatronCost(unsigned kind, unsigned degree,
                                          int64_t batch);
  /// Why the last refused Megatron-LM split could not be made (empty when
  /// none was refused by its shape).
  const std::string &megatronRefusal() const { return refusedMegatron; }

  /// Alpa's intra-operator pass for `degree` devices (AlpaStage.h), as one
  /// option ("alpa-ilp"; "whole" for one device), and its cost: the
  /// per-stage problem over the kind's subgraph at `batch` samples, solved
  /// by TofuSolver; nullopt when the subgraph cannot take that microbatch.
  SmallVector<TensorOption> alpaOptions(unsigned degree) const;
  std::optional<SegmentCost> alpaCost(unsigned kind, unsigned degree,
                                      int64_t batch);
  /// Stage problems solved, seconds spent in them, whether the solver
  /// proved every answer optimal.
  unsigned alpaSolves() const { return ilpSolves; }
  double alpaSeconds() const { return ilpTime; }
  bool alpaAllOptimal() const { return ilpAllOptimal; }

  /// The searched plan behind a cost (for the report), or null.
  const Plan *planFor(unsigned kind, unsigned degree, unsigned option,
                      int64_t batch);
  /// Whether the kind's input and output activations were tied (its plan
  /// repeats from layer to layer without a relayout).
  bool periodic(unsigned kind);
  /// Seconds spent in Tofu's search so far.
  double searchSeconds() const { return searchTime; }

private:
  struct Subgraph;
  Subgraph &subgraph(unsigned kind);
  const PartitionGraph *scaled(unsigned kind, int64_t batch);
  SegmentCost costOf(const PartitionGraph &g, const Subgraph &sub,
                     const Plan &plan) const;
  SearchOptions searchOptions(ArrayRef<unsigned> levels) const;
  /// Bytes of the residual stream (the most repeated layer kind's boundary)
  /// at `batch` samples.
  double streamBytes(int64_t batch);
  std::string refusedMegatron;

  const PartitionGraph &graph;
  const StepStructure &step;
  const Machine &machine;
  Precision precision;
  SearchObjective objective;
  /// Per graph op its segment, per tensor class the segments touching it.
  std::vector<unsigned> segmentOf;
  std::vector<std::set<unsigned>> segmentsOf;
  std::vector<std::unique_ptr<Subgraph>> subgraphs;
  std::map<std::tuple<unsigned, unsigned, unsigned, int64_t>,
           std::optional<std::pair<Plan, SegmentCost>>>
      cache;
  double searchTime = 0;
  std::map<std::tuple<unsigned, unsigned, int64_t>, std::optional<SegmentCost>>
      alpaCache;
  unsigned ilpSolves = 0;
  double ilpTime = 0;
  bool ilpAllOptimal = true;
};

} // namespace mlir::tofu::planner

#endif // TOFU_PLANNER_STEPMODEL_H
