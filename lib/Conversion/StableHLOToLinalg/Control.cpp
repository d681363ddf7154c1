//===- Control.cpp - Flatten stablehlo.case and stablehlo.while -----------===//
//
// Runs before the conversion patterns, on StableHLO ops, so that what the
// regions held is converted like straight-line code and the partitioner sees
// no control flow:
//
// - case: a constant index inlines its branch; otherwise every branch is
//   computed and `select`s on `index == b` pick the result (an out-of-range
//   index picks the last branch, as StableHLO specifies).
// - while: the loop's trip count must be static. The loop-carried values the
//   condition depends on are evaluated at compile time: they must start as
//   constants and change only through integer arithmetic on constants and
//   each other (JAX's fori_loop and scan counters). The loop is then unrolled
//   and each copy of the body sees those values as constants, so that a
//   dynamic_slice at the counter becomes a static slice. Anything else is a
//   located error naming the op.
//
// Ops are flattened outermost first: unrolling an outer loop turns the
// bounds of an inner loop that depend on the outer counter into constants.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

/// Most loop iterations and most ops an unrolled loop may produce.
constexpr int64_t kMaxTrips = 100000;
constexpr int64_t kMaxUnrolledOps = 200000;

bool isIntegerScalar(Type t) {
  auto ranked = dyn_cast<RankedTensorType>(t);
  return ranked && ranked.getRank() == 0 &&
         isa<IntegerType>(ranked.getElementType());
}

/// Compile-time evaluation of rank-0 integer StableHLO values.
class Evaluator {
public:
  void bind(Value v, const APInt &x) { known[v] = x; }

  std::optional<APInt> eval(Value v, unsigned depth = 0) {
    if (auto it = known.find(v); it != known.end())
      return it->second;
    if (!isIntegerScalar(v.getType()) || depth > 256)
      return std::nullopt;
    Operation *op = v.getDefiningOp();
    if (!op || op->getNumResults() != 1)
      return std::nullopt;
    std::optional<APInt> r = compute(op, depth);
    if (r)
      known[v] = *r;
    return r;
  }

private:
  std::optional<APInt> compute(Operation *op, unsigned depth) {
    if (auto cst = dyn_cast<ConstantOp>(op)) {
      auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue());
      if (!dense || !dense.isSplat())
        return std::nullopt;
      return dense.getSplatValue<APInt>();
    }
    SmallVector<APInt> args;
    for (Value operand : op->getOperands()) {
      std::optional<APInt> a = eval(operand, depth + 1);
      if (!a)
        return std::nullopt;
      args.push_back(*a);
    }
    unsigned width = cast<RankedTensorType>(op->getResult(0).getType())
                         .getElementTypeBitWidth();
    // The cases below compute signed: an op on values that were unsigned
    // (eraseUnsignedTypes marks them) is left to run time.
    if (op->hasAttr(kUnsignedOperandAttr))
      return std::nullopt;
    auto boolean = [](bool b) { return APInt(1, b ? 1 : 0); };
    return TypeSwitch<Operation *, std::optional<APInt>>(op)
        .Case<AddOp>([&](auto) { return args[0] + args[1]; })
        .Case<SubtractOp>([&](auto) { return args[0] - args[1]; })
        .Case<MulOp>([&](auto) { return args[0] * args[1]; })
        .Case<DivOp>([&](auto) -> std::optional<APInt> {
          if (args[1].isZero())
            return std::nullopt;
          return args[0].sdiv(args[1]);
        })
        .Case<RemOp>([&](auto) -> std::optional<APInt> {
          if (args[1].isZero())
            return std::nullopt;
          return args[0].srem(args[1]);
        })
        .Case<MaxOp>(
            [&](auto) { return args[0].sgt(args[1]) ? args[0] : args[1]; })
        .Case<MinOp>(
            [&](auto) { return args[0].slt(args[1]) ? args[0] : args[1]; })
        .Case<AndOp>([&](auto) { return args[0] & args[1]; })
        .Case<OrOp>([&](auto) { return args[0] | args[1]; })
        .Case<XorOp>([&](auto) { return args[0] ^ args[1]; })
        .Case<NotOp>([&](auto) { return ~args[0]; })
        .Case<NegateOp>([&](auto) { return -args[0]; })
        .Case<ClampOp>([&](auto) {
          APInt x = args[1].slt(args[0]) ? args[0] : args[1];
          return x.sgt(args[2]) ? args[2] : x;
        })
        .Case<SelectOp>(
            [&](auto) { return args[0].isZero() ? args[2] : args[1]; })
        .Case<ConvertOp>([&](auto) {
          return args[0].getBitWidth() == 1 ? args[0].zextOrTrunc(width)
                                            : args[0].sextOrTrunc(width);
        })
        .Case<CompareOp>([&](CompareOp cmp) -> std::optional<APInt> {
          const APInt &a = args[0], &b = args[1];
          bool isSigned = a.getBitWidth() != 1 &&
                          cmp.getCompareType() != ComparisonType::UNSIGNED;
          switch (cmp.getComparisonDirection()) {
          case ComparisonDirection::EQ:
            return boolean(a == b);
          case ComparisonDirection::NE:
            return boolean(a != b);
          case ComparisonDirection::GE:
            return boolean(isSigned ? a.sge(b) : a.uge(b));
          case ComparisonDirection::GT:
            return boolean(isSigned ? a.sgt(b) : a.ugt(b));
          case ComparisonDirection::LE:
            return boolean(isSigned ? a.sle(b) : a.ule(b));
          case ComparisonDirection::LT:
            return boolean(isSigned ? a.slt(b) : a.ult(b));
          }
          return std::nullopt;
        })
        .Default([](Operation *) { return std::nullopt; });
  }

  DenseMap<Value, APInt> known;
};

