//===- StableHLODialect.cpp - StableHLO subset dialect --------------------===//
//
// Dialect registration, attributes and the inliner interface (JAX reaches
// private helpers through `func.call`; `--inline` folds them into `@main`).
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsDialect.cpp.inc"
#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsEnums.cpp.inc"

FailureOr<SmallVector<int64_t>>
mlir::stablehlo_subset::parseDimList(AsmParser &parser) {
  SmallVector<int64_t> dims;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        return parser.parseInteger(dims.emplace_back());
      }))
    return failure();
  return dims;
}

void mlir::stablehlo_subset::printDimList(AsmPrinter &printer,
                                          ArrayRef<int64_t> dims) {
  printer << '[';
  llvm::interleaveComma(dims, printer);
  printer << ']';
}

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsAttributes.cpp.inc"

namespace {
// Every op of the subset is pure or region-local, so inlining a helper into
// its caller is always legal.
struct StableHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void StableHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tofu/Dialect/StableHLO/IR/StableHLOOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsAttributes.cpp.inc"
      >();
  addInterfaces<StableHLOInlinerInterface>();
}

//===----------------------------------------------------------------------===//
// #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//===----------------------------------------------------------------------===//

namespace mlir::stablehlo_subset {

/// Parses one `[b, 0, 1, f]` list. `roleA`/`roleB` are the two non-spatial
/// letters of this tensor (b/f, i/o); their positions go to `posA`/`posB`,
/// spatial positions to `spatial` in spatial order.
static ParseResult parseConvLayout(AsmParser &parser, char roleA, char roleB,
                                   int64_t &posA, int64_t &posB,
                                   SmallVectorImpl<int64_t> &spatial) {
  posA = posB = -1;
  SmallVector<std::pair<int64_t, int64_t>> spatialAt; // (spatial index, pos)
  int64_t pos = 0;
  SMLoc loc = parser.getCurrentLocation();
  auto parseOne = [&]() -> ParseResult {
    int64_t index;
    OptionalParseResult intResult = parser.parseOptionalInteger(index);
    if (intResult.has_value()) {
      if (failed(*intResult))
        return failure();
      spatialAt.push_back({index, pos++});
      return success();
    }
    StringRef letter;
    SMLoc letterLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&letter))
      return failure();
    if (letter.size() != 1 || (letter[0] != roleA && letter[0] != roleB))
      return parser.emitError(letterLoc)
             << "expected '" << roleA << "', '" << roleB
             << "' or a spatial dimension number, got '" << letter << "'";
    int64_t &slot = letter[0] == roleA ? posA : posB;
    if (slot != -1)
      return parser.emitError(letterLoc)
             << "dimension '" << letter << "' appears twice";
    slot = pos++;
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  if (posA == -1 || posB == -1)
    return parser.emitError(loc) << "expected both '" << roleA << "' and '"
                                 << roleB << "' in the convolution layout";
  llvm::sort(spatialAt);
  for (auto [i, entry] : llvm::enumerate(spatialAt)) {
    if (entry.first != static_cast<int64_t>(i))
      return parser.emitError(loc) << "spatial dimensions must be numbered 0.."
                                   << spatialAt.size() - 1 << " once each";
    spatial.push_back(entry.second);
  }
  return success();
}

static void printConvLayout(AsmPrinter &printer, char roleA, char roleB,
                            int64_t posA, int64_t posB,
                            ArrayRef<int64_t> spatial) {
  SmallVector<std::string> names(spatial.size() + 2, "?");
  if (posA >= 0 && posA < static_cast<int64_t>(names.size()))
    names[posA] = std::string(1, roleA);
  if (posB >= 0 && posB < static_cast<int64_t>(names.size()))
    names[posB] = std::string(1, roleB);
  for (auto [i, p] : llvm::enumerate(spatial))
    if (p >= 0 && p < static_cast<int64_t>(names.size()))
      names[p] = std::to_string(i);
  printer << '[';
  llvm::interleaveComma(names, printer);
  printer << ']';
}

ParseResult parseConvDimensionsBody(AsmParser &parser,
                                    ConvDimensionNumbersAttr &attr) {
  int64_t inB, inF, kI, kO, outB, outF;
  SmallVector<int64_t> inS, kS, outS;
  if (parseConvLayout(parser, 'b', 'f', inB, inF, inS) ||
      parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kI, kO, kS) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', outB, outF, outS))
    return failure();
  attr = ConvDimensionNumbersAttr::get(parser.getContext(), inB, inF, inS, kI,
                                       kO, kS, outB, outF, outS);
  return success();
}

void printConvDimensionsBody(AsmPrinter &printer,
                             ConvDimensionNumbersAttr attr) {
  printConvLayout(printer, 'b', 'f', attr.getInputBatchDimension(),
                  attr.getInputFeatureDimension(),
                  attr.getInputSpatialDimensions());
  printer << "x";
  printConvLayout(printer, 'i', 'o', attr.getKernelInputFeatureDimension(),
                  attr.getKernelOutputFeatureDimension(),
                  attr.getKernelSpatialDimensions());
  printer << "->";
  printConvLayout(printer, 'b', 'f', attr.getOutputBatchDimension(),
                  attr.getOutputFeatureDimension(),
                  attr.getOutputSpatialDimensions());
}

} // namespace mlir::stablehlo_subset

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  ConvDimensionNumbersAttr attr;
  if (parser.parseLess() || parseConvDimensionsBody(parser, attr) ||
      parser.parseGreater())
    return {};
  return attr;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printConvDimensionsBody(printer, *this);
  printer << '>';
}
