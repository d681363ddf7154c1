//===- ParamRef.cpp - TDL parameter references ----------------------------===//

#include "Tofu/Dialect/TDL/IR/ParamRef.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tdl;

/// Parses `K*i+C`, `i`, `i-C`, `C`, `K*i`.
static bool parseIndex(StringRef text, int64_t &scale, int64_t &offset) {
  text = text.trim();
  scale = 0;
  offset = 0;
  size_t ipos = text.find('i');
  if (ipos == StringRef::npos)
    return !text.getAsInteger(10, offset);
  StringRef before = text.take_front(ipos).trim();
  StringRef after = text.drop_front(ipos + 1).trim();
  if (before.empty()) {
    scale = 1;
  } else {
    if (!before.consume_back("*"))
      return false;
    if (before.trim().getAsInteger(10, scale))
      return false;
  }
  if (after.empty())
    return true;
  bool negative = after.front() == '-';
  if (after.front() != '+' && !negative)
    return false;
  if (after.drop_front().trim().getAsInteger(10, offset))
    return false;
  if (negative)
    offset = -offset;
  return true;
}

FailureOr<ParamRef> ParamRef::parse(StringRef text, std::string &error) {
  ParamRef ref;
  StringRef rest = text;
  StringRef body = rest;
  if (size_t open = rest.find('['); open != StringRef::npos) {
    if (!rest.ends_with("]")) {
      error = "expected ']' at the end";
      return failure();
    }
    body = rest.take_front(open);
    StringRef idx = rest.slice(open + 1, rest.size() - 1);
    if (!parseIndex(idx, ref.indexScale, ref.indexOffset)) {
      error = ("bad index '" + idx + "'; expected an integer or K*i+C").str();
      return failure();
    }
    ref.hasIndex = true;
  }
  if (body.consume_front("attr.")) {
    if (body.empty()) {
      error = "missing attribute name";
      return failure();
    }
    ref.source = Source::Attr;
    ref.name = body.str();
    return ref;
  }
  if (body.consume_front("operand.")) {
    if (body.getAsInteger(10, ref.index)) {
      error = "expected an operand number after 'operand.'";
      return failure();
    }
    ref.source = Source::Operand;
    return ref;
  }
  if (body == "out.shape") {
    if (!ref.hasIndex) {
      error = "a shape reference needs an index";
      return failure();
    }
    ref.source = Source::OutputShape;
    return ref;
  }
  if (body.consume_front("in.") && body.consume_back(".shape")) {
    if (body.getAsInteger(10, ref.index)) {
      error = "expected an input number in 'in.N.shape'";
      return failure();
    }
    if (!ref.hasIndex) {
      error = "a shape reference needs an index";
      return failure();
    }
    ref.source = Source::InputShape;
    return ref;
  }
  error = "expected 'attr.', 'operand.', 'in.N.shape' or 'out.shape'";
  return failure();
}

/// The integers `attr` holds; fails with `error` (completing "<what> ...")
/// when it is not an integer or integer list, or holds an integer wider than
/// 64 bits (e.g. an i128 constant), which a description cannot use.
static FailureOr<SmallVector<int64_t>>
toIntList(Attribute attr, const std::string &what, std::string &error) {
  SmallVector<int64_t> values;
  auto push = [&](const APInt &v) {
    if (v.getSignificantBits() > 64)
      return false;
    values.push_back(v.getSExtValue());
    return true;
  };
  auto tooWide = [&]() -> FailureOr<SmallVector<int64_t>> {
    error = what + " holds an integer that does not fit in 64 bits";
    return failure();
  };
  if (auto a = dyn_cast<DenseI64ArrayAttr>(attr))
    return SmallVector<int64_t>(a.asArrayRef());
  if (auto a = dyn_cast<DenseI32ArrayAttr>(attr)) {
    for (int32_t v : a.asArrayRef())
      values.push_back(v);
    return values;
  }
  if (auto a = dyn_cast<IntegerAttr>(attr)) {
    if (!push(a.getValue()))
      return tooWide();
    return values;
  }
  if (auto a = dyn_cast<DenseIntElementsAttr>(attr)) {
    for (const APInt &v : a.getValues<APInt>())
      if (!push(v))
        return tooWide();
    return values;
  }
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    bool allIntegers =
        llvm::all_of(a, [](Attribute e) { return isa<IntegerAttr>(e); });
    if (allIntegers) {
      for (Attribute e : a)
        if (!push(cast<IntegerAttr>(e).getValue()))
          return tooWide();
      return values;
    }
  }
  error = what + " is not an integer or integer list";
  return failure();
}

SmallVector<std::pair<StringRef, SmallVector<OpFoldResult>>>
mlir::tdl::mixedBoundLists(Operation *op) {
  if (auto sliced = dyn_cast<OffsetSizeAndStrideOpInterface>(op))
    return {{"static_offsets", sliced.getMixedOffsets()},
            {"static_sizes", sliced.getMixedSizes()},
            {"static_strides", sliced.getMixedStrides()}};
  if (auto pad = dyn_cast<tensor::PadOp>(op))
    return {{"static_low", pad.getMixedLowPad()},
            {"static_high", pad.getMixedHighPad()}};
  return {};
}

