//===- TDLDialect.cpp - TDL dialect, attributes and verifiers -------------===//
//
// Verifiers reject every malformed description with a located diagnostic so
// that the analyses can rely on well-formed input.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/TDL/IR/DescriptionLibrary.h"
#include "Tofu/Dialect/TDL/IR/ParamRef.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"

#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tdl;

#include "Tofu/Dialect/TDL/IR/TDLOpsDialect.cpp.inc"
#include "Tofu/Dialect/TDL/IR/TDLOpsEnums.cpp.inc"

#include "Tofu/Dialect/TDL/IR/TDLAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/TDL/IR/TDLOpsAttributes.cpp.inc"

#define GET_OP_CLASSES
#include "Tofu/Dialect/TDL/IR/TDLOps.cpp.inc"

void TDLDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tofu/Dialect/TDL/IR/TDLOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tofu/Dialect/TDL/IR/TDLOpsAttributes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

static bool isAccessPattern(Attribute attr) {
  return isa<AccessPatternAttrInterface>(attr);
}

LogicalResult GuardedAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Attribute access) {
  if (!isa<AffineMapAttr>(access) && !isAccessPattern(access))
    return emitError() << "#tdl.guarded wraps an affine map or an access "
                          "pattern, got "
                       << access;
  return success();
}

LogicalResult ShiftAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                StringAttr offsets, StringAttr strides,
                                StringAttr sizes, int64_t scale) {
  if (scale != 1 && scale != -1)
    return emitError() << "#tdl.shift scale must be 1 or -1, got " << scale;
  std::string message;
  if (failed(ParamRef::parse(offsets.getValue(), message)))
    return emitError() << "malformed parameter reference '"
                       << offsets.getValue() << "': " << message;
  for (StringAttr ref : {strides, sizes})
    if (ref && failed(ParamRef::parse(ref.getValue(), message)))
      return emitError() << "malformed parameter reference '" << ref.getValue()
                         << "': " << message;
  return success();
}

//===----------------------------------------------------------------------===//
// OperatorOp
//===----------------------------------------------------------------------===//

bool OperatorOp::isRankGeneric() {
  return getDims().size() == 1 &&
         cast<StringAttr>(getDims()[0]).getValue() == "...";
}

unsigned OperatorOp::getNumLoops() {
  unsigned n = getDims().size();
  if (auto rdims = getReductionDims())
    n += rdims->size();
  return n;
}

SmallVector<StringRef> OperatorOp::getLoopNames() {
  SmallVector<StringRef> names;
  for (Attribute a : getDims())
    names.push_back(cast<StringAttr>(a).getValue());
  if (auto rdims = getReductionDims())
    for (Attribute a : *rdims)
      names.push_back(cast<StringAttr>(a).getValue());
  return names;
}

namespace {
/// Checks that an access expression stays in the subset interval analysis
/// handles: sums of (dim or symbol) times constants or symbols, and
/// floordiv/ceildiv/mod by a positive constant or a symbol.
struct AffineSubsetChecker {
  std::string error;
  bool check(AffineExpr e) {
    if (auto bin = dyn_cast<AffineBinaryOpExpr>(e)) {
      if (!check(bin.getLHS()) || !check(bin.getRHS()))
        return false;
      AffineExprKind k = e.getKind();
      if (k == AffineExprKind::FloorDiv || k == AffineExprKind::CeilDiv ||
          k == AffineExprKind::Mod) {
        if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
            c && c.getValue() <= 0) {
          error = "divisor must be positive";
          return false;
        }
      }
    }
    return true;
  }
};
} // namespace

