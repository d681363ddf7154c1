//===- SegmentEvaluator.cpp - What a segment costs at each degree ---------===//
//
// SegmentEvaluator (StepModel.h): the subgraph of one segment, scaled to a
// microbatch, searched at each tensor degree (Tofu's plan, Megatron-LM's
// per-layer splits, Alpa's per-stage ILP) and priced on the machine.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Planner/AlpaStage.h"
#include "Tofu/Planner/CostModel.h"
#include "Tofu/Planner/StepModel.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <limits>
#include <set>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

//===----------------------------------------------------------------------===//
// Subgraphs of one segment
//===----------------------------------------------------------------------===//

struct SegmentEvaluator::Subgraph {
  PartitionGraph graph;
  /// Full-graph class -> subgraph class.
  DenseMap<int, int> classMap;
  std::vector<int> batchDim, batchLoop;
  /// Per subgraph op: forward (not backward, not an update).
  std::vector<bool> forward, update;
  /// Per subgraph class: a float tensor (scaled by the precision).
  std::vector<bool> isFloat;
  /// The parameters (tofu.param arguments) the segment reads: subgraph
  /// class and elements, one entry per argument (a class can hold a
  /// parameter with its gradient and update, which are not parameters).
  SmallVector<std::pair<int, double>> parameters;
  /// Forward values the segment's backward reads (saved activations), and
  /// forward values other segments read (the boundary), as subgraph
  /// classes (one entry per value).
  SmallVector<int> saved, boundary;
  /// The input and output activations were tied (a repeating plan).
  bool periodic = false;
  /// Rescaled copies by microbatch size (null: cannot be rescaled).
  std::map<int64_t, std::unique_ptr<PartitionGraph>> scaled;
};

SegmentEvaluator::SegmentEvaluator(const PartitionGraph &graph,
                                   const StepStructure &step,
                                   const Machine &machine, Precision precision,
                                   SearchObjective objective)
    : graph(graph), step(step), machine(machine), precision(precision),
      objective(objective) {
  subgraphs.resize(step.kinds.size());
  segmentOf.resize(graph.ops.size());
  for (auto [i, s] : llvm::enumerate(step.segments))
    for (unsigned o : s.ops)
      segmentOf[o] = i;
  segmentsOf.resize(graph.tensors.size());
  for (auto [o, op] : llvm::enumerate(graph.ops)) {
    for (int c : op.inputClasses)
      if (c >= 0)
        segmentsOf[c].insert(segmentOf[o]);
    for (int c : op.outputClasses)
      if (c >= 0)
        segmentsOf[c].insert(segmentOf[o]);
  }
}

SegmentEvaluator::~SegmentEvaluator() = default;

/// Classes that only segment `a` and segment `b` touch.
static SmallVector<int>
sharedOnlyBy(const std::vector<std::set<unsigned>> &segmentsOf, unsigned a,
             unsigned b) {
  SmallVector<int> classes;
  for (auto [c, segs] : llvm::enumerate(segmentsOf))
    if (segs.size() == 2 && segs.count(a) && segs.count(b))
      classes.push_back(c);
  return classes;
}

