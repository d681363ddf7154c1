//===- Description.cpp - TDL descriptions of concrete ops -----------------===//

#include "Tofu/Analysis/Description.h"
#include "Tofu/Analysis/Interval.h"
#include "Tofu/Dialect/TDL/IR/ParamRef.h"
#include "Tofu/Support/EmbeddedFile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tofu;

//===----------------------------------------------------------------------===//
// The library
//===----------------------------------------------------------------------===//

namespace {
#include "TDLLibrary.inc"
} // namespace

LogicalResult DescriptionLibrary::addModule(OwningOpRef<ModuleOp> module) {
  for (Operation &op : module->getBody()->getOperations()) {
    if (!isa<tdl::OperatorOp, tdl::OpaqueOp>(op))
      continue;
    auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    entries[name.getValue()] = &op;
  }
  modules.push_back(std::move(module));
  return success();
}

FailureOr<std::unique_ptr<DescriptionLibrary>>
DescriptionLibrary::load(MLIRContext *context, ArrayRef<std::string> extra) {
  context->loadDialect<tdl::TDLDialect, arith::ArithDialect>();
  context->getOrLoadDialect("math");
  auto library = std::make_unique<DescriptionLibrary>();
  ParserConfig config(context);
  for (const EmbeddedFile &file : kEmbeddedTDLLibrary) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(file.text, config, file.name);
    if (!module || failed(verify(*module)))
      return failure();
    (void)library->addModule(std::move(module));
  }
  for (const std::string &path : extra) {
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, config);
    if (!module) {
      emitError(UnknownLoc::get(context))
          << "cannot load TDL description file '" << path << "'";
      return failure();
    }
    if (failed(verify(*module)))
      return failure();
    (void)library->addModule(std::move(module));
  }
  return library;
}

SmallVector<StringRef> DescriptionLibrary::names() const {
  SmallVector<StringRef> result;
  for (const auto &entry : entries)
    result.push_back(entry.getKey());
  llvm::sort(result);
  return result;
}

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

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

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

/// Fills `desc.extents` from the operand shapes; checks consistency.
static LogicalResult inferExtents(Operation *op, OpDescription &desc,
                                  DictionaryAttr explicitExtents = {}) {
  unsigned n = desc.getNumLoops();
  desc.extents.assign(n, -1);
  if (explicitExtents) {
    for (NamedAttribute entry : explicitExtents) {
      auto it = llvm::find(desc.loopNames, entry.getName().getValue().str());
      if (it == desc.loopNames.end())
        continue;
      int64_t value;
      if (auto i = dyn_cast<IntegerAttr>(entry.getValue())) {
        value = i.getInt();
      } else {
        std::string error;
        FailureOr<tdl::ParamRef> ref = tdl::ParamRef::parse(
            cast<StringAttr>(entry.getValue()).getValue(), error);
        FailureOr<int64_t> v = succeeded(ref) ? ref->evaluate(op, 0, error)
                                              : FailureOr<int64_t>(failure());
        if (failed(v) || *v <= 0)
          return op->emitOpError("cannot instantiate the description of '")
                 << desc.name << "': extent of '" << entry.getName().getValue()
                 << "': " << (failed(v) ? error : "must be positive");
        value = *v;
      }
      desc.extents[it - desc.loopNames.begin()] = value;
    }
  }
  auto consider = [&](AffineMap map, ArrayRef<int64_t> shape, bool isOutput,
                      bool guarded) -> LogicalResult {
    if (guarded)
      return success();
    for (auto [pos, e] : llvm::enumerate(map.getResults())) {
      auto d = dyn_cast<AffineDimExpr>(e);
      if (!d)
        continue;
      int64_t size = shape[pos];
      int64_t &ext = desc.extents[d.getPosition()];
      if (ext == -1 || (ext == 1 && !isOutput)) {
        ext = size;
        continue;
      }
      if (size == 1 && !isOutput)
        continue; // broadcast
      if (ext != size)
        return op->emitOpError("has inconsistent extents for dimension '")
               << desc.loopNames[d.getPosition()] << "' of its description ("
               << ext << " vs " << size << ")";
    }
    return success();
  };
  for (auto [map, shape] : llvm::zip(desc.outputMaps, desc.outputShapes))
    if (failed(consider(map, shape, true, false)))
      return failure();
  // Inputs give the extents of the loops the results do not index (a
  // slice reads a sub-range of a larger input; bounds are checked later).
  SmallVector<bool> fromOutput;
  for (int64_t e : desc.extents)
    fromOutput.push_back(e != -1);
  for (const InputAccess &in : desc.inputs) {
    SmallVector<AffineExpr> results;
    for (AffineExpr e : in.map.getResults()) {
      auto d = dyn_cast<AffineDimExpr>(e);
      results.push_back(d && fromOutput[d.getPosition()]
                            ? getAffineConstantExpr(0, op->getContext())
                            : e);
    }
    AffineMap free =
        AffineMap::get(in.map.getNumDims(), 0, results, op->getContext());
    if (failed(consider(free, in.shape, false, in.guarded)))
      return failure();
  }
  for (unsigned d = 0; d < n; ++d)
    if (desc.extents[d] < 0)
      return op->emitOpError("description of '")
             << desc.name << "' leaves the extent of dimension '"
             << desc.loopNames[d] << "' undetermined";
  return success();
}

