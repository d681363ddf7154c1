//===- PrintFormat.h - What a pass prints on stdout -------------*- C++ -*-===//
//
// The `print=` option of --tofu-search, --tofu-place and --tofu-plan.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_PRINTFORMAT_H
#define TOFU_SUPPORT_PRINTFORMAT_H

#include "Tofu/Support/EnumOption.h"

namespace mlir::tofu {

enum class PrintFormat { None, Table, Json };

/// The names of `print=`: none | table, and json where `json` is true.
inline llvm::cl::ValuesClass printFormatValues(bool json = true) {
  if (!json)
    return llvm::cl::values(
        clEnumValN(PrintFormat::None, "none", "print nothing"),
        clEnumValN(PrintFormat::Table, "table", "a table for people"));
  return llvm::cl::values(
      clEnumValN(PrintFormat::None, "none", "print nothing"),
      clEnumValN(PrintFormat::Table, "table", "a table for people"),
      clEnumValN(PrintFormat::Json, "json", "the JSON report"));
}

} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::PrintFormat)

#endif // TOFU_SUPPORT_PRINTFORMAT_H