SegmentEvaluator::Subgraph &SegmentEvaluator::subgraph(unsigned kind) {
  if (subgraphs[kind])
    return *subgraphs[kind];
  auto sub = std::make_unique<Subgraph>();
  const PartitionGraph &g = graph;
  unsigned r = step.kinds[kind].representative;
  const StepSegment &seg = step.segments[r];
  // Tie the input activation (shared with the previous segment only) to
  // the output activation (shared with the next only) when both are one
  // tensor of one shape: the plan then repeats from layer to layer. The
  // terms of an activation's accumulated gradient keep classes of their
  // own (docs/search.md); they are tied pairwise, in program order, where
  // both sides have the same terms.
  DenseMap<int, int> tie;
  if (seg.isLayer && r > 0 && r + 1 < step.segments.size()) {
    auto shared = [&](unsigned a, unsigned b, bool gradient) {
      SmallVector<int> classes;
      for (int c : sharedOnlyBy(segmentsOf, a, b))
        if (llvm::all_of(g.tensors[c].values, [](Value v) {
              Operation *def = v.getDefiningOp();
              return def && isBackward(def);
            }) == gradient)
          classes.push_back(c);
      return classes;
    };
    auto tiePairwise = [&](ArrayRef<int> in, ArrayRef<int> out) {
      bool correspond =
          !in.empty() && in.size() == out.size() &&
          llvm::all_of(llvm::zip(in, out), [&](auto pair) {
            auto [i, o] = pair;
            return g.tensors[i].shape == g.tensors[o].shape &&
                   g.tensors[i].elementBytes == g.tensors[o].elementBytes;
          });
      if (correspond)
        for (auto [i, o] : llvm::zip(in, out))
          tie[o] = i;
      return correspond;
    };
    SmallVector<int> in = shared(r - 1, r, false),
                     out = shared(r, r + 1, false);
    if (in.size() == 1 && tiePairwise(in, out)) {
      sub->periodic = true;
      tiePairwise(shared(r - 1, r, true), shared(r, r + 1, true));
    }
  }
  const std::vector<int> &fullBatchDim = step.batchDim;
  const std::vector<int> &fullBatchLoop = step.batchLoop;

  PartitionGraph &s = sub->graph;
  s.func = g.func;
  s.attributeGrouping = g.attributeGrouping;
  s.inferredGrouping = g.inferredGrouping;
  auto mapClass = [&](int c) -> int {
    if (c < 0)
      return -1;
    auto t = tie.find(c);
    if (t != tie.end())
      c = t->second;
    auto [it, inserted] = sub->classMap.try_emplace(c, s.tensors.size());
    if (inserted) {
      s.tensors.push_back(g.tensors[c]);
      sub->batchDim.push_back(fullBatchDim[c]);
      Type type = g.tensors[c].values.empty()
                      ? Type()
                      : g.tensors[c].values.front().getType();
      auto shaped = dyn_cast_or_null<ShapedType>(type);
      sub->isFloat.push_back(shaped && isa<FloatType>(shaped.getElementType()));
    }
    return it->second;
  };
  DenseMap<int, int> opClassMap;
  DenseMap<unsigned, unsigned> opMap;
  for (unsigned o : seg.ops) {
    GraphOp op = g.ops[o];
    for (int &c : op.inputClasses)
      c = mapClass(c);
    for (int &c : op.outputClasses)
      c = mapClass(c);
    auto [it, inserted] =
        opClassMap.try_emplace(op.opClass, s.opClasses.size());
    if (inserted)
      s.opClasses.push_back(OpClass{g.opClasses[op.opClass].name, {}});
    op.opClass = it->second;
    unsigned index = s.ops.size();
    s.opClasses[op.opClass].ops.push_back(index);
    opMap[o] = index;
    sub->batchLoop.push_back(fullBatchLoop[o]);
    sub->forward.push_back(!isBackward(op.op) && !isUpdate(op.op));
    sub->update.push_back(isUpdate(op.op));
    s.ops.push_back(std::move(op));
  }
  for (unsigned o : g.order)
    if (opMap.count(o))
      s.order.push_back(opMap[o]);
  for (auto &[full, local] : sub->classMap)
    for (Value v : g.tensors[full].values)
      s.classOf[v] = local;
  for (auto &[from, to] : tie)
    for (Value v : g.tensors[from].values)
      s.classOf[v] = sub->classMap[to];

  for (BlockArgument arg : g.func.getArguments()) {
    auto it = s.classOf.find(arg);
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (it == s.classOf.end() || !type ||
        !g.func.getArgAttr(arg.getArgNumber(), kParamAttrName))
      continue;
    sub->parameters.push_back(
        {it->second, static_cast<double>(type.getNumElements())});
  }

  // Saved activations and the boundary, value by value.
  DenseSet<Value> savedValues;
  DenseMap<Operation *, unsigned> segmentOfOp;
  for (auto [o, op] : llvm::enumerate(g.ops))
    segmentOfOp[op.op] = segmentOf[o];
  for (unsigned o : seg.ops) {
    Operation *op = g.ops[o].op;
    if (isBackward(op))
      for (Value v : op->getOperands()) {
        auto it = g.classOf.find(v);
        if (it == g.classOf.end())
          continue;
        Operation *def = v.getDefiningOp();
        bool forwardValue = def ? !isBackward(def) && !isUpdate(def)
                                : !g.tensors[it->second].isParameter;
        if (forwardValue && savedValues.insert(v).second)
          sub->saved.push_back(s.classOf[v]);
      }
    if (isBackward(op) || isUpdate(op))
      continue;
    for (Value v : op->getResults()) {
      bool leaves = llvm::any_of(v.getUsers(), [&](Operation *user) {
        auto it = segmentOfOp.find(user);
        return it != segmentOfOp.end() && it->second != r &&
               !isBackward(user) && !isUpdate(user);
      });
      if (leaves && g.classOf.count(v))
        sub->boundary.push_back(s.classOf[v]);
    }
  }
  subgraphs[kind] = std::move(sub);
  return *subgraphs[kind];
}

