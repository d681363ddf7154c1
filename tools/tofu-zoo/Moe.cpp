//===- Moe.cpp - Mixture-of-experts feed-forward (Switch / GShard style) --===//
//
// The FFN of a `moe` decoder block: a router (hidden -> experts) and its
// softmax, top-k routing (each token's k most probable experts, ties to the
// lower expert), a capacity of ceil(capacity% / 100 * tokens * k / experts)
// tokens per expert (a token's place in its expert's queue is the number of
// earlier tokens routed there; tokens past capacity are dropped from that
// expert), the one-hot dispatch into an experts x tokens x hidden tensor, E
// expert MLPs (hidden -> ffn -> hidden, GELU-free ReLU, weights stacked on
// the expert dimension and applied with linalg.batch_matmul), and the
// combine weighted by the gates renormalised over the k chosen. Routing is
// made of comparisons and counts, which carry no gradient; the gradient
// reaches the router through the gates. Switch's load-balancing loss
// E * sum_e f_e * P_e (f_e: the fraction of routing choices for expert e,
// P_e: its mean router probability) is returned for the caller to add.
//
//===----------------------------------------------------------------------===//

#include "Models.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineMap.h"

#include <cmath>

using namespace mlir;
using namespace tofu::zoo;
using mlir::utils::IteratorType;

namespace {
AffineMap dims(MLIRContext *ctx, unsigned rank, ArrayRef<unsigned> which) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d : which)
    exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

Value mul(OpBuilder &ob, Location l, Value a, Value b) {
  return arith::MulFOp::create(ob, l, a, b);
}

/// 1.0 where `cond` holds, else 0.0.
Value indicator(OpBuilder &ob, Location l, Value cond) {
  return arith::SelectOp::create(ob, l, cond, ZooBuilder::f32(ob, l, 1.0),
                                 ZooBuilder::f32(ob, l, 0.0));
}
} // namespace

int64_t tofu::zoo::moeCapacity(const Knobs &k, int64_t tokens) {
  // ceil(capacity / 100 * tokens * topk / experts) in integers.
  int64_t num = k.capacity * tokens * k.topk, den = 100 * k.experts;
  return (num + den - 1) / den;
}

namespace {
/// The router's decisions for tokens a[n, hidden]: its probabilities, the
/// k experts each token chose, the choices kept within capacity, and the
/// gates (all [n, experts]).
struct Routing {
  Value probs, chosen, kept, gates;
};

Routing route(ZooBuilder &b, Value a, const Knobs &k) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(a.getType());
  const int64_t n = type.getDimSize(0);
  const int64_t e = k.experts, topk = k.topk;
  const int64_t capacity = moeCapacity(k, n);
  Value probs;
  {
    ZooBuilder::Scope s(b, "router");
    Value logits = b.dense(a, e, /*withBias=*/false);
    Value l3 = b.expandShape(logits, {1, n, e}, {{0, 1}, {2}}, "expand");
    probs = b.collapseShape(b.softmaxLastDim(l3), {{0, 1}, {2}}, "collapse");
  }
  // rank(t, x) = #{y : p(t, y) > p(t, x), or equal with y < x}.
  Value rank = b.reduce(
      {probs, probs}, {dims(ctx, 3, {0, 2}), dims(ctx, 3, {0, 1})}, {n, e, e},
      {IteratorType::parallel, IteratorType::parallel, IteratorType::reduction},
      dims(ctx, 3, {0, 1}), {n, e}, 0.0,
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        Value other = v[0], mine = v[1];
        Value x = linalg::IndexOp::create(ob, l, 1);
        Value y = linalg::IndexOp::create(ob, l, 2);
        Value above = arith::CmpFOp::create(ob, l, arith::CmpFPredicate::OGT,
                                            other, mine);
        Value tie = arith::AndIOp::create(
            ob, l,
            arith::CmpFOp::create(ob, l, arith::CmpFPredicate::OEQ, other,
                                  mine),
            arith::CmpIOp::create(ob, l, arith::CmpIPredicate::ult, y, x));
        Value before = arith::OrIOp::create(ob, l, above, tie);
        return arith::AddFOp::create(ob, l, v[2], indicator(ob, l, before));
      },
      "route.rank");
  Value chosen = b.map(
      {rank},
      [topk](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return indicator(
            ob, l,
            arith::CmpFOp::create(ob, l, arith::CmpFPredicate::OLT, v[0],
                                  ZooBuilder::f32(ob, l, double(topk))));
      },
      "route.chosen");
  // place(t, x) = #{s < t : token s chose x}.
  Value place = b.reduce(
      {chosen}, {dims(ctx, 3, {2, 1})}, {n, e, n},
      {IteratorType::parallel, IteratorType::parallel, IteratorType::reduction},
      dims(ctx, 3, {0, 1}), {n, e}, 0.0,
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        Value t = linalg::IndexOp::create(ob, l, 0);
        Value s = linalg::IndexOp::create(ob, l, 2);
        Value earlier =
            arith::CmpIOp::create(ob, l, arith::CmpIPredicate::ult, s, t);
        return arith::AddFOp::create(
            ob, l, v[1],
            arith::SelectOp::create(ob, l, earlier, v[0],
                                    ZooBuilder::f32(ob, l, 0.0)));
      },
      "route.place");
  Value kept = b.map(
      {chosen, place},
      [capacity](OpBuilder &ob, Location l, ValueRange v) -> Value {
        Value room =
            arith::CmpFOp::create(ob, l, arith::CmpFPredicate::OLT, v[1],
                                  ZooBuilder::f32(ob, l, double(capacity)));
        return mul(ob, l, v[0], indicator(ob, l, room));
      },
      "route.kept");
  // Gates: the router probabilities renormalised over the k chosen, kept
  // where the expert had room.
  Value chosenMass = b.reduce(
      {probs, chosen}, {dims(ctx, 2, {0, 1}), dims(ctx, 2, {0, 1})}, {n, e},
      {IteratorType::parallel, IteratorType::reduction}, dims(ctx, 2, {0}), {n},
      0.0,
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return arith::AddFOp::create(ob, l, v[2], mul(ob, l, v[0], v[1]));
      },
      "route.mass");
  Value gates = b.elementwise(
      {probs, kept, chosenMass},
      {dims(ctx, 2, {0, 1}), dims(ctx, 2, {0, 1}), dims(ctx, 2, {0})}, {n, e},
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return arith::DivFOp::create(ob, l, mul(ob, l, v[0], v[1]), v[2]);
      },
      "route.gates");

  return {probs, chosen, kept, gates};
}

