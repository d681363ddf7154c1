//===- ZooBuilder.cpp - Structured-op building blocks for tofu-zoo --------===//

#include "ZooBuilder.h"

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"

#include <cmath>
#include <limits>
#include <utility>

using namespace mlir;
using namespace ::tofu::zoo;
using utils::IteratorType;

namespace {
/// Tensors beyond this many elements would overflow the summary's byte and
/// FLOP arithmetic; the tool refuses them.
constexpr int64_t kMaxElements = int64_t(1) << 46;

AffineMap identityMap(MLIRContext *ctx, unsigned rank) {
  return AffineMap::getMultiDimIdentityMap(rank, ctx);
}

/// (d0, ..., d{rank-1}) -> (d{dims[0]}, d{dims[1]}, ...).
AffineMap projection(MLIRContext *ctx, unsigned rank, ArrayRef<unsigned> dims) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d : dims)
    exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

SmallVector<OpFoldResult> indexAttrs(OpBuilder &b, ArrayRef<int64_t> values) {
  SmallVector<OpFoldResult> out;
  for (int64_t v : values)
    out.push_back(b.getIndexAttr(v));
  return out;
}
} // namespace

ZooBuilder::ZooBuilder(MLIRContext *ctx)
    : ctx(ctx), module(ModuleOp::create(UnknownLoc::get(ctx))), builder(ctx) {
  func = func::FuncOp::create(UnknownLoc::get(ctx), "forward",
                              builder.getFunctionType({}, {}));
  module->push_back(func);
  entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);
}

void ZooBuilder::finish(Value loss) {
  auto ret = func::ReturnOp::create(builder, loc(), loss);
  // The terminator belongs to no layer: name it outside the current scopes.
  SmallVector<std::string> savedScopes = std::exchange(scopes, {});
  tag(ret, "return");
  scopes = std::move(savedScopes);
  func.setType(builder.getFunctionType(entry->getArgumentTypes(),
                                       TypeRange{loss.getType()}));
  SmallVector<DictionaryAttr> argAttrs(paramAttrs);
  argAttrs.append(inputAttrs.begin(), inputAttrs.end());
  func.setAllArgAttrs(argAttrs);
}

//===----------------------------------------------------------------------===//
// Naming
//===----------------------------------------------------------------------===//

ZooBuilder::Scope::Scope(ZooBuilder &b, StringRef component) : builder(b) {
  builder.scopes.push_back(component.str());
}

ZooBuilder::Scope::~Scope() { builder.scopes.pop_back(); }

ZooBuilder::StepScope::StepScope(ZooBuilder &b, int64_t step)
    : builder(b), saved(b.step) {
  builder.step = step;
}

ZooBuilder::StepScope::~StepScope() { builder.step = saved; }

std::string ZooBuilder::uniqueName(StringRef leaf) {
  std::string base;
  for (const std::string &s : scopes) {
    base += s;
    base += '.';
  }
  base += leaf.str();
  std::string name = base;
  for (unsigned i = 1; usedNames.contains(name); ++i)
    name = base + "." + std::to_string(i);
  usedNames.insert(name);
  return name;
}

void ZooBuilder::tag(Operation *op, StringRef leaf) {
  MLIRContext *ctx = builder.getContext();
  mlir::tofu::TofuDialect::NameAttrHelper(ctx).setAttr(
      op, builder.getStringAttr(uniqueName(leaf)));
  if (step)
    mlir::tofu::TofuDialect::StepAttrHelper(ctx).setAttr(
        op, builder.getI64IntegerAttr(*step));
}

//===----------------------------------------------------------------------===//
// Function arguments
//===----------------------------------------------------------------------===//

Value ZooBuilder::param(StringRef leaf, ArrayRef<int64_t> shape) {
  Value arg = entry->insertArgument(numParams++, tensorType(shape), loc());
  NamedAttribute attrs[] = {
      builder.getNamedAttr(mlir::tofu::kNameAttrName,
                           builder.getStringAttr(uniqueName(leaf))),
      builder.getNamedAttr(mlir::tofu::kParamAttrName, builder.getUnitAttr())};
  paramAttrs.push_back(builder.getDictionaryAttr(attrs));
  return arg;
}