/// The subgraph with its batch dimension rescaled to `batch` samples (the
/// step's own batch is step.batch); null when some op's batch cannot be
/// followed or a dimension would not stay whole.
const PartitionGraph *SegmentEvaluator::scaled(unsigned kind, int64_t batch) {
  Subgraph &sub = subgraph(kind);
  if (batch == step.batch)
    return &sub.graph;
  auto it = sub.scaled.find(batch);
  if (it != sub.scaled.end())
    return it->second.get();
  auto copy = std::make_unique<PartitionGraph>(sub.graph);
  int64_t from = step.batch;
  auto rescale = [&](int64_t &extent) {
    std::optional<int64_t> scaledUp = llvm::checkedMul(extent, batch);
    if (!scaledUp || *scaledUp % from)
      return false;
    extent = *scaledUp / from;
    return true;
  };
  bool ok = true;
  for (auto [c, t] : llvm::enumerate(copy->tensors))
    if (sub.batchDim[c] >= 0)
      ok &= rescale(t.shape[sub.batchDim[c]]);
  for (auto [o, op] : llvm::enumerate(copy->ops)) {
    bool touchesBatch = false;
    for (auto [slot, c] : llvm::enumerate(op.inputClasses)) {
      if (c < 0 || sub.batchDim[c] < 0)
        continue;
      touchesBatch = true;
      ok &= rescale(op.desc.inputs[slot].shape[sub.batchDim[c]]);
    }
    for (auto [r, c] : llvm::enumerate(op.outputClasses)) {
      if (c < 0 || sub.batchDim[c] < 0)
        continue;
      touchesBatch = true;
      ok &= rescale(op.desc.outputShapes[r][sub.batchDim[c]]);
    }
    int loop = sub.batchLoop[o];
    if (touchesBatch && loop < 0)
      ok = false;
    if (loop >= 0) {
      ok &= rescale(op.desc.extents[loop]);
      op.flops = op.flops * batch / from;
    }
  }
  if (!ok)
    copy.reset();
  return (sub.scaled[batch] = std::move(copy)).get();
}

//===----------------------------------------------------------------------===//
// Costs
//===----------------------------------------------------------------------===//

SmallVector<TensorOption> SegmentEvaluator::options(unsigned degree) const {
  SmallVector<TensorOption> result;
  if (degree == 1) {
    result.push_back({"whole", 1});
    return result;
  }
  for (const SmallVector<unsigned> &levels : factorizations(degree))
    result.push_back({"tofu " + joinFactors(levels), degree});
  return result;
}

