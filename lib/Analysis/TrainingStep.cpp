//===- TrainingStep.cpp - The roles in a training step, from dataflow -----===//

#include "Tofu/Analysis/TrainingStep.h"

#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tofu;

StringRef mlir::tofu::stringifyArgumentRole(ArgumentRole role) {
  switch (role) {
  case ArgumentRole::Parameter:
    return "parameter";
  case ArgumentRole::State:
    return "state";
  case ArgumentRole::Data:
    return "data";
  case ArgumentRole::Other:
    return "other";
  }
  llvm_unreachable("unknown argument role");
}

StringRef mlir::tofu::stringifyOpRole(OpRole role) {
  switch (role) {
  case OpRole::Constant:
    return "constant";
  case OpRole::Forward:
    return "forward";
  case OpRole::Backward:
    return "backward";
  case OpRole::Update:
    return "update";
  }
  llvm_unreachable("unknown op role");
}

bool TrainingStep::hasTags(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        return op->hasAttr(kFwdAttrName) || op->hasAttr(kGradOfAttrName) ||
                       op->hasAttr(kUpdateOfAttrName)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {

/// Whether `op` computes its single result element by element from the
/// value `use` reads, at the same index: the shape of an optimizer's update
/// (w - lr * g), which a gradient (a contraction or reduction over the
/// batch) and a broadcast are not.
bool isElementwiseUse(Operation *op, OpOperand &use) {
  if (op->getNumResults() != 1 ||
      op->getResult(0).getType() != use.get().getType())
    return false;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (linalgOp.getNumParallelLoops() != linalgOp.getNumLoops())
      return false;
    return linalgOp.getMatchingIndexingMap(&use).isIdentity() &&
           linalgOp.getIndexingMapMatchingResult(op->getResult(0)).isIdentity();
  }
  return op->hasTrait<OpTrait::Elementwise>();
}

bool isFloatScalar(Type type) {
  if (isa<FloatType>(type))
    return true;
  auto t = dyn_cast<RankedTensorType>(type);
  return t && t.hasStaticShape() && t.getNumElements() == 1 &&
         isa<FloatType>(t.getElementType());
}

/// Where a value the body reads comes from: an argument or a body op.
struct Source {
  bool isArgument;
  unsigned index;
};

class StepAnalyzer {
public:
  StepAnalyzer(func::FuncOp func)
      : func(func), body(func.getBody().front()),
        returnOp(body.getTerminator()) {}

  FailureOr<TrainingStep> run() {
    indexOps();
    pairUpdates();
    if (pairs.empty())
      return func.emitOpError()
             << "is not a training step: it returns no updated value of any "
                "argument (a value of the argument's type computed from it "
                "element-wise, as w - lr * g is); a forward function needs "
                "--tofu-autodiff first";
    if (failed(findLoss()))
      return failure();
    classifyOps();
    if (failed(classifyArguments()))
      return failure();
    findPartners();
    findBatchDims();
    return std::move(step);
  }

private:
  void indexOps() {
    for (Operation &op : body.without_terminator()) {
      indexOf[&op] = ops.size();
      ops.push_back(&op);
    }
    inputs.resize(ops.size());
    for (auto [i, op] : llvm::enumerate(ops)) {
      llvm::SetVector<Value> values(op->getOperands().begin(),
                                    op->getOperands().end());
      getUsedValuesDefinedAbove(op->getRegions(), values);
      for (Value v : values)
        if (std::optional<Source> s = sourceOf(v))
          inputs[i].push_back(*s);
    }
  }

  std::optional<Source> sourceOf(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() == &body
                 ? std::optional<Source>(Source{true, arg.getArgNumber()})
                 : std::nullopt;
    Operation *top = body.findAncestorOpInBlock(*v.getDefiningOp());
    auto it = top ? indexOf.find(top) : indexOf.end();
    if (it == indexOf.end())
      return std::nullopt;
    return Source{false, it->second};
  }

  /// The ops `op` depends on, itself included.
  llvm::BitVector ancestorsOf(unsigned op) {
    llvm::BitVector seen(ops.size());
    SmallVector<unsigned> work{op};
    seen.set(op);
    while (!work.empty()) {
      unsigned o = work.pop_back_val();
      for (Source s : inputs[o])
        if (!s.isArgument && !seen.test(s.index)) {
          seen.set(s.index);
          work.push_back(s.index);
        }
    }
    return seen;
  }

  /// Pairs results with the arguments they update: a result is a candidate
  /// of every argument of its type that reaches it element-wise (Adam's
  /// update of w is reached from w, m and v). A result one argument alone
  /// reaches is paired first; what stays ambiguous pairs in order.
  void pairUpdates() {
    unsigned numResults = returnOp->getNumOperands();
    std::vector<llvm::SmallSetVector<unsigned, 4>> candidates(numResults);
    for (BlockArgument arg : func.getArguments()) {
      if (!isa<RankedTensorType>(arg.getType()))
        continue;
      llvm::BitVector reached(ops.size());
      SmallVector<Value> work{arg};
      while (!work.empty()) {
        Value v = work.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          auto it = indexOf.find(user);
          if (it == indexOf.end() || reached.test(it->second) ||
              !isElementwiseUse(user, use))
            continue;
          reached.set(it->second);
          work.push_back(user->getResult(0));
        }
      }
      for (unsigned j = 0; j < numResults; ++j) {
        Value r = returnOp->getOperand(j);
        std::optional<Source> s = sourceOf(r);
        if (s && !s->isArgument && reached.test(s->index) &&
            r.getType() == arg.getType())
          candidates[j].insert(arg.getArgNumber());
      }
      elementwiseFrom[arg.getArgNumber()] = std::move(reached);
    }
    llvm::SmallDenseSet<unsigned> used;
    auto pair = [&](unsigned result, unsigned arg) {
      pairs.push_back({arg, result});
      used.insert(arg);
      candidates[result].clear();
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (unsigned j = 0; j < numResults; ++j) {
        SmallVector<unsigned> left;
        for (unsigned a : candidates[j])
          if (!used.contains(a))
            left.push_back(a);
        if (left.size() == 1) {
          pair(j, left.front());
          changed = true;
        }
      }
    }
    for (unsigned j = 0; j < numResults; ++j) {
      std::optional<unsigned> first;
      for (unsigned a : candidates[j])
        if (!used.contains(a) && (!first || a < *first))
          first = a;
      if (first)
        pair(j, *first);
    }
    llvm::sort(pairs);
    step.func = func;
    step.arguments.assign(func.getNumArguments(), {});
    for (auto [arg, result] : pairs)
      step.arguments[arg].updatedBy = result;
  }

  LogicalResult findLoss() {
    llvm::SmallDenseSet<unsigned> updates;
    for (auto [arg, result] : pairs)
      updates.insert(result);
    for (auto [j, r] : llvm::enumerate(returnOp->getOperands())) {
      if (updates.contains(j) || !isFloatScalar(r.getType()))
        continue;
      std::optional<Source> s = sourceOf(r);
      if (!s || s->isArgument)
        continue;
      step.lossResult = j;
      forward = ancestorsOf(s->index);
      lossOp = s->index;
      return success();
    }
    return returnOp->emitOpError()
           << "returns no loss: no result besides the " << pairs.size()
           << " updated argument(s) is a float scalar computed by the step";
  }

  void classifyOps() {
    // Results of updates, and the ops each depends on.
    for (auto [arg, result] : pairs) {
      std::optional<Source> s = sourceOf(returnOp->getOperand(result));
      updateAncestors[arg] = ancestorsOf(s->index);
    }
    llvm::BitVector toUpdates(ops.size());
    for (auto &entry : updateAncestors)
      toUpdates |= entry.second;
    llvm::SmallDenseSet<unsigned> readByForward;
    for (unsigned o : forward.set_bits())
      for (Source s : inputs[o])
        if (s.isArgument)
          readByForward.insert(s.index);
    llvm::SmallDenseSet<unsigned> stateLike;
    for (auto [arg, result] : pairs) {
      if (!readByForward.contains(arg))
        stateLike.insert(arg);
      // The element-wise path from the argument to its update, outside the
      // forward.
      llvm::BitVector chain = elementwiseFrom[arg];
      chain &= updateAncestors[arg];
      chain.reset(forward);
      for (unsigned o : chain.set_bits())
        chainOf.try_emplace(o, arg);
    }
    this->readByForward = readByForward;
    std::vector<bool> dependsOnArgument(ops.size(), false);
    for (auto [i, op] : llvm::enumerate(ops)) {
      bool depends = false, readsState = false, readsUpdate = false,
           readsBackward = false;
      for (Source s : inputs[i]) {
        if (s.isArgument) {
          depends = true;
          readsState |= stateLike.contains(s.index);
          continue;
        }
        depends |= dependsOnArgument[s.index];
        OpRole r = step.roles.lookup(ops[s.index]);
        readsUpdate |= r == OpRole::Update;
        readsBackward |= r == OpRole::Backward;
      }
      dependsOnArgument[i] = depends;
      OpRole role;
      if (!depends)
        role = OpRole::Constant;
      else if (forward.test(i))
        role = OpRole::Forward;
      else if (chainOf.count(i) || readsState || readsUpdate)
        role = OpRole::Update;
      else if (readsBackward || toUpdates.test(i))
        role = OpRole::Backward;
      else
        role = OpRole::Forward; // Forward work for other results.
      step.roles[op] = role;
    }
  }

  LogicalResult classifyArguments() {
    bool anyParameter = false;
    for (auto [arg, result] : pairs) {
      bool gradient = false;
      if (readByForward.contains(arg))
        for (unsigned o : updateAncestors[arg].set_bits())
          gradient |= step.roles.lookup(ops[o]) == OpRole::Backward;
      step.arguments[arg].role =
          gradient ? ArgumentRole::Parameter : ArgumentRole::State;
      anyParameter |= gradient;
    }
    if (!anyParameter)
      return func.emitOpError()
             << "is not a training step: no gradient reaches any of its "
             << pairs.size()
             << " updated argument(s) (no update reads a value computed "
                "from the loss's forward values)";
    for (unsigned arg : readByForward) {
      TrainingStep::Argument &a = step.arguments[arg];
      if (!a.updatedBy &&
          isa<RankedTensorType>(func.getArgument(arg).getType()) &&
          cast<RankedTensorType>(func.getArgument(arg).getType()).getRank() > 0)
        a.role = ArgumentRole::Data;
    }
    return success();
  }

  /// The lowest argument number among `args` whose update depends on `op`,
  /// parameters first.
  std::optional<unsigned> updatedThrough(unsigned op) {
    for (bool parametersOnly : {true, false})
      for (auto [arg, result] : pairs)
        if ((!parametersOnly ||
             step.arguments[arg].role == ArgumentRole::Parameter) &&
            updateAncestors[arg].test(op))
          return arg;
    return std::nullopt;
  }

  void findPartners() {
    auto forwardUsers = [&](Value v, SmallVectorImpl<unsigned> &out) {
      for (Operation *user : v.getUsers())
        if (Operation *top = body.findAncestorOpInBlock(*user))
          if (auto it = indexOf.find(top);
              it != indexOf.end() &&
              step.roles.lookup(ops[it->second]) == OpRole::Forward)
            out.push_back(it->second);
    };
    for (auto [i, op] : llvm::enumerate(ops)) {
      OpRole role = step.roles.lookup(op);
      if (role == OpRole::Update) {
        auto it = chainOf.find(i);
        std::optional<unsigned> arg = it != chainOf.end()
                                          ? std::optional<unsigned>(it->second)
                                          : updatedThrough(i);
        if (arg)
          step.updateOf[op] = *arg;
        for (Source s : inputs[i])
          if (!s.isArgument &&
              step.roles.lookup(ops[s.index]) == OpRole::Backward)
            if (std::optional<unsigned> p = updatedThrough(s.index))
              step.gradientOf.try_emplace(ops[s.index], *p);
        continue;
      }
      if (role != OpRole::Backward)
        continue;
      // The forward op that reads what this op reads from the forward
      // (the saved activations and parameters of the op it differentiates);
      // the latest, so that a value several ops read pairs with the last.
      SmallVector<unsigned> fromValues, fromArguments;
      std::optional<unsigned> inherited;
      for (Source s : inputs[i]) {
        if (s.isArgument) {
          forwardUsers(func.getArgument(s.index), fromArguments);
          continue;
        }
        Operation *def = ops[s.index];
        OpRole r = step.roles.lookup(def);
        if (r == OpRole::Forward) {
          size_t before = fromValues.size();
          for (Value res : def->getResults())
            forwardUsers(res, fromValues);
          if (fromValues.size() == before)
            fromValues.push_back(s.index);
        } else if (r == OpRole::Backward && !inherited) {
          if (Operation *f = step.forwardOf.lookup(def))
            inherited = indexOf.lookup(f);
        }
      }
      unsigned partner = lossOp;
      if (!fromValues.empty())
        partner = *llvm::max_element(fromValues);
      else if (!fromArguments.empty())
        partner = *llvm::max_element(fromArguments);
      else if (inherited)
        partner = *inherited;
      step.forwardOf[op] = ops[partner];
    }
  }

  void findBatchDims() {
    SmallVector<unsigned> data, free;
    for (auto [i, a] : llvm::enumerate(step.arguments))
      if (a.role == ArgumentRole::Data) {
        data.push_back(i);
        if (auto attr =
                func.getArgAttrOfType<IntegerAttr>(i, kBatchDimAttrName))
          a.batchDim = attr.getInt();
        else
          free.push_back(i);
      }
    auto typeOf = [&](unsigned i) {
      return cast<RankedTensorType>(func.getArgument(i).getType());
    };
    // The batch is the size the attributed arguments give, if any.
    std::optional<int64_t> size;
    for (unsigned i : data)
      if (step.arguments[i].batchDim >= 0)
        size = typeOf(i).getDimSize(step.arguments[i].batchDim);
    int64_t chosen = 0;
    int64_t minRank = std::numeric_limits<int64_t>::max();
    for (unsigned i : free)
      minRank = std::min(minRank, typeOf(i).getRank());
    for (int64_t k = 0; !free.empty() && k < minRank; ++k) {
      int64_t s = typeOf(free.front()).getDimSize(k);
      bool same = !ShapedType::isDynamic(s) && (!size || *size == s);
      for (unsigned i : free)
        same &= typeOf(i).getDimSize(k) == s;
      if (same) {
        chosen = k;
        break;
      }
    }
    for (unsigned i : free)
      step.arguments[i].batchDim = chosen;
  }

  func::FuncOp func;
  Block &body;
  Operation *returnOp;
  TrainingStep step;
  std::vector<Operation *> ops;
  DenseMap<Operation *, unsigned> indexOf;
  std::vector<SmallVector<Source>> inputs;
  DenseMap<unsigned, llvm::BitVector> elementwiseFrom;
  /// (argument, result) of every update, by argument.
  SmallVector<std::pair<unsigned, unsigned>> pairs;
  DenseMap<unsigned, llvm::BitVector> updateAncestors;
  DenseMap<unsigned, unsigned> chainOf;
  llvm::SmallDenseSet<unsigned> readByForward;
  llvm::BitVector forward;
  unsigned lossOp = 0;
};

} // namespace

