//===- CPULibraryCalls.cpp - Products and convolutions to CPU libraries ---===//
//
// --tofu-cpu-library-calls: on bufferized functions, the products that a
// GEMM can compute and the convolutions and poolings of
// Tofu/Analysis/Convolution.h become calls into libtofu_runtime, which hands
// products and (through im2col) convolutions to OpenBLAS. The matching is
// the GPU conversion's (Tofu/Analysis/MatrixProduct.h, Convolution.h); the
// calls take the same operands as its cuBLAS and cuDNN ones.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Convolution.h"
#include "Tofu/Analysis/MatrixProduct.h"
#include "Tofu/Conversion/LinalgToCPULibrary/Passes.h"
#include "Tofu/Conversion/RuntimeCalls.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUCPULIBRARYCALLS
#include "Tofu/Conversion/LinalgToCPULibrary/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kMatmul = "tofu_rt_cpu_matmul_f32";
constexpr llvm::StringLiteral kBatchMatmul = "tofu_rt_cpu_batch_matmul_f32";

// Function arguments bufferize to fully dynamic layouts: the runtime takes
// any strides (a BLAS call when one of each matrix's strides is 1, loops
// otherwise), so products on them are rewritten too.

// Replaces `op` by a call C = op(A) op(B) + C of the runtime.
LogicalResult rewriteProduct(ModuleOp module, linalg::LinalgOp op,
                             const tofu::MatrixProduct &p) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  SmallVector<Value> args;
  for (Value v : {op.getDpsInputs()[p.swapped ? 1 : 0],
                  op.getDpsInputs()[p.swapped ? 0 : 1], op.getDpsInits()[0]}) {
    auto type = cast<MemRefType>(v.getType());
    auto unranked = UnrankedMemRefType::get(f32, type.getMemorySpace());
    args.push_back(memref::CastOp::create(b, loc, unranked, v));
  }
  args.push_back(arith::ConstantIntOp::create(b, loc, i32, p.transA));
  args.push_back(arith::ConstantIntOp::create(b, loc, i32, p.transB));
  auto type =
      FunctionType::get(b.getContext(), ValueRange(args).getTypes(), {i32});
  FailureOr<func::FuncOp> fn = tofu::declareRuntimeFunction(
      module, p.batched ? kBatchMatmul : kMatmul, type, loc, "CPU runtime");
  if (failed(fn))
    return failure();
  auto call = func::CallOp::create(b, loc, *fn, args);
  tofu::copyOpNames(op, call);
  op->erase();
  return success();
}

/// JAX's dot_generals reach here as generics with more than one batch,
/// row or reduction loop: (b,s,d) x (d,e) has rows b and s, a weight
/// gradient contracts over b and s, attention has batches b and h. Runs of
/// adjacent loops of one kind that stay adjacent in every indexing map fold
/// into one loop, which turns such a generic into the matrix product
/// matchMatrixProduct knows. Only operands with the identity layout are
/// folded (their collapse_shape is then contiguous by construction); an op
/// whose folded operands have other layouts is left as it is.
static void collapseProductLoops(linalg::GenericOp op, RewriterBase &rewriter) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !op.hasPureBufferSemantics() || !tofu::matchMultiplyAccumulate(op))
    return;
  // Convolutions' windows (x + kx) are not loops of a product.
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isProjectedPermutation(); }))
    return;
  SmallVector<utils::IteratorType> kinds = op.getIteratorTypesArray();
  SmallVector<ReassociationIndices> groups;
  for (unsigned d = 0; d < kinds.size();) {
    ReassociationIndices group{static_cast<int64_t>(d)};
    unsigned e = d + 1;
    for (; e < kinds.size() && kinds[e] == kinds[d]; ++e) {
      ReassociationIndices longer = group;
      longer.push_back(e);
      if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(),
                                            {longer}))
        break;
      group = longer;
    }
    if (group.size() > 1)
      groups.push_back(group);
    d = e;
  }
  if (groups.empty())
    return;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    bool folded = llvm::any_of(groups, [&](const ReassociationIndices &g) {
      return llvm::any_of(g, [&](int64_t d) {
        return map.isFunctionOfDim(static_cast<unsigned>(d));
      });
    });
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (folded && (!type || !type.getLayout().isIdentity()))
      return;
  }
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(op, groups, rewriter);
  if (succeeded(collapsed))
    rewriter.eraseOp(op);
}

struct TofuCPULibraryCallsPass
    : public tofu::impl::TofuCPULibraryCallsBase<TofuCPULibraryCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(module.getContext());
    SmallVector<linalg::GenericOp> generics;
    module.walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics)
      collapseProductLoops(op, rewriter);
    SmallVector<std::pair<linalg::LinalgOp, tofu::MatrixProduct>> found;
    SmallVector<std::pair<linalg::LinalgOp, tofu::DnnCall>> dnn;
    module.walk([&](linalg::LinalgOp op) {
      if (std::optional<tofu::MatrixProduct> p =
              tofu::matchMatrixProduct(op, /*dynamicStride=*/true))
        found.push_back({op, *p});
      else if (!convolutions)
        return;
      // Filters of function arguments have strides known at run time; the
      // runtime packs every operand it reads, so any strides do.
      else if (std::optional<tofu::DnnCall> c =
                   tofu::matchConvolution(op, /*anyFilterStrides=*/true))
        dnn.push_back({op, *c});
      else if (std::optional<tofu::DnnCall> c = tofu::matchPooling(op))
        dnn.push_back({op, *c});
    });
    for (auto &[op, p] : found)
      if (failed(rewriteProduct(module, op, p)))
        return signalPassFailure();
    for (auto &[op, c] : dnn)
      if (failed(tofu::replaceByDnnCall(module, op, c, "cpu", "CPU runtime")))
        return signalPassFailure();
  }
};

} // namespace