LogicalResult OperatorOp::verify() {
  llvm::StringSet<> seen;
  SmallVector<StringRef> names;
  for (Attribute a : getDims())
    names.push_back(cast<StringAttr>(a).getValue());
  if (auto rdims = getReductionDims())
    for (Attribute a : *rdims)
      names.push_back(cast<StringAttr>(a).getValue());
  bool generic = isRankGeneric();
  for (StringRef name : names) {
    if (name.empty())
      return emitOpError("dimension names must not be empty");
    if (name == "..." && !generic)
      return emitOpError("'...' must be the only output dimension of a "
                         "rank-generic description");
    if (!generic && !seen.insert(name).second)
      return emitOpError("dimension '") << name << "' is declared twice";
  }
  if (getReducer().has_value() != getReductionDims().has_value())
    return emitOpError("a reducer needs reduction dimensions");
  if (getReductionDims() && getReductionDims()->empty())
    return emitOpError("'reduce' needs at least one reduction dimension");

  std::string message;
  if (auto params = getParams()) {
    for (Attribute p : *params)
      if (failed(ParamRef::parse(cast<StringAttr>(p).getValue(), message)))
        return emitOpError("malformed parameter reference '")
               << cast<StringAttr>(p).getValue() << "': " << message;
  }
  unsigned numParams = getParams() ? getParams()->size() : 0;

  if (generic) {
    if (auto rdims = getReductionDims())
      for (Attribute a : *rdims)
        if (failed(ParamRef::parse(cast<StringAttr>(a).getValue(), message)))
          return emitOpError("reduction dimensions of a rank-generic "
                             "description are parameter references; '")
                 << cast<StringAttr>(a).getValue() << "': " << message;
    if (getOutput())
      return emitOpError("a rank-generic description has no output map");
  }

  unsigned numLoops = names.size();
  for (auto [idx, access] : llvm::enumerate(getInputs())) {
    Attribute inner = access;
    if (auto guarded = dyn_cast<GuardedAttr>(access))
      inner = guarded.getAccess();
    if (isAccessPattern(inner)) {
      if (!generic)
        return emitOpError("input #")
               << idx << " uses an access pattern, which needs a "
               << "rank-generic iteration space (dims [\"...\"])";
      continue;
    }
    auto mapAttr = dyn_cast<AffineMapAttr>(inner);
    if (!mapAttr)
      return emitOpError("input #")
             << idx << " access is outside the affine subset: expected an "
             << "affine map, a #tdl.guarded map or an access pattern, got "
             << access;
    if (generic)
      continue; // Rank-generic maps are checked at instantiation.
    AffineMap map = mapAttr.getValue();
    if (map.getNumDims() != numLoops)
      return emitOpError("input #")
             << idx << " access has " << map.getNumDims()
             << " dimensions but the iteration space has " << numLoops;
    if (map.getNumSymbols() > numParams)
      return emitOpError("input #")
             << idx << " access uses " << map.getNumSymbols()
             << " symbols but only " << numParams << " params are bound";
    for (AffineExpr e : map.getResults()) {
      AffineSubsetChecker checker;
      if (!checker.check(e))
        return emitOpError("input #")
               << idx
               << " access is outside the affine subset: " << checker.error;
    }
  }

  if (auto out = getOutput()) {
    AffineMap map = *out;
    if (map.getNumDims() != numLoops)
      return emitOpError("output map has ")
             << map.getNumDims() << " dimensions but the iteration space has "
             << numLoops;
    unsigned numOutputDims = getDims().size();
    llvm::SmallDenseSet<unsigned> used;
    for (AffineExpr e : map.getResults()) {
      if (auto c = dyn_cast<AffineConstantExpr>(e)) {
        if (c.getValue() != 0)
          return emitOpError("output map constants must be 0");
        continue;
      }
      auto d = dyn_cast<AffineDimExpr>(e);
      if (!d || d.getPosition() >= numOutputDims) {
        std::string text;
        llvm::raw_string_ostream os(text);
        e.print(os);
        return emitOpError("output map results must be output dimensions "
                           "or 0, got ")
               << text;
      }
      if (!used.insert(d.getPosition()).second)
        return emitOpError("output map uses dimension '")
               << names[d.getPosition()] << "' twice";
    }
    if (used.size() != numOutputDims)
      return emitOpError("output map must place every output dimension");
  }

  if (auto extents = getExtents()) {
    for (NamedAttribute entry : *extents) {
      if (!generic && !llvm::is_contained(names, entry.getName().getValue()))
        return emitOpError("'extents' names unknown dimension '")
               << entry.getName().getValue() << "'";
      if (auto ref = dyn_cast<StringAttr>(entry.getValue())) {
        if (failed(ParamRef::parse(ref.getValue(), message)))
          return emitOpError("malformed parameter reference '")
                 << ref.getValue() << "': " << message;
      } else if (auto value = dyn_cast<IntegerAttr>(entry.getValue())) {
        if (value.getInt() <= 0)
          return emitOpError("extent of '")
                 << entry.getName().getValue() << "' must be positive";
      } else {
        return emitOpError("'extents' values are parameter references or "
                           "integers");
      }
    }
  }

  if (auto init = getInit()) {
    if (!getReducer())
      return emitOpError("'init' needs a reduction");
    if (*init < 0 || static_cast<uint64_t>(*init) >= getInputs().size())
      return emitOpError("'init' names input #")
             << *init << " but there are " << getInputs().size() << " inputs";
  }
  return success();
}

