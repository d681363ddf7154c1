//===- DescriptionLibrary.h - The TDL description library -------*- C++ -*-===//
//
// Descriptions loaded from `.mlir` files, keyed by the symbol of each
// `tdl.operator` / `tdl.opaque` (for library entries: the op name, e.g.
// `tosa.conv2d`). One per context, owned by the TDL dialect
// (TDLDialect::getLibrary / loadLibrary).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_TDL_IR_DESCRIPTIONLIBRARY_H
#define TOFU_DIALECT_TDL_IR_DESCRIPTIONLIBRARY_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tdl {

class DescriptionLibrary {
public:
  Operation *lookup(StringRef opName) const { return entries.lookup(opName); }
  /// All entry names, sorted.
  SmallVector<StringRef> names() const;

  /// Adds the descriptions of `module`, overriding earlier entries of the
  /// same name; returns their names.
  SmallVector<StringRef> add(OwningOpRef<ModuleOp> module);

  /// Whether the user library at `path` was loaded already.
  bool hasLoaded(StringRef path) const { return paths.contains(path); }
  void markLoaded(StringRef path) { paths.insert(path); }

private:
  SmallVector<OwningOpRef<ModuleOp>> modules;
  llvm::StringMap<Operation *> entries;
  llvm::StringSet<> paths;
};

} // namespace mlir::tdl

#endif // TOFU_DIALECT_TDL_IR_DESCRIPTIONLIBRARY_H