/// Checks that the description reproduces the op's result shapes and that
/// every unguarded access stays inside its input; an input dimension of
/// extent 1 read over a larger range is broadcast (read at 0).
static LogicalResult validateAgainstShapes(Operation *op, OpDescription &desc) {
  SmallVector<IntRange> full;
  for (int64_t e : desc.extents)
    full.push_back(IntRange{0, e - 1});
  for (auto [map, shape] : llvm::zip(desc.outputMaps, desc.outputShapes)) {
    SmallVector<int64_t> derived;
    for (AffineExpr e : map.getResults()) {
      if (auto d = dyn_cast<AffineDimExpr>(e))
        derived.push_back(desc.extents[d.getPosition()]);
      else
        derived.push_back(1);
    }
    if (ArrayRef<int64_t>(derived) != ArrayRef<int64_t>(shape))
      return op->emitOpError("description of '")
             << desc.name << "' gives result shape " << shapeString(derived)
             << " but the op produces " << shapeString(shape);
  }
  for (auto [idx, in] : llvm::enumerate(desc.inputs)) {
    SmallVector<AffineExpr> results(in.map.getResults());
    bool changed = false;
    for (auto [pos, e] : llvm::enumerate(results)) {
      if (!in.whole.empty() && in.whole.test(pos))
        continue;
      std::string error;
      FailureOr<IntRange> range = evaluateConcrete(e, full, error);
      if (failed(range))
        return op->emitOpError("description of '")
               << desc.name << "': " << error;
      if (in.guarded || range->empty())
        continue;
      int64_t size = in.shape[pos];
      if (range->lo >= 0 && range->hi < size)
        continue;
      if (size == 1) {
        results[pos] = getAffineConstantExpr(0, op->getContext());
        changed = true;
        continue;
      }
      return op->emitOpError("description of '")
             << desc.name << "' reads input #" << idx << " dimension " << pos
             << " over [" << range->lo << ", " << range->hi
             << "], outside its extent " << size;
    }
    if (changed)
      in.map =
          AffineMap::get(in.map.getNumDims(), 0, results, op->getContext());
  }
  return success();
}

static FailureOr<SmallVector<int64_t>> staticShape(Operation *op, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (!type.hasStaticShape()) {
    op->emitOpError("has a dynamic shape ")
        << type << "; Tofu partitions static shapes only";
    return failure();
  }
  return SmallVector<int64_t>(type.getShape());
}