Value ZooBuilder::input(StringRef leaf, ArrayRef<int64_t> shape,
                        int64_t batchDim) {
  Value arg = entry->addArgument(tensorType(shape), loc());
  SmallVector<NamedAttribute> attrs{builder.getNamedAttr(
      mlir::tofu::kNameAttrName, builder.getStringAttr(uniqueName(leaf)))};
  if (batchDim != 0)
    attrs.push_back(builder.getNamedAttr(mlir::tofu::kBatchDimAttrName,
                                         builder.getI64IntegerAttr(batchDim)));
  inputAttrs.push_back(builder.getDictionaryAttr(attrs));
  return arg;
}

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

RankedTensorType ZooBuilder::tensorType(ArrayRef<int64_t> shape) {
  int64_t elements = 1;
  for (int64_t d : shape) {
    if (d <= 0 || elements > kMaxElements / d) {
      oversized = true;
      break;
    }
    elements *= d;
  }
  return RankedTensorType::get(shape, builder.getF32Type());
}

Value ZooBuilder::constant(double value, StringRef leaf) {
  auto op =
      arith::ConstantOp::create(builder, loc(), builder.getF32FloatAttr(value));
  tag(op, leaf);
  return op;
}

Value ZooBuilder::empty(ArrayRef<int64_t> shape, StringRef leaf) {
  RankedTensorType type = tensorType(shape);
  auto op = tensor::EmptyOp::create(builder, loc(), type.getShape(),
                                    type.getElementType());
  tag(op, leaf);
  return op;
}

Value ZooBuilder::filled(ArrayRef<int64_t> shape, double value,
                         StringRef leaf) {
  Value init = empty(shape, (leaf + ".empty").str());
  Value cst = constant(value, (leaf + ".value").str());
  auto op =
      linalg::FillOp::create(builder, loc(), ValueRange{cst}, ValueRange{init});
  tag(op, leaf);
  return op.getResult(0);
}

//===----------------------------------------------------------------------===//
// Structured ops
//===----------------------------------------------------------------------===//

Value ZooBuilder::matmul(Value lhs, Value rhs, StringRef leaf) {
  ArrayRef<int64_t> a = shapeOf(lhs), b = shapeOf(rhs);
  assert(a.size() == 2 && b.size() == 2 && a[1] == b[0] && "bad matmul");
  Value init = filled({a[0], b[1]}, 0.0, (leaf + ".init").str());
  auto op = linalg::MatmulOp::create(builder, loc(), TypeRange{init.getType()},
                                     ValueRange{lhs, rhs}, ValueRange{init});
  tag(op, leaf);
  return op.getResult(0);
}

Value ZooBuilder::batchMatmul(Value lhs, Value rhs, StringRef leaf) {
  ArrayRef<int64_t> a = shapeOf(lhs), b = shapeOf(rhs);
  assert(a.size() == 3 && b.size() == 3 && a[0] == b[0] && a[2] == b[1] &&
         "bad batch_matmul");
  Value init = filled({a[0], a[1], b[2]}, 0.0, (leaf + ".init").str());
  auto op =
      linalg::BatchMatmulOp::create(builder, loc(), TypeRange{init.getType()},
                                    ValueRange{lhs, rhs}, ValueRange{init});
  tag(op, leaf);
  return op.getResult(0);
}

static Value padSpatial(OpBuilder &builder, Location loc, Value input,
                        int64_t pad, Value padValue) {
  ArrayRef<int64_t> s = shapeOf(input);
  SmallVector<int64_t> shape(s);
  shape[2] += 2 * pad;
  shape[3] += 2 * pad;
  auto type = RankedTensorType::get(shape, builder.getF32Type());
  SmallVector<OpFoldResult> low = indexAttrs(builder, {0, 0, pad, pad});
  return tensor::PadOp::create(builder, loc, type, input, low, low, padValue);
}

