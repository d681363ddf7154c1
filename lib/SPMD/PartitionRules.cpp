//===- PartitionRules.cpp - The materializer's per-op rules ---------------===//
//
// The rule list the driver tries for each planned op, and the helpers every
// rule shares.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/PartitionRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

Value PartitionContext::indexConst(Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(builder(), loc, v);
}

OpFoldResult PartitionContext::blockOffset(Location loc, int64_t extent,
                                           ArrayRef<unsigned> levelsOf) {
  OpBuilder &b = builder();
  ArrayRef<int64_t> sizes = relayouts().levelSizes();
  Value off;
  int64_t block = extent;
  for (unsigned l : levelsOf) {
    block = paddedBlock(block, sizes[l]);
    Value term = coords()[l];
    if (block != 1)
      term = arith::MulIOp::create(b, loc, term, indexConst(loc, block));
    off = off ? arith::AddIOp::create(b, loc, off, term).getResult() : term;
  }
  if (!off)
    return b.getIndexAttr(0);
  return off;
}

ArrayRef<std::unique_ptr<PartitionRule>> spmd::getPartitionRules() {
  // Reshapes first: they need no description. The iteration-space rule
  // takes every other op it can rebuild as itself; insert_slice / pad it
  // cannot split that way fall to masked copies.
  static const SmallVector<std::unique_ptr<PartitionRule>> rules = [] {
    SmallVector<std::unique_ptr<PartitionRule>> r;
    r.push_back(createReshapeRule());
    r.push_back(createIterationSpaceRule());
    r.push_back(createMaskedSliceRule());
    return r;
  }();
  return rules;
}
