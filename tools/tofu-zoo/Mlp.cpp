//===- Mlp.cpp - Multi-layer perceptron -----------------------------------===//
//
// x[batch, in] -> layers x (dense + relu) -> dense -> softmax cross-entropy.
//
//===----------------------------------------------------------------------===//

#include "Models.h"

using namespace tofu::zoo;

void tofu::zoo::buildMlp(ZooBuilder &b, const Knobs &k) {
  Value x = b.input("x", {k.batch, k.in});
  Value labels = b.input("labels", {k.batch, k.classes});
  Value h = x;
  for (int64_t l = 0; l < k.layers; ++l) {
    ZooBuilder::Scope layer(b, "l" + std::to_string(l));
    {
      ZooBuilder::Scope fc(b, "fc");
      h = b.dense(h, k.hidden, /*withBias=*/true);
    }
    h = b.relu(h, "relu");
  }
  Value logits;
  {
    ZooBuilder::Scope out(b, "out");
    ZooBuilder::Scope fc(b, "fc");
    logits = b.dense(h, k.classes, /*withBias=*/true);
  }
  ZooBuilder::Scope loss(b, "loss");
  Value sum = b.crossEntropySum(logits, labels);
  b.finish(b.scale(sum, 1.0 / double(k.batch), "mean"));
}
