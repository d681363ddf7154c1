//===- StableHLOOps.cpp - StableHLO subset operations ---------------------===//
//
// Custom syntax (the forms JAX prints) and verifiers. Verifiers check what
// the conversion to linalg relies on: shapes, dimension numbers in range,
// reducer signatures.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::stablehlo_subset {
ParseResult parseConvDimensionsBody(AsmParser &parser,
                                    ConvDimensionNumbersAttr &attr);
void printConvDimensionsBody(AsmPrinter &printer,
                             ConvDimensionNumbersAttr attr);
} // namespace mlir::stablehlo_subset

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `: T` (every operand and the result have type T) or `: (A, B) -> R`.
static ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                                      ArrayRef<Type *> types) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != types.size() - 1 ||
        fnType.getNumResults() != 1)
      return parser.emitError(loc) << "expected " << types.size() - 1
                                   << " operand types and 1 result type";
    for (auto [i, t] : llvm::enumerate(fnType.getInputs()))
      *types[i] = t;
    *types.back() = fnType.getResult(0);
    return success();
  }
  for (Type *t : types)
    *t = type;
  return success();
}

static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                                  Type &operand, Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&operand, &result});
}
static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                                  Type &lhs, Type &rhs,
                                                  Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&lhs, &rhs, &result});
}

static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &a,
                                                  Type &b, Type &c,
                                                  Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&a, &b, &c, &result});
}

static void printSameOperandsAndResultTypeImpl(OpAsmPrinter &p,
                                               ArrayRef<Type> operands,
                                               Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    p << result;
    return;
  }
  p.printFunctionalType(operands, ArrayRef<Type>{result});
}
static void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *,
                                           Type operand, Type result) {
  printSameOperandsAndResultTypeImpl(p, {operand}, result);
}
static void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *,
                                           Type lhs, Type rhs, Type result) {
  printSameOperandsAndResultTypeImpl(p, {lhs, rhs}, result);
}

static void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *, Type a,
                                           Type b, Type c, Type result) {
  printSameOperandsAndResultTypeImpl(p, {a, b, c}, result);
}

/// `tensor<..xi1>, tensor<..>` or `(P, T, F) -> R`.
/// custom_call's target as StableHLO prints it: `@Sharding`.
static ParseResult parseCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

static void printCallTarget(OpAsmPrinter &p, Operation *, StringAttr target) {
  p.printSymbolName(target.getValue());
}

static ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred,
                                     Type &onTrue, Type &onFalse,
                                     Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(first)) {
    if (fnType.getNumInputs() != 3 || fnType.getNumResults() != 1)
      return parser.emitError(loc) << "expected 3 operand types and 1 result";
    pred = fnType.getInput(0);
    onTrue = fnType.getInput(1);
    onFalse = fnType.getInput(2);
    result = fnType.getResult(0);
    return success();
  }
  Type value;
  if (parser.parseComma() || parser.parseType(value))
    return failure();
  pred = first;
  onTrue = onFalse = result = value;
  return success();
}

static void printSelectOpType(OpAsmPrinter &p, Operation *, Type pred,
                              Type onTrue, Type onFalse, Type result) {
  if (onTrue == onFalse && onTrue == result) {
    p << pred << ", " << result;
    return;
  }
  p.printFunctionalType(ArrayRef<Type>{pred, onTrue, onFalse},
                        ArrayRef<Type>{result});
}

/// `[1:3, 0:8:2]`.
static ParseResult parseSliceRanges(OpAsmParser &parser,
                                    DenseI64ArrayAttr &start,
                                    DenseI64ArrayAttr &limit,
                                    DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> s, l, st;
  auto parseOne = [&]() -> ParseResult {
    int64_t a, b, c = 1;
    if (parser.parseInteger(a) || parser.parseColon() || parser.parseInteger(b))
      return failure();
    if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(c))
      return failure();
    s.push_back(a);
    l.push_back(b);
    st.push_back(c);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  MLIRContext *ctx = parser.getContext();
  start = DenseI64ArrayAttr::get(ctx, s);
  limit = DenseI64ArrayAttr::get(ctx, l);
  strides = DenseI64ArrayAttr::get(ctx, st);
  return success();
}

static void printSliceRanges(OpAsmPrinter &p, Operation *,
                             DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                             DenseI64ArrayAttr strides) {
  p << "[";
  for (size_t i = 0, e = start.size(); i < e; ++i) {
    if (i)
      p << ", ";
    p << start[i] << ':' << (i < limit.size() ? limit[i] : 0);
    if (i < strides.size() && strides[i] != 1)
      p << ':' << strides[i];
  }
  p << ']';
}

/// `%a, %b, ` (the operands of concatenate, with the comma before `dim`).
static ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  do {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult result = parser.parseOptionalOperand(operand);
    if (!result.has_value())
      return success();
    if (failed(*result))
      return failure();
    operands.push_back(operand);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.emitError(parser.getCurrentLocation(),
                          "expected ',' before the attribute");
}

static void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *,
                                              OperandRange operands) {
  for (Value v : operands)
    p << v << ", ";
}

static ParseResult parseConvDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &attr) {
  return parseConvDimensionsBody(parser, attr);
}
static void printConvDimensions(OpAsmPrinter &p, Operation *,
                                ConvDimensionNumbersAttr attr) {
  printConvDimensionsBody(p, attr);
}

static ParseResult parseI64List(AsmParser &parser,
                                SmallVectorImpl<int64_t> &v) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    return parser.parseInteger(v.emplace_back());
  });
}

/// `{stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..],
///   reverse = [false, ..]}`, every entry optional.
static ParseResult parseWindowAttributes(OpAsmParser &parser,
                                         DenseI64ArrayAttr &strides,
                                         DenseIntElementsAttr &padding,
                                         DenseI64ArrayAttr &lhsDilation,
                                         DenseI64ArrayAttr &rhsDilation,
                                         DenseBoolArrayAttr &reversal) {
  MLIRContext *ctx = parser.getContext();
  llvm::SmallSet<StringRef, 8> seen;
  auto parseEntry = [&]() -> ParseResult {
    StringRef key;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(loc)
             << "window attribute '" << key << "' appears twice";
    if (key == "stride" || key == "lhs_dilate" || key == "rhs_dilate") {
      SmallVector<int64_t> v;
      if (parseI64List(parser, v))
        return failure();
      auto attr = DenseI64ArrayAttr::get(ctx, v);
      (key == "stride"       ? strides
       : key == "lhs_dilate" ? lhsDilation
                             : rhsDilation) = attr;
      return success();
    }
    if (key == "pad") {
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                SMLoc pairLoc = parser.getCurrentLocation();
                if (parseI64List(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(pairLoc)
                         << "expected [low, high] padding pairs";
                flat.append(pair);
                ++rows;
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, IntegerType::get(ctx, 64));
      padding = DenseIntElementsAttr::get(type, flat);
      return success();
    }
    if (key == "reverse") {
      SmallVector<bool> v;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true")))
                  v.push_back(true);
                else if (succeeded(parser.parseOptionalKeyword("false")))
                  v.push_back(false);
                else {
                  int64_t i;
                  if (parser.parseInteger(i))
                    return failure();
                  v.push_back(i != 0);
                }
                return success();
              }))
        return failure();
      reversal = DenseBoolArrayAttr::get(ctx, v);
      return success();
    }
    return parser.emitError(loc) << "unknown window attribute '" << key << "'";
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces,
                                        parseEntry);
}

