//===- Graph.cpp - The search graph of a function -------------------------===//

#include "Tofu/Partition/Graph.h"

#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace mlir;
using namespace mlir::tofu;

int64_t TensorClass::bytes() const {
  int64_t n = elementBytes;
  for (int64_t d : shape)
    n *= d;
  return n;
}

double PartitionGraph::totalFlops() const {
  double f = 0;
  for (const GraphOp &op : ops)
    f += op.flops;
  return f;
}

int64_t PartitionGraph::totalTensorBytes() const {
  int64_t b = 0;
  for (const TensorClass &t : tensors)
    b += t.bytes() * static_cast<int64_t>(t.values.size());
  return b;
}

namespace {

int64_t elementBytes(Type t) {
  Type e = cast<ShapedType>(t).getElementType();
  if (e.isIntOrFloat())
    return std::max<int64_t>(1, (e.getIntOrFloatBitWidth() + 7) / 8);
  return 8;
}

/// Fails at `loc` when a tensor of `type` holds more bytes than an int64_t
/// counts, or when adding them to `total` would: the search, the memory
/// estimate and the report count bytes in 64 bits, and a wrapped count
/// would be a wrong plan, not an error.
LogicalResult checkByteCount(Type type, Location loc, int64_t &total) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return success();
  int64_t bytes = elementBytes(tensor);
  for (int64_t d : tensor.getShape())
    if (llvm::MulOverflow(bytes, d, bytes))
      return emitError(loc) << "a value of type " << type
                            << " holds more bytes than 64 bits can count";
  if (llvm::AddOverflow(total, bytes, total))
    return emitError(loc) << "the values of the function, up to this "
                             "one, hold more bytes than 64 bits can count";
  return success();
}

std::string opName(Operation *op) {
  if (auto n = op->getAttrOfType<StringAttr>(kNameAttrName))
    return n.getValue().str();
  std::string s = op->getName().getStringRef().str();
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    s += "@" + std::to_string(loc.getLine());
  return s;
}

/// Arithmetic ops per iteration point of an op's scalar body.
double bodyOps(const OpDescription &desc) {
  Region *body = nullptr;
  if (desc.linalgOp)
    body = &desc.linalgOp->getRegion(0);
  else if (auto def = dyn_cast_or_null<tdl::OperatorOp>(desc.source))
    body = &def.getBody();
  if (!body || body->empty())
    return 1;
  double n = 0;
  for (Operation &op : body->front().without_terminator())
    if (!op.hasTrait<OpTrait::ConstantLike>() && !isa<linalg::IndexOp>(op) &&
        !isa<tdl::IndexOp>(op))
      n += 1;
  return std::max(1.0, n);
}

/// Inits produced by these carry no data the op reads.
bool isDatalessInit(Value v) {
  Operation *def = v.getDefiningOp();
  return def && isa<linalg::FillOp, tensor::EmptyOp>(def);
}

/// "t3.lstm0.gate_i" with step 3 -> "lstm0.gate_i".
std::string stepKey(StringRef name, int64_t step) {
  std::string prefix = "t" + std::to_string(step) + ".";
  if (name.starts_with(prefix))
    return name.drop_front(prefix.size()).str();
  return name.str();
}

} // namespace

/// Sources (fills, iotas: ops without tensor inputs) not already grouped join
/// the group of their first consumer, so their tensor is not open from the
/// start of the search. `group[i] == i` means op i is ungrouped.
static void attachSourcesToConsumers(const PartitionGraph &g,
                                     std::vector<unsigned> &group) {
  unsigned n = g.ops.size();
  std::vector<int> firstConsumer(g.tensors.size(), -1);
  for (unsigned i = 0; i < n; ++i)
    for (int c : g.ops[i].inputClasses)
      if (c >= 0 && firstConsumer[c] < 0)
        firstConsumer[c] = i;
  for (int i = n - 1; i >= 0; --i) {
    const GraphOp &op = g.ops[i];
    if (group[i] != static_cast<unsigned>(i) ||
        llvm::any_of(op.inputClasses, [](int c) { return c >= 0; }))
      continue;
    for (int c : op.outputClasses)
      if (c >= 0 && firstConsumer[c] > i) {
        group[i] = group[firstConsumer[c]];
        break;
      }
  }
}

