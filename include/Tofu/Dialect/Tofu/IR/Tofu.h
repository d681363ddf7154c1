//===- Tofu.h - The Tofu dialect: the partition plan ------------*- C++ -*-===//
//
// The plan's typed attributes (#tofu.plan, #tofu.strategy, #tofu.layout) and
// the names of every tofu.* attribute. Code outside the dialect reads and
// writes them through TofuDialect::<Name>AttrHelper or the k...AttrName
// constants below, never through a string literal.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_TOFU_IR_TOFU_H
#define TOFU_DIALECT_TOFU_IR_TOFU_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/Hashing.h"

#include "Tofu/Dialect/Tofu/IR/TofuEnums.h.inc"

namespace mlir::tofu {

/// How one recursion level places a tensor (one entry of #tofu.layout).
class LevelLayout {
public:
  enum class Kind : uint8_t { Split, PaddedSplit, Replicated, Partial };

  /// The materializer's integer codes of a level: a split dimension (>= 0),
  /// or one of these.
  static constexpr int64_t kReplicatedCode = -1;
  static constexpr int64_t kPartialCode = -2;

  LevelLayout() = default;
  static LevelLayout split(int64_t dim) { return {Kind::Split, dim, {}}; }
  static LevelLayout paddedSplit(int64_t dim) {
    return {Kind::PaddedSplit, dim, {}};
  }
  static LevelLayout replicated() { return {Kind::Replicated, -1, {}}; }
  static LevelLayout partial(Reducer reducer) {
    return {Kind::Partial, -1, reducer};
  }
  /// From a materializer code (kPartialCode: partial<add>).
  static LevelLayout fromCode(int64_t code);

  Kind getKind() const { return kind; }
  /// Split (padded or not).
  bool isSplit() const { return kind == Kind::Split || isPadded(); }
  bool isPadded() const { return kind == Kind::PaddedSplit; }
  bool isReplicated() const { return kind == Kind::Replicated; }
  bool isPartial() const { return kind == Kind::Partial; }
  /// The split dimension; -1 unless isSplit().
  int64_t getDim() const { return isSplit() ? dim : -1; }
  Reducer getReducer() const { return reducer; }
  /// The materializer code: the split dimension, kReplicatedCode or
  /// kPartialCode.
  int64_t getCode() const;

  bool operator==(const LevelLayout &o) const {
    return kind == o.kind && getDim() == o.getDim() &&
           (!isPartial() || reducer == o.reducer);
  }
  bool operator!=(const LevelLayout &o) const { return !(*this == o); }
  friend llvm::hash_code hash_value(const LevelLayout &l) {
    return llvm::hash_combine(static_cast<uint8_t>(l.kind), l.getDim(),
                              l.isPartial() ? static_cast<uint32_t>(l.reducer)
                                            : 0u);
  }

private:
  LevelLayout(Kind kind, int64_t dim, Reducer reducer)
      : kind(kind), dim(dim), reducer(reducer) {}
  Kind kind = Kind::Replicated;
  int64_t dim = -1;
  Reducer reducer = Reducer::add;
};

/// LevelLayout::fromCode of each code.
SmallVector<LevelLayout> levelLayoutsFromCodes(ArrayRef<int64_t> codes);

// Parsers and printers of the attributes' list parameters.
FailureOr<SmallVector<int64_t>> parseIntList(AsmParser &parser);
void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values);
FailureOr<SmallVector<LevelLayout>> parseLevelLayouts(AsmParser &parser);
void printLevelLayouts(AsmPrinter &printer, ArrayRef<LevelLayout> levels);
FailureOr<SmallVector<int64_t>> parseLoopList(AsmParser &parser);
void printLoopList(AsmPrinter &printer, ArrayRef<int64_t> loops);

} // namespace mlir::tofu

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/Tofu/IR/TofuAttrs.h.inc"

// After the attributes: the dialect's attribute helpers return them.
#include "Tofu/Dialect/Tofu/IR/TofuDialect.h.inc"

namespace mlir::tofu {

// The attribute names, as the dialect's ODS (discardableAttrs) spells them;
// for function argument and result attributes, which the generated helpers
// do not cover.
inline constexpr llvm::StringLiteral kPartitionAttrName =
    TofuDialect::PartitionAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kStrategyAttrName =
    TofuDialect::StrategyAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kLayoutsAttrName =
    TofuDialect::LayoutsAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kLayoutAttrName =
    TofuDialect::LayoutAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kGlobalShapeAttrName =
    TofuDialect::GlobalShapeAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kNameAttrName =
    TofuDialect::NameAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kParamAttrName =
    TofuDialect::ParamAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kLrAttrName =
    TofuDialect::LrAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kBatchDimAttrName =
    TofuDialect::BatchDimAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kStepAttrName =
    TofuDialect::StepAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kFwdAttrName =
    TofuDialect::FwdAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kGradOfAttrName =
    TofuDialect::GradOfAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kUpdateOfAttrName =
    TofuDialect::UpdateOfAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kFusionAttrName =
    TofuDialect::FusionAttrHelper::getNameStr();

/// The plan of `op` or of its nearest ancestor that has one (null if none).
PlanAttr getEnclosingPlan(Operation *op);

/// The per-result layouts of a planned op (`tofu.layouts`); null if the op
/// has none or `result` is out of range.
LayoutAttr getResultLayout(Operation *op, unsigned result);

/// Removes the plan (every tofu.* attribute whose value is a Tofu attribute)
/// from `root` and everything nested in it, function arguments and results
/// included. Used once the plan is carried out, so that the lowered module
/// holds no attribute only this project's tools can parse.
void dropPlan(Operation *root);

} // namespace mlir::tofu

#endif // TOFU_DIALECT_TOFU_IR_TOFU_H
