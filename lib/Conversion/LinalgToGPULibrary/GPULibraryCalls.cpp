//===- GPULibraryCalls.cpp - cuBLAS calls, GPU collectives, managed memory ===//
//
// --tofu-gpu-library-calls: the project-specific step of the GPU pipeline
// (the GPU lowering pipeline). It works on bufferized functions:
// matrix products become calls into libtofu_runtime_gpu (cuBLAS), the CPU
// runtime's collectives become their GPU versions, host allocations become
// managed memory that kernels, libraries and host code share, and copies
// become linalg.copy so that they run as kernels. See docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/AffineLinear.h"
#include "Tofu/Analysis/MatrixProduct.h"
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h"
#include "Tofu/Conversion/RuntimeCalls.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Transforms/BufferViews.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringSwitch.h"

#include <functional>

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUGPULIBRARYCALLS
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using tofu::AffineLinear;
using tofu::getAffineLinear;

namespace {

// Host code: not inside a kernel (gpu.launch) or a GPU module.
bool onHost(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>() &&
         !op->getParentOfType<gpu::GPUModuleOp>();
}

FailureOr<func::FuncOp> declare(ModuleOp module, StringRef name,
                                FunctionType type, Location loc) {
  return tofu::declareRuntimeFunction(module, name, type, loc, "GPU runtime");
}

//===----------------------------------------------------------------------===//
// Convolutions and poolings (cuDNN)
//===----------------------------------------------------------------------===//

// An affine expression over the loop dimensions as coefficients + constant;
// none for non-linear expressions (mod, div).
// One index of an operand: a loop dimension (dim >= 0), or a window
// position outer * a + inner * b + cst (dim < 0).
struct Index {
  int dim = -1;
  int outer = -1, inner = -1;
  int64_t a = 0, b = 0, cst = 0;
};

std::optional<Index> classify(AffineExpr e, unsigned numDims) {
  std::optional<AffineLinear> l = getAffineLinear(e, numDims);
  if (!l)
    return std::nullopt;
  SmallVector<int> used;
  for (unsigned d = 0; d < numDims; ++d)
    if (l->coeffs[d])
      used.push_back(d);
  Index ix;
  if (used.size() == 1 && l->coeffs[used[0]] == 1 && l->constant == 0) {
    ix.dim = used[0];
    return ix;
  }
  if (used.size() != 2)
    return ix; // some other linear index: neither a dim nor a window
  // The outer (output) position has the positive coefficient; with two
  // positive ones either order names the same window, keep both checks to
  // the callers by trying (d0, d1) as given.
  ix.outer = used[0];
  ix.inner = used[1];
  ix.a = l->coeffs[used[0]];
  ix.b = l->coeffs[used[1]];
  ix.cst = l->constant;
  return ix;
}

// Whether `ix` is outer * a + inner * b + cst with this outer and inner.
bool window(const Index &ix, int outer, int inner, int64_t &a, int64_t &b,
            int64_t &cst) {
  if (ix.dim >= 0)
    return false;
  if (ix.outer == outer && ix.inner == inner) {
    a = ix.a, b = ix.b, cst = ix.cst;
    return true;
  }
  if (ix.outer == inner && ix.inner == outer) {
    a = ix.b, b = ix.a, cst = ix.cst;
    return true;
  }
  return false;
}

// Positions of N, C, H, W in an activation (layout 0: NCHW, 1: NHWC) and of
// K, C, R, S in a filter (0: FCHW, 1: FHWC): the same permutation.
constexpr unsigned kPos[2][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}};

// f32 rank-4 memref with static shape whose strides are known to be
// positive or dynamic (cuDNN tensor descriptors take any positive strides).
bool dnnActivation(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != 4 || !type.getElementType().isF32() ||
      !type.hasStaticShape())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides))
    if (size != 1 && !ShapedType::isDynamic(stride) && stride < 1)
      return false;
  return true;
}

