//===- TofuAttrs.cpp - The plan's attributes ------------------------------===//
//
// Parsing, printing and the self-contained checks of #tofu.layout,
// #tofu.strategy and #tofu.plan. Checks that need the IR around an attribute
// (the plan's levels, a value's rank) are in TofuDialect.cpp.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tofu;

#include "Tofu/Dialect/Tofu/IR/TofuEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/Tofu/IR/TofuAttrs.cpp.inc"

// Here, beside the attributes' storage classes, which addAttributes needs.
void TofuDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tofu/Dialect/Tofu/IR/TofuAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// LevelLayout
//===----------------------------------------------------------------------===//

LevelLayout LevelLayout::fromCode(int64_t code) {
  if (code >= 0)
    return split(code);
  if (code == kPartialCode)
    return partial(Reducer::add);
  return replicated();
}

SmallVector<LevelLayout>
mlir::tofu::levelLayoutsFromCodes(ArrayRef<int64_t> codes) {
  return llvm::map_to_vector(codes, LevelLayout::fromCode);
}

int64_t LevelLayout::getCode() const {
  if (isSplit())
    return dim;
  return isPartial() ? kPartialCode : kReplicatedCode;
}

//===----------------------------------------------------------------------===//
// List parameters
//===----------------------------------------------------------------------===//

/// Parses `[e, e, ...]`, each element by `parseElement`.
template <typename T>
static FailureOr<SmallVector<T>>
parseBracketed(AsmParser &parser, function_ref<ParseResult(T &)> parseElement) {
  SmallVector<T> out;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        T value;
        if (parseElement(value))
          return failure();
        out.push_back(value);
        return success();
      }))
    return failure();
  return out;
}

FailureOr<SmallVector<int64_t>> mlir::tofu::parseIntList(AsmParser &parser) {
  return parseBracketed<int64_t>(
      parser, [&](int64_t &v) { return parser.parseInteger(v); });
}

void mlir::tofu::printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// Parses a non-negative dimension or loop index.
static ParseResult parseIndex(AsmParser &parser, int64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseInteger(value))
    return failure();
  if (value < 0)
    return parser.emitError(loc) << "expected a dimension (>= 0), "
                                    "'replicated', 'partial<...>' or "
                                    "'padded<...>', got "
                                 << value;
  return success();
}

static ParseResult parseLevelLayout(AsmParser &parser, LevelLayout &level) {
  if (succeeded(parser.parseOptionalKeyword("replicated"))) {
    level = LevelLayout::replicated();
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("partial"))) {
    StringRef name;
    SMLoc loc;
    if (parser.parseLess() || (loc = parser.getCurrentLocation(), false) ||
        parser.parseKeyword(&name) || parser.parseGreater())
      return failure();
    std::optional<Reducer> reducer = symbolizeReducer(name);
    if (!reducer)
      return parser.emitError(loc) << "unknown reducer '" << name
                                   << "'; expected add, mul, max, min, and, "
                                      "or or xor";
    level = LevelLayout::partial(*reducer);
    return success();
  }
  int64_t dim;
  if (succeeded(parser.parseOptionalKeyword("padded"))) {
    if (parser.parseLess() || parseIndex(parser, dim) || parser.parseGreater())
      return failure();
    level = LevelLayout::paddedSplit(dim);
    return success();
  }
  if (parseIndex(parser, dim))
    return failure();
  level = LevelLayout::split(dim);
  return success();
}

FailureOr<SmallVector<LevelLayout>>
mlir::tofu::parseLevelLayouts(AsmParser &parser) {
  return parseBracketed<LevelLayout>(
      parser, [&](LevelLayout &l) { return parseLevelLayout(parser, l); });
}

void mlir::tofu::printLevelLayouts(AsmPrinter &printer,
                                   ArrayRef<LevelLayout> levels) {
  printer << '[';
  llvm::interleaveComma(levels, printer, [&](const LevelLayout &l) {
    switch (l.getKind()) {
    case LevelLayout::Kind::Split:
      printer << l.getDim();
      break;
    case LevelLayout::Kind::PaddedSplit:
      printer << "padded<" << l.getDim() << '>';
      break;
    case LevelLayout::Kind::Replicated:
      printer << "replicated";
      break;
    case LevelLayout::Kind::Partial:
      printer << "partial<" << stringifyReducer(l.getReducer()) << '>';
      break;
    }
  });
  printer << ']';
}

FailureOr<SmallVector<int64_t>> mlir::tofu::parseLoopList(AsmParser &parser) {
  return parseBracketed<int64_t>(parser, [&](int64_t &v) -> ParseResult {
    if (succeeded(parser.parseOptionalKeyword("replicated"))) {
      v = StrategyAttr::kReplicatedLoop;
      return success();
    }
    if (succeeded(parser.parseOptionalKeyword("linear"))) {
      v = StrategyAttr::kLinearLoop;
      return success();
    }
    return parseIndex(parser, v);
  });
}