Value constantScalar(OpBuilder &b, Location loc, Type type, const APInt &v) {
  auto tensorType = cast<RankedTensorType>(type);
  return ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(tensorType,
                             b.getIntegerAttr(tensorType.getElementType(), v)));
}

/// Clones the ops of `block` (but its terminator) at `b` with `map`, and
/// returns what the terminator returns.
SmallVector<Value> cloneBlock(OpBuilder &b, Block &block, IRMapping &map) {
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  return llvm::map_to_vector(block.getTerminator()->getOperands(),
                             [&](Value v) { return map.lookupOrDefault(v); });
}

LogicalResult flattenCase(CaseOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  int64_t n = op.getBranches().size();
  Evaluator evaluator;
  if (std::optional<APInt> index = evaluator.eval(op.getIndex())) {
    int64_t i = index->getSExtValue();
    Region &chosen = op.getBranches()[i < 0 || i >= n ? n - 1 : i];
    IRMapping map;
    op->replaceAllUsesWith(cloneBlock(b, chosen.front(), map));
    op->erase();
    return success();
  }
  SmallVector<SmallVector<Value>> results;
  for (Region &branch : op.getBranches()) {
    IRMapping map;
    results.push_back(cloneBlock(b, branch.front(), map));
  }
  SmallVector<Value> chosen = results.back();
  Type indexType = op.getIndex().getType();
  for (int64_t i = n - 2; i >= 0; --i) {
    Value pred = CompareOp::create(
        b, loc, RankedTensorType::get({}, b.getI1Type()), op.getIndex(),
        constantScalar(b, loc, indexType, APInt(32, i)),
        ComparisonDirection::EQ, ComparisonTypeAttr());
    for (size_t k = 0; k < chosen.size(); ++k)
      chosen[k] = SelectOp::create(b, loc, chosen[k].getType(), pred,
                                   results[i][k], chosen[k]);
  }
  op->replaceAllUsesWith(chosen);
  op->erase();
  return success();
}

LogicalResult unrollWhile(WhileOp op) {
  Block &cond = op.getCond().front();
  Block &body = op.getBody().front();
  size_t n = op.getNumOperands();

  // The loop-control values of every iteration, by simulation.
  using State = SmallVector<std::optional<APInt>>;
  SmallVector<State> states;
  State state(n);
  {
    Evaluator outside;
    for (size_t k = 0; k < n; ++k)
      state[k] = outside.eval(op.getOperand()[k]);
  }
  Value condValue = cond.getTerminator()->getOperand(0);
  while (true) {
    Evaluator evaluator;
    for (size_t k = 0; k < n; ++k)
      if (state[k])
        evaluator.bind(cond.getArgument(k), *state[k]);
    std::optional<APInt> go = evaluator.eval(condValue);
    if (!go)
      return op.emitOpError()
             << "has no static trip count: its condition depends on values "
                "computed at run time (only loops whose control values start "
                "as constants and change by constants, like JAX's fori_loop "
                "and scan, are supported)";
    if (go->isZero())
      break;
    if (static_cast<int64_t>(states.size()) >= kMaxTrips)
      return op.emitOpError() << "runs more than " << kMaxTrips
                              << " iterations; the conversion unrolls loops "
                                 "and supports at most that many";
    states.push_back(state);
    Evaluator step;
    for (size_t k = 0; k < n; ++k)
      if (state[k])
        step.bind(body.getArgument(k), *state[k]);
    State next(n);
    for (size_t k = 0; k < n; ++k)
      next[k] = step.eval(body.getTerminator()->getOperand(k));
    state = std::move(next);
  }
  int64_t bodyOps = 0;
  body.walk([&](Operation *) { ++bodyOps; });
  if (static_cast<int64_t>(states.size()) * bodyOps > kMaxUnrolledOps)
    return op.emitOpError()
           << "runs " << states.size() << " iterations of " << bodyOps
           << " ops; unrolled that is more than the " << kMaxUnrolledOps
           << " ops the conversion supports";

  OpBuilder b(op);
  SmallVector<Value> current(op.getOperand());
  for (const State &iteration : states) {
    IRMapping map;
    for (size_t k = 0; k < n; ++k) {
      Value arg = body.getArgument(k);
      map.map(arg, iteration[k] ? constantScalar(b, op.getLoc(), arg.getType(),
                                                 *iteration[k])
                                : current[k]);
    }
    current = cloneBlock(b, body, map);
  }
  for (size_t k = 0; k < n; ++k)
    if (state[k])
      current[k] =
          constantScalar(b, op.getLoc(), op.getResult(k).getType(), *state[k]);
  op->replaceAllUsesWith(current);
  op->erase();
  return success();
}

} // namespace

LogicalResult flattenControlFlow(ModuleOp module) {
  while (true) {
    Operation *next = nullptr;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<CaseOp, WhileOp>(op)) {
        next = op;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (!next)
      return success();
    LogicalResult flattened = isa<CaseOp>(next)
                                  ? flattenCase(cast<CaseOp>(next))
                                  : unrollWhile(cast<WhileOp>(next));
    if (failed(flattened))
      return failure();
  }
}

} // namespace mlir::tofu::hlo