// A packed f32 rank-4 memref (cuDNN filter descriptors have no strides).
bool dnnFilter(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || !dnnActivation(v))
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  int64_t expected = 1;
  for (int i = 3; i >= 0; --i) {
    int64_t size = type.getDimSize(i);
    if (size != 1 && strides[i] != expected)
      return false;
    expected *= size;
  }
  return true;
}

int64_t dimSize(Value v, unsigned i) {
  return cast<MemRefType>(v.getType()).getDimSize(i);
}

struct DnnCall {
  enum Kind { ConvFwd, ConvBwdData, ConvBwdFilter, PoolFwd, PoolBwd } kind;
  int32_t layout = 0;
  int32_t mode = 0;            // pooling
  SmallVector<Value> operands; // memrefs, in the entry point's order
  SmallVector<int64_t> params; // window (pooling), strides, pads, dilations
};

// Every operand index with a static extent: pure dimensions equal the loop
// range, windows stay inside the operand.
bool inBounds(linalg::LinalgOp op, ArrayRef<int64_t> ranges) {
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.hasStaticShape())
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (auto [i, e] : llvm::enumerate(map.getResults())) {
      std::optional<AffineLinear> l = getAffineLinear(e, map.getNumDims());
      if (!l)
        return false;
      int64_t lo = l->constant, hi = l->constant;
      for (unsigned d = 0; d < map.getNumDims(); ++d) {
        if (l->coeffs[d] > 0)
          hi += l->coeffs[d] * (ranges[d] - 1);
        else
          lo += l->coeffs[d] * (ranges[d] - 1);
      }
      if (lo < 0 || hi >= type.getDimSize(i))
        return false;
    }
  }
  return true;
}

/// The affine index of each of the 4 results of `op`'s map for `operand`.
std::optional<SmallVector<Index>> convIndices(linalg::LinalgOp op,
                                              unsigned operand) {
  AffineMap m = op.getIndexingMapsArray()[operand];
  if (m.getNumResults() != 4)
    return std::nullopt;
  SmallVector<Index> out;
  for (AffineExpr e : m.getResults()) {
    std::optional<Index> ix = classify(e, m.getNumDims());
    if (!ix)
      return std::nullopt;
    out.push_back(*ix);
  }
  return out;
}

bool allDistinct(std::initializer_list<int> dims) {
  SmallVector<int> v(dims);
  if (llvm::is_contained(v, -1))
    return false;
  llvm::sort(v);
  return std::adjacent_find(v.begin(), v.end()) == v.end();
}

/// One assignment of a multiply-accumulate convolution's operands to roles:
/// output O, first factor A, second factor B, in one of the two layouts
/// (kPos[layout] gives the batch/channel/row/column positions).
struct ConvRoles {
  linalg::LinalgOp op;
  unsigned layout;
  const unsigned *p;
  const SmallVector<Index> &O, &A, &B;
  Value aV, bV, outV;
  unsigned second; // B's operand number
  ArrayRef<int64_t> ranges;

  int o(unsigned at) const { return O[p[at]].dim; }
  int a(unsigned at) const { return A[p[at]].dim; }
  int b(unsigned at) const { return B[p[at]].dim; }
  DnnCall call(DnnCall::Kind kind, SmallVector<Value> operands,
               SmallVector<int64_t> params) const {
    return DnnCall{kind, (int32_t)layout, 0, std::move(operands),
                   std::move(params)};
  }
};

