//===- LinalgGradients.cpp - Gradients of linalg structured ops -----------===//
//
// Every single-result linalg op on tensors is differentiated through its
// generic form (named ops are generalized on a temporary clone). For operand
// k with indexing map M_k the adjoint is one `linalg.generic` over the
// forward op's iteration space:
//
//   dx_k[M_k(d)] += seed(d) * d(body)/d(x_k)(d)
//
// where seed(d) is dy[M_o(d)] for element-wise bodies and sum reductions, and
// dy[M_o(d)] masked by `body(d) == y[M_o(d)]` for max/min reductions (the
// adjoint goes to the arg-max). Loop dims that M_k does not use as a plain
// dim become reduction dims, which sums over broadcast dims, and non-
// permutation maps (convolution and pooling windows) scatter-add into the
// input, which makes strided convolutions and overlapping windows correct.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
enum class Combiner { None, Add, Max, Min };

/// How the body of a forward generic produces its output: `value` is the
/// whole yielded value for element-wise ops, the term combined with the
/// output block argument for reductions.
struct BodyForm {
  Combiner combiner = Combiner::None;
  Value value;
};

FailureOr<BodyForm> analyzeBody(linalg::GenericOp generic, Operation *fwdOp) {
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Value yielded = yield.getOperand(0);
  if (generic.getNumReductionLoops() == 0)
    return BodyForm{Combiner::None, yielded};

  BlockArgument outArg = body.getArguments().back();
  Operation *def = yielded.getDefiningOp();
  Combiner combiner = Combiner::None;
  if (def && def->getBlock() == &body && def->getNumOperands() == 2) {
    if (isa<arith::AddFOp>(def))
      combiner = Combiner::Add;
    else if (isa<arith::MaximumFOp, arith::MaxNumFOp>(def))
      combiner = Combiner::Max;
    else if (isa<arith::MinimumFOp, arith::MinNumFOp>(def))
      combiner = Combiner::Min;
  }
  if (combiner == Combiner::None)
    return fwdOp->emitOpError("cannot differentiate: reduction body does not "
                              "combine the output with addf, max or min");
  Value term;
  if (def->getOperand(0) == outArg)
    term = def->getOperand(1);
  else if (def->getOperand(1) == outArg)
    term = def->getOperand(0);
  if (!term || dependsOn(term, outArg))
    return fwdOp->emitOpError("cannot differentiate: reduction body uses the "
                              "accumulator other than in its combiner");
  return BodyForm{combiner, term};
}

/// A detached block in which the scalar adjoint is emitted before the
/// operands of the adjoint generic are known; the arguments that end up used
/// decide which tensors the generic reads.
class AdjointBody {
public:
  AdjointBody(linalg::GenericOp fwd, Type resultElemType, Location loc)
      : fwd(fwd), block(new Block()), builder(fwd.getContext()) {
    builder.setInsertionPointToEnd(block);
    Block &body = fwd.getRegion().front();
    Type elem = getElementTypeOrSelf(fwd->getResult(0).getType());
    dy = block->addArgument(elem, loc);
    for (BlockArgument arg : body.getArguments())
      mapping.map(arg, block->addArgument(arg.getType(), loc));
    y = block->addArgument(elem, loc);
    acc = block->addArgument(resultElemType, loc);
    for (Operation &op : body.without_terminator())
      clones.push_back(builder.clone(op, mapping));
  }
  ~AdjointBody() { delete block; }

  linalg::GenericOp fwd;
  Block *block;
  OpBuilder builder;
  IRMapping mapping;
  SmallVector<Operation *> clones;
  BlockArgument dy, y, acc;
};