/// Switch's load-balancing loss of one block (a 0-d tensor).
Value balanceLoss(ZooBuilder &b, const Routing &r, int64_t n, const Knobs &k) {
  MLIRContext *ctx = b.getContext();
  const int64_t e = k.experts, topk = k.topk;
  Value chosen = r.chosen, probs = r.probs;
  Value aux;
  // Load balance: E * sum_x (sum_t chosen / (n k)) * (sum_t p / n).
  Value routed = b.reduce(
      {chosen}, {dims(ctx, 2, {1, 0})}, {e, n},
      {IteratorType::parallel, IteratorType::reduction}, dims(ctx, 2, {0}), {e},
      0.0,
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return arith::AddFOp::create(ob, l, v[1], v[0]);
      },
      "balance.routed");
  Value mass = b.reduce(
      {probs}, {dims(ctx, 2, {1, 0})}, {e, n},
      {IteratorType::parallel, IteratorType::reduction}, dims(ctx, 2, {0}), {e},
      0.0,
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return arith::AddFOp::create(ob, l, v[1], v[0]);
      },
      "balance.mass");
  const double factor = double(e) / (double(n) * double(topk) * double(n));
  aux = b.reduce(
      {routed, mass}, {dims(ctx, 1, {0}), dims(ctx, 1, {0})}, {e},
      {IteratorType::reduction}, AffineMap::get(1, 0, {}, ctx), {}, 0.0,
      [factor](OpBuilder &ob, Location l, ValueRange v) -> Value {
        Value term =
            mul(ob, l, mul(ob, l, v[0], v[1]), ZooBuilder::f32(ob, l, factor));
        return arith::AddFOp::create(ob, l, v[2], term);
      },
      "balance.loss");
  return aux;
}
} // namespace

Value tofu::zoo::moeFeedForward(ZooBuilder &b, Value a, const Knobs &k,
                                Value &aux) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(a.getType());
  const int64_t n = type.getDimSize(0), hidden = type.getDimSize(1);
  const int64_t e = k.experts;
  Routing r = route(b, a, k);
  Value kept = r.kept, gates = r.gates;
  Value out;
  {
    ZooBuilder::Scope s(b, "experts");
    Value w1 = b.param("fc1.weight", {e, hidden, k.ffn});
    Value w2 = b.param("fc2.weight", {e, k.ffn, hidden});
    // dispatch(x, t, d) = kept(t, x) * a(t, d).
    Value dispatch = b.elementwise(
        {kept, a}, {dims(ctx, 3, {1, 0}), dims(ctx, 3, {1, 2})}, {e, n, hidden},
        [](OpBuilder &ob, Location l, ValueRange v) -> Value {
          return mul(ob, l, v[0], v[1]);
        },
        "dispatch");
    Value h = b.relu(b.batchMatmul(dispatch, w1, "fc1"), "relu");
    out = b.batchMatmul(h, w2, "fc2");
  }
  // combine(t, d) = sum_x gates(t, x) * out(x, t, d).
  Value y = b.reduce(
      {gates, out}, {dims(ctx, 3, {0, 2}), dims(ctx, 3, {2, 0, 1})},
      {n, hidden, e},
      {IteratorType::parallel, IteratorType::parallel, IteratorType::reduction},
      dims(ctx, 3, {0, 1}), {n, hidden}, 0.0,
      [](OpBuilder &ob, Location l, ValueRange v) -> Value {
        return arith::AddFOp::create(ob, l, v[2], mul(ob, l, v[0], v[1]));
      },
      "combine");

  aux = balanceLoss(b, r, n, k);
  return y;
}