Value ZooBuilder::conv2d(Value input, Value filter, int64_t stride, int64_t pad,
                         StringRef leaf) {
  if (pad > 0) {
    Value zero = constant(0.0, (leaf + ".pad.value").str());
    input = padSpatial(builder, loc(), input, pad, zero);
    tag(input.getDefiningOp(), (leaf + ".pad").str());
  }
  ArrayRef<int64_t> x = shapeOf(input), w = shapeOf(filter);
  assert(x.size() == 4 && w.size() == 4 && x[1] == w[1] && "bad conv");
  int64_t oh = (x[2] - w[2]) / stride + 1, ow = (x[3] - w[3]) / stride + 1;
  Value init = filled({x[0], w[0], oh, ow}, 0.0, (leaf + ".init").str());
  NamedAttribute attrs[] = {
      builder.getNamedAttr("strides",
                           builder.getI64TensorAttr({stride, stride})),
      builder.getNamedAttr("dilations", builder.getI64TensorAttr({1, 1}))};
  auto op = linalg::Conv2DNchwFchwOp::create(
      builder, loc(), TypeRange{init.getType()}, ValueRange{input, filter},
      ValueRange{init}, attrs);
  tag(op, leaf);
  return op.getResult(0);
}

Value ZooBuilder::maxPool2d(Value input, int64_t window, int64_t stride,
                            int64_t pad, StringRef leaf) {
  double ninf = -std::numeric_limits<double>::infinity();
  if (pad > 0) {
    Value lowest = constant(ninf, (leaf + ".pad.value").str());
    input = padSpatial(builder, loc(), input, pad, lowest);
    tag(input.getDefiningOp(), (leaf + ".pad").str());
  }
  ArrayRef<int64_t> x = shapeOf(input);
  int64_t oh = (x[2] - window) / stride + 1, ow = (x[3] - window) / stride + 1;
  Value init = filled({x[0], x[1], oh, ow}, ninf, (leaf + ".init").str());
  Value kernel = empty({window, window}, (leaf + ".window").str());
  NamedAttribute attrs[] = {
      builder.getNamedAttr("strides",
                           builder.getI64TensorAttr({stride, stride})),
      builder.getNamedAttr("dilations", builder.getI64TensorAttr({1, 1}))};
  auto op = linalg::PoolingNchwMaxOp::create(
      builder, loc(), TypeRange{init.getType()}, ValueRange{input, kernel},
      ValueRange{init}, attrs);
  tag(op, leaf);
  return op.getResult(0);
}

Value ZooBuilder::transpose(Value input, ArrayRef<int64_t> perm,
                            StringRef leaf) {
  ArrayRef<int64_t> s = shapeOf(input);
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(s[p]);
  Value init = empty(shape, (leaf + ".init").str());
  auto op = linalg::TransposeOp::create(builder, loc(), input, init, perm);
  tag(op, leaf);
  return op->getResult(0);
}

Value ZooBuilder::expandShape(Value input, ArrayRef<int64_t> shape,
                              ArrayRef<ReassociationIndices> groups,
                              StringRef leaf) {
  auto op = tensor::ExpandShapeOp::create(builder, loc(), tensorType(shape),
                                          input, groups);
  tag(op, leaf);
  return op;
}

Value ZooBuilder::collapseShape(Value input,
                                ArrayRef<ReassociationIndices> groups,
                                StringRef leaf) {
  auto op = tensor::CollapseShapeOp::create(builder, loc(), input, groups);
  tag(op, leaf);
  return op;
}

Value ZooBuilder::slice(Value input, ArrayRef<int64_t> offsets,
                        ArrayRef<int64_t> sizes, ArrayRef<int64_t> dropDims,
                        StringRef leaf) {
  SmallVector<int64_t> shape;
  for (auto [i, size] : llvm::enumerate(sizes))
    if (!llvm::is_contained(dropDims, int64_t(i)))
      shape.push_back(size);
  SmallVector<int64_t> ones(sizes.size(), 1);
  auto op = tensor::ExtractSliceOp::create(
      builder, loc(), tensorType(shape), input, indexAttrs(builder, offsets),
      indexAttrs(builder, sizes), indexAttrs(builder, ones));
  tag(op, leaf);
  return op;
}

Value ZooBuilder::elementwise(ValueRange inputs, ArrayRef<AffineMap> inputMaps,
                              ArrayRef<int64_t> outShape, BodyFn body,
                              StringRef leaf) {
  Value init = empty(outShape, (leaf + ".init").str());
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(identityMap(ctx, outShape.size()));
  SmallVector<IteratorType> iterators(outShape.size(), IteratorType::parallel);
  auto op = linalg::GenericOp::create(
      builder, loc(), TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        Value result = body(b, l, args.drop_back());
        linalg::YieldOp::create(b, l, result);
      });
  tag(op, leaf);
  return op.getResult(0);
}

