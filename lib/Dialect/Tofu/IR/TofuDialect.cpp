//===- TofuDialect.cpp - The Tofu dialect and its one verifier ------------===//
//
// Every tofu.* attribute is checked here, once, where it is attached: its
// value's kind, and the plan's attributes against the plan on the nearest
// enclosing op (one entry per level, split dimensions within the value's
// rank, one layout per result). The passes and tofu-run rely on it instead
// of checking plans by hand.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <limits>

using namespace mlir;
using namespace mlir::tofu;

#include "Tofu/Dialect/Tofu/IR/TofuDialect.cpp.inc"

ArrayRef<StringLiteral> TofuDialect::getAttributeNames() {
  static constexpr StringLiteral names[] = {
      kPartitionAttrName, kStrategyAttrName,    kLayoutsAttrName,
      kLayoutAttrName,    kGlobalShapeAttrName, kNameAttrName,
      kParamAttrName,     kLrAttrName,          kStepAttrName,
      kFwdAttrName,       kGradOfAttrName,      kUpdateOfAttrName,
      kFusionAttrName,    kBatchDimAttrName,    kStateAttrName};
  return names;
}

bool mlir::tofu::isBatchArgument(FunctionOpInterface func, unsigned index) {
  auto type = dyn_cast<RankedTensorType>(func.getArgumentTypes()[index]);
  return type && type.getRank() > 0 &&
         !func.getArgAttr(index, kParamAttrName) &&
         !func.getArgAttr(index, kStateAttrName);
}

PlanAttr mlir::tofu::getEnclosingPlan(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto plan = p->getAttrOfType<PlanAttr>(kPartitionAttrName))
      return plan;
  return {};
}

LayoutAttr mlir::tofu::getResultLayout(Operation *op, unsigned result) {
  auto layouts = op->getAttrOfType<ArrayAttr>(kLayoutsAttrName);
  if (!layouts || result >= layouts.size())
    return {};
  return dyn_cast<LayoutAttr>(layouts[result]);
}

void mlir::tofu::dropPlan(Operation *root) {
  root->walk([](Operation *op) {
    for (StringLiteral name :
         {kPartitionAttrName, kStrategyAttrName, kLayoutsAttrName})
      op->removeAttr(name);
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return;
    // tofu.global_shape too: padded shards carry it, and it names the
    // shape of a tensor the lowered (pointer) arguments no longer have.
    for (StringLiteral name : {kLayoutAttrName, kGlobalShapeAttrName}) {
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        func.removeArgAttr(i, name);
      for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
        func.removeResultAttr(i, StringAttr::get(op->getContext(), name));
    }
  });
}

//===----------------------------------------------------------------------===//
// The verifier
//===----------------------------------------------------------------------===//