/// Moves `adj` (the accumulating body) into a new generic over the iteration
/// space of `adj.fwd` (whose result is `y`, adjoint `dy`) writing into zeros of
/// `resultType` through `resultMap`; it reads only the tensors whose block
/// arguments the body uses, plus enough forward operands to fix every loop
/// bound.
Value buildAdjointGeneric(ReverseSweep &sweep, AdjointBody &adj, Value y,
                          Value dy, RankedTensorType resultType,
                          AffineMap resultMap) {
  linalg::GenericOp fwd = adj.fwd;
  Location loc = sweep.getLoc();
  // Drop the clones of forward body ops the adjoint does not need.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*adj.block)))
    if (isOpTriviallyDead(&op))
      op.erase();

  struct Input {
    Value tensor;
    AffineMap map;
    BlockArgument arg;
  };
  SmallVector<Input> candidates;
  AffineMap outMap = fwd.getIndexingMapsArray().back();
  candidates.push_back({dy, outMap, adj.dy});
  Block &fwdBody = fwd.getRegion().front();
  for (OpOperand &operand : fwd->getOpOperands())
    candidates.push_back(
        {operand.get(), fwd.getMatchingIndexingMap(&operand),
         cast<BlockArgument>(adj.mapping.lookup(
             fwdBody.getArgument(operand.getOperandNumber())))});
  candidates.push_back({y, outMap, adj.y});

  unsigned numLoops = fwd.getNumLoops();
  llvm::SmallBitVector covered(numLoops);
  auto cover = [&](AffineMap map) {
    for (AffineExpr e : map.getResults())
      if (auto d = dyn_cast<AffineDimExpr>(e))
        covered.set(d.getPosition());
  };
  cover(resultMap);
  SmallVector<bool> selected(candidates.size(), false);
  for (auto [i, c] : llvm::enumerate(candidates)) {
    if (!c.arg.use_empty() && isa<RankedTensorType>(c.tensor.getType())) {
      selected[i] = true;
      cover(c.map);
    }
  }
  // Loop bounds come from operand shapes: add unused operands until every
  // loop dim appears plainly in some map. The forward op's own maps cover
  // all dims, so this terminates with every dim covered.
  for (auto [i, c] : llvm::enumerate(candidates)) {
    if (covered.all())
      break;
    if (selected[i] || !isa<RankedTensorType>(c.tensor.getType()))
      continue;
    llvm::SmallBitVector before = covered;
    cover(c.map);
    if (before != covered)
      selected[i] = true;
  }

  SmallVector<Value> ins;
  SmallVector<AffineMap> maps;
  SmallVector<BlockArgument> oldArgs;
  for (auto [i, c] : llvm::enumerate(candidates)) {
    if (!selected[i])
      continue;
    ins.push_back(c.tensor);
    maps.push_back(c.map);
    oldArgs.push_back(c.arg);
  }
  maps.push_back(resultMap);

  // A loop dim is parallel only if it indexes the result plainly; the others
  // sum (broadcast dims, reduction dims, and window dims that scatter).
  llvm::SmallBitVector plain(numLoops), composite(numLoops);
  for (AffineExpr e : resultMap.getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      plain.set(d.getPosition());
      continue;
    }
    e.walk([&](AffineExpr sub) {
      if (auto d = dyn_cast<AffineDimExpr>(sub))
        composite.set(d.getPosition());
    });
  }
  SmallVector<utils::IteratorType> iterators;
  for (unsigned d = 0; d < numLoops; ++d)
    iterators.push_back(plain.test(d) && !composite.test(d)
                            ? utils::IteratorType::parallel
                            : utils::IteratorType::reduction);

  OpBuilder &b = sweep.getBuilder();
  Value zeros = sweep.createZeros(resultType);
  auto generic = linalg::GenericOp::create(b, loc, TypeRange{resultType}, ins,
                                           ValueRange{zeros}, maps, iterators);
  Block *body = new Block();
  generic.getRegion().push_back(body);
  for (BlockArgument old : oldArgs)
    old.replaceAllUsesWith(body->addArgument(old.getType(), loc));
  adj.acc.replaceAllUsesWith(
      body->addArgument(resultType.getElementType(), loc));
  body->getOperations().splice(body->end(), adj.block->getOperations());
  return generic.getResult(0);
}
} // namespace