/// Grouping for training steps without autodiff attributes (e.g. exported by
/// JAX): the forward ops are the ancestors of the scalar loss result; every
/// other op is backward or update work and joins the group of the forward op
/// that produced the latest forward value it reads (for a parameter, the
/// parameter's first forward consumer). Groups are visited in forward order.
static std::optional<SmallVector<unsigned>>
inferTrainingOrder(const PartitionGraph &g,
                   const DenseMap<Operation *, unsigned> &indexOf) {
  func::FuncOp func = g.func;
  Operation *ret = func.getBody().front().getTerminator();
  Value loss;
  for (Value v : ret->getOperands())
    if (auto t = dyn_cast<RankedTensorType>(v.getType());
        t && t.getRank() == 0) {
      if (loss)
        return std::nullopt; // Ambiguous.
      loss = v;
    }
  if (!loss || !loss.getDefiningOp() || !indexOf.count(loss.getDefiningOp()))
    return std::nullopt;
  unsigned n = g.ops.size();
  std::vector<bool> forward(n, false);
  SmallVector<unsigned> work{indexOf.lookup(loss.getDefiningOp())};
  while (!work.empty()) {
    unsigned i = work.pop_back_val();
    if (forward[i])
      continue;
    forward[i] = true;
    for (const InputAccess &in : g.ops[i].desc.inputs)
      if (Operation *def =
              g.ops[i].op->getOperand(in.operandNumber).getDefiningOp())
        if (auto it = indexOf.find(def); it != indexOf.end())
          work.push_back(it->second);
  }
  DenseMap<Value, unsigned> firstForwardUse;
  for (unsigned i = 0; i < n; ++i)
    if (forward[i])
      for (const InputAccess &in : g.ops[i].desc.inputs)
        firstForwardUse.try_emplace(g.ops[i].op->getOperand(in.operandNumber),
                                    i);
  std::vector<unsigned> leader(n);
  for (unsigned i = 0; i < n; ++i) {
    leader[i] = i;
    if (forward[i])
      continue;
    // The earliest forward op whose value (or parameter) it reads; with
    // none, the earliest group among its backward producers.
    int fromForward = -1, fromBackward = -1;
    auto earliest = [](int a, int b) { return a < 0 ? b : std::min(a, b); };
    for (const InputAccess &in : g.ops[i].desc.inputs) {
      Value v = g.ops[i].op->getOperand(in.operandNumber);
      if (Operation *def = v.getDefiningOp()) {
        if (auto it = indexOf.find(def); it != indexOf.end()) {
          if (forward[it->second])
            fromForward = earliest(fromForward, it->second);
          else
            fromBackward = earliest(fromBackward, leader[it->second]);
        }
      } else if (auto it = firstForwardUse.find(v);
                 it != firstForwardUse.end()) {
        fromForward = earliest(fromForward, it->second);
      }
    }
    int best = fromForward >= 0 ? fromForward : fromBackward;
    if (best >= 0)
      leader[i] = best;
  }
  attachSourcesToConsumers(g, leader);
  SmallVector<unsigned> order(llvm::seq<unsigned>(0, n).begin(),
                              llvm::seq<unsigned>(0, n).end());
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(leader[a], a) < std::make_pair(leader[b], b);
  });
  return order;
}

namespace {
/// An op of the function with its description, before dead ops are dropped.
struct Candidate {
  Operation *op;
  OpDescription desc;
};

/// Builds the PartitionGraph of a one-block function in steps; the members
/// carry what one step finds to the next.
class GraphBuilder {
public:
  GraphBuilder(func::FuncOp func, bool coarsen, bool untieGradientTerms)
      : func(func), coarsen(coarsen), untieGradientTerms(untieGradientTerms) {
    g.func = func;
  }

  FailureOr<PartitionGraph> build() {
    Block &block = func.getBody().front();
    if (failed(checkByteCounts(block)) || failed(describeOps(block)))
      return failure();
    markLive(block);
    collectValues();
    coarsenFromAttributes();
    keyUnrolledOps();
    addGraphOps();
    numberTensorClasses();
    linkOpsToClasses();
    chooseOrder();
    return std::move(g);
  }

private:
  LogicalResult checkByteCounts(Block &block) {
    int64_t total = 0;
    for (BlockArgument arg : block.getArguments())
      if (failed(checkByteCount(arg.getType(), arg.getLoc(), total)))
        return failure();
    for (Operation &op : block)
      for (Value r : op.getResults())
        if (failed(checkByteCount(r.getType(), op.getLoc(), total)))
          return failure();
    return success();
  }

