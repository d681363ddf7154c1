//===- Transformer.cpp - GPT-style decoder --------------------------------===//
//
// One-hot tokens[batch*seq, vocab] -> token embedding (matmul) + learned
// positions -> `layers` pre-norm decoder blocks (causal multi-head attention,
// GELU feed-forward, residuals) -> final layer norm -> untied LM head ->
// mean cross-entropy against one-hot next-token labels[batch*seq, vocab].
// The `moe` family is the same decoder with a mixture-of-experts FFN
// (Moe.cpp) and its load-balancing losses added with weight kMoeAuxWeight.
//
//===----------------------------------------------------------------------===//

#include "Models.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/AffineMap.h"

#include <cmath>

using namespace mlir;
using namespace tofu::zoo;

/// Switch Transformer's weight of the load-balancing loss.
static constexpr double kMoeAuxWeight = 0.01;

std::string tofu::zoo::validateMoe(const Knobs &k) {
  if (std::string problem = validateTransformer(k); !problem.empty())
    return problem;
  if (k.topk > k.experts)
    return "--topk " + std::to_string(k.topk) + " is more than --experts " +
           std::to_string(k.experts);
  return {};
}

std::string tofu::zoo::validateTransformer(const Knobs &k) {
  if (k.hidden % k.heads != 0)
    return "--heads " + std::to_string(k.heads) + " does not divide --hidden " +
           std::to_string(k.hidden);
  return {};
}

namespace {
AffineMap dims(MLIRContext *ctx, unsigned rank, ArrayRef<unsigned> which) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d : which)
    exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

Value gelu(ZooBuilder &b, Value x) {
  // Tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
  return b.map(
      {x},
      [](OpBuilder &ob, Location l, ValueRange a) -> Value {
        Value x = a[0];
        Value x3 =
            arith::MulFOp::create(ob, l, x, arith::MulFOp::create(ob, l, x, x));
        Value inner = arith::AddFOp::create(
            ob, l, x,
            arith::MulFOp::create(ob, l, ZooBuilder::f32(ob, l, 0.044715), x3));
        Value t = math::TanhOp::create(
            ob, l,
            arith::MulFOp::create(
                ob, l, ZooBuilder::f32(ob, l, std::sqrt(2.0 / M_PI)), inner));
        Value onePlus =
            arith::AddFOp::create(ob, l, ZooBuilder::f32(ob, l, 1.0), t);
        Value half =
            arith::MulFOp::create(ob, l, ZooBuilder::f32(ob, l, 0.5), x);
        return arith::MulFOp::create(ob, l, half, onePlus);
      },
      "gelu");
}
} // namespace

