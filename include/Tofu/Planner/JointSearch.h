//===- JointSearch.h - Replicas x stages x tensor splits ---------*- C++
//-*-===//
//
// The planner's search over how N devices run a training step: d data-
// parallel replicas, each a pipeline of p stages, each stage a group of t
// devices that partitions its layers with one of the tensor options the
// caller offers (Tofu's per-layer plans, Megatron's), with M microbatches,
// activation recomputation and ZeRO sharding of the optimizer state. The
// step is a sequence of segments (the ops before the layers, the layers,
// the ops after them); a stage is a contiguous run of segments. The caller
// supplies per-segment costs for one microbatch; this file composes them
// into the step time and per-device memory (docs/cost-model.md) and finds
// the fastest plan within the memory limit:
//  - every (d, p, t, options, M, recompute, ZeRO stage) is enumerated, with
//    a lower bound on the step time pruning what cannot beat the best plan
//    (a whole (t, p, M) group before its tensor options are searched, then
//    each configuration);
//  - for each, the stage boundaries come from an exact dynamic program over
//    (segments, stages) that keeps the Pareto front of (slowest stage, sum
//    of stage times), since the 1F1B/GPipe step is sum + (M - 1) * slowest.
// `bruteForcePlan` enumerates every boundary placement instead; the unit
// tests check that both agree.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PLANNER_JOINTSEARCH_H
#define TOFU_PLANNER_JOINTSEARCH_H

#include "Tofu/Partition/Machine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>

namespace mlir::tofu::planner {

/// One segment on one device of its tensor-parallel group, for one
/// microbatch, under one tensor option.
struct SegmentCost {
  double forwardSeconds = 0;
  double backwardSeconds = 0;
  /// Tensor-parallel communication (forward and backward), per link level.
  SmallVector<double> tensorCommSeconds;
  /// Parameter elements this device holds (its share).
  double parameterElements = 0;
  /// Activations kept from the forward for the backward.
  double savedActivationBytes = 0;
  /// The segment's output activation: what a stage boundary after it sends,
  /// and what recomputation keeps instead of the saved activations.
  double boundaryBytes = 0;
  /// Largest transient buffer (fetched operands, collective buffers).
  double workingBytes = 0;

