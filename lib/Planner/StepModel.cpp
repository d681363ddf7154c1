//===- StepModel.cpp - A training step as the planner sees it -------------===//
//
// See StepModel.h.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Planner/StepModel.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Planner/AlpaStage.h"
#include "Tofu/Planner/CostModel.h"

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
// Segments
//===----------------------------------------------------------------------===//

static StringRef stringAttr(Operation *op, StringRef name) {
  if (auto a = op->getAttrOfType<StringAttr>(name))
    return a.getValue();
  return {};
}

/// The name that says which forward op (or parameter) an op belongs to:
/// its forward op for backward ops, the parameter's name for updates, else
/// its own name (empty when it has none).
static std::string roleOf(Operation *op, func::FuncOp func) {
  // Gradient sums and updates of a parameter name it as `argN`.
  auto argument = [&](StringRef ref) -> StringRef {
    unsigned n;
    if (ref.consume_front("arg") && !ref.getAsInteger(10, n) &&
        n < func.getNumArguments())
      if (auto name = func.getArgAttrOfType<StringAttr>(n, kNameAttrName))
        return name.getValue();
    return {};
  };
  StringRef s = stringAttr(op, kFwdAttrName);
  if (s.empty()) {
    s = stringAttr(op, kGradOfAttrName).split('#').first;
    if (StringRef name = argument(s); !name.empty())
      s = name;
  }
  if (s.empty())
    s = argument(stringAttr(op, kUpdateOfAttrName));
  if (s.empty())
    s = stringAttr(op, kNameAttrName);
  return s.str();
}

/// A layer tag is a name followed by its index (`l7`, `block12`).
static bool isLayerTag(StringRef tag) {
  size_t digits = tag.size() - tag.rtrim("0123456789").size();
  return digits > 0 && digits < tag.size();
}

/// One way of reading layers out of dotted names: the first `depth + 1`
/// components when each is a layer tag (`s0.b3` for a ResNet block), or the
/// component at `depth` alone (`lstm3` in `t5.lstm3.gates`: the layer, not
/// the unrolled timestep).
struct TagReading {
  bool prefix = true;
  unsigned depth = 0;
  /// For a single-component reading: the layer tags' name (`lstm`), found
  /// at any position.
  std::string family;
};

/// The name part of a layer tag (`lstm` of `lstm3`).
static StringRef familyOf(StringRef tag) { return tag.rtrim("0123456789"); }

/// An op's tag under a reading, and whether it names a layer; other ops
/// are tagged with the component that says what they are part of.
static std::pair<std::string, bool> tagOf(StringRef role, TagReading reading) {
  SmallVector<StringRef> parts;
  role.split(parts, '.');
  if (parts.empty() || parts[0].empty())
    return {"", false};
  if (reading.prefix && parts.size() <= reading.depth)
    return {parts[0].str(), false};
  if (!reading.prefix) {
    for (StringRef part : parts)
      if (isLayerTag(part) && familyOf(part) == reading.family)
        return {part.str(), true};
    return {parts[0].str(), false};
  }
  for (unsigned i = 0; i <= reading.depth; ++i)
    if (!isLayerTag(parts[i]))
      return {parts[0].str(), false};
  return {
      llvm::join(ArrayRef<StringRef>(parts).take_front(reading.depth + 1), "."),
      true};
}

/// An op without a tag takes its first user's (or its first operand
/// producer's).
static void fillUntagged(const PartitionGraph &g,
                         std::vector<std::pair<std::string, bool>> &tags) {
  DenseMap<Operation *, unsigned> index;
  for (auto [o, op] : llvm::enumerate(g.ops))
    index[op.op] = o;
  for (int pass = 0; pass < 4; ++pass)
    for (auto [o, op] : llvm::enumerate(g.ops)) {
      if (!tags[o].first.empty())
        continue;
      for (Operation *user : op.op->getUsers()) {
        auto it = index.find(user);
        if (it != index.end() && !tags[it->second].first.empty()) {
          tags[o] = tags[it->second];
          break;
        }
      }
      if (!tags[o].first.empty())
        continue;
      for (Value v : op.op->getOperands()) {
        auto it = index.find(v.getDefiningOp());
        if (it != index.end() && !tags[it->second].first.empty()) {
          tags[o] = tags[it->second];
          break;
        }
      }
    }
}

