//===- CHLO.cpp - The chlo subset dialect ---------------------------------===//
//
// Every op has a declarative syntax and no verifier beyond ODS's, so this
// file only registers them. The inliner interface lets `--inline` fold
// JAX's private helpers that hold chlo ops.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/StableHLO/IR/CHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo_subset;

#include "Tofu/Dialect/StableHLO/IR/CHLOOpsDialect.cpp.inc"

namespace {
// Every chlo op of the subset is pure.
struct CHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void CHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tofu/Dialect/StableHLO/IR/CHLOOps.cpp.inc"
      >();
  addInterfaces<CHLOInlinerInterface>();
}

#define GET_OP_CLASSES
#include "Tofu/Dialect/StableHLO/IR/CHLOOps.cpp.inc"