/// Fills result maps/shapes for all tensor results with `map`.
static LogicalResult addResults(Operation *op, OpDescription &desc,
                                AffineMap map) {
  for (Value r : op->getResults()) {
    if (!isa<RankedTensorType>(r.getType()))
      continue;
    FailureOr<SmallVector<int64_t>> shape = staticShape(op, r);
    if (failed(shape))
      return failure();
    if (map.getNumResults() != shape->size())
      return op->emitOpError("description of '")
             << desc.name << "' places " << map.getNumResults()
             << " output coordinates but the result has rank " << shape->size();
    desc.outputMaps.push_back(map);
    desc.outputShapes.push_back(*shape);
  }
  return success();
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
      FailureOr<SmallVector<int64_t>> shape = staticShape(op, operand->get());
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
    FailureOr<SmallVector<int64_t>> shape = staticShape(op, init.get());
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

//===----------------------------------------------------------------------===//
// Instantiating TDL descriptions
//===----------------------------------------------------------------------===//

/// Tensor operands of `op`, in order: the values a description's inputs
/// stand for.
static SmallVector<unsigned> tensorOperands(Operation *op) {
  SmallVector<unsigned> result;
  for (OpOperand &operand : op->getOpOperands())
    if (isa<RankedTensorType>(operand.get().getType()))
      result.push_back(operand.getOperandNumber());
  return result;
}

static FailureOr<int64_t> evalParam(Operation *op, StringRef text,
                                    int64_t position, StringRef what) {
  std::string error;
  FailureOr<tdl::ParamRef> ref = tdl::ParamRef::parse(text, error);
  if (succeeded(ref)) {
    FailureOr<int64_t> v = ref->evaluate(op, position, error);
    if (succeeded(v))
      return v;
  }
  op->emitOpError("cannot instantiate the description of '")
      << what << "': parameter '" << text << "': " << error;
  return failure();
}

static SmallVector<bool> batchLoopMask(tdl::OpaqueOp opaque,
                                       ArrayRef<std::string> loopNames) {
  SmallVector<bool> mask;
  for (const std::string &name : loopNames)
    mask.push_back(llvm::any_of(opaque.getBatch(), [&](Attribute a) {
      return cast<StringAttr>(a).getValue() == name;
    }));
  return mask;
}

/// The access of an opaque input `["b", ":", ":"]`: named dimensions index
/// the input, `:` dimensions are read whole (mapped to 0, flagged in `whole`).
static void setOpaqueAccess(InputAccess &in, ArrayAttr slice,
                            const llvm::StringMap<unsigned> &position,
                            unsigned numLoops, MLIRContext *ctx) {
  SmallVector<AffineExpr> results;
  in.whole.resize(slice.size());
  for (auto [pos, a] : llvm::enumerate(slice.getAsRange<StringAttr>())) {
    if (a.getValue() == ":") {
      in.whole.set(pos);
      results.push_back(getAffineConstantExpr(0, ctx));
    } else {
      results.push_back(getAffineDimExpr(position.lookup(a.getValue()), ctx));
    }
  }
  in.map = AffineMap::get(numLoops, 0, results, ctx);
}

static FailureOr<OpDescription> instantiateOpaque(tdl::OpaqueOp opaque,
                                                  Operation *op) {
  OpDescription desc;
  desc.name = opaque.getSymName().str();
  desc.source = opaque;
  desc.opaque = true;
  llvm::StringMap<unsigned> position;
  for (Attribute a : opaque.getDims()) {
    StringRef name = cast<StringAttr>(a).getValue();
    position[name] = desc.loopNames.size();
    desc.loopNames.push_back(name.str());
    desc.isReduction.push_back(false);
  }
  SmallVector<unsigned> operands = tensorOperands(op);
  if (operands.size() != opaque.getInputs().size())
    return op->emitOpError("has ")
           << operands.size() << " tensor operands but its description '"
           << desc.name << "' has " << opaque.getInputs().size() << " inputs";
  MLIRContext *ctx = op->getContext();
  unsigned n = desc.getNumLoops();
  for (auto [slice, operandNumber] :
       llvm::zip(opaque.getInputs().getAsRange<ArrayAttr>(), operands)) {
    InputAccess in;
    in.operandNumber = operandNumber;
    FailureOr<SmallVector<int64_t>> shape =
        staticShape(op, op->getOperand(operandNumber));
    if (failed(shape))
      return failure();
    in.shape = *shape;
    if (slice.size() != in.shape.size())
      return op->emitOpError("operand #")
             << operandNumber << " has rank " << in.shape.size()
             << " but its description '" << desc.name << "' indexes "
             << slice.size() << " dimensions";
    setOpaqueAccess(in, slice, position, n, ctx);
    desc.inputs.push_back(std::move(in));
  }
  if (failed(addResults(op, desc, AffineMap::getMultiDimIdentityMap(n, ctx))))
    return failure();
  if (failed(inferExtents(op, desc)) || failed(validateAgainstShapes(op, desc)))
    return failure();
  // Only batch dimensions can be split.
  desc.canSplit = batchLoopMask(opaque, desc.loopNames);
  return desc;
}

/// Expands a rank-generic access pattern into an affine map over `n` loops.
static FailureOr<AffineMap>
expandPattern(Attribute pattern, Operation *op, StringRef what, unsigned n,
              ArrayRef<int64_t> extents, ArrayRef<int64_t> inShape,
              ArrayRef<int64_t> outShape, int64_t concatOffset) {
  MLIRContext *ctx = op->getContext();
  unsigned r = inShape.size();
  SmallVector<AffineExpr> results;
  auto dim = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto mismatch = [&]() -> FailureOr<AffineMap> {
    return op->emitOpError("cannot instantiate the description of '")
           << what << "': input rank " << r << " does not match the " << n
           << "-dimensional iteration space";
  };
  if (auto map = dyn_cast<AffineMapAttr>(pattern)) {
    if (map.getValue().getNumDims() != 0 || map.getValue().getNumSymbols())
      return op->emitOpError("cannot instantiate the description of '")
             << what
             << "': rank-generic descriptions allow only constant "
                "affine maps (e.g. affine_map<() -> (0)>)";
    if (map.getValue().getNumResults() != r)
      return mismatch();
    return AffineMap::get(n, 0, map.getValue().getResults(), ctx);
  }
  if (isa<tdl::BroadcastAttr>(pattern)) {
    if (r > n)
      return mismatch();
    for (unsigned j = 0; j < r; ++j) {
      unsigned loop = j + (n - r);
      if (inShape[j] == 1 && extents[loop] != 1)
        results.push_back(getAffineConstantExpr(0, ctx));
      else
        results.push_back(dim(loop));
    }
  } else if (auto permute = dyn_cast<tdl::PermuteAttr>(pattern)) {
    std::string error;
    FailureOr<tdl::ParamRef> ref =
        tdl::ParamRef::parse(permute.getPerms().getValue(), error);
    FailureOr<SmallVector<int64_t>> perms =
        succeeded(ref) ? ref->evaluateList(op, error)
                       : FailureOr<SmallVector<int64_t>>(failure());
    if (failed(perms))
      return op->emitOpError("cannot instantiate the description of '")
             << what << "': " << error;
    if (perms->size() != n || r != n)
      return mismatch();
    results.assign(r, AffineExpr());
    for (unsigned i = 0; i < n; ++i) {
      int64_t p = (*perms)[i];
      if (p < 0 || p >= static_cast<int64_t>(r) || results[p])
        return op->emitOpError("cannot instantiate the description of '")
               << what << "': 'perms' is not a permutation";
      results[p] = dim(i);
    }
  } else if (isa<tdl::ReshapeAttr>(pattern)) {
    int64_t inCount = 1, outCount = 1;
    for (int64_t s : inShape)
      inCount *= s;
    for (int64_t s : outShape)
      outCount *= s;
    if (inCount != outCount || outShape.size() != n)
      return op->emitOpError("cannot instantiate the description of '")
             << what << "': reshape of " << inCount << " elements into "
             << outCount;
    AffineExpr linear = getAffineConstantExpr(0, ctx);
    int64_t stride = 1;
    for (int i = n - 1; i >= 0; --i) {
      linear = linear + dim(i) * stride;
      stride *= outShape[i];
    }
    stride = 1;
    SmallVector<int64_t> inStrides(r);
    for (int j = r - 1; j >= 0; --j) {
      inStrides[j] = stride;
      stride *= inShape[j];
    }
    for (unsigned j = 0; j < r; ++j) {
      AffineExpr e = linear;
      if (inStrides[j] != 1)
        e = e.floorDiv(inStrides[j]);
      if (j != 0)
        e = e % inShape[j];
      results.push_back(e);
    }
  } else if (auto shift = dyn_cast<tdl::ShiftAttr>(pattern)) {
    // Align input dims with iteration dims; with different ranks, unit
    // dims (per `sizes`) of the larger side are dropped.
    SmallVector<int> loopOf(r, -1);
    if (r == n) {
      for (unsigned j = 0; j < r; ++j)
        loopOf[j] = j;
    } else {
      if (!shift.getSizes())
        return mismatch();
      unsigned big = std::max(r, n), small = std::min(r, n);
      SmallVector<int64_t> sizes;
      for (unsigned i = 0; i < big; ++i) {
        FailureOr<int64_t> v =
            evalParam(op, shift.getSizes().getValue(), i, what);
        if (failed(v))
          return failure();
        sizes.push_back(*v);
      }
      SmallVector<int> smallOf(big, -1);
      unsigned next = 0;
      for (unsigned b = 0; b < big; ++b) {
        bool mustKeep = big - b <= small - next;
        if (next < small && (sizes[b] != 1 || mustKeep))
          smallOf[b] = next++;
      }
      if (next != small)
        return mismatch();
      for (unsigned b = 0; b < big; ++b) {
        if (smallOf[b] < 0)
          continue;
        if (r > n)
          loopOf[b] = smallOf[b];
        else
          loopOf[smallOf[b]] = b;
      }
    }
    for (unsigned j = 0; j < r; ++j) {
      // Offsets and strides are indexed by the larger side's dimension.
      int64_t pos = r >= n ? j : loopOf[j];
      FailureOr<int64_t> off =
          evalParam(op, shift.getOffsets().getValue(), pos, what);
      if (failed(off))
        return failure();
      int64_t stride = 1;
      if (shift.getStrides()) {
        FailureOr<int64_t> s =
            evalParam(op, shift.getStrides().getValue(), pos, what);
        if (failed(s))
          return failure();
        stride = *s;
      }
      AffineExpr offset = getAffineConstantExpr(shift.getScale() * *off, ctx);
      results.push_back(loopOf[j] < 0 ? offset
                                      : dim(loopOf[j]) * stride + offset);
    }
  } else if (auto reverse = dyn_cast<tdl::ReverseAttr>(pattern)) {
    if (r != n)
      return mismatch();
    FailureOr<int64_t> axis =
        evalParam(op, reverse.getAxis().getValue(), 0, what);
    if (failed(axis))
      return failure();
    if (*axis < 0 || *axis >= static_cast<int64_t>(n))
      return op->emitOpError("cannot instantiate the description of '")
             << what << "': reversal axis " << *axis << " is outside rank "
             << n;
    for (unsigned i = 0; i < n; ++i)
      results.push_back(
          static_cast<int64_t>(i) == *axis ? inShape[i] - 1 - dim(i) : dim(i));
  } else if (isa<tdl::WholeAttr>(pattern)) {
    // Read whole: the caller flags every dimension in `whole`.
    for (unsigned j = 0; j < r; ++j)
      results.push_back(getAffineConstantExpr(0, ctx));
  } else if (isa<tdl::TileAttr>(pattern)) {
    if (r != n)
      return mismatch();
    for (unsigned i = 0; i < n; ++i)
      results.push_back(dim(i) % inShape[i]);
  } else if (auto concat = dyn_cast<tdl::ConcatAttr>(pattern)) {
    if (r != n)
      return mismatch();
    FailureOr<int64_t> axis =
        evalParam(op, concat.getAxis().getValue(), 0, what);
    if (failed(axis))
      return failure();
    // The caller indexes the input's shape with the axis.
    if (*axis < 0 || *axis >= static_cast<int64_t>(n))
      return op->emitOpError("cannot instantiate the description of '")
             << what << "': concatenation axis " << *axis << " is outside rank "
             << n;
    for (unsigned i = 0; i < n; ++i)
      results.push_back(static_cast<int64_t>(i) == *axis ? dim(i) - concatOffset
                                                         : dim(i));
  } else {
    return op->emitOpError("cannot instantiate the description of '")
           << what << "': unknown access pattern";
  }
  return AffineMap::get(n, 0, results, ctx);
}

static FailureOr<OpDescription> instantiateOperator(tdl::OperatorOp def,
                                                    Operation *op) {
  MLIRContext *ctx = op->getContext();
  OpDescription desc;
  desc.name = def.getSymName().str();
  desc.source = def;
  if (def.getReducer())
    desc.reducer = *def.getReducer();
  SmallVector<unsigned> operands = tensorOperands(op);
  ArrayAttr accesses = def.getInputs();
  bool generic = def.isRankGeneric();
  bool variadicConcat = generic && !accesses.empty() &&
                        isa<tdl::ConcatAttr>(accesses[accesses.size() - 1]);
  bool countOk = variadicConcat ? operands.size() >= accesses.size()
                                : operands.size() == accesses.size();
  if (!countOk)
    return op->emitOpError("has ")
           << operands.size() << " tensor operands but its description '"
           << desc.name << "' has " << accesses.size() << " inputs";

  SmallVector<SmallVector<int64_t>> shapes;
  for (unsigned o : operands) {
    FailureOr<SmallVector<int64_t>> s = staticShape(op, op->getOperand(o));
    if (failed(s))
      return failure();
    shapes.push_back(*s);
  }
  if (op->getNumResults() != 1 ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return op->emitOpError("must have one tensor result to use the TDL "
                           "description '")
           << desc.name << "'";
  FailureOr<SmallVector<int64_t>> outShape = staticShape(op, op->getResult(0));
  if (failed(outShape))
    return failure();

  if (!generic) {
    for (StringRef name : def.getLoopNames())
      desc.loopNames.push_back(name.str());
    unsigned numOut = def.getDims().size();
    for (unsigned d = 0; d < desc.getNumLoops(); ++d)
      desc.isReduction.push_back(d >= numOut);
    SmallVector<AffineExpr> symbolValues;
    if (auto params = def.getParams()) {
      for (Attribute p : *params) {
        FailureOr<int64_t> v =
            evalParam(op, cast<StringAttr>(p).getValue(), 0, desc.name);
        if (failed(v))
          return failure();
        symbolValues.push_back(getAffineConstantExpr(*v, ctx));
      }
    }
    unsigned n = desc.getNumLoops();
    SmallVector<AffineExpr> dimValues;
    for (unsigned d = 0; d < n; ++d)
      dimValues.push_back(getAffineDimExpr(d, ctx));
    for (auto [accessAttr, o, shape] : llvm::zip(accesses, operands, shapes)) {
      InputAccess in;
      in.operandNumber = o;
      in.shape = shape;
      Attribute access = accessAttr;
      if (auto g = dyn_cast<tdl::GuardedAttr>(access)) {
        in.guarded = true;
        access = g.getAccess();
      }
      AffineMap map = cast<AffineMapAttr>(access).getValue();
      map = map.replaceDimsAndSymbols(dimValues, symbolValues, n, 0);
      in.map = simplifyAffineMap(map);
      if (in.map.getNumResults() != shape.size())
        return op->emitOpError("operand #")
               << o << " has rank " << shape.size() << " but its description '"
               << desc.name << "' indexes " << in.map.getNumResults()
               << " dimensions";
      desc.inputs.push_back(std::move(in));
    }
    AffineMap out =
        def.getOutput()
            ? *def.getOutput()
            : AffineMap::get(n, 0,
                             llvm::map_to_vector(llvm::seq<unsigned>(0, numOut),
                                                 [&](unsigned d) {
                                                   return getAffineDimExpr(d,
                                                                           ctx);
                                                 }),
                             ctx);
    if (failed(addResults(op, desc, out)))
      return failure();
  } else {
    // Rank-generic: one loop per result dimension, or per dimension of the
    // first input when the description reduces.
    bool reduces = def.getReductionDims().has_value();
    if (reduces && shapes.empty())
      return op->emitOpError("a reducing description needs a tensor input");
    unsigned n = reduces ? shapes[0].size() : outShape->size();
    desc.isReduction.assign(n, false);
    if (reduces) {
      ArrayAttr reductionDims = *def.getReductionDims();
      for (Attribute a : reductionDims) {
        FailureOr<int64_t> axis =
            evalParam(op, cast<StringAttr>(a).getValue(), 0, desc.name);
        if (failed(axis))
          return failure();
        if (*axis < 0 || *axis >= static_cast<int64_t>(n))
          return op->emitOpError("reduction axis ")
                 << *axis << " is outside rank " << n;
        desc.isReduction[*axis] = true;
      }
    }
    for (unsigned d = 0; d < n; ++d)
      desc.loopNames.push_back((desc.isReduction[d] ? "r" : "d") +
                               std::to_string(d));
    // Extents: from the first input when reducing, else from the result.
    SmallVector<int64_t> extents = reduces ? shapes[0] : *outShape;
    int64_t concatOffset = 0;
    for (auto [idx, o] : llvm::enumerate(operands)) {
      Attribute access = accesses[std::min<size_t>(idx, accesses.size() - 1)];
      InputAccess in;
      in.operandNumber = o;
      in.shape = shapes[idx];
      if (auto g = dyn_cast<tdl::GuardedAttr>(access)) {
        in.guarded = true;
        access = g.getAccess();
      }
      if (isa<tdl::ConcatAttr>(access))
        in.guarded = true;
      FailureOr<AffineMap> map = expandPattern(
          access, op, desc.name, n, extents, in.shape, *outShape, concatOffset);
      if (failed(map))
        return failure();
      if (auto concat = dyn_cast<tdl::ConcatAttr>(access)) {
        FailureOr<int64_t> axis =
            evalParam(op, concat.getAxis().getValue(), 0, desc.name);
        if (failed(axis))
          return failure();
        concatOffset += in.shape[*axis];
      }
      in.map = simplifyAffineMap(*map);
      if (isa<tdl::WholeAttr>(access)) {
        in.whole.resize(in.shape.size());
        in.whole.set();
      }
      desc.inputs.push_back(std::move(in));
    }
    SmallVector<AffineExpr> outResults;
    bool keepDims = outShape->size() == n;
    for (unsigned d = 0; d < n; ++d) {
      if (!desc.isReduction[d])
        outResults.push_back(getAffineDimExpr(d, ctx));
      else if (keepDims)
        outResults.push_back(getAffineConstantExpr(0, ctx));
    }
    if (failed(addResults(op, desc, AffineMap::get(n, 0, outResults, ctx))))
      return failure();
  }
  if (failed(inferExtents(op, desc, def.getExtentsAttr())) ||
      failed(validateAgainstShapes(op, desc)))
    return failure();
  // `split_reductions = false`: the combiner is not the reducer (argmax), so
  // partial results cannot be combined; only output dimensions split.
  if (auto split = def->getAttrOfType<BoolAttr>("split_reductions");
      split && !split.getValue())
    desc.canSplit = llvm::map_to_vector(
        desc.isReduction, [](bool reduction) { return !reduction; });
  return desc;
}

FailureOr<OpDescription> mlir::tofu::instantiate(Operation *description,
                                                 Operation *op) {
  if (auto opaque = dyn_cast<tdl::OpaqueOp>(description))
    return instantiateOpaque(opaque, op);
  return instantiateOperator(cast<tdl::OperatorOp>(description), op);
}

FailureOr<OpDescription>
mlir::tofu::getDescription(Operation *op, const DescriptionLibrary &library) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return describeLinalg(linalgOp);
  if (auto apply = dyn_cast<tdl::ApplyOp>(op)) {
    Operation *callee =
        SymbolTable::lookupNearestSymbolFrom(op, apply.getCalleeAttr());
    if (!callee || !isa<tdl::OperatorOp, tdl::OpaqueOp>(callee))
      return op->emitOpError("'")
             << apply.getCallee() << "' does not name a TDL description";
    return instantiate(callee, op);
  }
  if (Operation *entry = library.lookup(op->getName().getStringRef()))
    return instantiate(entry, op);
  return op->emitOpError("has no TDL description (describe it with a "
                         "tdl.operator or tdl.opaque named after the op in a "
                         "file passed with the pass option library=FILE)");
}

//===----------------------------------------------------------------------===//
// Symbolic form of a standalone description
//===----------------------------------------------------------------------===//

OpDescription mlir::tofu::describeSymbolically(Operation *description) {
  OpDescription desc;
  desc.source = description;
  MLIRContext *ctx = description->getContext();
  if (auto opaque = dyn_cast<tdl::OpaqueOp>(description)) {
    desc.name = opaque.getSymName().str();
    desc.opaque = true;
    llvm::StringMap<unsigned> position;
    for (Attribute a : opaque.getDims()) {
      position[cast<StringAttr>(a).getValue()] = desc.loopNames.size();
      desc.loopNames.push_back(cast<StringAttr>(a).getValue().str());
      desc.isReduction.push_back(false);
    }
    unsigned n = desc.getNumLoops();
    for (ArrayAttr slice : opaque.getInputs().getAsRange<ArrayAttr>()) {
      InputAccess in;
      setOpaqueAccess(in, slice, position, n, ctx);
      desc.inputs.push_back(std::move(in));
    }
    desc.outputMaps.push_back(AffineMap::getMultiDimIdentityMap(n, ctx));
    desc.canSplit = batchLoopMask(opaque, desc.loopNames);
    return desc;
  }
  auto def = cast<tdl::OperatorOp>(description);
  desc.name = def.getSymName().str();
  if (def.getReducer())
    desc.reducer = *def.getReducer();
  for (StringRef name : def.getLoopNames())
    desc.loopNames.push_back(name.str());
  unsigned numOut = def.getDims().size(), n = desc.getNumLoops();
  for (unsigned d = 0; d < n; ++d)
    desc.isReduction.push_back(d >= numOut);
  for (Attribute access : def.getInputs()) {
    InputAccess in;
    if (auto g = dyn_cast<tdl::GuardedAttr>(access)) {
      in.guarded = true;
      access = g.getAccess();
    }
    in.map = cast<AffineMapAttr>(access).getValue();
    desc.inputs.push_back(std::move(in));
  }
  SmallVector<AffineExpr> outResults;
  for (unsigned d = 0; d < numOut; ++d)
    outResults.push_back(getAffineDimExpr(d, ctx));
  desc.outputMaps.push_back(def.getOutput()
                                ? *def.getOutput()
                                : AffineMap::get(n, 0, outResults, ctx));
  return desc;
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
