//===- StepModel.cpp - A training step as the planner sees it -------------===//
//
// See StepModel.h.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Planner/StepModel.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Planner/CostModel.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Timer.h"

#include <chrono>
#include <set>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

//===----------------------------------------------------------------------===//
// Segments
//===----------------------------------------------------------------------===//

static void findBatch(const PartitionGraph &g, std::vector<int> &batchDim,
                      std::vector<int> &batchLoop);

static StringRef stringAttr(Operation *op, StringRef name) {
  if (auto a = op->getAttrOfType<StringAttr>(name))
    return a.getValue();
  return {};
}

static bool isBackward(Operation *op) {
  return op->hasAttr(kGradOfAttrName) || op->hasAttr(kFwdAttrName);
}

static bool isUpdate(Operation *op) { return op->hasAttr(kUpdateOfAttrName); }

/// The name that says which forward op (or parameter) an op belongs to:
/// its forward op for backward ops, the parameter's name for updates, else
/// its own name (empty when it has none).
static std::string roleOf(Operation *op, func::FuncOp func) {
  StringRef s = stringAttr(op, kFwdAttrName);
  if (s.empty())
    s = stringAttr(op, kGradOfAttrName).split('#').first;
  if (s.empty()) {
    StringRef arg = stringAttr(op, kUpdateOfAttrName);
    unsigned n;
    if (arg.consume_front("arg") && !arg.getAsInteger(10, n) &&
        n < func.getNumArguments())
      if (auto name = func.getArgAttrOfType<StringAttr>(n, kNameAttrName))
        s = name.getValue();
  }
  if (s.empty())
    s = stringAttr(op, kNameAttrName);
  return s.str();
}

/// The first component of an op's role: its layer tag or segment name.
static std::string tagOf(Operation *op, func::FuncOp func) {
  return StringRef(roleOf(op, func)).split('.').first.str();
}

/// A layer tag is a name followed by its index (`l7`, `block12`).
static bool isLayerTag(StringRef tag) {
  size_t digits = tag.size() - tag.rtrim("0123456789").size();
  return digits > 0 && digits < tag.size();
}

/// Tags of every graph op; an op without one takes its first user's (or
/// its first operand producer's).
static std::vector<std::string> opTags(const PartitionGraph &g) {
  std::vector<std::string> tags(g.ops.size());
  DenseMap<Operation *, unsigned> index;
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    index[op.op] = o;
    tags[o] = tagOf(op.op, g.func);
  }
  for (int pass = 0; pass < 4; ++pass)
    for (auto [o, op] : llvm::enumerate(g.ops)) {
      if (!tags[o].empty())
        continue;
      for (Operation *user : op.op->getUsers()) {
        auto it = index.find(user);
        if (it != index.end() && !tags[it->second].empty()) {
          tags[o] = tags[it->second];
          break;
        }
      }
      if (!tags[o].empty())
        continue;
      for (Value v : op.op->getOperands()) {
        auto it = index.find(v.getDefiningOp());
        if (it != index.end() && !tags[it->second].empty()) {
          tags[o] = tags[it->second];
          break;
        }
      }
    }
  return tags;
}

/// What makes two layers alike: their ops' names without the tag, kinds
/// and iteration extents, in order.
static std::string signatureOf(const PartitionGraph &g, const StepSegment &s) {
  std::string sig;
  size_t tagSize = s.name.size();
  for (unsigned o : s.ops) {
    const GraphOp &op = g.ops[o];
    std::string role = roleOf(op.op, g.func);
    StringRef name = role;
    if (name.starts_with(s.name))
      name = name.drop_front(tagSize);
    sig += name.str() + "|" + op.op->getName().getStringRef().str() + "|" +
           op.desc.name + "|";
    for (int64_t e : op.desc.extents)
      sig += std::to_string(e) + ",";
    sig += ";";
  }
  return sig;
}

