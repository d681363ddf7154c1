//===- ContainsDialect.h - Does a module hold ops of a dialect? -*- C++ -*-===//
//
// The front-end imports (--tofu-lower-stablehlo, --tofu-lower-tosa) run only
// on modules that hold ops of their dialects, so that one pipeline serves
// every front end; this is their one test for it.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_CONTAINSDIALECT_H
#define TOFU_SUPPORT_CONTAINSDIALECT_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::tofu {

/// True if `root` holds an op of one of the dialects named `namespaces`
/// (registered or not: the name's namespace is what counts).
inline bool containsDialectOp(Operation *root, ArrayRef<StringRef> namespaces) {
  return root
      ->walk([&](Operation *op) {
        return llvm::is_contained(namespaces,
                                  op->getName().getDialectNamespace())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

} // namespace mlir::tofu

#endif // TOFU_SUPPORT_CONTAINSDIALECT_H