FailureOr<TrainingStep> TrainingStep::analyze(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return func.emitOpError("needs a body of one block to find the roles of "
                            "its training step");
  return StepAnalyzer(func).run();
}

/// The layer scopes an op's location names, dot-joined (empty if none):
/// JAX's jax.named_scope("l0") makes "jit(step)/jvp(l0)/dot_general" of a
/// forward op (exported with as_text(debug_info=True)) -> "l0". A scope is a
/// path component before the primitive, stripped of its transformations
/// (`jvp(...)`, `transpose(...)`), of letters followed by digits.
static std::string layerScopeOf(Location loc) {
  std::string scope;
  loc->walk([&](Location l) {
    auto named = dyn_cast<NameLoc>(l);
    if (!named)
      return WalkResult::advance();
    SmallVector<StringRef> parts;
    named.getName().getValue().split(parts, '/');
    SmallVector<StringRef> tags;
    for (StringRef part : ArrayRef<StringRef>(parts).drop_back()) {
      part = part.substr(part.rfind('(') + 1);
      part = part.take_until([](char c) { return c == ')'; });
      StringRef name = part.rtrim("0123456789");
      if (name.size() < part.size() && !name.empty() &&
          llvm::all_of(name, [](char c) { return llvm::isAlpha(c); }))
        tags.push_back(part);
    }
    if (tags.empty())
      return WalkResult::advance();
    scope = llvm::join(tags, ".");
    return WalkResult::interrupt();
  });
  return scope;
}

