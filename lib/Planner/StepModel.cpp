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

static bool isBackward(Operation *op) {
  return op->hasAttr(kGradOfAttrName) || op->hasAttr(kFwdAttrName);
}

static bool isUpdate(Operation *op) { return op->hasAttr(kUpdateOfAttrName); }

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