  double tensorComm() const;
  /// Forward (twice when recomputed) and backward compute.
  double computeSeconds(bool recompute) const;
  /// Compute plus tensor communication.
  double seconds(bool recompute) const;
};

/// Bytes per parameter element.
struct OptimizerModel {
  std::string name = "sgd";
  double weightBytes = 4;
  double gradientBytes = 4;
  /// Optimizer state (the updated copy for SGD, master weights and moments
  /// for mixed-precision Adam).
  double stateBytes = 4;
  /// Bytes per element of the update's traffic (read + write).
  double updateTrafficBytes = 16;
  /// False for a forward-only step: it has no gradients, optimizer state,
  /// gradient sync or update to charge.
  bool training = true;
};

/// The optimizer models the planner knows: "sgd" (f32, as the zoo's steps:
/// weights, gradients and the updated weights), "adam" (f32 weights,
/// gradients, two moments), "adam-mixed" (Megatron/ZeRO accounting: 16-bit
/// weights and gradients, f32 master weights and moments: 2 + 2 + 12 bytes).
std::optional<OptimizerModel> optimizerModel(StringRef name);

/// A forward-only step (inference, or a forward pass without --tofu-autodiff):
/// weights of `weightBytes` per element and nothing else per parameter.
OptimizerModel forwardOnlyModel(double weightBytes);

struct TensorOption {
  std::string name;
  unsigned degree = 1;
};

struct JointProblem {
  const Machine *machine = nullptr;
  unsigned devices = 1;
  int64_t globalBatch = 1;
  /// Per-device memory limit in bytes (<= 0: none).
  double memoryLimit = 0;
  OptimizerModel optimizer;
  /// Kind of each segment in pipeline order (identical layers share one).
  SmallVector<unsigned> segmentKind;
  unsigned numKinds = 0;
  /// The tensor options for a group of `degree` devices (an option is used
  /// by every segment of a kind).
  std::function<SmallVector<TensorOption>(unsigned degree)> optionsFor;
  /// Cost of a segment kind under option `option` of `degree`, microbatch
  /// `batch` samples; nullopt when the option cannot run that microbatch.
  std::function<std::optional<SegmentCost>(unsigned kind, unsigned degree,
                                           unsigned option, int64_t batch)>
      cost;
  /// Called before the options of (degree, batch) are costed, so that the
  /// caller can cost them together (optional).
  std::function<void(unsigned degree, int64_t batch)> prepare;
  /// What may be chosen.
  unsigned maxTensorDegree = 8;
  unsigned maxMicrobatches = 64;
  SmallVector<unsigned> zeroStages = {0, 1, 3};
  SmallVector<bool> recompute = {false, true};
  /// Most combinations of tensor options over the segment kinds enumerated
  /// per (degree, microbatch); beyond it the least repeated kinds keep
  /// their fastest option (the plan then says it is not exhaustive).
  double maxOptionCombinations = 256;
  /// The costs obey the roofline's bound: under any option of degree t a
  /// segment's compute (forward + backward) is at least its option-0,
  /// degree-1 compute over t. The search then prunes a whole (degree,
  /// stages, microbatches) group before costing its options.
  bool computeDividesByDegree = false;
  /// Pinned degrees and microbatches per replica (0: chosen).
  unsigned fixedData = 0, fixedPipeline = 0, fixedTensor = 0;
  unsigned fixedMicrobatches = 0;
  bool gpipe = false;
  /// Virtual stages per pipeline rank to weigh (1: plain 1F1B/GPipe; v > 1:
  /// Megatron-LM's interleaved 1F1B, where rank r holds model chunks r,
  /// r + p, ..., r + (v - 1) p of p * v contiguous chunks). A v > 1 applies
  /// only with p > 1, at least p * v segments, not GPipe, and microbatches
  /// a multiple of p (Megatron's rule; docs/cost-model.md).
  SmallVector<unsigned> virtualStages = {1};
  /// Whether the step overlaps communication with independent compute: the
  /// data-parallel gradient all-reduce with the last microbatch's backward
  /// and ZeRO-3's gathers and scatters with the segment's compute (as
  /// Megatron and DeepSpeed do). materialize=true's programs do neither
  /// (their collectives block in program order), so they are priced with
  /// every collective exposed.
  bool overlapCommunication = true;
};

struct StageReport {
  unsigned firstSegment = 0, lastSegment = 0;
  /// One microbatch's forward + backward (+ recompute) compute, tensor
  /// communication and boundary send/receive on this stage.
  double computeSeconds = 0, tensorCommSeconds = 0, p2pSeconds = 0;
  /// ZeRO-3's weight gathers and gradient scatters not hidden by compute.
  double zeroCommSeconds = 0;
  double microbatchSeconds = 0;
  double parameterBytes = 0, gradientBytes = 0, optimizerBytes = 0;
  double activationBytes = 0, bufferBytes = 0;
  double peakBytes = 0;
  /// Microbatches whose activations the stage holds at once (interleaved:
  /// chunk-microbatches its rank holds, see virtualStages).
  unsigned inFlight = 1;
};

struct JointPlan {
  bool found = false;
  unsigned data = 1, pipeline = 1, tensor = 1;
  SmallVector<unsigned> optionOfKind;
  SmallVector<std::string> optionNames;
  unsigned microbatches = 1;
  int64_t microbatchSize = 1;
  bool recompute = false;
  unsigned zero = 0;
  bool gpipe = false;
  /// Virtual stages per rank (1: not interleaved). `stages` then holds the
  /// p * v chunks in pipeline order; chunk k runs on rank k mod p, and the
  /// memory figures of a chunk's report are its rank's (all of its chunks).
  unsigned virtualStages = 1;
  SmallVector<StageReport> stages;
  /// Step time and its parts (bottleneck stage for compute/communication).
  double stepSeconds = 0, computeSeconds = 0, tensorCommSeconds = 0;
  SmallVector<double> tensorCommByLevel;
  double p2pSeconds = 0, zeroCommSeconds = 0, bubbleSeconds = 0;
  double dataSyncSeconds = 0;
  double updateSeconds = 0;
  double peakBytes = 0;
  /// Configurations whose stage program ran, and those pruned by the bound.
  uint64_t evaluated = 0, pruned = 0;
  /// (tensor degree, stages, microbatches) groups pruned by the bound
  /// before their tensor options were costed (searched).
  uint64_t prunedGroups = 0;
  /// Whether every combination of tensor options was enumerated.
  bool optionsExhaustive = true;
  /// When nothing fits: the smallest peak seen and its largest part.
  double smallestPeak = 0;
  std::string smallestPeakDominant;
};

/// Evaluates one fully specified plan (stage boundaries in `plan.stages`);
/// fills the times and memory; returns whether every stage fits.
bool evaluatePlan(const JointProblem &problem, JointPlan &plan);

/// The fastest plan within the memory limit (plan.found false when none
/// fits; smallestPeak then says how close the best came).
JointPlan searchJointPlan(const JointProblem &problem);

/// Same answer by enumerating every stage-boundary placement (tests).
JointPlan bruteForcePlan(const JointProblem &problem);

} // namespace mlir::tofu::planner

#endif // TOFU_PLANNER_JOINTSEARCH_H
