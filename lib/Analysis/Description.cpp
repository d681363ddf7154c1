//===- Description.cpp - TDL descriptions of concrete ops -----------------===//
//
// The linalg model of the TDL description interface (derived from indexing
// maps and iterator types), the one entry point getDescription, and printing
// a description back as TDL.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Description.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tofu;

bool mlir::tofu::isStructuralNoOp(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() ||
      op->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (isa<tensor::EmptyOp, tdl::OperatorOp, tdl::OpaqueOp, func::FuncOp>(op))
    return true;
  // Ops without tensor results compute nothing a partition needs to place.
  return llvm::none_of(op->getResultTypes(),
                       [](Type t) { return isa<RankedTensorType>(t); });
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static std::optional<tdl::Reducer> reducerOfCombiner(Operation *op) {
  if (isa<arith::AddFOp, arith::AddIOp>(op))
    return tdl::Reducer::sum;
  if (isa<arith::MulFOp, arith::MulIOp>(op))
    return tdl::Reducer::prod;
  // On i1, `and` is a product (tosa.reduce_all lowers to linalg.reduce with
  // arith.andi).
  if (auto andi = dyn_cast<arith::AndIOp>(op);
      andi && andi.getType().isInteger(1))
    return tdl::Reducer::prod;
  // TDL's max/min are signed: unsigned combiners (maxui/minui) have no
  // reducer (the differential check, python/tofu/verify_tdl.py, found the
  // unsigned poolings disagreeing with a signed max/min).
  if (isa<arith::MaximumFOp, arith::MaxNumFOp, arith::MaxSIOp>(op))
    return tdl::Reducer::max;
  if (isa<arith::MinimumFOp, arith::MinNumFOp, arith::MinSIOp>(op))
    return tdl::Reducer::min;
  return std::nullopt;
}

TypedAttr mlir::tofu::reducerIdentity(std::optional<tdl::Reducer> reducer,
                                      Type type) {
  if (auto f = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    APFloat v = APFloat::getZero(sem);
    if (reducer == tdl::Reducer::prod)
      v = APFloat::getOne(sem);
    else if (reducer == tdl::Reducer::max)
      v = APFloat::getInf(sem, /*Negative=*/true);
    else if (reducer == tdl::Reducer::min)
      v = APFloat::getInf(sem, /*Negative=*/false);
    return FloatAttr::get(f, v);
  }
  if (auto i = dyn_cast<IntegerType>(type)) {
    unsigned w = i.getWidth();
    APInt v = APInt::getZero(w);
    if (reducer == tdl::Reducer::prod)
      v = APInt(w, 1);
    else if (reducer == tdl::Reducer::max)
      v = APInt::getSignedMinValue(w);
    else if (reducer == tdl::Reducer::min)
      v = APInt::getSignedMaxValue(w);
    return IntegerAttr::get(i, v);
  }
  if (isa<IndexType>(type))
    return IntegerAttr::get(type, 0);
  return {};
}

//===----------------------------------------------------------------------===//
// linalg
//===----------------------------------------------------------------------===//

static FailureOr<OpDescription> describeLinalg(linalg::LinalgOp linalgOp) {
  Operation *op = linalgOp.getOperation();
  OpDescription desc;
  desc.name = op->getName().getStringRef().str();
  desc.linalgOp = op;
  for (utils::IteratorType it : linalgOp.getIteratorTypesArray()) {
    desc.loopNames.push_back("d" + std::to_string(desc.loopNames.size()));
    desc.isReduction.push_back(it == utils::IteratorType::reduction);
  }
  for (OpOperand *operand : linalgOp.getDpsInputOperands()) {
    InputAccess in;
    in.map = linalgOp.getMatchingIndexingMap(operand);
    in.operandNumber = operand->getOperandNumber();
    if (auto t = dyn_cast<RankedTensorType>(operand->get().getType())) {
      FailureOr<SmallVector<int64_t>> shape =
          tdl::getStaticShape(op, operand->get());
      if (failed(shape))
        return failure();
      in.shape = *shape;
    } else if (!operand->get().getType().isIntOrIndexOrFloat()) {
      return op->emitOpError("operates on memrefs or unranked values; Tofu "
                             "partitions ops on ranked tensors");
    }
    desc.inputs.push_back(std::move(in));
  }
  for (OpOperand &init : linalgOp.getDpsInitsMutable()) {
    if (!isa<RankedTensorType>(init.get().getType()))
      return op->emitOpError("has a non-tensor init; Tofu partitions ops on "
                             "ranked tensors");
    FailureOr<SmallVector<int64_t>> shape = tdl::getStaticShape(op, init.get());
    if (failed(shape))
      return failure();
    desc.outputMaps.push_back(linalgOp.getMatchingIndexingMap(&init));
    desc.outputShapes.push_back(*shape);
  }
  if (llvm::is_contained(desc.isReduction, true)) {
    Block *body = linalgOp.getBlock();
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    unsigned numInputs = linalgOp.getNumDpsInputs();
    for (auto [i, v] : llvm::enumerate(yield.getValues())) {
      Operation *combiner = v.getDefiningOp();
      BlockArgument acc = body->getArgument(numInputs + i);
      std::optional<tdl::Reducer> r;
      if (combiner && combiner->getNumOperands() == 2 &&
          llvm::count(combiner->getOperands(), acc) == 1)
        r = reducerOfCombiner(combiner);
      if (!r || (desc.reducer && *desc.reducer != *r)) {
        // argmax and other variadic or custom combiners: partial results
        // cannot be combined, so the reduction loops stay whole (computed
        // on every member) while the output dimensions may still split.
        desc.reducer = std::nullopt;
        desc.canSplit = llvm::map_to_vector(
            desc.isReduction, [](bool reduction) { return !reduction; });
        desc.note = "reduction loops not split: the combiner is not a "
                    "recognised reducer (sum, max, min, prod)";
        break;
      }
      desc.reducer = r;
    }
  }
  SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
  for (int64_t r : ranges)
    if (ShapedType::isDynamic(r))
      return op->emitOpError("has a dynamic iteration space; Tofu partitions "
                             "static shapes only");
  desc.extents.assign(ranges.begin(), ranges.end());
  return desc;
}

namespace {
/// The linalg model: attached to every linalg structured op.
struct LinalgDescriptionModel
    : TDLDescriptionOpInterface::FallbackModel<LinalgDescriptionModel> {
  FailureOr<OpDescription> getTDLDescription(Operation *op) const {
    return describeLinalg(cast<linalg::LinalgOp>(op));
  }
};
} // namespace

static void attachLinalgModels(MLIRContext *context,
                               linalg::LinalgDialect *dialect) {
  // Every registered linalg op implementing LinalgOp (the structured ops),
  // named or generic, without listing them. (getRegisteredOperationsByDialect
  // finds none while the dialect's extensions run, so filter all ops.)
  for (RegisteredOperationName info : context->getRegisteredOperations())
    if (&info.getDialect() == dialect &&
        info.hasInterface<linalg::LinalgOp>() &&
        !info.hasInterface<TDLDescriptionOpInterface>())
      info.attachInterface<LinalgDescriptionModel>();
}

void mlir::tofu::registerTDLDescriptionModels(DialectRegistry &registry) {
  registry.addExtension(+attachLinalgModels);
  tdl::registerLibraryDescriptionModels(registry);
}

FailureOr<OpDescription> mlir::tofu::getDescription(Operation *op) {
  MLIRContext *context = op->getContext();
  // Idempotent and cheap once registered (the registry is a subset then).
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    registerTDLDescriptionModels(r);
    return r;
  }();
  context->appendDialectRegistry(registry);
  // Building the library attaches its model to the ops it names.
  FailureOr<const tdl::DescriptionLibrary *> library =
      tdl::getDescriptionLibrary(context);
  if (failed(library))
    return failure();
  if (auto described = dyn_cast<TDLDescriptionOpInterface>(op))
    return described.getTDLDescription();
  // Unregistered ops carry no interfaces; the library still describes them
  // by name.
  if (!op->isRegistered())
    if (Operation *entry = (*library)->lookup(op->getName().getStringRef()))
      return instantiate(entry, op);
  return op->emitOpError("has no TDL description (describe it with a "
                         "tdl.operator or tdl.opaque named after the op in a "
                         "file loaded with --tdl-load-library)");
}

