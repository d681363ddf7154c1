//===- tofu-zoo.cpp - Emit zoo models as MLIR -----------------------------===//
//
// tofu-zoo <mlp|wresnet|rnn|transformer|unet|moe> [knobs] [-o file] [--summary]
//
// Builds `func.func @forward(params..., data...) -> tensor<f32>` (the mean
// training loss) from linalg/tensor/arith/math ops, verifies it and prints it,
// or prints a size/cost summary computed from the built IR. See docs/zoo.md.
//
//===----------------------------------------------------------------------===//

#include "Models.h"
#include "Summary.h"
#include "ZooBuilder.h"

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <functional>

using namespace llvm;
using namespace tofu::zoo;

namespace {
cl::OptionCategory zooCategory("tofu-zoo options");

cl::opt<std::string>
    familyName(cl::Positional, cl::Required,
               cl::desc("<mlp|wresnet|rnn|transformer|unet|moe>"),
               cl::cat(zooCategory));
cl::opt<std::string> outputFilename("o", cl::desc("Output file for the IR"),
                                    cl::value_desc("filename"), cl::init("-"),
                                    cl::cat(zooCategory));
cl::opt<bool> printSummary(
    "summary",
    cl::desc("Print the model summary instead of the IR (the IR is still "
             "written when -o names a file)"),
    cl::cat(zooCategory));
enum class SummaryFormat { Text, Json };
cl::opt<SummaryFormat> summaryFormat(
    "summary-format", cl::desc("Summary format"),
    cl::values(clEnumValN(SummaryFormat::Text, "text", "key: value lines"),
               clEnumValN(SummaryFormat::Json, "json", "a JSON object")),
    cl::init(SummaryFormat::Text), cl::cat(zooCategory));

struct KnobOption {
  const char *name;
  int64_t Knobs::*field;
  cl::opt<int64_t> *option;
};

#define TOFU_ZOO_KNOB(VAR, NAME, DESC)                                         \
  cl::opt<int64_t> VAR(NAME, cl::desc(DESC), cl::cat(zooCategory));
TOFU_ZOO_KNOB(layersOpt, "layers",
              "Hidden layers (mlp), LSTM layers (rnn), "
              "decoder blocks (transformer, moe), levels (unet)")
TOFU_ZOO_KNOB(hiddenOpt, "hidden", "Hidden width")
TOFU_ZOO_KNOB(batchOpt, "batch", "Batch size")
TOFU_ZOO_KNOB(inOpt, "in", "Input features (mlp)")
TOFU_ZOO_KNOB(classesOpt, "classes", "Output classes (mlp, wresnet, unet)")
TOFU_ZOO_KNOB(depthOpt, "depth", "ResNet depth: 50, 101 or 152 (wresnet)")
TOFU_ZOO_KNOB(widthOpt, "width", "Widening factor (wresnet)")
TOFU_ZOO_KNOB(imageOpt, "image", "Image height and width (wresnet, unet)")
TOFU_ZOO_KNOB(baseOpt, "base-channels",
              "Stem channels; stage s has base*2^s*width inner channels "
              "(wresnet); level s has base*2^s channels (unet)")
TOFU_ZOO_KNOB(stepsOpt, "steps", "Unrolled timesteps (rnn)")
TOFU_ZOO_KNOB(vocabOpt, "vocab", "Vocabulary size (rnn, transformer, moe)")
TOFU_ZOO_KNOB(embedOpt, "embed", "Embedding width (rnn)")
TOFU_ZOO_KNOB(headsOpt, "heads", "Attention heads (transformer, moe)")
TOFU_ZOO_KNOB(seqOpt, "seq", "Sequence length (transformer, moe)")
TOFU_ZOO_KNOB(ffnOpt, "ffn",
              "Feed-forward width, default 4*hidden "
              "(transformer); each expert's, default 2*hidden (moe)")
TOFU_ZOO_KNOB(expertsOpt, "experts", "Experts per MoE block (moe)")
TOFU_ZOO_KNOB(topkOpt, "topk", "Experts each token is routed to (moe)")
TOFU_ZOO_KNOB(capacityOpt, "capacity",
              "Capacity factor in percent: each expert takes "
              "ceil(capacity/100 * tokens * topk / experts) tokens (moe)")
#undef TOFU_ZOO_KNOB

const KnobOption allKnobs[] = {
    {"layers", &Knobs::layers, &layersOpt},
    {"hidden", &Knobs::hidden, &hiddenOpt},
    {"batch", &Knobs::batch, &batchOpt},
    {"in", &Knobs::in, &inOpt},
    {"classes", &Knobs::classes, &classesOpt},
    {"depth", &Knobs::depth, &depthOpt},
    {"width", &Knobs::width, &widthOpt},
    {"image", &Knobs::image, &imageOpt},
    {"base-channels", &Knobs::baseChannels, &baseOpt},
    {"steps", &Knobs::steps, &stepsOpt},
    {"vocab", &Knobs::vocab, &vocabOpt},
    {"embed", &Knobs::embed, &embedOpt},
    {"heads", &Knobs::heads, &headsOpt},
    {"seq", &Knobs::seq, &seqOpt},
    {"ffn", &Knobs::ffn, &ffnOpt},
    {"experts", &Knobs::experts, &expertsOpt},
    {"topk", &Knobs::topk, &topkOpt},
    {"capacity", &Knobs::capacity, &capacityOpt},
};

/// A family: its knobs in print order with their defaults.
struct Family {
  const char *name;
  std::vector<std::pair<const char *, int64_t>> knobs;
  std::function<std::string(const Knobs &)> validate;
  std::function<void(ZooBuilder &, const Knobs &)> build;
};

const std::vector<Family> &families() {
  static const std::vector<Family> list = {
      {"mlp",
       {{"layers", 3},
        {"hidden", 1024},
        {"batch", 64},
        {"in", 784},
        {"classes", 10}},
       nullptr,
       buildMlp},
      {"wresnet",
       {{"depth", 50},
        {"width", 1},
        {"batch", 32},
        {"image", 224},
        {"classes", 1000},
        {"base-channels", 64}},
       validateWideResNet,
       buildWideResNet},
      {"rnn",
       {{"layers", 2},
        {"hidden", 1024},
        {"steps", 20},
        {"batch", 64},
        {"vocab", 10000},
        {"embed", 200}},
       nullptr,
       buildLstm},
      {"transformer",
       {{"layers", 2},
        {"hidden", 512},
        {"heads", 8},
        {"seq", 128},
        {"batch", 8},
        {"vocab", 10000},
        {"ffn", 0}}, // 0: 4 * hidden.
       validateTransformer,
       buildTransformer},
      {"unet",
       {{"layers", 4},
        {"base-channels", 64},
        {"batch", 8},
        {"image", 128},
        {"classes", 2}},
       validateUnet,
       buildUnet},
      {"moe",
       {{"layers", 2},
        {"hidden", 32},
        {"heads", 2},
        {"seq", 8},
        {"batch", 4},
        {"vocab", 64},
        {"ffn", 0}, // 0: 2 * hidden.
        {"experts", 4},
        {"topk", 2},
        {"capacity", 125}},
       validateMoe,
       buildTransformer},
  };
  return list;
}

/// Knob values above this are rejected: no model of interest needs them and
/// they keep every size product far from 64-bit overflow.
constexpr int64_t kMaxKnob = int64_t(1) << 24;

int fail(const Twine &message) {
  WithColor::error(errs(), "tofu-zoo") << message << "\n";
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(zooCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tofu-zoo: emit a model's training loss as linalg-on-tensors MLIR\n");

  const Family *family = nullptr;
  for (const Family &f : families())
    if (familyName == f.name)
      family = &f;
  if (!family)
    return fail("unknown model family '" + familyName +
                "' (expected mlp, wresnet, rnn, transformer, unet or moe)");

  Knobs knobs;
  ConfigList config;
  for (const KnobOption &knob : allKnobs) {
    auto it = llvm::find_if(family->knobs, [&](const auto &entry) {
      return StringRef(entry.first) == knob.name;
    });
    bool applies = it != family->knobs.end();
    bool given = knob.option->getNumOccurrences() > 0;
    if (given && !applies) {
      std::string accepted;
      for (const auto &entry : family->knobs)
        accepted +=
            (accepted.empty() ? "--" : ", --") + std::string(entry.first);
      return fail("--" + Twine(knob.name) + " does not apply to family '" +
                  family->name + "' (it takes " + accepted + ")");
    }
    if (!applies)
      continue;
    int64_t value = given ? knob.option->getValue() : it->second;
    if (given && value <= 0)
      return fail("--" + Twine(knob.name) + " must be positive (got " +
                  Twine(value) + ")");
    if (value > kMaxKnob)
      return fail("--" + Twine(knob.name) + " is too large (got " +
                  Twine(value) + ", at most " + Twine(kMaxKnob) + ")");
    knobs.*knob.field = value;
  }
  if (StringRef(family->name) == "transformer" && knobs.ffn == 0)
    knobs.ffn = 4 * knobs.hidden;
  if (StringRef(family->name) == "moe" && knobs.ffn == 0)
    knobs.ffn = 2 * knobs.hidden;
  for (const auto &entry : family->knobs)
    for (const KnobOption &knob : allKnobs)
      if (StringRef(knob.name) == entry.first)
        config.emplace_back(knob.name, knobs.*knob.field);

  if (family->validate)
    if (std::string problem = family->validate(knobs); !problem.empty())
      return fail(problem);

  mlir::MLIRContext context;
  context.loadDialect<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                      mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                      mlir::tensor::TensorDialect, mlir::tofu::TofuDialect>();
  ZooBuilder builder(&context);
  family->build(builder, knobs);
  if (builder.hasOversizedTensor())
    return fail("the requested model has a tensor with more than 2^46 "
                "elements; reduce the knobs");
  mlir::ModuleOp module = builder.getModule();
  if (mlir::failed(mlir::verify(module)))
    return fail("internal error: the emitted module does not verify");

  bool writeIR = !printSummary || outputFilename != "-";
  if (writeIR) {
    std::string error;
    std::unique_ptr<ToolOutputFile> output =
        mlir::openOutputFile(outputFilename, &error);
    if (!output)
      return fail(error);
    module.print(output->os());
    output->os() << "\n";
    output->keep();
  }
  if (printSummary) {
    auto func = *module.getOps<mlir::func::FuncOp>().begin();
    ModelSummary summary = summarize(func);
    if (summaryFormat == SummaryFormat::Json)
      printSummaryJson(summary, family->name, config, outs());
    else
      printSummaryText(summary, family->name, config, outs());
  }
  return 0;
}