// Forward: O = y[n,f,oh,ow], A = x[n,c,oh*s+kh*d,..], B = w[f,c,kh,kw].
std::optional<DnnCall> matchConvForward(const ConvRoles &r) {
  int64_t sh, sw, dh, dw, ch, cw;
  int n = r.o(0), f = r.o(1), oh = r.o(2), ow = r.o(3);
  int c = r.b(1), kh = r.b(2), kw = r.b(3);
  if (allDistinct({n, f, oh, ow, c, kh, kw}) && r.b(0) == f && r.a(0) == n &&
      r.a(1) == c && window(r.A[r.p[2]], oh, kh, sh, dh, ch) &&
      window(r.A[r.p[3]], ow, kw, sw, dw, cw) && sh > 0 && sw > 0 && dh > 0 &&
      dw > 0 && ch == 0 && cw == 0 && dnnActivation(r.aV) && dnnFilter(r.bV) &&
      dnnActivation(r.outV))
    return r.call(DnnCall::ConvFwd, {r.aV, r.bV, r.outV},
                  {sh, sw, 0, 0, dh, dw});
  return std::nullopt;
}

// Weight gradient: O = dw[f,c,kh,kw], A = dy[n,f,oh,ow],
// B = x[n,c,oh*s+kh*d,..].
std::optional<DnnCall> matchConvBackwardFilter(const ConvRoles &r) {
  int64_t sh, sw, dh, dw, ch, cw;
  int f = r.o(0), c = r.o(1), kh = r.o(2), kw = r.o(3);
  int n = r.a(0), oh = r.a(2), ow = r.a(3);
  if (allDistinct({n, f, oh, ow, c, kh, kw}) && r.a(1) == f && r.b(0) == n &&
      r.b(1) == c && window(r.B[r.p[2]], oh, kh, sh, dh, ch) &&
      window(r.B[r.p[3]], ow, kw, sw, dw, cw) && sh > 0 && sw > 0 && dh > 0 &&
      dw > 0 && ch == 0 && cw == 0 && dnnActivation(r.bV) &&
      dnnActivation(r.aV) && dnnFilter(r.outV))
    return r.call(DnnCall::ConvBwdFilter, {r.bV, r.aV, r.outV},
                  {sh, sw, 0, 0, dh, dw});
  return std::nullopt;
}

// Input gradient, scatter form: O = dx[n,c,oh*s+kh*d,..],
// A = dy[n,f,oh,ow], B = w[f,c,kh,kw].
std::optional<DnnCall> matchConvBackwardDataScatter(const ConvRoles &r) {
  int64_t sh, sw, dh, dw, ch, cw;
  int n = r.o(0), c = r.o(1);
  int f = r.a(1), oh = r.a(2), ow = r.a(3);
  int kh = r.b(2), kw = r.b(3);
  if (allDistinct({n, f, oh, ow, c, kh, kw}) && r.a(0) == n && r.b(0) == f &&
      r.b(1) == c && window(r.O[r.p[2]], oh, kh, sh, dh, ch) &&
      window(r.O[r.p[3]], ow, kw, sw, dw, cw) && sh > 0 && sw > 0 && dh > 0 &&
      dw > 0 && ch == 0 && cw == 0 && dnnActivation(r.aV) && dnnFilter(r.bV) &&
      dnnActivation(r.outV))
    return r.call(DnnCall::ConvBwdData, {r.aV, r.bV, r.outV},
                  {sh, sw, 0, 0, dh, dw});
  return std::nullopt;
}