Value ZooBuilder::map(ValueRange inputs, BodyFn body, StringRef leaf) {
  ArrayRef<int64_t> outShape = shapeOf(inputs.front());
  unsigned rank = outShape.size();
  SmallVector<AffineMap> maps;
  for (Value v : inputs) {
    ArrayRef<int64_t> s = shapeOf(v);
    assert(s.size() <= rank && s == outShape.take_back(s.size()) &&
           "operands must broadcast along leading dimensions");
    SmallVector<unsigned> dims;
    for (unsigned d = rank - s.size(); d < rank; ++d)
      dims.push_back(d);
    maps.push_back(projection(ctx, rank, dims));
  }
  return elementwise(inputs, maps, outShape, std::move(body), leaf);
}

Value ZooBuilder::reduce(ValueRange inputs, ArrayRef<AffineMap> inputMaps,
                         ArrayRef<int64_t> loopShape,
                         ArrayRef<IteratorType> iterators, AffineMap outMap,
                         ArrayRef<int64_t> outShape, double init, BodyFn body,
                         StringRef leaf) {
  assert(loopShape.size() == iterators.size() && "bad reduction");
  (void)loopShape;
  Value acc = filled(outShape, init, (leaf + ".init").str());
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(outMap);
  auto op = linalg::GenericOp::create(
      builder, loc(), TypeRange{acc.getType()}, inputs, ValueRange{acc}, maps,
      iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l, body(b, l, args));
      });
  tag(op, leaf);
  return op.getResult(0);
}

//===----------------------------------------------------------------------===//
// Layers
//===----------------------------------------------------------------------===//

Value ZooBuilder::f32(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

Value ZooBuilder::sigmoid(OpBuilder &b, Location loc, Value x) {
  // 1 / (1 + exp(-x)).
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  Value one = f32(b, loc, 1.0);
  return arith::DivFOp::create(b, loc, one,
                               arith::AddFOp::create(b, loc, one, e));
}

Value ZooBuilder::addBias(Value x, Value bias, StringRef leaf) {
  return map(
      {x, bias},
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::AddFOp::create(b, l, a[0], a[1]);
      },
      leaf);
}

Value ZooBuilder::relu(Value x, StringRef leaf) {
  return map(
      {x},
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::MaximumFOp::create(b, l, a[0], f32(b, l, 0.0));
      },
      leaf);
}

Value ZooBuilder::add(Value a, Value b, StringRef leaf) {
  return map(
      {a, b},
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return arith::AddFOp::create(ob, l, v[0], v[1]);
      },
      leaf);
}

Value ZooBuilder::scale(Value x, double factor, StringRef leaf) {
  return map(
      {x},
      [factor](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::MulFOp::create(b, l, a[0], f32(b, l, factor));
      },
      leaf);
}

Value ZooBuilder::dense(Value x, int64_t outFeatures, bool withBias) {
  int64_t inFeatures = shapeOf(x)[1];
  Value w = param("weight", {inFeatures, outFeatures});
  Value y = matmul(x, w, "matmul");
  if (!withBias)
    return y;
  Value b = param("bias", {outFeatures});
  return addBias(y, b, "bias_add");
}

