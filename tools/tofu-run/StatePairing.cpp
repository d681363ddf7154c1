//===- StatePairing.cpp - Which results replace which arguments -----------===//

#include "StatePairing.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <deque>
#include <limits>
#include <map>
#include <memory>

using namespace mlir;

namespace tofu_run {

namespace {

constexpr int64_t kUnreached = std::numeric_limits<int64_t>::max();

/// The values an op reads: its operands and what its regions use from
/// above (an scf.for body's captured tensors, a linalg body's scalars).
class Inputs {
public:
  llvm::ArrayRef<Value> of(Operation *op) {
    auto it = cache.find(op);
    if (it != cache.end())
      return it->second;
    llvm::SetVector<Value> values;
    values.insert(op->operand_begin(), op->operand_end());
    if (op->getNumRegions()) {
      llvm::SetVector<Value> above;
      getUsedValuesDefinedAbove(op->getRegions(), above);
      values.insert(above.begin(), above.end());
    }
    return cache[op] = values.takeVector();
  }

private:
  llvm::DenseMap<Operation *, llvm::SmallVector<Value>> cache;
};

/// Where a value is seen from: the chain of calls (innermost first) that
/// the walk went through into callees, so that a callee's argument leads
/// back to the operand of the call it was entered from.
struct CallContext {
  Operation *call = nullptr;
  const CallContext *parent = nullptr;
  int depth = 0;
};

/// Distance (ops on the shortest use-def chain) from `root` back to every
/// argument of `entry`; kUnreached where there is none. The chain goes
/// into what produced each value: the yielded value of the same index for
/// a result of an op with regions (scf.index_switch, scf.if, a linalg
/// body), the returned value of a func.call's callee, and from a linalg
/// body's argument to the matching operand; elsewhere it goes to every
/// value the op reads.
std::vector<int64_t> distancesToArguments(Value root, Block &entry,
                                          Inputs &inputs) {
  constexpr int kMaxCallDepth = 8;
  std::vector<int64_t> out(entry.getNumArguments(), kUnreached);
  std::map<std::pair<const CallContext *, Operation *>,
           std::unique_ptr<CallContext>>
      contexts;
  const CallContext top;
  auto enter = [&](const CallContext *from, Operation *call) {
    auto &slot = contexts[{from, call}];
    if (!slot)
      slot.reset(new CallContext{call, from, from->depth + 1});
    return slot.get();
  };
  using State = std::pair<Value, const CallContext *>;
  std::map<std::pair<void *, const CallContext *>, int64_t> seen;
  std::deque<std::pair<State, int64_t>> queue;
  auto push = [&](Value v, const CallContext *ctx, int64_t d) {
    if (seen.try_emplace({v.getAsOpaquePointer(), ctx}, d).second)
      queue.push_back({{v, ctx}, d});
  };
  push(root, &top, 0);
  while (!queue.empty()) {
    auto [state, d] = queue.front();
    queue.pop_front();
    auto [v, ctx] = state;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *owner = arg.getOwner();
      Operation *parent = owner->getParentOp();
      if (owner == &entry && ctx == &top) {
        out[arg.getArgNumber()] = std::min(out[arg.getArgNumber()], d);
        continue;
      }
      if (isa<func::FuncOp>(parent) && ctx->call && owner->isEntryBlock()) {
        if (arg.getArgNumber() < ctx->call->getNumOperands())
          push(ctx->call->getOperand(arg.getArgNumber()), ctx->parent, d + 1);
        continue;
      }
      if (isa<linalg::LinalgOp>(parent) &&
          arg.getArgNumber() < parent->getNumOperands()) {
        push(parent->getOperand(arg.getArgNumber()), ctx, d + 1);
        continue;
      }
      for (Value in : inputs.of(parent))
        push(in, ctx, d + 1);
      continue;
    }
    Operation *producer = v.getDefiningOp();
    unsigned index = cast<OpResult>(v).getResultNumber();
    if (auto call = dyn_cast<func::CallOp>(producer);
        call && ctx->depth < kMaxCallDepth) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (callee && !callee.isExternal()) {
        const CallContext *inner = enter(ctx, call);
        for (Block &block : callee.getBody())
          if (auto ret = dyn_cast<func::ReturnOp>(block.getTerminator()))
            if (index < ret.getNumOperands())
              push(ret.getOperand(index), inner, d + 1);
        continue;
      }
    }
    bool yielded = false;
    for (Region &region : producer->getRegions())
      for (Block &block : region) {
        Operation *term = block.empty() ? nullptr : &block.back();
        if (term && term->hasTrait<OpTrait::IsTerminator>() &&
            term->getNumOperands() == producer->getNumResults()) {
          push(term->getOperand(index), ctx, d + 1);
          yielded = true;
        }
      }
    if (yielded)
      continue;
    for (Value in : inputs.of(producer))
      push(in, ctx, d + 1);
  }
  return out;
}