  /// Describes every op; collects data-carrying inits the payload reads
  /// as extra inputs (an init it writes over moves nothing: the
  /// materializer makes it a local tensor.empty, getLocalOperand).
  LogicalResult describeOps(Block &block) {
    bool failedAny = false;
    for (Operation &op : block) {
      if (isStructuralNoOp(&op))
        continue;
      FailureOr<OpDescription> desc = getDescription(&op);
      if (failed(desc)) {
        failedAny = true;
        continue;
      }
      if (auto dps = dyn_cast<linalg::LinalgOp>(&op)) {
        for (auto [i, init] : llvm::enumerate(dps.getDpsInitsMutable())) {
          if (isDatalessInit(init.get()) ||
              !dps.payloadUsesValueFromOperand(&init))
            continue;
          InputAccess in;
          in.map = desc->outputMaps[i];
          in.operandNumber = init.getOperandNumber();
          in.shape = desc->outputShapes[i];
          desc->inputs.push_back(std::move(in));
        }
      }
      candidates.push_back({&op, std::move(*desc)});
    }
    return failure(failedAny);
  }

  /// Keeps the ops whose results reach the function's results.
  void markLive(Block &block) {
    for (Value v : block.getTerminator()->getOperands())
      live.insert(v);
    keep.assign(candidates.size(), false);
    for (int i = candidates.size() - 1; i >= 0; --i) {
      Candidate &c = candidates[i];
      if (llvm::none_of(c.op->getResults(),
                        [&](Value r) { return live.contains(r); }))
        continue;
      keep[i] = true;
      for (const InputAccess &in : c.desc.inputs)
        live.insert(c.op->getOperand(in.operandNumber));
    }
  }

  /// A tensor value of the graph, in its own class for now.
  void addValue(Value v, std::string name) {
    if (!isa<RankedTensorType>(v.getType()) || g.classOf.count(v))
      return;
    g.classOf[v] = -1;
    values.push_back(v);
    classes.insert(v.getAsOpaquePointer());
    byName[name] = v;
  }

  /// Puts two values in one tensor class (one layout) if their types agree.
  void unite(Value a, Value b) {
    if (a.getType() == b.getType())
      classes.unionSets(a.getAsOpaquePointer(), b.getAsOpaquePointer());
  }

  /// Tensor values of the graph: live arguments and results of kept ops.
  void collectValues() {
    for (BlockArgument arg : func.getArguments())
      if (live.contains(arg))
        addValue(arg, "arg" + std::to_string(arg.getArgNumber()));
    for (auto [i, c] : llvm::enumerate(candidates)) {
      if (!keep[i])
        continue;
      for (OpResult r : c.op->getResults())
        addValue(r, opName(c.op) + "#" + std::to_string(r.getResultNumber()));
    }
  }

  /// Whether `op` is a term of an accumulated activation gradient: the
  /// accumulating add of gradients of `of` (--tofu-autodiff's linalg.add
  /// with tofu.grad_of), or a contribution such an add reads.
  static bool isGradientTerm(Operation *op, StringAttr of) {
    auto accumulates = [&](Operation *o) {
      return isa<linalg::AddOp>(o) &&
             o->getAttrOfType<StringAttr>(kGradOfAttrName) == of;
    };
    return accumulates(op) || llvm::any_of(op->getUsers(), accumulates);
  }

