//===- DiagnosticKind.h - Diagnostics a program can tell apart --*- C++ -*-===//
//
// Some errors are answers a caller acts on, not just text for people: "no
// plan fits the memory limit" makes Python raise PlanDoesNotFit. Such an
// error carries its kind in the diagnostic's metadata (not printed), so a
// caller reads the kind instead of matching words of the message. The
// Python module reports it as Diagnostic.kind.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_DIAGNOSTICKIND_H
#define TOFU_SUPPORT_DIAGNOSTICKIND_H

#include "mlir/IR/Diagnostics.h"

namespace mlir::tofu {

/// The metadata entry that names a kind: "tofu.kind=" followed by it.
inline constexpr llvm::StringLiteral kDiagnosticKindPrefix = "tofu.kind=";

/// Every kind, as metadata entries (Python sees what follows the prefix).
namespace diagnostic_kind {
/// No plan's estimated per-device peak is within the memory limit.
inline constexpr llvm::StringLiteral kPlanDoesNotFit =
    "tofu.kind=plan-does-not-fit";
} // namespace diagnostic_kind

/// Marks `diag` as an error of `kind`, one of diagnostic_kind's literals
/// (static, so they outlive the diagnostic).
inline void setDiagnosticKind(InFlightDiagnostic &diag,
                              llvm::StringLiteral kind) {
  assert(kind.starts_with(kDiagnosticKindPrefix) && "not a diagnostic kind");
  if (Diagnostic *d = diag.getUnderlyingDiagnostic())
    d->getMetadata().push_back(DiagnosticArgument(StringRef(kind)));
}

/// The kind `diag` was marked with, or empty.
inline StringRef getDiagnosticKind(Diagnostic &diag) {
  for (DiagnosticArgument &arg : diag.getMetadata())
    if (arg.getKind() == DiagnosticArgument::DiagnosticArgumentKind::String) {
      StringRef text = arg.getAsString();
      if (text.consume_front(kDiagnosticKindPrefix))
        return text;
    }
  return {};
}

} // namespace mlir::tofu

#endif // TOFU_SUPPORT_DIAGNOSTICKIND_H