bool mlir::tdl::hasRunTimeBounds(Operation *op) {
  return llvm::any_of(mixedBoundLists(op), [](const auto &list) {
    return llvm::any_of(list.second, [](OpFoldResult v) {
      return !getConstantIntValue(v).has_value();
    });
  });
}

/// The entries of a mixed static/dynamic list attribute, the SSA values in
/// place of its kDynamic entries; empty for other attributes.
static SmallVector<OpFoldResult> mixedValues(Operation *op, StringRef name) {
  for (auto &[attr, values] : mixedBoundLists(op))
    if (attr == name)
      return values;
  return {};
}

bool mlir::tdl::isNonConstantParam(Operation *op, StringRef text) {
  std::string error;
  FailureOr<ParamRef> ref = ParamRef::parse(text, error);
  if (failed(ref) || ref->source != ParamRef::Source::Attr)
    return false;
  Attribute attr = op->getAttr(ref->name);
  if (!attr)
    return false;
  FailureOr<SmallVector<int64_t>> values =
      toIntList(attr, "attribute '" + ref->name + "'", error);
  return succeeded(values) &&
         llvm::is_contained(*values, ShapedType::kDynamic) &&
         failed(ref->evaluateList(op, error));
}

FailureOr<SmallVector<int64_t>>
ParamRef::evaluateList(Operation *op, std::string &error) const {
  auto shapeOf = [&](Type t) -> FailureOr<SmallVector<int64_t>> {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || !shaped.hasStaticShape()) {
      error = "the referenced value has no static shape";
      return failure();
    }
    return SmallVector<int64_t>(shaped.getShape());
  };
  switch (source) {
  case Source::Attr: {
    Attribute attr = op->getAttr(name);
    if (!attr) {
      error = "the op has no attribute '" + name + "'";
      return failure();
    }
    FailureOr<SmallVector<int64_t>> values =
        toIntList(attr, "attribute '" + name + "'", error);
    if (failed(values) || !llvm::is_contained(*values, ShapedType::kDynamic))
      return values;
    // Ops with mixed static and dynamic lists (tensor.pad's static_low, the
    // slices' static_offsets) hold ShapedType::kDynamic where an SSA value
    // gives the entry. A constant one is its value (the materializer reads
    // the same); any other is no number a description may compute with.
    SmallVector<OpFoldResult> mixed = mixedValues(op, name);
    for (auto [i, v] : llvm::enumerate(*values)) {
      if (v != ShapedType::kDynamic)
        continue;
      std::optional<int64_t> c;
      if (i < mixed.size())
        c = getConstantIntValue(mixed[i]);
      if (!c) {
        error = "entry " + std::to_string(i) + " of attribute '" + name +
                "' is given by an operand that is not a constant";
        return failure();
      }
      v = *c;
    }
    return values;
  }
  case Source::Operand: {
    if (index >= op->getNumOperands()) {
      error = "the op has no operand #" + std::to_string(index);
      return failure();
    }
    Attribute attr;
    if (!matchPattern(op->getOperand(index), m_Constant(&attr))) {
      error = "operand #" + std::to_string(index) + " is not a constant";
      return failure();
    }
    return toIntList(attr, "operand #" + std::to_string(index), error);
  }
  case Source::InputShape:
    if (index >= op->getNumOperands()) {
      error = "the op has no operand #" + std::to_string(index);
      return failure();
    }
    return shapeOf(op->getOperand(index).getType());
  case Source::OutputShape:
    if (op->getNumResults() == 0) {
      error = "the op has no result";
      return failure();
    }
    return shapeOf(op->getResult(0).getType());
  }
  llvm_unreachable("unknown parameter source");
}

FailureOr<int64_t> ParamRef::evaluate(Operation *op, int64_t position,
                                      std::string &error) const {
  FailureOr<SmallVector<int64_t>> list = evaluateList(op, error);
  if (failed(list))
    return failure();
  int64_t idx = hasIndex ? indexScale * position + indexOffset : 0;
  if (!hasIndex && list->size() != 1) {
    error = "the referenced value has " + std::to_string(list->size()) +
            " elements; add an index";
    return failure();
  }
  if (idx < 0 || idx >= static_cast<int64_t>(list->size())) {
    error = "index " + std::to_string(idx) + " is outside the " +
            std::to_string(list->size()) + " referenced values";
    return failure();
  }
  return (*list)[idx];
}

FailureOr<int64_t> mlir::tdl::evaluateParam(Operation *op, StringRef text,
                                            int64_t position,
                                            StringRef description) {
  std::string error;
  FailureOr<ParamRef> ref = ParamRef::parse(text, error);
  if (succeeded(ref)) {
    FailureOr<int64_t> v = ref->evaluate(op, position, error);
    if (succeeded(v))
      return v;
  }
  op->emitOpError("cannot instantiate the description of '")
      << description << "': parameter '" << text << "': " << error;
  return failure();
}