  /// Coarsening from attributes: gradients and updates share their value's
  /// class; backward ops follow their forward op (tofu.fwd). With
  /// untieGradientTerms, the terms of an activation's accumulated gradient
  /// (one contribution per use, and their sums) keep classes of their own:
  /// tied to the forward value, which is never a partial sum, they could
  /// not stay partial, and the contributions of a value read by several
  /// contractions (a transformer's Q, K and V projections) would each be
  /// reduced instead of their sum once (docs/search.md, "Partials that
  /// flow"). A parameter's gradient terms stay tied, so that the update
  /// needs no relayout. Tofu's bytes objective keeps them tied: the finer
  /// graph widens its frontier and moves memory the estimate does not
  /// follow yet (docs/benchmarks.md).
  void coarsenFromAttributes() {
    for (auto [i, c] : llvm::enumerate(candidates))
      if (keep[i])
        if (auto n = c.op->getAttrOfType<StringAttr>(kNameAttrName))
          opByName[n.getValue()] = c.op;
    if (coarsen) {
      for (auto [i, c] : llvm::enumerate(candidates)) {
        if (!keep[i])
          continue;
        Operation *op = c.op;
        // A gradient, or a parameter's update, shares its value's layout.
        for (StringRef attr : {kGradOfAttrName, kUpdateOfAttrName}) {
          auto of = op->getAttrOfType<StringAttr>(attr);
          if (!of)
            continue;
          haveAttributes = true;
          Value v = byName.lookup(of.getValue());
          if (!v)
            continue;
          if (untieGradientTerms && attr == kGradOfAttrName &&
              isa<OpResult>(v) && isGradientTerm(op, of)) {
            for (Value r : op->getResults())
              if (g.classOf.count(r) && r.getType() == v.getType())
                termOf.emplace_back(r, v);
            continue;
          }
          for (Value r : op->getResults())
            if (g.classOf.count(r))
              unite(r, v);
        }
        if (auto fwd = op->getAttrOfType<StringAttr>(kFwdAttrName)) {
          haveAttributes = true;
          if (Operation *f = opByName.lookup(fwd.getValue()))
            leader[op] = f;
        }
      }
    }
  }

  /// Op classes: corresponding ops of unrolled timesteps share a key.
  void keyUnrolledOps() {
    DenseMap<Operation *, unsigned> backwardCount;
    for (auto [i, c] : llvm::enumerate(candidates)) {
      if (!keep[i])
        continue;
      Operation *op = c.op;
      if (!coarsen)
        continue;
      auto name = op->getAttrOfType<StringAttr>(kNameAttrName);
      if (auto step = op->getAttrOfType<IntegerAttr>(kStepAttrName);
          step && name)
        keyOf[op] = stepKey(name.getValue(), step.getInt());
      auto it = leader.find(op);
      if (it != leader.end() && keyOf.count(it->second)) {
        unsigned ordinal = backwardCount[it->second]++;
        keyOf[op] = keyOf[it->second] + "/bwd/" +
                    op->getName().getStringRef().str() + "/" +
                    std::to_string(ordinal);
      }
    }
  }

  /// The graph's ops, named, costed and tied to their op classes.
  void addGraphOps() {
    llvm::StringMap<unsigned> backwardNames;
    for (auto [i, c] : llvm::enumerate(candidates)) {
      if (!keep[i])
        continue;
      GraphOp gop;
      gop.op = c.op;
      gop.name = opName(c.op);
      // Unnamed autodiff ops are named after what they belong to.
      if (!c.op->hasAttr(kNameAttrName)) {
        for (auto [attr, suffix] :
             {std::pair<StringRef, StringRef>{kFwdAttrName, ".bwd"},
              {kGradOfAttrName, ".grad"},
              {kUpdateOfAttrName, ".update"}}) {
          if (auto of = c.op->getAttrOfType<StringAttr>(attr)) {
            std::string base = (of.getValue() + suffix).str();
            gop.name = base + std::to_string(backwardNames[base]++);
            break;
          }
        }
      }
      gop.desc = std::move(c.desc);
      double points = 1;
      for (int64_t e : gop.desc.extents)
        points *= static_cast<double>(e);
      gop.flops = points * bodyOps(gop.desc);
      // Tie to an existing op class with the same key and the same shape.
      auto keyIt = keyOf.find(c.op);
      if (keyIt != keyOf.end()) {
        std::string key = keyIt->second + "|" + gop.desc.name;
        for (int64_t e : gop.desc.extents)
          key += "," + std::to_string(e);
        auto [it, inserted] = classByKey.try_emplace(key, g.opClasses.size());
        if (inserted)
          g.opClasses.push_back(OpClass{keyIt->second, {}});
        gop.opClass = it->second;
        OpClass &cls = g.opClasses[gop.opClass];
        if (!cls.ops.empty()) {
          Operation *first = g.ops[cls.ops.front()].op;
          for (auto [a, b] : llvm::zip(first->getResults(), c.op->getResults()))
            if (g.classOf.count(a) && g.classOf.count(b))
              unite(a, b);
        }
      } else {
        gop.opClass = g.opClasses.size();
        g.opClasses.push_back(OpClass{gop.name, {}});
      }
      g.opClasses[gop.opClass].ops.push_back(g.ops.size());
      g.ops.push_back(std::move(gop));
    }
  }