static void printWindowAttributes(OpAsmPrinter &p, Operation *,
                                  DenseI64ArrayAttr strides,
                                  DenseIntElementsAttr padding,
                                  DenseI64ArrayAttr lhsDilation,
                                  DenseI64ArrayAttr rhsDilation,
                                  DenseBoolArrayAttr reversal) {
  SmallVector<std::string> entries;
  auto list = [](ArrayRef<int64_t> v) {
    std::string s = "[";
    llvm::raw_string_ostream os(s);
    llvm::interleaveComma(v, os);
    os << ']';
    return s;
  };
  if (strides)
    entries.push_back("stride = " + list(strides.asArrayRef()));
  if (padding) {
    SmallVector<int64_t> v(padding.getValues<int64_t>());
    std::string s = "pad = [";
    for (size_t i = 0; i + 1 < v.size(); i += 2)
      s += (i ? ", [" : "[") + std::to_string(v[i]) + ", " +
           std::to_string(v[i + 1]) + "]";
    entries.push_back(s + "]");
  }
  if (lhsDilation)
    entries.push_back("lhs_dilate = " + list(lhsDilation.asArrayRef()));
  if (rhsDilation)
    entries.push_back("rhs_dilate = " + list(rhsDilation.asArrayRef()));
  if (reversal) {
    std::string s = "reverse = [";
    for (auto [i, b] : llvm::enumerate(reversal.asArrayRef()))
      s += std::string(i ? ", " : "") + (b ? "true" : "false");
    entries.push_back(s + "]");
  }
  p << '{';
  llvm::interleaveComma(entries, p);
  p << '}';
}

#define GET_OP_CLASSES
#include "Tofu/Dialect/StableHLO/IR/StableHLOOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers for verifiers
//===----------------------------------------------------------------------===//

static RankedTensorType rankedType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// Checks that `dims` are distinct and in [0, rank).
static LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims,
                               int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError()
             << what << " " << d << " out of range [0, " << rank << ")";
    if (!seen.insert(d).second)
      return op->emitOpError() << what << " " << d << " appears twice";
  }
  return success();
}

static bool compatibleDims(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

/// Checks a reducer region: `2 * n` scalar tensor arguments (accumulators,
/// then elements) of the init types, ended by `stablehlo.return` of `n`
/// values of those types (`resultElem`: i1 for select regions).
static LogicalResult checkReducer(Operation *op, Region &region,
                                  TypeRange scalarTypes, StringRef name,
                                  TypeRange returnTypes) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 * scalarTypes.size())
    return op->emitOpError() << name << " must take " << 2 * scalarTypes.size()
                             << " arguments, got " << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != scalarTypes[i % scalarTypes.size()])
      return op->emitOpError()
             << name << " argument " << i << " has type " << arg.getType()
             << ", expected " << scalarTypes[i % scalarTypes.size()];
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret)
    return op->emitOpError() << name << " must end with stablehlo.return";
  if (TypeRange(ret.getResults().getTypes()) != returnTypes)
    return op->emitOpError() << name << " must return " << returnTypes.size()
                             << " value(s) of type(s) " << returnTypes;
  return success();
}

/// The padding attribute, as (low, high) pairs; fails unless it is rank x 2.
static FailureOr<SmallVector<std::pair<int64_t, int64_t>>>
paddingPairs(Operation *op, std::optional<DenseIntElementsAttr> padding,
             int64_t rank) {
  SmallVector<std::pair<int64_t, int64_t>> pairs(rank, {0, 0});
  if (!padding)
    return pairs;
  auto type = padding->getType();
  if (type.getRank() != 2 || type.getDimSize(0) != rank ||
      type.getDimSize(1) != 2)
    return op->emitOpError()
           << "padding must have shape " << rank << "x2, got " << type;
  SmallVector<int64_t> v(padding->getValues<int64_t>());
  for (int64_t i = 0; i < rank; ++i)
    pairs[i] = {v[2 * i], v[2 * i + 1]};
  return pairs;
}

static LogicalResult checkSize(Operation *op,
                               std::optional<ArrayRef<int64_t>> v, size_t size,
                               StringRef name) {
  if (v && v->size() != size)
    return op->emitOpError()
           << name << " must have " << size << " entries, got " << v->size();
  return success();
}

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

LogicalResult CompareOp::verify() {
  auto type = getCompareType();
  if (!type)
    return success();
  Type elem = rankedType(getLhs()).getElementType();
  bool isFloat = isa<FloatType>(elem);
  if ((*type == ComparisonType::FLOAT || *type == ComparisonType::TOTALORDER) &&
      !isFloat)
    return emitOpError() << "compare type " << stringifyComparisonType(*type)
                         << " needs float operands, got " << elem;
  if ((*type == ComparisonType::SIGNED || *type == ComparisonType::UNSIGNED) &&
      isFloat)
    return emitOpError() << "compare type " << stringifyComparisonType(*type)
                         << " needs integer operands, got " << elem;
  return success();
}

LogicalResult BitcastConvertOp::verify() {
  Type from = rankedType(getOperand()).getElementType();
  Type to = rankedType(getResult()).getElementType();
  if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError() << "from " << from << " to " << to
                         << " changes the bit width; the subset reinterprets "
                            "only between types of one width";
  return success();
}

LogicalResult SelectOp::verify() {
  auto pred = rankedType(getPred());
  auto onTrue = rankedType(getOnTrue());
  if (getOnTrue().getType() != getOnFalse().getType() ||
      getOnTrue().getType() != getResult().getType())
    return emitOpError("on_true, on_false and the result must have one type");
  if (pred.getRank() != 0 &&
      (pred.getRank() != onTrue.getRank() ||
       !llvm::all_of(llvm::zip(pred.getShape(), onTrue.getShape()), [](auto p) {
         return compatibleDims(std::get<0>(p), std::get<1>(p));
       })))
    return emitOpError() << "pred must be a scalar or have the shape of the "
                            "operands, got "
                         << pred;
  return success();
}