void mlir::tofu::printLoopList(AsmPrinter &printer, ArrayRef<int64_t> loops) {
  printer << '[';
  llvm::interleaveComma(loops, printer, [&](int64_t loop) {
    if (loop == StrategyAttr::kLinearLoop)
      printer << "linear";
    else if (loop < 0)
      printer << "replicated";
    else
      printer << loop;
  });
  printer << ']';
}

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

SmallVector<int64_t> LayoutAttr::getCodes() const {
  return llvm::map_to_vector(getLevels(),
                             [](const LevelLayout &l) { return l.getCode(); });
}

bool LayoutAttr::isReplicated() const {
  return llvm::all_of(getLevels(),
                      [](const LevelLayout &l) { return l.isReplicated(); });
}

std::string LayoutAttr::check(int64_t rank, int64_t numLevels) const {
  if (static_cast<int64_t>(getNumLevels()) != numLevels)
    return "has " + std::to_string(getNumLevels()) + " levels for a plan of " +
           std::to_string(numLevels);
  for (const LevelLayout &l : getLevels()) {
    if (!l.isSplit())
      continue;
    if (l.getDim() >= rank)
      return "names dimension " + std::to_string(l.getDim()) + " of a rank-" +
             std::to_string(rank) + " value";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// StrategyAttr
//===----------------------------------------------------------------------===//

LogicalResult StrategyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> loops,
                                   std::optional<int64_t> stage) {
  for (int64_t loop : loops)
    if (loop < kLinearLoop)
      return emitError() << "#tofu.strategy entries are loop indices, "
                            "replicated or linear, got "
                         << loop;
  if (stage && *stage < 0)
    return emitError() << "#tofu.strategy stage must be non-negative, got "
                       << *stage;
  return success();
}

bool StrategyAttr::isReplicated() const {
  return llvm::all_of(getLoops(), [](int64_t l) { return l < 0; });
}

//===----------------------------------------------------------------------===//
// PlanAttr
//===----------------------------------------------------------------------===//

LogicalResult
PlanAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t workers,
                 ArrayRef<int64_t> levels, StringAttr, StringAttr, StringAttr,
                 std::optional<int64_t> commBytes, MaterializedAttr,
                 std::optional<int64_t> microbatches, StringAttr schedule,
                 std::optional<int64_t> stages,
                 std::optional<int64_t> virtualStages) {
  if (workers < 1)
    return emitError() << "#tofu.plan: workers must be positive, got "
                       << workers;
  int64_t product = 1;
  for (int64_t k : levels) {
    if (k < 1)
      return emitError() << "#tofu.plan: levels must be positive, got " << k;
    product *= k;
  }
  if (product != workers)
    return emitError() << "#tofu.plan: workers = " << workers
                       << " but the levels multiply to " << product;
  if (commBytes && *commBytes < 0)
    return emitError() << "#tofu.plan: comm_bytes must be non-negative";
  if (microbatches && *microbatches < 1)
    return emitError() << "#tofu.plan: microbatches must be positive, got "
                       << *microbatches;
  if (schedule && !microbatches)
    return emitError() << "#tofu.plan: a schedule needs microbatches";
  if (schedule && schedule.getValue() != "gpipe" &&
      schedule.getValue() != "1f1b" && schedule.getValue() != "interleaved")
    return emitError() << "#tofu.plan: schedule must be \"gpipe\", "
                          "\"1f1b\" or \"interleaved\", got \""
                       << schedule.getValue() << "\"";
  bool interleaved = schedule && schedule.getValue() == "interleaved";
  if (interleaved != virtualStages.has_value())
    return emitError() << "#tofu.plan: virtual_stages goes with schedule = "
                          "\"interleaved\", and only with it";
  if (virtualStages && *virtualStages < 2)
    return emitError() << "#tofu.plan: virtual_stages must be 2 or more, got "
                       << *virtualStages;
  if (virtualStages && !stages)
    return emitError() << "#tofu.plan: virtual_stages needs stages";
  if (stages && *stages < 1)
    return emitError() << "#tofu.plan: stages must be positive, got "
                       << *stages;
  if (stages && (levels.empty() || levels.front() != *stages))
    return emitError() << "#tofu.plan: stages = " << *stages
                       << " must be the first level (the stage axis)";
  return success();
}

PlanAttr PlanAttr::withMaterialized(MaterializedAttr stats) const {
  return PlanAttr::get(getContext(), getWorkers(), getLevels(), getStrategy(),
                       getMachine(), getFunction(), getCommBytes(), stats,
                       getMicrobatches(), getSchedule(), getStages(),
                       getVirtualStages());
}
