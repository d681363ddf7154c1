//===- BufferViews.h - The uses of a buffer through its views ---*- C++ -*-===//
//
// Shared by --tofu-early-dealloc (a buffer's last use) and
// --tofu-gpu-library-calls (whether a buffer may reach the results).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_BUFFERVIEWS_H
#define TOFU_ANALYSIS_BUFFERVIEWS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tofu {

/// Calls `visit` on every user of `buffer` and of the views made from it
/// (view-like ops, casts, reshapes). Returns false, and stops, when `visit`
/// returns false or when a user returns a memref that is not such a view
/// (an alias the walk cannot follow); true when every use was visited.
inline bool walkBufferUses(Value buffer,
                           llvm::function_ref<bool(Operation *)> visit) {
  SmallVector<Value> work{buffer};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (Operation *user : v.getUsers()) {
      if (!visit(user))
        return false;
      for (Value r : user->getResults()) {
        if (!isa<BaseMemRefType>(r.getType()))
          continue;
        if (!isa<ViewLikeOpInterface, memref::CastOp, memref::CollapseShapeOp,
                 memref::ExpandShapeOp, memref::ReinterpretCastOp>(user))
          return false;
        work.push_back(r);
      }
    }
  }
  return true;
}

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_BUFFERVIEWS_H