FailureOr<StepStructure>
mlir::tofu::planner::buildStepStructure(const PartitionGraph &g,
                                        std::string &error) {
  StepStructure step;
  std::vector<std::string> tags = opTags(g);
  DenseMap<unsigned, unsigned> position;
  for (auto [i, o] : llvm::enumerate(g.order))
    position[o] = i;
  // First forward position of each tag.
  std::map<std::string, unsigned> first;
  for (unsigned o : g.order) {
    if (isBackward(g.ops[o].op) || isUpdate(g.ops[o].op))
      continue;
    first.try_emplace(tags[o], position[o]);
  }
  unsigned firstLayer = ~0u;
  for (auto &[tag, pos] : first)
    if (isLayerTag(tag))
      firstLayer = std::min(firstLayer, pos);
  std::vector<std::pair<unsigned, std::string>> layers;
  for (auto &[tag, pos] : first)
    if (isLayerTag(tag))
      layers.push_back({pos, tag});
  llvm::sort(layers);

  StepSegment pre, post;
  pre.name = "pre";
  post.name = "post";
  std::map<std::string, unsigned> layerIndex;
  SmallVector<StepSegment> layerSegments;
  for (auto &[pos, tag] : layers) {
    layerIndex[tag] = layerSegments.size();
    StepSegment s;
    s.name = tag;
    s.isLayer = true;
    layerSegments.push_back(s);
  }
  for (unsigned o : g.order) {
    auto it = layerIndex.find(tags[o]);
    if (it != layerIndex.end()) {
      layerSegments[it->second].ops.push_back(o);
      continue;
    }
    auto f = first.find(tags[o]);
    bool before = f != first.end() && f->second < firstLayer;
    (before ? pre : post).ops.push_back(o);
  }
  if (!pre.ops.empty())
    step.segments.push_back(pre);
  step.segments.append(layerSegments.begin(), layerSegments.end());
  if (!post.ops.empty())
    step.segments.push_back(post);
  if (step.segments.empty()) {
    error = "the step has no ops to plan";
    return failure();
  }

  std::map<std::string, unsigned> kindOf;
  for (auto [i, s] : llvm::enumerate(step.segments)) {
    std::string sig = s.isLayer ? signatureOf(g, s) : "segment:" + s.name;
    auto [it, inserted] = kindOf.try_emplace(sig, step.kinds.size());
    if (inserted) {
      SegmentKind k;
      k.name = s.name;
      k.representative = i;
      step.kinds.push_back(k);
    }
    s.kind = it->second;
    ++step.kinds[s.kind].count;
  }
  // Cost a layer kind on a layer in the middle of its run, so that it has
  // a neighbour of its own kind on both sides when there is one.
  for (auto [k, kind] : llvm::enumerate(step.kinds)) {
    SmallVector<unsigned> members;
    for (auto [i, s] : llvm::enumerate(step.segments))
      if (s.kind == k)
        members.push_back(i);
    kind.representative = members[members.size() / 2];
    if (kind.count > 1)
      kind.name = step.segments[members.front()].name + ".." +
                  step.segments[members.back()].name;
  }

  findBatch(g, step.batchDim, step.batchLoop);
  step.batch = 0;
  for (auto [c, dim] : llvm::enumerate(step.batchDim))
    if (dim >= 0 && (step.batch == 0 || g.tensors[c].shape[dim] < step.batch))
      step.batch = g.tensors[c].shape[dim];
  if (step.batch <= 0) {
    error = "the step has no batched data argument (a non-parameter tensor "
            "argument whose dimension 0, or tofu.batch_dim, is the batch)";
    return failure();
  }
  return step;
}

//===----------------------------------------------------------------------===//
// Batch dimensions
//===----------------------------------------------------------------------===//

/// The loop of `e` that is a plain dimension, through the merges and splits
/// reshapes make (d0 * 8 + d1, d0 floordiv 8, d0 mod 8: the leading term).
static int batchLoopOf(AffineExpr e) {
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return d.getPosition();
  if (auto bin = dyn_cast<AffineBinaryOpExpr>(e)) {
    if (e.getKind() == AffineExprKind::Add) {
      int l = batchLoopOf(bin.getLHS());
      return l >= 0 ? l : batchLoopOf(bin.getRHS());
    }
    if (isa<AffineConstantExpr>(bin.getRHS()))
      return batchLoopOf(bin.getLHS());
  }
  return -1;
}