/// Tags of every graph op under a reading; an op without a name takes its
/// first user's tag (or its first operand producer's).
static std::vector<std::pair<std::string, bool>>
opTags(const PartitionGraph &g, ArrayRef<std::string> roles,
       TagReading reading) {
  std::vector<std::pair<std::string, bool>> tags(g.ops.size());
  for (auto [o, op] : llvm::enumerate(g.ops))
    tags[o] = tagOf(roles[o], reading);
  fillUntagged(g, tags);
  return tags;
}

/// For every forward op outside the layers: whether it depends on a layer's
/// forward output (`after`), and whether a layer's forward op depends on it
/// (`before`).
static void outsideLayers(const PartitionGraph &g,
                          ArrayRef<std::pair<std::string, bool>> tags,
                          std::vector<bool> &after, std::vector<bool> &before) {
  DenseMap<Operation *, unsigned> index;
  for (auto [o, op] : llvm::enumerate(g.ops))
    index[op.op] = o;
  auto forward = [&](unsigned o) {
    return !isBackward(g.ops[o].op) && !isUpdate(g.ops[o].op);
  };
  after.assign(g.ops.size(), false);
  before.assign(g.ops.size(), false);
  // Program order is a topological order; two passes cover the graph
  // ops whose operands come from ops the graph skips.
  for (int pass = 0; pass < 2; ++pass)
    for (auto [o, op] : llvm::enumerate(g.ops)) {
      if (!forward(o))
        continue;
      for (Value v : op.op->getOperands()) {
        auto it = index.find(v.getDefiningOp());
        if (it == index.end() || !forward(it->second))
          continue;
        if (tags[it->second].second || after[it->second])
          after[o] = true;
      }
    }
  for (int pass = 0; pass < 2; ++pass)
    for (unsigned o = g.ops.size(); o-- > 0;) {
      if (!forward(o))
        continue;
      for (Operation *user : g.ops[o].op->getUsers()) {
        auto it = index.find(user);
        if (it == index.end() || !forward(it->second))
          continue;
        if (tags[it->second].second || before[it->second])
          before[o] = true;
      }
    }
}

/// Which ops outside the layers come after them: forward ops that depend
/// on a layer, the backward ops of those (by the forward op they name) and
/// the updates of parameters those read.
static std::vector<bool> postOps(const PartitionGraph &g,
                                 ArrayRef<std::pair<std::string, bool>> tags,
                                 ArrayRef<std::string> roles) {
  std::vector<bool> after, before;
  outsideLayers(g, tags, after, before);
  std::vector<bool> post(g.ops.size(), false);
  std::set<std::string> postRoles;
  std::set<unsigned> postArgs;
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    if (tags[o].second || isBackward(op.op) || isUpdate(op.op) || !after[o])
      continue;
    post[o] = true;
    postRoles.insert(roles[o]);
    for (Value v : op.op->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(v))
        postArgs.insert(arg.getArgNumber());
  }
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    if (tags[o].second)
      continue;
    if (isBackward(op.op))
      post[o] = postRoles.count(roles[o]) > 0;
    StringRef arg = stringAttr(op.op, kUpdateOfAttrName);
    unsigned n;
    if (arg.consume_front("arg") && !arg.getAsInteger(10, n))
      post[o] = postArgs.count(n) > 0;
  }
  return post;
}

/// The number of layers a reading finds, or 0 when its layers cannot be
/// pipeline segments: a parameter used by two layers (weights tied across
/// unrolled timesteps), or a forward value flowing from a later layer to an
/// earlier one (in the order of their first forward ops).
static unsigned layersOf(const PartitionGraph &g,
                         ArrayRef<std::pair<std::string, bool>> tags) {
  std::map<std::string, unsigned> first;
  for (auto [i, o] : llvm::enumerate(g.order))
    if (tags[o].second && !isBackward(g.ops[o].op) && !isUpdate(g.ops[o].op))
      first.try_emplace(tags[o].first, i);
  if (first.empty())
    return 0;
  std::vector<const std::string *> owner(g.tensors.size(), nullptr);
  DenseMap<Operation *, unsigned> index;
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    index[op.op] = o;
    if (!tags[o].second)
      continue;
    for (int c : op.inputClasses) {
      if (c < 0 || !g.tensors[c].isParameter)
        continue;
      if (owner[c] && *owner[c] != tags[o].first)
        return 0;
      owner[c] = &tags[o].first;
    }
  }
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    if (!tags[o].second || isBackward(op.op) || isUpdate(op.op))
      continue;
    for (Value v : op.op->getOperands()) {
      auto it = index.find(v.getDefiningOp());
      if (it == index.end())
        continue;
      const auto &from = tags[it->second];
      Operation *def = g.ops[it->second].op;
      if (from.second && from.first != tags[o].first && !isBackward(def) &&
          first[from.first] > first[tags[o].first])
        return 0;
    }
  }
  // Ops outside the layers must come before them or after them: none may
  // both depend on a layer's forward output and feed a layer.
  std::vector<bool> after, before;
  outsideLayers(g, tags, after, before);
  for (auto [o, op] : llvm::enumerate(g.ops))
    if (!tags[o].second && after[o] && before[o])
      return 0;
  return first.size();
}

