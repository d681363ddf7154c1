//===- Passes.h - Reports and coverage generators of tofu-opt ---*- C++ -*-===//
#ifndef TOFU_OPT_REPORTS_PASSES_H
#define TOFU_OPT_REPORTS_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "Tofu/Support/EnumOption.h"

namespace mlir::tofu {
/// `format=` of --tofu-print-strategies and --tofu-verify-tdl.
enum class ReportFormat { Text, Json };
/// `format=` of --tofu-coverage.
enum class CoverageFormat { Markdown, Json };
/// `dialect=` of --tofu-coverage: whose registered ops it measures.
enum class CoverageDialect { Tosa, StableHLO, CHLO, Linalg };
} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::ReportFormat)
TOFU_ENUM_OPTION(::mlir::tofu::CoverageFormat)
TOFU_ENUM_OPTION(::mlir::tofu::CoverageDialect)

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_OPT_REPORTS_PASSES_H