//===----------------------------------------------------------------------===//
// Printing a description as TDL
//===----------------------------------------------------------------------===//

/// Builds the TDL body of a linalg op: its scalar computation without the
/// reduction combiner. Returns false (and builds nothing) when the body reads
/// the accumulator other than through the combiner.
static bool buildBodyFromLinalg(OpBuilder &builder, Region &region,
                                linalg::LinalgOp linalgOp,
                                ArrayRef<unsigned> loopOrder, bool reduces) {
  Block *src = linalgOp.getBlock();
  unsigned numInputs = linalgOp.getNumDpsInputs();
  auto yield = cast<linalg::YieldOp>(src->getTerminator());
  if (yield.getNumOperands() != 1)
    return false;
  Value result = yield.getOperand(0);
  Operation *combiner = nullptr;
  if (reduces) {
    combiner = result.getDefiningOp();
    Value acc = src->getArgument(numInputs);
    result = combiner->getOperand(0) == acc ? combiner->getOperand(1)
                                            : combiner->getOperand(0);
  }
  for (BlockArgument out : src->getArguments().drop_front(numInputs))
    for (Operation *user : out.getUsers())
      if (user != combiner)
        return false;
  SmallVector<unsigned> inverse(loopOrder.size());
  for (auto [i, l] : llvm::enumerate(loopOrder))
    inverse[l] = i;
  OpBuilder::InsertionGuard guard(builder);
  Block *block = builder.createBlock(&region);
  IRMapping mapping;
  for (unsigned i = 0; i < numInputs; ++i)
    mapping.map(
        src->getArgument(i),
        block->addArgument(src->getArgument(i).getType(), linalgOp.getLoc()));
  for (Operation &op : src->without_terminator()) {
    if (&op == combiner)
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(op)) {
      Value v =
          tdl::IndexOp::create(builder, index.getLoc(), builder.getIndexType(),
                               uint64_t(inverse[index.getDim()]));
      mapping.map(index.getResult(), v);
      continue;
    }
    builder.clone(op, mapping);
  }
  tdl::YieldOp::create(builder, yield.getLoc(),
                       mapping.lookupOrDefault(result));
  return true;
}

