//===- WideResNet.cpp - Wide ResNet with bottleneck blocks ----------------===//
//
// ResNet-50/101/152 (bottleneck blocks, stages of 3-4-6-3, 3-4-23-3 and
// 3-8-36-3 blocks) with every channel count of the four stages multiplied by
// the widening factor; the 7x7 stem keeps its base width. No batch norm (see
// docs/zoo.md): conv -> relu, with projection shortcuts at stage entries and
// the stride on the 3x3 convolution.
//
//===----------------------------------------------------------------------===//

#include "Models.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace tofu::zoo;

namespace {
llvm::ArrayRef<int64_t> stageBlocks(int64_t depth) {
  static const int64_t d50[] = {3, 4, 6, 3};
  static const int64_t d101[] = {3, 4, 23, 3};
  static const int64_t d152[] = {3, 8, 36, 3};
  switch (depth) {
  case 50:
    return d50;
  case 101:
    return d101;
  case 152:
    return d152;
  default:
    return {};
  }
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// A convolution with its own FCHW weight parameter "<scope>.<leaf>.weight".
Value convLayer(ZooBuilder &b, Value x, StringRef leaf, int64_t outChannels,
                int64_t kernel, int64_t stride, int64_t pad) {
  ZooBuilder::Scope scope(b, leaf);
  Value w = b.param("weight", {outChannels, shapeOf(x)[1], kernel, kernel});
  return b.conv2d(x, w, stride, pad, "conv");
}
} // namespace

std::string tofu::zoo::validateWideResNet(const Knobs &k) {
  if (stageBlocks(k.depth).empty())
    return "--depth must be 50, 101 or 152 for wresnet (got " +
           std::to_string(k.depth) + ")";
  // Any image size >= 1 works: every window fits its padded input (size +
  // 2 * pad >= kernel), so each output is at least 1x1.
  return {};
}

void tofu::zoo::buildWideResNet(ZooBuilder &b, const Knobs &k) {
  Value x = b.input("images", {k.batch, 3, k.image, k.image});
  Value labels = b.input("labels", {k.batch, k.classes});

  Value h;
  {
    ZooBuilder::Scope stem(b, "stem");
    h = convLayer(b, x, "conv", k.baseChannels, 7, 2, 3);
    h = b.relu(h, "relu");
    h = b.maxPool2d(h, 3, 2, 1, "pool");
  }

  ArrayRef<int64_t> blocks = stageBlocks(k.depth);
  for (auto [stage, count] : llvm::enumerate(blocks)) {
    int64_t mid = k.baseChannels * (int64_t(1) << stage) * k.width;
    int64_t out = 4 * mid;
    for (int64_t i = 0; i < count; ++i) {
      ZooBuilder::Scope block(b, "s" + std::to_string(stage) + ".b" +
                                     std::to_string(i));
      int64_t stride = (i == 0 && stage > 0) ? 2 : 1;
      Value shortcut = h;
      if (i == 0)
        shortcut = convLayer(b, h, "proj", out, 1, stride, 0);
      Value y = convLayer(b, h, "conv1", mid, 1, 1, 0);
      y = b.relu(y, "relu1");
      y = convLayer(b, y, "conv2", mid, 3, stride, 1);
      y = b.relu(y, "relu2");
      y = convLayer(b, y, "conv3", out, 1, 1, 0);
      y = b.add(y, shortcut, "residual");
      h = b.relu(y, "relu3");
    }
  }

  Value logits;
  {
    ZooBuilder::Scope head(b, "head");
    ArrayRef<int64_t> s = shapeOf(h);
    MLIRContext *ctx = b.getContext();
    AffineMap id = AffineMap::getMultiDimIdentityMap(4, ctx);
    AffineMap nc = AffineMap::get(
        4, 0, {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx)}, ctx);
    utils::IteratorType iters[] = {
        utils::IteratorType::parallel, utils::IteratorType::parallel,
        utils::IteratorType::reduction, utils::IteratorType::reduction};
    Value sum = b.reduce(
        {h}, {id}, SmallVector<int64_t>(s), iters, nc, {s[0], s[1]}, 0.0,
        [](OpBuilder &ob, Location l, ValueRange a) -> Value {
          return arith::AddFOp::create(ob, l, a[0], a[1]);
        },
        "pool_sum");
    Value pooled = b.scale(sum, 1.0 / double(s[2] * s[3]), "pool");
    ZooBuilder::Scope fc(b, "fc");
    logits = b.dense(pooled, k.classes, /*withBias=*/true);
  }
  ZooBuilder::Scope loss(b, "loss");
  Value sum = b.crossEntropySum(logits, labels);
  b.finish(b.scale(sum, 1.0 / double(k.batch), "mean"));
}