SegmentCost SegmentEvaluator::costOf(const PartitionGraph &g,
                                     const Subgraph &sub,
                                     const Plan &plan) const {
  SegmentCost cost;
  auto split = [&](int c) {
    double ways = 1;
    for (const LevelPlan &level : plan.perLevel)
      if (level.tensorDim[c] >= 0)
        ways *= level.ways;
    return ways;
  };
  auto bytes = [&](int c) {
    double b = static_cast<double>(g.tensors[c].bytes()) / split(c);
    return sub.isFloat[c] ? b * precision.floatBytesScale : b;
  };
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    if (sub.update[o])
      continue;
    double ways = 1;
    for (const LevelPlan &level : plan.perLevel)
      if (level.opLoop[op.opClass] >= 0)
        ways *= level.ways;
    double traffic = 0;
    for (int c : op.inputClasses)
      if (c >= 0)
        traffic += bytes(c);
    for (int c : op.outputClasses)
      if (c >= 0)
        traffic += bytes(c);
    double t = machine.rooflineSeconds(op.flops / ways, traffic,
                                       precision.elementType, op.isProduct());
    (sub.forward[o] ? cost.forwardSeconds : cost.backwardSeconds) += t;
  }
  cost.tensorCommSeconds.assign(machine.links.size(), 0.0);
  for (const LevelPlan &level : plan.perLevel) {
    DeviceGroup group{level.groupSize, 1};
    const Link &link = machine.links[linkLevelOf(machine, group)];
    double perDevice =
        level.groupCommBytes / level.groupSize * precision.floatBytesScale;
    cost.tensorCommSeconds[linkLevelOf(machine, group)] +=
        perDevice / link.bandwidth + level.latencySteps * link.latency;
    cost.workingBytes = std::max(
        cost.workingBytes, level.largestFetchBytes * precision.floatBytesScale);
  }
  for (auto [c, elements] : sub.parameters)
    cost.parameterElements += elements / split(c);
  for (int c : sub.saved)
    cost.savedActivationBytes += bytes(c);
  for (int c : sub.boundary)
    cost.boundaryBytes += bytes(c);
  return cost;
}

/// Tofu's search as the planner runs it on a segment: by default the time
/// objective on the planner's machine and precision, so that a stage's
/// tensor plan is the one with least estimated time (replicas included, as
/// Megatron-LM keeps the residual stream whole), not least bytes.
SearchOptions SegmentEvaluator::searchOptions(ArrayRef<unsigned> levels) const {
  SearchOptions search;
  search.levels.assign(levels.begin(), levels.end());
  search.objective = objective;
  search.machine = &machine;
  search.elementType = precision.elementType;
  search.floatBytesScale = precision.floatBytesScale;
  return search;
}

std::optional<SegmentCost> SegmentEvaluator::cost(unsigned kind,
                                                  unsigned degree,
                                                  unsigned option,
                                                  int64_t batch) {
  auto key = std::make_tuple(kind, degree, option, batch);
  auto it = cache.find(key);
  if (it != cache.end())
    return it->second ? std::optional<SegmentCost>(it->second->second)
                      : std::nullopt;
  std::optional<std::pair<Plan, SegmentCost>> &entry = cache[key];
  const PartitionGraph *g = scaled(kind, batch);
  if (!g)
    return std::nullopt;
  Plan plan;
  if (degree > 1) {
    SearchOptions search = searchOptions(factorizations(degree)[option]);
    std::string error;
    auto start = std::chrono::steady_clock::now();
    FailureOr<Plan> found = searchPlan(*g, degree, search, error);
    searchTime +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (failed(found))
      return std::nullopt;
    plan = std::move(*found);
  }
  SegmentCost c = costOf(*g, subgraph(kind), plan);
  entry = std::make_pair(std::move(plan), c);
  return c;
}