  /// Numbers the tensor classes in order of first appearance.
  void numberTensorClasses() {
    DenseMap<void *, int> leaderClass;
    for (Value v : values) {
      void *l = classes.getLeaderValue(v.getAsOpaquePointer());
      auto [it, inserted] = leaderClass.try_emplace(l, g.tensors.size());
      if (inserted) {
        TensorClass t;
        auto type = cast<RankedTensorType>(v.getType());
        t.shape.assign(type.getShape().begin(), type.getShape().end());
        t.elementBytes = elementBytes(type);
        if (auto arg = dyn_cast<BlockArgument>(v)) {
          auto n = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                     kNameAttrName);
          t.name = n ? n.getValue().str()
                     : "arg" + std::to_string(arg.getArgNumber());
        } else {
          auto r = cast<OpResult>(v);
          t.name = opName(r.getOwner());
          if (r.getOwner()->getNumResults() > 1)
            t.name += "#" + std::to_string(r.getResultNumber());
        }
        g.tensors.push_back(std::move(t));
      }
      g.classOf[v] = it->second;
      TensorClass &t = g.tensors[it->second];
      t.values.push_back(v);
      if (auto arg = dyn_cast<BlockArgument>(v))
        if (func.getArgAttr(arg.getArgNumber(), kParamAttrName))
          t.isParameter = true;
    }
    g.gradientTermOf.assign(g.tensors.size(), -1);
    for (auto [term, value] : termOf)
      g.gradientTermOf[g.classOf[term]] = g.classOf[value];
  }

  /// Each op's input and output tensor classes (-1: not a graph tensor).
  void linkOpsToClasses() {
    for (GraphOp &gop : g.ops) {
      for (const InputAccess &in : gop.desc.inputs) {
        Value v = gop.op->getOperand(in.operandNumber);
        auto it = g.classOf.find(v);
        gop.inputClasses.push_back(it == g.classOf.end() ? -1 : it->second);
      }
      for (Value r : gop.op->getResults()) {
        auto it = g.classOf.find(r);
        gop.outputClasses.push_back(it == g.classOf.end() ? -1 : it->second);
      }
    }
  }

  /// The search order: by attributes, inferred for training steps, else
  /// greedy.
  void chooseOrder() {
    g.attributeGrouping = haveAttributes;
    DenseMap<Operation *, unsigned> indexOf;
    for (unsigned i = 0; i < g.ops.size(); ++i)
      indexOf[g.ops[i].op] = i;
    if (haveAttributes) {
      orderByAttributes(indexOf);
    } else if (std::optional<SmallVector<unsigned>> inferred =
                   inferTrainingOrder(g, indexOf)) {
      g.order = std::move(*inferred);
      g.inferredGrouping = true;
    } else {
      orderGreedily();
    }
  }