namespace {

/// Where an attribute is attached.
enum class Site { Op, Argument, Result };

/// The rank of a value of type `type` (0 for scalars and unranked types).
int64_t rankOf(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && shaped.hasRank() ? shaped.getRank() : 0;
}

/// Checks the value's kind of a naming attribute; `what` prefixes errors.
LogicalResult verifyNaming(Operation *op, StringRef name, Attribute value,
                           const Twine &what) {
  auto expect = [&](bool ok, StringRef kind) -> LogicalResult {
    if (ok)
      return success();
    return op->emitOpError()
           << what << name << " must be " << kind << ", got " << value;
  };
  if (name == kNameAttrName || name == kFwdAttrName ||
      name == kGradOfAttrName || name == kUpdateOfAttrName)
    return expect(isa<StringAttr>(value), "a string");
  if (name == kParamAttrName || name == kLrAttrName || name == kStateAttrName)
    return expect(isa<UnitAttr>(value), "a unit attribute");
  if (name == kStepAttrName)
    return expect(isa<IntegerAttr>(value), "an integer");
  if (name == kFusionAttrName)
    return expect(isa<DictionaryAttr>(value), "a dictionary");
  std::string known;
  for (StringLiteral n : TofuDialect::getAttributeNames())
    known += (known.empty() ? "" : ", ") + n.str();
  return op->emitOpError() << what << "unknown attribute '" << name
                           << "'; the Tofu dialect defines " << known;
}

/// Checks a layout attached at `what` to a value of `type` against the plan
/// enclosing `op`.
LogicalResult verifyLayout(Operation *op, Attribute value, Type type,
                           const Twine &what, StringRef attrName) {
  auto layout = dyn_cast<LayoutAttr>(value);
  if (!layout)
    return op->emitOpError() << what << ": " << attrName
                             << " must be a #tofu.layout, got " << value;
  PlanAttr plan = getEnclosingPlan(op);
  if (!plan)
    return op->emitOpError()
           << what << " has a " << attrName << " but no enclosing op has a "
           << kPartitionAttrName << " plan";
  // No type: only the levels are checked.
  int64_t rank = type ? rankOf(type) : std::numeric_limits<int64_t>::max();
  std::string why = layout.check(rank, plan.getNumLevels());
  if (!why.empty())
    return op->emitOpError() << what << ": " << attrName << " " << why;
  return success();
}

LogicalResult verifyStrategy(Operation *op, Attribute value) {
  auto strategy = dyn_cast<StrategyAttr>(value);
  if (!strategy)
    return op->emitOpError()
           << kStrategyAttrName << " must be a #tofu.strategy, got " << value;
  PlanAttr plan = getEnclosingPlan(op);
  if (!plan)
    return op->emitOpError()
           << "has a " << kStrategyAttrName << " but no enclosing op has a "
           << kPartitionAttrName << " plan";
  if (strategy.getNumLevels() != plan.getNumLevels())
    return op->emitOpError()
           << kStrategyAttrName << " has " << strategy.getNumLevels()
           << " entries for a plan of " << plan.getNumLevels() << " levels";
  return success();
}

LogicalResult verifyLayouts(Operation *op, Attribute value) {
  auto layouts = dyn_cast<ArrayAttr>(value);
  if (!layouts)
    return op->emitOpError()
           << kLayoutsAttrName << " must be an array of #tofu.layout, got "
           << value;
  // A bufferized op has no results; its layouts are those of the buffers it
  // writes, whose ranks are not checked here.
  bool bufferized = op->getNumResults() == 0;
  if (!bufferized && layouts.size() != op->getNumResults())
    return op->emitOpError()
           << kLayoutsAttrName << " has " << layouts.size() << " layouts for "
           << op->getNumResults() << " results";
  for (auto [i, layout] : llvm::enumerate(layouts.getValue())) {
    Type type = bufferized ? Type() : op->getResult(i).getType();
    if (failed(verifyLayout(op, layout, type, "result " + Twine(i),
                            kLayoutsAttrName)))
      return failure();
  }
  return success();
}

/// The argument or result attribute checks.
LogicalResult verifyValueAttribute(Operation *op, Site site, unsigned index,
                                   Type type, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  std::string what = (site == Site::Argument ? "argument " : "result ") +
                     std::to_string(index);
  if (name == kLayoutAttrName)
    return verifyLayout(op, attr.getValue(), type, what, name);
  if (name == kGlobalShapeAttrName) {
    auto shape = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!shape)
      return op->emitOpError()
             << what << ": " << name << " must be array<i64: ...>, got "
             << attr.getValue();
    if (static_cast<int64_t>(shape.size()) != rankOf(type))
      return op->emitOpError()
             << what << ": " << name << " has " << shape.size()
             << " dimensions for a rank-" << rankOf(type) << " value";
    return success();
  }
  if (name == kBatchDimAttrName) {
    auto dim = dyn_cast<IntegerAttr>(attr.getValue());
    // Lowered arguments (LLVM pointers) have no rank to check against.
    bool shaped = isa<ShapedType>(type);
    if (site != Site::Argument || !dim || dim.getInt() < 0 ||
        (shaped && dim.getInt() >= rankOf(type)))
      return op->emitOpError()
             << what << ": " << name
             << " must be an integer below the argument's rank " << rankOf(type)
             << ", got " << attr.getValue();
    return success();
  }
  if (name == kPartitionAttrName || name == kStrategyAttrName ||
      name == kLayoutsAttrName)
    return op->emitOpError()
           << what << ": " << name << " is an attribute of ops, not of values";
  return verifyNaming(op, name, attr.getValue(), what + ": ");
}

/// The type of argument `index` of region `region` of `op`.
Type argumentType(Operation *op, unsigned region, unsigned index) {
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    return func.getArgumentTypes()[index];
  Region &r = op->getRegion(region);
  return r.empty() ? Type() : r.getArgument(index).getType();
}

} // namespace

LogicalResult TofuDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kPartitionAttrName) {
    if (!isa<PlanAttr>(attr.getValue()))
      return op->emitOpError()
             << name << " must be a #tofu.plan, got " << attr.getValue();
    return success();
  }
  if (name == kStrategyAttrName)
    return verifyStrategy(op, attr.getValue());
  if (name == kLayoutsAttrName)
    return verifyLayouts(op, attr.getValue());
  if (name == kLayoutAttrName || name == kGlobalShapeAttrName)
    return op->emitOpError() << name
                             << " is an attribute of function arguments and "
                                "results (ops carry tofu.layouts)";
  return verifyNaming(op, name, attr.getValue(), "");
}

LogicalResult TofuDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  return verifyValueAttribute(op, Site::Argument, argIndex,
                              argumentType(op, regionIndex, argIndex), attr);
}

LogicalResult TofuDialect::verifyRegionResultAttribute(Operation *op,
                                                       unsigned regionIndex,
                                                       unsigned resultIndex,
                                                       NamedAttribute attr) {
  Type type;
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    type = func.getResultTypes()[resultIndex];
  return verifyValueAttribute(op, Site::Result, resultIndex, type, attr);
}