/// Layers read from the dataflow, for steps whose names say nothing of
/// layers (an imported JAX step, a hand-written one). Only *activation ops*
/// count: forward ops that read or write a batched tensor. A layer starts
/// at a *cut*, a point between activation ops where at most one activation
/// computed so far is still read by later ones (the residual stream, a
/// hidden state), followed by a contraction (a matmul, a convolution) that
/// reads a parameter (directly, or through a transpose or broadcast of it)
/// that no earlier contraction read. The cut is the latest one after the
/// previous layer's last contraction, so that a layer keeps its norms,
/// biases and nonlinearities. layersOf then checks these layers as it
/// checks the names'.
class DataflowLayers {
public:
  DataflowLayers(const PartitionGraph &g, ArrayRef<std::string> roles)
      : g(g), roles(roles), n(g.ops.size()) {}

  /// `uK` on activation ops; backward ops take their forward op's tag,
  /// updates (and an optimizer's ops before them) the layer whose forward
  /// reads the parameter; the rest opTags' fill-in. Empty tags when there
  /// are not two layers.
  std::vector<std::pair<std::string, bool>> tags() {
    classify();
    std::vector<unsigned> starts = layerStarts();
    std::vector<std::pair<std::string, bool>> tags(n);
    if (starts.size() < 2)
      return tags;
    std::map<std::string, unsigned> opOfName;
    std::map<int, unsigned> firstReader;
    std::vector<int> unit(n, -1);
    for (unsigned o = 0; o < n; ++o) {
      if (!activation[o])
        continue;
      unit[o] = llvm::upper_bound(starts, o) - starts.begin() - 1;
      opOfName.try_emplace(roles[o], o);
      for (int c : params[o])
        firstReader.try_emplace(c, o);
    }
    if (failed(placeBackward(opOfName, unit)))
      return tags;
    for (unsigned o = 0; o < n; ++o)
      if (unit[o] >= 0)
        tags[o] = {"u" + std::to_string(unit[o]), true};
    for (unsigned o = 0; o < n; ++o) {
      if (!isUpdate(g.ops[o].op))
        continue;
      std::optional<unsigned> param = updatedParameter(o);
      if (!param)
        continue;
      auto it = firstReader.find(g.classOf.lookup(g.func.getArgument(*param)));
      if (it != firstReader.end())
        tags[o] = tags[it->second];
    }
    fillUntagged(g, tags);
    return tags;
  }

private:
  /// Which ops are forward, activation ops, and the parameters each reads.
  void classify() {
    g.followBatch(/*fromAttributes=*/true, /*throughReshapes=*/true, batchDim,
                  batchLoop);
    std::vector<int> producer(g.tensors.size(), -1);
    for (auto [o, op] : llvm::enumerate(g.ops)) {
      index[op.op] = o;
      for (int c : op.outputClasses)
        if (c >= 0 && producer[c] < 0)
          producer[c] = o;
    }
    // Ops that read a gradient (an optimizer's `lr * g`) are not forward.
    std::vector<bool> readsGradient(n, false);
    forward.assign(n, false);
    activation.assign(n, false);
    params.assign(n, {});
    for (auto [o, op] : llvm::enumerate(g.ops)) {
      for (Value v : op.op->getOperands())
        if (auto it = index.find(v.getDefiningOp()); it != index.end())
          readsGradient[o] = readsGradient[o] || readsGradient[it->second] ||
                             isBackward(g.ops[it->second].op);
      forward[o] = !isBackward(op.op) && !isUpdate(op.op) && !readsGradient[o];
      if (!forward[o])
        continue;
      auto batched = [&](int c) { return c >= 0 && batchDim[c] >= 0; };
      activation[o] = llvm::any_of(op.inputClasses, batched) ||
                      llvm::any_of(op.outputClasses, batched);
      for (int c : op.inputClasses) {
        if (c < 0)
          continue;
        if (g.tensors[c].isParameter)
          params[o].insert(c);
        else if (!batched(c) && producer[c] >= 0 &&
                 static_cast<unsigned>(producer[c]) < o)
          params[o].insert(params[producer[c]].begin(),
                           params[producer[c]].end());
      }
    }
  }