  void orderByAttributes(const DenseMap<Operation *, unsigned> &indexOf) {
    unsigned n = g.ops.size();
    // Forward op with its backward ops; update ops with the first forward
    // consumer of their parameter; groups in the order of their leader's op
    // class, so that all timesteps of one class are visited together.
    std::vector<unsigned> groupOf(n);
    DenseMap<int, unsigned> firstUserOfClass;
    for (unsigned i = 0; i < n; ++i)
      for (int c : g.ops[i].inputClasses)
        if (c >= 0)
          firstUserOfClass.try_emplace(c, i);
    // The producer of a named value, or for arguments its first consumer.
    auto ownerOf = [&](StringRef valueName) -> int {
      Value v = byName.lookup(valueName);
      if (!v)
        return -1;
      if (Operation *def = v.getDefiningOp())
        if (auto it = indexOf.find(def); it != indexOf.end())
          return it->second;
      if (auto c = g.classOf.find(v); c != g.classOf.end())
        if (auto f = firstUserOfClass.find(c->second);
            f != firstUserOfClass.end())
          return f->second;
      return -1;
    };
    for (unsigned i = 0; i < n; ++i) {
      groupOf[i] = i;
      Operation *op = g.ops[i].op;
      if (auto it = leader.find(op); it != leader.end()) {
        if (auto li = indexOf.find(it->second); li != indexOf.end())
          groupOf[i] = groupOf[li->second];
        continue;
      }
      // Gradient accumulations and parameter updates carry no tofu.fwd:
      // they join the group of the value they belong to.
      for (StringRef attr : {kGradOfAttrName, kUpdateOfAttrName})
        if (auto of = op->getAttrOfType<StringAttr>(attr))
          if (int owner = ownerOf(of.getValue());
              owner >= 0 && static_cast<unsigned>(owner) < i)
            groupOf[i] = groupOf[owner];
    }
    attachSourcesToConsumers(g, groupOf);
    std::vector<unsigned> classFirst(g.opClasses.size(), n);
    for (unsigned i = 0; i < n; ++i)
      classFirst[g.ops[i].opClass] = std::min(classFirst[g.ops[i].opClass], i);
    g.order.assign(llvm::seq<unsigned>(0, n).begin(),
                   llvm::seq<unsigned>(0, n).end());
    auto key = [&](unsigned i) {
      unsigned lead = groupOf[i];
      return std::make_tuple(classFirst[g.ops[lead].opClass], lead, i);
    };
    llvm::stable_sort(g.order,
                      [&](unsigned a, unsigned b) { return key(a) < key(b); });
  }

  void orderGreedily() {
    unsigned n = g.ops.size();
    // Greedy: repeatedly visit the op that leaves the fewest tensor classes
    // open (touched, with uses still to come); ties by program order.
    std::vector<int> remaining(g.tensors.size(), 0);
    std::vector<SmallVector<int>> touched(n);
    for (unsigned i = 0; i < n; ++i) {
      for (int c : g.ops[i].inputClasses)
        if (c >= 0)
          touched[i].push_back(c);
      for (int c : g.ops[i].outputClasses)
        if (c >= 0)
          touched[i].push_back(c);
      llvm::sort(touched[i]);
      touched[i].erase(llvm::unique(touched[i]), touched[i].end());
      for (int c : touched[i])
        ++remaining[c];
    }
    std::vector<bool> open(g.tensors.size(), false), done(n, false);
    for (unsigned step = 0; step < n; ++step) {
      int best = -1, bestDelta = 0;
      for (unsigned i = 0; i < n; ++i) {
        if (done[i])
          continue;
        int delta = 0;
        for (int c : touched[i]) {
          if (!open[c])
            ++delta;
          if (remaining[c] == 1)
            --delta;
        }
        if (best < 0 || delta < bestDelta) {
          best = i;
          bestDelta = delta;
        }
      }
      done[best] = true;
      g.order.push_back(best);
      for (int c : touched[best]) {
        open[c] = --remaining[c] > 0;
      }
    }
  }

  func::FuncOp func;
  bool coarsen;
  bool untieGradientTerms;
  /// (gradient term, forward value) pairs coarsening kept apart.
  SmallVector<std::pair<Value, Value>> termOf;
  PartitionGraph g;
  std::vector<Candidate> candidates;
  /// Which candidates reach the function's results, and the values they
  /// read.
  std::vector<bool> keep;
  DenseSet<Value> live;
  llvm::EquivalenceClasses<void *> classes;
  SmallVector<Value> values;
  llvm::StringMap<Value> byName;
  bool haveAttributes = false;
  DenseMap<Operation *, Operation *> leader;
  llvm::StringMap<Operation *> opByName;
  llvm::StringMap<unsigned> classByKey;
  DenseMap<Operation *, std::string> keyOf;
};
} // namespace

FailureOr<PartitionGraph> PartitionGraph::build(func::FuncOp func, bool coarsen,
                                                bool untieGradientTerms) {
  if (func.isExternal())
    return func.emitOpError("has no body to partition");
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("has control flow (several blocks); Tofu "
                            "partitions straight-line tensor programs");

  return GraphBuilder(func, coarsen, untieGradientTerms).build();
}