static DictionaryAttr extentsDictionary(OpBuilder &builder,
                                        const OpDescription &desc) {
  SmallVector<NamedAttribute> entries;
  for (auto [name, extent] : llvm::zip(desc.loopNames, desc.extents))
    entries.push_back(
        builder.getNamedAttr(name, builder.getI64IntegerAttr(extent)));
  return builder.getDictionaryAttr(entries);
}

Operation *mlir::tofu::buildTDL(OpBuilder &builder, Location loc,
                                const OpDescription &desc) {
  MLIRContext *ctx = builder.getContext();
  auto strings = [&](ArrayRef<std::string> names) {
    return builder.getStrArrayAttr(llvm::map_to_vector(
        names, [](const std::string &s) { return StringRef(s); }));
  };
  if (desc.opaque) {
    SmallVector<std::string> batch;
    for (unsigned d = 0; d < desc.getNumLoops(); ++d)
      if (desc.isSplittable(d))
        batch.push_back(desc.loopNames[d]);
    SmallVector<Attribute> slices;
    for (const InputAccess &in : desc.inputs) {
      SmallVector<std::string> entries;
      for (auto [pos, e] : llvm::enumerate(in.map.getResults())) {
        // An input dimension of extent 1 that faces a larger loop was
        // broadcast to a constant 0 (see validateAgainstShapes): reading it
        // whole reads that one element.
        auto d = dyn_cast<AffineDimExpr>(e);
        if (in.whole.test(pos) || !d)
          entries.push_back(":");
        else
          entries.push_back(desc.loopNames[d.getPosition()]);
      }
      slices.push_back(strings(entries));
    }
    auto op = tdl::OpaqueOp::create(
        builder, loc, builder.getStringAttr(desc.name), strings(desc.loopNames),
        strings(batch), builder.getArrayAttr(slices));
    if (desc.hasConcreteExtents())
      op->setAttr("extents", extentsDictionary(builder, desc));
    return op;
  }

  // TDL orders the iteration space as output dimensions, then reductions.
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < desc.getNumLoops(); ++d)
    if (!desc.isReduction[d])
      order.push_back(d);
  unsigned numOut = order.size();
  for (unsigned d = 0; d < desc.getNumLoops(); ++d)
    if (desc.isReduction[d])
      order.push_back(d);
  SmallVector<AffineExpr> renumber(desc.getNumLoops());
  for (auto [i, d] : llvm::enumerate(order))
    renumber[d] = getAffineDimExpr(i, ctx);
  auto reorder = [&](AffineMap map) {
    return map.replaceDimsAndSymbols(renumber, {}, desc.getNumLoops(),
                                     map.getNumSymbols());
  };
  SmallVector<std::string> dims, rdims;
  for (auto [i, d] : llvm::enumerate(order))
    (i < numOut ? dims : rdims).push_back(desc.loopNames[d]);
  SmallVector<Attribute> inputs;
  for (const InputAccess &in : desc.inputs) {
    Attribute access = AffineMapAttr::get(reorder(in.map));
    if (in.guarded)
      access = tdl::GuardedAttr::get(ctx, access);
    inputs.push_back(access);
  }
  AffineMap out = reorder(desc.outputMaps.front());
  bool defaultOut = out.getNumResults() == numOut;
  for (auto [i, e] : llvm::enumerate(out.getResults()))
    if (defaultOut && e != getAffineDimExpr(i, ctx))
      defaultOut = false;
  auto op = tdl::OperatorOp::create(
      builder, loc, builder.getStringAttr(desc.name), strings(dims),
      desc.reducer ? tdl::ReducerAttr::get(ctx, *desc.reducer)
                   : tdl::ReducerAttr(),
      desc.reducer ? strings(rdims) : ArrayAttr(), builder.getArrayAttr(inputs),
      defaultOut ? AffineMapAttr() : AffineMapAttr::get(out), ArrayAttr(),
      IntegerAttr(), DictionaryAttr());
  if (auto src = dyn_cast_or_null<tdl::OperatorOp>(desc.source)) {
    if (src.getInit())
      op.setInitAttr(src.getInitAttr());
    if (!src.getBody().empty() &&
        src.getBody().front().getNumArguments() == desc.inputs.size()) {
      IRMapping mapping;
      src.getBody().cloneInto(&op.getBody(), mapping);
    }
  } else if (auto linalgOp =
                 dyn_cast_or_null<linalg::LinalgOp>(desc.linalgOp)) {
    if (desc.outputMaps.size() == 1)
      buildBodyFromLinalg(builder, op.getBody(), linalgOp, order,
                          desc.reducer.has_value());
  }
  if (desc.hasConcreteExtents())
    op.setExtentsAttr(extentsDictionary(builder, desc));
  return op;
}