//===----------------------------------------------------------------------===//
// Constant, iota
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  Attribute value;
  if (parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(loc, "expected a dense elements attribute");
  result.addAttribute("value", elements);
  result.addTypes(elements.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  p << ' ';
  p.printAttribute(getValue());
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

// JAX's text names constants %cst (float) and %c (integer); so do we.
void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  Type elem = cast<ShapedType>(getType()).getElementType();
  setNameFn(getResult(), isa<FloatType>(elem) ? "cst" : "c");
}

LogicalResult IotaOp::verify() {
  int64_t rank = rankedType(getOutput()).getRank();
  if (getIotaDimension() < 0 || getIotaDimension() >= rank)
    return emitOpError() << "iota dimension " << getIotaDimension()
                         << " out of range [0, " << rank << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto in = rankedType(getOperand());
  auto out = rankedType(getResult());
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result element types differ");
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != in.getRank())
    return emitOpError() << "dims has " << dims.size()
                         << " entries, the operand has rank " << in.getRank();
  if (failed(checkDims(*this, dims, out.getRank(), "broadcast dimension")))
    return failure();
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t size = in.getDimSize(i);
    if (size != 1 && !compatibleDims(size, out.getDimSize(d)))
      return emitOpError() << "operand dimension " << i << " (size " << size
                           << ") cannot broadcast to result dimension " << d
                           << " (size " << out.getDimSize(d) << ")";
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = rankedType(getOperand());
  auto out = rankedType(getResult());
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result element types differ");
  if (in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError() << "cannot reshape " << in.getNumElements()
                         << " elements into " << out.getNumElements();
  return success();
}

LogicalResult TransposeOp::verify() {
  auto in = rankedType(getOperand());
  auto out = rankedType(getResult());
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result element types differ");
  ArrayRef<int64_t> perm = getPermutation();
  if (static_cast<int64_t>(perm.size()) != in.getRank() ||
      out.getRank() != in.getRank())
    return emitOpError() << "permutation must have " << in.getRank()
                         << " entries, like the operand and result ranks";
  if (failed(checkDims(*this, perm, in.getRank(), "permutation entry")))
    return failure();
  for (auto [i, p] : llvm::enumerate(perm))
    if (!compatibleDims(out.getDimSize(i), in.getDimSize(p)))
      return emitOpError() << "result dimension " << i << " must have size "
                           << in.getDimSize(p);
  return success();
}

LogicalResult SliceOp::verify() {
  auto in = rankedType(getOperand());
  auto out = rankedType(getResult());
  ArrayRef<int64_t> start = getStartIndices(), limit = getLimitIndices(),
                    strides = getStrides();
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result element types differ");
  if (static_cast<int64_t>(start.size()) != in.getRank() ||
      limit.size() != start.size() || strides.size() != start.size() ||
      out.getRank() != in.getRank())
    return emitOpError() << "expected " << in.getRank()
                         << " ranges, like the operand and result ranks";
  for (int64_t i = 0; i < in.getRank(); ++i) {
    int64_t dim = in.getDimSize(i);
    if (start[i] < 0 || limit[i] < start[i] ||
        (!ShapedType::isDynamic(dim) && limit[i] > dim))
      return emitOpError() << "range " << start[i] << ":" << limit[i]
                           << " of dimension " << i << " is out of bounds";
    if (strides[i] <= 0)
      return emitOpError() << "stride " << strides[i] << " of dimension " << i
                           << " must be positive";
    int64_t size = (limit[i] - start[i] + strides[i] - 1) / strides[i];
    if (!compatibleDims(out.getDimSize(i), size))
      return emitOpError() << "result dimension " << i << " must have size "
                           << size;
  }
  return success();
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto out = rankedType(getResult());
  int64_t dim = getDimension();
  if (dim < 0 || dim >= out.getRank())
    return emitOpError() << "dimension " << dim << " out of range [0, "
                         << out.getRank() << ")";
  int64_t total = 0;
  for (auto [k, v] : llvm::enumerate(getInputs())) {
    auto in = rankedType(v);
    if (in.getRank() != out.getRank() ||
        in.getElementType() != out.getElementType())
      return emitOpError() << "input " << k
                           << " must have the rank and element type of the "
                              "result";
    for (int64_t i = 0; i < out.getRank(); ++i)
      if (i != dim && !compatibleDims(in.getDimSize(i), out.getDimSize(i)))
        return emitOpError() << "input " << k << " dimension " << i
                             << " must have size " << out.getDimSize(i);
    if (ShapedType::isDynamic(in.getDimSize(dim)) || total < 0)
      total = -1;
    else
      total += in.getDimSize(dim);
  }
  if (total >= 0 && !compatibleDims(out.getDimSize(dim), total))
    return emitOpError() << "result dimension " << dim << " must have size "
                         << total;
  return success();
}

LogicalResult PadOp::verify() {
  auto in = rankedType(getOperand());
  auto out = rankedType(getResult());
  if (in.getElementType() != out.getElementType() ||
      rankedType(getPaddingValue()).getElementType() != in.getElementType())
    return emitOpError("operand, padding value and result element types "
                       "must match");
  ArrayRef<int64_t> low = getEdgePaddingLow(), high = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  if (static_cast<int64_t>(low.size()) != in.getRank() ||
      high.size() != low.size() || interior.size() != low.size() ||
      out.getRank() != in.getRank())
    return emitOpError() << "low, high and interior must have " << in.getRank()
                         << " entries, like the operand and result ranks";
  for (int64_t i = 0; i < in.getRank(); ++i) {
    if (interior[i] < 0)
      return emitOpError() << "interior padding of dimension " << i
                           << " must be non-negative";
    int64_t d = in.getDimSize(i);
    if (ShapedType::isDynamic(d))
      continue;
    int64_t size =
        low[i] + high[i] + d + std::max<int64_t>(d - 1, 0) * interior[i];
    if (size < 0)
      return emitOpError() << "dimension " << i << " would have negative size";
    if (!compatibleDims(out.getDimSize(i), size))
      return emitOpError() << "result dimension " << i << " must have size "
                           << size;
  }
  return success();
}

LogicalResult GatherOp::verify() {
  auto operand = rankedType(getOperand());
  auto indices = rankedType(getStartIndices());
  auto out = rankedType(getResult());
  GatherDimensionNumbersAttr dn = getDimensionNumbers();
  if (out.getElementType() != operand.getElementType())
    return emitOpError("operand and result element types differ");
  if (dn.getIndexVectorDim() < 0 || dn.getIndexVectorDim() > indices.getRank())
    return emitOpError() << "index_vector_dim " << dn.getIndexVectorDim()
                         << " out of range [0, " << indices.getRank() << "]";
  ArrayRef<int64_t> sizes = getSliceSizes();
  if (static_cast<int64_t>(sizes.size()) != operand.getRank())
    return emitOpError() << "slice_sizes must have " << operand.getRank()
                         << " entries";
  for (auto [i, s] : llvm::enumerate(sizes))
    if (s < 0 || (!operand.isDynamicDim(i) && s > operand.getDimSize(i)))
      return emitOpError() << "slice size " << s << " of dimension " << i
                           << " is out of bounds";
  if (failed(checkDims(*this, dn.getStartIndexMap(), operand.getRank(),
                       "start_index_map entry")) ||
      failed(checkDims(*this, dn.getCollapsedSliceDims(), operand.getRank(),
                       "collapsed_slice_dims entry")) ||
      failed(checkDims(*this, dn.getOperandBatchingDims(), operand.getRank(),
                       "operand_batching_dims entry")) ||
      failed(checkDims(*this, dn.getOffsetDims(), out.getRank(),
                       "offset_dims entry")))
    return failure();
  for (int64_t d : dn.getCollapsedSliceDims())
    if (sizes[d] > 1)
      return emitOpError() << "collapsed dimension " << d
                           << " must have slice size 0 or 1";
  int64_t indexComponents = dn.getIndexVectorDim() == indices.getRank()
                                ? 1
                                : indices.getDimSize(dn.getIndexVectorDim());
  if (!ShapedType::isDynamic(indexComponents) &&
      indexComponents != static_cast<int64_t>(dn.getStartIndexMap().size()))
    return emitOpError() << "start_index_map has "
                         << dn.getStartIndexMap().size()
                         << " entries, the index vector " << indexComponents;
  int64_t batchRank =
      indices.getRank() - (dn.getIndexVectorDim() == indices.getRank() ? 0 : 1);
  int64_t offsetRank = operand.getRank() -
                       static_cast<int64_t>(dn.getCollapsedSliceDims().size()) -
                       static_cast<int64_t>(dn.getOperandBatchingDims().size());
  if (static_cast<int64_t>(dn.getOffsetDims().size()) != offsetRank ||
      out.getRank() != batchRank + offsetRank)
    return emitOpError() << "result rank must be " << batchRank + offsetRank
                         << " (batch " << batchRank << " + offset "
                         << offsetRank << ")";
  // The result's shape: the offset dimensions (in increasing order) take the
  // slice sizes of the operand dimensions that are neither collapsed nor
  // batching, in order; the others the indices' dimensions but the index
  // vector's, in order. The conversion reads the slice along offset_dims
  // and relies on both.
  if (!llvm::is_sorted(dn.getOffsetDims()))
    return emitOpError("offset_dims must be sorted");
  SmallVector<int64_t> offsetSizes, batchSizes;
  for (int64_t i = 0; i < operand.getRank(); ++i)
    if (!llvm::is_contained(dn.getCollapsedSliceDims(), i) &&
        !llvm::is_contained(dn.getOperandBatchingDims(), i))
      offsetSizes.push_back(sizes[i]);
  for (int64_t i = 0; i < indices.getRank(); ++i)
    if (i != dn.getIndexVectorDim())
      batchSizes.push_back(indices.getDimSize(i));
  // offset_dims are distinct, offsetRank of them, and the result has
  // batchRank more dimensions (checked above): neither list runs out.
  for (int64_t d = 0, o = 0, b = 0; d < out.getRank(); ++d) {
    bool offset = llvm::is_contained(dn.getOffsetDims(), d);
    int64_t want = offset ? offsetSizes[o++] : batchSizes[b++];
    if (!compatibleDims(out.getDimSize(d), want))
      return emitOpError() << "result dimension " << d << " must have size "
                           << want
                           << (offset ? " (the slice size of its operand "
                                        "dimension)"
                                      : " (its batch dimension of the "
                                        "start indices)");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

ParseResult DotGeneralOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs))
    return failure();
  MLIRContext *ctx = parser.getContext();
  SmallVector<int64_t> lb, rb, lc, rc;
  ArrayAttr precision;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "batching_dims" || key == "contracting_dims") {
      auto &l = key == "batching_dims" ? lb : lc;
      auto &r = key == "batching_dims" ? rb : rc;
      if (parseI64List(parser, l) || parser.parseKeyword("x") ||
          parseI64List(parser, r))
        return failure();
      continue;
    }
    if (key == "precision") {
      SmallVector<Attribute> values;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                StringRef name;
                SMLoc nameLoc = parser.getCurrentLocation();
                if (parser.parseKeyword(&name))
                  return failure();
                auto p = symbolizePrecision(name);
                if (!p)
                  return parser.emitError(nameLoc)
                         << "unknown precision '" << name << "'";
                values.push_back(PrecisionAttr::get(ctx, *p));
                return success();
              }))
        return failure();
      precision = ArrayAttr::get(ctx, values);
      continue;
    }
    return parser.emitError(loc)
           << "unsupported dot_general attribute '" << key << "'";
  }
  auto getArr = [&](ArrayRef<int64_t> v) {
    return DenseI64ArrayAttr::get(ctx, v);
  };
  result.addAttribute("lhs_batching_dimensions", getArr(lb));
  result.addAttribute("rhs_batching_dimensions", getArr(rb));
  result.addAttribute("lhs_contracting_dimensions", getArr(lc));
  result.addAttribute("rhs_contracting_dimensions", getArr(rc));
  if (precision)
    result.addAttribute("precision_config", precision);
  FunctionType fnType;
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(fnType))
    return failure();
  if (fnType.getNumInputs() != 2 || fnType.getNumResults() != 1)
    return parser.emitError(typeLoc, "expected (lhs, rhs) -> result");
  if (parser.resolveOperands({lhs, rhs}, fnType.getInputs(), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  return success();
}

void DotGeneralOp::print(OpAsmPrinter &p) {
  p << ' ' << getLhs() << ", " << getRhs();
  auto list = [&](ArrayRef<int64_t> v) {
    p << '[';
    llvm::interleaveComma(v, p);
    p << ']';
  };
  if (!getLhsBatchingDimensions().empty() ||
      !getRhsBatchingDimensions().empty()) {
    p << ", batching_dims = ";
    list(getLhsBatchingDimensions());
    p << " x ";
    list(getRhsBatchingDimensions());
  }
  p << ", contracting_dims = ";
  list(getLhsContractingDimensions());
  p << " x ";
  list(getRhsContractingDimensions());
  if (auto precision = getPrecisionConfig()) {
    p << ", precision = [";
    llvm::interleaveComma(*precision, p, [&](Attribute a) {
      p << stringifyPrecision(cast<PrecisionAttr>(a).getValue());
    });
    p << ']';
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"lhs_batching_dimensions", "rhs_batching_dimensions",
                           "lhs_contracting_dimensions",
                           "rhs_contracting_dimensions", "precision_config"});
  p << " : ";
  p.printFunctionalType(*this);
}