void SegmentEvaluator::prefetch(unsigned degree, int64_t batch,
                                unsigned numOptions) {
  if (degree == 1)
    return;
  // The rescaled subgraphs are made here, on one thread; the searches only
  // read them and the IR, so they run on the context's threads (none when
  // --mlir-disable-threading) and are stored in a fixed order.
  struct Task {
    unsigned kind, option;
    const PartitionGraph *graph;
    FailureOr<Plan> plan = failure();
  };
  std::vector<Task> tasks;
  SmallVector<SmallVector<unsigned>> levels = factorizations(degree);
  for (unsigned kind = 0; kind < step.kinds.size(); ++kind)
    for (unsigned o = 0; o < numOptions && o < levels.size(); ++o) {
      if (cache.count(std::make_tuple(kind, degree, o, batch)))
        continue;
      if (const PartitionGraph *g = scaled(kind, batch))
        tasks.push_back({kind, o, g});
    }
  if (tasks.empty())
    return;
  auto start = std::chrono::steady_clock::now();
  parallelFor(graph.func->getContext(), 0, tasks.size(), [&](size_t i) {
    SearchOptions search = searchOptions(levels[tasks[i].option]);
    std::string error;
    tasks[i].plan = searchPlan(*tasks[i].graph, degree, search, error);
  });
  searchTime +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  for (Task &t : tasks) {
    auto &entry = cache[std::make_tuple(t.kind, degree, t.option, batch)];
    if (failed(t.plan))
      continue;
    SegmentCost c = costOf(*t.graph, subgraph(t.kind), *t.plan);
    entry = std::make_pair(std::move(*t.plan), c);
  }
}

bool SegmentEvaluator::periodic(unsigned kind) {
  return subgraph(kind).periodic;
}

const Plan *SegmentEvaluator::planFor(unsigned kind, unsigned degree,
                                      unsigned option, int64_t batch) {
  if (!cost(kind, degree, option, batch))
    return nullptr;
  return &cache[std::make_tuple(kind, degree, option, batch)]->first;
}

//===----------------------------------------------------------------------===//
// Megatron-LM's per-layer splits
//===----------------------------------------------------------------------===//

SmallVector<TensorOption>
SegmentEvaluator::megatronOptions(unsigned degree) const {
  return {TensorOption{degree == 1 ? "whole" : "megatron", degree}};
}

double SegmentEvaluator::streamBytes(int64_t batch) {
  unsigned most = 0;
  for (auto [k, kind] : llvm::enumerate(step.kinds))
    if (step.segments[kind.representative].isLayer &&
        kind.count > step.kinds[most].count)
      most = k;
  std::optional<SegmentCost> whole = cost(most, 1, 0, batch);
  return whole ? whole->boundaryBytes : 0;
}

/// The attention heads of a layer whose residual stream is `hidden` wide:
/// the leading factor of the reshape that splits the stream into
/// [heads, head size] (0: none found, not an attention layer).
static int64_t attentionHeads(const PartitionGraph &g, int64_t hidden) {
  for (const GraphOp &node : g.ops) {
    auto expand = dyn_cast<tensor::ExpandShapeOp>(node.op);
    if (!expand)
      continue;
    ArrayRef<int64_t> from = expand.getSrcType().getShape();
    ArrayRef<int64_t> to = expand.getResultType().getShape();
    for (auto [dim, group] :
         llvm::enumerate(expand.getReassociationIndices())) {
      if (group.size() != 2 || from[dim] != hidden)
        continue;
      int64_t heads = to[group[0]], headSize = to[group[1]];
      if (heads > 1 && headSize > 1)
        return heads;
    }
  }
  return 0;
}