void TrainingStep::annotate() {
  MLIRContext *ctx = func.getContext();
  Builder b(ctx);
  for (auto [i, a] : llvm::enumerate(arguments)) {
    if (a.role == ArgumentRole::Parameter)
      func.setArgAttr(i, kParamAttrName, b.getUnitAttr());
    if (a.role == ArgumentRole::State)
      func.setArgAttr(i, kStateAttrName, b.getUnitAttr());
    if (a.role == ArgumentRole::Data && a.batchDim > 0 &&
        !func.getArgAttr(i, kBatchDimAttrName))
      func.setArgAttr(i, kBatchDimAttrName, b.getI64IntegerAttr(a.batchDim));
  }
  Block &body = func.getBody().front();
  llvm::StringSet<> names;
  func.walk([&](Operation *op) {
    if (auto n = op->getAttrOfType<StringAttr>(kNameAttrName))
      names.insert(n.getValue());
  });
  // Named after the op's position in the body, as
  // --tofu-infer-step-roles=print=ops numbers them.
  unsigned position = 0;
  for (Operation &op : body.without_terminator()) {
    unsigned index = position++;
    if (roles.lookup(&op) != OpRole::Forward || op.hasAttr(kNameAttrName))
      continue;
    // Within a layer scope of its location: `l0.dot_general.5`, whose
    // first component the planner reads as the layer (the others are no
    // layer tags, so no reading takes each op for a layer of its own).
    std::string scope = layerScopeOf(op.getLoc());
    std::string base =
        scope.empty()
            ? (op.getName().stripDialect() + "_" + Twine(index)).str()
            : (scope + "." + op.getName().stripDialect() + "." + Twine(index))
                  .str();
    std::string name = base;
    for (unsigned k = 2; names.contains(name); ++k)
      name = base + "_" + std::to_string(k);
    names.insert(name);
    op.setAttr(kNameAttrName, b.getStringAttr(name));
  }
  for (auto [op, fwd] : forwardOf)
    op->setAttr(kFwdAttrName, fwd->getAttrOfType<StringAttr>(kNameAttrName));
  for (auto [op, arg] : gradientOf)
    op->setAttr(kGradOfAttrName, b.getStringAttr("arg" + Twine(arg)));
  for (auto [op, arg] : updateOf)
    op->setAttr(kUpdateOfAttrName, b.getStringAttr("arg" + Twine(arg)));
}