void tofu::zoo::buildTransformer(ZooBuilder &b, const Knobs &k) {
  MLIRContext *ctx = b.getContext();
  const int64_t batch = k.batch, seq = k.seq, hidden = k.hidden;
  const int64_t heads = k.heads, headDim = hidden / heads;
  const int64_t tokensCount = batch * seq;

  Value tokens = b.input("tokens", {tokensCount, k.vocab});
  Value labels = b.input("labels", {tokensCount, k.vocab});

  Value x;
  {
    ZooBuilder::Scope embed(b, "embed");
    Value table = b.param("table", {k.vocab, hidden});
    Value pos = b.param("pos", {seq, hidden});
    x = b.matmul(tokens, table, "matmul");
    Value x3 =
        b.expandShape(x, {batch, seq, hidden}, {{0, 1}, {2}}, "split_batch");
    x3 = b.elementwise(
        {x3, pos},
        {AffineMap::getMultiDimIdentityMap(3, ctx), dims(ctx, 3, {1, 2})},
        {batch, seq, hidden},
        [](OpBuilder &ob, Location l, ValueRange a) -> Value {
          return arith::AddFOp::create(ob, l, a[0], a[1]);
        },
        "add_pos");
    x = b.collapseShape(x3, {{0, 1}, {2}}, "merge_batch");
  }

  // Additive causal mask: 0 where key <= query, -1e9 above the diagonal.
  Value mask = b.elementwise(
      {}, {}, {seq, seq},
      [](OpBuilder &ob, Location l, ValueRange) -> Value {
        Value i = linalg::IndexOp::create(ob, l, 0);
        Value j = linalg::IndexOp::create(ob, l, 1);
        Value future =
            arith::CmpIOp::create(ob, l, arith::CmpIPredicate::ugt, j, i);
        return arith::SelectOp::create(ob, l, future,
                                       ZooBuilder::f32(ob, l, -1e9),
                                       ZooBuilder::f32(ob, l, 0.0));
      },
      "causal_mask");

  // [N, H] -> [B*heads, S, D] (or [B*heads, D, S] for keys).
  auto splitHeads = [&](Value v, bool keys, StringRef leaf) {
    Value e = b.expandShape(v, {batch, seq, heads, headDim}, {{0, 1}, {2, 3}},
                            (leaf + ".expand").str());
    SmallVector<int64_t> perm = keys ? SmallVector<int64_t>{0, 2, 3, 1}
                                     : SmallVector<int64_t>{0, 2, 1, 3};
    Value t = b.transpose(e, perm, (leaf + ".transpose").str());
    return b.collapseShape(t, {{0, 1}, {2}, {3}}, (leaf + ".collapse").str());
  };

  const double scoreScale = 1.0 / std::sqrt(double(headDim));
  Value aux; // the MoE blocks' load-balancing losses, summed
  for (int64_t l = 0; l < k.layers; ++l) {
    ZooBuilder::Scope layer(b, "l" + std::to_string(l));
    Value a;
    {
      ZooBuilder::Scope ln(b, "ln1");
      a = b.layerNorm(x);
    }
    Value q, kk, v;
    {
      ZooBuilder::Scope s(b, "q");
      q = b.dense(a, hidden, true);
    }
    {
      ZooBuilder::Scope s(b, "k");
      kk = b.dense(a, hidden, true);
    }
    {
      ZooBuilder::Scope s(b, "v");
      v = b.dense(a, hidden, true);
    }
    Value attn;
    {
      ZooBuilder::Scope s(b, "attn");
      Value qh = splitHeads(q, false, "q_heads");
      Value kt = splitHeads(kk, true, "k_heads");
      Value vh = splitHeads(v, false, "v_heads");
      Value scores = b.batchMatmul(qh, kt, "scores");
      Value masked = b.elementwise(
          {scores, mask},
          {AffineMap::getMultiDimIdentityMap(3, ctx), dims(ctx, 3, {1, 2})},
          {batch * heads, seq, seq},
          [scoreScale](OpBuilder &ob, Location loc, ValueRange a) -> Value {
            Value s = arith::MulFOp::create(
                ob, loc, a[0], ZooBuilder::f32(ob, loc, scoreScale));
            return arith::AddFOp::create(ob, loc, s, a[1]);
          },
          "scale_mask");
      Value probs;
      {
        ZooBuilder::Scope sm(b, "softmax");
        probs = b.softmaxLastDim(masked);
      }
      Value context = b.batchMatmul(probs, vh, "context");
      Value e = b.expandShape(context, {batch, heads, seq, headDim},
                              {{0, 1}, {2}, {3}}, "merge.expand");
      Value t = b.transpose(e, {0, 2, 1, 3}, "merge.transpose");
      attn = b.collapseShape(t, {{0, 1}, {2, 3}}, "merge.collapse");
    }
    {
      ZooBuilder::Scope s(b, "proj");
      attn = b.dense(attn, hidden, true);
    }
    x = b.add(x, attn, "residual1");
    {
      ZooBuilder::Scope ln(b, "ln2");
      a = b.layerNorm(x);
    }
    Value f;
    if (k.experts > 0) {
      ZooBuilder::Scope s(b, "moe");
      Value blockAux;
      f = moeFeedForward(b, a, k, blockAux);
      aux = aux ? b.add(aux, blockAux, "aux_sum") : blockAux;
    } else {
      {
        ZooBuilder::Scope s(b, "fc1");
        f = b.dense(a, k.ffn, true);
      }
      {
        ZooBuilder::Scope s(b, "ffn");
        f = gelu(b, f);
      }
      {
        ZooBuilder::Scope s(b, "fc2");
        f = b.dense(f, hidden, true);
      }
    }
    x = b.add(x, f, "residual2");
  }
  {
    ZooBuilder::Scope ln(b, "ln_f");
    x = b.layerNorm(x);
  }
  Value logits;
  {
    ZooBuilder::Scope head(b, "lm_head");
    logits = b.dense(x, k.vocab, /*withBias=*/false);
  }
  ZooBuilder::Scope loss(b, "loss");
  Value sum = b.crossEntropySum(logits, labels);
  Value mean = b.scale(sum, 1.0 / double(tokensCount), "mean");
  if (aux)
    mean = b.add(mean, b.scale(aux, kMoeAuxWeight, "aux_weight"), "total");
  b.finish(mean);
}