std::optional<SegmentCost>
SegmentEvaluator::megatronCost(unsigned kind, unsigned degree, int64_t batch) {
  std::optional<SegmentCost> whole = cost(kind, 1, 0, batch);
  if (!whole || degree == 1)
    return whole;
  const PartitionGraph *g = scaled(kind, batch);
  const Subgraph &sub = subgraph(kind);
  double stream = streamBytes(batch);
  if (stream <= 0)
    return std::nullopt;
  double t = degree;
  SegmentCost c = *whole;
  c.forwardSeconds /= t;
  c.backwardSeconds /= t;
  c.tensorCommSeconds.assign(machine.links.size(), 0.0);
  SmallVector<double> perLevel(machine.links.size(), 0.0);
  collectiveSeconds(machine, Collective::AllReduce, 4 * stream,
                    DeviceGroup{degree, 1}, &perLevel);
  c.tensorCommSeconds = perLevel;
  // Parameters: the stream-sized vectors whole on every device.
  int64_t hidden = 0;
  for (int cls : sub.boundary)
    if (!g->tensors[cls].shape.empty())
      hidden = g->tensors[cls].shape.back();
  int64_t heads = attentionHeads(*g, hidden);
  // A segment without a stream (the loss head) has no hidden size to split.
  if ((hidden > 0 && hidden % degree) || (heads > 0 && heads % degree)) {
    refusedMegatron = llvm::formatv(
        "Megatron-LM's splits need the tensor degree to divide the hidden "
        "size {0}{1}; {2} does not",
        hidden, heads > 0 ? " and the " + std::to_string(heads) + " heads" : "",
        degree);
    return std::nullopt;
  }
  double replicated = 0, divided = 0;
  for (auto [cls, elements] : sub.parameters) {
    const TensorClass &tc = g->tensors[cls];
    bool streamVector =
        tc.shape.size() == 1 && hidden > 0 && tc.shape[0] == hidden;
    (streamVector ? replicated : divided) += elements;
  }
  c.parameterElements = replicated + divided / t;
  // Saved activations: stream-shaped ones replicated (no sequence
  // parallelism), the rest split.
  double streamSaved = 0, otherSaved = 0;
  for (int cls : sub.saved) {
    double bytes = static_cast<double>(g->tensors[cls].bytes()) *
                   (sub.isFloat[cls] ? precision.floatBytesScale : 1);
    (std::abs(bytes - stream) < 0.5 ? streamSaved : otherSaved) += bytes;
  }
  c.savedActivationBytes = streamSaved + otherSaved / t;
  c.workingBytes = stream;
  return c;
}

//===----------------------------------------------------------------------===//
// Alpa's per-stage ILP
//===----------------------------------------------------------------------===//

SmallVector<TensorOption> SegmentEvaluator::alpaOptions(unsigned degree) const {
  return {TensorOption{degree == 1 ? "whole" : "alpa-ilp", degree}};
}

std::optional<SegmentCost>
SegmentEvaluator::alpaCost(unsigned kind, unsigned degree, int64_t batch) {
  auto key = std::make_tuple(kind, degree, batch);
  auto it = alpaCache.find(key);
  if (it != alpaCache.end())
    return it->second;
  std::optional<SegmentCost> &entry = alpaCache[key];
  const PartitionGraph *g = scaled(kind, batch);
  if (!g)
    return std::nullopt;
  const Subgraph &sub = subgraph(kind);
  StageIlpInput in;
  in.graph = g;
  in.machine = &machine;
  in.degree = degree;
  in.elementType = precision.elementType;
  in.floatBytesScale = precision.floatBytesScale;
  in.forward = sub.forward;
  in.update = sub.update;
  in.isFloat = sub.isFloat;
  in.parameters = sub.parameters;
  in.saved = sub.saved;
  in.boundary = sub.boundary;
  auto start = std::chrono::steady_clock::now();
  StageIlp ilp = buildStageIlp(in);
  std::string error;
  FailureOr<StageIlpAnswer> answer = solveStageIlp(ilp, error);
  ilpTime +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  ++ilpSolves;
  if (failed(answer))
    return std::nullopt;
  ilpAllOptimal &= answer->optimal;
  entry = stageCost(in, ilp, answer->choice);
  return entry;
}