/// Per tensor class its batch dimension and per op its batch loop (-1:
/// none), propagated from the batched data arguments along the access maps.
static void findBatch(const PartitionGraph &g, std::vector<int> &batchDim,
                      std::vector<int> &batchLoop) {
  batchDim.assign(g.tensors.size(), -1);
  batchLoop.assign(g.ops.size(), -1);
  for (BlockArgument arg : g.func.getArguments()) {
    auto it = g.classOf.find(arg);
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (it == g.classOf.end() || g.tensors[it->second].isParameter || !type ||
        type.getRank() == 0)
      continue;
    auto dim = g.func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                    kBatchDimAttrName);
    batchDim[it->second] = dim ? dim.getInt() : 0;
  }
  for (int pass = 0; pass < 3; ++pass)
    for (unsigned o : g.order) {
      const GraphOp &op = g.ops[o];
      int loop = batchLoop[o];
      for (auto [slot, c] : llvm::enumerate(op.inputClasses))
        if (loop < 0 && c >= 0 && batchDim[c] >= 0)
          loop = batchLoopOf(op.desc.inputs[slot].map.getResult(batchDim[c]));
      for (auto [r, c] : llvm::enumerate(op.outputClasses))
        if (loop < 0 && c >= 0 && batchDim[c] >= 0)
          loop = batchLoopOf(op.desc.outputMaps[r].getResult(batchDim[c]));
      batchLoop[o] = loop;
      if (loop < 0)
        continue;
      for (auto [r, c] : llvm::enumerate(op.outputClasses)) {
        if (c < 0 || batchDim[c] >= 0)
          continue;
        for (auto [pos, e] :
             llvm::enumerate(op.desc.outputMaps[r].getResults()))
          if (batchDim[c] < 0 && batchLoopOf(e) == loop)
            batchDim[c] = pos;
      }
    }
}

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
                                   const Machine &machine, Precision precision)
    : graph(graph), step(step), machine(machine), precision(precision) {
  subgraphs.resize(step.kinds.size());
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
  std::vector<unsigned> segmentOf(g.ops.size());
  for (auto [i, s] : llvm::enumerate(step.segments))
    for (unsigned o : s.ops)
      segmentOf[o] = i;
  std::vector<std::set<unsigned>> segmentsOf(g.tensors.size());
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    for (int c : op.inputClasses)
      if (c >= 0)
        segmentsOf[c].insert(segmentOf[o]);
    for (int c : op.outputClasses)
      if (c >= 0)
        segmentsOf[c].insert(segmentOf[o]);
  }
  // Tie the input activation (shared with the previous segment only) to
  // the output activation (shared with the next only) when both are one
  // tensor of one shape: the plan then repeats from layer to layer.
  DenseMap<int, int> tie;
  if (seg.isLayer && r > 0 && r + 1 < step.segments.size()) {
    SmallVector<int> in = sharedOnlyBy(segmentsOf, r - 1, r);
    SmallVector<int> out = sharedOnlyBy(segmentsOf, r, r + 1);
    if (in.size() == 1 && out.size() == 1 &&
        g.tensors[in[0]].shape == g.tensors[out[0]].shape &&
        g.tensors[in[0]].elementBytes == g.tensors[out[0]].elementBytes) {
      tie[out[0]] = in[0];
      sub->periodic = true;
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
    if ((extent * batch) % from)
      return false;
    extent = extent * batch / from;
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
  for (const SmallVector<unsigned> &levels : factorizations(degree)) {
    SmallVector<std::string> parts;
    for (unsigned l : levels)
      parts.push_back(std::to_string(l));
    result.push_back({"tofu " + llvm::join(parts, "x"), degree});
  }
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
    double t = computeSeconds(machine, op.flops / ways, traffic,
                              precision.elementType);
    (sub.forward[o] ? cost.forwardSeconds : cost.backwardSeconds) += t;
  }
  cost.tensorCommSeconds.assign(machine.links.size(), 0.0);
  for (const LevelPlan &level : plan.perLevel) {
    DeviceGroup group{level.groupSize, 1};
    const Link &link = machine.links[linkLevelOf(machine, group)];
    double perDevice =
        level.groupCommBytes / level.groupSize * precision.floatBytesScale;
    cost.tensorCommSeconds[linkLevelOf(machine, group)] +=
        perDevice / link.bandwidth;
    cost.workingBytes = std::max(
        cost.workingBytes, level.largestFetchBytes * precision.floatBytesScale);
  }
  for (auto [c, t] : llvm::enumerate(g.tensors))
    if (t.isParameter) {
      double elements = 1;
      for (int64_t e : t.shape)
        elements *= static_cast<double>(e);
      cost.parameterElements += elements / split(c);
    }
  for (int c : sub.saved)
    cost.savedActivationBytes += bytes(c);
  for (int c : sub.boundary)
    cost.boundaryBytes += bytes(c);
  return cost;
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
    SearchOptions search;
    search.levels = factorizations(degree)[option];
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
  double replicated = 0, divided = 0;
  for (const TensorClass &tc : g->tensors) {
    if (!tc.isParameter)
      continue;
    double elements = 1;
    for (int64_t e : tc.shape)
      elements *= static_cast<double>(e);
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
