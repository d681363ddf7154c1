//===- materialize-fuzzer.cpp - The materializer on random plans ----------===//
//
// The input bytes choose one of a few fixed modules (a matmul, bias and ReLU
// with a column sum; reshapes, slices, a concatenation, a transpose, a pad
// and an integer sum; a convolution and a max pooling) and a random plan
// for it: 1 to 3 levels of 1 to 4 ways, a layout per argument and a
// strategy and result layouts per op (PlanWriter says what each entry may
// be; now and then one the verifier or the materializer must reject). Some
// values and ops are left without a plan. What verifies goes through
// --tofu-materialize, and what that accepts through --tofu-lower-spmd: each
// either reports an error or leaves IR that verifies, and never crashes.
//
//===----------------------------------------------------------------------===//

#include "MLIRFuzzSupport.h"
#include "Tofu/Analysis/Description.h"
#include "Tofu/Conversion/SPMDToRuntime/Passes.h"
#include "Tofu/SPMD/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

#include <fuzzer/FuzzedDataProvider.h>

using namespace mlir;

namespace {

const char *const kModules[] = {
    R"mlir(
func.func @main(%x: tensor<8x6xf32>, %w: tensor<6x4xf32>, %b: tensor<4xf32>)
    -> (tensor<8x4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<8x6xf32>, tensor<6x4xf32>)
      outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<8x4xf32>, tensor<4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %cs = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                                         affine_map<(d0, d1) -> (d0)>],
                        iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x4xf32>) outs(%z1 : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %y, %cs : tensor<8x4xf32>, tensor<4xf32>
}
)mlir",
    R"mlir(
func.func @main(%x: tensor<4x6xf32>, %v: tensor<8x4xi32>)
    -> (tensor<4x10xf32>, tensor<8x4xi32>) {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [6, 4]
      : tensor<24xf32> into tensor<6x4xf32>
  %s = tensor.extract_slice %r[1, 0] [4, 4] [1, 1] : tensor<6x4xf32> to tensor<4x4xf32>
  %cat = tensor.concat dim(0) %s, %s : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.transpose ins(%cat : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>)
      permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %t low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x8xf32> to tensor<4x10xf32>
  %ei = tensor.empty() : tensor<8x4xi32>
  %sum = linalg.add ins(%v, %v : tensor<8x4xi32>, tensor<8x4xi32>)
      outs(%ei : tensor<8x4xi32>) -> tensor<8x4xi32>
  return %p, %sum : tensor<4x10xf32>, tensor<8x4xi32>
}
)mlir",
    R"mlir(
func.func @main(%img: tensor<2x6x6x2xf32>, %k: tensor<3x3x2x4xf32>)
    -> tensor<2x2x2x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
                                    strides = dense<1> : tensor<2xi64>}
      ins(%img, %k : tensor<2x6x6x2xf32>, tensor<3x3x2x4xf32>)
      outs(%z : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %ep = tensor.empty() : tensor<2x2x2x4xf32>
  %m = linalg.fill ins(%ninf : f32) outs(%ep : tensor<2x2x2x4xf32>) -> tensor<2x2x2x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>,
                                   strides = dense<2> : tensor<2xi64>}
      ins(%conv, %win : tensor<2x4x4x4xf32>, tensor<2x2xf32>)
      outs(%m : tensor<2x2x2x4xf32>) -> tensor<2x2x2x4xf32>
  return %pool : tensor<2x2x2x4xf32>
}
)mlir"};

/// Draws the plan's attributes as text (the dialect's own syntax, so that
/// the plan goes through the same parser and verifier as a written one).
class PlanWriter {
public:
  PlanWriter(FuzzedDataProvider &in, ArrayRef<int64_t> ways)
      : in(in), ways(ways) {}

  /// Per level: a dimension (written padded<d> where the level's ways do
  /// not divide what is left of it, as the search writes it; now and then
  /// not, which the materializer must reject), replicated or partial<R>.
  /// Rarely a dimension one past the last, which the verifier rejects.
  std::string layout(Type type) {
    static const char *reducers[] = {"add", "mul", "max", "min",
                                     "and", "or",  "xor"};
    auto tensor = dyn_cast<RankedTensorType>(type);
    SmallVector<int64_t> shape(tensor ? tensor.getShape()
                                      : ArrayRef<int64_t>());
    std::string text;
    for (int64_t w : ways) {
      if (!text.empty())
        text += ", ";
      unsigned kind = in.ConsumeIntegralInRange(0, 7);
      if (kind == 0 || shape.empty()) {
        text += "replicated";
      } else if (kind == 1) {
        text += std::string("partial<") +
                reducers[in.ConsumeIntegralInRange(0, 6)] + ">";
      } else {
        int64_t d = in.ConsumeIntegralInRange<int64_t>(0, shape.size() - 1);
        if (in.ConsumeIntegralInRange(0, 31) == 0)
          d = shape.size();
        bool uneven =
            d < static_cast<int64_t>(shape.size()) && shape[d] % w != 0;
        bool padded = uneven ? in.ConsumeIntegralInRange(0, 7) != 0
                             : in.ConsumeIntegralInRange(0, 7) == 0;
        text +=
            padded ? "padded<" + std::to_string(d) + ">" : std::to_string(d);
        if (d < static_cast<int64_t>(shape.size()))
          shape[d] = (shape[d] + w - 1) / w;
      }
    }
    return "#tofu.layout<[" + text + "]>";
  }