std::string resultName(unsigned k) { return "result " + std::to_string(k); }

std::string argumentName(func::FuncOp func, unsigned i) {
  std::string out = "argument " + std::to_string(i);
  if (auto name = func.getArgAttrOfType<StringAttr>(i, "tofu.name"))
    out += " (" + name.str() + ")";
  return out;
}

bool isScalarFloat(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.hasRank() && shaped.getRank() == 0 &&
           isa<FloatType>(shaped.getElementType());
  return isa<FloatType>(t);
}

} // namespace

bool pairStateResults(func::FuncOp func, StatePairing &out,
                      std::string &error) {
  Block &entry = func.getBody().front();
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  const unsigned numResults = ret.getNumOperands();
  const unsigned numArgs = entry.getNumArguments();
  Inputs inputs;
  // dist[k][i]: result k to argument i, where both have the same type.
  std::vector<std::vector<int64_t>> dist(numResults);
  for (unsigned k = 0; k < numResults; ++k) {
    dist[k] = distancesToArguments(ret.getOperand(k), entry, inputs);
    for (unsigned i = 0; i < numArgs; ++i)
      if (entry.getArgument(i).getType() != ret.getOperand(k).getType())
        dist[k][i] = kUnreached;
  }
  out.argOfResult.assign(numResults, -1);
  std::vector<bool> argTaken(numArgs, false);
  while (true) {
    // Each free result's least distance to a free argument, and the
    // arguments at that distance.
    int64_t level = kUnreached;
    std::vector<std::vector<unsigned>> nearest(numResults);
    for (unsigned k = 0; k < numResults; ++k) {
      if (out.argOfResult[k] >= 0)
        continue;
      int64_t best = kUnreached;
      for (unsigned i = 0; i < numArgs; ++i)
        if (!argTaken[i])
          best = std::min(best, dist[k][i]);
      if (best == kUnreached)
        continue;
      for (unsigned i = 0; i < numArgs; ++i)
        if (!argTaken[i] && dist[k][i] == best)
          nearest[k].push_back(i);
      if (best < level)
        level = best;
      if (best != level)
        nearest[k].clear();
    }
    if (level == kUnreached)
      break;
    // At the least distance: a result with one nearest argument takes it
    // unless another result at that distance wants only the same one.
    std::map<unsigned, std::vector<unsigned>> wanted;
    for (unsigned k = 0; k < numResults; ++k)
      if (out.argOfResult[k] < 0 && nearest[k].size() == 1 &&
          dist[k][nearest[k][0]] == level)
        wanted[nearest[k][0]].push_back(k);
    bool progress = false;
    for (auto &[arg, results] : wanted) {
      if (results.size() != 1)
        continue;
      out.argOfResult[results[0]] = arg;
      argTaken[arg] = true;
      progress = true;
    }
    if (progress)
      continue;
    // Nothing can be decided at this distance: name the first tie.
    for (unsigned k = 0; k < numResults; ++k) {
      if (out.argOfResult[k] >= 0 || nearest[k].empty() ||
          dist[k][nearest[k][0]] != level)
        continue;
      std::string names;
      if (nearest[k].size() > 1) {
        for (unsigned i : nearest[k])
          names += (names.empty() ? "" : " and ") + argumentName(func, i);
        error = resultName(k) + " is the update of " + names + " alike (" +
                std::to_string(level) +
                " ops back to each): which argument it replaces is "
                "ambiguous";
      } else {
        for (unsigned j : wanted[nearest[k][0]])
          names += (names.empty() ? "" : " and ") + resultName(j);
        error = names + " are all updates of " +
                argumentName(func, nearest[k][0]) + " (" +
                std::to_string(level) + " ops back)";
      }
      return false;
    }
    break;
  }
  for (unsigned k = 0; k < numResults && out.lossResult < 0; ++k)
    if (out.argOfResult[k] < 0 && isScalarFloat(ret.getOperand(k).getType()))
      out.lossResult = k;
  return true;
}

} // namespace tofu_run
