//===- Lstm.cpp - Unrolled multi-layer LSTM language model ----------------===//
//
// One-hot tokens[steps, batch, vocab] -> embedding (matmul with the table) ->
// `layers` stacked LSTM cells unrolled over `steps` (weights shared across
// steps) -> per-step softmax classifier over the vocabulary -> mean
// cross-entropy against one-hot labels[steps, batch, vocab].
//
// Cell (gate order i, f, o, g in the 4H gate vector):
//   gates = x . Wx + h . Wh + b
//   c' = sigmoid(f) * c + sigmoid(i) * tanh(g)
//   h' = sigmoid(o) * tanh(c')
//
//===----------------------------------------------------------------------===//

#include "Models.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace tofu::zoo;

void tofu::zoo::buildLstm(ZooBuilder &b, const Knobs &k) {
  const int64_t batch = k.batch, hidden = k.hidden;
  Value table;
  {
    ZooBuilder::Scope embed(b, "embed");
    table = b.param("table", {k.vocab, k.embed});
  }
  struct LayerWeights {
    Value wx, wh, bias;
  };
  SmallVector<LayerWeights> weights;
  for (int64_t l = 0; l < k.layers; ++l) {
    ZooBuilder::Scope layer(b, "lstm" + std::to_string(l));
    int64_t in = l == 0 ? k.embed : hidden;
    weights.push_back({b.param("wx", {in, 4 * hidden}),
                       b.param("wh", {hidden, 4 * hidden}),
                       b.param("bias", {4 * hidden})});
  }
  Value outWeight, outBias;
  {
    ZooBuilder::Scope out(b, "out");
    ZooBuilder::Scope fc(b, "fc");
    outWeight = b.param("weight", {hidden, k.vocab});
    outBias = b.param("bias", {k.vocab});
  }
  Value tokens = b.input("tokens", {k.steps, batch, k.vocab}, /*batchDim=*/1);
  Value labels = b.input("labels", {k.steps, batch, k.vocab}, /*batchDim=*/1);

  SmallVector<Value> h, c;
  {
    ZooBuilder::Scope init(b, "init");
    for (int64_t l = 0; l < k.layers; ++l) {
      ZooBuilder::Scope layer(b, "lstm" + std::to_string(l));
      h.push_back(b.filled({batch, hidden}, 0.0, "h"));
      c.push_back(b.filled({batch, hidden}, 0.0, "c"));
    }
  }

  Value total;
  for (int64_t t = 0; t < k.steps; ++t) {
    ZooBuilder::StepScope stepScope(b, t);
    ZooBuilder::Scope step(b, "t" + std::to_string(t));
    Value x = b.slice(tokens, {t, 0, 0}, {1, batch, k.vocab}, {0}, "tokens");
    {
      ZooBuilder::Scope embed(b, "embed");
      x = b.matmul(x, table, "matmul");
    }
    for (int64_t l = 0; l < k.layers; ++l) {
      ZooBuilder::Scope layer(b, "lstm" + std::to_string(l));
      const LayerWeights &w = weights[l];
      Value gx = b.matmul(x, w.wx, "x_matmul");
      Value gh = b.matmul(h[l], w.wh, "h_matmul");
      Value gates = b.map(
          {gx, gh, w.bias},
          [](OpBuilder &ob, Location loc, ValueRange a) -> Value {
            Value s = arith::AddFOp::create(ob, loc, a[0], a[1]);
            return arith::AddFOp::create(ob, loc, s, a[2]);
          },
          "gates");
      auto gate = [&](int64_t index, StringRef leaf) {
        return b.slice(gates, {0, index * hidden}, {batch, hidden}, {}, leaf);
      };
      Value gi = gate(0, "gate_i"), gf = gate(1, "gate_f");
      Value go = gate(2, "gate_o"), gg = gate(3, "gate_g");
      c[l] = b.map(
          {gi, gf, gg, c[l]},
          [](OpBuilder &ob, Location loc, ValueRange a) -> Value {
            Value keep = arith::MulFOp::create(
                ob, loc, ZooBuilder::sigmoid(ob, loc, a[1]), a[3]);
            Value write = arith::MulFOp::create(
                ob, loc, ZooBuilder::sigmoid(ob, loc, a[0]),
                math::TanhOp::create(ob, loc, a[2]));
            return arith::AddFOp::create(ob, loc, keep, write);
          },
          "cell");
      h[l] = b.map(
          {go, c[l]},
          [](OpBuilder &ob, Location loc, ValueRange a) -> Value {
            return arith::MulFOp::create(ob, loc,
                                         ZooBuilder::sigmoid(ob, loc, a[0]),
                                         math::TanhOp::create(ob, loc, a[1]));
          },
          "hidden");
      x = h[l];
    }
    Value logits;
    {
      ZooBuilder::Scope out(b, "out");
      logits = b.addBias(b.matmul(x, outWeight, "matmul"), outBias, "bias_add");
    }
    ZooBuilder::Scope loss(b, "loss");
    Value y = b.slice(labels, {t, 0, 0}, {1, batch, k.vocab}, {0}, "labels");
    Value stepLoss = b.crossEntropySum(logits, y);
    total = t == 0 ? stepLoss : b.add(total, stepLoss, "accumulate");
  }
  ZooBuilder::Scope loss(b, "loss");
  b.finish(b.scale(total, 1.0 / double(k.steps * batch), "mean"));
}