Value ZooBuilder::layerNorm(Value x) {
  ArrayRef<int64_t> s = shapeOf(x);
  int64_t n = s[0], h = s[1];
  Value gamma = param("gamma", {h});
  Value beta = param("beta", {h});
  AffineMap id = identityMap(ctx, 2);
  AffineMap rows = projection(ctx, 2, {0});
  AffineMap cols = projection(ctx, 2, {1});
  IteratorType rowReduce[] = {IteratorType::parallel, IteratorType::reduction};
  auto addAcc = [](OpBuilder &b, Location l, ValueRange a) -> Value {
    return arith::AddFOp::create(b, l, a[0], a[1]);
  };
  Value sum =
      reduce({x}, {id}, {n, h}, rowReduce, rows, {n}, 0.0, addAcc, "mean_sum");
  Value mean = scale(sum, 1.0 / double(h), "mean");
  Value centred = elementwise(
      {x, mean}, {id, rows}, {n, h},
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::SubFOp::create(b, l, a[0], a[1]);
      },
      "centre");
  Value sq = reduce(
      {centred}, {id}, {n, h}, rowReduce, rows, {n}, 0.0,
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        Value sq = arith::MulFOp::create(b, l, a[0], a[0]);
        return arith::AddFOp::create(b, l, sq, a[1]);
      },
      "var_sum");
  Value rstd = map(
      {sq},
      [h](OpBuilder &b, Location l, ValueRange a) -> Value {
        // 1 / sqrt(sum / h + eps).
        Value var = arith::MulFOp::create(b, l, a[0], f32(b, l, 1.0 / h));
        Value eps = arith::AddFOp::create(b, l, var, f32(b, l, 1e-5));
        Value sd = math::SqrtOp::create(b, l, eps);
        return arith::DivFOp::create(b, l, f32(b, l, 1.0), sd);
      },
      "rstd");
  return elementwise(
      {centred, rstd, gamma, beta}, {id, rows, cols, cols}, {n, h},
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        Value norm = arith::MulFOp::create(b, l, a[0], a[1]);
        Value scaled = arith::MulFOp::create(b, l, norm, a[2]);
        return arith::AddFOp::create(b, l, scaled, a[3]);
      },
      "normalize");
}

Value ZooBuilder::softmaxLastDim(Value x) {
  ArrayRef<int64_t> s = shapeOf(x);
  SmallVector<int64_t> shape(s);
  AffineMap id = identityMap(ctx, 3);
  AffineMap outer = projection(ctx, 3, {0, 1});
  IteratorType lastReduce[] = {IteratorType::parallel, IteratorType::parallel,
                               IteratorType::reduction};
  Value max = reduce(
      {x}, {id}, shape, lastReduce, outer, {s[0], s[1]},
      -std::numeric_limits<double>::infinity(),
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::MaximumFOp::create(b, l, a[0], a[1]);
      },
      "max");
  Value e = elementwise(
      {x, max}, {id, outer}, shape,
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return math::ExpOp::create(b, l,
                                   arith::SubFOp::create(b, l, a[0], a[1]));
      },
      "exp");
  Value sum = reduce(
      {e}, {id}, shape, lastReduce, outer, {s[0], s[1]}, 0.0,
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::AddFOp::create(b, l, a[0], a[1]);
      },
      "sum");
  return elementwise(
      {e, sum}, {id, outer}, shape,
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::DivFOp::create(b, l, a[0], a[1]);
      },
      "div");
}

Value ZooBuilder::crossEntropySum(Value logits, Value labels) {
  ArrayRef<int64_t> s = shapeOf(logits);
  int64_t n = s[0], c = s[1];
  AffineMap id = identityMap(ctx, 2);
  AffineMap rows = projection(ctx, 2, {0});
  IteratorType rowReduce[] = {IteratorType::parallel, IteratorType::reduction};
  IteratorType allReduce[] = {IteratorType::reduction, IteratorType::reduction};
  Value max = reduce(
      {logits}, {id}, {n, c}, rowReduce, rows, {n},
      -std::numeric_limits<double>::infinity(),
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::MaximumFOp::create(b, l, a[0], a[1]);
      },
      "max");
  Value shifted = elementwise(
      {logits, max}, {id, rows}, {n, c},
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::SubFOp::create(b, l, a[0], a[1]);
      },
      "shift");
  Value sumExp = reduce(
      {shifted}, {id}, {n, c}, rowReduce, rows, {n}, 0.0,
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return arith::AddFOp::create(b, l, math::ExpOp::create(b, l, a[0]),
                                     a[1]);
      },
      "sum_exp");
  Value logSumExp = map(
      {sumExp},
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        return math::LogOp::create(b, l, a[0]);
      },
      "log_sum_exp");
  // sum_{n,c} label[n,c] * (logsumexp[n] - shifted[n,c]).
  return reduce(
      {shifted, logSumExp, labels}, {id, rows, id}, {n, c}, allReduce,
      AffineMap::get(2, 0, {}, ctx), {}, 0.0,
      [](OpBuilder &b, Location l, ValueRange a) -> Value {
        Value nll = arith::SubFOp::create(b, l, a[1], a[0]);
        Value term = arith::MulFOp::create(b, l, a[2], nll);
        return arith::AddFOp::create(b, l, term, a[3]);
      },
      "nll_sum");
}