LogicalResult OperatorOp::verifyRegions() {
  Region &body = getBody();
  if (body.empty())
    return success();
  if (!body.hasOneBlock())
    return emitOpError("body must have one block");
  Block &block = body.front();
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("body has ")
           << block.getNumArguments() << " arguments but there are "
           << getInputs().size() << " inputs";
  for (BlockArgument arg : block.getArguments())
    if (!arg.getType().isIntOrIndexOrFloat())
      return emitOpError("body arguments must be scalars, got ")
             << arg.getType();
  if (block.empty() || !isa<YieldOp>(block.back()))
    return emitOpError("body must end with 'tdl.yield'");
  for (Operation &op : block.without_terminator()) {
    if (!isPure(&op))
      return op.emitOpError("is not side-effect free; TDL bodies are pure "
                            "scalar expressions");
    if (op.getNumRegions() != 0)
      return op.emitOpError("has regions; TDL bodies have no control flow");
    for (Type t : op.getResultTypes())
      if (!t.isIntOrIndexOrFloat())
        return op.emitOpError("produces a non-scalar value of type ") << t;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OpaqueOp, IndexOp, ApplyOp
//===----------------------------------------------------------------------===//

LogicalResult OpaqueOp::verify() {
  llvm::StringSet<> dims;
  for (Attribute a : getDims())
    if (!dims.insert(cast<StringAttr>(a).getValue()).second)
      return emitOpError("dimension '")
             << cast<StringAttr>(a).getValue() << "' is declared twice";
  llvm::StringSet<> batch;
  for (Attribute a : getBatch()) {
    StringRef name = cast<StringAttr>(a).getValue();
    if (!dims.contains(name))
      return emitOpError("batch dimension '")
             << name << "' is not an output dimension";
    batch.insert(name);
  }
  for (auto [idx, slice] : llvm::enumerate(getInputs())) {
    for (Attribute a : cast<ArrayAttr>(slice)) {
      StringRef name = cast<StringAttr>(a).getValue();
      if (name == ":")
        continue;
      if (!dims.contains(name))
        return emitOpError("input #")
               << idx << " is indexed by unknown dimension '" << name << "'";
      if (!batch.contains(name))
        return emitOpError("input #")
               << idx << " is indexed by '" << name
               << "', which is not a batch dimension; use ':'";
    }
  }
  return success();
}

LogicalResult IndexOp::verify() {
  auto parent = (*this)->getParentOfType<OperatorOp>();
  if (parent.isRankGeneric())
    return success();
  if (static_cast<uint64_t>(getDim()) >= parent.getNumLoops())
    return emitOpError("dimension ")
           << getDim() << " is outside the iteration space of "
           << parent.getNumLoops() << " dimensions";
  return success();
}

LogicalResult ApplyOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *callee =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'") << getCallee() << "' does not name a description";
  if (!isa<OperatorOp, OpaqueOp>(callee))
    return emitOpError("'")
           << getCallee() << "' is not a tdl.operator or tdl.opaque";
  unsigned numInputs = isa<OperatorOp>(callee)
                           ? cast<OperatorOp>(callee).getInputs().size()
                           : cast<OpaqueOp>(callee).getInputs().size();
  if (getOperands().size() != numInputs)
    return emitOpError("passes ")
           << getOperands().size() << " operands to '" << getCallee()
           << "', which has " << numInputs << " inputs";
  return success();
}
