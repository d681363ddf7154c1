//===- Instantiate.cpp - TDL descriptions instantiated for an op ----------===//
//
// A `tdl.operator` / `tdl.opaque` describes an operator for any shapes; the
// analyses need it for one op: concrete extents, one affine access per tensor
// operand, result maps. Instantiation reads the op's attributes and operands
// through parameter references, expands rank-generic access patterns
// (AccessPatternAttrInterface), infers the extents and checks the result
// against the op's shapes, so that a description that does not fit an op is
// reported at that op. `tdl.apply` (natively) and the library-backed model of
// the TDL description interface are both instantiations.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/TDL/IR/ParamRef.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Support/Interval.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tofu;

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
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

FailureOr<SmallVector<int64_t>> mlir::tdl::getStaticShape(Operation *op,
                                                          Value v) {
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
    FailureOr<SmallVector<int64_t>> shape = tdl::getStaticShape(op, r);
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

/// Tensor operands of `op`, in order: the values a description's inputs
/// stand for.
static SmallVector<unsigned> tensorOperands(Operation *op) {
  SmallVector<unsigned> result;
  for (OpOperand &operand : op->getOpOperands())
    if (isa<RankedTensorType>(operand.get().getType()))
      result.push_back(operand.getOperandNumber());
  return result;
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
        tdl::getStaticShape(op, op->getOperand(operandNumber));
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

namespace {
/// The tensor operands a `tdl.operator` is instantiated over, and the shapes.
struct OperatorOperands {
  SmallVector<unsigned> operands;
  SmallVector<SmallVector<int64_t>> shapes;
  SmallVector<int64_t> outShape;
};
} // namespace

static bool isVariadicPattern(Attribute access) {
  auto pattern = dyn_cast<tdl::AccessPatternAttrInterface>(access);
  return pattern && pattern.isVariadic();
}

static FailureOr<OperatorOperands>
collectOperands(tdl::OperatorOp def, Operation *op, StringRef name) {
  OperatorOperands result;
  result.operands = tensorOperands(op);
  ArrayAttr accesses = def.getInputs();
  size_t numOperands = result.operands.size();
  // A variadic last pattern (concat) serves all further operands.
  bool variadic = def.isRankGeneric() && !accesses.empty() &&
                  isVariadicPattern(accesses[accesses.size() - 1]);
  if (variadic ? numOperands < accesses.size() : numOperands != accesses.size())
    return op->emitOpError("has ")
           << numOperands << " tensor operands but its description '" << name
           << "' has " << accesses.size() << " inputs";
  for (unsigned o : result.operands) {
    FailureOr<SmallVector<int64_t>> s =
        tdl::getStaticShape(op, op->getOperand(o));
    if (failed(s))
      return failure();
    result.shapes.push_back(*s);
  }
  if (op->getNumResults() != 1 ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return op->emitOpError("must have one tensor result to use the TDL "
                           "description '")
           << name << "'";
  FailureOr<SmallVector<int64_t>> outShape =
      tdl::getStaticShape(op, op->getResult(0));
  if (failed(outShape))
    return failure();
  result.outShape = *outShape;
  return result;
}

/// A description with named dimensions: its maps, with the params bound.
static LogicalResult instantiateFixedRank(tdl::OperatorOp def, Operation *op,
                                          const OperatorOperands &operands,
                                          OpDescription &desc) {
  MLIRContext *ctx = op->getContext();
  for (StringRef name : def.getLoopNames())
    desc.loopNames.push_back(name.str());
  unsigned numOut = def.getDims().size(), n = desc.getNumLoops();
  for (unsigned d = 0; d < n; ++d)
    desc.isReduction.push_back(d >= numOut);
  SmallVector<AffineExpr> symbolValues;
  if (auto params = def.getParams()) {
    for (Attribute p : *params) {
      FailureOr<int64_t> v =
          tdl::evaluateParam(op, cast<StringAttr>(p).getValue(), 0, desc.name);
      if (failed(v))
        return failure();
      symbolValues.push_back(getAffineConstantExpr(*v, ctx));
    }
  }
  SmallVector<AffineExpr> dimValues;
  for (unsigned d = 0; d < n; ++d)
    dimValues.push_back(getAffineDimExpr(d, ctx));
  for (auto [accessAttr, o, shape] :
       llvm::zip(def.getInputs(), operands.operands, operands.shapes)) {
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
          : AffineMap::get(n, 0, ArrayRef(dimValues).take_front(numOut), ctx);
  return addResults(op, desc, out);
}

/// An access of a rank-generic description: a constant map or a pattern.
/// True if `access` shifts by a parameter an SSA value gives at run time.
static bool shiftsByNonConstant(Attribute access, Operation *op) {
  auto shift = dyn_cast<tdl::ShiftAttr>(access);
  if (!shift)
    return false;
  for (StringAttr param :
       {shift.getOffsets(), shift.getStrides(), shift.getSizes()})
    if (param && tdl::isNonConstantParam(op, param.getValue()))
      return true;
  return false;
}

static FailureOr<AffineMap> expandAccess(Attribute access,
                                         tdl::PatternSite &site) {
  if (auto map = dyn_cast<AffineMapAttr>(access)) {
    if (map.getValue().getNumDims() != 0 || map.getValue().getNumSymbols())
      return site.emitError() << "rank-generic descriptions allow only "
                                 "constant affine maps (e.g. "
                                 "affine_map<() -> (0)>)";
    if (map.getValue().getNumResults() != site.getInputRank())
      return site.emitRankMismatch();
    return AffineMap::get(site.numLoops, 0, map.getValue().getResults(),
                          site.op->getContext());
  }
  if (auto pattern = dyn_cast<tdl::AccessPatternAttrInterface>(access))
    return pattern.expand(site);
  return site.emitError() << "unknown access pattern";
}

/// `dims ["..."]`: one loop per result dimension, or per dimension of the
/// first input when the description reduces; accesses are patterns.
static LogicalResult instantiateRankGeneric(tdl::OperatorOp def, Operation *op,
                                            const OperatorOperands &operands,
                                            OpDescription &desc) {
  MLIRContext *ctx = op->getContext();
  ArrayRef<SmallVector<int64_t>> shapes = operands.shapes;
  bool reduces = def.getReductionDims().has_value();
  if (reduces && shapes.empty())
    return op->emitOpError("a reducing description needs a tensor input");
  unsigned n = reduces ? shapes[0].size() : operands.outShape.size();
  desc.isReduction.assign(n, false);
  if (reduces) {
    ArrayAttr reductionDims = *def.getReductionDims();
    for (Attribute a : reductionDims) {
      FailureOr<int64_t> axis =
          tdl::evaluateParam(op, cast<StringAttr>(a).getValue(), 0, desc.name);
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
  SmallVector<int64_t> extents = reduces ? shapes[0] : operands.outShape;
  tdl::PatternSite site{op, desc.name, n, extents, {}, operands.outShape};
  ArrayAttr accesses = def.getInputs();
  for (auto [idx, o] : llvm::enumerate(operands.operands)) {
    Attribute access = accesses[std::min<size_t>(idx, accesses.size() - 1)];
    InputAccess in;
    in.operandNumber = o;
    in.shape = shapes[idx];
    if (auto g = dyn_cast<tdl::GuardedAttr>(access)) {
      in.guarded = true;
      access = g.getAccess();
    }
    site.inShape = in.shape;
    // A shift by a data-dependent amount (insert_slice at an offset computed
    // at run time, as JAX's dynamic_update_slice gives) may read any part of
    // its input: every device reads it whole.
    if (shiftsByNonConstant(access, op))
      access = tdl::WholeAttr::get(op->getContext());
    FailureOr<AffineMap> map = expandAccess(access, site);
    if (failed(map))
      return failure();
    in.map = simplifyAffineMap(*map);
    auto pattern = dyn_cast<tdl::AccessPatternAttrInterface>(access);
    if (pattern && pattern.isGuardedAccess())
      in.guarded = true;
    if (pattern && pattern.readsWhole()) {
      in.whole.resize(in.shape.size());
      in.whole.set();
    }
    desc.inputs.push_back(std::move(in));
  }
  SmallVector<AffineExpr> outResults;
  bool keepDims = operands.outShape.size() == n;
  for (unsigned d = 0; d < n; ++d) {
    if (!desc.isReduction[d])
      outResults.push_back(getAffineDimExpr(d, ctx));
    else if (keepDims)
      outResults.push_back(getAffineConstantExpr(0, ctx));
  }
  return addResults(op, desc, AffineMap::get(n, 0, outResults, ctx));
}

static FailureOr<OpDescription> instantiateOperator(tdl::OperatorOp def,
                                                    Operation *op) {
  OpDescription desc;
  desc.name = def.getSymName().str();
  desc.source = def;
  if (def.getReducer())
    desc.reducer = *def.getReducer();
  FailureOr<OperatorOperands> operands = collectOperands(def, op, desc.name);
  if (failed(operands))
    return failure();
  if (failed(def.isRankGeneric()
                 ? instantiateRankGeneric(def, op, *operands, desc)
                 : instantiateFixedRank(def, op, *operands, desc)))
    return failure();
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

FailureOr<OpDescription> mlir::tdl::instantiate(Operation *description,
                                                Operation *op) {
  if (auto opaque = dyn_cast<tdl::OpaqueOp>(description))
    return instantiateOpaque(opaque, op);
  return instantiateOperator(cast<tdl::OperatorOp>(description), op);
}

FailureOr<OpDescription> tdl::ApplyOp::getTDLDescription() {
  Operation *callee =
      SymbolTable::lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!callee || !isa<tdl::OperatorOp, tdl::OpaqueOp>(callee))
    return emitOpError("'")
           << getCallee() << "' does not name a TDL description";
  return instantiate(callee, *this);
}

//===----------------------------------------------------------------------===//
// Symbolic form of a standalone description
//===----------------------------------------------------------------------===//

OpDescription mlir::tdl::describeSymbolically(Operation *description) {
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