  /// Per cut before activation op o: how many activations made before it
  /// later activation ops still read.
  std::vector<int> liveAcrossCuts() const {
    std::vector<int> delta(n + 1, 0), live(n, 0);
    for (unsigned o = 0; o < n; ++o) {
      if (!activation[o])
        continue;
      int lastUse = -1;
      for (auto [r, c] : llvm::enumerate(g.ops[o].outputClasses))
        if (c >= 0 && batchDim[c] >= 0)
          for (Operation *user : g.ops[o].op->getResult(r).getUsers())
            if (auto it = index.find(user);
                it != index.end() && activation[it->second])
              lastUse = std::max<int>(lastUse, it->second);
      if (lastUse > static_cast<int>(o)) {
        ++delta[o + 1];
        --delta[lastUse + 1];
      }
    }
    int running = 0;
    for (unsigned o = 0; o < n; ++o)
      live[o] = running += delta[o];
    return live;
  }

  /// The first op of each layer (the first at 0).
  std::vector<unsigned> layerStarts() const {
    std::vector<int> live = liveAcrossCuts();
    std::vector<unsigned> starts;
    std::set<int> contracted;
    unsigned lastCut = 0, lastContraction = 0;
    for (unsigned o = 0; o < n; ++o) {
      if (!activation[o])
        continue;
      if (live[o] <= 1)
        lastCut = o;
      bool contraction =
          llvm::is_contained(g.ops[o].desc.isReduction, true) &&
          llvm::any_of(params[o], [&](int c) { return !contracted.count(c); });
      if (!contraction)
        continue;
      if (starts.empty())
        starts.push_back(0);
      else if (lastCut > lastContraction)
        starts.push_back(lastCut);
      lastContraction = o;
      contracted.insert(params[o].begin(), params[o].end());
    }
    return starts;
  }

  /// A backward op's layer: its forward op's (by the name tofu.fwd gives),
  /// moved as little as needed so that gradients flow to the same or
  /// earlier layers and it reads no forward value of a later layer; fails
  /// when no layer does both.
  LogicalResult placeBackward(const std::map<std::string, unsigned> &opOfName,
                              std::vector<int> &unit) const {
    for (unsigned o = 0; o < n; ++o) {
      if (!isBackward(g.ops[o].op))
        continue;
      int lowest = 0, highest = std::numeric_limits<int>::max();
      for (Value v : g.ops[o].op->getOperands()) {
        auto it = index.find(v.getDefiningOp());
        if (it == index.end() || unit[it->second] < 0)
          continue;
        if (isBackward(g.ops[it->second].op))
          highest = std::min(highest, unit[it->second]);
        else
          lowest = std::max(lowest, unit[it->second]);
      }
      if (lowest > highest)
        return failure();
      auto named = opOfName.find(roles[o]);
      int target = named != opOfName.end() ? unit[named->second]
                   : highest != std::numeric_limits<int>::max() ? highest
                                                                : lowest;
      unit[o] = std::clamp(target, lowest, highest);
    }
    return success();
  }

  /// The parameter an update belongs to: its own argument when that is a
  /// parameter, else (optimizer state) the parameter whose gradient it
  /// reads (a backward op's tofu.grad_of).
  std::optional<unsigned> updatedParameter(unsigned o) const {
    auto argument = [&](StringRef ref) -> std::optional<unsigned> {
      unsigned number;
      if (!ref.consume_front("arg") || ref.getAsInteger(10, number) ||
          number >= g.func.getNumArguments())
        return std::nullopt;
      return number;
    };
    std::optional<unsigned> own =
        argument(stringAttr(g.ops[o].op, kUpdateOfAttrName));
    if (own && g.func.getArgAttr(*own, kParamAttrName))
      return own;
    SmallVector<unsigned> work = {o};
    DenseSet<unsigned> seen;
    while (!work.empty()) {
      unsigned at = work.pop_back_val();
      if (!seen.insert(at).second)
        continue;
      StringRef grad = stringAttr(g.ops[at].op, kGradOfAttrName);
      if (std::optional<unsigned> p = argument(grad.split('#').first))
        return p;
      for (Value v : g.ops[at].op->getOperands())
        if (auto it = index.find(v.getDefiningOp()); it != index.end())
          work.push_back(it->second);
    }
    return own;
  }

