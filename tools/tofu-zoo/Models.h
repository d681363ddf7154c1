//===- Models.h - The tofu-zoo model families -------------------*- C++ -*-===//
//
// Each family validates its knobs (returning a user-facing message on bad
// input) and builds its forward function with a ZooBuilder.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_TOOLS_TOFU_ZOO_MODELS_H
#define TOFU_TOOLS_TOFU_ZOO_MODELS_H

#include "ZooBuilder.h"

#include <cstdint>
#include <string>

namespace tofu::zoo {

/// Knobs of all families; a family reads only its own.
struct Knobs {
  int64_t layers = 0;
  int64_t hidden = 0;
  int64_t batch = 0;
  int64_t in = 0;
  int64_t classes = 0;
  int64_t depth = 0;
  int64_t width = 0;
  int64_t image = 0;
  int64_t baseChannels = 0;
  int64_t steps = 0;
  int64_t vocab = 0;
  int64_t embed = 0;
  int64_t heads = 0;
  int64_t seq = 0;
  int64_t ffn = 0;
  int64_t experts = 0; // 0: a dense FFN (transformer)
  int64_t topk = 0;
  int64_t capacity = 0; // percent of an even share of tokens per expert
};

/// Checks beyond "every knob is positive" (which the driver does): empty on
/// success, otherwise the reason the knobs describe no model. The MLP and the
/// LSTM accept any positive knobs.
std::string validateWideResNet(const Knobs &k);
std::string validateTransformer(const Knobs &k);
std::string validateUnet(const Knobs &k);
std::string validateMoe(const Knobs &k);

void buildMlp(ZooBuilder &b, const Knobs &k);
void buildWideResNet(ZooBuilder &b, const Knobs &k);
void buildLstm(ZooBuilder &b, const Knobs &k);
void buildTransformer(ZooBuilder &b, const Knobs &k);
void buildUnet(ZooBuilder &b, const Knobs &k);

/// The mixture-of-experts FFN of a `moe` block on a[tokens, hidden]
/// (Moe.cpp); sets `aux` to the block's load-balancing loss (a 0-d tensor).
mlir::Value moeFeedForward(ZooBuilder &b, mlir::Value a, const Knobs &k,
                           mlir::Value &aux);
/// Tokens each expert takes: ceil(capacity / 100 * tokens * topk / experts).
int64_t moeCapacity(const Knobs &k, int64_t tokens);

} // namespace tofu::zoo

#endif // TOFU_TOOLS_TOFU_ZOO_MODELS_H
