//===- EntrySignature.h - The entry function tofu-run calls -----*- C++ -*-===//
//
// Reads the EntrySpec (argument and result types, tofu.name, tofu.layout,
// tofu.global_shape, the module's tofu.partition grid) of the entry from a
// parsed module, and gives the entry the fixed C-interface name the
// harness's main calls (@tofu_run_entry with llvm.emit_c_interface).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_ENTRYSIGNATURE_H
#define TOFU_RUN_ENTRYSIGNATURE_H

#include "RunSupport.h"

#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace tofu_run {

/// The entry's name in the lowered module and the object.
constexpr const char *kEntrySymbol = "tofu_run_entry";

/// The spec of @`entry`; fails (fatal) on a missing entry, an unsupported
/// type or a malformed plan. `ranks` is --ranks if given; the result's
/// grid fixes the rank count (`ranksOut`).
EntrySpec entrySpecOf(mlir::ModuleOp module, const std::string &entry,
                      std::optional<int64_t> ranks, int64_t &ranksOut);

/// Renames @`entry` to @tofu_run_entry (and any other @main or
/// @tofu_run_entry out of the way) and marks it llvm.emit_c_interface.
void prepareEntry(mlir::ModuleOp module, const std::string &entry);

/// "2x4" for a grid.
std::string gridString(const std::vector<int64_t> &levels);

} // namespace tofu_run

#endif // TOFU_RUN_ENTRYSIGNATURE_H