  const PartitionGraph &g;
  ArrayRef<std::string> roles;
  unsigned n;
  DenseMap<Operation *, unsigned> index;
  std::vector<int> batchDim, batchLoop;
  std::vector<bool> forward, activation;
  std::vector<std::set<int>> params;
};

/// What makes two layers alike: their ops' names without the tag, kinds
/// and iteration extents, in order.
static std::string signatureOf(const PartitionGraph &g,
                               ArrayRef<std::string> roles,
                               const StepSegment &s) {
  std::string sig;
  size_t tagSize = s.name.size();
  for (unsigned o : s.ops) {
    const GraphOp &op = g.ops[o];
    std::string name = roles[o];
    size_t at = name.find(s.name);
    if (at != std::string::npos)
      name.erase(at, tagSize);
    sig += name + "|" + op.op->getName().getStringRef().str() + "|" +
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
  std::vector<std::string> roles;
  for (const GraphOp &op : g.ops)
    roles.push_back(roleOf(op.op, g.func));
  // The reading of the names that finds the most layers usable as
  // pipeline segments (the shallower one on ties).
  std::vector<std::pair<std::string, bool>> tags;
  unsigned most = 0;
  SmallVector<TagReading> readings = {TagReading{true, 0, ""},
                                      TagReading{true, 1, ""},
                                      TagReading{true, 2, ""}};
  std::set<std::string> families;
  for (StringRef role : roles) {
    SmallVector<StringRef> parts;
    role.split(parts, '.');
    for (StringRef part : ArrayRef<StringRef>(parts).drop_front())
      if (isLayerTag(part))
        families.insert(familyOf(part).str());
  }
  for (const std::string &family : families)
    readings.push_back(TagReading{false, 0, family});
  for (const TagReading &reading : readings) {
    std::vector<std::pair<std::string, bool>> t = opTags(g, roles, reading);
    unsigned layers = layersOf(g, t);
    if (layers > most || tags.empty()) {
      most = std::max(most, layers);
      tags = std::move(t);
    }
  }
  // Names that give no layers (an imported step's): layers from the
  // dataflow, with the ops' kinds as their names in the layer signatures.
  std::vector<std::string> kindRoles;
  if (most < 2) {
    std::vector<std::pair<std::string, bool>> t =
        DataflowLayers(g, roles).tags();
    if (unsigned layers = layersOf(g, t); layers > most) {
      most = layers;
      tags = std::move(t);
      for (const GraphOp &op : g.ops)
        kindRoles.push_back(op.op->getName().getStringRef().str());
    }
  }
  // Without a usable reading every op is outside the layers.
  if (most == 0)
    for (auto &t : tags)
      t.second = false;
  DenseMap<unsigned, unsigned> position;
  for (auto [i, o] : llvm::enumerate(g.order))
    position[o] = i;
  // First forward position of each tag.
  std::map<std::string, unsigned> first;
  for (unsigned o : g.order) {
    if (isBackward(g.ops[o].op) || isUpdate(g.ops[o].op))
      continue;
    first.try_emplace(tags[o].first, position[o]);
  }
  std::set<std::string> layerTags;
  for (const auto &t : tags)
    if (t.second)
      layerTags.insert(t.first);
  std::vector<std::pair<unsigned, std::string>> layers;
  for (auto &[tag, pos] : first)
    if (layerTags.count(tag))
      layers.push_back({pos, tag});
  llvm::sort(layers);

  // Outside the layers, a tag is the prologue unless one of its forward
  // ops depends on a layer.
  std::vector<bool> isPost = postOps(g, tags, roles);
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
    auto it =
        tags[o].second ? layerIndex.find(tags[o].first) : layerIndex.end();
    if (it != layerIndex.end()) {
      layerSegments[it->second].ops.push_back(o);
      continue;
    }
    (isPost[o] ? post : pre).ops.push_back(o);
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
  for (StepSegment &s : step.segments) {
    std::string sig =
        s.isLayer ? signatureOf(g, kindRoles.empty() ? roles : kindRoles, s)
                  : "segment:" + s.name;
    auto [it, inserted] = kindOf.try_emplace(sig, step.kinds.size());
    if (inserted) {
      SegmentKind k;
      k.name = s.name;
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

  g.followBatch(/*fromAttributes=*/true, /*throughReshapes=*/true,
                step.batchDim, step.batchLoop);
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