// Input gradient, gather form (autodiff's ConvGradients.cpp):
// O = dx[n,c,h,w], A = dyp[n,f,h+kh*d,w+kw*d], B = w[f,c,R-1-kh,S-1-kw]: a
// stride-1 backward-data convolution of dyp with padding (R-1)*d.
std::optional<DnnCall> matchConvBackwardDataGather(const ConvRoles &r) {
  int64_t sh, sw, dh, dw, ch, cw;
  int n = r.o(0), c = r.o(1), h = r.o(2), w = r.o(3);
  int f = r.a(1);
  int64_t R = dimSize(r.bV, r.p[2]), S = dimSize(r.bV, r.p[3]);
  // w's spatial indices: exactly R-1-kh (one dim, coefficient -1).
  auto flipped = [&](AffineExpr e, int64_t size) -> int {
    std::optional<AffineLinear> l = getAffineLinear(e, r.ranges.size());
    if (!l || l->constant != size - 1)
      return -1;
    int found = -1;
    for (unsigned d = 0; d < l->coeffs.size(); ++d) {
      if (!l->coeffs[d])
        continue;
      if (l->coeffs[d] != -1 || found >= 0)
        return -1;
      found = d;
    }
    return found;
  };
  AffineMap bMap = linalg::LinalgOp(r.op).getIndexingMapsArray()[r.second];
  int kh = flipped(bMap.getResult(r.p[2]), R),
      kw = flipped(bMap.getResult(r.p[3]), S);
  if (allDistinct({n, f, h, w, c, kh, kw}) && r.a(0) == n && r.b(0) == f &&
      r.b(1) == c && window(r.A[r.p[2]], h, kh, sh, dh, ch) &&
      window(r.A[r.p[3]], w, kw, sw, dw, cw) && sh == 1 && sw == 1 && dh > 0 &&
      dw > 0 && ch == 0 && cw == 0 && r.ranges[kh] == R && r.ranges[kw] == S &&
      dnnActivation(r.aV) && dnnFilter(r.bV) && dnnActivation(r.outV))
    return r.call(DnnCall::ConvBwdData, {r.aV, r.bV, r.outV},
                  {1, 1, (R - 1) * dh, (S - 1) * dw, dh, dw});
  return std::nullopt;
}

// Convolutions: the named NCHW/FCHW and NHWC/FHWC ops, generics of their
// form, and autodiff's gradients of them (see matchConvRoles).
std::optional<DnnCall> matchConv(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 7 || op.getNumDpsInputs() < 2 ||
      op.getNumDpsInputs() > 3)
    return std::nullopt;
  std::optional<std::pair<unsigned, unsigned>> mac =
      tofu::matchMultiplyAccumulate(op);
  if (!mac)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic) || !inBounds(op, ranges))
    return std::nullopt;
  unsigned numInputs = op.getNumDpsInputs();
  Block &body = op->getRegion(0).front();
  // A third input may only be a window (its values unused, two loop dims).
  for (unsigned i = 0; i < numInputs; ++i) {
    if (i == mac->first || i == mac->second)
      continue;
    if (!body.getArgument(i).use_empty())
      return std::nullopt;
    AffineMap m = op.getMatchingIndexingMap(op.getDpsInputOperand(i));
    if (m.getNumResults() != 2 || !m.isProjectedPermutation())
      return std::nullopt;
  }
  Value outV = op.getDpsInits()[0];
  std::optional<SmallVector<Index>> O = convIndices(op, numInputs);
  if (!O)
    return std::nullopt;
  for (unsigned layout = 0; layout < 2; ++layout) {
    for (auto [first, second] : {std::make_pair(mac->first, mac->second),
                                 std::make_pair(mac->second, mac->first)}) {
      std::optional<SmallVector<Index>> A = convIndices(op, first),
                                        B = convIndices(op, second);
      if (!A || !B)
        return std::nullopt;
      ConvRoles roles{op,
                      layout,
                      kPos[layout],
                      *O,
                      *A,
                      *B,
                      op->getOperand(first),
                      op->getOperand(second),
                      outV,
                      second,
                      ranges};
      for (auto match :
           {matchConvForward, matchConvBackwardFilter,
            matchConvBackwardDataScatter, matchConvBackwardDataGather})
        if (std::optional<DnnCall> c = match(roles))
          return c;
    }
  }
  return std::nullopt;
}

