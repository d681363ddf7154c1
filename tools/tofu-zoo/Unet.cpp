//===- Unet.cpp - A U-Net for per-pixel classification -------------------===//
//
// Ronneberger et al.'s shape with the zoo's op set: `layers` down levels of
// two 3x3 convolutions (ReLU) and a 2x2/2 max pool, doubling the channels
// from `base-channels`; a bottom pair of convolutions; `layers` up levels
// that upsample by a pixel shuffle (a 1x1 convolution to 4x the channels,
// expand_shape, transpose, collapse_shape: the sub-pixel convolution of
// Shi et al. 2016 in place of a transposed convolution, which the zoo does
// not emit), add the skip connection of the same level (additive, in place
// of the concatenation) and apply two 3x3 convolutions; a 1x1 head to
// `classes` channels and the cross-entropy of every pixel against one-hot
// labels. No batch norm and no biases, as in the Wide ResNet.
//
//===----------------------------------------------------------------------===//

#include "Models.h"

using namespace mlir;
using namespace tofu::zoo;

namespace {
ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// A convolution with its own FCHW weight "<scope>.<leaf>.weight", ReLU'd
/// unless `relu` is false.
Value conv(ZooBuilder &b, Value x, StringRef leaf, int64_t outChannels,
           int64_t kernel, bool relu = true) {
  ZooBuilder::Scope scope(b, leaf);
  Value w = b.param("weight", {outChannels, shapeOf(x)[1], kernel, kernel});
  Value y = b.conv2d(x, w, /*stride=*/1, /*pad=*/kernel / 2, "conv");
  return relu ? b.relu(y, "relu") : y;
}

/// [N, 4C, H, W] -> [N, C, 2H, 2W]: out[n, c, 2h + i, 2w + j] =
/// in[n, 4c + 2i + j, h, w].
Value pixelShuffle(ZooBuilder &b, Value x) {
  ArrayRef<int64_t> s = shapeOf(x);
  int64_t n = s[0], c = s[1] / 4, h = s[2], w = s[3];
  Value e =
      b.expandShape(x, {n, c, 2, 2, h, w}, {{0}, {1, 2, 3}, {4}, {5}}, "split");
  Value t = b.transpose(e, {0, 1, 4, 2, 5, 3}, "interleave");
  return b.collapseShape(t, {{0}, {1}, {2, 3}, {4, 5}}, "merge");
}
} // namespace

std::string tofu::zoo::validateUnet(const Knobs &k) {
  if (k.layers > 16 || k.image % (int64_t(1) << k.layers) != 0)
    return "--image (" + std::to_string(k.image) +
           ") must be divisible by 2^layers (--layers " +
           std::to_string(k.layers) + ", at most 16) for unet";
  return {};
}

void tofu::zoo::buildUnet(ZooBuilder &b, const Knobs &k) {
  Value x = b.input("images", {k.batch, 3, k.image, k.image});
  int64_t pixels = k.batch * k.image * k.image;
  Value labels = b.input("labels", {pixels, k.classes});

  Value h = x;
  SmallVector<Value> skips;
  int64_t channels = k.baseChannels;
  for (int64_t level = 0; level < k.layers; ++level) {
    ZooBuilder::Scope down(b, "down" + std::to_string(level));
    h = conv(b, h, "conv1", channels, 3);
    h = conv(b, h, "conv2", channels, 3);
    skips.push_back(h);
    h = b.maxPool2d(h, 2, 2, 0, "pool");
    channels *= 2;
  }
  {
    ZooBuilder::Scope bottom(b, "bottom");
    h = conv(b, h, "conv1", channels, 3);
    h = conv(b, h, "conv2", channels, 3);
  }
  for (int64_t level = k.layers - 1; level >= 0; --level) {
    ZooBuilder::Scope up(b, "up" + std::to_string(level));
    channels /= 2;
    Value wide = conv(b, h, "expand", 4 * channels, 1, /*relu=*/false);
    h = b.add(pixelShuffle(b, wide), skips[level], "skip");
    h = conv(b, h, "conv1", channels, 3);
    h = conv(b, h, "conv2", channels, 3);
  }

  ZooBuilder::Scope head(b, "head");
  Value logits = conv(b, h, "classifier", k.classes, 1, /*relu=*/false);
  // Per pixel: [N, classes, H, W] -> [N, H, W, classes] -> [N*H*W, classes].
  Value nhwc = b.transpose(logits, {0, 2, 3, 1}, "nhwc");
  Value rows = b.collapseShape(nhwc, {{0, 1, 2}, {3}}, "pixels");
  ZooBuilder::Scope loss(b, "loss");
  Value sum = b.crossEntropySum(rows, labels);
  b.finish(b.scale(sum, 1.0 / double(pixels), "mean"));
}