/// The loop a tensor dimension's expression walks with the batch: a plain
/// dimension, or through reshapes the term with the largest stride of a
/// linearization (`d0 * 8 + d1`) and the outer index of a split
/// (`d0 floordiv 8`).
static int batchLoopOf(AffineExpr e, bool throughReshapes) {
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return d.getPosition();
  if (!throughReshapes)
    return -1;
  // The outer index of a split batch (`d0 floordiv 8`).
  if (e.getKind() == AffineExprKind::FloorDiv)
    if (isa<AffineConstantExpr>(cast<AffineBinaryOpExpr>(e).getRHS()))
      return batchLoopOf(cast<AffineBinaryOpExpr>(e).getLHS(), throughReshapes);
  if (e.getKind() != AffineExprKind::Add)
    return -1;
  int best = -1;
  int64_t bestScale = 0;
  std::function<bool(AffineExpr)> visit = [&](AffineExpr t) {
    if (t.getKind() == AffineExprKind::Add) {
      auto bin = cast<AffineBinaryOpExpr>(t);
      return visit(bin.getLHS()) && visit(bin.getRHS());
    }
    // `d2 floordiv 16` over d2 < 16: the linearization's carry terms.
    if (t.getKind() == AffineExprKind::FloorDiv)
      return isa<AffineConstantExpr>(cast<AffineBinaryOpExpr>(t).getRHS());
    int64_t scale = 1;
    if (t.getKind() == AffineExprKind::Mul) {
      auto bin = cast<AffineBinaryOpExpr>(t);
      auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
      if (!c)
        return false;
      scale = c.getValue();
      t = bin.getLHS();
    }
    auto d = dyn_cast<AffineDimExpr>(t);
    if (!d)
      return false;
    if (scale > bestScale) {
      bestScale = scale;
      best = d.getPosition();
    }
    return true;
  };
  return visit(e) ? best : -1;
}

void PartitionGraph::followBatch(bool fromAttributes, bool throughReshapes,
                                 std::vector<int> &batchDim,
                                 std::vector<int> &batchLoop) const {
  batchLoop.assign(ops.size(), -1);
  batchDim.assign(tensors.size(), -1);
  for (BlockArgument arg : func.getArguments()) {
    auto it = classOf.find(arg);
    // Parameters and optimizer state do not walk the batch.
    if (it == classOf.end() || tensors[it->second].isParameter ||
        !isBatchArgument(func, arg.getArgNumber()))
      continue;
    auto dim = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                  kBatchDimAttrName);
    batchDim[it->second] = fromAttributes && dim ? dim.getInt() : 0;
  }
  auto loopOf = [&](AffineExpr e) { return batchLoopOf(e, throughReshapes); };
  // Until nothing changes: the visit order need not follow the data flow
  // (a backward op is visited with its forward op's group).
  for (bool changed = true; changed;) {
    changed = false;
    // A gradient term walks the batch as its forward value does.
    for (auto [c, value] : llvm::enumerate(gradientTermOf))
      if (value >= 0 && batchDim[c] < 0 && batchDim[value] >= 0) {
        batchDim[c] = batchDim[value];
        changed = true;
      }
    for (unsigned o : order) {
      const GraphOp &op = ops[o];
      int loop = batchLoop[o];
      for (auto [slot, c] : llvm::enumerate(op.inputClasses)) {
        if (loop >= 0 || c < 0 || batchDim[c] < 0)
          continue;
        loop = loopOf(op.desc.inputs[slot].map.getResult(batchDim[c]));
      }
      if (loop < 0)
        for (auto [r, c] : llvm::enumerate(op.outputClasses)) {
          if (c < 0 || batchDim[c] < 0)
            continue;
          loop = loopOf(op.desc.outputMaps[r].getResult(batchDim[c]));
        }
      changed |= batchLoop[o] != loop;
      batchLoop[o] = loop;
      if (loop < 0)
        continue;
      for (auto [r, c] : llvm::enumerate(op.outputClasses)) {
        if (c < 0 || batchDim[c] >= 0)
          continue;
        for (auto [pos, e] :
             llvm::enumerate(op.desc.outputMaps[r].getResults()))
          if (batchDim[c] < 0 && loopOf(e) == loop) {
            batchDim[c] = pos;
            changed = true;
          }
      }
    }
  }
}