// Poolings: the named max/sum poolings (no dilation) and the scatter-form
// gradient of a sum pooling, dx[n,c,oh*s+kh,..] += dy[n,c,oh,ow].
std::optional<DnnCall> matchPool(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return std::nullopt;
  auto named = [&](auto pool, int32_t layout,
                   int32_t mode) -> std::optional<DnnCall> {
    if (!llvm::all_of(pool.getDilations().template getValues<int64_t>(),
                      [](int64_t d) { return d == 1; }))
      return std::nullopt;
    SmallVector<int64_t> s(pool.getStrides().template getValues<int64_t>());
    Value x = pool.getDpsInputs()[0], win = pool.getDpsInputs()[1],
          y = pool.getDpsInits()[0];
    auto winType = dyn_cast<MemRefType>(win.getType());
    if (s.size() != 2 || !winType || !winType.hasStaticShape() ||
        winType.getRank() != 2 || !dnnActivation(x) || !dnnActivation(y))
      return std::nullopt;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (llvm::any_of(ranges, ShapedType::isDynamic) || !inBounds(op, ranges))
      return std::nullopt;
    return DnnCall{
        DnnCall::PoolFwd,
        layout,
        mode,
        {x, y},
        {winType.getDimSize(0), winType.getDimSize(1), s[0], s[1], 0, 0}};
  };
  if (auto p = dyn_cast<linalg::PoolingNchwMaxOp>(op.getOperation()))
    return named(p, 0, 0);
  if (auto p = dyn_cast<linalg::PoolingNhwcMaxOp>(op.getOperation()))
    return named(p, 1, 0);
  if (auto p = dyn_cast<linalg::PoolingNchwSumOp>(op.getOperation()))
    return named(p, 0, 1);
  if (auto p = dyn_cast<linalg::PoolingNhwcSumOp>(op.getOperation()))
    return named(p, 1, 1);

  // Sum-pooling gradient: inputs dy and a window, body out + dy.
  if (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != 2 ||
      op.getNumLoops() != 6)
    return std::nullopt;
  Block &body = op->getRegion(0).front();
  if (body.getOperations().size() != 2)
    return std::nullopt;
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield && yield.getNumOperands() == 1
                 ? yield.getOperand(0).getDefiningOp<arith::AddFOp>()
                 : nullptr;
  if (!add)
    return std::nullopt;
  BlockArgument out = body.getArgument(2);
  Value other = add.getLhs() == out   ? add.getRhs()
                : add.getRhs() == out ? add.getLhs()
                                      : Value();
  auto in = dyn_cast_or_null<BlockArgument>(other);
  if (!in || in.getOwner() != &body || in.getArgNumber() > 1 ||
      !body.getArgument(1 - in.getArgNumber()).use_empty())
    return std::nullopt;
  unsigned dyNo = in.getArgNumber(), winNo = 1 - dyNo;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic) || !inBounds(op, ranges))
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap winMap = maps[winNo];
  if (winMap.getNumResults() != 2 || !winMap.isProjectedPermutation())
    return std::nullopt;
  int kh = cast<AffineDimExpr>(winMap.getResult(0)).getPosition(),
      kw = cast<AffineDimExpr>(winMap.getResult(1)).getPosition();
  Value dy = op->getOperand(dyNo), dx = op.getDpsInits()[0];
  if (maps[dyNo].getNumResults() != 4 || maps[2].getNumResults() != 4 ||
      !dnnActivation(dy) || !dnnActivation(dx))
    return std::nullopt;
  for (unsigned layout = 0; layout < 2; ++layout) {
    const unsigned *p = kPos[layout];
    SmallVector<Index> D, X;
    for (unsigned i = 0; i < 4; ++i) {
      std::optional<Index> a = classify(maps[dyNo].getResult(i), 6),
                           b = classify(maps[2].getResult(i), 6);
      if (!a || !b)
        return std::nullopt;
      D.push_back(*a);
      X.push_back(*b);
    }
    int n = D[p[0]].dim, c = D[p[1]].dim, oh = D[p[2]].dim, ow = D[p[3]].dim;
    SmallVector<int> all = {n, c, oh, ow, kh, kw};
    SmallVector<int> sorted(all);
    llvm::sort(sorted);
    if (llvm::is_contained(all, -1) ||
        std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      continue;
    int64_t sh, sw, dh, dw, ch, cw;
    if (X[p[0]].dim == n && X[p[1]].dim == c &&
        window(X[p[2]], oh, kh, sh, dh, ch) &&
        window(X[p[3]], ow, kw, sw, dw, cw) && sh > 0 && sw > 0 && dh == 1 &&
        dw == 1 && ch == 0 && cw == 0)
      // y and x are not read by a sum pooling's gradient: dy and dx stand
      // in for them.
      return DnnCall{DnnCall::PoolBwd,
                     (int32_t)layout,
                     1,
                     {dy, dy, dx, dx},
                     {ranges[kh], ranges[kw], sh, sw, 0, 0}};
  }
  return std::nullopt;
}