  /// Per level a loop of the op (rarely one past the last) or replicated.
  std::string strategy(int64_t loops) {
    std::string text;
    for (size_t l = 0; l < ways.size(); ++l) {
      if (l)
        text += ", ";
      if (in.ConsumeIntegralInRange(0, 4) == 0)
        text += "replicated";
      else if (in.ConsumeIntegralInRange(0, 31) == 0)
        text += std::to_string(loops);
      else
        text += std::to_string(in.ConsumeIntegralInRange<int64_t>(
            0, std::max<int64_t>(loops, 1) - 1));
    }
    return "#tofu.strategy<[" + text + "]>";
  }

private:
  FuzzedDataProvider &in;
  ArrayRef<int64_t> ways;
};

Attribute parse(MLIRContext *ctx, const std::string &text) {
  Attribute a = parseAttribute(text, ctx);
  if (!a)
    tofu_fuzz::fail("a plan attribute written here does not parse: " + text);
  return a;
}

/// Annotates `func` with a random plan of `levels`.
void drawPlan(FuzzedDataProvider &in, ModuleOp module, func::FuncOp func,
              ArrayRef<int64_t> ways) {
  MLIRContext *ctx = module.getContext();
  int64_t workers = 1;
  std::string levelText;
  for (int64_t w : ways) {
    workers *= w;
    levelText += (levelText.empty() ? "" : ", ") + std::to_string(w);
  }
  module->setAttr("tofu.partition",
                  parse(ctx, "#tofu.plan<workers = " + std::to_string(workers) +
                                 ", levels = [" + levelText +
                                 "], function = \"main\">"));
  PlanWriter writer(in, ways);
  for (BlockArgument arg : func.getArguments())
    if (in.ConsumeIntegralInRange(0, 7))
      func.setArgAttr(arg.getArgNumber(), "tofu.layout",
                      parse(ctx, writer.layout(arg.getType())));
  for (Operation &op : func.getBody().getOps()) {
    if (tofu::isStructuralNoOp(&op) || !in.ConsumeIntegralInRange(0, 3))
      continue;
    // The loops of the op's description (output dimensions, then
    // reductions); without one, guess.
    int64_t loops = 3;
    {
      ScopedDiagnosticHandler quiet(ctx,
                                    [](Diagnostic &) { return success(); });
      if (FailureOr<tofu::OpDescription> desc = tofu::getDescription(&op);
          succeeded(desc))
        loops = desc->extents.size();
    }
    op.setAttr("tofu.strategy", parse(ctx, writer.strategy(loops)));
    SmallVector<Attribute> layouts;
    for (Value r : op.getResults())
      layouts.push_back(parse(ctx, writer.layout(r.getType())));
    op.setAttr("tofu.layouts", ArrayAttr::get(ctx, layouts));
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  const char *text =
      kModules[in.ConsumeIntegralInRange<size_t>(0, std::size(kModules) - 1)];
  SmallVector<int64_t> ways(in.ConsumeIntegralInRange(1, 3));
  for (int64_t &w : ways)
    w = in.ConsumeIntegralInRange(1, 4);

  tofu_fuzz::FuzzContext ctx;
  OwningOpRef<ModuleOp> module = tofu_fuzz::parseModule(ctx, text);
  if (!module)
    tofu_fuzz::fail("a fixed module does not parse");
  drawPlan(in, *module, *module->getOps<func::FuncOp>().begin(), ways);
  tofu_fuzz::printIfAsked("the drawn plan", *module);
  if (failed(verify(*module)))
    return 0; // the dialect rejects the plan (with an error)

  // Each pass on its own, the verifier after it (checkPassResult), so that
  // invalid IR is told apart from a reported error.
  for (bool lower : {false, true}) {
    PassManager pm(&ctx.context);
    pm.enableVerifier(false);
    if (lower)
      pm.addPass(tofu::createTofuLowerSPMD());
    else
      pm.addPass(tofu::createTofuMaterialize());
    unsigned before = ctx.errors;
    LogicalResult result = pm.run(*module);
    tofu_fuzz::checkPassResult(ctx, *module, result, before,
                               lower ? "--tofu-lower-spmd"
                                     : "--tofu-materialize");
    if (failed(result))
      return 0;
  }
  return 0;
}