LogicalResult autodiff::differentiateLinalgOp(ReverseSweep &sweep,
                                              linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics())
    return op.emitOpError("cannot differentiate: only single-result linalg "
                          "ops on tensors are supported");
  Value dy = sweep.getAdjoint(op->getResult(0));
  if (!dy)
    return success();
  if (auto fill = dyn_cast<linalg::FillOp>(op.getOperation())) {
    // The init is overwritten; only the fill value could carry a gradient.
    if (sweep.isActive(fill.value()))
      return op.emitOpError("cannot differentiate: fill value depends on a "
                            "parameter");
    return success();
  }

  OpBuilder &b = sweep.getBuilder();
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  linalg::GenericOp generalized;
  if (!generic) {
    IRRewriter rewriter(b.getContext());
    rewriter.setInsertionPoint(b.getInsertionBlock(), b.getInsertionPoint());
    auto clone = cast<linalg::LinalgOp>(rewriter.clone(*op));
    FailureOr<linalg::GenericOp> result =
        linalg::generalizeNamedOp(rewriter, clone);
    if (failed(result)) {
      rewriter.eraseOp(clone);
      return op.emitOpError("cannot differentiate: no generic form");
    }
    generic = generalized = *result;
  }
  llvm::scope_exit eraseGeneralized([&] {
    if (generalized)
      generalized->erase();
  });

  if (generic.getRegion().front().getArguments().size() !=
      generic->getNumOperands())
    return op.emitOpError("cannot differentiate: unexpected body signature");
  FailureOr<BodyForm> form = analyzeBody(generic, op);
  if (failed(form))
    return failure();

  Block &fwdBody = generic.getRegion().front();
  unsigned numInputs = generic.getNumDpsInputs();
  for (OpOperand &operand : generic->getOpOperands()) {
    Value x = operand.get();
    if (!sweep.isActive(x))
      continue;
    auto xType = dyn_cast<RankedTensorType>(x.getType());
    if (!xType)
      return op.emitOpError("cannot differentiate with respect to scalar "
                            "operand #")
             << operand.getOperandNumber();
    // Masks and indices carry no gradient.
    if (!isa<FloatType>(xType.getElementType()))
      continue;
    if (operand.getOperandNumber() == 0) {
      if (Value grad = buildConvInputGradient(sweep, op, dy)) {
        sweep.addAdjoint(x, grad);
        continue;
      }
    }
    bool isInit = operand.getOperandNumber() >= numInputs;
    if (isInit && form->combiner == Combiner::Add) {
      // out = init + sum(...): the init receives dy unchanged.
      sweep.addAdjoint(x, dy);
      continue;
    }
    BlockArgument fwdArg = fwdBody.getArgument(operand.getOperandNumber());
    Value fwdTarget = form->value;
    if (isInit && form->combiner != Combiner::None)
      fwdTarget = fwdArg;
    if (!dependsOn(fwdTarget, fwdArg))
      continue;

    AdjointBody adj(generic, xType.getElementType(), sweep.getLoc());
    OpBuilder &bb = adj.builder;
    Location loc = sweep.getLoc();
    Value target = adj.mapping.lookupOrDefault(fwdTarget);
    Value seed = adj.dy;
    if (form->combiner == Combiner::Max || form->combiner == Combiner::Min) {
      Value isSelected = arith::CmpFOp::create(
          bb, loc, arith::CmpFPredicate::OEQ, target, adj.y);
      Value zero =
          arith::ConstantOp::create(bb, loc, bb.getZeroAttr(seed.getType()));
      seed = arith::SelectOp::create(bb, loc, isSelected, seed, zero);
    }
    Operation *failedOp = nullptr;
    FailureOr<Value> adjoint =
        emitScalarAdjoint(bb, loc, adj.clones, target, seed,
                          adj.mapping.lookup(fwdArg), failedOp);
    if (failed(adjoint))
      return op.emitOpError("cannot differentiate: no derivative rule for '")
             << failedOp->getName() << "' in the body";
    Value sum = arith::AddFOp::create(bb, loc, adj.acc, *adjoint);
    linalg::YieldOp::create(bb, loc, sum);
    Value grad = buildAdjointGeneric(sweep, adj, op->getResult(0), dy, xType,
                                     generic.getMatchingIndexingMap(&operand));
    sweep.addAdjoint(x, grad);
  }
  return success();
}