struct TofuGPULibraryCallsPass
    : public tofu::impl::TofuGPULibraryCallsBase<TofuGPULibraryCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (memory != "managed" && memory != "device") {
      module.emitError() << "--tofu-gpu-library-calls: memory='" << memory
                         << "'; use managed or device";
      return signalPassFailure();
    }
    if (hostMemory) {
      // Library calls only: the program keeps running on the CPU (tests
      // link a reference library of the same entry points).
      if ((cudnn && failed(dnnToCudnn(module))) ||
          (cublas && failed(productsToCublas(module))))
        signalPassFailure();
      return;
    }
    if (failed(copiesToKernels(module)) ||
        (cudnn && failed(dnnToCudnn(module))) ||
        (cublas && failed(productsToCublas(module))) ||
        failed(collectivesToGpu(module)) || failed(managedMemory(module)))
      signalPassFailure();
  }

  // memref.copy -> linalg.copy (a kernel after the upstream passes).
  LogicalResult copiesToKernels(ModuleOp module) {
    SmallVector<memref::CopyOp> copies;
    module.walk([&](memref::CopyOp op) {
      if (onHost(op))
        copies.push_back(op);
    });
    for (memref::CopyOp op : copies) {
      OpBuilder b(op);
      linalg::CopyOp::create(b, op.getLoc(), op.getSource(), op.getTarget());
      op.erase();
    }
    return success();
  }

  LogicalResult productsToCublas(ModuleOp module) {
    SmallVector<std::pair<linalg::LinalgOp, tofu::MatrixProduct>> found;
    module.walk([&](linalg::LinalgOp op) {
      if (!onHost(op))
        return;
      if (std::optional<tofu::MatrixProduct> p = tofu::matchMatrixProduct(op))
        found.push_back({op, *p});
    });
    if (found.empty())
      return success();
    MLIRContext *ctx = module.getContext();
    Type f32 = Float32Type::get(ctx);
    Type i32 = IntegerType::get(ctx, 32);
    for (auto &[op, p] : found) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      SmallVector<Value> operands = {op.getDpsInputs()[p.swapped ? 1 : 0],
                                     op.getDpsInputs()[p.swapped ? 0 : 1],
                                     op.getDpsInits()[0]};
      SmallVector<Value> args;
      for (Value v : operands) {
        auto type = cast<MemRefType>(v.getType());
        auto unranked = UnrankedMemRefType::get(f32, type.getMemorySpace());
        args.push_back(memref::CastOp::create(b, loc, unranked, v));
      }
      args.push_back(arith::ConstantIntOp::create(b, loc, i32, p.transA));
      args.push_back(arith::ConstantIntOp::create(b, loc, i32, p.transB));
      auto type = FunctionType::get(ctx, ValueRange(args).getTypes(), {i32});
      FailureOr<func::FuncOp> fn = declare(
          module,
          p.batched ? "tofu_rt_gpu_batch_matmul_f32" : "tofu_rt_gpu_matmul_f32",
          type, loc);
      if (failed(fn))
        return failure();
      auto call = func::CallOp::create(b, loc, *fn, args);
      if (Attribute name = op->getAttr(tofu::kNameAttrName))
        call->setAttr(tofu::kNameAttrName, name);
      op->erase();
    }
    return success();
  }

  // Convolutions and poolings -> @tofu_rt_gpu_{conv2d,pool2d}_*_f32.
  LogicalResult dnnToCudnn(ModuleOp module) {
    SmallVector<std::pair<linalg::LinalgOp, DnnCall>> found;
    module.walk([&](linalg::LinalgOp op) {
      if (!onHost(op))
        return;
      if (std::optional<DnnCall> c = matchConv(op))
        found.push_back({op, *c});
      else if (std::optional<DnnCall> c = matchPool(op))
        found.push_back({op, *c});
    });
    MLIRContext *ctx = module.getContext();
    Type f32 = Float32Type::get(ctx);
    Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
    for (auto &[op, c] : found) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      SmallVector<Value> args;
      for (Value v : c.operands) {
        auto type = cast<MemRefType>(v.getType());
        auto unranked = UnrankedMemRefType::get(f32, type.getMemorySpace());
        args.push_back(memref::CastOp::create(b, loc, unranked, v));
      }
      args.push_back(arith::ConstantIntOp::create(b, loc, i32, c.layout));
      if (c.kind == DnnCall::PoolFwd || c.kind == DnnCall::PoolBwd)
        args.push_back(arith::ConstantIntOp::create(b, loc, i32, c.mode));
      for (int64_t x : c.params)
        args.push_back(arith::ConstantIntOp::create(b, loc, i64, x));
      static const char *names[] = {
          "tofu_rt_gpu_conv2d_fwd_f32", "tofu_rt_gpu_conv2d_bwd_data_f32",
          "tofu_rt_gpu_conv2d_bwd_filter_f32", "tofu_rt_gpu_pool2d_fwd_f32",
          "tofu_rt_gpu_pool2d_bwd_f32"};
      auto type = FunctionType::get(ctx, ValueRange(args).getTypes(), {i32});
      FailureOr<func::FuncOp> fn = declare(module, names[c.kind], type, loc);
      if (failed(fn))
        return failure();
      auto call = func::CallOp::create(b, loc, *fn, args);
      tofu::copyOpNames(op, call);
      op->erase();
    }
    return success();
  }

  // @tofu_rt_<c>_memref_f32 -> @tofu_rt_gpu_<c>_memref_f32.
  LogicalResult collectivesToGpu(ModuleOp module) {
    // The collectives of other element types (every type but f32, and f64
    // outside all-reduce) have no GPU entry points yet; the host-side CPU
    // functions cannot read device memory, so refuse them here.
    WalkResult generic = module.walk([&](func::CallOp call) {
      StringRef callee = call.getCallee();
      if (callee.starts_with("tofu_rt_") &&
          !callee.starts_with("tofu_rt_gpu_") && callee.contains("_memref_") &&
          !callee.ends_with("_memref_f32") &&
          callee != "tofu_rt_all_reduce_memref_f64") {
        call.emitOpError("calls ")
            << callee << " on "
            << cast<UnrankedMemRefType>(call.getOperandTypes()[0])
                   .getElementType()
            << " data; the GPU runtime's collectives move f32 tensors (and "
               "all-reduce f64) only";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (generic.wasInterrupted())
      return failure();
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      StringRef callee = call.getCallee();
      if (callee.starts_with("tofu_rt_") &&
          !callee.starts_with("tofu_rt_gpu_") &&
          (callee.ends_with("_memref_f32") ||
           callee == "tofu_rt_all_reduce_memref_f64"))
        calls.push_back(call);
    });
    llvm::SmallDenseSet<StringRef> replaced;
    for (func::CallOp call : calls) {
      StringRef callee = call.getCallee();
      std::string name = ("tofu_rt_gpu_" + callee.drop_front(8)).str();
      auto type = FunctionType::get(module.getContext(), call.getOperandTypes(),
                                    call.getResultTypes());
      FailureOr<func::FuncOp> fn = declare(module, name, type, call.getLoc());
      if (failed(fn))
        return failure();
      call.setCallee(name);
      replaced.insert(callee);
    }
    for (StringRef old : replaced)
      if (auto fn = module.lookupSymbol<func::FuncOp>(old))
        if (fn.isExternal() && SymbolTable::symbolKnownUseEmpty(fn, module))
          fn.erase();
    return success();
  }

  // Whether the buffer `v` may reach a result of its function: through
  // views and casts to a return, or through an op we cannot follow (a
  // memref result that is not a view, a region terminator).
  static bool mayEscape(Value v) {
    return !tofu::walkBufferUses(v, [](Operation *user) {
      return !user->hasTrait<OpTrait::IsTerminator>();
    });
  }

  // Host allocations -> GPU memory: managed (gpu.alloc host_shared), or
  // with memory=device, device memory for what does not escape.
  LogicalResult managedMemory(ModuleOp module) {
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
              memref::GetGlobalOp>(op) &&
          onHost(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      bool device = memory == "device";
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        op->getResult(0).replaceAllUsesWith(
            gpuBuffer(b, loc, alloc.getType(), alloc.getDynamicSizes(),
                      alloc.getSymbolOperands(),
                      !device || mayEscape(alloc.getResult())));
        op->erase();
      } else if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
        op->getResult(0).replaceAllUsesWith(
            gpuBuffer(b, loc, alloca.getType(), alloca.getDynamicSizes(),
                      alloca.getSymbolOperands(),
                      !device || mayEscape(alloca.getResult())));
        op->erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpuFree(b, loc, dealloc.getMemref());
        op->erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // Globals live in host memory: copy them into GPU memory that
        // kernels can read (on the host into managed memory; with
        // memory=device, a gpu.memcpy into device memory).
        auto type = global.getType();
        if (!type.getLayout().isIdentity())
          return global.emitError()
                 << "the GPU lowering supports only globals with the "
                    "identity layout";
        b.setInsertionPointAfter(op);
        Value copy = gpuBuffer(b, loc, type, {}, {}, /*hostShared=*/!device);
        global.getResult().replaceAllUsesWith(copy);
        if (device) {
          // The GPU-to-LLVM lowering takes device copies in async form only.
          Type token = gpu::AsyncTokenType::get(b.getContext());
          Value ready =
              gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
          Value done = gpu::MemcpyOp::create(b, loc, token, ValueRange{ready},
                                             copy, global.getResult())
                           .getAsyncToken();
          gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
        } else
          memref::CopyOp::create(b, loc, global.getResult(), copy);
        // The copy is freed when the function returns (unless returned).
        Operation *end = op->getBlock()->getTerminator();
        if (isa<func::ReturnOp>(end) && !mayEscape(copy)) {
          b.setInsertionPoint(end);
          gpuFree(b, loc, copy);
        }
      }
    }
    return success();
  }

  // An asynchronous gpu.dealloc of `buffer`, waited for.
  void gpuFree(OpBuilder &b, Location loc, Value buffer) {
    Type token = gpu::AsyncTokenType::get(b.getContext());
    Value ready =
        gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
    Value done =
        gpu::DeallocOp::create(b, loc, token, ValueRange{ready}, buffer)
            .getAsyncToken();
    gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
  }

  // Managed (hostShared) or device memory. The GPU-to-LLVM lowering takes
  // device allocations in async form only: an awaited one is emitted.
  Value gpuBuffer(OpBuilder &b, Location loc, MemRefType type,
                  ValueRange dynamicSizes, ValueRange symbols,
                  bool hostShared) {
    if (hostShared)
      return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                  /*asyncDependencies=*/ValueRange{},
                                  dynamicSizes, symbols, /*hostShared=*/true)
          .getMemref();
    Type token = gpu::AsyncTokenType::get(b.getContext());
    Value ready =
        gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
    auto alloc = gpu::AllocOp::create(b, loc, type, token, ValueRange{ready},
                                      dynamicSizes, symbols,
                                      /*hostShared=*/false);
    gpu::WaitOp::create(b, loc, Type(), ValueRange{alloc.getAsyncToken()});
    return alloc.getMemref();
  }
};

} // namespace