LogicalResult DotGeneralOp::verify() {
  auto lhs = rankedType(getLhs());
  auto rhs = rankedType(getRhs());
  auto out = rankedType(getResult());
  ArrayRef<int64_t> lb = getLhsBatchingDimensions(),
                    rb = getRhsBatchingDimensions(),
                    lc = getLhsContractingDimensions(),
                    rc = getRhsContractingDimensions();
  if (lb.size() != rb.size())
    return emitOpError() << "lhs and rhs batching dimensions differ in number ("
                         << lb.size() << " vs " << rb.size() << ")";
  if (lc.size() != rc.size())
    return emitOpError()
           << "lhs and rhs contracting dimensions differ in number ("
           << lc.size() << " vs " << rc.size() << ")";
  SmallVector<int64_t> lAll(lb), rAll(rb);
  lAll.append(lc.begin(), lc.end());
  rAll.append(rc.begin(), rc.end());
  if (failed(checkDims(*this, lAll, lhs.getRank(), "lhs dimension")) ||
      failed(checkDims(*this, rAll, rhs.getRank(), "rhs dimension")))
    return failure();
  for (auto [l, r] : llvm::zip(lb, rb))
    if (!compatibleDims(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "batching dimension sizes differ: lhs " << l
                           << " has " << lhs.getDimSize(l) << ", rhs " << r
                           << " has " << rhs.getDimSize(r);
  for (auto [l, r] : llvm::zip(lc, rc))
    if (!compatibleDims(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "contracting dimension sizes differ: lhs " << l
                           << " has " << lhs.getDimSize(l) << ", rhs " << r
                           << " has " << rhs.getDimSize(r);
  if (auto precision = getPrecisionConfig())
    if (precision->size() != 0 && precision->size() != 2)
      return emitOpError("precision config must have 0 or 2 entries");
  SmallVector<int64_t> expected;
  for (int64_t d : lb)
    expected.push_back(lhs.getDimSize(d));
  for (int64_t i = 0; i < lhs.getRank(); ++i)
    if (!llvm::is_contained(lAll, i))
      expected.push_back(lhs.getDimSize(i));
  for (int64_t i = 0; i < rhs.getRank(); ++i)
    if (!llvm::is_contained(rAll, i))
      expected.push_back(rhs.getDimSize(i));
  if (static_cast<int64_t>(expected.size()) != out.getRank() ||
      !llvm::all_of(llvm::zip(expected, out.getShape()), [](auto p) {
        return compatibleDims(std::get<0>(p), std::get<1>(p));
      }))
    return emitOpError() << "result shape must be (batch, lhs free, rhs free) "
                            "dimensions, expected "
                         << RankedTensorType::get(expected,
                                                  out.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// convolution
//===----------------------------------------------------------------------===//

LogicalResult ConvolutionOp::verify() {
  auto lhs = rankedType(getLhs());
  auto rhs = rankedType(getRhs());
  auto out = rankedType(getResult());
  ConvDimensionNumbersAttr dn = getDimensionNumbers();
  size_t spatial = dn.getInputSpatialDimensions().size();
  if (dn.getKernelSpatialDimensions().size() != spatial ||
      dn.getOutputSpatialDimensions().size() != spatial)
    return emitOpError("input, kernel and output must have the same number "
                       "of spatial dimensions");
  int64_t rank = static_cast<int64_t>(spatial) + 2;
  if (lhs.getRank() != rank || rhs.getRank() != rank || out.getRank() != rank)
    return emitOpError() << "dim_numbers describe rank-" << rank
                         << " tensors; input, kernel and result ranks are "
                         << lhs.getRank() << ", " << rhs.getRank() << ", "
                         << out.getRank();
  if (failed(checkSize(*this, getWindowStrides(), spatial, "stride")) ||
      failed(checkSize(*this, getLhsDilation(), spatial, "lhs_dilate")) ||
      failed(checkSize(*this, getRhsDilation(), spatial, "rhs_dilate")))
    return failure();
  if (auto rev = getWindowReversal(); rev && rev->size() != spatial)
    return emitOpError() << "reverse must have " << spatial << " entries";
  auto pads = paddingPairs(*this, getPadding(), spatial);
  if (failed(pads))
    return failure();
  for (auto v : {getWindowStrides(), getLhsDilation(), getRhsDilation()})
    if (v && llvm::any_of(*v, [](int64_t x) { return x <= 0; }))
      return emitOpError("strides and dilations must be positive");
  int64_t fgc = getFeatureGroupCount(), bgc = getBatchGroupCount();
  int64_t inF = lhs.getDimSize(dn.getInputFeatureDimension());
  int64_t kI = rhs.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t kO = rhs.getDimSize(dn.getKernelOutputFeatureDimension());
  if (lhs.hasStaticShape() && rhs.hasStaticShape()) {
    if (inF != kI * fgc)
      return emitOpError() << "input feature size " << inF
                           << " must be kernel input feature size " << kI
                           << " times feature_group_count " << fgc;
    if (kO % bgc != 0 || kO % fgc != 0)
      return emitOpError() << "kernel output feature size " << kO
                           << " must be divisible by the group counts";
  }
  if (!lhs.hasStaticShape() || !rhs.hasStaticShape() || !out.hasStaticShape())
    return success();
  auto at = [](std::optional<ArrayRef<int64_t>> v, size_t i) -> int64_t {
    return v ? (*v)[i] : 1;
  };
  int64_t batch = lhs.getDimSize(dn.getInputBatchDimension()) / bgc;
  if (out.getDimSize(dn.getOutputBatchDimension()) != batch)
    return emitOpError() << "result batch dimension must have size " << batch;
  if (out.getDimSize(dn.getOutputFeatureDimension()) != kO)
    return emitOpError() << "result feature dimension must have size " << kO;
  for (size_t i = 0; i < spatial; ++i) {
    int64_t in = lhs.getDimSize(dn.getInputSpatialDimensions()[i]);
    int64_t k = rhs.getDimSize(dn.getKernelSpatialDimensions()[i]);
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * at(getLhsDilation(), i) + 1;
    int64_t dilatedK = k == 0 ? 0 : (k - 1) * at(getRhsDilation(), i) + 1;
    int64_t padded = dilatedIn + (*pads)[i].first + (*pads)[i].second;
    int64_t size = padded < dilatedK
                       ? 0
                       : (padded - dilatedK) / at(getWindowStrides(), i) + 1;
    if (out.getDimSize(dn.getOutputSpatialDimensions()[i]) != size)
      return emitOpError() << "result spatial dimension " << i
                           << " must have size " << size;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

static ParseResult parseReduceLike(OpAsmParser &parser, OperationState &result,
                                   StringRef opName) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  do {
    OpAsmParser::UnresolvedOperand in, init;
    if (parser.parseLParen() || parser.parseOperand(in) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(init) || parser.parseRParen())
      return failure();
    inputs.push_back(in);
    inits.push_back(init);
  } while (succeeded(parser.parseOptionalComma()));

  std::optional<OperationName> reducerName;
  SMLoc nameLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    reducerName = *name;
  }
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseI64List(parser, dims))
    return failure();
  result.addAttribute("dimensions",
                      DenseI64ArrayAttr::get(parser.getContext(), dims));
  FunctionType fnType;
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(fnType))
    return failure();
  size_t n = inputs.size();
  if (fnType.getNumInputs() != 2 * n || fnType.getNumResults() != n)
    return parser.emitError(typeLoc)
           << "expected " << 2 * n << " operand types and " << n
           << " result types";
  SmallVector<OpAsmParser::UnresolvedOperand> all(inputs);
  all.append(inits);
  if (parser.resolveOperands(all, fnType.getInputs(), typeLoc, result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  TypeRange initTypes = fnType.getInputs().drop_front(n);

  Region *body = result.addRegion();
  if (reducerName) {
    if (n != 1)
      return parser.emitError(nameLoc)
             << "the 'applies' form takes exactly one input";
    if (!reducerName->isRegistered() ||
        reducerName->getDialectNamespace() != "stablehlo")
      return parser.emitError(nameLoc)
             << "'" << reducerName->getStringRef()
             << "' is not a stablehlo operation of this dialect";
    Location loc = parser.getEncodedSourceLoc(nameLoc);
    OpBuilder b(parser.getContext());
    Block *block = new Block();
    body->push_back(block);
    block->addArguments({initTypes[0], initTypes[0]}, {loc, loc});
    b.setInsertionPointToStart(block);
    OperationState state(loc, *reducerName);
    state.addOperands(block->getArguments());
    state.addTypes(initTypes[0]);
    Operation *inner = b.create(state);
    ReturnOp::create(b, loc, inner->getResults());
    return success();
  }

  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> accs, elems;
  for (size_t i = 0; i < n; ++i) {
    OpAsmParser::Argument acc, elem;
    if (parser.parseLParen() || parser.parseArgument(acc, /*allowType=*/true) ||
        parser.parseComma() || parser.parseArgument(elem, /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
    accs.push_back(acc);
    elems.push_back(elem);
  }
  SmallVector<OpAsmParser::Argument> args(accs);
  args.append(elems);
  (void)opName;
  return parser.parseRegion(*body, args);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseReduceLike(parser, result, getOperationName());
}

/// The op of a reducer `{ %r = op %acc, %x; return %r }`, if it has that
/// shape (so the short `applies` form can be printed).
static Operation *singleOpReducer(Region &body) {
  Block &block = body.front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getResults().size() != 1 ||
      ret.getResults()[0].getDefiningOp() != &inner)
    return nullptr;
  if (inner.getDialect() == nullptr ||
      inner.getDialect()->getNamespace() != "stablehlo" ||
      inner.getNumOperands() != 2 || inner.getNumResults() != 1 ||
      inner.getNumRegions() != 0 || !inner.getAttrs().empty() ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      inner.getResult(0).getType() != block.getArgument(0).getType())
    return nullptr;
  return &inner;
}

void ReduceOp::print(OpAsmPrinter &p) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    p << (i ? ", (" : "(") << getInputs()[i] << " init: " << getInitValues()[i]
      << ')';
  }
  Operation *shortForm = n == 1 ? singleOpReducer(getBody()) : nullptr;
  if (shortForm)
    p << " applies " << shortForm->getName().getStringRef();
  p << " across dimensions = [";
  llvm::interleaveComma(getDimensions(), p);
  p << ']';
  p.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  p << " : ";
  p.printFunctionalType((*this)->getOperandTypes(), (*this)->getResultTypes());
  if (shortForm)
    return;
  p.printNewline();
  p << " reducer";
  Block &block = getBody().front();
  for (size_t i = 0; i < n; ++i) {
    p << '(';
    p.printRegionArgument(block.getArgument(i));
    p << ", ";
    p.printRegionArgument(block.getArgument(n + i));
    p << ')';
    if (i + 1 < n)
      p << ' ';
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

/// Result shape of a reduction of `dims` of `in`.
static SmallVector<int64_t> reducedShape(RankedTensorType in,
                                         ArrayRef<int64_t> dims) {
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (!llvm::is_contained(dims, i))
      shape.push_back(in.getDimSize(i));
  return shape;
}

LogicalResult ReduceOp::verify() {
  size_t n = getInputs().size();
  if (n == 0)
    return emitOpError("needs at least one input");
  if (getNumResults() != n)
    return emitOpError() << "has " << n << " inputs but " << getNumResults()
                         << " results";
  auto first = rankedType(getInputs()[0]);
  if (failed(checkDims(*this, getDimensions(), first.getRank(), "dimension")))
    return failure();
  SmallVector<int64_t> shape = reducedShape(first, getDimensions());
  SmallVector<Type> scalarTypes;
  for (size_t i = 0; i < n; ++i) {
    auto in = rankedType(getInputs()[i]);
    auto init = rankedType(getInitValues()[i]);
    auto res = cast<RankedTensorType>(getResult(i).getType());
    if (in.getShape() != first.getShape())
      return emitOpError("all inputs must have one shape");
    if (init.getElementType() != in.getElementType() ||
        res.getElementType() != in.getElementType())
      return emitOpError() << "input " << i
                           << ", its init value and result must have one "
                              "element type";
    if (res.getShape() != ArrayRef<int64_t>(shape))
      return emitOpError() << "result " << i << " must have shape "
                           << RankedTensorType::get(shape, in.getElementType());
    scalarTypes.push_back(init);
  }
  return checkReducer(*this, getBody(), scalarTypes, "reducer", scalarTypes);
}

//===----------------------------------------------------------------------===//
// reduce_window, select_and_scatter, scatter
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getNumResults() != n)
    return emitOpError("needs as many results as inputs, at least one");
  auto first = rankedType(getInputs()[0]);
  size_t rank = first.getRank();
  if (getWindowDimensions().size() != rank)
    return emitOpError() << "window_dimensions must have " << rank
                         << " entries";
  if (failed(checkSize(*this, getWindowStrides(), rank, "window_strides")) ||
      failed(checkSize(*this, getBaseDilations(), rank, "base_dilations")) ||
      failed(checkSize(*this, getWindowDilations(), rank, "window_dilations")))
    return failure();
  auto pads = paddingPairs(*this, getPadding(), rank);
  if (failed(pads))
    return failure();
  for (auto v : {std::optional<ArrayRef<int64_t>>(getWindowDimensions()),
                 getWindowStrides(), getBaseDilations(), getWindowDilations()})
    if (v && llvm::any_of(*v, [](int64_t x) { return x <= 0; }))
      return emitOpError(
          "window sizes, strides and dilations must be positive");
  auto at = [](std::optional<ArrayRef<int64_t>> v, size_t i) -> int64_t {
    return v ? (*v)[i] : 1;
  };
  SmallVector<Type> scalarTypes;
  for (size_t k = 0; k < n; ++k) {
    auto in = rankedType(getInputs()[k]);
    auto res = cast<RankedTensorType>(getResult(k).getType());
    auto init = rankedType(getInitValues()[k]);
    if (in.getShape() != first.getShape() || res.getRank() != in.getRank())
      return emitOpError("inputs and results must have one rank and shape");
    if (init.getElementType() != in.getElementType() ||
        res.getElementType() != in.getElementType())
      return emitOpError() << "input " << k
                           << ", its init value and result must have one "
                              "element type";
    scalarTypes.push_back(init);
    if (!in.hasStaticShape())
      continue;
    for (size_t i = 0; i < rank; ++i) {
      int64_t d = in.getDimSize(i);
      int64_t dilated = d == 0 ? 0 : (d - 1) * at(getBaseDilations(), i) + 1;
      int64_t padded = dilated + (*pads)[i].first + (*pads)[i].second;
      int64_t w =
          (getWindowDimensions()[i] - 1) * at(getWindowDilations(), i) + 1;
      int64_t size =
          padded < w ? 0 : (padded - w) / at(getWindowStrides(), i) + 1;
      if (!compatibleDims(res.getDimSize(i), size))
        return emitOpError()
               << "result dimension " << i << " must have size " << size;
    }
  }
  return checkReducer(*this, getBody(), scalarTypes, "reducer", scalarTypes);
}

LogicalResult SelectAndScatterOp::verify() {
  auto operand = rankedType(getOperand());
  auto init = rankedType(getInitValue());
  size_t rank = operand.getRank();
  if (getResult().getType() != getOperand().getType())
    return emitOpError("result must have the operand type");
  if (init.getElementType() != operand.getElementType() ||
      rankedType(getSource()).getElementType() != operand.getElementType())
    return emitOpError("operand, source and init value must have one element "
                       "type");
  if (failed(
          checkSize(*this, getWindowDimensions(), rank, "window_dimensions")) ||
      failed(checkSize(*this, getWindowStrides(), rank, "window_strides")) ||
      failed(paddingPairs(*this, getPadding(), rank)))
    return failure();
  auto source = rankedType(getSource());
  if (source.getRank() != static_cast<int64_t>(rank))
    return emitOpError("source must have the rank of the operand");
  if (operand.hasStaticShape() && source.hasStaticShape()) {
    auto pads = *paddingPairs(*this, getPadding(), rank);
    for (size_t i = 0; i < rank; ++i) {
      int64_t w = getWindowDimensions() ? (*getWindowDimensions())[i] : 1;
      int64_t st = getWindowStrides() ? (*getWindowStrides())[i] : 1;
      if (w <= 0 || st <= 0)
        return emitOpError("window sizes and strides must be positive");
      int64_t padded = operand.getDimSize(i) + pads[i].first + pads[i].second;
      int64_t windows = padded < w ? 0 : (padded - w) / st + 1;
      if (source.getDimSize(i) != windows)
        return emitOpError() << "source dimension " << i << " must have size "
                             << windows << " (the number of windows)";
    }
  }
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  Type scalar = init;
  if (failed(checkReducer(*this, getSelect(), {scalar}, "select region",
                          {pred})) ||
      failed(checkReducer(*this, getScatter(), {scalar}, "scatter region",
                          {scalar})))
    return failure();
  return success();
}

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getNumResults() != n)
    return emitOpError("needs as many results as inputs, at least one");
  SmallVector<Type> scalarTypes;
  for (size_t k = 0; k < n; ++k) {
    if (getResult(k).getType() != getInputs()[k].getType())
      return emitOpError() << "result " << k << " must have the type of input "
                           << k;
    Type elem = rankedType(getInputs()[k]).getElementType();
    if (rankedType(getUpdates()[k]).getElementType() != elem)
      return emitOpError() << "update " << k
                           << " must have the element type of input " << k;
    scalarTypes.push_back(RankedTensorType::get({}, elem));
  }
  auto indices = rankedType(getScatterIndices());
  ScatterDimensionNumbersAttr dn = getScatterDimensionNumbers();
  if (dn.getIndexVectorDim() < 0 || dn.getIndexVectorDim() > indices.getRank())
    return emitOpError() << "index_vector_dim " << dn.getIndexVectorDim()
                         << " out of range [0, " << indices.getRank() << "]";
  int64_t rank = rankedType(getInputs()[0]).getRank();
  if (failed(checkDims(*this, dn.getScatterDimsToOperandDims(), rank,
                       "scatter_dims_to_operand_dims entry")) ||
      failed(checkDims(*this, dn.getInsertedWindowDims(), rank,
                       "inserted_window_dims entry")))
    return failure();
  auto updates = rankedType(getUpdates()[0]);
  for (Value u : getUpdates())
    if (rankedType(u).getShape() != updates.getShape())
      return emitOpError("all updates must have one shape");
  if (failed(checkDims(*this, dn.getUpdateWindowDims(), updates.getRank(),
                       "update_window_dims entry")))
    return failure();
  SmallVector<int64_t> indexBatch;
  for (int64_t i = 0; i < indices.getRank(); ++i)
    if (i != dn.getIndexVectorDim())
      indexBatch.push_back(indices.getDimSize(i));
  SmallVector<int64_t> updateBatch;
  for (int64_t i = 0; i < updates.getRank(); ++i)
    if (!llvm::is_contained(dn.getUpdateWindowDims(), i))
      updateBatch.push_back(updates.getDimSize(i));
  if (indexBatch.size() != updateBatch.size() ||
      !llvm::all_of(llvm::zip(indexBatch, updateBatch), [](auto p) {
        return compatibleDims(std::get<0>(p), std::get<1>(p));
      }))
    return emitOpError("the update scatter dimensions must match the batch "
                       "dimensions of the indices");
  int64_t indexComponents = dn.getIndexVectorDim() == indices.getRank()
                                ? 1
                                : indices.getDimSize(dn.getIndexVectorDim());
  if (!ShapedType::isDynamic(indexComponents) &&
      indexComponents !=
          static_cast<int64_t>(dn.getScatterDimsToOperandDims().size()))
    return emitOpError() << "scatter_dims_to_operand_dims has "
                         << dn.getScatterDimsToOperandDims().size()
                         << " entries, the index vector " << indexComponents;
  return checkReducer(*this, getUpdateComputation(), scalarTypes,
                      "update computation", scalarTypes);
}

//===----------------------------------------------------------------------===//
// clamp, reverse, dynamic_slice, dynamic_update_slice
//===----------------------------------------------------------------------===//

LogicalResult ClampOp::verify() {
  auto operand = rankedType(getOperand());
  if (getResult().getType() != operand)
    return emitOpError("result must have the operand's type");
  for (auto [name, bound] : {std::pair<StringRef, Value>{"min", getMin()},
                             std::pair<StringRef, Value>{"max", getMax()}}) {
    auto type = rankedType(bound);
    if (type.getElementType() != operand.getElementType())
      return emitOpError() << name << " must have the operand's element type";
    if (type.getRank() != 0 && type.getShape() != operand.getShape())
      return emitOpError() << name
                           << " must be a scalar tensor or have the operand's "
                              "shape";
  }
  return success();
}

LogicalResult ReverseOp::verify() {
  return checkDims(*this, getDimensions(), rankedType(getOperand()).getRank(),
                   "dimension");
}

/// The start indices of dynamic_slice / dynamic_update_slice: one per
/// dimension, all of one type.
static LogicalResult checkStartIndices(Operation *op, ValueRange starts,
                                       int64_t rank) {
  if (static_cast<int64_t>(starts.size()) != rank)
    return op->emitOpError()
           << "needs " << rank << " start indices (one per dimension), got "
           << starts.size();
  for (Value v : starts)
    if (v.getType() != starts.front().getType())
      return op->emitOpError("start indices must all have one type");
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto operand = rankedType(getOperand());
  auto result = rankedType(getResult());
  ArrayRef<int64_t> sizes = getSliceSizes();
  if (failed(checkStartIndices(*this, getStartIndices(), operand.getRank())))
    return failure();
  if (static_cast<int64_t>(sizes.size()) != operand.getRank())
    return emitOpError() << "needs " << operand.getRank()
                         << " slice sizes, got " << sizes.size();
  for (auto [d, size] : llvm::enumerate(sizes))
    if (size < 0 || (!operand.isDynamicDim(d) && size > operand.getDimSize(d)))
      return emitOpError() << "slice size " << size << " of dimension " << d
                           << " out of range [0, " << operand.getDimSize(d)
                           << "]";
  if (result.getElementType() != operand.getElementType() ||
      result.getShape() != sizes)
    return emitOpError("result must have the operand's element type and the "
                       "slice sizes as shape");
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto operand = rankedType(getOperand());
  auto update = rankedType(getUpdate());
  if (getResult().getType() != operand)
    return emitOpError("result must have the operand's type");
  if (update.getElementType() != operand.getElementType() ||
      update.getRank() != operand.getRank())
    return emitOpError("update must have the operand's element type and rank");
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (!operand.isDynamicDim(d) && !update.isDynamicDim(d) &&
        update.getDimSize(d) > operand.getDimSize(d))
      return emitOpError() << "update dimension " << d << " ("
                           << update.getDimSize(d)
                           << ") is larger than the operand's ("
                           << operand.getDimSize(d) << ")";
  return checkStartIndices(*this, getStartIndices(), operand.getRank());
}

//===----------------------------------------------------------------------===//
// sort, case, while, return
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto first = rankedType(getInputs().front());
  int64_t rank = first.getRank();
  auto dim = static_cast<int64_t>(getDimension());
  if (dim < -rank || dim >= rank)
    return emitOpError() << "dimension " << dim << " out of range [" << -rank
                         << ", " << rank << ")";
  SmallVector<Type> scalars;
  for (auto [k, input] : llvm::enumerate(getInputs())) {
    if (getResult(k).getType() != input.getType())
      return emitOpError() << "result " << k << " must have the type of input "
                           << k;
    scalars.push_back(
        RankedTensorType::get({}, rankedType(input).getElementType()));
  }
  Block &block = getComparator().front();
  if (block.getNumArguments() != 2 * scalars.size())
    return emitOpError() << "comparator must take " << 2 * scalars.size()
                         << " arguments, got " << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != scalars[i / 2])
      return emitOpError() << "comparator argument " << i << " has type "
                           << arg.getType() << ", expected " << scalars[i / 2];
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (!ret || ret.getResults().size() != 1 ||
      ret.getResults()[0].getType() != pred)
    return emitOpError("comparator must return one tensor<i1>");
  return success();
}

/// Checks that `region` ends with a stablehlo.return of `types`.
static LogicalResult checkReturns(Operation *op, Region &region,
                                  TypeRange types, StringRef name) {
  auto ret = dyn_cast<ReturnOp>(region.front().getTerminator());
  if (!ret)
    return op->emitOpError() << name << " must end with stablehlo.return";
  if (TypeRange(ret.getResults().getTypes()) != types)
    return op->emitOpError() << name << " must return " << types.size()
                             << " value(s) of type(s) " << types;
  return success();
}

LogicalResult CaseOp::verify() {
  if (getBranches().empty())
    return emitOpError("needs at least one branch");
  for (auto [i, branch] : llvm::enumerate(getBranches())) {
    if (branch.front().getNumArguments() != 0)
      return emitOpError() << "branch " << i << " must take no arguments";
    if (failed(checkReturns(*this, branch, getResultTypes(),
                            "branch " + std::to_string(i))))
      return failure();
  }
  return success();
}

LogicalResult WhileOp::verify() {
  TypeRange types = getOperand().getTypes();
  if (getResultTypes() != types)
    return emitOpError("results must have the operands' types");
  for (auto [name, region] :
       {std::pair<StringRef, Region *>{"cond", &getCond()},
        std::pair<StringRef, Region *>{"body", &getBody()}})
    if (region->front().getArgumentTypes() != types)
      return emitOpError() << name
                           << " region must take the loop-carried values ("
                           << types << ")";
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(checkReturns(*this, getCond(), {pred}, "cond region")))
    return failure();
  return checkReturns(*this, getBody(), types, "body region");
}

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

/// `(%iterArg = %init, ...) : T, ... [attributes {..}] cond {..} do {..}`.
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            if (parser.parseArgument(args.emplace_back()) ||
                parser.parseEqual() ||
                parser.parseOperand(inits.emplace_back()))
              return failure();
            return success();
          }))
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (!args.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != args.size())
    return parser.emitError(typesLoc)
           << "expected " << args.size() << " types, got " << types.size();
  for (auto [arg, type] : llvm::zip(args, types))
    arg.type = type;
  if (parser.resolveOperands(inits, types, typesLoc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, args) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, args))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &p) {
  p << '(';
  llvm::interleaveComma(
      llvm::zip(getCond().getArguments(), getOperand()), p,
      [&](auto pair) { p << std::get<0>(pair) << " = " << std::get<1>(pair); });
  p << ')';
  if (!getOperand().empty()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << "cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (isa<ReduceOp, ReduceWindowOp, SelectAndScatterOp, ScatterOp, SortOp,
          CaseOp, WhileOp>(parent))
    return success();
  return emitOpError() << "ends a region of '" << parent->getName()
                       << "', which is not a StableHLO region op of the "
                          "subset (reduce, reduce_window, select_and_scatter, "
                          "scatter, sort, case, while)";
}
