//===- Convolution.cpp - Structured ops that are DNN library calls --------===//
//
// The matchers of Tofu/Analysis/Convolution.h: each op's indexing maps are
// read as affine functions of the loops and assigned roles (batch, channel,
// output position, window position) in one of the two layouts.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Convolution.h"
#include "Tofu/Analysis/AffineLinear.h"
#include "Tofu/Analysis/MatrixProduct.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using tofu::AffineLinear;
using tofu::DnnCall;
using tofu::getAffineLinear;

StringRef DnnCall::entryPointSuffix() const {
  switch (kind) {
  case ConvFwd:
    return "conv2d_fwd_f32";
  case ConvBwdData:
    return "conv2d_bwd_data_f32";
  case ConvBwdFilter:
    return "conv2d_bwd_filter_f32";
  case PoolFwd:
    return "pool2d_fwd_f32";
  case PoolBwd:
    return "pool2d_bwd_f32";
  }
  llvm_unreachable("unknown DnnCall kind");
}

namespace {

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

// A packed f32 rank-4 memref (cuDNN filter descriptors have no strides),
// or with `anyStrides` any rank-4 one the activations could be.
bool dnnFilter(Value v, bool anyStrides) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || !dnnActivation(v))
    return false;
  if (anyStrides)
    return true;
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
  bool anyFilterStrides;

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
      dw > 0 && ch == 0 && cw == 0 && dnnActivation(r.aV) &&
      dnnFilter(r.bV, r.anyFilterStrides) && dnnActivation(r.outV))
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
      dnnActivation(r.aV) && dnnFilter(r.outV, r.anyFilterStrides))
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
      dw > 0 && ch == 0 && cw == 0 && dnnActivation(r.aV) &&
      dnnFilter(r.bV, r.anyFilterStrides) && dnnActivation(r.outV))
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
      dnnActivation(r.aV) && dnnFilter(r.bV, r.anyFilterStrides) &&
      dnnActivation(r.outV))
    return r.call(DnnCall::ConvBwdData, {r.aV, r.bV, r.outV},
                  {1, 1, (R - 1) * dh, (S - 1) * dw, dh, dw});
  return std::nullopt;
}

} // namespace

// Convolutions: the named NCHW/FCHW and NHWC/FHWC ops, generics of their
// form, and autodiff's gradients of them (see matchConvRoles).
std::optional<DnnCall> tofu::matchConvolution(linalg::LinalgOp op,
                                              bool anyFilterStrides) {
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
                      ranges,
                      anyFilterStrides};
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
std::optional<DnnCall> tofu::matchPooling(linalg::LinalgOp op) {
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
